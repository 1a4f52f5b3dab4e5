"""FAQ errata of a card's facts (card_db/errata.py): a new database has them, an older one
gains them when upgraded, search finds the cards as unique, and the goldfish keeps a second
copy out of play."""

from __future__ import annotations

import shutil
import sqlite3

from card_db.db import SCHEMA_VERSION, prepare_database
from card_db.errata import UNIQUE_BY_ERRATA
from card_db.importers.cthulhucli import record_to_row

ERRATA_IDS = {"WaB-003", "TTotT-075"}


def _unique_ids(path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute('SELECT id, title, descriptor, "unique" FROM card').fetchall()
    return {
        cid
        for cid, title, descriptor, unique in rows
        if (title, descriptor) in UNIQUE_BY_ERRATA and unique
    }


def test_a_new_database_has_the_cards_made_unique_by_errata(full_db):
    assert _unique_ids(full_db) == ERRATA_IDS


def test_an_older_database_gains_the_errata_when_upgraded(full_db, tmp_path):
    path = tmp_path / "v5.sqlite"
    shutil.copy(full_db, path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("UPDATE card SET \"unique\" = 0 WHERE id IN ('WaB-003', 'TTotT-075')")
    connection.execute("PRAGMA user_version = 5")
    connection.close()
    assert _unique_ids(path) == set()

    prepare_database(path).dispose()

    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert _unique_ids(path) == ERRATA_IDS


def test_the_errata_apply_to_lcg_printings_only():
    record = {
        "id": "003", "name": "Uroborus", "descriptor": "Fang of Yig",
        "setname": "Written and Bound", "era": "LCG", "type": "Character",
        "faction": "Cthulhu", "cost": 4, "skill": 3,
        "terror": 1, "combat": 2, "arcane": 0, "investigation": 0, "text": "", "unique": False,
    }  # fmt: skip
    assert record_to_row(record, "test")["unique"] is True
    assert record_to_row({**record, "era": "CCG", "setname": "Core"}, "test")["unique"] is False
    assert record_to_row({**record, "descriptor": "Other"}, "test")["unique"] is False


def _worth(full_pool, card_id: str, trigger: str, in_play: list[str]) -> list[bool]:
    """Whether the automatic player finds each ``trigger`` ability of the copy in hand worth
    using, with ``in_play`` characters in play."""
    from test_card_scenarios import build

    scenario = {"card": card_id, "hand": [card_id], "characters": in_play, "tokens": [2, 0, 0]}
    game = build(full_pool, scenario)
    (src,) = game.you.hand
    abilities = game.deck.by_trigger[trigger][game.deck.kind_of[src]]
    return [bool(a.worthwhile(game, src)) for a in abilities if a.zone != "discard"]


def test_the_automatic_player_does_not_pay_to_put_a_second_unique_copy_into_play(full_pool):
    # Descendant of Eibon: "discard 2 success tokens: put into play from your hand"
    assert _worth(full_pool, "TTotT-075", "action", []) == [True]
    assert _worth(full_pool, "TTotT-075", "action", ["TTotT-075"]) == [False]
