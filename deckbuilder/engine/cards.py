"""A deck compiled for the engine: each distinct card becomes a small integer ("kind"), each
copy an integer ("instance"), and every rule-relevant fact sits in a plain list indexed by
kind. The rules read these lists instead of ``Card`` attributes because list indexing is the
cheapest lookup Python has, and the batch runner plays thousands of games per second.
"""

from __future__ import annotations

from card_db.card import FACTIONS
from card_db.names import title_key

NEUTRAL = FACTIONS.index("Neutral")
N_FACTIONS = len(FACTIONS)

CHARACTER, SUPPORT, EVENT, CONSPIRACY, OTHER = range(5)
_TYPES = {"Character": CHARACTER, "Support": SUPPORT, "Event": EVENT, "Conspiracy": CONSPIRACY}

# The ten stories of the Core Set story deck (the rulebook fixes its contents).
CORE_STORIES = (
    "Nowhere to Hide",
    "The Shadow out of Time",
    "Opening Night",
    "Ancient Apocrypha",
    "The Call of Cthulhu",
    "Through the Gates",
    "Rotting Away",
    "Frozen in Time",
    "Dreamwalkers",
    "The Other Path",
)

STORIES_TO_WIN = 3
TOKENS_TO_WIN_STORY = 5


class CompiledDeck:
    """Per-kind rule facts of a deck plus the kind of every instance (copy)."""

    __slots__ = (
        "cards",
        "kind_of",
        "counts",
        "ctype",
        "faction",
        "cost",
        "cost_is_x",
        "loyal",
        "steadfast",
        "transient",
        "unique_id",
        "heroic",
        "villainous",
        "side",
        "skill",
        "terror",
        "combat",
        "arcane",
        "investigation",
        "willpower",
        "factions",
    )

    def __init__(self, deck) -> None:
        cards = []
        counts = []
        index: dict[str, int] = {}
        for entry in deck.draw:
            if entry.count <= 0:
                continue
            k = index.get(entry.card.id)
            if k is None:
                index[entry.card.id] = len(cards)
                cards.append(entry.card)
                counts.append(entry.count)
            else:
                counts[k] += entry.count
        self.cards = tuple(cards)
        self.counts = tuple(counts)
        self.kind_of = tuple(k for k, n in enumerate(counts) for _ in range(n))
        unique_titles: dict[str, int] = {}
        self.ctype = [_TYPES.get(c.type, OTHER) for c in cards]
        self.faction = [
            FACTIONS.index(c.faction) if c.faction in FACTIONS else NEUTRAL for c in cards
        ]
        # Unknown costs (stories, data gaps) count as 0; X costs are chosen when playing.
        self.cost = [0 if c.cost_is_x or c.cost is None else c.cost for c in cards]
        self.cost_is_x = [c.cost_is_x for c in cards]
        self.loyal = [c.has_keyword("Loyal") for c in cards]
        self.steadfast = [
            tuple((FACTIONS.index(f), n) for f, n in c.steadfast if f in FACTIONS) for c in cards
        ]
        self.transient = [c.transient for c in cards]
        self.unique_id = [
            unique_titles.setdefault(title_key(c.title), len(unique_titles)) if c.unique else -1
            for c in cards
        ]
        self.heroic = [c.has_keyword("Heroic") for c in cards]
        self.villainous = [c.has_keyword("Villainous") for c in cards]
        # Heroic/Villainous as bits (1 Heroic, 2 Villainous): one AND finds a clash.
        self.side = [h | v << 1 for h, v in zip(self.heroic, self.villainous, strict=True)]
        # An X skill is 0 unless card text defines it (FAQ), and card text is not simulated.
        self.skill = [0 if c.skill_is_x or c.skill is None else max(c.skill, 0) for c in cards]
        self.terror = [c.terror for c in cards]
        self.combat = [c.combat for c in cards]
        self.arcane = [c.arcane for c in cards]
        self.investigation = [c.investigation for c in cards]
        self.willpower = [c.has_keyword("Willpower") for c in cards]
        weight: dict[int, int] = {}
        for k, n in enumerate(counts):
            f = self.faction[k]
            if f != NEUTRAL:
                weight[f] = weight.get(f, 0) + n
        # The deck's factions, most copies first.
        self.factions = tuple(sorted(weight, key=lambda f: (-weight[f], f)))

    @property
    def size(self) -> int:
        return len(self.kind_of)


def compile_deck(deck) -> CompiledDeck:
    """``deck`` compiled; a ``CompiledDeck`` is returned as it is."""
    return deck if isinstance(deck, CompiledDeck) else CompiledDeck(deck)
