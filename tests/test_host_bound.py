"""Back From the Dead (IMoD-035, ``host_bound``): "If Back From the Dead leaves play ...,
sacrifice attached character", and the character leaving play takes only the attachment."""

from __future__ import annotations

from test_card_scenarios import build, step

SCENARIO = {
    "card": "IMoD-035",
    "supports": ["TH-020"],
    "hand": ["IMoD-035"],
    "discard": ["TH-005"],
    "domains": [["IMoD-035", "IMoD-035"], [], []],
}


def _back(full_pool):
    game = build(full_pool, dict(SCENARIO))
    step(game, "play IMoD-035")
    step(game, "choose Gregory")
    ids = {game.card(i).card_id: i for i in game.you.characters + game.you.supports}
    return game, ids["IMoD-035"], ids["TH-005"]


def _ids(game, zone):
    return {game.card(i).card_id for i in zone}


def test_attachment_leaving_play_sacrifices_its_host(full_pool):
    game, back, host = _back(full_pool)
    assert game.you.attached[back] == host
    game._leave_play(back, to="hand")
    assert host not in game.you.characters
    assert "TH-005" in _ids(game, game.you.discard)
    assert "IMoD-035" in _ids(game, game.you.hand)


def test_host_leaving_play_discards_the_attachment(full_pool):
    game, back, host = _back(full_pool)
    game._sacrifice(host)
    assert {"TH-005", "IMoD-035"} <= _ids(game, game.you.discard)
    assert back not in game.you.supports
