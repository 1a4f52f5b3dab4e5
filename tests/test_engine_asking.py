"""A step-by-step game asks its player the "would" windows inside the rules (by replay,
``deckbuilder.engine.asking``); a batch answers them by rule."""

from __future__ import annotations

import pytest

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.deck import Deck
from deckbuilder.engine.game import CHOOSE, PASS, STORY, Game
from deckbuilder.engine.policies import get_policy
from tests.test_engine_replace import windows_deck


@pytest.fixture(scope="module")
def house_deck(full_pool) -> Deck:
    deck = Deck("house advantage")
    deck.add(full_pool.card("DotU-023"), 3)
    deck.add(full_pool.card("Core-029"), 30)
    return deck


def arranged(full_pool, deck, step_by_step):
    return Game.arranged(
        deck,
        supports=[full_pool.card("DotU-023")],
        phase=STORY,
        seed=4,
        step_by_step=step_by_step,
    )


def answer(game: Game, yes: bool) -> None:
    game.apply(next(a for a in game.legal_actions() if a.kind == CHOOSE and a.x == int(yes)))


def test_a_would_window_inside_a_rule_is_asked_with_the_cards_text(full_pool, house_deck):
    game = arranged(full_pool, house_deck, True)
    hand = len(game.hand)
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))
    # The end of the turn runs into the next draw, where House Advantage may answer:
    # the game is shown as it was before the pass, with the question.
    assert game.choice is not None and "House Advantage" in game.choice.prompt
    assert game.phase == STORY and len(game.hand) == hand
    labels = [game.describe(a) for a in game.legal_actions()]
    assert all(a.kind == CHOOSE for a in game.legal_actions()) and len(labels) == 2
    answer(game, True)  # use it: it looks at the top card and asks top or bottom
    while game.choice is not None and game.phase == STORY:
        game.apply(game.legal_actions()[-1])
    assert game.phase != STORY and len(game.hand) == hand + 2  # drew 2 on turn 3


class _Unused(Game):
    """A game whose "would" windows nobody answers."""

    __slots__ = ()

    def _answer_now(self, gen, asking=None):
        gen.close()


def test_declining_the_question_plays_as_if_the_card_were_not_used(full_pool, house_deck):
    asked = arranged(full_pool, house_deck, True)
    asked.apply(next(a for a in asked.legal_actions() if a.kind == PASS))
    answer(asked, False)
    assert asked.choice is None
    plain = arranged(full_pool, house_deck, False)
    plain.__class__ = _Unused
    plain.apply(next(a for a in plain.legal_actions() if a.kind == PASS))
    assert asked.hand == plain.hand and asked.log == plain.log


def test_answering_by_rule_plays_the_same_game_as_a_batch(full_pool):
    """A step-by-step game whose questions inside rules get the batch's answers (an
    optional ability used unless "avoid", else the first option) is the same game."""
    deck = windows_deck(full_pool)
    asked_any = 0
    for seed in range(6):
        policy = get_policy("greedy")
        plain = Game.new(deck, seed=seed)
        while not plain.is_over:
            plain.apply(policy.choose(plain))
        asked = Game.new(deck, seed=seed, step_by_step=True)
        while not asked.is_over:
            if asked._steps.waiting is not None:  # a question inside a rule
                choice, asked_any = asked.choice, asked_any + 1
                harm = choice.kind == "response" and choice.harm
                asked.apply(choice.options[-1 if harm else 0])
            else:
                asked.apply(policy.choose(asked))
        assert asked.log == plain.log, seed
    assert asked_any > 0


def test_a_question_inside_a_commit_keeps_the_rest_of_the_planned_commits(full_pool):
    """Dr. Ali Kafour draws after he commits, and House Advantage answers that draw: the
    suggestions still commit every character they planned, as the batch does."""
    deck = Deck("kafour")
    deck.add(full_pool.card("DotU-023"), 3)
    deck.add(full_pool.card("Core-022"), 3)
    deck.add(full_pool.card("Core-029"), 30)

    def commits(step_by_step: bool) -> list[str]:
        game = Game.arranged(
            deck,
            supports=[full_pool.card("DotU-023")],
            characters=[full_pool.card(c) for c in ("Core-022", "Core-029", "Core-029")],
            phase=STORY,
            seed=4,
            step_by_step=step_by_step,
        )
        policy = get_policy("greedy")
        while game.phase == STORY and not game.is_over:
            if game.asked_inside_rule:  # answered as a batch answers it
                choice = game.choice
                game.apply(choice.options[-1 if choice.kind == "response" and choice.harm else 0])
            else:
                game.apply(policy.choose(game))
        return [e.text for e in game.log if e.kind == "commit"]

    planned = commits(False)
    assert len(planned) == 3
    assert commits(True) == planned
