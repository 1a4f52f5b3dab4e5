"""Engine and session factories, schema creation and migrations.

The schema version lives in SQLite's ``user_version`` so the fast read path can check it
with plain sqlite3. Nothing heavy happens at import time.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable

from card_db.errors import DatabaseError
from card_db.file_lock import exclusive

TYPE_CHECKING = False  # typing's flag, without importing typing
if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

SCHEMA_VERSION = 6
# PRAGMA application_id of a deckbuilder database: a SQLite file with another id, or without
# one and without deckbuilder's tables, belongs to another program and is never modified.
APPLICATION_ID = 0x43434442  # "CCDB"
BUSY_TIMEOUT = 5.0  # seconds a writer waits for another before "the database is busy"
# A start that finds another process loading the card data (the first run) waits for it.
FIRST_RUN_TIMEOUT = 120.0

# Migrations from version N to N+1, run in order inside one transaction (with the version
# change), so a failure or a kill part-way leaves the old version, usable, and the next start
# runs them again. New tables need no entry (create_all adds them); changed ones do.


def _add_card_identity(connection: sqlite3.Connection) -> None:
    """1 -> 2: printings learn which card they are (card_db/identity.py)."""
    from card_db.identity import assign_card_ids

    connection.execute("ALTER TABLE card ADD COLUMN card_id VARCHAR NOT NULL DEFAULT ''")
    connection.execute("CREATE INDEX IF NOT EXISTS ix_card_card_id ON card (card_id)")
    assign_card_ids(connection)


def _collection_by_card(connection: sqlite3.Connection) -> None:
    from card_db.collection_migration import collection_by_card

    collection_by_card(connection)


def _add_name_words(connection: sqlite3.Connection) -> None:
    """3 -> 4: printings keep their names' search words (names.name_words)."""
    from card_db.names import word_forms

    present = {row[1] for row in connection.execute("PRAGMA table_info(card)")}
    for column in ("title_words", "descriptor_words"):
        if column not in present:
            connection.execute(f"ALTER TABLE card ADD COLUMN {column} VARCHAR NOT NULL DEFAULT ''")
    rows = connection.execute("SELECT id, title, descriptor FROM card").fetchall()
    # one word_forms call for the whole pool: a few passes over it, not a few per card
    forms = word_forms([r[1] for r in rows] + [r[2] or "" for r in rows])
    connection.executemany(
        "UPDATE card SET title_words = ?, descriptor_words = ? WHERE id = ?",
        ((forms[n], forms[len(rows) + n], r[0]) for n, r in enumerate(rows)),
    )


def _reread_keywords(connection: sqlite3.Connection) -> None:
    """4 -> 5: keywords printed after an attachment's "Attach to ..." line, or on a line after
    the first ("Villainous." then "Day. It is Day."), were missed: each card's are read from
    its text again (Steadfast and Transient come from their own fields and stay)."""
    from card_db.keywords import parse_keywords

    updates = []
    for card_id, text, old in connection.execute("SELECT id, text, keywords FROM card"):
        kept = [k for k in (old or "").split("|") if k in ("Steadfast", "Transient")]
        new = "|".join([*parse_keywords(text), *kept])
        if new != old:
            updates.append((new, card_id))
    connection.executemany("UPDATE card SET keywords = ? WHERE id = ?", updates)


def _facts_by_errata(connection: sqlite3.Connection) -> None:
    """5 -> 6: the card facts the FAQ errata change (card_db/errata.py: uniqueness, a skill,
    icons) on the LCG printings."""
    from card_db.errata import FACTS_BY_ERRATA

    for (title, descriptor), facts in FACTS_BY_ERRATA.items():
        columns = ", ".join(f'"{column}" = ?' for column in facts)  # (names from the code)
        connection.execute(
            f"UPDATE card SET {columns} WHERE era = 'LCG' AND title = ? AND descriptor IS ?",
            (*facts.values(), title, descriptor),
        )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _add_card_identity,
    2: _collection_by_card,
    3: _add_name_words,
    4: _reread_keywords,
    5: _facts_by_errata,
}


def create_db_engine(path: str | os.PathLike, *, timeout: float | None = None) -> Engine:
    """A SQLAlchemy engine for the database file (":memory:" for tests).

    Transactions are begun by SQLAlchemy, not the driver, so that reads and writes of one
    transaction are one SQLite transaction (the driver would run reads outside it). A
    connection with the execution option ``immediate=True`` (the engine's default) begins
    with BEGIN IMMEDIATE: it takes the write lock before reading, so a read-modify-write can
    never lose another process's update."""
    from sqlalchemy import event
    from sqlmodel import create_engine

    memory = str(path) == ":memory:"
    url = "sqlite://" if memory else f"sqlite:///{path}"
    connect_args: dict = {"timeout": BUSY_TIMEOUT if timeout is None else timeout}
    kwargs: dict = {}
    if memory:
        from sqlalchemy.pool import StaticPool

        connect_args["check_same_thread"] = False
        kwargs["poolclass"] = StaticPool
    engine = create_engine(url, connect_args=connect_args, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        immediate = connection.get_execution_options().get("immediate", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    # engine.begin() is for writing (imports, lists, schema): it takes the write lock first.
    # Sessions (session_for) read unless asked to write.
    return engine.execution_options(immediate=True)


def read_schema_version(connection) -> int:
    return connection.exec_driver_sql("PRAGMA user_version").scalar() or 0


def _looks_like_ours(connection: sqlite3.Connection, tables: list[str]) -> bool:
    """Only deckbuilder's tables, with its card table."""
    from sqlmodel import SQLModel

    import card_db.models  # noqa: F401  (registers the tables)

    if "card" not in tables or not set(tables) <= set(SQLModel.metadata.tables):
        return False
    columns = {row[1] for row in connection.execute("PRAGMA table_info(card)")}
    return {"id", "title", "title_key", "set_code", "era"} <= columns


def claim(connection: sqlite3.Connection, path: str | os.PathLike) -> None:
    """Refuse a SQLite file that another program made, before anything changes it."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    if application == APPLICATION_ID:
        return
    tables = sorted(
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    )
    if application == 0 and (not tables or _looks_like_ours(connection, tables)):
        return  # a new file, or one from a deckbuilder older than the application id
    shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "") or "none"
    raise DatabaseError(
        f"{path} is a SQLite database of another program (tables: {shown}); deckbuilder "
        "leaves it alone: choose another file with --db"
    )


def ensure_schema(engine: Engine) -> None:
    """Create the tables of a new database or upgrade an older one, keeping its data: one
    write transaction, so two first starts at once prepare it once."""
    from sqlmodel import SQLModel

    import card_db.models  # noqa: F401  (registers the tables)

    with engine.begin() as connection:
        driver = connection.connection.driver_connection
        claim(driver, engine.url.database or ":memory:")
        version = read_schema_version(connection)
        if version > SCHEMA_VERSION:
            raise DatabaseError(
                f"the database has schema version {version}, newer than this deckbuilder "
                f"understands ({SCHEMA_VERSION}); upgrade deckbuilder"
            )
        for step in range(max(version, 1), SCHEMA_VERSION):
            if version and step in MIGRATIONS:
                MIGRATIONS[step](driver)
        SQLModel.metadata.create_all(connection)
        connection.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")


def session_for(engine: Engine, *, write: bool = False):
    """A session; with ``write`` its transaction takes the write lock first (BEGIN
    IMMEDIATE), as every read-modify-write must."""
    from sqlmodel import Session

    return Session(engine.execution_options(immediate=write))


def begin_write(session):
    """The session's connection, its transaction begun with BEGIN IMMEDIATE unless one is
    already under way: call it before a read-modify-write reads."""
    options = None if session.in_transaction() else {"immediate": True}
    return session.connection(execution_options=options)


def _refuse_other_programs(path: str | os.PathLike) -> None:
    """``claim`` on an existing file, unless another process holds it (it will be claimed
    again under the preparation lock)."""
    if not os.path.exists(path):
        return
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        claim(connection, path)
    except sqlite3.OperationalError as exc:
        from card_db.sqlite_errors import is_busy

        if not is_busy(exc):
            raise
    finally:
        connection.close()


def _prepare_file(path: str | os.PathLike) -> sqlite3.Connection:
    """Claim the file and switch it to write-ahead logging (readers never wait for a
    writer; set once, kept by the file); the connection stays open for the caller."""
    connection = sqlite3.connect(path, timeout=FIRST_RUN_TIMEOUT, isolation_level=None)
    try:
        claim(connection, path)
        if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            connection.execute("PRAGMA journal_mode = WAL")
    except BaseException:
        connection.close()
        raise
    return connection


def _make_folder(path: str | os.PathLike) -> None:
    folder = os.path.dirname(os.fspath(path))
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(
                f"cannot create the database folder {folder}: {exc.strerror}"
            ) from None


def prepare_new_file(
    path: str | os.PathLike, *, progress: Callable[[str, int, int], None] | None = None
) -> bool:
    """Prepare the database file without SQLAlchemy when it is new (first_run.py): True
    when it is now ready, False when it needs ``prepare_database`` (an older schema, or
    tables without cards)."""
    from card_db import first_run
    from card_db.sqlite_errors import database_error, is_database_failure

    _make_folder(path)
    try:
        _refuse_other_programs(path)  # before the lock file appears beside their file
        # One process prepares at a time (file_lock.py says why); the others wait, then
        # find the work done. Waiting may take as long as another's first run.
        with exclusive(path, FIRST_RUN_TIMEOUT):
            connection = _prepare_file(path)
            try:
                if first_run.is_new(connection):
                    first_run.create_and_load(
                        connection,
                        version=SCHEMA_VERSION,
                        application_id=APPLICATION_ID,
                        progress=progress,
                    )
                    return True
                return _is_ready(connection)
            finally:
                connection.close()
    except Exception as exc:
        if is_database_failure(exc):
            raise database_error(path, exc) from None
        raise


def _is_ready(connection: sqlite3.Connection) -> bool:
    """At this program's schema version, with cards."""
    if connection.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
        return False
    try:
        return connection.execute("SELECT 1 FROM card LIMIT 1").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def prepare_database(
    path: str | os.PathLike, *, progress: Callable[[str, int, int], None] | None = None
) -> Engine:
    """Open (creating if needed) the database at ``path``, upgrade it, and load the embedded
    card pool when it holds no cards. Returns the engine."""
    from card_db.importers.cthulhucli import load_embedded_if_empty
    from card_db.sqlite_errors import database_error, is_database_failure

    if str(path) == ":memory:":
        engine = create_db_engine(path)
        ensure_schema(engine)
        load_embedded_if_empty(engine, progress=progress)
        return engine
    if prepare_new_file(path, progress=progress):
        return create_db_engine(path)
    engine = create_db_engine(path)
    preparer = create_db_engine(path, timeout=FIRST_RUN_TIMEOUT)
    try:
        with exclusive(path, FIRST_RUN_TIMEOUT):
            _prepare_file(path).close()
            ensure_schema(preparer)
            load_embedded_if_empty(preparer, progress=progress)
    except Exception as exc:
        if is_database_failure(exc):
            raise database_error(path, exc) from None
        raise
    finally:
        preparer.dispose()
    return engine
