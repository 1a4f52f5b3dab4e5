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
    # The card this printing is of (card_db/identity.py): the id of its first LCG printing.
    card_id: str = Field(default="", index=True)
    # The title's and the descriptor's search words (names.name_words), kept by every write
    # of a title or descriptor: a search matches words against them without folding names.
    title_words: str = ""
    descriptor_words: str = ""


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


# The collection (SPEC §8). Ownership counts by card (card_db/identity.py): per-card rows key
# on the card id and keep the title as the user last saw it (shown if the card is ever gone);
# product rows key on the set code of card_db/sets.py.


class OwnedProductBase(SQLModel):
    count: int = 1


class OwnedProduct(OwnedProductBase, table=True):
    __tablename__ = "collection_product"
    product: str = Field(primary_key=True)  # set code, e.g. "Core"


class CardAdjustmentBase(SQLModel):
    title: str
    count: int = 0  # singles bought (+) or cards lost (-)


class CardAdjustment(CardAdjustmentBase, table=True):
    __tablename__ = "collection_card"
    card_id: str = Field(primary_key=True)


class ProductCopiesBase(SQLModel):
    title: str = ""  # "" for every card of the product
    copies: int


class ProductCopies(ProductCopiesBase, table=True):
    """The user's printing holds a different number of copies than the product data says."""

    __tablename__ = "collection_copies"
    product: str = Field(primary_key=True)
    card_id: str = Field(default="", primary_key=True)  # "" for every card of the product


class BuiltDeckBase(SQLModel):
    name: str = Field(index=True, unique=True)


class BuiltDeck(BuiltDeckBase, table=True):
    __tablename__ = "built_deck"
    id: int | None = Field(default=None, primary_key=True)
    built_at: datetime = Field(default_factory=_now)


class BuiltDeckCardBase(SQLModel):
    title: str
    count: int


class BuiltDeckCard(BuiltDeckCardBase, table=True):
    """A snapshot of a built deck's cards, so later edits of its file don't move reservations."""

    __tablename__ = "built_deck_card"
    deck_id: int = Field(foreign_key="built_deck.id", primary_key=True, ondelete="CASCADE")
    card_id: str = Field(primary_key=True)


class LegalityListRow(SQLModel, table=True):
    """A restricted/banned list a user added (``db add-list``); built-in lists are files."""

    __tablename__ = "legality_list"
    id: str = Field(primary_key=True)
    name: str
    effective: str | None = None
    source: str = ""
    document: str  # the list in its JSON file form
    added_at: datetime = Field(default_factory=_now)
