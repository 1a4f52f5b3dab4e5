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
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.effects import choose_card
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, EFFECT, EFFECTS, FILTER, param

ENTERED_TRACKING = "at_end_of_phase"  # templates whose presence makes a list track entries


def _in_play(game, inst: int) -> bool:
    return (inst in game._status) or (inst in game._supports)


@EFFECT.register(
    "at_end_of_phase",
    effects=param(EFFECTS, required=True),
    target=param(("subject", "self"), "subject"),
    end=param(("phase", "turn"), "phase"),
)
def at_end_of_phase(where, effects, target, end):
    """At the end of the phase (or of the turn: ``end``), if the card (subject or self) is
    still in play, run effects."""
    effects = compile_effects(effects, where)

    def delayed(game, src, ctx):
        if _in_play(game, ctx.target):
            if game.log is not None:
                game._event("delayed", f"end of the phase: {game.card(ctx.target).title}")
            yield from effects(game, src, ctx)

    def effect(game, src, ctx):
        card = src if target == "self" else ctx.target
        if card >= 0 and _in_play(game, card):
            game._delayed.append((delayed, src, AbilityContext(target=card), end == "turn"))
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


@EFFECT.register("resource_into_play", filter=FILTER, drain=param(BOOL, False))
def resource_into_play(where, filter, drain):
    """Choose one of your resources the filter accepts (a character or support that may
    enter play): it leaves its domain (draining it first when ``drain``) and enters play."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [
            i
            for dom in game._domains
            for i in dom
            if cd.ctype[cd.kind_of[i]] in (CHARACTER, SUPPORT)
            and cd.attach[cd.kind_of[i]] is None
            and game.may_enter(cd.kind_of[i])
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "to_play", "put into play", pool)
        if i < 0:
            return
        d = next(d for d, dom in enumerate(game._domains) if i in dom)
        if drain and not game._drained[d]:
            game._drain(d)
        if i not in game._domains[d]:  # destroyed by the drain (Transient)
            return
        game._detach_resource(i, d)
        game._enter(i)
        if game.log is not None:
            game._event("to_play", f"{game.card(i).title} put into play from domain {d + 1}")

    return effect


@EFFECT.register(
    "attach_as_resource", target=param(("subject", "self", "choose"), "subject"), filter=FILTER
)
def attach_as_resource(where, target, filter):
    """A card in play (subject, self, or one you choose that the filter accepts) leaves play
    and is attached as a resource to one of your domains (the one with the fewest resources:
    the player's pick in a goldfish)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if target == "choose":
            pool = [i for i in game._characters + game._supports if pred(game, src, i)]
            i = yield from choose_card(game, "to_resource", "attach as a resource", pool)
        else:
            i = src if target == "self" else ctx.target
        if i < 0 or not ((i in game._status) or (i in game._supports)) or not game._domains:
            return
        game._leave_play(i, to="hand")
        d = min(game._domain_indices, key=lambda d: len(game._domains[d]))
        game._attach_resource(i, d)
        if game.log is not None:
            game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")
        return
        yield  # a generator

    return effect
