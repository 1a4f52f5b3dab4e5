"""Vocabulary added for Secrets of Arkham and The Order of the Silver Twilight: readying
supports, icons of one's choice, counters kept on a card, milling characters into play,
turning the hand into resources, domains refreshed by size, and a few conditions."""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, DECK_OUT, EXHAUSTED, INSANE, Action
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    COST,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    param,
)
from deckbuilder.engine.text.templates_characters import icon_tuple
from deckbuilder.engine.text.values import compile_amount, condition

_ICON_NAMES = ("terror", "combat", "arcane", "investigation")


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


def _counter_key(src):
    return ("counter", src)


def counter(game, src) -> int:
    """The number of counters (tokens) on card ``src``."""
    return game._uses.get(_counter_key(src), 0)


def _characters_left_play_this_phase(game) -> int:
    cd = game.deck
    return sum(1 for i in game._discarded_this_phase if cd.ctype[cd.kind_of[i]] == CHARACTER)


# ------------------------------------------------------------------ filters
# ------------------------------------------------------------------ conditions
@condition("self_ready", BOOL)
def _self_ready(value, where):
    """The source (a character or a support) is ready (true) or exhausted (false)."""

    def check(game, src, ctx):
        if src in game._status:
            ready = game._status[src] not in (EXHAUSTED, INSANE)
        else:
            ready = src not in game._exhausted_supports
        return ready == value

    return check


@condition("conspiracy_in_play", BOOL)
def _conspiracy_in_play(value, where):
    """A conspiracy card is in play (as a story) (or not)."""
    return lambda game, src, ctx: (game._conspiracy >= 0) == value


@condition("counters_at_most", INT)
def _counters_at_most(value, where):
    """The source has at most this many counters (tokens) on it."""
    return lambda game, src, ctx: counter(game, src) <= value


@condition("overpaid", BOOL)
def _overpaid(value, where):
    """The card or ability was overpaid (or not)."""
    return lambda game, src, ctx: (ctx is not None and ctx.overpaid > 0) == value


# ------------------------------------------------------------------ costs
@COST.register("remove_counters", value=param(INT, required=True))
def remove_counters(where, value):
    """Remove this many counters (tokens) from the card itself."""

    def can_pay(game, src):
        return counter(game, src) >= value

    def pay(game, src):
        game._uses[_counter_key(src)] = counter(game, src) - value
        return
        yield

    return can_pay, pay


# ------------------------------------------------------------------ effects
@EFFECT.register("add_counters", n=param(AMOUNT, 1))
def add_counters(where, n):
    """Put n counters (tokens) on the card itself (they count for its own text only)."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        game._uses[_counter_key(src)] = counter(game, src) + amount(game, src, ctx)
        game._cost_cache = {}  # a cost may depend on them
        return
        yield

    return effect


@EFFECT.register("ready_support", filter=FILTER)
def ready_support(where, filter):
    """Ready a chosen exhausted support card you control that the filter accepts."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game._supports if i in game._exhausted_supports and pred(game, src, i)]
        i = yield from choose_card(game, "ready", "ready", pool)
        if i >= 0:
            game._exhausted_supports.discard(i)
            _log(game, "ready", f"{game.card(i).title} readies")

    return effect


@EFFECT.register("gain_chosen_icons", n=param(AMOUNT, 1), target=param(("self", "host"), "self"))
def gain_chosen_icons(where, n, target):
    """Until the end of the phase the card (or its host) gains n icons, each of your choice."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        who = src if target == "self" else game._attached.get(src, -1)
        if who not in game._status:
            return
        for _ in range(amount(game, src, ctx)):
            acts = tuple(
                Action(CHOOSE, x=j, label=f"gain a {name} icon")
                for j, name in enumerate(_ICON_NAMES)
            )
            if game._policy is not None:
                a = game._policy.decide(game, Choice("icon", "gain an icon", acts))
            else:
                a = yield Choice("icon", "gain an icon", acts)
            j = a.x if 0 <= a.x < 4 else 3
            icons = tuple(1 if t == j else 0 for t in range(4))
            game._temp.append((who, 0, icons))
            _log(game, "boost", f"{game.card(who).title} gains a {_ICON_NAMES[j]} icon")

    return effect


@EFFECT.register("copy_icons_to_host", filter=FILTER)
def copy_icons_to_host(where, filter):
    """Until the end of the phase the card's host gains the printed icons of a chosen
    character the filter accepts."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        host = game._attached.get(src, -1)
        if host not in game._status:
            return
        cd = game.deck
        pool = [
            i
            for i in game._characters
            if i != host and game._status[i] != INSANE and pred(game, src, i)
        ]
        i = yield from choose_card(game, "boost", "copy the icons of", pool)
        if i >= 0:
            k = cd.kind_of[i]
            printed = (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])
            game._temp.append((host, 0, printed))

    return effect


@EFFECT.register("boost_per_departure", icons=param(ICONS, required=True), filter=FILTER)
def boost_per_departure(where, icons, filter):
    """A chosen character gains these icons once for each character that left play for the
    discard pile this phase, until the end of the phase."""
    pred = compile_filter(filter, where)
    ic = icon_tuple(icons)

    def effect(game, src, ctx):
        times = _characters_left_play_this_phase(game)
        pool = [i for i in game._characters if game._status[i] != INSANE and pred(game, src, i)]
        i = yield from choose_card(game, "boost", "boost", pool)
        if i >= 0 and times:
            game._temp.append((i, 0, tuple(v * times for v in ic)))

    return effect


@EFFECT.register("mill_characters_into_play", n=param(INT, 1), insane=param(BOOL, False))
def mill_characters_into_play(where, n, insane):
    """Discard the top n cards of the deck; the characters among them enter play instead
    (insane with ``insane``)."""

    def effect(game, src, ctx):
        cd = game.deck
        for _ in range(n):
            i = game._take_top()
            if i < 0:
                break
            k = cd.kind_of[i]
            if cd.ctype[k] == CHARACTER and game.may_enter(k):
                _log(game, "put_into_play", f"{game.card(i).title} put into play from the deck")
                game._enter(i)
                if insane and i in game._status:
                    game._status[i] = INSANE
            else:
                game._discard.append(i)
                _log(game, "discard", f"{game.card(i).title} discarded from the deck")
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("hand_to_resources")
def hand_to_resources(where):
    """Choose a domain and attach every card of your hand to it as resources."""

    def effect(game, src, ctx):
        if not game._hand:
            return
        d = yield from choose_domain(game, "attach", "attach your hand to", game._domain_indices)
        if d < 0:
            return
        for i in list(game._hand):
            game._attach_resource(i, d)
        _log(game, "resource", f"hand attached to domain {d + 1}")

    return effect


@EFFECT.register("refresh_small_domain", max=AMOUNT, max_departures=param(BOOL, False))
def refresh_small_domain(where, max, max_departures):
    """Refresh a drained domain with at most ``max`` resources (with ``max_departures``: at
    most as many as the characters that left play for the discard pile this phase)."""
    limit_of = compile_amount(max, where) if max is not None else None

    def effect(game, src, ctx):
        if max_departures:
            limit = _characters_left_play_this_phase(game)
        else:
            limit = limit_of(game, src, ctx) if limit_of is not None else 1 << 30
        pool = [d for d, v in enumerate(game._drained) if v and len(game._domains[d]) <= limit]
        d = yield from choose_domain(game, "refresh", "refresh", pool)
        if d >= 0:
            game._drained[d] = False
            _log(game, "refresh", f"domain {d + 1} refreshed")

    return effect


@EFFECT.register("lose_game")
def lose_game(where):
    """You are eliminated from the game: it is lost."""

    def effect(game, src, ctx):
        _log(game, "eliminated", f"{game.card(src).title}: you are eliminated")
        game._end(DECK_OUT)
        return
        yield

    return effect


# ------------------------------------------------------------------ stories
@EFFECT.register("resolve_other_stories")
def resolve_other_stories(where):
    """Resolve the win effects of the other (non-conspiracy) stories in play, in slot order;
    each may be declined, as when it is won."""
    return _resolve_other_stories


def _resolve_other_stories(game, src, ctx):
    from deckbuilder.engine.abilities import AbilityContext
    from deckbuilder.engine.story import CONSPIRACY_BASE, _core_story_offer

    own = ctx.story_id if ctx is not None else -1
    for sid in list(game._stories):
        if sid == own or sid >= CONSPIRACY_BASE or sid not in game._stories:
            continue
        offer = _core_story_offer(sid)
        if offer is None:
            continue
        choice, fx = offer
        if game._policy is not None:
            answer = game._policy.decide(game, choice)
        else:
            answer = yield choice
        if answer.x:
            _log(game, "story_effect", choice.prompt)
            s = game._stories.index(sid)
            yield from fx(game, src, AbilityContext(story=s, story_id=sid))
