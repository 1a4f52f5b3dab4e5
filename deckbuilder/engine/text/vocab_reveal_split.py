"""Vocabulary of revealed cards split between players' choices: the opponent sends one to
the bottom of your deck, then you take one."""

from __future__ import annotations

from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.registry import EFFECT, INT, param


@EFFECT.register("reveal_opponent_bottoms", n=param(INT, 5), rounds=param(INT, 2))
def reveal_opponent_bottoms(where, n, rounds):
    """Reveal the top n cards; ``rounds`` times, an opponent puts one of them on the bottom
    of your deck (the goldfish opponent, choosing against you, takes the one of highest
    printed cost) and you add one to your hand. The rest stay on top."""

    def effect(game, src, ctx):
        cd = game.deck
        revealed = list(game._reveal_top(n))
        for _ in range(rounds):
            if not revealed:
                return
            worst = max(revealed, key=lambda i: cd.cost[cd.kind_of[i]])
            revealed.remove(worst)
            game._remove_from_deck(worst)
            game.you.bottom.insert(0, worst)
            log_event(game, "bottom", f"the opponent puts {game.card(worst).title} on the bottom")
            i = yield from choose_card(game, "search", "take", revealed)
            if i < 0:
                return
            revealed.remove(i)
            game._remove_from_deck(i)
            game.you.hand.append(i)
            log_event(game, "search", f"{game.card(i).title} taken into hand")

    return effect
