"""Vocabulary added for the Forgotten Lore / relics sets (TSS, CotJE, TBJ, NN, IT, SotM)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import CHOOSE, EXHAUSTED, INSANE, READY, Action
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import AMOUNT, BOOL, EFFECT, FILTER, INT, TRIGGER, param
from deckbuilder.engine.text.values import compile_amount, condition


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


# ----------------------------------------------------------------- triggers
# ----------------------------------------------------------------- effects
_HERE_ACTIONS = ("sacrifice", "to_hand", "insane", "ready")


@EFFECT.register("committed_here", action=param(_HERE_ACTIONS, required=True), filter=FILTER)
def committed_here(where, action, filter):
    """Every character of yours committed to the story of the event (or the one the card is
    committed to) is sacrificed, returned to hand, driven insane or readied."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        s = ctx.story if ctx is not None and ctx.story >= 0 else game.committed_story(src)
        if s < 0 or s >= len(game._committed):
            return
        for i in [i for i in game._committed[s] if pred(game, src, i)]:
            if i not in game._status:
                continue
            if action == "sacrifice":
                game._leave_play(i)
            elif action == "to_hand":
                game._leave_play(i, to="hand")
            elif action == "insane":
                if game._status[i] != INSANE:
                    game._go_insane(i)
            elif game._status[i] == EXHAUSTED:
                game._status[i] = READY
            _log(game, action, f"{game.card(i).title}: {action}")
        return
        yield

    return effect


@EFFECT.register("reveal_top_take", n=param(AMOUNT, required=True), filter=FILTER)
def reveal_top_take(where, n, filter):
    """Reveal the top n cards: every one the filter accepts goes to hand, the rest to the
    bottom of the deck."""
    pred = compile_filter(filter, where)
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        cards = game._peek(amount(game, src, ctx))
        for i in cards:
            game._remove_from_deck(i)
            if pred(game, src, i):
                game._hand.append(i)
                _log(game, "search", f"{game.card(i).title} taken into hand")
            else:
                game._bottom.insert(0, i)
        return
        yield

    return effect


@EFFECT.register("redraw_hand", extra=param(INT, 0))
def redraw_hand(where, extra):
    """Shuffle the hand into the deck and draw as many cards, plus ``extra``."""

    def effect(game, src, ctx):
        k = len(game._hand)
        game._deck.extend(game._hand)
        game._hand.clear()
        game._shuffle_deck()
        game._draw(k + extra)
        return
        yield

    return effect


@EFFECT.register("hand_to_top", n=param(INT, 1))
def hand_to_top(where, n):
    """Put n cards from hand on top of the deck."""

    def effect(game, src, ctx):
        for _ in range(n):
            i = yield from choose_card(game, "to_deck", "put on top of the deck", list(game._hand))
            if i < 0:
                return
            game._hand.remove(i)
            game._top.append(i)

    return effect


@EFFECT.register("discard_to_top", filter=FILTER)
def discard_to_top(where, filter):
    """Put a card the filter accepts from the discard pile on top of the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game._discard if i != src and pred(game, src, i)]
        i = yield from choose_card(game, "to_deck", "put on top of the deck", pool)
        if i >= 0:
            game._discard.remove(i)
            game._top.append(i)

    return effect


@EFFECT.register("swap_domain_resources")
def swap_domain_resources(where):
    """Take every resource of a chosen domain into hand and attach as many cards from the
    top of the deck to that domain instead."""

    def effect(game, src, ctx):
        doms = [d for d in range(len(game._domains)) if game._domains[d]]
        d = yield from choose_domain(game, "domain", "take the resources of", doms)
        if d < 0:
            return
        cards = list(game._domains[d])
        for i in cards:
            _detach_resource(game, i, d)
            game._hand.append(i)
        for _ in cards:
            t = game._take_top()
            if t < 0:
                break
            game._add_resource(t, d)

    return effect


def _detach_resource(game, inst, d):
    cd = game.deck
    k = cd.kind_of[inst]
    w = 2 if cd.transient[k] else 1
    f = cd.faction[k]
    game._domains[d].remove(inst)
    game._dom_value[d] -= w
    game._dom_fac[d][f] -= w
    game._fac_count[f] -= 1
    if inst in game._unplayable_resources:
        game._unplayable_resources.remove(inst)


@EFFECT.register("search_copies_into_play", filter=FILTER)
def search_copies_into_play(where, filter):
    """Choose a character of yours the filter accepts; every card of the deck with its
    title is put into play; shuffle the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game._characters if pred(game, src, i)]
        c = yield from choose_card(game, "search", "copy", pool, optional=True)
        if c < 0:
            return
        title = game.card(c).title
        cd = game.deck
        for i in list(game._deck + game._top + game._bottom):
            if game.card(i).title == title and game.may_enter(cd.kind_of[i]):
                game._remove_from_deck(i)
                game._place_in_play(i)
                _log(game, "put", f"{title} put into play")
        game._shuffle_deck()

    return effect


# ----------------------------------------------------------------- conditions
@condition("struggle_icons_at_least", INT)
def struggle_icons_at_least(value, where):
    """The struggle just won (ctx.x at ctx.story) was won by at least this many icons (the
    icons of your characters committed there; the goldfish opponent has none)."""
    n = int(value)

    def check(game, src, ctx):
        s, k = ctx.story, ctx.x
        if s < 0 or s >= len(game._committed) or not 0 <= k < 4:
            return False
        return sum(game.icons_of(i)[k] for i in game._committed[s]) >= n

    return check


# ----------------------------------------------------------------- more effects
@EFFECT.register("top_of_discard_to_hand", filter=FILTER)
def top_of_discard_to_hand(where, filter):
    """The topmost card of the discard pile the filter accepts goes to hand."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for i in reversed(game._discard):
            if i != src and pred(game, src, i):
                game._discard.remove(i)
                game._hand.append(i)
                _log(game, "to_hand", f"{game.card(i).title} returned to hand")
                return
        return
        yield

    return effect


@EFFECT.register("move_token")
def move_token(where):
    """Move one of your success tokens from a story to another story."""

    def effect(game, src, ctx):
        froms = [s for s in range(len(game._tokens)) if game._tokens[s] > 0]
        a = yield from choose_story(game, "move_from", "move a token from", froms)
        if a < 0:
            return
        tos = [s for s in range(len(game._tokens)) if s != a]
        b = yield from choose_story(game, "token", "move the token to", tos)
        if b < 0:
            return
        game._tokens[a] -= 1
        _log(game, "token", f"success token moved to {game._story_title(game._stories[b])}")
        yield from game._add_token(b, 1)

    return effect


@EFFECT.register("enter_committed", exhausted=param(BOOL, True))
def enter_committed(where, exhausted):
    """This character (from hand) is put into play committed to a story that already has
    one of your characters committed."""

    def effect(game, src, ctx):
        slots = [s for s in range(len(game._committed)) if game._committed[s]]
        if src not in game._hand or not slots:
            return
        s = yield from choose_story(game, "commit", "put into play committed to", slots)
        if s < 0:
            return
        game._hand.remove(src)
        game._place_in_play(src, exhausted=exhausted)
        game._committed[s].append(src)
        _log(game, "put", f"{game.card(src).title} put into play committed")

    return effect


@EFFECT.register("become_domain", attach_top=param(BOOL, True))
def become_domain(where, attach_top):
    """This card (now in the discard pile) becomes a new domain; with ``attach_top`` the top
    card of the deck is attached to it as a resource."""

    def effect(game, src, ctx):
        if src not in game._discard:
            return
        game._discard.remove(src)
        game._domain_cards.append(src)
        d = game._add_domain()
        if attach_top:
            t = game._take_top()
            if t >= 0:
                game._add_resource(t, d)
        _log(game, "domain", f"{game.card(src).title} becomes a domain")
        return
        yield

    return effect


@EFFECT.register("top_to_bottom", n=param(AMOUNT, required=True))
def top_to_bottom(where, n):
    """Look at the top n cards: put any of them on the bottom, the rest back on top."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        cards = game._peek(amount(game, src, ctx))
        while cards:
            i = yield from choose_card(game, "to_bottom", "put on the bottom", cards, optional=True)
            if i < 0:
                return
            cards.remove(i)
            game._remove_from_deck(i)
            game._bottom.insert(0, i)

    return effect


@EFFECT.register("shuffle_into_deck", filter=FILTER)
def shuffle_into_deck(where, filter):
    """Every card of yours in play the filter accepts is shuffled into the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for i in [i for i in game._characters + game._supports if pred(game, src, i)]:
            game._leave_play(i)
            if i in game._discard:
                game._discard.remove(i)
                if i in game._discarded_this_phase:
                    game._discarded_this_phase.remove(i)
                game._deck.append(i)
        game._shuffle_deck()
        return
        yield

    return effect


@TRIGGER.register("any_struggle_won", here=param(BOOL, False))
def any_struggle_won(where, here):
    """After you win an icon struggle of any kind (``here``: at the story this card is
    committed to)."""
    if here:
        return (
            ab.STRUGGLE_WON,
            lambda g, s, c: 0 <= c.story < len(g._committed) and s in g._committed[c.story],
        )
    return ab.STRUGGLE_WON, None


@EFFECT.register("redistribute_tokens", max_per_story=param(INT, 4))
def redistribute_tokens(where, max_per_story):
    """Take all your success tokens off the stories and put them back one by one on the
    stories of your choice, at most ``max_per_story`` on each."""

    def effect(game, src, ctx):
        total = sum(game._tokens)
        for s in range(len(game._tokens)):
            game._tokens[s] = 0
        for _ in range(total):
            slots = [s for s in range(len(game._tokens)) if game._tokens[s] < max_per_story]
            s = yield from choose_story(game, "token", "success token on", slots)
            if s < 0:
                break
            yield from game._add_token(s, 1)  # a story may be won on the way
            if game.phase == "over":
                return

    return effect


@EFFECT.register("exchange_hand_resources")
def exchange_hand_resources(where):
    """Choose a domain; exchange any number of cards from hand with resources attached to
    it, one for one."""

    def effect(game, src, ctx):
        doms = [d for d in range(len(game._domains)) if game._domains[d]]
        d = yield from choose_domain(game, "domain", "exchange with", doms)
        if d < 0:
            return
        taken = []
        while game._hand:
            pool = [i for i in game._domains[d] if i not in taken]
            if not pool:
                return
            r = yield from choose_card(game, "to_hand", "take into hand", pool, optional=True)
            if r < 0:
                return
            h = yield from choose_card(game, "resource", "attach instead", list(game._hand))
            if h < 0:
                return
            _detach_resource(game, r, d)
            game._hand.remove(h)
            game._add_resource(h, d)
            game._hand.append(r)
            taken.append(h)

    return effect


@EFFECT.register("rearrange_stories", swaps=param(INT, 3))
def rearrange_stories(where, swaps):
    """Swap revealed stories between slots (up to ``swaps`` times); success tokens and
    committed characters stay in their slots."""

    def effect(game, src, ctx):
        for _ in range(swaps):
            n = len(game._stories)
            pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
            if not pairs:
                return
            title = lambda s: game._story_title(game._stories[s])  # noqa: E731
            acts = [Action(CHOOSE, x=-1, label="keep the stories where they are")]
            acts += [
                Action(CHOOSE, x=k, label=f"swap {title(a)} and {title(b)}")
                for k, (a, b) in enumerate(pairs)
            ]
            pick = yield ab.Choice("rearrange", "rearrange the stories", tuple(acts))
            if pick.x < 0:
                return
            a, b = pairs[pick.x]
            game._stories[a], game._stories[b] = game._stories[b], game._stories[a]

    return effect


@EFFECT.register("enter_play_self")
def enter_play_self(where):
    """This card, in hand, is put into play (not played: no cost beyond the ability's)."""

    def effect(game, src, ctx):
        if src not in game._hand or not game.may_enter(game.deck.kind_of[src]):
            return
        game._hand.remove(src)
        _log(game, "put_into_play", f"{game.card(src).title} put into play")
        game._enter(src)
        return
        yield

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
        for i in game._discard:
            k = cd.kind_of[i]
            if cd.attach[k] is None or not game.may_enter(k) or not pred(game, src, i):
                continue
            if any(h in game._characters and host_pred(game, src, h) for h in game.attach_hosts(k)):
                pool.append(i)
        i = yield from choose_card(
            game, "attach", "attach from the discard pile", pool, optional=True
        )
        if i < 0:
            return
        hosts = [
            h
            for h in game.attach_hosts(cd.kind_of[i])
            if h in game._characters and host_pred(game, src, h)
        ]
        h = yield from choose_card(game, "attach", f"attach {game.card(i).title} to", hosts)
        if h < 0:
            return
        game._discard.remove(i)
        _log(game, "attach", f"{game.card(i).title} attached from the discard pile")
        game._enter(i, None, h)

    return effect


@EFFECT.register("put_cheaper_than_subject", filter=FILTER)
def put_cheaper_than_subject(where, filter):
    """Put a character from hand into play whose printed cost is lower than the printed
    cost of the card the trigger is about (e.g. the character just destroyed)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if ctx is None or ctx.target < 0:
            return
        cd = game.deck
        limit = cd.cost[cd.kind_of[ctx.target]]
        pool = [
            i
            for i in game._hand
            if cd.ctype[cd.kind_of[i]] == CHARACTER
            and cd.cost[cd.kind_of[i]] < limit
            and game.may_enter(cd.kind_of[i])
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=True)
        if i < 0:
            return
        game._hand.remove(i)
        _log(game, "put_into_play", f"{game.card(i).title} put into play")
        game._enter(i)

    return effect


@EFFECT.register("shuffle_self_into_deck")
def shuffle_self_into_deck(where):
    """This card (in the discard pile) is shuffled into the deck."""

    def effect(game, src, ctx):
        if src in game._discard:
            game._discard.remove(src)
            if src in game._discarded_this_phase:
                game._discarded_this_phase.remove(src)
            game._deck.append(src)
            game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("subject_to_resource")
def subject_to_resource(where):
    """The card the trigger is about (now in the discard pile) is attached to one of your
    domains as a resource."""

    def effect(game, src, ctx):
        if ctx is None or ctx.target not in game._discard:
            return
        d = yield from choose_domain(
            game, "domain", "attach as a resource to", range(len(game._domains))
        )
        if d < 0:
            return
        game._discard.remove(ctx.target)
        if ctx.target in game._discarded_this_phase:
            game._discarded_this_phase.remove(ctx.target)
        game._add_resource(ctx.target, d)
        _log(game, "resource", f"{game.card(ctx.target).title} attached as a resource")

    return effect


@EFFECT.register("commit_self", exhaust=param(BOOL, False))
def commit_self(where, exhaust):
    """This character commits to a story (leaving the one it is committed to), exhausting
    only with ``exhaust``."""

    def effect(game, src, ctx):
        if game._status.get(src) not in (READY, EXHAUSTED):
            return
        here = game.committed_story(src)
        slots = [s for s in range(len(game._committed)) if s != here]
        s = yield from choose_story(game, "commit", "commit to", slots)
        if s < 0:
            return
        if here >= 0:
            game._committed[here].remove(src)
        game._committed[s].append(src)
        if exhaust:
            game._status[src] = EXHAUSTED
        _log(
            game,
            "commit",
            f"{game.card(src).title} committed to {game._story_title(game._stories[s])}",
        )

    return effect


@EFFECT.register("resource_to_hand_then_self")
def resource_to_hand_then_self(where):
    """A chosen resource of yours goes to hand; once this event has resolved (and gone to
    the discard pile) its "discarded" ability is triggered with that domain (ctx.x), for
    ``self_to_domain`` to attach the event there."""

    def effect(game, src, ctx):
        options = [(d, i) for d in range(len(game._domains)) for i in game._domains[d]]
        if not options:
            return
        acts = tuple(
            Action(CHOOSE, x=n, label=f"take {game.card(i).title} (domain {d + 1})")
            for n, (d, i) in enumerate(options)
        )
        pick = yield ab.Choice("resource", "take a resource into hand", acts)
        d, i = options[pick.x]
        _detach_resource(game, i, d)
        game._hand.append(i)
        game._queue_trigger(ab.DISCARDED, src, ab.AbilityContext(x=d))

    return effect


@EFFECT.register("self_to_domain")
def self_to_domain(where):
    """This card, in the discard pile, is attached as a resource to the domain ctx.x names
    (or a chosen one)."""

    def effect(game, src, ctx):
        if src not in game._discard:
            return
        d = ctx.x if ctx is not None and 0 <= ctx.x < len(game._domains) else -1
        if d < 0:
            d = yield from choose_domain(
                game, "domain", "attach as a resource to", range(len(game._domains))
            )
        if d < 0:
            return
        game._discard.remove(src)
        if src in game._discarded_this_phase:
            game._discarded_this_phase.remove(src)
        game._add_resource(src, d)
        _log(game, "resource", f"{game.card(src).title} attached as a resource")

    return effect
