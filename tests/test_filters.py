"""Filters with alternatives (``any_of``): decided by the printed tables while no card has
gained a trait, by each card's traits once one has."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.engine.game import OPERATIONS, Game
from deckbuilder.engine.text.filters import compile_filter


def test_any_of_reads_printed_facts_and_gained_subtypes(full_pool):
    deck = Deck("filters")
    assistant, an_event = full_pool.card("Core-029"), full_pool.card("Core-040")
    deck.add(assistant, 3)
    deck.add(an_event, 3)
    game = Game.arranged(deck, characters=[assistant], phase=OPERATIONS)
    pred = compile_filter({"any_of": [{"subtype": "Sorcerer"}, {"type": "event"}]}, "test")
    (character,) = game.you.characters
    event = next(i for i in game.you.deck_cards if game.card(i).card_id == "Core-040")
    assert pred(game, character, event)
    assert not pred(game, character, character)
    game._traits[character] = {"sorcerer"}  # gained for a while: the table no longer decides
    assert pred(game, character, character)
    del game._traits[character]
    assert not pred(game, character, character)
