"""The fast path: every card of the database as ``Card`` objects, and read and write
transactions, through plain sqlite3.

A database that is missing, older than this program or empty is first prepared through
``db.prepare_database`` (SQLModel, migrations, embedded data); an up-to-date one is used
without importing SQLAlchemy at all. Connections leave transactions to the caller (the
driver's own would run reads outside them) and wait ``db.BUSY_TIMEOUT`` for a writer.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from card_db import db
from card_db.card import Card
from card_db.sqlite_errors import database_error, is_busy

_COLUMNS = (
    "id, title, type, faction, era, set_code, set_name, number, descriptor, cycle, cost, "
    "cost_is_x, skill, skill_is_x, terror, combat, arcane, investigation, subtypes, keywords, "
    'steadfast, transient, "unique", text, flavor, illustrator, max_copies, octgn_id, '
    "cgdb_restricted, cgdb_banned, release_order, card_id"
)


def _split(value: str) -> tuple[str, ...]:
    return tuple(value.split("|")) if value else ()


def _steadfast(value: str) -> tuple[tuple[str, int], ...]:
    if not value:
        return ()
    pairs = []
    for item in value.split("|"):
        faction, _, count = item.rpartition(":")
        pairs.append((faction, int(count)))
    return tuple(pairs)


def row_to_card(row: tuple) -> Card:
    """A card from a row of ``_COLUMNS`` (which are in ``Card.__slots__`` order)."""
    (cid, title, ctype, faction, era, set_code, set_name, number, descriptor, cycle, cost,
     cost_is_x, skill, skill_is_x, terror, combat, arcane, investigation, subtypes, keywords,
     steadfast, transient, unique, text, flavor, illustrator, max_copies, octgn_id,
     cgdb_restricted, cgdb_banned, release_order, card_id) = row  # fmt: skip
    return Card.from_fields((
        cid, title, ctype, faction, era, set_code, set_name, number, descriptor, cycle, cost,
        bool(cost_is_x), skill, bool(skill_is_x), terror, combat, arcane, investigation,
        _split(subtypes), _split(keywords), _steadfast(steadfast), bool(transient),
        bool(unique), text or "", flavor, illustrator, max_copies, octgn_id,
        bool(cgdb_restricted), bool(cgdb_banned), release_order, card_id or cid,
    ))  # fmt: skip


def _is_ready(connection: sqlite3.Connection) -> bool:
    if connection.execute("PRAGMA user_version").fetchone()[0] != db.SCHEMA_VERSION:
        return False
    if connection.execute("PRAGMA application_id").fetchone()[0] != db.APPLICATION_ID:
        return False
    try:
        return connection.execute("SELECT 1 FROM card LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def _open(path: str | os.PathLike) -> sqlite3.Connection:
    return sqlite3.connect(path, timeout=db.BUSY_TIMEOUT, isolation_level=None)


def connect(path: str | os.PathLike, *, progress: Callable[[str, int, int], None] | None = None):
    """A sqlite3 connection to a ready database (prepared first if need be)."""
    try:
        if os.path.exists(path):
            connection = _open(path)
            try:
                if _is_ready(connection):
                    return connection
            except sqlite3.OperationalError as exc:
                # Another process is in the middle of preparing it (its first run):
                # preparing takes the preparation lock, so this waits for that run.
                if not is_busy(exc):
                    connection.close()
                    raise
            connection.close()
        if not db.prepare_new_file(path, progress=progress):
            db.prepare_database(path, progress=progress).dispose()
        return _open(path)
    except sqlite3.Error as exc:
        raise database_error(path, exc) from None


@contextmanager
def read_transaction(
    path: str | os.PathLike, *, progress: Callable[[str, int, int], None] | None = None
) -> Iterator[sqlite3.Connection]:
    """A connection whose reads all see one state of the database (a writer never waits
    for it, nor it for a writer)."""
    connection = connect(path, progress=progress)
    try:
        connection.execute("BEGIN")
        yield connection
    except sqlite3.Error as exc:
        raise database_error(path, exc) from None
    finally:
        connection.close()


@contextmanager
def write_transaction(
    path: str | os.PathLike, *, progress: Callable[[str, int, int], None] | None = None
) -> Iterator[sqlite3.Connection]:
    """One write transaction, committed when the block succeeds and rolled back otherwise.
    BEGIN IMMEDIATE takes the write lock before anything is read, so a read-modify-write
    never loses another process's update; a writer waits ``db.BUSY_TIMEOUT`` for another."""
    connection = connect(path, progress=progress)
    try:
        connection.execute("BEGIN IMMEDIATE")
        yield connection
        connection.execute("COMMIT")
    except sqlite3.Error as exc:
        raise database_error(path, exc) from None
    finally:
        connection.close()  # rolls back a transaction left open by an error


def load_cards(
    path: str | os.PathLike,
    *,
    progress: Callable[[str, int, int], None] | None = None,
    where: tuple[str, list] | None = None,
) -> list[Card]:
    """Every card printing in the database, oldest set first; with ``where`` (a clause and
    its parameters, e.g. from ``search_rows.sql_prefilter``) only the printings it keeps."""
    clause, params = where or ("1", [])
    connection = connect(path, progress=progress)
    try:
        rows = connection.execute(
            f"SELECT {_COLUMNS} FROM card WHERE {clause} ORDER BY release_order, number, id",
            params,
        ).fetchall()
    except sqlite3.Error as exc:
        raise database_error(path, exc) from None
    finally:
        connection.close()
    return [row_to_card(r) for r in rows]


def distinct_titles(path: str | os.PathLike, *, where: tuple[str, list] | None = None) -> list[str]:
    """The printed titles of the cards ``where`` keeps: a cheap first pass for title search."""
    clause, params = where or ("1", [])
    connection = connect(path)
    try:
        return [
            t
            for (t,) in connection.execute(
                f"SELECT DISTINCT title FROM card WHERE {clause}", params
            )
        ]
    except sqlite3.Error as exc:
        raise database_error(path, exc) from None
    finally:
        connection.close()
