"""Vocabulary of characters exhausting, or their skill lowered: the events after."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.registry import FILTER, TRIGGER
from deckbuilder.engine.text.triggers import subject_condition


@TRIGGER.register("character_exhausted", subject=FILTER)
def character_exhausted(where, subject):
    """After a character of yours is exhausted: committed, or exhausted by a cost or an
    effect (subject: that character)."""
    return ab.CHARACTER_EXHAUSTED, subject_condition(where, subject)


@TRIGGER.register("skill_lowered", subject=FILTER)
def skill_lowered(where, subject):
    """After an effect lowers the skill of a character of yours (a ``boost`` of minus skill;
    subject: that character). A constant minus skill is no event: nothing is lowered when
    it is in force."""
    return ab.SKILL_LOWERED, subject_condition(where, subject)
