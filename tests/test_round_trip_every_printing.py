"""Every printing of the card pool survives .json -> .txt -> .json, .o8d and back: CCG
printings that share a set name and number with an LCG one (Spawn of Madness SM1-019 and
SoM-019), letters in collector numbers (Conspiracies of Chaos c45), "010b"."""

from __future__ import annotations

import pytest

from deckbuilder.deck import MAX_CARDS, Deck
from deckbuilder.formats import dump_deck, parse_deck


def decks_of_every_printing(pool) -> list[Deck]:
    """One copy of every printing, in decks under the size cap."""
    cards = sorted(pool.cards, key=lambda c: c.id)
    decks = []
    for start in range(0, len(cards), MAX_CARDS):
        deck = Deck(name=f"printings {start}")
        for card in cards[start : start + MAX_CARDS]:
            deck.add(card, 1, section="story" if card.type == "Story" else "draw")
        decks.append(deck)
    return decks


def ids(deck: Deck) -> list[tuple[str, str, int]]:
    return sorted(
        (section, e.card.id, e.count)
        for section, entries in (("draw", deck.draw), ("story", deck.story))
        for e in entries
    )


@pytest.mark.parametrize("middle", [".txt", ".o8d"])
def test_json_to_middle_to_json_keeps_every_printing(full_pool, middle):
    checked = 0
    for deck in decks_of_every_printing(full_pool):
        from_json = parse_deck(dump_deck(deck, ".json"), full_pool, suffix=".json")
        middle_deck = parse_deck(dump_deck(from_json, middle), full_pool, suffix=middle)
        back = parse_deck(dump_deck(middle_deck, ".json"), full_pool, suffix=".json")
        assert ids(back) == ids(deck)
        checked += len(ids(deck))
    assert checked == len(full_pool.cards)


def test_text_names_the_printing_that_shares_an_lcg_set_name_and_number(full_pool):
    ccg = full_pool.by_id["SM1-019"]
    assert full_pool.by_id["SoM-019"].title == ccg.title  # the case this guards
    deck = Deck(name="d")
    deck.add(ccg, 2)
    back = parse_deck(dump_deck(deck, ".txt"), full_pool, suffix=".txt")
    assert [(e.card.id, e.count) for e in back.draw] == [("SM1-019", 2)]
