"""The facts a game reads of its deck at each step (``DeckFacts``) say what the compiled
deck says: whether a card answers each event, or has each kind of passive."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.cards import compile_deck
from deckbuilder.engine.deck_facts import DeckFacts, deck_facts
from deckbuilder.engine.game import Game
from deckbuilder.formats import read_deck

DECKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks" / "decks").glob("*.txt"))


def story_resolution_read_directly(cd) -> tuple:
    text, trigger = cd.text, cd.any_trigger
    story_statics = cd.static_kinds & ab.STORY_STATICS
    answers = [
        text and trigger[t]
        for t in (
            ab.SUCCEEDED,
            ab.STRUGGLE_WON,
            ab.STORY_RESOLVED,
            ab.READIED_BY_STRUGGLE,
            ab.TOKENS_PLACED,
            ab.WOULD_TOKEN,
            ab.STORIES_RESOLVED,
            ab.BEFORE_STRUGGLE,
            ab.AFTER_STRUGGLE,
            ab.NOT_SUCCEEDED,
        )
    ]
    plain = not cd.any_boosters
    core = plain and not answers[1] and not story_statics and not answers[7] and not answers[8]
    return (plain, *answers[:6], story_statics, *answers[6:], core)


def facts_read_directly(cd) -> dict[str, bool]:
    """Each fact, read from the compiled deck as the rules used to ask it."""
    text, trigger, kinds = cd.text, cd.any_trigger, cd.static_kinds
    return {
        "readied": bool(trigger[ab.READIED] and text),
        "ready_limit": ab.READY_LIMIT in kinds,
        "plain_refresh": not (trigger[ab.READIED] and text) and ab.READY_LIMIT not in kinds,
        "turn_start": bool(text and trigger[ab.TURN_START]),
        "would_draw": bool(trigger[ab.WOULD_DRAW]),
        "draw_phase": ab.DRAW_PHASE in kinds,
        "card_drawn": bool(text and trigger[ab.CARD_DRAWN]),
        "after_draw": bool(text and trigger[ab.AFTER_DRAW]),
        "after_draw_any": bool(trigger[ab.AFTER_DRAW]),
        "plain_draw": not (
            ab.DRAW_PHASE in kinds or (text and trigger[ab.CARD_DRAWN]) or trigger[ab.AFTER_DRAW]
        ),
        "resource_discard": ab.RESOURCE_DISCARD in kinds,
        "resource_actions": any(
            a.window & ab.RESOURCE_WINDOW for per_kind in cd.by_trigger[ab.ACTION] for a in per_kind
        ),
        "drain_matters": bool(cd.any_transient or trigger[ab.DOMAIN_DRAINED]),
        "played_character": bool(trigger[ab.PLAYED_CHARACTER]),
        "card_played": bool(trigger[ab.CARD_PLAYED]),
        "enters_exhausted": ab.ENTERS_EXHAUSTED in kinds,
        "enters_insane": ab.ENTERS_INSANE in kinds,
        "character_enters": bool(trigger[ab.CHARACTER_ENTERS]),
        "character_put": bool(trigger[ab.CHARACTER_PUT]),
        "support_enters": bool(trigger[ab.SUPPORT_ENTERS]),
        "conspiracy_enters": bool(trigger[ab.CONSPIRACY_ENTERS]),
        "insane_when": ab.INSANE_WHEN in kinds,
        "story_phase": bool(text and trigger[ab.STORY_PHASE]),
        "cannot_commit": ab.CANNOT_COMMIT in kinds,
        "commits_ready": ab.COMMITS_READY in kinds,
        "commit_cost": ab.COMMIT_COST in kinds,
        "commit_to_rules": bool(
            kinds & {ab.COMMITS_HERE_ONLY, ab.COMMIT_BARRED, ab.COMMITS_EXHAUSTED_AT}
        ),
        "commit_step_rules": bool(kinds & ab.COMMIT_STEP_RULES),
        "character_exhausted": bool(trigger[ab.CHARACTER_EXHAUSTED]),
        "committed": bool(trigger[ab.COMMITTED]),
        "character_committed": bool(trigger[ab.CHARACTER_COMMITTED]),
        "plain_commits": not (
            kinds
            & {
                ab.CANNOT_COMMIT,
                ab.COMMITS_EXHAUSTED,
                ab.COMMITS_READY,
                ab.COMMIT_COST,
                ab.COMMITS_HERE_ONLY,
                ab.COMMIT_BARRED,
                ab.COMMITS_EXHAUSTED_AT,
            }
            or trigger[ab.CHARACTER_EXHAUSTED]
            or trigger[ab.COMMITTED]
            or trigger[ab.CHARACTER_COMMITTED]
        ),
        "uncommit_all": ab.STAYS_UNTIL_WON in kinds or bool(text and trigger[ab.UNCOMMITTED]),
        "uncommitted": bool(text and trigger[ab.UNCOMMITTED]),
        "turn_end": bool(text and trigger[ab.TURN_END]),
        "tokens_to_win": ab.TOKENS_TO_WIN in kinds,
        "win_rules": bool(kinds & ab.WIN_RULES),
        "would_leave": bool(trigger[ab.WOULD_LEAVE] or trigger[ab.WOULD_DISCARD]),
        "discard_memory": "discards" in cd.memories,
        "card_to_discard": bool(trigger[ab.CARD_TO_DISCARD]),
        "discard_noted": "discards" in cd.memories or bool(trigger[ab.CARD_TO_DISCARD]),
        "departure_memory": "departures" in cd.memories,
        "character_leaves": bool(trigger[ab.CHARACTER_LEAVES]),
        "support_leaves": bool(trigger[ab.SUPPORT_LEAVES]),
        "ability_triggered": bool(trigger[ab.ABILITY_TRIGGERED]),
        "forced_triggered": bool(trigger[ab.FORCED_TRIGGERED]),
        "no_abilities": ab.NO_ABILITIES in kinds,
        "blank": ab.BLANK in kinds,
        "blanks_phase": "blanks" in cd.memories,
        "match_as": ab.MATCH_AS in kinds,
        "host_bound": ab.HOST_BOUND in kinds,
        "story_resolution": story_resolution_read_directly(cd),
        "plain_game": not text
        and not any(cd.statics)
        and not any(cd.boosters)
        and story_resolution_read_directly(cd)[-1]
        and not kinds
        and not trigger[ab.AFTER_DRAW]
        and not trigger[ab.WOULD_DRAW]
        and not any(cd.by_trigger[ab.ACTION]),
    }


@pytest.mark.parametrize("text", [True, False])
@pytest.mark.parametrize("path", DECKS, ids=[p.stem for p in DECKS])
def test_facts_say_what_the_deck_says(full_pool, path, text):
    cd = compile_deck(read_deck(path, full_pool), text)
    facts = deck_facts(cd)  # (the same names: every fact is checked)
    assert {name: getattr(facts, name) for name in DeckFacts.__slots__} == facts_read_directly(cd)
    assert deck_facts(cd) is facts  # worked out once per deck


def test_a_game_reads_the_facts_of_its_deck_and_keeps_them_through_a_rewind(full_pool):
    cd = compile_deck(read_deck(DECKS[0], full_pool), True)
    game = Game.new(cd, seed=3, step_by_step=True)
    rng = random.Random(3)
    for _ in range(40):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        assert game.facts is deck_facts(game.deck)


def test_phase_memories_are_kept_only_for_decks_whose_text_reads_them(full_pool):
    from deckbuilder.deck import Deck

    def facts_of(*card_ids):
        deck = Deck("memories")
        for card_id in card_ids:
            deck.add(full_pool.card(card_id), 3)
        return deck_facts(compile_deck(deck, True))

    plain = facts_of("Core-029")
    assert not plain.discard_memory and not plain.departure_memory
    assert facts_of("Core-029", "Core-003").discard_memory  # Local Sheriff
    assert facts_of("Core-029", "Core-024").discard_memory  # Peaslee (a hook)
    assert facts_of("Core-029", "TTB-013").discard_memory  # Dr. Baker (a filter)
    friendly = facts_of("Core-029", "TOotST-054")
    assert friendly.departure_memory and not friendly.discard_memory
    # A deck without them remembers nothing, however its cards move.
    cd = compile_deck(read_deck(DECKS[0], full_pool), True)
    assert not cd.memories
    game = Game.new(cd, seed=5, step_by_step=True)
    rng = random.Random(5)
    for _ in range(200):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        assert not game._discarded_this_phase and not game._left_play_this_phase
