"""Pinned results: the same seed gives exactly the figures, logs and step-by-step choices it
gave when these were recorded, so speed work on the engine cannot change a game unnoticed.

The fingerprints are SHA-256 digests of the statistics document (without the speed), of the
event log and of the menu lines a step-by-step player saw. If a deliberate rules change moves
them, record the new values and say why in the commit message.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.batch import game_seed, run_batch
from deckbuilder.engine.game import Game
from deckbuilder.engine.policies import get_policy
from deckbuilder.engine.text.load import abilities_of
from deckbuilder.formats import read_deck

EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


@pytest.fixture(scope="module")
def decks(full_pool) -> dict[str, Deck]:
    """The example deck, and a deck of one copy of each of the first 450 cards (by id) with
    their own abilities (the deck size limit is 500), so that many abilities are pinned, not
    only the example's."""
    broad = Deck("broad")
    cards = sorted(
        (
            full_pool.card(i)
            for i in full_pool.by_card
            if abilities_of(i) and full_pool.card(i).type != "Story"
        ),
        key=lambda c: c.card_id,
    )[:450]
    for card in cards:
        broad.add(card, 1)
    return {"example": read_deck(EXAMPLE_DECK, full_pool), "broad": broad}


def batch_figures(deck, policy: str, text: bool, seed: int) -> str:
    document = run_batch(deck, games=300, seed=seed, policy=policy, workers=1, text=text)
    document = document.to_json()
    document.pop("games_per_second")
    return digest(document)


BATCHES = {
    ("example", "greedy", True, 1): "42bcd263a0b187bc",
    ("example", "greedy", False, 1): "665c1a4608ebfd7a",
    ("example", "random", True, 2): "2dbd1a23afdb5a82",
    ("broad", "greedy", True, 3): "c66c5a19800bda93",
    ("broad", "greedy", False, 3): "5fc61f101cb4cf58",
    ("broad", "random", True, 4): "3d762d964368ee34",
}


@pytest.mark.parametrize("key", list(BATCHES), ids=str)
def test_batch_figures_are_pinned(decks, key):
    name, policy, text, seed = key
    assert batch_figures(decks[name], policy, text, seed) == BATCHES[key]


LOGS = {
    ("example", 5): "49c753f52b6ddb0b",
    ("broad", 6): "ebb6c71855cda40a",
    ("broad", 7): "dbdfbf41463410f4",
}


@pytest.mark.parametrize("key", list(LOGS), ids=str)
def test_logged_games_are_pinned(decks, key):
    name, seed = key
    game = Game.new(decks[name], game_seed(seed, 0)).run(get_policy("greedy"))
    assert digest([list(event) for event in game.log]) == LOGS[key]


STEPS = {("example", 8): "39ee1c03fe2e2c94", ("broad", 9): "9cbbfb811d4f611a"}


@pytest.mark.parametrize("key", list(STEPS), ids=str)
def test_step_by_step_games_are_pinned(decks, key):
    """The TUI's path: the menu each turn (legal actions described) and the action taken."""
    name, seed = key
    game = Game.new(decks[name], game_seed(seed, 0))
    policy = get_policy("greedy")
    seen = []
    while (action := policy.choose(game)) is not None:
        seen.append([game.describe(a) for a in game.legal_actions()])
        seen.append(game.describe(action))
        game.apply(action)
    seen.append([list(event) for event in game.log])
    assert digest(seen) == STEPS[key]
