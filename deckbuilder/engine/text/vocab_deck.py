"""Vocabulary that moves cards between the deck, the hand and the discard pile."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, SUPPORT
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_any, choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import AMOUNT, BOOL, COST, EFFECT, FILTER, INT, param
from deckbuilder.engine.text.values import compile_amount, condition


@EFFECT.register("shuffle_hand_into_deck")
def shuffle_hand_into_deck(where):
    """Shuffle your whole hand back into your deck."""

    def effect(game, src, ctx):
        if game.log is not None:
            game._event("shuffle", f"{len(game.you.hand)} cards of the hand shuffled into the deck")
        game.you.deck_cards.extend(game.you.hand)
        game.you.hand.clear()
        game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("keep_event")
def keep_event(where):
    """The event being played does not go to the discard pile: it waits (in hand, for its
    own "discarded" ability with zone = "hand", e.g. attach_self) to stay in play as a
    support ("Then, attach ... to a story. Counts as a support card")."""

    def effect(game, src, ctx):
        if src in game._resolving and src not in game.you.hand:
            game.you.hand.append(src)
            game._queue_trigger(ab.DISCARDED, src, ctx)
        return
        yield

    return effect


@COST.register("shuffle_into_deck", value=param(BOOL, required=True))
def shuffle_self_into_deck_cost(where, value):
    """Shuffle the card itself (in play) into its owner's deck."""

    def pay(game, src):
        game._leave_play(src, to="hand")
        if src in game.you.hand:
            game.you.hand.remove(src)
        game.you.deck_cards.append(src)
        game._shuffle_deck()
        return
        yield

    return (lambda game, src: True), pay


@EFFECT.register("subject_from_discard", to=param(("play", "hand"), "hand"))
def subject_from_discard(where, to):
    """The card the trigger is about, if it is in your discard pile, goes into play (or to
    your hand)."""

    def effect(game, src, ctx):
        i = ctx.target
        if i < 0 or i not in game.you.discard:
            return
        if to == "play":
            if not game.may_enter(game.deck.kind_of[i]):
                return
            game._take_from(i)
            game._enter(i)
        else:
            game._discard_to_hand(i)
        return
        yield

    return effect


@condition("subject_in_discard", BOOL)
def _subject_in_discard(value, where):
    """The card the trigger is about is in your discard pile (it was destroyed), or not."""
    return lambda game, src, ctx: (ctx is not None and ctx.target in game.you.discard) == value


@EFFECT.register("reveal_top", n=param(INT, 1))
def reveal_top(where, n):
    """Reveal the top n cards of your deck (their "would be revealed" window first); what
    follows reads them (``top_card``)."""

    def effect(game, src, ctx):
        cards = game._reveal_top(n)
        if cards and game.log is not None:
            titles = ", ".join(game.card(i).title for i in cards)
            log_event(game, "reveal", f"revealed {titles}")
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
        cards = game._reveal_top(amount(game, src, ctx))
        for i in cards:
            game._remove_from_deck(i)
            if pred(game, src, i):
                game.you.hand.append(i)
                log_event(game, "search", f"{game.card(i).title} taken into hand")
            else:
                game.you.bottom.insert(0, i)
        return
        yield

    return effect


@EFFECT.register("redraw_hand", extra=param(INT, 0))
def redraw_hand(where, extra):
    """Shuffle the hand into the deck and draw as many cards, plus ``extra``."""

    def effect(game, src, ctx):
        k = len(game.you.hand)
        game.you.deck_cards.extend(game.you.hand)
        game.you.hand.clear()
        game._shuffle_deck()
        game._draw_by_effect(k + extra)
        return
        yield

    return effect


@EFFECT.register("hand_to_top", n=param(INT, 1))
def hand_to_top(where, n):
    """Put n cards from hand on top of the deck."""

    def effect(game, src, ctx):
        for _ in range(n):
            i = yield from choose_card(
                game, "to_deck", "put on top of the deck", list(game.you.hand)
            )
            if i < 0:
                return
            game.you.hand.remove(i)
            game.you.top.append(i)

    return effect


@EFFECT.register("discard_to_top", filter=FILTER)
def discard_to_top(where, filter):
    """Put a card the filter accepts from the discard pile on top of the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.discard if i != src and pred(game, src, i)]
        i = yield from choose_card(game, "to_deck", "put on top of the deck", pool)
        if i >= 0:
            game.you.discard.remove(i)
            game.you.top.append(i)

    return effect


@EFFECT.register("top_of_discard_to_hand", filter=FILTER)
def top_of_discard_to_hand(where, filter):
    """The topmost card of the discard pile the filter accepts goes to hand."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for i in reversed(game.you.discard):
            if i != src and pred(game, src, i):
                game._discard_to_hand(i)
                log_event(game, "to_hand", f"{game.card(i).title} returned to hand")
                return
        return
        yield

    return effect


@EFFECT.register(
    "top_to_bottom",
    n=param(AMOUNT, required=True),
    reveal=param(BOOL, False),
    discard=param(BOOL, False),
)
def top_to_bottom(where, n, reveal, discard):
    """Look at the top n cards (``reveal``: revealed, their window first): put any of them
    on the bottom, the rest back on top; ``discard``: then any of the rest may go to the
    discard pile instead (offered after the bottom choice is declined)."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        k = amount(game, src, ctx)
        cards = game._reveal_top(k) if reveal else game._peek(k)
        while cards:
            i = yield from choose_card(game, "to_bottom", "put on the bottom", cards, optional=True)
            if i < 0:
                break
            cards.remove(i)
            game._remove_from_deck(i)
            game.you.bottom.insert(0, i)
        if discard:
            yield from _discard_any(game, cards)

    return effect


def _discard_any(game, cards: list[int]):
    """Generator: the player discards any of ``cards`` (cards of the deck looked at), one by
    one until they decline; the rest stay where they are."""
    while cards:
        i = yield from choose_card(game, "discard", "discard", cards, optional=True)
        if i < 0:
            return
        cards.remove(i)
        game._remove_from_deck(i)
        game._discard_from_deck(i)


@EFFECT.register("top_discard_any", n=param(AMOUNT, required=True))
def top_discard_any(where, n):
    """Reveal the top n cards of your deck: discard any number of them, the rest stay on
    top (rule choice: in the order they were; the automatic player has no preferred order)."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        yield from _discard_any(game, game._reveal_top(amount(game, src, ctx)))

    return effect


@EFFECT.register("shuffle_into_deck", filter=FILTER)
def shuffle_into_deck(where, filter):
    """Every card of yours in play the filter accepts is shuffled into the deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        for i in [i for i in game.you.characters + game.you.supports if pred(game, src, i)]:
            game._leave_play(i)
            if i in game.you.discard:
                game.you.discard.remove(i)
                if i in game._discarded_this_phase:
                    game._discarded_this_phase.remove(i)
                game.you.deck_cards.append(i)
        game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("shuffle_self_into_deck")
def shuffle_self_into_deck(where):
    """This card (in the discard pile) is shuffled into the deck."""

    def effect(game, src, ctx):
        if src in game.you.discard:
            game.you.discard.remove(src)
            if src in game._discarded_this_phase:
                game._discarded_this_phase.remove(src)
            game.you.deck_cards.append(src)
            game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("self_to_deck", to=param(("top", "bottom"), "top"))
def self_to_deck(where, to):
    """The card itself leaves play (or the discard pile) for the top or bottom of its
    owner's deck."""

    def effect(game, src, ctx):
        if src in game.you.status or src in game.you.supports:
            game._leave_play(src, to="hand")
            if src in game.you.hand:
                game.you.hand.remove(src)
        elif src in game.you.discard:
            game.you.discard.remove(src)
        else:
            return
        if to == "top":
            game.you.top.append(src)
        else:
            game.you.bottom.insert(0, src)
        log_event(game, "to_deck", f"{game.card(src).title} put on the {to} of the deck")
        return
        yield

    return effect


@condition("top_card", FILTER)
def _top_card(value, where):
    """The top card of your deck (revealed) is one the filter accepts."""
    pred = compile_filter(value, where)

    def check(game, src, ctx):
        top = game._peek(1)
        return bool(top) and pred(game, src, top[0])

    return check


@EFFECT.register("discard_top_to_hand", n=param(AMOUNT, required=True))
def discard_top_to_hand(where, n):
    """Return the top n cards of your discard pile (the latest there) to your hand."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        k = amount(game, src, ctx)
        for _ in range(max(0, k)):
            pile = [i for i in game.you.discard if i != src]
            if not pile:
                break
            i = pile[-1]
            game._discard_to_hand(i)
            log_event(game, "to_hand", f"{game.card(i).title} returned to hand")
        return
        yield

    return effect


@EFFECT.register("draw_bottom", n=param(INT, 1))
def draw_bottom(where, n):
    """Draw the bottom n cards of your deck (a draw: "after a card is drawn" answers)."""

    def effect(game, src, ctx):
        drawn = []
        for _ in range(n):
            if game.you.bottom:
                i = game.you.bottom.pop(0)
            elif game.you.deck_cards:
                i = game.you.deck_cards.pop(game.rng.randrange(len(game.you.deck_cards)))
            elif game.you.top:
                i = game.you.top.pop(0)
            else:
                break
            game.you.hand.append(i)
            drawn.append(i)
            log_event(game, "draw", f"drew {game.card(i).title} from the bottom of the deck")
        game._check_deck_out()
        game._drawn_by_effect(drawn)
        return
        yield

    return effect


@EFFECT.register("deck_end_to_hand", end=param(("top", "bottom"), required=True))
def deck_end_to_hand(where, end):
    """Put the top (or bottom) card of your deck into your hand: not a draw ("after a card
    is drawn" does not answer), nothing looked at before."""

    def effect(game, src, ctx):
        i = game._take_top() if end == "top" else game._take_bottom()
        if i < 0:
            return
        game.you.hand.append(i)
        log_event(game, "to_hand", f"{game.card(i).title} from the {end} of the deck into hand")
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("search_named_subtype", filter=FILTER, to=param(("hand", "play"), "hand"))
def search_named_subtype(where, filter, to):
    """Name a subtype (the one most cards of the deck the filter accepts share), then take
    any number of the cards of that subtype from the deck (to hand; the automatic player
    takes them all, ``choose_any``); then shuffle."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        pool = [
            i for i in game.you.deck_cards + game.you.top + game.you.bottom if pred(game, src, i)
        ]
        counts = {}
        for i in pool:
            for s in cd.subtypes[cd.kind_of[i]]:
                counts[s] = counts.get(s, 0) + 1
        if counts:
            name = max(sorted(counts), key=lambda s: counts[s])
            log_event(game, "search", f"names {name}")
            found = [i for i in pool if name in cd.subtypes[cd.kind_of[i]]]
            for i in (yield from choose_any(game, "search", "take", found)):
                game._remove_from_deck(i)
                if to == "play" and game.may_enter(cd.kind_of[i]):
                    game._enter(i)
                else:
                    game.you.hand.append(i)
                log_event(game, "search", f"{game.card(i).title} taken")
        game._shuffle_deck()
        game._check_deck_out()

    return effect


@EFFECT.register("trade_for_top_card", filter=FILTER, pay_with=FILTER)
def trade_for_top_card(where, filter, pay_with):
    """If the top card of your deck is one the filter accepts, you may return X of your
    characters the ``pay_with`` filter accepts to hand (X: its printed cost) to put it into
    play."""
    pred = compile_filter(filter, where)
    pay_pred = compile_filter(pay_with, where)

    def effect(game, src, ctx):
        top = game._reveal_top(1)
        if not top or not pred(game, src, top[0]):
            return
        i = top[0]
        cd = game.deck
        k = cd.kind_of[i]
        x = cd.cost[k]
        pool = [c for c in game.you.characters if pay_pred(game, src, c)]
        if len(pool) < x or not game.may_enter(k):
            return
        if not (yield yes_no("trade", f"return {x} to put {game.card(i).title} into play")).x:
            return
        for _ in range(x):
            pool = [c for c in game.you.characters if pay_pred(game, src, c)]
            c = yield from choose_card(game, "return", "return to hand", pool, harm=True)
            if c < 0:
                return
            game._leave_play(c, to="hand")
        game._remove_from_deck(i)
        log_event(game, "put_into_play", f"{game.card(i).title} put into play from the deck")
        game._enter(i)
        game._check_deck_out()

    return effect


@EFFECT.register("to_hand_instead_of_discard")
def to_hand_instead_of_discard(where):
    """The event being played goes to your hand instead of the discard pile."""

    def effect(game, src, ctx):
        if src in game._resolving and src not in game.you.hand:
            game.you.hand.append(src)
            log_event(game, "to_hand", f"{game.card(src).title} returns to hand")
        return
        yield

    return effect


_TYPES = {CHARACTER: "character", SUPPORT: "support", EVENT: "event", CONSPIRACY: "conspiracy"}


@EFFECT.register("guess_bottom_type")
def guess_bottom_type(where):
    """Name a card type (the one most common in your deck), then reveal the bottom card of
    your deck: to hand if it is of that type, else to the discard pile."""

    def effect(game, src, ctx):
        cd = game.deck
        pool = game.you.deck_cards + game.you.top + game.you.bottom
        if not pool:
            return
        counts = {}
        for i in pool:
            t = cd.ctype[cd.kind_of[i]]
            counts[t] = counts.get(t, 0) + 1
        named = max(counts, key=counts.get)
        if game.you.bottom:
            i = game.you.bottom[0]  # the last card of the deck
        elif game.you.deck_cards:
            i = game.you.deck_cards[game.rng.randrange(len(game.you.deck_cards))]
        else:
            i = game.you.top[0]
        game._remove_from_deck(i)
        if cd.ctype[cd.kind_of[i]] == named:
            game.you.hand.append(i)
            log_event(game, "reveal", f"named {_TYPES.get(named)}: {game.card(i).title} to hand")
        else:
            game._discard_from_deck(i)
            log_event(game, "reveal", f"named {_TYPES.get(named)}: {game.card(i).title} discarded")
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register("hand_to_bottom_redraw")
def hand_to_bottom_redraw(where):
    """Put your whole hand on the bottom of your deck, then draw as many cards."""

    def effect(game, src, ctx):
        n = len(game.you.hand)
        if not n:
            return
        # _bottom[0] is the bottom card: the hand goes under everything already there.
        game.you.bottom[:0] = game.you.hand
        game.you.hand.clear()
        log_event(game, "to_deck", f"{n} cards of the hand put on the bottom of the deck")
        game._draw_by_effect(n)
        return
        yield

    return effect


@EFFECT.register("subject_to_hand")
def subject_to_hand(where):
    """The card the trigger is about returns from your discard pile to your hand."""

    def effect(game, src, ctx):
        i = ctx.target
        if i >= 0 and i in game.you.discard:
            game._discard_to_hand(i)
            log_event(game, "to_hand", f"{game.card(i).title} returned to hand")
        return
        yield

    return effect


@EFFECT.register("hand_to_bottom", n=param(INT, 1))
def hand_to_bottom(where, n):
    """Choose n cards of your hand and put them on the bottom of your deck."""

    def effect(game, src, ctx):
        for _ in range(n):
            i = yield from choose_card(
                game, "to_deck", "to the bottom of the deck", list(game.you.hand)
            )
            if i < 0:
                return
            game.you.hand.remove(i)
            game.you.bottom.insert(0, i)
            log_event(game, "to_deck", f"{game.card(i).title} put on the bottom of the deck")

    return effect
