"""``stats_of`` reads the passives in play through tables remembered per deck (the kinds each
passive may change, its filter decided by kind where printed facts decide, traits too while no
card has gained one). Over random step-by-step games, each character's skill and icons are
those the passives in play give when asked one by one, with nothing remembered, and a
character of a kind ``kinds_with_changed_stats`` leaves out has its printed ones."""

from __future__ import annotations

import random

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.abilities import ICONS, SKILL, X_SKILL
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.game import Game
from deckbuilder.engine.text.load import abilities_of

# Passives on factions and subtypes, with conditions, on the card itself, counting cards, and
# cards that give a trait for a while (False Papers, Strange Delusions).
TITLES = (
    "Beneath the Burning Sun",
    "Crazy Eddie",
    "Alaskan Sledge Dog",
    "Altar of the Blessed",
    "False Papers",
    "Strange Delusions",
)


def printed(game: Game, i: int) -> tuple[int, list[int]]:
    cd = game.deck
    k = cd.kind_of[i]
    if game.you.status.get(i) == INSANE:
        return 0, [0, 0, 0, 0]
    skill = cd.skill[k]
    return (skill if skill > 0 else 0), [
        cd.terror[k],
        cd.combat[k],
        cd.arcane[k],
        cd.investigation[k],
    ]


def stats_asked_one_by_one(game: Game, i: int) -> tuple[int, list[int]]:
    """What the passives in play give ``i``, each ``who`` asked whole (filter and condition),
    with the passives in play worked out afresh."""
    if game.you.status.get(i) == INSANE:
        return 0, [0, 0, 0, 0]
    cd = game.deck
    k = cd.kind_of[i]
    skill, icons = cd.skill[k], printed(game, i)[1]
    kept = game._statics_cache
    game._statics_cache = None
    passives = game._statics_in_play()
    game._statics_cache = kept
    for src, st in passives:
        if st.kind == ICONS and (not st.subtype or st.subtype in cd.subtypes[k]):
            if game._static_applies(src, st, i):
                change = st.icons if st.icons.__class__ is tuple else st.icons(game, src)
                icons = [a + b for a, b in zip(icons, change, strict=True)]
    x_skill = None
    for src, st in passives:
        if st.kind == SKILL and game._static_applies(src, st, i):
            a = st.amount
            skill += a if a.__class__ is int else a(game, src, i, icons)
        elif st.kind == X_SKILL and src == i:
            x_skill = st.amount(game, src)
    if x_skill is not None:
        skill += x_skill
    for target, dskill, ic in game._temp:
        if target == i:
            skill += dskill
            icons = [a + b for a, b in zip(icons, ic, strict=True)]
    return (skill if skill > 0 else 0), [n if n > 0 else 0 for n in icons]


@pytest.fixture(scope="module")
def passives_deck(full_pool) -> Deck:
    """The cards of ``TITLES`` and agency, Miskatonic and other characters and supports with
    abilities."""
    deck = Deck("passives")
    by_title = {}
    for i in sorted(full_pool.by_card):
        card = full_pool.card(i)
        by_title.setdefault(card.title, card)
    for title in TITLES:
        deck.add(by_title[title], 3)
    others = sorted(
        (
            full_pool.card(i)
            for i in full_pool.by_card
            if abilities_of(i) and full_pool.card(i).type in ("Character", "Support")
        ),
        key=lambda c: c.card_id,
    )
    for card in random.Random(3).sample(others, 40):
        deck.add(card, 1)
    return deck


@pytest.mark.parametrize("seed", range(8))
def test_stats_follow_the_passives_in_play(passives_deck, seed):
    game = Game.new(passives_deck, seed=seed, turn_cap=12)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 1500:
        game.apply(rng.choice(game.legal_actions()))
        changed = game.kinds_with_changed_stats()
        for i in game.you.characters:
            expected = stats_asked_one_by_one(game, i)
            assert game.stats_of(i) == expected, (i, game._traits, game.log[-3:])
            if game.deck.kind_of[i] not in changed:
                assert expected == printed(game, i), (i, game._traits)
        steps += 1


def test_a_character_that_gains_a_faction_gets_that_factions_icons(full_pool):
    """Beneath the Burning Sun gives The Agency's characters a combat icon: a character of
    another faction given The Agency for the phase (Strange Delusions) gets it too, and is
    among the kinds whose stats may have changed."""
    from card_db.card import FACTIONS
    from deckbuilder.engine.abilities import AbilityContext
    from deckbuilder.engine.actions import CHOOSE, Action

    cards = [full_pool.card(i) for i in sorted(full_pool.by_card)]
    by_title = {c.title: c for c in reversed(cards)}
    other = next(
        c
        for c in cards
        if c.type == "Character" and c.faction == "Cthulhu" and not abilities_of(c.card_id)
    )
    deck = Deck("traits")
    for card in (by_title["Beneath the Burning Sun"], by_title["Strange Delusions"], other):
        deck.add(card, 1)
    game = Game.arranged(deck, characters=[other], supports=[by_title["Beneath the Burning Sun"]])
    (i,) = game.you.characters
    assert game.stats_of(i) == printed(game, i)
    assert game.deck.kind_of[i] not in game.kinds_with_changed_stats()
    papers = next(j for j in range(game.deck.size) if game.card(j).title == "Strange Delusions")
    game.you.attached[papers] = i
    (action,) = game.deck.by_trigger["action"][game.deck.kind_of[papers]]
    effect = action.effect(game, papers, AbilityContext())
    choice = next(effect)
    (agency,) = (a for a in choice.options if a.label.endswith(FACTIONS[0]))
    with pytest.raises(StopIteration):
        effect.send(Action(CHOOSE, x=agency.x))
    skill, icons = printed(game, i)
    assert game.stats_of(i) == (skill, [icons[0], icons[1] + 1, icons[2], icons[3]])
    assert game.deck.kind_of[i] in game.kinds_with_changed_stats()
