"""deckbuilder show DECK: grouped list, charts, legality and odds, at 80 columns."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from test_goldfish_cli import EXAMPLE_DECK

from card_db.pool import CardPool
from card_db.store import load_cards
from deckbuilder.formats import read_deck
from deckbuilder.legality import load_lists
from deckbuilder.odds import setup_hand_facts
from deckbuilder.partial_pool import read_decks_quickly


def show_json(*argv) -> dict:
    code, out, err = run_cli("show", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_human_summary_of_the_example_deck(full_db_env):
    code, out, err = run_cli("show", str(EXAMPLE_DECK))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Miskatonic Deep Ones: 50 cards in the draw deck, 0 story cards"
    assert lines[1] == "legal under format lcg, list final-2015"
    for header in ("Characters (38)", "Supports (6)", "Events (6)", "Cost curve", "Icons",
                   "Factions", "Steadfast needs"):  # fmt: skip
        assert header in lines
    assert "  3x Itinerant Scholar" in out
    assert "  1 │" in out and "█" in out  # the cost curve is drawn
    assert any(line.startswith("Opening-hand odds (8 cards)") for line in lines)
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)


def test_json_counts_agree_with_the_deck_and_the_odds_module(full_db_env, full_pool):
    document = show_json(str(EXAMPLE_DECK))
    deck = read_deck(EXAMPLE_DECK, full_pool)
    groups = document["sections"][0]["groups"]
    assert [g["type"] for g in groups] == ["Characters", "Supports", "Events"]
    assert sum(g["count"] for g in groups) == document["draw_deck_count"] == 50
    assert sum(c["count"] for g in groups for c in g["cards"]) == 50
    assert sum(document["cost_curve"].values()) == 50
    assert document["factions"] == {"Miskatonic University": 28, "Cthulhu": 22}
    assert document["icons"]["terror"] == sum(c.terror for c in deck.draw_cards())
    expected = {f.key: f.probability for f in setup_hand_facts(deck)}
    assert {k: f["probability"] for k, f in document["odds"]["facts"].items()} == expected
    assert document["legality"]["legal"] is True
    assert {n["faction"] for n in document["steadfast"]} == {"Cthulhu", "Miskatonic University"}


def test_format_and_list_as_for_check(full_db_env, tmp_path):
    deck = tmp_path / "two-restricted.txt"
    deck.write_text(EXAMPLE_DECK.read_text() + "1x Diseased Sewer Rats\n", encoding="utf-8")
    empty = tmp_path / "empty-list.txt"
    empty.write_text("Banned:\nDagon\n", encoding="utf-8")
    assert run_cli("db", "add-list", str(empty))[0] == 0
    assert [p["rule"] for p in show_json(str(deck))["legality"]["problems"]] == ["restricted"]
    for argv in ([], ["--list", "faq-v22"], ["--list", "empty-list"], ["--format", "ccg"]):
        document = show_json(str(deck), *argv)
        code, out, _err = run_cli("check", str(deck), *argv, "--json")
        checked = json.loads(out)["decks"][0]
        assert document["legality"]["legal"] == checked["legal"]
        assert document["legality"]["problems"] == checked["problems"]
        assert document["legality"]["list"] == checked["list"]


def test_a_problem_is_counted_in_words(full_db_env, tmp_path):
    deck = tmp_path / "short.txt"
    deck.write_text("3x Itinerant Scholar\n", encoding="utf-8")
    code, out, err = run_cli("show", str(deck))
    assert code == 0, err
    assert "NOT LEGAL (1 problem) under format lcg" in out.splitlines()[1]
    assert "[deck-size]" in out
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize(
    "text",
    [
        None,  # the example deck
        "Name: typo\n3x Itinerant Scholr\n3x Carl Stanford\nStory Deck:\nThe Well\n",
        "1x Carl Stanford (Deathless Fanatic)\n2x Dagon\n1x Itinerant Scholar (MN)\n",
    ],
)
def test_the_partial_pool_reads_and_checks_like_the_whole_pool(full_db, full_pool, tmp_path,
                                                               text):  # fmt: skip
    from deckbuilder.commands.show import summary

    path = EXAMPLE_DECK
    if text is not None:
        path = tmp_path / "deck.txt"
        path.write_text(text, encoding="utf-8")
    lists = load_lists(full_db)
    (quick,), partial = read_decks_quickly([str(path)], full_db, lists.values())
    whole = read_deck(path, full_pool)
    assert [(e.card.id, e.count) for e in quick.draw] == [(e.card.id, e.count) for e in whole.draw]
    assert quick.warnings == whole.warnings
    for list_id in lists:
        assert summary(quick, partial, lists, None, list_id) == summary(
            whole, full_pool, lists, None, list_id
        )
    assert len(partial) < len(full_pool) or text is not None


def test_rule_warnings_are_shown(full_db_env, tmp_path):
    deck = tmp_path / "heroic-villainous.txt"
    deck.write_text("3x Akhlut\n1x Brother James Xavier\n", encoding="utf-8")
    code, out, _err = run_cli("show", str(deck))
    assert code == 0 and "  warning: Heroic (Brother James Xavier) and Villainous (Akhlut)" in out
    assert show_json(str(deck))["legality_warnings"][0].startswith("Heroic")


def test_bad_input_exits_2_on_one_line(full_db_env, tmp_path):
    for argv in (
        [str(tmp_path / "missing.txt")],
        [str(EXAMPLE_DECK), "--format", "nope"],
        [str(EXAMPLE_DECK), "--list", "nope"],
    ):
        code, out, err = run_cli("show", *argv)
        assert code == 2 and out == "", argv
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    bad = tmp_path / "bad.txt"
    bad.write_text("3x Qwerty Zzyzx Blorp\n", encoding="utf-8")
    code, out, err = run_cli("show", str(bad))
    assert code == 2 and str(bad) in err.splitlines()[0]


def test_partial_pool_is_smaller(full_db):
    (deck,), pool = read_decks_quickly([str(EXAMPLE_DECK)], full_db, [])
    assert deck.draw_count == 50
    assert len(pool) < len(CardPool(load_cards(full_db))) / 2
