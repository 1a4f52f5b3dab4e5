"""An OCTGN deck written back keeps every element, attribute and name marker the deck does
not change: the real decks and fixtures with shared sections, markers and notes come back
identical apart from whitespace; an edit changes only what it edits."""

from __future__ import annotations

from xml.etree.ElementTree import fromstring

import pytest
from conftest import SHARED

from deckbuilder.formats import dump_deck, parse_deck, read_deck

DECKS = sorted((SHARED / "carddata").rglob("*.o8d")) if SHARED.exists() else []

FIXTURE = """<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="43054c18-2362-43e0-a434-72f8d0e8477c">
  <section name="Draw Deck" shared="False">
    <card qty="2" id="{scholar}">* Itinerant Scholar</card>
    <card qty="1" id="{dagon}">}} Dagon</card>
    <card qty="3" id="ffffffff-0000-0000-0000-000000000001">_ Professor Nathaniel Peaslee</card>
  </section>
  <section name="Story Deck" shared="True" />
  <notes>{notes}</notes>
</deck>
"""


def _tree(text):
    """(tag, attributes, stripped text, children) all the way down."""
    element = fromstring(text.encode() if isinstance(text, str) else text)

    def walk(e):
        return (e.tag, dict(e.attrib), (e.text or "").strip(), [walk(c) for c in e])

    return walk(element)


def _fixture(full_pool, notes: str = "Name: Miskatonic test\nA deck for the fair.") -> str:
    def guid(title):
        return next(c.octgn_id for c in full_pool.printings(title) if c.octgn_id)

    return FIXTURE.format(
        scholar=guid("Itinerant Scholar"), dagon=guid("Dagon"), notes=notes
    ).replace("\\n", "\n")


@pytest.mark.skipif(not DECKS, reason="the OCTGN decks of ../shared/carddata are absent")
@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_a_real_octgn_deck_comes_back_as_it_was(full_pool, path):
    deck = read_deck(path, full_pool)
    assert _tree(dump_deck(deck, ".o8d")) == _tree(path.read_bytes().lstrip(b"\xef\xbb\xbf"))


@pytest.mark.parametrize("notes", ["", "Name: Miskatonic test", "Name: X\nLine one\n\nLine two"])
def test_shared_sections_markers_and_notes_come_back_unchanged(full_pool, notes):
    text = _fixture(full_pool, notes)
    deck = parse_deck(text, full_pool, suffix=".o8d")
    assert _tree(dump_deck(deck, ".o8d")) == _tree(text)


def test_an_edit_changes_only_what_it_edits(full_pool):
    text = _fixture(full_pool)
    deck = parse_deck(text, full_pool, suffix=".o8d")
    scholar = next(e.card for e in deck.draw if e.card.title == "Itinerant Scholar")
    dagon = next(e.card for e in deck.draw if e.card.title == "Dagon")
    deck.add(scholar, 1)  # 2 -> 3
    deck.add(dagon, -1)  # removed
    deck.add(full_pool.printings("Khopesh of the Abyss")[0], 2)  # new
    before, after = _tree(text), _tree(dump_deck(deck, ".o8d"))
    draw_before, draw_after = before[3][0], after[3][0]
    assert draw_after[1] == {"name": "Draw Deck", "shared": "False"}
    assert draw_after[3][0][1]["qty"] == "3" and draw_after[3][0][2] == "* Itinerant Scholar"
    assert draw_after[3][1] == draw_before[3][2]  # the unknown-GUID card: untouched
    assert draw_after[3][2][2] == "Khopesh of the Abyss" and draw_after[3][2][1]["qty"] == "2"
    assert len(draw_after[3]) == 3
    assert after[3][1] == before[3][1]  # the shared story section
    assert after[3][2] == before[3][2]  # the notes: unchanged


def test_changed_notes_replace_the_notes_and_keep_the_name_line(full_pool):
    deck = parse_deck(_fixture(full_pool), full_pool, suffix=".o8d")
    assert deck.name == "Miskatonic test" and deck.notes == "A deck for the fair."
    deck.notes = "Sideboard ideas"
    notes = _tree(dump_deck(deck, ".o8d"))[3][2]
    assert notes[2] == "Name: Miskatonic test\nSideboard ideas"


def test_a_new_deck_to_o8d_writes_its_notes_after_its_name(full_pool):
    from deckbuilder.deck import Deck

    deck = Deck("Fresh", notes="two lines\nof notes")
    deck.add(full_pool.printings("Dagon")[0], 1)
    again = parse_deck(dump_deck(deck, ".o8d"), full_pool, suffix=".o8d")
    assert (again.name, again.notes) == ("Fresh", "two lines\nof notes")


@pytest.mark.skipif(not DECKS, reason="the OCTGN decks of ../shared/carddata are absent")
def test_an_unchanged_deck_is_written_back_byte_for_byte_around_its_root(full_pool):
    path = DECKS[0]
    original = path.read_bytes().lstrip(b"\xef\xbb\xbf")
    written = dump_deck(read_deck(path, full_pool), ".o8d").encode("utf-8")
    assert written[: original.find(b"<deck")] == original[: original.find(b"<deck")]
    assert written.endswith(original[original.rfind(b"</deck>") :])


def test_a_fixture_comes_back_with_its_declaration_and_line_ends(full_pool):
    text = _fixture(full_pool)
    written = dump_deck(parse_deck(text, full_pool, suffix=".o8d"), ".o8d")
    assert written.startswith('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<deck')
    assert written.endswith("</deck>\n")
