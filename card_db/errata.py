"""FAQ errata that change a card's printed facts rather than its text.

The card database applies them when it loads card data (and an upgrade applies them to an
older database), so search, the card views and the goldfish agree. Errata of a copy limit
live in the legality lists (``card_db/lists``); errata of a card's text, in the engine's
card data (``deckbuilder/engine/text``).
"""

from __future__ import annotations

# LCG cards the FAQ (v22) makes unique, by title and descriptor so that every printing is.
UNIQUE_BY_ERRATA = frozenset(
    {
        ("Uroborus", "Fang of Yig"),
        ("Descendant of Eibon", "Master of the Black Arts"),
    }
)


def unique_by_errata(era: str, title: str, descriptor: str | None) -> bool:
    return era == "LCG" and (title, descriptor) in UNIQUE_BY_ERRATA
