"""deckbuilder goldfish --coverage and --log: how much card text the goldfish plays, and one
game of a batch read move by move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


@pytest.fixture
def db(full_db_env):
    return full_db_env


def test_coverage_json_counts_every_lcg_card_once(db):
    code, out, err = run_cli("goldfish", "--coverage", "--json")
    assert code == 0, err
    document = json.loads(out)
    ids = [c["id"] for c in document["cards"]]
    assert len(ids) == len(set(ids)) > 1500
    statuses = {"simulated", "not_simulated", "opponent_only", "no_text"}
    assert {c["status"] for c in document["cards"]} <= statuses
    core = document["sets"]["Core"]
    assert core["solo"] == core["simulated"] + core["not_simulated"]
    assert core["simulated"] / core["solo"] >= 0.95
    assert sum(n["solo"] + n["opponent"] + n["none"] for n in document["sets"].values()) == len(ids)
    for card in document["cards"]:
        if card["status"] == "not_simulated":
            assert card["reason"], card  # every card not simulated says why


def test_coverage_of_one_set_and_of_an_unknown_one(db):
    code, out, err = run_cli("goldfish", "--coverage", "--set", "core")
    assert code == 0, err
    assert out.splitlines()[0].split()[:3] == ["set", "solo", "simulated"]
    assert "Core" in out and "TMoM" not in out
    code, out, err = run_cli("goldfish", "--coverage", "--set", "nowhere")
    assert code == 2 and "no LCG set 'nowhere'" in err and "Core" in err


def test_goldfish_without_a_deck_says_so(db):
    code, out, err = run_cli("goldfish")
    assert code == 2 and "needs a DECK" in err


def test_log_prints_the_game_the_batch_plays(db):
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.engine.batch import run_batch
    from deckbuilder.formats import read_deck

    code, out, err = run_cli("goldfish", str(EXAMPLE_DECK), "--seed", "9", "--log", "1")
    assert code == 0, err
    assert "game 1 of the batch with seed 9" in out
    assert "-- turn 1" in out and "played" in out
    code, lines, err = run_cli("goldfish", str(EXAMPLE_DECK), "--seed", "9", "--log", "1", "--json")
    events = [json.loads(line) for line in lines.splitlines()]
    assert {"turn", "phase", "kind", "text"} <= set(events[0])
    won = [e for e in events if e["kind"] == "game_won"]
    deck = read_deck(EXAMPLE_DECK, CardPool(load_cards(db)))
    stats = run_batch(deck, games=1, seed=9, workers=1).to_json()
    if won:  # the batch's game 1 is the logged game: same result, same turn
        assert stats["win_rate"] == 1.0
        assert stats["win_by_turn"] == {str(events[-1]["turn"]): 1.0}
    else:
        assert stats["win_rate"] == 0.0


@pytest.mark.parametrize("value", ["0", "1001", "-3"])
def test_log_outside_the_batch_is_refused(db, value):
    code, out, err = run_cli("goldfish", str(EXAMPLE_DECK), "--games", "1000", "--log", value)
    assert code == 2 and "--log must be a game of the batch" in err
