"""The card as the rest of the program sees it: one printing, immutable, cheap to build.

The SQLModel table in ``models.py`` is how cards are stored; this class is how they are
used (search, legality, the goldfish engine, the TUI). Keeping it free of SQLAlchemy lets the
read path start in a few milliseconds.
"""

from __future__ import annotations

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


class Card:
    """One printing. Immutable. A plain class with slots, not a dataclass: importing
    ``dataclasses`` (and the ``inspect`` it pulls in) costs more than a whole CLI search."""

    __slots__ = (
        "id",  # "<set code>-<collector number>", e.g. "Core-030"
        "title",
        "type",
        "faction",  # one of FACTIONS; stories are "Neutral"
        "era",  # "LCG" or "CCG"
        "set_code",
        "set_name",
        "number",  # collector number as printed ("030"; "F117"-style numbers keep their digits)
        "descriptor",
        "cycle",
        "cost",  # None: no cost (stories) or X (see cost_is_x)
        "cost_is_x",
        "skill",
        "skill_is_x",
        "terror",
        "combat",
        "arcane",
        "investigation",
        "subtypes",
        "keywords",  # normalised, e.g. ("Fast", "Toughness +1")
        "steadfast",  # ((faction, count), ...)
        "transient",
        "unique",
        "text",
        "flavor",
        "illustrator",
        "max_copies",  # printed copy limit
        "octgn_id",
        "cgdb_restricted",  # CardGameDB's flags, kept as one legality snapshot
        "cgdb_banned",
        "release_order",  # higher is newer
        "card_id",  # which card this printing is of (card_db/identity.py)
    )

    def __init__(
        self,
        id: str,
        title: str,
        type: str,
        faction: str,
        era: str,
        set_code: str,
        set_name: str,
        number: str,
        descriptor: str | None = None,
        cycle: str | None = None,
        cost: int | None = None,
        cost_is_x: bool = False,
        skill: int | None = None,
        skill_is_x: bool = False,
        terror: int = 0,
        combat: int = 0,
        arcane: int = 0,
        investigation: int = 0,
        subtypes: tuple[str, ...] = (),
        keywords: tuple[str, ...] = (),
        steadfast: tuple[tuple[str, int], ...] = (),
        transient: bool = False,
        unique: bool = False,
        text: str = "",
        flavor: str | None = None,
        illustrator: str | None = None,
        max_copies: int = 3,
        octgn_id: str | None = None,
        cgdb_restricted: bool = False,
        cgdb_banned: bool = False,
        release_order: int = 0,
        card_id: str = "",  # "" for a card built by hand (tests): it is its own card
    ):
        values = locals()
        values["card_id"] = card_id or id
        for name in Card.__slots__:
            object.__setattr__(self, name, values[name])

    @classmethod
    def from_fields(cls, values: tuple) -> Card:
        """A card from every field's value in ``__slots__`` order, with ``card_id`` set:
        what the database and the goldfish workers build thousands of, without the
        keyword handling of ``__init__`` (three times quicker)."""
        card = object.__new__(cls)
        for set_field, value in zip(_FIELD_SETTERS, values, strict=True):
            set_field(card, value)
        return card

    def __setattr__(self, name, value):
        raise AttributeError(f"Card is immutable (cannot set {name})")

    def __delattr__(self, name):
        raise AttributeError(f"Card is immutable (cannot delete {name})")

    def fields(self) -> dict:
        """Every field by name (what ``Card(**fields)`` takes)."""
        return {name: getattr(self, name) for name in Card.__slots__}

    def __reduce__(self):  # pickling (goldfish workers): every field, in slot order
        return (Card.from_fields, (self._key(),))

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in Card.__slots__)

    def __eq__(self, other) -> bool:
        return self._key() == other._key() if isinstance(other, Card) else NotImplemented

    def __hash__(self) -> int:
        return hash((self.id, self.card_id, self.title))

    def __repr__(self) -> str:
        return f"Card(id={self.id!r}, title={self.title!r}, card_id={self.card_id!r})"

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


# The slots' own setters: they write past Card's __setattr__, which refuses every change.
_FIELD_SETTERS = tuple(Card.__dict__[name].__set__ for name in Card.__slots__)
