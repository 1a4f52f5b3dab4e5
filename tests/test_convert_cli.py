"""deckbuilder convert IN OUT: every format pair keeps every card."""

from __future__ import annotations

import pytest
from conftest import run_cli

from card_db.pool import CardPool
from card_db.store import load_cards
from deckbuilder.formats import read_deck


def _entries(deck):
    return (
        {e.card.id: e.count for e in deck.draw},
        {e.card.id: e.count for e in deck.story},
        deck.name,
    )


@pytest.mark.parametrize("middle", [".o8d", ".json", ".txt"])
def test_text_to_format_and_back_keeps_every_card(tmp_path, full_db_env, legal_deck_text, middle):
    source = tmp_path / "in.txt"
    source.write_text(
        legal_deck_text + "2x Itinerant Scholar (Masks of Nyarlathotep)\nStory Deck:\nThe Well\n",
        encoding="utf-8",
    )
    code, _out, err = run_cli("convert", str(source), str(tmp_path / f"mid{middle}"))
    assert code == 0, err
    code, _out, err = run_cli("convert", str(tmp_path / f"mid{middle}"), str(tmp_path / "out.txt"))
    assert code == 0, err
    pool = CardPool(load_cards(full_db_env))
    original, back = read_deck(source, pool), read_deck(tmp_path / "out.txt", pool)
    assert _entries(back) == _entries(original)
    assert "MN-023" in _entries(back)[0]  # the CCG printing survived
    assert back.warnings == []


def test_bad_input_exits_2_and_writes_nothing(tmp_path, full_db_env):
    source = tmp_path / "in.txt"
    source.write_text("3x Qwerty Zzyzx Blorp\n", encoding="utf-8")
    target = tmp_path / "out.o8d"
    code, _out, err = run_cli("convert", str(source), str(target))
    assert code == 2 and str(source) in err.splitlines()[0] and not target.exists()
    code, _out, err = run_cli("convert", str(source), str(tmp_path / "out.docx"))
    assert code == 2 and "unknown deck file type" in err


def test_convert_never_writes_over_its_input(tmp_path, full_db_env):
    source = tmp_path / "deck.txt"
    source.write_text("3x Itinerant Scholar\n", encoding="utf-8")
    for target in (source, tmp_path / "." / "deck.txt"):
        code, _out, err = run_cli("convert", str(source), str(target))
        assert code == 2 and "never writes over its input" in err and err.count("\n") == 1
    assert source.read_text(encoding="utf-8") == "3x Itinerant Scholar\n"


def test_convert_never_writes_over_another_file_unasked(full_db_env, tmp_path):
    from conftest import run_cli

    source = tmp_path / "in.txt"
    source.write_text("3x Dagon\n")
    target = tmp_path / "out.o8d"
    target.write_text("someone else's deck")
    code, _, err = run_cli("convert", str(source), str(target))
    assert code == 2 and err.count("\n") == 1 and "--force" in err
    assert target.read_text() == "someone else's deck"
    code, _, err = run_cli("convert", str(source), str(target), "--force")
    assert code == 0 and "out.o8d.bak" in err
    assert (tmp_path / "out.o8d.bak").read_text() == "someone else's deck"
    assert "Dagon" in target.read_text()
