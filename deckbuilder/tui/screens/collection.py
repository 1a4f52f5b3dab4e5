"""The collection: what is owned and available, and what the current deck is missing."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from deckbuilder.plurals import counted
from deckbuilder.tui.screens.key_order import FKeysFirst
from deckbuilder.tui.screens.prompts import ChoicePrompt, TextPrompt

# "2+": the check only counts free copies up to the need; the row is not short
FREE_LEGEND = "\nFree: copies not reserved by built decks (3+: at least the 3 needed)"


class CollectionScreen(FKeysFirst, Screen):
    BINDINGS = [
        Binding("b", "build", "Build"),
        Binding("u", "unbuild", "Unbuild", show=False),
        Binding("p", "add_product", "+Product"),
        Binding("x", "remove_product", "-Product"),
        Binding("c", "add_card", "+Card"),
        Binding("r", "refresh", "Refresh", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="collection"):
            with Vertical(id="collection-deck"):
                yield Static(id="deck-status")
                yield DataTable(cursor_type="row", zebra_stripes=True, id="deck-needs")
            with VerticalScroll(id="collection-summary"):
                yield Static(id="owned-summary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#deck-needs", DataTable)
        table.add_column("Title", width=29)
        for label in ("Need", "Owned", "Free", "Missing"):
            table.add_column(label, width=len(label))
        self.check = None
        self.watch(self.app, "collection_revision", self._refresh)
        self.watch(self.app, "deck_revision", self._refresh)
        self.focus_start()

    def focus_start(self) -> None:
        self.set_focus(self.query_one("#deck-needs", DataTable))

    def _refresh(self, _value=None) -> None:
        self._draw_summary()
        self._draw_deck(None)
        deck = self.app.deck
        if deck.draw or deck.story:
            self.app.in_thread(
                "checking the collection", lambda: self.app.store.missing_for(deck), self._draw_deck
            )

    def _draw_summary(self) -> None:
        summary = self.app.collection.summary
        text = Text("Collection\n", style="bold")
        if summary is None:
            text.append("loading…", style="dim")
        else:
            text.append(
                f"{counted(summary.cards, 'card')} owned ({counted(summary.titles, 'title')}), "
                f"{summary.reserved} reserved by built decks, {summary.available} available"
                + (f", {summary.short_total} short for built decks" if summary.short else "")
                + "\n\n"
            )
            text.append("Products\n", style="bold")
            for info, count in summary.products:
                text.append(f"  {count} × {info.name}\n")
            if not summary.products:
                text.append("  none yet: p picks one from the list\n", style="dim")
            if summary.adjustments:
                text.append("\nSingle cards\n", style="bold")
                for adjustment in summary.adjustments:
                    text.append(f"  {adjustment.count:+d} {adjustment.name.label}\n")
            text.append("\nBuilt decks\n", style="bold")
            for built in summary.built:
                text.append(f"  {built.name} ({counted(built.count, 'card')} reserved)\n")
            if not summary.built:
                text.append("  none\n", style="dim")
        self.query_one("#owned-summary", Static).update(text)

    def _draw_deck(self, check) -> None:
        """One row per card of the current deck: copies needed, owned, free, missing."""
        deck = self.app.deck
        collection = self.app.collection
        missing = {m.card_id: m for m in check.missing} if check else {}
        needs: dict[str, list] = {}
        for entry in [*deck.draw, *deck.story]:
            key = entry.card.card_id
            needs.setdefault(key, [entry.card.title, 0])[1] += entry.count
        table = self.query_one("#deck-needs", DataTable)
        table.clear()
        for key, (title, need) in sorted(needs.items(), key=lambda p: p[1][0].lower()):
            lack = missing.get(key)
            free = str(lack.have) if lack else ("…" if check is None else str(need) + "+")
            table.add_row(
                title,
                str(need),
                str(collection.owned.get(key, 0)),
                free,
                Text(str(lack.need - lack.have), style="bold red") if lack else Text("—"),
                key=key,
            )
        built = {b.name for b in collection.built}
        status = Text()
        status.append(deck.name, style="bold")
        if deck.name.strip() in built:
            status.append("  [built: its cards are reserved]", style="green")
        if check is None:
            status.append("\nchecking…" if needs else "\nthe deck is empty", style="dim")
        elif check.buildable:
            status.append("\n✔ buildable from the collection", style="green")
        else:
            short = sum(m.need - m.have for m in check.missing)
            status.append(
                f"\n✘ missing {counted(short, 'card')} of {counted(len(check.missing), 'title')}",
                style="red",
            )
        status.append(FREE_LEGEND, style="dim")
        self.query_one("#deck-status", Static).update(status)
        self.check = check

    def action_refresh(self) -> None:
        self.app.reload_collection()

    def action_build(self) -> None:
        deck = self.app.deck

        def built(check) -> None:
            if check.buildable:
                self.notify(f"{deck.name!r} is built: {counted(check.cards, 'card')} reserved")
            else:
                self.notify(
                    f"{deck.name!r} cannot be built: "
                    f"{counted(len(check.missing), 'title')} missing",
                    severity="warning",
                )
            self.app.reload_collection()

        self.app.in_thread(f"building {deck.name!r}", lambda: self.app.store.build(deck), built)

    def action_unbuild(self) -> None:
        name = self.app.deck.name

        def unbuilt(_result) -> None:
            self.notify(f"{name!r} is no longer built; its cards are available again")
            self.app.reload_collection()

        self.app.in_thread(f"unbuilding {name!r}", lambda: self.app.store.unbuild(name), unbuilt)

    def _change_collection(self, what: str, job) -> None:
        def done(message: str) -> None:
            self.notify(message)
            self.app.reload_collection()

        self.app.in_thread(what, job, done)

    def action_add_product(self) -> None:
        from deckbuilder.collection import PRODUCTS

        def chosen(choice: str | None) -> None:
            if choice:
                code = choice.split("  ")[0]
                self._change_collection(f"adding {code}", lambda: self.app.store.add_product(code))

        names = [f"{p.code}  {p.name}" for p in PRODUCTS]
        self.app.push_screen(ChoicePrompt("Add one copy of a product:", names), chosen)

    def action_remove_product(self) -> None:
        summary = self.app.collection.summary
        owned = (
            [f"{info.code}  {info.name} (own {n})" for info, n in summary.products]
            if summary
            else []
        )
        if not owned:
            self.notify("No products owned yet: p adds one.", severity="warning")
            return

        def chosen(choice: str | None) -> None:
            if choice:
                code = choice.split("  ")[0]
                self._change_collection(
                    f"removing {code}", lambda: self.app.store.add_product(code, -1)
                )

        self.app.push_screen(ChoicePrompt("Remove one copy of a product:", owned), chosen)

    def action_add_card(self) -> None:
        def chosen(answer: str | None) -> None:
            if not answer:
                return
            count, title = _count_and_title(answer)
            self._change_collection(
                f"adding {title!r}", lambda: self.app.store.add_card(title, count, self.app.pool)
            )

        prompt = TextPrompt(
            "Single card copies owned beyond the products:", placeholder="2 Itinerant Scholar"
        )
        self.app.push_screen(prompt, chosen)


def _count_and_title(answer: str) -> tuple[int, str]:
    """ "2 Title", "-1 Title" or just "Title" (one copy)."""
    head, _, rest = answer.partition(" ")
    try:
        return int(head), rest.strip()
    except ValueError:
        return 1, answer.strip()
