"""The lean first run (plain sqlite3, no SQLAlchemy) makes the very database the SQLAlchemy
path makes: the same schema, the same rows; and the schema file is what the models say."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

from card_db import db, first_run
from card_db.importers.cthulhucli import load_embedded_if_empty


def _dump(path) -> tuple:
    connection = sqlite3.connect(path)
    try:
        schema = sorted(
            (row[0], " ".join(row[1].split()))
            for row in connection.execute(
                "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
            )
        )
        rows = {}
        for (table,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'"):
            rows[table] = connection.execute(f'SELECT * FROM "{table}" ORDER BY 1').fetchall()
        pragmas = tuple(
            connection.execute(f"PRAGMA {p}").fetchone()[0]
            for p in ("user_version", "application_id", "journal_mode")
        )
    finally:
        connection.close()
    return schema, rows, pragmas


def test_the_schema_file_is_what_the_models_make():
    assert first_run.SCHEMA_FILE.read_text(encoding="utf-8") == first_run.schema_sql(), (
        "regenerate it: python -m card_db.first_run"
    )


def test_a_lean_first_run_equals_the_sqlalchemy_one(tmp_path):
    lean = tmp_path / "lean.sqlite"
    assert db.prepare_new_file(lean) is True
    full = tmp_path / "full.sqlite"
    db._prepare_file(full).close()  # WAL, as every database
    engine = db.create_db_engine(full)
    try:
        db.ensure_schema(engine)
        load_embedded_if_empty(engine)
    finally:
        engine.dispose()
    lean_dump, full_dump = _dump(lean), _dump(full)
    assert lean_dump[0] == full_dump[0]  # schema
    assert lean_dump[2] == full_dump[2]  # version, application id, WAL
    assert lean_dump[1].keys() == full_dump[1].keys()
    for table in full_dump[1]:
        assert lean_dump[1][table] == full_dump[1][table], table
    assert len(lean_dump[1]["card"]) == 2773


def test_a_first_command_imports_no_sqlalchemy(tmp_path):
    code = (
        "import sys; from card_db.store import load_cards;"
        f"cards = load_cards({str(tmp_path / 'cards.sqlite')!r});"
        "print(len(cards), 'sqlalchemy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2773", "False"]


def test_a_database_with_tables_but_no_cards_is_filled_not_recreated(tmp_path):
    path = tmp_path / "cards.sqlite"
    assert db.prepare_new_file(path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("DELETE FROM card")
    connection.execute("INSERT INTO collection_product (product, count) VALUES ('Core', 2)")
    connection.close()
    assert db.prepare_new_file(path) is False  # not new: the SQLAlchemy path decides
    db.prepare_database(path).dispose()
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT COUNT(*) FROM card").fetchone()[0] == 2773
    assert connection.execute("SELECT count FROM collection_product").fetchone()[0] == 2
    connection.close()
