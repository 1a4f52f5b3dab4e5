"""deckbuilder goldfish on a real deck file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


@pytest.fixture
def deck_file(full_db_env):
    return EXAMPLE_DECK


def goldfish_json(*argv) -> dict:
    code, out, err = run_cli("goldfish", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_json_report(deck_file):
    document = goldfish_json(str(deck_file), "--games", "400", "--seed", "5")
    assert document["games"] == 400 and document["seed"] == 5 and document["cards"] == 50
    for key in ("win_rate", "deck_out_rate", "mulligan_rate", "games_per_second"):
        assert 0 <= document[key]
    assert set(document["turns"]) >= {"mean", "median", "p10", "p90"}
    assert document["win_rate"] > 0.9  # an empty opponent cannot stop a 30-character deck
    assert all(key.isdigit() for key in document["win_by_turn"])
    assert "not simulated" in document["note"]
    titles = {row["title"] for row in document["playable_by_turn"]}
    assert "Laboratory Assistant" in titles
    text = document["card_text"]
    assert "Core-031" in text["simulated"]  # Natural Philosopher: draw, then discard
    assert "Core-054" in text["inert"]  # Sword of Y'ha-tallo: terror and combat only
    assert "Core-029" not in sum(text.values(), [])  # Laboratory Assistant has no text


def test_no_card_text_plays_keywords_only(deck_file):
    with_text = goldfish_json(str(deck_file), "--games", "300", "--seed", "3")
    keywords = goldfish_json(str(deck_file), "--games", "300", "--seed", "3", "--no-card-text")
    assert keywords["card_text"]["simulated"] == []
    assert set(keywords["card_text"]["not_simulated"]) == set(with_text["card_text"]["simulated"])
    assert "keywords only" in keywords["note"]


def test_same_seed_same_numbers(deck_file):
    a = goldfish_json(str(deck_file), "--games", "300", "--seed", "8")
    b = goldfish_json(str(deck_file), "--games", "300", "--seed", "8", "--workers", "2")
    for doc in (a, b):
        doc.pop("games_per_second")
    assert a == b


def test_options_change_the_game(deck_file):
    first = goldfish_json(str(deck_file), "--games", "300", "--seed", "1")
    second = goldfish_json(str(deck_file), "--games", "300", "--seed", "1", "--second")
    assert second["first_player"] is False
    assert second["turns"]["mean"] < first["turns"]["mean"]  # no first-player penalty
    capped = goldfish_json(str(deck_file), "--games", "100", "--seed", "1", "--turns", "2")
    assert capped["turn_cap"] == 2 and capped["win_rate"] == 0
    rnd = goldfish_json(str(deck_file), "--games", "100", "--seed", "1", "--policy", "random")
    assert rnd["policy"] == "random"


def test_human_report_says_what_is_not_simulated(deck_file):
    code, out, err = run_cli("goldfish", str(deck_file), "--games", "200", "--seed", "2")
    assert code == 0, err
    assert "Win rate" in out and "Mulligan rate" in out
    assert "Text inert against an empty opponent: Binding" in out
    assert "Laboratory Assistant" in out
    code, out, err = run_cli("goldfish", str(deck_file), "--games", "50", "--no-card-text")
    assert "Text not simulated: Anthropology Advisor" in out
    assert "Card text beyond keywords is not simulated" in out
    assert err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--games", "0"], "--games"),
        (["--turns", "0"], "--turns"),
        (["--policy", "clever"], "unknown policy"),
        (["--seed", "-3"], "--seed"),
        # Too many games or turns would fill the memory before the first game.
        (["--games", "9" * 30], "--games must be at most 10,000,000"),
        (["--turns", "1000000000"], "--turns must be at most 1,000"),
    ],
)
def test_bad_options_are_one_line_errors(deck_file, argv, message):
    code, out, err = run_cli("goldfish", str(deck_file), *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_deck_files_are_one_line_errors(tmp_path, full_db_env):
    missing = tmp_path / "nope.txt"
    code, _, err = run_cli("goldfish", str(missing))
    assert code == 2 and "nope.txt" in err and "Traceback" not in err
    bad = tmp_path / "bad.txt"
    bad.write_text("3x Laboratory Assistant\n2x Definitely Not A Card\n", encoding="utf-8")
    code, _, err = run_cli("goldfish", str(bad))
    assert code == 2 and "Definitely Not A Card" in err and "Traceback" not in err
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n", encoding="utf-8")
    code, _, err = run_cli("goldfish", str(empty))
    assert code == 2 and "empty.txt" in err
