"""The deck's cards grouped under headings with counts, in the order the player picks."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding

from card_db.card import CARD_TYPES, Card
from deckbuilder.deck import Deck
from deckbuilder.tui.widgets.card_table import CardTable, GroupHeader

SORTS = ("type", "cost", "faction", "title")
PLURALS = {"Character": "Characters", "Support": "Supports", "Event": "Events",
           "Conspiracy": "Conspiracies", "Story": "Stories"}  # fmt: skip


def _cost(card: Card) -> int:
    return 99 if card.cost_is_x else (card.cost if card.cost is not None else -1)


def _type_rank(card: Card) -> int:
    return CARD_TYPES.index(card.type) if card.type in CARD_TYPES else len(CARD_TYPES)


# sort → (group label of a card, the group's rank, a card's order within its group)
_GROUPINGS: dict[str, tuple[Callable, Callable, Callable]] = {
    "type": (
        lambda c: PLURALS.get(c.type, c.type),
        _type_rank,
        lambda c: (_cost(c), c.title.lower()),
    ),
    "cost": (
        lambda c: f"Cost {c.cost_label or '–'}",
        _cost,
        lambda c: (_type_rank(c), c.title.lower()),
    ),
    "faction": (
        lambda c: c.faction,
        lambda c: (c.faction == "Neutral", c.faction),
        lambda c: (_type_rank(c), _cost(c), c.title.lower()),
    ),
    "title": (lambda c: "Draw deck", lambda c: 0, lambda c: c.title.lower()),
}


def deck_rows(deck: Deck, sort: str = "type") -> list:
    """Headings and cards: the draw deck grouped by ``sort``, then the story deck."""
    label_of, rank_of, order_of = _GROUPINGS[sort]
    groups: dict[str, list] = {}
    for entry in sorted(deck.draw, key=lambda e: (rank_of(e.card), order_of(e.card))):
        groups.setdefault(label_of(entry.card), []).append(entry)
    if deck.story:
        groups["Story deck"] = sorted(deck.story, key=lambda e: e.card.title.lower())
    rows: list = []
    for label, entries in groups.items():
        rows.append(GroupHeader(f"{label} ({sum(e.count for e in entries)})"))
        rows += [e.card for e in entries]
    return rows


class DeckList(CardTable):
    """The deck editor's list: its single-letter keys act only while it has focus."""

    BINDINGS = [
        Binding("a,plus,equals_sign", "edit(1)", "Add"),
        Binding("d,minus,delete", "edit(-1)", "Remove"),
        Binding("o", "next_sort", "Sort"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(
            columns=("count", "title", "faction", "cost", "skill", "icons", "set"), **kwargs
        )
        self.sort = "type"
        self.deck: Deck | None = None

    def show_deck(self, deck: Deck) -> None:
        keep = self.selected_id
        self.deck = deck
        counts = {e.card.id: e.count for e in deck.draw}
        counts.update({e.card.id: e.count for e in deck.story})
        self.show_cards(deck_rows(deck, self.sort), counts, keep_cursor=True)
        if keep is not None:
            self.select(keep)

    def action_next_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        if self.deck is not None:
            self.show_deck(self.deck)
        self.notify(f"Deck sorted by {self.sort}", timeout=2)
