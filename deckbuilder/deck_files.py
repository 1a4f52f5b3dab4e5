"""Writing deck files without destroying anyone's work: a write over a file that holds
something else asks first (the caller asks; this module says when), and the first write
over a file this program did not write keeps the original beside it as ``NAME.bak``.

"Written by us" is remembered per process by the content written: a file changed since
(by another program, or by hand) is someone else's again.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from deckbuilder.deck import Deck


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def backup_path(path: str | os.PathLike) -> Path:
    return Path(f"{os.fspath(path)}.bak")


class DeckFiles:
    def __init__(self) -> None:
        self._written: dict[str, str] = {}  # real path -> digest of what we wrote there

    def _key(self, path: str | os.PathLike) -> str:
        return os.path.realpath(path)

    def _current(self, path: str | os.PathLike) -> bytes | None:
        try:
            with open(path, "rb") as file:
                return file.read()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None

    def is_ours(self, path: str | os.PathLike) -> bool:
        """The file holds what this program last wrote there (or nothing at all)."""
        current = self._current(path)
        return current is None or self._written.get(self._key(path)) == _digest(current)

    def needs_asking(self, deck: Deck, path: str | os.PathLike) -> bool:
        """Writing ``deck`` to ``path`` would replace a file that holds something else than
        this deck, and that this program did not write."""
        current = self._current(path)
        if current is None or self.is_ours(path):
            return False
        return current != _content(deck, path).encode("utf-8")

    def write(self, deck: Deck, path: str | os.PathLike, *, dump=None) -> Path | None:
        """Write ``deck`` in the format of the path's suffix (atomically). The first time
        it replaces a file this program did not write, the original is kept as
        ``NAME.bak`` (an existing ``.bak`` is never replaced); returns that path, if any."""
        from deckbuilder.formats import write_deck

        kept = None
        current = self._current(path)
        if current is not None and not self.is_ours(path):
            backup = backup_path(path)
            if not backup.exists():
                shutil.copy2(path, backup)
                kept = backup
        write_deck(deck, path, dump=dump)
        written = self._current(path)
        if written is not None:
            self._written[self._key(path)] = _digest(written)
        return kept


def _content(deck: Deck, path: str | os.PathLike) -> str:
    from deckbuilder.formats import format_for

    return format_for(path).dump(deck)
