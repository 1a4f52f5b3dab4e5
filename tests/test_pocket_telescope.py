"""Pocket Telescope (``librarian`` with ``may``): the automatic player looks at the top card
first, and bottoms it only when no domain of its could pay for it."""

from __future__ import annotations

from test_card_scenarios import build, step

from deckbuilder.engine.policy import Policy


def _telescope(full_pool, domains):
    scenario = {"card": "DD-078", "supports": ["DD-078"], "top": ["DD-068"], "domains": domains}
    game = build(full_pool, scenario)
    game._policy = Policy()  # the batch path: choices inside effects go to the policy
    step(game, "use DD-078")
    return [game.card(i).card_id for i in game.you.top], [
        game.card(i).card_id for i in game.you.bottom
    ]


def test_automatic_player_bottoms_a_card_it_cannot_pay_for(full_pool):
    top, bottom = _telescope(full_pool, [[], [], []])
    assert bottom == ["DD-068"] and "DD-068" not in top


def test_automatic_player_keeps_a_card_it_can_pay_for(full_pool):
    top, bottom = _telescope(full_pool, [["Core-029"] * 5, [], []])
    assert top[-1] == "DD-068" and bottom == []
