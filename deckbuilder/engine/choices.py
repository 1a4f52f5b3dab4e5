"""Yes/no questions, built once: every optional response and effect asks one."""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, Action


def yes_no(kind: str, label: str, no: str = "decline") -> Choice:
    """A yes/no ``Choice`` (an immutable record: the same question is built once, and kept
    while fewer than ``_YES_NO_KEPT`` questions are)."""
    key = (kind, label, no)
    choice = _YES_NO.get(key)
    if choice is None:
        choice = Choice(
            kind, label, (Action(CHOOSE, x=1, label=label), Action(CHOOSE, x=0, label=no))
        )
        if len(_YES_NO) < _YES_NO_KEPT:
            _YES_NO[key] = choice
    return choice


_YES_NO: dict[tuple, Choice] = {}
_YES_NO_KEPT = 10_000
