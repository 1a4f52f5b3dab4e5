"""`deckbuilder search` as players type it: quotes and apostrophes in shell arguments, one
row per card with its printings in the JSON, and one-line errors for values no card has."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli


def _search(*argv: str) -> dict:
    code, out, err = run_cli("search", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["R'lyeh conspiracy"], "The R'lyeh Conspiracy"),
        (["O'Donnell"], "Kirby O'Donnell"),
        (["Dagon's"], "Dagon"),
        (["yog sothoth lord"], "Yog-Sothoth"),
        (["tormented", "psychic"], "Paul LeMond"),
        (["itinrant", "scholr"], "Itinerant Scholar"),
        (["'x:\"go insane\"'", "f:hastur"], None),
        (['x:"go insane"', "f:hastur"], None),
        (["t:char f:yog"], None),
    ],
)
def test_one_argument_with_quotes_or_apostrophes_searches(full_db_env, argv, first):
    document = _search(*argv)
    assert document["cards"]
    if first:
        assert document["cards"][0]["title"] == first
    if argv[-1] == "f:hastur":
        go_insane = _search("x:go insane", "f:hastur")
        assert document == go_insane
    if argv == ["t:char f:yog"]:
        assert {(c["type"], c["faction"]) for c in document["cards"]} == {
            ("Character", "Yog-Sothoth")
        }


def test_rows_are_cards_with_their_printings(full_db_env):
    document = _search("itinerant", "scholar")
    (card,) = document["cards"]
    assert document["total"] == 1
    assert (card["id"], card["card_id"], card["era"]) == ("Core-030", "Core-030", "LCG")
    assert [(p["id"], p["era"]) for p in card["printings"]] == [
        ("Core-030", "LCG"), ("MN-023", "CCG"),
    ]  # fmt: skip
    assert {"id", "set", "number", "era"} <= card["printings"][0].keys()


def test_printings_option_gives_a_row_per_printing(full_db_env):
    document = _search("itinerant", "scholar", "--printings")
    assert [c["id"] for c in document["cards"]] == ["Core-030", "MN-023"]
    code, out, _ = run_cli("search", "itinerant", "scholar", "--printings")
    assert code == 0 and "(2 printings)" in out


def test_human_rows_count_the_other_printings(full_db_env):
    code, out, _ = run_cli("search", "itinerant", "scholar")
    assert code == 0
    assert "Core +1" in out and "(1 card)" in out


def test_default_pool_is_the_lcg(full_db_env):
    assert _search("priest of dagon")["total"] == 0
    assert [c["era"] for c in _search("priest of dagon", "era:ccg")["cards"]] == ["CCG"]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["st:nonsuch"], "'st:nonsuch': unknown subtype 'nonsuch'"),
        (["k:nimble", "t:char"], "'k:nimble': unknown keyword 'nimble'"),
        (["c:\u00b2"], "'\u00b2' is not a number"),
        (["c:99999999999999999999"], "too large"),
        (["s>" + "9" * 5000], "too large"),
    ],
)
def test_unknown_values_are_exit_2_with_one_line(full_db_env, argv, names):
    code, out, err = run_cli("search", *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and names in err and len(err) < 300  # one line naming every choice


def test_known_subtype_from_the_database_is_accepted(full_db_env):
    assert _search("st:sorcerer", "f:yog")["total"] > 0
