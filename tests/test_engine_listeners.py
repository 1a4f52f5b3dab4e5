"""The listener tables: a card's triggered abilities are registered when it enters play and
removed when it leaves, so that an event reaches exactly the cards in play that answer it."""

from __future__ import annotations

import random

import pytest
from conftest import ability_cards_sample

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import CONSPIRACY_BASE
from deckbuilder.engine.game import Game
from deckbuilder.engine.text.load import abilities_of


def registered_as_scanned(game: Game) -> None:
    """Each table names the cards of its zone whose text answers the trigger, in zone order."""
    cd = game.deck
    for trigger, per_kind in cd.by_trigger.items():
        for zone, table in (
            (game.you.characters, game.you.character_listeners),
            (game.you.supports, game.you.support_listeners),
        ):
            expected = [i for i in zone if per_kind[cd.kind_of[i]]]
            assert table.get(trigger, []) == expected, (trigger, game.log[-3:])


def listeners_as_scanned(game: Game) -> None:
    """``_listeners`` (which hands out a table as it is when only cards in play may answer)
    names what a scan of every zone finds, in order."""
    cd, you = game.deck, game.you
    kind_of = cd.kind_of
    for trigger, per_kind in cd.by_trigger.items():
        expected = []
        if cd.any_trigger[trigger]:
            expected = [i for i in you.characters + you.supports if per_kind[kind_of[i]]]
            if you.conspiracy >= 0 and per_kind[kind_of[you.conspiracy]]:
                expected.append(you.conspiracy)
            for i, (k, _, _) in game._copies.items():
                if per_kind[k] and not per_kind[kind_of[i]]:
                    if i in you.status or i in you.supports:
                        expected.append(i)
            if cd.hand_trigger[trigger]:
                expected += [i for i in you.hand if per_kind[kind_of[i]]]
            if cd.top_trigger[trigger] and you.top and per_kind[kind_of[you.top[-1]]]:
                expected.append(you.top[-1])
            if cd.discard_trigger[trigger]:
                expected += [i for i in you.discard if per_kind[kind_of[i]]]
            if cd.won_trigger[trigger]:
                for sid in you.won:
                    if sid >= CONSPIRACY_BASE and per_kind[kind_of[sid - CONSPIRACY_BASE]]:
                        expected.append(sid - CONSPIRACY_BASE)
        assert list(game._listeners(trigger)) == expected, trigger


@pytest.fixture(scope="module")
def many_abilities(full_pool) -> Deck:
    """One copy of each of 450 characters and supports with abilities (cards entering and
    leaving play in every way the pool knows)."""
    return ability_cards_sample(full_pool, "listeners", 5)


@pytest.mark.parametrize("seed", range(12))
def test_listener_tables_follow_cards_in_and_out_of_play(many_abilities, seed):
    game = Game.new(many_abilities, seed=seed, turn_cap=12)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 3000:
        game.apply(rng.choice(game.legal_actions()))
        registered_as_scanned(game)
        listeners_as_scanned(game)
        steps += 1


def test_a_card_that_left_play_no_longer_hears_its_trigger(full_pool):
    """Every character that leaves play takes its listeners with it."""
    deck = Deck("one")
    card = next(
        full_pool.card(i)
        for i in sorted(full_pool.by_card)
        if full_pool.card(i).type == "Character"
        and any(getattr(a, "trigger", None) for a in abilities_of(i) or ())
    )
    deck.add(card, 3)
    game = Game.arranged(deck, characters=[card, card])
    first, second = game.you.characters
    triggers = game.deck.triggers_of[game.deck.kind_of[first]]
    assert triggers and all(game._listeners(t)[:2] == [first, second] for t in triggers)
    game._leave_play(first)
    assert all(first not in game._listeners(t) for t in triggers)
    assert all(second in game._listeners(t) for t in triggers)
