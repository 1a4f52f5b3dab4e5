"""FAQ errata of a card's facts (card_db/errata.py): a new database has them, an older one
gains them when upgraded, and the goldfish plays by them (a second copy of a card made
unique stays out of play; scenarios in tests/scenarios)."""

from __future__ import annotations

import shutil
import sqlite3

from card_db.db import SCHEMA_VERSION, prepare_database
from card_db.errata import FACTS_BY_ERRATA
from card_db.importers.cthulhucli import record_to_row

ERRATA_IDS = {"WaB-003", "TTotT-075"}
ARTIST = "AH-012"  # Aspiring Artist: skill 0 and no icons


def _unique_ids(path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute('SELECT id, title, descriptor, "unique" FROM card').fetchall()
    return {
        cid
        for cid, title, descriptor, unique in rows
        if (title, descriptor) in FACTS_BY_ERRATA and unique
    }


def _artist(path) -> tuple:
    with sqlite3.connect(path) as connection:
        return connection.execute(
            "SELECT skill, terror, combat, arcane, investigation FROM card WHERE id = ?", (ARTIST,)
        ).fetchone()


def test_a_new_database_has_the_facts_changed_by_errata(full_db):
    assert _unique_ids(full_db) == ERRATA_IDS
    assert _artist(full_db) == (0, 0, 0, 0, 0)


def test_an_older_database_gains_the_errata_when_upgraded(full_db, tmp_path):
    path = tmp_path / "v5.sqlite"
    shutil.copy(full_db, path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("UPDATE card SET \"unique\" = 0 WHERE id IN ('WaB-003', 'TTotT-075')")
    connection.execute("UPDATE card SET skill = 2, arcane = 1 WHERE id = ?", (ARTIST,))
    connection.execute("PRAGMA user_version = 5")
    connection.close()
    assert _unique_ids(path) == set()

    prepare_database(path).dispose()

    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert _unique_ids(path) == ERRATA_IDS
    assert _artist(path) == (0, 0, 0, 0, 0)


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


def test_the_goldfish_plays_aspiring_artist_with_skill_0_and_no_icons(full_pool):
    from test_card_scenarios import build

    game = build(full_pool, {"card": ARTIST, "characters": [ARTIST]})
    (artist,) = game.you.characters
    assert game.skill_of(artist) == 0
    assert list(game.icons_of(artist)) == [0, 0, 0, 0]
