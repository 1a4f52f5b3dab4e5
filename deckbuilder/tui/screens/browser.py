"""The card browser: search as you type with the query language, results, card detail."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from card_db.errors import QueryError
from deckbuilder.tui.messages import SearchDone
from deckbuilder.tui.widgets.card_detail import CardDetail
from deckbuilder.tui.widgets.card_table import CardTable

RESULT_ROWS = 200  # rows drawn per search; the status line gives the full total


class SearchBox(Input):
    """The search input, tuned so a keystroke and its results reach the screen in one frame.

    ``on_query`` runs as the value changes, inside the key's own handling: through the
    Changed message the screen would first paint the new character alone and the results
    a frame (16 ms) later. Input also declares its growing content width a layout change,
    re-laying out the whole screen per key; the box has a fixed size (app.tcss), so a
    repaint is enough.
    """

    virtual_size = Reactive(Size(0, 0), layout=False, repaint=True)
    BINDINGS = [Binding("down", "to_results", "Results", show=False)]

    def __init__(self, on_query: Callable[[str], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_query = on_query

    def watch_value(self, value: str) -> None:
        self.on_query(value)

    def action_to_results(self) -> None:
        self.screen.query_one(CardTable).focus()


class BrowserScreen(Screen):
    BINDINGS = [
        Binding("a,plus,equals_sign", "add_card(1)", "Add to deck"),
        Binding("d,minus", "add_card(-1)", "Remove"),
        Binding("slash,s", "focus_search", "Search"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="browser"):
            yield SearchBox(
                self.run_search,
                placeholder="Search: itinerant · t:char f:misk c<=2 · i:ti !k:loyal · x:insane",
                id="search",
            )
            yield Static("Loading cards…", id="search-status")
            with Horizontal():
                yield CardTable(id="results")
                yield CardDetail(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#search", Input).focus()
        self.watch(self.app, "pool", self._pool_changed)
        self.watch(self.app, "deck_revision", self._deck_changed)
        self.watch(self.app, "collection_revision", self._deck_changed)

    def _pool_changed(self, pool) -> None:
        if pool is not None:
            self.run_search(self.query_one("#search", Input).value)

    def _deck_changed(self, _revision: int) -> None:
        detail = self.query_one(CardDetail)
        if detail.card is not None:
            self._show_detail(detail.card.id)

    @on(Input.Submitted, "#search")
    def _query_submitted(self) -> None:
        self.query_one(CardTable).focus()

    def run_search(self, query: str) -> None:
        """Search in the UI thread: a few milliseconds over the whole pool (see benchmarks)."""
        from card_db.search import search

        pool = self.app.pool
        if pool is None or not self.is_mounted:
            return
        status = self.query_one("#search-status", Static)
        try:
            result = search(pool, query, context=self.app.query_context(), limit=RESULT_ROWS)
        except QueryError as exc:
            status.update(f"[b red]Query error:[/] {exc}", layout=False)
            status.add_class("error")
            self.post_message(SearchDone(query, 0, 0, str(exc)))
            return
        status.remove_class("error")
        shown = len(result.cards)
        more = f" (showing {shown})" if shown < result.total else ""
        status.update(f"{result.total} cards{more}", layout=False)
        table = self.query_one(CardTable)
        table.show_cards(result.cards)
        self._show_detail(table.selected_id)  # now, in the same frame as the results
        self.post_message(SearchDone(query, result.total, shown))

    @on(CardTable.Highlighted, "#results")
    def _row_highlighted(self, event: CardTable.Highlighted) -> None:
        self._show_detail(event.card_id)

    def _show_detail(self, card_id: str | None) -> None:
        detail = self.query_one(CardDetail)
        card = self.app.pool.by_id.get(card_id) if card_id and self.app.pool else None
        detail.card = card
        detail.in_deck = self.app.deck.count_of(card.id, _section(card)) if card else 0
        loaded = self.app.collection.summary is not None
        detail.owned = self.app.collection.owned_of(card) if card and loaded else None
        detail.available = self.app.collection.available_of(card) if card and loaded else None

    @property
    def selected_card(self):
        card_id = self.query_one(CardTable).selected_id
        return self.app.pool.by_id.get(card_id) if card_id and self.app.pool else None

    def action_add_card(self, delta: int) -> None:
        card = self.selected_card
        if card is None:
            self.notify("No card selected.", severity="warning")
            return
        self.app.change_deck(card, delta)

    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def show_card(self, card_id: str) -> None:
        """Jump to one card (from the command palette)."""
        card = self.app.pool.by_id[card_id]
        search_box = self.query_one("#search", Input)
        search_box.value = f'"{card.title}"'  # searches, as typing it would
        table = self.query_one(CardTable)
        if card_id in table.card_ids:
            table.move_cursor(table.card_ids.index(card_id))
        table.focus()


def _section(card) -> str:
    return "story" if card.type == "Story" else "draw"
