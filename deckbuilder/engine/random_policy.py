"""The random goldfish player: a baseline, and the driver of the invariant tests."""

from __future__ import annotations

from deckbuilder.engine.game import (
    PLAY,
    USE,
    Action,
    Game,
)
from deckbuilder.engine.policy import Policy


class RandomPolicy(Policy):
    """Uniformly random legal choices (from the game's own random stream): a baseline, and
    the driver of the invariant tests."""

    name = "random"
    description = "random legal choices (baseline)"

    def mulligan(self, game: Game) -> bool:
        return not game.mulligan_taken and game.rng.random() < 0.5

    def setup_resources(self, game: Game) -> list[int]:
        return game.rng.sample(list(game.you.hand), 3)

    def resource(self, game: Game) -> tuple[int, int] | None:
        if not game.you.hand or game.rng.random() < 0.2:
            return None
        return game.rng.choice(game.you.hand), game.rng.randrange(len(game.you.domains))

    def play(self, game: Game) -> Action | None:
        return self._pick(game, 0.2)

    def story_action(self, game: Game) -> Action | None:
        return self._pick(game, 0.5)

    def _pick(self, game: Game, stop: float) -> Action | None:
        acts = [a for a in game.legal_actions() if a.kind in (PLAY, USE)]
        if not acts or game.rng.random() < stop:
            return None
        return game.rng.choice(acts)

    def commit(self, game: Game) -> list[tuple[int, int]]:
        stories = len(game._stories)
        return [
            (i, game.rng.randrange(stories))
            for i in game.you.characters
            if game.may_commit(i) and game.rng.random() < 0.8
        ]

    def decide(self, game: Game, choice) -> Action:
        return game.rng.choice(choice.options)
