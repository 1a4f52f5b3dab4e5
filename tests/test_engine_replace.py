""" "Would" windows (``AbilityMixin._would``, ``text/vocab_replace.py``): answered at once
inside the rule that opens them, a policy deciding their choices. The card scenarios step
through games without a policy; these tests give the window one."""

from __future__ import annotations

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.engine.policies import get_policy
from tests.test_card_scenarios import build, step


class _Declines:
    """A policy that declines every optional choice (the last option)."""

    def decide(self, game, choice):
        return choice.options[-1]


def _ids(game, zone):
    return [game.card(i).card_id for i in zone]


def test_house_advantage_draws_the_bottom_card_when_the_top_one_is_declined(full_pool):
    game = build(
        full_pool,
        {
            "card": "DotU-023",
            "supports": ["DotU-023"],
            "hand": ["SoK-046", "Core-040"],
            "domains": [["Core-029", "Core-029", "Core-029"], ["Core-090"], []],
        },
    )
    step(game, "play SoK-046")  # face up on top of the deck
    bottom = game._deck.pop(0)
    game._bottom.insert(0, bottom)
    game._policy = _Declines()
    game._draw(1, True)
    assert game._hand[-1] == bottom
    assert _ids(game, game._top) == ["SoK-046"]


def test_a_policy_declines_an_avoid_answer_of_a_window(full_pool):
    # Alyssa Graham's would-draw answer is marked "avoid": the greedy player keeps her sane.
    game = build(
        full_pool,
        {
            "card": "ER-046",
            "characters": ["ER-046"],
            "discard": ["Core-064"],
        },
    )
    game._policy = get_policy("greedy")
    game._draw(1, True)
    alyssa = next(i for i in game._characters if game.card(i).card_id == "ER-046")
    assert game.status(alyssa) == "ready"
    assert _ids(game, game._discard) == ["Core-064"]


def test_laban_shrewsbury_leaves_the_hand_for_the_deck(full_pool):
    game = build(
        full_pool,
        {
            "card": "WaB-008",
            "characters": ["TiV-013", "SoM-017", "Core-029"],
            "discard": ["WaB-008"],
            "hand": ["Core-040"],
            "domains": [["Core-029", "Core-029", "Core-029"], [], []],
        },
    )
    step(game, "use SoM-017")  # Doctor Lomboso puts him on top of the deck
    laban = next(i for i in game._top if game.card(i).card_id == "WaB-008")
    step(game, "play Core-040")
    assert laban in game._hand and game._choice is not None
    step(game, "yes")
    assert laban not in game._hand and laban in game._deck
    assert len(game._hand) == 3


def test_the_sok_prophecy_answers_only_while_on_top_of_the_deck(full_pool):
    # Hamu XX 15:14 drawn back into hand no longer answers an insanity.
    game = build(
        full_pool,
        {
            "card": "SoK-046",
            "characters": ["SoM-017"],
            "hand": ["SoK-046"],
            "discard": ["Core-010"],
            "domains": [["Core-090"], [], []],
        },
    )
    step(game, "play SoK-046")
    game._draw(1, True)
    assert "SoK-046" in _ids(game, game._hand)
    step(game, "use SoM-017")
    assert game._choice is None
    assert _ids(game, game._discard) == ["Core-010"]


def test_restless_mi_go_stays_in_the_discard_pile_when_sacrificed(full_pool):
    # "After Restless Mi-Go is destroyed": a sacrifice is not a destruction (FAQ 2.27).
    game = build(full_pool, {"card": "FtGG-045", "characters": ["FtGG-045"]})
    mi_go = game._characters[0]
    game._sacrifice(mi_go)
    game._after_triggers()
    assert game._choice is None and mi_go in game._discard


def test_forgotten_shoggoth_hosts_no_attachment(full_pool):
    # "Cards cannot be attached to Forgotten Shoggoth": Shotgun may go on the other one only.
    game = build(
        full_pool,
        {"card": "AtMoM-012", "characters": ["AtMoM-012", "Core-029"], "hand": ["Core-014"]},
    )
    shotgun = game._hand[0]
    hosts = game.attach_hosts(game.deck.kind_of[shotgun])
    assert _ids(game, hosts) == ["Core-029"]
