"""Small modal dialogs: ask for a line of text, pick from a list, confirm."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option


class TextPrompt(ModalScreen[str | None]):
    """One line of text; enter accepts, escape cancels (None)."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, question: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.question, self.value, self.placeholder = question, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Input(value=self.value, placeholder=self.placeholder, id="answer")
            yield Label("enter: OK · escape: cancel", classes="dim")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class ChoicePrompt(ModalScreen[str | None]):
    """Pick one item from a list, or type a file path when ``allow_path`` is set."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, question: str, choices: list[str], *, allow_path: bool = False) -> None:
        super().__init__()
        self.question, self.choices, self.allow_path = question, choices, allow_path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            if self.choices:
                yield OptionList(*[Option(c, id=str(i)) for i, c in enumerate(self.choices)])
            else:
                yield Label("(no saved decks)", classes="dim")
            if self.allow_path:
                yield Input(placeholder="…or a deck file path (.txt, .o8d, .json)", id="path")
            yield Label("enter: choose · escape: cancel", classes="dim")

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id)])

    @on(Input.Submitted, "#path")
    def _path(self, event: Input.Submitted) -> None:
        self.dismiss(("path", event.value.strip()) if event.value.strip() else None)


class _Question(ModalScreen[bool]):
    """A yes/no question."""

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            # fold: a long path has no space to wrap at; every character stays visible
            yield Label(Text(self.question, overflow="fold"))
            yield Label("y: yes · n: no", classes="dim")


class Confirm(_Question):
    """Yes, or no (escape too)."""

    BINDINGS = [
        Binding("y", "dismiss(True)", "Yes"),
        Binding("n,escape", "dismiss(False)", "No"),
    ]


class YesNo(_Question):
    """A question whose "no" loses something: only y or n answers it, never escape."""

    BINDINGS = [
        Binding("y", "dismiss(True)", "Yes"),
        Binding("n", "dismiss(False)", "No"),
    ]


class UnsavedPrompt(ModalScreen[str | None]):
    """Unsaved changes: "save", "discard", or None (cancel: stay)."""

    BINDINGS = [
        Binding("s", "dismiss('save')", "Save"),
        Binding("d", "dismiss('discard')", "Discard"),
        Binding("escape,c", "dismiss(None)", "Cancel"),
    ]

    def __init__(self, deck_name: str) -> None:
        super().__init__()
        self.deck_name = deck_name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"The deck {self.deck_name!r} has unsaved changes.")
            yield Label("s: save them · d: discard them · escape: cancel", classes="dim")
