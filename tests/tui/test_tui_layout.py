"""It fits and it says things once (issue 21, items 9-11): at 80x24 every screen shows what
it is for, a resize re-lays out, one toast per burst of adds, batch statistics follow the
deck, long messages wrap, and the card text is whole and scrollable."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import DataTable, OptionList, RichLog, Static
from textual.widgets._footer import FooterKey
from tui_helpers import sample_deck, settle

from deckbuilder.tui.widgets.card_detail import CardDetail, card_text
from deckbuilder.tui.widgets.card_search import SearchBox
from deckbuilder.tui.widgets.card_table import ResultsTable
from deckbuilder.tui.widgets.deck_list import DeckList

TINY = (80, 24)


def _inside(widget, size) -> bool:
    region = widget.region
    return region.width > 0 and region.right <= size[0] and region.bottom <= size[1]


def _editor_fits(app, size) -> None:
    deck_list = app.screen.query_one(DeckList)
    results = app.screen.query_one(ResultsTable)
    assert _inside(app.screen.query_one(SearchBox), size)
    assert _inside(deck_list, size) and deck_list.size.height >= 8
    assert _inside(results, size) and results.size.height >= 6
    assert {"count", "title", "cost"} <= {key for key, _, _ in deck_list.columns()}
    assert {"title", "type", "cost"} <= {key for key, _, _ in results.columns()}
    keys = {key.key: key for key in app.screen.query(FooterKey)}
    for f_key in ("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9"):
        assert _inside(keys[f_key], size), f_key


async def test_at_80x24_the_editor_shows_the_deck_list_search_and_results(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "A rather long deck name"), None)
        await pilot.press("f3")
        await settle(pilot)
        _editor_fits(app, TINY)
        # the header's room (the title is centred past the icon): the verdict is in it
        assert app.title.index("legal") + len("legal") <= TINY[0] - 16


async def test_a_resize_lays_the_editor_out_again(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3")
        await settle(pilot)
        deck_list = app.screen.query_one(DeckList)
        wide = [deck_list.render_line(y).text for y in range(1, 6)]
        await pilot.resize_terminal(*TINY)
        await settle(pilot)
        _editor_fits(app, TINY)
        narrow = [deck_list.render_line(y).text for y in range(1, 6)]
        assert narrow != wide and all(len(line) == deck_list.size.width for line in narrow)
        deck_list._lines.clear()  # laid out afresh: the same rows
        assert [deck_list.render_line(y).text for y in range(1, 6)] == narrow


async def test_at_80x24_the_goldfish_board_shows_legal_actions_and_the_log(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        await settle(pilot)
        app.screen.action_new_game(seed=7)
        await pilot.press("k")
        await pilot.pause()
        actions = app.screen.query_one("#actions", OptionList)
        assert actions.option_count > 1
        assert _inside(actions, TINY) and actions.content_region.height >= 4
        log = app.screen.query_one("#game-log", RichLog)
        assert _inside(log, TINY) and log.content_region.height >= 3


async def test_a_burst_of_adds_is_one_notification(make_app, monkeypatch):
    from deckbuilder.tui import edit_notice

    # a busy machine may take seconds between key presses: the burst window must not end
    monkeypatch.setattr(edit_notice, "TIMEOUT", 120.0)
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        await pilot.press("f3", *"itinerant scholar", "enter", "plus", "plus", "plus")
        await pilot.pause()
        notes = list(app._notifications)
        assert len(notes) == 1
        assert "Itinerant Scholar: 3 in deck" in notes[0].message
        assert "3 edits" in notes[0].message


async def test_a_new_deck_clears_the_last_batch_statistics(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        await settle(pilot)
        app.screen.start_batch(5, seed=3)
        await settle(pilot)
        table = app.screen.query_one("#batch-cards", DataTable)
        assert table.row_count > 0
        app.new_deck("Another deck")
        await pilot.pause()
        assert table.row_count == 0
        assert str(app.screen.query_one("#batch-summary", Static).render()) == ""
        assert "Press b" in str(app.screen.query_one("#batch-status", Static).render())


async def test_a_long_query_error_wraps_instead_of_being_cut(make_app):
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        await pilot.press(*"t:char c<=twohundredandtwelve")
        await pilot.pause()
        status = app.screen.query_one("#search-status", Static)
        message = str(status.render())
        assert message.startswith("Query error:") and len(message) > status.size.width
        assert status.size.height >= 2
        await pilot.press(*["backspace"] * 20, "2")  # back to one line
        await pilot.pause()
        assert status.size.height == 1


def test_keywords_the_text_already_opens_with_are_printed_once(full_pool):
    card = next(c for c in full_pool.cards if c.keywords and c.text.startswith(c.keywords[0]))
    plain = card_text(card).plain
    assert plain.count(card.keywords[0]) == card.text.count(card.keywords[0])


async def test_a_long_card_text_is_whole_and_scrolls(make_app, full_pool):
    longest = max(full_pool.cards, key=lambda c: len(c.text or ""))
    app = make_app()
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        for screen_key, pane in (("f2", "#detail"), ("f3", "#preview-scroll")):
            await pilot.press(screen_key)
            await settle(pilot)
            app.screen.query_one(CardDetail).show(app, full_pool.cards[0].id)  # a short one
            await pilot.pause()
            app.screen.query_one(CardDetail).show(app, longest.id)
            await pilot.pause()
            detail = app.screen.query_one(CardDetail)
            lines = detail.render().wrap(app.console, detail.size.width)
            assert detail.size.height >= len(lines), screen_key  # nothing cut off
            scroll = app.screen.query_one(pane, VerticalScroll)
            assert scroll.max_scroll_y > 0 and scroll.can_focus, screen_key


async def test_the_collection_says_what_3_plus_free_means(make_app, full_pool):
    app = make_app(private=True)
    for _ in range(3):  # one Core Set holds one copy of each of its cards
        app.store.add_product("Core")
    async with app.run_test(size=TINY) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f4")
        await settle(pilot)
        table = app.screen.query_one("#deck-needs", DataTable)
        free = {str(table.get_row_at(i)[3]) for i in range(table.row_count)}
        assert "3+" in free
        assert "3+: at least the 3 needed" in str(
            app.screen.query_one("#deck-status", Static).render()
        )
