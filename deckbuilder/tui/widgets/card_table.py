"""A fast table of cards: one pre-rendered line per card, a fixed header, a row cursor.

A line-API widget rather than DataTable: refilling 200 rows and drawing them stays within a
few milliseconds, which keeps search-as-you-type under one frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from card_db.card import Card
from deckbuilder.tui.widgets.card_detail import icon_string

FACTION_STYLES = {
    "The Agency": "#6fa8dc",
    "Miskatonic University": "#e6c36b",
    "Syndicate": "#b4a7d6",
    "Cthulhu": "#6aa84f",
    "Hastur": "#e69138",
    "Yog-Sothoth": "#c27ba0",
    "Shub-Niggurath": "#cc4125",
    "Silver Twilight": "#bcbcbc",
    "Neutral": "#999999",
}
FACTION_SHORT = {
    "The Agency": "Agency",
    "Miskatonic University": "Miskatonic",
    "Silver Twilight": "Twilight",
}
COLUMNS = (("Title", 31), ("Type", 10), ("Faction", 11), ("Cost", 5), ("Skill", 6),
           ("Icons", 6), ("Set", 8))  # fmt: skip
_FACTION_RICH = {name: Style.parse(style) for name, style in FACTION_STYLES.items()}


def _cells(card: Card, count: int | None) -> list[tuple[str, Style | None]]:
    title = ("* " if card.unique else "") + card.full_title
    cells = [] if count is None else [(str(count), None)]
    cells += [
        (title, None),
        (card.type, None),
        (FACTION_SHORT.get(card.faction, card.faction), _FACTION_RICH.get(card.faction)),
        (card.cost_label, None),
        (card.skill_label, None),
        (icon_string(card), None),
        (f"{card.set_code} {card.era}" if card.era == "CCG" else card.set_code, None),
    ]
    return cells


class CardTable(ScrollView, can_focus=True):
    """Cards, one per line; ``show_cards`` replaces them; posts ``Highlighted`` on moves."""

    BINDINGS = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
    ]
    COMPONENT_CLASSES = {"card-table--header", "card-table--cursor"}
    # The row count changes on nearly every search keystroke. As a layout change it would
    # re-lay out and repaint the whole screen each time; the table's size never depends on
    # its rows and it draws no scrollbar (the cursor scrolls it; the header shows where it
    # is), so a repaint of the table is all a new row count needs.
    virtual_size = Reactive(Size(0, 0), layout=False)
    DEFAULT_CSS = """
    CardTable { background: $surface; overflow: hidden hidden; }
    CardTable > .card-table--header { text-style: bold; color: $primary; }
    CardTable > .card-table--cursor { background: $primary 30%; }
    CardTable:focus > .card-table--cursor { background: $primary; color: $text; }
    """

    @dataclass
    class Highlighted(Message):
        table: CardTable
        card_id: str | None

        @property
        def control(self) -> CardTable:
            return self.table

    def __init__(self, *, with_count: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.with_count = with_count
        self.columns = ((("#", 3),) if with_count else ()) + COLUMNS
        self.card_ids: list[str] = []
        self._counts: dict[str, int] | None = None
        self._cards: list[Card] = []
        self._lines: dict[int, list[Segment]] = {}
        self.cursor_row = 0

    # --- data ---------------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self._cards)

    @property
    def selected_id(self) -> str | None:
        return self.card_ids[self.cursor_row] if self._cards else None

    def show_cards(
        self,
        cards: Iterable[Card],
        counts: dict[str, int] | None = None,
        *,
        keep_cursor: bool = False,
    ) -> None:
        """Replace the rows; the cursor goes back to the top unless ``keep_cursor``."""
        self._cards = list(cards)
        self.card_ids = [c.id for c in self._cards]
        self._counts = counts if self.with_count else None
        self._lines.clear()  # rows are laid out lazily, only those drawn
        width = sum(w for _, w in self.columns)
        self.virtual_size = Size(width, len(self._cards) + 1)
        if keep_cursor:
            self.cursor_row = min(self.cursor_row, max(len(self._cards) - 1, 0))
        else:
            self.cursor_row = 0
            self.scroll_to(y=0, animate=False, immediate=True, force=True)
        self.refresh()
        self.post_message(self.Highlighted(self, self.selected_id))

    def move_cursor(self, row: int) -> None:
        if not self._cards:
            return
        row = max(0, min(row, len(self._cards) - 1))
        self.cursor_row = row
        visible = max(self.size.height - 1, 1)
        if row < self.scroll_y:
            self.scroll_to(y=row, animate=False, immediate=True, force=True)
        elif row >= self.scroll_y + visible:
            self.scroll_to(y=row - visible + 1, animate=False, immediate=True, force=True)
        self.refresh()
        self.post_message(self.Highlighted(self, self.selected_id))

    # --- keys and mouse -----------------------------------------------------------------

    def action_cursor(self, delta: int) -> None:
        self.move_cursor(self.cursor_row + delta)

    def action_page(self, direction: int) -> None:
        self.move_cursor(self.cursor_row + direction * max(self.size.height - 2, 1))

    def action_cursor_to(self, row: int) -> None:
        self.move_cursor(row if row >= 0 else len(self._cards) - 1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.move_cursor(self.cursor_row + 3)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.move_cursor(self.cursor_row - 3)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:
            self.move_cursor(round(self.scroll_y) + event.y - 1)

    # --- drawing ------------------------------------------------------------------------

    def _segments(self, index: int) -> list[Segment]:
        line = self._lines.get(index)
        if line is None:
            card = self._cards[index]
            count = (self._counts or {}).get(card.id, 0) if self.with_count else None
            line = []
            for (text, style), (_, width) in zip(_cells(card, count), self.columns, strict=True):
                line.append(Segment(" " + set_cell_size(text, width - 1), style))
            self._lines[index] = line
        return line

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y == 0:
            header = "".join(" " + set_cell_size(name, w - 1) for name, w in self.columns)
            where = f"{self.cursor_row + 1}/{len(self._cards)} " if self._cards else ""
            header = set_cell_size(header, max(width - len(where), 0)) + where
            style = base + self.get_component_rich_style("card-table--header")
            return Strip([Segment(header, style)]).crop_extend(0, width, style)
        index = round(self.scroll_y) + y - 1
        if index >= len(self._cards):
            return Strip.blank(width, base)
        strip = Strip(self._segments(index)).apply_style(base)
        if index == self.cursor_row:
            cursor = self.get_component_rich_style("card-table--cursor")
            strip = Strip([Segment(text, (style or Style()) + cursor) for text, style, _ in strip])
            return strip.crop_extend(0, width, base + cursor)
        return strip.crop_extend(0, width, base)
