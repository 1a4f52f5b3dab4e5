"""The questions a goldfish player (a policy) answers, and how they become the next action.

A policy answers these questions (each gets the ``Game`` and reads it through its public
views and ``can_pay``/``may_play``):

- ``mulligan(game) -> bool``: take the one mulligan of the setup hand?
- ``setup_resources(game) -> [i, i, i]``: the 3 setup-hand cards to attach, domain 1 to 3;
- ``resource(game) -> (instance, domain) | Action | None``: the resource phase attachment
  (or a USE action of ``game.resource_actions()``, taken instead);
- ``play(game) -> Action | None``: the next operations action (PLAY a card or USE an
  ability), None to end the phase;
- ``pre_commit(game) -> Action | None``: an action at the start of the story phase, before
  the commits (an event whose character may then commit), None when done;
- ``commit(game) -> [(instance, story_index), ...]``: the story phase commitments;
- ``story_action(game) -> Action | None``: an event or ability after the commits;
- ``decide(game, choice) -> Action``: one of ``choice.options`` (targets, responses, story
  effects: every decision inside an effect).

``Game.run(policy)`` asks these directly (the batch path); ``policy.choose(game)`` turns the
same answers into the next ``Action`` for step-by-step play, so both give the same game.
The policies themselves: ``greedy_policy`` and ``random_policy``; ``policies`` looks them up
by name.
"""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, choose_actions
from deckbuilder.engine.game import (
    ATTACH,
    COMMIT,
    KEEP,
    MULLIGAN,
    MULLIGAN_PHASE,
    OPERATIONS,
    OVER,
    PASS,
    RESOURCE,
    SETUP_PHASE,
    SETUP_RESOURCE,
    Action,
    Game,
)


class Policy:
    name = "base"
    description = ""

    def mulligan(self, game: Game) -> bool:
        raise NotImplementedError

    def setup_resources(self, game: Game) -> list[int]:
        raise NotImplementedError

    def resource(self, game: Game) -> tuple[int, int] | Action | None:
        raise NotImplementedError

    def play(self, game: Game) -> Action | None:
        raise NotImplementedError

    def commit(self, game: Game) -> list[tuple[int, int]]:
        raise NotImplementedError

    def pre_commit(self, game: Game) -> Action | None:
        return None

    def story_action(self, game: Game) -> Action | None:
        return None

    def decide(self, game: Game, choice) -> Action:
        return choice.options[0]

    def choose_instance(self, game: Game, kind: str, prompt: str, cards: list, harm, optional):
        """``decide`` for a choice among the instances ``cards`` (and "none" last, when
        ``optional``): the chosen instance, -1 for "none". A policy that values cards by
        their instance may answer without the ``Choice`` being built."""
        acts = choose_actions(cards)
        if optional:
            acts.append(Action(CHOOSE, x=-1))
        return self.decide(game, Choice(kind, prompt, tuple(acts), harm)).x

    def choose(self, game: Game) -> Action | None:
        """The next action this policy takes (None when the game is over)."""
        if game.choice is not None:
            return self.decide(game, game.choice)
        pending = game._pending
        while (
            pending
            and pending[0].kind == COMMIT
            and (
                not game.may_commit(pending[0].card)
                or pending[0].story >= len(game._stories)
                or not game.may_commit_to(pending[0].card, pending[0].story)
            )
        ):
            pending.pop(0)  # an effect took that character away: skip it, as ``run`` does
        if pending:
            return pending[0]
        ph = game.phase
        if ph == OVER:
            return None
        if ph == OPERATIONS:  # one action at a time, exactly as ``Game.run`` asks
            a = self.play(game)
            return Action(PASS) if a is None else a
        if ph == RESOURCE:
            r = self.resource(game)
            return Action(PASS) if r is None else Action(ATTACH, r[0], r[1])
        if ph == MULLIGAN_PHASE:
            plan = [Action(MULLIGAN if self.mulligan(game) else KEEP)]
        elif ph == SETUP_PHASE:
            # as many as remain to place: a person may have placed some already
            placed = sum(len(d) for d in game.domains)
            plan = [Action(SETUP_RESOURCE, i) for i in self.setup_resources(game)][: 3 - placed]
        elif getattr(self, "_planned", None) == (id(game), game.turn, game.story_round()):
            a = self.story_action(game)
            return Action(PASS) if a is None else a
        else:
            key = (id(game), game.turn, game.story_round())
            if getattr(self, "_pre_committed", None) != key:
                a = self.pre_commit(game)  # one at a time, exactly as ``Game.run`` asks
                if a is not None:
                    return a
                self._pre_committed = key
            self._planned = key
            plan = [Action(COMMIT, i, story=s) for i, s in self.commit(game)]
            if not plan:
                return self.choose(game)
        pending.extend(plan)
        return self.choose(game)  # (a commit the rules now forbid is skipped)
