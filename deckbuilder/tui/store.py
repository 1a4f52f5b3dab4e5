"""The app's database work, called from worker threads: a thin layer over the domain.

Every call opens the database through ``prepare_database`` and one session, so each worker
thread has its own connection and every write is one transaction (the domain commits).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from card_db.names import title_key


@dataclass
class Collection:
    """Copies by title key: owned, and available (owned minus built decks' reservations)."""

    owned: dict[str, int] = field(default_factory=dict)
    available: dict[str, int] = field(default_factory=dict)
    built: list = field(default_factory=list)  # collection.BuiltDeckInfo
    summary: object | None = None  # collection.CollectionSummary

    def owned_of(self, card) -> int:
        return self.owned.get(title_key(card.title), 0)

    def available_of(self, card) -> int:
        return self.available.get(title_key(card.title), 0)


class Store:
    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path

    @contextmanager
    def session(self) -> Iterator:
        from card_db.db import prepare_database, session_for

        engine = prepare_database(self.db_path)
        try:
            with session_for(engine) as session:
                yield session
                session.commit()
        finally:
            engine.dispose()

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
