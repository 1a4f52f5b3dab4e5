"""Unsaved work survives: autosaved to a recovery file, kept when the app is told to stop
(SIGTERM in a real terminal: exit 143, the screen restored), offered back at the next
start; gone once saved or discarded."""

from __future__ import annotations

import json
import os
import pty
import signal
import sys
import time

from textual.widgets import Label
from tui_helpers import SIZE, sample_deck, settle

from deckbuilder import recovery
from deckbuilder.tui.screens.prompts import UnsavedPrompt, YesNo


async def test_unsaved_edits_are_autosaved_and_gone_once_saved(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Kept safe"), None)
        app.change_deck(full_pool.printings("Dagon")[0], 1)
        app.autosave()  # what the timer does every few seconds
        kept = json.loads(recovery.recovery_path().read_text())
        assert kept["deck"]["name"] == "Kept safe"
        await pilot.press("f3", "ctrl+s")
        await settle(pilot)
        assert not app.unsaved
        assert not recovery.recovery_path().exists()


async def test_the_next_start_offers_the_unsaved_deck(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Interrupted"), None)
        app.change_deck(full_pool.printings("Dagon")[0], 1)
        expected = app.deck.draw_count
        app.stop_on_signal(signal.SIGTERM)  # what a closed terminal sends
        await pilot.pause()
    assert app.return_code == 143
    again = make_app(private=True)
    again.db_path = app.db_path
    again.store = app.store
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, YesNo)
        text = " ".join(str(label.render()) for label in again.screen.query(Label))
        assert "Interrupted" in text
        await pilot.press("escape")  # no answer: the copy is not thrown away
        assert isinstance(again.screen, YesNo)
        await pilot.press("y")
        await settle(pilot)
        assert again.deck.name == "Interrupted" and again.deck.draw_count == expected
        assert again.unsaved  # restored edits still need saving
        await pilot.press("ctrl+q")
        assert isinstance(again.screen, UnsavedPrompt)
        await pilot.press("d")  # discarded: not offered again
        await pilot.pause()
    assert not recovery.recovery_path().exists()


def test_sigterm_in_a_real_terminal_keeps_the_edits_and_restores_the_screen(full_db_env, tmp_path):
    env = dict(os.environ, DECKBUILDER_DB=str(full_db_env), TERM="xterm-256color")
    deck = tmp_path / "deck.txt"
    deck.write_text("1x Dagon\n")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app in a pseudo-terminal
        os.execve(sys.executable, [sys.executable, "-m", "deckbuilder", "tui", str(deck)], env)
    output = bytearray()

    def read_for(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            import select

            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    output.extend(os.read(fd, 65536))
                except OSError:
                    return

    def read_until(needle: bytes, seconds: float) -> None:
        """Read until ``needle`` shows (a busy machine may take many seconds to start)."""
        end = time.monotonic() + seconds
        while needle not in output and time.monotonic() < end:
            read_for(0.2)

    read_until(b"Help", 90)  # the app opens the deck: its footer is drawn
    read_for(1)
    os.write(fd, b"\x1b[17~")  # F6: the deck list
    read_for(1)
    before = len(output)
    os.write(fd, b"d")  # one Dagon fewer: an unsaved edit
    end = time.monotonic() + 30
    while len(output) == before and time.monotonic() < end:  # until the edit is drawn
        read_for(0.2)
    read_for(2)
    os.kill(pid, signal.SIGTERM)
    read_for(3)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 143
    assert output.rstrip().endswith(b"\x1b[?1049l") or b"\x1b[?1049l" in output[-200:]
    kept = json.loads(recovery.recovery_path().read_text())
    assert kept["deck"]["name"] == "deck"
