"""What a first user trips over: plurals, --limit 0, the help, numbers in JSON, empty list
files, folders that do not exist."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from conftest import run_cli
from test_goldfish_cli import EXAMPLE_DECK

from deckbuilder.plurals import counted


def test_counted_nouns():
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "copy") == "1 copy" and counted(3, "copy") == "3 copies"
    assert counted(2, "built deck") == "2 built decks"


def test_one_of_a_thing_is_singular(full_db_env, tmp_path):
    deck = tmp_path / "one.txt"
    deck.write_text("1x Itinerant Scholar\n", encoding="utf-8")
    code, out, _err = run_cli("check", str(deck))
    assert code == 1 and "NOT LEGAL (1 problem)" in out and "1 card in the draw deck" in out
    assert "The draw deck has 1 card;" in out
    code, _out, err = run_cli("convert", str(deck), str(tmp_path / "one.json"))
    assert code == 0 and "1 card written" in err
    code, out, _err = run_cli("search", "Itinerant Scholar", "era:lcg")
    assert out.splitlines()[-1] == "(1 card)"
    for output in (out, err):
        assert "(s)" not in output and " 1 cards" not in output


def test_search_limit_0_says_how_many_match(full_db_env):
    code, out, _err = run_cli("search", "scholar", "--limit", "0")
    total = json.loads(run_cli("search", "scholar", "--json")[1])["total"]
    assert code == 0 and total > 0
    assert out.strip() == f"({total} cards match; --limit 0 shows none)"
    assert run_cli("search", "t:story", "f:cthulhu")[1].strip() == "No cards match."


def test_help_lists_every_db_subcommand():
    from deckbuilder.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    db_commands = next(a for a in commands["db"]._actions if a.dest == "db_command").choices
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    db_line = next(line for line in out.getvalue().splitlines() if line.strip().startswith("db "))
    assert all(name in db_line for name in db_commands), (db_line, list(db_commands))


def test_hand_json_costs_are_numbers_like_search(full_db_env):
    code, out, err = run_cli("hand", str(EXAMPLE_DECK), "--seed", "1", "--json")
    assert code == 0, err
    costs = [c["cost"] for c in json.loads(out)["setup_hand"]]
    assert costs and all(isinstance(c, int) or c in (None, "X") for c in costs)
    assert any(isinstance(c, int) for c in costs)


def test_adding_an_empty_list_file_is_an_error(full_db_env, tmp_path):
    before = run_cli("db", "info", "--json")[1]
    for content in ("", "\n# nothing\n", "Name: Nothing\nRestricted:\n"):
        empty = tmp_path / "empty.txt"
        empty.write_text(content, encoding="utf-8")
        code, out, err = run_cli("db", "add-list", str(empty))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert run_cli("db", "info", "--json")[1] == before


def test_a_database_or_export_in_a_missing_folder_is_an_error(full_db_env, tmp_path):
    missing = tmp_path / "no" / "such"
    code, out, err = run_cli("--db", str(missing / "cards.sqlite"), "db", "info")
    assert code == 2 and "does not exist" in err and len(err.strip().splitlines()) == 1
    code, _out, err = run_cli("convert", str(EXAMPLE_DECK), str(missing / "deck.md"))
    assert code == 2 and "does not exist" in err
    code, _out, err = run_cli("collection", "export", str(missing / "c.csv"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "no").exists()
