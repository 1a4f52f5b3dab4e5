"""Vocabulary for the lore sets (AtMoM, AH, SoM, KD, CoC, DD): a condition on
conspiracies in play, a cost that shuffles the card into the deck, a title filter by
word."""

from __future__ import annotations

from deckbuilder.engine.text.filters import KIND, atom
from deckbuilder.engine.text.registry import BOOL, COST, EFFECT, STRS, param
from deckbuilder.engine.text.values import condition


@condition("conspiracy_in_play", BOOL)
def _conspiracy_in_play(value, where):
    """A conspiracy card is in play (true) or none is (false)."""
    return lambda game, src, ctx: (game._conspiracy >= 0) == value


@COST.register("shuffle_into_deck", value=param(BOOL, required=True))
def shuffle_into_deck(where, value):
    """Shuffle the card itself (in play) into its owner's deck."""

    def pay(game, src):
        game._leave_play(src, to="hand")
        if src in game._hand:
            game._hand.remove(src)
        game._deck.append(src)
        game._shuffle_deck()
        return
        yield

    return (lambda game, src: True), pay


@atom("title_has", KIND, STRS)
def _title_has(value):
    """The title holds one of these words (case-insensitive)."""
    words = [w.lower() for w in ([value] if isinstance(value, str) else value)]
    return lambda cd, k: any(w in cd.cards[k].title.lower() for w in words)


@EFFECT.register("subject_from_discard", to=param(("play", "hand"), "hand"))
def subject_from_discard(where, to):
    """The card the trigger is about, if it is in your discard pile, goes into play (or to
    your hand)."""

    def effect(game, src, ctx):
        i = ctx.target
        if i < 0 or i not in game._discard:
            return
        if to == "play":
            if not game.may_enter(game.deck.kind_of[i]):
                return
            game._take_from(i)
            game._enter(i)
        else:
            game._discard.remove(i)
            game._hand.append(i)
        return
        yield

    return effect
