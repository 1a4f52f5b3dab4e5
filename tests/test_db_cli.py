"""`deckbuilder search` and `deckbuilder db` from the command line: JSON documents, exit codes,
one-line errors for bad input and search results that follow `db import`."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

SEARCH_KEYS = {
    "id", "title", "descriptor", "type", "faction", "cost", "skill", "icons", "subtypes",
    "keywords", "set", "era", "unique",
}  # fmt: skip


def test_search_json_has_the_documented_keys(full_db_env):
    code, out, err = run_cli("search", "f:cthulhu", "t:character", "era:lcg", "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["total"] == len(document["cards"]) > 50
    for card in document["cards"]:
        assert SEARCH_KEYS <= card.keys()
        assert (card["faction"], card["type"], card["era"]) == ("Cthulhu", "Character", "LCG")
        assert set(card["icons"]) == {"terror", "combat", "arcane", "investigation"}


def test_search_human_output_and_limit(full_db_env):
    code, out, _ = run_cli("search", "scholar", "f:miskatonic", "--limit", "1")
    assert code == 0
    assert out.splitlines()[2].startswith("Itinerant Scholar")
    assert "(1 of 8 cards; --limit to see more)" in out


def test_a_quoted_multiword_argument_is_one_term(full_db_env):
    code, out, _ = run_cli("search", "x:go insane", "f:hastur", "--json")
    assert code == 0
    cards = json.loads(out)["cards"]
    assert cards and all(c["faction"] == "Hastur" for c in cards)


@pytest.mark.parametrize(
    "query",
    [["itinrant", "scholr"], ["dagon", "t:char"], ["the"], ["shoggoth", "!elder"], ["c<=1"]],
)
def test_cli_reads_only_matching_rows_yet_finds_what_the_whole_pool_search_finds(
    full_db_env, full_pool, query
):
    from card_db.search import search

    code, out, _err = run_cli("search", *query, "--json")
    assert code == 0
    document = json.loads(out)
    expected = search(full_pool, query)
    assert document["total"] == expected.total
    assert [c["id"] for c in document["cards"]] == [c.id for c in expected.cards]


def test_no_match_is_success(full_db_env):
    code, out, _ = run_cli("search", "t:story", "f:cthulhu")
    assert (code, out.strip()) == (0, "No cards match.")


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["search", "q:thing"], "'q'"),
        (["search", "c<=two"], "'two'"),
        (["search", "f:nobody"], "nobody"),
        (["search", "c:\u00b2"], "\u00b2"),
        (["search", "set:atlantis"], "atlantis"),
        (["search", "t:char", "--limit", "many"], "many"),
        (["db", "import"], "PATH"),
        (["db", "frobnicate"], "frobnicate"),
        (["search", "--bogus"], "--bogus"),
        (["goldfish", "deck.txt", "--games", "lots"], "lots"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_input_is_exit_2_with_one_line_and_no_traceback(argv, names):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == ""
    assert "Traceback" not in err
    assert names in err
    # usage errors and our own errors alike: one line naming the problem
    assert err.count("\n") == 1
    assert err.startswith("deckbuilder") and ": error: " in err


def test_search_on_a_file_that_is_not_a_database_is_exit_2(tmp_path):
    junk = tmp_path / "cards.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    code, out, err = run_cli("search", "t:char", "--db", str(junk))
    assert code == 2 and out == "" and err.count("\n") == 1 and str(junk) in err


def test_search_sees_cards_added_by_db_import(full_db_env, tmp_path):
    record = {
        "name": "Zebulon the Newly Imported", "descriptor": None, "type": "Character",
        "faction": "Cthulhu", "unique": False, "subtypes": "Deep One.", "text": "", "cost": 2,
        "skill": 1, "terror": 1, "combat": 0, "arcane": 0, "investigation": 0, "era": "LCG",
        "id": "166", "setname": "Core Set", "max": 3,
    }  # fmt: skip
    data = tmp_path / "extra.jsonl"
    data.write_text(json.dumps(record) + "\n", encoding="utf-8")
    code, _, _ = run_cli("search", "zebulon", "f:cthulhu", "t:char", "--json")
    assert code == 0
    code, out, err = run_cli("db", "import", str(data), "--json")
    assert code == 0, err
    assert json.loads(out)["imported"] == 1
    code, out, _ = run_cli("search", "zebulon", "f:cthulhu", "t:char", "--json")
    assert json.loads(out)["cards"][0]["title"] == "Zebulon the Newly Imported"
    code, out, _ = run_cli("db", "import", str(data), "--json")
    assert (json.loads(out)["imported"], json.loads(out)["updated"]) == (0, 0)


def test_db_info_counts_the_pool(full_db_env):
    code, out, err = run_cli("db", "info", "--json")
    assert code == 0, err
    info = json.loads(out)
    assert info["by_era"] == {"LCG": 1569, "CCG": 1204}
    assert info["cards"] == 2773 and info["sets"]
