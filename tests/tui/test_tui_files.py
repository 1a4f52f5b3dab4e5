"""The app never loses or overwrites a file silently: a write over a file that holds
something else asks first, showing the whole path; the first write over a file the app did
not write keeps it as NAME.bak; an OCTGN deck comes back as it was but for the edit; export
writes a copy and leaves the deck's own file alone; a new deck is named on its first save."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label
from tui_helpers import SIZE, sample_deck, settle

from deckbuilder.tui.screens.prompts import Confirm, TextPrompt

OCTGN_DECK = """<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="43054c18-2362-43e0-a434-72f8d0e8477c">
  <section name="Draw Deck" shared="False">{cards}</section>
  <section name="Story Deck" shared="True" />
  <notes>Name: Shared deck
Keep these notes.</notes>
</deck>
"""


def _o8d(full_pool) -> str:
    deck = sample_deck(full_pool)
    cards = "".join(
        f'<card qty="{e.count}" id="{e.card.octgn_id}">* {e.card.title}</card>' for e in deck.draw
    )
    return OCTGN_DECK.format(cards=cards)


def _question(app) -> str:
    return " ".join(str(label.render()) for label in app.screen.query(Label))


async def test_export_over_another_file_asks_with_the_whole_path_and_keeps_a_backup(
    make_app, full_pool, tmp_path
):
    folder = tmp_path / "a folder with a rather long name to be wrapped" / "decks"
    folder.mkdir(parents=True)
    target = folder / "tournament-final-list.txt"
    target.write_text("someone else's deck\n")
    app = make_app(private=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Mine"), None)
        app.export_deck(target)
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        assert str(target) in " ".join(_question(app).split())  # the whole path, wrapped
        await pilot.press("n")
        await settle(pilot)
        assert target.read_text() == "someone else's deck\n"  # untouched
        app.export_deck(target)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        from deckbuilder.formats import read_deck

        assert read_deck(target, full_pool).draw_count == app.deck.draw_count
        assert Path(f"{target}.bak").read_text() == "someone else's deck\n"
        assert app.deck_path is None  # an export is a copy: the deck is not re-pointed
        app.export_deck(target)  # the app wrote it: no question the second time
        await settle(pilot)
        assert not isinstance(app.screen, Confirm)


async def test_saving_a_deck_opened_from_octgn_asks_keeps_a_backup_and_the_xml(
    make_app, full_pool, tmp_path
):
    path = tmp_path / "shared.o8d"
    original = _o8d(full_pool)
    path.write_text(original)
    app = make_app(deck_path=path, private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.deck.name == "Shared deck" and app.deck_path == path
        first = app.deck.draw[0].card
        app.change_deck(first, -1)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, Confirm) and str(path) in " ".join(_question(app).split())
        await pilot.press("y")
        await settle(pilot)
        assert Path(f"{path}.bak").read_text() == original
        written = path.read_text()
        assert 'shared="True"' in written and 'shared="False"' in written
        assert f"* {app.deck.draw[-1].card.title}" in written  # markers kept
        assert "Keep these notes." in written and written.count("Name:") == 1
        app.change_deck(first, 1)
        await pilot.press("ctrl+s")  # its own file now: saved without a question
        await settle(pilot)
        assert not isinstance(app.screen, Confirm) and not app.unsaved


async def test_a_new_deck_is_named_on_its_first_save(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.change_deck(full_pool.printings("Dagon")[0], 1)
        await pilot.press("f3", "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TextPrompt)
        await pilot.press("ctrl+a", "ctrl+k", *"Fishy", "enter")
        await settle(pilot)
        assert app.deck.name == "Fishy" and not app.unsaved
        assert "Fishy" in app.store.deck_names() and "Untitled deck" not in app.store.deck_names()
