"""The app's side of deckbuilder/recovery.py: unsaved edits go to the recovery file every few
seconds and when the app is told to stop (SIGTERM from a closed terminal or a logout,
SIGHUP), which then ends it cleanly (the terminal restored, exit 143 or 129); the next start
offers the deck back. A mixin of the app, like CurrentDeck.
"""

from __future__ import annotations

import signal
import time

from deckbuilder import recovery

AUTOSAVE_SECONDS = 3.0
EXIT_CODES = {signal.SIGTERM: 143}
if hasattr(signal, "SIGHUP"):
    EXIT_CODES[signal.SIGHUP] = 129


class Autosave:
    _autosaved_revision = -1

    def start_autosave(self) -> None:
        self.set_interval(AUTOSAVE_SECONDS, self.autosave)
        if self.is_headless:  # under test: the test runner owns the process's signals
            return
        import asyncio

        loop = asyncio.get_running_loop()
        for sig in EXIT_CODES:
            try:
                loop.add_signal_handler(sig, self.stop_on_signal, sig)
            except (NotImplementedError, RuntimeError, ValueError):  # Windows, no main thread
                pass

    def autosave(self) -> None:
        """Keep the unsaved deck in the recovery file (once per change); no unsaved changes,
        no file."""
        try:
            if not self.unsaved:
                if self._autosaved_revision != -1:
                    recovery.clear()
                    self._autosaved_revision = -1
                return
            if self.deck_revision == self._autosaved_revision:
                return
            recovery.save(self.deck, saved_name=self.saved_name, deck_path=self.deck_path)
            self._autosaved_revision = self.deck_revision
        except OSError as exc:
            self.notify(f"could not keep a recovery copy: {exc.strerror}", severity="warning")

    def forget_unsaved(self) -> None:
        """The player chose to discard the changes: no copy to offer next time."""
        recovery.clear()
        self._autosaved_revision = -1

    def stop_on_signal(self, sig) -> None:
        """Told to stop: keep the unsaved deck, then end cleanly."""
        if self.unsaved:
            try:
                recovery.save(self.deck, saved_name=self.saved_name, deck_path=self.deck_path)
            except OSError:
                pass
        self.exit(return_code=EXIT_CODES.get(sig, 143))

    def offer_recovery(self) -> None:
        """After the cards are loaded: the last run's unsaved deck, if it left one."""
        from deckbuilder.tui.screens.prompts import YesNo

        found = recovery.load(self.pool)
        if found is None:
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.written_at))
        question = (
            f"The deck {found.deck.name!r} had unsaved changes when deckbuilder last stopped "
            f"({when}). Restore them?"
        )

        def answered(yes: bool) -> None:
            if yes:
                self.set_deck(found.deck, found.deck_path, saved_name=found.saved_name)
                self.history.saved = None  # restored edits are not saved anywhere yet
                self.deck_changed("restore")
                self.notify(f"Restored the unsaved deck {found.deck.name!r}")
                self.switch_mode("deck")
            else:
                self.forget_unsaved()

        self.push_screen(YesNo(question), answered)
