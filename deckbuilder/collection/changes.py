"""Changes to what the player owns: products, single cards, copies per product.

Each change is one read-modify-write in the caller's write transaction (taken with BEGIN
IMMEDIATE before the first read, see ``sql.connection_of``), so two processes adding cards
at once both count.
"""

from __future__ import annotations

from dataclasses import dataclass

from card_db.sets import SetInfo
from deckbuilder.collection.cards import card_names, check_count, known_card
from deckbuilder.collection.errors import CollectionError
from deckbuilder.collection.ownership import owned_counts
from deckbuilder.collection.products import find_product
from deckbuilder.collection.sql import connection_of, rows


def add_product(product: str, count: int = 1, *, session) -> tuple[SetInfo, int]:
    """Add (or with a negative count remove) copies of a product; returns it and the new count."""
    db = connection_of(session, write=True)
    info = find_product(product)
    found = rows(db, "SELECT count FROM collection_product WHERE product = ?", [info.code])
    have = found[0][0] if found else 0
    new_count = check_count(have + check_count(count))
    if new_count < 0:
        raise CollectionError(f"you own {have} × {info.name}; cannot remove {-count}")
    if new_count == 0:
        db.execute("DELETE FROM collection_product WHERE product = ?", (info.code,))
    else:
        db.execute(
            "INSERT INTO collection_product (product, count) VALUES (?, ?) "
            "ON CONFLICT (product) DO UPDATE SET count = excluded.count",
            (info.code, new_count),
        )
    return info, new_count


@dataclass
class CardChange:
    card_id: str
    title: str  # with the descriptor when the title names several cards
    adjustment: int  # the card's single-card adjustment after the change
    owned: int  # copies owned after the change


def add_card(card: str, count: int = 1, *, session) -> CardChange:
    """Adjust the copies of a card (a card or printing id) owned beyond the products
    (negative: lost or sold)."""
    db = connection_of(session, write=True)
    card_id, title = known_card(db, card)
    check_count(count)
    owned = owned_counts(session=db).get(card_id, 0)
    label = card_names(db, [card_id]).get(card_id, (title, "", title))[2]
    if owned + count < 0:
        raise CollectionError(f"you own {owned} × {label}; cannot remove {-count}")
    found = rows(db, "SELECT count FROM collection_card WHERE card_id = ?", [card_id])
    adjustment = check_count((found[0][0] if found else 0) + count)
    if adjustment == 0:
        db.execute("DELETE FROM collection_card WHERE card_id = ?", (card_id,))
    else:
        db.execute(
            "INSERT INTO collection_card (card_id, title, count) VALUES (?, ?, ?) ON CONFLICT "
            "(card_id) DO UPDATE SET count = excluded.count, title = excluded.title",
            (card_id, title, adjustment),
        )
    return CardChange(card_id, label, adjustment, owned + count)


def set_copies(product: str, copies: int | None, *, card: str | None = None, session) -> SetInfo:
    """Override how many copies of each card (or of one card: a card or printing id) the
    user's printing of a product holds; ``copies=None`` goes back to the product data."""
    db = connection_of(session, write=True)
    info = find_product(product)
    if copies is not None and not 0 <= copies <= 99:
        raise CollectionError(f"copies must be 0 to 99, not {copies}")
    card_id, title = "", ""
    if card is not None:
        card_id, title = known_card(db, card)
        inside = "SELECT 1 FROM card WHERE era = 'LCG' AND set_code = ? AND card_id = ?"
        if not rows(db, inside, [info.code, card_id]):
            label = card_names(db, [card_id]).get(card_id, (title, "", title))[2]
            raise CollectionError(f"{label} is not in {info.name}")
    if copies is None:
        db.execute(
            "DELETE FROM collection_copies WHERE product = ? AND card_id = ?", (info.code, card_id)
        )
    else:
        db.execute(
            "INSERT INTO collection_copies (product, card_id, title, copies) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (product, card_id) DO UPDATE SET copies = excluded.copies, "
            "title = excluded.title",
            (info.code, card_id, title, copies),
        )
    return info
