"""Deck files: plain text, OCTGN ``.o8d`` and the project's own JSON, chosen by suffix.

Every reader resolves card names through ``deckbuilder.resolve`` and reports every card it
cannot place at once (``DeckFileError``), so a deck is never silently shortened.
"""

from __future__ import annotations

import os

from deckbuilder.deck import Deck, DeckLimitError
from deckbuilder.formats.reading import (
    MAX_DECK_FILE_BYTES,
    DeckFileError,
    EntryReader,
    UnknownCards,
    decode_text,
    read_bytes,
    refuse_lone_surrogates,
    unknown_cards_error,
)

__all__ = [
    "MAX_DECK_FILE_BYTES", "READABLE_SUFFIXES", "SUFFIXES", "DeckFileError", "EntryReader",
    "UnknownCards",
    "decode_text", "dump_deck", "format_for", "parse_deck", "read_bytes", "read_deck",
    "refuse_lone_surrogates", "unknown_cards_error", "write_deck",
]  # fmt: skip

SUFFIXES = (".txt", ".o8d", ".json", ".md", ".bbcode")
WRITTEN_ONLY = (".md", ".bbcode")  # forum exports: no reader could get a deck back
READABLE_SUFFIXES = tuple(s for s in SUFFIXES if s not in WRITTEN_ONLY)


def format_for(path: str | os.PathLike, *, reading: bool = False):
    """The module of the deck format ``path``'s suffix names; ``reading``: an unknown
    suffix is answered with the suffixes a deck can be read from."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix == ".txt":
        from deckbuilder.formats import text as module
    elif suffix == ".o8d":
        from deckbuilder.formats import o8d as module
    elif suffix == ".json":
        from deckbuilder.formats import jsondeck as module
    elif suffix == ".md":
        from deckbuilder.formats import markdown as module
    elif suffix == ".bbcode":
        from deckbuilder.formats import bbcode as module
    else:
        known = READABLE_SUFFIXES if reading else SUFFIXES
        raise DeckFileError(
            f"{path}: unknown deck file type {suffix or '(none)'!r}; use {', '.join(known)}"
        )
    return module


def read_deck(path: str | os.PathLike, pool) -> Deck:
    """Read a deck file (format by suffix). Raises DeckFileError for bad input;
    ``Deck.warnings`` holds how names were resolved."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise DeckFileError(f"{path}: a folder, not a deck file ({', '.join(READABLE_SUFFIXES)})")
    module = format_for(path, reading=True)
    # A file name need not be UTF-8; the deck named after it must be text we can print.
    stem = os.path.splitext(os.path.basename(path))[0]
    name = os.fsencode(stem).decode("utf-8", "replace")
    return _parse(module, read_bytes(path), pool, name=name, source=str(path))


def parse_deck(data: bytes | str, pool, *, suffix: str, name: str = "deck") -> Deck:
    """Parse deck content given as bytes or text, in the format of ``suffix``."""
    module = format_for(f"{name}{suffix}")
    source = f"{name}{suffix}"
    if isinstance(data, str):
        refuse_lone_surrogates(data, source)
        data = data.encode("utf-8")
    return _parse(module, data, pool, name=name, source=source)


def _parse(module, data: bytes, pool, *, name: str, source: str) -> Deck:
    try:
        return module.parse(data, pool, name=name, source=source)
    except DeckLimitError as exc:
        raise DeckFileError(f"{source}: {exc}") from None


def dump_deck(deck: Deck, suffix: str) -> str:
    return format_for(f"deck{suffix}").dump(deck)


def write_deck(deck: Deck, path: str | os.PathLike, *, dump=None) -> None:
    """Write a deck in the format of the path's suffix (or with ``dump``), atomically (an
    existing file is replaced only once the new one is complete)."""
    path = os.fspath(path)
    content = (dump or format_for(path).dump)(deck)
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8", newline="\n") as file:
            file.write(content)
        os.replace(temporary, path)
    except OSError as exc:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise DeckFileError(f"{path}: cannot write: {exc.strerror}") from None
