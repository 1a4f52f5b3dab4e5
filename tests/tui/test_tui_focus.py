"""Focus is predictable: a screen opens with its search box focused, letters reach the deck
list or the notes only when the player put the focus there, and F6-F9 reach the editor's
panes (issue 21, items 5-8)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import TabbedContent, TextArea
from textual.widgets._footer import FooterKey
from tui_helpers import SIZE, sample_deck, settle

from deckbuilder.tui.widgets.card_search import SearchBox
from deckbuilder.tui.widgets.card_table import ResultsTable
from deckbuilder.tui.widgets.deck_list import DeckList


async def test_f3_on_a_new_deck_focuses_the_search_so_f_searches(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3", *"fast")
        await pilot.pause()
        assert isinstance(app.focused, SearchBox)
        assert app.focused.value == "fast"
        assert len(app.screen_stack) == 1  # no format picker opened


async def test_coming_back_to_the_editor_from_the_notes_types_into_the_search(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "f9", *"mulligan")
        notes = app.screen.query_one("#deck-notes", TextArea)
        assert notes.text == "mulligan"  # the player put the focus in the notes
        before = app.deck.draw_count
        await pilot.press("f2", "f3", *"yeti", "enter", "plus")
        await pilot.pause()
        assert notes.text == "mulligan" and app.deck.notes == "mulligan"
        assert app.screen.query_one(SearchBox).value == "yeti"
        assert app.deck.draw_count == before + 1


async def test_every_screen_opens_with_its_main_box_focused(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "f6")  # the deck list, then away and back
        assert isinstance(app.focused, DeckList)
        for key, focused in (("f2", "search"), ("f3", "search"), ("f4", "deck-needs"),
                             ("f5", "actions"), ("f3", "search")):  # fmt: skip
            await pilot.press(key)
            await settle(pilot)
            assert app.focused is not None and app.focused.id == focused, key


async def test_a_new_search_puts_the_cursor_on_its_first_card(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f3", "slash", *"t:char", "enter", *["down"] * 12)
        results = app.screen.query_one(ResultsTable)
        assert results.cursor_row == 12
        await pilot.press(*" c<=2")
        await pilot.pause()
        assert results.cursor_row == 0 and results.scroll_y == 0
        await pilot.press("enter", "down")
        assert results.cursor_row == 1


async def test_f6_to_f9_reach_the_deck_list_and_the_tabs_and_show_in_the_footer(
    make_app, full_pool
):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3")
        footer = {key.key for key in app.screen.query(FooterKey)}
        assert {"f6", "f7", "f8", "f9"} <= footer
        tabs = app.screen.query_one("#deck-tabs", TabbedContent)
        for key, tab in (("f8", "charts-tab"), ("f7", "rules-tab")):
            await pilot.press("slash", key)
            assert tabs.active == tab
            assert isinstance(app.focused, VerticalScroll)
            assert app.focused in tabs.query_one(f"#{tab}").query(VerticalScroll)
        await pilot.press("slash", "f9")
        assert tabs.active == "notes-tab" and isinstance(app.focused, TextArea)
        await pilot.press("slash", "f6")
        assert isinstance(app.focused, DeckList)
        before = app.deck.draw_count
        await pilot.press("a")  # the player put the focus on the list: a adds
        await pilot.pause()
        assert app.deck.draw_count == before + 1


async def test_adding_from_the_results_keeps_the_added_card_in_the_preview(make_app, full_pool):
    from deckbuilder.tui.widgets.card_detail import CardDetail

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", *"enslaved yeti", "enter", "plus")
        await pilot.pause()
        assert app.screen.query_one(CardDetail).card.title == "Enslaved Yeti"
