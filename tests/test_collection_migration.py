"""Schema 2 -> 3: a collection kept by title moves to cards without losing anything, and the
migration is atomic: a kill part-way leaves version 2, usable, and the next start finishes."""

from __future__ import annotations

import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from card_db import db
from deckbuilder import collection

# The collection tables as schema version 2 made them (keyed on title_key).
V2_TABLES = [
    "CREATE TABLE collection_card (title VARCHAR NOT NULL, count INTEGER NOT NULL, "
    "title_key VARCHAR NOT NULL, PRIMARY KEY (title_key))",
    "CREATE TABLE collection_copies (title VARCHAR NOT NULL, copies INTEGER NOT NULL, "
    "product VARCHAR NOT NULL, title_key VARCHAR NOT NULL, PRIMARY KEY (product, title_key))",
    "CREATE TABLE built_deck_card (title VARCHAR NOT NULL, count INTEGER NOT NULL, "
    "deck_id INTEGER NOT NULL, title_key VARCHAR NOT NULL, PRIMARY KEY (deck_id, title_key), "
    "FOREIGN KEY(deck_id) REFERENCES built_deck (id) ON DELETE CASCADE)",
]
V2_ROWS = {
    "collection_product": [("Core", 2), ("SoK", 1)],
    # Carl Stanford is two cards: the owned SoK holds one of them.
    "collection_card": [
        ("carlstanford", "Carl Stanford", 1),
        ("yogsothoth", "Yog-Sothoth", 2),
        ("paullemond", "Paul LeMond", -1),
        ("nosuchcard", "No Such Card", 1),  # its cards were removed: kept, not lost
    ],
    # An override of a product no one owns: the card of that title the product holds.
    "collection_copies": [("TSotS", "", "", 2), ("SoA", "carlstanford", "Carl Stanford", 1)],
    "built_deck": [(1, "Old deck", "2025-01-01 10:00:00.000000")],
    "built_deck_card": [(1, "paullemond", "Paul LeMond", 1), (1, "yogsothoth", "Yog-Sothoth", 1)],
}
INSERTS = {
    "collection_product": "INSERT INTO collection_product (product, count) VALUES (?, ?)",
    "collection_card": "INSERT INTO collection_card (title_key, title, count) VALUES (?, ?, ?)",
    "collection_copies": "INSERT INTO collection_copies (product, title_key, title, copies) "
    "VALUES (?, ?, ?, ?)",
    "built_deck": "INSERT INTO built_deck (id, name, built_at) VALUES (?, ?, ?)",
    "built_deck_card": "INSERT INTO built_deck_card (deck_id, title_key, title, count) "
    "VALUES (?, ?, ?, ?)",
}
EXPECTED_EXPORT = [
    ("product", "Core", "", "", "", 2),
    ("product", "SoK", "", "", "", 1),
    ("copies", "TSotS", "", "", "", 2),
    ("copies", "SoA", "Carl Stanford", "Deathless Fanatic", "SoA-028", 1),
    ("card", "", "Carl Stanford", "Sinister, not necessarily Evil", "SoK-051", 1),
    ("card", "", "No Such Card", "", "nosuchcard", 1),
    ("card", "", "Paul LeMond", "Tormented Psychic", "Core-004", -1),
    ("card", "", "Yog-Sothoth", "In Whom the Spheres Meet", "Core-101", 2),
    ("built", "Old deck", "Paul LeMond", "Tormented Psychic", "Core-004", 1),
    ("built", "Old deck", "Yog-Sothoth", "In Whom the Spheres Meet", "Core-101", 1),
]


@pytest.fixture
def v2_database(full_db, tmp_path):
    """A database as schema version 2 left it: today's card tables, the collection keyed on
    titles, a saved deck, the rollback journal and no application id."""
    path = tmp_path / "v2.sqlite"
    shutil.copy(full_db, path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = DELETE")
    for table in ("collection_card", "collection_copies", "built_deck_card"):
        connection.execute(f"DROP TABLE {table}")
    for sql in V2_TABLES:
        connection.execute(sql)
    for table, rows in V2_ROWS.items():
        connection.executemany(INSERTS[table], rows)
    connection.execute("INSERT INTO deck (name, format, notes, updated_at) VALUES "
                       "('Saved', 'lcg', '', '2025-01-01')")  # fmt: skip
    connection.execute("PRAGMA user_version = 2")
    connection.execute("PRAGMA application_id = 0")
    connection.close()
    return path


def _state(path) -> tuple[int, dict]:
    connection = sqlite3.connect(path)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = {
            table: sorted(connection.execute(f"SELECT * FROM {table}").fetchall())
            for table in (*V2_ROWS, "deck")
        }
        return version, tables
    finally:
        connection.close()


def _check_migrated(path) -> None:
    version, tables = _state(path)
    assert version == db.SCHEMA_VERSION
    assert ("Saved", "lcg") in {row[:2] for row in tables["deck"]}
    with sqlite3.connect(path) as connection:
        assert collection.export_rows(session=connection) == EXPECTED_EXPORT
        owned = collection.owned_counts(session=connection)
        sok = connection.execute(
            "SELECT COUNT(DISTINCT card_id) FROM card WHERE era = 'LCG' AND set_code = 'SoK'"
        ).fetchone()[0]
    # Every copy counted by title before is counted by card now: 2 Core Sets, one SoK
    # (printed_copies each), and the adjustments.
    assert sum(owned.values()) == 2 * 165 + sok * collection.printed_copies("SoK") + 1 + 2 - 1 + 1
    assert owned["SoK-051"] == collection.printed_copies("SoK") + 1
    assert "SoA-028" not in owned  # the other Carl Stanford stays unowned


def test_a_v2_collection_moves_to_cards_without_loss(v2_database):
    db.prepare_database(v2_database).dispose()
    _check_migrated(v2_database)


def test_a_failed_migration_leaves_version_2_and_the_next_start_retries(v2_database, monkeypatch):
    before = _state(v2_database)
    real = db.MIGRATIONS[2]

    def half_then_fail(connection):
        connection.execute("DROP TABLE collection_card")
        raise RuntimeError("power cut")

    monkeypatch.setitem(db.MIGRATIONS, 2, half_then_fail)
    with pytest.raises(RuntimeError):
        db.prepare_database(v2_database)
    assert _state(v2_database) == before
    monkeypatch.setitem(db.MIGRATIONS, 2, real)
    db.prepare_database(v2_database).dispose()
    _check_migrated(v2_database)


KILL_MIDWAY = textwrap.dedent(
    """
    import os, signal, sys
    from card_db import db

    migrate = db.MIGRATIONS[2]

    def killed_midway(connection):
        # Killed as the second table is rebuilt: the first one is already dropped and
        # rebuilt, inside the migration's transaction.
        def trace(sql):
            if sql.startswith("CREATE TABLE collection_copies"):
                os.kill(os.getpid(), signal.SIGKILL)
        connection.set_trace_callback(trace)
        migrate(connection)

    db.MIGRATIONS[2] = killed_midway
    db.prepare_database(sys.argv[1])
    print("not killed")
    """
)


def test_a_migration_killed_midway_leaves_version_2_and_the_next_start_finishes(v2_database):
    before = _state(v2_database)
    run = subprocess.run(
        [sys.executable, "-c", KILL_MIDWAY, str(v2_database)], capture_output=True, text=True
    )
    assert run.returncode == -signal.SIGKILL, run.stdout + run.stderr
    assert _state(v2_database) == before  # version 2, its rows as they were: still usable
    db.prepare_database(v2_database).dispose()
    _check_migrated(v2_database)
