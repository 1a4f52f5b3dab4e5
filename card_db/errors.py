"""Errors the user caused or can fix; the CLI prints them as one line and exits 2."""


class DeckbuilderError(Exception):
    """Base for every error that is reported to the user without a traceback."""


class DatabaseError(DeckbuilderError):
    pass


class CardDataError(DeckbuilderError):
    """A card data file that cannot be imported: malformed, hostile or of an unknown kind."""


class QueryError(DeckbuilderError):
    """A search query that cannot be understood."""


class UnknownCardError(DeckbuilderError):
    """A card title that matches no card; carries suggestions."""

    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []
