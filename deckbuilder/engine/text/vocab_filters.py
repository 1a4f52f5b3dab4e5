"""Filter atoms and conditions beyond the built-in ones."""

from __future__ import annotations

from deckbuilder.engine.text.filters import KIND, STATE, atom, compile_filter
from deckbuilder.engine.text.registry import ANY, BOOL, FILTER, STRS, TextError, remembers
from deckbuilder.engine.text.values import condition


@atom("any_of", STATE, ANY)
def _any_of(value):
    """Accepted by at least one of these filters (a list of filter tables: "X or Y")."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise TextError("any_of takes a list of filter tables")
    preds = [compile_filter(v) for v in value]
    return lambda game, src, i: any(p(game, src, i) for p in preds)


@atom("title_has", KIND, STRS)
def _title_has(value):
    """The title holds one of these words (case-insensitive)."""
    words = [w.lower() for w in ([value] if isinstance(value, str) else value)]
    return lambda cd, k: any(w in cd.cards[k].title.lower() for w in words)


@atom("attached_with", STATE, FILTER)
def _attached_with(value):
    """Has a card attached to it that this (nested) filter accepts."""
    pred = compile_filter(value, "attached_with")

    def check(game, src, i):
        for a, host in game.you.attached.items():
            if host == i and pred(game, src, a):
                return True
        return False

    return check


@atom("discarded_this_phase", STATE, BOOL)
def _discarded_this_phase(value):
    """Entered your discard pile (from any zone) this phase (true), or not (false)."""
    remembers("discards")
    return lambda game, src, i: (i in game._discarded_this_phase) == value


@condition("either", ANY)
def _either(value, where):
    """At least one of these condition tables holds (a list of conditions: "X or Y")."""
    from deckbuilder.engine.text.values import compile_condition

    if not isinstance(value, list) or not value:
        raise TextError(f"{where}: either is a list of condition tables")
    checks = [compile_condition(c, where) for c in value]
    return lambda game, src, ctx: any(c(game, src, ctx) for c in checks)
