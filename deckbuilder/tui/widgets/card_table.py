"""A table of cards, one row per printing, keyed by card id."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist

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
COLUMNS = (("Title", 34), ("Type", 10), ("Faction", 14), ("Cost", 4), ("Skill", 5),
           ("Icons", 7), ("Set", 10))  # fmt: skip


def faction_text(faction: str) -> Text:
    return Text(FACTION_SHORT.get(faction, faction), style=FACTION_STYLES.get(faction, ""))


class CardTable(DataTable):
    """Cards with their count column optional; ``show_cards`` replaces every row."""

    def __init__(self, *, with_count: bool = False, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.with_count = with_count

    def on_mount(self) -> None:
        # Fixed widths: auto-sized columns only ever grow, so one long title would stay.
        if self.with_count:
            self.add_column("#", width=2)
        for label, width in COLUMNS:
            self.add_column(label, width=width)

    def show_cards(self, cards: Iterable[Card], counts: dict[str, int] | None = None) -> None:
        self.clear()
        rows = []
        keys = []
        for card in cards:
            row = [str((counts or {}).get(card.id, 0))] if self.with_count else []
            title = ("* " if card.unique else "") + card.title
            if card.descriptor:
                title += f", {card.descriptor}"
            row += [
                title,
                card.type,
                faction_text(card.faction),
                card.cost_label,
                card.skill_label,
                icon_string(card),
                f"{card.set_code} {card.era}" if card.era == "CCG" else card.set_code,
            ]
            rows.append(row)
            keys.append(card.id)
        for row, key in zip(rows, keys, strict=True):
            self.add_row(*row, key=key)

    @property
    def selected_id(self) -> str | None:
        if not self.row_count:
            return None
        try:
            return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
        except CellDoesNotExist:  # cursor outside the rows while the table refills
            return None
