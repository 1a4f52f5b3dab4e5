"""FAQ errata that change a card's printed facts rather than its text.

The card database applies them when it loads card data (and an upgrade applies them to an
older database), so search, the card views and the goldfish agree. Errata of a copy limit
live in the legality lists (``card_db/lists``); errata of a card's text, in the engine's
card data (``deckbuilder/engine/text``).
"""

from __future__ import annotations

_NO_ICONS = {"terror": 0, "combat": 0, "arcane": 0, "investigation": 0}

# The facts the FAQ (v22) gives LCG cards, by title and descriptor so that every printing
# has them. Keys are card table columns.
FACTS_BY_ERRATA: dict[tuple[str, str | None], dict[str, object]] = {
    ("Uroborus", "Fang of Yig"): {"unique": True},
    ("Descendant of Eibon", "Master of the Black Arts"): {"unique": True},
    ("Aspiring Artist", None): {"skill": 0, **_NO_ICONS},
}


def errata_facts(era: str, title: str, descriptor: str | None) -> dict[str, object]:
    """The facts the FAQ errata change on this card (none for most)."""
    if era != "LCG":
        return {}
    return FACTS_BY_ERRATA.get((title, descriptor), {})
