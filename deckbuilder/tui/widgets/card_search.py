"""Search as you type: the query box, its status line and the results table, shared by
the card browser and the deck editor."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input, Static

from card_db.errors import QueryError
from deckbuilder.plurals import counted
from deckbuilder.tui.messages import SearchDone
from deckbuilder.tui.widgets.card_table import ALL_COLUMNS, DROP_ORDER, ResultsTable

RESULT_ROWS = 200  # rows drawn per search; the status line gives the full total
PLACEHOLDER = "Search: itinerant · t:char f:misk c<=2 · i:ti !k:loyal · x:insane"


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
        self.screen.set_focus(self.parent.query_one(ResultsTable))


class CardSearch(Vertical):
    """``on_highlight(card_id)`` runs with each new result set, in the same frame."""

    def __init__(
        self,
        on_highlight: Callable[[str | None], None],
        *,
        columns: tuple[str, ...] = ALL_COLUMNS,
        drop_order: tuple[str, ...] = DROP_ORDER,
        placeholder: str = PLACEHOLDER,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.on_highlight = on_highlight
        self.columns = columns
        self.drop_order = drop_order
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        yield SearchBox(
            self.run_search, placeholder=self.placeholder, select_on_focus=False, id="search"
        )
        yield Static("Loading cards…", id="search-status")
        yield ResultsTable(
            search_box="#search", columns=self.columns, drop_order=self.drop_order, id="results"
        )

    def on_mount(self) -> None:
        self.query_one(ResultsTable).badge = self.app.badge
        self.watch(self.app, "pool", self._pool_changed, init=False)
        self.call_later(self._pool_changed, self.app.pool)  # once mounted (a later screen)

    def _pool_changed(self, pool) -> None:
        if pool is not None:
            self.run_search(self.query_one(SearchBox).value)

    @property
    def table(self) -> ResultsTable:
        return self.query_one(ResultsTable)

    @on(Input.Submitted, "#search")
    def _query_submitted(self) -> None:
        self.screen.set_focus(self.table)

    def focus_box(self) -> None:
        # Now, not after the keys already queued (Widget.focus waits): "/" then fast
        # typing must all reach the box, never the deck list's single-letter keys.
        self.screen.set_focus(self.query_one(SearchBox))

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
            status.update(f"[b red]Query error:[/] {exc}")  # may wrap: a layout change
            status.add_class("error")
            self.post_message(SearchDone(query, 0, 0, str(exc)))
            return
        was_error = status.has_class("error")  # back from a wrapped error: lay out again
        status.remove_class("error")
        shown = len(result.cards)
        more = f" (showing {shown})" if shown < result.total else ""
        status.update(f"{counted(result.total, 'card')}{more}", layout=was_error)
        table = self.table
        table.show_cards(result.cards)
        self.on_highlight(table.selected_id)  # now, in the same frame as the results
        self.post_message(SearchDone(query, result.total, shown))

    def show_card(self, card) -> None:
        """Search for one card's title and put the cursor on it."""
        self.query_one(SearchBox).value = f'"{card.title}"'  # searches, as typing it would
        self.table.select(card.id)
        self.screen.set_focus(self.table)
