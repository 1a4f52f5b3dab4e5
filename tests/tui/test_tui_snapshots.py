"""Snapshots of every screen at the smallest terminal we support, 80x24 (panes shrink or
stack, nothing a screen is for is cut off), at 100x30 and at 140x45 (the room is used).
Update: pytest --snapshot-update, then look at what changed."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui_helpers import sample_deck, settle


def steady(run_before):
    """The editor opens on its search box: a blinking cursor would make the picture depend
    on the moment it is taken."""

    async def run(pilot):
        for box in pilot.app.query(Input):
            box.cursor_blink = False
        await run_before(pilot)
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False
        await settle(pilot)

    return run


SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 30), id="100x30"),
    pytest.param((140, 45), id="140x45"),
]


@pytest.mark.parametrize("size", SIZES)
def test_browser_snapshot(snap_compare, make_app, size):
    async def search(pilot):
        await settle(pilot)
        await pilot.press(*"t:char f:misk c<=2")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=search)


@pytest.mark.parametrize("size", SIZES)
def test_bad_query_snapshot(snap_compare, make_app, size):
    async def search(pilot):
        await settle(pilot)
        await pilot.press(*"c<=two")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=search)


@pytest.mark.parametrize("size", SIZES)
def test_deck_editor_snapshot(snap_compare, make_app, full_pool, size):
    async def open_deck(pilot):
        await settle(pilot)
        pilot.app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3", "slash", *"celano")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=steady(open_deck))


@pytest.mark.parametrize("size", SIZES)
def test_deck_editor_rule_breaking_snapshot(snap_compare, make_app, full_pool, size):
    """Flagged rows, badges, the unsaved marker and the Charts tab."""

    async def break_rules(pilot):
        await settle(pilot)
        deck = sample_deck(full_pool, "Broken")
        pilot.app.set_deck(deck, None)
        await pilot.press("f3")
        for title in ("Itinerant Scholar", "Diseased Sewer Rats"):
            deck.add(full_pool.cards_of_title(title)[0], 1)  # no toast: snapshots stay stable
        pilot.app.deck_changed("edit")
        pilot.app.screen.query_one("#deck-tabs").active = "charts-tab"
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=steady(break_rules))


@pytest.mark.parametrize("size", SIZES)
def test_collection_snapshot(snap_compare, make_app, full_pool, size):
    async def collection(pilot):
        await settle(pilot)
        pilot.app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f4")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=collection)


@pytest.mark.parametrize("size", SIZES)
def test_goldfish_snapshot(snap_compare, make_app, full_pool, size):
    async def play(pilot):
        await settle(pilot)
        pilot.app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        await settle(pilot)
        pilot.app.screen.action_new_game(seed=7)
        await pilot.press("k", "s", "s", "s", "p")  # keep, three resources, pass
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=play)


@pytest.mark.parametrize("size", SIZES)
def test_help_snapshot(snap_compare, make_app, size):
    async def help_screen(pilot):
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=help_screen)


@pytest.mark.parametrize("size", SIZES)
def test_unsaved_prompt_snapshot(snap_compare, make_app, full_pool, size):
    async def prompt(pilot):
        await settle(pilot)
        deck = sample_deck(full_pool)
        pilot.app.set_deck(deck, None)
        await pilot.press("f3")
        deck.draw.pop()  # an edit without a toast: snapshots stay stable
        pilot.app.deck_changed("edit")
        await pilot.press("ctrl+q")
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=size, run_before=steady(prompt))
