"""Card text in the goldfish engine: each effect template on a real card, each card family,
story struggles and thresholds, and the same game whether a policy runs it or it is stepped."""

from __future__ import annotations

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import COMMIT, OPERATIONS, PASS, PLAY, STORY, USE
from deckbuilder.engine.game import Game
from deckbuilder.engine.policies import get_policy
from deckbuilder.engine.text.load import abilities_of

FILLER = "Core-029"  # Laboratory Assistant: no text


@pytest.fixture(scope="module")
def core(full_pool):
    return full_pool.card


def deck_of(core, *ids, filler=20) -> Deck:
    deck = Deck("abilities")
    for cid in ids:
        deck.add(core(cid), 3)
    deck.add(core(FILLER), filler)
    return deck


def arranged(core, ids, **position) -> Game:
    """A position; the deck holds the cards of ``ids`` and every card the position uses."""
    deck = deck_of(core, *ids)
    used = list(position.get("hand", ())) + list(position.get("supports", ()))
    used += list(position.get("discard", ()))
    used += [c for d in position.get("domains", ()) for c in d]
    used += [c[0] if isinstance(c, tuple) else c for c in position.get("characters", ())]
    for card in {c.id: c for c in used}.values():
        deck.add(card, sum(1 for c in used if c.id == card.id))
    return Game.arranged(deck, **position)


def own_domains(core, cid, sizes=(3, 3, 3)):
    """Domains of copies of ``cid`` (a resource match for it)."""
    return [[core(cid)] * n for n in sizes]


def mu_domains(core, sizes=(3, 3, 3)):
    """Domains of Laboratory Assistants (Miskatonic University resources)."""
    return [[core(FILLER)] * n for n in sizes]


def act(game: Game, kind: str, title: str | None = None):
    for a in game.legal_actions():
        if a.kind == kind and (title is None or game.card(a.card).title == title):
            game.apply(a)
            return a
    raise AssertionError(f"no {kind} {title}: {[game.describe(a) for a in game.legal_actions()]}")


def choose(game: Game, text: str = "") -> None:
    """Answer the pending choice with the option whose words contain ``text``."""
    assert game.choice is not None
    for a in game.choice.options:
        if text in a.label:
            game.apply(a)
            return
    raise AssertionError(f"no option {text!r}: {[a.label for a in game.choice.options]}")


# ------------------------------------------------------------------ templates
def test_draw_event_is_played_in_operations_only(core):
    game = arranged(core, ["Core-040"], hand=[core("Core-040")], domains=mu_domains(core))
    act(game, PLAY, "Unearthing the Ancients")
    assert len(game.hand) == 3 and game.discard == (game.discard[0],)
    assert game.card(game.discard[0]).title == "Unearthing the Ancients"
    game = arranged(
        core, ["Core-040"], hand=[core("Core-040")], domains=mu_domains(core), phase=STORY
    )
    assert not [a for a in game.legal_actions() if a.kind == PLAY]


def test_draw_then_discard_asks_which_card(core):
    game = arranged(core, ["Core-037"], hand=[core("Core-037")], domains=mu_domains(core))
    act(game, PLAY, "Feast of Famine")
    assert game.choice.kind == "discard" and game.choice.harm
    choose(game)
    assert len(game.hand) == 1 and len(game.discard) == 2 and game.choice is None


def test_search_into_play_and_shuffle(core):
    game = arranged(
        core, ["Core-121", "Core-131"], characters=[core("Core-121")], domains=mu_domains(core)
    )
    act(game, USE, "Shub-Niggurath")
    choose(game, "Hungry Dark Young")
    assert "Hungry Dark Young" in [game.card(i).title for i in game.characters]
    assert game.domains and game.drained.count(True) == 1


def test_put_into_play_from_discard_with_cost_at_most_x(core):
    game = arranged(
        core,
        ["Core-119", "Core-025"],
        hand=[core("Core-119")],
        discard=[core("Core-025")],
        domains=own_domains(core, "Core-112", (3, 2, 1)),
    )
    plays = [a for a in game.legal_actions() if a.kind == PLAY]
    assert {a.x for a in plays} == {0, 1, 2, 3}
    game.apply(next(a for a in plays if a.x == 2))
    assert game.choice is None and not game.characters  # cost 3 > X=2: nothing to choose
    game = arranged(
        core,
        ["Core-119", "Core-025"],
        hand=[core("Core-119")],
        discard=[core("Core-025")],
        domains=own_domains(core, "Core-112", (3, 2, 1)),
    )
    game.apply(next(a for a in game.legal_actions() if a.kind == PLAY and a.x == 3))
    choose(game, "Anthropology Advisor")
    assert [game.card(i).title for i in game.characters] == ["Anthropology Advisor"]


def test_discard_to_hand(core):
    game = arranged(
        core,
        ["Core-118", "Core-025"],
        hand=[core("Core-118")],
        discard=[core("Core-025")],
        domains=[[core("Core-101")] * 3, [], []],
    )
    act(game, PLAY, "Gathering at the Stones")
    choose(game, "Anthropology Advisor")
    assert [game.card(i).title for i in game.hand] == ["Anthropology Advisor"]


def test_cost_reduction_for_a_filter(core):
    advisor, kafour = core("Core-025"), core("Core-022")
    game = arranged(
        core,
        ["Core-025", "Core-022"],
        characters=[advisor],
        hand=[kafour],
        domains=mu_domains(core, (3, 1, 1)),
    )
    assert game.cost_of(game.kind(game.hand[0])) == 3  # Investigator: 4 - 1
    act(game, PLAY, "Dr. Ali Kafour")
    assert game.drained[0]


def test_cost_reduction_never_below_its_minimum(core):
    lord = core("Core-050")
    game = arranged(core, ["Core-050", "Core-041"], characters=[lord])
    k = game.deck.cards.index(core("Core-041"))
    assert game.cost_of(k) == 5


def test_move_a_drain_token(core):
    game = arranged(core, ["Core-030"], characters=[core("Core-030")], domains=mu_domains(core))
    game.you.drained[0] = True
    act(game, USE, "Itinerant Scholar")
    choose(game, "domain 2")
    assert game.drained == (False, True, False) and not game.characters


def test_gain_a_domain_with_a_resource(core):
    game = arranged(
        core, ["Core-154"], hand=[core("Core-154")], domains=mu_domains(core, (1, 0, 0))
    )
    size = game.deck_size
    act(game, PLAY, "Eldritch Nexus")
    assert len(game.domains) == 4 and len(game.domains[3]) == 1
    assert game.deck_size == size - 2  # one card became the domain, one its resource
    assert len(game.zones()["domain cards"]) == 1


def test_success_token_with_a_condition(core):
    game = arranged(
        core, ["Core-152"], characters=[core("Core-152")], phase=STORY, tokens=(2, 0, 1)
    )
    act(game, USE, "Dabbler in the Unknown")
    assert [s.tokens for s in game.stories] == [2, 1, 1]  # the only story without tokens


def test_icons_until_the_end_of_the_phase_and_overpay(core):
    hunch, scholar = core("Core-020"), core("Core-030")
    game = arranged(
        core,
        ["Core-020", "Core-030"],
        hand=[hunch],
        characters=[scholar],
        domains=[[core("Core-001")] * 3, [], []],
    )
    act(game, PLAY, "Working a Hunch")  # cost 1 from a domain of 3: overpaid
    i = game.characters[0]
    assert game.icons_of(i) == [0, 2, 3, 1]
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))
    assert game.phase == STORY and game.icons_of(i) == [0, 0, 2, 0]


def test_x_skill_from_its_definition(core):
    disciple = core("Core-111")
    game = arranged(core, ["Core-111", "Core-106"], characters=[disciple, core("Core-106")])
    assert game.skill_of(game.characters[0]) == 2  # two Yog-Sothoth characters in play
    keywords = Game.arranged(deck_of(core, "Core-111"), characters=[disciple], text=False)
    assert keywords.skill_of(keywords.characters[0]) == 0


def test_ready_a_character(core):
    game = arranged(
        core,
        ["Core-078"],
        hand=[core("Core-078")],
        domains=own_domains(core, "Core-064", (3, 0, 0)),
        characters=[(core(FILLER), "exhausted")],
        phase=STORY,
    )
    act(game, PLAY, "Get on Yer Feet!")  # cost 1 from a domain of 3: overpaid
    i = game.characters[0]
    assert game.status(i) == "ready" and game.skill_of(i) == 4


def test_cannot_commit_and_enters_play_exhausted(core):
    game = arranged(core, ["Core-106"], characters=[core("Core-106")], phase=STORY)
    assert not [a for a in game.legal_actions() if a.kind == COMMIT]
    game = arranged(
        core, ["Core-128"], hand=[core("Core-128")], domains=[[core("Core-121")] * 3, [], []]
    )
    act(game, PLAY, "Watcher of the Woods")
    assert game.status(game.characters[0]) == "exhausted"  # no support in play


def test_forced_self_harm_after_the_draw_phase(core):
    cthulhu = core("Core-041")
    game = arranged(core, ["Core-041"], characters=[cthulhu, core(FILLER)], phase=STORY)
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))  # to the next turn
    assert game.choice is not None and game.choice.kind == "sacrifice"
    choose(game, "Laboratory Assistant")
    assert [game.card(i).title for i in game.characters] == ["Cthulhu"]


def test_forced_insanity_and_a_restore_response(core):
    glasser, genius = core("Core-082"), core("Core-027")
    game = arranged(
        core,
        ["Core-082", "Core-027"],
        hand=[glasser],
        characters=[genius],
        domains=[[core("Core-082")] * 2, [], []],
    )
    act(game, PLAY, "Victoria Glasser")
    choose(game, "Mad Genius")
    assert game.status(game.characters[0]) == "insane"
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))  # story phase
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))  # next turn: restore
    assert game.choice.kind == "response"
    choose(game, "Mad Genius")  # use it
    choose(game, "Nowhere to Hide")
    assert game.stories[0].tokens == 1


def test_response_after_commit_draws(core):
    game = arranged(core, ["Core-022"], characters=[core("Core-022")], phase=STORY)
    act(game, COMMIT, "Dr. Ali Kafour")
    assert game.choice.kind == "response"
    choose(game, "draw")
    assert len(game.hand) == 1


def test_passive_skill(core):
    altar, atwood, assistant = core("Core-135"), core("Core-035"), core(FILLER)
    game = arranged(
        core, ["Core-135", "Core-035"], characters=[assistant], supports=[altar, atwood]
    )
    assert game.skill_of(game.characters[0]) == 3  # 1 + Altar 1 + Atwood 1 (one I icon)


def test_look_at_the_top_and_reorder(core):
    game = arranged(
        core,
        ["Core-115"],
        hand=[core("Core-115")],
        domains=own_domains(core, "Core-112", (1, 0, 0)),
    )
    act(game, PLAY, "Journey to the Other Side")  # not overpaid: reorder only
    top = []
    while game.choice is not None:
        top.append(game.choice.options[-1].x)
        game.apply(game.choice.options[-1])
    game._draw(4)
    assert game.hand[:4] == tuple(top)  # drawn in the order chosen


def test_a_cost_reduction_entering_play_is_seen_by_the_next_choice(core):
    """Anthropology Advisor makes investigators cost 1 less: once it is in play, Student
    Archaeologist (cost 2) is paid from the 1-resource domain, and the player plays it
    there, although its cost was worked out (2) before the Advisor came in."""
    game = arranged(
        core,
        ["Core-025", "Core-032"],
        hand=[core("Core-025"), core("Core-032")],
        domains=mu_domains(core, (3, 1, 0)),
    )
    archaeologist = next(i for i in game.hand if game.card(i).card_id == "Core-032")
    kind = game.deck.kind_of[archaeologist]
    assert game.pay_domain(kind) == 0  # only the 3-resource domain pays 2
    act(game, PLAY, "Anthropology Advisor")
    assert game.pay_domain(kind) == 1
    chosen = get_policy("greedy").play(game)
    assert (chosen.card, chosen.domain) == (archaeologist, 1)


# ------------------------------------------------------------------ rules from the data
def test_attachments_need_a_host_and_boosters_add_struggles(core):
    lamp = core("Core-075")
    game = arranged(core, ["Core-075"], hand=[lamp], domains=[[core("Core-061")] * 3, [], []])
    assert not [a for a in game.legal_actions() if a.kind == PLAY]  # no character to hold it
    game = arranged(
        core,
        ["Core-075"],
        hand=[lamp],
        characters=[core(FILLER)],
        domains=[[core("Core-061")] * 3, [], []],
    )
    act(game, PLAY, "Alhazred Lamp")
    assert game.attached_to(game.supports[0]) == game.characters[0]
    assert game.icons_of(game.characters[0]) == [1, 1, 1, 2]
    game = arranged(core, ["Core-034"], hand=[core("Core-034")], domains=mu_domains(core))
    act(game, PLAY, "Open for Inspection")
    choose(game, game.stories[1].title)
    assert game.stories[1].struggles == "TCAAIII" and game.stories[0].struggles == "TCAI"


def test_conspiracies_resolve_their_printed_struggles_and_thresholds(full_pool):
    archives, negotium = full_pool.card("LR-070"), full_pool.card("DD-080")
    deck = Deck("plots")
    deck.add(archives, 1)
    deck.add(negotium, 1)
    deck.add(full_pool.card(FILLER), 20)
    mu = [full_pool.card(FILLER)] * 2
    game = Game.arranged(deck, hand=[archives], domains=[mu, [], []])
    act(game, PLAY, "Combing the Archives")
    assert game.stories[3].struggles == "AAII" and game.stories[3].to_win == 5
    game = Game.arranged(deck, hand=[negotium], domains=[mu, [], []])
    act(game, PLAY, "Negotium Perambulans in Tenebris")
    assert game.stories[3].to_win == 10


def pass_(game):
    return next(a for a in game.legal_actions() if a.kind == PASS)


def test_a_conspiracy_with_two_investigation_struggles_earns_two_tokens(full_pool):
    archives, sleuth = full_pool.card("LR-070"), full_pool.card("Core-010")
    deck = Deck("plots")
    deck.add(archives, 1)
    deck.add(sleuth, 1)
    deck.add(full_pool.card(FILLER), 20)
    mu = [full_pool.card(FILLER)] * 2
    game = Game.arranged(deck, hand=[archives], characters=[sleuth], domains=[mu, [], []])
    act(game, PLAY, "Combing the Archives")
    game.apply(pass_(game))
    game.apply(next(a for a in game.legal_actions() if a.kind == COMMIT and a.story == 3))
    game.apply(pass_(game))
    assert game.stories[3].tokens == 4  # two investigation struggles + 2 for skill


def test_core_story_effects_are_offered_to_the_winner(core):
    game = arranged(core, [], characters=[core("Core-010")], phase=STORY, tokens=(3, 0, 0))
    game._stories[0] = 9  # The Other Path: a success token on a story with 2 or fewer
    act(game, COMMIT)
    game.apply(pass_(game))
    assert game.choice.kind == "story_effect"
    choose(game, "The Other Path")
    choose(game, game.stories[1].title)
    assert game.won == ("The Other Path",) and game.stories[1].tokens == 1


# ------------------------------------------------------------------ families
FAMILIES = {
    "draw events": ["Core-037", "Core-040"],
    "enters play: forced self-harm": ["Core-012", "Core-068", "Core-082", "Core-102", "Core-105"],
    "restore responses": ["Core-027", "Core-032"],
    "cost reducers": ["Core-025", "Core-050", "Core-085", "Core-101"],
    "skill passives": ["Core-035", "Core-049", "Core-107", "Core-113", "Core-135"],
    "icon passives": ["Core-025", "Core-045", "Core-075", "Core-129"],
    "return from the discard pile": ["Core-003", "Core-026"],
    "readying": ["Core-038", "Core-072", "Core-078", "Core-080", "Core-126"],
    "put into play": ["Core-116", "Core-119", "Core-131", "Core-140"],
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_card_of_a_family_plays_through_greedy_games(core, family):
    """Each family's cards, in a deck, play full games with their abilities: the text is
    data (every id is listed) and no game gets stuck or breaks a rule."""
    ids = FAMILIES[family]
    assert all(abilities_of(cid) is not None for cid in ids)
    deck = deck_of(core, *ids, filler=30)
    for seed in range(6):
        for name in ("greedy", "random"):
            policy = get_policy(name)
            game = Game.new(deck, seed=seed, turn_cap=10)
            while not game.is_over:
                game.apply(policy.choose(game))


def test_step_by_step_equals_run_with_abilities(core):
    deck = deck_of(
        core,
        "Core-022",
        "Core-025",
        "Core-027",
        "Core-031",
        "Core-035",
        "Core-040",
        "Core-082",
        "Core-115",
        "Core-135",
        "Core-154",
        filler=15,
    )
    for seed in range(10):
        policy = get_policy("greedy")
        ran = Game.new(deck, seed=seed).run(policy)
        stepped = Game.new(deck, seed=seed)
        while not stepped.is_over:
            stepped.apply(policy.choose(stepped))
        assert stepped.log == ran.log


def test_keywords_only_ignores_text(core):
    game = arranged(
        core, ["Core-040"], hand=[core("Core-040")], domains=mu_domains(core), text=False
    )
    assert [a.kind for a in game.legal_actions()] == [PASS]
    assert game.phase == OPERATIONS


def test_coverage_of_the_real_decks(full_pool):
    """Among cards whose text acts in a goldfish, weighted by copies in the real decks (the
    OCTGN Core Set decks and the example deck), at least 80% are simulated."""
    from pathlib import Path

    from conftest import requires_shared

    from deckbuilder.engine.text.coverage import status_of
    from deckbuilder.formats import read_deck

    folder = requires_shared("carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Decks")
    paths = sorted(folder.glob("*/*.o8d"))
    paths.append(Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt")
    solo = simulated = 0
    for path in paths:
        for entry in read_deck(path, full_pool).draw:
            cls, status = status_of(entry.card.card_id)
            if cls == "solo":
                solo += entry.count
                simulated += entry.count * (status == "simulated")
    assert solo > 50
    assert simulated / solo >= 0.8


def test_a_conspiracy_win_effect_is_data_from_its_set_file(full_pool):
    """Outside the Core Set, a conspiracy's "if you win" is data in its set's file: here, a
    conspiracy that draws 5 when won while you control a Miskatonic University character."""
    from deckbuilder.engine.text.load import abilities_of, card_text_entry

    assert card_text_entry("CoC-044").path.name == "coc.toml"
    scholars = full_pool.card("CoC-044")
    assert abilities_of("CoC-044") is not None
    deck = Deck("family")
    deck.add(scholars, 1)
    deck.add(full_pool.card(FILLER), 20)
    game = Game.arranged(deck, hand=[scholars], characters=[full_pool.card(FILLER)])
    act(game, PLAY, "A Conspiracy of Scholars")
    game.you.tokens[3] = 4
    game.apply(pass_(game))
    game.apply(next(a for a in game.legal_actions() if a.kind == COMMIT and a.story == 3))
    game.apply(pass_(game))
    choose(game, "draw 5 cards")
    assert game.won == ("A Conspiracy of Scholars",)
    assert any(e.kind == "draw" and e.text.startswith("drew 5") for e in game.log)
