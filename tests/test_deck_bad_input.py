"""Deck files with odd content: an unknown XML encoding, nested sections, halves of UTF-16
pairs, absurd copy counts. Each is one clear error or a sane reading, never a traceback."""

from __future__ import annotations

import json
import os

import pytest
from conftest import make_card, run_cli

from card_db.pool import CardPool
from deckbuilder.deck import MAX_CARDS, MAX_COPIES, Deck, DeckLimitError
from deckbuilder.formats import DeckFileError, parse_deck

PAUL = make_card("Paul LeMond", id="Core-004", number="004", octgn_id="aaaa-0004")
SCHOLAR = make_card("Itinerant Scholar", id="Core-030", number="030")
POOL = CardPool([PAUL, SCHOLAR])


def o8d(body: str, declaration: str = '<?xml version="1.0" encoding="utf-8"?>') -> str:
    return f'{declaration}\n<deck game="x">{body}<notes>Name: Odd</notes></deck>'


def test_o8d_with_an_unknown_encoding_is_one_clear_error():
    text = o8d('<section name="Draw Deck"><card qty="1">Paul LeMond</card></section>')
    text = text.replace('encoding="utf-8"', 'encoding="klingon-8"')
    with pytest.raises(DeckFileError, match="unknown encoding: klingon-8"):
        parse_deck(text, POOL, suffix=".o8d")


def test_o8d_card_in_a_nested_section_counts_once():
    inner = '<section name="Inner"><card qty="2">Paul LeMond</card></section>'
    deck = parse_deck(o8d(f'<section name="Draw Deck">{inner}</section>'), POOL, suffix=".o8d")
    assert [(e.card.id, e.count) for e in deck.draw] == [("Core-004", 2)]


def test_json_deck_with_half_a_utf16_pair_in_its_name_is_one_clear_error(tmp_path):
    document = {
        "kind": "deckbuilder-deck",
        "name": "Bad \ud800 name",
        "draw": [{"title": "Paul LeMond", "count": 3}],
    }
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(document), encoding="utf-8")  # ensure_ascii: "\\ud800"
    with pytest.raises(DeckFileError, match=r"\\ud800 is half of a UTF-16 pair"):
        parse_deck(path.read_bytes(), POOL, suffix=".json")


def test_converting_a_json_deck_with_half_a_utf16_pair_is_exit_2(full_db_env, tmp_path):
    path = tmp_path / "odd.json"
    path.write_text(
        '{"kind": "deckbuilder-deck", "name": "\\ud800", '
        '"draw": [{"title": "Paul LeMond", "count": 3}]}',
        encoding="utf-8",
    )
    code, _out, err = run_cli("convert", str(path), str(tmp_path / "out.txt"))
    assert code == 2 and "half of a UTF-16 pair" in err and err.count("\n") == 1
    assert not (tmp_path / "out.txt").exists()


def test_pasted_text_with_half_a_utf16_pair_in_its_name_line_is_one_clear_error():
    with pytest.raises(DeckFileError, match=r"\\udc80 is half of a UTF-16 pair"):
        parse_deck("Name: Bad \udc80\n3x Paul LeMond\n", POOL, suffix=".txt")


def test_a_deck_file_whose_name_is_not_utf8_converts_with_a_printable_name(full_db_env, tmp_path):
    source = tmp_path / os.fsdecode(b"Hastur \xff.o8d")
    source.write_text(o8d('<section name="Draw Deck"><card qty="3">Paul LeMond</card></section>'))
    source.write_text(source.read_text().replace("<notes>Name: Odd</notes>", ""))
    code, _out, err = run_cli("convert", str(source), str(tmp_path / "out.txt"))
    assert code == 0, err
    assert (tmp_path / "out.txt").read_text(encoding="utf-8").startswith("Name: Hastur \ufffd\n")


# --- caps ---------------------------------------------------------------------------------


def test_deck_add_refuses_more_copies_of_one_card_than_the_cap_and_keeps_the_deck():
    deck = Deck(name="d")
    deck.add(PAUL, MAX_COPIES)
    with pytest.raises(DeckLimitError, match=f"{MAX_COPIES + 1} copies of Paul LeMond"):
        deck.add(PAUL, 1)
    assert deck.count_of(PAUL.id) == MAX_COPIES
    deck.add(PAUL, -MAX_COPIES)  # removing is never refused
    assert deck.draw == []


def test_deck_add_refuses_more_cards_than_the_cap():
    cards = [make_card(f"Card {n}", id=f"T-{n:03d}") for n in range(MAX_CARDS // MAX_COPIES + 1)]
    deck = Deck(name="d")
    with pytest.raises(DeckLimitError, match=f"more than {MAX_CARDS} cards"):
        for card in cards:
            deck.add(card, MAX_COPIES, section="story" if card is cards[-1] else "draw")
    assert deck.draw_count + sum(e.count for e in deck.story) <= MAX_CARDS


@pytest.mark.parametrize(
    ("suffix", "content"),
    [
        (".txt", "999x Paul LeMond\n"),
        (".txt", "60x Paul LeMond\n60x Paul LeMond (Core-004)\n"),
        (".o8d", o8d('<section name="Draw Deck"><card qty="150">Paul LeMond</card></section>')),
        (".json", '{"kind": "deckbuilder-deck", "draw": [{"id": "Core-004", "count": 100}]}'),
    ],
    ids=["one line", "two lines", "o8d", "json"],
)
def test_every_reader_refuses_more_copies_than_the_cap(suffix, content):
    with pytest.raises(DeckFileError, match=f"(?s)deck{suffix}: .*{MAX_COPIES}"):
        parse_deck(content, POOL, suffix=suffix)


def test_goldfish_refuses_a_deck_of_thousands_of_999x_lines_with_one_line(full_db_env, tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text("999x Paul LeMond\n" * 5000, encoding="utf-8")
    code, out, err = run_cli("goldfish", str(path), "--games", "1")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and f"at most {MAX_COPIES} of one card" in err


def test_a_huge_deck_is_refused_at_the_line_that_passes_the_cap(monkeypatch):
    from deckbuilder.resolve import Resolver

    pool = CardPool([make_card("Paul LeMond", id="Core-010")])
    calls = []
    original = Resolver.candidates
    monkeypatch.setattr(
        Resolver, "candidates", lambda self, *a: calls.append(a) or original(self, *a)
    )
    with pytest.raises(DeckFileError, match=f"more than {MAX_CARDS} cards"):
        parse_deck("9x Paul LeMond\n" * 58_000, pool, suffix=".txt")
    assert len(calls) == MAX_CARDS // 9 + 1  # not one per line of the file
