"""Search results checked against the raw cthulhucli JSON Lines filtered here, by hand; one
row per card; and the title, descriptor and fuzzy cases players rely on."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import typo_queries
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase

from card_db.importers.cthulhucli import embedded_data_files
from card_db.query import QueryContext
from card_db.search import search


@pytest.fixture(scope="session")
def raw_records() -> list[dict]:
    """Every record of the embedded JSON Lines files, as cthulhucli ships them."""
    records = []
    for path in embedded_data_files():
        with open(path, encoding="utf-8") as handle:
            records += [json.loads(line) for line in handle if line.strip()]
    return records


def _faction(record: dict) -> str:
    return record.get("faction") or "Neutral"


def _int(value) -> int:
    return int(value) if value not in (None, "", "X", "x") else 0


def _cost(record: dict) -> int | None:
    value = record.get("cost")
    return None if value in (None, "", "X", "x") else int(value)


# query -> the same question asked of the raw records, written independently of card_db.
CASES: dict[str, Callable[[dict], bool]] = {
    "f:cthulhu t:character era:lcg": lambda r: (
        _faction(r) == "Cthulhu" and r["type"] == "Character" and r["era"] == "LCG"
    ),
    "t:support c<=2 era:lcg": lambda r: (
        r["type"] == "Support" and r["era"] == "LCG" and _cost(r) is not None and _cost(r) <= 2
    ),
    "i:ti": lambda r: _int(r.get("terror")) >= 1 and _int(r.get("investigation")) >= 1,
    "terror>=2 !f:neutral": lambda r: _int(r.get("terror")) >= 2 and _faction(r) != "Neutral",
    'x:"go insane"': lambda r: "go insane" in (r.get("text") or "").lower(),
    "f:yog|hastur s>=3": lambda r: (
        _faction(r) in ("Yog-Sothoth", "Hastur") and _int(r.get("skill")) >= 3
    ),
    "u:yes t:char f:agency era:ccg": lambda r: (
        bool(r.get("unique"))
        and r["type"] == "Character"
        and _faction(r) in ("The Agency", "Agency")
        and r["era"] == "CCG"
    ),  # fmt: skip
    "t:story era:lcg": lambda r: r["type"] == "Story" and r["era"] == "LCG",
    "c:x": lambda r: str(r.get("cost")).upper() == "X",
}


@pytest.mark.parametrize("query", sorted(CASES))
def test_every_printing_search_matches_the_raw_data_filtered_independently(
    full_pool, raw_records, query
):
    expected = Counter((r["name"].strip(), r["setname"]) for r in raw_records if CASES[query](r))
    result = search(full_pool, query + " era:all", context=QueryContext(), printings=True)
    got = Counter((c.title, c.set_name) for c in result.cards)
    assert expected, "the case should select some cards"
    assert got == expected
    assert result.total == sum(expected.values())


@pytest.mark.parametrize("query", sorted(CASES))
def test_one_row_per_lcg_card_by_default(full_pool, query):
    query = query.replace("era:lcg", "").replace("era:ccg", "")
    every = search(full_pool, query + " era:all", printings=True).cards
    lcg_cards = {c.card_id for c in every if c.era == "LCG"}
    result = search(full_pool, query)
    ids = [c.card_id for c in result.cards]
    assert set(ids) == lcg_cards and len(ids) == len(lcg_cards) == result.total  # once each
    assert all(c.era == "LCG" for c in result.cards)
    for card, printings in zip(result.cards, result.printings, strict=True):
        assert printings[0] is full_pool.card(card.card_id)
        assert card in printings and {p.card_id for p in printings} == {card.card_id}


def test_restricted_field_uses_the_context(full_pool):
    context = QueryContext(is_restricted=lambda card: card.title == "Itinerant Scholar")
    result = search(full_pool, "r:yes", context=context)
    assert {c.title for c in result.cards} == {"Itinerant Scholar"}


def test_typos_find_itinerant_scholar_first(full_pool):
    result = search(full_pool, "itinrant scholr")
    assert result.cards[0].id == "Core-030"  # the card's own (LCG) printing
    assert [p.id for p in result.printings[0]] == ["Core-030", "MN-023"]  # its CCG reprint


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("yog sothoth lord", "Yog-Sothoth, Lord of Time and Space"),
        ("lord of time", "Yog-Sothoth, Lord of Time and Space"),
        ("tormented psychic", "Paul LeMond, Tormented Psychic"),
        ("itin", "Itinerant Scholar"),
        ("necro", "The Necronomicon, The Book of the Mad Arab"),
        ("R'lyeh conspiracy", "The R'lyeh Conspiracy"),
        ("rlyeh conspiracy", "The R'lyeh Conspiracy"),
        ("O'Donnell", "Kirby O'Donnell, Adventurer Abroad"),
        ("odonnell", "Kirby O'Donnell, Adventurer Abroad"),
        ("Dagon's", "Dagon, Father of the Deep"),
        ("dagon", "Dagon, Father of the Deep"),
        ("carson's treatment", "Dr. Carson's Treatment"),
    ],
)
def test_words_find_titles_and_descriptors_whole_words_and_prefixes_first(full_pool, query, first):
    assert search(full_pool, query).cards[0].full_title == first


def test_word_matches_leave_out_fuzzy_ones(full_pool):
    titles = [c.title for c in search(full_pool, "dagon").cards]
    assert "Meat Wagon" not in titles and "Initiate of Dagon" in titles
    assert search(full_pool, "itin").total == 1  # not Visiting Author ("v-isit-ing")


def test_a_descriptor_word_picks_one_of_the_cards_a_title_names(full_pool):
    result = search(full_pool, "yog sothoth")
    yogs = [c for c in result.cards if c.title == "Yog-Sothoth"]
    assert len(yogs) >= 3  # each card its own row
    assert len({c.card_id for c in result.cards}) == len(result.cards)


def test_ccg_cards_need_an_era(full_pool):
    assert search(full_pool, "priest of dagon").cards == []  # a CCG-only card
    ccg = search(full_pool, "priest of dagon era:ccg").cards
    assert [c.title for c in ccg] == ["Priest of Dagon"]
    assert search(full_pool, "priest of dagon era:all").cards == ccg
    assert search(full_pool, "set:ut t:char").total > 0  # a set names its own era


def test_era_ccg_shows_the_ccg_printing_of_an_lcg_card(full_pool):
    (card,) = search(full_pool, "itinerant scholar era:ccg").cards
    assert (card.id, card.card_id) == ("MN-023", "Core-030")


def test_printings_lists_each_printing_of_each_card(full_pool):
    result = search(full_pool, "itinerant scholar", printings=True)
    assert [c.id for c in result.cards] == ["Core-030", "MN-023"]
    assert result.total == 2
    assert [c.id for c in search(full_pool, "itinerant era:lcg", printings=True).cards] == [
        "Core-030"
    ]


def test_sorceror_is_read_as_sorcerer(full_pool):
    found = {c.title for c in search(full_pool, "st:sorcerer").cards}
    assert {"Blood Magician", "Seeker of the Profane", "Wilbur Whateley"} <= found
    assert not any("Sorceror" in c.subtypes for c in full_pool.cards)


@pytest.mark.parametrize("spelling", ["paul lemond", "Paul LeMond", "PAUL LEMOND", "* Paul Lemond"])
def test_every_spelling_of_paul_lemond_finds_the_same_card(full_pool, spelling):
    result = search(full_pool, [spelling])
    assert [(c.title, c.id) for c in result.cards] == [("Paul LeMond", "Core-004")]


@pytest.mark.parametrize("words", ["yithian sentry", "zzyzx quorble"])
def test_words_that_name_no_card_find_nothing_rather_than_a_partial_letter_match(full_pool, words):
    # "ia ia" (Iä! Iä!) hides inside "yithian"; a title must echo every word, not a syllable
    assert search(full_pool, words).cards == []


def test_exact_title_outranks_longer_titles_containing_it(full_pool):
    result = search(full_pool, "necronomicon")
    assert result.cards[0].title == "The Necronomicon"  # the shortest title containing it
    assert all("necronomicon" in c.full_title.lower() for c in result.cards)  # or descriptor
    assert search(full_pool, "the necronomicon").cards[0].title == "The Necronomicon"


def test_limit_keeps_the_total(full_pool):
    result = search(full_pool, "t:char", limit=3)
    assert len(result.cards) == 3 and result.total > 3


def test_words_and_filters_combine(full_pool):
    result = search(full_pool, "scholar f:miskatonic")
    assert result.cards and all(c.faction == "Miskatonic University" for c in result.cards)
    assert result.cards[0].title == "Itinerant Scholar"


def test_excluded_words_drop_titles(full_pool):
    result = search(full_pool, "t:char f:cthulhu !deep")
    assert result.cards and not any("deep" in c.title.lower() for c in result.cards)


@pytest.mark.parametrize("spelling", ["Paul LeMond", "paul lemond", "* Paul Lemond", "PAUL LEMOND"])
def test_pool_resolves_every_spelling_to_the_newest_lcg_printing(full_pool, spelling):
    printings = full_pool.printings(spelling)
    assert printings[0].id == "Core-004"
    assert {c.era for c in printings} == {"LCG", "CCG"}  # the CCG "Paul Lemond" too


def _reference_fuzzy_scores(forms, wanted: str) -> dict[str, float]:
    """The fuzzy rule written plainly: WRatio (rapidfuzz's, over every name form) at the
    cutoff, then the word check; scores are compared as exact_score rounds them."""
    from rapidfuzz import fuzz, process

    from card_db.name_match import FUZZY_CUTOFF, exact_score

    tokens = wanted.split()
    scores = {}
    hits = process.extract(
        wanted, forms, scorer=fuzz.WRatio, processor=None, limit=None, score_cutoff=FUZZY_CUTOFF - 1
    )
    for form, score, _ in hits:
        score = exact_score(score)
        if score < FUZZY_CUTOFF:
            continue
        if all(
            len(t) < 3 or t in form or any(fuzz.ratio(t, w) >= 70 for w in form.split())
            for t in tokens
        ):
            scores[form] = score
    return scores


def _name_forms(full_pool) -> tuple[str, ...]:
    from card_db.name_match import NameMatcher

    names = sorted({(c.title, c.descriptor) for c in full_pool.cards}, key=str)
    matcher = NameMatcher(names)
    return tuple(dict.fromkeys(matcher.fulls + matcher.titles))


CORPUS_PARTS = 6  # the corpus is checked in parts, which the test workers share


@pytest.mark.parametrize("part", range(CORPUS_PARTS))
def test_fuzzy_matching_equals_the_plain_rule_on_every_title(full_pool, part):
    """A fixed corpus, the same on every run: a seeded typo'd query for every title of the
    pool, plus the ones that once disagreed."""
    import random

    from card_db.name_match import fuzzy_scores

    forms = _name_forms(full_pool)
    rng = random.Random(20261125)
    titles = sorted({c.title.lower() for c in full_pool.cards})
    queries = ["the he mire"] + [typo_queries(title, rng, 1)[0] for title in titles]
    assert len(queries) > 2000
    mine = queries[part::CORPUS_PARTS]
    disagree = [q for q in mine if fuzzy_scores(forms, q) != _reference_fuzzy_scores(forms, q)]
    assert disagree == []


def test_beneath_the_mire_is_found_from_two_of_its_words_and_a_fragment(full_pool):
    titles = {c.title for c in search(full_pool, "the he mire").cards}
    assert "Beneath the Mire" in titles


# Failing examples hypothesis finds are kept in the repository (tests/hypothesis-examples),
# so that every later run, CI's included, tries them again first.
_EXAMPLES = DirectoryBasedExampleDatabase(str(Path(__file__).parent / "hypothesis-examples"))


@settings(max_examples=40, deadline=None, database=_EXAMPLES)
@given(data=st.data())
def test_indexed_fuzzy_matching_equals_the_plain_rule(full_pool, data):
    from card_db.name_match import fuzzy_scores

    forms = _name_forms(full_pool)
    form = data.draw(st.sampled_from(forms))
    words = form.split()
    # a query made of some of a name's words, some with a letter dropped or doubled
    chosen = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=3))
    mangled = []
    for word in chosen:
        cut = data.draw(st.integers(0, len(word)))
        mangled.append(
            data.draw(st.sampled_from([word, word[:cut] + word[cut + 1 :], word + word[-1]]))
        )
    wanted = " ".join(w for w in mangled if w) or form
    assert fuzzy_scores(forms, wanted) == _reference_fuzzy_scores(forms, wanted)


@pytest.mark.parametrize("wanted", ["ia ia", "ab cd ef", "yig", "itinrant scholr"])
def test_few_or_many_candidates_score_as_the_plain_rule(full_pool, wanted):
    """Few echoing names are scored in plain Python, many by rapidfuzz: one answer."""
    from card_db.name_match import PLAIN_PYTHON_MOST, NameMatcher, _echoing_forms, fuzzy_scores

    names = sorted({(c.title, c.descriptor) for c in full_pool.cards}, key=str)
    forms = tuple(dict.fromkeys(NameMatcher(names).fulls + NameMatcher(names).titles))
    tokens = tuple(t for t in wanted.split() if len(t) >= 3)
    many = len(_echoing_forms(forms, tokens)) > PLAIN_PYTHON_MOST
    assert many == (wanted in ("ia ia", "ab cd ef"))
    assert fuzzy_scores(forms, wanted) == _reference_fuzzy_scores(forms, wanted)


def test_words_without_letters_ask_nothing(full_pool):
    everything = search(full_pool, "").total
    assert everything > 1000
    assert search(full_pool, "!!").total == search(full_pool, "-- ...").total == everything
