"""What a SQLite failure means for the user, as one line (a DatabaseError)."""

from __future__ import annotations

import os
import sqlite3

from card_db.errors import DatabaseError

BUSY = "the database is busy (another deckbuilder is writing); try again"

# Primary result codes (the low byte of an extended code such as SQLITE_BUSY_SNAPSHOT).
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN = 5, 6, 8, 10, 11, 13, 14


def _sqlite_error(exc: BaseException) -> sqlite3.Error | None:
    """The sqlite3 error itself, or the one a SQLAlchemy error wraps."""
    if isinstance(exc, sqlite3.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, sqlite3.Error) else None


def is_database_failure(exc: BaseException) -> bool:
    return _sqlite_error(exc) is not None


def is_busy(exc: BaseException) -> bool:
    """Another connection holds the lock this one needed."""
    error = _sqlite_error(exc) or exc
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    return code in (_BUSY, _LOCKED) or str(error).startswith("database is locked")


def database_error(path: str | os.PathLike, exc: BaseException) -> DatabaseError:
    """The one-line error for a sqlite3 (or SQLAlchemy-wrapped sqlite3) failure on ``path``."""
    if is_busy(exc):
        return DatabaseError(BUSY)
    error = _sqlite_error(exc) or exc
    reason = (str(error).splitlines() or [type(error).__name__])[0]
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    if code == _READONLY:
        return DatabaseError(
            f"{path} is read-only: nothing was saved (reading it works; make the file and its "
            "folder writable to make changes)"
        )
    if code == _CORRUPT:
        return DatabaseError(
            f"{path} is damaged ({reason}); keep your collection with `deckbuilder collection "
            "export FILE` and your decks as deck files, then move the file away and start "
            "afresh"
        )
    if code == _FULL:
        return DatabaseError(f"{path}: the disk is full; nothing was saved")
    if code in (_CANTOPEN, _IOERR):
        return DatabaseError(f"cannot use {path}: {reason}")
    return DatabaseError(f"{path} is not a usable deckbuilder database: {reason}")
