"""Name resolution: exact ignoring case/punctuation/markers, near-certain fuzzy with a
warning, never a guess."""

from __future__ import annotations

import pytest
from conftest import make_card

from card_db.errors import UnknownCardError
from card_db.pool import CardPool
from deckbuilder.resolve import Resolver, number_key, printings_matching

SCHOLAR_OLD = make_card(
    "Itinerant Scholar", id="MN-023", era="CCG", set_code="MN", set_name="Masks", number="023",
    card_id="Core-030",
)  # fmt: skip
SCHOLAR = make_card("Itinerant Scholar", id="Core-030", number="030", release_order=1)
NYAR = make_card(
    "Nyarlathotep", id="JtUK-117", set_code="JtUK", set_name="Kadath", cycle="Dreamlands",
    number="117", release_order=2, descriptor="The Black Pharaoh",
)  # fmt: skip
NYAR_NEW = make_card(
    "Nyarlathotep", id="TTY-036", set_code="TTY", set_name="Thousand", number="036",
    release_order=3, descriptor="The Crawling Chaos",
)  # fmt: skip
POOL = CardPool(
    [
        SCHOLAR_OLD,
        SCHOLAR,
        NYAR,
        NYAR_NEW,
        make_card("Miranda Keeper", id="W-1"),
        make_card("Andrew-Chapman", id="K-1"),
        make_card("Dreamlands Conspriacy", id="C-54", type="Conspiracy"),
        make_card("The Dreamlands Conspiracy", id="CC3-14", type="Conspiracy", era="CCG"),
        make_card("Paul LeMond", id="P-1", descriptor="Student"),
        make_card("Hired Gun", id="G-1"),
        make_card("Hired Guns", id="G-2"),
        make_card("Doppelganger", id="D-1"),
        make_card("Khopesh of the Abyss", id="K-2"),
    ]
)


@pytest.mark.parametrize(
    ("text", "card_id"),
    [
        ("MIranda Keeper", "W-1"),
        ("miranda keeper", "W-1"),
        ("Andrew Chapman", "K-1"),
        ("Andrew-Chapman", "K-1"),
        ("* Paul Lemond", "P-1"),
        ("}} * Paul Lemond", "P-1"),
        ("Paul LeMond, Student", "P-1"),
        ("Doppelgänger", "D-1"),
    ],
)
def test_exact_matches_ignore_case_punctuation_accents_and_markers(text, card_id):
    resolved = Resolver(POOL).resolve(text)
    assert resolved.card.id == card_id and resolved.warnings == []


@pytest.mark.parametrize(
    ("text", "card_id"),
    [("Dreamlands Conspiracy", "C-54"), ("Miranda Keepre", "W-1"), ("Kopesh of the Abyss", "K-2")],
)
def test_near_certain_typo_resolves_with_a_warning_naming_both(text, card_id):
    resolved = Resolver(POOL).resolve(text)
    assert resolved.card.id == card_id
    assert any(text in w and resolved.card.title in w for w in resolved.warnings)


@pytest.mark.parametrize("text", ["Hired Gunz", "Totally Unknown", "Hird"])
def test_uncertain_names_are_never_guessed(text):
    with pytest.raises(UnknownCardError) as caught:
        Resolver(POOL).resolve(text)
    assert text in str(caught.value)


def test_unknown_card_lists_suggestions():
    with pytest.raises(UnknownCardError) as caught:
        Resolver(POOL).resolve("Hired Gunzz")
    assert "Hired Gun" in caught.value.suggestions


def test_reprints_of_one_card_are_one_card_without_a_warning():
    resolved = Resolver(POOL).resolve("Itinerant Scholar")
    assert (resolved.card.id, resolved.warnings) == ("Core-030", [])


def test_a_title_of_several_cards_warns_naming_them_and_how_to_choose():
    resolved = Resolver(POOL).resolve("Nyarlathotep")
    assert resolved.card.id == "JtUK-117"  # the first released, when nothing else tells
    [warning] = resolved.warnings
    assert "The Black Pharaoh" in warning and "The Crawling Chaos" in warning
    assert '"Nyarlathotep, The Crawling Chaos"' in warning


@pytest.mark.parametrize(
    "text",
    [
        "Nyarlathotep, The Crawling Chaos",
        "Nyarlathotep - The Crawling Chaos",
        "Nyarlathotep: the crawling chaos",
    ],
)
def test_a_descriptor_picks_the_card(text):
    resolved = Resolver(POOL).resolve(text)
    assert (resolved.card.id, resolved.warnings) == ("TTY-036", [])
    resolved = Resolver(POOL).resolve("Nyarlathotep", "The Crawling Chaos")
    assert (resolved.card.id, resolved.warnings) == ("TTY-036", [])


@pytest.mark.parametrize(
    ("printing", "card_id"),
    [
        ("Dreamlands F117", "JtUK-117"),
        ("Kadath", "JtUK-117"),
        ("JtUK", "JtUK-117"),
        ("Kadath 117", "JtUK-117"),
        ("TTY-036", "TTY-036"),
        ("Thousand", "TTY-036"),
    ],
)
def test_a_printing_picks_one_card_without_warning(printing, card_id):
    resolved = Resolver(POOL).resolve("Nyarlathotep", printing)
    assert resolved.card.id == card_id and resolved.warnings == []


def test_unknown_printing_is_an_error():
    with pytest.raises(UnknownCardError, match="no printing or descriptor"):
        Resolver(POOL).resolve("Nyarlathotep", "Core Set")


def test_number_keys():
    assert number_key("030") == number_key("F30") == "30"
    assert number_key("010b") == "10b"
    assert printings_matching([SCHOLAR, SCHOLAR_OLD], "Core F30") == [SCHOLAR]


def test_real_data_typos(full_pool):
    resolver = Resolver(full_pool)
    assert resolver.resolve("Dreamlands Conspiracy").card.id == "CoC-054"
    assert resolver.resolve("Nyarlahotep", "Dreamlands F117").card.id == "JtUK-117"
    assert resolver.resolve("Guardian of the Dawn").card.title == "Guardian of Dawn"
    assert resolver.resolve("Kopesh of the Abyss").card.title == "Khopesh of the Abyss"
    assert resolver.resolve("MIranda Keeper").card.title == "Miranda Keeper"
    assert resolver.resolve("Andrew Chapman").card.title == "Andrew-Chapman"


def test_an_absurdly_long_name_is_refused_without_a_suggestion_search():
    with pytest.raises(UnknownCardError, match="a name of 40,000 characters is not a card"):
        Resolver(POOL).resolve("x" * 40_000)


def test_suggestions_are_searched_for_the_first_unknown_names_only():
    from deckbuilder.resolve import MAX_SUGGESTED

    resolver = Resolver(POOL)
    found = []
    for _ in range(MAX_SUGGESTED + 3):
        with pytest.raises(UnknownCardError) as caught:
            resolver.resolve("Hired Gunzz")
        found.append(caught.value.suggestions)
    assert all("Hired Gun" in s for s in found[:MAX_SUGGESTED])
    assert found[MAX_SUGGESTED:] == [[], [], []]


@pytest.mark.parametrize(
    ("text", "title", "could"),
    [
        ("Nyarlahotep", "Nyarlathotep", True),  # one edit (the FAQ's spelling)
        ("Guardian of the Dawn", "Guardian of Dawn", True),  # an article more
        ("Nyarlahotep", "Carl Stanford", False),
        ("Dagn", "Dagon", False),  # under six letters: never read fuzzily
    ],
)
def test_could_be_read_as_agrees_with_the_resolver(full_pool, text, title, could):
    from deckbuilder.resolve import Resolver, could_be_read_as

    assert could_be_read_as(text, title) is could
    try:
        read = Resolver(full_pool).title_printings(text)[0][0].title
    except UnknownCardError:
        read = None
    assert (read == title) is could
