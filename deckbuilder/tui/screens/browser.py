"""The card browser: search as you type with the query language, results, card detail."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, TextArea

from deckbuilder.tui.screens.key_order import FKeysFirst
from deckbuilder.tui.widgets.card_detail import CardDetail
from deckbuilder.tui.widgets.card_search import CardSearch, SearchBox
from deckbuilder.tui.widgets.card_table import CardTable


class BrowserScreen(FKeysFirst, Screen):
    BINDINGS = [Binding("slash", "focus_search", "Search", priority=True)]  # see DeckScreen

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="browser"):
            with Horizontal():
                yield CardSearch(self._show_detail, id="card-search")
                with VerticalScroll(id="detail"):  # tab reaches it; arrows scroll a long text
                    yield CardDetail()
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.focus_start()
        self.watch(self.app, "deck_revision", self._deck_changed)
        self.watch(self.app, "collection_revision", self._deck_changed)

    def _deck_changed(self, _revision: int) -> None:
        search = self.query_one(CardSearch)
        search.table.refresh_rows()  # badges follow the deck's list
        detail = self.query_one(CardDetail)
        if detail.card is not None:
            self._show_detail(detail.card.id)

    @on(CardTable.Highlighted, "#results")
    def _row_highlighted(self, event: CardTable.Highlighted) -> None:
        self._show_detail(event.card_id)

    @on(CardTable.Edit)
    def _edit(self, event: CardTable.Edit) -> None:
        self.app.change_deck(self.app.pool.by_id[event.card_id], event.delta)

    def _show_detail(self, card_id: str | None) -> None:
        self.query_one(CardDetail).show(self.app, card_id)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "focus_search":  # a priority key: the notes still type "/"
            focused = self.focused
            return isinstance(focused, SearchBox) or not isinstance(focused, Input | TextArea)
        return True

    def focus_start(self) -> None:
        self.query_one(CardSearch).focus_box()

    def action_focus_search(self) -> None:
        self.query_one(CardSearch).focus_box()

    def show_card(self, card_id: str) -> None:
        """Jump to one card (from the command palette)."""
        self.query_one(CardSearch).show_card(self.app.pool.by_id[card_id])
