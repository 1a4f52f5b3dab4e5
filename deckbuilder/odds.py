"""Exact opening-hand odds (hypergeometric) for a deck's 8-card setup hand.

A mulligan shuffles the setup hand back before drawing again, so the second setup hand is an
independent draw from the full deck: with a mulligan taken whenever a fact fails, the chance
of getting it is ``1 - (1 - p) ** 2``.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from itertools import combinations
from math import comb

SETUP_HAND = 8
EARLY_COST = 2  # a character this cheap can be played on turn 1 (a domain reaches 2)


def prob_at_least(successes: int, population: int, draws: int, k: int = 1) -> float:
    """P(at least ``k`` of the ``successes`` cards among ``draws`` cards of ``population``)."""
    if not 0 <= successes <= population:
        raise ValueError("successes must be between 0 and the population")
    draws = min(draws, population)
    total = comb(population, draws)
    if total == 0:
        return 0.0
    miss = sum(
        comb(successes, j) * comb(population - successes, draws - j)
        for j in range(min(k, draws + 1))
    )
    return (total - miss) / total


def prob_all_present(group_sizes: Iterable[int], population: int, draws: int) -> float:
    """P(at least one card of every group), for disjoint groups (inclusion-exclusion)."""
    sizes = list(group_sizes)
    draws = min(draws, population)
    total = comb(population, draws)
    if total == 0:
        return 0.0
    favourable = 0
    for r in range(len(sizes) + 1):
        for subset in combinations(sizes, r):
            favourable += (-1) ** r * comb(population - sum(subset), draws)
    return favourable / total


class Fact(namedtuple("Fact", "key description probability")):
    """key: str
    description: str
    probability: float  (in one setup hand)
    """

    __slots__ = ()

    @property
    def with_mulligan(self) -> float:
        return 1 - (1 - self.probability) ** 2

    def to_json(self) -> dict:
        return {
            "description": self.description,
            "probability": self.probability,
            "with_mulligan": self.with_mulligan,
        }


def setup_hand_facts(deck, hand_size: int = SETUP_HAND) -> list[Fact]:
    """Key facts of a setup hand: a character, an early character, a card (so a resource) of
    each of the deck's factions, and of all of them at once."""
    cards = [(e.card, e.count) for e in deck.draw if e.count > 0]
    n = sum(count for _, count in cards)
    if n == 0:
        return []
    characters = sum(c for card, c in cards if card.type == "Character")
    early = sum(
        c
        for card, c in cards
        if card.type == "Character" and not card.cost_is_x and (card.cost or 0) <= EARLY_COST
    )
    by_faction: dict[str, int] = {}
    for card, count in cards:
        if card.faction != "Neutral":
            by_faction[card.faction] = by_faction.get(card.faction, 0) + count
    factions = sorted(by_faction, key=lambda f: (-by_faction[f], f))
    facts = [
        Fact("character", "at least one character", prob_at_least(characters, n, hand_size)),
        Fact(
            "early_character",
            f"at least one character of cost {EARLY_COST} or less",
            prob_at_least(early, n, hand_size),
        ),
        Fact(
            "two_characters", "at least two characters", prob_at_least(characters, n, hand_size, 2)
        ),
    ]
    for faction in factions:
        facts.append(
            Fact(
                f"resource:{faction}",
                f"at least one {faction} card (a {faction} resource)",
                prob_at_least(by_faction[faction], n, hand_size),
            )
        )
    if len(factions) > 1:
        facts.append(
            Fact(
                "resource:all",
                "at least one card of each of the deck's factions",
                prob_all_present((by_faction[f] for f in factions), n, hand_size),
            )
        )
    return facts
