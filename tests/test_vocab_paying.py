"""Paying rules of card text that a scenario cannot show by its steps alone: a resource
attached at a cost (The Blackwood Initiative), a card no longer offered (Professor Lake)."""

from __future__ import annotations

import pytest

from deckbuilder.engine.abilities import NO_CONTEXT
from deckbuilder.engine.actions import ATTACH, CHOOSE, PASS, PLAY
from deckbuilder.engine.text.registry import TextError
from deckbuilder.engine.text.values import compile_condition
from tests.test_card_scenarios import build, step


def _plays(game, cid):
    return [a for a in game.legal_actions() if a.kind == PLAY and game.card(a.card).card_id == cid]


def test_blackwood_initiative_makes_a_resource_cost_a_discard(full_pool):
    game = build(
        full_pool, {"card": "FtGG-035", "hand": ["FtGG-035"], "domains": [["FtGG-004"] * 2]}
    )
    for text in ("play FtGG-035", "pass", "pass"):
        step(game, text)
    assert game.phase == "resource" and len(game.hand) == 2
    game.you.hand.append(game.you.deck_cards.pop())  # three cards: the discard is a choice
    attach = next(a for a in game.legal_actions() if a.kind == ATTACH)
    game.apply(attach)
    discard = [a for a in game.legal_actions() if a.kind == CHOOSE]
    assert len(discard) == 2 and all("discard to resource" in game.describe(a) for a in discard)
    game.apply(discard[0])
    assert len(game.hand) == 1 and len(game.discard) == 1 and game.phase == "operations"
    assert sum(len(d) for d in game.domains) == 3


def test_blackwood_initiative_leaves_no_resource_with_one_card_in_hand(full_pool):
    game = build(
        full_pool, {"card": "FtGG-035", "hand": ["FtGG-035"], "domains": [["FtGG-004"] * 2]}
    )
    for text in ("play FtGG-035", "pass", "pass"):
        step(game, text)
    game.you.discard.append(game.you.hand.pop())  # one card left in hand
    assert [a.kind for a in game.legal_actions()] == [PASS]


def test_professor_lake_forbids_the_faction_just_played(full_pool):
    scenario = {
        "card": "AtMoM-003",
        "characters": ["AtMoM-003"],
        "hand": ["TSB-001", "TSB-001", "Core-029"],
        "domains": [["Core-029"]],
    }
    game = build(full_pool, scenario)
    assert _plays(game, "TSB-001")
    step(game, "play TSB-001")
    assert not _plays(game, "TSB-001") and _plays(game, "Core-029")


def test_john_henry_price_cut_only_for_attachments_on_him(full_pool):
    scenario = {
        "card": "SftSK-061",
        "characters": ["SftSK-061", "Core-029"],
        "hand": ["Core-015"],
        "domains": [["FtGG-004"]],
    }
    game = build(full_pool, scenario)
    plays = _plays(game, "Core-015")
    assert sorted(a.domain for a in plays) == [-1, 0]  # free on him, or paid in full
    game.apply(next(a for a in plays if a.domain == -1))  # free: it must go on him
    wagon = next(i for i in game.supports if game.card(i).card_id == "Core-015")
    assert game.card(game.attached_to(wagon)).card_id == "SftSK-061"

    game = build(full_pool, scenario)
    game.apply(next(a for a in _plays(game, "Core-015") if a.domain == 0))
    hosts = [game.describe(a) for a in game.legal_actions() if a.kind == CHOOSE]
    assert len(hosts) == 2  # paid in full: either character


def test_ruinous_star_spawn_automatic_payment_unchanged(full_pool):
    """The automatic player keeps its choice (``pay_domain``): the Cultists alone when they
    can pay it all, else the domain that leaves the least to sacrifice; a person may now
    also drain the domain instead (the legal actions)."""
    cultists = {
        "card": "TSB-014",
        "characters": ["TSB-001"] * 5,
        "hand": ["TSB-014"],
        "domains": [["TSB-001"] * 5, [], []],
    }
    game = build(full_pool, cultists)
    k = game.deck.kind_of[game.you.hand[0]]
    assert game.pay_domain(k) == -1
    assert sorted(a.domain for a in _plays(game, "TSB-014")) == [-1, 0]
    game = build(full_pool, {**cultists, "characters": ["TSB-001"] * 2})
    assert game.pay_domain(game.deck.kind_of[game.you.hand[0]]) == 0
    assert [a.domain for a in _plays(game, "TSB-014")] == [0]


def test_cut_lets_play_reads_its_amount(full_pool):
    # The ai_when of the "next ... costs less" cards (Priestess of Bubastis, Stygian Idol,
    # Mi-Go Worker ...): a card of the hand too dear now that the cut would let a ready
    # domain pay for.
    bad_values = (
        {"amount": 0},
        {"amount": "all"},
        {"amount": True},
        {"amount": 1, "minimum": "1"},
        {"amount": 1, "step": 1},
        "yes",
    )
    for bad in bad_values:
        with pytest.raises(TextError):
            compile_condition({"cut_lets_play": bad}, "test")
    game = build(
        full_pool,
        {"card": "Core-130", "hand": ["Core-130"], "domains": [["TTY-015"] * 2, ["MoE-026"] * 2]},
    )  # Mi-Go Warrior (cost 3) with a Shub-Niggurath domain of 2, a Hastur one of 2

    def holds(subtype, **spec):
        spec["filter"] = {"subtype": subtype}
        cond = compile_condition({"cut_lets_play": spec}, "test")
        return cond(game, -1, NO_CONTEXT)

    assert holds(amount=1, subtype="Mi-Go")
    assert not holds(amount=1, subtype="Serpent")  # no such card in hand
    assert not holds(amount=1, minimum=3, subtype="Mi-Go")  # not below its minimum
    assert not holds(amount="drained_domain", subtype="Mi-Go")  # no drained domain
    game.you.drained[1] = True  # the Hastur domain: 2 resources
    assert holds(amount="drained_domain", subtype="Mi-Go")


def test_domain_all_of_reads_names_or_factions_with_what_the_domain_holds(full_pool):
    # Hoarding Knowledge's legal condition (a Silver Twilight domain) and its ai_when (one
    # that holds a character to take back).
    for bad in ({"holds": {"type": "character"}}, {"factions": 3}, {"factions": "x", "n": 1}):
        with pytest.raises(TextError):
            compile_condition({"domain_all_of": bad}, "test")
    game = build(full_pool, {"card": "Core-130", "domains": [["DotU-053", "DotU-053"]]})

    def holds(value):
        return compile_condition({"domain_all_of": value}, "test")(game, -1, NO_CONTEXT)

    assert holds("silver twilight") and holds(["silver twilight", "cthulhu"])
    assert not holds("cthulhu")
    assert holds({"factions": "silver twilight", "holds": {"type": "event"}})
    assert not holds({"factions": "silver twilight", "holds": {"type": "character"}})
