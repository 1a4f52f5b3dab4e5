"""A card's rules text as a player reads it: the data writes icons three ways."""

from __future__ import annotations

import re

# The card data spells an icon "((T))", "(T)" or "[Terror]"; "(s)" in "token(s)" is no icon.
_ICON_WORDS = {"T": "Terror", "C": "Combat", "A": "Arcane", "I": "Investigation"}
# "((T))" is tried first, so "((T)(C) instead…)" keeps its own parenthesis.
_ICON_MARKUP = re.compile(r"\(\(([TCAI])\)\)|(?<!\w)\(([TCAI])\)")


def readable_text(text: str) -> str:
    """Icons written as bracketed words ("[Combat]"), the form the data uses elsewhere and
    the printed cards' symbols read as; faction and struggle symbols are already words."""
    return _ICON_MARKUP.sub(lambda m: f"[{_ICON_WORDS[m.group(1) or m.group(2)]}]", text)
