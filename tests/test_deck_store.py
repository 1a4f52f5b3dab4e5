"""Decks saved in the database: save, load, list, rename, delete; failures keep data."""

from __future__ import annotations

import pytest

from card_db.db import prepare_database, session_for
from card_db.pool import CardPool
from card_db.store import load_cards
from deckbuilder.deck import Deck
from deckbuilder.deck_store import (
    DeckStoreError,
    delete_deck,
    list_decks,
    load_deck,
    rename_deck,
    save_deck,
)


@pytest.fixture
def store(full_db_env):
    engine = prepare_database(full_db_env)
    pool = CardPool(load_cards(full_db_env))
    with session_for(engine) as session:
        yield session, pool
    engine.dispose()


def _deck(pool, name="Mine") -> Deck:
    deck = Deck(name, format="1v2", list_id="faq-v22")
    deck.add(pool.by_id["Core-030"], 3)
    deck.add(pool.by_id["MN-023"], 1)
    deck.add(pool.by_id["SoA-060"], 1, section="story")
    return deck


def test_save_load_list(store):
    session, pool = store
    save_deck(_deck(pool), session=session)
    loaded = load_deck("Mine", pool, session=session)
    assert {e.card.id: e.count for e in loaded.draw} == {"Core-030": 3, "MN-023": 1}
    assert [e.card.id for e in loaded.story] == ["SoA-060"]
    assert (loaded.format, loaded.list_id) == ("1v2", "faq-v22")
    [summary] = list_decks(session=session)
    assert (summary.name, summary.draw_count, summary.story_count) == ("Mine", 4, 1)


def test_save_replaces_and_a_failed_save_keeps_the_old_version(store):
    session, pool = store
    save_deck(_deck(pool), session=session)
    smaller = Deck("Mine")
    smaller.add(pool.by_id["Core-030"], 2)
    save_deck(smaller, session=session)
    assert load_deck("Mine", pool, session=session).draw_count == 2
    broken = Deck("Mine")
    broken.add(pool.by_id["Core-030"], 1)
    broken.add(pool.by_id["Core-030"].__class__(**{**_fields(pool), "id": "NOPE-1"}), 1)
    with pytest.raises(DeckStoreError, match="NOPE-1"):
        save_deck(broken, session=session)
    assert load_deck("Mine", pool, session=session).draw_count == 2


def _fields(pool) -> dict:
    from dataclasses import fields

    card = pool.by_id["Core-030"]
    return {f.name: getattr(card, f.name) for f in fields(card)}


def test_rename_and_delete(store):
    session, pool = store
    save_deck(_deck(pool), session=session)
    save_deck(_deck(pool, "Other"), session=session)
    with pytest.raises(DeckStoreError, match="already exists"):
        rename_deck("Mine", "Other", session=session)
    rename_deck("Mine", "Renamed", session=session)
    assert [d.name for d in list_decks(session=session)] == ["Other", "Renamed"]
    delete_deck("Renamed", session=session)
    assert [d.name for d in list_decks(session=session)] == ["Other"]
    with pytest.raises(DeckStoreError, match="no saved deck"):
        load_deck("Renamed", pool, session=session)
    with pytest.raises(DeckStoreError):
        delete_deck("Renamed", session=session)
