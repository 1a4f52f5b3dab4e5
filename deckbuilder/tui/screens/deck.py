"""The deck editor: one screen to build a deck. The deck list (grouped, sortable) with its
rules, charts and notes beside a search with results and a card preview."""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static, TabbedContent, TabPane, TextArea

from deckbuilder.tui.screens.key_order import FKeysFirst
from deckbuilder.tui.screens.prompts import ChoicePrompt, Confirm, TextPrompt
from deckbuilder.tui.widgets.card_detail import CardDetail
from deckbuilder.tui.widgets.card_search import CardSearch, SearchBox
from deckbuilder.tui.widgets.card_table import CardTable
from deckbuilder.tui.widgets.deck_list import DeckList
from deckbuilder.tui.widgets.deck_stats import DeckStats
from deckbuilder.tui.widgets.legality import LegalityPanel, flagged_titles
from deckbuilder.tui.widgets.legality import headline as headline_of

EDITOR_RESULT_COLUMNS = ("title", "type", "faction", "cost", "skill", "icons")
# narrow results keep title, type and cost (what picking a card needs); the preview has the rest
EDITOR_RESULT_DROPS = ("icons", "skill", "faction")


class DeckScreen(FKeysFirst, Screen):
    BINDINGS = [
        # F-keys reach the panes from the search box, where letters type; priority: out of
        # the notes too (TextArea's own f6/f7 select a line / everything)
        Binding("f6", "focus_deck_list", "List", priority=True),
        Binding("f7", "show_tab('rules-tab')", "Rules", priority=True),
        Binding("f8", "show_tab('charts-tab')", "Charts", priority=True),
        Binding("f9", "show_tab('notes-tab')", "Notes", priority=True),
        Binding("ctrl+n", "new_deck", "New"),
        Binding("ctrl+o", "open_deck", "Open"),
        Binding("ctrl+s", "save_deck", "Save"),
        # priority: the search box (where the editor opens) binds ctrl+e and ctrl+delete
        Binding("ctrl+e", "export_deck", "Export", show=False, priority=True),
        Binding("ctrl+r", "rename_deck", "Rename", show=False),
        Binding("ctrl+delete", "delete_deck", "Delete", show=False, priority=True),
        # priority: acted on before the keys typed after it are handed to a widget, so
        # "/" then a fast word all reaches the search box (check_action: text boxes type it)
        Binding("slash", "focus_search", "Search", show=False, priority=True),
        Binding("f", "choose_format", "Format", show=False),
        Binding("l", "choose_list", "List", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="deck-title")
        with Horizontal(id="deck-editor"):
            with Vertical(id="deck-side"):
                yield DeckList(id="deck-cards")
                with TabbedContent(id="deck-tabs"):
                    with TabPane("Rules", id="rules-tab"), VerticalScroll():
                        yield LegalityPanel(id="legality")
                    with TabPane("Charts", id="charts-tab"), VerticalScroll():
                        yield DeckStats(self.app.deck, id="deck-stats")
                    with TabPane("Notes", id="notes-tab"):
                        yield TextArea(id="deck-notes", soft_wrap=True)
            with Vertical(id="find-side"):
                yield CardSearch(
                    self._preview,
                    columns=EDITOR_RESULT_COLUMNS,
                    drop_order=EDITOR_RESULT_DROPS,
                    placeholder="Find a card to add: title or t:char f:misk c<=2",
                )
                with VerticalScroll(id="preview-scroll"):
                    yield CardDetail(id="preview")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "deck_revision", self._refresh_deck)
        self.watch(self.app, "collection_revision", self._refresh_preview)
        self.query_one(DeckList).badge = self.app.badge
        self.focus_start()

    def focus_start(self) -> None:
        """Where the editor opens: the search (the deck list's letters edit the deck)."""
        self.query_one(CardSearch).focus_box()

    # --- drawing ----------------------------------------------------------------------

    def _refresh_deck(self, _value=None) -> None:
        app, deck = self.app, self.app.deck
        deck_list = self.query_one(DeckList)
        deck_list.flagged = flagged_titles(app.deck_check)
        deck_list.show_deck(deck)
        self.query_one(CardSearch).table.refresh_rows()  # badges follow the deck's list
        where = f"file {app.deck_path.name}" if app.deck_path else "no file (ctrl+e exports)"
        title = self.query_one("#deck-title", Static)
        title.set_class(app.unsaved, "unsaved")
        marker = " ● unsaved" if app.unsaved else ""
        headline = f" · {headline_of(deck, app.deck_check)}" if app.deck_check else ""
        extra = f"sort {deck_list.sort} (o) · {where}"
        title.update(f"[b]{escape(deck.name)}{marker}[/]{headline}  [dim]{escape(extra)}[/]")
        stats = self.query_one(DeckStats)
        stats.deck = deck
        stats.revision += 1
        panel = self.query_one(LegalityPanel)
        if app.deck_check is not None:
            check = app.deck_check
            panel.show(check, f"format {check.format} · list {check.list}  (f / l change)")
        elif app.pool is not None:
            panel.show_unavailable(f"Cannot check under list {app.list_id!r}")
        notes = self.query_one("#deck-notes", TextArea)
        if notes.text != deck.notes:
            notes.load_text(deck.notes)
        self._refresh_preview()

    def _refresh_preview(self, _value=None) -> None:
        preview = self.query_one(CardDetail)
        self._preview(preview.card.id if preview.card else None)

    def _preview(self, card_id: str | None) -> None:
        self.query_one(CardDetail).show(self.app, card_id)

    @on(CardTable.Highlighted)
    def _row_highlighted(self, event: CardTable.Highlighted) -> None:
        # the focused table's moves only: redrawing the deck list after an add from the
        # results must not swap the preview away from the card just added
        if event.card_id is not None and event.table.has_focus:
            self._preview(event.card_id)

    @on(CardTable.Edit)
    def _edit(self, event: CardTable.Edit) -> None:
        self.app.change_deck(self.app.pool.by_id[event.card_id], event.delta)

    @on(TextArea.Changed, "#deck-notes")
    def _notes_changed(self, event: TextArea.Changed) -> None:
        self.app.set_notes(event.text_area.text)

    # --- deck actions -----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "focus_search":  # a priority key: the notes still type "/"
            focused = self.focused
            return isinstance(focused, SearchBox) or not isinstance(focused, Input | TextArea)
        return True

    def action_focus_search(self) -> None:
        self.query_one(CardSearch).focus_box()

    def action_focus_deck_list(self) -> None:
        self.set_focus(self.query_one(DeckList))

    def action_show_tab(self, tab: str) -> None:
        self.query_one("#deck-tabs", TabbedContent).active = tab
        pane = self.query_one(f"#{tab}", TabPane)
        self.set_focus(pane.query_one("TextArea, VerticalScroll"))

    def action_new_deck(self) -> None:
        def named(name: str | None) -> None:
            if name:
                self.app.new_deck(name)

        self.app.guard_unsaved(lambda: self.app.push_screen(TextPrompt("New deck name:"), named))

    def action_open_deck(self) -> None:
        def chosen(choice) -> None:
            if isinstance(choice, tuple):
                self.app.open_deck_file(Path(choice[1]).expanduser())
            elif choice:
                self.app.open_saved_deck(choice)

        def ask(names: list[str]) -> None:
            self.app.push_screen(ChoicePrompt("Open a deck:", names, allow_path=True), chosen)

        self.app.guard_unsaved(
            lambda: self.app.in_thread("listing saved decks", self.app.saved_deck_names, ask)
        )

    def action_save_deck(self) -> None:
        self.app.save_deck()

    def action_export_deck(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
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
                self.app.set_rules(format_id=format_id.split(" ")[0])

        self.app.push_screen(ChoicePrompt("Format:", self.app.format_choices()), chosen)

    def action_choose_list(self) -> None:
        def chosen(list_id: str | None) -> None:
            if list_id:
                self.app.set_rules(list_id=list_id.split(" ")[0])

        prompt = ChoicePrompt("Restricted/banned list:", self.app.list_choices())
        self.app.push_screen(prompt, chosen)
