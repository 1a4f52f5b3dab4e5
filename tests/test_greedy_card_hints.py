"""The automatic player plays the story-phase events "before characters are committed"
(ai = "before_commits": With a Fine Toothed Comb, Beneath the Surface,
Drunken Hallucinations, Under the Microscope) and uses the exhaust-to-boost characters left
uncommitted (Obsessive Sycophant, Lecturing Historian), and holds the response events hinted
ai = "keep" (Written in the Sky, Hoarding Knowledge) rather than attaching them as resources."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import PLAY, USE
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


def test_expert_testimony_is_played_in_the_story_phase(full_pool):
    # Census review: its window is the story phase, so the "story" hint (after the commits)
    # is what lets the automatic player play it at all; the exhausted student commits.
    game = _arranged(full_pool, hand=["SoK-036"], characters=[("Core-029", "exhausted")])
    seen = _story_phase(game)
    assert any(d.startswith("play Expert Testimony") for d in seen), seen


def _operations(game):
    """The greedy player's moves through the operations phase, described."""
    policy = GreedyPolicy()
    seen = []
    while game.phase == "operations" and len(seen) < 30:
        a = policy.decide(game, game.choice) if game.choice is not None else policy.choose(game)
        seen.append(game.describe(a))
        game.apply(a)
    return seen


# (the card that cuts, in play as a character or a support; a resource of the faction it
# cuts for; a card it cuts for that costs 3; one that costs 2)
_CUTS = [
    ("Core-123", "character", "AE-183", "MN-114", "AE-183"),  # Priestess of Bubastis
    ("PT-032", "character", "AE-183", "MN-114", "AE-183"),  # One of the Thousand
    ("IotF-053", "character", "TOotST-020", "TOotST-029", "TOotST-020"),  # Wealthy Sponsor
]


@pytest.mark.parametrize("dear", [True, False])
@pytest.mark.parametrize(("card", "zone", "resource", "cost3", "cost2"), _CUTS)
def test_a_cost_cut_is_used_for_a_card_no_domain_pays_for(
    full_pool, card, zone, resource, cost3, cost2, dear
):
    # ai_when cut_lets_play: a domain of 2 pays for the card of cost 3 only after the cut;
    # the card of cost 2 is played without spending the cutting card (the domains of 1
    # have no resource of its faction).
    target = cost3 if dear else cost2
    deck = Deck("cost cut")
    filler = full_pool.card("Core-029")
    deck.add(filler, 30)
    for cid in {card, resource, target}:
        deck.add(full_pool.card(cid), 4)  # (the resource may be the card of cost 2)
    res = full_pool.card(resource)
    game = Game.arranged(
        deck,
        hand=[full_pool.card(target)] * 2,  # (Wealthy Sponsor discards one)
        domains=[[res, res], [filler], [filler]],
        characters=[full_pool.card(card)] if zone == "character" else [],
        supports=[full_pool.card(card)] if zone == "support" else [],
        phase="operations",
        first_player=False,
    )
    seen = _operations(game)
    title = full_pool.card(card).title.split(",")[0]
    played = full_pool.card(target).title.split(",")[0]
    assert any(d.startswith(title + ":") for d in seen) == dear, seen
    assert any(played in d and d.startswith("play") for d in seen), seen


@pytest.mark.parametrize("status", ["exhausted", "ready"])
@pytest.mark.parametrize(("event", "resource"), [("Core-038", "Core-029"), ("Core-080", "AE-064")])
def test_a_ready_event_is_played_for_an_exhausted_character_before_the_commits(
    full_pool, event, resource, status
):
    # Restless and Wary, Legacy of Ramses: ai before_commits with ai_when an exhausted
    # character (one that may then commit); nothing to ready, the card is kept.
    deck = Deck("ready")
    filler, res = full_pool.card("Core-029"), full_pool.card(resource)
    deck.add(filler, 30)
    deck.add(full_pool.card(event), 3)
    if res is not filler:
        deck.add(res, 4)
    game = Game.arranged(
        deck,
        hand=[full_pool.card(event)],
        domains=[[res] * 3, [filler], [filler]],
        characters=[(filler, status), filler],
        phase=STORY,
        first_player=False,
    )
    first = GreedyPolicy().choose(game)
    assert (first.kind == PLAY and game.card(first.card).card_id == event) == (
        status == "exhausted"
    ), game.describe(first)


def _operation_moves(game):
    """The greedy player's moves through the operations phase: (kind, card id)."""
    policy = GreedyPolicy()
    game._policy = policy  # the batch path: choices in effects answered at once
    seen = []
    while game.phase == "operations" and len(seen) < 30:
        a = policy.choose(game)
        seen.append((a.kind, game.card(a.card).card_id if a.card >= 0 else ""))
        game.apply(a)
    return seen


@pytest.mark.parametrize(
    ("source", "in_play", "target", "resource", "sizes", "used"),
    [
        # Demented Phrenologist: go insane, cut 1 for a Hastur character.
        ("TTB-007", "character", "TTY-042", "MoE-026", (3, 1, 1), True),
        ("TTB-007", "character", "TTY-042", "MoE-026", (2, 1, 1), False),  # still too dear
        ("TTB-007", "character", "TTY-042", "MoE-026", (4, 1, 1), False),  # paid in full
        # Stygian Idol: exhaust, cut 1 for a Serpent.
        ("TSC-045", "support", "PT-024", "MoE-025", (2, 1, 1), True),
        ("TSC-045", "support", "PT-024", "MoE-025", (1, 1, 1), False),
    ],
)
def test_a_cost_cut_is_used_when_it_lets_a_card_be_played_now(
    full_pool, source, in_play, target, resource, sizes, used
):
    # ai_when cut_lets_play: a person may use them at any time (the text allows it).
    deck = Deck("cost cut")
    for cid in {source, target}:
        deck.add(full_pool.card(cid), 3)
    deck.add(full_pool.card(resource), 10)
    deck.add(full_pool.card("Core-029"), 30)
    res = full_pool.card(resource)
    game = Game.arranged(
        deck,
        hand=[full_pool.card(target)],
        domains=[[res] * n for n in sizes],
        characters=[full_pool.card(source)] if in_play == "character" else [],
        supports=[full_pool.card(source)] if in_play == "support" else [],
        phase="operations",
        first_player=False,
    )
    seen = _operation_moves(game)
    assert ((USE, source) in seen) == used, seen
    assert ((PLAY, target) in seen) == (used or sizes[0] >= 4), seen


@pytest.mark.parametrize(
    ("drained", "wounded", "used"), [(2, False, True), (2, True, False), (1, False, False)]
)
def test_mi_go_worker_takes_one_wound_for_a_mi_go_it_can_then_play(
    full_pool, drained, wounded, used
):
    # ai_when: the cut (the resources on a drained domain) must let it play the Mi-Go
    # Commander (cost 4) from the ready domain of 2; a second wound would destroy him.
    deck = Deck("Mi-Go Worker")
    for cid in ("TTY-006", "SoA-020"):
        deck.add(full_pool.card(cid), 3)
    deck.add(full_pool.card("TTY-015"), 10)
    deck.add(full_pool.card("Core-029"), 30)
    res = full_pool.card("TTY-015")
    game = Game.arranged(
        deck,
        hand=[full_pool.card("SoA-020")],
        domains=[[res] * drained, [res] * 2, [res]],
        characters=[full_pool.card("TTY-006")],
        phase="operations",
        first_player=False,
    )
    game.you.drained[0] = True
    worker = game.you.characters[0]
    if wounded:
        game.you.wounds[worker] = 1
    seen = _operation_moves(game)
    assert ((USE, "TTY-006") in seen) == used, seen
    assert ((PLAY, "SoA-020") in seen) == used, seen


@pytest.mark.parametrize(("resource", "played"), [("DotU-053", False), ("TOotST-026", True)])
def test_hoarding_knowledge_only_takes_back_a_character(full_pool, resource, played):
    # ai_when: the swap is legal with any card in the domain (dotu scenarios), but without a
    # character to take back the greedy player gave its least useful card for nothing.
    deck = Deck("hoarding")
    for cid in ("Core-029", "Core-073", "DotU-053", resource):
        deck.add(full_pool.card(cid), 3)
    deck.add(full_pool.card("Core-029"), 30)
    st = full_pool.card("DotU-053")
    game = Game.arranged(
        deck,
        hand=[st, full_pool.card("Core-073")],
        domains=[[st, st, full_pool.card(resource)], [full_pool.card("Core-029")], []],
        characters=[full_pool.card("Core-029")],
        phase=STORY,
        first_player=False,
    )
    seen = _story_phase(game)
    assert any("Hoarding Knowledge" in d for d in seen) == played, seen


def test_atlantis_does_not_draw_back_the_prophecy_just_placed_on_the_deck(full_pool):
    # ai_when: drawing the face-up Prophecy off the deck undoes it, and a free one would be
    # played and drawn again and again (sok scenarios: a person may still draw it).
    deck = Deck("Atlantis")
    filler = full_pool.card("Core-029")
    deck.add(filler, 30)
    for cid in ("SoK-025", "SoK-032"):
        deck.add(full_pool.card(cid), 3)
    game = Game.arranged(
        deck,
        hand=[full_pool.card("SoK-032")],
        domains=[[filler] * 2, [filler], [filler]],
        supports=[full_pool.card("SoK-025")],
        phase="operations",
        first_player=False,
    )
    seen = _operations(game)
    assert sum(d.startswith("play Por V") for d in seen) == 1, seen
    assert not any(d.startswith("Atlantis:") for d in seen), seen


@pytest.mark.parametrize(("domains", "paid"), [((4, 3), 0), ((3, 3), 0), ((3, 4), 1)])
def test_the_mothers_hand_is_overpaid_for_its_refresh(full_pool, domains, paid):
    # ai = "overpay": overpaid, the refresh gives a domain back, so the card costs nothing;
    # the smallest domain holding more than the cost pays (else the smallest that pays).
    deck = Deck("overpay")
    shub = full_pool.card("SoA-022")
    deck.add(shub, 12)
    deck.add(full_pool.card("SoA-024"), 3)
    deck.add(full_pool.card("Core-029"), 30)
    game = Game.arranged(
        deck,
        hand=[full_pool.card("SoA-024")],
        domains=[[shub] * n for n in domains] + [[]],
        first_player=False,
    )
    first = GreedyPolicy().choose(game)
    assert first.kind == PLAY and first.domain == paid


def _filler_deck(full_pool, *card_ids):
    """A deck of 30 fillers (Laboratory Assistant) and three of each card: (deck, filler)."""
    filler = full_pool.card("Core-029")
    deck = Deck("hints")
    deck.add(filler, 30)
    for cid in card_ids:
        deck.add(full_pool.card(cid), 3)
    return deck, filler


@pytest.mark.parametrize("host", ["ready", "insane"])
def test_library_of_ebla_moves_a_tome_only_off_an_insane_character(full_pool, host):
    # ai_when: a Tome works the same on any host; paying 1 to move it between two ready
    # characters changes nothing (the lr scenarios offer it to a person).
    deck, filler = _filler_deck(full_pool, "LR-079", "ER-052")
    game = Game.arranged(
        deck,
        domains=[[filler] * 2, [filler] * 2, [filler]],
        characters=[(filler, host), filler],
        supports=[full_pool.card("LR-079"), full_pool.card("ER-052")],
        first_player=False,
    )
    book = next(i for i in game.you.supports if game.card(i).card_id == "ER-052")
    game.you.attached[book] = game.you.characters[0]
    game._statics_cache = None
    seen = _operations(game)
    assert any("move a Tome" in d for d in seen) == (host == "insane"), seen


def test_broadmoor_reveals_before_the_domains_pay_for_the_hand(full_pool):
    # ai = "first": the free reveal comes before cards are played from hand, so that a
    # Cthulhu event on top can still be paid (the tty scenarios show it played).
    deck, filler = _filler_deck(full_pool, "TTY-041", "TSB-028")
    game = Game.arranged(
        deck,
        hand=[filler],
        domains=[[filler] * 2, [filler], []],
        supports=[full_pool.card("TTY-041")],
        first_player=False,
    )
    aurora = next(i for i in game.you.deck_cards if game.card(i).card_id == "TSB-028")
    game.you.deck_cards.remove(aurora)
    game.you.top.append(aurora)
    first = GreedyPolicy().choose(game)
    assert game.card(first.card).card_id == "TTY-041", game.describe(first)


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


@pytest.mark.parametrize("deep_one", ["ready", "exhausted"])
def test_lord_of_yha_nthlei_readies_only_a_deep_one_that_was_not_committed(full_pool, deep_one):
    # ai_when: a person may ready a committed Deep One too (soa scenarios); readied after
    # the commits, it gains nothing against the goldfish, and the resource is spent.
    game = _arranged(full_pool, characters=[("SoA-029", deep_one), "SoA-026"])
    seen = _story_phase(game)
    used = any("ready a Deep One" in d for d in seen)
    assert used == (deep_one == "exhausted"), seen


def test_written_in_the_sky_is_offered_with_no_ancient_one_in_the_deck(full_pool):
    # A search may find nothing: a person may play it (the scenarios always keep a copy of
    # each card in the deck, so this is a unit test); the automatic player declines it.
    deck = Deck("sky")
    yg, sky, filler = (full_pool.card(c) for c in ("Core-122", "SoM-019", "Core-029"))
    deck.add(filler, 30)
    deck.add(yg, 5)
    deck.add(sky, 1)
    game = Game.arranged(deck, hand=[yg, sky], domains=[[yg] * 4, [filler], []])
    play = next(a for a in game.legal_actions() if game.describe(a).startswith("play Y'Golonac"))
    game.apply(play)
    offered = [game.describe(a) for a in game.legal_actions()]
    assert any(d.startswith("Written in the Sky:") for d in offered), offered
    answer = GreedyPolicy().decide(game, game.choice)
    assert not game.describe(answer).startswith("Written in the Sky:")


@pytest.mark.parametrize(("card", "resource"), [("TPtY-104", "Core-029"), ("TTY-032", "TTY-001")])
def test_an_event_with_nothing_to_change_is_kept(full_pool, card, resource):
    # ai_when: Changing the Names and Iä! Iä! choose nothing, so a person may play them with
    # no token on a story, no wounded character (tpty, tty scenarios); the greedy player not.
    deck, filler = _filler_deck(full_pool, card, resource, "Core-008")
    game = Game.arranged(
        deck,
        hand=[full_pool.card(card)],
        domains=[[full_pool.card(resource)] * 3 + [filler], [filler] * 2, [filler]],
        characters=[full_pool.card("Core-008")],
        first_player=False,
    )
    title = full_pool.card(card).title
    seen = _operations(game)
    assert not any(title in d for d in seen), seen


@pytest.mark.parametrize("event", ["SoM-019", "DotU-053"])
def test_a_kept_response_event_is_not_made_a_resource(full_pool, event):
    # ai = "keep": its trigger comes most turns (an Ancient One played, a character
    # exhausted), so it is held rather than given up before Restless and Wary (an event the
    # automatic player values less). A person may still attach either.
    game = _game(full_pool, hand=[event, "Core-038"], phase="resource")
    card, _ = GreedyPolicy().resource(game)
    assert game.card(card).card_id == "Core-038"
