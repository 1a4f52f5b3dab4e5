"""Invariants of the goldfish engine under random play, and setup hands against the exact
hypergeometric odds."""

from __future__ import annotations

import math
import random

from conftest import make_card
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckbuilder.deck import Deck
from deckbuilder.engine.abilities import NO_REPLACEMENT
from deckbuilder.engine.cards import CORE_STORIES, N_FACTIONS
from deckbuilder.engine.game import CONSPIRACY_BASE, Game
from deckbuilder.engine.policies import get_policy
from deckbuilder.engine.text.load import load_set
from deckbuilder.odds import setup_hand_facts

FACTIONS = ("Cthulhu", "Miskatonic University", "Neutral")


@st.composite
def cards(draw, n: int, types=("Character", "Support", "Event", "Conspiracy")):
    faction = draw(st.sampled_from(FACTIONS))
    x = draw(st.booleans()) and draw(st.booleans()) and draw(st.booleans())
    keywords = tuple(draw(st.sets(st.sampled_from(["Loyal", "Heroic", "Villainous"]))))
    steadfast = ()
    if faction != "Neutral" and draw(st.booleans()):
        steadfast = ((faction, draw(st.integers(1, 2))),)
    return make_card(
        f"Card {n}",
        id=f"H-{n}",
        type=draw(st.sampled_from(types)),
        faction=faction,
        cost=None if x else draw(st.integers(0, 4)),
        cost_is_x=x,
        skill=draw(st.integers(0, 3)),
        terror=draw(st.integers(0, 1)),
        combat=draw(st.integers(0, 1)),
        arcane=draw(st.integers(0, 1)),
        investigation=draw(st.integers(0, 2)),
        keywords=keywords,
        steadfast=steadfast,
        transient=draw(st.booleans()),
        unique=draw(st.booleans()),
    )


@st.composite
def decks(draw, types=("Character", "Support", "Event", "Conspiracy")):
    deck = Deck("hypothesis")
    for n in range(draw(st.integers(1, 14))):
        deck.add(draw(cards(n, types)), draw(st.integers(1, 3)))
    filler = make_card("Filler", id="H-filler", type="Event", faction="Neutral", cost=1)
    deck.add(filler, draw(st.integers(0, 30)))
    return deck


def check_invariants(game: Game) -> None:
    zones = game.zones()
    everything = sorted(i for zone in zones.values() for i in zone)
    assert everything == list(range(game.deck.size)), "a card was created or lost"
    assert set(game.you.status) == set(game.characters)
    # Stories: 3 Core stories (+ the conspiracy), each Core story exactly once somewhere.
    conspiracies = [s for s in game._stories if s >= CONSPIRACY_BASE]
    assert len(conspiracies) == (1 if zones["conspiracy"] else 0)
    if not game.is_over:
        if NO_REPLACEMENT in game.deck.static_kinds:  # Cave Mouth: won stories may stay gone
            assert 1 <= len(game._stories) <= 3 + len(conspiracies)
        else:
            assert len(game._stories) == 3 + len(conspiracies)
    core = [s for s in game._stories + game.you.won + game._story_deck if s < CONSPIRACY_BASE]
    assert sorted(core) == list(range(len(CORE_STORIES)))
    for view in game.stories:
        # A story at its threshold waits for its effect to be executed or declined.
        assert 0 <= view.tokens < view.to_win or game.is_over or game.choice is not None
        assert set(view.committed) <= set(game.characters)
    assert len(game.won) <= 3
    assert (game.result == "win") == (len(game.won) == 3)
    # Domain bookkeeping matches the resources attached.
    cd = game.deck
    fac_count = [0] * N_FACTIONS
    for d, resources in enumerate(game.domains):
        kinds = [cd.kind_of[i] for i in resources]
        assert game.domain_value(d) == sum(2 if cd.transient[k] else 1 for k in kinds)
        for k in kinds:
            fac_count[cd.faction[k]] += 1
    assert game.you.fac_count == fac_count
    assert game.turn <= game.turn_cap


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=decks(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_play_keeps_every_invariant(deck, seed, choices):
    rng = random.Random(choices)
    game = Game.new(deck, seed=seed, first_player=rng.random() < 0.5, turn_cap=8)
    check_invariants(game)
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "a game that is not over always has a legal action"
        game.apply(rng.choice(actions))
        check_invariants(game)
        steps += 1
        assert steps < 5000
    assert game.result in {"win", "deck_out", "turn_cap"}


@settings(max_examples=40, deadline=None)
@given(deck=decks(types=("Support", "Event", "Conspiracy")), seed=st.integers(0, 2**32))
def test_a_deck_without_characters_never_wins(deck, seed):
    for policy in ("greedy", "random"):
        game = Game.new(deck, seed=seed, turn_cap=30).run(get_policy(policy))
        assert game.result != "win"
        check_invariants(game)


@settings(max_examples=30, deadline=None)
@given(deck=decks(), seed=st.integers(0, 2**32))
def test_policies_only_make_legal_moves(deck, seed):
    for name in ("greedy", "random"):
        policy = get_policy(name)
        game = Game.new(deck, seed=seed, turn_cap=10)
        while not game.is_over:
            game.apply(policy.choose(game))  # apply refuses anything not legal
        check_invariants(game)


def test_simulated_setup_hands_agree_with_the_exact_odds():
    deck = Deck("odds")
    for n, faction in enumerate(("Cthulhu", "Cthulhu", "Miskatonic University", "Neutral")):
        deck.add(make_card(f"Char {n}", id=f"O-{n}", faction=faction, cost=n), 3)
    deck.add(make_card("Prop", id="O-prop", type="Support", faction="Hastur", cost=2), 2)
    deck.add(make_card("Trick", id="O-ev", type="Event", faction="Neutral", cost=1), 36)
    facts = {f.key: f.probability for f in setup_hand_facts(deck)}
    games = 4000
    hits = dict.fromkeys(facts, 0)
    for seed in range(games):
        game = Game.new(deck, seed=seed, log=False)
        hand = [game.card(i) for i in game.hand]
        characters = [c for c in hand if c.type == "Character"]
        factions = {c.faction for c in hand}
        hits["character"] += bool(characters)
        hits["two_characters"] += len(characters) >= 2
        hits["early_character"] += any(c.cost <= 2 for c in characters)
        for key in facts:
            if key.startswith("resource:") and key != "resource:all":
                hits[key] += key.split(":", 1)[1] in factions
        hits["resource:all"] += {"Cthulhu", "Miskatonic University", "Hastur"} <= factions
    for key, p in facts.items():
        observed = hits[key] / games
        tolerance = 4.5 * math.sqrt(p * (1 - p) / games) + 1e-9
        assert abs(observed - p) <= tolerance, (key, observed, p)


CORE_WITH_TEXT = sorted(
    key for key, entry in load_set("Core").items() if entry.simulated and entry.abilities
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    picks=st.lists(st.sampled_from(CORE_WITH_TEXT), min_size=3, max_size=12, unique=True),
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
)
def test_random_play_with_card_abilities_keeps_every_invariant(full_pool, picks, seed, choices):
    """Real Core cards with their abilities, every legal action (plays, abilities, choices
    inside effects) picked at random: no card is created or lost, nothing illegal passes."""
    deck = Deck("abilities")
    for cid in picks:
        deck.add(full_pool.card(cid), 3)
    for cid in ("Core-029", "Core-010", "Core-112", "Core-132", "Core-064"):
        deck.add(full_pool.card(cid), 3)
    rng = random.Random(choices)
    game = Game.new(deck, seed=seed, first_player=rng.random() < 0.5, turn_cap=8)
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "a game that is not over always has a legal action"
        game.apply(rng.choice(actions))
        check_invariants(game)
        steps += 1
        assert steps < 5000
    assert game.result in {"win", "deck_out", "turn_cap"}
