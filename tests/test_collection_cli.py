"""`deckbuilder collection …` end to end on the real card pool, and own:/avail: in search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import requires_shared, run_cli

CORE_PACKETS = ("tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Decks", "Core Set")


def cli_json(*argv: str) -> tuple[int, dict]:
    code, out, err = run_cli(*argv, "--json")
    assert code in (0, 1), err
    return code, json.loads(out)


def write_deck(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_add_products_and_show(full_db_env):
    assert cli_json("collection", "add", "core set", "--count", "2")[1]["count"] == 2
    _code, added = cli_json("collection", "add", "SECRETS OF ARKHAM")
    assert added["product"] == "SoA"
    _code, shown = cli_json("collection", "show")
    assert [(p["code"], p["count"]) for p in shown["products"]] == [("Core", 2), ("SoA", 1)]
    assert shown["cards"] == 2 * 165 + 2 * 60


def test_unknown_product_exits_2_with_suggestions_and_saves_nothing(full_db_env):
    code, out, err = run_cli("collection", "add", "Cor Set")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Core Set" in err and "Traceback" not in err
    code, _out, err = run_cli("collection", "add", "Arkham Edition")
    assert code == 2 and "add-card" in err
    assert cli_json("collection", "show")[1]["products"] == []


def test_add_card_counts_by_title_and_refuses_unknown_titles(full_db_env):
    run_cli("collection", "add", "Core")
    _code, doc = cli_json("collection", "add-card", "paul lemond", "--count", "2")
    assert (doc["title"], doc["owned"]) == ("Paul LeMond", 3)
    _code, doc = cli_json("collection", "add-card", "Paul LeMond", "--count", "-1")
    assert (doc["adjustment"], doc["owned"]) == (1, 2)
    code, _out, err = run_cli("collection", "add-card", "Paul LeMont")  # a near-certain typo
    assert code == 0 and 'read as "Paul LeMond"' in err
    code, _out, err = run_cli("collection", "add-card", "Thomas Maloney Xyz")
    assert code == 2 and "Thomas F. Malone" in err and err.count("\n") == 1
    code, _out, err = run_cli("collection", "add-card", "Dagon", "--count", "-5")
    assert code == 2 and "you own 1" in err
    assert cli_json("collection", "show")[1]["cards"] == 165 + 2


def test_missing_build_and_unbuild(full_db_env, tmp_path):
    run_cli("collection", "add", "Core")
    first = write_deck(tmp_path, "first", "Name: First\n2x Paul LeMond\n1x Dagon\n")
    code, doc = cli_json("collection", "missing", first)
    assert code == 1 and doc["buildable"] is False
    assert doc["missing"] == [
        {
            "title": "Paul LeMond",
            "need": 2,
            "have": 1,
            "card": "Core-004",
            "descriptor": "Tormented Psychic",
        }
    ]
    assert run_cli("collection", "build", first)[0] == 1  # not buildable, so not built
    run_cli("collection", "add-card", "Paul LeMond")
    code, doc = cli_json("collection", "build", first)
    assert code == 0 and doc["built"] and doc["cards"] == 3
    # The built deck still sees its own cards; another deck does not.
    buildable = {"deck": "First", "buildable": True, "cards": 3, "short": 0, "missing": []}
    assert cli_json("collection", "missing", first) == (0, buildable)
    second = write_deck(tmp_path, "second", "Dagon\nCthulhu, The Great Old One\n")
    code, doc = cli_json("collection", "missing", second)
    assert code == 1 and [(m["title"], m["need"], m["have"]) for m in doc["missing"]] == [
        ("Dagon", 1, 0)
    ]
    # Editing the first deck's file does not move its reservation until it is built again.
    Path(first).write_text("Name: First\n2x Paul LeMond\n", encoding="utf-8")
    assert cli_json("collection", "missing", second)[0] == 1
    assert cli_json("collection", "build", first)[0] == 0
    assert cli_json("collection", "missing", second)[0] == 0
    code, doc = cli_json("collection", "unbuild", "First")
    assert code == 0 and cli_json("collection", "show")[1]["built"] == []
    code, _out, err = run_cli("collection", "unbuild", "First")
    assert code == 2 and "no built deck" in err


def test_unreadable_deck_exits_2(full_db_env, tmp_path):
    deck = write_deck(tmp_path, "bad", "3x Nonexistent Card Name\n")
    code, _out, err = run_cli("collection", "missing", deck)
    assert code == 2 and "Traceback" not in err


def test_export_import_round_trip_and_bad_import_changes_nothing(full_db_env, tmp_path):
    run_cli("collection", "add", "Core", "--count", "2")
    run_cli("collection", "copies", "TSotS", "2")
    run_cli("collection", "add", "The Spawn of the Sleeper")
    run_cli("collection", "add-card", "Dagon", "--count", "-1")
    deck = write_deck(tmp_path, "mine", "Name: Mine, with a comma\n2x Cthulhu, The Great Old One\n")
    assert run_cli("collection", "build", deck)[0] == 0
    backup = tmp_path / "backup.csv"
    assert run_cli("collection", "export", str(backup))[0] == 0
    before = cli_json("collection", "show")[1]

    bad = tmp_path / "bad.csv"
    bad.write_text("kind,name,title,count\nproduct,Core,,1\ncard,,No Such Card,1\n")
    code, _out, err = run_cli("collection", "import", str(bad))
    assert code == 2 and "line 3" in err and "No Such Card" in err
    assert cli_json("collection", "show")[1] == before

    run_cli("collection", "add", "Core", "--count", "-2")
    run_cli("collection", "unbuild", "Mine, with a comma")
    assert run_cli("collection", "import", str(backup))[0] == 0
    assert cli_json("collection", "show")[1] == before
    again = tmp_path / "again.csv"
    run_cli("collection", "export", str(again))
    assert again.read_bytes() == backup.read_bytes()


def test_copies_override(full_db_env):
    run_cli("collection", "add", "TSotS", "--count", "2")
    assert cli_json("collection", "show")[1]["cards"] == 2 * 20 * 3
    code, doc = cli_json("collection", "copies", "TSotS", "2")
    assert (code, doc["copies"]) == (0, 2)
    assert cli_json("collection", "show")[1]["cards"] == 2 * 20 * 2
    assert cli_json("collection", "copies", "TSotS", "default")[1]["copies"] == 3
    code, _out, err = run_cli("collection", "copies", "TSotS", "2", "--card", "Dagon")
    assert code == 2 and "not in The Spawn of the Sleeper" in err


def test_search_own_and_avail(full_db_env, tmp_path):
    assert cli_json("search", "own:", "t:story")[1]["total"] == 0
    run_cli("collection", "add", "Core")
    run_cli("collection", "add-card", "Dagon")
    _code, doc = cli_json("search", "own>=2")
    assert {c["title"] for c in doc["cards"]} == {"Dagon"}
    deck = write_deck(tmp_path, "d", "2x Dagon\n")
    run_cli("collection", "build", deck)

    def titles(*query: str) -> set[str]:
        return {c["title"] for c in cli_json("search", *query, "f:cthulhu", "t:char")[1]["cards"]}

    assert "Dagon" in titles("own:") and "Dagon" not in titles("avail:")
    assert "Dagon" in titles("avail=0") and "Dagon" in titles("!avail:")
    assert cli_json("search", "!avail:", "era:lcg", "set:core", "t:story")[1]["total"] == 0
    owned_core_stories = cli_json("search", "own:", "t:story", "era:lcg")[1]["total"]
    assert owned_core_stories == 10


@pytest.mark.parametrize("query", ["t:char", "own: t:char", "avail>=2"])
def test_search_never_pays_for_sqlalchemy(full_db, query):
    """A search stays on the plain-sqlite3 path, own: and avail: included."""
    import os
    import subprocess
    import sys

    code = (
        f"import sys; from deckbuilder.cli import main; main(['search', *{query.split()!r}]);"
        "print('loaded:', [m for m in ('sqlalchemy', 'sqlmodel') if m in sys.modules])"
    )
    env = {**os.environ, "DECKBUILDER_DB": str(full_db)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "loaded: []"


def test_every_core_set_faction_packet_is_buildable_from_one_core_set(full_db_env):
    folder = requires_shared("carddata", *CORE_PACKETS)
    pytest.importorskip("deckbuilder.formats.o8d", reason="the .o8d reader is not there yet")
    packets = sorted(folder.glob("*.o8d"))
    assert packets
    run_cli("collection", "add", "Core Set")
    for packet in packets:
        code, doc = cli_json("collection", "missing", str(packet))
        assert code == 0, (packet.name, doc["missing"])
        assert doc["cards"] > 0
    code, _out, err = run_cli("collection", "build", str(packets[0]))
    assert code == 0
    assert "printings; using" not in err  # ownership is by title: printing notes are noise
    # One Core Set holds one copy of each card: the same packet cannot be built twice.
    twin = full_db_env.parent / "twin.o8d"
    twin.write_bytes(packets[0].read_bytes())
    code, doc = cli_json("collection", "missing", str(twin))
    assert code == 1 and all(m["have"] == 0 for m in doc["missing"])


def test_the_collection_counts_cards_not_titles(full_db_env, tmp_path):
    code, _out, err = run_cli("collection", "add-card", "Yog-Sothoth")
    assert code == 2 and err.count("\n") == 1
    assert "Yog-Sothoth, Lord of Time and Space" in err and "Yog-Sothoth, All-In-One" in err
    _code, doc = cli_json("collection", "add-card", "Yog-Sothoth, Lord of Time and Space")
    assert (doc["title"], doc["owned"]) == ("Yog-Sothoth (Lord of Time and Space)", 1)

    def found(*query: str) -> set[str]:
        cards = cli_json("search", *query, "t:char", "f:yog")[1]["cards"]
        return {f"{c['title']}, {c['descriptor']}" for c in cards if c["title"] == "Yog-Sothoth"}

    assert found("own:") == {"Yog-Sothoth, Lord of Time and Space"}
    deck = write_deck(tmp_path, "yog", "Name: Yog\nYog-Sothoth, All-In-One\n")
    code, doc = cli_json("collection", "missing", deck)
    assert code == 1
    assert [(m["title"], m["descriptor"], m["have"]) for m in doc["missing"]] == [
        ("Yog-Sothoth (All-In-One)", "All-In-One", 0)
    ]
    deck = write_deck(tmp_path, "lord", "Name: Lord\nYog-Sothoth, Lord of Time and Space\n")
    assert cli_json("collection", "build", deck)[0] == 0
    assert found("own:") == {"Yog-Sothoth, Lord of Time and Space"}
    assert found("avail:") == set()


def test_bad_counts_are_one_line_errors(full_db_env, tmp_path):
    for count in ("٣", "²", "99999999999999999999", "9" * 5000):
        code, out, err = run_cli("collection", "add-card", "Dagon", "--count", count)
        assert (code, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err
    code, _out, err = run_cli("collection", "copies", "TSotS", "10" * 20)
    assert code == 2 and "too large" in err and err.count("\n") == 1
    bad = tmp_path / "bad.csv"
    bad.write_text("kind,name,title,count\nproduct,Core,,1e400\n", encoding="utf-8")
    code, _out, err = run_cli("collection", "import", str(bad))
    assert code == 2 and "line 2" in err and err.count("\n") == 1
    assert cli_json("collection", "show")[1]["cards"] == 0


EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


def test_a_forced_build_says_which_cards_are_short_and_show_adds_up(full_db_env):
    """Two Core Sets hold 2 of the 3 copies 14 of the deck's cards need: a forced build
    reserves 50 cards, 14 of which the collection lacks."""
    run_cli("collection", "add", "Core", "--count", "2")
    deck = str(EXAMPLE_DECK)
    code, out, _ = run_cli("collection", "build", deck)
    assert code == 1 and "not built" in out
    code, out, _ = run_cli("collection", "build", deck, "--force")
    assert code == 0
    assert "built with --force; 50 cards reserved, 14 of them short" in out
    assert out.splitlines()[0].startswith("Short ")
    for title in ("Anthropology Advisor", "Itinerant Scholar", "Visiting Author"):
        assert any(line.startswith(f"{title}  ") for line in out.splitlines())
    _code, shown = cli_json("collection", "show")
    assert shown["cards"] == 330
    assert shown["reserved"] + shown["available"] == shown["cards"]  # was 50 + 294 of 330
    assert (shown["reserved"], shown["available"], shown["short"]) == (36, 294, 14)
    assert sum(s["reserved"] - s["owned"] for s in shown["short_cards"]) == 14
    code, out, _ = run_cli("collection", "show")
    assert (
        "330 cards owned (165 different cards): 36 reserved by built decks, 294 available." in out
    )
    assert "Built decks are 14 cards short" in out
    assert "Short for built decks" in out and "Anthropology Advisor" in out


def _spreadsheet_copy(text: str, how: str) -> bytes:
    """The export as a spreadsheet program saves it."""
    if how == "Windows-1252":
        return text.encode("cp1252")
    if how == "Windows-1252, semicolons":
        return text.replace(",", ";").encode("cp1252")
    if how == "UTF-16":
        return text.encode("utf-16")  # with its byte-order mark, as Excel writes it
    if how == "UTF-16, tabs":  # Excel's "Unicode text"
        return b"\xfe\xff" + text.replace(",", "\t").encode("utf-16-be")  # big-endian, too
    return text.encode("utf-8-sig")


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("Windows-1252", "Windows-1252"),
        ("Windows-1252, semicolons", "Windows-1252"),
        ("UTF-16", "UTF-16"),
        ("UTF-16, tabs", "UTF-16"),
        ("UTF-8 with a byte-order mark", "UTF-8"),
    ],
)
def test_import_reads_what_spreadsheets_save_and_says_which_encoding(
    full_db_env, tmp_path, how, said
):
    run_cli("collection", "add", "Core")
    for title in ("Attaché", "René Bonvillain", "St. Hubert’s Key"):  # é and ’ are in cp1252
        assert run_cli("collection", "add-card", title, "--count", "2")[0] == 0
    exported = tmp_path / "collection.csv"
    assert run_cli("collection", "export", str(exported))[0] == 0
    before = cli_json("collection", "show")[1]
    saved = tmp_path / "saved.csv"
    saved.write_bytes(_spreadsheet_copy(exported.read_text(encoding="utf-8"), how))
    run_cli("collection", "add-card", "Attaché", "--count", "-2")  # the import puts it back
    code, out, err = run_cli("collection", "import", str(saved))
    assert code == 0, err
    assert f"(read as {said})" in out
    assert cli_json("collection", "show")[1] == before
    code, out, err = run_cli("collection", "import", str(saved), "--json")
    assert json.loads(out)["encoding"] == said


def test_import_of_bytes_no_encoding_reads_changes_nothing(full_db_env, tmp_path):
    run_cli("collection", "add", "Core")
    before = cli_json("collection", "show")[1]
    for data, reason in [
        (b"kind,name,title,count\nproduct,Core,,\x81\n", "neither UTF-8 nor Windows-1252"),
        (b"\x00\x01\x02kind", "binary data"),
        (b"\xff\xfek\x00i\x00\x00\xd8", "broken UTF-16"),
    ]:
        bad = tmp_path / "bad.csv"
        bad.write_bytes(data)
        code, out, err = run_cli("collection", "import", str(bad))
        assert code == 2 and out == "" and err.count("\n") == 1 and reason in err, err
    assert cli_json("collection", "show")[1] == before
