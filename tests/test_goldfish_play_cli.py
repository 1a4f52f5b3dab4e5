"""deckbuilder goldfish DECK --play: one game by hand in the terminal, read from stdin."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from conftest import run_cli

DECK = Path(__file__).resolve().parents[1] / "benchmarks" / "decks" / "cthulhu-and-hastur.txt"


@pytest.fixture
def play(full_db_env, monkeypatch):
    def run(lines: str, *extra: str):
        monkeypatch.setattr("sys.stdin", io.StringIO(lines))
        return run_cli("goldfish", str(DECK), "--play", "--seed", "5", *extra)

    return run


def test_a_game_by_hand_takes_numbers_and_suggestions_to_the_end(play):
    code, out, err = play("2\n1\n\n\ns\n" + "\n" * 400)
    assert code == 0, err
    assert " 2. mulligan: shuffle the setup hand back" in out  # the first menu, numbered
    assert "mulligan: setup hand shuffled back" in out  # 2: the mulligan was taken
    # 1: the first setup resource, then the suggestions place the other two (a plan made
    # for three would suggest a third one in the resource phase)
    assert out.count("] resource: ") >= 3
    assert out.rstrip().splitlines()[-1].startswith("Game over: ")
    again = play("2\n1\n\n\ns\n" + "\n" * 400)
    assert again[1] == out  # the seed and the same moves give the same game


def test_play_it_out_and_quit(play):
    code, out, _ = play("a\n")
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("Game over: ")
    code, out, _ = play("q\n")
    assert code == 0 and "Game over" not in out


def test_a_wrong_answer_is_explained_and_nothing_is_played(play):
    code, out, _ = play("zz\n99\n-1\n" + "9" * 100_000 + "\nq\n")
    assert code == 0
    assert out.count("type a number from the list") == 4
    assert "9" * 30 not in out  # a long answer is shortened when it is quoted
    assert "keep: setup hand kept" not in out  # still the first menu


def test_end_of_input_stops_the_game(play):
    code, out, _ = play("")
    assert code == 0 and "end of input" in out


def test_play_is_not_json_nor_a_log(play):
    code, out, err = play("", "--json")
    assert code == 2 and err.count("\n") == 1 and "--play" in err
