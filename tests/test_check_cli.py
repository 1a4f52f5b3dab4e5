"""deckbuilder check / db add-list / db info lists / search r: b: through the CLI."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli


@pytest.fixture
def legal_deck(tmp_path, full_db_env, legal_deck_text):
    path = tmp_path / "legal.txt"
    path.write_text(legal_deck_text, encoding="utf-8")
    return path


@pytest.fixture
def illegal_deck(tmp_path, full_db_env, legal_deck_text):
    path = tmp_path / "illegal.txt"
    path.write_text(
        legal_deck_text + "2x Itinerant Scholar (Core Set)\n1x Guardian Pillar\n"
        "4x Alaskan Sledge Dog\n1x Magah Bird\n",
        encoding="utf-8",
    )
    return path


def test_legal_deck_exits_0(legal_deck):
    code, out, err = run_cli("check", str(legal_deck))
    assert code == 0, err
    assert "legal" in out and "NOT LEGAL" not in out


def test_illegal_deck_exits_1_with_every_problem_in_json(illegal_deck):
    code, out, _err = run_cli("check", str(illegal_deck), "--json", "--list", "faq-v22")
    assert code == 1
    report = json.loads(out)["decks"][0]
    assert {"path", "legal", "format", "list", "draw_deck_count", "problems", "warnings"} <= set(
        report
    )
    assert report["legal"] is False and report["list"] == "faq-v22" and report["format"] == "lcg"
    assert report["draw_deck_count"] == 51 + 8
    rules = {p["rule"]: p for p in report["problems"]}
    assert set(rules) == {"restricted", "copy-limit", "banned"}
    assert set(rules["restricted"]["cards"]) == {"Itinerant Scholar", "Guardian Pillar"}
    assert rules["copy-limit"]["cards"] == ["Alaskan Sledge Dog"]
    assert all(p["message"] and p["source"] for p in report["problems"])


def test_default_list_is_final_2015(illegal_deck):
    code, out, _err = run_cli("check", str(illegal_deck), "--json")
    report = json.loads(out)["decks"][0]
    assert code == 1 and report["list"] == "final-2015"
    assert "banned" not in {p["rule"] for p in report["problems"]}  # Magah Bird is fine now


def test_many_decks_in_one_call(legal_deck, illegal_deck):
    code, out, _err = run_cli("check", str(legal_deck), str(illegal_deck), "--json")
    decks = json.loads(out)["decks"]
    assert code == 1
    assert [d["legal"] for d in decks] == [True, False]
    assert [d["path"] for d in decks] == [str(legal_deck), str(illegal_deck)]


def test_unknown_cards_exit_2_naming_the_file_and_every_line(tmp_path, legal_deck, full_db_env):
    bad = tmp_path / "bad.txt"
    bad.write_text("3x Itinerant Scholar\n2x Zzyzx Qwerty\n1x Blorp Florp Glorp\n")
    code, out, err = run_cli("check", str(legal_deck), str(bad))
    assert code == 2
    lines = err.strip().splitlines()
    assert lines[0].startswith("deckbuilder: error: ") and str(bad) in lines[0]
    assert any("line 2" in line and "Zzyzx Qwerty" in line for line in lines)
    assert any("line 3" in line and "Blorp Florp Glorp" in line for line in lines)
    assert "legal.txt: legal" in out  # the other deck was still checked
    assert "Traceback" not in err


@pytest.mark.parametrize(("option", "value"), [("--format", "vintage"), ("--list", "no-such-list")])
def test_unknown_format_or_list_exits_2(legal_deck, option, value):
    code, _out, err = run_cli("check", str(legal_deck), option, value)
    assert code == 2 and value in err and len(err.strip().splitlines()) == 1


def test_multiplayer_format_needs_a_story_deck(legal_deck, full_db_env, tmp_path):
    code, out, _err = run_cli("check", str(legal_deck), "--format", "1v2", "--json")
    assert code == 1
    assert [p["rule"] for p in json.loads(out)["decks"][0]["problems"]] == ["story-deck"]
    with_story = tmp_path / "story.txt"
    stories = "\n".join(
        f"1x {t} (Core Set)"
        for t in (
            "Nowhere to Hide", "The Shadow out of Time", "Opening Night", "Ancient Apocrypha",
            "The Call of Cthulhu", "Through the Gates", "Rotting Away", "Frozen in Time",
            "Dreamwalkers", "The Other Path",
        )
    )  # fmt: skip
    with_story.write_text(legal_deck.read_text() + "Story Deck:\n" + stories + "\n")
    code, out, err = run_cli("check", str(with_story), "--format", "1v3")
    assert code == 0, out + err


def test_add_list_then_check_with_it_and_see_it_in_db_info(tmp_path, legal_deck):
    list_file = tmp_path / "house.txt"
    list_file.write_text(
        "Name: House list\nId: house\nEffective: 2016-02-01\nSource: our club\n"
        "Banned:\n" + legal_deck.read_text().splitlines()[1][3:] + "\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("db", "add-list", str(list_file), "--json")
    assert code == 0, err
    assert json.loads(out)["id"] == "house" and json.loads(out)["banned"] == 1
    code, out, _err = run_cli("db", "info", "--json")
    lists = {item["id"]: item for item in json.loads(out)["lists"]}
    assert {"faq-v22", "final-2015", "cgdb", "house"} <= set(lists)
    assert lists["house"]["effective"] == "2016-02-01" and lists["final-2015"]["default"]
    assert all({"id", "name", "effective"} <= set(item) for item in lists.values())
    code, out, _err = run_cli("check", str(legal_deck), "--list", "house", "--json")
    assert code == 1 and json.loads(out)["decks"][0]["problems"][0]["rule"] == "banned"
    code, out, _err = run_cli("db", "add-list", str(list_file))
    assert code == 0 and "replaced" in out


def test_add_list_with_unknown_cards_exits_2_and_stores_nothing(tmp_path, full_db_env):
    list_file = tmp_path / "typos.txt"
    list_file.write_text("Name: T\nRestricted:\nQwerty Zzyzx\nBlorp Florp\n", encoding="utf-8")
    code, _out, err = run_cli("db", "add-list", str(list_file))
    assert code == 2 and "Qwerty Zzyzx" in err and "Blorp Florp" in err
    code, out, _err = run_cli("db", "info", "--json")
    assert "typos" not in {item["id"] for item in json.loads(out)["lists"]}


def test_add_list_may_not_replace_a_built_in_list(tmp_path, full_db_env):
    list_file = tmp_path / "faq-v22.txt"
    list_file.write_text("Name: Mine\nBanned:\nMagah Bird\n", encoding="utf-8")
    code, _out, err = run_cli("db", "add-list", str(list_file))
    assert code == 2 and "built-in" in err


def test_search_restricted_and_banned_use_the_default_list(full_db_env):
    code, out, _err = run_cli("search", "r:yes", "--json", "--limit", "0")
    assert code == 0
    assert json.loads(out)["total"] >= 32
    code, out, _err = run_cli("search", "b:yes", "--json")
    assert code == 0 and json.loads(out)["total"] == 0  # FFG emptied the banned list in 2015
    code, out, _err = run_cli("search", "r:yes", "Nyarlathotep", "--json")
    assert {c["id"] for c in json.loads(out)["cards"]} == {"JtUK-117"}


def test_a_json_deck_naming_an_unknown_list_is_bad_input(tmp_path, legal_deck):
    code, _out, err = run_cli("convert", str(legal_deck), str(tmp_path / "d.json"))
    assert code == 0, err
    document = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    document["list"] = "my-club-list"
    (tmp_path / "d.json").write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run_cli("check", str(tmp_path / "d.json"), str(legal_deck), "--json")
    assert code == 2 and "my-club-list" in err and str(tmp_path / "d.json") in err
    assert [d["legal"] for d in json.loads(out)["decks"]] == [True]
    code, _out, _err = run_cli("check", str(tmp_path / "d.json"), "--list", "faq-v22")
    assert code == 0  # --list overrides the deck's own


def test_the_octgn_core_set_decks(tmp_path, full_db_env):
    """The plugin's Core Set starter decks: every card resolves; each alone is only too
    small; put together, Miskatonic University's Itinerant Scholar and the Cthulhu deck's
    Ravager from the Deep are two restricted titles under the final list, one under FAQ v22."""
    import re

    from conftest import requires_shared

    folder = requires_shared(
        "carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Decks", "Core Set"
    )
    decks = sorted(folder.glob("*.o8d"))
    assert len(decks) == 9
    code, out, err = run_cli("check", *map(str, decks), "--json")
    assert code == 1 and not err.strip(), err
    reports = json.loads(out)
    assert reports["errors"] == []
    for report in reports["decks"]:
        assert [p["rule"] for p in report["problems"]] == ["deck-size"], report["path"]
        assert 8 <= report["draw_deck_count"] <= 21
    cards = []
    for name in ("Miskatonic University", "Cthulu", "Hastur", "Neutral1"):
        text = (folder / f"Core-{name}.o8d").read_text(encoding="utf-8-sig")
        cards += re.findall(r"<card [^>]*>[^<]*</card>", text)
    merged = tmp_path / "merged.o8d"
    merged.write_text(
        '<?xml version="1.0" encoding="utf-8"?><deck game="43054c18-2362-43e0-a434-72f8d0e8477c">'
        f'<section name="Draw Deck">{"".join(cards)}</section></deck>',
        encoding="utf-8",
    )
    code, out, err = run_cli("check", str(merged), "--json")
    report = json.loads(out)["decks"][0]
    assert code == 1 and report["draw_deck_count"] == 67, err
    assert [p["rule"] for p in report["problems"]] == ["restricted"]
    assert set(report["problems"][0]["cards"]) == {"Itinerant Scholar", "Ravager from the Deep"}
    code, out, err = run_cli("check", str(merged), "--list", "faq-v22")
    assert code == 0, out + err


def test_add_list_reports_a_spelling_it_read_as_another_title(tmp_path, full_db_env):
    list_file = tmp_path / "faq-typo.txt"
    list_file.write_text("Name: T\nRestricted:\nNyarlahotep (Dreamlands F117)\n", "utf-8")
    code, out, err = run_cli("db", "add-list", str(list_file), "--json")
    assert code == 0, err
    assert '"Nyarlahotep" read as "Nyarlathotep"' in err
    assert json.loads(out)["warnings"] == ['"Nyarlahotep" read as "Nyarlathotep"']


def test_a_folder_without_decks_names_only_what_check_reads(tmp_path, full_db_env):
    empty = tmp_path / "decks"
    empty.mkdir()
    (empty / "forum-post.md").write_text("# a deck for a forum\n", encoding="utf-8")
    code, out, err = run_cli("check", str(empty))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert str(empty) in err and "no deck files" in err
    assert all(suffix in err for suffix in (".txt", ".o8d", ".json"))
    assert ".md" not in err.replace("forum-post.md", "") and ".bbcode" not in err
    code, _out, err = run_cli("check", str(tmp_path / "deck.xyz"))
    assert code == 2 and ".md" not in err and ".txt" in err


def test_a_folder_checks_every_deck_in_it(tmp_path, legal_deck, illegal_deck):
    folder = tmp_path / "event"
    (folder / "round-1").mkdir(parents=True)
    (folder / ".drafts").mkdir()
    for target in (folder / "a.txt", folder / "round-1" / "b.txt", folder / ".drafts" / "c.txt"):
        target.write_bytes(legal_deck.read_bytes())
    (folder / "z.txt").write_bytes(illegal_deck.read_bytes())
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    code, out, err = run_cli("check", str(folder), "--json")
    assert code == 1, err
    checked = [(d["path"], d["legal"]) for d in json.loads(out)["decks"]]
    assert checked == [
        (str(folder / "a.txt"), True),
        (str(folder / "round-1" / "b.txt"), True),
        (str(folder / "z.txt"), False),
    ]


def _two_restricted_titles(tmp_path, legal_deck_text) -> str:
    """Restricted under the final list (one restricted title allowed), not under FAQ v22."""
    path = tmp_path / "two-restricted.txt"
    path.write_text(
        legal_deck_text + "1x Itinerant Scholar (Core Set)\n1x Museum Curator\n", encoding="utf-8"
    )
    return str(path)


def test_a_deck_broken_only_by_the_default_list_says_how_to_choose_another(
    tmp_path, full_db_env, legal_deck_text
):
    from deckbuilder.legality import builtin_lists

    deck = _two_restricted_titles(tmp_path, legal_deck_text)
    code, out, _ = run_cli("check", deck)
    assert code == 1 and "NOT LEGAL" in out and "list final-2015" in out
    assert "  legal under --list faq-v22" in out
    (summary,) = [line for line in out.splitlines() if "--list L" in line]
    assert "1 deck broke the final-2015 restricted/banned list, the default" in summary
    assert all(other in summary for other in builtin_lists() if other != "final-2015")
    assert "legal under faq-v22 (1 of them)" in summary
    code, out, _ = run_cli("check", deck, "--json")
    assert json.loads(out)["decks"][0]["legal_under"] == ["faq-v22"]
    # a list chosen is the user's choice: no advice
    code, out, _ = run_cli("check", deck, "--list", "final-2015")
    assert code == 1 and "--list" not in out
    assert run_cli("check", deck, "--list", "faq-v22")[0] == 0


def test_the_octgn_core_set_folder_and_the_merged_real_deck(tmp_path, full_db_env):
    """The real starter decks, checked as a folder: each only too small, so no list advice;
    merged, they break the final list and are legal under FAQ v22, and check says so."""
    import re

    from conftest import requires_shared

    folder = requires_shared(
        "carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Decks", "Core Set"
    )
    code, out, err = run_cli("check", str(folder))
    assert code == 1 and out.count("NOT LEGAL") == 9 and "--list" not in out, err
    cards = []
    for name in ("Miskatonic University", "Cthulu"):
        text = (folder / f"Core-{name}.o8d").read_text(encoding="utf-8-sig")
        cards += re.findall(r"<card [^>]*>[^<]*</card>", text)
    merged = tmp_path / "merged.o8d"
    merged.write_text(
        '<?xml version="1.0" encoding="utf-8"?><deck game="43054c18-2362-43e0-a434-72f8d0e8477c">'
        f'<section name="Draw Deck">{"".join(cards * 2)}</section></deck>',
        encoding="utf-8",
    )
    code, out, err = run_cli("check", str(merged), "--json")
    assert code == 1 and json.loads(out)["decks"][0]["legal_under"] == ["faq-v22"], out + err
