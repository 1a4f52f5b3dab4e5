"""A deck: cards and counts in a draw deck and an optional story deck.

Every deck file format reads into this and writes from it; legality, the collection and
the goldfish engine all take it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from card_db.card import Card


@dataclass
class DeckEntry:
    card: Card
    count: int


@dataclass
class Deck:
    name: str
    draw: list[DeckEntry] = field(default_factory=list)
    story: list[DeckEntry] = field(default_factory=list)
    format: str | None = None
    list_id: str | None = None
    notes: str = ""  # the player's description, kept by the JSON format and the database
    warnings: list[str] = field(default_factory=list)  # from reading the file

    @property
    def draw_count(self) -> int:
        return sum(e.count for e in self.draw)

    def draw_cards(self) -> Iterator[Card]:
        """Each card of the draw deck once per copy."""
        for entry in self.draw:
            for _ in range(entry.count):
                yield entry.card

    def add(self, card: Card, count: int = 1, *, section: str = "draw") -> None:
        """Add (or with a negative count remove) copies; entries that reach 0 disappear."""
        entries = self.story if section == "story" else self.draw
        for entry in entries:
            if entry.card.id == card.id:
                entry.count += count
                if entry.count <= 0:
                    entries.remove(entry)
                return
        if count > 0:
            entries.append(DeckEntry(card, count))

    def count_of(self, card_id: str, section: str = "draw") -> int:
        entries = self.story if section == "story" else self.draw
        return sum(e.count for e in entries if e.card.id == card_id)
