"""OCTGN and LackeyCCG importers on small files the tests write, hostile files, and the real
card data folders (skipped when ../shared is absent)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import requires_shared, run_cli

from card_db.errors import CardDataError
from card_db.importers import import_paths
from card_db.pool import CardPool
from card_db.store import load_cards

PAUL_GUID = "11111111-0000-0000-0000-000000000004"
SCHOLAR_GUID = "11111111-0000-0000-0000-000000000030"


def octgn_set(name: str, cards: list[tuple[str, str, dict]]) -> str:
    """An OCTGN set.xml text: cards are (name, guid, {property: value})."""
    body = []
    for card_name, guid, props in cards:
        lines = "".join(f'      <property name="{k}" value="{v}" />\n' for k, v in props.items())
        body.append(f'    <card name="{card_name}" id="{guid}">\n{lines}    </card>\n')
    return (
        '\ufeff<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
        f'<set name="{name}" id="00000000-aaaa-bbbb-cccc-000000000000" gameId="x">\n'
        f"  <cards>\n{''.join(body)}  </cards>\n</set>\n"
    )


CORE_SET = octgn_set(
    "Core",
    [
        # OCTGN spells "LeMond" "Lemond" and marks unique cards with "* ".
        ("* Paul Lemond", PAUL_GUID, {"Type": "Character", "Descriptor": "Tormented Psychic"}),
        ("Itinerant Scholar", SCHOLAR_GUID, {"Type": "Character", "Descriptor": ""}),
        ("A Card Nobody Printed", "11111111-0000-0000-0000-000000000999", {"Type": "Event"}),
    ],
)


def write(path, text: str, encoding: str = "utf-8"):
    path.write_bytes(text.encode(encoding))
    return path


def run_import(db_path, *paths):
    from card_db.db import prepare_database

    engine = prepare_database(db_path)
    try:
        return import_paths(engine, paths)
    finally:
        engine.dispose()


def octgn_ids(db_path) -> dict[str, str]:
    with sqlite3.connect(db_path) as connection:
        return dict(connection.execute("SELECT id, octgn_id FROM card WHERE octgn_id NOT NULL"))


def snapshot(db_path) -> list[tuple]:
    with sqlite3.connect(db_path) as connection:
        return connection.execute("SELECT * FROM card ORDER BY id").fetchall()


# --- OCTGN ------------------------------------------------------------------------------


def test_octgn_guids_join_the_known_cards_and_decks_resolve_by_them(full_db_env, tmp_path):
    set_xml = write(tmp_path / "set.xml", CORE_SET)
    result = run_import(full_db_env, set_xml)
    assert (result.imported, result.updated) == (0, 2)
    assert len(result.unmatched) == 1 and "A Card Nobody Printed" in result.unmatched[0]
    pool = CardPool(load_cards(full_db_env))
    assert pool.by_octgn[PAUL_GUID].title == "Paul LeMond"
    assert pool.by_octgn[PAUL_GUID].set_code == "Core"  # not the CCG printing "Paul Lemond"
    assert pool.by_octgn[SCHOLAR_GUID].id == "Core-030"


def test_octgn_import_is_idempotent(full_db_env, tmp_path):
    set_xml = write(tmp_path / "Set.xml", CORE_SET)
    run_import(full_db_env, set_xml)
    before = snapshot(full_db_env)
    again = run_import(full_db_env, tmp_path)  # a folder holding the set finds it too
    assert (again.imported, again.updated, again.unchanged) == (0, 0, 2)
    assert snapshot(full_db_env) == before


def test_octgn_cycle_set_matches_by_collector_number_and_forgives_typos(full_db_env, tmp_path):
    # Asylum Packs come as one OCTGN set per cycle; "Scavanger" is OCTGN's typo.
    cards = [
        ("Elder Thing Scavanger", "22222222-0000-0000-0000-000000000001", {"Type": "Character"}),
    ]
    pool = CardPool(load_cards(full_db_env))
    [target] = [c for c in pool.printings("Elder Thing Scavenger") if c.era == "LCG"]
    set_xml = write(tmp_path / "set.xml", octgn_set(target.cycle, cards))
    result = run_import(full_db_env, set_xml)
    assert result.unmatched == []
    assert octgn_ids(full_db_env)[target.id] == "22222222-0000-0000-0000-000000000001"


def test_octgn_markers_set_is_skipped(full_db_env, tmp_path):
    xml = octgn_set(
        "Markers", [("Domain 1", "33333333-0000-0000-0000-000000000001", {"Type": "Token"})]
    )
    result = run_import(full_db_env, write(tmp_path / "set.xml", xml))
    assert (result.updated, result.unmatched) == (0, [])


HOSTILE_XML = {
    "billion laughs": """<?xml version="1.0"?>
<!DOCTYPE set [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
<set name="Core"><cards><card name="&d;" id="x"/></cards></set>""",
    "external entity": """<?xml version="1.0"?>
<!DOCTYPE set [<!ENTITY e SYSTEM "file:///etc/passwd">]>
<set name="Core"><cards><card name="&e;" id="x"/></cards></set>""",
    "broken": '<?xml version="1.0"?>\n<set name="Core"><cards><card name="x" id="y">\n</set>',
    "not a set": '<?xml version="1.0"?>\n<deck game="x"><section name="Draw Deck"/></deck>',
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_XML))
def test_hostile_or_broken_xml_is_refused_and_changes_nothing(full_db_env, tmp_path, kind):
    (tmp_path / "good").mkdir()
    good = write(tmp_path / "good" / "set.xml", CORE_SET)
    bad = write(tmp_path / "set.xml", HOSTILE_XML[kind])
    before = snapshot(full_db_env)
    with pytest.raises(CardDataError, match="set.xml"):
        run_import(full_db_env, good, bad)  # the good file is rolled back with the bad one
    assert snapshot(full_db_env) == before


def test_xml_in_the_wrong_encoding_is_refused(full_db_env, tmp_path):
    text = CORE_SET.lstrip("\ufeff").replace("Paul Lemond", "Paul Lémond")
    bad = write(tmp_path / "set.xml", text, "cp1252")  # declares utf-8
    with pytest.raises(CardDataError, match="not well-formed"):
        run_import(full_db_env, bad)


def test_oversized_xml_is_refused_before_reading(full_db_env, tmp_path, monkeypatch):
    from card_db.importers import octgn

    monkeypatch.setattr(octgn, "MAX_BYTES", 100)
    with pytest.raises(CardDataError, match="too large"):
        run_import(full_db_env, write(tmp_path / "set.xml", CORE_SET))


def test_a_100_megabyte_file_of_junk_is_one_line_of_error(full_db_env, tmp_path):
    junk = tmp_path / "junk.bin"
    with open(junk, "wb") as handle:
        handle.truncate(100 << 20)  # sparse: costs no disk
    code, out, err = run_cli("db", "import", str(junk))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(junk) in err and "Traceback" not in err


def test_a_hundred_megabyte_set_xml_is_refused_as_too_large(full_db_env, tmp_path):
    big = tmp_path / "set.xml"
    with open(big, "wb") as handle:
        handle.write(b'<?xml version="1.0"?><set name="Core">')
        handle.truncate(100 << 20)
    code, _out, err = run_cli("db", "import", str(big))
    assert code == 2 and "too large" in err and err.count("\n") == 1


def test_cli_import_reports_counts_as_json(full_db_env, tmp_path):
    set_xml = write(tmp_path / "set.xml", CORE_SET)
    code, out, err = run_cli("db", "import", str(set_xml), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert (document["imported"], document["updated"], document["unchanged"]) == (0, 2, 0)
    code, out, _ = run_cli("db", "import", str(set_xml))
    assert code == 0 and out.startswith("0 imported, 0 updated, 2 unchanged")
    assert "A Card Nobody Printed" in out


def test_cli_import_of_a_missing_path_is_exit_2(full_db_env, tmp_path):
    code, out, err = run_cli("db", "import", str(tmp_path / "nowhere.xml"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "nowhere.xml" in err


# --- LackeyCCG -------------------------------------------------------------------------

LACKEY_HEADER = (
    "Name\tSet\tImageFile\tErrata\tRestricted\tCycle\tPack\tRelease Order\tEdition\tUnique\t"
    "Faction\tType\tSubType\tCost\tTerror\tCombat\tArcane\tInvestigation\tSkill\tText"
)


def lackey_row(name, cycle, pack, number, faction, card_type, cost="1", skill="1", text=""):
    cells = [name, "X", "img", "", "", cycle, pack, number, "LCG", "", faction, card_type,
             "Sorcerer.", cost, "1", "", "", "", skill, text]  # fmt: skip
    return "\t".join(cells)


def lackey_file(tmp_path, rows: list[str], encoding="cp1252"):
    blank = "\t" * 19
    text = "\r\n".join([LACKEY_HEADER, blank, *rows, ""])
    return write(tmp_path / "CardDataFile.txt", text, encoding)


def test_lackey_known_card_is_not_duplicated_and_new_lcg_card_is_added(full_db_env, tmp_path):
    rows = [
        # Known, and the embedded data lacks this card's descriptor: Lackey fills it in.
        lackey_row("Officer Gibson, Stalwart and Steadfast", "For the Greater Good",
                   "Deluxe 06", ",15-004", "Agency", "Character", "2", "2"),
        lackey_row("Paul LeMond, Tormented Psychic", "Core", "Core", ",01-004", "Agency",
                   "Character", "3", "2"),
        # Unknown to the database: a new printing, its Windows-1252 "é" read right.
        lackey_row("Élodie the Unprinted", "Core", "Core", ",01-170", "Miskatonic",
                   "Character", "2", "1", "Willpower. Élodie reads."),
        lackey_row("Domain Marker 01", "", "", "", "", "Token"),
    ]  # fmt: skip
    before = len(load_cards(full_db_env))
    result = run_import(full_db_env, lackey_file(tmp_path, rows))
    assert (result.imported, result.updated, result.unchanged) == (1, 1, 1), result
    cards = CardPool(load_cards(full_db_env))
    assert len(cards) == before + 1
    [gibson] = [c for c in cards.printings("Officer Gibson") if c.era == "LCG"]
    assert gibson.descriptor == "Stalwart and Steadfast"
    [new] = cards.printings("Elodie the Unprinted")
    assert (new.id, new.faction, new.era, new.keywords) == (
        "Core-170",
        "Miskatonic University",
        "LCG",
        ("Willpower",),
    )
    again = run_import(full_db_env, lackey_file(tmp_path, rows))
    assert (again.imported, again.updated) == (0, 0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("utf16", "UTF-16"),
        ("undefined byte", "not Windows-1252"),
        ("short row", "columns where the header has"),
        ("no header", "header lacks"),
    ],
)
def test_bad_lackey_files_are_one_clear_error(full_db_env, tmp_path, data, message):
    row = lackey_row("Paul LeMond, Tormented Psychic", "Core", "Core", ",01-004", "Agency",
                     "Character")  # fmt: skip
    path = tmp_path / "CardDataFile.txt"
    if data == "utf16":
        path.write_bytes((LACKEY_HEADER + "\r\n" + row).encode("utf-16"))  # Notepad's "Unicode"
    elif data == "undefined byte":
        path.write_bytes((LACKEY_HEADER + "\r\n" + row).encode("cp1252") + b"\x81\r\n")
    elif data == "short row":
        lackey_file(tmp_path, [row, "Paul\tCore"])
    else:
        write(path, "Name\tSet\tColour\r\n" + row)
    before = snapshot(full_db_env)
    with pytest.raises(CardDataError, match=message):
        run_import(full_db_env, path)
    assert snapshot(full_db_env) == before


# --- the real files in ../shared/carddata ---------------------------------------------------


def test_every_real_octgn_set_imports_and_agrees_with_the_shipped_guid_table(full_db_env):
    sets = requires_shared("carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Sets")
    result = run_import(full_db_env, sets)
    assert result.unmatched == []
    # Every card of the 18 sets (the Markers tokens skipped) already has the shipped GUID.
    assert (result.updated, result.unchanged) == (0, 1568)
    with sqlite3.connect(full_db_env) as connection:
        missing = connection.execute(
            "SELECT id FROM card WHERE era = 'LCG' AND octgn_id IS NULL"
        ).fetchall()
    # The embedded data lists The Sleeper Below's Bone Sculptor twice; OCTGN has it once.
    assert missing == [("TSB-010b",)]
    again = run_import(full_db_env, sets)
    assert (again.imported, again.updated) == (0, 0)


def test_real_lackey_file_imports_without_duplicating_cards(full_db_env):
    path = requires_shared("carddata", "Tragic-zz-lackey-CoCLCG", "_update", "CardDataFile.txt")
    before = len(load_cards(full_db_env))
    result = run_import(full_db_env, path)
    assert result.imported == 0  # every LCG card it lists is already known
    assert result.unchanged + result.updated > 1550
    # A draft-only story and one CCG story the embedded data lacks.
    assert len(result.unmatched) <= 2
    assert len(load_cards(full_db_env)) == before
    again = run_import(full_db_env, path)
    assert (again.imported, again.updated) == (0, 0)


def test_reimporting_card_data_keeps_guids_and_filled_fields(full_db_env, tmp_path):
    from card_db.importers.cthulhucli import embedded_data_files

    with open(embedded_data_files()[0], encoding="utf-8") as handle:
        paul = next(line for line in handle if '"Paul LeMond"' in line and '"Core Set"' in line)
    jsonl = write(tmp_path / "paul.jsonl", paul)
    run_import(full_db_env, write(tmp_path / "set.xml", CORE_SET))
    result = run_import(full_db_env, jsonl)  # its record has no GUID: that is no news
    assert (result.imported, result.updated, result.unchanged) == (0, 0, 1)
    assert octgn_ids(full_db_env)["Core-004"] == PAUL_GUID


def test_lackey_unknown_title_never_overwrites_the_card_holding_its_number(full_db_env, tmp_path):
    # Set and number of Paul LeMond (Core-004) under a title nobody printed.
    row = lackey_row("Zed Quimby, Not a Card", "Core", "Core", ",01-004", "Agency", "Character")
    before = snapshot(full_db_env)
    result = run_import(full_db_env, lackey_file(tmp_path, [row]))
    assert (result.imported, result.updated) == (0, 0)
    assert "Core-004" in result.unmatched[0]
    assert snapshot(full_db_env) == before
