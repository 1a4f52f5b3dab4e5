"""Filter atoms on printed facts of a card beyond its type, subtypes and stats."""

from __future__ import annotations

import re

from deckbuilder.engine.text.filters import KIND, atom
from deckbuilder.engine.text.registry import BOOL

_CHAMPION = re.compile(r"card designed by \d{4} world champion", re.IGNORECASE)


@atom("designed_by_champion", KIND, BOOL)
def _designed_by_champion(value):
    """Designed by a World Champion (its text ends "Card Designed by YEAR World Champion
    NAME"), or not."""
    return lambda cd, k: bool(_CHAMPION.search(cd.cards[k].text or "")) == value
