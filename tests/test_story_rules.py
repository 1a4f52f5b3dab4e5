"""Rules of stories, winning and phases that cards change: what the scenarios cannot say
(an action not offered, a rule that ends, a game that is or is not won)."""

from __future__ import annotations

from test_card_scenarios import build, step

from deckbuilder.engine.abilities import STAYS_COMMITTED
from deckbuilder.engine.actions import COMMIT, OPERATIONS, STORY, USE, WIN


def _inst(game, cid):
    return next(i for i in game.you.characters + game.you.supports if game.card(i).card_id == cid)


def test_a_cheap_character_commits_only_to_negotium(full_pool):
    game = build(
        full_pool,
        {
            "card": "DD-080",
            "characters": ["Core-029", "Core-064"],
            "conspiracy": {"card": "DD-080"},
            "phase": "story",
        },
    )
    commits = [a for a in game.legal_actions() if a.kind == COMMIT]
    cheap, dear = _inst(game, "Core-029"), _inst(game, "Core-064")
    assert {a.story for a in commits if a.card == cheap} == {3}
    assert {a.story for a in commits if a.card == dear} == {0, 1, 2, 3}


def test_the_usual_suspects_silences_a_non_unique_character_elsewhere(full_pool):
    game = build(
        full_pool,
        {
            "card": "FtGG-032",
            "characters": ["Core-072"],
            "domains": [["Core-029"], [], []],
            "conspiracy": {"card": "FtGG-032"},
            "phase": "story",
        },
    )
    step(game, "commit Core-072 1")
    assert not [a for a in game.legal_actions() if a.kind == USE]


def test_the_door_keeps_its_characters_committed(full_pool):
    game = build(
        full_pool,
        {
            "card": "TMoM-033",
            "characters": ["Core-010", "Core-029"],
            "conspiracy": {"card": "TMoM-033"},
            "phase": "story",
        },
    )
    step(game, "commit Core-010 4")
    step(game, "commit Core-029 1")
    assert game.has_static(STAYS_COMMITTED, _inst(game, "Core-010"))
    assert not game.has_static(STAYS_COMMITTED, _inst(game, "Core-029"))


def test_glimpse_of_the_void_skips_two_story_phases(full_pool):
    game = build(
        full_pool,
        {
            "card": "SoM-014",
            "hand": ["SoM-014"],
            "domains": [["Core-132"] * 4, [], []],
            "characters": ["Core-010"],
        },
    )
    step(game, "play SoM-014")
    turn = game.turn
    for _ in range(2):
        step(game, "pass")  # operations: the story phase is skipped
        assert game.turn == turn + 1 and game.phase != STORY
        turn += 1
        step(game, "pass")  # resource
    step(game, "pass")
    assert game.phase == STORY  # the third story phase is played


def test_hidden_agenda_repeats_the_operations_phase(full_pool):
    game = build(
        full_pool,
        {
            "card": "CotJE-041",
            "hand": ["CotJE-041"],
            "domains": [["TOotST-023"] * 4, [], []],
        },
    )
    step(game, "play CotJE-041")
    step(game, "pass")
    assert game.phase == OPERATIONS
    step(game, "pass")
    assert game.phase == STORY


def test_kitab_lasts_until_the_end_of_the_phase(full_pool):
    game = build(
        full_pool,
        {
            "card": "CoC-058",
            "supports": ["CoC-058"],
            "hand": ["Core-029"],
            "tokens": [2, 0, 0],
        },
    )
    step(game, "use CoC-058")
    step(game, "choose tokens to win changed at Nowhere")
    assert game.story_to_win(0) == 4
    step(game, "pass")
    assert game.phase == STORY and game.story_to_win(0) == 5


def test_the_pocket_watch_night_ends_with_the_turn(full_pool):
    game = build(
        full_pool,
        {
            "card": "TiV-049",
            "supports": ["TiV-049"],
            "domains": [["Core-064"], [], []],
        },
    )
    step(game, "use TiV-049 2")
    assert game.it_is("night") and not game.it_is("day")
    step(game, "pass")  # operations
    step(game, "pass")  # story
    assert game.turn == 3 and not game.it_is("night")


def _third_win(full_pool, card, characters, won, conspiracy=None):
    scenario = {
        "card": card,
        "characters": characters,
        "won_stories": won,
        "tokens": [4, 0, 0],
        "phase": "story",
    }
    if conspiracy is not None:
        scenario["discard"] = [conspiracy]  # its other copies stay in the deck
    game = build(full_pool, scenario)
    if conspiracy is not None:  # a won conspiracy
        inst = next(i for i in game.you.deck_cards if game.card(i).card_id == conspiracy)
        game.you.deck_cards.remove(inst)
        game.you.won.append(1000 + inst)
    step(game, "commit Core-010 1")
    step(game, "pass")
    return game


def test_conspiracy_theorist_lets_a_won_conspiracy_win_the_game(full_pool):
    game = _third_win(full_pool, "TPtY-117", ["TPtY-117", "Core-010"], ["Core-160"], "CoC-044")
    assert game.result == WIN


def test_samantha_grace_wins_at_the_fourth_story(full_pool):
    game = _third_win(
        full_pool, "TTftS-096", ["TTftS-096", "Core-010"], ["Core-160", "Core-161", "Core-165"]
    )
    assert game.result == WIN and len(game.you.won) == 4


def test_cave_mouth_refills_the_stories_once_none_is_left(full_pool):
    game = build(
        full_pool,
        {
            "card": "AtMoM-008",
            "supports": ["AtMoM-008"],
            "characters": ["Core-010"],
            "tokens": [4, 0, 0],
            "phase": "story",
        },
    )
    game._stories, game.you.tokens, game.you.committed = [0], [4], [[]]
    game.opponent.tokens, game.opponent.committed = [0], [[]]
    game._story_deck += [1, 2]
    step(game, "commit Core-010 1")
    step(game, "pass")
    step(game, "no")
    assert len(game._stories) == 3 and 0 not in game._stories


def test_a_second_conspiracy_cannot_be_searched_into_play(full_pool):
    game = build(
        full_pool,
        {"card": "WitD-010", "conspiracy": {"card": "WitD-010"}},
    )
    kind = game.deck.kind_of[game.you.conspiracy]
    assert not game.may_enter(kind)


def test_the_seventh_gate_sends_itself_back_and_wins_the_chosen_story(full_pool):
    game = build(
        full_pool,
        {
            "card": "TSS-012",
            "characters": ["Core-010"],
            "stories": ["TSS-012", "Core-157", "Core-158"],
            "tokens": [4, 0, 0],
            "phase": "story",
        },
    )
    gate = game.deck.story_instances[0] + 1000
    for text in ("commit Core-010 1", "pass", "yes", "choose win The Call of Cthulhu"):
        step(game, text)
    step(game, "choose take Laboratory")
    assert game.you.won == [4]
    assert gate in game._story_deck or gate in game._stories


def test_a_story_card_of_the_deck_joins_the_story_deck(full_pool):
    from deckbuilder.deck import Deck
    from deckbuilder.engine.game import Game

    deck = Deck("stories")
    deck.add(full_pool.card("Core-029"), 3)
    deck.add(full_pool.card("Core-010"), 3)
    for n in range(11, 19):
        deck.add(full_pool.card(f"Core-0{n}"), 3)
    deck.add(full_pool.card("TSS-012"), 1, section="story")
    deck.add(full_pool.card("Core-160"), 1, section="story")  # always there: not twice
    game = Game.new(deck, seed=3)
    gate = game.deck.story_instances
    assert len(gate) == 1 and game.deck_size + len(game.hand) == 30
    assert len(game._story_deck) + len(game._stories) == 11
    zones = game.zones()
    assert sorted(i for z in zones.values() for i in z) == list(range(game.deck.size))


def test_step_by_step_plays_the_story_cards_as_run_does(full_pool):
    """Repeated story phases, commits restricted to one story, changed thresholds: the
    policy's suggestions, step by step, play the game ``run`` plays."""
    from deckbuilder.deck import Deck
    from deckbuilder.engine.game import Game
    from deckbuilder.engine.policies import get_policy

    deck = Deck("stories")
    for cid, n in (
        ("CotJE-041", 3),
        ("TOotST-023", 3),
        ("DD-080", 2),
        ("CoC-058", 1),
        ("AtMoM-008", 2),
        ("TTftS-083", 3),
        ("TPtY-104", 2),
        ("Core-029", 12),
        ("Core-010", 12),
        ("Core-047", 10),
    ):
        deck.add(full_pool.card(cid), n)
    for seed in range(8):
        policy = get_policy("greedy")
        ran = Game.new(deck, seed=seed).run(policy)
        stepped = Game.new(deck, seed=seed)
        while not stepped.is_over:
            stepped.apply(policy.choose(stepped))  # apply checks it is legal
        assert stepped.log == ran.log


def test_a_repeated_story_phase_plays_the_same_step_by_step(full_pool):
    from deckbuilder.engine.policies import get_policy

    scenario = {
        "card": "CotJE-041",
        "hand": ["CotJE-041", "Core-029"],
        "domains": [["TOotST-023"] * 4, ["Core-029"], []],
        "characters": ["Core-010", "Core-029", "Core-010"],
        "phase": "story",
    }
    policy = get_policy("greedy")
    ran = build(full_pool, scenario).run(policy)
    stepped = build(full_pool, scenario)
    while not stepped.is_over:
        stepped.apply(policy.choose(stepped))
    assert any(e.text == "the story phase is repeated" for e in ran.log)
    assert stepped.log == ran.log
