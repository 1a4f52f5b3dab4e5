"""Vocabulary of paying: a card's cost lowered by paying something else (sacrificing,
driving insane, returning to hand, draining more domains), the events after a card is
played and after an ability is overpaid, costs counted in success tokens, icons or
exhausted characters, paying a chosen card's printed cost, and the rules of the phase on
playing and resourcing (a waived or changed resource match, a faction forbidden, a discard
to resource, a cut for attachments played on a card)."""

from __future__ import annotations

from card_db.card import FACTIONS
from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, INSANE, READY, Action
from deckbuilder.engine.cards import CHARACTER, EVENT, NEUTRAL, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story, log_event
from deckbuilder.engine.text.filters import (
    STATE,
    atom,
    compile_filter,
    compile_kind_filter,
    faction_index,
)
from deckbuilder.engine.text.registry import (
    ANY,
    BOOL,
    CONDITION,
    CONSTANT,
    COST,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    STR,
    TRIGGER,
    TextError,
    param,
)
from deckbuilder.engine.text.templates_characters import icon_tuple
from deckbuilder.engine.text.triggers import subject_condition
from deckbuilder.engine.text.values import condition

_BY = ("sacrifice", "insane", "return_to_hand", "drain_domains")


def _own_characters(game, src, pred, sane):
    """Your characters the filter accepts (``sane``: that may be driven insane)."""
    out = []
    for i in game.you.characters:
        if sane and (game.you.status[i] == INSANE or game.has_willpower(i)):
            continue
        if pred(game, src, i):
            out.append(i)
    return out


def _other_domains(game, d):
    return [e for e in game.you.domain_indices if e != d and not game.you.drained[e]]


@CONSTANT.register(
    "cost_paid_by",
    by=param(_BY, required=True),
    filter=FILTER,
    per=param(INT, 1),
    most=param(INT, 0),
)
def cost_paid_by(where, committed, by, filter, per, most):
    """You may lower the card's cost by paying something else when you play it: ``per``
    less for each of your characters the filter accepts that you sacrifice, drive insane
    or return to hand (at most ``most`` of them; 0: any number), or by draining more of
    your domains (their resources pay too; the first domain still gives the match). Rule
    choice: a person playing step by step may pay with characters even when the domain
    drained could pay more (to feed a "when sacrificed" card, say), never below a cost of
    0; draining more domains than the cost needs is never offered (it gains nothing)."""
    pred = compile_filter(filter, where)

    if by == "drain_domains":

        def amount(game, src, kind, d=-1):
            return -sum(game.you.dom_value[e] for e in _other_domains(game, d))

        def pay(game, inst, need, d, extra=0):
            while need > 0:  # never more by choice (see the docstring)
                doms = [e for e in _other_domains(game, d) if game.you.dom_value[e] > 0]
                e = yield from choose_domain(game, "pay", "also drain", doms)
                if e < 0:
                    return 0
                need -= game.you.dom_value[e]
                log_event(game, "pay", f"domain {e + 1} drained to pay too")
                game._drain(e)
            return 0

        return ab.Static(ab.COST, None, amount, minimum=1, pay=pay)

    sane = by == "insane"

    def amount(game, src, kind, d=-1):
        n = len(_own_characters(game, src, pred, sane))
        if most and n > most:
            n = most
        return -per * n

    prompts = {"sacrifice": "sacrifice", "insane": "drive insane", "return_to_hand": "return"}

    def pay(game, inst, need, d, extra=0):
        # ``extra``: how much more the player may lower the cost by choice, after ``need``
        # (asked only of a person: ``PayingMixin._queue_rest_payment``); returns how much
        # of it was paid.
        paid = by_choice = 0
        while need > 0 or (by_choice < extra and not (most and paid >= most)):
            pool = _own_characters(game, inst, pred, sane)
            if need > 0:
                i = yield from choose_card(game, "pay", prompts[by], pool, harm=True)
            else:
                i = yield from choose_card(game, "pay", prompts[by], pool, optional=True)
                if i >= 0:
                    by_choice += per
            if i < 0:
                return by_choice
            need -= per
            paid += 1
            log_event(game, "pay", f"{game.card(i).title}: {prompts[by]} to pay")
            if by == "sacrifice":
                game._sacrifice(i)
            elif by == "insane":
                game._go_insane(i, by_cost=True)
            else:
                game._leave_play(i, to="hand")
        return by_choice

    return ab.Static(ab.COST, None, amount, pay=pay)


@TRIGGER.register("card_played", subject=FILTER)
def card_played(where, subject):
    """After you play a card, from hand or as if from hand (subject: that card; an event
    once it has resolved; the goldfish opponent plays none)."""
    return ab.CARD_PLAYED, subject_condition(where, subject)


@TRIGGER.register("ability_overpaid")
def ability_overpaid(where):
    """After you overpay for a triggered ability (pay for an action or a response from a
    domain with more resources than its cost; ctx.x: by how many)."""
    return ab.ABILITY_OVERPAID, None


# ------------------------------------------------------------------ paying a card's cost
def _ready_payers(game, cost: int) -> list[int]:
    """Undrained domains with at least ``cost`` resources ([-1] for a cost of 0)."""
    if cost <= 0:
        return [-1]
    return [
        d
        for d in game.you.domain_indices
        if not game.you.drained[d] and game.you.dom_value[d] >= cost
    ]


def _may_put(game, i: int) -> bool:
    """A character or support that may enter play now (an attachment needs a host)."""
    cd = game.deck
    k = cd.kind_of[i]
    if cd.ctype[k] not in (CHARACTER, SUPPORT) or not game.may_enter(k):
        return False
    return cd.attach[k] is None or bool(game.attach_hosts(k))


def _payable_pool(game, src, source: str, pred) -> list[int]:
    """The cards of your deck or discard pile ``pred`` accepts whose printed cost a ready
    domain can pay and that may enter play now."""
    cards = (
        game.you.deck_cards + game.you.top + game.you.bottom
        if source == "deck"
        else game.you.discard
    )
    cost = game.deck.cost
    kind_of = game.deck.kind_of
    return [
        i
        for i in cards
        if i != src
        and pred(game, src, i)
        and _ready_payers(game, cost[kind_of[i]])
        and _may_put(game, i)
    ]


@condition("payable_into_play", CONDITION)
def _payable_into_play(value, where):
    """{in = "deck" | "discard", ...filter}: a card there whose printed cost you can pay
    and that may enter play (``pay_printed_cost_into_play`` has a target: "pay X to choose
    a support card", X its printed cost, cannot be begun without one, FAQ 1.5)."""
    source = value.get("in")
    if source not in ("deck", "discard"):
        raise TextError(f'{where}: payable_into_play takes in = "deck" or "discard"')
    pred = compile_filter({k: v for k, v in value.items() if k != "in"}, where)
    return lambda game, src, ctx: bool(_payable_pool(game, src, source, pred))


@EFFECT.register(
    "pay_printed_cost_into_play",
    source=param(("deck", "discard"), required=True),
    filter=FILTER,
)
def pay_printed_cost_into_play(where, source, filter):
    """Choose a card the filter accepts in your deck (a search: the deck is shuffled after)
    or in the discard pile, pay its printed cost (drain a domain with that many resources;
    no match needed, as for any cost paid inside an effect) and put it into play, if able
    (an attachment on a host of your choice)."""
    pred = compile_filter(filter, where)

    def pool(game, src):
        return _payable_pool(game, src, source, pred)

    def effect(game, src, ctx):
        found = pool(game, src)
        i = yield from choose_card(game, "search", "put into play", found, optional=True)
        if i >= 0:
            k = game.deck.kind_of[i]
            doms = _ready_payers(game, game.deck.cost[k])
            d = doms[0] if doms == [-1] else (yield from choose_domain(game, "pay", "pay", doms))
            host = -1
            if game.deck.attach[k] is not None:
                host = yield from choose_card(
                    game,
                    "attach",
                    f"attach {game.card(i).title} to",
                    game.attach_hosts(k),
                    story_hosts=True,
                )
            if d >= 0:
                game._drain(d)
            game._take_from(i)
            log_event(game, "put_into_play", f"{game.card(i).title} paid for and put into play")
            game._enter(i, None, host)
        if source == "deck":
            game._shuffle_deck()

    effect.worthwhile = lambda game, src: bool(pool(game, src))
    return effect


@EFFECT.register("exhaust_for_x", filter=FILTER, icon=param(("T", "C", "A", "I"), required=True))
def exhaust_for_x(where, filter, icon):
    """Exhaust any number of your ready characters the filter accepts that have this icon:
    X (ctx.x, for the effects after it) becomes the number of these icons on them."""
    pred = compile_filter(filter, where)
    column = "TCAI".index(icon)

    def effect(game, src, ctx):
        ctx.x = 0
        while True:
            pool = [
                i
                for i in game.you.characters
                if i != src
                and game.you.status[i] == READY
                and pred(game, src, i)
                and game.icons_of(i)[column] > 0
            ]
            i = yield from choose_card(game, "exhaust", "exhaust", pool, optional=True)
            if i < 0:
                return
            ctx.x += game.icons_of(i)[column]
            game._exhaust(i)
            log_event(game, "exhaust", f"{game.card(i).title} exhausted (X = {ctx.x})")

    return effect


@COST.register("insane_for_icons", value=param(ICONS, required=True))
def insane_for_icons(where, value):
    """Drive any number of your sane characters insane whose icons together include these
    (each chosen character gives at least one icon still missing)."""
    need = icon_tuple(value)

    def sane(game):  # Willpower: never driven insane
        return _own_characters(game, -1, lambda g, s, i: True, True)

    def can_pay(game, src):
        have = [0, 0, 0, 0]
        for i in sane(game):
            for c, n in enumerate(game.icons_of(i)):
                have[c] += n
        return all(h >= n for h, n in zip(have, need, strict=True))

    def pay(game, src):
        missing = list(need)
        while any(n > 0 for n in missing):
            pool = [
                i
                for i in sane(game)
                if any(n > 0 and m > 0 for n, m in zip(game.icons_of(i), missing, strict=True))
            ]
            i = yield from choose_card(game, "insane", "drive insane", pool, harm=True)
            if i < 0:
                return
            for c, n in enumerate(game.icons_of(i)):
                missing[c] -= n
            game._go_insane(i, by_cost=True)

    return can_pay, pay


@COST.register("discard_tokens", value=param(INT, required=True))
def discard_tokens(where, value):
    """Discard this many of your success tokens, from any stories."""

    def pay(game, src):
        for _ in range(value):
            slots = [s for s, n in enumerate(game.you.tokens) if n > 0]
            s = yield from choose_story(game, "untoken", "discard a success token from", slots)
            if s < 0:
                return
            game.you.tokens[s] -= 1
            log_event(game, "tokens", "a success token discarded")

    return (lambda game, src: sum(game.you.tokens) >= value), pay


@EFFECT.register("ignore_match_next", filter=FILTER)
def ignore_match_next(where, filter):
    """This phase, the next card you play that the (printed-facts) filter accepts ignores
    the resource match requirement (Loyal included): any domain of enough resources pays."""
    pred = compile_kind_filter(filter, where)

    def who(game, kind):
        return pred(game, -1, kind)

    who.ignore_match = True

    def effect(game, src, ctx):
        game._cost_sources.append((who, 0, 0, True))
        game._cost_cache = {}
        log_event(game, "cost", "the next card ignores the resource match")
        return
        yield

    def worthwhile(game, src):
        kinds = game.deck.kind_of
        return any(pred(game, -1, kinds[i]) for i in game.you.hand)

    effect.worthwhile = worthwhile
    return effect


def _unpaid_factions(game) -> dict[int, int]:
    """Factions of the cards in hand that no domain pays for now, by how many such cards."""
    cd = game.deck
    out: dict[int, int] = {}
    for i in game.you.hand:
        k = cd.kind_of[i]
        f = cd.faction[k]
        if f != NEUTRAL and cd.ctype[k] in (CHARACTER, SUPPORT, EVENT) and game.pay_domain(k) == -2:
            out[f] = out.get(f, 0) + 1
    return out


@EFFECT.register("resource_counts_as_faction")
def resource_counts_as_faction(where):
    """Choose one of your non-neutral resources and name a faction: until the end of the
    phase that resource is a match for the named faction instead of its printed one (the
    faction named: the one most cards in hand wait for)."""

    def effect(game, src, ctx):
        cd = game.deck
        pool = [i for d in game.you.domains for i in d if cd.faction[cd.kind_of[i]] != NEUTRAL]
        i = yield from choose_card(game, "resource", "make a match for another faction", pool)
        if i < 0:
            return
        old = cd.faction[cd.kind_of[i]]
        wanted = _unpaid_factions(game)
        names = [f for f in range(len(FACTIONS)) if f not in (old, NEUTRAL)]
        names.sort(key=lambda f: -wanted.get(f, 0))
        choice = Choice(
            "faction",
            "name a faction",
            tuple(Action(CHOOSE, x=f, label=f"name {FACTIONS[f]}") for f in names),
        )
        if game._policy is not None:
            new = game._policy.decide(game, choice).x
        else:
            new = (yield choice).x
        d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
        w = 2 if cd.transient[cd.kind_of[i]] else 1
        fac = game.you.dom_fac[d]
        fac[old] -= w
        fac[new] += w
        game._cost_cache = {}
        log_event(game, "resource", f"{game.card(i).title} counts as {FACTIONS[new]} this phase")

        def undo(game, src, ctx):  # at the end of the phase, on the same domain
            fac[new] -= w
            fac[old] += w
            game._cost_cache = {}
            return
            yield

        game._delayed.append((undo, src, ctx, False))

    def worthwhile(game, src):
        return bool(_unpaid_factions(game)) and any(
            game.deck.faction[game.deck.kind_of[i]] != NEUTRAL for d in game.you.domains for i in d
        )

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("forbid_faction_of_subject")
def forbid_faction_of_subject(where):
    """Until the end of the phase you cannot play cards of the faction of the card the
    trigger is about (the card just played). FAQ (Professor Lake): a Neutral card has no
    faction, so it is never "of a different faction": after any card, Neutral cards are
    forbidden too; after a Neutral card, every card with a faction may still be played."""

    def effect(game, src, ctx):
        i = ctx.target if ctx is not None else -1
        if i < 0:
            return
        faction = game.deck.faction[game.deck.kind_of[i]]

        def who(game, kind):
            f = game.deck.faction[kind]
            return f == faction or f == NEUTRAL

        who.forbids_play = True
        game._cost_sources.append((who, 0, 0, False))
        game._cost_cache = {}
        log_event(game, "cost", f"no more {FACTIONS[faction]} cards this phase")
        return
        yield

    return effect


@CONSTANT.register(
    "resource_match_as", faction=param(STR, required=True), who=param(FILTER, required=True)
)
def resource_match_as(where, committed, faction, who):
    """Resources of ``faction`` count as a resource match for the cards ``who`` accepts
    (printed facts only) when they are played from your hand. Rule choice: Loyal counts them
    as matching resources too, and the test is by the card's kind (a card played as if from
    hand gets the match as well)."""
    return ab.Static(ab.MATCH_AS, compile_kind_filter(who, where), faction_index(faction))


@CONSTANT.register("resourcing_costs_discard")
def resourcing_costs_discard(where, committed):
    """To attach a resource in the resource phase a player must also discard a card from
    hand (with no other card in hand, no resource can be attached)."""
    return ab.Static(ab.RESOURCE_DISCARD)


@atom("attached_to_self", STATE, BOOL)
def _attached_to_self(value):
    """Attached to the card whose text this is (true), or not (false)."""
    return lambda game, src, i: (game.you.attached.get(i, -1) == src) == value


@condition("domain_all_of", ANY)
def _domain_all_of(value, where):
    """You have a domain with resources, all of them of these factions (a name or a list);
    ``{factions = NAMES, holds = {...filter}}``: such a domain holds a resource the filter
    accepts (Hoarding Knowledge's automatic player takes back only a character)."""
    holds = None
    if isinstance(value, dict):
        if "factions" not in value or set(value) - {"factions", "holds"}:
            raise TextError(f"{where}: domain_all_of takes factions and holds")
        holds = compile_filter(value.get("holds"), where) if value.get("holds") else None
        value = value["factions"]
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise TextError(f"{where}: domain_all_of takes faction names")
    factions = {faction_index(n) for n in names}

    def test(game, src, ctx):
        cd = game.deck
        for dom in game.you.domains:
            if dom and all(cd.faction[cd.kind_of[r]] in factions for r in dom):
                if holds is None or any(holds(game, src, r) for r in dom):
                    return True
        return False

    return test


@condition("cut_lets_play", CONDITION)
def _cut_lets_play(value, where):
    """{amount = N | "drained_domain", minimum = M, filter = {...}}: a card in hand the
    filter accepts, that may be played now but that no ready domain pays for, would be paid
    for after a cut of N (never below M) to the next such card: the automatic player's
    reason to use a "lower the cost of the next ..." ability (a cut for a card it can pay
    anyway spends the source for nothing). ``"drained_domain"``: the cut is the resources
    on your largest drained domain (Mi-Go Worker). The cut is tried as an effect of the
    phase, then taken back, so every rule of paying judges it."""
    if not isinstance(value, dict) or set(value) - {"amount", "minimum", "filter"}:
        raise TextError(f"{where}: cut_lets_play takes amount, minimum and filter")
    amount = value.get("amount", 1)
    minimum = value.get("minimum", 0)
    by_drained = amount == "drained_domain"
    if (
        not by_drained and (not isinstance(amount, int) or isinstance(amount, bool) or amount < 1)
    ) or not isinstance(minimum, int):
        raise TextError(
            f'{where}: cut_lets_play takes amount = N (N >= 1) or "drained_domain" and an int '
            "minimum"
        )
    pred = compile_kind_filter(value.get("filter"), where)

    def who(game, kind):
        return pred(game, -1, kind)

    def test(game, src, ctx):
        cut = amount
        if by_drained:
            you = game.you
            cut = max(
                (len(you.domains[d]) for d in you.domain_indices if you.drained[d]), default=0
            )
            if cut < 1:
                return False
        kind_of = game.deck.kind_of
        wanted = [
            k
            for k in {kind_of[i] for i in game.you.hand}
            if who(game, k) and game.may_play(k) and game.pay_domain(k) == -2
        ]
        if not wanted:
            return False
        cache, sources = game._cost_cache, game._cost_sources
        game._cost_cache = {}
        sources.append((who, -cut, minimum, True))
        try:
            return any(game.pay_domain(k) != -2 for k in wanted)
        finally:
            sources.pop()
            game._cost_cache = cache

    return test
