"""Deck files: the text syntax, OCTGN .o8d, JSON; round trips; hostile input."""

from __future__ import annotations

import pytest
from conftest import make_card, requires_shared, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from card_db.pool import CardPool
from deckbuilder.deck import Deck
from deckbuilder.formats import DeckFileError, dump_deck, parse_deck, read_deck, write_deck

CARDS = [
    make_card("Itinerant Scholar", id="Core-030", number="030", release_order=2),
    make_card(
        "Itinerant Scholar",
        id="MN-023",
        era="CCG",
        set_code="MN",
        set_name="Masks",
        number="023",
        card_id="Core-030",
    ),  # fmt: skip
    make_card("Paul LeMond", id="Core-010", number="010", unique=True, octgn_id="AAAA-1111"),
    make_card("607 Walter Street", id="KD-039", set_code="KD", set_name="Kingsport", number="039"),
    make_card("Experiment Subject #613b", id="TTB-010", set_code="TTB", set_name="Beckons"),
    make_card("Broken Space, Broken Time", id="CoC-059", type="Conspiracy", set_code="CoC"),
    make_card("Bone Sculptor", id="TSB-010", set_code="TSB", set_name="Sleeper", number="010"),
    make_card(
        "Bone Sculptor",
        id="TSB-010b",
        set_code="TSB",
        set_name="Sleeper",
        number="010b",
        card_id="TSB-010",
    ),  # fmt: skip
    make_card("Doppelganger", id="TWB-079", number="079", octgn_id="BBBB-2222"),
    make_card("The Well", id="SoA-060", type="Story", set_code="SoA", set_name="Secrets"),
    make_card("Opening Night", id="Core-158", type="Story", number="158"),
]
POOL = CardPool(CARDS)


def parse(text: str, suffix: str = ".txt") -> Deck:
    return parse_deck(text, POOL, suffix=suffix, name="deck")


def entries(deck: Deck, section: str = "draw") -> dict[str, int]:
    return {e.card.id: e.count for e in (deck.story if section == "story" else deck.draw)}


def test_text_syntax():
    deck = parse(
        """# a comment line
Name: My Deck
Characters (24)
3x Paul LeMond
2 Doppelgänger   # a trailing comment
Broken Space, Broken Time x3
Itinerant Scholar (Core Set)
1 Itinerant Scholar (Masks)
607 Walter Street
Experiment Subject #613b
Bone Sculptor (Sleeper 010b)

Story Deck:
The Well
Opening Night
"""
    )
    assert deck.name == "My Deck"
    assert entries(deck) == {
        "Core-010": 3, "TWB-079": 2, "CoC-059": 3, "Core-030": 1, "MN-023": 1, "KD-039": 1,
        "TTB-010": 1, "TSB-010b": 1,
    }  # fmt: skip
    assert entries(deck, "story") == {"SoA-060": 1, "Core-158": 1}
    assert deck.warnings == []


def test_text_name_defaults_to_the_file_name(tmp_path):
    path = tmp_path / "Hastur rush.txt"
    path.write_text("3x Paul LeMond\n", encoding="utf-8")
    assert read_deck(path, POOL).name == "Hastur rush"


def test_reprints_of_one_card_resolve_silently_to_its_lcg_printing():
    deck = parse("2x Itinerant Scholar\n3x Bone Sculptor\n")
    assert entries(deck) == {"Core-030": 2, "TSB-010": 3}
    assert deck.warnings == []


def test_every_unknown_line_is_reported_with_suggestions(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3x Paul LeMond\n2x Itinerant Scholr Guy\n1x Bone Sculptorz Extra\n")
    with pytest.raises(DeckFileError) as caught:
        read_deck(path, POOL)
    lines = str(caught.value).splitlines()
    assert str(path) in lines[0] and "2 cards not found" in lines[0]
    assert "line 2" in lines[1] and "Itinerant Scholar" in lines[1]
    assert "line 3" in lines[2] and "Bone Sculptor" in lines[2]
    assert [u[0] for u in caught.value.unknown] == [2, 3]


def test_o8d_by_guid_else_by_name_with_markers():
    deck = parse(
        '<?xml version="1.0" encoding="utf-8"?><deck game="x">'
        '<section name="Draw Deck"><card qty="3" id="aaaa-1111">whatever</card>'
        '<card qty="2" id="00000000-0000-0000-0000-000000000000">}} * Doppelganger</card>'
        '</section><section name="Story Deck"><card qty="1" id="">The Well</card></section>'
        "</deck>",
        ".o8d",
    )
    assert entries(deck) == {"Core-010": 3, "TWB-079": 2}
    assert entries(deck, "story") == {"SoA-060": 1}


def test_o8d_is_written_with_guids():
    deck = parse("3x Paul LeMond\n1x 607 Walter Street\n")
    written = dump_deck(deck, ".o8d")
    assert 'id="AAAA-1111"' in written and "<notes>Name: deck</notes>" in written
    assert 'printing="KD-039"' in written  # no GUID known: our printing id instead


# ------------------------------------------------------------------ round trips

deck_entries = st.lists(
    st.tuples(st.sampled_from([c for c in CARDS if c.type != "Story"]), st.integers(1, 5)),
    min_size=1,
    max_size=8,
    unique_by=lambda t: t[0].id,
)
story_entries = st.lists(
    st.tuples(st.sampled_from([c for c in CARDS if c.type == "Story"]), st.integers(1, 2)),
    max_size=2,
    unique_by=lambda t: t[0].id,
)
names = (
    st.text(
        st.characters(codec="utf-8", categories=("L", "N", "Zs"), exclude_characters="\x85"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(bool)
)


def _deck(name, draw, story) -> Deck:
    deck = Deck(name)
    for card, count in draw:
        deck.add(card, count)
    for card, count in story:
        deck.add(card, count, section="story")
    return deck


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(names, deck_entries, story_entries, st.permutations([".txt", ".o8d", ".json"]))
def test_round_trips_keep_every_card(name, draw, story, suffixes):
    original = _deck(name, draw, story)
    deck = original
    for suffix in [*suffixes, ".txt"]:
        deck = parse_deck(dump_deck(deck, suffix), POOL, suffix=suffix, name="other")
        assert entries(deck) == entries(original)
        assert entries(deck, "story") == entries(original, "story")
        assert deck.name == name
        assert deck.warnings == []


def test_json_is_lossless_for_format_and_list():
    deck = parse("3x Paul LeMond\n")
    deck.format, deck.list_id = "1v2", "faq-v22"
    again = parse(dump_deck(deck, ".json"), ".json")
    assert (again.format, again.list_id, entries(again)) == ("1v2", "faq-v22", {"Core-010": 3})


def test_write_deck_replaces_atomically(tmp_path):
    path = tmp_path / "d.json"
    write_deck(parse("3x Paul LeMond\n"), path)
    write_deck(parse("1x Doppelganger\n"), path)
    assert entries(read_deck(path, POOL)) == {"TWB-079": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["d.json"]


# ------------------------------------------------------------------ hostile files

BILLION_LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>'
    '<deck><section name="Draw Deck"><card qty="1" id="">&lol3;</card></section></deck>'
)
EXTERNAL = (
    '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    '<deck><section name="Draw Deck"><card qty="1" id="">&x;</card></section></deck>'
)


@pytest.mark.parametrize(
    ("suffix", "content", "reason"),
    [
        (".o8d", b"<deck><section name='Draw Deck'><card qty='1'>Paul", "broken XML"),
        (".o8d", BILLION_LAUGHS.encode(), "refused XML"),
        (".o8d", EXTERNAL.encode(), "refused XML"),
        (".o8d", b"<html><body>hi</body></html>", "not an OCTGN deck"),
        (".o8d", b"\x00\x01\x02\xff" * 50, "binary"),
        (".o8d", b'<deck><section name="D"><card qty="many">Paul LeMond</card></section></deck>',
         "not a number"),
        (".txt", b"\x00\x01\x02\xff" * 50, "binary"),
        (".txt", b"# only a comment\n", "no cards"),
        (".txt", b"0x Paul LeMond\n", "0 copies"),
        (".json", b"{not json", "not valid JSON"),
        (".json", b"[1, 2]", "not a deckbuilder deck"),
        (".json", b'{"kind": "deckbuilder-deck", "draw": [{"title": "Paul LeMond", "count": "3"}]}',
         "count must be"),
        (".json", b'{"kind": "deckbuilder-deck", "draw": {}}', "must be a list"),
        (".json", b"[" * 100000 + b"]" * 100000, "JSON"),
    ],
    ids=lambda value: repr(value[:24]) if isinstance(value, bytes) else None,
)  # fmt: skip
def test_malformed_and_hostile_files_are_one_clear_error(tmp_path, suffix, content, reason):
    path = tmp_path / f"deck{suffix}"
    path.write_bytes(content)
    with pytest.raises(DeckFileError) as caught:
        read_deck(path, POOL)
    assert reason in str(caught.value) and str(path) in str(caught.value).splitlines()[0]


def test_huge_files_are_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"3x Paul LeMond\n" * 100_000)
    with pytest.raises(DeckFileError, match="too big"):
        read_deck(path, POOL)


def test_unknown_suffix_and_missing_file(tmp_path):
    with pytest.raises(DeckFileError, match="unknown deck file type"):
        read_deck(tmp_path / "deck.doc", POOL)
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck(tmp_path / "missing.txt", POOL)


def test_windows_1252_text_is_read_with_a_warning(tmp_path):
    path = tmp_path / "old.txt"
    path.write_bytes("2x Doppelgänger\n".encode("cp1252"))
    deck = read_deck(path, POOL)
    assert entries(deck) == {"TWB-079": 2} and "Windows-1252" in deck.warnings[0]


def test_utf16_text_and_count_lines(tmp_path):
    path = tmp_path / "notepad.txt"
    text = "Characters: 4\n3x Paul LeMond\n1x Doppelgänger\nTotal: 4 cards\nDeck size 4\n"
    path.write_bytes(text.encode("utf-16"))
    assert entries(read_deck(path, POOL)) == {"Core-010": 3, "TWB-079": 1}


def test_utf8_bom_and_crlf(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffName: X\r\n3x Paul LeMond\r\n".encode())
    deck = read_deck(path, POOL)
    assert deck.name == "X" and entries(deck) == {"Core-010": 3} and deck.warnings == []


# ------------------------------------------------------------------ the real OCTGN decks

OCTGN = ("carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g")


def _real_decks():
    decks = sorted(requires_shared(*OCTGN, "Decks").rglob("*.o8d"))
    assert decks
    return decks


def test_real_o8d_decks_load_by_name(full_pool):
    for path in _real_decks():
        deck = read_deck(path, full_pool)
        assert deck.draw_count >= 8, path
        assert all(e.card.era == "LCG" for e in deck.draw)


def test_real_o8d_decks_load_by_guid_after_octgn_import(full_db_env, tmp_path):
    from card_db.store import load_cards

    sets = requires_shared(*OCTGN, "Sets")
    code, _out, err = run_cli("db", "import", str(sets), "--json")
    assert code == 0, err
    pool = CardPool(load_cards(full_db_env))
    by_name = CardPool(c for c in pool.cards)  # same cards: GUIDs and names must agree
    for path in _real_decks():
        deck = read_deck(path, pool)
        assert deck.warnings == []  # every card by GUID, no name guessing
        raw = path.read_text(encoding="utf-8-sig")
        for entry in deck.draw:
            assert entry.card.octgn_id and entry.card.octgn_id.lower() in raw.lower()
        written = tmp_path / path.name
        write_deck(deck, written)
        again = read_deck(written, by_name)
        assert entries(again) == entries(deck)
        assert "printing=" not in written.read_text(encoding="utf-8")


def test_a_big_junk_file_stops_early_with_the_first_unknown_lines(tmp_path):
    import random

    rng = random.Random(3)
    path = tmp_path / "junk.txt"
    path.write_text(
        "\n".join("".join(rng.choice("abcdefgh xyz") for _ in range(30)) for _ in range(20_000)),
        encoding="utf-8",
    )
    with pytest.raises(DeckFileError) as caught:
        read_deck(path, POOL)
    lines = str(caught.value).splitlines()
    assert "stopped reading" in lines[0] and "line 1:" in lines[1]
    assert len(lines) <= 60


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([".txt", ".o8d", ".json"]),
    st.one_of(
        st.binary(max_size=300),
        st.text(max_size=300).map(str.encode),
        st.lists(
            st.sampled_from(["3x ", "Paul LeMond", "(", ")", "\n", "<deck>", "<section ",
                             'name="Draw Deck">', "<card qty='2'>", "</card>", "{", '"kind"',
                             ": ", "[", "]", "x3", "#", "Story Deck:", "&amp;", "\x00"]),
            max_size=40,
        ).map(lambda parts: "".join(parts).encode()),
    ),
)  # fmt: skip
def test_any_input_gives_a_deck_or_one_clear_error(suffix, content):
    try:
        deck = parse_deck(content, POOL, suffix=suffix, name="fuzz")
    except DeckFileError as exc:
        assert str(exc).startswith("fuzz")
    else:
        assert all(e.count >= 1 for e in (*deck.draw, *deck.story))
