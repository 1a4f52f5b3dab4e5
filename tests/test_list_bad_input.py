"""Restricted/banned list files and stored lists with odd content: wrong JSON types, halves
of UTF-16 pairs, absurd lines, junk files, damaged rows. One clear error when adding, a
skipped list when reading the database, never a traceback."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import run_cli

from deckbuilder.legality import MAX_ENTRY_CHARS, MAX_LIST_ENTRIES, MAX_UNKNOWN_ENTRIES

BASE = {"id": "house", "name": "House list", "restricted": ["Paul LeMond"]}
BAD_DOCUMENTS = {
    "max_copies a list": ({"errata": {"max_copies": [1]}}, '"max_copies" must be an object'),
    "copies a list": ({"errata": {"max_copies": {"Paul LeMond": [1]}}}, "Paul LeMond"),
    "copies infinite": ({"errata": {"max_copies": {"Paul LeMond": 1e400}}}, "whole number"),
    "copies true": ({"errata": {"max_copies": {"Paul LeMond": True}}}, "whole number"),
    "conspiracy limit text": ({"errata": {"conspiracy_limit": "3"}}, "conspiracy_limit"),
    "errata source a list": ({"errata": {"source": [1]}}, '"source" must be text'),
    "errata a list": ({"errata": [1]}, '"errata" must be an object'),
    "source an object": ({"source": {"a": 1}}, '"source" must be text'),
    "note a list": ({"note": [1]}, '"note" must be text'),
    "no such day": ({"effective": "2015-02-30"}, '"effective" must be a date'),
    "id half a pair": ({"id": "house\ud800"}, '"id" holds half of a UTF-16 pair'),
    "title a number": ({"restricted": [{"title": 5}]}, 'every "restricted" entry needs a title'),
    "printing a list": ({"banned": [{"title": "Paul LeMond", "printing": [1]}]}, "printing"),
    "title 40,000 characters": ({"banned": ["x" * 40_000]}, "is not a card title"),
    "too many entries": ({"banned": ["Paul LeMond"] * (MAX_LIST_ENTRIES + 1)}, "at most 500"),
    "null": (None, "must be a JSON object"),
}


def lists_in_db_info() -> set[str]:
    code, out, _err = run_cli("db", "info", "--json")
    assert code == 0
    return {item["id"] for item in json.loads(out)["lists"]}


@pytest.mark.parametrize("case", sorted(BAD_DOCUMENTS))
def test_a_list_file_with_wrong_types_is_one_clear_error_and_stores_nothing(
    full_db_env, tmp_path, case
):
    fields, message = BAD_DOCUMENTS[case]
    document = None if fields is None else {**BASE, **fields}
    path = tmp_path / "house.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run_cli("db", "add-list", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err and len(err) < 300
    assert "house" not in lists_in_db_info()


def test_a_text_list_with_a_40000_character_line_is_refused(full_db_env, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("Name: Long\nBanned:\nPaul" + " " * 40_000 + "LeMond\n")  # took 50 s
    code, _out, err = run_cli("db", "add-list", str(path))
    assert code == 2 and f"(at most {MAX_ENTRY_CHARS})" in err and err.count("\n") == 1


def test_a_text_list_of_thousands_of_junk_lines_is_refused_before_looking_them_up(
    full_db_env, tmp_path
):
    path = tmp_path / "junk.txt"
    path.write_text("Name: Junk\nBanned:\n" + "zq xv blorp\n" * 28_000)
    code, _out, err = run_cli("db", "add-list", str(path))
    assert code == 2 and f'28000 "banned" entries; a list holds at most {MAX_LIST_ENTRIES}' in err


def test_adding_a_list_of_many_unknown_titles_stops_after_a_few(full_db_env, tmp_path):
    path = tmp_path / "typos.txt"
    titles = [f"Qwerty Zzyzx {n}" for n in range(50)]
    path.write_text("Name: Typos\nRestricted:\n" + "\n".join(titles) + "\n")
    code, _out, err = run_cli("db", "add-list", str(path))
    assert code == 2
    assert f"{MAX_UNKNOWN_ENTRIES} cards not found (stopped looking)" in err
    assert titles[MAX_UNKNOWN_ENTRIES - 1] in err and titles[MAX_UNKNOWN_ENTRIES] not in err


def test_a_text_list_entry_keeps_its_printing_and_parentheses_in_titles(full_db_env, tmp_path):
    path = tmp_path / "printings.txt"
    path.write_text(
        "Name: P\nId: p\nRestricted:\nNyarlathotep (Dreamlands F117)\nPaul LeMond ( Core Set )\n"
    )
    code, out, err = run_cli("db", "add-list", str(path), "--json")
    assert code == 0, err
    from deckbuilder.legality import load_lists

    entries = load_lists(full_db_env)["p"].restricted
    assert [(e.title, e.printing) for e in entries] == [
        ("Nyarlathotep", "Dreamlands F117"),
        ("Paul LeMond", "Core Set"),
    ]


DAMAGED_ROWS = {
    "null document": None,
    "JSON null": "null",
    "not JSON": "{",
    "bytes that are not text": b"\xff\xfe{",
    "max_copies a list": json.dumps({**BASE, "errata": {"max_copies": [1]}}),
}


@pytest.mark.parametrize("case", sorted(DAMAGED_ROWS))
def test_a_damaged_stored_list_is_skipped_and_checks_still_work(
    full_db_env, legal_deck_text, tmp_path, case
):
    with sqlite3.connect(full_db_env) as connection:
        # A table without NOT NULL, as a hand-edited or foreign database may have.
        connection.execute("DROP TABLE IF EXISTS legality_list")
        connection.execute(
            "CREATE TABLE legality_list (id VARCHAR PRIMARY KEY, name VARCHAR, "
            "effective VARCHAR, source VARCHAR, document, added_at DATETIME)"
        )
        connection.execute(
            "INSERT INTO legality_list VALUES ('house', 'House', NULL, '', ?, NULL)",
            (DAMAGED_ROWS[case],),
        )
    assert "house" not in lists_in_db_info()
    deck = tmp_path / "legal.txt"
    deck.write_text(legal_deck_text, encoding="utf-8")
    code, _out, err = run_cli("check", str(deck))
    assert code == 0, err
