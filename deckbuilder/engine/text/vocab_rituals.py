"""More vocabulary (TTB, PT, IotF, AoA, TGS, TWC): attaching supports from hand or discard
pile, moving resources, resources entering play, per-icon skill at a story, wounding for a
success token, an event returning to hand, and a few costs, atoms and conditions."""

from __future__ import annotations

from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story
from deckbuilder.engine.text.costs import _own_pick
from deckbuilder.engine.text.filters import STATE, atom, compile_filter
from deckbuilder.engine.text.hooks import hook
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    COST,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    STRS,
    param,
)
from deckbuilder.engine.text.values import compile_amount, condition

INSANE = 2


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


# ------------------------------------------------------------------ filter atoms, conditions
@atom("discarded_this_phase", STATE, BOOL)
def _discarded_this_phase(value):
    """Entered your discard pile (from play) this phase (true), or not (false)."""
    return lambda game, src, i: (i in game._discarded_this_phase) == value


# ------------------------------------------------------------------ costs
def _shuffle_self(game, src):
    if src in game._status or src in game._supports:
        game._leave_play(src, to="hand")
    if src in game._hand:
        game._hand.remove(src)
    elif src in game._discard:
        game._discard.remove(src)
    else:
        return
    game._deck.append(src)
    game._shuffle_deck()  # drawing picks a random remaining card: shuffled in
    _log(game, "shuffle", f"{game.card(src).title} shuffled into the deck")


@COST.register("sacrifice_three_other", value=param(FILTER, required=True))
def sacrifice_three_other(where, value):
    """Sacrifice three other cards you control that the filter accepts."""
    pool = _own_pick("sacrifice", "sacrifice", value, where)

    def pay(game, src):
        for _ in range(3):
            i = yield from choose_card(game, "sacrifice", "sacrifice", pool(game, src), harm=True)
            if i >= 0:
                game._leave_play(i)

    return (lambda game, src: len(pool(game, src)) >= 3), pay


# ------------------------------------------------------------------ effects
@EFFECT.register(
    "attach_support",
    sources=param(STRS, "hand"),
    filter=FILTER,
    cost_max=AMOUNT,
)
def attach_support(where, sources, filter, cost_max):
    """Attach an Attachment support the filter accepts from hand or the discard pile to a
    legal host (its restrictions apply); ``cost_max`` caps its printed cost (a number or X)."""
    pred = compile_filter(filter, where)
    zones = (sources,) if isinstance(sources, str) else tuple(sources)
    limit_of = compile_amount(cost_max, where) if cost_max is not None else None

    def effect(game, src, ctx):
        cd = game.deck
        limit = limit_of(game, src, ctx) if limit_of is not None else None
        pool = []
        for zone in zones:
            for i in game._hand if zone == "hand" else game._discard:
                k = cd.kind_of[i]
                if i == src or cd.ctype[k] != SUPPORT or cd.attach[k] is None:
                    continue
                if limit is not None and cd.cost[k] > limit:
                    continue
                if not game.may_enter(k) or not game.attach_hosts(k) or not pred(game, src, i):
                    continue
                pool.append(i)
        i = yield from choose_card(game, "put_into_play", "attach", pool, optional=True)
        if i < 0:
            return
        hosts = game.attach_hosts(cd.kind_of[i])
        game._take_from(i)
        game._resolving.append(i)
        host = yield from choose_card(
            game, "attach", f"attach {game.card(i).title} to", hosts, story_hosts=True
        )
        game._resolving.remove(i)
        _log(game, "attach", f"{game.card(i).title} attached")
        game._enter(i, None, host)

    return effect


@EFFECT.register("swap_resource", filter=FILTER)
def swap_resource(where, filter):
    """Attach a card the filter accepts from hand to one of your domains as a resource, then
    return a resource of that domain to your hand."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game._hand if i != src and pred(game, src, i)]
        i = yield from choose_card(game, "resource", "attach as a resource", pool)
        if i < 0:
            return
        d = yield from choose_domain(game, "resource", "attach to", game._domain_indices)
        game._attach_resource(i, d)
        _log(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")
        j = yield from choose_card(game, "to_hand", "return to hand", list(game._domains[d]))
        if j >= 0:
            game._detach_resource(j, d)
            game._hand.append(j)
            _log(game, "to_hand", f"{game.card(j).title} returned from domain {d + 1} to hand")

    return effect


def _resources(game, src, pred):
    return [(i, d) for d in game._domain_indices for i in game._domains[d] if pred(game, src, i)]


@EFFECT.register("move_resource", filter=FILTER)
def move_resource(where, filter):
    """Move a resource the filter accepts from one of your domains to another."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if len(game._domain_indices) < 2:
            return
        found = _resources(game, src, pred)
        i = yield from choose_card(game, "resource", "move", [i for i, _ in found])
        if i < 0:
            return
        d = dict(found)[i]
        to = yield from choose_domain(
            game, "resource", "move to", [e for e in game._domain_indices if e != d]
        )
        game._detach_resource(i, d)
        game._add_resource(i, to)
        _log(game, "resource", f"{game.card(i).title} moved to domain {to + 1}")

    return effect


@EFFECT.register("skill_per_icon_at_story", icon=param(ICONS, required=True))
def skill_per_icon_at_story(where, icon):
    """Choose a story: each of your characters committed there gets +1 skill this phase for
    each such icon it has."""
    column = "TCAI".index(icon[0])

    def effect(game, src, ctx):
        slots = [s for s, c in enumerate(game._committed) if c]
        s = yield from choose_story(game, "boost", "boost the characters at", slots)
        if s < 0:
            return
        for i in list(game._committed[s]):
            n = game.icons_of(i)[column]
            if n > 0:
                game._temp.append((i, n, (0, 0, 0, 0)))
                _log(game, "boost", f"{game.card(i).title} gets +{n} skill until end of phase")

    return effect


@EFFECT.register("wound_for_token", max_tokens=param(INT, 2))
def wound_for_token(where, max_tokens):
    """Choose a story where you have at most ``max_tokens`` success tokens, wound one of your
    characters committed there, and put a success token on that story."""

    def effect(game, src, ctx):
        slots = [
            s
            for s, c in enumerate(game._committed)
            if c and s < len(game._tokens) and game._tokens[s] <= max_tokens
        ]
        s = yield from choose_story(game, "token", "success token on", slots)
        if s < 0:
            return
        i = yield from choose_card(game, "wound", "wound", list(game._committed[s]), harm=True)
        if i < 0:
            return
        game._wound(i)
        _log(game, "token", f"+1 success token on {game._story_title(game._stories[s])}")
        yield from game._add_token(s, 1)

    return effect


@EFFECT.register("sacrifice_give_icons", filter=FILTER)
def sacrifice_give_icons(where, filter):
    """Sacrifice a character you control that the filter accepts; another such character
    gains its printed icons until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game._characters if pred(game, src, i)]
        if len(pool) < 2:
            return
        i = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
        if i < 0:
            return
        k = game.deck.kind_of[i]
        cd = game.deck
        icons = (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])
        game._leave_play(i)
        others = [j for j in game._characters if game._status[j] != INSANE and pred(game, src, j)]
        j = yield from choose_card(game, "boost", "give the icons to", others)
        if j >= 0:
            game._temp.append((j, 0, icons))
            _log(game, "boost", f"{game.card(j).title} gains {game.card(i).title}'s icons")

    return effect


@EFFECT.register("to_hand_instead_of_discard")
def to_hand_instead_of_discard(where):
    """The event being played goes to your hand instead of the discard pile."""

    def effect(game, src, ctx):
        if src in game._resolving and src not in game._hand:
            game._hand.append(src)
            _log(game, "to_hand", f"{game.card(src).title} returns to hand")
        return
        yield

    return effect


_TYPES = {CHARACTER: "character", SUPPORT: "support", EVENT: "event", CONSPIRACY: "conspiracy"}


@EFFECT.register("guess_bottom_type")
def guess_bottom_type(where):
    """Name a card type (the one most common in your deck), then reveal the bottom card of
    your deck: to hand if it is of that type, else to the discard pile."""

    def effect(game, src, ctx):
        cd = game.deck
        pool = game._deck + game._top + game._bottom
        if not pool:
            return
        counts = {}
        for i in pool:
            t = cd.ctype[cd.kind_of[i]]
            counts[t] = counts.get(t, 0) + 1
        named = max(counts, key=counts.get)
        if game._bottom:
            i = game._bottom[0]  # the last card of the deck
        elif game._deck:
            i = game._deck[game.rng.randrange(len(game._deck))]
        else:
            i = game._top[0]
        game._remove_from_deck(i)
        if cd.ctype[cd.kind_of[i]] == named:
            game._hand.append(i)
            _log(game, "reveal", f"named {_TYPES.get(named)}: {game.card(i).title} to hand")
        else:
            game._discard.append(i)
            _log(game, "reveal", f"named {_TYPES.get(named)}: {game.card(i).title} discarded")
        game._check_deck_out()
        return
        yield

    return effect


# ------------------------------------------------------------------ marks: what happened this turn
def _mark_key(src):
    return (src, "mark", "rituals")


@EFFECT.register("mark", per=param(("turn", "phase"), "turn"))
def mark(where, per):
    """Remember on the card that something happened this turn (or phase), for a condition
    (``marked_this_turn``) or a count later: e.g. "the first Mi-Go you play each turn"."""

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


@condition("marked_this_turn", BOOL)
def _marked_this_turn(value, where):
    """The card was marked (``mark``) this turn (true) or not (false)."""
    return lambda game, src, ctx: (marks(game, src, "turn") > 0) == value


@hook("experiment_subject", role="amount")
def experiment_subject(game, src, ctx):
    """Experiment Subject #613b (TTB-010): "draw a card for each Zoog character that entered
    play this phase": the Zoogs the card marked (``mark`` per phase) as they entered."""
    return marks(game, src, "phase")
