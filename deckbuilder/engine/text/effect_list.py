"""An effect list: ``[{ do = TEMPLATE, ...parameters }, ...]`` compiled into one effect."""

from __future__ import annotations

from deckbuilder.engine.text.registry import EFFECT, TextError


def compile_effects(spec, where: str):
    """One effect (a generator function) for a list of ``{do = ...}`` tables (or one)."""
    items = [spec] if isinstance(spec, dict) else list(spec)
    if not items:
        raise TextError(f"{where}: an empty effect")
    effects = []
    for item in items:
        if not isinstance(item, dict) or "do" not in item:
            raise TextError(f"{where}: an effect is a table with 'do' naming its template")
        params = {k: v for k, v in item.items() if k != "do"}
        effects.append(EFFECT.build(item["do"], params, where, where))
    if len(effects) == 1:
        return effects[0]

    def sequence(game, src, ctx):
        for e in effects:
            yield from e(game, src, ctx)

    checks = [getattr(e, "worthwhile", None) for e in effects]
    if all(checks):  # pointless only when every part is
        sequence.worthwhile = lambda game, src: any(check(game, src) for check in checks)
    # A part that may cost you more than the rest gives (``harms``): not worth it then.
    harms = [h for e in effects if (h := getattr(e, "harms", None)) is not None]
    if harms:
        base = getattr(sequence, "worthwhile", None)
        sequence.worthwhile = lambda game, src: (
            not any(h(game, src) for h in harms) and (base is None or base(game, src))
        )
    return sequence
