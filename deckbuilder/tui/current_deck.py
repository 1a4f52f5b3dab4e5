"""The app's current deck: edits, undo/redo, the unsaved marker, and opening, saving,
exporting, renaming and deleting it without ever dropping an edit silently.

A mixin of the app (it uses the app's notify, workers, screens and reactive counters), kept
apart so app.py stays about start-up and shared state.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from card_db.errors import DeckbuilderError
from deckbuilder.deck import Deck
from deckbuilder.deck_history import DeckState
from deckbuilder.plurals import counted
from deckbuilder.tui.messages import DeckChanged
from deckbuilder.tui.screens.prompts import Confirm, TextPrompt, UnsavedPrompt

EDITS = {"edit", "rename", "rules", "notes"}  # deck changes that undo and redo walk
NEW_DECK = "Untitled deck"  # the name of a deck nobody named yet


def overwrite_question(path: Path) -> str:
    from deckbuilder.deck_files import backup_path

    kept = (
        ""
        if backup_path(path).exists()
        else f" (the file there now is kept as {backup_path(path).name})"
    )
    return f"{path} holds another file: write over it{kept}."


class CurrentDeck:
    @property
    def unsaved(self) -> bool:
        return self.history.unsaved

    def change_deck(self, card, delta: int) -> None:
        """Add (delta > 0) or remove copies of a card; stories go to the story deck."""
        section = "story" if card.type == "Story" else "draw"
        if delta < 0 and self.deck.count_of(card.id, section) == 0:
            self.notify(f"{card.title} is not in the deck.", severity="warning")
            return
        try:
            self.deck.add(card, delta, section=section)
        except DeckbuilderError as exc:  # past the deck caps: the deck is left unchanged
            self.notify(str(exc), severity="error")
            return
        after = self.deck.count_of(card.id, section)
        where = "story deck" if section == "story" else "deck"
        self.edit_notice.edited(card.title, f"{after} in {where}")
        self.deck_changed("edit")

    def set_rules(self, *, format_id: str | None = None, list_id: str | None = None) -> None:
        """Choose the deck's format or restricted/banned list (an undoable edit)."""
        if format_id:
            self.deck.format = format_id
        if list_id:
            self.deck.list_id = list_id
        self._rules_from_deck()
        self.deck_changed("rules")

    def set_notes(self, notes: str) -> None:
        if notes != self.deck.notes:
            self.deck.notes = notes
            self.deck_changed("notes")

    def _rules_from_deck(self) -> None:
        self.format_id = self.deck.format or "lcg"
        self.list_id = self.deck.list_id

    def set_deck(
        self, deck: Deck, path: Path | None, reason: str = "open", saved_name: str | None = None
    ) -> None:
        """Replace the current deck: a fresh history, nothing unsaved. ``saved_name`` is the
        saved deck it came from; a deck keeps the file it was last read from or saved to."""
        self.deck = deck
        self.saved_name = saved_name
        self.deck_path = path or (self.file_links.get(saved_name) if saved_name else None)
        self.history.reset(DeckState.of(deck))
        self._rules_from_deck()
        self.deck_changed(reason)

    def deck_changed(self, reason: str) -> None:
        """Every change of the deck ends here: recorded for undo (edits), checked, shown."""
        if reason in EDITS:
            self.history.record(DeckState.of(self.deck), "notes" if reason == "notes" else None)
        self.deck_check = None
        if self.pool is not None:
            try:
                self.deck_check = self.check_deck()
            except DeckbuilderError:  # e.g. a list id from a deck file we do not know
                pass
        self.title = self.deck_title()  # the header: the whole width for the deck's line
        self.deck_revision += 1
        self.post_message(DeckChanged(reason))

    def deck_title(self) -> str:
        """The deck's name, an unsaved marker and the running header."""
        from deckbuilder.tui.widgets.legality import headline

        marker = " ● unsaved" if self.unsaved else ""
        summary = f" · {headline(self.deck, self.deck_check)}" if self.deck_check else ""
        return f"{self.deck.name}{marker}{summary}"

    def action_undo(self) -> None:
        self._step_history(self.history.undo(), "undo", "Nothing to undo.")

    def action_redo(self) -> None:
        self._step_history(self.history.redo(), "redo", "Nothing to redo.")

    def _step_history(self, state: DeckState | None, reason: str, nothing: str) -> None:
        if state is None:
            self.notify(nothing, timeout=2)
            return
        state.restore(self.deck)
        self._rules_from_deck()
        self.deck_changed(reason)
        self.notify(
            f"{reason.capitalize()}: {self.deck.name}, {counted(self.deck.draw_count, 'card')}"
        )

    def guard_unsaved(self, then: Callable[[], object]) -> None:
        """Run ``then`` now, or after the player chose to save or discard unsaved changes."""
        if not self.unsaved:
            then()
            return
        if isinstance(self.screen, UnsavedPrompt):
            return  # already asking

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.save_deck(then)
            elif choice == "discard":
                self.forget_unsaved()
                then()

        self.push_screen(UnsavedPrompt(self.deck.name), answered)

    async def action_quit(self) -> None:
        def quit() -> None:
            if not self.unsaved:
                self.forget_unsaved()  # a copy kept before the last save is stale
            self.exit()

        self.guard_unsaved(quit)

    def new_deck(self, name: str) -> None:
        self.set_deck(Deck(name=name), None, "new")
        self.notify(f"New deck {name!r}: type to search, + adds the highlighted card.")

    def open_deck_file(self, path: Path) -> None:
        from deckbuilder.formats import read_deck

        def opened(deck: Deck) -> None:
            self.set_deck(deck, path)
            if deck.warnings:  # one notification: a deck can carry dozens of printing notes
                shown, more = deck.warnings[:3], len(deck.warnings) - 3
                extra = [f"…and {more} more (deckbuilder check lists them all)"] if more > 0 else []
                self.notify("\n".join(shown + extra), severity="warning", timeout=8)
            self.notify(f"Opened {path}")
            self.switch_mode("deck")

        self.in_thread(f"opening {path}", lambda: read_deck(path, self.pool), opened)

    def saved_deck_names(self) -> list[str]:
        """Names of the decks saved in the database (call from a worker thread)."""
        return self.store.deck_names()

    def open_saved_deck(self, name: str) -> None:
        """Open a saved deck (asking first when the current one has unsaved changes)."""

        def opened(deck: Deck) -> None:
            self.set_deck(deck, None, saved_name=name)
            self.notify(f"Opened saved deck {name!r}")
            self.switch_mode("deck")

        load = lambda: self.store.load_deck(name, self.pool)  # noqa: E731
        self.guard_unsaved(lambda: self.in_thread(f"opening deck {name!r}", load, opened))

    def save_deck(self, then: Callable[[], object] | None = None) -> None:
        """Save to the database, and to the deck's file when it has one. A deck never saved
        asks for its name first; asks before replacing another saved deck of the same name
        or a file that holds something else."""
        if self.saved_name is None and self.deck_path is None and self.deck.name == NEW_DECK:

            def named(name: str | None) -> None:
                if name:
                    self.deck.name = name
                    self.deck_changed("rename")
                    self.save_deck(then)

            self.push_screen(TextPrompt("Name the deck before saving it:", NEW_DECK), named)
            return
        name, path = self.deck.name, self.deck_path

        def questions() -> tuple[bool, bool]:
            replaces = name != self.saved_name and name in self.store.deck_names()
            return replaces, path is not None and self.deck_files.needs_asking(self.deck, path)

        def decided(answers: tuple[bool, bool]) -> None:
            replaces, overwrites = answers
            asks = []
            if replaces:
                asks.append(f"A saved deck named {name!r} already exists: replace it.")
            if overwrites:
                asks.append(overwrite_question(path))
            if not asks:
                self._write_deck(then)
                return
            question = "\n".join(asks) + "\nGo ahead?"
            self.push_screen(Confirm(question), lambda yes: yes and self._write_deck(then))

        self.in_thread("checking the saved decks and the file", questions, decided)

    def _write_deck(self, then: Callable[[], object] | None) -> None:
        state, path = self.history.current, self.deck_path
        deck = Deck(name=state.name)  # a copy: edits may go on while the worker writes
        state.restore(deck)
        deck.origin = self.deck.origin  # the file read: what the deck leaves alone stays
        deck.format = deck.format or self.format_id

        def save() -> str:
            self.store.save_deck(deck)
            kept = self.deck_files.write(deck, path) if path is not None else None
            return (
                f"Saved {deck.name!r}"
                + (f" and {path}" if path else "")
                + (f"; the original file is kept as {kept}" if kept else "")
            )

        def saved(message: str) -> None:
            self.history.saved = state
            self.saved_name = deck.name
            if path is not None:
                self.file_links[deck.name] = path
            self.deck_changed("save")
            if not self.unsaved:
                self.forget_unsaved()
            self.notify(message)
            if then is not None:
                then()

        self.in_thread(f"saving {deck.name!r}", save, saved)

    def export_deck(self, path: Path) -> None:
        """Write a copy of the deck to ``path`` (asking first when the path holds another
        file); the deck's own file stays what it was."""
        deck = Deck(name=self.deck.name)
        DeckState.of(self.deck).restore(deck)
        deck.origin = self.deck.origin

        def write() -> None:
            kept = self.deck_files.write(deck, path)
            return f"Wrote {path}" + (f"; the file there before is kept as {kept}" if kept else "")

        def go() -> None:
            self.in_thread(f"writing {path}", write, lambda message: self.notify(message))

        def decided(asks: bool) -> None:
            if asks:
                self.push_screen(Confirm(overwrite_question(path) + "\nGo ahead?"),
                                 lambda yes: yes and go())  # fmt: skip
            else:
                go()

        self.in_thread(
            f"checking {path}", lambda: self.deck_files.needs_asking(deck, path), decided
        )

    def rename_deck(self, name: str) -> None:
        """Rename the deck (undoable); its saved copy, when it has one, is renamed too."""
        old, linked = self.deck.name, self.saved_name

        def rename() -> bool:
            if linked == old and old in self.store.deck_names():
                self.store.rename_deck(old, name)
                return True
            return False

        def renamed(in_database: bool) -> None:
            clean = not self.unsaved
            self.deck.name = name
            self.deck_changed("rename")
            if in_database:
                self.saved_name = name
                if clean:
                    self.history.mark_saved()
                    self.deck_changed("save")
            self.notify(f"Renamed to {name!r}" + (" (saved deck too)" if in_database else ""))

        self.in_thread(f"renaming {old!r}", rename, renamed)

    def delete_saved_deck(self, name: str) -> None:
        def deleted(_result) -> None:
            if self.saved_name == name:
                self.saved_name = None
                self.history.saved = None  # only this screen holds it now: unsaved
                self.deck_changed("delete")
            self.notify(f"Deleted the saved deck {name!r} (still open here, unsaved)")

        self.in_thread(f"deleting {name!r}", lambda: self.store.delete_deck(name), deleted)
