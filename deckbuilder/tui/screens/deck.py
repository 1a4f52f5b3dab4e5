"""The deck editor: the deck's cards, its numbers and a live legality panel."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from card_db.card import CARD_TYPES
from card_db.errors import DeckbuilderError
from deckbuilder.tui.screens.prompts import ChoicePrompt, Confirm, TextPrompt
from deckbuilder.tui.widgets.card_table import CardTable
from deckbuilder.tui.widgets.deck_stats import DeckStats
from deckbuilder.tui.widgets.legality import LegalityPanel


def _entry_order(card) -> tuple:
    kind = CARD_TYPES.index(card.type) if card.type in CARD_TYPES else len(CARD_TYPES)
    return (kind, card.cost if card.cost is not None else 99, card.title.lower())


class DeckScreen(Screen):
    BINDINGS = [
        Binding("a,plus,equals_sign", "add_card(1)", "Add"),
        Binding("d,minus", "add_card(-1)", "Remove"),
        Binding("ctrl+n", "new_deck", "New"),
        Binding("ctrl+o", "open_deck", "Open"),
        Binding("ctrl+s", "save_deck", "Save"),
        Binding("ctrl+e", "export_deck", "Export"),
        Binding("ctrl+r", "rename_deck", "Rename"),
        Binding("ctrl+delete", "delete_deck", "Delete"),
        Binding("f", "choose_format", "Format"),
        Binding("l", "choose_list", "List"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="deck-editor"):
            with Vertical(id="deck-left"):
                yield Static(id="deck-title")
                yield CardTable(with_count=True, id="deck-cards")
            with VerticalScroll(id="deck-right"):
                yield LegalityPanel(id="legality")
                yield DeckStats(self.app.deck, id="deck-stats")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(self.app, "deck_revision", self._refresh_deck)
        self.watch(self.app, "pool", self._refresh_deck)
        self.watch(self.app, "format_id", self._refresh_legality)
        self.watch(self.app, "list_id", self._refresh_legality)
        self.query_one(CardTable).focus()

    # --- drawing ----------------------------------------------------------------------

    def _refresh_deck(self, _value=None) -> None:
        deck = self.app.deck
        table = self.query_one(CardTable)
        keep = table.selected_id
        entries = sorted(deck.draw, key=lambda e: _entry_order(e.card))
        entries += sorted(deck.story, key=lambda e: _entry_order(e.card))
        counts = {e.card.id: e.count for e in entries}
        table.show_cards([e.card for e in entries], counts, keep_cursor=True)
        if keep in table.card_ids:
            table.move_cursor(table.card_ids.index(keep))
        where = f" · {self.app.deck_path}" if self.app.deck_path else " · not saved to a file"
        self.query_one("#deck-title", Static).update(
            f"[b]{deck.name}[/]{where}\n{deck.draw_count} draw cards, "
            f"{sum(e.count for e in deck.story)} stories"
        )
        stats = self.query_one(DeckStats)
        stats.deck = deck
        stats.revision += 1
        self._refresh_legality()

    def _refresh_legality(self, _value=None) -> None:
        panel = self.query_one(LegalityPanel)
        if self.app.pool is None:
            return
        try:
            result = self.app.check_deck()
        except DeckbuilderError as exc:  # e.g. a list id from a deck file we do not know
            panel.show_unavailable(f"Cannot check: {exc}")
            return
        panel.show(result, f"format {result.format} · list {result.list}  (f / l to change)")

    # --- editing ----------------------------------------------------------------------

    def action_add_card(self, delta: int) -> None:
        card_id = self.query_one(CardTable).selected_id
        card = self.app.pool.by_id.get(card_id) if card_id and self.app.pool else None
        if card is None:
            self.notify("The deck is empty: add cards from the card browser (F2).")
            return
        self.app.change_deck(card, delta)

    def action_new_deck(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.app.new_deck(name)

        self.app.push_screen(TextPrompt("Name of the new deck:"), named)

    def action_open_deck(self) -> None:
        def chosen(choice) -> None:
            if isinstance(choice, tuple):
                from pathlib import Path

                self.app.open_deck_file(Path(choice[1]).expanduser())
            elif choice:
                self.app.open_saved_deck(choice)

        def ask(names: list[str]) -> None:
            self.app.push_screen(ChoicePrompt("Open a deck:", names, allow_path=True), chosen)

        self.app.in_thread("listing saved decks", self.app.saved_deck_names, ask)

    def action_save_deck(self) -> None:
        self.app.save_deck()

    def action_export_deck(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                from pathlib import Path

                self.app.export_deck(Path(path).expanduser())

        suggestion = str(self.app.deck_path or f"{self.app.deck.name}.txt")
        prompt = TextPrompt("Write the deck to (.txt, .o8d, .json):", suggestion)
        self.app.push_screen(prompt, chosen)

    def action_rename_deck(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.app.rename_deck(name)

        self.app.push_screen(TextPrompt("New name:", self.app.deck.name), named)

    def action_delete_deck(self) -> None:
        def confirmed(yes: bool) -> None:
            if yes:
                self.app.delete_saved_deck(self.app.deck.name)

        self.app.push_screen(Confirm(f"Delete the saved deck {self.app.deck.name!r}?"), confirmed)

    def action_choose_format(self) -> None:
        def chosen(format_id: str | None) -> None:
            if format_id:
                self.app.format_id = format_id.split(" ")[0]

        self.app.push_screen(ChoicePrompt("Format:", self.app.format_choices()), chosen)

    def action_choose_list(self) -> None:
        def chosen(list_id: str | None) -> None:
            if list_id:
                self.app.list_id = list_id.split(" ")[0]

        prompt = ChoicePrompt("Restricted/banned list:", self.app.list_choices())
        self.app.push_screen(prompt, chosen)
