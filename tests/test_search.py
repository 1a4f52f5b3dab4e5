"""Search results checked against the raw cthulhucli JSON Lines filtered here, by hand, and
the fuzzy title cases players rely on."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
def test_search_matches_the_raw_data_filtered_independently(full_pool, raw_records, query):
    expected = Counter((r["name"].strip(), r["setname"]) for r in raw_records if CASES[query](r))
    result = search(full_pool, query, context=QueryContext())
    got = Counter((c.title, c.set_name) for c in result.cards)
    assert expected, "the case should select some cards"
    assert got == expected
    assert result.total == sum(expected.values())


def test_restricted_field_uses_the_context(full_pool):
    context = QueryContext(is_restricted=lambda card: card.title == "Itinerant Scholar")
    result = search(full_pool, "r:yes", context=context)
    assert {c.title for c in result.cards} == {"Itinerant Scholar"}


def test_typos_find_itinerant_scholar_first(full_pool):
    result = search(full_pool, "itinrant scholr")
    assert result.cards[0].title == "Itinerant Scholar"
    assert result.cards[0].era == "LCG"  # the LCG printing before the CCG one


@pytest.mark.parametrize("spelling", ["paul lemond", "Paul LeMond", "PAUL LEMOND", "* Paul Lemond"])
def test_every_spelling_of_paul_lemond_finds_the_same_card(full_pool, spelling):
    first = search(full_pool, [spelling]).cards[0]
    assert (first.title, first.id) == ("Paul LeMond", "Core-004")


@pytest.mark.parametrize("words", ["yithian sentry", "zzyzx quorble"])
def test_words_that_name_no_card_find_nothing_rather_than_a_partial_letter_match(full_pool, words):
    # "ia ia" (Iä! Iä!) hides inside "yithian"; a title must echo every word, not a syllable
    assert search(full_pool, words).cards == []


def test_exact_title_outranks_longer_titles_containing_it(full_pool):
    result = search(full_pool, "necronomicon")
    assert result.cards[0].title == "The Necronomicon"  # the shortest title containing it
    assert all("necronomicon" in c.title.lower() for c in result.cards[:5])


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


def _reference_title_scores(titles: list[str], wanted: str) -> dict[str, float]:
    """The matching rule written plainly: WRatio over every title, then the word check."""
    from rapidfuzz import fuzz

    from card_db.search import FUZZY_CUTOFF

    tokens = wanted.split()
    scores = {}
    for title in titles:
        score = fuzz.WRatio(wanted, title, processor=None)
        words_echoed = all(
            len(t) < 3 or t in title or any(fuzz.ratio(t, w) >= 70 for w in title.split())
            for t in tokens
        )
        if score >= FUZZY_CUTOFF and words_echoed:
            scores[title] = score
        if all(t in title for t in tokens):
            scores[title] = 100.0 + (100.0 if title == wanted else 0.0)
    return scores


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_indexed_title_matching_equals_the_plain_rule(full_pool, data):
    from card_db.search import title_scores

    titles = list(full_pool.title_universe)
    title = data.draw(st.sampled_from(titles))
    words = title.split()
    # a query made of some of a title's words, some with a letter dropped or doubled
    chosen = data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=3))
    mangled = []
    for word in chosen:
        cut = data.draw(st.integers(0, len(word)))
        mangled.append(
            data.draw(st.sampled_from([word, word[:cut] + word[cut + 1 :], word + word[-1]]))
        )
    wanted = " ".join(w for w in mangled if w) or title
    assert title_scores(titles, wanted, universe=full_pool.title_universe) == pytest.approx(
        _reference_title_scores(titles, wanted)
    )
    assert title_scores(titles, wanted) == pytest.approx(_reference_title_scores(titles, wanted))
