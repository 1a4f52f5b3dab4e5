"""deckbuilder hand on a real deck file."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from test_goldfish_cli import EXAMPLE_DECK


@pytest.fixture
def deck_file(full_db_env):
    return EXAMPLE_DECK


def hand_json(*argv) -> dict:
    code, out, err = run_cli("hand", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_json_setup_hand_keep_resources_and_odds(deck_file):
    document = hand_json(str(deck_file), "--seed", "3")
    assert len(document["setup_hand"]) == 8
    assert len(document["keep"]) == 5
    assert [r["domain"] for r in document["resources"]] == [1, 2, 3]
    hand_ids = sorted(c["id"] for c in document["setup_hand"])
    split_ids = sorted(c["id"] for c in document["keep"] + document["resources"])
    assert hand_ids == split_ids
    assert isinstance(document["mulligan"], bool)
    odds = document["odds"]
    assert {"character", "early_character", "resource:Miskatonic University",
            "resource:Cthulhu", "resource:all"} <= set(odds)  # fmt: skip
    for fact in odds.values():
        assert 0 <= fact["probability"] <= fact["with_mulligan"] <= 1
    # 35 characters in 50 cards: a setup hand without one is very unlikely.
    assert odds["character"]["probability"] > 0.99


def test_same_seed_same_hand(deck_file):
    a = hand_json(str(deck_file), "--seed", "11")
    b = hand_json(str(deck_file), "--seed", "11")
    c = hand_json(str(deck_file), "--seed", "12")
    assert a == b
    assert a["setup_hand"] != c["setup_hand"]


def test_a_mulligan_suggestion_shows_the_new_hand(deck_file):
    for seed in range(200):
        document = hand_json(str(deck_file), "--seed", str(seed), "--policy", "random")
        if document["mulligan"]:
            assert len(document["after_mulligan"]["setup_hand"]) == 8
            return
    pytest.fail("the random policy never took a mulligan")


def test_human_output(deck_file):
    code, out, err = run_cli("hand", str(deck_file), "--seed", "3")
    assert code == 0, err
    for heading in ("Setup hand:", "Keep:", "Resources:", "Mulligan:", "Exact odds"):
        assert heading in out
    assert "domain 1:" in out


def test_errors(tmp_path, full_db_env):
    code, _, err = run_cli("hand", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err and "Traceback" not in err


def _loads_recorded(monkeypatch) -> list:
    """The ``where`` of every ``load_cards`` call (None: the whole pool)."""
    from card_db import store

    calls, load = [], store.load_cards
    monkeypatch.setattr(
        store, "load_cards", lambda path, **kw: calls.append(kw.get("where")) or load(path, **kw)
    )
    return calls


def test_goldfish_and_hand_read_a_clean_deck_without_the_whole_pool(deck_file, monkeypatch):
    calls = _loads_recorded(monkeypatch)
    for argv in (("hand", str(deck_file)), ("goldfish", str(deck_file), "--games", "2")):
        code, _, err = run_cli(*argv, "--seed", "1", "--json")
        assert code == 0, err
    assert len(calls) == 2 and None not in calls


def test_a_misspelt_deck_is_read_again_against_the_whole_pool(deck_file, monkeypatch, tmp_path):
    misspelt = tmp_path / "deck.txt"
    misspelt.write_text(deck_file.read_text().replace("Itinerant Scholar", "Itinerant Scolar"))
    clean = hand_json(str(deck_file), "--seed", "1")
    calls = _loads_recorded(monkeypatch)
    assert hand_json(str(misspelt), "--seed", "1") == clean
    assert calls[-1] is None
