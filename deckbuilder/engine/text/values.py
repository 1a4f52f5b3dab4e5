"""Amounts and conditions of card text.

An amount is a number, ``"X"`` (the X paid or chosen), ``"margin"`` (by how much the
struggle of a ``struggle_won`` trigger was won) or a count
``{ count = FILTER, in = ZONE, times = 1, plus = 0, max = N, whose = "you" }`` ("for each
...": your cards, or with ``whose = "acting"`` those of the player the effect acts on) or
``{ hook = NAME }``. It compiles to ``(game, src, ctx, player=None) -> int``.

A condition is a table of atoms, all of which must hold (``{ night = true, committed = true
}``); it compiles to ``(game, src, ctx) -> bool``.
"""

from __future__ import annotations

from deckbuilder.engine.abilities import story_committed
from deckbuilder.engine.actions import CONSPIRACY_BASE, INSANE, STORY_HOST
from deckbuilder.engine.text.filters import compile_filter, matching, passes
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    CONDITION,
    CONDITION_ATOM,
    FILTER,
    HOOK,
    INT,
    TextError,
    param,
    remembers,
)

ZONES = (
    "play",  # your characters and supports in play
    "characters",  # your characters in play
    "supports",  # your supports in play
    "hand",
    "discard",
    "deck",
    "resources",  # cards attached to your domains as resources
    "committed_here",  # characters committed to the story the source is committed to
    "won",  # stories you have won (conspiracies included); a filter does not apply
    "domains",  # your domains; a filter does not apply
    "drained_domains",  # your drained domains; a filter does not apply
    "undrained_domains",  # your domains not drained; a filter does not apply
    "attached",  # cards attached to the source
    "attached_cards",  # non-attachment cards (a character...) attached to the source
    "stories_with_tokens",  # stories with at least one of your success tokens
    "facedown",  # cards attached face down to the source
)


def zone_cards(game, zone: str, src: int, player=None):
    """The instances (or, for counted-only zones, placeholders) of ``zone``: yours, or
    ``player``'s."""
    p = game.you if player is None else player
    if zone == "characters":
        return p.characters
    if zone == "supports":
        return p.supports
    if zone == "play":
        return p.characters + p.supports
    if zone == "hand":
        return p.hand
    if zone == "discard":
        return p.discard
    if zone == "deck":
        return p.deck_cards + p.top + p.bottom
    if zone == "resources":
        return [i for d in p.domains for i in d]
    if zone == "committed_here":
        s = game.committed_story(src)
        return p.committed[s] if s >= 0 else ()
    if zone == "attached":
        return [i for i, host in p.attached.items() if host == src]
    if zone == "attached_cards":
        return [i for i, host in p.attached_cards.items() if host == src]
    if zone == "won":
        return p.won
    if zone == "domains":
        return p.domain_indices
    if zone == "drained_domains":
        return [d for d in p.domain_indices if p.drained[d]]
    if zone == "undrained_domains":
        return [d for d in p.domain_indices if not p.drained[d]]
    if zone == "facedown":
        return [i for i, host in p.facedown.items() if host == src]
    if zone == "stories_with_tokens":
        return [s for s, n in enumerate(p.tokens) if n > 0]
    raise TextError(f"unknown zone {zone!r}")


# Not cards:
_PLACES = {"won", "domains", "drained_domains", "undrained_domains", "stories_with_tokens"}


def count(game, src, zone: str, pred, player=None) -> int:
    cards = zone_cards(game, zone, src, player)
    if pred is None or zone in _PLACES:
        return len(cards)
    return len(matching(game, src, pred, cards))


def compile_amount(spec, where: str):
    """``(game, src, ctx, player=None) -> int`` for an amount ``spec``; ``player`` is the
    player an effect acts on, for a count of that player's own cards (``whose = "acting"``:
    "each player discards a card for each resource HE controls")."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return lambda game, src, ctx, player=None: spec
    if spec == "X":
        return lambda game, src, ctx, player=None: ctx.x if ctx is not None else 0
    if spec == "margin":  # by how much a struggle was won (``struggle_won``)
        return lambda game, src, ctx, player=None: max(ctx.margin, 0) if ctx is not None else 0
    if isinstance(spec, dict) and "hook" in spec:
        entry = HOOK.check(spec["hook"], {}, where)
        if entry.build.role != "amount":
            raise TextError(f"{where}: hook {spec['hook']!r} is not an amount")
        hooked = entry.build
        return lambda game, src, ctx, player=None: hooked(game, src, ctx)
    if isinstance(spec, dict) and "count" in spec:
        unknown = set(spec) - {"count", "in", "times", "plus", "max", "whose"}
        if unknown:
            raise TextError(f"{where}: an amount has no {', '.join(sorted(unknown))}")
        zone = spec.get("in", "play")
        if zone not in ZONES:
            raise TextError(f"{where}: unknown zone {zone!r} (one of {', '.join(ZONES)})")
        whose = spec.get("whose", "you")
        if whose not in ("you", "acting"):
            raise TextError(f'{where}: whose is "you" or "acting", not {whose!r}')
        acting = whose == "acting"
        pred = compile_filter(spec["count"], where) if spec["count"] else None
        times = spec.get("times", 1)
        plus = spec.get("plus", 0)
        top = spec.get("max")

        if pred is not None and zone not in _PLACES and getattr(pred, "printed_only", False):
            kinds = pred.printed_kinds

            def amount(game, src, ctx, player=None):
                # ``count`` for a filter of printed facts: its table, no list built.
                cd = game.deck
                table, kind_of = kinds(cd), cd.kind_of
                cards = zone_cards(game, zone, src, player if acting else None)
                n = 0
                if cd.may_be_character:  # a MAYBE in the table: the card in play decides
                    for i in cards:
                        if table[kind_of[i]] and passes(game, table, i):
                            n += 1
                else:
                    for i in cards:
                        if table[kind_of[i]]:
                            n += 1
                n = n * times + plus
                return n if top is None or n <= top else top

            return amount

        def amount(game, src, ctx, player=None):
            n = count(game, src, zone, pred, player if acting else None) * times + plus
            return n if top is None or n <= top else top

        return amount
    raise TextError(
        f'{where}: an amount is a number, "X", "margin", {{count = ...}} or {{hook = ...}}'
    )


# ------------------------------------------------------------------ conditions
def condition(name: str, value_type):
    """Register a condition atom: ``build(value, where)`` returns ``(game, src, ctx) ->
    bool``."""
    return CONDITION_ATOM.register(name, value=param(value_type, required=True))


def compile_condition(spec: dict | None, where: str):
    """``(game, src, ctx) -> bool`` for a condition table, or None for no condition."""
    if not spec:
        return None
    preds = []
    for name, value in spec.items():
        entry = CONDITION_ATOM.check(name, {"value": value}, where)
        preds.append(entry.build(value, where))
    if len(preds) == 1:
        return preds[0]
    return lambda game, src, ctx: all(p(game, src, ctx) for p in preds)


def _counted(value: dict, where: str):
    spec = {k: v for k, v in value.items() if k != "n"}
    if "n" not in value:
        raise TextError(f"{where}: a count condition needs n")
    return compile_amount(spec, where), value["n"]


@condition("at_least", CONDITION)
def _at_least(value, where):
    """{count = FILTER, in = ZONE, n = N}: at least N such cards."""
    amount, n = _counted(value, where)
    return lambda game, src, ctx: amount(game, src, ctx) >= n


@condition("at_most", CONDITION)
def _at_most(value, where):
    """{count = FILTER, in = ZONE, n = N}: at most N such cards."""
    amount, n = _counted(value, where)
    return lambda game, src, ctx: amount(game, src, ctx) <= n


@condition("control", FILTER)
def _control(value, where):
    """You control a card in play that the filter accepts."""
    pred = compile_filter(value, where)

    def check(game, src, ctx):
        for i in game.you.characters + game.you.supports:
            if pred(game, src, i):
                return True
        return False

    return check


@condition("exists", CONDITION)
def _exists(value, where):
    """{in = ZONE, ...filter}: some card in that zone matches (a target exists); with
    ``whose = "each"`` in the zone of each player ("choose one from each player's discard
    pile": FAQ 1.5, no such effect without a target in every player's zone); with ``whose =
    "any"`` in the zone of some player ("each player sacrifices a character. Then, ...":
    nothing done by anyone, so no "then")."""
    zone = value.get("in", "play")
    whose = value.get("whose")
    pred = compile_filter({k: v for k, v in value.items() if k not in ("in", "whose")}, where)
    if whose is not None:
        if whose not in ("each", "any"):
            raise TextError(f'{where}: exists takes whose = "each" or "any" only')
        combine = all if whose == "each" else any

        def each_has(game, src, ctx):
            return combine(
                any(pred(game, src, i) for i in zone_cards(game, zone, src, p))
                for p in game.players_named("each", src)
            )

        return each_has
    # A filter on subtypes or factions alone: its per-kind table decides while no card has
    # gained a trait (``filters._reading_traits``), without a call per card (asked at most
    # steps by some decks). 1 passes, MAYBE asks the filter (a card made a character).
    traits_table = getattr(pred, "printed_traits", None)
    if not getattr(pred, "printed_only_traits", False):
        traits_table = None

    def check(game, src, ctx):
        cards = zone_cards(game, zone, src)
        if traits_table is not None and not game._traits:
            table = traits_table(game.deck)
            if table is not None:
                kind_of = game.deck.kind_of
                for i in cards:
                    t = table[kind_of[i]]
                    if t == 1 or (t and pred(game, src, i)):
                        return True
                return False
        for i in cards:
            if pred(game, src, i):
                return True
        return False

    return check


@condition("committed", BOOL)
def _committed(value, where):
    """The source is committed to a story (or not)."""
    return lambda game, src, ctx: (game.committed_story(src) >= 0) == value


@condition("self_status", ("ready", "exhausted", "insane", "sane"))
def _self_status(value, where):
    """The source's status."""
    pred = compile_filter({"status": value}, where)
    return lambda game, src, ctx: pred(game, src, src)


@condition("phase", ("draw", "operations", "story"))
def _phase(value, where):
    """It is this phase of your turn ("draw": the draw phase, until its answers resolve)."""
    return lambda game, src, ctx: game.phase == value


@condition("night", BOOL)
def _night(value, where):
    """It is Night (a card in play says so)."""
    return lambda game, src, ctx: game.it_is("night") == value


@condition("day", BOOL)
def _day(value, where):
    """It is Day (a card in play says so)."""
    return lambda game, src, ctx: game.it_is("day") == value


@condition("entered_discard_this_phase", BOOL)
def _entered_discard(value, where):
    """The source entered your discard pile this phase (from any zone)."""
    remembers("discards")
    return lambda game, src, ctx: (src in game._discarded_this_phase) == value


@condition("drained_and_ready_domains", BOOL)
def _drained_and_ready(value, where):
    """You have a drained domain and an undrained one."""
    return lambda game, src, ctx: (any(game.you.drained) and not all(game.you.drained)) == value


def drained_domains_with(game, src, pred, n: int) -> list[int]:
    """Your drained domains with at least ``n`` resources that ``pred`` accepts (all your
    drained domains without ``pred``)."""
    p = game.you
    drained = [d for d in p.domain_indices if p.drained[d]]
    if pred is None:
        return drained
    return [d for d in drained if sum(1 for i in p.domains[d] if pred(game, src, i)) >= n]


@condition("drained_domain_with", CONDITION)
def _drained_domain_with(value, where):
    """{n = N, ...filter}: you have a drained domain with at least N (1 unless told)
    resources the filter accepts ("choose a drained domain with 2 or more [Agency]
    resources": FAQ 1.5, not without one)."""
    n = value.get("n", 1)
    pred = compile_filter({k: v for k, v in value.items() if k != "n"}, where)
    return lambda game, src, ctx: bool(drained_domains_with(game, src, pred, n))


@condition("subject", FILTER)
def _subject(value, where):
    """The card the trigger is about (the character played, the one that entered play)
    matches the filter."""
    pred = compile_filter(value, where)
    return lambda game, src, ctx: ctx.target >= 0 and pred(game, src, ctx.target)


@condition("story_of_self", BOOL)
def _story_of_self(value, where):
    """The story of the trigger is the one the source is committed to (or attached to, or
    is: a conspiracy)."""

    def check(game, src, ctx):
        s = ctx.story
        if s < 0 or s >= len(game._stories):
            # A success that won the story: committed there at that moment (the story
            # and what was attached to it have left), or the conspiracy it won.
            here = s < 0 and (
                src in story_committed(game, ctx) or ctx.story_id == CONSPIRACY_BASE + src
            )
            return here == value
        sid = game._stories[s]
        here = (
            src in game.you.committed[s]
            or game.you.attached.get(src) == STORY_HOST + sid
            or sid == CONSPIRACY_BASE + src
        )
        return here == value

    return check


@condition("won_at_least", INT)
def _won_at_least(value, where):
    """You have won at least this many stories."""
    return lambda game, src, ctx: len(game.you.won) >= value


@condition("hand_at_most", INT)
def _hand_at_most(value, where):
    """You have at most this many cards in hand."""
    return lambda game, src, ctx: len(game.you.hand) <= value


@condition("insane_characters", BOOL)
def _insane_characters(value, where):
    """You control an insane character."""
    return lambda game, src, ctx: any(s == INSANE for s in game.you.status.values()) == value


@condition("first_character_this_turn", BOOL)
def _first_character_this_turn(value, where):
    """No character has entered play yet this turn (asked of a character about to enter;
    the turn is kept only in a deck with an "enters play insane" constant)."""
    return lambda game, src, ctx: (game._character_entered != game.turn) == value


@condition("not", CONDITION)
def _not(value, where):
    """The inner condition does not hold."""
    inner = compile_condition(value, where)
    return lambda game, src, ctx: not inner(game, src, ctx)


__all__ = ["AMOUNT", "ZONES", "compile_amount", "compile_condition", "count", "zone_cards"]
