"""Vocabulary of card states and zones that card text needs: Fated (success tokens kept on
a card remove it from the game), cards turned into characters (a support until the end of
the phase, an event entering play as one), face-down attachments (a card attached face down
to another, blank). Playing a card as if from hand, and Dormant cards, are in
``vocab_play_from``.

Counters (success tokens kept on a card) are those of ``vocab_marks``.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import CONSPIRACY_BASE, EXHAUSTED, READY
from deckbuilder.engine.cards import CHARACTER, SUPPORT
from deckbuilder.engine.effects import choose_card, choose_story, log_event
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
    remembers,
)
from deckbuilder.engine.text.values import condition
from deckbuilder.engine.text.vocab_marks import _counter_key, clear_counters, counters


# ------------------------------------------------------------------ Fated
def remove_from_game(game, inst: int) -> None:
    """``inst`` leaves play (or the discard pile) for outside the game: no zone holds it."""
    if inst in game.you.status or inst in game.you.supports:
        game._leave_play(inst)
    if inst in game.you.discard:
        game.you.discard.remove(inst)
    if inst in game._discarded_this_phase:
        game._discarded_this_phase.remove(inst)
    clear_counters(game, inst)
    game.you.removed.append(inst)
    log_event(game, "removed", f"{game.card(inst).title} removed from the game")


@EFFECT.register("give_control")
def give_control(where):
    """Give control of this card to an opponent ("Pay 2 to give control of Poltergeist to
    any opponent"). The opponent's play area is not simulated: the card leaves your play
    (its "leaves play" responses fire) without being sacrificed, destroyed or placed in your
    discard pile, so nothing answering those fires and it cannot come back from there; it
    is kept with the cards out of the game."""

    def effect(game, src, ctx):
        if src in game.you.status or src in game.you.supports:
            remove_from_game(game, src)
        return
        yield  # a generator, as every effect

    return effect


@EFFECT.register("fated", n=param(INT, required=True), on=FILTER)
def fated(where, n, on):
    """Fated n: when the card has n or more success tokens (counters) on it, it is removed
    from the game (put this after the effect that adds its token). ``on``: a card you
    control in play that the filter accepts gains Fated n, then a success token ("choose a
    card to gain Fated 3 until the end of the phase. Then place a success token on that
    card"): the player picks the card it minds losing least. That Fated is checked only as
    this token lands: in a goldfish nothing else puts success tokens on a card."""
    pred = compile_filter(on, where) if on is not None else None

    def effect(game, src, ctx):
        target = src
        if pred is not None:
            pool = [i for i in game.you.characters + game.you.supports if pred(game, src, i)]
            target = yield from choose_card(game, "counters", "add a token to", pool, harm=True)
            if target < 0:
                return
            game._uses[(target, "counter")] = counters(game, target) + 1
            game._cost_cache = {}  # a cost may depend on them
        if counters(game, target) >= n:
            remove_from_game(game, target)

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
            for i in game.you.discard
            if cd.cost[cd.kind_of[i]] <= have
            and cd.ctype[cd.kind_of[i]] in (CHARACTER, SUPPORT)
            and game.may_enter(cd.kind_of[i])
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=True)
        if i < 0:
            return
        game._uses[(src, "counter")] = have - cd.cost[cd.kind_of[i]]
        game.you.discard.remove(i)
        log_event(game, "put_into_play", f"{game.card(i).title} put into play")
        game._enter(i)

    return effect


def open_stories(game) -> list[int]:
    """Story slots not already at their threshold (one being won is not offered again)."""
    return [s for s in range(len(game._stories)) if game.you.tokens[s] < game.story_to_win(s)]


@EFFECT.register("counters_to_stories", one_story=param(BOOL, False))
def counters_to_stories(where, one_story):
    """Move every counter (success token) on the card to stories of your choice, one by one
    (they become your success tokens there); ``one_story``: "any number ... to a story of
    your choice": all go to one chosen story (rule choice: those left once it is won stay
    on the card, the only reason to move fewer)."""

    def effect(game, src, ctx):
        n = counters(game, src)
        if one_story:
            s = yield from choose_story(game, "token", "tokens on", open_stories(game))
            while s >= 0 and n > 0 and game.phase != "over" and s in open_stories(game):
                n -= 1
                game._uses[_counter_key(src)] = n  # the rest stay on the card
                yield from game._add_token(s, 1)
            if n == 0:
                clear_counters(game, src)
            return
        clear_counters(game, src)
        for _ in range(n):
            if game.phase == "over":
                return
            s = yield from choose_story(game, "token", "token on", open_stories(game))
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


def _cost_max_subject_in_discard(game, src, ctx, pred):
    """The cards of the discard pile whose printed cost is at most that of the card the
    trigger is about (the card just played)."""
    if ctx is None or ctx.target < 0:
        return []
    cd = game.deck
    limit = cd.cost[cd.kind_of[ctx.target]]
    return [
        i
        for i in game.you.discard
        if cd.cost[cd.kind_of[i]] <= limit and (pred is None or pred(game, src, i))
    ]


@condition("cost_max_subject_in_discard", BOOL)
def _cost_max_subject_in_discard_condition(value, where):
    """A card in the discard pile costs at most the card the trigger is about: "choose a
    card in your discard pile of equal or lower cost" needs one (FAQ 1.5)."""
    return lambda game, src, ctx: bool(_cost_max_subject_in_discard(game, src, ctx, None)) == value


@EFFECT.register("to_hand_cost_max_subject", filter=FILTER)
def to_hand_cost_max_subject(where, filter):
    """Return a card the filter accepts from the discard pile to hand whose printed cost is
    at most the printed cost of the card the trigger is about (the card just played)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = _cost_max_subject_in_discard(game, src, ctx, pred)
        if not pool:
            return
        i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
        if i >= 0:
            game._discard_to_hand(i)

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
        if not 0 <= s < len(game.you.committed):
            return
        pool = list(game.you.committed[s])
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
    exhausted = inst in game.you.exhausted_supports
    game._remove_support(inst)
    game.you.exhausted_supports.discard(inst)
    game._add_character(inst, EXHAUSTED if exhausted else READY)
    game._passives_changed(game.deck.kind_of[inst])


def _back_to_support(game, src, ctx):
    inst = ctx.target
    if inst not in game.you.status:
        return
    exhausted = game.you.status[inst] != READY
    game._remove_character(inst)
    game.you.wounds.pop(inst, None)
    for committed in game.you.committed:
        if inst in committed:
            committed.remove(inst)
    game._add_support(inst)
    if exhausted:
        game.you.exhausted_supports.add(inst)
    game._passives_changed(game.deck.kind_of[inst])
    log_event(game, "support", f"{game.card(inst).title} is a support again")
    return
    yield


@condition("is_character", BOOL)
def _is_character(value, where):
    """The source counts as a character now (a card turned into one included), or not."""
    return lambda game, src, ctx: (src in game.you.status) == value


@EFFECT.register("become_character")
def become_character(where):
    """The card itself (a support in play) becomes a character until the end of the phase
    (its skill and icons are its own constants), then a support again if still in play."""
    remembers("itself_character")  # filters on characters may then accept it

    def effect(game, src, ctx):
        if src not in game.you.supports:
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
    its own constants); it goes to the discard pile when it leaves play. A character
    entered play, put into play by a card effect: "after a character enters play" and "after
    a character is put into play" answer it."""
    remembers("itself_character")  # filters on characters may then accept it

    def effect(game, src, ctx):
        if src not in game._resolving or src in game.you.status:
            return
        game._add_character(src, READY)
        game._entered = src
        k = game.deck.kind_of[src]
        if game.deck.statics[k]:
            game._passives_changed(k)
        log_event(game, "character", f"{game.card(src).title} enters play as a character")
        if game.facts.character_enters:
            game._fire_all(ab.CHARACTER_ENTERS, AbilityContext(target=src))
        if game.facts.character_put:
            game._fire_all(ab.CHARACTER_PUT, AbilityContext(target=src))
        return
        yield

    return effect


@COST.register("return_other_to_hand", value=param(FILTER, required=True))
def return_other_to_hand(where, value):
    """Return another character you control that the filter accepts to your hand."""
    pred = compile_filter(value, where)

    def pool(game, src):
        return [i for i in game.you.characters if i != src and pred(game, src, i)]

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
    if not game.you.facedown:
        return 0
    return sum(1 for h in game.you.facedown.values() if h == host)


@EFFECT.register(
    "attach_facedown",
    source=param(("subject", "discard", "hand", "discarded"), "discard"),
    filter=FILTER,
)
def attach_facedown(where, source, filter):
    """Attach a card face down to the card itself (a blank attachment; to the discard pile
    when its host leaves play): the card the trigger is about (if in your discard pile), or
    one the filter accepts chosen from the discard pile or the hand (``discarded``: among
    the cards just discarded from hand, ctx.x of them)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if src not in game.you.status and src not in game.you.supports:
            return
        if source == "subject":
            i = ctx.target if ctx is not None and ctx.target in game.you.discard else -1
        else:
            zone = game.you.discard if source == "discard" else game.you.hand
            if source == "discarded":
                zone = game.you.discard[-ctx.x :] if ctx is not None and ctx.x > 0 else []
            pool = [i for i in zone if i != src and pred(game, src, i)]
            i = yield from choose_card(
                game, "attach", "attach face down", pool, optional=True, harm=source == "hand"
            )
        if i < 0:
            return
        if i in game.you.discard:
            game.you.discard.remove(i)
        else:
            game.you.hand.remove(i)
        game.you.facedown[i] = src
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
