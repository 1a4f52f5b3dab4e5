"""Help and errors name every choice a user has: each list below is read from the registry
the code itself uses (query fields, types, factions, game formats, restricted/banned lists,
goldfish policies), so a choice added there and left out of help or an error fails here."""

from __future__ import annotations

import re

import pytest
from conftest import run_cli

from card_db.query import FACTION_ALIASES, FIELDS, TYPE_ALIASES


def _words(text: str) -> set[str]:
    """The names a help text or message gives, whatever the line wrapping."""
    return set(re.findall(r"[a-z0-9-]+", text.lower()))


def _option_help(help_text: str, option: str) -> str:
    """The help of one option: from its line in the options list to the next option's."""
    return help_text.split(f"\n  {option}")[1].split("\n  -")[0]


def _first_aliases(aliases: dict[str, str]) -> set[str]:
    first: dict[str, str] = {}
    for alias, value in aliases.items():
        first.setdefault(value, alias)
    return set(first.values())


def test_an_unknown_field_names_every_field_and_alias(tmp_path):
    code, out, err = run_cli("--db", str(tmp_path / "cards.sqlite"), "search", "foo:bar")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "unknown field 'foo'" in err
    named = _words(err.split("known fields:")[1])
    unnamed = {f for f in FIELDS.values() if not named & {a for a, g in FIELDS.items() if g == f}}
    assert unnamed == set()
    assert {"own", "avail", "terror", "combat", "arcane", "investigation", "cycle"} <= named


@pytest.mark.parametrize(
    ("term", "aliases"), [("t:zz", TYPE_ALIASES), ("f:zz", FACTION_ALIASES)], ids=["t", "f"]
)
def test_an_unknown_type_or_faction_names_every_one(tmp_path, term, aliases):
    code, _, err = run_cli("--db", str(tmp_path / "cards.sqlite"), "search", term)
    assert code == 2 and err.count("\n") == 1
    assert _first_aliases(aliases) <= _words(err)


def test_search_help_names_every_query_field_type_and_faction():
    code, out, _ = run_cli("search", "--help")
    assert code == 0
    epilog = out.split("Query fields:")[1]
    assert set(FIELDS) - _words(epilog) == set()
    assert _first_aliases(TYPE_ALIASES) | _first_aliases(FACTION_ALIASES) <= _words(epilog)


@pytest.mark.parametrize("command", ["check", "show"])
def test_check_and_show_help_name_every_format_and_built_in_list(command):
    from deckbuilder.legality import builtin_lists
    from deckbuilder.legality.play_formats import load_formats

    code, out, _ = run_cli(command, "--help")
    assert code == 0
    assert set(load_formats()) <= _words(_option_help(out, "--format F"))
    listed = _words(_option_help(out, "--list L"))
    assert set(builtin_lists()) <= listed and "add-list" in listed


@pytest.mark.parametrize("command", ["goldfish", "hand"])
def test_goldfish_and_hand_help_name_every_policy(command):
    from deckbuilder.engine.policies import POLICIES

    code, out, _ = run_cli(command, "--help")
    assert code == 0
    assert set(POLICIES) <= _words(_option_help(out, "--policy P"))
