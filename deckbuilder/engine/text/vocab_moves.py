"""Events around cards moving that the engine raises for card text (a card returned to
hand, a character restored or put into play by an effect, a support destroyed), a card
placed face up on the deck (it answers from there, ``zone = "deck_top"``, and is discarded
from there as a cost), and the effects on the card such an event is about.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.cards import SUPPORT
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_card, choose_domain, log_event
from deckbuilder.engine.text.constants import _restriction
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import compile_filter, compile_kind_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    CONSTANT,
    COST,
    EFFECT,
    EFFECTS,
    FILTER,
    INT,
    TRIGGER,
    param,
)
from deckbuilder.engine.text.triggers import subject_condition
from deckbuilder.engine.text.values import condition
from deckbuilder.engine.text.vocab_marks import counters


@TRIGGER.register("returned_to_hand", subject=FILTER)
def returned_to_hand(where, subject):
    """After a card of yours returns from play to your hand (subject: it, still in hand)."""
    return ab.RETURNED_TO_HAND, subject_condition(
        where, subject, lambda g, s, c: c.target in g.you.hand
    )


@TRIGGER.register("character_restored", subject=FILTER)
def character_restored(where, subject):
    """After any character of yours is restored (subject: that character)."""
    return ab.CHARACTER_RESTORED, subject_condition(where, subject)


@TRIGGER.register("character_put_into_play", subject=FILTER)
def character_put_into_play(where, subject):
    """After a character of yours is put into play by a card effect (not played from
    hand; subject: that character)."""
    return ab.CHARACTER_PUT, subject_condition(where, subject)


@TRIGGER.register("support_destroyed", subject=FILTER)
def support_destroyed(where, subject):
    """After a support card of yours leaves play for the discard pile (subject: it)."""
    return ab.SUPPORT_LEAVES, subject_condition(
        where, subject, lambda g, s, c: c.target in g.you.discard
    )


@condition("subject_was_committed", BOOL)
def _subject_was_committed(value, where):
    """The character the trigger is about was committed to a story when it left play
    (ctx.story), or not."""
    return lambda game, src, ctx: (ctx.story >= 0) == value


@EFFECT.register("place_self_on_deck", to=param(("top", "bottom", "shuffle"), "top"))
def place_self_on_deck(where, to):
    """The card itself (the event being played, or in hand, play or the discard pile) is
    placed on the top (face up: it answers from there) or the bottom of your deck, or
    shuffled into it."""

    def effect(game, src, ctx):
        if src in game.you.status or src in game.you.supports:
            game._leave_play(src, to="hand")
        if src in game.you.hand or src in game.you.discard:
            game._take_from(src)
        elif src not in game._resolving:
            return
        if to == "shuffle":
            game.you.deck_cards.append(src)
            game._shuffle_deck()
            log_event(game, "to_deck", f"{game.card(src).title} shuffled into the deck")
        else:
            game._put(src, to)
        return
        yield

    return effect


@COST.register("discard_from_deck_top", value=param(BOOL, required=True))
def discard_from_deck_top(where, value):
    """Discard the card itself from the top of your deck (where it was placed face up)."""

    def can_pay(game, src):
        return bool(game.you.top) and game.you.top[-1] == src

    def pay(game, src):
        game.you.top.remove(src)
        game._discard_from_deck(src)
        log_event(game, "discard", f"{game.card(src).title} discarded from the top of the deck")
        game._check_deck_out()
        return
        yield

    return can_pay, pay


@EFFECT.register("move_subject_attachment", filter=FILTER)
def move_subject_attachment(where, filter):
    """Choose a support the filter accepts attached to the character the trigger is about:
    it moves to another character of yours (it stays in play)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        host = ctx.target
        cd = game.deck
        pool = [
            a
            for a, h in game.you.attached.items()
            if h == host and cd.ctype[cd.kind_of[a]] == SUPPORT and pred(game, src, a)
        ]
        a = yield from choose_card(game, "attach", "move", pool, optional=True)
        if a < 0:
            return
        others = [i for i in game.you.characters if i != host]
        to = yield from choose_card(game, "attach", f"move {game.card(a).title} to", others)
        if to < 0:
            return
        game.you.attached[a] = to
        log_event(game, "attach", f"{game.card(a).title} moved to {game.card(to).title}")

    return effect


@EFFECT.register("insane_unless_pay", harms=True, n=param(INT, 1))
def insane_unless_pay(where, n):
    """The character the trigger is about goes insane unless you pay n (drain a domain
    with at least n resources)."""

    def effect(game, src, ctx):
        i = ctx.target
        if game.you.status.get(i, INSANE) == INSANE:
            return
        pay = game._pay_domains(n)
        if pay and pay[0] >= 0:
            label = f"pay {n} to keep {game.card(i).title} sane"
            if (yield yes_no("response", label, "let it go insane")).x:
                d = yield from choose_domain(game, "pay", "pay from", pay)
                if d >= 0:
                    game._drain(d)
                    return
        game._go_insane(i)

    return effect


@EFFECT.register("discard_top_to_domains", n=param(INT, 2))
def discard_top_to_domains(where, n):
    """The top n cards of your discard pile are attached as resources, each to a different
    domain of yours (chosen)."""

    def effect(game, src, ctx):
        used: list[int] = []
        for _ in range(n):
            pile = [i for i in game.you.discard if i != src]
            doms = [d for d in game.you.domain_indices if d not in used]
            if not pile or not doms:
                return
            i = pile[-1]
            d = yield from choose_domain(game, "resource", f"attach {game.card(i).title} to", doms)
            if d < 0:
                return
            used.append(d)
            game.you.discard.remove(i)
            game._add_resource(i, d)
            log_event(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")

    return effect


@condition("was_sacrificed", BOOL)
def _was_sacrificed(value, where):
    """The card the trigger is about left play by a sacrifice (true) or was destroyed
    (false) ("discarded", "character_destroyed", "support_destroyed": the FAQ keeps
    "destroyed" and "sacrificed" apart). A card an effect discarded from play (ctx.x 2,
    ``discard_from_play``) is neither: it answers neither."""
    if value:
        return lambda game, src, ctx: ctx.x == 1
    return lambda game, src, ctx: ctx.x != 1 and ctx.x != 2


@EFFECT.register("discard_top_card_to_deck")
def discard_top_card_to_deck(where):
    """The top card of your discard pile (the latest there) goes on top of your deck."""

    def effect(game, src, ctx):
        pile = [i for i in game.you.discard if i != src]
        if pile:
            game.you.discard.remove(pile[-1])
            game._put(pile[-1], "top")
        return
        yield

    return effect


@EFFECT.register("put_self_into_play_from_deck")
def put_self_into_play_from_deck(where):
    """The card itself, in your deck, is put into play."""

    def effect(game, src, ctx):
        if (
            src not in game.you.top
            and src not in game.you.bottom
            and src not in game.you.deck_cards
        ):
            return
        if not game.may_enter(game.deck.kind_of[src]):
            return
        game._remove_from_deck(src)
        log_event(game, "put_into_play", f"{game.card(src).title} put into play from the deck")
        game._enter(src)
        game._check_deck_out()
        return
        yield

    return effect


@CONSTANT.register("no_attachments", who=FILTER, condition=CONDITION, cards=FILTER)
def no_attachments(where, committed, who=None, condition=None, cards=None):
    """Cards cannot be attached to the characters ``who`` accepts (absent: this card);
    with ``cards``, only the cards that (printed-facts) filter accepts ("cannot have Relic
    cards attached to him")."""
    st = _restriction(ab.NO_ATTACH)(where, committed, who, condition)
    if cards is None:
        return st
    pred = compile_kind_filter(cards, where)
    return st._replace(amount=lambda game, kind: pred(game, -1, kind))


@condition("top_of_discard", FILTER)
def _top_of_discard(value, where):
    """The top card of your discard pile (the latest there) is one the filter accepts."""
    pred = compile_filter(value, where)
    return lambda game, src, ctx: bool(game.you.discard) and pred(game, src, game.you.discard[-1])


@TRIGGER.register("character_targeted", subject=FILTER, here=param(BOOL, True))
def character_targeted(where, subject, here):
    """After a card effect chooses (targets) one of your characters (subject: it; ``here``:
    one committed to the story this card is committed to)."""

    def at_story_of_self(game, src, ctx):
        s = ctx.story
        return 0 <= s < len(game.you.committed) and src in game.you.committed[s]

    return ab.CHARACTER_TARGETED, subject_condition(
        where, subject, at_story_of_self if here else None
    )


@EFFECT.register("repeat_per_counter", effects=param(EFFECTS, required=True))
def repeat_per_counter(where, effects):
    """Do the effects once for each counter (token) on the card itself (counted first)."""
    inner = compile_effects(effects, where)

    def effect(game, src, ctx):
        for _ in range(counters(game, src)):
            yield from inner(game, src, ctx)

    return effect
