"""Pure drawing helpers of the TUI: bar charts within their width, the running header."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tui_helpers import sample_deck

from deckbuilder.tui.widgets.deck_stats import bar_chart
from deckbuilder.tui.widgets.legality import headline


@given(
    st.lists(
        st.tuples(st.text("abcXY0", min_size=1, max_size=10), st.integers(0, 999)),
        min_size=1,
        max_size=8,
    ),  # fmt: skip
    st.integers(24, 120),
)
def test_a_bar_chart_never_wraps_its_counts(counts, width):
    for line in bar_chart("Chart", counts, width=width).plain.splitlines():
        assert len(line) <= width


def test_the_running_header(full_pool):
    from deckbuilder.legality import check_deck

    deck = sample_deck(full_pool)
    result = check_deck(deck, pool=full_pool)
    assert headline(deck, result) == f"{deck.draw_count}/50 · legal · Miskatonic"
    hastur = next(c for c in full_pool.cards if c.faction == "Hastur" and c.type == "Character")
    deck.draw = deck.draw[:10]
    deck.add(hastur, 1)
    result = check_deck(deck, pool=full_pool)
    line = headline(deck, result)
    assert line.startswith(f"{deck.draw_count}/50 · not legal (")  # the verdict before factions
    assert line.endswith(" · Miskatonic + Hastur")


def test_the_running_header_names_a_one_card_splash(full_pool):
    from deckbuilder.legality import check_deck

    deck = sample_deck(full_pool)
    for faction in ("Hastur", "Cthulhu"):
        card = next(c for c in full_pool.cards if c.faction == faction and c.type == "Event")
        deck.add(card, 3 if faction == "Hastur" else 1)
    line = headline(deck, check_deck(deck, pool=full_pool))
    assert line.endswith(" · Miskatonic + Hastur + Cthulhu")


def test_the_goldfish_board_shows_a_characters_skill_and_icons_now(full_pool):
    """Two Alaskan Sledge Dogs: each has +1 skill and a (C) per dog in play (printed 1 and
    none): the board shows what their commits count, 3 and CC."""
    from rich.console import Console

    from deckbuilder.deck import Deck
    from deckbuilder.engine.game import Game
    from deckbuilder.tui.widgets.board import board

    dog = full_pool.card("AtMoM-016")
    deck = Deck("dogs")
    deck.add(dog, 8)
    game = Game.arranged(deck, characters=[dog, dog])
    console = Console(width=100, record=True)
    console.print(board(game))
    text = console.export_text()
    assert text.count("skill 3 CC") == 2, text
