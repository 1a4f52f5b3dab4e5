"""Counted nouns for human output: "1 card", "2 cards", never "1 cards" or "card(s)"."""

from __future__ import annotations

_IRREGULAR = {"copy": "copies", "story": "stories", "conspiracy": "conspiracies"}


def plural(word: str) -> str:
    return _IRREGULAR.get(word) or f"{word}s"


def counted(count: int, word: str, plural_form: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one."""
    return f"{count} {word if count == 1 else plural_form or plural(word)}"
