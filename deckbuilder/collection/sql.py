"""The collection is plain SQL over sqlite3, so that reading it (a search's own:/avail:, the
CLI) never imports SQLAlchemy. Functions take a keyword-only ``session``: a SQLModel session
or a sqlite3 connection, and leave committing to the caller, so one command is one
transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable


def connection_of(session, *, write: bool = False) -> sqlite3.Connection:
    """The sqlite3 connection under ``session`` (or ``session`` itself). With ``write`` its
    transaction is begun with BEGIN IMMEDIATE if it is not begun yet: the write lock is taken
    before anything is read, so a read-modify-write never loses another writer's update."""
    if isinstance(session, sqlite3.Connection):
        if write and not session.in_transaction:
            session.execute("BEGIN IMMEDIATE")
        return session
    if write:
        from card_db.db import begin_write

        return begin_write(session).connection.driver_connection
    return session.connection().connection.driver_connection


def rows(db: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[tuple]:
    try:
        return db.execute(sql, tuple(params)).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # a database from before the collection existed
            return []
        raise


def marks(values) -> str:
    return ",".join("?" * len(values))
