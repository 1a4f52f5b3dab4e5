"""The app factory and the app: shared state (card pool, current deck) and navigation.

Screens read the state from the app (attributes down) and the app hears back through
messages (messages up). Slow work runs in thread workers that post messages.
"""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive

from card_db.errors import DeckbuilderError
from deckbuilder.deck import Deck
from deckbuilder.tui.commands import CardCommands, DeckCommands, ScreenCommands
from deckbuilder.tui.messages import DeckChanged, PoolLoaded, WorkFailed
from deckbuilder.tui.screens.browser import BrowserScreen
from deckbuilder.tui.screens.collection import CollectionScreen
from deckbuilder.tui.screens.deck import DeckScreen
from deckbuilder.tui.screens.goldfish import GoldfishScreen
from deckbuilder.tui.screens.help import HelpScreen

SCREENS_BY_KEY = {
    "browser": "Card browser",
    "deck": "Deck editor",
    "collection": "Collection",
    "goldfish": "Goldfish",
}


class DeckbuilderApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "deckbuilder"
    MODES = {
        "browser": BrowserScreen,
        "deck": DeckScreen,
        "collection": CollectionScreen,
        "goldfish": GoldfishScreen,
    }
    DEFAULT_MODE = "browser"
    COMMANDS = App.COMMANDS | {CardCommands, DeckCommands, ScreenCommands}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "switch_mode('browser')", "Cards"),
        Binding("f3", "switch_mode('deck')", "Deck"),
        Binding("f4", "switch_mode('collection')", "Collection"),
        Binding("f5", "switch_mode('goldfish')", "Goldfish"),
    ]

    pool = reactive(None, always_update=False)
    deck_revision = reactive(0)
    format_id = reactive("lcg")
    list_id: reactive[str | None] = reactive(None)

    def __init__(self, *, db_path: Path, deck_path: str | Path | None = None, pool=None):
        super().__init__()
        self.db_path = Path(db_path)
        self.initial_deck_path = Path(deck_path) if deck_path else None
        self._preloaded_pool = pool
        self.deck = Deck(name="Untitled deck")
        self.deck_path: Path | None = None

    def on_mount(self) -> None:
        self.sub_title = self.deck.name
        if self._preloaded_pool is not None:
            self.post_message(PoolLoaded(self._preloaded_pool))
        else:
            self.load_pool()

    @work(thread=True, exclusive=True, group="pool")
    def load_pool(self) -> None:
        """First run builds the database (several seconds); later runs take ~50 ms."""
        from card_db.pool import CardPool
        from card_db.store import load_cards

        try:
            pool = CardPool(load_cards(self.db_path))
            pool.search_titles  # noqa: B018 - fold titles now, not on the first keystroke
        except DeckbuilderError as exc:
            self.post_message(WorkFailed("loading the card database", str(exc)))
            return
        self.post_message(PoolLoaded(pool))

    @on(PoolLoaded)
    def _pool_loaded(self, message: PoolLoaded) -> None:
        self.pool = message.pool
        if self.initial_deck_path is not None:
            self.open_deck_file(self.initial_deck_path)

    @on(WorkFailed)
    def _work_failed(self, message: WorkFailed) -> None:
        self.notify(f"{message.what}: {message.error}", title="Error", severity="error")

    # --- the current deck -------------------------------------------------------------

    def query_context(self):
        from card_db.query import QueryContext

        return QueryContext()

    def change_deck(self, card, delta: int) -> None:
        """Add (delta > 0) or remove copies of a card; stories go to the story deck."""
        section = "story" if card.type == "Story" else "draw"
        before = self.deck.count_of(card.id, section)
        if delta < 0 and before == 0:
            self.notify(f"{card.title} is not in the deck.", severity="warning")
            return
        self.deck.add(card, delta, section=section)
        after = self.deck.count_of(card.id, section)
        where = "story deck" if section == "story" else "deck"
        self.notify(f"{card.title}: {after} in {where}", timeout=2)
        self.deck_changed("edit")

    def set_deck(self, deck: Deck, path: Path | None, reason: str = "open") -> None:
        self.deck = deck
        self.deck_path = path
        if deck.format:
            self.format_id = deck.format
        if deck.list_id:
            self.list_id = deck.list_id
        self.deck_changed(reason)

    def deck_changed(self, reason: str) -> None:
        self.sub_title = self.deck.name
        self.deck_revision += 1
        self.post_message(DeckChanged(reason))

    def open_deck_file(self, path: Path) -> None:
        try:
            from deckbuilder.formats import read_deck

            deck = read_deck(path, self.pool)
        except ImportError:
            self.notify("Deck files cannot be read yet (deckbuilder.formats is missing).")
            return
        except (DeckbuilderError, OSError) as exc:
            self.notify(str(exc), title=f"Cannot open {path}", severity="error")
            return
        self.set_deck(deck, path)
        for warning in deck.warnings:
            self.notify(warning, severity="warning")
        self.switch_mode("deck")

    def new_deck(self, name: str) -> None:
        self.set_deck(Deck(name=name), None, "new")

    def format_choices(self) -> list[str]:
        return ["lcg"]

    def list_choices(self) -> list[str]:
        return []

    # --- saved decks and deck files -----------------------------------------------------

    def saved_deck_names(self) -> list[str]:
        return []

    def open_saved_deck(self, name: str) -> None:
        pass

    def save_deck(self) -> None:
        pass

    def export_deck(self, path: Path) -> None:
        pass

    def rename_deck(self, name: str) -> None:
        self.deck.name = name
        self.deck_changed("rename")

    def delete_saved_deck(self, name: str) -> None:
        pass

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
    """The one way to build the app, for the CLI, the tests and the benchmark."""
    if db_path is None:
        from card_db.paths import database_path

        db_path = database_path()
    return DeckbuilderApp(db_path=db_path, deck_path=deck_path, pool=pool)
