"""A deck's cards grouped by type under counted headers: one grouping for the text,
Markdown and BBCode exports, ``deckbuilder show`` and the TUI."""

from __future__ import annotations

from deckbuilder.deck import Deck, DeckEntry

_TYPE_HEADERS = {
    "Character": "Characters",
    "Support": "Supports",
    "Event": "Events",
    "Conspiracy": "Conspiracies",
    # Not "Stories": the text reader takes that header for the story deck's.
    "Story": "Story cards",
}
_ORDER = ("Character", "Support", "Event", "Conspiracy", "Story")


class Group:
    """A counted header ("Characters") and its entries. A plain class: a dataclass costs a
    millisecond of start-up, and ``show`` starts like ``search``."""

    __slots__ = ("header", "entries")

    def __init__(self, header: str, entries: list[DeckEntry]):
        self.header, self.entries = header, entries

    @property
    def count(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def label(self) -> str:
        return f"{self.header} ({self.count})"


def _type_order(card_type: str) -> int:
    return _ORDER.index(card_type) if card_type in _ORDER else len(_ORDER)


def type_groups(entries: list[DeckEntry]) -> list[Group]:
    """The entries by card type (characters, supports, events, conspiracies, then any
    other type), each group sorted by title; empty groups are left out."""
    by_type: dict[str, list[DeckEntry]] = {}
    for entry in entries:
        by_type.setdefault(entry.card.type, []).append(entry)
    return [
        Group(
            _TYPE_HEADERS.get(card_type, f"{card_type} cards"),
            sorted(by_type[card_type], key=lambda e: (e.card.title.lower(), e.card.id)),
        )
        for card_type in sorted(by_type, key=lambda t: (_type_order(t), t))
    ]


def deck_groups(deck: Deck) -> list[tuple[str, list[Group]]]:
    """("Draw deck", its type groups) and, when there is one, ("Story deck", [one group])."""
    sections = [("Draw deck", type_groups(deck.draw))]
    if deck.story:
        story = sorted(deck.story, key=lambda e: (e.card.title.lower(), e.card.id))
        sections.append(("Story deck", [Group("Story deck", story)]))
    return sections


def deck_notes(deck: Deck) -> str:
    """The deck's notes (older decks have none)."""
    return deck.notes.strip()
