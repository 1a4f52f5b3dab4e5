"""Yes/no questions, built once: every optional response and effect asks one."""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, Action


class YesNo(Choice):
    """A yes/no ``Choice``: options yes (x 1), then no (x 0); a policy may tell one by its
    class."""

    __slots__ = ()


def yes_no(kind: str, label: str, no: str = "decline") -> YesNo:
    """A yes/no ``Choice`` (an immutable record: the same question is built once, and kept
    while fewer than ``_YES_NO_KEPT`` questions are)."""
    key = (kind, label, no)
    choice = _YES_NO.get(key)
    if choice is None:
        choice = YesNo(
            kind, label, (Action(CHOOSE, x=1, label=label), Action(CHOOSE, x=0, label=no))
        )
        if len(_YES_NO) < _YES_NO_KEPT:
            _YES_NO[key] = choice
    return choice


_YES_NO: dict[tuple, YesNo] = {}
_YES_NO_KEPT = 10_000
