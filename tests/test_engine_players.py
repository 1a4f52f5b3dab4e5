"""Two players at the table: ``you`` with the deck and the goldfish opponent with no cards;
card text names players relative to its controller and is resolved against them at play."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.game import OPERATIONS, Game
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import EFFECT


@pytest.fixture(scope="module")
def deck(full_pool) -> Deck:
    cards = [full_pool.card(i) for i in sorted(full_pool.by_card)]
    characters = [c for c in cards if c.type == "Character" and c.era == "LCG"][:12]
    deck = Deck("players")
    for card in characters:
        deck.add(card, 3)
    return deck


def run(game: Game, effect, src: int) -> None:
    """Run an effect to its end, taking the first option of any choice."""
    gen = effect(game, src, None)
    choice = next(gen, None)
    while choice is not None:
        try:
            choice = gen.send(choice.options[0])
        except StopIteration:
            break


def test_a_game_holds_you_with_the_deck_and_an_opponent_with_no_cards(deck):
    game = Game.new(deck, seed=1)
    you, opponent = game.players
    assert (you, opponent) == (game.you, game.opponent)
    assert len(you.hand) == 8 and you.deck_count() == 36 - 8
    assert opponent.deck_count() == 0 and not (opponent.hand or opponent.characters)
    # Stories are shared; each player has tokens and committed characters on each slot.
    assert len(opponent.tokens) == len(you.tokens) == len(game._stories) == 3
    assert opponent.committed == [[], [], []]


def test_names_of_players_are_relative_to_the_controller(deck):
    game = Game.new(deck, seed=1)
    src = game.you.hand[0]
    assert game.players_named("you", src) == (game.you,)
    assert game.players_named("opponent", src) == (game.opponent,)
    assert game.players_named("each", src) == (game.you, game.opponent)


def test_each_player_draws_and_the_empty_opponent_does_not_lose(deck):
    game = Game.arranged(deck, phase=OPERATIONS)
    src = game.you.deck_cards[0]
    hand = len(game.you.hand)
    run(game, EFFECT.build("draw", {"n": 2, "player": "each"}, "test", "test"), src)
    assert len(game.you.hand) == hand + 2
    assert game.opponent.hand == [] and not game.is_over


def test_effects_on_the_opponent_act_on_its_zones(deck):
    """An opponent with cards (moved from your deck for the test) draws and discards what
    the text says, and your zones are untouched."""
    game = Game.arranged(deck, phase=OPERATIONS)
    src = game.you.deck_cards.pop()
    for _ in range(5):
        game.opponent.deck_cards.append(game.you.deck_cards.pop())
    hand, pile = list(game.you.hand), game.you.deck_count()
    run(game, EFFECT.build("draw", {"n": 2, "player": "opponent"}, "test", "test"), src)
    assert len(game.opponent.hand) == 2 and game.opponent.deck_count() == 3
    run(game, EFFECT.build("discard_top", {"n": 1, "player": "each"}, "test", "test"), src)
    assert len(game.opponent.discard) == 1 and game.opponent.deck_count() == 2
    assert game.you.deck_count() == pile - 1 and len(game.you.discard) == 1
    run(
        game, EFFECT.build("discard_from_hand", {"n": 1, "player": "opponent"}, "test", "test"), src
    )
    assert len(game.opponent.hand) == 1 and len(game.opponent.discard) == 2
    assert game.you.hand == hand


def test_the_controller_filter_tells_your_cards_from_the_opponents(deck):
    game = Game.arranged(deck, characters=[deck.draw[0].card, deck.draw[1].card])
    mine, theirs = game.you.characters
    game._remove_character(theirs)
    game.opponent.characters.append(theirs)
    game.opponent.status[theirs] = 0
    yours = compile_filter({"controller": "you"}, "test")
    opponents = compile_filter({"controller": "opponent"}, "test")
    assert yours(game, mine, mine) and not yours(game, mine, theirs)
    assert opponents(game, mine, theirs) and not opponents(game, mine, mine)


def test_a_count_of_his_own_cards_is_counted_for_each_player(deck):
    """ "Each player draws until he has 8 cards in hand": a count with whose = "acting" is
    the drawing player's own."""
    game = Game.arranged(deck, phase=OPERATIONS)
    src = game.you.deck_cards.pop()
    for _ in range(10):
        game.opponent.deck_cards.append(game.you.deck_cards.pop())
    game.opponent.hand.append(game.opponent.deck_cards.pop())  # the opponent holds 1 card
    n = {"count": {}, "in": "hand", "times": -1, "plus": 8, "whose": "acting"}
    run(game, EFFECT.build("draw", {"n": n, "player": "each"}, "test", "test"), src)
    assert len(game.you.hand) == 8 and len(game.opponent.hand) == 8
    # Without "acting" the count is the controller's: the opponent draws as many as you did.
    game = Game.arranged(deck, phase=OPERATIONS)
    src = game.you.deck_cards.pop()
    for _ in range(10):
        game.opponent.deck_cards.append(game.you.deck_cards.pop())
    n = {"count": {}, "in": "hand", "times": -1, "plus": 8}
    run(game, EFFECT.build("draw", {"n": n, "player": "each"}, "test", "test"), src)
    assert len(game.you.hand) == 8 and len(game.opponent.hand) == 0  # you hold 8 by then


def test_a_target_in_each_players_discard_pile_needs_one_in_the_opponents_too(deck):
    """ "Choose one character from each player's discard pile" (Opening the Limbo Gate): no
    such effect while a player's pile has no character (FAQ 1.5), the goldfish's included."""
    from deckbuilder.engine.text.values import compile_condition

    game = Game.arranged(deck, phase=OPERATIONS)
    src = game.you.deck_cards.pop()
    each = compile_condition(
        {"exists": {"in": "discard", "type": "character", "whose": "each"}}, "test"
    )
    game.you.discard.append(game.you.deck_cards.pop())  # the test deck is all characters
    assert not each(game, src, None)
    game.opponent.discard.append(game.you.deck_cards.pop())
    assert each(game, src, None)
    game.you.discard.clear()
    assert not each(game, src, None)
