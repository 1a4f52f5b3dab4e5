"""Vocabulary of counters and marks that cards keep on themselves: counters are tokens a
card holds for its own text; a mark remembers that something happened this turn or phase."""

from __future__ import annotations

from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import AMOUNT, BOOL, COST, EFFECT, FILTER, INT, param
from deckbuilder.engine.text.values import compile_amount, condition


# ------------------------------------------------------------------ counters
def _counter_key(src):
    return (src, "counter")  # per card, as every record of _uses: dropped when it leaves play


def counters(game, src) -> int:
    """The number of counters (tokens) on card ``src``."""
    return game._uses.get(_counter_key(src), 0)


def clear_counters(game, src) -> None:
    """Card ``src`` loses its counters (it left play)."""
    game._uses.pop(_counter_key(src), None)


@EFFECT.register("add_counters", n=param(AMOUNT, 1), reset=param(BOOL, False), on=FILTER)
def add_counters(where, n, reset, on):
    """Put n counters (tokens) on the card itself (they count for its own text only);
    ``reset``: remove them all instead; ``on``: on a chosen card you control in play that
    the filter accepts instead ("add X success tokens to a Ritual support card")."""
    amount = compile_amount(n, where)
    pred = compile_filter(on, where) if on is not None else None

    def effect(game, src, ctx):
        target = src
        if pred is not None:
            pool = [i for i in game.you.characters + game.you.supports if pred(game, src, i)]
            target = yield from choose_card(game, "counters", "add tokens to", pool)
            if target < 0:
                return
        k = 0 if reset else counters(game, target) + amount(game, src, ctx)
        game._uses[_counter_key(target)] = k
        game._cost_cache = {}  # a cost may depend on them

    return effect


@COST.register("remove_counters", value=param(INT, required=True))
def remove_counters(where, value):
    """Remove this many counters (tokens) from the card itself."""

    def can_pay(game, src):
        return counters(game, src) >= value

    def pay(game, src):
        game._uses[_counter_key(src)] = counters(game, src) - value
        return
        yield

    return can_pay, pay


@condition("counters_at_most", INT)
def _counters_at_most(value, where):
    """The card has at most this many counters (tokens) on it."""
    return lambda game, src, ctx: counters(game, src) <= value


@condition("counters_at_least", INT)
def _counters_at_least(value, where):
    """The card has at least this many counters (tokens) on it."""
    return lambda game, src, ctx: counters(game, src) >= value


# ------------------------------------------------------------------ marks
def _mark_key(src):
    return (src, "mark")


@EFFECT.register("mark", per=param(("turn", "phase"), "turn"))
def mark(where, per):
    """Remember on the card that something happened this turn (or phase), for a condition
    (``marked``) or a count later: e.g. "the first Mi-Go you play each turn"."""

    def effect(game, src, ctx):
        stamp = game._limit_stamp(per)
        used = game._uses.get(_mark_key(src))
        game._uses[_mark_key(src)] = (used[0] + 1 if used and used[1] == stamp else 1, stamp)
        game._cost_cache = {}  # a cost may read the mark
        return
        yield

    return effect


def marks(game, src, per):
    """How many times the card was marked (``mark``) this turn or phase."""
    used = game._uses.get(_mark_key(src))
    return used[0] if used and used[1] == game._limit_stamp(per) else 0


@condition("marked", ("phase", "turn"))
def _marked(value, where):
    """The card was marked (``mark``) this phase (or turn)."""
    return lambda game, src, ctx: marks(game, src, value) > 0


# ------------------------------------------------------------------ a subtype named
def named_subtype(game, src) -> str:
    """The subtype (lower case) card ``src`` named while in play ("" when none)."""
    return game._uses.get((src, "named"), "")


@EFFECT.register("name_subtype", filter=FILTER)
def name_subtype(where, filter):
    """The card names a subtype, remembered while it stays in play (``named`` filters read
    it): the one most of your cards the filter accepts in hand and deck share (the cards a
    later effect may find), the first in alphabetical order of equals."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        you = game.you
        counts = {}
        for i in you.hand + you.deck_cards + you.top + you.bottom:
            if pred(game, src, i):
                for st in cd.subtypes[cd.kind_of[i]]:
                    counts[st] = counts.get(st, 0) + 1
        if counts:
            name = max(sorted(counts), key=lambda st: counts[st])
            game._uses[(src, "named")] = name  # dropped when the card leaves play
            log_event(game, "name", f"{game.card(src).title} names {name}")
        return
        yield

    return effect


# ------------------------------------------------------------------ stories remembered
def _story_mark_key(src):
    return (src, "story_mark")


@EFFECT.register("mark_story", per=param(("turn", "phase"), "phase"))
def mark_story(where, per):
    """Remember on the card, for this phase (or turn), the story the effect's subject is
    committed to ("that story"), for a later condition (``at_marked_story``): e.g. "if you
    succeed at that story". Like every record of the card, it goes when the card leaves
    play (with the listener that would read it)."""

    def effect(game, src, ctx):
        s = game.committed_story(ctx.target) if ctx.target >= 0 else -1
        if s < 0:
            return
        stamp = game._limit_stamp(per)
        used = game._uses.get(_story_mark_key(src))
        sids = used[0] if used and used[1] == stamp else ()
        game._uses[_story_mark_key(src)] = ((*sids, game._stories[s]), stamp)
        return
        yield

    return effect


@condition("at_marked_story", ("phase", "turn"))
def _at_marked_story(value, where):
    """The story of the trigger (ctx.story, or ctx.story_id for a success that won it) is
    one the card remembered (``mark_story``) this phase (or turn)."""

    def test(game, src, ctx):
        used = game._uses.get(_story_mark_key(src))
        if not used or used[1] != game._limit_stamp(value):
            return False
        s = ctx.story
        if s < 0:  # a success that won the story: it has left, its id remains
            return ctx.story_id >= 0 and ctx.story_id in used[0]
        return s < len(game._stories) and game._stories[s] in used[0]

    return test
