"""The story win effects of Secrets of Arkham (the goldfish's story deck is the Core one, so
these stories never reach a scenario): each effect is run on an arranged position."""

from __future__ import annotations

from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.text.load import win_effect
from tests.test_card_scenarios import build


def run_win(game, card_id, ctx=None):
    """Run the win effect of ``card_id``; every choice takes its first option (yes, the first
    card, story or domain)."""
    _label, fx, _condition, _ai = win_effect(card_id)
    gen = fx(game, -1, ctx or AbilityContext())
    try:
        choice = next(gen)
        while True:
            choice = gen.send(choice.options[0])
    except StopIteration:
        pass


def ids(game, zone):
    return [game.card(i).card_id for i in zone]


def test_obsessive_research_draws_up_to_8(full_pool):
    game = build(full_pool, {"card": "SoA-053", "hand": ["Core-029", "Core-029"]})
    run_win(game, "SoA-053")
    assert len(game.you.hand) == 8


def test_change_of_plans_attaches_the_hand_to_a_domain(full_pool):
    game = build(full_pool, {"card": "SoA-054", "hand": ["Core-029", "Core-022", "Core-029"]})
    run_win(game, "SoA-054")
    assert not game.you.hand
    assert len(game.you.domains[0]) == 3


def test_secret_of_the_north_woods_puts_the_discarded_characters_into_play(full_pool):
    game = build(full_pool, {"card": "SoA-058", "discard": ["Core-022", "SoA-013", "SoA-045"]})
    run_win(game, "SoA-058")
    assert {"Core-022", "SoA-013"} <= set(ids(game, game.you.characters))
    assert ids(game, game.you.discard) == ["SoA-045"]


def test_dreams_of_kingsport_puts_a_day_or_night_card_into_play(full_pool):
    game = build(full_pool, {"card": "SoA-059", "discard": ["SoA-005"]})
    run_win(game, "SoA-059")
    assert "SoA-005" in ids(game, game.you.supports)


def test_secrets_of_arkham_resolves_the_other_stories(full_pool):
    game = build(
        full_pool,
        {
            "card": "SoA-051",
            "stories": ["Core-165", "Core-158", "Core-159"],
            "discard": ["Core-022"],
        },
    )
    run_win(game, "SoA-051")
    assert game.you.tokens[0] == 1  # The Other Path
    assert "Core-022" in ids(game, game.you.characters)  # Opening Night
    assert len(game.you.domains) == 4  # Ancient Apocrypha


def test_albino_goat_spawn_is_wounded_when_a_day_character_enters(full_pool):
    """The Day Dreamer (a Day character) is put into play from hand by its own action (not
    played). (Fine Dining used to sacrifice a Rampaging Dark Young for this; it now gives
    the Goat-spawn Invulnerability before the forced wound resolves.)"""
    from tests.test_card_scenarios import step

    game = build(
        full_pool,
        {
            "card": "SoA-022",
            "hand": ["TH-017"],
            "characters": ["SoA-022", "Core-029"],
            "domains": [["TOotST-029", "TOotST-029"], [], []],
        },
    )
    step(game, "use TH-017")
    assert "TH-017" in ids(game, game.you.characters)
    goat = next(i for i in game.you.characters if game.card(i).card_id == "SoA-022")
    assert game.you.wounds.get(goat, 0) == 1
