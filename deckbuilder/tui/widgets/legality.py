"""The legality panel: the verdict and every problem under the chosen format and list."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual.widget import Widget

from card_db.names import title_key
from deckbuilder.plurals import counted


def main_factions(deck) -> str:
    """Every faction of the draw deck by copies, neutrals aside: a one-card splash counts
    (it needs its resources) and shows last."""
    from deckbuilder.tui.widgets.card_table import FACTION_SHORT

    counts: Counter[str] = Counter()
    for entry in deck.draw:
        if entry.card.faction != "Neutral":
            counts[entry.card.faction] += entry.count
    names = [FACTION_SHORT.get(faction, faction) for faction, _ in counts.most_common()]
    return " + ".join(names) or ("Neutral" if deck.draw else "no cards")


def headline(deck, result) -> str:
    """The running header: "48/50 · legal · Miskatonic + Hastur", the verdict before the
    factions, so a narrow terminal cuts the factions, never the legality."""
    from deckbuilder.legality import get_format

    size = f"{result.draw_deck_count}/{get_format(result.format).min_draw_deck}"
    verdict = "legal" if result.legal else f"not legal ({len(result.problems)})"
    return f"{size} · {verdict} · {main_factions(deck)}"


def flagged_titles(result) -> frozenset[str]:
    """Title keys of the cards a rule names (their deck rows are highlighted)."""
    if result is None:
        return frozenset()
    return frozenset(title_key(t) for p in result.problems for t in p.cards)


class LegalityPanel(Widget):
    """Shows a ``CheckResult`` from ``deckbuilder.legality.check_deck`` (or why there is none)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.result = None
        self.heading = ""
        self.unavailable: str | None = None

    def show(self, result, heading: str) -> None:
        self.result, self.heading, self.unavailable = result, heading, None
        self.refresh(layout=True)

    def show_unavailable(self, reason: str) -> None:
        self.result, self.unavailable = None, reason
        self.refresh(layout=True)

    def render(self):
        text = Text()
        if self.unavailable:
            return text.append(self.unavailable, style="dim")
        if self.result is None:
            return text.append("Legality: waiting for the card pool…", style="dim")
        result = self.result
        if result.legal:
            text.append("✔ LEGAL", style="bold green")
        else:
            count = len(result.problems)
            text.append(f"✘ NOT LEGAL ({counted(count, 'problem')})", style="bold red")
        text.append(f"  {self.heading}\n", style="dim")
        for problem in result.problems:
            text.append(f"• [{problem.rule}] ", style="red")
            text.append(f"{problem.message}\n")
            if problem.cards:
                text.append("  rows: " + ", ".join(problem.cards) + "\n", style="dim red")
        for warning in result.warnings:
            message = getattr(warning, "message", warning)
            text.append("! ", style="yellow")
            text.append(f"{message}\n")
        return text
