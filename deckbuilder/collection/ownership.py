"""Ownership rules: owned = products × copies + adjustments, per card; available = owned −
reserved by built decks; what a deck lacks.

Printings of one card share ownership (a Core Set Dagon and its reprint are one card); two
cards that share a title do not (owning one Yog-Sothoth owns no other). Every count is keyed
by card id (``card.card_id``).
"""

from __future__ import annotations

from collections import Counter, namedtuple

from deckbuilder.collection.cards import card_names
from deckbuilder.collection.products import printed_copies
from deckbuilder.collection.sql import connection_of, marks, rows

TYPE_CHECKING = False  # typing's flag, without importing typing
if TYPE_CHECKING:
    from deckbuilder.deck import Deck


def owned_counts(*, session) -> dict[str, int]:
    """card id -> copies owned (cards with none are absent)."""
    db = connection_of(session)
    products = dict(rows(db, "SELECT product, count FROM collection_product"))
    overrides = {
        (code, card_id): copies
        for code, card_id, copies in rows(
            db, "SELECT product, card_id, copies FROM collection_copies"
        )
    }
    counts: Counter[str] = Counter()
    if products:
        # DISTINCT: a card counts once per product (the embedded data has duplicate records).
        contents = rows(
            db,
            "SELECT DISTINCT set_code, card_id FROM card "
            f"WHERE era = 'LCG' AND set_code IN ({marks(products)})",
            products,
        )
        for code, card_id in contents:
            copies = overrides.get((code, card_id), overrides.get((code, ""), printed_copies(code)))
            counts[card_id] += products[code] * copies
    for card_id, count in rows(db, "SELECT card_id, count FROM collection_card"):
        counts[card_id] += count
    return {card_id: n for card_id, n in counts.items() if n > 0}


def reserved_counts(*, session, exclude: str | None = None) -> dict[str, int]:
    """card id -> copies reserved by built decks (except the deck named ``exclude``)."""
    found = rows(
        connection_of(session),
        "SELECT c.card_id, c.count FROM built_deck_card c JOIN built_deck d ON d.id = c.deck_id "
        "WHERE d.name IS NOT ?",
        [exclude],
    )
    counts: Counter[str] = Counter()
    for card_id, count in found:
        counts[card_id] += count
    return dict(counts)


def available_counts(*, session, exclude: str | None = None) -> dict[str, int]:
    """card id -> copies owned and not reserved by a built deck (other than ``exclude``)."""
    owned = owned_counts(session=session)
    reserved = reserved_counts(session=session, exclude=exclude)
    available = {card_id: n - reserved.get(card_id, 0) for card_id, n in owned.items()}
    return {card_id: n for card_id, n in available.items() if n > 0}


# namedtuples, not dataclasses: importing dataclasses costs `card` a tenth of its start-up.
class MissingCard(
    namedtuple("MissingCard", "title need have card_id descriptor", defaults=("", ""))
):
    """title: str  (the label: with the descriptor when the title names several cards)
    need: int
    have: int
    card_id: str = ""
    descriptor: str = ""
    """

    __slots__ = ()

    def to_json(self) -> dict:
        return {
            "title": self.title,
            "need": self.need,
            "have": self.have,
            "card": self.card_id,
            "descriptor": self.descriptor or None,
        }


class BuildCheck(namedtuple("BuildCheck", "deck missing cards")):
    """deck: str
    missing: list[MissingCard]
    cards: int  (copies the deck needs in all)
    """

    __slots__ = ()

    @property
    def buildable(self) -> bool:
        return not self.missing

    @property
    def short(self) -> int:
        """Copies missing in all."""
        return sum(m.need - m.have for m in self.missing)

    def to_json(self) -> dict:
        return {
            "deck": self.deck,
            "buildable": self.buildable,
            "cards": self.cards,
            "short": self.short,
            "missing": [m.to_json() for m in self.missing],
        }


def deck_needs(deck: Deck) -> dict[str, int]:
    """card id -> copies over the draw and story decks."""
    needs: Counter[str] = Counter()
    for entry in [*deck.draw, *deck.story]:
        needs[entry.card.card_id] += entry.count
    return dict(needs)


def missing_for(deck: Deck, *, session) -> BuildCheck:
    """What the collection lacks to build the deck, not counting the deck's own reservation."""
    db = connection_of(session)
    needs = deck_needs(deck)
    have = available_counts(session=db, exclude=deck.name.strip())
    short = {card_id: need for card_id, need in needs.items() if need > have.get(card_id, 0)}
    names = card_names(db, short)
    printed = {e.card.card_id: e.card for e in [*deck.draw, *deck.story]}
    missing = []
    for card_id, need in short.items():
        name = names.get(card_id)
        title = name.label if name else printed[card_id].title
        descriptor = name.descriptor if name else printed[card_id].descriptor or ""
        missing.append(MissingCard(title, need, have.get(card_id, 0), card_id, descriptor))
    missing.sort(key=lambda m: (m.title.lower(), m.card_id))
    return BuildCheck(deck.name.strip(), missing, sum(needs.values()))
