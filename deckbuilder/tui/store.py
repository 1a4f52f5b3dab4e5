"""The app's database work, called from worker threads: a thin layer over the domain.

The database is prepared once; every call then takes one session (each worker thread gets
its own connection from the engine's pool), and every write is one transaction.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Collection:
    """Copies by card id: owned, and available (owned minus built decks' reservations)."""

    owned: dict[str, int] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    built: list = field(default_factory=list)  # collection.BuiltDeckInfo
    summary: object | None = None  # collection.CollectionSummary

    def owned_of(self, card) -> int:
        return self.owned.get(card.card_id, 0)

    def available_of(self, card) -> int:
        return self.available.get(card.card_id, 0)


class Store:
    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self._engine = None
        self._engine_lock = threading.Lock()

    def _prepared_engine(self):
        """The database is prepared (schema, embedded data) once, on first use."""
        from card_db.db import prepare_database

        with self._engine_lock:
            if self._engine is None:
                self._engine = prepare_database(self.db_path)
            return self._engine

    @contextmanager
    def session(self) -> Iterator:
        from card_db.db import session_for

        with session_for(self._prepared_engine()) as session:
            yield session
            session.commit()

    # --- saved decks --------------------------------------------------------------------

    def deck_names(self) -> list[str]:
        from deckbuilder import deck_store

        with self.session() as session:
            return [d.name for d in deck_store.list_decks(session=session)]

    def load_deck(self, name: str, pool):
        from deckbuilder import deck_store

        with self.session() as session:
            return deck_store.load_deck(name, pool, session=session)

    def save_deck(self, deck) -> None:
        from deckbuilder import deck_store

        with self.session() as session:
            deck_store.save_deck(deck, session=session)

    def rename_deck(self, old: str, new: str) -> None:
        from deckbuilder import deck_store

        with self.session() as session:
            deck_store.rename_deck(old, new, session=session)

    def delete_deck(self, name: str) -> None:
        from deckbuilder import deck_store

        with self.session() as session:
            deck_store.delete_deck(name, session=session)

    # --- the collection -----------------------------------------------------------------

    def collection(self) -> Collection:
        from deckbuilder import collection

        with self.session() as session:
            return Collection(
                owned=collection.owned_counts(session=session),
                available=collection.available_counts(session=session),
                built=collection.list_built(session=session),
                summary=collection.summary(session=session),
            )

    def missing_for(self, deck):
        from deckbuilder import collection

        with self.session() as session:
            return collection.missing_for(deck, session=session)

    def build(self, deck):
        from deckbuilder import collection

        with self.session() as session:
            return collection.build(deck, session=session)

    def unbuild(self, name: str) -> None:
        from deckbuilder import collection

        with self.session() as session:
            collection.unbuild(name, session=session)

    def add_product(self, product: str, count: int = 1) -> str:
        from deckbuilder import collection

        with self.session() as session:
            info, total = collection.add_product(product, count, session=session)
            return f"{info.name}: {total} owned"

    def add_card(self, text: str, count: int, pool) -> str:
        """Copies of a single card (a title, "Title, Descriptor" or an id) owned beyond the
        products (negative: removed)."""
        from deckbuilder import collection

        card = collection.resolve_card(text, pool=pool)
        with self.session() as session:
            change = collection.add_card(card.card_id, count, session=session)
            return f"{change.title}: {change.adjustment:+d} beyond the products"
