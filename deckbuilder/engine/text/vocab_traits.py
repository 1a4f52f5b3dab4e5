"""Vocabulary of subtypes and factions a card has beyond its printed ones: gained while a
passive applies (an attachment's host, cards in some zones), or chosen for a while (until
the end of the phase). Filters read them (``filters.gained_traits``)."""

from __future__ import annotations

from card_db.card import FACTIONS
from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext, Choice
from deckbuilder.engine.actions import CHOOSE, Action
from deckbuilder.engine.effects import log_event
from deckbuilder.engine.text.filters import GAIN_TRAIT, compile_filter, faction_index
from deckbuilder.engine.text.registry import (
    CONSTANT,
    EFFECT,
    FILTER,
    STR,
    STRS,
    TextError,
    param,
)

_ZONES = ("play", "hand", "deck", "discard")


def _in_zone(game, i: int, zones: tuple) -> bool:
    if "play" in zones and (i in game.you.status or i in game.you.supports):
        return True
    if "hand" in zones and i in game.you.hand:
        return True
    if "discard" in zones and i in game.you.discard:
        return True
    return "deck" in zones and (
        i in game.you.deck_cards or i in game.you.top or i in game.you.bottom
    )


@CONSTANT.register(
    "gain_trait",
    who=param(FILTER, required=True),
    subtype=STR,
    faction=STR,
    zones=param(STRS, "play"),
)
def gain_trait(where, committed, who, subtype, faction, zones):
    """The cards ``who`` accepts (in play, or in the ``zones`` named: hand, deck, discard)
    also have this subtype and/or this faction."""
    zones = (zones,) if isinstance(zones, str) else tuple(zones)
    if not subtype and not faction:
        raise TextError(f"{where}: gain_trait needs a subtype or a faction")
    if any(z not in _ZONES for z in zones):
        raise TextError(f"{where}: zones are among {', '.join(_ZONES)}")
    traits = set()
    if subtype:
        traits.add(subtype.lower())
    if faction:
        traits.add(faction_index(faction))
    pred = compile_filter(who, where)
    if zones == ("play",):
        test = pred
    else:

        def test(game, src, i):
            return _in_zone(game, i, zones) and pred(game, src, i)

    return ab.Static(GAIN_TRAIT, test, frozenset(traits), committed=committed)


def _lose_trait(game, src, ctx):
    """At the end of the phase: the trait (ctx.x) gained by ctx.target is lost."""
    held = game._traits.get(ctx.target)
    if held is not None:
        held.discard(ctx.x)
        if not held:
            del game._traits[ctx.target]
            game._statics_cache = None  # the filters on traits read printed ones again
    return
    yield


def gain_for_phase(game, src: int, i: int, trait) -> None:
    """``i`` gains ``trait`` (a lower-case subtype or a faction index) until the end of the
    phase."""
    game._traits.setdefault(i, set()).add(trait)
    game._statics_cache = None  # the filters on traits read the game (``_build_statics``)
    game._delayed.append((_lose_trait, src, AbilityContext(x=trait, target=i), False))


def _options(game, trait: str) -> list:
    """The subtypes (most common in the deck first) or factions (the deck's first)."""
    cd = game.deck
    if trait == "faction":
        return list(cd.factions) + [f for f in range(len(FACTIONS)) if f not in cd.factions]
    counts: dict[str, int] = {}
    for k, n in enumerate(cd.counts):
        for sub in cd.subtypes[k]:
            counts[sub] = counts.get(sub, 0) + n
    return sorted(counts, key=lambda s: (-counts[s], s))


@EFFECT.register("gain_trait_choice", trait=param(("subtype", "faction"), required=True))
def gain_trait_choice(where, trait):
    """The card the source is attached to gains a subtype (among those of the deck's cards)
    or a faction of the player's choice until the end of the phase."""

    def effect(game, src, ctx):
        host = game.you.attached.get(src, -1)
        if host < 0 or not (host in game.you.status or host in game.you.supports):
            return
        options = _options(game, trait)
        if not options:
            return
        names = [FACTIONS[o] if trait == "faction" else o.title() for o in options]
        acts = tuple(Action(CHOOSE, x=n, label=f"gain {name}") for n, name in enumerate(names))
        a = yield Choice(trait, f"choose a {trait}", acts)
        n = a.x if 0 <= a.x < len(options) else 0
        gain_for_phase(game, src, host, options[n])
        log_event(game, trait, f"{game.card(host).title} gains {names[n]} until end of phase")

    return effect
