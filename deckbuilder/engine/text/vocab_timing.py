"""Timing vocabulary: effects delayed to "the end of the phase".

``at_end_of_phase`` registers its nested ``effects`` to run once when the current phase ends
(``TurnMixin._set_phase`` / ``_end_turn`` queue them as triggers). Its ``target`` names the
card they are about, which must still be in play then: ``"self"`` (this card) or
``"subject"``: the card the previous effects of the same list put into play (an effect list
holding an ``at_end_of_phase`` records, after each effect, the last card that entered play in
``ctx.target``: see ``compile.py``), else the card the trigger concerned. The nested effects
see that card as ``ctx.target`` (use ``target = "subject"`` in them).
"""

from __future__ import annotations

from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.registry import EFFECT, EFFECTS, param

ENTERED_TRACKING = "at_end_of_phase"  # templates whose presence makes a list track entries


def _in_play(game, inst: int) -> bool:
    return (inst in game._status) or (inst in game._supports)


@EFFECT.register(
    "at_end_of_phase",
    effects=param(EFFECTS, required=True),
    target=param(("subject", "self"), "subject"),
)
def at_end_of_phase(where, effects, target):
    """At the end of the phase, if the card (subject or self) is still in play, run effects."""
    effects = compile_effects(effects, where)

    def delayed(game, src, ctx):
        if _in_play(game, ctx.target):
            if game.log is not None:
                game._event("delayed", f"end of the phase: {game.card(ctx.target).title}")
            yield from effects(game, src, ctx)

    def effect(game, src, ctx):
        card = src if target == "self" else ctx.target
        if card >= 0 and _in_play(game, card):
            game._delayed.append((delayed, src, AbilityContext(target=card)))
        return
        yield  # a generator

    return effect


@EFFECT.register("unattach_self_to_hand")
def unattach_self_to_hand(where):
    """The card itself, attached to a domain as a resource, returns to your hand (for an
    ability of zone "resource", e.g. after its domain is drained)."""

    def effect(game, src, ctx):
        for d, dom in enumerate(game._domains):
            if src in dom:
                game._detach_resource(src, d)
                game._hand.append(src)
                if game.log is not None:
                    game._event("to_hand", f"{game.card(src).title} unattached to hand")
                break
        return
        yield  # a generator

    return effect
