"""The collection screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class CollectionScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("collection")
        yield Footer()
