"""Goldfish players by name: ``get_policy(name)``; ``POLICIES`` is the registry. The questions
every policy answers are in ``policy``."""

from __future__ import annotations

from deckbuilder.engine.greedy_policy import GreedyPolicy
from deckbuilder.engine.policy import Policy
from deckbuilder.engine.random_policy import RandomPolicy

POLICIES: dict[str, type[Policy]] = {p.name: p for p in (GreedyPolicy, RandomPolicy)}


def get_policy(name: str) -> Policy:
    """A new policy by registry name; ``KeyError`` names the known ones."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise KeyError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})") from None
