"""Vocabulary of insane characters called back for a story: restored and committed at once,
driven insane again at the end of the phase."""

from __future__ import annotations

from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.registry import CONDITION, EFFECT, param
from deckbuilder.engine.text.values import compile_condition


def _insane_again(game, src, ctx):
    i = ctx.target
    if i in game.you.status and game.you.status[i] != INSANE:
        game._go_insane(i)
    return
    yield


@EFFECT.register("restore_commit_insane_later", all_when=param(CONDITION, None))
def restore_commit_insane_later(where, all_when):
    """Choose an insane character you control (every one when the ``all_when`` condition
    holds): restore it and commit it to a story (one story for all); at the end of the
    phase it goes insane again."""
    every = compile_condition(all_when, where) if all_when else None

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if game.you.status[i] == INSANE]
        if not pool:
            return
        if every is not None and every(game, src, ctx):
            chosen = pool
        else:
            i = yield from choose_card(game, "restore", "restore and commit", pool)
            chosen = [i] if i >= 0 else []
        if not chosen:
            return
        s = yield from choose_story(game, "commit", "commit to", range(len(game.you.committed)))
        if s < 0:
            return
        for i in chosen:
            game._restore(i)
            if i in game.you.status and game.you.status[i] != INSANE:
                game._commit(i, s)
                game._delayed.append((_insane_again, src, AbilityContext(target=i), False))
                log_event(game, "commit", f"{game.card(i).title} restored and committed")

    return effect
