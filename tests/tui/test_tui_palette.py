"""The command palette finds cards, saved decks and screens."""

from __future__ import annotations

from textual.command import CommandPalette
from tui_helpers import SIZE, sample_deck, settle

from deckbuilder.tui.screens.browser import BrowserScreen
from deckbuilder.tui.screens.deck import DeckScreen
from deckbuilder.tui.widgets.card_detail import CardDetail


async def _palette(pilot, text: str) -> None:
    await pilot.press("ctrl+p")
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*text)
    await pilot.pause(0.6)  # the palette searches its providers asynchronously
    await pilot.press("enter")
    await settle(pilot)


async def test_palette_jumps_to_a_card(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _palette(pilot, "nathaniel peaslee")
        assert isinstance(app.screen, BrowserScreen)
        assert app.screen.query_one(CardDetail).card.title == "Professor Nathaniel Peaslee"


async def test_palette_jumps_to_a_screen_and_opens_a_saved_deck(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.store.save_deck(sample_deck(full_pool, "Palette deck"))
        await _palette(pilot, "screen deck editor")
        assert isinstance(app.screen, DeckScreen)
        await _palette(pilot, "deck: palette deck")
        assert app.deck.name == "Palette deck"


async def test_opening_a_deck_from_the_palette_asks_about_unsaved_changes(make_app, full_pool):
    from deckbuilder.tui.screens.prompts import UnsavedPrompt

    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.store.save_deck(sample_deck(full_pool, "Palette deck"))
        app.set_deck(sample_deck(full_pool, "Edited"), None)
        app.change_deck(full_pool.by_id["Core-029"], -1)
        await _palette(pilot, "deck: palette deck")
        assert isinstance(app.screen, UnsavedPrompt)
        await pilot.press("escape")
        assert app.deck.name == "Edited" and app.unsaved
        await _palette(pilot, "deck: palette deck")
        await pilot.press("d")
        await settle(pilot)
        assert app.deck.name == "Palette deck" and not app.unsaved
