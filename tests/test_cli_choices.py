"""Help and errors name every choice, read from the tables the code itself uses: the query
fields and their values, the formats and restricted/banned lists, the policies."""

from __future__ import annotations

import pytest
from conftest import run_cli

from card_db.query import FACTION_ALIASES, FIELDS, TYPE_ALIASES


def _help(*argv: str) -> str:
    code, out, err = run_cli(*argv, "--help")
    assert code == 0, err
    return " ".join(out.split())


def test_an_unknown_field_names_every_field_and_alias():
    code, _, err = run_cli("search", "foo:bar")
    assert code == 2 and err.count("\n") == 1
    named = err.split("known fields: ")[1].replace("/", ", ").strip().split(", ")
    assert sorted(named) == sorted(FIELDS)


@pytest.mark.parametrize(
    ("query", "table"), [("f:nowhere", FACTION_ALIASES), ("t:nothing", TYPE_ALIASES)]
)
def test_an_unknown_faction_or_type_names_each_one(query, table):
    code, _, err = run_cli("search", query)
    assert code == 2 and err.count("\n") == 1
    for meaning in set(table.values()):
        assert any(alias in err for alias, m in table.items() if m == meaning), meaning
    assert "..." not in err


def test_an_unknown_keyword_lists_every_keyword(full_db_env):
    code, _, err = run_cli("search", "k:zzz")
    assert code == 2 and err.count("\n") == 1
    for keyword in ("fast", "heroic", "villainous", "willpower", "loyal", "steadfast", "dormant"):
        assert keyword in err


def test_an_unknown_set_points_to_the_help_that_lists_every_set_and_cycle():
    from card_db.sets import CYCLES, SETS

    code, _, err = run_cli("search", "set:nowhere")
    assert code == 2 and err.count("\n") == 1 and "deckbuilder search --help" in err
    text = _help("search")
    assert all(s.code in text for s in SETS)
    assert all(c.lower() in text.lower() for c in CYCLES)


def test_an_unknown_subtype_suggests_and_points_to_the_help_listing_all(full_db_env):
    code, _, err = run_cli("search", "st:cultst")
    assert code == 2 and "closest: cultist" in err and "deckbuilder search --help" in err
    text = _help("search", "--db", str(full_db_env))
    for subtype in ("Cultist", "Deep One", "Investigator", "Sorcerer", "Tome"):
        assert subtype in text


def test_search_help_names_every_field_and_value():
    text = _help("search")
    for field in FIELDS:
        assert field in text, field
    for alias in ("character", "support", "event", "story", "conspiracy", "agency", "yog"):
        assert alias in text
    assert "lcg" in text and "ccg" in text and "Core" in text


@pytest.mark.parametrize("command", ["check", "show"])
def test_check_and_show_help_name_every_format_and_list(full_db_env, command):
    from deckbuilder.legality import builtin_lists, load_formats

    text = _help(command)
    for format_id, format_ in load_formats().items():
        assert format_id in text and format_.name in text
    for list_id in builtin_lists():
        assert list_id in text
    assert "(the default)" in text


def test_a_users_own_list_is_in_the_help(full_db_env, tmp_path):
    path = tmp_path / "house.txt"
    path.write_text("Name: House list\nId: house\nRestricted:\nItinerant Scholar\n")
    code, _, err = run_cli("db", "add-list", str(path))
    assert code == 0, err
    assert "house" in _help("check")


@pytest.mark.parametrize("command", ["goldfish", "hand"])
def test_goldfish_and_hand_help_name_every_policy(command):
    from deckbuilder.engine.policies import POLICIES

    text = _help(command)
    for name, policy in POLICIES.items():
        assert name in text and policy.description in text
