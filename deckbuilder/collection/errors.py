"""Collection changes that cannot be made as asked."""

from __future__ import annotations

from card_db.errors import DeckbuilderError


class CollectionError(DeckbuilderError):
    """A collection change that cannot be made as asked."""


class UnknownProductError(CollectionError):
    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []


class AmbiguousCardError(CollectionError):
    """A title that names several cards where the collection needs one."""
