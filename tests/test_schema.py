"""The schema version lives in the database; a newer app upgrades an older database in place,
keeping decks, and refuses a database from a newer app instead of damaging it."""

from __future__ import annotations

import sqlite3

import pytest

from card_db import db
from card_db.errors import DatabaseError


def _user_version(path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA user_version").fetchone()[0]


def test_new_database_records_the_schema_version(tmp_path):
    path = tmp_path / "cards.sqlite"
    db.prepare_database(path).dispose()
    assert _user_version(path) == db.SCHEMA_VERSION


def test_upgrade_runs_migrations_and_keeps_decks(tmp_path, monkeypatch):
    path = tmp_path / "cards.sqlite"
    db.prepare_database(path).dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("INSERT INTO deck (name, format, notes, updated_at) VALUES "
                           "('Yog Rush', 'lcg', '', '2026-01-01')")  # fmt: skip
        deck_id = connection.execute("SELECT id FROM deck").fetchone()[0]
        connection.execute(
            "INSERT INTO deck_card (deck_id, card_id, section, count) "
            "VALUES (?, 'Core-030', 'draw', 3)",
            (deck_id,),
        )

    def add_archived_column(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE deck ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")

    old = db.SCHEMA_VERSION
    monkeypatch.setattr(db, "SCHEMA_VERSION", old + 1)
    monkeypatch.setitem(db.MIGRATIONS, old, add_archived_column)
    db.prepare_database(path).dispose()

    assert _user_version(path) == old + 1
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT name, archived FROM deck").fetchall() == [("Yog Rush", 0)]
        assert connection.execute("SELECT card_id, count FROM deck_card").fetchall() == [
            ("Core-030", 3)
        ]
        assert connection.execute("SELECT COUNT(*) FROM card").fetchone()[0] == 2773


def test_database_from_a_newer_app_is_refused_untouched(tmp_path):
    path = tmp_path / "cards.sqlite"
    db.prepare_database(path).dispose()
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {db.SCHEMA_VERSION + 5}")
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="newer"):
        db.prepare_database(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    path = tmp_path / "cards.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    from conftest import run_cli

    code, out, err = run_cli("--db", str(path), "search", "cthulhu")
    assert code == 2
    assert err.count("\n") == 1 and "not a usable deckbuilder database" in err
    assert "Traceback" not in err


def test_a_deckbuilder_database_without_the_application_id_is_still_ours(full_db, tmp_path):
    """Databases from before the application id (or a first run cut short before the
    version was written) are recognised by their tables, and given the id."""
    import shutil

    path = tmp_path / "older.sqlite"
    shutil.copy(full_db, path)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA application_id = 0")
        connection.execute("PRAGMA user_version = 0")
    db.prepare_database(path).dispose()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == db.APPLICATION_ID
        assert connection.execute("SELECT COUNT(*) FROM card").fetchone()[0] == 2773
    assert _user_version(path) == db.SCHEMA_VERSION
