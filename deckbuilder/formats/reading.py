"""What every deck reader shares: the error a bad file raises, reading a file's bytes and
text safely, and gathering the cards a file names that cannot be found."""

from __future__ import annotations

import os

from card_db.errors import DeckbuilderError, UnknownCardError
from deckbuilder.deck import Deck
from deckbuilder.plurals import counted

# A deck of 10,000 lines is already absurd; bigger files are refused before parsing.
MAX_DECK_FILE_BYTES = 1_000_000


class DeckFileError(DeckbuilderError):
    """A deck file that cannot be read. ``unknown`` lists (line, text, suggestions) for each
    card that could not be placed; the message's first line names the file."""

    def __init__(self, message: str, unknown: list[tuple[int | None, str, list[str]]] = ()):
        super().__init__(message)
        self.unknown = list(unknown)


def read_bytes(path: str | os.PathLike, kind: str = "deck file") -> bytes:
    """The file's bytes; one too big for a ``kind`` is refused before reading it."""
    try:
        size = os.stat(path).st_size
        if size > MAX_DECK_FILE_BYTES:
            raise DeckFileError(
                f"{path}: {size:,} bytes is too big for a {kind} (limit {MAX_DECK_FILE_BYTES:,})"
            )
        with open(path, "rb") as file:
            return file.read()
    except DeckFileError:
        raise
    except IsADirectoryError:
        raise DeckFileError(f"{path}: is a folder, not a {kind}") from None
    except OSError as exc:
        raise DeckFileError(f"{path}: cannot read: {exc.strerror}") from None


def refuse_lone_surrogates(text: str, source: str) -> None:
    """JSON's "\\ud800" escapes and pasted text can hold half a UTF-16 pair, which is no
    character: it could be neither printed nor saved, so the file is refused."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        half = f"\\u{ord(text[exc.start]):04x}"
        raise DeckFileError(f"{source}: {half} is half of a UTF-16 pair, not a character") from None


# Reading stops at this many unknown cards: a junk file must not cost a fuzzy search per line.
MAX_UNKNOWN = 50


class UnknownCards(list):
    """The (line, message, suggestions) of cards not found so far in one file."""

    def __init__(self, source: str):
        super().__init__()
        self.source = source

    def append(self, item) -> None:
        super().append(item)
        if len(self) >= MAX_UNKNOWN:
            raise unknown_cards_error(self.source, self, stopped=True)


class EntryReader:
    """Adds a file's entries to its deck: a card known by id, else the card its title names.
    Cards that resolve to nothing are gathered, so that one error lists them all."""

    def __init__(self, deck: Deck, pool, source: str):
        from deckbuilder.resolve import DeckReading, Resolver

        self.deck, self.source = deck, source
        self.reading = DeckReading(deck, Resolver(pool))
        self.unknown = UnknownCards(source)

    def add(self, card, title: str | None, count: int, *, section: str, label: str, ident) -> None:
        if card is not None:
            self.reading.add_card(card, count, section=section)
            return
        if not title:
            self.unknown.append((None, f"{label}: unknown id {ident!r} and no title", []))
            return
        try:
            self.reading.add_line(
                title, None, count, section=section, where=f"{self.source} {label}"
            )
        except UnknownCardError as exc:
            self.unknown.append((None, f"{label}: {exc}", exc.suggestions))

    def finish(self) -> Deck:
        if self.unknown:
            raise unknown_cards_error(self.source, self.unknown)
        self.reading.finish()
        return self.deck


def unknown_cards_error(
    source: str, unknown: list[tuple[int | None, str, list[str]]], *, stopped: bool = False
):
    """One DeckFileError naming the file, then one line per card that was not found."""
    more = f" (stopped reading after {len(unknown)})" if stopped else ""
    lines = [f"{source}: {counted(len(unknown), 'card')} not found{more}"]
    for line, message, _suggestions in unknown:
        where = f"line {line}: " if line is not None else ""
        lines.append(f"  {where}{message}")
    return DeckFileError("\n".join(lines), unknown)


def decode_text(data: bytes, source: str) -> tuple[str, list[str]]:
    """The text of a deck file (text_encoding.py: a byte-order mark, else UTF-8, else
    Windows-1252 with a warning); binary is refused."""
    from deckbuilder.text_encoding import TextEncodingError, decode

    try:
        text, encoding = decode(data)
    except TextEncodingError as exc:
        raise DeckFileError(f"{source}: {exc}") from None
    warnings = [f"{source}: not UTF-8; read as Windows-1252"] if encoding == "Windows-1252" else []
    return text, warnings
