"""Effect templates that move cards between deck, hand, discard pile and play.

Each builder takes ``where`` (file and card, for errors) and its parameters, and returns an
effect: a generator function ``(game, src, ctx)`` that yields a ``Choice`` per decision.
``player`` names players relative to the card's controller, resolved at play against the
game's two players (``Game.players_named``); the goldfish opponent has no cards, so what it
draws or discards is nothing.
"""

from __future__ import annotations

from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY, STORY_HOST
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import (
    choose_card,
    choose_host,
    chosen_now,
    log_event,
    stay_attached,
)
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import (
    compile_filter,
    is_printed_only,
    matching,
    printed_kinds,
)
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    EFFECT,
    EFFECTS,
    FILTER,
    INT,
    STRS,
    TextError,
    param,
)
from deckbuilder.engine.text.values import compile_amount

PLAYERS = ("you", "opponent", "each")


@EFFECT.register("draw", n=param(AMOUNT, required=True), player=param(PLAYERS, "you"))
def draw(where, n, player):
    """Draw n cards (``player``: who draws, relative to the card's controller)."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        for p in game.players_named(player, src):
            k = amount(game, src, ctx, p)
            if k > 0:
                game._draw_by_effect(k, p)
        return
        yield

    # Drawing from an empty deck loses the game.
    effect.worthwhile = lambda game, src: player == "opponent" or game.you.deck_count() > 0
    return effect


@EFFECT.register(
    "discard_from_hand",
    harms=True,
    n=param(AMOUNT, 1),
    player=param(PLAYERS, "you"),
    random=param(BOOL, False),
    filter=FILTER,
    then=EFFECTS,
)
def discard_from_hand(where, n, player, random, filter, then):
    """Discard n cards from hand (chosen by their owner, or at random). Another player than
    the one playing never acts (the goldfish opponent): theirs go at random. ``then``: effects
    done only when all n were discarded ("..., then draw 2": FAQ, a hand of 1 is discarded
    and nothing is drawn); with ``player = "each"``, when every player discarded them all."""
    amount = compile_amount(n, where)
    pred = compile_filter(filter, where)
    after = compile_effects(then, where) if then else None

    def effect(game, src, ctx):
        full = True
        for p in game.players_named(player, src):
            mine = p is game.you
            n = 0
            want = amount(game, src, ctx, p)
            for _ in range(want):
                pool = [i for i in p.hand if pred(game, src, i)]
                if not pool:
                    break
                if random or not mine:
                    i = pool[int(game.rng.random() * len(pool))]
                else:
                    i = yield from choose_card(game, "discard", "discard", pool, harm=True)
                if i < 0:
                    break
                p.hand.remove(i)
                n += 1
                if not mine:
                    p.discard.append(i)
                    continue
                game._to_discard(i)
                log_event(game, "discard", f"{game.card(i).title} discarded")
            if mine:
                game._discarded_from_hand(n)
            full = full and n >= want
        if after is not None and full:
            yield from after(game, src, ctx)

    return effect


def discard_deck_top(game, p, count: int) -> list[int]:
    """Discard the top ``count`` cards of player ``p``'s deck; the cards of yours it
    discarded (another player's go straight to his pile: the goldfish opponent has no cards
    to answer). The caller checks for a deck out."""
    yours = []
    for _ in range(count):
        i = p.take_top(game.rng.random)
        if i < 0:
            break
        if p is not game.you:
            p.discard.append(i)
            continue
        game._discard_from_deck(i)
        yours.append(i)
        log_event(game, "discard", f"{game.card(i).title} discarded from the deck")
    return yours


@EFFECT.register(
    "discard_top",
    n=param(AMOUNT, required=True),
    player=param(PLAYERS, "you"),
    ready_each=FILTER,
)
def discard_top(where, n, player, ready_each):
    """Discard the top n cards of the deck (of each player ``player`` names).
    ``ready_each``: then, for each card discarded from your deck that this filter accepts,
    you may choose and ready an exhausted character it accepts ("ready a [Yog-Sothoth]
    character for each [Yog-Sothoth] card discarded in this way")."""
    amount = compile_amount(n, where)
    each = compile_filter(ready_each, where) if ready_each else None

    def effect(game, src, ctx):
        found = []  # your cards discarded: counted for ``ready_each``
        for p in game.players_named(player, src):
            found += discard_deck_top(game, p, amount(game, src, ctx, p))
        game._check_deck_out()
        if each is None:
            return
        for _ in range(sum(1 for i in found if each(game, src, i))):
            you = game.you
            pool = [i for i in you.characters if you.status[i] == EXHAUSTED and each(game, src, i)]
            i = yield from choose_card(game, "ready", "ready", pool, optional=True)
            if i < 0:
                return
            game._ready(i)
            log_event(game, "ready", f"{game.card(i).title} readies")

    return effect


@EFFECT.register(
    "search",
    filter=FILTER,
    to=param(("hand", "play", "top", "discard"), "hand"),
    top=INT,
    shuffle=param(BOOL, True),
    n=param(INT, 1),
    cost_max=AMOUNT,
    rest=param(("top", "bottom"), "top"),
    host=FILTER,
    reveal=param(BOOL, False),
    optional=param(BOOL, True),
)
def search(where, filter, to, top, shuffle, n, cost_max, rest, host, reveal, optional):
    """Search the deck (or its top ``top`` cards) for up to n cards the filter accepts
    (``cost_max``: with a printed cost at most this, a number or "X"): to hand, into play,
    on top of the deck or into the discard pile (a search that finds nothing discards
    nothing); then shuffle (or, ``rest = "bottom"``, put the other cards of
    the top ``top`` on the bottom of the deck). ``reveal``: the text reveals the top
    cards (their "would be revealed" window opens), not only searches them. ``optional =
    false``: "add a revealed X to your hand" takes one if any is there (revealed cards are
    seen by all, so the player cannot fail to find one)."""
    pred = compile_filter(filter, where)
    most = compile_amount(cost_max, where) if cost_max is not None else None
    if rest == "bottom" and (not top or shuffle):
        raise TextError(f'{where}: rest = "bottom" is for the top cards, with shuffle = false')
    host_pred = compile_filter(host, where) if host is not None else None

    def hosts_of(game, src, k):
        """Where an attachment put into play may go (the ``host`` filter: a card in play)."""
        hosts = game.attach_hosts(k)
        if host_pred is None:
            return hosts
        return [h for h in hosts if h < STORY_HOST and host_pred(game, src, h)]

    def effect(game, src, ctx):
        if top:
            pool = game._reveal_top(top) if reveal else game._peek(top)
        else:
            pool = game.you.deck_cards + game.you.top + game.you.bottom
        cap = most(game, src, ctx) if most is not None else None
        for _ in range(n):
            found = matching(game, src, pred, pool)
            if to == "play":
                kind_of, attach = game.deck.kind_of, game.deck.attach
                found = [
                    i
                    for i in found
                    if game.may_enter(kind_of[i])
                    and (attach[kind_of[i]] is None or hosts_of(game, src, kind_of[i]))
                ]
            if cap is not None:
                cost, kind_of = game.deck.cost, game.deck.kind_of
                found = [i for i in found if cost[kind_of[i]] <= cap]
            i = chosen_now(game, "search", "take", found, optional=optional)
            if i is None:
                i = yield from choose_card(game, "search", "take", found, optional=optional)
            if i < 0:
                break
            pool.remove(i)
            game._remove_from_deck(i)
            if to == "play":
                log_event(game, "search", f"{game.card(i).title} put into play from the deck")
                h = -1
                if game.deck.attach[game.deck.kind_of[i]] is not None:
                    h = yield from choose_host(game, i, hosts_of(game, src, game.deck.kind_of[i]))
                game._enter(i, None, h)
            elif to == "top":
                game.you.top.append(i)
            elif to == "discard":
                log_event(game, "search", f"{game.card(i).title} put into the discard pile")
                game._discard_from_deck(i)
            else:
                game.you.hand.append(i)
                log_event(game, "search", f"{game.card(i).title} taken into hand")
        if rest == "bottom":
            for i in pool:
                game._remove_from_deck(i)
                game.you.bottom.insert(0, i)
        elif shuffle and to != "top":
            game._shuffle_deck()
        game._check_deck_out()

    printed = is_printed_only(filter or {}, where)
    key = object()  # the deck's instances the filter accepts, remembered per deck

    table_of = printed_kinds(pred)  # the printed part of a filter that reads the game too

    def worthwhile(game, src):
        cd = game.deck
        if not printed and table_of is None:
            zones = (game.you.top, game.you.deck_cards, game.you.bottom)
            return any(pred(game, src, i) for zone in zones for i in zone)
        found = cd.kind_memo.get(key)
        if found is None:  # the deck's instances whose printed facts pass
            if printed:
                first = {}
                for i, k in enumerate(cd.kind_of):
                    first.setdefault(k, i)
                kinds = {k for k, i in first.items() if pred(game, src, i)}
            else:
                table = table_of(cd)
                kinds = {k for k in range(len(table)) if table[k] == 1}  # not MAYBE: in a deck
            found = cd.kind_memo[key] = frozenset(i for i, k in enumerate(cd.kind_of) if k in kinds)
        if printed:
            return not (
                found.isdisjoint(game.you.top)
                and found.isdisjoint(game.you.deck_cards)
                and found.isdisjoint(game.you.bottom)
            )
        for zone in (game.you.top, game.you.deck_cards, game.you.bottom):
            for i in found.intersection(zone):
                if pred(game, src, i):
                    return True
        return False

    if not top:  # what the top cards hold the player learns only by looking
        effect.worthwhile = worthwhile
    return effect


def _put_into_play(game, i: int, status: int) -> None:
    game._take_from(i)
    log_event(game, "put_into_play", f"{game.card(i).title} put into play")
    game._enter(i, status=status)


@EFFECT.register(
    "put_into_play",
    filter=FILTER,
    sources=param(STRS, "hand"),
    cost_max=AMOUNT,
    exhausted=param(BOOL, False),
    insane=param(BOOL, False),
    attach_self=param(BOOL, False),
    target=param(("choose", "all"), "choose"),
    optional=param(BOOL, True),
    include_self=param(BOOL, False),
    attachments=param(BOOL, False),
)
def put_into_play(
    where,
    filter,
    sources,
    cost_max,
    exhausted,
    insane,
    attach_self,
    target,
    optional,
    include_self,
    attachments,
):
    """Put a character or support the filter accepts from hand, discard pile (or both) into
    play; ``cost_max`` caps its printed cost (a number or "X"); ``attach_self``: the event
    being played stays in play attached to the character ("with <this> attached. Counts as
    an Attachment Support card"); ``target = "all"``: every such card, none declined ("puts
    into play all characters in his discard pile"), a unique one only while no copy is in
    play (the first copy enters, in the zone's order); ``optional = false``: one is put into
    play if any can be, none declined (no "may": "Sacrifice a character to put into play
    ..."); ``include_self``: the source itself may be chosen (a card back in hand after
    leaving play: "After X leaves play, put into play from your hand a ..."), otherwise
    never (the event being played); ``attachments``: an attachment with a legal host may be
    chosen too, and goes on a host of your choice ("put an Artifact or Item support card
    into play"), otherwise none is (the text names characters or plain supports)."""
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
                if (i == src and not include_self) or cd.ctype[k] not in (CHARACTER, SUPPORT):
                    continue
                if limit is not None and cd.cost[k] > limit:
                    continue
                if not game.may_enter(k) or not pred(game, src, i):
                    continue
                if cd.attach[k] is not None and not (attachments and game.attach_hosts(k)):
                    continue
                pool.append(i)
        status = INSANE if insane else EXHAUSTED if exhausted else READY
        if target == "all":
            for i in pool:
                # An earlier copy of a unique card may have entered meanwhile.
                if game.may_enter(cd.kind_of[i]):
                    _put_into_play(game, i, status)
            return
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=optional)
        if i >= 0 and cd.attach[cd.kind_of[i]] is not None:
            game._take_from(i)
            h = yield from choose_host(game, i, game.attach_hosts(cd.kind_of[i]))
            log_event(game, "put_into_play", f"{game.card(i).title} put into play")
            game._enter(i, None, h)
        elif i >= 0:
            _put_into_play(game, i, status)
            if attach_self and src in game._resolving and i in game.you.status:
                stay_attached(game, src, i)
                if game.facts.host_bound:  # (it may be Day already)
                    game._check_host_bound()

    return effect


@EFFECT.register(
    "to_hand",
    filter=FILTER,
    sources=param(STRS, "discard"),
    n=param(INT, 1),
    target=param(("choose", "all"), "choose"),
    optional=param(BOOL, True),
)
def to_hand(where, filter, sources, n, target, optional):
    """Return up to n cards the filter accepts from the discard pile (or play) to hand;
    ``target = "all"``: every such card, none declined ("return all Attachment cards");
    ``optional = false``: n cards (as many as there are), none declined ("add any 2")."""
    pred = compile_filter(filter, where)
    zones = (sources,) if isinstance(sources, str) else tuple(sources)

    def effect(game, src, ctx):
        if target == "all":
            for zone in zones:
                cards = (
                    game.you.discard
                    if zone == "discard"
                    else game.you.characters + game.you.supports
                )
                for i in [i for i in cards if i != src and pred(game, src, i)]:
                    if i in game.you.discard:
                        game._discard_to_hand(i)
                    else:
                        game._leave_play(i, to="hand")
                    log_event(game, "to_hand", f"{game.card(i).title} returned to hand")
            return
        for _ in range(n):
            pool = []
            for zone in zones:
                cards = (
                    game.you.discard
                    if zone == "discard"
                    else game.you.characters + game.you.supports
                )
                pool += [i for i in cards if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=optional)
            if i < 0:
                return
            if i in game.you.discard:
                game._discard_to_hand(i)
            else:
                game._leave_play(i, to="hand")
            log_event(game, "to_hand", f"{game.card(i).title} returned to hand")

    return effect


@EFFECT.register("return_self_to_hand")
def return_self_to_hand(where):
    """The card returns to its owner's hand (from the discard pile or from play)."""

    def effect(game, src, ctx):
        if src in game.you.discard:
            game._discard_to_hand(src)
        elif src in game.you.status or src in game.you.supports:
            game._leave_play(src, to="hand")
        else:
            return
        log_event(game, "to_hand", f"{game.card(src).title} returned to hand")
        return
        yield

    return effect


@EFFECT.register(
    "discard_to_deck",
    n=param(INT, 1),
    filter=FILTER,
    to=("bottom", "top", "shuffle"),
    optional=param(BOOL, False),
    from_top=param(BOOL, False),
)
def discard_to_deck(where, n, filter, to, optional, from_top):
    """Put n cards of the discard pile on the bottom (or the top) of the deck, or shuffle
    them in; ``optional``: up to n, each one may be declined ("put up to 2 cards");
    ``from_top``: the top n of the pile (the latest there), not chosen ("the top 2 cards of
    any discard pile")."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for _ in range(n):
            pool = [i for i in game.you.discard if i != src and pred(game, src, i)]
            if from_top:
                i = pool[-1] if pool else -1
            else:
                i = yield from choose_card(
                    game, "to_deck", "put into the deck", pool, optional=optional
                )
            if i < 0:
                break
            game.you.discard.remove(i)
            if to == "shuffle":
                game.you.deck_cards.append(i)
            elif to == "top":
                game.you.top.append(i)
            else:
                game.you.bottom.insert(0, i)
        if to == "shuffle":
            game._shuffle_deck()

    return effect


@EFFECT.register(
    "look_top",
    n=param(INT, required=True),
    take=param(BOOL, False),
    take_if_overpaid=param(BOOL, False),
    take_filter=FILTER,
    take_optional=param(BOOL, True),
    discard=param(INT, 0),
    may_discard=param(BOOL, False),
    reorder=param(BOOL, True),
    rest=param(("top", "bottom", "discard"), "top"),
    reveal=param(BOOL, False),
)
def look_top(
    where,
    n,
    take,
    take_if_overpaid,
    take_filter,
    take_optional,
    discard,
    may_discard,
    reorder,
    rest,
    reveal,
):
    """Look at the top n cards (``reveal``: the text reveals them, and their "would be
    revealed" window opens): take one into hand when ``take`` (or when overpaid; with
    ``take_optional = false`` one must be taken when able), discard ``discard`` of the others
    (chosen, the least useful first: "one to the discard pile"), with ``may_discard`` discard
    any of the others one by one ("you may discard those cards"), then put the rest back in
    the order chosen (or on the bottom, or in the discard pile)."""
    pred = compile_filter(take_filter, where)

    def effect(game, src, ctx):
        cards = game._reveal_top(n) if reveal else game._peek(n)
        if take or (take_if_overpaid and ctx.overpaid > 0):
            pool = [i for i in cards if pred(game, src, i)]
            i = yield from choose_card(game, "search", "take", pool, optional=take_optional)
            if i >= 0:
                game._remove_from_deck(i)
                game.you.hand.append(i)
                cards.remove(i)
                log_event(game, "search", f"{game.card(i).title} taken into hand")
        if discard or may_discard:
            for k in range(discard if not may_discard else len(cards)):
                i = yield from choose_card(
                    game, "discard", "discard", cards, harm=True, optional=k >= discard
                )
                if i < 0:
                    break
                cards.remove(i)
                game._remove_from_deck(i)
                game._discard_from_deck(i)
            game._check_deck_out()
        if rest == "discard":
            for i in cards:
                game._remove_from_deck(i)
                game._discard_from_deck(i)
            game._check_deck_out()
        elif rest == "bottom":
            for i in cards:
                game._remove_from_deck(i)
                game.you.bottom.insert(0, i)
        elif reorder:
            yield from reorder_top(game, cards)

    return effect


def reorder_top(game, cards):
    order = []
    rest = list(cards)
    while len(rest) > 1:
        i = chosen_now(game, "top", "next card on top:", rest)
        if i is None:
            i = yield from choose_card(game, "top", "next card on top:", rest)
        rest.remove(i)
        order.append(i)
    order += rest
    for c in order:  # moved only now: while choosing, the cards stay in the deck
        game._remove_from_deck(c)
    game.you.top.extend(reversed(order))  # the first chosen ends on top


@EFFECT.register(
    "librarian", n=param(INT, required=True), bottom=param(INT, 1), may=param(BOOL, False)
)
def librarian(where, n, bottom, may):
    """Look at the top n: ``bottom`` of them to the bottom, the others back in any order.
    ``may`` (n = 1): look at the top card, then you may put it on the bottom; the question
    names the card. The automatic player bottoms it when no domain of its holds enough
    resources to pay its cost (it could not play it soon: a card it would not play now)."""
    if may and (n != 1 or bottom != 1):
        raise TextError(f"{where}: librarian with may looks at the top card only")

    def look_then_may(game, src, ctx):
        cards = game._peek(1)
        if not cards:
            return
        i = cards[0]
        if game._policy is not None:
            k = game.deck.kind_of[i]
            yes = game.cost_of(k) > max(game.you.dom_value, default=0)
        else:
            label = f"put {game.card(i).title} on the bottom"
            yes = (yield yes_no("may", f"{game.card(src).title}: {label}", "leave it on top")).x
        if yes:
            game._remove_from_deck(i)
            game.you.bottom.insert(0, i)
            log_event(game, "bottom", f"{game.card(i).title} put on the bottom of the deck")

    if may:
        return look_then_may

    def effect(game, src, ctx):
        cards = game._peek(n)
        for _ in range(bottom):
            i = chosen_now(game, "bottom", "put on the bottom", cards, harm=True)
            if i is None:
                i = yield from choose_card(game, "bottom", "put on the bottom", cards, harm=True)
            if i < 0:
                break
            game._remove_from_deck(i)
            game.you.bottom.insert(0, i)
            cards.remove(i)
        yield from reorder_top(game, cards)

    return effect


@EFFECT.register("shuffle_discard_into_deck", filter=FILTER)
def shuffle_discard_into_deck(where, filter):
    """Shuffle the cards of the discard pile the filter accepts into the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        back = [i for i in game.you.discard if i != src and pred(game, src, i)]
        for i in back:
            game.you.discard.remove(i)
            game.you.deck_cards.append(i)
        game._shuffle_deck()
        return
        yield

    return effect
