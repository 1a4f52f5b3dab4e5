"""Filter atoms and conditions beyond the built-in ones."""

from __future__ import annotations

from deckbuilder.engine.cards import MAYBE
from deckbuilder.engine.text.filters import KIND, STATE, atom, compile_filter
from deckbuilder.engine.text.registry import ANY, BOOL, FILTER, STRS, TextError, remembers
from deckbuilder.engine.text.values import condition


@atom("any_of", STATE, ANY)
def _any_of(value):
    """Accepted by at least one of these filters (a list of filter tables: "X or Y"). When
    each reads printed facts only (subtypes and factions too), their tables decide while no
    card has gained a trait."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise TextError("any_of takes a list of filter tables")
    preds = [compile_filter(v) for v in value]
    tables = []
    for p in preds:
        if getattr(p, "printed_only", False):
            tables.append(p.printed_kinds)
        elif getattr(p, "printed_only_traits", False):
            tables.append(p.printed_traits)  # None when a passive of the deck gives traits
        else:
            return lambda game, src, i: any(p(game, src, i) for p in preds)
    key = object()

    def either_table(cd):
        """Per kind: whether one of the printed tables passes (None: not decided so)."""
        if key not in cd.kind_memo:
            parts = [t(cd) for t in tables]
            cd.kind_memo[key] = (
                None
                if any(t is None for t in parts)
                else bytes(max(t[k] for t in parts) for k in range(len(cd.cards)))
            )
        return cd.kind_memo[key]

    def check(game, src, i):
        if not game._traits:
            cd = game.deck
            table = either_table(cd)
            if table is not None:
                t = table[cd.kind_of[i]]
                if t != MAYBE:  # (MAYBE: a deck's card in play as a character may pass)
                    return t == 1
        return any(p(game, src, i) for p in preds)

    return check


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


@atom("host_same_story", STATE, BOOL)
def _host_same_story(value):
    """Committed to the story the character the source is attached to is committed to
    ("characters at the same story as the attached character"; the host itself included)."""

    def pred(game, src, i):
        host = game.you.attached.get(src, -1)
        s = game.committed_story(host) if host >= 0 else -1
        return (s >= 0 and i in game.you.committed[s]) == value

    return pred


@atom("wounded", STATE, BOOL)
def _wounded(value):
    """Has a wound token on it (true), or none (false)."""
    return lambda game, src, i: (game.you.wounds.get(i, 0) > 0) == value


@atom("willpower", STATE, BOOL)
def _willpower(value):
    """Has Willpower, printed or gained (true: it cannot go insane), or not (false)."""
    return lambda game, src, i: game.has_willpower(i) == value


@atom("can_wound", STATE, BOOL)
def _can_wound(value):
    """May be wounded, or chosen to be (true): not while it has Invulnerability. For an
    ``exists`` condition: "wound a character you control or ..." needs one (FAQ 1.5)."""
    return lambda game, src, i: game.can_wound(i) == value


@atom("exhausted_for_cost", STATE, BOOL)
def _exhausted_for_cost(value):
    """The card this card last exhausted to pay a cost (``exhaust_other``): "exhaust a
    character to ... attach it to that character"."""
    return lambda game, src, i: (game._uses.get((src, "exhausted_for_cost")) == i) == value


@atom("exhausted_support", STATE, BOOL)
def _exhausted_support(value):
    """An exhausted support card (true) or not (false); a support's state is apart from
    the characters' ``status``."""
    return lambda game, src, i: (i in game.you.exhausted_supports) == value


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
