"""Game events answered by card text (``text/vocab_events.py``): the cases a scenario cannot
set up (a known card drawn, an event of a kind no simulated card has), and the events'
cost when no card of the deck answers them."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    CARD_DRAWN,
    EVENT_PLAYED,
    HAND_DISCARDED,
    TOKENS_PLACED,
    TRIGGERS,
    AbilityContext,
)
from tests.test_card_scenarios import build, step


def _instance(game, cid, zone):
    return next(i for i in zone if game.card(i).card_id == cid)


def test_a_polar_event_played_lets_the_penguin_draw(full_pool):
    # No Polar event is simulated yet: the event is raised as the engine raises it.
    game = build(
        full_pool,
        {"card": "AtMoM-009", "characters": ["AtMoM-009"], "discard": ["AtMoM-019"]},
    )
    polar = _instance(game, "AtMoM-019", game.you.discard)
    penguin = _instance(game, "AtMoM-009", game.you.characters)
    hand = len(game.you.hand)
    game._fire_all(EVENT_PLAYED, AbilityContext(target=polar))
    game._drive(game._resolve_triggers())
    step(game, "yes")
    assert len(game.you.hand) == hand + 1
    assert game.status(penguin) == "exhausted"


def test_professor_morgan_drawn_by_an_effect_enters_play(full_pool):
    game = build(full_pool, {"card": "DD-064", "hand": ["Core-040"], "domains": [["Core-029"] * 3]})
    morgan = _instance(game, "DD-064", game.you.deck_cards)
    game._remove_from_deck(morgan)
    game.you.top.append(morgan)  # the next card drawn
    step(game, "play Core-040")
    step(game, "yes")
    assert morgan in game.you.characters


def test_the_draw_phase_draw_is_not_a_draw_by_an_effect(full_pool):
    game = build(full_pool, {"card": "DD-064"})
    morgan = _instance(game, "DD-064", game.you.deck_cards)
    game._remove_from_deck(morgan)
    game.you.top.append(morgan)
    game._draw_phase()
    assert morgan in game.you.hand
    assert game._choice is None  # no response offered


def test_a_discard_cost_raises_cards_discarded_from_hand(full_pool):
    game = build(full_pool, {"card": "TOotST-017", "characters": ["TOotST-017"]})
    senator = _instance(game, "TOotST-017", game.you.characters)
    game._discarded_from_hand(2)
    assert [(t, src, ctx.x) for t, src, ctx in game._triggers] == [(HAND_DISCARDED, senator, 2)]


def test_tokens_put_by_an_effect_raise_tokens_placed(full_pool):
    game = build(full_pool, {"card": "TSB-044", "characters": ["TSB-044"]})
    society = _instance(game, "TSB-044", game.you.characters)
    list(game._add_token(1, 1))
    assert [(t, src, ctx.story) for t, src, ctx in game._triggers] == [(TOKENS_PLACED, society, 1)]


def test_no_event_is_raised_when_no_card_answers_it(full_pool):
    game = build(
        full_pool, {"card": "Core-029", "hand": ["Core-040"], "domains": [["Core-029"] * 3]}
    )
    for trigger in (EVENT_PLAYED, CARD_DRAWN, HAND_DISCARDED, TOKENS_PLACED):
        assert trigger in TRIGGERS
        assert not game.deck.any_trigger[trigger]
        assert not game.deck.hand_trigger[trigger]
    game._discarded_from_hand(1)
    list(game._add_token(0, 1))
    assert game._triggers == []


def test_zoog_burrow_attaches_a_drawn_zoog_and_may_drain_to_draw(full_pool):
    game = build(
        full_pool,
        {
            "card": "ItDoN-056",
            "supports": ["ItDoN-056"],
            "hand": ["Core-040"],
            "discard": ["SftSK-076"],
            "domains": [["Core-029"] * 3, ["Core-029"], []],
        },
    )
    zoog = _instance(game, "SftSK-076", game.you.deck_cards)
    game._remove_from_deck(zoog)
    game.you.top.append(zoog)  # the first card drawn
    step(game, "play Core-040")
    step(game, "yes")
    step(game, "choose domain 2")
    step(game, "yes")
    assert zoog in game.you.domains[1]
    assert game.you.drained[1]
    assert len(game.you.hand) == 3  # 2 more drawn by the event, 1 by the drain


def test_cards_discarded_from_the_deck_count_per_phase(full_pool):
    # George Rogers answers the 2nd card discarded from a deck in a phase (not a 1st card
    # of each of two phases), once per turn.
    game = build(full_pool, {"card": "WoP-036", "characters": ["WoP-036"]})
    game._set_phase("resource")
    game._deck_discarded()
    game._set_phase("operations")
    game._deck_discarded()
    assert [t[2].x for t in game._triggers] == [1, 1]
    game._drive(game._resolve_triggers())
    assert game._choice is None
    game._deck_discarded()
    game._drive(game._resolve_triggers())
    step(game, "yes")
    assert len(game.you.bottom) == 5  # the top 5 searched (no support), put on the bottom
    game._set_phase("story")
    game._deck_discarded(2)
    assert [t[2].x for t in game._triggers] == [1, 2]
    game._drive(game._resolve_triggers())
    assert game._choice is None  # limit once per turn
