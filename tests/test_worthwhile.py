"""The automatic player uses an ability only when it would change something: no search of a
deck holding nothing to find, no cost cut without a card in hand it applies to, no draw from
an empty deck. A person is still offered every one of them."""

from __future__ import annotations

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.engine.actions import USE
from deckbuilder.engine.greedy_policy import GreedyPolicy
from tests.test_card_scenarios import build

VISIONS = "SoK-028"  # Apocalyptic Visions: pay 1 to search the deck for a Prophecy event
PROPHECY = "SoK-054"
FLOOD_LIGHTS = "TH-002"  # exhaust: the next Day card this phase costs 1 less
DAY_CARD = "SoA-005"


def _uses(game, cid):
    return [a for a in game.legal_actions() if a.kind == USE and game.card(a.card).card_id == cid]


def _worth(game, cid) -> bool:
    policy = GreedyPolicy()
    return any(policy._worth_using(game, a, game.phase) for a in _uses(game, cid))


def test_a_search_is_worth_it_only_while_the_deck_holds_a_card_to_find(full_pool):
    with_prophecy = build(
        full_pool,
        {"card": VISIONS, "supports": [VISIONS], "hand": [PROPHECY], "domains": [["Core-001"]]},
    )
    assert _uses(with_prophecy, VISIONS) and _worth(with_prophecy, VISIONS)
    without = build(full_pool, {"card": VISIONS, "supports": [VISIONS], "domains": [["Core-001"]]})
    assert _uses(without, VISIONS)  # still offered to a person
    assert not _worth(without, VISIONS)


def test_a_cost_cut_is_worth_it_only_with_a_card_in_hand_it_applies_to(full_pool):
    with_day = build(
        full_pool, {"card": FLOOD_LIGHTS, "supports": [FLOOD_LIGHTS], "hand": [DAY_CARD]}
    )
    assert _worth(with_day, FLOOD_LIGHTS)
    without = build(full_pool, {"card": FLOOD_LIGHTS, "supports": [FLOOD_LIGHTS]})
    assert _uses(without, FLOOD_LIGHTS) and not _worth(without, FLOOD_LIGHTS)


def test_drawing_from_an_empty_deck_is_not_worth_it(full_pool):
    from deckbuilder.engine.text.effect_list import compile_effects

    draw = compile_effects([{"do": "draw", "n": 1}], "test")
    game = build(full_pool, {"card": VISIONS})
    assert draw.worthwhile(game, -1)
    game.you.deck_cards.clear()
    game.you.top.clear()
    game.you.bottom.clear()
    assert not draw.worthwhile(game, -1)


def test_an_effect_list_is_pointless_only_when_every_part_is(full_pool):
    from deckbuilder.engine.text.effect_list import compile_effects

    game = build(full_pool, {"card": VISIONS})
    for zone in (game.you.deck_cards, game.you.top, game.you.bottom):
        zone.clear()
    both = compile_effects([{"do": "draw", "n": 1}, {"do": "draw", "n": 2}], "test")
    assert not both.worthwhile(game, -1)
    unknown = compile_effects([{"do": "draw", "n": 1}, {"do": "token", "n": 1}], "test")
    assert getattr(unknown, "worthwhile", None) is None  # a token always does something


def test_an_event_is_played_only_when_its_effect_would_change_something(full_pool):
    from deckbuilder.engine.actions import PLAY

    unearthing = "Core-040"  # Unearthing the Ancients: draw 3 cards (no condition)
    scenario = {"card": unearthing, "hand": [unearthing], "domains": [["Core-029"] * 3]}
    game = build(full_pool, scenario)
    policy = GreedyPolicy()
    assert policy.play(game).kind == PLAY
    game = build(full_pool, scenario)
    for zone in (game.you.deck_cards, game.you.top, game.you.bottom):
        zone.clear()
    # Still offered to a person, never played by the automatic player.
    assert any(a.kind == PLAY for a in game.legal_actions())
    assert GreedyPolicy().play(game) is None


def test_a_character_exhausted_to_boost_another_is_used_while_uncommitted(full_pool):
    from tests.test_card_scenarios import step

    translator = "TC-110"  # Uneasy Translator: exhaust to boost a chosen character
    game = build(
        full_pool,
        {"card": translator, "characters": [translator, "Core-029"], "phase": "story"},
    )
    step(game, "commit Core-029 1")
    assert _uses(game, translator) and _worth(game, translator)
    # A character boosting itself (no exhaust cost) still waits to be committed.
    scholar = "TKatG-017"  # Scholar from Yith: pay 1 to change one of its (A) into (I)
    game = build(
        full_pool,
        {
            "card": scholar,
            "characters": [scholar, "Core-029"],
            "domains": [["Core-029"]],
            "phase": "story",
        },
    )
    step(game, "commit Core-029 1")
    assert _uses(game, scholar) and not _worth(game, scholar)
