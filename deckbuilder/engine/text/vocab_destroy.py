"""Vocabulary of destroying cards in play (not sacrificing: no "after a sacrifice")."""

from __future__ import annotations

from deckbuilder.engine.actions import CONSPIRACY_BASE
from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import EFFECT, FILTER, param
from deckbuilder.engine.text.templates_characters import TARGETS, targets_of
from deckbuilder.engine.text.values import zone_cards


def _destroy_conspiracy(game) -> None:
    """Your conspiracy in play leaves its story slot for the discard pile."""
    c = game.you.conspiracy
    sid = CONSPIRACY_BASE + c
    s = game._stories.index(sid)
    if game.you.attached:
        game._destroy_story_attachments(sid)
    game.you.conspiracy = -1
    kind = game.deck.kind_of[c]
    if game.deck.statics[kind]:
        game._passives_changed(kind)
    if game._blanking == sid:
        game._blanking = -1
    game._close_story_slot(s)
    game._into_discard(c)
    log_event(game, "destroy", f"{game.card(c).title} destroyed")


@EFFECT.register(
    "destroy",
    filter=FILTER,
    zone=param(("characters", "supports", "play", "conspiracy"), "characters"),
    target=param(("choose", "all"), "choose"),
)
def destroy(where, filter, zone, target):
    """Choose a card in play the filter accepts (a character, a support, either: ``play``,
    or the conspiracy in play) and destroy it; in a goldfish only yours exist, so a "choose
    1, if able" hits one of yours. ``target = "all"``: every such card ("destroy all Night
    cards"). Destroyed is not sacrificed: no "would be sacrificed" window, no "after a
    sacrifice" (FAQ)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if zone == "conspiracy":
            if game.you.conspiracy >= 0 and pred(game, src, game.you.conspiracy):
                _destroy_conspiracy(game)
            return
        you = game.you
        pool = [i for i in zone_cards(game, zone, src) if pred(game, src, i)]
        if target == "all":
            for i in pool:
                if i in you.status or i in you.supports:  # (not taken along by an earlier one)
                    log_event(game, "destroy", f"{game.card(i).title} destroyed")
                    game._leave_play(i)
            return
        i = yield from choose_card(game, "destroy", "destroy", pool, harm=True)
        if i >= 0:
            log_event(game, "destroy", f"{game.card(i).title} destroyed")
            game._leave_play(i)

    return effect


@EFFECT.register(
    "discard_from_play",
    harms=True,
    filter=FILTER,
    zone=param(("characters", "supports", "play"), "characters"),
    target=param(TARGETS, "choose"),
)
def discard_from_play(where, filter, zone, target):
    """Discard cards in play the filter accepts ("discard it", "discard all Day cards from
    play"): they leave play for the discard pile, neither destroyed nor sacrificed (ctx.x 2:
    no "destroyed" nor "sacrificed" answer; "leaves play" and "would be discarded" ones
    still answer)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        you = game.you
        pool = [i for i in zone_cards(game, zone, src) if pred(game, src, i)]
        chosen = yield from targets_of(game, src, ctx, target, pool, "discard", "discard", True)
        for i in chosen:
            if i in you.status or i in you.supports:  # (not taken along by an earlier one)
                log_event(game, "discard", f"{game.card(i).title} discarded from play")
                game._leave_play(i, discarded=True)

    return effect
