"""The card as the rest of the program sees it: one printing, immutable, cheap to build.

The SQLModel table in ``models.py`` is how cards are stored; this dataclass is how they are
used (search, legality, the goldfish engine, the TUI). Keeping it free of SQLAlchemy lets the
read path start in a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

FACTIONS = (
    "The Agency",
    "Miskatonic University",
    "Syndicate",
    "Cthulhu",
    "Hastur",
    "Yog-Sothoth",
    "Shub-Niggurath",
    "Silver Twilight",
    "Neutral",
)
CARD_TYPES = ("Character", "Support", "Event", "Story", "Conspiracy")
ICONS = ("terror", "combat", "arcane", "investigation")
ERAS = ("LCG", "CCG")


@dataclass(frozen=True, slots=True)
class Card:
    id: str  # "<set code>-<collector number>", e.g. "Core-030"
    title: str
    type: str
    faction: str  # one of FACTIONS; stories are "Neutral"
    era: str  # "LCG" or "CCG"
    set_code: str
    set_name: str
    number: str  # collector number as printed ("030", "F117" style numbers keep their digits)
    descriptor: str | None = None
    cycle: str | None = None
    cost: int | None = None  # None: no cost (stories) or X (see cost_is_x)
    cost_is_x: bool = False
    skill: int | None = None
    skill_is_x: bool = False
    terror: int = 0
    combat: int = 0
    arcane: int = 0
    investigation: int = 0
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()  # normalised, e.g. ("Fast", "Toughness +1")
    steadfast: tuple[tuple[str, int], ...] = ()  # ((faction, count), ...)
    transient: bool = False
    unique: bool = False
    text: str = ""
    flavor: str | None = None
    illustrator: str | None = None
    max_copies: int = 3  # printed copy limit
    octgn_id: str | None = None
    cgdb_restricted: bool = False  # CardGameDB's flag, kept as one legality snapshot
    cgdb_banned: bool = False
    release_order: int = 0  # higher is newer
    # Which card this printing is of (card_db/identity.py); printings of one card share it.
    card_id: str = ""

    def __post_init__(self):
        if not self.card_id:  # a card built by hand (tests) is its own card
            object.__setattr__(self, "card_id", self.id)

    @property
    def icons(self) -> dict[str, int]:
        return {
            "terror": self.terror,
            "combat": self.combat,
            "arcane": self.arcane,
            "investigation": self.investigation,
        }

    @property
    def full_title(self) -> str:
        return f"{self.title}, {self.descriptor}" if self.descriptor else self.title

    def has_keyword(self, name: str) -> bool:
        name = name.lower()
        return any(k.lower() == name or k.lower().startswith(name + " ") for k in self.keywords)

    @property
    def cost_label(self) -> str:
        if self.cost_is_x:
            return "X"
        return "" if self.cost is None else str(self.cost)

    @property
    def skill_label(self) -> str:
        if self.skill_is_x:
            return "X"
        return "" if self.skill is None else str(self.skill)

    def to_json(self) -> dict:
        """The documented search record (SPEC §4) plus a few extra facts."""
        return {
            "id": self.id,
            "title": self.title,
            "descriptor": self.descriptor,
            "type": self.type,
            "faction": self.faction,
            "cost": "X" if self.cost_is_x else self.cost,
            "skill": "X" if self.skill_is_x else self.skill,
            "icons": self.icons,
            "subtypes": list(self.subtypes),
            "keywords": list(self.keywords),
            "set": self.set_name,
            "set_code": self.set_code,
            "cycle": self.cycle,
            "number": self.number,
            "era": self.era,
            "unique": self.unique,
            "steadfast": {f: n for f, n in self.steadfast},
            "transient": self.transient,
            "max_copies": self.max_copies,
            "text": self.text,
            "octgn_id": self.octgn_id,
            "card_id": self.card_id,
        }
