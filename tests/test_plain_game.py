"""Keywords only, a batch plays by ``PlainGameMixin`` (its turn sequence and story
resolution written out): the same games as the rules (``Game.run``), turn by turn, with the
greedy and the random player, conspiracies and arcane choices included."""

from __future__ import annotations

import copy
import random

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import CONSPIRACY_BASE
from deckbuilder.engine.cards import compile_deck
from deckbuilder.engine.deck_facts import deck_facts
from deckbuilder.engine.game import Game
from deckbuilder.engine.greedy_policy import GreedyPolicy
from deckbuilder.engine.plain_game import PlainGameMixin
from deckbuilder.engine.random_policy import RandomPolicy
from deckbuilder.engine.turn import TurnMixin


def keyword_decks(pool, n: int) -> list[Deck]:
    """``n`` 50-card decks of cheap characters, with conspiracies (stories of their own that
    print their icons and tokens to win), and no icon booster (which a story resolves by the
    rules)."""
    cards = sorted(
        (pool.card(i) for i in pool.by_card if pool.card(i).type in ("Character", "Conspiracy")),
        key=lambda c: c.card_id,
    )
    characters = [c for c in cards if c.type == "Character" and (c.cost or 0) <= 3]
    conspiracies = [c for c in cards if c.type == "Conspiracy"]
    decks = []
    seed = 0
    while len(decks) < n:
        seed += 1
        rng = random.Random(seed)
        deck = Deck(f"keywords {seed}")
        for card in rng.sample(conspiracies, 3):
            deck.add(card, 3)
        for card in rng.sample(characters, 41):
            deck.add(card, 1)
        if not compile_deck(deck, False).any_boosters:
            decks.append(deck)
    return decks


def board(game: Game) -> tuple:
    """What a story phase leaves: the stories, tokens and won pile, every character's state,
    the hand and the discard pile."""
    you = game.you
    return (
        game.result,
        game.turn,
        tuple(game._stories),
        tuple(you.won),
        tuple(you.tokens),
        tuple(sorted(you.status.items())),
        tuple(you.discard),
        tuple(you.hand),
    )


@pytest.mark.parametrize("policy", [GreedyPolicy, RandomPolicy])
def test_the_plain_game_plays_the_games_of_the_rules(full_pool, monkeypatch, policy):
    boards = {}  # game -> its board at the end of each turn
    on_conspiracy = 0  # characters the plain resolution found committed to a conspiracy
    end_turn, end_turn_plain = TurnMixin._end_turn, PlainGameMixin._end_turn_plain

    def recorded(game):
        boards.setdefault(game, []).append(board(game))
        end_turn(game)

    def recorded_plain(game):
        boards.setdefault(game, []).append(board(game))
        end_turn_plain(game)

    plain = PlainGameMixin._resolve_stories_plain

    def counted(game):
        nonlocal on_conspiracy
        for sid, committed in zip(game._stories, game.you.committed, strict=True):
            on_conspiracy += len(committed) if sid >= CONSPIRACY_BASE else 0
        plain(game)

    monkeypatch.setattr(TurnMixin, "_end_turn", recorded)
    monkeypatch.setattr(PlainGameMixin, "_end_turn_plain", recorded_plain)
    monkeypatch.setattr(PlainGameMixin, "_resolve_stories_plain", counted)
    turns = 0
    for deck in keyword_decks(full_pool, 8):
        cd = compile_deck(deck, False)
        assert deck_facts(cd).plain_game
        for seed in range(40):
            # Second player too, and a turn cap that ends some games.
            rules = dict(first_player=seed % 2 == 0, turn_cap=2 if seed % 5 == 0 else 25)
            fast = Game.new(cd, seed=seed, log=False, **rules).run(policy())
            ruled = Game.new(cd, seed=seed, log=False, **rules)
            ruled.facts = copy.copy(ruled.facts)
            ruled.facts.plain_game = False  # by the rules
            ruled.run(policy())
            assert boards[fast] == boards.pop(ruled), (deck.name, seed)
            assert board(fast) == board(ruled)
            turns += len(boards.pop(fast))
    assert on_conspiracy > 100
    assert turns > 8 * 40 * 2  # about 3 turns a game: the greedy player wins fast


@pytest.mark.parametrize("text, logged", [(True, False), (False, True)])
def test_card_text_or_a_log_keeps_the_rules(full_pool, monkeypatch, text, logged):
    def refuse(game, policy):
        raise AssertionError("plain game played")

    monkeypatch.setattr(PlainGameMixin, "_run_plain", refuse)
    cd = compile_deck(keyword_decks(full_pool, 1)[0], text)
    for seed in range(10):
        Game.new(cd, seed=seed, log=logged).run(GreedyPolicy())


def test_an_insane_character_is_restored_as_by_the_rules(full_pool):
    deck = keyword_decks(full_pool, 1)[0]
    characters = [e.card for e in deck.draw if e.card.type == "Character"][:3]
    games = []
    for plain in (True, False):
        game = Game.arranged(
            deck,
            characters=[(characters[0], "insane"), (characters[1], "exhausted"), characters[2]],
            text=False,
        )
        game.log = None
        game.facts = copy.copy(game.facts)
        game.facts.plain_game = plain
        game.run(GreedyPolicy())
        games.append(board(game))
    assert games[0] == games[1]
