"""SQLModel tables: how cards, decks and the collection are stored.

Only the write side (import, schema creation, migrations, deck and collection edits) imports
this module; reading cards for search goes through ``store.py`` with plain sqlite3 because
importing SQLAlchemy costs more than the whole search.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Field, SQLModel


def _now() -> datetime:
    return datetime.now(UTC)


class CardBase(SQLModel):
    title: str
    title_key: str = Field(index=True)
    descriptor: str | None = None
    type: str
    faction: str
    era: str = Field(index=True)
    set_code: str
    set_name: str
    cycle: str | None = None
    number: str
    cost: int | None = None
    cost_is_x: bool = False
    skill: int | None = None
    skill_is_x: bool = False
    terror: int = 0
    combat: int = 0
    arcane: int = 0
    investigation: int = 0
    subtypes: str = ""  # "|"-joined
    keywords: str = ""  # "|"-joined, normalised
    steadfast: str = ""  # "Faction:count|..."
    transient: bool = False
    unique: bool = False
    text: str = ""
    flavor: str | None = None
    illustrator: str | None = None
    max_copies: int = 3
    octgn_id: str | None = Field(default=None, index=True)
    cgdb_restricted: bool = False
    cgdb_banned: bool = False
    release_order: int = 0


class CardRow(CardBase, table=True):
    __tablename__ = "card"
    id: str = Field(primary_key=True)


class DeckBase(SQLModel):
    name: str = Field(index=True, unique=True)
    format: str = "lcg"
    list_id: str | None = None
    notes: str = ""


class Deck(DeckBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    updated_at: datetime = Field(default_factory=_now)


class DeckCard(SQLModel, table=True):
    __tablename__ = "deck_card"
    deck_id: int = Field(foreign_key="deck.id", primary_key=True, ondelete="CASCADE")
    card_id: str = Field(foreign_key="card.id", primary_key=True)
    section: str = Field(default="draw", primary_key=True)  # "draw" or "story"
    count: int = 1
