"""Vocabulary added for the Yuggoth Contract cycle and The Key and the Gate."""

from __future__ import annotations

from deckbuilder.engine.text.registry import ANY, BOOL, EFFECT, TextError
from deckbuilder.engine.text.values import condition


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


@EFFECT.register("hand_to_bottom_redraw")
def hand_to_bottom_redraw(where):
    """Put your whole hand on the bottom of your deck, then draw as many cards."""

    def effect(game, src, ctx):
        n = len(game._hand)
        if not n:
            return
        # _bottom[0] is the bottom card: the hand goes under everything already there.
        game._bottom[:0] = game._hand
        game._hand.clear()
        _log(game, "to_deck", f"{n} cards of the hand put on the bottom of the deck")
        game._draw(n)
        return
        yield

    return effect


@EFFECT.register("subject_to_hand")
def subject_to_hand(where):
    """The card the trigger is about returns from your discard pile to your hand."""

    def effect(game, src, ctx):
        i = ctx.target
        if i >= 0 and i in game._discard:
            game._discard.remove(i)
            game._hand.append(i)
            _log(game, "to_hand", f"{game.card(i).title} returned to hand")
        return
        yield

    return effect


@condition("conspiracy_in_play", BOOL)
def _conspiracy_in_play(value, where):
    """A conspiracy story card is in play (or not)."""
    return lambda game, src, ctx: (game._conspiracy >= 0) == value


@condition("either", ANY)
def _either(value, where):
    """At least one of these condition tables holds (a list of conditions: "X or Y")."""
    from deckbuilder.engine.text.values import compile_condition

    if not isinstance(value, list) or not value:
        raise TextError(f"{where}: either is a list of condition tables")
    checks = [compile_condition(c, where) for c in value]
    return lambda game, src, ctx: any(c(game, src, ctx) for c in checks)
