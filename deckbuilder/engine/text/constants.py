"""Constant abilities: what a card does while it is in play (or while committed), as the
engine's ``Static`` passives. ``who`` is a filter of the cards affected (absent: the card
itself); ``condition`` limits when it applies.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.filters import (
    compile_filter,
    compile_kind_filter,
    is_printed_only,
    printed_kinds,
)
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    CONDITION,
    CONSTANT,
    FILTER,
    ICONS,
    INT,
    TextError,
    param,
)
from deckbuilder.engine.text.templates_characters import icon_tuple
from deckbuilder.engine.text.values import compile_amount, compile_condition


def _who(where, who, condition):
    """``(game, src, target) -> bool`` or None (the card itself, no condition)."""
    test = compile_condition(condition, where)
    if who is None and test is None:
        return None
    pred = compile_filter(who, where) if who is not None else _itself
    if test is None:
        return pred
    both = lambda g, s, t: pred(g, s, t) and test(g, s, None)  # noqa: E731
    # The two parts, for ``passives.stats_of``: its filter decided by kind where it can.
    both.filter = pred
    both.condition = test
    # What the filter alone tells of who may be affected (``CompiledDeck._stat_targets``).
    if getattr(pred, "itself", False):
        both.itself = True
    elif printed_kinds(pred) is not None:
        both.printed_kinds = printed_kinds(pred)
    return both


def _itself(g, s, t):
    return t == s


_itself.itself = True  # affects the card itself only


@CONSTANT.register(
    "skill", amount=param(AMOUNT, required=True), who=FILTER, condition=CONDITION, per_icon=ICONS
)
def skill(where, committed, amount, who, condition, per_icon):
    """The characters ``who`` accepts get +amount skill (an amount may count cards; with
    ``per_icon``, +amount for each such icon the character has)."""
    value = compile_amount(amount, where)
    fixed = amount if isinstance(amount, int) else None
    if per_icon:
        column = "TCAI".index(per_icon.lstrip("-")[0])
        size = lambda g, s, t, icons: value(g, s, None) * icons[column]  # noqa: E731
    elif fixed is not None:
        size = fixed
    else:
        size = lambda g, s, t, icons: value(g, s, None)  # noqa: E731
    return ab.Static(ab.SKILL, _who(where, who, condition), size, committed=committed)


@CONSTANT.register(
    "icons", icons=param(ICONS, required=True), who=FILTER, condition=CONDITION, times=AMOUNT
)
def icons(where, committed, icons, who, condition, times):
    """The characters ``who`` accepts gain (or, with a leading "-", lose) these icons
    (``times``: that many times, e.g. "a (C) icon for each card titled X in play"; gains
    only)."""
    change = icon_tuple(icons)
    if times is not None:
        if min(change) < 0:
            raise TextError(f"{where}: icons with times are gained, not lost")
        n = compile_amount(times, where)
        t, c, a, i = change

        def times_count(g, s):  # counted once, not once per icon (asked at most steps)
            x = n(g, s, None)
            return (t * x, c * x, a * x, i * x)

        change = times_count
    return ab.Static(ab.ICONS, _who(where, who, condition), 0, change, committed=committed)


@CONSTANT.register(
    "gain_keyword",
    keyword=param(("Willpower", "Toughness", "Invulnerability"), required=True),
    amount=param(AMOUNT, 1),
    who=FILTER,
    condition=CONDITION,
)
def gain_keyword(where, committed, keyword, amount, who, condition):
    """The characters ``who`` accepts (absent: the card itself) gain Willpower,
    Invulnerability, or Toughness +amount (``ZonesMixin.has_willpower``, ``invulnerable``,
    ``toughness_of``); an amount that counts cards
    ("Toughness +1 for each ...") is ``(game, src) -> int``, counted when asked."""
    if not isinstance(amount, int):
        value = compile_amount(amount, where)
        amount = lambda g, s: value(g, s, None)  # noqa: E731
    return ab.Static(
        ab.GAIN_KEYWORD, _who(where, who, condition), (keyword, amount), committed=committed
    )


@CONSTANT.register(
    "lose_keyword",
    keyword=param(("Toughness", "Invulnerability"), required=True),
    who=FILTER,
    condition=CONDITION,
)
def lose_keyword(where, committed, keyword, who, condition):
    """The characters ``who`` accepts (absent: the card itself) lose all of the keyword,
    printed or gained ("lose all Toughness and Invulnerability"): the loss wins over any
    gain while it lasts (``ZonesMixin.toughness_of``, ``invulnerable``)."""
    return ab.Static(ab.LOSE_KEYWORD, _who(where, who, condition), keyword, committed=committed)


@CONSTANT.register(
    "cost",
    amount=param(AMOUNT, required=True),
    who=FILTER,
    minimum=param(INT, 0),
    condition=CONDITION,
    on_self=param(BOOL, False),
)
def cost(where, committed, amount, who, minimum, condition, on_self):
    """Cards ``who`` accepts (printed facts only; absent: this card, from hand) cost
    ``amount`` more (negative: less), never below ``minimum``; ``on_self``: attachments
    played on this card only (one paid only thanks to it must go on it)."""
    value = compile_amount(amount, where)
    test = compile_condition(condition, where)
    if isinstance(amount, int) and test is None:
        size = amount
    elif test is None:
        size = lambda g, s, k, d=-1: value(g, s, None)  # noqa: E731
    else:
        size = lambda g, s, k, d=-1: value(g, s, None) if test(g, s, None) else 0  # noqa: E731
    if who is None:
        return ab.Static(ab.COST, None, size, minimum=minimum)
    if not is_printed_only(who, where):
        raise_state(where)
    accepts = compile_kind_filter(who, where)
    if on_self:  # a cost that depends on the board: never remembered
        fixed = size

        def who_here(game, src, kind):
            return accepts(game, src, kind) and src in game.attach_hosts(kind)

        if isinstance(fixed, int):
            size = lambda g, s, k, d=-1: fixed  # noqa: E731
        return ab.Static(ab.COST, who_here, size, minimum=minimum, host_only=True)
    return ab.Static(ab.COST, accepts, size, minimum=minimum)


_NO_LOWER = 10**6  # a floor above any cost: ``_modified_cost`` keeps the cost as it was


@CONSTANT.register("cost_not_lowered", who=param(FILTER, required=True))
def cost_not_lowered(where, committed, who):
    """The cost of cards ``who`` accepts (printed facts only) cannot be lowered: a COST
    passive that adds nothing and sets the floor of every reduction at the cost itself, so
    a rise still applies (``PassiveMixin._modified_cost``)."""
    if not is_printed_only(who, where):
        raise_state(where)
    return ab.Static(ab.COST, compile_kind_filter(who, where), 0, minimum=_NO_LOWER)


def raise_state(where):
    raise TextError(f"{where}: a cost constant's who may read only printed facts")


def _restriction(kind):
    def build(where, committed, who=None, condition=None):
        return ab.Static(kind, _who(where, who, condition), committed=committed)

    return build


CONSTANT.register("cannot_commit", who=FILTER, condition=CONDITION)(_restriction(ab.CANNOT_COMMIT))
CONSTANT.register("enters_exhausted", who=FILTER, condition=CONDITION)(
    _restriction(ab.ENTERS_EXHAUSTED)
)
CONSTANT.register("enters_insane", who=FILTER, condition=CONDITION)(_restriction(ab.ENTERS_INSANE))
CONSTANT.register("no_restore", who=FILTER, condition=CONDITION)(_restriction(ab.NO_RESTORE))
CONSTANT.register("attached_to_hand")(_restriction(ab.ATTACHED_TO_HAND))
CONSTANT.register("commits_ready", who=FILTER, condition=CONDITION)(_restriction(ab.COMMITS_READY))
CONSTANT.register("commits_exhausted", who=FILTER, condition=CONDITION)(
    _restriction(ab.COMMITS_EXHAUSTED)
)


@CONSTANT.register("x_skill", amount=param(AMOUNT, required=True))
def x_skill(where, committed, amount):
    """The card's printed X skill is this amount."""
    value = compile_amount(amount, where)
    return ab.Static(ab.X_SKILL, None, lambda g, s: value(g, s, None))


@CONSTANT.register("insane_when", condition=param(CONDITION, required=True))
def insane_when(where, committed, condition):
    """The card goes insane whenever the condition holds."""
    test = compile_condition(condition, where)
    return ab.Static(ab.INSANE_WHEN, None, lambda g, s: test(g, s, None))


@CONSTANT.register("host_bound", when=CONDITION)
def host_bound(where, committed, when):
    """("If this card leaves play or if <when>, sacrifice attached character.") When this
    attachment leaves play, the character it was attached to is sacrificed; so it is while
    ``when`` holds, asked after a card enters play and after an effect of the turn makes it
    Day or Night. Rule choice: "if it becomes Day" is read as "whenever it is Day at those
    checks" (a Day that already held beside the Night it was played in counts at the next
    check)."""
    test = compile_condition(when, where) if when is not None else None
    return ab.Static(ab.HOST_BOUND, None, (lambda g, s: test(g, s, None)) if test else None)


@CONSTANT.register("day", condition=CONDITION)
def day(where, committed, condition):
    """It is Day (while this card is in play and the condition holds)."""
    return ab.Static(ab.DAY, _who(where, None, condition))


@CONSTANT.register("night", condition=CONDITION)
def night(where, committed, condition):
    """It is Night (while this card is in play and the condition holds)."""
    return ab.Static(ab.NIGHT, _who(where, None, condition))
