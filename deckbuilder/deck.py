"""A deck: cards and counts in a draw deck and an optional story deck.

Every deck file format reads into this and writes from it; legality, the collection and
the goldfish engine all take it.
"""

from __future__ import annotations

from collections.abc import Iterator

from card_db.card import Card
from card_db.errors import DeckbuilderError

# Sane limits, so that a hostile or broken file (58,000 lines of "999x Paul LeMond") is a
# clear error instead of millions of cards in the goldfish engine. The largest legal deck
# needs a few dozen copies of one card at most (a CCG "any number of copies" card) and a
# draw deck is 50 cards in every format.
MAX_COPIES = 99
MAX_CARDS = 500


class DeckLimitError(DeckbuilderError):
    """More copies of one card, or more cards in one deck, than any real deck holds."""


# Plain classes, not dataclasses: importing dataclasses costs more than a `show` start-up's
# own work (see card_db/card.py).
class DeckEntry:
    __slots__ = ("card", "count")

    def __init__(self, card: Card, count: int):
        self.card, self.count = card, count

    def __eq__(self, other) -> bool:
        if not isinstance(other, DeckEntry):
            return NotImplemented
        return (self.card, self.count) == (other.card, other.count)

    def __repr__(self) -> str:
        return f"DeckEntry({self.card.id!r}, {self.count})"


class Deck:
    __slots__ = ("name", "draw", "story", "format", "list_id", "notes", "warnings", "origin")

    def __init__(
        self,
        name: str,
        draw: list[DeckEntry] | None = None,
        story: list[DeckEntry] | None = None,
        format: str | None = None,
        list_id: str | None = None,
        notes: str = "",  # the player's description, kept by the JSON format and the database
        warnings: list[str] | None = None,  # from reading the file
    ):
        self.name, self.format, self.list_id, self.notes = name, format, list_id, notes
        self.draw = draw if draw is not None else []
        self.story = story if story is not None else []
        self.warnings = warnings if warnings is not None else []
        # (suffix, bytes) of the file the deck was read from: writing it back in that format
        # keeps what the deck does not change (formats/o8d.py); not part of the deck's value.
        self.origin: tuple[str, bytes] | None = None

    def __eq__(self, other) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in Deck.__slots__ if n != "origin")

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.draw_count} cards)"

    @property
    def draw_count(self) -> int:
        return sum(e.count for e in self.draw)

    def draw_cards(self) -> Iterator[Card]:
        """Each card of the draw deck once per copy."""
        for entry in self.draw:
            for _ in range(entry.count):
                yield entry.card

    def add(self, card: Card, count: int = 1, *, section: str = "draw") -> None:
        """Add (or with a negative count remove) copies; entries that reach 0 disappear.
        Raises DeckLimitError past ``MAX_COPIES`` copies of one printing in a section or
        ``MAX_CARDS`` cards in the whole deck; the deck is then left unchanged."""
        entries = self.story if section == "story" else self.draw
        if count > 0:
            self._check_limits(card, count, entries)
        for entry in entries:
            if entry.card.id == card.id:
                entry.count += count
                if entry.count <= 0:
                    entries.remove(entry)
                return
        if count > 0:
            entries.append(DeckEntry(card, count))

    def _check_limits(self, card: Card, count: int, entries: list[DeckEntry]) -> None:
        copies = count + sum(e.count for e in entries if e.card.id == card.id)
        if copies > MAX_COPIES:
            raise DeckLimitError(
                f"{copies} copies of {card.title}; a deck holds at most {MAX_COPIES} of one card"
            )
        total = count + sum(e.count for e in (*self.draw, *self.story))
        if total > MAX_CARDS:
            raise DeckLimitError(f"more than {MAX_CARDS} cards; no deck is that big")

    def count_of(self, card_id: str, section: str = "draw") -> int:
        entries = self.story if section == "story" else self.draw
        return sum(e.count for e in entries if e.card.id == card_id)
