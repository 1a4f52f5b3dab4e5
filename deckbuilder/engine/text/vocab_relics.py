"""Vocabulary added for the Forgotten Lore / relics sets (TSS, CotJE, TBJ, NN, IT, SotM)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import CHOOSE, EXHAUSTED, INSANE, READY, Action
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import AMOUNT, EFFECT, FILTER, INT, TRIGGER, param
from deckbuilder.engine.text.values import compile_amount


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


# ----------------------------------------------------------------- triggers
@TRIGGER.register("character_destroyed", subject=FILTER)
def character_destroyed(where, subject):
    """After any of your characters leaves play for the discard pile (subject: that one)."""
    pred = compile_filter(subject, where) if subject is not None else None

    def condition(game, src, ctx):
        i = ctx.target
        if i < 0 or i not in game._discard:
            return False
        return pred is None or pred(game, src, i)

    return ab.CHARACTER_LEAVES, condition


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
