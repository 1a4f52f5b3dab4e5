"""Every SPEC §6 rule with a legal and an illegal deck, on tiny hand-made pools, plus the
shipped lists against the real card pool."""

from __future__ import annotations

import json

import pytest
from conftest import make_card

from card_db.pool import CardPool
from deckbuilder.deck import Deck
from deckbuilder.legality import (
    DEFAULT_LIST_ID,
    LegalityError,
    LegalityList,
    ListEntry,
    builtin_lists,
    check_deck,
    load_formats,
    parse_list_file,
    resolve_list,
)


def _filler(n: int, prefix: str = "Filler") -> list:
    return [make_card(f"{prefix} {i}", id=f"F-{prefix}-{i}", number=str(i)) for i in range(n)]


FILLER = _filler(17)  # 17 titles x 3 = 51 cards
STORY = [
    make_card(f"Core Story {i}", id=f"Core-S{i}", type="Story", cost=None, skill=None)
    for i in range(10)
]
SOA_STORY = [
    make_card(
        f"Arkham Story {i}",
        id=f"SoA-S{i}",
        type="Story",
        set_code="SoA",
        set_name="Secrets of Arkham",
        cost=None,
        skill=None,
    )
    for i in range(10)
]
CONSPIRACY = make_card("Big Conspiracy", id="C-1", type="Conspiracy", cost=None, skill=None)
DOG = make_card("Sledge Dog", id="D-1", max_copies=8)
RESTRICTED_A = make_card("Restricted A", id="R-A")
RESTRICTED_B = make_card("Restricted B", id="R-B")
BANNED = make_card("Forbidden", id="B-1")
NYAR_OLD = make_card(
    "Old One",
    id="DL-117",
    set_code="DL",
    set_name="Dreamlands Pack",
    cycle="Dreamlands",
    number="117",
)
NYAR_NEW = make_card(
    "Old One",
    id="TTY-036",
    set_code="TTY",
    set_name="The Thousand Young",
    number="036",
    release_order=9,
)
CCG_ONLY = make_card(
    "Old Timer", id="CCG-1", era="CCG", set_code="AE", set_name="Arkham Edition", max_copies=4
)
CCG_REPRINTED = make_card(
    "Reprinted",
    id="CCG-2",
    era="CCG",
    set_code="AE",
    set_name="Arkham Edition",
    max_copies=4,
    card_id="L-2",
)
LCG_REPRINT = make_card("Reprinted", id="L-2", release_order=5)
HERO = make_card("Hero", id="H-1", keywords=("Heroic",))
VILLAIN = make_card("Villain", id="V-1", keywords=("Villainous",))
POOL = CardPool(
    [*FILLER, *STORY, *SOA_STORY, CONSPIRACY, DOG, RESTRICTED_A, RESTRICTED_B, BANNED,
     NYAR_OLD, NYAR_NEW, CCG_ONLY, CCG_REPRINTED, LCG_REPRINT, HERO, VILLAIN]
)  # fmt: skip
TEST_LIST = LegalityList(
    id="test",
    name="Test list",
    effective="2020-01-01",
    source="tests",
    restricted=(
        ListEntry("Restricted A"),
        ListEntry("Restricted B"),
        ListEntry("Old One", "Dreamlands F117"),
    ),
    banned=(ListEntry("Forbidden"),),
    errata={"conspiracy_limit": 3, "max_copies": {}, "source": "test errata"},
)
LISTS = {**builtin_lists(), "test": TEST_LIST}


def deck_of(*cards_counts, story=()) -> Deck:
    deck = Deck("t")
    for card in FILLER:
        deck.add(card, 3)
    for card, count in cards_counts:
        deck.add(card, count)
    for card in story:
        deck.add(card, 1, section="story")
    return deck


def check(deck, **kwargs):
    kwargs.setdefault("list_id", "test")
    return check_deck(deck, lists=LISTS, pool=POOL, **kwargs)


def rules(result) -> list[str]:
    return [p.rule for p in result.problems]


def test_a_plain_deck_is_legal():
    result = check(deck_of())
    assert result.legal and result.problems == [] and result.draw_deck_count == 51


def test_deck_size_counts_conspiracies_not_stories():
    deck = Deck("small")
    for card in FILLER[:16]:
        deck.add(card, 3)  # 48
    deck.add(STORY[0], 1)
    assert rules(check(deck)) == ["deck-size", "story-in-draw-deck"]
    assert check(deck).draw_deck_count == 48
    deck.add(CONSPIRACY, 2)  # 50 with the conspiracies
    result = check(deck)
    assert "deck-size" not in rules(result) and result.draw_deck_count == 50
    message = check(Deck("empty")).problems[0].message
    assert "0 cards" in message and "50" in message


def test_copy_limit_counts_every_printing_of_a_title():
    assert check(deck_of((NYAR_NEW, 3))).legal
    result = check(deck_of((NYAR_NEW, 2), (NYAR_OLD, 2)))
    assert "copy-limit" in rules(result)
    problem = next(p for p in result.problems if p.rule == "copy-limit")
    assert problem.cards == ["Old One"] and "4 copies" in problem.message and "3" in problem.message


def test_ccg_format_allows_four_copies():
    deck = deck_of((CCG_ONLY, 4))
    assert check(deck, format_id="ccg").legal
    assert rules(check(deck_of((CCG_ONLY, 5)), format_id="ccg")) == ["copy-limit"]


def test_per_card_copy_exception_comes_from_data_and_errata_removes_it():
    no_errata = LegalityList(id="n", name="N", effective=None, source="s", errata={})
    lists = {**LISTS, "n": no_errata}
    assert check_deck(deck_of((DOG, 8)), lists=lists, list_id="n", pool=POOL).legal
    over = check_deck(deck_of((DOG, 9)), lists=lists, list_id="n", pool=POOL)
    assert rules(over) == ["copy-limit"] and "card text" in over.problems[0].source
    errata = LegalityList(
        id="e", name="E", effective=None, source="s", errata={"max_copies": {"Sledge Dog": 3}}
    )
    lists = {**LISTS, "e": errata}
    result = check_deck(deck_of((DOG, 4)), lists=lists, list_id="e", pool=POOL)
    assert rules(result) == ["copy-limit"]
    assert check_deck(deck_of((DOG, 3)), lists=lists, list_id="e", pool=POOL).legal


def test_conspiracy_limit_is_three_under_the_faq_errata_four_in_the_rulebook():
    assert check(deck_of((CONSPIRACY, 3))).legal
    result = check(deck_of((CONSPIRACY, 4)))
    assert rules(result) == ["conspiracy-limit"] and result.problems[0].source == "test errata"
    no_errata = LegalityList(id="n", name="N", effective=None, source="s", errata={})
    lists = {**LISTS, "n": no_errata}
    assert check_deck(deck_of((CONSPIRACY, 4)), lists=lists, list_id="n", pool=POOL).legal


def test_one_restricted_title_any_copies():
    assert check(deck_of((RESTRICTED_A, 3))).legal
    result = check(deck_of((RESTRICTED_A, 1), (RESTRICTED_B, 1)))
    assert rules(result) == ["restricted"]
    assert result.problems[0].cards == ["Restricted A", "Restricted B"]
    assert "Test list" in result.problems[0].source


def test_restricted_entry_with_a_printing_names_only_that_printing():
    assert check(deck_of((RESTRICTED_A, 1), (NYAR_NEW, 1))).legal
    assert rules(check(deck_of((RESTRICTED_A, 1), (NYAR_OLD, 1)))) == ["restricted"]


def test_banned():
    assert rules(check(deck_of((BANNED, 1)))) == ["banned"]
    assert check(deck_of((BANNED, 1)), list_id="final-2015").legal  # not on that list


def test_card_pool_allows_ccg_printings_only_of_cards_reprinted_for_the_lcg():
    assert check(deck_of((CCG_REPRINTED, 2))).legal
    result = check(deck_of((CCG_ONLY, 1)))
    assert rules(result) == ["card-pool"] and result.problems[0].cards == ["Old Timer"]
    assert check(deck_of((CCG_ONLY, 1)), format_id="ccg").legal


def test_story_cards_never_in_the_draw_deck():
    result = check(deck_of((STORY[0], 1)))
    assert rules(result) == ["story-in-draw-deck"]
    assert check(deck_of(story=STORY)).legal  # the story deck is where they go


@pytest.mark.parametrize("format_id", ["1v2", "1v3"])
def test_multiplayer_needs_a_core_or_arkham_story_deck(format_id):
    assert check(deck_of(story=STORY), format_id=format_id).legal
    assert check(deck_of(story=SOA_STORY), format_id=format_id).legal
    for story in ((), STORY[:9], [*STORY[:5], *SOA_STORY[:5]]):
        assert rules(check(deck_of(story=story), format_id=format_id)) == ["story-deck"]


def test_every_violation_is_reported():
    deck = Deck("bad")
    deck.add(RESTRICTED_A, 4)
    deck.add(RESTRICTED_B, 1)
    deck.add(BANNED, 1)
    deck.add(STORY[0], 1)
    deck.add(CONSPIRACY, 5)
    deck.add(CCG_ONLY, 1)
    assert sorted(rules(check(deck))) == sorted(
        ["deck-size", "copy-limit", "restricted", "banned", "story-in-draw-deck",
         "conspiracy-limit", "card-pool"]
    )  # fmt: skip
    assert all(p.source and p.message for p in check(deck).problems)


def test_heroic_with_villainous_is_a_warning_not_a_problem():
    result = check(deck_of((HERO, 1), (VILLAIN, 1)))
    assert result.legal
    assert any("Heroic (Hero)" in w and "Villainous (Villain)" in w for w in result.warnings)
    assert check(deck_of((HERO, 1))).warnings == []


def test_to_json_has_the_documented_keys():
    document = check(deck_of((BANNED, 1))).to_json()
    assert {"legal", "format", "list", "draw_deck_count", "problems", "warnings"} <= set(document)
    assert set(document["problems"][0]) >= {"rule", "message", "cards"}
    json.dumps(document)


def test_unknown_format_or_list_is_bad_input():
    with pytest.raises(LegalityError, match="unknown format"):
        check(deck_of(), format_id="nope")
    with pytest.raises(LegalityError, match="unknown list"):
        check(deck_of(), list_id="nope")


def test_formats_are_data():
    formats = load_formats()
    assert {"lcg", "ccg", "1v2", "1v3"} <= set(formats)
    assert formats["ccg"].copy_limit == 4 and formats["lcg"].copy_limit == 3


# ------------------------------------------------------------ the shipped lists, real pool


def test_faq_v22_list_as_printed(full_pool):
    faq = builtin_lists()["faq-v22"]
    assert len(faq.restricted) == 10 and len(faq.banned) == 2
    assert ListEntry("Nyarlahotep", "Dreamlands F117") in faq.restricted  # the FAQ's typo
    resolved = resolve_list(faq, full_pool)
    # an entry naming a printing names its card: every printing of it
    assert {full_pool.by_id[i].card_id for i in resolved.restricted_ids} == {
        "Core-030", "SoA-031", "SoA-044", "DD-080", "TTotT-075", "JtUK-117", "SftSK-078",
        "TWB-079", "TSS-016", "CotJE-040",
    }  # fmt: skip
    assert resolved.restricted_titles == set()
    assert {full_pool.by_id[i].card_id for i in resolved.banned_ids} == {"TTftS-082", "JtUK-110"}
    assert resolved.restricted(full_pool.by_id["MN-023"])  # the CCG Itinerant Scholar too
    by_id = full_pool.by_id
    assert resolved.restricted(by_id["JtUK-117"]) and not resolved.restricted(by_id["TTY-036"])


def test_final_2015_list_is_the_default_and_bans_nothing(full_pool):
    final = builtin_lists()[DEFAULT_LIST_ID]
    assert final.id == "final-2015" and final.effective == "2015-04-15"
    assert len(final.restricted) == 32 and final.banned == ()
    resolved = resolve_list(final, full_pool)
    assert not resolved.banned_ids and not resolved.banned_titles
    restricted = {c.title for c in full_pool.cards if resolved.restricted(c)}
    assert len(restricted) == 32


def test_cgdb_flags_are_a_list(full_pool):
    resolved = resolve_list(builtin_lists()["cgdb"], full_pool)
    assert resolved.restricted_ids == {c.id for c in full_pool.cards if c.cgdb_restricted}
    assert resolved.banned_ids and resolved.banned_ids == {
        c.id for c in full_pool.cards if c.cgdb_banned
    }


def _real_deck(full_pool, legal_deck_text, *extra: tuple[str, int]) -> Deck:
    from deckbuilder.formats import parse_deck

    text = legal_deck_text + "".join(f"{n}x {card_id_title}\n" for card_id_title, n in extra)
    return parse_deck(text, full_pool, suffix=".txt")


def test_alaskan_sledge_dog_is_limited_to_three_again(full_pool, legal_deck_text):
    deck = _real_deck(full_pool, legal_deck_text, ("Alaskan Sledge Dog", 4))
    result = check_deck(deck, pool=full_pool)
    assert rules(result) == ["copy-limit"] and "Alaskan Sledge Dog" in result.problems[0].message
    ccg = check_deck(deck, format_id="ccg", pool=full_pool)
    assert ccg.legal  # the LCG FAQ does not apply to the CCG format; the card allows 8
    assert check_deck(
        _real_deck(full_pool, legal_deck_text, ("Alaskan Sledge Dog", 3)), pool=full_pool
    ).legal


def test_magah_bird_banned_under_faq_v22_only(full_pool, legal_deck_text):
    deck = _real_deck(full_pool, legal_deck_text, ("Magah Bird", 1))
    assert rules(check_deck(deck, list_id="faq-v22", pool=full_pool)) == ["banned"]
    assert check_deck(deck, pool=full_pool).legal


def test_two_restricted_real_cards(full_pool, legal_deck_text):
    deck = _real_deck(full_pool, legal_deck_text, ("Itinerant Scholar", 3), ("Guardian Pillar", 1))
    for list_id in ("faq-v22", "final-2015"):
        result = check_deck(deck, list_id=list_id, pool=full_pool)
        assert rules(result) == ["restricted"]
        assert set(result.problems[0].cards) == {"Itinerant Scholar", "Guardian Pillar"}


def test_user_list_file_text_and_json(tmp_path, full_pool):
    text = tmp_path / "my.txt"
    text.write_text(
        "Name: House rules\nEffective: 2016-01-01\nRestricted:\nItinerant Scholar (Core Set)\n"
        "Banned:\nMagah Bird\n",
        encoding="utf-8",
    )
    lst = parse_list_file(text)
    assert (lst.id, lst.name, lst.effective) == ("my", "House rules", "2016-01-01")
    resolved = resolve_list(lst, full_pool)
    assert resolved.restricted_ids == {"Core-030", "MN-023"}  # both printings of the card
    assert resolved.banned_titles == {"magahbird"}
    data = tmp_path / "mine.json"
    data.write_text(json.dumps(lst.to_document() | {"id": "mine"}), encoding="utf-8")
    again = parse_list_file(data)
    assert (again.id, again.restricted, again.banned) == ("mine", lst.restricted, lst.banned)
    bad = tmp_path / "bad.json"
    bad.write_text('{"id": "x", "name": "X", "effective": "yesterday"}', encoding="utf-8")
    with pytest.raises(LegalityError, match="effective"):
        parse_list_file(bad)


@pytest.mark.parametrize("format_id", ["1v2", "1v3"])
def test_multiplayer_rules_limit_conspiracies_to_three_themselves(format_id):
    no_errata = LegalityList(id="n", name="N", effective=None, source="s", errata={})
    lists = {**LISTS, "n": no_errata}
    deck = deck_of((CONSPIRACY, 4), story=STORY)
    result = check_deck(deck, lists=lists, list_id="n", pool=POOL, format_id=format_id)
    assert rules(result) == ["conspiracy-limit"] and "Multiplayer" in result.problems[0].source
    deck = deck_of((CONSPIRACY, 3), story=STORY)
    assert check_deck(deck, lists=lists, list_id="n", pool=POOL, format_id=format_id).legal
