"""At 100x30 nothing a player needs is cut off: the deck list's columns, the collection's
Missing column, the footer's F-keys; unique cards are marked."""

from __future__ import annotations

from textual.widgets import DataTable
from textual.widgets._footer import FooterKey
from tui_helpers import sample_deck, settle

from deckbuilder.tui.widgets.deck_list import DeckList

SMALL = (100, 30)


def _footer_keys(app) -> dict[str, object]:
    return {key.key: key for key in app.screen.query(FooterKey)}


async def test_at_100x30_no_needed_column_or_key_is_cut(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        for screen_key in ("f2", "f3", "f4", "f5"):
            await pilot.press(screen_key)
            await settle(pilot)
            keys = _footer_keys(app)
            for f_key in ("f1", "f2", "f3", "f4", "f5"):
                assert keys[f_key].region.right <= SMALL[0], (screen_key, f_key)
                assert keys[f_key].region.width > 0
            if screen_key == "f3":
                deck_list = app.screen.query_one(DeckList)
                shown = [key for key, _, _ in deck_list.columns()]
                assert {"count", "title", "cost", "skill", "icons", "set"} <= set(shown)
                unique = next(i for i, c in enumerate(deck_list._rows) if getattr(c, "unique", 0))
                line = "".join(s.text for s in deck_list._segments(unique))
                assert line.startswith(" 3  *")  # unique cards are marked
            if screen_key == "f4":
                table = app.screen.query_one("#deck-needs", DataTable)
                labels = [str(c.label) for c in table.ordered_columns]
                assert labels[-1] == "Missing"
                assert sum(c.get_render_width(table) for c in table.ordered_columns) <= (
                    table.size.width
                )
