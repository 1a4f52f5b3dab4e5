"""The ability census (scripts/ability_census.py), the review aid that finds simulated
abilities the automatic player never uses: its decks are legal-sized and it counts uses."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "ability_census.py"


@pytest.fixture(scope="module")
def census(full_db):
    spec = importlib.util.spec_from_file_location("ability_census", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["ability_census"] = module
    spec.loader.exec_module(module)
    module._init(str(full_db))
    yield module
    sys.modules.pop("ability_census", None)


def test_a_census_deck_holds_fifty_cards_three_of_the_card_and_of_each_added(census):
    card, extra = census._POOL.card("CoC-c45"), census._POOL.card("TiV-024")
    deck = census._deck_with(card, (extra,))
    counts = {e.card.id: e.count for e in deck.draw}
    assert sum(counts.values()) == 50
    assert counts["CoC-c45"] == 3 and counts["TiV-024"] == 3


def test_an_ability_is_counted_only_when_its_trigger_happens(census):
    """Tragic Celebrity draws one more card while a conspiracy is in play: without one in
    the deck it never does; with Mass Hysteria beside it, it does."""
    alone = census._census(("CoC-c45", 30))
    helped = census._census(("CoC-c45", 30, "TiV-024"))
    assert alone["reached"] > 0 and helped["reached"] > 0
    assert alone["abilities"] == {"draw an additional card": 0}
    assert helped["abilities"]["draw an additional card"] > 0
