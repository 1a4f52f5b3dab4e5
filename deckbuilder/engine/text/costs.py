"""Costs of an ability beyond paying resources, exhausting or sacrificing the card itself:
``cost = { pay = 1, exhaust = true, discard = 1, sacrifice_other = { ... } }``.

Each cost compiles to (can_pay, pay): ``can_pay(game, src) -> bool`` says whether it can be
paid now (an ability whose cost cannot be paid is not offered), ``pay(game, src)`` is a
generator that pays it (choosing what to discard or sacrifice).
"""

from __future__ import annotations

from deckbuilder.engine.actions import INSANE, READY
from deckbuilder.engine.effects import choose_card
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, COST, FILTER, INT, param

# Costs the ``Ability`` record pays itself (see ``abilities.Ability``).
BUILT_IN = ("pay", "exhaust", "sacrifice")


@COST.register("discard", value=param(INT, required=True))
def discard(where, value):
    """Discard this many cards from your hand."""

    def can_pay(game, src):
        return len([i for i in game.you.hand if i != src]) >= value

    def pay(game, src):
        for _ in range(value):
            pool = [i for i in game.you.hand if i != src]
            i = yield from choose_card(game, "discard", "discard", pool, harm=True)
            if i < 0:
                return
            game.you.hand.remove(i)
            game._to_discard(i)
        game._discarded_from_hand(value)

    return can_pay, pay


def _own_pick(kind, prompt, value, where, ready_only=False, with_self=False):
    pred = compile_filter(value, where)

    def pool(game, src, first=False):
        """The cards that may pay; with ``first``, only the first (whether one may: asked
        at every action window, where the rest would be built for nothing)."""
        out = []
        for i in game.you.characters + game.you.supports:
            if (i == src and not with_self) or not pred(game, src, i):
                continue
            if ready_only and game.you.status.get(i, READY) != READY:
                continue
            if ready_only and i in game.you.exhausted_supports:
                continue
            out.append(i)
            if first:
                break
        return out

    return pool


def _sacrifice_cost(value, where, with_self):
    pool = _own_pick("sacrifice", "sacrifice", value, where, with_self=with_self)

    def pay(game, src):
        i = yield from choose_card(game, "sacrifice", "sacrifice", pool(game, src), harm=True)
        if i >= 0:
            game._sacrifice(i)

    return (lambda game, src: bool(pool(game, src, True))), pay


@COST.register("sacrifice_other", value=param(FILTER, required=True))
def sacrifice_other(where, value):
    """Sacrifice another card you control that the filter accepts."""
    return _sacrifice_cost(value, where, with_self=False)


@COST.register("sacrifice_any", value=param(FILTER, required=True))
def sacrifice_any(where, value):
    """Sacrifice a card you control that the filter accepts, this card included ("sacrifice
    a Sorcerer character" on a Sorcerer). The automatic player sacrifices the one worth
    least, as for ``sacrifice_other``."""
    return _sacrifice_cost(value, where, with_self=True)


@COST.register("exhaust_other", value=param(FILTER, required=True))
def exhaust_other(where, value):
    """Exhaust another ready card you control that the filter accepts (remembered for the
    effect: the filter atom ``exhausted_for_cost``)."""
    return _exhaust_cost(value, where, with_self=False)


@COST.register("exhaust_any", value=param(FILTER, required=True))
def exhaust_any(where, value):
    """Exhaust a ready card you control that the filter accepts, this card included
    ("exhaust a Criminal character you control" on a Criminal), remembered as for
    ``exhaust_other``."""
    return _exhaust_cost(value, where, with_self=True)


def _exhaust_cost(value, where, with_self):
    pool = _own_pick("exhaust", "exhaust", value, where, ready_only=True, with_self=with_self)

    def pay(game, src):
        i = yield from choose_card(game, "exhaust", "exhaust", pool(game, src), harm=True)
        if i >= 0:
            game._uses[(src, "exhausted_for_cost")] = i  # dropped when src leaves play
            if i in game.you.status:
                game._exhaust(i)
            else:
                game.you.exhausted_supports.add(i)

    return (lambda game, src: bool(pool(game, src, True))), pay


@COST.register("insane_other", value=param(FILTER, required=True))
def insane_other(where, value):
    """Drive another sane character you control insane: one that can go insane (without
    Willpower: ``has_willpower``), or the cost would not be paid."""
    return _insane_cost(where, value, False)


@COST.register("insane_any", value=param(FILTER, required=True))
def insane_any(where, value):
    """Drive a sane character you control insane, the card itself among them ("drive a
    character insane" on a character: it may pay with itself)."""
    return _insane_cost(where, value, True)


def _insane_cost(where, value, with_self):
    pred = compile_filter(value, where)

    def pool(game, src):
        return [
            i
            for i in game.you.characters
            if (with_self or i != src)
            and game.you.status[i] != INSANE
            and not game.has_willpower(i)
            and pred(game, src, i)
        ]

    def pay(game, src):
        i = yield from choose_card(game, "insane", "drive insane", pool(game, src), harm=True)
        if i >= 0:
            game._go_insane(i, by_cost=True)

    return (lambda game, src: bool(pool(game, src))), pay


@COST.register("insane", value=param(BOOL, required=True))
def insane_self(where, value):
    """The card itself goes insane."""

    def can_pay(game, src):
        return game.you.status.get(src, INSANE) != INSANE

    def pay(game, src):
        game._go_insane(src, by_cost=True)
        return
        yield

    return can_pay, pay


@COST.register("return_to_hand", value=param(BOOL, required=True))
def return_to_hand(where, value):
    """Return the card itself to your hand."""

    def pay(game, src):
        game._leave_play(src, to="hand")
        return
        yield

    return (lambda game, src: True), pay


@COST.register("sacrifice_resource", value=param(BOOL, required=True))
def sacrifice_resource(where, value):
    """Put one of your resources into the discard pile."""

    def pay(game, src):
        pool = [i for d in game.you.domains for i in d]
        i = yield from choose_card(
            game, "sacrifice_resource", "sacrifice resource", pool, harm=True
        )
        if i >= 0:
            d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
            game._detach_resource(i, d)
            game._to_discard(i)

    return (lambda game, src: any(game.you.domains)), pay


@COST.register("discard_resource", value=param(FILTER, required=True))
def discard_resource(where, value):
    """Discard one of your resources that the filter accepts ("discard a [Shub-Niggurath]
    resource"); not offered without one."""
    pred = compile_filter(value, where)

    def pool(game, src):
        return [i for d in game.you.domains for i in d if pred(game, src, i)]

    def pay(game, src):
        i = yield from choose_card(
            game, "discard_resource", "discard resource", pool(game, src), harm=True
        )
        if i >= 0:
            d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
            game._detach_resource(i, d)
            game._to_discard(i)

    return (lambda game, src: bool(pool(game, src))), pay
