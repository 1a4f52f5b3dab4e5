"""Card text read without needless work (same answers, fewer calls): an icons passive with
``times`` counts once per reading; the ``exists`` condition reads a filter on subtypes from
its per-kind table while no card has gained a trait."""

from __future__ import annotations

from deckbuilder.deck import Deck
from deckbuilder.engine.game import OPERATIONS, Game
from deckbuilder.engine.text import constants, costs, values


def test_icons_times_counts_once_per_reading(monkeypatch):
    counted = []

    def compile_amount(spec, where):
        def amount(game, src, ctx, player=None):
            counted.append(src)
            return 3

        return amount

    monkeypatch.setattr(constants, "compile_amount", compile_amount)
    static = constants.icons("test", False, "CA", None, None, {"count": {"title": "X"}})
    assert static.icons(None, 7) == (0, 3, 3, 0)
    assert counted == [7]  # not once per icon


def test_exists_on_a_subtype_reads_the_table_until_a_trait_is_gained(full_pool, monkeypatch):
    deck = Deck("exists")
    assistant, an_event = full_pool.card("Core-029"), full_pool.card("Core-040")
    deck.add(assistant, 3)
    deck.add(an_event, 3)
    game = Game.arranged(deck, characters=[assistant], phase=OPERATIONS)
    (character,) = game.you.characters
    asked = _count_filter_calls(monkeypatch, values)
    scientist = values.compile_condition({"exists": {"subtype": "Scientist"}}, "test")
    sorcerer = values.compile_condition({"exists": {"subtype": "Sorcerer"}}, "test")
    assert scientist(game, character, None)
    assert not sorcerer(game, character, None)
    assert asked == []  # the table decided, no call per card
    game._traits[character] = {"sorcerer"}  # gained for a while: each card is asked
    assert sorcerer(game, character, None)
    assert asked == [character]


def test_a_sacrifice_cost_stops_at_the_first_card_that_may_pay(full_pool, monkeypatch):
    deck = Deck("sacrifice")
    assistant = full_pool.card("Core-029")
    deck.add(assistant, 3)
    game = Game.arranged(deck, characters=[assistant, assistant], phase=OPERATIONS)
    asked = _count_filter_calls(monkeypatch, costs)
    can_pay, _ = costs.sacrifice_other("test", {"type": "character"})
    assert can_pay(game, -1)
    assert asked == game.you.characters[:1]  # whether one may pay: the rest not looked at


def _count_filter_calls(monkeypatch, module) -> list[int]:
    """The cards that filters compiled by ``module`` are asked about, in order (the filter
    keeps its tables, so a table may still decide without a call)."""
    asked: list[int] = []
    compile_filter = module.compile_filter

    def counting(spec, where=""):
        pred = compile_filter(spec, where)

        def wrapped(game, src, i):
            asked.append(i)
            return pred(game, src, i)

        wrapped.__dict__.update(pred.__dict__)
        return wrapped

    monkeypatch.setattr(module, "compile_filter", counting)
    return asked
