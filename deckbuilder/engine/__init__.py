"""The goldfish engine: one player's Call of Cthulhu LCG games against an empty opponent.

- ``game``: ``Game`` — the seeded state machine (``Game.new``, ``legal_actions``, ``apply``,
  ``run``, ``log`` and read-only views); its docstring lists the API and the rule choices.
- ``policies``: who decides (``get_policy(name)``, registry ``POLICIES``: greedy, random).
- ``stats``: ``GoldfishStats`` counters with ``to_json()``.
- ``batch``: ``run_batch(deck, games=, seed=, policy=, first_player=, turn_cap=, workers=,
  progress=) -> GoldfishStats`` (multiprocessing, reproducible per seed).
- ``cards``: the deck compiled to integer tables (what keeps the hot path lean).
- ``actions``: the vocabulary (phases, ``Action``, ``Event``, ``StoryView``).
- ``zones``, ``paying``, ``turn``, ``story``, ``runtime``: the rules, mixed into ``Game``
  (moving cards; paying and what may be played; the turn sequence; the story phase; abilities
  at play and the driving of effect choices).
- ``abilities``: the engine's records of card text (``Ability``, ``Static``, ``Choice``) and
  its triggers; ``effects``: choosing cards, stories and domains inside an effect.
- ``text``: card text as data: one TOML file per set, the vocabulary (registries of
  templates, triggers, filters, conditions, costs and hooks), the compiler, and coverage.
"""

from deckbuilder.engine.batch import run_batch
from deckbuilder.engine.cards import CARD_TEXT
from deckbuilder.engine.game import Action, Event, Game, IllegalAction
from deckbuilder.engine.policies import POLICIES, Policy, get_policy
from deckbuilder.engine.stats import KEYWORDS_NOTE, TEXT_NOTE, GoldfishStats
from deckbuilder.engine.text.load import abilities_of, memories_of, win_effect

CARD_TEXT.update(abilities=abilities_of, win=win_effect, memories=memories_of)

__all__ = [
    "KEYWORDS_NOTE",
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
