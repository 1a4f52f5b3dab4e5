"""Markdown for forums and chat (write-only): the deck grouped by type, with its notes."""

from __future__ import annotations

import re

from deckbuilder.deck import Deck
from deckbuilder.formats.grouping import deck_groups, deck_notes
from deckbuilder.formats.reading import DeckFileError
from deckbuilder.plurals import counted

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text)


def entry_label(card) -> str:
    """How an exported line names a card: title, descriptor and the set it came from."""
    return f"{card.full_title} ({card.set_name})"


def dump(deck: Deck) -> str:
    sections = deck_groups(deck)
    lines = [f"# {escape(deck.name)}", ""]
    notes = deck_notes(deck)
    if notes:  # the player's own notes, already in their own markup
        lines += [notes, ""]
    for section, groups in sections:
        total = sum(g.count for g in groups)
        lines += [f"## {section} ({counted(total, 'card')})", ""]
        for group in groups:
            if section == "Draw deck":
                lines += [f"### {group.label}", ""]
            lines += [f"- {e.count}x {escape(entry_label(e.card))}" for e in group.entries]
            lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def parse(data: bytes, pool, *, name: str, source: str) -> Deck:
    raise DeckFileError(
        f"{source}: Markdown (.md) is an export format only; read the deck from its "
        ".txt, .o8d or .json file"
    )
