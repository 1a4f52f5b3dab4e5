"""Exact setup-hand odds against brute-force enumeration."""

from __future__ import annotations

from itertools import combinations

import pytest
from conftest import make_card
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.odds import prob_all_present, prob_at_least, setup_hand_facts


def brute_force(labels: list[int], draws: int, predicate) -> float:
    hands = list(combinations(range(len(labels)), draws))
    return sum(predicate([labels[i] for i in hand]) for hand in hands) / len(hands)


@settings(max_examples=60, deadline=None)
@given(
    successes=st.integers(0, 9),
    others=st.integers(0, 9),
    draws=st.integers(0, 8),
    k=st.integers(1, 3),
)
def test_at_least_k_matches_enumeration(successes, others, draws, k):
    population = successes + others
    draws = min(draws, population)
    labels = [1] * successes + [0] * others
    expected = brute_force(labels, draws, lambda hand: sum(hand) >= k)
    assert prob_at_least(successes, population, draws, k) == pytest.approx(expected)


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(0, 4), min_size=1, max_size=3), rest=st.integers(0, 5),
       draws=st.integers(0, 7))  # fmt: skip
def test_all_groups_present_matches_enumeration(sizes, rest, draws):
    labels = [g for g, n in enumerate(sizes) for _ in range(n)] + [-1] * rest
    draws = min(draws, len(labels))
    expected = brute_force(labels, draws, lambda hand: set(range(len(sizes))) <= set(hand))
    assert prob_all_present(sizes, len(labels), draws) == pytest.approx(expected)


def test_known_values():
    # 15 characters in 50 cards: P(none in 8) = C(35,8)/C(50,8)
    assert prob_at_least(15, 50, 8) == pytest.approx(1 - 23535820 / 536878650)
    assert prob_at_least(0, 50, 8) == 0.0
    assert prob_at_least(50, 50, 8) == 1.0


def test_facts_of_a_two_faction_deck():
    deck = Deck("d")
    deck.add(make_card("Cheap", id="A-1", cost=1, faction="Cthulhu"), 20)
    deck.add(make_card("Dear", id="A-2", cost=5, faction="Hastur"), 10)
    deck.add(make_card("Trick", id="A-3", type="Event", faction="Neutral"), 20)
    facts = {f.key: f for f in setup_hand_facts(deck)}
    assert set(facts) == {
        "character",
        "early_character",
        "two_characters",
        "resource:Cthulhu",
        "resource:Hastur",
        "resource:all",
    }
    assert facts["character"].probability == pytest.approx(prob_at_least(30, 50, 8))
    assert facts["early_character"].probability == pytest.approx(prob_at_least(20, 50, 8))
    assert facts["resource:Hastur"].probability == pytest.approx(prob_at_least(10, 50, 8))
    both = facts["resource:all"].probability
    assert both < facts["resource:Hastur"].probability
    # A mulligan is an independent second hand.
    p = facts["resource:Hastur"].probability
    assert facts["resource:Hastur"].with_mulligan == pytest.approx(1 - (1 - p) ** 2)


def test_an_empty_deck_has_no_facts():
    assert setup_hand_facts(Deck("empty")) == []
