"""The card pool in memory: indexes by id, OCTGN GUID and title, and fuzzy title lookup."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from card_db.card import Card
from card_db.names import search_text, title_key


class CardPool:
    """The indexes are built on first use: a search reads none of them, and building the
    title index for the whole pool costs more than the search itself."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: list[Card] = list(cards)
        # What other modules work out once per pool (the search index, resolved lists), by
        # their own keys: it lives and dies with the pool, with no weak references.
        self.derived: dict[object, object] = {}

    @cached_property
    def by_id(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    @cached_property
    def by_octgn(self) -> dict[str, Card]:
        return {c.octgn_id.lower(): c for c in self.cards if c.octgn_id}

    @cached_property
    def by_title(self) -> dict[str, list[Card]]:
        by_title: dict[str, list[Card]] = {}
        for card in self.cards:
            by_title.setdefault(title_key(card.title), []).append(card)
        for printings in by_title.values():
            printings.sort(key=lambda c: (c.era == "LCG", c.release_order), reverse=True)
        return by_title

    @cached_property
    def by_card(self) -> dict[str, list[Card]]:
        """Card id -> its printings, the card's own (first LCG) printing first."""
        by_card: dict[str, list[Card]] = {}
        for card in self.cards:
            by_card.setdefault(card.card_id, []).append(card)
        for printings in by_card.values():
            printings.sort(key=lambda c: (c.id != c.card_id, c.era != "LCG", -c.release_order))
        return by_card

    def card(self, card_id: str) -> Card | None:
        """The card's own printing (the one whose id is the card id), or None."""
        printings = self.by_card.get(card_id)
        return printings[0] if printings else None

    def cards_of_title(self, title: str) -> list[Card]:
        """The distinct cards a title names, one printing each (the card's own), LCG first."""
        seen: dict[str, Card] = {}
        for printing in self.printings(title):
            if printing.card_id not in seen:
                seen[printing.card_id] = self.card(printing.card_id) or printing
        return list(seen.values())

    def __len__(self) -> int:
        return len(self.cards)

    @cached_property
    def default_rank(self) -> list[int]:
        """Each card's position in the plain listing order (title, LCG first, newest first),
        parallel to ``cards``; sorting results by it avoids building keys per search."""
        order = sorted(
            range(len(self.cards)),
            key=lambda i: (
                self.cards[i].title.lower(),
                self.cards[i].era != "LCG",
                -self.cards[i].release_order,
            ),
        )
        rank = [0] * len(order)
        for position, i in enumerate(order):
            rank[i] = position
        return rank

    @cached_property
    def distinct_titles(self) -> list[str]:
        return sorted({printings[0].title for printings in self.by_title.values()})

    def printings(self, title: str) -> list[Card]:
        """Every printing of a title, newest LCG printing first ([] when unknown)."""
        return self.by_title.get(title_key(title), [])

    @cached_property
    def _suggestion_choices(self) -> dict[str, str]:
        return {t: search_text(t) for t in self.distinct_titles}

    def closest_titles(self, text: str, limit: int = 3, cutoff: float = 60) -> list[str]:
        """Suggestions for an unknown title, best first."""
        from rapidfuzz import process

        found = process.extract(
            search_text(text),
            self._suggestion_choices,
            scorer=suggestion_score,
            processor=None,
            limit=limit,
            score_cutoff=cutoff,
        )
        return [title for _choice, _score, title in found]


def suggestion_score(wanted: str, title: str, **_kwargs) -> float:
    """How good a suggestion ``title`` is for a mistyped ``wanted``. WRatio's partial matching
    ranks short unrelated titles high ("By the Book" for "The Professor's Legacy"); the mean of
    the word-set and word-order ratios favours titles that share the words."""
    from rapidfuzz import fuzz

    return (fuzz.token_set_ratio(wanted, title) + fuzz.token_sort_ratio(wanted, title)) / 2
