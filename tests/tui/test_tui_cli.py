"""`deckbuilder` and `deckbuilder tui DECK` open the app built by ``create_app``."""

from __future__ import annotations

import contextlib
import io

import pytest

from deckbuilder.tui.app import DeckbuilderApp


@pytest.fixture
def opened(monkeypatch):
    """The apps the CLI would have run (their run() is replaced by a recorder)."""
    apps = []
    monkeypatch.setattr(DeckbuilderApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


def _main(*argv: str) -> tuple[int, str]:
    from deckbuilder.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def test_no_arguments_opens_the_app_on_the_selected_database(opened, tmp_path):
    db = tmp_path / "cards.sqlite"
    assert _main("--db", str(db)) == (0, "")
    (app,) = opened
    assert app.db_path == db and app.initial_deck_path is None


def test_tui_with_a_deck_file_opens_it(opened, tmp_path):
    deck = tmp_path / "my deck.txt"
    deck.write_text("3x Itinerant Scholar\n", encoding="utf-8")
    assert _main("tui", str(deck))[0] == 0
    assert opened[0].initial_deck_path == deck


def test_a_missing_deck_file_is_a_one_line_error(opened, tmp_path):
    code, err = _main("tui", str(tmp_path / "nope.txt"))
    assert code == 2 and opened == []
    assert err.strip().count("\n") == 0 and "nope.txt" in err
