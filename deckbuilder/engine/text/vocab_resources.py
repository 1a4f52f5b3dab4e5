"""Vocabulary of resources and domains: cards into and out of domains, costs set by domains."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import CHOOSE, Action
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_domain, log_event
from deckbuilder.engine.text.filters import compile_filter, compile_kind_filter, faction_index
from deckbuilder.engine.text.registry import (
    AMOUNT,
    ANY,
    BOOL,
    CONSTANT,
    EFFECT,
    FILTER,
    INT,
    STRS,
    TextError,
    param,
    remembers,
)
from deckbuilder.engine.text.templates_cards import PLAYERS, discard_deck_top
from deckbuilder.engine.text.values import compile_amount, condition
from deckbuilder.engine.text.vocab_characters import characters_left_play_this_phase


@condition("overpaid", BOOL)
def _overpaid(value, where):
    """The card or ability was overpaid (or not)."""
    return lambda game, src, ctx: (ctx is not None and ctx.overpaid > 0) == value


@EFFECT.register("hand_to_resources")
def hand_to_resources(where):
    """Choose a domain and attach every card of your hand to it as resources."""

    def effect(game, src, ctx):
        if not game.you.hand:
            return
        d = yield from choose_domain(game, "attach", "attach your hand to", game.you.domain_indices)
        if d < 0:
            return
        for i in list(game.you.hand):
            game._attach_resource(i, d)
        log_event(game, "resource", f"hand attached to domain {d + 1}")

    return effect


@condition("small_drained_domain", ANY)
def _small_drained_domain(value, where):
    """You have a drained domain with at most ``value`` resources (a number, or
    "departures": the characters that left play this phase), what ``refresh_small_domain``
    needs to choose (FAQ 1.5: "choose" needs a legal target)."""
    if value == "departures":
        remembers("departures")
        limit_of = characters_left_play_this_phase
    elif isinstance(value, int) and not isinstance(value, bool):
        limit_of = lambda game: value  # noqa: E731
    else:
        raise TextError(f'{where}: small_drained_domain is a number or "departures"')

    def check(game, src, ctx):
        limit = limit_of(game)
        you = game.you
        return any(v and len(you.domains[d]) <= limit for d, v in enumerate(you.drained))

    return check


@EFFECT.register("refresh_small_domain", max=AMOUNT, max_departures=param(BOOL, False))
def refresh_small_domain(where, max, max_departures):
    """Refresh a drained domain with at most ``max`` resources (with ``max_departures``: at
    most as many as the characters that left play this phase, for any zone)."""
    if max_departures:
        remembers("departures")
    limit_of = compile_amount(max, where) if max is not None else None

    def effect(game, src, ctx):
        if max_departures:
            limit = characters_left_play_this_phase(game)
        else:
            limit = limit_of(game, src, ctx) if limit_of is not None else 1 << 30
        pool = [
            d for d, v in enumerate(game.you.drained) if v and len(game.you.domains[d]) <= limit
        ]
        d = yield from choose_domain(game, "refresh", "refresh", pool)
        if d >= 0:
            game.you.drained[d] = False
            log_event(game, "refresh", f"domain {d + 1} refreshed")

    return effect


@EFFECT.register("top_card_to_each_domain")
def top_card_to_each_domain(where):
    """Attach the top card of your deck to each of your domains as a resource."""

    def effect(game, src, ctx):
        for d in list(game.you.domain_indices):
            i = game._take_top()
            game._check_deck_out()
            if i is None or i < 0:
                return
            game._add_resource(i, d)
            if game.log is not None:
                game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")
        return
        yield

    return effect


@CONSTANT.register(
    "cost_per_drained_resource", faction=param(STRS, required=True), minimum=param(INT, 0)
)
def cost_per_drained_resource(where, committed, faction, minimum):
    """The card costs 1 less for each resource of these factions attached to the domain
    drained to pay for it (never below ``minimum``)."""
    wanted = {faction_index(v) for v in ([faction] if isinstance(faction, str) else faction)}

    def size(game, src, kind, d=-1):
        if d < 0:
            return 0
        cd = game.deck
        return -sum(1 for i in game.you.domains[d] if cd.faction[cd.kind_of[i]] in wanted)

    return ab.Static(ab.COST, None, size, minimum=minimum)


@EFFECT.register("swap_domain_resources")
def swap_domain_resources(where):
    """Take every resource of a chosen domain into hand and attach as many cards from the
    top of the deck to that domain instead."""

    def effect(game, src, ctx):
        doms = [d for d in range(len(game.you.domains)) if game.you.domains[d]]
        d = yield from choose_domain(game, "domain", "take the resources of", doms)
        if d < 0:
            return
        cards = list(game.you.domains[d])
        for i in cards:
            _detach_resource(game, i, d)
            game.you.hand.append(i)
        for _ in cards:
            t = game._take_top()
            if t < 0:
                break
            game._add_resource(t, d)

    return effect


def _detach_resource(game, inst, d):
    """The resource leaves its domain (the game's own step), and no longer counts as a drawn
    copy attached as a resource in the playable-by-turn figures."""
    game._detach_resource(inst, d)
    if inst in game._unplayable_resources:
        game._unplayable_resources.remove(inst)


@EFFECT.register("become_domain", attach_top=param(BOOL, True))
def become_domain(where, attach_top):
    """This card (now in the discard pile) becomes a new domain; with ``attach_top`` the top
    card of the deck is attached to it as a resource."""

    def effect(game, src, ctx):
        if src not in game.you.discard:
            return
        game.you.discard.remove(src)
        game.you.domain_cards.append(src)
        d = game._add_domain()
        if attach_top:
            t = game._take_top()
            if t >= 0:
                game._add_resource(t, d)
        log_event(game, "domain", f"{game.card(src).title} becomes a domain")
        return
        yield

    return effect


@EFFECT.register("exchange_hand_resources")
def exchange_hand_resources(where):
    """Choose a domain; exchange any number of cards from hand with resources attached to
    it, one for one."""

    def effect(game, src, ctx):
        doms = [d for d in range(len(game.you.domains)) if game.you.domains[d]]
        d = yield from choose_domain(game, "domain", "exchange with", doms)
        if d < 0:
            return
        taken = []
        while game.you.hand:
            pool = [i for i in game.you.domains[d] if i not in taken]
            if not pool:
                return
            r = yield from choose_card(game, "to_hand", "take into hand", pool, optional=True)
            if r < 0:
                return
            h = yield from choose_card(game, "resource", "attach instead", list(game.you.hand))
            if h < 0:
                return
            _detach_resource(game, r, d)
            game.you.hand.remove(h)
            game._add_resource(h, d)
            game.you.hand.append(r)
            taken.append(h)

    return effect


@EFFECT.register("subject_to_resource")
def subject_to_resource(where):
    """The card the trigger is about (now in the discard pile) is attached to one of your
    domains as a resource."""

    def effect(game, src, ctx):
        if ctx is None or ctx.target not in game.you.discard:
            return
        d = yield from choose_domain(
            game, "domain", "attach as a resource to", range(len(game.you.domains))
        )
        if d < 0:
            return
        game.you.discard.remove(ctx.target)
        if ctx.target in game._discarded_this_phase:
            game._discarded_this_phase.remove(ctx.target)
        game._add_resource(ctx.target, d)
        log_event(game, "resource", f"{game.card(ctx.target).title} attached as a resource")

    return effect


@EFFECT.register("resource_to_hand_then_self")
def resource_to_hand_then_self(where):
    """A chosen resource of yours goes to hand; once this event has resolved (and gone to
    the discard pile) its "discarded" ability is triggered with that domain (ctx.x), for
    ``self_to_domain`` to attach the event there."""

    def effect(game, src, ctx):
        options = [(d, i) for d in range(len(game.you.domains)) for i in game.you.domains[d]]
        if not options:
            return
        acts = tuple(
            Action(CHOOSE, x=n, label=f"take {game.card(i).title} (domain {d + 1})")
            for n, (d, i) in enumerate(options)
        )
        pick = yield ab.Choice("resource", "take a resource into hand", acts)
        d, i = options[pick.x]
        _detach_resource(game, i, d)
        game.you.hand.append(i)
        game._queue_trigger(ab.DISCARDED, src, ab.AbilityContext(x=d))

    return effect


@EFFECT.register("self_to_domain")
def self_to_domain(where):
    """This card, in the discard pile, is attached as a resource to the domain ctx.x names
    (or a chosen one)."""

    def effect(game, src, ctx):
        if src not in game.you.discard:
            return
        d = ctx.x if ctx is not None and 0 <= ctx.x < len(game.you.domains) else -1
        if d < 0:
            d = yield from choose_domain(
                game, "domain", "attach as a resource to", range(len(game.you.domains))
            )
        if d < 0:
            return
        game.you.discard.remove(src)
        if src in game._discarded_this_phase:
            game._discarded_this_phase.remove(src)
        game._add_resource(src, d)
        log_event(game, "resource", f"{game.card(src).title} attached as a resource")

    return effect


@EFFECT.register("resource_to_hand")
def resource_to_hand(where):
    """Choose one of your resources and return it to your hand."""

    def effect(game, src, ctx):
        pool = [i for d in game.you.domains for i in d]
        i = yield from choose_card(game, "resource_to_hand", "return resource", pool, harm=True)
        if i >= 0:
            d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
            game._detach_resource(i, d)
            game.you.hand.append(i)

    return effect


@CONSTANT.register("cost_set", amount=param(INT, required=True), who=param(FILTER, required=True))
def cost_set(where, committed, amount, who):
    """Cards ``who`` accepts (printed facts only) cost exactly ``amount`` to play."""
    return ab.Static(
        ab.COST,
        compile_kind_filter(who, where),
        lambda g, s, k, d=-1: amount - g.deck.cost[k],
    )


@EFFECT.register("swap_resource_with_top")
def swap_resource_with_top(where):
    """Choose one of your resources: it goes on top of your deck and the top card of the deck
    takes its place on that domain."""

    def effect(game, src, ctx):
        pool = [i for d in game.you.domains for i in d]
        i = yield from choose_card(game, "resource", "exchange resource", pool)
        top = game._take_top() if i >= 0 else -1
        if top < 0:
            return
        d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
        game._detach_resource(i, d)
        game.you.top.append(i)
        game._add_resource(top, d)
        log_event(game, "resource", f"{game.card(i).title} exchanged with {game.card(top).title}")

    return effect


@EFFECT.register("resource_self_return_other")
def resource_self_return_other(where):
    """The card itself becomes a resource on one of your domains that has another resource;
    one other resource of that domain goes on top of your deck."""

    def effect(game, src, ctx):
        doms = [d for d in game.you.domain_indices if game.you.domains[d]]
        d = yield from choose_domain(game, "resource", "attach to", doms)
        if d < 0:
            return
        others = list(game.you.domains[d])
        i = yield from choose_card(game, "resource", "put on top of the deck", others)
        if src in game.you.status or src in game.you.supports:
            game._leave_play(src, to="hand")
        if src in game.you.hand:
            game.you.hand.remove(src)
        game._add_resource(src, d)
        if i >= 0:
            game._detach_resource(i, d)
            game.you.top.append(i)
        log_event(game, "resource", f"{game.card(src).title} becomes a resource")

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
            (len(game.you.domains[d]) for d in game.you.domain_indices if game.you.drained[d]),
            default=0,
        )
        if x > 0:
            game._cost_sources.append((who, -x, minimum, True))
            game._cost_cache = {}
            log_event(game, "cost", f"the next card costs {x} less")
        return
        yield

    return effect


@EFFECT.register("swap_resource", filter=FILTER, only_faction=STRS)
def swap_resource(where, filter, only_faction):
    """Attach a card the filter accepts from hand to one of your domains as a resource, then
    return a resource of that domain to your hand (``only_faction``: to a domain whose
    resources are all of this faction)."""
    pred = compile_filter(filter, where)
    factions = None
    if only_faction is not None:
        names = [only_faction] if isinstance(only_faction, str) else only_faction
        factions = {faction_index(n) for n in names}

    def domains(game):
        if factions is None:
            return game.you.domain_indices
        cd = game.deck
        return [
            d
            for d in game.you.domain_indices
            if game.you.domains[d]
            and all(cd.faction[cd.kind_of[r]] in factions for r in game.you.domains[d])
        ]

    def effect(game, src, ctx):
        pool = [i for i in game.you.hand if i != src and pred(game, src, i)]
        doms = domains(game)
        if not doms:
            return
        i = yield from choose_card(game, "resource", "attach as a resource", pool)
        if i < 0:
            return
        d = yield from choose_domain(game, "resource", "attach to", doms)
        game._attach_resource(i, d)
        log_event(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")
        j = yield from choose_card(game, "to_hand", "return to hand", list(game.you.domains[d]))
        if j >= 0:
            game._detach_resource(j, d)
            game.you.hand.append(j)
            log_event(game, "to_hand", f"{game.card(j).title} returned from domain {d + 1} to hand")

    return effect


def _resources(game, src, pred):
    return [
        (i, d) for d in game.you.domain_indices for i in game.you.domains[d] if pred(game, src, i)
    ]


@EFFECT.register("move_resource", filter=FILTER)
def move_resource(where, filter):
    """Move a resource the filter accepts from one of your domains to another."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if len(game.you.domain_indices) < 2:
            return
        found = _resources(game, src, pred)
        i = yield from choose_card(game, "resource", "move", [i for i, _ in found])
        if i < 0:
            return
        d = dict(found)[i]
        to = yield from choose_domain(
            game, "resource", "move to", [e for e in game.you.domain_indices if e != d]
        )
        game._detach_resource(i, d)
        game._add_resource(i, to)
        log_event(game, "resource", f"{game.card(i).title} moved to domain {to + 1}")

    return effect


@EFFECT.register("resource_into_play", filter=FILTER, drain=param(BOOL, False))
def resource_into_play(where, filter, drain):
    """Choose one of your resources the filter accepts (a character or support that may
    enter play): it leaves its domain (draining it first when ``drain``) and enters play."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [
            i
            for dom in game.you.domains
            for i in dom
            if cd.ctype[cd.kind_of[i]] in (CHARACTER, SUPPORT)
            and cd.attach[cd.kind_of[i]] is None
            and game.may_enter(cd.kind_of[i])
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "to_play", "put into play", pool)
        if i < 0:
            return
        d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
        if drain and not game.you.drained[d]:
            game._drain(d)
        if i not in game.you.domains[d]:  # destroyed by the drain (Transient)
            return
        game._detach_resource(i, d)
        game._enter(i)
        if game.log is not None:
            game._event("to_play", f"{game.card(i).title} put into play from domain {d + 1}")

    return effect


@EFFECT.register(
    "attach_as_resource", target=param(("subject", "self", "choose"), "subject"), filter=FILTER
)
def attach_as_resource(where, target, filter):
    """A card in play (subject, self, or one you choose that the filter accepts) leaves play
    and is attached as a resource to one of your domains (the one with the fewest resources:
    the player's pick in a goldfish)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if target == "choose":
            pool = [i for i in game.you.characters + game.you.supports if pred(game, src, i)]
            i = yield from choose_card(game, "to_resource", "attach as a resource", pool)
        else:
            i = src if target == "self" else ctx.target
        if (
            i < 0
            or not ((i in game.you.status) or (i in game.you.supports))
            or not game.you.domains
        ):
            return
        game._leave_play(i, to="hand")
        d = min(game.you.domain_indices, key=lambda d: len(game.you.domains[d]))
        game._attach_resource(i, d)
        if game.log is not None:
            game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")
        return
        yield  # a generator

    return effect


@EFFECT.register("search_to_resource", filter=FILTER, drained=param(BOOL, False))
def search_to_resource(where, filter, drained):
    """Search the deck for a card the filter accepts and attach it to one of your domains
    (a drained one with ``drained``) as a resource; then shuffle."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        domains = [d for d in game.you.domain_indices if game.you.drained[d] or not drained]
        if not domains:
            return
        pool = [
            i for i in game.you.deck_cards + game.you.top + game.you.bottom if pred(game, src, i)
        ]
        i = yield from choose_card(game, "search", "attach as a resource", pool, optional=True)
        if i >= 0:
            d = yield from choose_domain(game, "resource", "attach to", domains)
            if d >= 0:
                game._remove_from_deck(i)
                game._add_resource(i, d)
                log_event(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")
        game._shuffle_deck()

    return effect


@EFFECT.register("discard_top_or_destroy_resources", n=param(INT, 2), player=param(PLAYERS, "each"))
def discard_top_or_destroy_resources(where, n, player):
    """Each player ``player`` names discards n cards from the top of the deck for each of
    their resources, or destroys that resource instead, resource by resource: you choose the
    resources to destroy (the automatic player keeps them all: a resource is worth more than
    cards off the deck), the deck pays for the others."""

    def effect(game, src, ctx):
        for p in game.players_named(player, src):
            kept = [i for d in p.domains for i in d]
            if p is game.you:
                while kept:
                    i = yield from choose_card(
                        game,
                        "destroy_resource",
                        f"destroy instead of discarding {n}:",
                        kept,
                        harm=True,
                        optional=True,
                    )
                    if i < 0:
                        break
                    kept.remove(i)
                    d = next(d for d, dom in enumerate(p.domains) if i in dom)
                    game._detach_resource(i, d)
                    game._to_discard(i)
                    log_event(game, "discard", f"{game.card(i).title} destroyed (a resource)")
            discard_deck_top(game, p, n * len(kept))
        game._check_deck_out()

    return effect
