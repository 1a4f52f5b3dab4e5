"""Messages the app's workers and widgets post upwards (attributes down, messages up)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class PoolLoaded(Message):
    """The card pool and the legality lists finished loading in their worker."""

    pool: Any  # card_db.pool.CardPool
    lists: dict
    default_list: Any  # legality.ResolvedList of the newest list


@dataclass
class CollectionLoaded(Message):
    collection: Any  # tui.store.Collection


@dataclass
class WorkFailed(Message):
    """Slow work in a worker failed; the message is shown as a notification."""

    what: str
    error: str


@dataclass
class SearchDone(Message):
    """The browser's results changed (total matches, rows shown, query error if any)."""

    query: str
    total: int
    shown: int
    error: str | None = None


@dataclass
class DeckChanged(Message):
    """The current deck was edited, opened, renamed or replaced."""

    reason: str


@dataclass
class BatchProgress(Message):
    done: int
    total: int


@dataclass
class BatchDone(Message):
    stats: Any
    seconds: float
