"""deckbuilder diff A B: cards in, out and changed, by card, across formats."""

from __future__ import annotations

import json

from conftest import run_cli
from test_goldfish_cli import EXAMPLE_DECK


def _variant(tmp_path):
    """The example deck one Mad Genius and every Binding lighter, plus a Carl Stanford."""
    text = EXAMPLE_DECK.read_text(encoding="utf-8")
    text = text.replace("3x Mad Genius", "2x Mad Genius").replace("3x Binding\n", "")
    path = tmp_path / "after.txt"
    path.write_text(text + "1x Carl Stanford (Deathless Fanatic)\nStory Deck:\nThe Well\n")
    return path


def test_same_cards_in_two_formats_are_no_difference(full_db_env, tmp_path):
    octgn = tmp_path / "deck.o8d"
    assert run_cli("convert", str(EXAMPLE_DECK), str(octgn))[0] == 0
    code, out, err = run_cli("diff", str(octgn), str(EXAMPLE_DECK), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["same"] is True and document["in"] == document["out"] == []
    code, out, _err = run_cli("diff", str(octgn), str(EXAMPLE_DECK))
    assert out.splitlines()[-1] == "No differences: the two decks hold the same cards."


def test_json_lists_cards_in_out_and_changed(full_db_env, tmp_path):
    code, out, err = run_cli("diff", str(EXAMPLE_DECK), str(_variant(tmp_path)), "--json")
    assert code == 0, err
    document = json.loads(out)
    assert document["same"] is False
    assert [(i["title"], i["section"], i["count"]) for i in document["in"]] == [
        ("Carl Stanford, Deathless Fanatic", "draw", 1),  # a title of two cards: described
        ("The Well", "story", 1),
    ]
    assert [(i["card_id"], i["title"], i["count"]) for i in document["out"]] == [
        ("Core-036", "Binding", 3)
    ]
    assert [(i["title"], i["from"], i["to"], i["change"]) for i in document["changed"]] == [
        ("Mad Genius", 3, 2, -1)
    ]
    assert (document["a"]["draw_deck_count"], document["b"]["draw_deck_count"]) == (50, 47)


def test_human_output(full_db_env, tmp_path):
    code, out, err = run_cli("diff", str(EXAMPLE_DECK), str(_variant(tmp_path)))
    assert code == 0, err
    assert out.splitlines()[1:] == [
        "In (2 cards):",
        "  +1 Carl Stanford, Deathless Fanatic",
        "  +1 The Well (story deck)",
        "Out (3 cards):",
        "  -3 Binding",
        "Changed (1 card):",
        "  -1 Mad Genius (3 -> 2)",
    ]
    assert "(Miskatonic Deep Ones, 50 cards) ->" in out.splitlines()[0]


def test_a_reprint_is_the_same_card(full_db_env, tmp_path):
    lcg, ccg = tmp_path / "lcg.txt", tmp_path / "ccg.txt"
    lcg.write_text("3x Itinerant Scholar (Core Set)\n")
    ccg.write_text("3x Itinerant Scholar (Masks of Nyarlathotep)\n")
    code, out, _err = run_cli("diff", str(lcg), str(ccg), "--json")
    assert code == 0 and json.loads(out)["same"] is True


def test_bad_input_exits_2(full_db_env, tmp_path):
    code, out, err = run_cli("diff", str(EXAMPLE_DECK), str(tmp_path / "missing.txt"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    code, out, err = run_cli("diff", str(EXAMPLE_DECK))
    assert code == 2 and len(err.strip().splitlines()) == 1
