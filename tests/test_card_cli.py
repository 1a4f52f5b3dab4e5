"""deckbuilder card NAME…: the whole card, its printings, list status and ownership."""

from __future__ import annotations

import json
import re

from conftest import run_cli

from deckbuilder.card_text import readable_text

ICON_MARKUP = re.compile(r"\(\(?[TCAI]\)\)?")


def card_json(*names: str) -> list[dict]:
    code, out, err = run_cli("card", *names, "--json")
    assert code == 0, err
    return json.loads(out)["cards"]


def test_json_is_the_whole_card_with_every_printing_and_list(full_db_env):
    (card,) = card_json("Itinerant Scholar")
    assert card["id"] == "Core-030"
    assert (card["title"], card["type"], card["faction"]) == (
        "Itinerant Scholar", "Character", "Miskatonic University",
    )  # fmt: skip
    assert card["cost"] == 2 and card["skill"] == 1 and card["icons"]["arcane"] == 2
    assert card["subtypes"] == ["Messenger"]
    assert {(p["set"], p["number"], p["era"]) for p in card["printings"]} == {
        ("Core Set", "030", "LCG"),
        ("Masks of Nyarlathotep", "023", "CCG"),
    }
    status = {s["list"]: s["status"] for s in card["lists"]}
    assert status["final-2015"] == "restricted"
    assert set(status) >= {"final-2015", "faq-v22", "cgdb"}
    assert "owned" not in card  # no collection yet


def test_human_output_reads_like_the_card(full_db_env):
    code, out, err = run_cli("card", "Itinerant Scholar")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Itinerant Scholar"
    assert lines[1] == "Miskatonic University Character — Messenger."
    assert "Cost 2   Skill 1   Icons 2 Arcane" in out
    assert "Printings: Core Set 030 (LCG); Masks of Nyarlathotep 023 (CCG)" in out
    assert "final-2015 (default) restricted" in out
    assert all(len(line) <= 80 for line in lines)


def test_icons_in_text_are_words_never_markup(full_db_env):
    (card,) = card_json("A Scheme of Byakhees")
    assert ICON_MARKUP.search(card["raw_text"])  # the data's markup…
    assert not ICON_MARKUP.search(card["text"])  # …never reaches the player
    assert "[Terror]" in card["text"]


def test_every_card_text_in_the_database_loses_its_icon_markup(full_pool):
    for card in full_pool.cards:
        assert not ICON_MARKUP.search(readable_text(card.text)), card.id
    assert readable_text("place the wound token(s) (T)") == "place the wound token(s) [Terror]"


def test_a_title_of_two_cards_lists_both(full_db_env):
    cards = card_json("Carl Stanford")
    assert len(cards) == 2
    assert {c["descriptor"] for c in cards} == {
        "Deathless Fanatic",
        "Sinister, not necessarily Evil",
    }
    assert len({c["card_id"] for c in cards}) == 2


def test_typos_several_names_and_unquoted_words(full_db_env):
    cards = card_json("itinerant scholr", "Binding")
    assert [c["title"] for c in cards][:1] == ["Itinerant Scholar"]
    assert "Binding" in [c["title"] for c in cards]
    assert [c["title"] for c in card_json("Itinerant", "Scholar")] == ["Itinerant Scholar"]


def test_owned_and_available_with_a_collection(full_db_env, tmp_path):
    import sqlite3

    from deckbuilder.collection import owned_counts

    assert run_cli("collection", "add", "Core", "--count", "2")[0] == 0
    deck = tmp_path / "one.txt"
    deck.write_text("1x Itinerant Scholar\n", encoding="utf-8")
    assert run_cli("collection", "build", str(deck), "--force")[0] == 0
    with sqlite3.connect(full_db_env) as connection:
        owned = owned_counts(session=connection)["Core-030"]
    (card,) = card_json("Itinerant Scholar")
    assert (card["owned"], card["available"]) == (owned, owned - 1)
    code, out, _err = run_cli("card", "Itinerant Scholar")
    assert f"Owned: {owned}, available: {owned - 1} (not in built decks)" in out


def test_unknown_name_exits_2_with_suggestions(full_db_env):
    code, out, err = run_cli("card", "Itinerant Scholarr Qwzx")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "no card matches" in err and "Itinerant Scholar" in err
    code, _out, err = run_cli("card", "!!!")
    assert code == 2 and len(err.strip().splitlines()) == 1
    code, _out, err = run_cli("card", "x" * 5000)  # the name is cut short in the message
    assert code == 2 and "no card matches" in err and len(err) < 300


def test_list_status_skips_only_entries_that_cannot_name_the_card(full_db, full_pool):
    """The shortcut that spares fuzzy matching gives every card the status the whole list
    gives it, misspelt entries ("Nyarlahotep" in faq-v22) included."""
    from deckbuilder.commands.card import list_statuses
    from deckbuilder.legality import load_lists, resolve_list

    lists = load_lists(full_db)
    whole = {list_id: resolve_list(lst, full_pool) for list_id, lst in lists.items()}
    named = {e.title for lst in lists.values() for e in (*lst.restricted, *lst.banned)}
    cards = [c for c in full_pool.cards if c.title in named or c.title.startswith("Nyarl")]
    cards += full_pool.cards[::25]
    for card in {c.card_id: c for c in cards}.values():
        printings = full_pool.by_card[card.card_id]
        for status in list_statuses(card, full_pool, lists):
            resolved = whole[status["list"]]
            expected = (
                "banned" if any(resolved.banned(p) for p in printings)
                else "restricted" if any(resolved.restricted(p) for p in printings)
                else "allowed"
            )  # fmt: skip
            assert status["status"] == expected, (card.id, status)
    nyarlathotep = full_pool.cards_of_title("Nyarlathotep")
    assert any(
        s["status"] != "allowed"
        for c in nyarlathotep
        for s in list_statuses(c, full_pool, lists)
        if s["list"] == "faq-v22"
    )


def test_a_title_with_its_descriptor_names_one_card(full_db_env):
    for name, card_id in [
        ("Cthulhu, The Great Old One", "Core-041"),
        ("Carl Stanford (Deathless Fanatic)", "SoA-028"),
        ("Carl Stanford - Sinister, not necessarily Evil", "SoK-051"),
    ]:
        assert [c["id"] for c in card_json(name)] == [card_id], name
