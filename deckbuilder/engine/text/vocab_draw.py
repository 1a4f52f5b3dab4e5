"""Vocabulary of the draw phase: what a player draws in it."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.registry import CONSTANT, INT, param


@CONSTANT.register("draw_phase_instead", draw=param(INT, required=True), discard_top=param(INT, 0))
def draw_phase_instead(where, committed, draw, discard_top):
    """Instead of drawing 2 cards in the draw phase, draw ``draw`` cards, then discard
    ``discard_top`` cards from the top of the deck."""
    return ab.Static(ab.DRAW_PHASE, None, (draw, discard_top))
