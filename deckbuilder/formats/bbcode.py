"""BBCode for the old forums (write-only): the deck grouped by type, with its notes."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.formats.grouping import deck_groups, deck_notes
from deckbuilder.formats.markdown import entry_label
from deckbuilder.formats.reading import DeckFileError
from deckbuilder.plurals import counted


def dump(deck: Deck) -> str:
    lines = [f"[size=150][b]{deck.name}[/b][/size]", ""]
    notes = deck_notes(deck)
    if notes:
        lines += [notes, ""]
    for section, groups in deck_groups(deck):
        total = sum(g.count for g in groups)
        lines += [f"[u][b]{section} ({counted(total, 'card')})[/b][/u]", ""]
        for group in groups:
            if section == "Draw deck":
                lines.append(f"[b]{group.label}[/b]")
            lines += [f"{e.count}x {entry_label(e.card)}" for e in group.entries]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def parse(data: bytes, pool, *, name: str, source: str) -> Deck:
    raise DeckFileError(
        f"{source}: BBCode (.bbcode) is an export format only; read the deck from its "
        ".txt, .o8d or .json file"
    )
