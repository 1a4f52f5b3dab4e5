"""Effects that wait: run at the end of the phase or turn, if their card is still in play."""

from __future__ import annotations

from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.registry import EFFECT, EFFECTS, param


def _in_play(game, inst: int) -> bool:
    return (inst in game.you.status) or (inst in game.you.supports)


@EFFECT.register(
    "at_end_of_phase",
    effects=param(EFFECTS, required=True),
    target=param(("subject", "self", "none"), "subject"),
    end=param(("phase", "turn"), "phase"),
)
def at_end_of_phase(where, effects, target, end):
    """At the end of the phase (or of the turn: ``end``), if the card (subject or self) is
    still in play, run effects; ``target = "none"``: run them whatever is in play (an
    event's "at the end of the turn, all Lunatic characters go insane")."""
    effects = compile_effects(effects, where)

    def delayed(game, src, ctx):
        if _in_play(game, ctx.target):
            if game.log is not None:
                game._event("delayed", f"end of the phase: {game.card(ctx.target).title}")
            yield from effects(game, src, ctx)

    def unbound(game, src, ctx):
        if game.log is not None:
            game._event("delayed", f"end of the {end}: {game.card(src).title}")
        yield from effects(game, src, ctx)

    def effect(game, src, ctx):
        if target == "none":
            game._delayed.append((unbound, src, AbilityContext(), end == "turn"))
            return
        card = src if target == "self" else ctx.target
        if card >= 0 and _in_play(game, card):
            game._delayed.append((delayed, src, AbilityContext(target=card), end == "turn"))
        return
        yield  # a generator

    return effect
