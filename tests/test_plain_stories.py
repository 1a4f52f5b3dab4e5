"""Keywords only, a batch resolves its stories by ``PlainStoriesMixin``: the same games as the
ruled resolution (``StoryMixin._resolve_stories``), conspiracies and arcane choices
included."""

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
from deckbuilder.engine.plain_stories import PlainStoriesMixin
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


def test_plain_resolution_plays_the_games_of_the_ruled_one(full_pool, monkeypatch):
    boards = {}  # game -> its board after each story phase
    on_conspiracy = 0  # characters the plain resolution found committed to a conspiracy
    end_turn = TurnMixin._end_turn

    def recorded(game):
        boards.setdefault(game, []).append(board(game))
        end_turn(game)

    plain = PlainStoriesMixin._resolve_stories_plain

    def counted(game):
        nonlocal on_conspiracy
        for sid, committed in zip(game._stories, game.you.committed, strict=True):
            on_conspiracy += len(committed) if sid >= CONSPIRACY_BASE else 0
        plain(game)

    monkeypatch.setattr(TurnMixin, "_end_turn", recorded)
    monkeypatch.setattr(PlainStoriesMixin, "_resolve_stories_plain", counted)
    for deck in keyword_decks(full_pool, 8):
        cd = compile_deck(deck, False)
        assert deck_facts(cd).keywords_resolution
        for seed in range(40):
            fast = Game.new(cd, seed=seed, log=False).run(GreedyPolicy())
            ruled = Game.new(cd, seed=seed, log=False)
            ruled.facts = copy.copy(ruled.facts)
            ruled.facts.keywords_resolution = False  # the ruled resolution
            ruled.run(GreedyPolicy())
            assert boards.pop(fast) == boards.pop(ruled), (deck.name, seed)
            assert board(fast) == board(ruled)
    assert on_conspiracy > 200


@pytest.mark.parametrize("text, logged", [(True, False), (False, True)])
def test_card_text_or_a_log_keeps_the_ruled_resolution(full_pool, monkeypatch, text, logged):
    def refuse(game):
        raise AssertionError("plain resolution used")

    monkeypatch.setattr(PlainStoriesMixin, "_resolve_stories_plain", refuse)
    cd = compile_deck(keyword_decks(full_pool, 1)[0], text)
    for seed in range(10):
        Game.new(cd, seed=seed, log=logged).run(GreedyPolicy())
