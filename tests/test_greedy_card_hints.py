"""The automatic player plays the story-phase events "before characters are committed"
(ai = "before_commits": With a Fine Toothed Comb, Beneath the Surface,
Drunken Hallucinations, Under the Microscope) and uses the exhaust-to-boost characters left
uncommitted (Obsessive Sycophant, Lecturing Historian)."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import PLAY
from deckbuilder.engine.game import STORY, Game
from deckbuilder.engine.greedy_policy import GreedyPolicy


def _game(full_pool, hand=(), characters=("Core-029", "Core-029"), phase=STORY):
    deck = Deck("card hints")
    for cid in set(hand) | set(characters):
        deck.add(full_pool.card(cid), 3)
    filler = full_pool.card("Core-029")
    deck.add(filler, 30)
    return Game.arranged(
        deck,
        hand=[full_pool.card(c) for c in hand],
        domains=[[filler] * 4, [filler] * 2, [filler]],
        characters=[full_pool.card(c) for c in characters],
        phase=phase,
        first_player=False,
    )


@pytest.mark.parametrize("event", ["THBtS-039", "THBtS-038", "TSC-050"])
def test_a_before_commits_event_is_played_first(full_pool, event):
    game = _game(full_pool, hand=[event])
    first = GreedyPolicy().choose(game)
    assert first.kind == PLAY and game.card(first.card).card_id == event


def test_under_the_microscope_waits_for_an_investigation_icon(full_pool):
    # No character with an (I) icon may commit: no (I) struggle to win, nothing to ready.
    game = _game(full_pool, hand=["TSC-050"], characters=["Core-091"])
    first = GreedyPolicy().choose(game)
    assert not (first.kind == PLAY and game.card(first.card).card_id == "TSC-050")


def test_drunken_hallucinations_waits_for_the_story_phase(full_pool):
    game = _game(full_pool, hand=["TSC-053", "Core-091"], phase="operations")
    policy = GreedyPolicy()
    seen = []
    while game.phase in ("operations", STORY) and len(seen) < 30:
        a = policy.decide(game, game.choice) if game.choice is not None else policy.choose(game)
        seen.append((game.phase, game.describe(a)))
        game.apply(a)
    assert not any(p == "operations" and "Drunken" in d for p, d in seen), seen
    assert any(p == STORY and "commit Ghost" in d for p, d in seen), seen


@pytest.mark.parametrize("card", ["TBJ-053", "TGS-089"])
def test_an_uncommitted_booster_is_used_after_the_commits(full_pool, card):
    game = _game(full_pool, characters=[card, "TBJ-056", "Core-029", "Core-029", "Core-029"])
    seen = _story_phase(game)
    title = full_pool.card(card).title.split(",")[0]
    assert any(d.startswith(title + ":") for d in seen), seen


@pytest.mark.parametrize(("characters", "played"), [((), False), (("IT-106",), True)])
def test_doppelganger_is_played_only_with_a_character_to_copy(full_pool, characters, played):
    # "When you play Doppelganger from your hand, choose ...": no target, no play (FAQ 1.5).
    game = _game(full_pool, hand=["TWB-079"], characters=characters, phase="operations")
    first = GreedyPolicy().choose(game)
    assert first in game.legal_actions()
    assert (first.kind == PLAY and game.card(first.card).card_id == "TWB-079") == played


def _story_phase(game):
    """The greedy player's moves through the story phase, described."""
    policy = GreedyPolicy()
    seen = []
    while game.phase == STORY and len(seen) < 30:
        a = policy.decide(game, game.choice) if game.choice is not None else policy.choose(game)
        seen.append(game.describe(a))
        game.apply(a)
    return seen


def _arranged(full_pool, hand=(), characters=(), supports=()):
    deck = Deck("ai_when")
    filler, hastur = full_pool.card("Core-029"), full_pool.card("MoE-026")
    deck.add(filler, 30)
    deck.add(hastur, 3)  # a Hastur resource pays for The Yellow Sign
    for cid in {*hand, *supports, *(c if isinstance(c, str) else c[0] for c in characters)}:
        deck.add(full_pool.card(cid), 3)
    return Game.arranged(
        deck,
        hand=[full_pool.card(c) for c in hand],
        domains=[[hastur] + [filler] * 3, [filler] * 2, [filler]],
        characters=[
            full_pool.card(c) if isinstance(c, str) else (full_pool.card(c[0]), c[1])
            for c in characters
        ],
        supports=[full_pool.card(c) for c in supports],
        phase=STORY,
        first_player=False,
    )


@pytest.mark.parametrize("student", ["ready", "exhausted"])
def test_chem_lab_waits_for_a_committed_student(full_pool, student):
    # ai_when: the text lets a person use it with no Student committed (tsc scenarios).
    game = _arranged(full_pool, characters=[("SoK-003", student), "Core-029"], supports=["TSC-051"])
    seen = _story_phase(game)
    used = any("Chem Lab" in d for d in seen)
    assert used == (student == "ready"), seen


@pytest.mark.parametrize("others", ["ready", "exhausted"])
def test_the_yellow_sign_goes_to_a_committed_character(full_pool, others):
    # ai_when and ai_filter: the text lets a person choose any character (tsc scenarios).
    game = _arranged(
        full_pool,
        hand=["TSC-047"],
        characters=[("Core-029", others), ("Core-029", others), ("Core-010", "exhausted")],
    )
    boosts = []
    policy = GreedyPolicy()
    game._policy = policy  # the batch path (``Game.run``): choices in effects answered at once
    while game.phase == STORY and len(boosts) < 30:
        a = policy.decide(game, game.choice) if game.choice is not None else policy.choose(game)
        boosts.append(game.describe(a))
        game.apply(a)
        for i, _, icons in game._temp:
            if icons == (3, 0, 1, 0) and "boosted" not in boosts:  # just played
                assert game.committed_story(i) >= 0
                boosts.append("boosted")
    assert ("boosted" in boosts) == (others == "ready"), boosts


def test_parallel_universe_is_attached_to_a_story_not_played_as_a_support(full_pool):
    # Its only text works from hand (attach to a story): played as a support it does nothing.
    game = _game(full_pool, hand=["TTftS-098"], phase="operations")
    first = GreedyPolicy().choose(game)
    assert first in game.legal_actions()
    assert not (first.kind == PLAY and game.card(first.card).card_id == "TTftS-098")
    seen = _story_phase(_game(full_pool, hand=["TTftS-098"]))
    assert any(d.startswith("Parallel Universe:") for d in seen), seen


def test_aziz_chatuluka_is_not_sacrificed_for_an_ancient_one_that_cannot_commit(full_pool):
    # The Ancient One goes back on the deck at the end of the phase, and the greedy player
    # has no action window before its commits: Aziz and every domain would be lost for nothing.
    game = _game(full_pool, hand=["Core-042"], characters=["TSS-015"], phase="operations")
    seen = []
    policy = GreedyPolicy()
    while game.phase == "operations" and len(seen) < 30:
        a = policy.decide(game, game.choice) if game.choice is not None else policy.choose(game)
        seen.append(game.describe(a))
        game.apply(a)
    seen += _story_phase(game)
    assert not any(d.startswith("Aziz Chatuluka:") for d in seen), seen


@pytest.mark.parametrize(("others", "used"), [(("Core-042",), True), ((), False)])
def test_magarta_kiss_pays_x_only_for_an_ancient_one_in_the_deck(full_pool, others, used):
    # An X cost is paid with the largest domain, only when its ai_when holds (an Ancient One
    # in the deck: the other copies of Dagon).
    game = _game(full_pool, characters=["TSS-021", *others], phase="operations")
    first = GreedyPolicy().choose(game)
    assert first in game.legal_actions()
    described = game.describe(first)
    assert described.startswith("Magarta Kiss:") == used, described
    if used:
        assert "X=4" in described, described
