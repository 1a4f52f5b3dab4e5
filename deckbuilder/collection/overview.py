"""The whole collection at a glance: products, overrides, adjustments, built decks, totals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from card_db.sets import SetInfo
from deckbuilder.collection.cards import CardName, card_names
from deckbuilder.collection.ownership import available_counts, owned_counts, reserved_counts
from deckbuilder.collection.products import PRODUCT_BY_CODE, printed_copies
from deckbuilder.collection.reservations import BuiltDeckInfo, list_built
from deckbuilder.collection.sql import connection_of, rows


class Adjustment(NamedTuple):
    card_id: str
    name: CardName
    count: int


class ShortCard(NamedTuple):
    """A card built decks reserve more copies of than the collection holds (a forced build)."""

    card_id: str
    name: CardName
    reserved: int
    owned: int

    @property
    def short(self) -> int:
        return self.reserved - self.owned


class CopiesOverride(NamedTuple):
    product: SetInfo
    card_id: str  # "" for every card of the product
    name: CardName | None
    copies: int


@dataclass
class CollectionSummary:
    products: list[tuple[SetInfo, int]]
    adjustments: list[Adjustment]
    copies: list[CopiesOverride]
    built: list[BuiltDeckInfo]
    cards: int  # copies owned in all
    distinct_cards: int  # different cards owned
    titles: int  # different titles owned
    reserved: int  # copies owned and reserved: cards = reserved + available
    available: int
    short: list[ShortCard]  # what built decks reserve beyond the copies owned

    @property
    def short_total(self) -> int:
        return sum(s.short for s in self.short)

    def to_json(self) -> dict:
        return {
            "products": [
                {"code": s.code, "name": s.name, "count": n, "copies_each": printed_copies(s.code)}
                for s, n in self.products
            ],
            "cards": self.cards,
            "distinct_cards": self.distinct_cards,
            "titles": self.titles,
            "reserved": self.reserved,
            "available": self.available,
            "short": self.short_total,
            "short_cards": [
                {"title": s.name.label, "card": s.card_id, "reserved": s.reserved, "owned": s.owned}
                for s in self.short
            ],
            "adjustments": [
                {"title": a.name.label, "card": a.card_id, "count": a.count}
                for a in self.adjustments
            ],
            "copies": [
                {
                    "product": c.product.code,
                    "title": c.name.label if c.name else None,
                    "card": c.card_id or None,
                    "copies": c.copies,
                }
                for c in self.copies
            ],
            "built": [{"name": d.name, "cards": d.count} for d in self.built],
        }


def _name(names: dict[str, CardName], card_id: str, stored: str) -> CardName:
    return names.get(card_id) or CardName(stored, "", stored)


def summary(*, session) -> CollectionSummary:
    """The whole collection."""
    db = connection_of(session)
    products = [
        (PRODUCT_BY_CODE[code], count)
        for code, count in rows(db, "SELECT product, count FROM collection_product")
        if code in PRODUCT_BY_CODE
    ]
    copies_rows = rows(db, "SELECT product, card_id, title, copies FROM collection_copies")
    adjustment_rows = rows(db, "SELECT card_id, title, count FROM collection_card")
    owned = owned_counts(session=db)
    reserved = reserved_counts(session=db)
    names = card_names(
        db, [*owned, *reserved, *(r[1] for r in copies_rows), *(r[0] for r in adjustment_rows)]
    )
    adjustments = [Adjustment(c, _name(names, c, t), n) for c, t, n in adjustment_rows]
    copies = [
        CopiesOverride(PRODUCT_BY_CODE[code], c, _name(names, c, t) if c else None, n)
        for code, c, t, n in copies_rows
        if code in PRODUCT_BY_CODE
    ]
    available = available_counts(session=db)
    # A forced build reserves cards the collection lacks: those are short, not reserved, so
    # that owned = reserved + available.
    short = [
        ShortCard(card_id, _name(names, card_id, card_id), n, owned.get(card_id, 0))
        for card_id, n in reserved.items()
        if n > owned.get(card_id, 0)
    ]
    return CollectionSummary(
        products=sorted(products, key=lambda p: p[0].order),
        adjustments=sorted(adjustments, key=lambda a: (a.name.label.lower(), a.card_id)),
        copies=sorted(
            copies, key=lambda c: (c.product.order, c.name.label if c.name else "", c.card_id)
        ),
        built=list_built(session=db),
        cards=sum(owned.values()),
        distinct_cards=len(owned),
        titles=len({names[c].title.lower() if c in names else c for c in owned}),
        reserved=sum(min(n, owned.get(card_id, 0)) for card_id, n in reserved.items()),
        available=sum(available.values()),
        short=sorted(short, key=lambda s: (s.name.label.lower(), s.card_id)),
    )
