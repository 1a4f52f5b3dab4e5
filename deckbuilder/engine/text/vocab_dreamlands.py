"""Vocabulary added for the Dreamlands cycle and Seekers of Knowledge."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.filters import KIND, atom, compile_filter
from deckbuilder.engine.text.registry import EFFECT, FILTER, STRS, TRIGGER


@EFFECT.register("shuffle_hand_into_deck")
def shuffle_hand_into_deck(where):
    """Shuffle your whole hand back into your deck."""

    def effect(game, src, ctx):
        if game.log is not None:
            game._event("shuffle", f"{len(game._hand)} cards of the hand shuffled into the deck")
        game._deck.extend(game._hand)
        game._hand.clear()
        game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("top_card_to_each_domain")
def top_card_to_each_domain(where):
    """Attach the top card of your deck to each of your domains as a resource."""

    def effect(game, src, ctx):
        for d in list(game._domain_indices):
            i = game._take_top()
            game._check_deck_out()
            if i is None or i < 0:
                return
            game._add_resource(i, d)
            if game.log is not None:
                game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")
        return
        yield

    return effect


@TRIGGER.register("character_destroyed", subject=FILTER)
def character_destroyed(where, subject):
    """After any of your characters leaves play for the discard pile (subject: it)."""
    pred = compile_filter(subject, where) if subject is not None else None

    def test(game, src, ctx):
        i = ctx.target
        return i >= 0 and i in game._discard and (pred is None or pred(game, src, i))

    return ab.CHARACTER_LEAVES, test


@atom("keyword_any", KIND, STRS)
def _keyword_any(value):
    """Has at least one of these keywords (e.g. ["Day", "Night"])."""
    names = (value,) if isinstance(value, str) else tuple(value)
    return lambda cd, k: any(cd.cards[k].has_keyword(n) for n in names)


@EFFECT.register("put_self_into_play")
def put_self_into_play(where):
    """The card itself enters play (from hand or the discard pile), if it may."""

    def effect(game, src, ctx):
        if src not in game._hand and src not in game._discard:
            return
        if not game.may_enter(game.deck.kind_of[src]):
            return
        game._take_from(src)
        if game.log is not None:
            game._event("put_into_play", f"{game.card(src).title} put into play")
        game._enter(src)
        return
        yield

    return effect
