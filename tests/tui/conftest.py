"""Fixtures for the TUI tests: the app over the real card pool, messages it posted."""

from __future__ import annotations

import pytest


@pytest.fixture
def messages():
    """Every message the app processed, for message_hook= (harlequin style)."""
    return []


@pytest.fixture
def make_app(full_db, full_pool):
    """The app from the same factory as the CLI, over a preloaded pool (no worker wait)."""
    from deckbuilder.tui.app import create_app

    def factory(**kwargs):
        kwargs.setdefault("pool", full_pool)
        return create_app(db_path=full_db, **kwargs)

    return factory


@pytest.fixture
def make_private_app(full_db_env, full_pool):
    """The app over a private copy of the database, for tests that save decks or own cards."""
    from deckbuilder.tui.app import create_app

    def factory(**kwargs):
        kwargs.setdefault("pool", full_pool)
        return create_app(db_path=full_db_env, **kwargs)

    return factory
