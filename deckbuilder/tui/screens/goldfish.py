"""The goldfish screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class GoldfishScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("goldfish")
        yield Footer()
