"""Deck undo/redo history and unsaved-change tracking; deck notes in files and the database."""

from __future__ import annotations

from conftest import make_card
from hypothesis import given
from hypothesis import strategies as st

from card_db.pool import CardPool
from deckbuilder.deck import Deck
from deckbuilder.deck_history import DeckHistory, DeckState
from deckbuilder.formats import dump_deck, parse_deck

SCHOLAR = make_card("Itinerant Scholar", id="Core-030", number="030")
LEMOND = make_card("Paul LeMond", id="Core-010", number="010", unique=True)
POOL = CardPool([SCHOLAR, LEMOND])


def test_undo_and_redo_walk_every_edit_many_levels_deep():
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck))
    for _ in range(30):
        deck.add(SCHOLAR)
        history.record(DeckState.of(deck))
    deck.name = "Renamed"
    history.record(DeckState.of(deck))
    deck.format, deck.list_id = "ccg", "faq-2"
    history.record(DeckState.of(deck))

    history.undo().restore(deck)
    assert (deck.format, deck.list_id, deck.name) == (None, None, "Renamed")
    history.undo().restore(deck)
    assert deck.name == "Mine" and deck.count_of("Core-030") == 30
    for _ in range(30):
        history.undo().restore(deck)
    assert deck.draw == [] and history.undo() is None and not history.can_undo
    for _ in range(32):
        history.redo().restore(deck)
    assert (deck.name, deck.format, deck.count_of("Core-030")) == ("Renamed", "ccg", 30)
    assert history.redo() is None


def test_a_new_edit_after_undo_drops_the_redo_branch_and_no_op_edits_are_not_recorded():
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck))
    deck.add(SCHOLAR)
    assert history.record(DeckState.of(deck))
    assert not history.record(DeckState.of(deck))  # nothing changed
    history.undo().restore(deck)
    deck.add(LEMOND)
    history.record(DeckState.of(deck))
    assert not history.can_redo


def test_unsaved_follows_the_saved_snapshot_through_undo():
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck))
    assert not history.unsaved
    deck.add(SCHOLAR)
    history.record(DeckState.of(deck))
    assert history.unsaved
    history.mark_saved()
    assert not history.unsaved
    deck.notes = "Fast Misk rush"
    history.record(DeckState.of(deck))
    assert history.unsaved
    history.undo().restore(deck)
    assert not history.unsaved and deck.notes == ""
    history.undo().restore(deck)
    assert history.unsaved  # older than the save


def test_typing_the_notes_is_one_undo_level():
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck))
    deck.add(SCHOLAR)
    history.record(DeckState.of(deck))
    for text in ("F", "Fa", "Fast"):
        deck.notes = text
        history.record(DeckState.of(deck), kind="notes")
    history.undo().restore(deck)
    assert deck.notes == "" and deck.count_of("Core-030") == 1


def test_the_history_keeps_its_newest_levels_only():
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck), max_levels=5)
    for _ in range(8):
        deck.add(SCHOLAR)
        history.record(DeckState.of(deck))
    while (state := history.undo()) is not None:
        state.restore(deck)
    assert deck.count_of("Core-030") == 3


@given(st.lists(st.sampled_from(["add", "remove", "undo", "redo"]), max_size=40))
def test_undo_then_redo_returns_to_the_same_deck(steps):
    deck = Deck(name="Mine")
    history = DeckHistory(DeckState.of(deck))
    for step in steps:
        if step in ("add", "remove"):
            deck.add(SCHOLAR, 1 if step == "add" else -1)
            history.record(DeckState.of(deck))
        elif (state := getattr(history, step)()) is not None:
            state.restore(deck)
        assert DeckState.of(deck) == history.current
    before = DeckState.of(deck)
    if (state := history.undo()) is not None:
        state.restore(deck)
        history.redo().restore(deck)
    assert DeckState.of(deck) == before


def test_notes_round_trip_in_json_and_are_comments_in_text():
    deck = Deck(name="Mine", notes="Rush deck.\n\nMulligan for 2-drops.")
    deck.add(SCHOLAR, 3)
    again = parse_deck(dump_deck(deck, ".json"), POOL, suffix=".json", name="x")
    assert again.notes == deck.notes
    text = dump_deck(deck, ".txt")
    assert "# Rush deck.\n#\n# Mulligan for 2-drops.\n" in text
    back = parse_deck(text, POOL, suffix=".txt", name="x")
    assert back.count_of("Core-030") == 3 and back.notes == ""
