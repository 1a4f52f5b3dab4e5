"""Card identity: a title can be several cards, a card several printings, and every deck
line, OCTGN id and list entry lands on the card the player means."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SHARED, make_card, run_cli

from card_db.identity import card_ids
from deckbuilder.formats import parse_deck, read_deck

OCTGN_DECKS = SHARED / "carddata" / "tdnordine-Call-of-Cthulhu-OCTGN" / "o8g" / "Decks"
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


def _row(card) -> dict:
    return {
        "id": card.id, "title": card.title, "descriptor": card.descriptor, "type": card.type,
        "faction": card.faction, "era": card.era, "release_order": card.release_order,
    }  # fmt: skip


def test_reprints_are_one_card_and_descriptors_or_factions_tell_cards_apart():
    printings = [
        make_card("Itinerant Scholar", id="MN-023", era="CCG", release_order=0),
        make_card("Itinerant Scholar", id="Core-030", release_order=5),
        make_card("Carl Stanford", id="MN-056", era="CCG", descriptor="Deathless Fanatic"),
        make_card("Carl Stanford", id="SoA-028", descriptor="Deathless Fanatic", release_order=6),
        make_card(
            "Carl Stanford",
            id="SoK-051",
            descriptor="Sinister, not necessarily Evil",
            faction="Silver Twilight",
            release_order=9,
        ),  # fmt: skip
        # A CCG printing without its descriptor is the one described card it can be.
        make_card("Thomas Olney", id="KD2-003", era="CCG"),
        make_card("Thomas Olney", id="KD-023", descriptor="Traveler with a Purpose"),
        # Same name and descriptor in another faction: another card.
        make_card("Steve Clarney", id="UT-025", era="CCG", faction="Miskatonic University"),
        make_card("Steve Clarney", id="Core-023", faction="The Agency"),
        # A story and a conspiracy of one title are two cards.
        make_card("Opening Night", id="Core-158", type="Story", faction="Neutral"),
        make_card("Opening Night", id="TMoM-035", type="Conspiracy", faction="Hastur"),
    ]
    ids = card_ids([_row(c) for c in printings])
    assert ids["MN-023"] == ids["Core-030"] == "Core-030"
    assert ids["MN-056"] == ids["SoA-028"] == "SoA-028"
    assert ids["SoK-051"] == "SoK-051"
    assert ids["KD2-003"] == ids["KD-023"] == "KD-023"
    assert ids["UT-025"] != ids["Core-023"]
    assert ids["Core-158"] != ids["TMoM-035"]


def test_the_embedded_pool_knows_its_cards(full_pool):
    stanford = {c.card_id for c in full_pool.printings("Carl Stanford")}
    assert stanford == {"SoA-028", "SoK-051"}
    assert {c.card_id for c in full_pool.printings("Itinerant Scholar")} == {"Core-030"}
    assert len(full_pool.cards_of_title("Yog-Sothoth")) == 5  # 3 LCG cards, 2 CCG-only


def _o8d_lines(path: Path) -> list[tuple[str, str, int]]:
    """(section, guid, qty) of every card line, read straight from the XML."""
    text = path.read_text(encoding="utf-8-sig")
    lines = []
    for section, body in re.findall(r'<section name="([^"]+)"[^>]*>(.*?)</section>', text, re.S):
        for qty, guid in re.findall(r'<card qty="(\d+)" id="([^"]+)"', body):
            lines.append((section, guid.lower(), int(qty)))
    return lines


def _real_o8d_decks() -> list[Path]:
    if not OCTGN_DECKS.is_dir():
        pytest.skip(f"needs ../shared/carddata (not found at {OCTGN_DECKS})")
    return sorted(OCTGN_DECKS.rglob("*.o8d"))


def test_every_real_octgn_deck_resolves_each_line_to_its_guids_card_on_a_fresh_database(
    full_pool,
):
    from card_db.importers.octgn_table import shipped_octgn_ids

    card_of_guid = {guid: pid for pid, guid in shipped_octgn_ids().items()}
    decks = _real_o8d_decks()
    assert len(decks) == 9
    lines = 0
    for path in decks:
        deck = read_deck(path, full_pool)
        assert deck.warnings == [], path.name
        read = {(e.card.id, e.count) for e in deck.draw + deck.story}
        wanted = {(card_of_guid[guid], qty) for _section, guid, qty in _o8d_lines(path)}
        assert read == wanted, path.name
        lines += len(wanted)
    assert lines > 150


def test_the_core_cthulhu_and_hastur_decks_play_their_core_cards(full_pool):
    decks = {p.stem: read_deck(p, full_pool) for p in _real_o8d_decks()}
    ids = {e.card.id for e in decks["Core-Cthulu"].draw}
    assert "Core-041" in ids and "TSB-019" not in ids  # Cthulhu, The Great Old One
    assert "Core-081" in {e.card.id for e in decks["Core-Hastur"].draw}


def test_o8d_export_never_writes_an_empty_id(full_pool, tmp_path):
    deck = parse_deck(
        "2x Itinerant Scholar\n1x Agent Jerry Holland\n3x Bone Sculptor (TSB-010b)\n",
        full_pool,
        suffix=".txt",
    )
    path = tmp_path / "out.o8d"
    from deckbuilder.formats import write_deck

    write_deck(deck, path)
    text = path.read_text(encoding="utf-8")
    assert 'id=""' not in text
    again = read_deck(path, full_pool)
    assert {e.card.id: e.count for e in again.draw} == {e.card.id: e.count for e in deck.draw}


def _deck(text: str, pool):
    return parse_deck(text, pool, suffix=".txt")


def test_the_decks_factions_decide_a_title_of_several_cards(full_pool):
    cthulhu = _deck("3x Carl Stanford\n3x Guardian Shoggoth\n3x Deep One Assault\n", full_pool)
    assert {e.card.id for e in cthulhu.draw} >= {"SoA-028"}
    assert not any("Carl Stanford" in w for w in cthulhu.warnings)
    twilight = _deck("3x Carl Stanford\n3x Guardian of Dawn\n", full_pool)
    assert "SoK-051" in {e.card.id for e in twilight.draw} and twilight.warnings == []


@pytest.mark.parametrize(
    "line",
    [
        "3x Yog-Sothoth, Lord of Time and Space",
        "3x Yog-Sothoth (Lord of Time and Space)",
        "3x Yog-Sothoth - Lord of Time and Space",
        "Yog-Sothoth, Lord of Time and Space x3",
    ],
)
def test_a_descriptor_written_any_way_picks_the_card(full_pool, line):
    deck = _deck(line + "\n", full_pool)
    assert [(e.card.id, e.count) for e in deck.draw] == [("SfW-099", 3)]
    assert deck.warnings == []


def test_the_story_section_decides_between_a_story_and_a_conspiracy(full_pool):
    deck = _deck("3x Opening Night\nStory Deck:\n1x Opening Night\n", full_pool)
    assert [e.card.id for e in deck.draw] == ["TMoM-035"]
    assert [e.card.id for e in deck.story] == ["Core-158"]
    assert deck.warnings == []


def test_still_ambiguous_warns_once_naming_the_candidates_and_how_to_choose(full_pool):
    deck = _deck("3x Professor Nathaniel Peaslee\n1x Professor Nathaniel Peaslee\n", full_pool)
    [warning] = deck.warnings
    assert "Scholar of the Arcane" in warning and "Alien Intelligence" in warning
    assert '"Professor Nathaniel Peaslee, Alien Intelligence"' in warning


@pytest.mark.parametrize(
    "line",
    [
        "- 3x Itinerant Scholar",
        "\u2022 3x Itinerant Scholar",
        "* 3x Itinerant Scholar",
        "* 3x * Itinerant Scholar",
    ],
)
def test_forum_bullets_load(full_pool, line):
    deck = _deck(line + "\n", full_pool)
    assert [(e.card.id, e.count) for e in deck.draw] == [("Core-030", 3)]
    assert deck.warnings == []


def test_curly_apostrophes_and_oct_gn_spellings_load(full_pool):
    deck = _deck(
        "3x Sword of Y\u2019ha-tallo\n2x Guardian of the Dawn\n1x Kopesh of the Abyss\n", full_pool
    )
    titles = {e.card.title for e in deck.draw}
    assert titles == {"Sword of Y'ha-tallo", "Guardian of Dawn", "Khopesh of the Abyss"}
    # the near spellings say how they were read
    assert sum("read as" in w for w in deck.warnings) == 2


def test_the_example_deck_prints_no_warnings(full_db_env):
    code, _out, err = run_cli("check", str(EXAMPLE))
    assert code in (0, 1) and err == ""


def test_an_overlong_line_is_refused_naming_it(full_pool):
    from deckbuilder.formats import DeckFileError

    with pytest.raises(DeckFileError, match="line 2: line of 40,002 characters is not a card"):
        _deck("3x Itinerant Scholar\n3x " + "a " * 20_000 + "\n", full_pool)


def test_a_card_is_immutable_and_compares_by_its_fields():
    card = make_card("Itinerant Scholar", id="Core-030")
    with pytest.raises(AttributeError, match="immutable"):
        card.cost = 5
    assert card == make_card("Itinerant Scholar", id="Core-030")
    assert card != make_card("Itinerant Scholar", id="Core-030", cost=2)
    assert len({card, make_card("Itinerant Scholar", id="Core-030")}) == 1
    import pickle

    assert pickle.loads(pickle.dumps(card)) == card
