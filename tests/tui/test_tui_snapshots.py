"""Snapshots of each screen at a fixed terminal size (update: pytest --snapshot-update)."""

from __future__ import annotations

from tui_helpers import SIZE, sample_deck, settle


def test_browser_snapshot(snap_compare, make_app):
    async def search(pilot):
        await settle(pilot)
        await pilot.press(*"t:char f:misk c<=2")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=search)


def test_bad_query_snapshot(snap_compare, make_app):
    async def search(pilot):
        await settle(pilot)
        await pilot.press(*"c<=two")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=search)


def test_deck_editor_snapshot(snap_compare, make_app, full_pool):
    async def open_deck(pilot):
        await settle(pilot)
        pilot.app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f3")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=open_deck)


def test_goldfish_snapshot(snap_compare, make_app, full_pool):
    async def play(pilot):
        await settle(pilot)
        pilot.app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        await pilot.pause()
        pilot.app.screen.action_new_game(seed=7)
        await pilot.press("k", "s", "s", "s")  # keep, the suggested three resources
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=play)


def test_help_snapshot(snap_compare, make_app):
    async def help_screen(pilot):
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=help_screen)
