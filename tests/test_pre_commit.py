"""Events whose character may commit (``ai = "before_commits"``: Devoured by Shadow, Dhole
Attack!, Intervention, Night Class) are played by the automatic player at the start of the
story phase, before it commits, step by step as in a batch; the character then commits."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import COMMIT, PLAY
from deckbuilder.engine.game import STORY, Game
from deckbuilder.engine.greedy_policy import GreedyPolicy


def _position(full_pool):
    deck = Deck("pre-commit")
    devoured, assistant = full_pool.card("AoA-068"), full_pool.card("Core-029")
    deck.add(devoured, 5)
    deck.add(assistant, 3)
    game = Game.arranged(
        deck,
        hand=[devoured],
        domains=[[devoured, devoured, devoured], [], []],
        characters=[assistant],
        phase=STORY,
    )
    return game, next(i for i in game.you.hand if game.card(i).card_id == "AoA-068")


def test_the_event_is_played_before_the_commits_and_its_character_commits(full_pool):
    game, devoured = _position(full_pool)
    policy = GreedyPolicy()
    first = policy.choose(game)
    assert first.kind == PLAY and first.card == devoured
    game.apply(first)
    assert devoured in game.you.characters
    commits = []
    while game.phase == STORY and game.choice is None:
        a = policy.choose(game)
        if a.kind != COMMIT:
            break
        commits.append(a.card)
        game.apply(a)
    assert devoured in commits  # the 2-skill Monster joins a story


def test_pre_commit_offers_it_once(full_pool):
    game, devoured = _position(full_pool)
    policy = GreedyPolicy()
    a = policy.pre_commit(game)
    assert a is not None and a.card == devoured
    game.apply(a)
    assert policy.pre_commit(game) is None  # played: the policy moves on to its commits


def test_a_batch_game_commits_the_character_the_event_brought(full_pool):
    game, devoured = _position(full_pool)
    game.log = []
    game.run(GreedyPolicy())
    texts = [e.text for e in game.log if e.turn == 2 and e.phase == STORY]
    assert any("Devoured by Shadow enters play as a character" in t for t in texts)
    assert any("Devoured by Shadow committed" in t for t in texts), texts
