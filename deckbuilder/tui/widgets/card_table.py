"""A fast table of cards: one pre-rendered line per card, a fixed header, a row cursor.

A line-API widget rather than DataTable: refilling 200 rows and drawing them stays within a
few milliseconds, which keeps search-as-you-type under one frame. The title column takes
the width the other columns leave; when that is too little, the least needed columns go.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from card_db.names import title_key
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
FACTION_CODES = {  # four letters for narrow columns; the colour says it too
    "The Agency": "Agcy",
    "Miskatonic University": "Misk",
    "Syndicate": "Synd",
    "Cthulhu": "Cthu",
    "Hastur": "Hast",
    "Yog-Sothoth": "Yog",
    "Shub-Niggurath": "Shub",
    "Silver Twilight": "Silv",
    "Neutral": "Neut",
}
TYPE_SHORT = {"Character": "Char", "Support": "Supp", "Conspiracy": "Consp"}
# key: (header, width); the title's width is what the others leave.
COLUMN_SPECS = {
    "count": ("#", 3),
    "title": ("Title", 0),
    "type": ("Type", 6),
    "faction": ("Fac", 5),
    "cost": ("C", 3),
    "skill": ("S", 3),
    "icons": ("Icons", 6),
    "set": ("Set", 7),
}
ALL_COLUMNS = ("title", "type", "faction", "cost", "skill", "icons", "set")
DROP_ORDER = ("set", "type", "icons", "skill")  # least needed first (the preview shows them)
MIN_TITLE = 24
BADGE_STYLES = {"R": Style(color="black", bgcolor="yellow", bold=True),
                "B": Style(color="white", bgcolor="red", bold=True)}  # fmt: skip
_FACTION_RICH = {name: Style.parse(style) for name, style in FACTION_STYLES.items()}
_UNIQUE = Style(color="yellow", bold=True)
_FLAGGED = Style(color="red", bold=True)
_CCG = Style(dim=True, italic=True)


@dataclass(frozen=True)
class GroupHeader:
    """A heading row between groups of cards ("Characters (24)")."""

    label: str


def _fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells, an ellipsis marking a cut."""
    if len(text) > width > 1:
        return text[: width - 1] + "…"
    return set_cell_size(text, width)


def _cell(card: Card, key: str, count: int) -> tuple[str, Style | None]:
    if key == "count":
        return str(count), None
    if key == "type":
        return TYPE_SHORT.get(card.type, card.type), None
    if key == "faction":
        return FACTION_CODES.get(card.faction, card.faction[:4]), _FACTION_RICH.get(card.faction)
    if key == "cost":
        return card.cost_label, None
    if key == "skill":
        return card.skill_label, None
    if key == "icons":
        return icon_string(card), None
    return card.set_code, _CCG if card.era == "CCG" else None  # "set"


class CardTable(ScrollView, can_focus=True):
    """Cards, one per line (with optional group headings); ``show_cards`` replaces them;
    posts ``Highlighted`` on moves. ``badge`` (card → "R", "B" or None) and ``flagged``
    (title keys breaking a rule) are set by the screen (attributes down)."""

    BINDINGS = [
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "cursor_to(0)", show=False),
        Binding("end", "cursor_to(-1)", show=False),
    ]
    COMPONENT_CLASSES = {"card-table--header", "card-table--cursor", "card-table--group"}
    # The row count changes on nearly every search keystroke. As a layout change it would
    # re-lay out and repaint the whole screen each time; the table's size never depends on
    # its rows and it draws no scrollbar (the cursor scrolls it; the header shows where it
    # is), so a repaint of the table is all a new row count needs.
    virtual_size = Reactive(Size(0, 0), layout=False)
    DEFAULT_CSS = """
    CardTable { background: $surface; overflow: hidden hidden; }
    CardTable > .card-table--header { text-style: bold; color: $primary; }
    CardTable > .card-table--group { text-style: bold; color: $accent; }
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

    @dataclass
    class Edit(Message):
        """Add (delta > 0) or remove copies of a card in the deck."""

        table: CardTable
        card_id: str
        delta: int

        @property
        def control(self) -> CardTable:
            return self.table

    def __init__(
        self,
        *,
        columns: tuple[str, ...] = ALL_COLUMNS,
        drop_order: tuple[str, ...] = DROP_ORDER,
        **kwargs,
    ) -> None:
        super().__init__(**kwargs)
        self.wanted_columns = columns
        self.drop_order = drop_order
        self.badge: Callable[[Card], str | None] | None = None
        self.flagged: frozenset[str] = frozenset()
        self.card_ids: list[str | None] = []
        self._rows: list[Card | GroupHeader] = []
        self._counts: dict[str, int] = {}
        self._lines: dict[int, list[Segment]] = {}
        self._lines_width = 0  # the width ``_lines`` were laid out for
        self._layout_for: tuple[int, list] | None = None
        self.cursor_row = 0

    # --- data ---------------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def cards(self) -> list[Card]:
        return [row for row in self._rows if isinstance(row, Card)]

    @property
    def selected_id(self) -> str | None:
        return self.card_ids[self.cursor_row] if self._rows else None

    def show_cards(
        self,
        rows: Iterable[Card | GroupHeader],
        counts: dict[str, int] | None = None,
        *,
        keep_cursor: bool = False,
    ) -> None:
        """Replace the rows; the cursor goes back to the first card unless ``keep_cursor``."""
        self._rows = list(rows)
        self.card_ids = [r.id if isinstance(r, Card) else None for r in self._rows]
        self._counts = counts or {}
        self._lines.clear()  # rows are laid out lazily, only those drawn
        self.virtual_size = Size(self.size.width, len(self._rows) + 1)
        if keep_cursor:
            self.cursor_row = min(self.cursor_row, max(len(self._rows) - 1, 0))
        else:
            self.cursor_row = 0
            self.scroll_to(y=0, animate=False, immediate=True, force=True)
        self.cursor_row = self._card_row(self.cursor_row, 1)
        self.refresh()
        self.post_message(self.Highlighted(self, self.selected_id))

    def refresh_rows(self) -> None:
        """Draw the rows again (their badges or flags changed)."""
        self._lines.clear()
        self.refresh()

    def select(self, card_id: str) -> None:
        if card_id in self.card_ids:
            self.move_cursor(self.card_ids.index(card_id))

    def _card_row(self, row: int, step: int) -> int:
        """The nearest card row from ``row`` going ``step`` (then back), skipping headings."""
        for direction in (step, -step):
            probe = row
            while 0 <= probe < len(self._rows):
                if self.card_ids[probe] is not None:
                    return probe
                probe += direction
        return max(0, min(row, len(self._rows) - 1))

    def move_cursor(self, row: int, step: int = 1) -> None:
        if not self._rows:
            return
        row = self._card_row(max(0, min(row, len(self._rows) - 1)), step)
        self.cursor_row = row
        visible = max(self.size.height - 1, 1)
        if row < self.scroll_y + (1 if row > 0 and self.card_ids[row - 1] is None else 0):
            top = row - 1 if row > 0 and self.card_ids[row - 1] is None else row  # its heading
            self.scroll_to(y=top, animate=False, immediate=True, force=True)
        elif row >= self.scroll_y + visible:
            self.scroll_to(y=row - visible + 1, animate=False, immediate=True, force=True)
        self.refresh()
        self.post_message(self.Highlighted(self, self.selected_id))

    # --- keys and mouse -----------------------------------------------------------------

    def action_cursor(self, delta: int) -> None:
        self.move_cursor(self.cursor_row + delta, 1 if delta > 0 else -1)

    def action_page(self, direction: int) -> None:
        self.move_cursor(self.cursor_row + direction * max(self.size.height - 2, 1), direction)

    def action_cursor_to(self, row: int) -> None:
        self.move_cursor(row if row >= 0 else len(self._rows) - 1, 1 if row >= 0 else -1)

    def action_edit(self, delta: int) -> None:
        if self.selected_id is not None:
            self.post_message(self.Edit(self, self.selected_id, delta))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.move_cursor(self.cursor_row + 3)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.move_cursor(self.cursor_row - 3, -1)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:
            self.move_cursor(round(self.scroll_y) + event.y - 1)

    def on_resize(self, event: events.Resize) -> None:
        self._lines.clear()

    # --- drawing ------------------------------------------------------------------------

    def columns(self) -> list[tuple[str, str, int]]:
        """(key, header, width) of the columns shown at the current width."""
        width = self.size.width
        if self._layout_for and self._layout_for[0] == width:
            return self._layout_for[1]
        keys = list(self.wanted_columns)
        fixed = lambda: sum(COLUMN_SPECS[k][1] for k in keys)  # noqa: E731
        for key in self.drop_order:
            if width - fixed() >= MIN_TITLE:
                break
            if key in keys:
                keys.remove(key)
        title = max(width - fixed(), 8)
        layout = [(k, COLUMN_SPECS[k][0], COLUMN_SPECS[k][1] or title) for k in keys]
        self._layout_for = (width, layout)
        return layout

    def _title_segments(self, card: Card, width: int) -> list[Segment]:
        flagged = title_key(card.title) in self.flagged
        badge = self.badge(card) if self.badge else None
        room = width - 1 - (len(badge) + 1 if badge else 0)
        parts = [Segment(" ")]
        if card.unique:
            parts.append(Segment("*", _UNIQUE))
            room -= 1
        text = ("!" if flagged else "") + card.full_title
        parts.append(Segment(_fit(text, max(room, 0)), _FLAGGED if flagged else None))
        if badge:
            parts += [Segment(badge, BADGE_STYLES.get(badge)), Segment(" ")]
        return parts

    def _segments(self, index: int) -> list[Segment]:
        line = self._lines.get(index)
        if line is None:
            row = self._rows[index]
            if isinstance(row, GroupHeader):
                style = self.get_component_rich_style("card-table--group")
                line = [Segment(" " + row.label, style)]
            else:
                line = []
                for key, _, width in self.columns():
                    if key == "title":
                        line += self._title_segments(row, width)
                        continue
                    text, style = _cell(row, key, self._counts.get(row.id, 0))
                    line.append(Segment(" " + set_cell_size(text, width - 1), style))
            self._lines[index] = line
        return line

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if width != self._lines_width:  # a resize can draw before on_resize arrives
            self._lines.clear()
            self._lines_width = width
        base = self.rich_style
        if y == 0:
            header = "".join(" " + set_cell_size(name, w - 1) for _, name, w in self.columns())
            cards = len(self.cards) if self._rows else 0
            where = f"{self.cursor_row + 1}/{len(self._rows)} " if cards else ""
            if len(header.rstrip()) + len(where) + 1 > width:
                where = ""  # the columns first
            header = set_cell_size(header, max(width - len(where), 0)) + where
            style = base + self.get_component_rich_style("card-table--header")
            return Strip([Segment(header, style)]).crop_extend(0, width, style)
        index = round(self.scroll_y) + y - 1
        if index >= len(self._rows):
            return Strip.blank(width, base)
        strip = Strip(self._segments(index)).apply_style(base)
        if index == self.cursor_row and self.card_ids[index] is not None:
            cursor = self.get_component_rich_style("card-table--cursor")
            strip = Strip([Segment(text, (style or Style()) + cursor) for text, style, _ in strip])
            return strip.crop_extend(0, width, base + cursor)
        return strip.crop_extend(0, width, base)


class ResultsTable(CardTable):
    """Search results: + / enter add the card, - removes it, and any other character typed
    goes to the search box: typing here never edits the deck by accident."""

    BINDINGS = [
        Binding("plus,equals_sign,enter", "edit(1)", "Add"),
        Binding("minus", "edit(-1)", "Remove"),
    ]
    EDIT_KEYS = {"plus", "equals_sign", "minus"}

    def __init__(self, *, search_box: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.search_box = search_box

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return bool(character and character.isprintable()) and key not in self.EDIT_KEYS

    def on_key(self, event: events.Key) -> None:
        if self.check_consume_key(event.key, event.character):
            event.stop()
            event.prevent_default()
            box = self.screen.query_one(self.search_box)
            self.screen.set_focus(box)
            if event.key != "slash":  # "/" only goes back to the search box, as elsewhere
                box.insert_text_at_cursor(event.character)
