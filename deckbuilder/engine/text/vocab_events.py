"""Game events that card text answers (an event played, a card drawn, a character readied,
cards discarded from hand, supports entering or leaving play, a sacrifice, success tokens
placed, a conspiracy entering play), and the effects on the card such an event or an
effect is about (its subject): choosing it, sending it out of play at the end of a phase,
copying an event's effects.

The engine raises each event only when a card of the deck answers it (``any_trigger``);
``_fire_all`` also offers it to cards in hand with an ability of ``zone = "hand"`` (a
response event is then played from hand, its cost paid as when played).
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import INSANE, OVER
from deckbuilder.engine.cards import EVENT as EVENT_CARD
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, EFFECT, FILTER, INT, TRIGGER, param
from deckbuilder.engine.text.templates_characters import ai_narrowed
from deckbuilder.engine.text.triggers import subject_condition


@TRIGGER.register("event_played", subject=FILTER)
def event_played(where, subject):
    """After an event card is played (subject: that event; the goldfish opponent plays
    none, so "any" and "yours" are the same)."""
    return ab.EVENT_PLAYED, subject_condition(where, subject)


@TRIGGER.register("card_drawn", subject=FILTER, by_effect=param(BOOL, False))
def card_drawn(where, subject, by_effect):
    """After you draw a card (subject: the card drawn; ``by_effect``: only a draw by a card
    effect, not the draw phase's). A card in hand answers with ``zone = "hand"``."""
    test = (lambda g, s, c: c.x == 1) if by_effect else None
    return ab.CARD_DRAWN, subject_condition(where, subject, test)


@TRIGGER.register("cards_drawn")
def cards_drawn(where):
    """After a card effect makes you draw 1 or more cards (ctx.x: how many)."""
    return ab.CARDS_DRAWN, None


@TRIGGER.register("readied")
def readied(where):
    """After this character readies (in the refresh phase or by an effect)."""
    return ab.READIED, None


@TRIGGER.register("hand_discarded")
def hand_discarded(where):
    """After 1 or more cards are discarded from your hand (by an effect or a cost)."""
    return ab.HAND_DISCARDED, None


@TRIGGER.register("card_to_discard", subject=FILTER)
def card_to_discard(where, subject):
    """After a card enters your discard pile, from any zone (subject: that card)."""
    return ab.CARD_TO_DISCARD, subject_condition(where, subject)


@TRIGGER.register("deck_discards", at_least=param(INT, 2))
def deck_discards(where, at_least):
    """After a player has discarded ``at_least`` cards from a deck in the same phase:
    answered once, when the phase's count reaches it (the card that makes it so; later
    cards of the phase do not ask again). Only your deck counts: the goldfish opponent has
    none."""
    return ab.DECK_DISCARDED, lambda g, s, c: c.x == at_least


@TRIGGER.register("support_enters", subject=FILTER)
def support_enters(where, subject):
    """After a support card of yours enters play (subject: that support)."""
    return ab.SUPPORT_ENTERS, subject_condition(where, subject)


@TRIGGER.register("support_leaves", subject=FILTER)
def support_leaves(where, subject):
    """After a support card of yours leaves play (subject: that support)."""
    return ab.SUPPORT_LEAVES, subject_condition(where, subject)


@TRIGGER.register("sacrificed", subject=FILTER)
def sacrificed(where, subject):
    """After you sacrifice a card (subject: that card, now in the discard pile)."""
    return ab.SACRIFICED, subject_condition(where, subject)


def _at_story_of_self(game, src, ctx):
    s = ctx.story
    return 0 <= s < len(game.you.committed) and src in game.you.committed[s]


def _placed_by_effect(game, src, ctx):
    return ctx.by_effect


@TRIGGER.register("tokens_placed", here=param(BOOL, False), by_effect=param(BOOL, False))
def tokens_placed(where, here, by_effect):
    """After you place 1 or more success tokens at a story (``here``: the story this card is
    committed to; ctx.story; ``by_effect``: only tokens a card effect places, not those of a
    won struggle or a success, for a card that answers those through their own triggers)."""
    if by_effect:
        return ab.TOKENS_PLACED, _placed_by_effect
    return ab.TOKENS_PLACED, _at_story_of_self if here else None


@TRIGGER.register("conspiracy_enters", subject=FILTER)
def conspiracy_enters(where, subject):
    """After a conspiracy card enters play (subject: that conspiracy)."""
    return ab.CONSPIRACY_ENTERS, subject_condition(where, subject)


# ----------------------------------------------------------------- the subject of effects
@EFFECT.register("choose_subject", filter=FILTER, ai_filter=FILTER, optional=param(BOOL, False))
def choose_subject(where, filter, ai_filter, optional):
    """Choose a sane character you control that the filter accepts: it becomes the card the
    next effects of the list (``target = "subject"``, ``at_end_of_phase``) are about;
    ``ai_filter``: the ones the automatic player chooses among, when any (``ai_narrowed``);
    ``optional``: a person may choose none (the subject is then -1, and a ``repeat`` with
    ``until_declined`` stops: "choose any number of ... : ready them"); the automatic player
    is not offered "none", it takes one while there is one (it took them all before)."""
    pred = compile_filter(filter, where)
    ai_pred = compile_filter(ai_filter, where) if ai_filter else None

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        pool = ai_narrowed(game, src, pool, ai_pred)
        may_decline = optional and game._policy is None
        i = yield from choose_card(game, "boost", "choose", pool, optional=may_decline)
        ctx.target = i
        game._entered = i  # an effect list with at_end_of_phase follows it (compile.py)

    return effect


@EFFECT.register("subject_out_of_play", to=param(("top", "bottom", "removed"), required=True))
def subject_out_of_play(where, to):
    """The card the effect is about leaves play for the top or the bottom of the deck, or is
    removed from the game (nothing of it is left in any zone)."""

    def effect(game, src, ctx):
        i = ctx.target
        if i < 0 or not (i in game.you.status or i in game.you.supports):
            return
        game._leave_play(i, to="hand")
        if i in game.you.hand:
            game.you.hand.remove(i)
        if to == "top":
            game.you.top.append(i)
        elif to == "bottom":
            game.you.bottom.insert(0, i)
        else:
            game.you.removed.append(i)  # removed from the game: a zone of its own
        log_event(game, "leave", f"{game.card(i).title}: {to} (out of play)")
        return
        yield

    return effect


@EFFECT.register("copy_subject_event")
def copy_subject_event(where):
    """Resolve the effects of the event the trigger is about once more (as its player)."""

    def effect(game, src, ctx):
        i = ctx.target
        cd = game.deck
        if i < 0 or cd.ctype[cd.kind_of[i]] != EVENT_CARD:
            return
        played = cd.by_trigger[ab.EVENT][cd.kind_of[i]]
        if played:
            yield from played[0].effect(game, i, AbilityContext())

    return effect


@EFFECT.register("destroy_lowest_skill")
def destroy_lowest_skill(where):
    """Choose and destroy a character with the lowest skill (the goldfish opponent has none:
    one of yours)."""

    def effect(game, src, ctx):
        yield from _destroy_lowest(game, game.skill_of)

    return effect


@EFFECT.register("destroy_lowest_cost")
def destroy_lowest_cost(where):
    """Choose and destroy a character with the lowest printed cost (the goldfish opponent
    has none: one of yours)."""

    def effect(game, src, ctx):
        cd = game.deck
        yield from _destroy_lowest(game, lambda i: cd.cost[cd.kind_of[i]])

    return effect


def _destroy_lowest(game, value):
    """Generator: choose and destroy one of the characters with the lowest ``value``."""
    pool = list(game.you.characters)
    if not pool:
        return
    low = min(value(i) for i in pool)
    pool = [i for i in pool if value(i) == low]
    i = yield from choose_card(game, "destroy", "destroy", pool, harm=True)
    if i >= 0:
        log_event(game, "destroy", f"{game.card(i).title} destroyed")
        game._leave_play(i)


@EFFECT.register("drawn_to_resource", drain_draw=param(BOOL, False))
def drawn_to_resource(where, drain_draw):
    """The card the trigger is about (just drawn: in hand) is attached to one of your domains
    as a resource; with ``drain_draw`` you may then drain that domain to draw 1 card."""

    def effect(game, src, ctx):
        i = ctx.target
        if i < 0 or i not in game.you.hand:
            return
        d = yield from choose_domain(
            game, "domain", "attach as a resource to", range(len(game.you.domains))
        )
        if d < 0:
            return
        game.you.hand.remove(i)
        game._add_resource(i, d)
        log_event(game, "resource", f"{game.card(i).title} attached as a resource")
        if drain_draw and not game.you.drained[d]:
            choice = yes_no("may", f"drain domain {d + 1} to draw 1 card", "no")
            a = game._policy.decide(game, choice) if game._policy is not None else (yield choice)
            if a.x:
                game._drain(d)
                game._draw_by_effect(1)

    return effect


@EFFECT.register("resource_to_top", filter=FILTER)
def resource_to_top(where, filter):
    """Choose one of your resources that the filter accepts: it goes on top of your deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for dom in game.you.domains for i in dom if pred(game, src, i)]
        i = yield from choose_card(game, "resource", "put on top of the deck", pool, harm=True)
        if i < 0:
            return
        d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
        game._detach_resource(i, d)
        game.you.top.append(i)
        log_event(game, "to_deck", f"{game.card(i).title} put on top of the deck")

    return effect


@EFFECT.register("discard_random_for_tokens", n=param(INT, 1), filter=FILTER)
def discard_random_for_tokens(where, n, filter):
    """Discard n cards from your hand at random; then for each discarded card the filter
    accepts, you may put 1 success token on a story."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        found = 0
        done = 0
        for _ in range(n):
            if not game.you.hand:
                break
            i = game.you.hand[int(game.rng.random() * len(game.you.hand))]
            game.you.hand.remove(i)
            game._to_discard(i)
            done += 1
            log_event(game, "discard", f"{game.card(i).title} discarded at random")
            if pred(game, src, i):
                found += 1
        game._discarded_from_hand(done)
        for _ in range(found):
            s = yield from choose_story(
                game, "token", "success token on", range(len(game._stories))
            )
            if s < 0 or game.phase == OVER:
                return
            yield from game._add_token(s, 1)

    return effect
