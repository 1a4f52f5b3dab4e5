"""Vocabulary of exchanging cards between the hand and other zones: hand cards for the top
of the discard pile, a character in play for as many draws as its cost (cards then put
back on the deck)."""

from __future__ import annotations

from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import EFFECT, FILTER, INT, param
from deckbuilder.engine.text.templates_cards import PLAYERS


@EFFECT.register("exchange_hand_with_discard_top")
def exchange_hand_with_discard_top(where):
    """Exchange any number of cards of your hand with as many from the top of your discard
    pile: take the top cards (one by one, each a yes/no), then discard as many chosen from
    the rest of the hand."""

    def effect(game, src, ctx):
        taken = []
        tops = [i for i in reversed(game.you.discard) if i != src]
        limit = len(game.you.hand)
        for i in tops:
            if len(taken) >= limit:
                break
            if not (yield yes_no("exchange", f"take {game.card(i).title} from the discard pile")).x:
                break
            taken.append(i)
        if not taken:
            return
        keep = list(game.you.hand)
        for i in taken:
            game.you.discard.remove(i)
            game.you.hand.append(i)
        for _ in taken:
            pool = [i for i in keep if i in game.you.hand]
            i = yield from choose_card(game, "discard", "discard", pool, harm=True)
            if i < 0:
                break
            game.you.hand.remove(i)
            game._into_discard(i)
        log_event(game, "exchange", f"exchanged {len(taken)} cards with the discard pile")
        game._discarded_from_hand(len(taken))

    return effect


@EFFECT.register("discard_to_take_back", filter=FILTER)
def discard_to_take_back(where, filter):
    """Discard X cards from your hand to choose X other cards in your discard pile (that
    the filter accepts) and add them to your hand. Asked one pair at a time: a card of the
    discard pile to take (or none: X is reached), then a card of the hand to discard for
    it; only cards that were in the hand before can be discarded and only cards that were
    in the discard pile before can be taken, so the result is that of X discards first."""
    pred = compile_filter(filter, where) if filter is not None else None

    def effect(game, src, ctx):
        you = game.you
        hand = [i for i in you.hand if i != src]
        pile = [i for i in you.discard if i != src and (pred is None or pred(game, src, i))]
        n = 0
        while hand and pile:
            i = yield from choose_card(game, "to_hand", "add to hand", pile, optional=True)
            if i < 0 or i not in you.discard:
                break
            j = yield from choose_card(game, "discard", "discard for it", hand, harm=True)
            if j < 0 or j not in you.hand:
                break
            pile.remove(i)
            hand.remove(j)
            you.hand.remove(j)
            game._into_discard(j)
            you.discard.remove(i)
            you.hand.append(i)
            log_event(game, "exchange", f"{game.card(j).title} discarded for {game.card(i).title}")
            n += 1
        if n:
            game._discarded_from_hand(n)

    return effect


@EFFECT.register(
    "discard_hand_then_draw", n=param(INT, required=True), player=param(PLAYERS, "each")
)
def discard_hand_then_draw(where, n, player):
    """Each named player (relative to the card's controller) discards his hand, if able;
    then each who discarded it draws n cards. A player with no card in hand discards
    nothing, so he has not discarded his hand and draws nothing (the goldfish opponent
    never does). The automatic player uses it only when it leaves you at least 2 cards
    more than it discards (what sacrificing a card for it is worth)."""

    def effect(game, src, ctx):
        for p in game.players_named(player, src):
            if not p.hand:
                continue
            mine = p is game.you
            cards = list(p.hand)
            p.hand.clear()
            for i in cards:
                if mine:
                    game._to_discard(i)
                else:
                    p.discard.append(i)
            if mine:
                log_event(game, "discard", f"discarded the hand ({len(cards)} cards)")
                game._discarded_from_hand(len(cards))
            game._draw_by_effect(n, p)
        return
        yield

    def worthwhile(game, src):
        return 0 < len(game.you.hand) <= n - 2 and game.you.deck_count() > 0

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("return_for_cost_draw", filter=FILTER)
def return_for_cost_draw(where, filter):
    """Return a character you control the filter accepts to its owner's hand to draw X
    cards, X its printed cost; then put X cards from your hand on top of your deck."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if pred(game, src, i)]
        i = yield from choose_card(game, "to_hand", "return to hand", pool, harm=True)
        if i < 0:
            return
        x = game.deck.cost[game.deck.kind_of[i]]
        game._leave_play(i, to="hand")
        log_event(game, "to_hand", f"{game.card(i).title} returned to hand: draw {x}")
        if x <= 0:
            return
        game._draw_by_effect(x)
        for _ in range(x):
            i = yield from choose_card(
                game, "to_deck", "put on top of the deck", game.you.hand, harm=True
            )
            if i < 0:
                return
            game.you.hand.remove(i)
            game.you.top.append(i)

    def worthwhile(game, src):
        return any(pred(game, src, i) and game.you.status[i] != INSANE for i in game.you.characters)

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("discard_x_from_hand")
def discard_x_from_hand(where):
    """ "Discard X cards from your hand to ...": discard any number of chosen cards from
    your hand (one by one, "none" ends); X, the number discarded, is what the next effects
    of the list read as ``"X"``. The automatic player values each discard as harm and so
    stops at once (X = 0): the ready is what it plays the ability for."""

    def effect(game, src, ctx):
        x = 0
        while True:
            pool = [i for i in game.you.hand if i != src]
            i = yield from choose_card(
                game, "discard", "discard (X)", pool, harm=True, optional=True
            )
            if i < 0:
                break
            game.you.hand.remove(i)
            game._to_discard(i)
            x += 1
            log_event(game, "discard", f"{game.card(i).title} discarded")
        if x:
            game._discarded_from_hand(x)
        if ctx is not None:
            ctx.x = x

    return effect
