"""Forum exports (.md, .bbcode) and the grouped text export, which reads back card for card."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_goldfish_cli import EXAMPLE_DECK

from deckbuilder.deck import Deck
from deckbuilder.formats import bbcode, grouped_text, markdown, read_deck, text


def _entries(deck):
    return sorted((s, e.card.id, e.count) for s in ("draw", "story") for e in getattr(deck, s))


def _cards(deck):
    counts = Counter()
    for section in ("draw", "story"):
        for entry in getattr(deck, section):
            counts[section, entry.card.card_id] += entry.count
    return counts


@pytest.fixture
def example(full_pool):
    deck = read_deck(EXAMPLE_DECK, full_pool)
    deck.add(full_pool.by_id["Core-001"], 1, section="story")  # a story deck too
    deck.notes = "Rush the stories.\nMulligan for Itinerant Scholar."
    return deck


def test_markdown_groups_by_type_with_counts_and_notes(example):
    lines = markdown.dump(example).splitlines()
    assert lines[0] == "# Miskatonic Deep Ones"
    assert "Rush the stories." in lines and "Mulligan for Itinerant Scholar." in lines
    assert "## Draw deck (50 cards)" in lines
    headers = [line for line in lines if line.startswith("### ")]
    assert headers == ["### Characters (38)", "### Supports (6)", "### Events (6)"]
    assert "## Story deck (1 card)" in lines
    assert "- 3x Itinerant Scholar (Core Set)" in lines
    assert "- 2x Professor Nathaniel Peaslee, Scholar of the Arcane (Core Set)" in lines
    assert markdown.escape("Title *with* [marks]") == r"Title \*with\* \[marks\]"


def test_bbcode_groups_by_type_with_counts_and_notes(example):
    lines = bbcode.dump(example).splitlines()
    assert lines[0] == "[size=150][b]Miskatonic Deep Ones[/b][/size]"
    assert "Rush the stories." in lines
    assert "[u][b]Draw deck (50 cards)[/b][/u]" in lines
    assert [line for line in lines if line.startswith("[b]")] == [
        "[b]Characters (38)[/b]", "[b]Supports (6)[/b]", "[b]Events (6)[/b]",
    ]  # fmt: skip
    assert "3x Itinerant Scholar (Core Set)" in lines


def test_convert_writes_forum_files_and_refuses_to_read_them(full_db_env, tmp_path):
    for suffix in (".md", ".bbcode"):
        target = tmp_path / f"deck{suffix}"
        code, _out, err = run_cli("convert", str(EXAMPLE_DECK), str(target))
        assert code == 0, err
        assert "Characters (38)" in target.read_text(encoding="utf-8")
        code, out, err = run_cli("convert", str(target), str(tmp_path / "back.txt"))
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert "export format only" in err and not (tmp_path / "back.txt").exists()


def test_grouped_text_round_trip_through_the_cli(full_db_env, full_pool, tmp_path):
    grouped = tmp_path / "grouped.txt"
    code, _out, err = run_cli("convert", str(EXAMPLE_DECK), str(grouped), "--grouped")
    assert code == 0, err
    written = grouped.read_text(encoding="utf-8").splitlines()
    assert "Characters (38)" in written and "Events (6)" in written
    back = read_deck(grouped, full_pool)
    assert _entries(back) == _entries(read_deck(EXAMPLE_DECK, full_pool))
    code, _out, err = run_cli("convert", str(EXAMPLE_DECK), str(tmp_path / "x.o8d"), "--grouped")
    assert code == 2 and "--grouped" in err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_grouped_text_reads_back_every_card(full_pool, data):
    cards = data.draw(
        st.lists(st.sampled_from(full_pool.cards), min_size=1, max_size=25, unique_by=id)
    )
    deck = Deck(name=data.draw(st.sampled_from(["Deck", "My deck: take 2"])))
    for card in cards:
        section = "story" if card.type == "Story" and data.draw(st.booleans()) else "draw"
        deck.add(card, data.draw(st.integers(1, 4)), section=section)
    deck.notes = data.draw(st.sampled_from(["", "one line", "two\nlines # with a hash"]))
    back = text.parse(grouped_text.dump(deck).encode(), full_pool, name="x", source="x.txt")
    # By card: a text line names a printing by set name and number, which two printings of
    # one card can share (Shadow Team, Spawn of Madness 001, in two sets of that name).
    assert _cards(back) == _cards(deck)
    assert back.name == deck.name
