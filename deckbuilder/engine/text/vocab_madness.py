"""Vocabulary added for The Mark of Madness (TMoM)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.filters import faction_index
from deckbuilder.engine.text.registry import CONSTANT, INT, STRS, param


@CONSTANT.register("cost_per_drained_resource", faction=param(STRS, required=True), minimum=param(INT, 0))
def cost_per_drained_resource(where, committed, faction, minimum):
    """The card costs 1 less for each resource of these factions attached to the domain
    drained to pay for it (never below ``minimum``)."""
    wanted = {faction_index(v) for v in ([faction] if isinstance(faction, str) else faction)}

    def size(game, src, kind, d=-1):
        if d < 0:
            return 0
        cd = game.deck
        return -sum(1 for i in game._domains[d] if cd.faction[cd.kind_of[i]] in wanted)

    return ab.Static(ab.COST, None, size, minimum=minimum)
