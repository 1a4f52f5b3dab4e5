"""Vocabulary for playing a card from elsewhere than the hand: from the discard pile or the
top of the deck as if it were in hand, and Dormant cards (face down on a story, played for
free when it is won)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import DOMAIN_HOST, STORY_HOST
from deckbuilder.engine.cards import CHARACTER, EVENT, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    EFFECT,
    FILTER,
    INT,
    TRIGGER,
    TextError,
    param,
)
from deckbuilder.engine.text.values import condition
from deckbuilder.engine.text.vocab_states import open_stories, remove_from_game


# ------------------------------------------------------------------ playing as if from hand
def _domains_for(game, k: int, ignore_match) -> list[int]:
    """Domains that pay for a card of kind ``k`` now ([-1] when it costs nothing; always
    with ``ignore_match`` "free")."""
    if ignore_match == "free":
        return [-1]
    if game.deck.cost_is_x[k]:  # X is the value of the domain drained
        doms = [
            d
            for d in game.you.domain_indices
            if not game.you.drained[d]
            and (ignore_match or game.can_pay(k, d, game.you.dom_value[d]))
        ]
        return doms or ([-1] if game.can_pay(k, -1) else [])
    if not ignore_match:
        if game.can_pay(k, -1):
            return [-1]
        return [d for d in game.you.domain_indices if game.can_pay(k, d)]
    cost = game.cost_of(k)
    if cost <= 0:
        return [-1]
    return [
        d
        for d in game.you.domain_indices
        if not game.you.drained[d] and game.you.dom_value[d] >= cost
    ]


def _host_domain(game, src) -> int:
    """The domain the card is attached to, or -1."""
    d = game.you.attached.get(src, -1) - DOMAIN_HOST
    return d if 0 <= d < len(game.you.domains) else -1


def _payers(game, i, k, ignore_match, source):
    """``_domains_for`` a card; one of your resources (``host_domain``) is counted out of
    its domain, which it leaves to be played."""
    if source != "host_domain":
        return _domains_for(game, k, ignore_match)
    d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
    game._detach_resource(i, d)
    doms = _domains_for(game, k, ignore_match)
    game._add_resource(i, d)
    return doms


def _candidates(game, src, source, pred, ignore_match, card="other"):
    cd = game.deck
    if card == "self":  # the card plays itself (from its zone): nothing else
        zone = game.you.hand if source == "hand" else game.you.discard
        cards = [src] if src in zone else []
    elif source == "top":
        cards = game._reveal_top(1)
    elif source == "host_domain":
        d = _host_domain(game, src)
        cards = list(game.you.domains[d]) if d >= 0 else []
    elif source == "hand":
        cards = game.you.hand
    else:
        cards = game.you.discard
    out = []
    for i in cards:
        k = cd.kind_of[i]
        if (i != src or card == "self") and pred(game, src, i) and game.may_play(k):
            if _payers(game, i, k, ignore_match, source):
                out.append(i)
    return out


@condition("playable_from", CONDITION)
def _playable_from(value, where):
    """{in = "discard" | "hand", ...filter}: a card there the filter accepts that you may
    play now, paying its (current) cost: ``play_from`` has something to play (FAQ 1.5, an
    action cannot be begun without a target)."""
    source = value.get("in", "discard")
    if source not in ("discard", "hand"):
        raise TextError(f'{where}: playable_from takes in = "discard" or "hand"')
    pred = compile_filter({k: v for k, v in value.items() if k != "in"}, where)
    return lambda game, src, ctx: bool(_candidates(game, src, source, pred, False))


def play_as_if_from_hand(game, inst: int, d: int, events_to: str = "discard"):
    """Generator: play ``inst`` (out of the hand: the discard pile or the deck) draining
    domain ``d`` (-1: none), as a card played from hand: an event resolves, a character or a
    support enters play (an attachment on a host of your choice)."""
    cd = game.deck
    k = cd.kind_of[inst]
    t = cd.ctype[k]
    host = -1
    if t == SUPPORT and cd.attach[k] is not None:  # its host first: the card stays put
        hosts = game.attach_hosts(k)
        host = yield from choose_card(
            game, "attach", f"attach {game.card(inst).title} to", hosts, story_hosts=True
        )
        if host < 0:
            return
    game._take_from(inst)
    rest = game._rest_to_pay(k, d, 0) if cd.alt_paid[k] and d >= 0 else 0
    ctx = None
    if cd.reads_context[k]:  # "if you overpaid": what the domain paid beyond the cost
        cost = cd.cost[k]
        if d >= 0 and (game._cost_sources or cd.has_cost_statics):
            cost = game._modified_cost(k, cost, d)
        overpaid = game.you.dom_value[d] - cost if d >= 0 and not cd.cost_is_x[k] else 0
        ctx = AbilityContext(overpaid=max(overpaid, 0))
    if d >= 0:
        game._drain(d)
    if game._cost_sources:
        game._use_once_cost_sources(k)
    log_event(game, "play", f"played {game.card(inst).full_title} as if from hand")
    if cd.alt_paid[k] and d >= 0:
        game._queue_rest_payment(inst, k, d, rest)
    if t == EVENT:
        ability = cd.by_trigger["event"][k][0]
        game._resolving.append(inst)
        if ability.extra_cost is not None:
            yield from ability.extra_cost(game, inst)
        x = game.you.dom_value[d] if d >= 0 and cd.cost_is_x[k] else 0
        yield from ability.effect(game, inst, AbilityContext(x=x))
        game._resolving.remove(inst)
        if inst not in game.you.hand and inst not in game.you.status:
            if events_to == "bottom":
                game.you.bottom.insert(0, inst)
            else:
                game._to_discard(inst)
        game._card_played(inst)  # "after an event is played", then "after a card is played"
        return
    game._enter(inst, ctx, host, played=True)  # played, not put into play
    if t == CHARACTER and cd.any_trigger[ab.PLAYED_CHARACTER]:
        game._fire_all(ab.PLAYED_CHARACTER, AbilityContext(target=inst))
    if cd.any_trigger[ab.CARD_PLAYED]:
        game._fire_all(ab.CARD_PLAYED, AbilityContext(target=inst))


@EFFECT.register(
    "play_from",
    source=param(("discard", "top", "host_domain", "hand"), required=True),
    filter=FILTER,
    n=param(INT, 1),
    ignore_match=param(BOOL, False),
    free=param(BOOL, False),
    events_to=param(("discard", "bottom"), "discard"),
    card=param(("other", "self"), "other"),
)
def play_from(where, source, filter, n, ignore_match, free, events_to, card):
    """You may play a card the filter accepts from the discard pile (the revealed top card
    of your deck, the domain the card is attached to or, through an effect, your hand) as if
    it were in your hand, paying its cost (``ignore_match``: any domain of enough resources
    pays; ``free``: without paying its cost); up to n cards, one after the other; an event
    played so goes to the discard pile, or the bottom of the deck with ``events_to``.
    ``card = "self"``: the card plays itself from that zone ("can be played from your
    discard pile as if it were in your hand"): a play, not a triggered effect, so "after
    you trigger an effect" does not answer it (the ability is compiled as a play)."""
    pred = compile_filter(filter, where)
    if free:
        ignore_match = "free"

    def effect(game, src, ctx):
        for _ in range(n):
            if source == "top" and game.log is not None:
                top = game._peek(1)
                if top:
                    game._event("reveal", f"revealed {game.card(top[0]).title}")
            pool = _candidates(game, src, source, pred, ignore_match, card)
            if card == "self":  # using the ability was the choice
                i = pool[0] if pool else -1
            else:
                i = yield from choose_card(game, "play", "play", pool, optional=True)
            if i < 0:
                return
            k = game.deck.kind_of[i]
            doms = _payers(game, i, k, ignore_match, source)
            d = doms[0] if doms == [-1] else (yield from choose_domain(game, "pay", "pay", doms))
            if d == -1 and doms != [-1]:
                return
            yield from play_as_if_from_hand(game, i, d, events_to)
            yield from game._resolve_triggers()

    def worthwhile(game, src):
        return bool(_candidates(game, src, source, pred, ignore_match, card))

    effect.worthwhile = worthwhile
    effect.plays_card = card == "self"
    return effect


# ------------------------------------------------------------------ Dormant
@TRIGGER.register("awakens")
def awakens(where):
    """After the story this Dormant card was attached to face down is won: the card waits
    in the discard pile (use with zone = "discard")."""
    return ab.AWAKENS, None


@EFFECT.register(
    "attach_dormant",
    card=param(("self", "subject"), "self"),
    stories=param(("no_tokens", "any"), "no_tokens"),
    else_remove=param(BOOL, False),
)
def attach_dormant(where, card, stories, else_remove):
    """Attach the card (itself, from hand, play or the discard pile; or the card the
    trigger is about) face down to a story as a Dormant card: at a story where you have no
    success tokens (or any story). None: it stays, or with ``else_remove`` it is removed
    from the game."""

    def effect(game, src, ctx):
        inst = src if card == "self" else (ctx.target if ctx is not None else -1)
        if inst < 0:
            return
        slots = [
            s for s in range(len(game._stories)) if stories == "any" or game.you.tokens[s] == 0
        ]
        s = yield from choose_story(game, "dormant", "attach as Dormant to", slots)
        if s < 0:
            if else_remove:
                remove_from_game(game, inst)
            return
        if inst in game.you.status or inst in game.you.supports:
            game._leave_play(inst, to="hand")
        if inst in game.you.hand:
            game.you.hand.remove(inst)
        elif inst in game.you.discard:
            game.you.discard.remove(inst)
        else:
            return
        game.you.facedown[inst] = STORY_HOST + game._stories[s]
        log_event(game, "dormant", f"{game.card(inst).title} attached face down as Dormant")

    return effect


@EFFECT.register("play_self_free")
def play_self_free(where):
    """The card itself (in the discard pile: a woken Dormant card) is played without paying
    its cost."""

    def effect(game, src, ctx):
        cd = game.deck
        k = cd.kind_of[src]
        if src not in game.you.discard:
            return
        if cd.ctype[k] != EVENT and not game.may_enter(k):
            return
        yield from play_as_if_from_hand(game, src, -1)

    return effect


@EFFECT.register("top_characters_into_play", n=param(INT, required=True))
def top_characters_into_play(where, n):
    """Reveal the top n cards of the deck: every character among them enters play, the
    others go back on top in the same order."""

    def effect(game, src, ctx):
        cd = game.deck
        for i in game._reveal_top(n):
            k = cd.kind_of[i]
            if cd.ctype[k] == CHARACTER and game.may_enter(k):
                game._remove_from_deck(i)
                log_event(game, "put_into_play", f"{game.card(i).title} put into play")
                game._enter(i)
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("sacrifice_for_tokens", filter=FILTER)
def sacrifice_for_tokens(where, filter):
    """Sacrifice any number X of other characters you control that the filter accepts to
    place X success tokens on one story of your choice."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if i != src and pred(game, src, i)]
        if not pool:
            return
        s = yield from choose_story(game, "token", "tokens on", open_stories(game))
        if s < 0:
            return
        sid = game._stories[s]
        while game.phase != "over":
            pool = [i for i in game.you.characters if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "sacrifice", "sacrifice", pool, optional=True)
            if i < 0 or sid not in game._stories:
                return
            if game.you.tokens[game._stories.index(sid)] >= game.story_to_win(
                game._stories.index(sid)
            ):
                return
            log_event(game, "sacrifice", f"{game.card(i).title} sacrificed")
            game._sacrifice(i)  # a sacrifice: its windows and answers too
            yield from game._add_token(game._stories.index(sid), 1)

    return effect
