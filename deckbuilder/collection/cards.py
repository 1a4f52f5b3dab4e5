"""Which card a collection entry is: the user's words to one card, and a card's name back.

The collection counts cards (card_db/identity.py), so where a title names several cards the
user says which: the title with its descriptor ("Carl Stanford, Deathless Fanatic"), or the
card id ("Core-041"); otherwise the change is refused, naming the candidates.
"""

from __future__ import annotations

import re
import sqlite3
from collections import namedtuple
from collections.abc import Collection, Iterable

from card_db.identity import descriptor_key
from deckbuilder.collection.errors import AmbiguousCardError, CollectionError
from deckbuilder.collection.sql import marks, rows

TYPE_CHECKING = False  # typing's flag, without importing typing
if TYPE_CHECKING:
    from card_db.card import Card
    from card_db.pool import CardPool

# More copies than anyone owns of a card or a product; larger counts are typing mistakes.
MAX_COUNT = 9999
_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_count(text: str, *, what: str = "count") -> int:
    """A whole number as typed (ASCII digits only), within ±MAX_COUNT."""
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise CollectionError(f"{what} {shown!r} is not a whole number")
    if len(text.lstrip("+-").lstrip("0")) > len(str(MAX_COUNT)):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise CollectionError(f"{what} {shown} is too large (at most {MAX_COUNT})")
    return check_count(int(text), what=what)


def check_count(value: int, *, what: str = "count") -> int:
    if abs(value) > MAX_COUNT:
        raise CollectionError(f"{what} {value} is too large (at most {MAX_COUNT})")
    return value


def _cards_of(printings: Iterable[Card], pool: CardPool) -> list[Card]:
    seen: dict[str, Card] = {}
    for printing in printings:
        if printing.card_id not in seen:
            seen[printing.card_id] = pool.card(printing.card_id) or printing
    return list(seen.values())


def describe(card: Card) -> str:
    return f'"{card.full_title}" ({card.card_id}, {card.faction} {card.type.lower()})'


def resolve_card(
    text: str,
    *,
    pool: CardPool,
    descriptor: str = "",
    within: Collection[str] | None = None,
    warnings: list[str] | None = None,
) -> Card:
    """The card the user means (its own printing): by card or printing id, by title, or by
    "Title, Descriptor". ``descriptor`` keeps the cards it describes; ``within`` (card ids)
    picks among several cards of a title the one it holds. A near-certain typo is corrected
    with a note in ``warnings``; an unknown title raises UnknownCardError with suggestions,
    one that still names several cards AmbiguousCardError naming them."""
    from deckbuilder.resolve import Resolver

    by_id = pool.by_id.get(text.strip())
    if by_id is not None:
        return pool.card(by_id.card_id) or by_id
    printings, notes = Resolver(pool).title_printings(text)
    if warnings is not None:
        warnings.extend(notes)
    cards = _cards_of(printings, pool)
    if descriptor.strip():
        described = [c for c in cards if descriptor_key(c.descriptor) == descriptor_key(descriptor)]
        if not described:
            known = ", ".join(describe(c) for c in cards)
            raise CollectionError(
                f'"{cards[0].title}" has no card described "{descriptor.strip()}" ({known})'
            )
        cards = described
    if within is not None and len(cards) > 1:
        cards = [c for c in cards if c.card_id in within] or cards
    if len(cards) > 1:
        raise AmbiguousCardError(
            f'"{cards[0].title}" names {len(cards)} cards: '
            f"{', '.join(describe(c) for c in cards)}; write the title with its descriptor "
            f'("{cards[0].full_title}") or give the card id'
        )
    return cards[0]


class CardName(namedtuple("CardName", "title descriptor label")):
    """title: str
    descriptor: str
    label: str  (the title, with the descriptor (or card id) when the title names several cards)
    """

    __slots__ = ()


def card_names(db: sqlite3.Connection, card_ids: Iterable[str]) -> dict[str, CardName]:
    """card id -> its name, for the ids that are cards of the database."""
    ids = sorted(set(card_ids) - {""})
    names: dict[str, CardName] = {}
    for start in range(0, len(ids), 500):  # SQLite caps the parameters of one statement
        chunk = ids[start : start + 500]
        found = rows(
            db,
            "SELECT c.id, c.title, c.descriptor, (SELECT COUNT(DISTINCT t.card_id) FROM card t "
            f"WHERE t.title_key = c.title_key) FROM card c WHERE c.id IN ({marks(chunk)})",
            chunk,
        )
        for card_id, title, descriptor, cards in found:
            label = title if cards <= 1 else f"{title} ({descriptor or card_id})"
            names[card_id] = CardName(title, descriptor or "", label)
    return names


def known_card(db: sqlite3.Connection, card: str) -> tuple[str, str]:
    """(card id, title) of a card or printing id the database holds."""
    found = rows(db, "SELECT card_id, title FROM card WHERE id = ?", [card])
    if not found:
        raise CollectionError(f"the database holds no card {card!r}")
    return found[0][0] or card, found[0][1]
