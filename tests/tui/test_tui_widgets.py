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


def test_the_goldfish_board_names_every_resource_of_a_fourth_domain_when_narrow(full_pool):
    """A game with a fourth domain on the 42-cell board of an 80-column terminal: every
    domain and every resource's title is shown whole (columns would cut them to "…")."""
    from rich.console import Console

    from deckbuilder.deck import Deck
    from deckbuilder.engine.game import Game
    from deckbuilder.tui.widgets.board import board

    keys = ("Core-002", "Core-003", "Core-004", "Core-005")
    cards = [full_pool.card(k) for k in keys]
    deck = Deck("four domains")
    for card in cards:
        deck.add(card, 3)
    game = Game.arranged(deck, domains=([cards[0]], [cards[1]], [cards[2]]), hand=[cards[3]])
    game._attach_resource(game.you.hand[-1], game._add_domain())
    for width in (42, 100):
        console = Console(width=width, record=True)
        console.print(board(game, width))
        text = " ".join(console.export_text().split())
        assert "…" not in text, text
        for d, card in enumerate(cards, start=1):
            assert f"Domain {d}: {game.domain_value(d - 1)}" in text, text
            # Whole on one line when narrow; wrapped within its column when wide.
            assert all(word in text for word in card.title.split()), text
        if width == 42:
            assert all(card.title in text for card in cards), text
