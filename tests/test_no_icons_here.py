"""O'Bannion's Inner Council (DotU-003): "Characters with lower skill than O'Bannion's Inner
Council committed to the same story do not count their icons at that story." Story
resolution reads the rule (scenarios); so do the icon counts of struggle effects
(``_counted``) and the automatic player's commit plan."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.engine.game import STORY, Game
from deckbuilder.engine.greedy_policy import GreedyPolicy
from deckbuilder.engine.text.vocab_struggles import _counted

COUNCIL, ASSISTANT, GHOST, STUDENT = "DotU-003", "Core-029", "Core-091", "THBtS-023"


def _game(full_pool, characters):
    deck = Deck("no icons here")
    for cid in set(characters):
        deck.add(full_pool.card(cid), 3)
    filler = full_pool.card(ASSISTANT)
    deck.add(filler, 30)
    return Game.arranged(
        deck,
        domains=[[filler] * 4, [filler] * 2, [filler]],
        characters=[full_pool.card(c) for c in characters],
        phase=STORY,
        first_player=False,
    )


def _inst(game, cid, nth=0):
    return [i for i in game.you.characters if game.card(i).card_id == cid][nth]


def test_struggle_effects_do_not_count_silenced_icons(full_pool):
    game = _game(full_pool, [COUNCIL, ASSISTANT])
    council, assistant = _inst(game, COUNCIL), _inst(game, ASSISTANT)
    game._commit(council, 0)
    game._commit(assistant, 0)
    # Council (skill 3 with itself a Criminal) counts its (I); the Assistant (skill 1) not.
    assert _counted(game, 0, 3) == 1


def test_the_greedy_player_sends_a_helper_where_its_icons_count(full_pool):
    # The Council is already at story 0; two Ghosts (skill, no icon) go to stories 0 and
    # 1, both lacking an (I) icon; the Graduate Student (skill 0, (I)) helps at story 1,
    # where its icon counts, not at story 0 beside the Council.
    game = _game(full_pool, [COUNCIL, GHOST, GHOST, STUDENT])
    game._commit(_inst(game, COUNCIL), 0)
    student = _inst(game, STUDENT)
    plan = GreedyPolicy().commit(game)
    assert (student, 1) in plan, plan
    assert (student, 0) not in plan, plan
