"""Vocabulary of putting several cards into play at once: every character of a subtype
chosen among those of the discard pile, every card of the discard pile a filter accepts."""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, Action
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.effects import choose_any, choose_host, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import EFFECT, FILTER

_NEVER = frozenset({"ancient one"})


@EFFECT.register("subtype_into_play", filter=FILTER)
def subtype_into_play(where, filter):
    """Choose a subtype (never Ancient One) and put into play any number of the characters
    of your discard pile the filter accepts that have it (each that may enter play, one by
    one; the automatic player takes them all, ``choose_any``)."""
    pred = compile_filter(filter, where)

    def candidates(game, src):
        cd = game.deck
        return [
            i
            for i in game.you.discard
            if cd.ctype[cd.kind_of[i]] == CHARACTER and pred(game, src, i)
        ]

    def effect(game, src, ctx):
        cd = game.deck
        pool = candidates(game, src)
        counts: dict[str, int] = {}
        for i in pool:
            for sub in cd.subtypes[cd.kind_of[i]] - _NEVER:
                counts[sub] = counts.get(sub, 0) + 1
        if not counts:
            return
        names = sorted(counts, key=lambda s: (-counts[s], s))
        if len(names) == 1:
            name = names[0]
        else:
            acts = tuple(
                Action(CHOOSE, x=n, label=f"choose {s.title()} ({counts[s]} in the discard pile)")
                for n, s in enumerate(names)
            )
            a = yield Choice("subtype", "choose a subtype", acts)
            name = names[a.x if 0 <= a.x < len(names) else 0]
        log_event(game, "subtype", f"chose the subtype {name.title()}")
        found = [i for i in pool if name in cd.subtypes[cd.kind_of[i]]]
        for i in (yield from choose_any(game, "put_into_play", "put into play", found)):
            k = cd.kind_of[i]
            if i in game.you.discard and game.may_enter(k):
                game.you.discard.remove(i)
                log_event(game, "put_into_play", f"{game.card(i).title} put into play")
                game._enter(i)

    def worthwhile(game, src):
        return bool(candidates(game, src))

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("all_from_discard_into_play", filter=FILTER)
def all_from_discard_into_play(where, filter):
    """Put into play every character and support of your discard pile the filter accepts,
    one by one in the pile's order: an attachment on a legal host of your choice (one with
    none, or a card that may not enter play, stays in the pile)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [
            i
            for i in game.you.discard
            if i != src and cd.ctype[cd.kind_of[i]] in (CHARACTER, SUPPORT) and pred(game, src, i)
        ]
        for i in pool:
            k = cd.kind_of[i]
            if i not in game.you.discard or not game.may_enter(k):
                continue
            host = -1
            if cd.attach[k] is not None:
                hosts = game.attach_hosts(k)
                if not hosts:
                    continue
                host = yield from choose_host(game, i, hosts)
                if host < 0:
                    continue
            game.you.discard.remove(i)
            log_event(game, "put_into_play", f"{game.card(i).title} put into play")
            game._enter(i, None, host)

    return effect
