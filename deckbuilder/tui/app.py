"""The app factory and the app: shared state (card pool, lists, collection, current deck).

Screens read the state from the app (attributes down) and hear about changes through
reactive counters and messages (messages up). Database and file work runs in thread
workers; their failures become notifications, never a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive
from textual.worker import Worker, WorkerState

from card_db.errors import DeckbuilderError
from deckbuilder.deck import Deck
from deckbuilder.deck_history import DeckHistory, DeckState
from deckbuilder.tui.commands import CardCommands, DeckCommands, ScreenCommands
from deckbuilder.tui.messages import CollectionLoaded, DeckChanged, PoolLoaded, WorkFailed
from deckbuilder.tui.screens.browser import BrowserScreen
from deckbuilder.tui.screens.help import HelpScreen
from deckbuilder.tui.screens.prompts import Confirm, UnsavedPrompt
from deckbuilder.tui.store import Collection, Store


def _deck_screen():
    from deckbuilder.tui.screens.deck import DeckScreen

    return DeckScreen()


def _collection_screen():
    from deckbuilder.tui.screens.collection import CollectionScreen

    return CollectionScreen()


def _goldfish_screen():
    from deckbuilder.tui.screens.goldfish import GoldfishScreen

    return GoldfishScreen()


EDITS = {"edit", "rename", "rules", "notes"}  # deck changes that undo and redo walk


class DeckbuilderApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "deckbuilder"
    # Screens other than the browser are built on first visit (first paint stays small).
    MODES = {
        "browser": BrowserScreen,
        "deck": _deck_screen,
        "collection": _collection_screen,
        "goldfish": _goldfish_screen,
    }
    DEFAULT_MODE = "browser"
    COMMANDS = App.COMMANDS | {CardCommands, DeckCommands, ScreenCommands}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "switch_mode('browser')", "Cards"),
        Binding("f3", "switch_mode('deck')", "Deck"),
        Binding("f4", "switch_mode('collection')", "Coll."),
        Binding("f5", "switch_mode('goldfish')", "Gold."),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("ctrl+y", "redo", "Redo", show=False),
    ]

    pool = reactive(None, always_update=False)
    deck_revision = reactive(0)
    collection_revision = reactive(0)
    format_id = reactive("lcg")
    list_id: reactive[str | None] = reactive(None)

    def __init__(self, *, db_path: Path, deck_path: str | Path | None = None, pool=None):
        super().__init__()
        self.db_path = Path(db_path)
        self.store = Store(self.db_path)
        self.initial_deck_path = Path(deck_path) if deck_path else None
        self._preloaded_pool = pool
        self.lists: dict = {}
        self.default_list = None  # the newest list resolved against the pool (r: and b:)
        self.collection = Collection()
        self.deck = Deck(name="Untitled deck")
        self.deck_path: Path | None = None
        self.history = DeckHistory(DeckState.of(self.deck))
        self.deck_check = None  # the current deck's CheckResult (None before the pool)
        self.saved_name: str | None = None  # the saved deck the current one came from
        self.file_links: dict[str, Path] = {}  # saved deck name → its file (this session)
        self._chosen_list: tuple = (None, None)  # (list id, pool id) → its ResolvedList

    def on_mount(self) -> None:
        self.title = self.deck_title()
        self.load_pool()

    # --- slow start-up work -----------------------------------------------------------

    @work(thread=True, exclusive=True, group="pool", exit_on_error=False)
    def load_pool(self) -> None:
        """First run builds the database (several seconds); later runs take ~50 ms. The
        collection needs SQLAlchemy, so it loads after the cards are on screen."""
        from card_db.pool import CardPool
        from card_db.store import load_cards
        from deckbuilder.legality import DEFAULT_LIST_ID, get_list, load_lists, resolve_list

        try:
            pool = self._preloaded_pool or CardPool(load_cards(self.db_path))
            pool.search_titles  # noqa: B018 - fold titles now, not on the first keystroke
            lists = load_lists(self.db_path)
            default_list = resolve_list(get_list(lists, DEFAULT_LIST_ID), pool)
        except DeckbuilderError as exc:
            self.post_message(WorkFailed("loading the card database", str(exc)))
            return
        self.post_message(PoolLoaded(pool, lists, default_list))
        self._load_collection()

    def _load_collection(self) -> None:
        try:
            collection = self.store.collection()
        except DeckbuilderError as exc:
            self.post_message(WorkFailed("loading the collection", str(exc)))
            return
        self.post_message(CollectionLoaded(collection))

    def reload_collection(self) -> None:
        self.run_worker(self._load_collection, thread=True, group="collection", exclusive=True)

    @on(PoolLoaded)
    def _pool_loaded(self, message: PoolLoaded) -> None:
        self.lists = message.lists
        self.default_list = message.default_list
        self.pool = message.pool
        self.deck_changed("pool")
        if self.initial_deck_path is not None:
            self.open_deck_file(self.initial_deck_path)

    @on(CollectionLoaded)
    def _collection_loaded(self, message: CollectionLoaded) -> None:
        self.collection = message.collection
        self.collection_revision += 1

    @on(WorkFailed)
    def _work_failed(self, message: WorkFailed) -> None:
        self.notify(f"{message.what}: {message.error}", title="Error", severity="error")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bug in a worker becomes a notification; the app keeps running."""
        if event.state == WorkerState.ERROR:
            error = event.worker.error
            self.notify(f"{type(error).__name__}: {error}", title="Error", severity="error")

    def in_thread(self, what: str, job: Callable, done: Callable | None = None) -> Worker:
        """Run ``job`` in a thread worker; ``done(result)`` runs back on the UI thread."""

        def run() -> None:
            try:
                result = job()
            except (DeckbuilderError, OSError) as exc:
                self.post_message(WorkFailed(what, str(exc)))
                return
            if done is not None:
                self.call_from_thread(done, result)

        return self.run_worker(run, thread=True, group="db", exit_on_error=False)

    # --- what screens consult -----------------------------------------------------------

    def query_context(self):
        from card_db.query import QueryContext

        resolved = self.default_list
        return QueryContext(
            is_restricted=resolved.restricted if resolved else None,
            is_banned=resolved.banned if resolved else None,
            owned=self.collection.owned_of,
            available=self.collection.available_of,
        )

    def chosen_list(self):
        """The deck's restricted/banned list resolved against the pool (None until loaded
        or when the deck names a list we do not have)."""
        if self.pool is None or not self.lists:
            return None
        from deckbuilder.legality import DEFAULT_LIST_ID, LegalityError, get_list, resolve_list

        key = (self.list_id or DEFAULT_LIST_ID, id(self.pool))
        if self._chosen_list[0] != key:
            try:
                resolved = resolve_list(get_list(self.lists, key[0]), self.pool)
            except LegalityError:
                resolved = None
            self._chosen_list = (key, resolved)
        return self._chosen_list[1]

    def list_name(self) -> str:
        from deckbuilder.legality import DEFAULT_LIST_ID

        chosen = self.lists.get(self.list_id or DEFAULT_LIST_ID)
        return chosen.name if chosen else (self.list_id or "")

    def badge(self, card) -> str | None:
        """ "B" banned or "R" restricted under the chosen list, else None."""
        resolved = self.chosen_list()
        if resolved is None:
            return None
        return "B" if resolved.banned(card) else "R" if resolved.restricted(card) else None

    def check_deck(self):
        """The legality of the current deck under the chosen format and list."""
        from deckbuilder.legality import check_deck

        return check_deck(
            self.deck,
            format_id=self.format_id,
            list_id=self.list_id,
            lists=self.lists or None,
            pool=self.pool,
        )

    def format_choices(self) -> list[str]:
        from deckbuilder.legality import load_formats

        return [f"{f.id}  {f.name}" for f in load_formats().values()]

    def list_choices(self) -> list[str]:
        return [
            f"{lst.id}  {lst.name}" + (f" ({lst.effective})" if lst.effective else "")
            for lst in self.lists.values()
        ]

    # --- the current deck -------------------------------------------------------------

    @property
    def unsaved(self) -> bool:
        return self.history.unsaved

    def change_deck(self, card, delta: int) -> None:
        """Add (delta > 0) or remove copies of a card; stories go to the story deck."""
        section = "story" if card.type == "Story" else "draw"
        if delta < 0 and self.deck.count_of(card.id, section) == 0:
            self.notify(f"{card.title} is not in the deck.", severity="warning")
            return
        self.deck.add(card, delta, section=section)
        after = self.deck.count_of(card.id, section)
        where = "story deck" if section == "story" else "deck"
        self.notify(f"{card.title}: {after} in {where}", timeout=2)
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
        self.notify(f"{reason.capitalize()}: {self.deck.name}, {self.deck.draw_count} cards")

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
                then()

        self.push_screen(UnsavedPrompt(self.deck.name), answered)

    async def action_quit(self) -> None:
        self.guard_unsaved(self.exit)

    def new_deck(self, name: str) -> None:
        self.set_deck(Deck(name=name), None, "new")
        self.notify(f"New deck {name!r}: search and add cards on the left (F3).")

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
        """Save to the database, and to the deck's file when it has one; asks first when
        that would replace another saved deck of the same name."""
        name = self.deck.name

        def replaces_another() -> bool:
            return name != self.saved_name and name in self.store.deck_names()

        def decided(replaces: bool) -> None:
            if not replaces:
                self._write_deck(then)
                return
            question = f"A saved deck named {name!r} already exists. Replace it with this one?"
            self.push_screen(Confirm(question), lambda yes: yes and self._write_deck(then))

        self.in_thread("checking the saved decks", replaces_another, decided)

    def _write_deck(self, then: Callable[[], object] | None) -> None:
        from deckbuilder.formats import write_deck

        state, path = self.history.current, self.deck_path
        deck = Deck(name=state.name)  # a copy: edits may go on while the worker writes
        state.restore(deck)
        deck.format = deck.format or self.format_id

        def save() -> str:
            self.store.save_deck(deck)
            if path is not None:
                write_deck(deck, path)
            return f"Saved {deck.name!r}" + (f" and {path}" if path else "")

        def saved(message: str) -> None:
            self.history.saved = state
            self.saved_name = deck.name
            if path is not None:
                self.file_links[deck.name] = path
            self.deck_changed("save")
            self.notify(message)
            if then is not None:
                then()

        self.in_thread(f"saving {deck.name!r}", save, saved)

    def export_deck(self, path: Path) -> None:
        from deckbuilder.formats import write_deck

        deck = self.deck

        def written(_result) -> None:
            self.deck_path = path
            self.file_links[deck.name] = path
            self.deck_changed("export")
            self.notify(f"Wrote {path}")

        self.in_thread(f"writing {path}", lambda: write_deck(deck, path), written)

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
            self.notify(f"Deleted the saved deck {name!r} (still open here, unsaved)")

        self.in_thread(f"deleting {name!r}", lambda: self.store.delete_deck(name), deleted)

    # --- navigation -------------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def show_card(self, card_id: str) -> None:
        self.switch_mode("browser")
        self.call_after_refresh(lambda: self.screen.show_card(card_id))


def create_app(
    *, db_path: str | Path | None = None, deck_path: str | Path | None = None, pool=None
) -> DeckbuilderApp:
    """The one way to build the app, for the CLI, the tests and the benchmark. ``pool``
    skips reading the cards from the database (tests share one pool)."""
    if db_path is None:
        from card_db.paths import database_path

        db_path = database_path()
    return DeckbuilderApp(db_path=db_path, deck_path=deck_path, pool=pool)
