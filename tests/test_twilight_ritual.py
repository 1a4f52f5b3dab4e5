"""Twilight Ritual (``blank_in_play``'s ``harms``): the automatic player plays it for its draw
only when no Day or Night card of yours in play has simulated text it would blank."""

from __future__ import annotations

from test_card_scenarios import build


def _worth_playing(full_pool, supports):
    scenario = {"card": "TH-016", "hand": ["TH-016"], "supports": supports}
    scenario["domains"] = [["TH-016"], [], []]
    game = build(full_pool, scenario)
    cd = game.deck
    i = next(i for i in game.you.hand if game.card(i).card_id == "TH-016")
    (ab,) = cd.abilities[cd.kind_of[i]]
    return ab.worthwhile(game, i)


def test_automatic_player_plays_it_with_no_day_or_night_card_of_its_own(full_pool):
    assert _worth_playing(full_pool, [])


def test_automatic_player_keeps_it_while_it_would_blank_its_own_day_card(full_pool):
    assert not _worth_playing(full_pool, ["TH-019"])
