"""The deck editor: add/remove keys, the live legality panel, saving, opening, renaming."""

from __future__ import annotations

from tui_helpers import SIZE, of_type, sample_deck, settle

from deckbuilder.tui.messages import DeckChanged
from deckbuilder.tui.screens.deck import DeckScreen
from deckbuilder.tui.screens.prompts import ChoicePrompt
from deckbuilder.tui.widgets.card_table import CardTable
from deckbuilder.tui.widgets.legality import LegalityPanel


async def test_cards_added_in_the_browser_appear_in_the_editor_with_live_legality(make_app):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await settle(pilot)
        await pilot.press(*"itinerant scholar", "enter", "a", "a")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, DeckScreen)
        table = app.screen.query_one(CardTable)
        assert [app.pool.by_id[i].title for i in table.card_ids] == ["Itinerant Scholar"]
        panel = app.screen.query_one(LegalityPanel)
        assert not panel.result.legal
        assert [p.rule for p in panel.result.problems] == ["deck-size"]
        await pilot.press("a", "a")  # a fourth copy: over the limit of 3
        await pilot.pause()
        assert app.deck.draw_count == 4
        assert {p.rule for p in panel.result.problems} == {"deck-size", "copy-limit"}
        await pilot.press("d")
        await pilot.pause()
        assert {p.rule for p in panel.result.problems} == {"deck-size"}
        assert [m.reason for m in of_type(messages, DeckChanged)] == ["edit"] * 5


async def test_a_legal_deck_from_a_file_and_the_format_choice(make_app, full_pool, tmp_path):
    from deckbuilder.formats import write_deck

    path = tmp_path / "misk.txt"
    write_deck(sample_deck(full_pool), path)
    app = make_app(deck_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DeckScreen)  # opening a deck shows the editor
        assert app.deck_path == path and app.deck.draw_count >= 50
        panel = app.screen.query_one(LegalityPanel)
        assert panel.result.legal, panel.result.problems
        await pilot.press("f")
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("down", "down", "enter")  # lcg, ccg, 1v2
        await pilot.pause()
        assert app.format_id == "1v2"
        assert "story-deck" in {p.rule for p in panel.result.problems}


async def test_a_bad_deck_file_is_a_notification_not_a_crash(make_app, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3x No Such Card At All\n", encoding="utf-8")
    app = make_app(deck_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.deck.draw_count == 0
        assert any("No Such Card" in n.message for n in app._notifications)
        assert app.is_running


async def test_save_new_open_rename_and_delete_saved_decks(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "First"), None)
        await pilot.press("f3", "ctrl+s")
        await settle(pilot)
        assert app.store.deck_names() == ["First"]

        await pilot.press("ctrl+n", *"Second", "enter")
        await pilot.pause()
        assert app.deck.name == "Second" and app.deck.draw_count == 0

        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("enter")  # the highlighted (only) saved deck
        await settle(pilot)
        assert app.deck.name == "First" and app.deck.draw_count >= 50

        await pilot.press("ctrl+r", *["backspace"] * 5, *"Renamed", "enter")
        await settle(pilot)
        assert app.deck.name == "Renamed"
        assert app.store.deck_names() == ["Renamed"]

        await pilot.press("ctrl+delete", "y")
        await settle(pilot)
        assert app.store.deck_names() == []


async def test_export_writes_a_file_that_reads_back(make_app, full_pool, tmp_path):
    from deckbuilder.formats import read_deck

    app = make_app()
    target = tmp_path / "out.o8d"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "ctrl+e", "ctrl+u", *str(target), "enter")
        await settle(pilot)
    again = read_deck(target, full_pool)
    assert again.draw_count == app.deck.draw_count
    assert app.deck_path == target
