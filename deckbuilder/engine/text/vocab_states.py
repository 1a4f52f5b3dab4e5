"""Vocabulary of card states and zones that card text needs: Fated (success tokens kept on
a card remove it from the game), cards turned into characters (a support until the end of
the phase, an event entering play as one), face-down attachments (a card attached face down
to another, blank), and playing a card from the discard pile or the top of the deck as if
it were in hand.

Counters (success tokens kept on a card) are those of ``vocab_marks``.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import CONSPIRACY_BASE, EXHAUSTED, READY, STORY_HOST
from deckbuilder.engine.cards import CHARACTER, EVENT, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story, log_event
from deckbuilder.engine.text.filters import STATE, atom, compile_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONSTANT,
    COST,
    EFFECT,
    FILTER,
    INT,
    TRIGGER,
    param,
)
from deckbuilder.engine.text.values import condition
from deckbuilder.engine.text.vocab_marks import clear_counters, counters


# ------------------------------------------------------------------ Fated
def remove_from_game(game, inst: int) -> None:
    """``inst`` leaves play (or the discard pile) for outside the game: no zone holds it."""
    if inst in game._status or inst in game._supports:
        game._leave_play(inst)
    if inst in game._discard:
        game._discard.remove(inst)
    if inst in game._discarded_this_phase:
        game._discarded_this_phase.remove(inst)
    clear_counters(game, inst)
    game._removed.append(inst)
    log_event(game, "removed", f"{game.card(inst).title} removed from the game")


@EFFECT.register("fated", n=param(INT, required=True))
def fated(where, n):
    """Fated n: when the card has n or more success tokens (counters) on it, it is removed
    from the game (put this after the effect that adds its token)."""

    def effect(game, src, ctx):
        if counters(game, src) >= n:
            remove_from_game(game, src)
        return
        yield

    return effect


@EFFECT.register("put_into_play_for_counters", filter=FILTER)
def put_into_play_for_counters(where, filter):
    """Remove X counters from the card to put into play a card the filter accepts from the
    discard pile whose printed cost is X or lower (X: that cost)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        have = counters(game, src)
        pool = [
            i
            for i in game._discard
            if cd.cost[cd.kind_of[i]] <= have
            and cd.ctype[cd.kind_of[i]] in (CHARACTER, SUPPORT)
            and game.may_enter(cd.kind_of[i])
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=True)
        if i < 0:
            return
        game._uses[(src, "counter")] = have - cd.cost[cd.kind_of[i]]
        game._discard.remove(i)
        log_event(game, "put_into_play", f"{game.card(i).title} put into play")
        game._enter(i)

    return effect


def _open_stories(game) -> list[int]:
    """Story slots not already at their threshold (one being won is not offered again)."""
    return [s for s in range(len(game._stories)) if game._tokens[s] < game.story_to_win(s)]


@EFFECT.register("counters_to_stories")
def counters_to_stories(where):
    """Move every counter (success token) on the card to stories of your choice, one by one
    (they become your success tokens there)."""

    def effect(game, src, ctx):
        n = counters(game, src)
        clear_counters(game, src)
        for _ in range(n):
            if game.phase == "over":
                return
            s = yield from choose_story(game, "token", "token on", _open_stories(game))
            if s < 0:
                return
            yield from game._add_token(s, 1)

    return effect


@EFFECT.register("win_chosen_story")
def win_chosen_story(where):
    """Choose a story: you win it (its effect is offered as for any won story)."""

    def effect(game, src, ctx):
        s = yield from choose_story(game, "token", "win", range(len(game._stories)))
        if s >= 0:
            yield from game._win_story(s)

    return effect


@EFFECT.register("to_hand_cost_max_subject", filter=FILTER)
def to_hand_cost_max_subject(where, filter):
    """Return a card the filter accepts from the discard pile to hand whose printed cost is
    at most the printed cost of the card the trigger is about (the card just played)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if ctx is None or ctx.target < 0:
            return
        cd = game.deck
        limit = cd.cost[cd.kind_of[ctx.target]]
        pool = [i for i in game._discard if cd.cost[cd.kind_of[i]] <= limit and pred(game, src, i)]
        i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
        if i >= 0:
            game._discard.remove(i)
            game._hand.append(i)

    return effect


@atom("cost_max_counters", STATE, BOOL)
def _cost_max_counters(value):
    """Printed cost at most the number of counters (success tokens) on the source (true)."""
    return lambda game, src, i: (
        (game.deck.cost[game.deck.kind_of[i]] <= counters(game, src)) == value
    )


@EFFECT.register("return_committed_at_story")
def return_committed_at_story(where):
    """Choose a character you control committed to the story of the trigger (ctx.story)
    and return it to your hand, if able."""

    def effect(game, src, ctx):
        s = ctx.story if ctx is not None else -1
        if not 0 <= s < len(game._committed):
            return
        pool = list(game._committed[s])
        i = yield from choose_card(game, "return", "return to hand", pool, harm=True)
        if i >= 0:
            log_event(game, "return", f"{game.card(i).title} returned to hand")
            game._leave_play(i, to="hand")

    return effect


@TRIGGER.register("discard_ability_used")
def discard_ability_used(where):
    """After you use an action of a card in your discard pile (trigger an effect from
    your discard pile)."""
    return ab.DISCARD_ABILITY_USED, None


@condition("story_is_conspiracy", BOOL)
def _story_is_conspiracy(value, where):
    """The story of the trigger (ctx.story) is a conspiracy (or not)."""

    def test(game, src, ctx):
        s = ctx.story if ctx is not None else -1
        is_c = 0 <= s < len(game._stories) and game._stories[s] >= CONSPIRACY_BASE
        return is_c == value

    return test


@CONSTANT.register("skill_per_counter", amount=param(INT, required=True), who=FILTER)
def skill_per_counter(where, committed, amount, who):
    """The characters ``who`` accepts (absent: the card itself) get +amount skill for each
    counter (success token) on this card."""
    pred = compile_filter(who, where) if who is not None else None
    size = lambda g, s, t, icons: amount * counters(g, s)  # noqa: E731
    return ab.Static(ab.SKILL, pred, size, committed=committed)


# ------------------------------------------------------------------ becoming a character
def _to_character(game, inst: int) -> None:
    """A support in play (``inst``) now counts as a character (ready unless exhausted)."""
    exhausted = inst in game._exhausted_supports
    game._supports.remove(inst)
    game._exhausted_supports.discard(inst)
    game._characters.append(inst)
    game._status[inst] = EXHAUSTED if exhausted else READY
    game._passives_changed(game.deck.kind_of[inst])


def _back_to_support(game, src, ctx):
    inst = ctx.target
    if inst not in game._status:
        return
    exhausted = game._status[inst] != READY
    game._characters.remove(inst)
    del game._status[inst]
    game._wounds.pop(inst, None)
    for committed in game._committed:
        if inst in committed:
            committed.remove(inst)
    game._supports.append(inst)
    if exhausted:
        game._exhausted_supports.add(inst)
    game._passives_changed(game.deck.kind_of[inst])
    log_event(game, "support", f"{game.card(inst).title} is a support again")
    return
    yield


@condition("is_character", BOOL)
def _is_character(value, where):
    """The source counts as a character now (a card turned into one included), or not."""
    return lambda game, src, ctx: (src in game._status) == value


@EFFECT.register("become_character")
def become_character(where):
    """The card itself (a support in play) becomes a character until the end of the phase
    (its skill and icons are its own constants), then a support again if still in play."""

    def effect(game, src, ctx):
        if src not in game._supports:
            return
        _to_character(game, src)
        log_event(game, "character", f"{game.card(src).title} becomes a character")
        game._delayed.append((_back_to_support, src, AbilityContext(target=src), False))
        return
        yield

    return effect


@EFFECT.register("enter_as_character")
def enter_as_character(where):
    """The event being played enters play as a character, ready (its skill and icons are
    its own constants); it goes to the discard pile when it leaves play."""

    def effect(game, src, ctx):
        if src not in game._resolving or src in game._status:
            return
        game._characters.append(src)
        game._status[src] = READY
        game._entered = src
        k = game.deck.kind_of[src]
        if game.deck.statics[k]:
            game._passives_changed(k)
        log_event(game, "character", f"{game.card(src).title} enters play as a character")
        return
        yield

    return effect


@COST.register("return_other_to_hand", value=param(FILTER, required=True))
def return_other_to_hand(where, value):
    """Return another character you control that the filter accepts to your hand."""
    pred = compile_filter(value, where)

    def pool(game, src):
        return [i for i in game._characters if i != src and pred(game, src, i)]

    def can_pay(game, src):
        return bool(pool(game, src))

    def pay(game, src):
        i = yield from choose_card(game, "return", "return to hand", pool(game, src), harm=True)
        if i >= 0:
            log_event(game, "return", f"{game.card(i).title} returned to hand")
            game._leave_play(i, to="hand")

    return can_pay, pay


# ------------------------------------------------------------------ face-down attachments
def facedown_on(game, host: int) -> int:
    """How many cards are attached face down to ``host``."""
    if not game._facedown:
        return 0
    return sum(1 for h in game._facedown.values() if h == host)


@EFFECT.register(
    "attach_facedown",
    source=param(("subject", "discard", "hand"), "discard"),
    filter=FILTER,
)
def attach_facedown(where, source, filter):
    """Attach a card face down to the card itself (a blank attachment; to the discard pile
    when its host leaves play): the card the trigger is about (if in your discard pile), or
    one the filter accepts chosen from the discard pile or the hand."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if src not in game._status and src not in game._supports:
            return
        if source == "subject":
            i = ctx.target if ctx is not None and ctx.target in game._discard else -1
        else:
            zone = game._discard if source == "discard" else game._hand
            pool = [i for i in zone if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "attach", "attach face down", pool, optional=True)
        if i < 0:
            return
        if i in game._discard:
            game._discard.remove(i)
        else:
            game._hand.remove(i)
        game._facedown[i] = src
        game._statics_cache = None  # a constant may count them
        log_event(game, "attach", f"{game.card(i).title} attached face down")

    return effect


@condition("facedown_at_least", INT)
def _facedown_at_least(value, where):
    """At least this many cards are attached face down to the card."""
    return lambda game, src, ctx: facedown_on(game, src) >= value


@CONSTANT.register("skill_per_facedown", amount=param(INT, 1))
def skill_per_facedown(where, committed, amount):
    """The card gets +amount skill for each card attached face down to it (icons per card:
    ``icons`` constants with the condition ``facedown_at_least``)."""
    size = lambda g, s, t, ic: amount * facedown_on(g, s)  # noqa: E731
    return ab.Static(ab.SKILL, None, size, committed=committed)


# ------------------------------------------------------------------ playing as if from hand
def _domains_for(game, k: int, ignore_match) -> list[int]:
    """Domains that pay for a card of kind ``k`` now ([-1] when it costs nothing; always
    with ``ignore_match`` "free")."""
    if ignore_match == "free":
        return [-1]
    if game.deck.cost_is_x[k]:  # X is the value of the domain drained
        doms = [
            d
            for d in game._domain_indices
            if not game._drained[d] and (ignore_match or game.can_pay(k, d, game._dom_value[d]))
        ]
        return doms or ([-1] if game.can_pay(k, -1) else [])
    if not ignore_match:
        if game.can_pay(k, -1):
            return [-1]
        return [d for d in game._domain_indices if game.can_pay(k, d)]
    cost = game.cost_of(k)
    if cost <= 0:
        return [-1]
    return [d for d in game._domain_indices if not game._drained[d] and game._dom_value[d] >= cost]


def _candidates(game, src, source, pred, ignore_match):
    cd = game.deck
    if source == "top":
        cards = game._peek(1)
    else:
        cards = game._discard
    out = []
    for i in cards:
        k = cd.kind_of[i]
        if i != src and pred(game, src, i) and game.may_play(k):
            if _domains_for(game, k, ignore_match):
                out.append(i)
    return out


def play_as_if_from_hand(game, inst: int, d: int, events_to: str = "discard"):
    """Generator: play ``inst`` (out of the hand: the discard pile or the deck) draining
    domain ``d`` (-1: none), as a card played from hand: an event resolves, a character or a
    support enters play (an attachment on a host of your choice)."""
    cd = game.deck
    k = cd.kind_of[inst]
    game._take_from(inst)
    if d >= 0:
        game._drain(d)
    if game._cost_sources:
        game._use_once_cost_sources(k)
    log_event(game, "play", f"played {game.card(inst).full_title} as if from hand")
    t = cd.ctype[k]
    if t == EVENT:
        ability = cd.by_trigger["event"][k][0]
        game._resolving.append(inst)
        if ability.extra_cost is not None:
            yield from ability.extra_cost(game, inst)
        x = game._dom_value[d] if d >= 0 and cd.cost_is_x[k] else 0
        yield from ability.effect(game, inst, AbilityContext(x=x))
        game._resolving.remove(inst)
        if inst not in game._hand and inst not in game._status:
            if events_to == "bottom":
                game._bottom.insert(0, inst)
            else:
                game._discard.append(inst)
        return
    host = -1
    if t == SUPPORT and cd.attach[k] is not None:
        hosts = game.attach_hosts(k)
        host = yield from choose_card(
            game, "attach", f"attach {game.card(inst).title} to", hosts, story_hosts=True
        )
        if host < 0:
            game._discard.append(inst)
            return
    game._enter(inst, None, host)
    if t == CHARACTER and cd.any_trigger[ab.PLAYED_CHARACTER]:
        game._fire_all(ab.PLAYED_CHARACTER, AbilityContext(target=inst))


@EFFECT.register(
    "play_from",
    source=param(("discard", "top"), required=True),
    filter=FILTER,
    n=param(INT, 1),
    ignore_match=param(BOOL, False),
    free=param(BOOL, False),
    events_to=param(("discard", "bottom"), "discard"),
)
def play_from(where, source, filter, n, ignore_match, free, events_to):
    """You may play a card the filter accepts from the discard pile (or the revealed top
    card of your deck) as if it were in your hand, paying its cost (``ignore_match``: any
    domain of enough resources pays; ``free``: without paying its cost); up to n cards, one
    after the other; an event played so goes to the discard pile, or the bottom of the deck
    with ``events_to``."""
    pred = compile_filter(filter, where)
    if free:
        ignore_match = "free"

    def effect(game, src, ctx):
        for _ in range(n):
            if source == "top" and game.log is not None:
                top = game._peek(1)
                if top:
                    game._event("reveal", f"revealed {game.card(top[0]).title}")
            pool = _candidates(game, src, source, pred, ignore_match)
            i = yield from choose_card(game, "play", "play", pool, optional=True)
            if i < 0:
                return
            k = game.deck.kind_of[i]
            doms = _domains_for(game, k, ignore_match)
            d = doms[0] if doms == [-1] else (yield from choose_domain(game, "pay", "pay", doms))
            if d == -1 and doms != [-1]:
                return
            yield from play_as_if_from_hand(game, i, d, events_to)
            yield from game._resolve_triggers()

    def worthwhile(game, src):
        return bool(_candidates(game, src, source, pred, ignore_match))

    effect.worthwhile = worthwhile
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
        slots = [s for s in range(len(game._stories)) if stories == "any" or game._tokens[s] == 0]
        s = yield from choose_story(game, "dormant", "attach as Dormant to", slots)
        if s < 0:
            if else_remove:
                remove_from_game(game, inst)
            return
        if inst in game._status or inst in game._supports:
            game._leave_play(inst, to="hand")
        if inst in game._hand:
            game._hand.remove(inst)
        elif inst in game._discard:
            game._discard.remove(inst)
        else:
            return
        game._facedown[inst] = STORY_HOST + game._stories[s]
        log_event(game, "dormant", f"{game.card(inst).title} attached face down as Dormant")

    return effect


@EFFECT.register("play_self_free")
def play_self_free(where):
    """The card itself (in the discard pile: a woken Dormant card) is played without paying
    its cost."""

    def effect(game, src, ctx):
        cd = game.deck
        k = cd.kind_of[src]
        if src not in game._discard:
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
        for i in game._peek(n):
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
        pool = [i for i in game._characters if i != src and pred(game, src, i)]
        if not pool:
            return
        s = yield from choose_story(game, "token", "tokens on", _open_stories(game))
        if s < 0:
            return
        sid = game._stories[s]
        while game.phase != "over":
            pool = [i for i in game._characters if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "sacrifice", "sacrifice", pool, optional=True)
            if i < 0 or sid not in game._stories:
                return
            if game._tokens[game._stories.index(sid)] >= game.story_to_win(
                game._stories.index(sid)
            ):
                return
            log_event(game, "sacrifice", f"{game.card(i).title} sacrificed")
            game._leave_play(i)
            yield from game._add_token(game._stories.index(sid), 1)

    return effect
