"""card_db.fuzzy scores exactly as rapidfuzz does (search uses it to start faster)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import typo_queries
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.database import DirectoryBasedExampleDatabase
from rapidfuzz import fuzz

from card_db import fuzzy

# Failing examples hypothesis finds are kept in the repository, so every later run (CI's
# too) tries them first: a failure seen once is never lost to chance again.
EXAMPLES = DirectoryBasedExampleDatabase(str(Path(__file__).parent / "hypothesis-examples"))

# Few letters and many spaces: strings that share words and letters, as names and typos do.
SHORT = st.text(alphabet="abcd ", max_size=14)
LONG = st.text(alphabet="abcdefghij  ", max_size=90)
PAIRS = [
    (fuzzy.ratio, fuzz.ratio),
    (fuzzy.partial_ratio, fuzz.partial_ratio),
    (fuzzy.token_ratio, fuzz.token_ratio),
    (fuzzy.partial_token_ratio, fuzz.partial_token_ratio),
    (fuzzy.wratio, fuzz.WRatio),
]


@pytest.mark.parametrize(("ours", "theirs"), PAIRS, ids=lambda f: getattr(f, "__name__", ""))
@settings(max_examples=300, deadline=None, database=EXAMPLES)
@given(a=st.one_of(SHORT, LONG), b=st.one_of(SHORT, LONG))
# 32/38 of the word-set score times 0.95 is 80.0 in rapidfuzz: a match at the cutoff
@example(a="the he mire", b="beneath the mire")
def test_scores_equal_rapidfuzz_to_the_last_bit(ours, theirs, a, b):
    """Equal, not close: search compares the score with its cutoff, and a last-bit
    difference there drops a name one scorer keeps."""
    assert ours(a, b) == theirs(a, b, processor=None)


def test_scores_equal_rapidfuzz_on_every_title_and_its_typos(full_pool):
    """A fixed corpus, the same on every run: each title of the pool against three seeded
    typo'd queries of it and of the title after it, plus the query that once disagreed."""
    from card_db.names import word_forms

    titles = sorted(set(word_forms(sorted({c.title for c in full_pool.cards}))))
    assert len(titles) > 1000
    rng = random.Random(20261125)
    pairs = [("the he mire", "beneath the mire")]
    for title, after in zip(titles, titles[1:] + titles[:1], strict=True):
        for query in typo_queries(title, rng, 3) + typo_queries(after, rng, 1):
            pairs.append((query, title))
    disagree = [
        (theirs.__name__, a, b)
        for a, b in pairs
        for ours, theirs in PAIRS
        if ours(a, b) != theirs(a, b, processor=None)
    ]
    assert disagree == []


def test_typos_score_by_the_letters_kept():
    assert fuzzy.wratio("itinrant scholr", "itinerant scholar") == pytest.approx(93.75)


def test_a_word_of_a_longer_name_is_a_partial_match_scaled_for_length():
    assert fuzzy.wratio("scholar", "itinerant scholar") == pytest.approx(90.0)


def test_strings_of_one_length_are_aligned_both_ways_round():
    assert fuzzy.partial_ratio("aaaaaaa", "aaaaa a") == pytest.approx(1200 / 13)


@given(st.text(max_size=30), st.text(max_size=30))
def test_lcs_is_symmetric_and_bounded(a, b):
    ab = fuzzy.lcs_length(fuzzy.char_masks(a), len(a), b)
    assert ab == fuzzy.lcs_length(fuzzy.char_masks(b), len(b), a)
    assert 0 <= ab <= min(len(a), len(b))


@settings(max_examples=300, deadline=None)
@given(a=st.one_of(SHORT, LONG), b=st.one_of(SHORT, LONG))
def test_osa_distance_equals_rapidfuzz(a, b):
    from rapidfuzz.distance import OSA

    assert fuzzy.osa_distance(a, b) == OSA.distance(a, b)


WORD = st.text(alphabet="abcdefé", min_size=1, max_size=12)


@settings(max_examples=200, deadline=None)
@given(
    words=st.sets(WORD.filter(lambda w: " " not in w), max_size=60),
    token=st.text(alphabet="abcdefé ", max_size=12),
    min_ratio=st.sampled_from([50, 70, 90]),
)
def test_word_list_finds_exactly_the_words_close_enough(words, token, min_ratio):
    """All words scored at once in one integer give what scoring each word alone gives."""
    close = fuzzy.WordList(words).close_to(token, min_ratio)
    assert sorted(close) == sorted(w for w in words if fuzzy.ratio(token, w) >= min_ratio)
