"""The legality panel: the verdict and every problem under the chosen format and list."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


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
            text.append(f"✘ NOT LEGAL ({len(result.problems)} problems)", style="bold red")
        text.append(f"  {self.heading}\n", style="dim")
        for problem in result.problems:
            text.append(f"• [{problem.rule}] ", style="red")
            text.append(f"{problem.message}\n")
        for warning in result.warnings:
            message = getattr(warning, "message", warning)
            text.append("! ", style="yellow")
            text.append(f"{message}\n")
        return text
