"""The deck editor: build from its own search, live legality, grouping, undo/redo, notes,
saving, opening, renaming, and never losing an edit silently."""

from __future__ import annotations

from textual.widgets import Input, TextArea
from tui_helpers import SIZE, of_type, sample_deck, settle

from deckbuilder.tui.messages import DeckChanged
from deckbuilder.tui.screens.deck import DeckScreen
from deckbuilder.tui.screens.prompts import ChoicePrompt, Confirm, TextPrompt, UnsavedPrompt
from deckbuilder.tui.widgets.card_detail import CardDetail
from deckbuilder.tui.widgets.card_table import GroupHeader
from deckbuilder.tui.widgets.deck_list import DeckList
from deckbuilder.tui.widgets.legality import LegalityPanel


def _titles(app) -> list[str]:
    return [app.pool.by_id[i].title for i in app.screen.query_one(DeckList).card_ids if i]


async def test_a_card_is_found_read_and_added_without_leaving_the_editor(make_app):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await settle(pilot)
        await pilot.press("f3", "slash", *"itinerant scholar", "enter")
        assert isinstance(app.screen, DeckScreen) and app.focused.id == "results"
        preview = app.screen.query_one(CardDetail)
        assert preview.card.title == "Itinerant Scholar"
        assert preview.badge == "R"  # restricted under the default list
        await pilot.press("enter", "plus")
        await pilot.pause()
        assert _titles(app) == ["Itinerant Scholar"]
        assert app.screen.query_one(DeckList).badge(preview.card) == "R"
        panel = app.screen.query_one(LegalityPanel)
        assert [p.rule for p in panel.result.problems] == ["deck-size"]
        await pilot.press("plus", "plus")  # a fourth copy: over the limit of 3
        await pilot.pause()
        assert {p.rule for p in panel.result.problems} == {"deck-size", "copy-limit"}
        # the row breaking a rule is flagged, and the panel names it
        assert "itinerantscholar" in app.screen.query_one(DeckList).flagged
        assert "rows: Itinerant Scholar" in str(panel.render())
        assert "2/50" not in app.title and "4/50" in app.title
        assert "not legal (2)" in app.title and "● unsaved" in app.title
        await pilot.press("minus")
        await pilot.pause()
        assert {p.rule for p in panel.result.problems} == {"deck-size"}
        assert [m.reason for m in of_type(messages, DeckChanged)][-5:] == ["edit"] * 5


async def test_typing_in_the_results_never_edits_the_deck(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "slash", *"sedated", "enter")
        before = app.deck.draw_count
        await pilot.press(*"bass", "f", "l", "d", "a", "o")
        await pilot.pause()
        assert app.deck.draw_count == before and not app.unsaved
        assert not isinstance(app.screen, ChoicePrompt)  # f / l did not fire either
        assert app.focused.id == "search"
        # the deck list's own letters act only while it has focus
        await pilot.press("f6")
        assert isinstance(app.focused, DeckList)
        await pilot.press("d")
        assert app.deck.draw_count == before - 1


async def test_undo_and_redo_every_kind_of_edit(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Original"), None)
        await pilot.press("f3")
        deck_list = app.screen.query_one(DeckList)
        deck_list.focus()
        first = app.deck.draw_count
        await pilot.press("d", "d", "a")  # remove, remove, add
        await pilot.press("ctrl+r", "ctrl+u", *"Renamed", "enter")
        await settle(pilot)
        await pilot.press("f", "down", "enter")  # format ccg
        await pilot.pause()
        assert (app.deck.name, app.format_id, app.deck.draw_count) == ("Renamed", "ccg", first - 1)
        await pilot.press("ctrl+z")
        assert app.format_id == "lcg"
        await pilot.press("ctrl+z")
        assert app.deck.name == "Original"
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        assert app.deck.draw_count == first and not app.unsaved
        await pilot.press("ctrl+z")  # nothing older
        assert app.deck.draw_count == first
        await pilot.press(*["ctrl+y"] * 5)
        await pilot.pause()
        assert (app.deck.name, app.format_id, app.deck.draw_count) == ("Renamed", "ccg", first - 1)
        assert _titles(app) and app.screen.query_one(LegalityPanel).result.format == "ccg"


async def test_the_deck_list_is_grouped_with_counts_and_sorts(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        deck = sample_deck(full_pool)
        stories = [c for c in full_pool.cards if c.type == "Story" and c.set_code == "Core"]
        for story in stories[:3]:
            deck.add(story, 1, section="story")
        app.set_deck(deck, None)
        await pilot.press("f3", "f6")  # the editor opens on its search; F6: the deck list
        deck_list = app.screen.query_one(DeckList)
        headers = [r.label for r in deck_list._rows if isinstance(r, GroupHeader)]
        assert headers[0].startswith("Characters (") and headers[-1] == "Story deck (3)"
        await pilot.press("o")  # by cost
        headers = [r.label for r in deck_list._rows if isinstance(r, GroupHeader)]
        assert headers[0] == "Cost 0 (3)" or headers[0].startswith("Cost ")
        assert headers[-1] == "Story deck (3)"
        costs = [app.pool.by_id[i].cost or 0 for i in deck_list.card_ids[:-4] if i]
        assert costs == sorted(costs)
        await pilot.press("o", "o")  # faction, then title
        assert deck_list.sort == "title"
        titles = [app.pool.by_id[i].title.lower() for i in deck_list.card_ids[:-4] if i]
        assert titles == sorted(titles)
        # the cursor skips headings
        await pilot.press("home")
        assert deck_list.selected_id is not None


async def test_new_open_and_quit_ask_before_dropping_unsaved_changes(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.store.save_deck(sample_deck(full_pool, "Kept"))
        app.set_deck(sample_deck(full_pool, "Mine"), None)
        await pilot.press("f3", "f6", "d")
        await settle(pilot)
        assert app.unsaved and "unsaved" in str(app.screen.query_one("#deck-title").render())
        edited = app.deck.draw_count

        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedPrompt)
        await pilot.press("escape")  # cancel: nothing happens
        await settle(pilot)
        assert app.deck.name == "Mine" and app.deck.draw_count == edited

        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedPrompt)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, UnsavedPrompt)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running

        await pilot.press("ctrl+n", "s")  # save, then go on to the new deck
        await settle(pilot)
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"Second", "enter")
        await settle(pilot)
        assert app.deck.name == "Second" and not app.unsaved
        assert app.store.load_deck("Mine", full_pool).draw_count == edited

        app.screen.query_one(DeckList).focus()
        app.change_deck(full_pool.by_id["Core-029"], 1)
        await pilot.press("ctrl+o", "d")  # discard, then choose
        await settle(pilot)
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("escape")
        await settle(pilot)
        assert "Second" not in app.store.deck_names()

        await pilot.press("ctrl+q", "d")
        await settle(pilot)
    assert app.return_code == 0


async def test_saving_over_another_saved_deck_asks_first(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.store.save_deck(sample_deck(full_pool, "Big"))
        await pilot.press("f3", "ctrl+n", *"Big", "enter")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await settle(pilot)
        assert app.store.load_deck("Big", full_pool).draw_count >= 50  # untouched
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert app.store.load_deck("Big", full_pool).draw_count == 0
        # now it is this deck's own saved copy: saving again does not ask
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, DeckScreen)


async def test_a_legal_deck_from_a_file_keeps_its_file_when_reopened(make_app, full_pool, tmp_path):
    from deckbuilder.formats import read_deck, write_deck

    path = tmp_path / "misk.txt"
    write_deck(sample_deck(full_pool, "Filed"), path)
    app = make_app(deck_path=path, private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, DeckScreen)  # opening a deck shows the editor
        assert app.deck_path == path and app.deck.draw_count >= 50
        panel = app.screen.query_one(LegalityPanel)
        assert panel.result.legal, panel.result.problems
        assert "· legal" in app.title
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("ctrl+n", *"Other", "enter")
        await pilot.press("ctrl+o")
        await settle(pilot)
        await pilot.press("enter")  # the saved "Filed"
        await settle(pilot)
        assert app.deck.name == "Filed" and app.deck_path == path
        app.screen.query_one(DeckList).focus()
        await pilot.press("d", "ctrl+s")
        await settle(pilot)
        assert read_deck(path, full_pool).draw_count == app.deck.draw_count


async def test_notes_are_saved_with_the_deck_and_one_undo_step(make_app, full_pool, tmp_path):
    from deckbuilder.formats import read_deck

    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Noted"), None)
        await pilot.press("f3")
        app.screen.query_one("#deck-tabs").active = "notes-tab"
        app.screen.query_one("#deck-notes", TextArea).focus()
        await pilot.press(*"rush", "f", "l", "d", "slash")  # text here, never deck keys
        await pilot.pause()
        assert app.deck.notes == "rushfld/" and app.unsaved
        assert app.deck.draw_count >= 50 and not isinstance(app.screen, ChoicePrompt)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.store.load_deck("Noted", full_pool).notes == "rushfld/"
        target = tmp_path / "noted.json"
        app.export_deck(target)
        await settle(pilot)
        assert read_deck(target, full_pool).notes == "rushfld/"
        app.screen.query_one(DeckList).focus()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.deck.notes == "" and app.screen.query_one("#deck-notes", TextArea).text == ""


async def test_a_bad_deck_file_is_a_notification_not_a_crash(make_app, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3x No Such Card At All\n", encoding="utf-8")
    app = make_app(deck_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.deck.draw_count == 0
        assert any("No Such Card" in n.message for n in app._notifications)
        assert app.is_running


async def test_open_rename_and_delete_saved_decks(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "First"), None)
        await pilot.press("f3", "ctrl+s")
        await settle(pilot)
        assert app.store.deck_names() == ["First"]
        await pilot.press("ctrl+n", *"Second", "enter")
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ChoicePrompt)
        await pilot.press("enter")  # the highlighted (only) saved deck
        await settle(pilot)
        assert app.deck.name == "First" and app.deck.draw_count >= 50

        await pilot.press("ctrl+r", "ctrl+u", *"Renamed", "enter")
        await settle(pilot)
        assert app.deck.name == "Renamed" and not app.unsaved
        assert app.store.deck_names() == ["Renamed"]

        await pilot.press("ctrl+delete", "y")
        await settle(pilot)
        assert app.store.deck_names() == [] and app.unsaved


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
    assert app.deck_path is None  # an export is a copy: ctrl+s does not write there


async def test_search_box_letters_are_text_not_deck_keys(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "slash", *"fold")
        await pilot.pause()
        assert app.screen.query_one("#search", Input).value == "fold"
        assert not app.unsaved and isinstance(app.screen, DeckScreen)


async def test_fast_typing_after_slash_all_reaches_the_search_box(make_app, full_pool):
    """Keys arriving together (a paste, a fast typist) are not split between widgets."""
    from textual import events

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "f6")
        assert isinstance(app.focused, DeckList)
        for char in "/sedated":  # queued at once, as a terminal delivers them
            key = "slash" if char == "/" else char
            message = events.Key(key, char)
            message.set_sender(app)
            app._driver.send_message(message)
        await pilot.pause(0.2)
        assert app.screen.query_one("#search", Input).value == "sedated"
        assert not app.unsaved


async def test_adding_past_the_deck_caps_is_a_notification_not_a_crash(make_app, full_pool):
    from deckbuilder.deck import MAX_COPIES

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        card = full_pool.printings("Itinerant Scholar")[0]
        app.deck.add(card, MAX_COPIES)
        app.change_deck(card, 1)
        await pilot.pause()
        assert app.deck.count_of(card.id) == MAX_COPIES
        assert any("at most" in n.message for n in app._notifications)
