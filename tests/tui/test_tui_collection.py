"""The collection screen: add a product, see what the deck misses, mark it built."""

from __future__ import annotations

from textual.widgets import DataTable
from tui_helpers import SIZE, sample_deck, settle

from deckbuilder.tui.screens.collection import CollectionScreen
from deckbuilder.tui.screens.prompts import ChoicePrompt
from deckbuilder.tui.widgets.card_detail import CardDetail


async def _add_core_set(pilot) -> None:
    """p lists the products; the Core Set is the first LCG product."""
    await pilot.press("p")
    assert isinstance(pilot.app.screen, ChoicePrompt)
    assert pilot.app.screen.choices[0].endswith("Core Set")
    await pilot.press("enter")
    await settle(pilot)


async def test_owned_missing_and_built(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool, "Misk"), None)
        await pilot.press("f4")
        await settle(pilot)
        assert isinstance(app.screen, CollectionScreen)
        # nothing owned yet: every title is missing
        assert app.screen.check is not None and not app.screen.check.buildable

        await _add_core_set(pilot)
        assert app.collection.summary.cards > 100
        # one Core Set holds one copy of each of its cards: the deck needs 3
        check = app.screen.check
        assert not check.buildable
        assert all(m.have == 1 and m.need == 3 for m in check.missing)
        table = app.screen.query_one("#deck-needs", DataTable)
        first = table.get_row_at(0)
        assert first[1:4] == ["3", "1", "1"] and str(first[4]) == "2"  # need, owned, free

        await _add_core_set(pilot)
        await _add_core_set(pilot)
        assert app.screen.check.buildable

        await pilot.press("b")
        await settle(pilot)
        assert [b.name for b in app.collection.built] == ["Misk"]
        assert app.collection.summary.reserved == app.deck.draw_count
        # the counts reach the search (own:, avail:) and the card detail
        card = app.deck.draw[0].card
        assert app.query_context().owned(card) == 3
        assert app.query_context().available(card) == 0
        app.show_card(card.id)
        await settle(pilot)
        detail = app.screen.query_one(CardDetail)
        assert (detail.card, detail.owned, detail.available) == (card, 3, 0)
        await pilot.press("f4")

        await pilot.press("u")
        await settle(pilot)
        assert app.collection.built == []


async def test_single_cards_and_removing_a_product(make_app, full_pool):
    app = make_app(private=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("c", *"2 Itinerant Scholar", "enter")
        await settle(pilot)
        scholar = full_pool.cards_of_title("Itinerant Scholar")[0]
        assert app.collection.owned_of(scholar) == 2
        assert "+2 Itinerant Scholar" in str(app.screen.query_one("#owned-summary").render())
        await _add_core_set(pilot)
        assert app.collection.owned_of(scholar) == 3
        await pilot.press("x")
        assert app.screen.choices == ["Core  Core Set (own 1)"]
        await pilot.press("enter")
        await settle(pilot)
        assert app.collection.summary.products == []
        assert app.collection.owned_of(scholar) == 2
        await pilot.press("x")  # nothing left to remove: said, no prompt
        assert isinstance(app.screen, CollectionScreen)
