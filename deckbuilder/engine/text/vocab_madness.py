"""Vocabulary added for The Mark of Madness (TMoM)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.filters import faction_index
from deckbuilder.engine.text.registry import CONSTANT, EFFECT, INT, STRS, param


@CONSTANT.register(
    "cost_per_drained_resource", faction=param(STRS, required=True), minimum=param(INT, 0)
)
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


@EFFECT.register("swap_story")
def swap_story(where):
    """Replace a revealed story with one chosen from the story deck (its success tokens stay);
    the replaced story goes back into the story deck."""
    from deckbuilder.engine.abilities import Choice
    from deckbuilder.engine.actions import CHOOSE, CONSPIRACY_BASE, Action
    from deckbuilder.engine.effects import choose_story

    def effect(game, src, ctx):
        pile = game._story_deck
        slots = [s for s, sid in enumerate(game._stories) if sid < CONSPIRACY_BASE]
        if not pile or not slots:
            return
        s = yield from choose_story(game, "swap_story", "replace", slots)
        if s < 0:
            return
        labelled = game._policy is None
        acts = tuple(
            Action(CHOOSE, x=j, label=f"bring in {game._story_title(sid)}" if labelled else "")
            for j, sid in enumerate(pile)
        )
        j = (yield Choice("swap_story", "bring in", acts)).x if len(acts) > 1 else 0
        game._stories[s], pile[j] = pile[j], game._stories[s]

    return effect


@EFFECT.register("extra_struggle", icon=param(("T", "C", "A", "I"), required=True))
def extra_struggle(where, icon):
    """A chosen story gains one more icon struggle of this kind this phase; against an empty
    opponent it is won at once where your committed characters have that icon: for an (I)
    struggle, 1 success token there (other icons: nothing more to gain)."""
    from deckbuilder.engine.effects import choose_story

    column = "TCAI".index(icon)

    def effect(game, src, ctx):
        slots = [
            s
            for s in range(len(game._stories))
            if sum(game.icons_of(i)[column] for i in game._committed[s]) > 0
        ]
        s = yield from choose_story(game, "token", "an extra struggle at", slots)
        if s < 0 or column != 3:
            return
        game._tokens[s] += 1

    return effect
