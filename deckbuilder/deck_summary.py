"""A deck's numbers at a glance: counts by type and faction, the cost curve, icon totals and
the steadfast resources it needs (``deckbuilder show``; the TUI's stats show the same)."""

from __future__ import annotations

from collections import Counter

from card_db.card import ICONS
from deckbuilder.deck import Deck


def deck_numbers(deck: Deck) -> dict:
    """Plain counts over the draw deck (one per copy); stories are counted apart."""
    by_type: Counter[str] = Counter()
    curve: Counter[str] = Counter()
    icons: Counter[str] = Counter()
    factions: Counter[str] = Counter()
    steadfast: dict[str, int] = {}
    for card in deck.draw_cards():
        by_type[card.type] += 1
        factions[card.faction] += 1
        if card.type != "Story":
            curve["X" if card.cost_is_x else str(card.cost or 0)] += 1
        for icon in ICONS:
            icons[icon] += getattr(card, icon)
        for faction, n in card.steadfast:
            steadfast[faction] = max(steadfast.get(faction, 0), n)
    return {
        "types": by_type,
        "curve": curve,
        "icons": icons,
        "factions": factions,
        "steadfast": steadfast,
        "stories": sum(e.count for e in deck.story),
    }


def curve_rows(curve: Counter[str]) -> list[tuple[str, int]]:
    """The cost curve from 0 to the top cost, gaps as 0, X last."""
    costs = [int(label) for label in curve if label != "X"]
    rows = [(str(c), curve.get(str(c), 0)) for c in range(max(costs) + 1)] if costs else []
    if curve.get("X"):
        rows.append(("X", curve["X"]))
    return rows


def steadfast_needs(deck: Deck) -> list[dict]:
    """Per faction: the most resources of it one card needs (steadfast), which cards need
    that many, and how many cards of the faction the deck has to attach as resources."""
    factions: Counter[str] = Counter(card.faction for card in deck.draw_cards())
    needs: dict[str, dict] = {}
    for entry in deck.draw:
        for faction, n in entry.card.steadfast:
            need = needs.setdefault(faction, {"faction": faction, "resources": 0, "cards": []})
            if n > need["resources"]:
                need["resources"], need["cards"] = n, []
            if n == need["resources"] and entry.card.title not in need["cards"]:
                need["cards"].append(entry.card.title)
    return [
        {**need, "faction_cards": factions.get(faction, 0)}
        for faction, need in sorted(needs.items())
    ]
