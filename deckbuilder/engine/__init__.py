"""The goldfish engine: one player's Call of Cthulhu LCG games against an empty opponent.

- ``game``: ``Game`` — the seeded state machine (``Game.new``, ``legal_actions``, ``apply``,
  ``run``, ``log`` and read-only views); its docstring lists the API and the rule choices.
- ``policies``: who decides (``get_policy(name)``, registry ``POLICIES``: greedy, random).
- ``stats``: ``GoldfishStats`` counters with ``to_json()``.
- ``batch``: ``run_batch(deck, games=, seed=, policy=, first_player=, turn_cap=, workers=,
  progress=) -> GoldfishStats`` (multiprocessing, reproducible per seed).
- ``cards``: the deck compiled to integer tables (what keeps the hot path lean).
"""

from deckbuilder.engine.batch import run_batch
from deckbuilder.engine.game import Action, Event, Game, IllegalAction
from deckbuilder.engine.policies import POLICIES, Policy, get_policy
from deckbuilder.engine.stats import TEXT_NOTE, GoldfishStats

__all__ = [
    "POLICIES",
    "TEXT_NOTE",
    "Action",
    "Event",
    "Game",
    "GoldfishStats",
    "IllegalAction",
    "Policy",
    "get_policy",
    "run_batch",
]
