"""`db import` of card data with odd values: wrongly typed JSON Lines fields, Unicode digits
and huge numbers, unknown XML encodings. Each is one clear error (or a value ignored),
never a traceback, and the database is left as it was."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from test_importers import (
    CORE_SET,
    PAUL_GUID,
    lackey_file,
    lackey_row,
    octgn_ids,
    octgn_set,
    run_import,
    snapshot,
    write,
)

from card_db.errors import CardDataError

RECORD = {
    "name": "Zed Quimby",
    "type": "Character",
    "era": "LCG",
    "setname": "Core Set",
    "id": "999",
    "faction": "Cthulhu",
    "cost": 1,
    "skill": 1,
}
BAD_FIELDS = {
    "a number for the name": ({"name": 5}, "name 5 is not text"),
    "a number for the text": ({"text": 5}, "text 5 is not text"),
    "a list for the faction": ({"faction": ["Cthulhu"]}, "faction ['Cthulhu'] is not text"),
    "a list for the descriptor": ({"descriptor": ["Old One"]}, "descriptor"),
    "a list for the set name": ({"setname": ["Core Set"]}, "setname"),
    "null everywhere": ({k: None for k in RECORD}, "name None is not text"),
    "a string for a flag": ({"unique": "no"}, "unique 'no' is not true or false"),
    "a float for a skill": ({"skill": 1.5}, "skill 1.5 is not X or a number"),
    "true for a cost": ({"cost": True}, "cost True is not X or a number"),
    "Unicode digits": ({"cost": "²"}, "cost '²' is not X or a number"),
    "a huge number": ({"cost": 10**30}, "cost 1000000000000000000000000000000 is not"),
    "a 5,000-digit string": ({"skill": "9" * 5000}, "skill '9999"),
    "half a UTF-16 pair": ({"name": "Zed \ud800"}, "name 'Zed \\ud800' is not text"),
    "a bad steadfast count": ({"steadfast": [["Cthulhu", 1e300]]}, "steadfast 1e+300 is not"),
    "a bad steadfast pair": ({"steadfast": [["Cthulhu"]]}, "unreadable steadfast"),
}


@pytest.mark.parametrize("case", sorted(BAD_FIELDS))
def test_wrongly_typed_json_lines_fields_are_one_clear_error(full_db_env, tmp_path, case):
    fields, message = BAD_FIELDS[case]
    path = write(tmp_path / "cards.jsonl", json.dumps({**RECORD, **fields}) + "\n")
    before = snapshot(full_db_env)
    code, _out, err = run_cli("db", "import", str(path))
    assert code == 2
    assert err.count("\n") == 1 and "cards.jsonl:1: " in err and message in err
    assert len(err) < 300  # a 5,000-digit value is cut short
    assert snapshot(full_db_env) == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"cost": 1e400}', "cost inf is not X or a number"),  # JSON's way to say infinity
        ('{"cost": ' + "1" * 5000 + "}", "not a JSON card record"),
        ('{"cost": ' + "[" * 100_000 + "}", "not a JSON card record"),
    ],
    ids=["1e400", "5000 digits", "deep nesting"],
)
def test_json_lines_numbers_beyond_any_card_are_one_clear_error(
    full_db_env, tmp_path, line, message
):
    record = json.dumps(RECORD).replace('"cost": 1', line.strip("{}"))
    code, _out, err = run_cli("db", "import", str(write(tmp_path / "c.jsonl", record + "\n")))
    assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "props",
    [
        {"Cost": "²", "Collector Info": "²³"},
        {"Cost": "9" * 5000, "Collector Info": "9" * 5000},
        {"Cost": "٣", "Collector Info": "F٣"},  # Arabic-Indic digits
    ],
    ids=["superscripts", "5000 digits", "Arabic-Indic digits"],
)
def test_octgn_odd_cost_or_collector_number_is_ignored_not_a_crash(full_db_env, tmp_path, props):
    xml = octgn_set("Core", [("* Paul Lemond", PAUL_GUID, {"Type": "Character", **props})])
    result = run_import(full_db_env, write(tmp_path / "set.xml", xml))
    assert result.unmatched == []
    assert octgn_ids(full_db_env)["Core-004"] == PAUL_GUID


def test_set_xml_with_an_unknown_encoding_is_refused(full_db_env, tmp_path):
    xml = CORE_SET.lstrip("\ufeff").replace('encoding="utf-8"', 'encoding="klingon-8"')
    with pytest.raises(CardDataError, match="unknown encoding: klingon-8"):
        run_import(full_db_env, write(tmp_path / "set.xml", xml))


def test_set_xml_reads_only_a_cards_own_properties(full_db_env, tmp_path):
    # A property of another element inside the card is not the card's ("Type": "Token"
    # would have skipped it as a marker).
    xml = octgn_set("Core", [("* Paul Lemond", PAUL_GUID, {"Type": "Character"})])
    xml = xml.replace("    </card>", '<extra><property name="Type" value="Token"/></extra></card>')
    result = run_import(full_db_env, write(tmp_path / "set.xml", xml))
    assert octgn_ids(full_db_env)["Core-004"] == PAUL_GUID and result.updated == 1


@pytest.mark.parametrize(
    ("number", "cost"),
    [(",01-" + "9" * 5000, "1"), (",01-٣٣", "1"), (",01-170", "²"), (",01-170", "9" * 5000)],
    ids=["5000-digit number", "Arabic-Indic number", "superscript cost", "5000-digit cost"],
)
def test_lackey_rows_with_odd_numbers_are_reported_or_refused_not_a_crash(
    full_db_env, tmp_path, number, cost
):
    row = lackey_row(
        "Élodie the Unprinted", "Core", "Core", number, "Miskatonic", "Character", cost=cost
    )
    before = snapshot(full_db_env)
    path = lackey_file(tmp_path, [row], encoding="utf-8-sig")  # Arabic digits are not cp1252
    code, out, err = run_cli("db", "import", str(path))
    if code == 0:  # a number it cannot read: the row is reported, not added
        assert "unknown card in an unknown pack" in out
    else:
        assert code == 2 and "cost" in err and err.count("\n") == 1
    assert snapshot(full_db_env) == before
