"""The deck's numbers at a glance: counts by type, cost curve, icons, factions, steadfast."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from card_db.card import CARD_TYPES, ICONS
from deckbuilder.deck import Deck
from deckbuilder.deck_summary import curve_rows, deck_numbers
from deckbuilder.plurals import counted
from deckbuilder.tui.widgets.card_table import FACTION_SHORT, FACTION_STYLES

BAR_WIDTH = 20


def bar_chart(
    title: str,
    counts: list[tuple[str, int]],
    style: str = "green",
    styles: dict | None = None,
    width: int | None = None,
) -> Text:
    """One labelled horizontal bar per row, scaled to the largest value; within ``width``
    cells, so a count never wraps onto the next line."""
    text = Text(title + "\n", style="bold")
    if not counts:
        return text.append("  —\n", style="dim")
    label_width = max(len(label) for label, _ in counts)
    biggest = max((n for _, n in counts), default=0) or 1
    bar_room = BAR_WIDTH
    if width is not None:
        bar_room = max(min(BAR_WIDTH, width - label_width - len(str(biggest)) - 5), 1)
    for label, n in counts:
        text.append(f"  {label.rjust(label_width)} ")
        width = round(n * bar_room / biggest)
        text.append("█" * width, style=(styles or {}).get(label, style))
        text.append(f" {n}\n")
    return text


class DeckStats(Widget):
    """Set ``deck`` and bump ``revision`` to redraw."""

    revision: reactive[int] = reactive(0, layout=True)  # its height follows the deck

    def __init__(self, deck: Deck, **kwargs) -> None:
        super().__init__(**kwargs)
        self.deck = deck

    def render(self):
        room = self.size.width or BAR_WIDTH + 20
        numbers = deck_numbers(self.deck)
        head = Text()
        head.append(f"Draw deck {self.deck.draw_count}", style="bold")
        head.append(f"   Story deck {numbers['stories']}\n")
        head.append(
            "  ".join(f"{t} {numbers['types'][t]}" for t in CARD_TYPES if numbers["types"][t])
            or "empty",
        )
        head.append("\n")
        curve = curve_rows(numbers["curve"])
        parts = [
            head,
            bar_chart("Cost curve", curve, "cyan", width=room),
            bar_chart("Icons", [(i, numbers["icons"][i]) for i in ICONS], "yellow", width=room),
            bar_chart(
                "Factions",
                [(FACTION_SHORT.get(f, f), n) for f, n in numbers["factions"].most_common()],
                styles={FACTION_SHORT.get(f, f): s for f, s in FACTION_STYLES.items()},
                width=room,
            ),
        ]
        steadfast = Text("Steadfast needs\n", style="bold")
        if numbers["steadfast"]:
            for faction, n in sorted(numbers["steadfast"].items()):
                steadfast.append(f"  {counted(n, faction + ' resource')}\n")
        else:
            steadfast.append("  none\n", style="dim")
        parts.append(steadfast)
        return Group(*parts)
