"""Vocabulary of characters exhausting: the event after one is exhausted."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.registry import FILTER, TRIGGER
from deckbuilder.engine.text.triggers import subject_condition


@TRIGGER.register("character_exhausted", subject=FILTER)
def character_exhausted(where, subject):
    """After a character of yours is exhausted: committed, or exhausted by a cost or an
    effect (subject: that character)."""
    return ab.CHARACTER_EXHAUSTED, subject_condition(where, subject)
