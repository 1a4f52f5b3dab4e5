"""Decks saved in the database (tables ``deck`` and ``deck_card``).

Functions take a keyword-only SQLModel ``session`` (open one with
``card_db.db.session_for(prepare_database(path))``); each write is one transaction begun
with BEGIN IMMEDIATE (``db.begin_write``), so a failed save leaves the previous version of the
deck intact and two saves at once never lose one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from card_db.db import begin_write
from card_db.errors import DeckbuilderError
from deckbuilder.deck import Deck


class DeckStoreError(DeckbuilderError):
    """An unknown deck name, a name already taken, or a card the database does not hold."""


@dataclass
class DeckSummary:
    name: str
    format: str
    list_id: str | None
    draw_count: int
    story_count: int
    updated_at: datetime


def _row(session, name: str):
    from sqlmodel import select

    from card_db.models import Deck as DeckRow

    return session.exec(select(DeckRow).where(DeckRow.name == name)).first()


def _require(session, name: str):
    row = _row(session, name)
    if row is None:
        raise DeckStoreError(f'no saved deck named "{name}"')
    return row


def list_decks(*, session) -> list[DeckSummary]:
    """Every saved deck, by name."""
    from sqlmodel import select

    from card_db.models import Deck as DeckRow
    from card_db.models import DeckCard

    counts: dict[tuple[int, str], int] = {}
    for card in session.exec(select(DeckCard)):
        key = (card.deck_id, card.section)
        counts[key] = counts.get(key, 0) + card.count
    return [
        DeckSummary(
            name=row.name,
            format=row.format,
            list_id=row.list_id,
            draw_count=counts.get((row.id, "draw"), 0),
            story_count=counts.get((row.id, "story"), 0),
            updated_at=row.updated_at,
        )
        for row in session.exec(select(DeckRow).order_by(DeckRow.name))
    ]


def save_deck(deck: Deck, *, session) -> None:
    """Create or replace the saved deck named ``deck.name``."""
    from sqlmodel import delete

    from card_db.models import CardRow, DeckCard, _now
    from card_db.models import Deck as DeckRow

    if not deck.name.strip():
        raise DeckStoreError("a saved deck needs a name")
    begin_write(session)
    wanted = {e.card.id for e in (*deck.draw, *deck.story)}
    missing = sorted(card_id for card_id in wanted if session.get(CardRow, card_id) is None)
    if missing:
        raise DeckStoreError(f'deck "{deck.name}": the database holds no card {", ".join(missing)}')
    try:
        row = _row(session, deck.name) or DeckRow(name=deck.name)
        row.format = deck.format or "lcg"
        row.list_id = deck.list_id
        row.notes = deck.notes
        row.updated_at = _now()
        session.add(row)
        session.flush()
        session.exec(delete(DeckCard).where(DeckCard.deck_id == row.id))
        for section, entries in (("draw", deck.draw), ("story", deck.story)):
            counts: dict[str, int] = {}
            for entry in entries:
                counts[entry.card.id] = counts.get(entry.card.id, 0) + entry.count
            for card_id, count in counts.items():
                if count > 0:
                    session.add(
                        DeckCard(deck_id=row.id, card_id=card_id, section=section, count=count)
                    )
        session.commit()
    except Exception:
        session.rollback()
        raise


def load_deck(name: str, pool, *, session) -> Deck:
    """The saved deck ``name`` with its cards from ``pool``."""
    from sqlmodel import select

    from card_db.models import DeckCard

    row = _require(session, name)
    deck = Deck(name=row.name, format=row.format, list_id=row.list_id, notes=row.notes or "")
    rows = session.exec(
        select(DeckCard).where(DeckCard.deck_id == row.id).order_by(DeckCard.card_id)
    )
    for item in rows:
        card = pool.by_id.get(item.card_id)
        if card is None:
            raise DeckStoreError(f'deck "{name}": card {item.card_id} is not in the card pool')
        deck.add(card, item.count, section=item.section)
    return deck


def rename_deck(old: str, new: str, *, session) -> None:
    if not new.strip():
        raise DeckStoreError("a saved deck needs a name")
    begin_write(session)
    row = _require(session, old)
    if old != new and _row(session, new) is not None:
        raise DeckStoreError(f'a deck named "{new}" already exists')
    row.name = new
    session.add(row)
    session.commit()


def delete_deck(name: str, *, session) -> None:
    from sqlmodel import delete

    from card_db.models import DeckCard

    begin_write(session)
    row = _require(session, name)
    try:
        session.exec(delete(DeckCard).where(DeckCard.deck_id == row.id))
        session.delete(row)
        session.commit()
    except Exception:
        session.rollback()
        raise
