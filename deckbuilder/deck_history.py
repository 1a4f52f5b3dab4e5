"""Undo/redo of deck edits and whether the deck has unsaved changes.

The history keeps whole snapshots of the deck (a deck is at most a few dozen entries, so a
snapshot is cheaper to reason about than inverse operations). "Unsaved" means the current
snapshot differs from the one last saved: undoing back to it makes the deck clean again.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckbuilder.deck import Deck, DeckEntry

MAX_LEVELS = 500


@dataclass(frozen=True)
class DeckState:
    """One moment of a deck: everything an edit can change (the cards are kept by object,
    compared by id)."""

    name: str
    notes: str
    format: str | None
    list_id: str | None
    draw: tuple[tuple, ...]  # ((card, count), ...)
    story: tuple[tuple, ...]

    @classmethod
    def of(cls, deck: Deck) -> DeckState:
        return cls(
            name=deck.name,
            notes=deck.notes,
            format=deck.format,
            list_id=deck.list_id,
            draw=tuple((e.card, e.count) for e in deck.draw),
            story=tuple((e.card, e.count) for e in deck.story),
        )

    def _key(self) -> tuple:
        def ids(entries):
            return tuple((card.id, count) for card, count in entries)

        return (self.name, self.notes, self.format, self.list_id, ids(self.draw), ids(self.story))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def restore(self, deck: Deck) -> None:
        """Put this moment back into ``deck`` (in place: screens hold the deck object)."""
        deck.name, deck.notes = self.name, self.notes
        deck.format, deck.list_id = self.format, self.list_id
        deck.draw = [DeckEntry(card, count) for card, count in self.draw]
        deck.story = [DeckEntry(card, count) for card, count in self.story]


class DeckHistory:
    """Snapshots before and after each edit; ``record`` after every edit."""

    def __init__(self, state: DeckState, *, max_levels: int = MAX_LEVELS) -> None:
        self.max_levels = max_levels
        self.reset(state)

    def reset(self, state: DeckState) -> None:
        """A deck was opened or created: no history, and nothing unsaved."""
        self.current = state
        self.saved: DeckState | None = state
        self._undo: list[DeckState] = []
        self._redo: list[DeckState] = []
        self._last_kind: str | None = None

    def record(self, state: DeckState, kind: str | None = None) -> bool:
        """The deck is now ``state``; False (nothing recorded) when nothing changed. Steps
        of one ``kind`` in a row (typing the notes) merge into one undo level."""
        if state == self.current:
            return False
        if kind is None or kind != self._last_kind or self._redo:
            self._undo.append(self.current)
            del self._undo[: -self.max_levels]
        self._redo.clear()
        self.current = state
        self._last_kind = kind
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> DeckState | None:
        """The state before the last edit (None when there is none)."""
        if not self._undo:
            return None
        self._redo.append(self.current)
        self.current = self._undo.pop()
        self._last_kind = None
        return self.current

    def redo(self) -> DeckState | None:
        if not self._redo:
            return None
        self._undo.append(self.current)
        self.current = self._redo.pop()
        self._last_kind = None
        return self.current

    def mark_saved(self) -> None:
        self.saved = self.current

    @property
    def unsaved(self) -> bool:
        return self.current != self.saved
