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
