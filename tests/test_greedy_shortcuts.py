"""The greedy player's shortcuts answer as the long way does: the actions it looks at per
window (``_useful_uses``), a choice among instances without its ``Choice``
(``choose_instance``) and yes/no questions, over step-by-step games of a deck with 450
ability cards (the greedy player's moves and random ones)."""

from __future__ import annotations

import random

import pytest
from conftest import ability_cards_sample

from deckbuilder.deck import Deck
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, Action, choose_actions
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.game import OPERATIONS, STORY, Game
from deckbuilder.engine.greedy_policy import (
    GreedyPolicy,
    _useful_card_present,
    _useful_uses,
)


@pytest.fixture(scope="module")
def many_abilities(full_pool) -> Deck:
    """One copy of each of 450 cards with abilities."""
    return ability_cards_sample(full_pool, "greedy shortcuts", 9)


def worth_using_now(policy: GreedyPolicy, game: Game) -> set[tuple[int, int]]:
    """(card, action index) of the actions ``_extra_action`` may pick, the long way: every
    usable action of the kinds with a useful one, when such a card is there, that
    ``_worth_using_ability`` accepts."""
    profile = policy._profile(game)
    if not _useful_card_present(profile, game):
        return set()
    return {
        (i, n)
        for i, n, ab in game.usable_abilities(profile.useful_actions)
        if policy._worth_using_ability(game, ab, i, game.phase)
    }


def worth_using_fast(policy: GreedyPolicy, game: Game) -> set[tuple[int, int]]:
    uses = _useful_uses(policy._profile(game), game) or ()
    return {(i, n) for i, n, ab in uses if policy._worth_using_ability(game, ab, i, game.phase)}


def chosen_the_long_way(policy, game, kind, cards, harm, optional) -> int:
    acts = choose_actions(cards)
    if optional:
        acts.append(Action(CHOOSE, x=-1))
    return policy.decide(game, Choice(kind, "choose", tuple(acts), harm)).x


@pytest.mark.parametrize("seed", range(4))
def test_shortcuts_answer_as_the_long_way(many_abilities, seed):
    rng = random.Random(seed)
    asked = found = 0
    for game_seed in range(20 * seed, 20 * seed + 20):
        game = Game.new(many_abilities, seed=game_seed, turn_cap=12)
        policy = GreedyPolicy()
        steps = 0
        while not game.is_over and steps < 3000:
            if game.choice is None and game.phase in (OPERATIONS, STORY) and not game._copies:
                worth = worth_using_fast(policy, game)
                assert worth == worth_using_now(policy, game)
                asked += 1
                found += bool(worth)
            cards = game.you.characters + game.you.supports + game.you.hand
            if cards:
                pick = rng.sample(cards, rng.randint(1, min(4, len(cards))))
                for kind in ("target", "boost", "token"):
                    for harm in (False, True):
                        for optional in (False, True):
                            expected = chosen_the_long_way(policy, game, kind, pick, harm, optional)
                            got = policy.choose_instance(game, kind, "choose", pick, harm, optional)
                            assert got == expected, (kind, harm, optional)
            # Mostly the greedy player's moves (boards worth an action), some random ones.
            move = policy.choose(game) if rng.random() < 0.8 else None
            game.apply(move or rng.choice(game.legal_actions()))
            steps += 1
    assert asked > 100 and found > 10, (asked, found)


@pytest.mark.parametrize("kind", ["may", "response", "story_effect", "token", "icon"])
@pytest.mark.parametrize("harm", [False, True])
def test_a_yes_no_question_is_answered_as_its_options_are_valued(full_pool, kind, harm):
    """Yes, unless a harmful response or story effect: what ``_best_option`` makes of two
    options that name no card."""
    deck = Deck("one")
    deck.add(full_pool.card(sorted(full_pool.by_card)[0]), 3)
    game = Game.new(deck, seed=1)
    policy = GreedyPolicy()
    choice = yes_no(kind, "do it")._replace(harm=harm)
    long_way = (
        choice.options[-1 if harm else 0]
        if kind in ("response", "story_effect")
        else policy._best_option(game, choice, choice.options, kind)
    )
    assert policy.decide(game, choice) == long_way
