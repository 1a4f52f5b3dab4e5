"""Card states and zones (``vocab_states``): Fated, counters kept on a card, face-down
attachments, cards turned into characters, playing a card from the discard pile or the top
of the deck. Positions the scenarios cannot set (counters, a known top card)."""

from __future__ import annotations

from test_card_scenarios import build, check, step

from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.vocab_marks import counters


def _game(full_pool, **scenario):
    scenario.setdefault("card", scenario.get("supports", scenario.get("characters", [""]))[0])
    return build(full_pool, scenario)


def _inst(game, cid):
    return next(i for i in game.you.characters + game.you.supports if game.card(i).card_id == cid)


def _put_on_top(game, cid):
    inst = next(i for i in game.you.deck_cards if game.card(i).card_id == cid)
    game.you.deck_cards.remove(inst)
    game.you.top.append(inst)
    return inst


def test_fated_removes_the_card_from_the_game(full_pool):
    """Jeanne D'Ys, Fated 3: her third success token removes her from the game."""
    game = _game(full_pool, characters=["TKatG-001"])
    jeanne = _inst(game, "TKatG-001")
    game._uses[(jeanne, "counter")] = 2
    step(game, "use TKatG-001")
    assert jeanne not in game.you.characters and jeanne not in game.you.discard
    assert counters(game, jeanne) == 0


def test_yog_sothoth_all_in_one_fates_a_card_for_each_token_placed(full_pool):
    """Yog-Sothoth, All-In-One: after you place a success token on a story, a card you
    control gains Fated 3 and a success token: its third token removes it from the game."""
    game = _game(
        full_pool,
        characters=["TKatG-008", "Core-010"],
        phase="story",
        stories=["Core-156", "Core-157", "Core-158"],
    )
    clerk = _inst(game, "Core-010")
    game._uses[(clerk, "counter")] = 2
    step(game, "commit Core-010 1")
    step(game, "pass")
    step(game, "choose add a token to Blackwood")
    assert clerk not in game.you.characters and clerk in game.you.removed


def test_the_supernal_prism_is_used_by_the_greedy_player_only_for_cards(full_pool):
    """The Supernal Prism: with an empty hand it would only be lost; with 1 card, it
    draws 5 for it."""
    from deckbuilder.engine.greedy_policy import GreedyPolicy

    def worth_it(hand):
        game = _game(full_pool, supports=["TiV-031"], hand=hand)
        prism = _inst(game, "TiV-031")
        ab = game.deck.by_trigger["action"][game.deck.kind_of[prism]][0]
        return GreedyPolicy()._worth_using_ability(game, ab, prism, game.phase)

    assert not worth_it([])
    assert worth_it(["Core-010"])


def test_play_from_top_plays_a_cultist(full_pool):
    """Unaussprelichen Kulten plays the revealed top card when it is a Cultist character."""
    game = _game(
        full_pool, supports=["TSB-025"], discard=["Core-092"], domains=[["Core-092"] * 2, [], []]
    )
    artist = _put_on_top(game, "Core-092")
    step(game, "use TSB-025")
    step(game, "choose play Mad")
    assert artist in game.you.characters and sum(game.you.drained) == 1


def test_broadmoor_plays_a_cthulhu_event_on_top(full_pool):
    """Broadmoor: the revealed top card, a Cthulhu event, is played as if from hand."""
    game = _game(
        full_pool, supports=["TTY-041"], discard=["KD-028"], domains=[["KD-028"] * 2, [], []]
    )
    event = _put_on_top(game, "KD-028")
    step(game, "use TTY-041")
    step(game, "choose play Called")
    assert event in game.you.discard and sum(game.you.drained) == 1


def test_face_down_cards_go_to_the_discard_pile_with_their_host(full_pool):
    """Trophy Room: a face-down character adds skill to a chosen character; when the room
    leaves play, its face-down card goes to the discard pile."""
    game = _game(full_pool, supports=["MoE-038"], characters=["Core-010"], discard=["Core-092"])
    room = _inst(game, "MoE-038")
    step(game, "use MoE-038 1")
    step(game, "choose attach face down Mad")
    assert list(game.you.facedown.values()) == [room]
    game.you.exhausted_supports.clear()
    step(game, "use MoE-038")  # its first action has nothing left to attach
    check(game, {"skill": {"Core-010": 4}})
    game._leave_play(room)
    assert not game.you.facedown and len(game.you.discard) == 2


def _tesla_with_a_token(full_pool):
    """Nikola Tesla in play with a success token: an action used from the discard pile."""
    game = _game(
        full_pool,
        characters=["TKatG-004", "Core-003"],
        supports=["TUP-092"],
        domains=[["TUP-092", "Core-003"], ["TUP-092"], []],
    )
    tesla = _inst(game, "TKatG-004")
    game._leave_play(_inst(game, "Core-003"))
    step(game, "use Core-003")
    assert counters(game, tesla) == 1
    return game, tesla


def test_tesla_counts_discard_pile_actions_and_moves_tokens_when_destroyed(full_pool):
    """Nikola Tesla: an action used from the discard pile adds a token on him; destroyed
    (not sacrificed: the FAQ keeps them apart), he moves his tokens to a story."""
    game, tesla = _tesla_with_a_token(full_pool)
    game._leave_play(tesla)  # destroyed
    game._after_triggers()
    step(game, "yes")
    step(game, "choose token on")
    assert sum(game.you.tokens) == 1


def test_a_sacrificed_tesla_moves_no_token(full_pool):
    game, tesla = _tesla_with_a_token(full_pool)
    step(game, "use TUP-092 1")  # The Three Bells: sacrifice him
    assert tesla in game.you.discard and game.choice is None
    assert sum(game.you.tokens) == 0


def test_a_card_played_from_the_discard_pile_triggers_no_effect(full_pool):
    """Ghoulish Hag played from the discard pile is a play, not an effect triggered from
    there: Nikola Tesla gets no token."""
    game = _game(
        full_pool,
        characters=["TKatG-004"],
        supports=["TH-020"],
        discard=["SftSK-073"],
        domains=[["SftSK-073"] * 3, [], []],
    )
    tesla = _inst(game, "TKatG-004")
    step(game, "use SftSK-073")
    check(game, {"in_play": ["SftSK-073"]})
    assert counters(game, tesla) == 0


def test_de_vermis_counters_lower_every_skill(full_pool):
    game = _game(full_pool, supports=["TKatG-026"], characters=["Core-010"])
    game._uses[(_inst(game, "TKatG-026"), "counter")] = 2
    game._statics_cache = None
    check(game, {"skill": {"Core-010": 1}})


def test_drawing_the_sign_wins_a_story_with_eight_tokens(full_pool):
    game = _game(full_pool, supports=["TMoM-025"])
    sign = _inst(game, "TMoM-025")
    assert not [a for a in game.legal_actions() if a.card == sign]
    game._uses[(sign, "counter")] = 8
    step(game, "use TMoM-025")
    step(game, "choose win")
    while game._choice is not None:  # the won story's own effect, if offered
        step(game, "no")
    assert len(game.you.won) == 1 and sign in game.you.discard


def test_rite_spends_counters_for_a_dearer_character(full_pool):
    game = _game(full_pool, supports=["TKatG-023"], discard=["Core-092"])
    rite = _inst(game, "TKatG-023")
    game._uses[(rite, "counter")] = 3
    step(game, "use TKatG-023")
    step(game, "choose put into play Mad")
    assert counters(game, rite) == 1 and len(game.you.characters) == 1


def test_three_bells_with_three_tokens_bring_back_a_character(full_pool):
    game = _game(full_pool, supports=["TUP-092"], discard=["Core-092"])
    bells = _inst(game, "TUP-092")
    game._uses[(bells, "counter")] = 3
    step(game, "use TUP-092")
    step(game, "choose put into play Mad")
    assert len(game.you.characters) == 1 and bells in game.you.discard


def test_dormant_card_wakes_when_its_story_is_won(full_pool):
    """Fiona Day, Dormant: attached face down to a story without tokens of yours; when that
    story is won she is played for free, and sacrifices Cultists for tokens on a story."""
    game = _game(full_pool, hand=["TSB-015"], characters=["Core-029", "Core-092", "TSB-001"])
    step(game, "use TSB-015")
    step(game, "choose attach as Dormant to Nowhere")
    assert not game.you.hand and len(game.you.facedown) == 1
    game.you.tokens[0] = 4
    for text in ("pass", "commit Core-029 1", "pass", "choose decline", "yes", "yes"):
        step(game, text)
    for text in ("choose tokens on The Shadow", "choose sacrifice Mad", "choose sacrifice Init"):
        step(game, text)
    check(game, {"in_play": ["TSB-015", "Core-029"], "characters": 2, "won": 1})
    assert game.you.tokens[1] == 2 and not game.you.facedown


def test_tokens_added_to_a_story_already_being_won_do_not_win_it_again(full_pool):
    """An effect of a story's own win that adds tokens to it (its tokens already at the
    number needed) must not win it a second time."""
    game = _game(full_pool, characters=["TKatG-001"], tokens=(5, 0, 0))
    won_before = list(game.you.won)
    adding = game._add_token(0, 1)
    try:
        next(adding)
        raise AssertionError("adding a token asked for a choice")
    except StopIteration as done:
        assert done.value is False
    assert game.you.won == won_before and game.you.tokens[0] == 6


def test_a_card_back_in_play_has_no_counters_from_before(full_pool):
    """Jeanne D'Ys destroyed with two tokens on her comes back with none (what reads them as
    she leaves, Nikola Tesla's text, still can)."""
    game = _game(full_pool, characters=["TKatG-001"])
    jeanne = _inst(game, "TKatG-001")
    game._uses[(jeanne, "counter")] = 2
    game._leave_play(jeanne)
    game.you.discard.remove(jeanne)
    game._place_in_play(jeanne)
    assert counters(game, jeanne) == 0


def test_readying_a_support_is_worth_paying_for_only_with_one_exhausted(full_pool):
    """Ancient Guardian's "pay 1: ready an exhausted character or support": not usable with
    nothing exhausted (no target, FAQ 1.5), and worth paying for with a support to ready."""
    from deckbuilder.engine.greedy_policy import GreedyPolicy

    game = _game(
        full_pool,
        characters=["Core-126"],
        supports=["Core-106"],
        domains=[["Core-029", "Core-029"], [], []],
    )
    guardian, support = _inst(game, "Core-126"), _inst(game, "Core-106")
    policy = GreedyPolicy()

    def ready_support():
        return [
            ab for i, n, ab in game.usable_abilities() if i == guardian and "support" in ab.text
        ]

    assert ready_support() == []
    game.you.exhausted_supports.add(support)
    assert len(ready_support()) == 1
    assert policy._worth_using_ability(game, ready_support()[0], guardian, game.phase)


def test_willpower_for_the_phase_ends_with_the_phase_even_alone(full_pool):
    """A keyword gained until the end of the phase (Blackmarket Artifact's Willpower) is the
    only thing the phase holds: it still ends when the operations phase does."""
    game = _game(full_pool, characters=["Core-029"])
    assistant = _inst(game, "Core-029")
    game._keywords.append((assistant, "Willpower", 1))
    assert game.gained_keyword(assistant, "Willpower") == 1
    game._end_operations()
    assert game.phase == "story"
    assert game.gained_keyword(assistant, "Willpower") == 0


def test_the_tattered_cloak_makes_the_attached_character_a_servitor(full_pool):
    """The Tattered Cloak: "Attached character gains the Servitor subtype" acts on your own
    character (no simulated card counts Servitors yet, so a filter reads it here)."""
    game = _game(
        full_pool,
        characters=["Core-029"],
        supports=["TKatG-047"],
        attach=[{"card": "TKatG-047", "to": "Core-029"}],
    )
    servitor = compile_filter({"type": "character", "subtype": "Servitor"}, "test")
    cloak, host = _inst(game, "TKatG-047"), _inst(game, "Core-029")
    assert servitor(game, cloak, host)


def test_pagan_hall_moves_its_tokens_to_one_story_and_keeps_the_rest(full_pool):
    """Pagan Hall, Science Department: "move any number of success tokens from it to a
    story of your choice": one story; the tokens left once it is won stay on the Hall."""
    game = _game(
        full_pool,
        supports=["TTotT-064"],
        tokens=[3, 0, 0],
        stories=["Core-156", "Core-157", "Core-158"],
    )
    hall = _inst(game, "TTotT-064")
    game._uses[(hall, "counter")] = 3
    step(game, "use TTotT-064")
    step(game, "choose Nowhere to Hide")
    check(game, {"tokens": [5, 0, 0]})
    assert counters(game, hall) == 1
