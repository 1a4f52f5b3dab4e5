"""The shipped lists and errata against their sources, entry by entry, on the real card pool,
and the edge cases of each SPEC §6 rule on real cards.

The expected ids were checked by hand against the embedded card data (set code, collector
number, title). The FAQ names printings as "<cycle or set> F<number>"; Asylum Pack numbers
run across the whole cycle, so "Dreamlands F117" is Journey to Unknown Kadath 117.
"""

from __future__ import annotations

import pytest

from card_db.names import title_key
from deckbuilder.legality import (
    LegalityError,
    builtin_lists,
    check_deck,
    parse_list_file,
    resolve_entries,
    resolve_list,
)

# entry as the list spells it -> the printings it names
FAQ_V22_RESTRICTED = {
    "Itinerant Scholar (Core F30)": {"Core-030"},
    "Things in the Ground (Secrets of Arkham F31)": {"SoA-031"},
    "Diseased Sewer Rats (Secrets of Arkham F44)": {"SoA-044"},
    "Negotium Perambulans in Tenebris (Forgotten Lore F80)": {"DD-080"},
    "Descendant of Eibon (Summons of the Deep F75)": {"TTotT-075"},
    "Nyarlahotep (Dreamlands F117)": {"JtUK-117"},  # the FAQ's spelling; not TTY-036
    "Guardian Pillar (Dreamlands F78)": {"SftSK-078"},
    "Doppelgänger (The Yuggoth Contract F79)": {"TWB-079"},
    "Khopesh of the Abyss (Ancient Relics F16)": {"TSS-016"},
    "Initiate of Huang Hun (Ancient Relics F40)": {"CotJE-040"},
}
FAQ_V22_BANNED = {
    "Endless Interrogation (Summons of the Deep F82)": {"TTftS-082"},
    "Magah Bird (Dreamlands F110)": {"JtUK-110"},
}
FINAL_2015_RESTRICTED = {
    "Itinerant Scholar (Core F30)": {"Core-030"},
    "Ravager from the Deep (Core F46)": {"Core-046"},
    "Shocking Transformation (Core F140)": {"Core-140"},
    "Diseased Sewer Rats (Secrets of Arkham F44)": {"SoA-044"},
    "Broken Space, Broken Time (Forgotten Lore F59)": {"CoC-059"},
    "Infernal Obsession (Summons of the Deep F51)": {"TAD-051"},
    "Twilight Gate (Dreamlands F12)": {"TH-012"},
    "Dreamlands Fanatic (Dreamlands F47)": {"ItDoN-047"},
    "Guardian Pillar (Dreamlands F78)": {"SftSK-078"},
    # The OCTGN source prints "Dreamlands F110" (Magah Bird's number) beside this title.
    "Obsessive Insomniac (Dreamlands F24)": {"IMoD-024"},
    "Nyarlathotep (Dreamlands F117)": {"JtUK-117"},
    "Speak to the Dead (The Yuggoth Contract F20)": {"WitD-020"},
    "Museum Curator (The Yuggoth Contract F70)": {"TWB-070"},
    "Doppelganger (The Yuggoth Contract F79)": {"TWB-079"},
    "Khopesh of the Abyss (Ancient Relics F16)": {"TSS-016"},
    "Temple of R'lyeh (Ancient Relics F73)": {"NN-073"},
    "Stygian Eye (Ancient Relics F96)": {"IT-096"},
    "Master of the Myths (Ancient Relics F101)": {"IT-101"},
    "Uroborus (Revelations F3)": {"WaB-003"},
    "Feed Her Young (Revelations F11)": {"WaB-011"},
    "Marcus Jamburg (Revelations F40)": {"WoP-040"},
    "Matthew Alexander (Seekers of Knowledge F7)": {"SoK-007"},
    "Alternative Historian (Seekers of Knowledge F15)": {"SoK-015"},
    "Por XV 14:19 (Seekers of Knowledge F44)": {"SoK-044"},
    "Nikola Tesla (The Key and the Gate F4)": {"TKatG-004"},
    "Lost Oracle (The Key and the Gate F9)": {"TKatG-009"},
    "Yithian Scout (The Key and the Gate F15)": {"TKatG-015"},
    "Rite of the Silver Gate (The Key and the Gate F25)": {"TKatG-025"},
    "Studying the Void (The Key and the Gate F35)": {"TKatG-035"},
    "Interstellar Migration (The Key and the Gate F37)": {"TKatG-037"},
    "The Festival (The Key and the Gate F51)": {"TKatG-051"},
    "Josef Meiger (Denizens of the Underworld F52)": {"DotU-052"},
}
FAQ_ERRATA = {"conspiracy_limit": 3, "max_copies": {"Alaskan Sledge Dog": 3}}


def _per_entry(entries, pool) -> tuple[dict[str, set[str]], list[str]]:
    """Each entry resolved alone: its label -> the card ids it names. An entry that fell
    back to its whole title shows as "title:<key>"."""
    found, warnings = {}, []
    for entry in entries:
        ids, titles = resolve_entries([entry], pool, warnings)
        # a printing names its card (every printing of it): compare the cards
        cards = {pool.by_id[i].card_id for i in ids}
        found[entry.label()] = cards | {f"title:{key}" for key in titles}
    return found, warnings


@pytest.mark.parametrize(
    ("list_id", "kind", "expected"),
    [
        ("faq-v22", "restricted", FAQ_V22_RESTRICTED),
        ("faq-v22", "banned", FAQ_V22_BANNED),
        ("final-2015", "restricted", FINAL_2015_RESTRICTED),
        ("final-2015", "banned", {}),
    ],
)
def test_every_list_entry_names_exactly_its_printing(full_pool, list_id, kind, expected):
    entries = getattr(builtin_lists()[list_id], kind)
    found, warnings = _per_entry(entries, full_pool)
    assert found == expected
    # the only liberty taken is reading the FAQ's "Nyarlahotep" as the card's title
    assert all("Nyarlahotep" in w and "Nyarlathotep" in w for w in warnings), warnings
    for entry in entries:
        for card_id in found[entry.label()]:
            card = full_pool.by_id[card_id]
            assert card.era == "LCG"
            if entry.title != "Nyarlahotep":
                assert title_key(card.title) == title_key(entry.title), (entry, card)


def test_the_faq_printing_references_are_the_cards_they_say(full_pool):
    by_id = full_pool.by_id
    assert by_id["JtUK-110"].title == "Magah Bird"  # Dreamlands F110
    assert by_id["IMoD-024"].title == "Obsessive Insomniac"  # Dreamlands F24, not F110
    assert by_id["JtUK-117"].descriptor == "The Black Pharaoh"
    assert by_id["TTY-036"].title == "Nyarlathotep"  # a later Nyarlathotep, never listed
    final = resolve_list(builtin_lists()["final-2015"], full_pool)
    faq = resolve_list(builtin_lists()["faq-v22"], full_pool)
    assert not final.restricted(by_id["JtUK-110"]) and not final.banned(by_id["JtUK-110"])
    for resolved in (final, faq):
        assert resolved.restricted(by_id["JtUK-117"]) and not resolved.restricted(by_id["TTY-036"])
        assert resolved.restricted_titles == set() and resolved.banned_titles == set()


def test_the_faq_deck_building_errata_are_all_in_the_shipped_lists():
    """FAQ v22: the conspiracy limit of rulebook p. 11 becomes three, and Alaskan Sledge Dog
    loses its up-to-8-copies text. Its other errata change play, not deck building."""
    for list_id in ("faq-v22", "final-2015"):
        errata = builtin_lists()[list_id].errata
        assert {k: errata[k] for k in FAQ_ERRATA} == FAQ_ERRATA, list_id
        assert errata["source"]


def _deck(full_pool, legal_deck_text, *lines: str):
    from deckbuilder.formats import parse_deck

    return parse_deck(
        legal_deck_text + "".join(f"{line}\n" for line in lines), full_pool, suffix=".txt"
    )


def _rules(result) -> list[str]:
    return [p.rule for p in result.problems]


def test_a_restricted_title_in_two_printings_counts_once(full_pool, legal_deck_text):
    # Itinerant Scholar: Core-030 (LCG, restricted) and MN-023 (CCG, reprinted as Core-030)
    deck = _deck(
        full_pool,
        legal_deck_text,
        "2x Itinerant Scholar (Core Set)",
        "1x Itinerant Scholar (Masks of Nyarlathotep)",
    )
    assert {e.card.id for e in deck.draw if e.card.title == "Itinerant Scholar"} == {
        "Core-030",
        "MN-023",
    }
    for list_id in ("faq-v22", "final-2015", "cgdb"):
        assert check_deck(deck, list_id=list_id, pool=full_pool).legal, list_id
    deck = _deck(
        full_pool,
        legal_deck_text,
        "1x Itinerant Scholar (Masks of Nyarlathotep)",
        "1x Guardian Pillar",
    )  # the CCG printing is played as the restricted LCG card
    result = check_deck(deck, list_id="faq-v22", pool=full_pool)
    assert _rules(result) == ["restricted"]
    assert set(result.problems[0].cards) == {"Itinerant Scholar", "Guardian Pillar"}


def test_copies_across_printings_add_up(full_pool, legal_deck_text):
    deck = _deck(
        full_pool,
        legal_deck_text,
        "2x Itinerant Scholar (Core Set)",
        "2x Itinerant Scholar (Masks of Nyarlathotep)",
    )
    assert _rules(check_deck(deck, pool=full_pool)) == ["copy-limit"]
    assert check_deck(deck, format_id="ccg", pool=full_pool).legal  # 4 in the CCG
    deck = _deck(
        full_pool,
        legal_deck_text,
        "2x Nyarlathotep (Journey to Unknown Kadath)",
        "2x Nyarlathotep (The Thousand Young)",
    )  # same title, different descriptors: still one title (rulebook, deck building)
    assert _rules(check_deck(deck, list_id="faq-v22", pool=full_pool)) == ["copy-limit"]


def test_ccg_card_is_allowed_in_lcg_only_when_the_card_was_reprinted(full_pool, legal_deck_text):
    reprinted = _deck(full_pool, legal_deck_text, "1x Ravager from the Deep (Unspeakable Tales)")
    assert [e.card.era for e in reprinted.draw if e.card.title == "Ravager from the Deep"] == [
        "CCG"
    ]
    assert check_deck(reprinted, pool=full_pool).legal
    ccg_only = next(
        c for c in full_pool.cards if all(p.era == "CCG" for p in full_pool.printings(c.title))
    )
    deck = _deck(full_pool, legal_deck_text, f"1x {ccg_only.title}")
    assert _rules(check_deck(deck, pool=full_pool)) == ["card-pool"]
    assert check_deck(deck, format_id="ccg", pool=full_pool).legal
    # Another card of a reprinted title is not the reprint: Yog-Sothoth, The Key and the Gate
    # never had an LCG printing.
    other_card = _deck(full_pool, legal_deck_text, "1x Yog-Sothoth, The Key and the Gate")
    assert _rules(check_deck(other_card, pool=full_pool)) == ["card-pool"]


def test_real_conspiracies_are_limited_to_three_by_the_faq(full_pool, legal_deck_text):
    three = _deck(full_pool, legal_deck_text, "3x The Blackwood Conspiracy")
    four = _deck(full_pool, legal_deck_text, "4x The Blackwood Conspiracy")
    for list_id in ("faq-v22", "final-2015", "cgdb"):
        assert check_deck(three, list_id=list_id, pool=full_pool).legal
        result = check_deck(four, list_id=list_id, pool=full_pool)
        assert _rules(result) == ["conspiracy-limit"] and "FAQ" in result.problems[0].source
    assert check_deck(four, format_id="ccg", pool=full_pool).legal  # the rulebook's four
    mixed = _deck(
        full_pool,
        legal_deck_text,
        "2x The Blackwood Conspiracy (Conspiracies of Chaos)",
        "2x The Blackwood Conspiracy (CC3)",
    )
    assert len({e.card.id for e in mixed.draw if "Blackwood" in e.card.title}) == 2
    assert _rules(check_deck(mixed, pool=full_pool)) == ["conspiracy-limit"]


def test_card_text_granting_any_number_of_copies_is_an_exception(full_pool, legal_deck_text):
    # Grim Avenger (Forbidden Relics, CCG): its text allows any number of copies; the
    # data's copy limit says 4.
    deck = _deck(full_pool, legal_deck_text, "9x Grim Avenger")
    assert check_deck(deck, format_id="ccg", pool=full_pool).legal
    assert _rules(check_deck(deck, pool=full_pool)) == ["card-pool"]  # never in the LCG
    dogs = _deck(full_pool, legal_deck_text, "8x Alaskan Sledge Dog")
    assert check_deck(dogs, format_id="ccg", pool=full_pool).legal  # no LCG FAQ errata there
    result = check_deck(dogs, pool=full_pool)
    assert _rules(result) == ["copy-limit"] and "FAQ" in result.problems[0].source


def test_adding_a_list_whose_printing_matches_no_card_fails(tmp_path, full_db_env, full_pool):
    from deckbuilder.legality import add_user_list

    path = tmp_path / "octgn.txt"
    path.write_text("Name: Typo\nRestricted:\nObsessive Insomniac (Dreamlands F110)\n", "utf-8")
    with pytest.raises(LegalityError, match="Dreamlands F110"):
        add_user_list(full_db_env, parse_list_file(path), full_pool)
    path.write_text("Name: Fine\nRestricted:\nObsessive Insomniac (Dreamlands F24)\n", "utf-8")
    assert add_user_list(full_db_env, parse_list_file(path), full_pool) is False


def test_a_ccg_printing_is_played_as_the_lcg_reprint_with_its_descriptor(
    full_pool, legal_deck_text
):
    from deckbuilder.legality import LegalityList, ListEntry

    # Carl Stanford: MN-056 "Deathless Fanatic" (CCG) was reprinted as SoA-028; SoK-051 is a
    # newer, different Carl Stanford.
    lst = LegalityList(
        id="carl",
        name="Carl",
        effective=None,
        source="test",
        banned=(ListEntry("Carl Stanford", "Secrets of Arkham F28"),),
    )
    lists = {**builtin_lists(), "carl": lst}

    def rules_for(line: str) -> list[str]:
        deck = _deck(full_pool, legal_deck_text, line)
        return _rules(check_deck(deck, list_id="carl", lists=lists, pool=full_pool))

    assert rules_for("1x Carl Stanford (Masks of Nyarlathotep)") == ["banned"]
    assert rules_for("1x Carl Stanford (Secrets of Arkham)") == ["banned"]
    assert rules_for("1x Carl Stanford (Seekers of Knowledge)") == []


def test_a_non_story_card_in_the_story_deck_is_a_warning(full_pool, legal_deck_text):
    text = legal_deck_text + "Story Deck:\n1x Guardian Pillar\n"
    from deckbuilder.formats import parse_deck

    result = check_deck(parse_deck(text, full_pool, suffix=".txt"), pool=full_pool)
    assert result.legal and result.draw_deck_count == 51
    assert any("Guardian Pillar in the story deck" in w for w in result.warnings)


def test_in_the_ccg_format_a_restricted_card_is_restricted_in_every_printing(
    full_pool, legal_deck_text
):
    for scholar in ("Core Set", "Masks of Nyarlathotep"):
        deck = _deck(
            full_pool, legal_deck_text, f"1x Itinerant Scholar ({scholar})", "1x Guardian Pillar"
        )
        result = check_deck(deck, format_id="ccg", list_id="faq-v22", pool=full_pool)
        assert _rules(result) == ["restricted"], scholar
