"""Engine and session factories, schema creation and migrations.

The schema version lives in SQLite's ``user_version`` so the fast read path can check it
with plain sqlite3. Nothing heavy happens at import time.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from card_db.errors import DatabaseError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

SCHEMA_VERSION = 2

# Migrations from version N to N+1, run in order inside one transaction each. New tables
# need no entry (create_all adds them); changed or added columns do.


def _add_card_identity(connection: sqlite3.Connection) -> None:
    """1 -> 2: printings learn which card they are (card_db/identity.py)."""
    from card_db.identity import assign_card_ids

    connection.execute("ALTER TABLE card ADD COLUMN card_id VARCHAR NOT NULL DEFAULT ''")
    connection.execute("CREATE INDEX IF NOT EXISTS ix_card_card_id ON card (card_id)")
    assign_card_ids(connection)


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_card_identity}


def create_db_engine(path: str | Path) -> Engine:
    """A SQLAlchemy engine for the database file (":memory:" for tests)."""
    from sqlalchemy import event
    from sqlmodel import create_engine

    url = "sqlite://" if str(path) == ":memory:" else f"sqlite:///{path}"
    kwargs: dict = {}
    if str(path) == ":memory:":
        from sqlalchemy.pool import StaticPool

        kwargs = {"connect_args": {"check_same_thread": False}, "poolclass": StaticPool}
    engine = create_engine(url, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    return engine


def read_schema_version(connection) -> int:
    return connection.exec_driver_sql("PRAGMA user_version").scalar() or 0


def ensure_schema(engine: Engine) -> None:
    """Create the tables of a new database or upgrade an older one, keeping its data."""
    from sqlmodel import SQLModel

    import card_db.models  # noqa: F401  (registers the tables)

    with engine.begin() as connection:
        version = read_schema_version(connection)
        if version > SCHEMA_VERSION:
            raise DatabaseError(
                f"the database has schema version {version}, newer than this deckbuilder "
                f"understands ({SCHEMA_VERSION}); upgrade deckbuilder"
            )
        for step in range(max(version, 1), SCHEMA_VERSION):
            if version and step in MIGRATIONS:
                MIGRATIONS[step](connection.connection.driver_connection)
        SQLModel.metadata.create_all(connection)
        connection.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")


def session_for(engine: Engine):
    from sqlmodel import Session

    return Session(engine)


def prepare_database(path: str | Path, *, progress: Callable[[str], None] | None = None) -> Engine:
    """Open (creating if needed) the database at ``path``, upgrade it, and load the embedded
    card pool when it holds no cards. Returns the engine."""
    path_obj = Path(path)
    if str(path) != ":memory:":
        try:
            path_obj.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(
                f"cannot create the database folder {path_obj.parent}: {exc.strerror}"
            ) from None
    engine = create_db_engine(path)
    try:
        ensure_schema(engine)
        from card_db.importers.cthulhucli import load_embedded_if_empty

        load_embedded_if_empty(engine, progress=progress)
    except sqlite3.DatabaseError as exc:
        raise DatabaseError(f"{path} is not a usable deckbuilder database: {exc}") from None
    except Exception as exc:  # SQLAlchemy wraps sqlite3 errors with the SQL and a link
        if type(exc).__module__.startswith("sqlalchemy"):
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            raise DatabaseError(f"{path} is not a usable deckbuilder database: {reason}") from None
        raise
    return engine
