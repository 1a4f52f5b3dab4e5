"""Vocabulary for the Revelations cycle (and Touched by the Abyss / The Thousand Young):
a card putting itself into play, a card moving itself to the deck, the top card of the deck
as a condition, and success tokens on several stories at once."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import OVER
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain
from deckbuilder.engine.runtime import yes_no
from deckbuilder.engine.text.filters import (
    STATE,
    atom,
    compile_filter,
    compile_kind_filter,
    faction_index,
)
from deckbuilder.engine.text.hooks import hook
from deckbuilder.engine.text.registry import AMOUNT, BOOL, CONSTANT, EFFECT, FILTER, INT, param
from deckbuilder.engine.text.values import compile_amount, condition


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


@EFFECT.register("put_self_into_play", insane=param(BOOL, False), exhausted=param(BOOL, False))
def put_self_into_play(where, insane, exhausted):
    """The card itself enters play from the hand or the discard pile (insane or exhausted
    when asked)."""

    def effect(game, src, ctx):
        if src not in game._hand and src not in game._discard:
            return
        if not game.may_enter(game.deck.kind_of[src]):
            return
        game._take_from(src)
        _log(game, "put_into_play", f"{game.card(src).title} put into play")
        game._enter(src)
        if src in game._status:
            if insane:
                game._status[src] = 2  # INSANE
            elif exhausted:
                game._status[src] = 1  # EXHAUSTED
        return
        yield

    return effect


@EFFECT.register("self_to_deck", to=param(("top", "bottom"), "top"))
def self_to_deck(where, to):
    """The card itself leaves play (or the discard pile) for the top or bottom of its
    owner's deck."""

    def effect(game, src, ctx):
        if src in game._status or src in game._supports:
            game._leave_play(src, to="hand")
            if src in game._hand:
                game._hand.remove(src)
        elif src in game._discard:
            game._discard.remove(src)
        else:
            return
        if to == "top":
            game._top.append(src)
        else:
            game._bottom.insert(0, src)
        _log(game, "to_deck", f"{game.card(src).title} put on the {to} of the deck")
        return
        yield

    return effect


@EFFECT.register("token_each_story", n=param(AMOUNT, 1), tokens_max=param(INT, 99))
def token_each_story(where, n, tokens_max):
    """Put n of your success tokens on each story where you have at most ``tokens_max``."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        k = amount(game, src, ctx)
        if k <= 0:
            return
        ids = [sid for sid, t in zip(game._stories, game._tokens, strict=False) if t <= tokens_max]
        for sid in ids:
            if game.phase == OVER or sid not in game._stories:
                continue
            s = game._stories.index(sid)
            _log(game, "token", f"+{k} success token on {game._story_title(game._stories[s])}")
            yield from game._add_token(s, k)

    return effect


@condition("top_card", FILTER)
def _top_card(value, where):
    """The top card of your deck (revealed) is one the filter accepts."""
    pred = compile_filter(value, where)

    def check(game, src, ctx):
        top = game._peek(1)
        return bool(top) and pred(game, src, top[0])

    return check


@condition("struggle_icons_min", INT)
def _struggle_icons_min(value, where):
    """In the icon struggle of the trigger (struggle_won), your characters at that story have
    at least this many of its icon (the margin over an empty opponent)."""

    def check(game, src, ctx):
        s = ctx.story
        if s < 0 or s >= len(game._committed):
            return False
        n = sum(game.icons_of(i)[ctx.x] for i in game._committed[s])
        return n >= value

    return check


@atom("attached_with", STATE, FILTER)
def _attached_with(value):
    """Has a card attached to it that this (nested) filter accepts."""
    pred = compile_filter(value, "attached_with")

    def check(game, src, i):
        for a, host in game._attached.items():
            if host == i and pred(game, src, a):
                return True
        return False

    return check


@EFFECT.register(
    "search_play_total_cost",
    top=param(INT, required=True),
    total=param(INT, required=True),
    filter=FILTER,
)
def search_play_total_cost(where, top, total, filter):
    """Search the top cards of the deck: put into play any number of cards the filter accepts
    whose printed costs add up to at most ``total``; then shuffle the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = list(game._peek(top))
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
            game._remove_from_deck(i)
            _log(game, "search", f"{game.card(i).title} put into play from the deck")
            game._enter(i)
        game._shuffle_deck()
        game._check_deck_out()

    return effect


@EFFECT.register("discard_top_to_hand", n=param(AMOUNT, required=True))
def discard_top_to_hand(where, n):
    """Return the top n cards of your discard pile (the latest there) to your hand."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        k = amount(game, src, ctx)
        for _ in range(max(0, k)):
            pile = [i for i in game._discard if i != src]
            if not pile:
                break
            i = pile[-1]
            game._discard.remove(i)
            game._hand.append(i)
            _log(game, "to_hand", f"{game.card(i).title} returned to hand")
        return
        yield

    return effect


@EFFECT.register("heal", filter=FILTER, target=param(("all", "self"), "all"))
def heal(where, filter, target):
    """Remove all wounds from your characters the filter accepts (or from the card itself)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for i in list(game._wounds):
            if i in game._characters and (i == src if target == "self" else pred(game, src, i)):
                del game._wounds[i]
        return
        yield

    return effect


@EFFECT.register("draw_bottom", n=param(INT, 1))
def draw_bottom(where, n):
    """Put the bottom n cards of your deck into your hand."""

    def effect(game, src, ctx):
        for _ in range(n):
            if game._bottom:
                i = game._bottom.pop(0)
            elif game._deck:
                i = game._deck.pop(game.rng.randrange(len(game._deck)))
            elif game._top:
                i = game._top.pop(0)
            else:
                break
            game._hand.append(i)
            _log(game, "draw", f"drew {game.card(i).title} from the bottom of the deck")
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("resource_to_hand")
def resource_to_hand(where):
    """Choose one of your resources and return it to your hand."""

    def effect(game, src, ctx):
        pool = [i for d in game._domains for i in d]
        i = yield from choose_card(game, "resource_to_hand", "return resource", pool, harm=True)
        if i >= 0:
            d = next(d for d, dom in enumerate(game._domains) if i in dom)
            game._detach_resource(i, d)
            game._hand.append(i)

    return effect


@CONSTANT.register("cost_set", amount=param(INT, required=True), who=param(FILTER, required=True))
def cost_set(where, committed, amount, who):
    """Cards ``who`` accepts (printed facts only) cost exactly ``amount`` to play."""
    return ab.Static(
        ab.COST,
        compile_kind_filter(who, where),
        lambda g, s, k, d=-1: amount - g.deck.cost[k],
    )


@hook("mass_revive_below_host_skill")
def mass_revive_below_host_skill(game, src, ctx):
    """The Necronomicon: Olaus Wormius Translation (TbtA-112): "Action: Sacrifice attached
    character and shuffle the Necronomicon into your deck to put into play all characters
    from your discard pile with less skill than printed skill of attached character."""
    host = game._attached.get(src, -1)
    if host < 0 or host not in game._characters:
        return
    cd = game.deck
    limit = cd.skill[cd.kind_of[host]]
    _log(game, "sacrifice", f"{game.card(host).title} sacrificed")
    game._leave_play(host)
    if src in game._discard:
        game._discard.remove(src)
    elif src in game._supports:
        game._leave_play(src, to="hand")
        game._hand.remove(src)
    game._deck.append(src)
    game._shuffle_deck()
    for i in [i for i in game._discard if i != host]:
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and cd.skill[k] < limit and game.may_enter(k):
            game._discard.remove(i)
            _log(game, "put_into_play", f"{game.card(i).title} put into play")
            game._enter(i)
    return
    yield


@EFFECT.register("search_named_subtype", filter=FILTER, to=param(("hand", "play"), "hand"))
def search_named_subtype(where, filter, to):
    """Name a subtype (the one most cards of the deck the filter accepts share), then take
    every such card of that subtype from the deck (to hand); then shuffle."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [i for i in game._deck + game._top + game._bottom if pred(game, src, i)]
        counts = {}
        for i in pool:
            for s in cd.subtypes[cd.kind_of[i]]:
                counts[s] = counts.get(s, 0) + 1
        if counts:
            name = max(sorted(counts), key=lambda s: counts[s])
            _log(game, "search", f"names {name}")
            for i in pool:
                if name in cd.subtypes[cd.kind_of[i]]:
                    game._remove_from_deck(i)
                    if to == "play" and game.may_enter(cd.kind_of[i]):
                        game._enter(i)
                    else:
                        game._hand.append(i)
                    _log(game, "search", f"{game.card(i).title} taken")
        game._shuffle_deck()
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("gain_icons_per_printed_icons", icon=param(("T", "C", "A", "I"), required=True))
def gain_icons_per_printed_icons(where, icon):
    """Choose a character: until the end of the phase the card itself gains this icon once
    for each printed icon the chosen character has."""
    col = "TCAI".index(icon)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [i for i in game._characters if i != src]
        i = yield from choose_card(game, "copy_icons", "count the icons of", pool)
        if i < 0 or src not in game._characters:
            return
        k = cd.kind_of[i]
        n = cd.terror[k] + cd.combat[k] + cd.arcane[k] + cd.investigation[k]
        if n:
            gain = [0, 0, 0, 0]
            gain[col] = n
            game._temp.append((src, 0, tuple(gain)))
            _log(game, "boost", f"{game.card(src).title} gains {n} {icon}")

    return effect


@hook("sacrifice_per_small_domain")
def sacrifice_per_small_domain(game, src, ctx):
    """Yeb, Blasphemy in the Night Sky (TTY-020): "Forced Response: After you play Yeb from
    your hand, each player chooses and sacrifices 1 card from play for each domain he
    controls with fewer than 3 resources." (the goldfish opponent has no cards)"""
    n = sum(1 for d in game._domains if len(d) < 3)
    for _ in range(n):
        pool = game._characters + game._supports
        i = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
        if i < 0:
            return
        _log(game, "sacrifice", f"{game.card(i).title} sacrificed")
        game._leave_play(i)


@EFFECT.register("boost_chosen_icon", target=param(("choose", "all"), "choose"), filter=FILTER)
def boost_chosen_icon(where, target, filter):
    """Choose an icon (asked one by one: T, C, A, else I), then a character (or every
    character the filter accepts) gains it until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        letter = "I"
        for cand, name in (("T", "terror"), ("C", "combat"), ("A", "arcane")):
            if (yield yes_no("icon", f"choose the {name} icon", "another icon")).x:
                letter = cand
                break
        gain = tuple(1 if ch == letter else 0 for ch in "TCAI")
        pool = [i for i in game._characters if game._status[i] != 2 and pred(game, src, i)]
        if target == "all":
            chosen = pool
        else:
            i = yield from choose_card(game, "boost", f"gains {letter}:", pool)
            chosen = [i] if i >= 0 else []
        for i in chosen:
            game._temp.append((i, 0, gain))
            _log(game, "boost", f"{game.card(i).title} gains {letter} until end of phase")

    return effect


@EFFECT.register("swap_resource_with_top")
def swap_resource_with_top(where):
    """Choose one of your resources: it goes on top of your deck and the top card of the deck
    takes its place on that domain."""

    def effect(game, src, ctx):
        pool = [i for d in game._domains for i in d]
        i = yield from choose_card(game, "resource", "exchange resource", pool)
        top = game._take_top() if i >= 0 else -1
        if top < 0:
            return
        d = next(d for d, dom in enumerate(game._domains) if i in dom)
        game._detach_resource(i, d)
        game._top.append(i)
        game._add_resource(top, d)
        _log(game, "resource", f"{game.card(i).title} exchanged with {game.card(top).title}")

    return effect


@EFFECT.register("resource_self_return_other")
def resource_self_return_other(where):
    """The card itself becomes a resource on one of your domains that has another resource;
    one other resource of that domain goes on top of your deck."""

    def effect(game, src, ctx):
        doms = [d for d in game._domain_indices if game._domains[d]]
        d = yield from choose_domain(game, "resource", "attach to", doms)
        if d < 0:
            return
        others = list(game._domains[d])
        i = yield from choose_card(game, "resource", "put on top of the deck", others)
        if src in game._status or src in game._supports:
            game._leave_play(src, to="hand")
        if src in game._hand:
            game._hand.remove(src)
        game._add_resource(src, d)
        if i >= 0:
            game._detach_resource(i, d)
            game._top.append(i)
        _log(game, "resource", f"{game.card(src).title} becomes a resource")

    return effect


@EFFECT.register("boost_per_wound", icons=param(("T", "C", "A", "I"), required=True))
def boost_per_wound(where, icons):
    """Until the end of the phase the card itself gains this icon once per wound on it (a
    constant "gains an icon for each wound" read while it is committed)."""
    col = "TCAI".index(icons)

    def effect(game, src, ctx):
        n = game._wounds.get(src, 0)
        if n and src in game._characters:
            gain = [0, 0, 0, 0]
            gain[col] = n
            game._temp.append((src, 0, tuple(gain)))
            _log(game, "boost", f"{game.card(src).title} gains {n} {icons}")
        return
        yield

    return effect


@EFFECT.register("boost_icon_of_top_card", filter=FILTER)
def boost_icon_of_top_card(where, filter):
    """Reveal the top card of your deck: choose one of its printed struggle icons; your
    characters the filter accepts gain it until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        top = game._peek(1)
        if not top:
            return
        cd = game.deck
        k = cd.kind_of[top[0]]
        have = [
            (j, name)
            for j, (name, n) in enumerate(
                zip(
                    ("terror", "combat", "arcane", "investigation"),
                    (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k]),
                    strict=True,
                )
            )
            if n
        ]
        if not have:
            return
        col = have[-1][0]
        for j, name in have[:-1]:
            if (yield yes_no("icon", f"choose the {name} icon", "another icon")).x:
                col = j
                break
        gain = tuple(1 if j == col else 0 for j in range(4))
        for i in game._characters:
            if game._status[i] != 2 and pred(game, src, i):
                game._temp.append((i, 0, gain))
        _log(game, "boost", f"your characters gain {'TCAI'[col]} until end of phase")

    return effect


@EFFECT.register("attach_top_card")
def attach_top_card(where):
    """If the top card of your deck is an attachment with a legal host, you may put it into
    play attached to a character of your choice."""

    def effect(game, src, ctx):
        top = game._peek(1)
        if not top:
            return
        i = top[0]
        k = game.deck.kind_of[i]
        if game.deck.attach[k] is None or not game.may_enter(k):
            return
        hosts = [h for h in game.attach_hosts(k) if h in game._characters]
        h = yield from choose_card(
            game, "attach", f"attach {game.card(i).title} to", hosts, optional=True
        )
        if h < 0:
            return
        game._remove_from_deck(i)
        _log(game, "put_into_play", f"{game.card(i).title} put into play attached")
        game._enter(i, host=h)
        game._check_deck_out()

    return effect


@hook("put_into_play_paying_domain_characters")
def put_into_play_paying_domain_characters(game, src, ctx):
    """Shub-Niggurath, The Dark Mother (TTY-023): "Response: After you play Shub-Niggurath,
    put into play all [Shub-Niggurath] characters attached to the domain you used to pay for
    it." (the domain is chosen among your drained ones)"""
    cd = game.deck
    doms = [d for d in game._domain_indices if game._drained[d]]
    d = yield from choose_domain(game, "resource", "the domain that paid", doms)
    if d < 0:
        return
    shub = faction_index("Shub-Niggurath")
    for i in list(game._domains[d]):
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and cd.faction[k] == shub and game.may_enter(k):
            game._detach_resource(i, d)
            _log(game, "put_into_play", f"{game.card(i).title} put into play from a domain")
            game._enter(i)


@EFFECT.register("trade_for_top_card", filter=FILTER, pay_with=FILTER)
def trade_for_top_card(where, filter, pay_with):
    """If the top card of your deck is one the filter accepts, you may return X of your
    characters the ``pay_with`` filter accepts to hand (X: its printed cost) to put it into
    play."""
    pred = compile_filter(filter, where)
    pay_pred = compile_filter(pay_with, where)

    def effect(game, src, ctx):
        top = game._peek(1)
        if not top or not pred(game, src, top[0]):
            return
        i = top[0]
        cd = game.deck
        k = cd.kind_of[i]
        x = cd.cost[k]
        pool = [c for c in game._characters if pay_pred(game, src, c)]
        if len(pool) < x or not game.may_enter(k):
            return
        if not (yield yes_no("trade", f"return {x} to put {game.card(i).title} into play")).x:
            return
        for _ in range(x):
            pool = [c for c in game._characters if pay_pred(game, src, c)]
            c = yield from choose_card(game, "return", "return to hand", pool, harm=True)
            if c < 0:
                return
            game._leave_play(c, to="hand")
        game._remove_from_deck(i)
        _log(game, "put_into_play", f"{game.card(i).title} put into play from the deck")
        game._enter(i)
        game._check_deck_out()

    return effect


@EFFECT.register("cost_change_by_drained_domain", filter=FILTER, minimum=param(INT, 0))
def cost_change_by_drained_domain(where, filter, minimum):
    """This phase, the next card the (printed-facts) filter accepts costs X less, X the
    number of resources on one of your drained domains (the largest)."""
    pred = compile_kind_filter(filter, where)

    def who(game, kind):
        return pred(game, -1, kind)

    def effect(game, src, ctx):
        x = max(
            (len(game._domains[d]) for d in game._domain_indices if game._drained[d]), default=0
        )
        if x > 0:
            game._cost_sources.append((who, -x, minimum, True))
            game._cost_cache = {}
            _log(game, "cost", f"the next card costs {x} less")
        return
        yield

    return effect
