"""The story-win templates of The Shifting Sands (its stories never
sit in the Core story slots a scenario can arrange): each effect driven directly."""

from __future__ import annotations

from test_card_scenarios import build

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.text.effect_list import compile_effects


def _run(game, spec, story=-1):
    gen = compile_effects(spec, "test")(game, -1, AbilityContext(story=story))
    try:
        choice = next(gen)
        while True:
            choice = gen.send(choice.options[0])
    except StopIteration:
        pass


def _ids(game, zone):
    return sorted(game.card(i).card_id for i in zone)


def test_committed_here_sacrifices_the_characters_of_that_story(full_pool):
    game = build(full_pool, {"card": "Core-029", "characters": ["Core-029", "Core-008"]})
    a, b = game.you.characters
    game.you.committed[0].append(a)
    _run(game, {"do": "committed_here", "action": "sacrifice"}, story=0)
    assert game.you.characters == [b] and a in game.you.discard


def test_committed_here_returns_the_characters_to_hand(full_pool):
    game = build(full_pool, {"card": "Core-029", "characters": ["Core-029"]})
    a = game.you.characters[0]
    game.you.committed[1].append(a)
    _run(game, {"do": "committed_here", "action": "to_hand"}, story=1)
    assert game.you.characters == [] and game.you.hand == [a]


def test_redraw_hand_draws_as_many_plus_extra(full_pool):
    game = build(full_pool, {"card": "Core-029", "hand": ["Core-008", "Core-008"]})
    size = game.deck_size
    _run(game, {"do": "redraw_hand", "extra": 1})
    assert len(game.you.hand) == 3 and game.deck_size == size - 1


def test_swap_domain_resources(full_pool):
    game = build(full_pool, {"card": "Core-029", "domains": [["Core-008", "Core-008"], [], []]})
    size = game.deck_size
    _run(game, {"do": "swap_domain_resources"})
    assert _ids(game, game.you.hand) == ["Core-008", "Core-008"]
    assert len(game.you.domains[0]) == 2 and game.deck_size == size - 2
    assert game.you.dom_value[0] == 2


def test_search_copies_into_play(full_pool):
    game = build(full_pool, {"card": "Core-008", "characters": ["Core-008"]})
    _run(game, {"do": "search_copies_into_play", "filter": {"type": "character", "unique": False}})
    assert _ids(game, game.you.characters).count("Core-008") >= 3


def test_top_to_bottom_moves_chosen_cards(full_pool):
    game = build(full_pool, {"card": "Core-029"})
    top = game._peek(3)
    _run(game, {"do": "top_to_bottom", "n": 3})
    assert game.you.bottom and set(game.you.bottom) <= set(top)


def test_shuffle_into_deck(full_pool):
    game = build(full_pool, {"card": "Core-029", "characters": ["Core-008"]})
    size = game.deck_size
    _run(game, {"do": "shuffle_into_deck", "filter": {"type": "character"}})
    assert game.you.characters == [] and game.deck_size == size + 1 and not game.you.discard


def test_unwin_story(full_pool):
    game = build(full_pool, {"card": "Core-029"})
    game.you.won.append(5)
    _run(game, {"do": "unwin_story"})
    assert game.you.won == [] and 5 in game._story_deck


def test_redistribute_tokens(full_pool):
    game = build(full_pool, {"card": "Core-029", "tokens": [3, 3, 0]})
    _run(game, {"do": "redistribute_tokens"})
    assert sum(game.you.tokens) == 6 and max(game.you.tokens) <= 4


def test_exchange_hand_resources(full_pool):
    game = build(
        full_pool,
        {"card": "Core-029", "hand": ["Core-008"], "domains": [["Core-029"], [], []]},
    )
    _run(game, {"do": "exchange_hand_resources"})
    assert _ids(game, game.you.hand) == ["Core-029"]
    assert _ids(game, game.you.domains[0]) == ["Core-008"]


def test_rearrange_stories_keeps_tokens(full_pool):
    game = build(full_pool, {"card": "Core-029", "tokens": [2, 0, 0]})
    before = list(game._stories)
    gen = compile_effects({"do": "rearrange_stories", "swaps": 1}, "t")(game, -1, AbilityContext())
    choice = next(gen)
    try:
        gen.send(choice.options[1])  # swap slots 1 and 2
    except StopIteration:
        pass
    assert game._stories == [before[1], before[0], before[2]] and game.you.tokens[0] == 2


def test_shuffle_self_into_deck(full_pool):
    game = build(full_pool, {"card": "Core-029", "discard": ["TSS-020"]})
    stone = game.you.discard[0]
    size = game.deck_size
    gen = compile_effects({"do": "shuffle_self_into_deck"}, "t")(game, stone, AbilityContext())
    for _ in gen:
        pass
    assert game.you.discard == [] and game.deck_size == size + 1
