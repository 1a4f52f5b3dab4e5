"""Every example the README gives does what the README says it does: each command of its
code blocks runs here with a check of its output (a README example without a check fails),
each "`words` → Card" claim about search is searched, and each example of the search-syntax
table is a query that runs and finds cards."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from conftest import SHARED, run_cli

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


def _code_block_commands() -> list[str]:
    """The `deckbuilder ...` lines of the README's code blocks, without their comments."""
    commands, inside = [], False
    for line in README.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside and line.startswith("deckbuilder "):
            commands.append(re.sub(r"\s+#.*$", "", line).strip())
    return commands


def _titles(out: str) -> list[str]:
    return [c["title"] for c in json.loads(out)["cards"]]


def _table_titles(out: str) -> list[str]:
    """The Title column of search's table."""
    return [line.split("  ")[0] for line in out.splitlines()[2:] if line and line[0] != "("]


def _json_search(*words: str) -> list[dict]:
    code, out, err = run_cli("search", *words, "--json", "--limit", "5000")
    assert code == 0, err
    return json.loads(out)["cards"]


# README line -> (arguments to run instead, or None to run it as written; the check).
# Placeholders: DECK is the example deck, collection.csv a file in the test's folder.
def _searched_itinerant(code, out, err):
    assert code == 0 and _table_titles(out)[0] == "Itinerant Scholar"


def _cheap_yog_characters(code, out, err):
    rows = _table_titles(out)
    assert code == 0 and 0 < len(rows) <= 10
    cards = _json_search("t:char", "f:yog", "c<=2")
    assert all(c["type"] == "Character" and c["faction"] == "Yog-Sothoth" for c in cards)
    assert all(c["cost"] is not None and c["cost"] <= 2 for c in cards)


def _terror_investigation_not_loyal(code, out, err):
    cards = json.loads(out)["cards"]
    assert code == 0 and cards
    assert {c["era"] for c in cards} >= {"CCG", "LCG"}  # era:all
    for c in cards:
        assert c["icons"]["terror"] >= 1 and c["icons"]["investigation"] >= 1
        assert "Loyal" not in c["keywords"]


def _hastur_characters_going_insane(code, out, err):
    assert code == 0
    cards = _json_search("t:char f:hastur", 'x:"go insane"')
    assert cards and all(c["type"] == "Character" and c["faction"] == "Hastur" for c in cards)
    assert len(_table_titles(out)) == len(cards)


def _carl_stanford(code, out, err):
    assert code == 0
    assert out.count("Carl Stanford, ") == 2  # both cards of the title, each with its descriptor


def _one_yog_sothoth(code, out, err):
    cards = json.loads(out)["cards"]
    assert code == 0 and [(c["title"], c["descriptor"]) for c in cards] == [
        ("Yog-Sothoth", "Lord of Time and Space")
    ]


def _collection_check(expect):
    def check(code, out, err):
        assert code == 0, err
        expect(out)

    return check


def _owned(name: str) -> int:
    code, out, err = run_cli("card", name, "--json")
    assert code == 0, err
    (card,) = json.loads(out)["cards"]
    return card["owned"]


CHECKS = {
    "deckbuilder search itinrant scholr": (None, _searched_itinerant),
    "deckbuilder search t:char f:yog c<=2 --limit 10": (None, _cheap_yog_characters),
    "deckbuilder search 'i:ti' '!k:loyal' era:all --json": (None, _terror_investigation_not_loyal),
    "deckbuilder search 't:char f:hastur' 'x:\"go insane\"'": (
        None,
        _hastur_characters_going_insane,
    ),
    'deckbuilder card "Carl Stanford"': (None, _carl_stanford),
    "deckbuilder card yog sothoth lord --json": (None, _one_yog_sothoth),
}
# Collection examples run in order on one database; each checks the state it leaves.
COLLECTION = {
    'deckbuilder collection add "Core Set" --count 2': None,
    'deckbuilder collection add-card "Paul LeMond" --count -1': None,
    'deckbuilder collection add-card "Carl Stanford, Deathless Fanatic"': None,
    "deckbuilder collection copies TSotS 2": None,
    "deckbuilder collection show [--json]": ["collection", "show", "--json"],
    "deckbuilder collection missing DECK [--json]": ["collection", "missing", "DECK", "--json"],
    "deckbuilder collection build DECK [--force]": ["collection", "build", "DECK", "--force"],
    "deckbuilder collection unbuild DECK|NAME": ["collection", "unbuild", "DECK"],
    "deckbuilder collection export collection.csv": None,
    "deckbuilder collection import collection.csv": None,
}
# Card-data files a user downloads: run when ../shared holds one, else skipped.
DATA_FILES = {
    "deckbuilder db import path/to/Call-of-Cthulhu-OCTGN/o8g/Sets": (
        "carddata/tdnordine-Call-of-Cthulhu-OCTGN/o8g/Sets"
    ),
    "deckbuilder db import CardDataFile.txt --json": "carddata/Tragic-zz-lackey-CoCLCG",
}


def test_every_readme_command_has_a_check():
    commands = _code_block_commands()
    assert len(commands) >= 15
    unchecked = [c for c in commands if c not in CHECKS | COLLECTION | DATA_FILES]
    assert unchecked == []


@pytest.mark.parametrize("line", list(CHECKS))
def test_readme_search_and_card_examples(full_db_env, line):
    assert line in _code_block_commands(), "the README no longer has this example"
    argv, check = CHECKS[line]
    code, out, err = run_cli(*(argv or shlex.split(line)[1:]))
    check(code, out, err)


def test_readme_collection_examples_in_order(full_db_env, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = tmp_path / "deck.txt"
    deck.write_text(EXAMPLE_DECK.read_text(encoding="utf-8"), encoding="utf-8")
    for line, argv in COLLECTION.items():
        assert line in _code_block_commands(), f"the README no longer has {line!r}"
        args = [str(deck) if a == "DECK" else a for a in (argv or shlex.split(line)[1:])]
        code, out, err = run_cli(*args)
        assert code in (0, 1), f"{line}: {err}"  # missing/build: 1 when the deck is short
        if line.startswith("deckbuilder collection add "):
            assert _owned("Paul LeMond") == 2  # two Core Sets
        elif "Paul LeMond" in line:
            assert _owned("Paul LeMond") == 1  # one lost
        elif "Deathless Fanatic" in line:
            assert _owned("Carl Stanford, Deathless Fanatic") == 1
        elif line.startswith("deckbuilder collection copies"):
            copies = json.loads(run_cli("collection", "show", "--json")[1])["copies"]
            assert [(c["product"], c["copies"]) for c in copies] == [("TSotS", 2)]
        elif line.startswith("deckbuilder collection show"):
            shown = json.loads(out)
            assert shown["products"][0]["count"] == 2 and shown["cards"] == 330  # -1 +1
        elif line.startswith("deckbuilder collection missing"):
            assert "missing" in json.loads(out)
        elif line.startswith("deckbuilder collection build"):
            assert code == 0
            assert json.loads(run_cli("collection", "show", "--json")[1])["built"]
        elif line.startswith("deckbuilder collection unbuild"):
            assert json.loads(run_cli("collection", "show", "--json")[1])["built"] == []
        elif "export" in line:
            rows = (tmp_path / "collection.csv").read_text(encoding="utf-8").splitlines()
            assert "product,Core,,,,2" in rows and "copies,TSotS,,,,2" in rows
        elif "import" in line:
            # the export read back: nothing lost
            assert _owned("Paul LeMond") == 1
            assert _owned("Carl Stanford, Deathless Fanatic") == 1
        if "missing" not in line:  # missing: 1 says the deck cannot be built
            assert code == 0, f"{line}: {err}"


@pytest.mark.parametrize("line", list(DATA_FILES))
def test_readme_card_data_examples(full_db_env, line):
    from conftest import requires_shared

    folder = requires_shared(*DATA_FILES[line].split("/"))
    argv = shlex.split(line)[1:]
    if "CardDataFile.txt" in line:
        files = sorted(folder.rglob("CardDataFile*.txt")) or sorted(folder.rglob("*.txt"))
        if not files:
            pytest.skip(f"no Lackey card data file under {folder}")
        argv[argv.index("CardDataFile.txt")] = str(files[0])
    else:
        argv[2] = str(folder)
    code, out, err = run_cli(*argv)
    assert code == 0, err
    if "--json" in argv:
        assert {"imported", "updated", "unchanged", "unmatched"} <= set(json.loads(out))
    code, out, err = run_cli(*argv)  # importing again changes nothing
    assert code == 0 and ("0 imported, 0 updated" in out or '"imported": 0' in out), out


# "`itin` → Itinerant Scholar" and "`itinrant scholr` finds Itinerant Scholar"
_CLAIM = re.compile(r"`([^`]+)` (?:→|finds) ((?:[A-Z][\w'-]*,? ?)+(?:(?:of|and|the) [A-Z][\w-]*)*)")


def _search_claims() -> list[tuple[str, str]]:
    section = README[README.index("### Searching") : README.index("### Reading a card")]
    syntax = README[README.index("## Search syntax") : README.index("| field |")]
    return [
        (words, title.strip().rstrip(","))
        for words, title in _CLAIM.findall(" ".join((section + syntax).split()))
        if ":" not in words
    ]


def test_the_readme_states_search_claims():
    assert len(_search_claims()) >= 4


@pytest.mark.parametrize(("words", "title"), _search_claims())
def test_readme_search_claims(full_db_env, words, title):
    cards = _json_search(*words.split())
    assert cards, f"{words!r} finds nothing"
    first = f"{cards[0]['title']}, {cards[0]['descriptor']}"
    assert first.startswith(title) or cards[0]["title"] == title, (words, first)


def _table_examples() -> list[str]:
    table = README[README.index("| field |") : README.index("Numbers take")]
    examples = []
    for row in table.splitlines()[2:]:
        cells = row.split(" | ")
        examples += [e.replace("\\|", "|") for e in re.findall(r"`([^`]+)`", cells[-1])]
    return examples


def test_the_search_table_gives_examples_for_every_field():
    assert len(_table_examples()) >= 30


@pytest.mark.parametrize("query", _table_examples())
def test_every_search_table_example_runs_and_finds_cards(full_db_env, query):
    code, _, err = run_cli("collection", "add", "Core Set", "--count", "3")
    assert code == 0, err
    code, out, err = run_cli("search", query, "era:all", "--json", "--limit", "1")
    assert code == 0, f"{query}: {err}"
    assert json.loads(out)["total"] > 0, f"{query} finds no card"


def test_an_unknown_field_is_the_error_the_readme_shows(full_db_env):
    shown = re.search(r"`deckbuilder search foo:bar` →\s*`([^`]+)…`", README)
    assert shown, "the README no longer shows the unknown-field error"
    code, _, err = run_cli("search", "foo:bar")
    assert code == 2 and err.startswith(shown.group(1))


def test_shared_is_beside_the_repository_or_skipped():
    """The card-data examples need ../shared; without it they skip (a fresh clone)."""
    assert isinstance(SHARED, Path)


def test_the_readme_coverage_table_is_what_the_command_prints():
    """The README's table of card text simulated per set is the command's own output
    (regenerate it with scripts/readme_coverage.py)."""
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "scripts" / "readme_coverage.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True)
    assert done.returncode == 0, "README coverage table is stale: run scripts/readme_coverage.py"
