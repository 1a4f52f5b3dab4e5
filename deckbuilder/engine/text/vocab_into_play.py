"""Vocabulary that puts cards into play or attaches them, and takes attachments back."""

from __future__ import annotations

from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY, STORY_HOST
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.effects import (
    choose_any,
    choose_card,
    choose_host,
    choose_story,
    log_event,
    stay_attached,
)
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    EFFECT,
    FILTER,
    INT,
    STRS,
    TextError,
    param,
)
from deckbuilder.engine.text.values import compile_amount, condition


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
                log_event(
                    game, "put_into_play", f"{game.card(i).title} put into play from the deck"
                )
                game._enter(i, status=INSANE if insane else READY)
            else:
                game._discard_from_deck(i)
                log_event(game, "discard", f"{game.card(i).title} discarded from the deck")
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("attach_self", to=param(("story", "character"), "story"), filter=FILTER)
def attach_self(where, to, filter):
    """The card (a kept event, see keep_event) enters play as a support attached to a story
    of your choice, or to a character the filter accepts (else it is discarded)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if src not in game.you.hand:
            return
        if to == "story":
            s = yield from choose_story(game, "attach", "attach to", range(len(game._stories)))
            host = STORY_HOST + game._stories[s] if s >= 0 else -1
        else:
            pool = [i for i in game.you.characters if i != src and pred(game, src, i)]
            host = yield from choose_card(game, "attach", "attach to", pool)
        game.you.hand.remove(src)
        if host < 0:
            game._into_discard(src)
            return
        stay_attached(game, src, host)

    return effect


@EFFECT.register("search_copies_into_play", filter=FILTER)
def search_copies_into_play(where, filter):
    """Choose a character of yours the filter accepts; any number of the cards of the deck
    with its title are put into play (the automatic player takes them all, ``choose_any``);
    shuffle the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if pred(game, src, i)]
        c = yield from choose_card(game, "search", "copy", pool, optional=True)
        if c < 0:
            return
        title = game.card(c).title
        cd = game.deck
        found = [
            i
            for i in game.you.deck_cards + game.you.top + game.you.bottom
            if game.card(i).title == title and game.may_enter(cd.kind_of[i])
        ]
        for i in (yield from choose_any(game, "search", "put into play", found)):
            if game.may_enter(cd.kind_of[i]):
                game._remove_from_deck(i)
                game._place_in_play(i)
                log_event(game, "put", f"{title} put into play")
        game._shuffle_deck()

    return effect


@EFFECT.register("attach_from_discard", filter=FILTER, host=FILTER)
def attach_from_discard(where, filter, host):
    """Attach a card the filter accepts from the discard pile to a character of yours the
    ``host`` filter accepts (one it may legally be attached to)."""
    pred = compile_filter(filter, where)
    host_pred = compile_filter(host, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = []
        for i in game.you.discard:
            k = cd.kind_of[i]
            if cd.attach[k] is None or not game.may_enter(k) or not pred(game, src, i):
                continue
            if any(
                h in game.you.characters and host_pred(game, src, h) for h in game.attach_hosts(k)
            ):
                pool.append(i)
        i = yield from choose_card(
            game, "attach", "attach from the discard pile", pool, optional=True
        )
        if i < 0:
            return
        hosts = [
            h
            for h in game.attach_hosts(cd.kind_of[i])
            if h in game.you.characters and host_pred(game, src, h)
        ]
        h = yield from choose_card(game, "attach", f"attach {game.card(i).title} to", hosts)
        if h < 0:
            return
        game.you.discard.remove(i)
        log_event(game, "attach", f"{game.card(i).title} attached from the discard pile")
        game._enter(i, None, h)

    return effect


def _cheaper_in_hand(game, src, ctx, pred, or_equal):
    """The characters in hand that ``put_cheaper_than_subject`` may put into play."""
    if ctx is None or ctx.target < 0:
        return []
    cd = game.deck
    limit = cd.cost[cd.kind_of[ctx.target]] + or_equal
    return [
        i
        for i in game.you.hand
        if cd.ctype[cd.kind_of[i]] == CHARACTER
        and cd.cost[cd.kind_of[i]] < limit
        and game.may_enter(cd.kind_of[i])
        and (pred is None or pred(game, src, i))
    ]


@EFFECT.register("put_cheaper_than_subject", filter=FILTER, or_equal=param(BOOL, False))
def put_cheaper_than_subject(where, filter, or_equal):
    """Put a character from hand into play whose printed cost is lower than (``or_equal``:
    at most) the printed cost of the card the trigger is about (e.g. the character just
    destroyed)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = _cheaper_in_hand(game, src, ctx, pred, or_equal)
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=True)
        if i < 0:
            return
        game.you.hand.remove(i)
        log_event(game, "put_into_play", f"{game.card(i).title} put into play")
        game._enter(i)

    return effect


@condition("cheaper_in_hand", BOOL)
def _cheaper_in_hand_condition(value, where):
    """A character in hand costs less than the card the trigger is about: ``to put into
    play a character whose cost is lower than the destroyed one`` needs one (FAQ 1.5)."""
    return lambda game, src, ctx: bool(_cheaper_in_hand(game, src, ctx, None, False)) == value


@condition("cheaper_or_equal_in_hand", BOOL)
def _cheaper_or_equal_in_hand_condition(value, where):
    """A character in hand costs at most the card the trigger is about: ``a character with a
    cost equal to or lower than the destroyed character`` needs one (FAQ 1.5)."""
    return lambda game, src, ctx: bool(_cheaper_in_hand(game, src, ctx, None, True)) == value


@EFFECT.register("put_self_into_play", insane=param(BOOL, False), exhausted=param(BOOL, False))
def put_self_into_play(where, insane, exhausted):
    """The card itself enters play from the hand or the discard pile (insane or exhausted
    when asked)."""

    def effect(game, src, ctx):
        if src not in game.you.hand and src not in game.you.discard:
            return
        if not game.may_enter(game.deck.kind_of[src]):
            return
        game._take_from(src)
        log_event(game, "put_into_play", f"{game.card(src).title} put into play")
        game._enter(src, status=INSANE if insane else EXHAUSTED if exhausted else READY)
        return
        yield

    # Not worth paying for while it may not enter (a unique copy in play, a Heroic clash).
    effect.worthwhile = lambda game, src: game.may_enter(game.deck.kind_of[src])
    return effect


@EFFECT.register(
    "search_play_total_cost",
    top=param(INT, 0),
    total=param(INT, required=True),
    filter=FILTER,
    source=param(("deck", "discard"), "deck"),
)
def search_play_total_cost(where, top, total, filter, source):
    """Search the top cards of the deck (or, ``source``, the discard pile): put into play any
    number of cards the filter accepts whose printed costs add up to at most ``total``; then
    shuffle the deck."""
    pred = compile_filter(filter, where)
    if source == "deck" and top <= 0:
        raise TextError(f"{where}: searching the deck needs top = N")

    def effect(game, src, ctx):
        cd = game.deck
        pool = list(game._peek(top)) if source == "deck" else list(game.you.discard)
        left = total
        while True:
            found = [
                i
                for i in pool
                if cd.cost[cd.kind_of[i]] <= left
                and pred(game, src, i)
                and game.may_enter(cd.kind_of[i])
            ]
            i = yield from choose_card(game, "search", "put into play", found, optional=True)
            if i < 0:
                break
            pool.remove(i)
            left -= cd.cost[cd.kind_of[i]]
            game._take_from(i)
            log_event(game, "search", f"{game.card(i).title} put into play from the {source}")
            game._enter(i)
        if source == "deck":
            game._shuffle_deck()
            game._check_deck_out()

    return effect


@EFFECT.register("attach_top_card")
def attach_top_card(where):
    """If the top card of your deck is an attachment with a legal host, you may put it into
    play attached to a character of your choice."""

    def effect(game, src, ctx):
        top = game._reveal_top(1)
        if not top:
            return
        i = top[0]
        k = game.deck.kind_of[i]
        if game.deck.attach[k] is None or not game.may_enter(k):
            return
        hosts = [h for h in game.attach_hosts(k) if h in game.you.characters]
        h = yield from choose_card(
            game, "attach", f"attach {game.card(i).title} to", hosts, optional=True
        )
        if h < 0:
            return
        game._remove_from_deck(i)
        log_event(game, "put_into_play", f"{game.card(i).title} put into play attached")
        game._enter(i, host=h)
        game._check_deck_out()

    return effect


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
            for i in game.you.hand if zone == "hand" else game.you.discard:
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
        host = yield from choose_host(game, i, hosts)
        log_event(game, "attach", f"{game.card(i).title} attached")
        game._enter(i, None, host)

    return effect


@EFFECT.register("unattach_self_to_hand")
def unattach_self_to_hand(where):
    """The card itself, attached to a domain as a resource, returns to your hand (for an
    ability of zone "resource", e.g. after its domain is drained)."""

    def effect(game, src, ctx):
        for d, dom in enumerate(game.you.domains):
            if src in dom:
                game._detach_resource(src, d)
                game.you.hand.append(src)
                if game.log is not None:
                    game._event("to_hand", f"{game.card(src).title} unattached to hand")
                break
        return
        yield  # a generator

    return effect
