"""An exclusive lock between processes on a file beside the database, held while a database
is prepared (created, switched to WAL, upgraded, filled with the card pool).

SQLite's own locks cannot cover that step: switching the journal mode and the first open of
a WAL file can answer "database is locked" at once, without the busy wait, to a second
process that arrives in the middle. With this lock the second first-run waits for the
first and then finds the database ready. The lock file (``cards.sqlite.lock``) stays beside
the database; it holds nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from card_db.errors import DatabaseError

POLL_SECONDS = 0.05

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def lock_path(database: str | os.PathLike) -> str:
    return os.fspath(database) + ".lock"


@contextmanager
def exclusive(database: str | os.PathLike, timeout: float) -> Iterator[None]:
    """Hold the database's preparation lock, waiting up to ``timeout`` seconds for another
    process that holds it."""
    path = lock_path(database)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        # A read-only folder: nothing can be prepared there anyway, and SQLite will say why.
        yield
        return
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise DatabaseError(
                    f"another deckbuilder has been preparing {database} for over "
                    f"{timeout:.0f} s; try again when it is done"
                )
            time.sleep(POLL_SECONDS)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
