"""Vocabulary on arranged positions: the effects
that the card scenarios reach only through a won conspiracy or a chance top card."""

from __future__ import annotations

import pytest

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.greedy_policy import GreedyPolicy
from deckbuilder.engine.text.effect_list import compile_effects
from tests.test_card_scenarios import build, step


def _run(game, effects, src=-1):
    effect = compile_effects(effects, "test")
    game._drive(effect(game, src, AbilityContext()))


def _ids(game, zone):
    return [game.card(i).card_id for i in zone]


def test_search_play_total_cost_caps_the_total(full_pool):
    # Into The Woods (LR-071): characters of total cost 5 or less from the top 10.
    game = build(full_pool, {"card": "LR-071", "discard": ["TTY-002", "TTY-021"]})
    game.you.discard.clear()
    top = [i for i in game.you.deck_cards if game.card(i).card_id in ("TTY-002", "TTY-021")]
    game.you.deck_cards = [i for i in game.you.deck_cards if i not in top]
    game.you.top.extend(top)  # two Ambushing Ghouls (cost 1) and two Chthonians (cost 6)
    _run(
        game,
        [{"do": "search_play_total_cost", "top": 10, "total": 5, "filter": {"type": "character"}}],
    )
    for _ in range(5):
        if game._choice is None:
            break
        labels = [game.describe(a) for a in game.legal_actions()]
        assert not any("Ancient Chthonian" in x for x in labels)
        step(game, "choose Ambushing" if any("Ambushing" in x for x in labels) else "choose none")
    assert _ids(game, game.you.characters).count("TTY-002") == 2


def test_discard_top_to_hand_takes_the_latest(full_pool):
    # The Grand Design (TbtA-119): X top cards of the discard pile, X = cards in hand.
    game = build(
        full_pool,
        {"card": "TbtA-119", "hand": ["Core-029"], "discard": ["AE-053", "ER-056", "TTY-002"]},
    )
    _run(game, [{"do": "discard_top_to_hand", "n": {"count": {}, "in": "hand"}}])
    assert _ids(game, game.you.hand) == ["Core-029", "TTY-002"]


def test_search_named_subtype_takes_every_card_of_the_subtype(full_pool):
    # Birthing a Thousand Young (TTY-033): names the subtype most Shub-Niggurath
    # characters of the deck share (Ghoul here: Ambushing Ghoul and Frenzied Ghoul); the
    # automatic player takes every card of it (the tty scenarios: a person takes some).
    game = build(full_pool, {"card": "TTY-033", "discard": ["TTY-002", "TTY-007", "TTY-021"]})
    game.you.discard.clear()
    game._policy = GreedyPolicy()  # the automatic player takes them all (a person may stop)
    _run(
        game,
        [
            {
                "do": "search_named_subtype",
                "filter": {"type": "character", "faction": "Shub-Niggurath"},
            }
        ],
    )
    ids = _ids(game, game.you.hand)
    assert ids.count("TTY-002") == 2 and ids.count("TTY-007") == 2 and "TTY-021" not in ids


def test_draw_bottom_and_top_card(full_pool):
    # Irish Channel (TTY-053): a Criminal on top draws the bottom card.
    game = build(full_pool, {"card": "TTY-053", "discard": ["AE-062"]})
    criminal = game.you.discard.pop()
    game.you.top.append(criminal)
    bottom = next(i for i in game.you.deck_cards if game.card(i).card_id == "Core-029")
    game.you.deck_cards.remove(bottom)
    game.you.bottom.insert(0, bottom)
    _run(
        game,
        [
            {
                "do": "if",
                "condition": {"top_card": {"subtype": "Criminal"}},
                "effects": [{"do": "draw_bottom"}],
            }
        ],
    )
    assert game.you.hand == [bottom]


@pytest.mark.parametrize("cost, paid", [(1, 3), (3, 3), (4, 4)])
def test_cost_set_makes_cheap_characters_cost_3(full_pool, cost, paid):
    # Elspeth Baudin (TTY-011).
    card = {1: "Core-029", 3: "TTB-013", 4: "ER-043"}[cost]
    game = build(full_pool, {"card": "TTY-011", "characters": ["TTY-011"], "hand": [card]})
    k = game.deck.kind_of[game.you.hand[0]]
    assert game.cost_of(k) == paid


def test_attach_top_card_and_icon_of_top_card(full_pool):
    # Faubourg Marigny (TTY-039) and French Quarter (TTY-026).
    game = build(
        full_pool, {"card": "TTY-039", "characters": ["Core-029"], "discard": ["AE-210", "TTY-013"]}
    )
    witch, rend = game.you.discard.pop(0), game.you.discard.pop(0)
    game.you.top.append(witch)
    _run(game, [{"do": "attach_top_card"}])
    step(game, "choose attach")
    assert witch in game.you.supports and game.you.attached[witch] == game.you.characters[0]
    game.you.top.append(rend)  # Rend: T and C printed
    _run(game, [{"do": "boost_icon_of_top_card"}])
    step(game, "no")  # not terror: combat (the last printed icon)
    assert game.icons_of(game.you.characters[0]) == [0, 1, 0, 1]


def test_trade_for_top_card(full_pool):
    # Garden District (TTY-049): a Lodge character on top (cost 1) for one Lodge in play.
    game = build(full_pool, {"card": "TTY-049", "characters": ["TTB-013"], "discard": ["TTB-015"]})
    boy = game.you.discard.pop()
    game.you.top.append(boy)
    _run(
        game,
        [
            {
                "do": "trade_for_top_card",
                "filter": {"type": "character", "subtype": "Lodge"},
                "pay_with": {"subtype": "Lodge"},
            }
        ],
    )
    step(game, "yes")
    assert _ids(game, game.you.characters) == ["TTB-015"] and _ids(game, game.you.hand) == [
        "TTB-013"
    ]
