"""The help screen: every key of the app, screen by screen."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = {
    "Everywhere": [
        ("F1", "this help"),
        ("F2 / F3 / F4 / F5", "card browser / deck editor / collection / goldfish"),
        ("", "a screen opens with its search box (or main list) focused"),
        ("ctrl+z / ctrl+y", "undo / redo a deck edit (add, remove, rename, format, list, notes)"),
        ("ctrl+p", "command palette: jump to any card, deck or screen"),
        ("ctrl+q", "quit (asks first when the deck has unsaved changes)"),
        ("header", "deck name, ● unsaved, draw deck size/minimum, legality, every faction"),
    ],
    "Search box and results (browser and deck editor)": [
        ("type", "search as you type (query language: t: f: c s i: k: st: x: set: u: era: r: b:)"),
        ("enter / down", "from the search box to the results"),
        ("+ / enter", "in the results: add the card to the deck"),
        ("-", "in the results: remove one copy"),
        ("letters", "in the results: go on typing the search (never edit the deck)"),
        ("/", "to the search box, from anywhere but the notes"),
        ("* R B", "unique · restricted · banned under the deck's list"),
        ("tab", "from the results to the card text (arrows scroll a long one)"),
    ],
    "Deck editor (deck list and tabs left, search and results right)": [
        ("F6", "the deck list (its letter keys act only while it has the focus)"),
        ("F7 / F8 / F9", "the Rules / Charts / Notes tab (arrows scroll it)"),
        ("tab", "deck list → tabs → search → results → card text (arrows scroll it)"),
        ("a / +  and  d / -", "deck list: add or remove a copy of the selected card"),
        ("o", "deck list: group by type, cost, faction or title"),
        ("f / l", "deck list: choose the format / the restricted list"),
        ("!title", "a row breaking a rule (the Rules tab names it)"),
        ("ctrl+n", "new deck"),
        ("ctrl+o", "open a saved deck or a deck file"),
        ("ctrl+s", "save (to the database, and to its file when it has one)"),
        (
            "ctrl+e",
            "export a copy to a file (.txt, .o8d, .json; notes kept; asks before replacing one)",
        ),
        ("ctrl+r", "rename"),
        ("ctrl+delete", "delete the saved deck"),
    ],
    "Collection": [
        ("p", "add one copy of a product, picked from the list"),
        ("x", "remove one copy of an owned product"),
        ("c", 'single cards owned beyond products ("2 Title", "-1 Title")'),
        ("b", "mark the current deck built (reserves its cards)"),
        ("u", "unbuild it (its cards are available again)"),
        ("r", "reload the collection"),
    ],
    "Goldfish": [
        ("n", "new game with the current deck: draw the setup hand"),
        ("k / m", "keep / mulligan (once; the new hand must be kept)"),
        ("enter", "take the highlighted legal action (setup: pick 3 resources)"),
        ("s", "take the suggested action (the batch policy's choice)"),
        ("p", "pass (end the phase)"),
        ("e", "let the suggestions play the game out"),
        ("b", "run a batch of games (progress, ETA, turn-of-win histogram, card table)"),
        ("escape", "cancel the running batch"),
        ("1 / 2", "the Play / Batch tab"),
    ],
}


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            for section, keys in KEYS.items():
                # a table per section: a long heading never widens the keys' column
                table = Table(show_header=False, box=None, padding=(0, 2), expand=True)
                table.add_column(style="bold cyan", no_wrap=True)
                table.add_column(ratio=1)
                for key, what in keys:
                    table.add_row(key, what)
                yield Static(f"[b u]{section}[/]")
                yield Static(table, classes="help-keys")
            yield Static("escape closes this help", classes="dim")
