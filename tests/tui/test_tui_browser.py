"""The card browser: search as you type, query errors inline, detail pane, add to deck."""

from __future__ import annotations

from textual.widgets import Input
from tui_helpers import SIZE, of_type

from deckbuilder.tui.messages import PoolLoaded, SearchDone
from deckbuilder.tui.widgets.card_detail import CardDetail
from deckbuilder.tui.widgets.card_table import CardTable


async def test_app_loads_the_pool_in_a_worker_and_lands_on_a_focused_search_box(full_db):
    messages: list = []  # every message the app processed (message_hook)
    from deckbuilder.tui.app import create_app

    app = create_app(db_path=full_db)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        assert isinstance(app.focused, Input) and app.focused.id == "search"
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert of_type(messages, PoolLoaded)
        assert len(app.pool) > 2500
        assert app.screen.query_one(CardTable).row_count > 0


async def test_typing_a_title_shows_it_within_a_keystroke_and_in_the_detail_pane(make_app):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await pilot.press(*"itinerant")
        await pilot.pause()
        done = of_type(messages, SearchDone)
        assert done[-1].query == "itinerant"
        assert done[-1].total >= 1
        assert {"i", "it", "itinerant"} <= {m.query for m in done}  # one per keystroke
        table = app.screen.query_one(CardTable)
        assert app.pool.by_id[table.selected_id].title == "Itinerant Scholar"
        assert app.screen.query_one(CardDetail).card.title == "Itinerant Scholar"


async def test_the_full_query_language_filters_results(make_app):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await pilot.press(*"t:char f:misk c<=2")
        await pilot.pause()
        table = app.screen.query_one(CardTable)
        assert of_type(messages, SearchDone)[-1].error is None
        assert table.row_count > 10
        for index in range(table.row_count):
            card = app.pool.by_id[table.card_ids[index]]
            assert card.type == "Character" and card.faction == "Miskatonic University"
            assert card.cost is not None and card.cost <= 2


async def test_a_bad_query_is_shown_inline_and_the_app_keeps_running(make_app):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await pilot.press(*"zz:1")
        await pilot.pause()
        last = of_type(messages, SearchDone)[-1]
        assert last.error
        status = app.screen.query_one("#search-status")
        assert "error" in status.classes
        await pilot.press("backspace", "backspace", "backspace", "backspace")
        await pilot.pause()
        assert of_type(messages, SearchDone)[-1].error is None
        assert "error" not in status.classes


async def test_keys_in_the_results_add_and_remove_and_typing_goes_to_the_search(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"itinerant scholar", "enter")
        assert app.focused.id == "results"
        await pilot.press("plus", "plus", "enter")  # enter in the results adds too
        await pilot.pause()
        scholar = app.screen.query_one(CardDetail).card
        assert app.deck.count_of(scholar.id) == 3
        assert app.screen.query_one(CardDetail).in_deck == 3
        await pilot.press("minus")
        assert app.deck.count_of(scholar.id) == 2
        # letters typed in the results never edit the deck ("a" and "d" are not keys here)
        await pilot.press(*" bass", "d", "a")
        await pilot.pause()
        assert app.deck.count_of(scholar.id) == 2 and app.deck.draw_count == 2
        assert app.focused.id == "search"
        assert app.screen.query_one("#search", Input).value == "itinerant scholar bassda"
        await pilot.press("down", "slash")
        assert app.focused.id == "search"


async def test_down_arrow_leaves_the_search_box_for_the_results(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"itinerant scholar", "down", "plus")
        await pilot.pause()
        assert app.focused is app.screen.query_one(CardTable)
        assert app.screen.query_one("#search", Input).value == "itinerant scholar"
        assert app.deck.count_of(app.screen.query_one(CardDetail).card.id) == 1


async def test_help_screen_lists_keys_and_closes(make_app):
    from deckbuilder.tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_ctrl_q_quits(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_an_unusable_database_is_a_notification_not_a_crash(tmp_path):
    from deckbuilder.tui.app import create_app
    from deckbuilder.tui.messages import WorkFailed

    messages: list = []
    broken = tmp_path / "cards.sqlite"
    broken.write_text("not a database", encoding="utf-8")
    app = create_app(db_path=broken)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        (failure,) = {id(m): m for m in of_type(messages, WorkFailed)}.values()
        assert str(broken) in failure.error
        assert app.is_running and app.pool is None
        assert any(str(broken) in n.message for n in app._notifications)


async def test_moving_the_cursor_keeps_it_on_screen(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "pagedown", "pagedown", "down")
        await pilot.pause()
        table = app.screen.query_one(CardTable)
        visible = table.size.height - 1  # below the header line
        assert table.cursor_row > visible
        assert table.scroll_y <= table.cursor_row < table.scroll_y + visible
        assert app.screen.query_one(CardDetail).card.id == table.selected_id
        await pilot.press("home")
        assert table.cursor_row == 0 and table.scroll_y == 0
