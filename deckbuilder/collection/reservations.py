"""Built decks: a deck marked built reserves a snapshot of its cards, so later edits of its
file don't move the reservation until it is built again."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from deckbuilder.collection.cards import card_names
from deckbuilder.collection.errors import CollectionError
from deckbuilder.collection.ownership import BuildCheck, deck_needs, missing_for
from deckbuilder.collection.sql import connection_of, rows

if TYPE_CHECKING:
    from deckbuilder.deck import Deck


def now_text() -> str:
    """A timestamp as the database stores them (SQLAlchemy's form, UTC)."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def reserve(db, name: str, cards: dict[str, tuple[str, int]]) -> None:
    """Make ``cards`` (card id -> (title, copies)) the snapshot of the built deck ``name``."""
    found = rows(db, "SELECT id FROM built_deck WHERE name = ?", [name])
    if found:
        deck_id = found[0][0]
        db.execute("DELETE FROM built_deck_card WHERE deck_id = ?", (deck_id,))
        db.execute("UPDATE built_deck SET built_at = ? WHERE id = ?", (now_text(), deck_id))
    else:
        cursor = db.execute(
            "INSERT INTO built_deck (name, built_at) VALUES (?, ?)", (name, now_text())
        )
        deck_id = cursor.lastrowid
    db.executemany(
        "INSERT INTO built_deck_card (deck_id, card_id, title, count) VALUES (?, ?, ?, ?)",
        [(deck_id, card_id, title, n) for card_id, (title, n) in cards.items()],
    )


def build(deck: Deck, *, session, force: bool = False) -> BuildCheck:
    """Mark the deck built: reserve a snapshot of its cards under its name (building again
    refreshes the snapshot). Unless ``force``, nothing is saved when cards are missing."""
    db = connection_of(session, write=True)
    name = deck.name.strip()
    if not name:
        raise CollectionError("the deck has no name")
    needs = deck_needs(deck)
    if not needs:
        raise CollectionError(f"deck {name!r} has no cards")
    check = missing_for(deck, session=db)
    if not check.buildable and not force:
        return check
    titles = {e.card.card_id: e.card.title for e in [*deck.draw, *deck.story]}
    reserve(db, name, {card_id: (titles[card_id], n) for card_id, n in needs.items()})
    return check


def unbuild(name: str, *, session) -> None:
    """Release a built deck's reservation."""
    db = connection_of(session, write=True)
    found = rows(db, "SELECT id FROM built_deck WHERE name = ?", [name.strip()])
    if not found:
        built = [d.name for d in list_built(session=db)]
        known = f"; built decks: {', '.join(built)}" if built else "; no deck is built"
        raise CollectionError(f"no built deck is named {name!r}{known}")
    db.execute("DELETE FROM built_deck_card WHERE deck_id = ?", (found[0][0],))
    db.execute("DELETE FROM built_deck WHERE id = ?", (found[0][0],))


@dataclass
class BuiltDeckInfo:
    name: str
    built_at: datetime | None
    cards: dict[str, int] = field(default_factory=dict)  # card id -> copies reserved
    titles: dict[str, str] = field(default_factory=dict)  # card id -> its label

    @property
    def count(self) -> int:
        return sum(self.cards.values())


def list_built(*, session) -> list[BuiltDeckInfo]:
    """The built decks with their reserved cards (by label), by name."""
    db = connection_of(session)
    decks = {
        deck_id: BuiltDeckInfo(name, _timestamp(built_at))
        for deck_id, name, built_at in rows(db, "SELECT id, name, built_at FROM built_deck")
    }
    reserved = rows(db, "SELECT deck_id, card_id, title, count FROM built_deck_card")
    names = card_names(db, (card_id for _d, card_id, _t, _n in reserved))
    for deck_id, card_id, title, count in sorted(
        reserved, key=lambda r: (_label(names, r[1], r[2]).lower(), r[1])
    ):
        decks[deck_id].cards[card_id] = count
        decks[deck_id].titles[card_id] = _label(names, card_id, title)
    return sorted(decks.values(), key=lambda d: d.name.lower())


def _label(names, card_id: str, stored: str) -> str:
    name = names.get(card_id)
    return name.label if name else stored


def _timestamp(value) -> datetime | None:
    if isinstance(value, datetime) or value is None:
        return value
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None
