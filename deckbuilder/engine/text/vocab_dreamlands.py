"""Vocabulary added for the Dreamlands cycle and Seekers of Knowledge."""

from __future__ import annotations

from deckbuilder.engine.text.registry import EFFECT


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
