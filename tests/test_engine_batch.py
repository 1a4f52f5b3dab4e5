"""The batch runner: statistics, reproducibility by seed across processes."""

from __future__ import annotations

import random

import pytest
from conftest import make_card
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.engine.batch import game_seed, run_batch
from deckbuilder.engine.game import Game, seeded_random
from deckbuilder.engine.policies import get_policy


def small_deck(characters: bool = True) -> Deck:
    deck = Deck("batch")
    if characters:
        deck.add(make_card("Scout", id="B-1", cost=1, skill=1, investigation=1), 3)
        deck.add(make_card("Brute", id="B-2", cost=3, skill=3), 3)
        deck.add(make_card("Sage", id="B-3", cost=2, skill=2, faction="Hastur"), 3)
    deck.add(make_card("Plan", id="B-4", type="Event", cost=1, faction="Hastur"), 20)
    return deck


def figures(stats) -> dict:
    document = stats.to_json()
    document.pop("games_per_second")
    return document


def test_same_seed_same_numbers_with_one_or_two_processes():
    deck = small_deck()
    one = run_batch(deck, games=2100, seed=9, workers=1)
    two = run_batch(deck, games=2100, seed=9, workers=2)
    assert figures(one) == figures(two)
    assert figures(run_batch(deck, games=2100, seed=10, workers=1)) != figures(one)


def test_batch_games_are_the_games_of_their_seeds():
    deck = small_deck()
    stats = run_batch(deck, games=50, seed=4, turn_cap=12)
    wins = [
        Game.new(deck, game_seed(4, i), turn_cap=12).run(get_policy("greedy")).result == "win"
        for i in range(50)
    ]
    assert stats.wins == sum(wins)


def test_statistics_document():
    stats = run_batch(small_deck(), games=300, seed=1)
    document = stats.to_json()
    for key in ("games", "seed", "win_rate", "deck_out_rate", "turns", "win_by_turn",
                "mulligan_rate", "games_per_second", "playable_by_turn", "note"):  # fmt: skip
        assert key in document
    assert document["games"] == 300 and document["seed"] == 1
    assert set(document["turns"]) == {"mean", "median", "p10", "p90"}
    assert document["turns"]["p10"] <= document["turns"]["median"] <= document["turns"]["p90"]
    assert sum(document["win_by_turn"].values()) == pytest.approx(document["win_rate"])
    assert "text" in document["note"]
    for row in document["playable_by_turn"]:
        values = list(row["by_turn"].values())
        assert values == sorted(values)  # "by turn t" only grows
        assert all(0 <= v <= 1 for v in values)
    scout = next(r for r in document["playable_by_turn"] if r["title"] == "Scout")
    assert scout["by_turn"]["1"] > 0.3


def test_a_deck_without_characters_never_wins_and_decks_out():
    stats = run_batch(small_deck(characters=False), games=100, seed=2)
    assert stats.win_rate == 0
    assert stats.deck_out_rate == 1  # 20 cards run out long before the turn cap
    assert stats.to_json()["turns"]["mean"] is None


def test_turn_cap_and_second_player():
    capped = run_batch(small_deck(), games=200, seed=3, turn_cap=2)
    assert capped.win_rate == 0  # no third story by turn 2
    first = run_batch(small_deck(), games=400, seed=3)
    second = run_batch(small_deck(), games=400, seed=3, first_player=False)
    assert second.win_turn_summary()["mean"] < first.win_turn_summary()["mean"]


def test_progress_and_bad_arguments():
    seen = []
    run_batch(small_deck(), games=2500, seed=1, workers=1, progress=lambda d, t: seen.append(d))
    assert seen == [1000, 2000, 2500]
    with pytest.raises(KeyError):
        run_batch(small_deck(), games=10, policy="nonsense")
    with pytest.raises(ValueError):
        run_batch(small_deck(), games=-1)


@given(st.one_of(st.integers(), st.integers(min_value=2**40, max_value=2**80)))
def test_a_game_generator_is_random_random_of_its_seed(seed):
    # Batches seed one generator per game by a faster route: it must be the same generator.
    rng, reference = seeded_random(seed), random.Random(seed)
    assert rng.getstate() == reference.getstate()
    assert [rng.random() for _ in range(3)] == [reference.random() for _ in range(3)]


@pytest.mark.parametrize("games, turn_cap", [(10**7 + 1, 25), (10, 1001), (10, 0), (-1, 25)])
def test_a_batch_beyond_its_limits_is_refused_before_it_starts(games, turn_cap):
    deck = Deck("d")
    deck.add(make_card(id="c1", title="A", type="Character", cost=1, skill=1), 50)
    with pytest.raises(ValueError, match="must be between"):
        run_batch(deck, games=games, seed=1, turn_cap=turn_cap)
