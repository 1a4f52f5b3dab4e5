"""The first run, lean: a new database file gets its tables and the embedded card pool
through plain sqlite3, without importing SQLAlchemy (which alone costs a first run half a
second). SQLAlchemy still upgrades an older database and imports other card data.

The tables are created from ``card_db/data/schema.sql``, which is generated from the models
(``python -m card_db.first_run``); a test checks that the file is what the models make,
and that a database made this way equals one made through SQLAlchemy.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

SCHEMA_FILE = Path(__file__).resolve().parent / "data" / "schema.sql"


def schema_sql() -> str:
    """The CREATE statements of every table and index, as SQLAlchemy makes them for SQLite
    from ``card_db.models`` (imports SQLAlchemy: for the generator and the test)."""
    from sqlalchemy.dialects import sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable
    from sqlmodel import SQLModel

    import card_db.models  # noqa: F401  (registers the tables)

    dialect = sqlite.dialect()
    statements = []
    for table in SQLModel.metadata.sorted_tables:
        statements.append(str(CreateTable(table).compile(dialect=dialect)).strip())
        for index in sorted(table.indexes, key=lambda i: i.name):
            statements.append(str(CreateIndex(index).compile(dialect=dialect)).strip())
    return ";\n\n".join(statements) + ";\n"


def _statements() -> list[str]:
    text = SCHEMA_FILE.read_text(encoding="utf-8")
    return [s.strip() for s in text.split(";\n") if s.strip()]


def is_new(connection: sqlite3.Connection) -> bool:
    """A file with no schema version and no table: nothing to keep, nothing to upgrade."""
    if connection.execute("PRAGMA user_version").fetchone()[0]:
        return False
    return connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] == 0


def create_and_load(
    connection: sqlite3.Connection,
    *,
    version: int,
    application_id: int,
    progress: Callable[[str, int, int], None] | None = None,
) -> int:
    """Create the tables and load the embedded card pool into a new database, in one write
    transaction (the caller holds the preparation lock), marking it with the schema
    ``version`` and ``application_id``; returns the cards added, 0 when the file turned out
    not to be new."""
    from card_db.identity import assign_card_ids
    from card_db.importers.cthulhucli import LOADING, embedded_data_files, read_rows
    from card_db.importers.octgn_table import shipped_octgn_ids

    connection.execute("BEGIN IMMEDIATE")
    try:
        if not is_new(connection):
            connection.execute("ROLLBACK")
            return 0
        for statement in _statements():
            connection.execute(statement)
        files = embedded_data_files()
        added = 0
        for n, data_file in enumerate(files):
            if progress:
                progress(LOADING, n, len(files) + 1)
            rows = list(read_rows(data_file))
            if not rows:
                continue
            columns = [*rows[0], "card_id"]
            quoted = ", ".join(f'"{c}"' for c in columns)
            marks = ", ".join("?" * len(columns))
            connection.executemany(
                f"INSERT INTO card ({quoted}) VALUES ({marks})",
                ([*(row[c] for c in columns[:-1]), ""] for row in rows),
            )
            added += len(rows)
        connection.executemany(
            "UPDATE card SET octgn_id = ? WHERE id = ?",
            ((guid, card_id) for card_id, guid in shipped_octgn_ids().items()),
        )
        assign_card_ids(connection)
        connection.execute(f"PRAGMA user_version = {int(version)}")
        connection.execute(f"PRAGMA application_id = {int(application_id)}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    if progress:
        progress(LOADING, len(files) + 1, len(files) + 1)
    return added


def main() -> int:
    SCHEMA_FILE.write_text(schema_sql(), encoding="utf-8")
    print(f"{SCHEMA_FILE}: written from card_db.models")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
