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
from deckbuilder.deck_files import DeckFiles
from deckbuilder.deck_history import DeckHistory, DeckState
from deckbuilder.tui.autosave import Autosave
from deckbuilder.tui.commands import CardCommands, DeckCommands, ScreenCommands
from deckbuilder.tui.current_deck import NEW_DECK, CurrentDeck
from deckbuilder.tui.edit_notice import EditNotice
from deckbuilder.tui.messages import CollectionLoaded, PoolLoaded, WorkFailed
from deckbuilder.tui.screens.browser import BrowserScreen
from deckbuilder.tui.screens.help import HelpScreen
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


class DeckbuilderApp(CurrentDeck, Autosave, App):
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
    # screen classes app.tcss lays out by: below 100 columns / 30 rows panes shrink or go
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    COMMANDS = App.COMMANDS | {CardCommands, DeckCommands, ScreenCommands}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "open_screen('browser')", "Cards"),
        Binding("f3", "open_screen('deck')", "Deck"),
        Binding("f4", "open_screen('collection')", "Coll."),
        Binding("f5", "open_screen('goldfish')", "Gold."),
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
        self.deck = Deck(name=NEW_DECK)
        self.deck_path: Path | None = None
        self.history = DeckHistory(DeckState.of(self.deck))
        self.deck_check = None  # the current deck's CheckResult (None before the pool)
        self.saved_name: str | None = None  # the saved deck the current one came from
        self.file_links: dict[str, Path] = {}  # saved deck name → its file (this session)
        self.deck_files = DeckFiles()  # which files this session wrote: others are asked
        self._chosen_list: tuple = (None, None)  # (list id, pool id) → its ResolvedList
        self.edit_notice = EditNotice(self)

    def on_mount(self) -> None:
        self.title = self.deck_title()
        self.start_autosave()
        self.load_pool()

    # --- slow start-up work -----------------------------------------------------------

    @work(thread=True, exclusive=True, group="pool", exit_on_error=False)
    def load_pool(self) -> None:
        """First run builds the database (several seconds); later runs take ~50 ms. The
        collection needs SQLAlchemy, so it loads after the cards are on screen."""
        from card_db.pool import CardPool
        from card_db.search import search
        from card_db.store import load_cards
        from deckbuilder.legality import DEFAULT_LIST_ID, get_list, load_lists, resolve_list

        try:
            pool = self._preloaded_pool or CardPool(load_cards(self.db_path))
            search(pool, "warm up", limit=1)  # build the search's index here, not on a key
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
        self.offer_recovery()

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

    # --- navigation -------------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_open_screen(self, mode: str) -> None:
        """Go to a screen with its main box focused (the search, or the goldfish actions):
        letters then never reach a deck list or the notes the player left focused."""
        await self.switch_mode(mode)
        focus_start = getattr(self.screen, "focus_start", None)
        if focus_start is not None and self.screen.is_mounted:
            focus_start()

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
