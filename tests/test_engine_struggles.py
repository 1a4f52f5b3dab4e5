"""Story resolution that card text changes (``StoryMixin._story_changes``): characters counted
at other stories, a skill comparison before the struggles, struggle types that do not resolve;
the positions the card scenarios cannot set up (a conspiracy in play, a rule of the turn)."""

from __future__ import annotations

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from tests.test_card_scenarios import build, step

STORIES = ["Core-156", "Core-157", "Core-158"]


def _inst(game, cid, n=0):
    return [i for i in game.you.characters if game.card(i).card_id == cid][n]


def _changes(game, s):
    committed = game.you.committed[s]
    skill = sum(game.skill_of(i) for i in committed)
    icons = tuple(sum(game.icons_of(i)[k] for i in committed) for k in range(4))
    return game._story_changes(s, committed, icons, skill, game.story_struggles(s))


def test_island_hermit_counts_its_skill_where_an_ancient_one_is_committed(full_pool):
    game = build(
        full_pool,
        {
            "card": "AH-009",
            "characters": ["AH-009", "Core-122", "Core-029"],
            "stories": STORIES,
            "phase": "story",
        },
    )
    step(game, "commit Core-122 1")
    step(game, "commit Core-029 2")
    assert _changes(game, 0)[1] == 4 + 1  # Y'Golonac, and the Hermit who stayed home
    assert _changes(game, 1)[1] == 1  # no Ancient One there


def test_cunning_mascheraro_counts_its_icons_at_a_conspiracy(full_pool):
    game = build(
        full_pool,
        {
            "card": "TiV-014",
            "hand": ["TTftS-100"],
            "characters": ["TiV-014", "Core-029"],
            "stories": STORIES,
        },
    )
    step(game, "play TTftS-100")
    step(game, "pass")
    step(game, "commit Core-029 4")
    assert _changes(game, 3)[0] == (1, 0, 0, 1)  # its (T) at the conspiracy, uncommitted
    assert _changes(game, 0)[0] == (0, 0, 0, 0)  # no one committed there
    step(game, "commit TiV-014 1")
    assert _changes(game, 3)[0] == (1, 0, 0, 1)
    assert _changes(game, 0)[0] == (1, 0, 0, 0)  # counted once where it is committed


def test_unorthodox_tactics_resolves_the_skill_comparison_first(full_pool):
    game = build(
        full_pool,
        {
            "card": "TTftS-100",
            "hand": ["TTftS-100"],
            "characters": ["Core-029"],
            "stories": STORIES,
        },
    )
    step(game, "play TTftS-100")
    step(game, "pass")
    step(game, "commit Core-029 4")
    assert _changes(game, 3)[4] == 2  # first, and struggles chosen once won
    assert _changes(game, 0)[4] == 0
    start = len(game.log)
    step(game, "pass")
    kinds = [e.kind for e in game.log[start:] if e.kind in ("success", "struggle")]
    assert kinds[0] == "success" and "struggle" in kinds
    assert game.you.tokens[3] == 3


def test_a_struggle_type_that_does_not_resolve(full_pool):
    game = build(
        full_pool,
        {"card": "Core-029", "characters": ["Core-029"], "stories": STORIES, "phase": "story"},
    )
    game._story_rules.append(("skip", -1, 3))  # investigation struggles do not resolve
    step(game, "commit Core-029 1")
    assert 3 not in _changes(game, 0)[2]
    step(game, "pass")
    assert game.you.tokens[0] == 2  # the skill comparison only
    assert game._story_rules == []  # the rules of the turn end with the story phase


def test_a_rule_for_one_story_leaves_the_others_alone(full_pool):
    game = build(
        full_pool,
        {
            "card": "Core-029",
            "characters": ["Core-029", "Core-029"],
            "stories": STORIES,
            "phase": "story",
        },
    )
    game._story_rules.append(("extra", game._stories[0], 3))
    step(game, "commit Core-029 1")
    step(game, "commit Core-029 2")
    step(game, "pass")
    assert game.you.tokens[:2] == [4, 3]


def _lit_by_death_fire(full_pool, story):
    game = build(
        full_pool,
        {
            "card": "FtGG-046",
            "characters": ["Core-029", "Core-029"],
            "supports": ["FtGG-046"],
            "attach": [{"card": "FtGG-046", "to": "story 1"}],
            "stories": STORIES,
            "phase": "story",
        },
    )
    step(game, f"commit Core-029 {story}")
    step(game, "commit Core-029 1" if story != 1 else "commit Core-029 2")
    doomed = game.you.committed[story - 1][0]
    game._leave_play(doomed)  # destroyed while committed
    game._drive(game._resolve_triggers())
    step(game, "pass")
    return game


def test_lit_by_death_fire_after_a_character_at_its_story_is_destroyed(full_pool):
    game = _lit_by_death_fire(full_pool, 1)
    step(game, "yes")
    step(game, "choose take Laboratory")
    assert len(game.you.hand) == 1 + 2  # the character revealed, then next turn's draw


def test_lit_by_death_fire_ignores_a_character_destroyed_at_another_story(full_pool):
    game = _lit_by_death_fire(full_pool, 2)
    assert game._choice is None or "Lit by" not in game._choice.prompt
    assert len(game.you.hand) == 2


def test_unorthodox_tactics_won_first_the_automatic_player_resolves_the_arcane_struggle(
    full_pool,
):
    from deckbuilder.engine.greedy_policy import GreedyPolicy

    game = build(
        full_pool,
        {
            "card": "TTftS-100",
            "characters": ["Core-010", "Core-030"],
            "conspiracy": {"card": "TTftS-100", "tokens": 4},
            "phase": "story",
        },
    )
    for text in ("commit Core-010 4", "commit Core-030 4", "pass"):
        step(game, text)
    assert "arcane struggle" in game.describe(game.legal_actions()[0])
    assert GreedyPolicy().choose(game).x == 1  # readying is worth it: yes
