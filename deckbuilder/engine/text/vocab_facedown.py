"""Vocabulary of cards attached face down: taking them back."""

from __future__ import annotations

from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.registry import EFFECT


@EFFECT.register("facedown_to_hand")
def facedown_to_hand(where):
    """Return a card attached face down to the card itself to your hand."""

    def effect(game, src, ctx):
        pool = [i for i, host in game.you.facedown.items() if host == src]
        i = yield from choose_card(game, "to_hand", "return to hand", pool)
        if i < 0:
            return
        del game.you.facedown[i]
        game._statics_cache = None  # a constant may count them
        game.you.hand.append(i)
        log_event(game, "to_hand", f"{game.card(i).title} returned to hand from face down")

    return effect
