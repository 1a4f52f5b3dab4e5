"""The goldfish engine rule by rule, on hand-made decks and positions."""

from __future__ import annotations

import pytest
from conftest import make_card

from deckbuilder.deck import Deck
from deckbuilder.engine.game import (
    ATTACH,
    COMMIT,
    KEEP,
    MULLIGAN,
    OPERATIONS,
    PASS,
    PLAY,
    RESOURCE,
    SETUP_RESOURCE,
    STORY,
    Action,
    Game,
    IllegalAction,
)
from deckbuilder.engine.policies import get_policy

CTHULHU = "Cthulhu"
MU = "Miskatonic University"


def card(title, **fields):
    fields.setdefault("id", f"T-{title}")
    return make_card(title, **fields)


FILLER = card("Filler Event", type="Event", cost=1, skill=None, faction=CTHULHU)


def deck_of(*entries, filler: int = 0) -> Deck:
    """A deck of (card, count) entries plus ``filler`` copies of a plain event."""
    deck = Deck("test")
    for c, n in entries:
        deck.add(c, n)
    if filler:
        deck.add(FILLER, filler)
    return deck


def plays(game: Game) -> set[tuple[str, int]]:
    """(title, domain) of every legal PLAY."""
    return {(game.card(a.card).title, a.domain) for a in game.legal_actions() if a.kind == PLAY}


def play(game: Game, title: str, domain: int) -> None:
    for a in game.legal_actions():
        if a.kind == PLAY and game.card(a.card).title == title and a.domain == domain:
            game.apply(a)
            return
    raise AssertionError(f"{title} on domain {domain} is not playable: {plays(game)}")


# ------------------------------------------------------------------------------ setup
def test_setup_draws_eight_and_reveals_three_stories():
    deck = deck_of(filler=50)
    game = Game.new(deck, seed=1)
    assert len(game.hand) == 8 and game.deck_size == 42
    assert len(game.stories) == 3 and game.story_deck_size == 7
    assert all(s.tokens == 0 for s in game.stories)
    assert game.domains == ((), (), ())
    assert game.phase == "mulligan"
    assert {a.kind for a in game.legal_actions()} == {KEEP, MULLIGAN}


def test_keep_then_three_resources_one_per_domain_then_first_player_draws_one():
    game = Game.new(deck_of(filler=50), seed=2)
    game.apply(Action(KEEP))
    hand = list(game.hand)
    for i in hand[:3]:
        game.apply(Action(SETUP_RESOURCE, i))
    assert [len(d) for d in game.domains] == [1, 1, 1]
    assert [d[0] for d in game.domains] == hand[:3]
    assert game.turn == 1 and game.phase == RESOURCE
    assert len(game.hand) == 6  # 5 kept + 1 drawn (first player penalty)
    assert game.deck_size == 41


def test_second_player_draws_two_on_turn_one():
    game = Game.new(deck_of(filler=50), seed=2, first_player=False)
    game.apply(Action(KEEP))
    for i in list(game.hand)[:3]:
        game.apply(Action(SETUP_RESOURCE, i))
    assert len(game.hand) == 7 and game.deck_size == 40


def test_one_mulligan_only_and_the_new_hand_must_be_kept():
    game = Game.new(deck_of(filler=50), seed=3)
    game.apply(Action(MULLIGAN))
    assert game.mulligan_taken
    assert len(game.hand) == 8 and game.deck_size == 42
    assert game.phase == "setup-resources"
    assert all(a.kind == SETUP_RESOURCE for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.apply(Action(MULLIGAN))


def test_first_player_skips_the_story_phase_on_turn_one_only():
    char = card("Cheap", cost=0, skill=1)
    game = Game.arranged(deck_of((char, 3), filler=20), hand=[char], turn=1)
    play(game, "Cheap", -1)
    game.apply(Action(PASS))  # end of operations: no story phase on turn 1
    assert game.turn == 2 and game.phase == RESOURCE
    game.apply(Action(PASS))
    game.apply(Action(PASS))
    assert game.phase == STORY


def test_second_player_has_a_story_phase_on_turn_one():
    game = Game.arranged(deck_of(filler=20), turn=1, first_player=False)
    game.apply(Action(PASS))
    assert game.phase == STORY


# ------------------------------------------------------------------------------ refresh
def test_refresh_restores_one_insane_character_exhausted_and_readies_the_rest():
    a, b, c = (card(t) for t in ("A", "B", "C"))
    deck = deck_of((a, 1), (b, 1), (c, 1), filler=20)
    game = Game.arranged(
        deck,
        characters=[(a, "insane"), (b, "insane"), (c, "exhausted")],
        phase=STORY,
    )
    game.apply(Action(PASS))  # resolve, end the turn, refresh
    states = sorted(game.status(i) for i in game.characters)
    assert states == ["exhausted", "insane", "ready"]
    assert game.drained == (False, False, False)


# ------------------------------------------------------------------------------ paying
def test_cost_needs_one_domain_with_enough_resources_and_a_match():
    two = card("Two", cost=2, faction=CTHULHU)
    r_c, r_m = card("RC", faction=CTHULHU, type="Event"), card("RM", faction=MU, type="Event")
    deck = deck_of((two, 1), (r_c, 4), (r_m, 4), filler=10)
    game = Game.arranged(deck, hand=[two], domains=[[r_c], [r_m, r_m], [r_c, r_m]])
    # domain 1: too few; domain 2: no Cthulhu match; domain 3: enough with a match
    assert plays(game) == {("Two", 2)}


def test_neutral_cards_need_no_match_and_cost_zero_needs_no_domain():
    neutral = card("Neutral Two", cost=2, faction="Neutral")
    free = card("Free", cost=0, faction=MU)
    r_c = card("RC", faction=CTHULHU, type="Event")
    deck = deck_of((neutral, 1), (free, 1), (r_c, 3), filler=10)
    game = Game.arranged(deck, hand=[neutral, free], domains=[[r_c, r_c], [r_c], []])
    assert plays(game) == {("Neutral Two", 0), ("Free", -1)}
    play(game, "Free", -1)
    assert game.drained == (False, False, False)


def test_draining_is_exclusive_and_overpaying_is_lost():
    one = card("One", cost=1, faction=CTHULHU)
    r_c = card("RC", faction=CTHULHU, type="Event")
    deck = deck_of((one, 2), (r_c, 3), filler=10)
    game = Game.arranged(deck, hand=[one, one], domains=[[r_c, r_c, r_c], [], []])
    play(game, "One", 0)
    assert game.drained == (True, False, False)
    assert plays(game) == set()  # the 3-resource domain paid for 1 and is spent


def test_loyal_needs_the_whole_cost_in_the_cards_faction():
    loyal = card("Loyal Three", cost=3, faction=CTHULHU, keywords=("Loyal",))
    r_c, r_m = card("RC", faction=CTHULHU, type="Event"), card("RM", faction=MU, type="Event")
    deck = deck_of((loyal, 1), (r_c, 5), (r_m, 2), filler=10)
    game = Game.arranged(deck, hand=[loyal], domains=[[r_c, r_c, r_m], [r_c, r_c, r_c], []])
    assert plays(game) == {("Loyal Three", 1)}


def test_steadfast_counts_resources_across_all_domains():
    sf = card("Steady", cost=1, faction=MU, steadfast=((MU, 2),), keywords=("Steadfast",))
    r_m, r_c = card("RM", faction=MU, type="Event"), card("RC", faction=CTHULHU, type="Event")
    deck = deck_of((sf, 1), (r_m, 3), (r_c, 3), filler=10)
    game = Game.arranged(deck, hand=[sf], domains=[[r_m], [r_c], []])
    assert plays(game) == set()  # one MU resource in play, two needed
    game = Game.arranged(deck, hand=[sf], domains=[[r_m], [r_m, r_c], []])
    assert plays(game) == {("Steady", 0), ("Steady", 1)}


def test_steadfast_is_checked_for_cost_zero_cards_too():
    sf0 = card("Steady Zero", cost=0, faction=MU, steadfast=((MU, 2),))
    r_m = card("RM", faction=MU, type="Event")
    deck = deck_of((sf0, 1), (r_m, 3), filler=10)
    assert plays(Game.arranged(deck, hand=[sf0], domains=[[r_m], [], []])) == set()
    assert plays(Game.arranged(deck, hand=[sf0], domains=[[r_m], [r_m], []])) == {
        ("Steady Zero", -1)
    }


def test_transient_counts_two_when_drained_then_is_destroyed():
    two = card("Two", cost=2, faction=MU)
    tr = card("Fleeting", faction=MU, type="Event", transient=True, keywords=("Transient",))
    r_m = card("RM", faction=MU, type="Event")
    deck = deck_of((two, 1), (tr, 1), (r_m, 2), filler=10)
    game = Game.arranged(deck, hand=[two], domains=[[tr], [r_m], []])
    assert game.domain_value(0) == 2
    play(game, "Two", 0)
    assert game.domains[0] == ()
    assert [game.card(i).title for i in game.discard] == ["Fleeting"]


def test_transient_counts_one_for_steadfast():
    sf = card("Steady", cost=2, faction=MU, steadfast=((MU, 2),))
    tr = card("Fleeting", faction=MU, type="Event", transient=True)
    deck = deck_of((sf, 1), (tr, 1), filler=10)
    assert plays(Game.arranged(deck, hand=[sf], domains=[[tr], [], []])) == set()


def test_unique_cards_cannot_have_two_copies_in_play():
    hero = card("Unique One", cost=0, unique=True)
    deck = deck_of((hero, 2), filler=10)
    game = Game.arranged(deck, hand=[hero], characters=[hero])
    assert plays(game) == set()


def test_an_insane_unique_character_still_blocks_a_copy_but_loses_villainous():
    unique = card("Unique One", cost=0, unique=True, keywords=("Villainous",))
    hero = card("Hero", cost=0, keywords=("Heroic",))
    deck = deck_of((unique, 2), (hero, 1), filler=10)
    game = Game.arranged(deck, hand=[unique, hero], characters=[(unique, "insane")])
    assert plays(game) == {("Hero", -1)}


def test_heroic_and_villainous_never_together():
    heroic = card("Hero", cost=0, keywords=("Heroic",))
    villain = card("Villain", cost=0, keywords=("Villainous",))
    deck = deck_of((heroic, 2), (villain, 2), filler=10)
    game = Game.arranged(deck, hand=[heroic, villain], characters=[villain])
    assert plays(game) == {("Villain", -1)}
    game = Game.arranged(deck, hand=[heroic, villain], characters=[heroic])
    assert plays(game) == {("Hero", -1)}


def test_a_heroic_and_villainous_character_clashes_with_either_side():
    both = card("Both", cost=0, keywords=("Heroic", "Villainous"))
    heroic = card("Hero", cost=0, keywords=("Heroic",))
    villain = card("Villain", cost=0, keywords=("Villainous",))
    deck = deck_of((both, 2), (heroic, 1), (villain, 1), filler=10)
    assert plays(Game.arranged(deck, hand=[both], characters=[heroic])) == set()
    assert plays(Game.arranged(deck, hand=[both], characters=[villain])) == set()
    assert plays(Game.arranged(deck, hand=[both], characters=[(heroic, "insane")])) == {
        ("Both", -1)
    }
    game = Game.arranged(deck, hand=[heroic, villain], characters=[both])
    assert plays(game) == set()


def test_a_restored_character_that_clashes_is_discarded_unless_another_can_be_restored():
    heroic = card("Hero", keywords=("Heroic",))
    villain = card("Villain", keywords=("Villainous",))
    plain = card("Plain")
    deck = deck_of((heroic, 1), (villain, 1), (plain, 1), filler=20)
    # Only the Villainous character is insane: once restored it clashes, so it goes.
    game = Game.arranged(deck, characters=[heroic, (villain, "insane")], phase=STORY)
    game.apply(Action(PASS))
    assert [game.card(i).title for i in game.characters] == ["Hero"]
    assert [game.card(i).title for i in game.discard] == ["Villain"]
    assert any(e.kind == "discard" for e in game.log)
    # With a harmless insane character too, that one is restored and the villain waits.
    game = Game.arranged(
        deck, characters=[heroic, (villain, "insane"), (plain, "insane")], phase=STORY
    )
    game.apply(Action(PASS))
    states = {game.card(i).title: game.status(i) for i in game.characters}
    assert states == {"Hero": "ready", "Villain": "insane", "Plain": "exhausted"}
    assert game.discard == ()


def test_x_costs_let_the_player_pick_x():
    x_card = card("Xavier", cost=None, cost_is_x=True, faction=MU, type="Support")
    r_m = card("RM", faction=MU, type="Event")
    deck = deck_of((x_card, 1), (r_m, 3), filler=10)
    game = Game.arranged(deck, hand=[x_card], domains=[[r_m, r_m], [], []])
    xs = {(a.domain, a.x) for a in game.legal_actions() if a.kind == PLAY}
    assert xs == {(-1, 0), (0, 1), (0, 2)}


def test_events_are_not_played_because_their_text_is_not_simulated():
    event = card("Boom", type="Event", cost=0)
    assert plays(Game.arranged(deck_of((event, 1), filler=10), hand=[event])) == set()


def test_one_conspiracy_at_a_time_and_it_becomes_a_fourth_story():
    plot = card("Plot", type="Conspiracy", cost=0, skill=None)
    deck = deck_of((plot, 2), filler=10)
    game = Game.arranged(deck, hand=[plot, plot])
    play(game, "Plot", -1)
    assert [s.title for s in game.stories][3] == "Plot"
    assert plays(game) == set()


def test_resource_phase_attaches_at_most_one_card():
    game = Game.arranged(deck_of(filler=20), hand=[FILLER, FILLER], phase=RESOURCE)
    a = next(a for a in game.legal_actions() if a.kind == ATTACH and a.domain == 2)
    game.apply(a)
    assert game.phase == OPERATIONS and len(game.domains[2]) == 1 and len(game.hand) == 1


# ------------------------------------------------------------------------------ stories
def commit_all(game: Game, story: int = 0) -> None:
    """Commit every ready character to ``story`` and resolve; story effects are declined."""
    for i in game.characters:
        if game.status(i) == "ready":
            game.apply(Action(COMMIT, i, story=story))
    game.apply(Action(PASS))
    decline_choices(game)


def decline_choices(game: Game) -> None:
    while game.choice is not None:
        game.apply(game.choice.options[-1])


def test_skill_succeeds_unchallenged_for_two_tokens():
    c = card("Plain", skill=1)
    game = Game.arranged(deck_of((c, 1), filler=20), characters=[c], phase=STORY)
    commit_all(game)
    assert [s.tokens for s in game.stories] == [2, 0, 0]
    assert game.status(game.characters[0]) == "ready"  # readied by the next refresh


def test_zero_skill_without_investigation_earns_nothing():
    c = card("Weak", skill=0, combat=2, terror=1)
    game = Game.arranged(deck_of((c, 1), filler=20), characters=[c], phase=STORY)
    commit_all(game)
    assert [s.tokens for s in game.stories] == [0, 0, 0]


def test_investigation_icon_adds_a_token_even_without_skill():
    c = card("Sleuth", skill=0, investigation=1)
    game = Game.arranged(deck_of((c, 1), filler=20), characters=[c], phase=STORY)
    commit_all(game)
    assert [s.tokens for s in game.stories] == [1, 0, 0]
    d = card("Detective", skill=2, investigation=2)
    game = Game.arranged(deck_of((d, 1), filler=20), characters=[d], phase=STORY)
    commit_all(game)
    assert [s.tokens for s in game.stories] == [3, 0, 0]


def test_arcane_struggle_readies_a_committed_character():
    c = card("Mystic", skill=1, arcane=1)
    other = card("Other", skill=1)
    deck = deck_of((c, 1), (other, 1), filler=20)
    game = Game.arranged(deck, characters=[c, other], phase=STORY, first_player=False)
    game.apply(Action(COMMIT, game.characters[0], story=0))
    game.apply(Action(COMMIT, game.characters[1], story=1))
    statuses = {}
    game.log.clear()
    game.apply(Action(PASS))
    assert any(e.kind == "struggle" and "arcane" in e.text for e in game.log)
    statuses = [game.status(i) for i in game.characters]
    assert statuses == ["ready", "ready"]


def test_five_tokens_win_the_story_and_it_is_replaced():
    c = card("Plain", skill=1)
    game = Game.arranged(deck_of((c, 1), filler=20), characters=[c], phase=STORY, tokens=(3, 0, 0))
    before = game.stories[0].title
    commit_all(game)
    assert game.won == (before,)
    assert game.stories[0].title != before and game.stories[0].tokens == 0
    assert game.story_deck_size == 6


def test_an_investigation_win_ends_that_storys_resolution():
    c = card("Sleuth", skill=3, investigation=1)
    game = Game.arranged(deck_of((c, 1), filler=20), characters=[c], phase=STORY, tokens=(4, 0, 0))
    commit_all(game)
    assert len(game.won) == 1
    assert game.stories[0].tokens == 0  # the skill did not carry over to the new story


def test_third_story_wins_the_game():
    a, b = card("A", skill=1), card("B", skill=1)
    deck = deck_of((a, 1), (b, 1), filler=20)
    game = Game.arranged(deck, characters=[a, b], phase=STORY, tokens=(3, 3, 0))
    game.you.won = [7]  # one story already won
    game.apply(Action(COMMIT, game.characters[0], story=0))
    game.apply(Action(COMMIT, game.characters[1], story=1))
    game.apply(Action(PASS))
    decline_choices(game)  # the first story's effect is offered before the third win
    assert game.is_over and game.result == "win" and game.winner and game.win_turn == 2
    assert game.legal_actions() == []


def test_a_won_conspiracy_counts_and_leaves_the_story_row():
    plot = card("Plot", type="Conspiracy", cost=0, skill=None)
    c = card("Plain", skill=1)
    deck = deck_of((plot, 1), (c, 1), filler=20)
    game = Game.arranged(deck, hand=[plot], characters=[c], first_player=False)
    play(game, "Plot", -1)
    game.apply(Action(PASS))
    game.you.tokens[3] = 3
    commit_all(game, story=3)
    assert game.won == ("Plot",)
    assert len(game.stories) == 3
    assert [game.card(i).title for i in game.zones()["won"]] == ["Plot"]


# ------------------------------------------------------------------------------ endings
def test_the_game_is_lost_the_moment_the_deck_is_empty():
    game = Game.new(deck_of(filler=9), seed=1)
    game.apply(Action(KEEP))
    for i in list(game.hand)[:3]:
        game.apply(Action(SETUP_RESOURCE, i))
    assert game.is_over and game.result == "deck_out" and game.turn == 1


def test_the_draw_log_counts_the_cards_really_drawn():
    game = Game.new(deck_of(filler=9), seed=1, first_player=False)
    game.apply(Action(KEEP))
    for i in list(game.hand)[:3]:
        game.apply(Action(SETUP_RESOURCE, i))
    draws = [e.text for e in game.log if e.kind == "draw"]
    assert draws[-1] == "drew 1 (0 left)" and game.result == "deck_out"


def test_a_deck_of_eight_is_lost_at_setup():
    game = Game.new(deck_of(filler=8), seed=1)
    assert game.is_over and game.result == "deck_out"


def test_turn_cap_ends_the_game():
    game = Game.new(deck_of(filler=50), seed=1, turn_cap=3)
    game.run(get_policy("greedy"))
    assert game.result == "turn_cap" and game.turn == 3


def test_illegal_actions_are_refused():
    game = Game.new(deck_of(filler=50), seed=1)
    with pytest.raises(IllegalAction):
        game.apply(Action(PASS))
    with pytest.raises(IllegalAction):
        game.apply(Action(PLAY, 0, 0))


# ------------------------------------------------------------------------------ whole games
def typical_deck() -> Deck:
    deck = Deck("typical")
    for n, (cost, skill, inv, arc) in enumerate(
        [(1, 1, 1, 0), (1, 1, 0, 0), (2, 2, 1, 0), (2, 1, 0, 1), (3, 3, 1, 1), (4, 3, 0, 1)]
    ):
        for faction in (CTHULHU, MU):
            deck.add(
                card(f"{faction} {n}", cost=cost, skill=skill, investigation=inv, arcane=arc,
                     faction=faction),
                3,
            )  # fmt: skip
    deck.add(card("Prop", type="Support", cost=1, skill=None, faction=MU), 3)
    deck.add(FILLER, 11)
    return deck


@pytest.mark.parametrize("first_player", [True, False])
def test_step_by_step_with_the_policy_plays_the_same_game_as_run(first_player):
    deck = typical_deck()
    for seed in range(15):
        policy = get_policy("greedy")
        ran = Game.new(deck, seed=seed, first_player=first_player).run(policy)
        stepped = Game.new(deck, seed=seed, first_player=first_player)
        while not stepped.is_over:
            stepped.apply(policy.choose(stepped))  # apply checks it is legal
        assert stepped.log == ran.log
        assert (stepped.result, stepped.turn) == (ran.result, ran.turn)


def test_same_seed_same_game():
    deck = typical_deck()
    a = Game.new(deck, seed=11).run(get_policy("greedy"))
    b = Game.new(deck, seed=11).run(get_policy("greedy"))
    c = Game.new(deck, seed=12).run(get_policy("greedy"))
    assert a.log == b.log
    assert a.log != c.log


def test_greedy_wins_a_typical_deck_quickly():
    wins = [Game.new(typical_deck(), seed=s).run(get_policy("greedy")) for s in range(40)]
    assert all(g.result == "win" for g in wins)
    assert sum(g.turn for g in wins) / len(wins) < 8


def test_greedy_resources_events_and_keeps_cheap_characters():
    deck = typical_deck()
    policy = get_policy("greedy")
    for seed in range(20):
        game = Game.new(deck, seed=seed)
        resources = policy.setup_resources(game)
        kept = [i for i in game.hand if i not in resources]
        worst_kept = max((game.card(i).type == "Character") for i in kept)
        assert worst_kept  # a character is kept whenever one was drawn
        if any(game.card(i).type == "Event" for i in game.hand):
            assert any(game.card(i).type != "Character" for i in resources)


def test_actions_are_described_for_people():
    char = card("Cheap", cost=0, skill=1)
    r = card("RC", type="Event")
    game = Game.arranged(deck_of((char, 2), (r, 1), filler=10), hand=[char], domains=[[r], [], []])
    texts = [game.describe(a) for a in game.legal_actions()]
    assert texts == ["play Cheap at no cost", "end the operations phase"]
    game = Game.new(deck_of(filler=20), seed=1)
    assert [game.describe(a) for a in game.legal_actions()][0] == "keep the setup hand"


def test_greedy_mulligans_a_hand_without_a_character_playable_by_turn_two():
    big = card("Big", cost=5, skill=5)
    cheap = card("Cheap", cost=2, skill=1)
    loyal = card("Loyal Two", cost=3, skill=2, keywords=("Loyal",))
    deck = deck_of((big, 3), (cheap, 3), (loyal, 3), filler=20)
    policy = get_policy("greedy")
    expensive = [big, big, big, FILLER, FILLER, FILLER, FILLER, FILLER]
    game = Game.arranged(deck, hand=expensive, phase="mulligan")
    assert policy.mulligan(game)
    game = Game.arranged(deck, hand=[cheap] + expensive[1:], phase="mulligan")
    assert not policy.mulligan(game)
    # Loyal 3 needs three Cthulhu resources in one domain: a setup resource and the two
    # Cthulhu cards kept, attached on turns 1 and 2.
    game = Game.arranged(deck, hand=[loyal] + expensive[1:], phase="mulligan")
    assert not policy.mulligan(game)
    mu_loyal = card("MU Loyal", cost=2, skill=2, keywords=("Loyal",), faction=MU)
    deck.add(mu_loyal, 1)
    game = Game.arranged(deck, hand=[mu_loyal] + expensive[1:], phase="mulligan")
    assert policy.mulligan(game)  # no Miskatonic resource at all
