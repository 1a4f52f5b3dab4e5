""" "Would" windows (``AbilityMixin._would``, ``text/vocab_replace.py``): answered at once
inside the rule that opens them, a policy deciding their choices. The card scenarios step
through games without a policy; these tests give the window one."""

from __future__ import annotations

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.deck import Deck
from deckbuilder.engine.game import Game
from deckbuilder.engine.policies import get_policy
from tests.test_card_scenarios import build, step


class _Declining(Game):
    """A game whose "would" windows use every optional answer and take the last option of
    every other choice."""

    __slots__ = ()

    def _answer_now(self, gen, asking=None):
        choice = next(gen, None)
        while choice is not None:
            try:
                choice = gen.send(choice.options[0 if choice.kind == "response" else -1])
            except StopIteration:
                return


def _ids(game, zone):
    return [game.card(i).card_id for i in zone]


def test_house_advantage_draws_the_bottom_card_when_the_top_one_is_declined(full_pool):
    game = build(
        full_pool,
        {
            "card": "DotU-023",
            "supports": ["DotU-023"],
            "hand": ["SoK-046", "Core-040"],
            "domains": [["Core-029", "Core-029", "Core-029"], ["Core-090"], []],
        },
    )
    step(game, "play SoK-046")  # face up on top of the deck
    bottom = game.you.deck_cards.pop(0)
    game.you.bottom.insert(0, bottom)
    game.__class__ = _Declining  # a window answered "draw the bottom card instead"
    game._draw(1, True)
    assert game.you.hand[-1] == bottom
    assert _ids(game, game.you.top) == ["SoK-046"]


def test_alyssa_graham_stays_sane_for_a_cheap_card(full_pool):
    # Her answer is used only for a costly character on top of the discard pile.
    game = build(full_pool, {"card": "ER-046", "characters": ["ER-046"], "discard": ["Core-029"]})
    game._draw(1, True)
    assert game.status(game.you.characters[0]) == "ready"
    assert _ids(game, game.you.discard) == ["Core-029"]


def windows_deck(pool) -> Deck:
    """A deck of cards with "would" windows (draws, tokens, insanity, leaving play...)."""
    deck = Deck("windows")
    for cid in ("TSB-043", "TTotT-064", "DotU-023", "DotU-038", "Core-014", "TiV-006",
                "DD-063", "Core-040", "ER-046", "TTftS-090", "SoM-017", "Core-141"):  # fmt: skip
        deck.add(pool.card(cid), 3)
    deck.add(pool.card("Core-029"), 15)
    deck.add(pool.card("Core-010"), 10)
    return deck


def test_step_by_step_equals_run_with_would_windows(full_pool):
    deck = windows_deck(full_pool)
    for seed in range(8):
        policy = get_policy("greedy")
        ran = Game.new(deck, seed=seed).run(policy)
        stepped = Game.new(deck, seed=seed)
        while not stepped.is_over:
            stepped.apply(policy.choose(stepped))
        assert stepped.log == ran.log


def test_laban_shrewsbury_leaves_the_hand_for_the_deck(full_pool):
    game = build(
        full_pool,
        {
            "card": "WaB-008",
            "characters": ["TiV-013", "SoM-017", "Core-029"],
            "discard": ["WaB-008"],
            "hand": ["Core-040"],
            "domains": [["Core-029", "Core-029", "Core-029"], [], []],
        },
    )
    step(game, "use SoM-017")  # Doctor Lomboso puts him on top of the deck
    laban = next(i for i in game.you.top if game.card(i).card_id == "WaB-008")
    step(game, "play Core-040")
    assert laban in game.you.hand and game._choice is not None
    step(game, "yes")
    assert laban not in game.you.hand and laban in game.you.deck_cards
    assert len(game.you.hand) == 3


def test_the_sok_prophecy_answers_only_while_on_top_of_the_deck(full_pool):
    # Hamu XX 15:14 drawn back into hand no longer answers an insanity.
    game = build(
        full_pool,
        {
            "card": "SoK-046",
            "characters": ["SoM-017"],
            "hand": ["SoK-046"],
            "discard": ["Core-010"],
            "domains": [["Core-090"], [], []],
        },
    )
    step(game, "play SoK-046")
    game._draw(1, True)
    assert "SoK-046" in _ids(game, game.you.hand)
    step(game, "use SoM-017")
    assert game._choice is None
    assert _ids(game, game.you.discard) == ["Core-010"]


def test_restless_mi_go_stays_in_the_discard_pile_when_sacrificed(full_pool):
    # "After Restless Mi-Go is destroyed": a sacrifice is not a destruction (FAQ 2.27).
    game = build(full_pool, {"card": "FtGG-045", "characters": ["FtGG-045"]})
    mi_go = game.you.characters[0]
    game._sacrifice(mi_go)
    game._after_triggers()
    assert game._choice is None and mi_go in game.you.discard


def test_forgotten_shoggoth_hosts_no_attachment(full_pool):
    # "Cards cannot be attached to Forgotten Shoggoth": Shotgun may go on the other one only.
    game = build(
        full_pool,
        {"card": "AtMoM-012", "characters": ["AtMoM-012", "Core-029"], "hand": ["Core-014"]},
    )
    shotgun = game.you.hand[0]
    hosts = game.attach_hosts(game.deck.kind_of[shotgun])
    assert _ids(game, hosts) == ["Core-029"]


def _greedy_answer(full_pool, scenario, play):
    """The greedy player's answer to the first question after ``play``: 1 yes, 0 no."""
    game = build(full_pool, scenario)
    step(game, play)
    return get_policy("greedy").choose(game).x


def test_greedy_cancels_a_harmful_forced_response_only(full_pool):
    # Victoria Glasser's forced response drives one of yours insane: Hermetic Seal cancels it.
    seal = {"card": "TiV-042", "supports": ["TiV-042"], "characters": ["Core-029"]}
    victoria = {"hand": ["Core-082"], "domains": [["Core-082", "Core-082"], [], []]}
    assert _greedy_answer(full_pool, seal | victoria, "play Core-082") == 1
    # The Rays of Dawn's "destroy all Night cards" does not harm you: kept.
    rays = {"hand": ["TH-019"], "domains": [["TH-019"], [], []]}
    assert _greedy_answer(full_pool, seal | rays, "play TH-019") == 0
