"""Decks saved in the database: save, load, list, rename, delete; failures keep data."""

from __future__ import annotations

import pytest

from card_db.card import Card
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
    broken.add(Card(**{**pool.by_id["Core-030"].fields(), "id": "NOPE-1"}), 1)
    with pytest.raises(DeckStoreError, match="NOPE-1"):
        save_deck(broken, session=session)
    assert load_deck("Mine", pool, session=session).draw_count == 2


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


SAVER = """
import sys, time
from pathlib import Path
from card_db.card import Card
from card_db.db import prepare_database, session_for
from card_db.store import load_cards
from deckbuilder.deck import Deck
from deckbuilder.deck_store import save_deck

path, barrier, copies = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
cards = {c.id: c for c in load_cards(path, where=("id IN ('Core-030', 'MN-023')", []))}
engine = prepare_database(path)
Path(f"{barrier}.{copies}").touch()
while len(list(barrier.parent.glob(barrier.name + ".*"))) < 2:
    time.sleep(0.001)
for round in range(15):
    deck = Deck("Shared")
    deck.add(cards["Core-030"], copies)
    deck.add(cards["MN-023"], 1 + round % 3)
    with session_for(engine) as session:
        save_deck(deck, session=session)
print("saved")
"""


def test_two_processes_saving_one_new_deck_at_once_both_succeed(full_db_env, tmp_path):
    """The first save of a name reads "no such deck" and inserts it: without the write lock
    taken first, the slower of two savers failed on the deck name's uniqueness."""
    import subprocess
    import sys

    procs = [
        subprocess.Popen(
            [sys.executable, "-c", SAVER, str(full_db_env), str(tmp_path / "go"), str(n)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in (1, 2)
    ]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.strip() == "saved", err
    engine = prepare_database(full_db_env)
    with session_for(engine) as session:
        [summary] = list_decks(session=session)
    engine.dispose()
    assert summary.name == "Shared" and summary.draw_count in (1 + 3, 2 + 3)  # a whole save
