"""Plain-text decks grouped by type under counted headers (``convert --grouped``); the
text reader skips the headers, so the file reads back card for card."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.formats.grouping import deck_groups, deck_notes
from deckbuilder.formats.text import _line


def dump(deck: Deck) -> str:
    lines = [f"Name: {deck.name}"]
    lines += [f"# {line}".rstrip() for line in deck_notes(deck).splitlines()]
    for _section, groups in deck_groups(deck):
        for group in groups:
            lines += ["", group.label]
            lines += [_line(e) for e in group.entries]
    return "\n".join(lines) + "\n"
