"""Facts about the printed products: canonical code, name, era, cycle, release order, kind.

Collector numbers of Asylum Packs run across their whole cycle (the Dreamlands cycle is
numbered 1-120), which is why the FAQ names printings as "Dreamlands F117": cycle + number.
The order below is release order, oldest first; it decides which printing is the newest.
"""

from __future__ import annotations

from collections import namedtuple


class SetInfo(namedtuple("SetInfo", "code name era kind cycle order")):
    """code: str
    name: str
    era: str
    kind: str  ("core", "asylum", "deluxe", "ccg")
    cycle: str | None
    order: int
    """

    __slots__ = ()


_LCG = [
    # (code, name, kind, cycle)
    ("Core", "Core Set", "core", None),
    ("TSotS", "The Spawn of the Sleeper", "asylum", "Summons of the Deep"),
    ("THBtS", "The Horror Beneath the Surface", "asylum", "Summons of the Deep"),
    ("TAD", "The Antediluvian Dreams", "asylum", "Summons of the Deep"),
    ("TTotT", "The Terror of the Tides", "asylum", "Summons of the Deep"),
    ("TTftS", "The Thing from the Shore", "asylum", "Summons of the Deep"),
    ("TPtY", "The Path to Y'ha-nthlei", "asylum", "Summons of the Deep"),
    ("TH", "Twilight Horror", "asylum", "Dreamlands"),
    ("IMoD", "In Memory of Day", "asylum", "Dreamlands"),
    ("ItDoN", "In the Dread of Night", "asylum", "Dreamlands"),
    ("SftSK", "Search for the Silver Key", "asylum", "Dreamlands"),
    ("SotD", "Sleep of the Dead", "asylum", "Dreamlands"),
    ("JtUK", "Journey to Unknown Kadath", "asylum", "Dreamlands"),
    ("AtMoM", "At the Mountains of Madness", "asylum", "Forgotten Lore"),
    ("AH", "Ancient Horrors", "asylum", "Forgotten Lore"),
    ("SoA", "Secrets of Arkham", "deluxe", None),
    ("WitD", "Whispers in the Dark", "asylum", "The Yuggoth Contract"),
    ("MoE", "Murmurs of Evil", "asylum", "The Yuggoth Contract"),
    ("TSC", "The Spoken Covenant", "asylum", "The Yuggoth Contract"),
    ("TWB", "The Wailer Below", "asylum", "The Yuggoth Contract"),
    ("SfW", "Screams from Within", "asylum", "The Yuggoth Contract"),
    ("TC", "The Cacophony", "asylum", "The Yuggoth Contract"),
    ("TOotST", "The Order of the Silver Twilight", "deluxe", None),
    ("TTB", "The Twilight Beckons", "asylum", "Rituals of the Order"),
    ("PT", "Perilous Trials", "asylum", "Rituals of the Order"),
    ("IotF", "Initiations of the Favored", "asylum", "Rituals of the Order"),
    ("AoA", "Aspirations of Ascension", "asylum", "Rituals of the Order"),
    ("TGS", "The Gleaming Spiral", "asylum", "Rituals of the Order"),
    ("TWC", "That Which Consumes", "asylum", "Rituals of the Order"),
    ("SoM", "Spawn of Madness", "asylum", "Forgotten Lore"),
    ("KD", "Kingsport Dreams", "asylum", "Forgotten Lore"),
    ("TSS", "The Shifting Sands", "asylum", "Ancient Relics"),
    ("CotJE", "Curse of the Jade Emperor", "asylum", "Ancient Relics"),
    ("TBJ", "The Breathing Jungle", "asylum", "Ancient Relics"),
    ("NN", "Never Night", "asylum", "Ancient Relics"),
    ("IT", "Into Tartarus", "asylum", "Ancient Relics"),
    ("SotM", "Shadow of the Monolith", "asylum", "Ancient Relics"),
    ("CoC", "Conspiracies of Chaos", "asylum", "Forgotten Lore"),
    ("DD", "Dunwich Denizens", "asylum", "Forgotten Lore"),
    ("WaB", "Written and Bound", "asylum", "Revelations"),
    ("WoP", "Words of Power", "asylum", "Revelations"),
    ("ER", "Ebla Restored", "asylum", "Revelations"),
    ("LR", "Lost Rites", "asylum", "Revelations"),
    ("TUP", "The Unspeakable Pages", "asylum", "Revelations"),
    ("TbtA", "Touched by the Abyss", "asylum", "Revelations"),
    ("SoK", "Seekers of Knowledge", "deluxe", None),
    ("TKatG", "The Key and the Gate", "deluxe", None),
    ("TiV", "Terror in Venice", "deluxe", None),
    ("DotU", "Denizens of the Underworld", "deluxe", None),
    ("TSB", "The Sleeper Below", "deluxe", None),
    ("FtGG", "For the Greater Good", "deluxe", None),
    ("TTY", "The Thousand Young", "deluxe", None),
    ("TMoM", "The Mark of Madness", "deluxe", None),
]

_CCG = [
    ("AE", "Arkham Edition"),
    ("UT", "Unspeakable Tales"),
    ("FR", "Forbidden Relics"),
    ("MN", "Masks of Nyarlathotep"),
    ("EE", "Eldritch Edition"),
    ("FC", "Forgotten Cities"),
    ("AP", "Arkham Premium Edition"),
    ("EP", "Eldritch Premium Edition"),
    ("SM1", "Spawn of Madness"),
    ("KD2", "Kingsport Dreams"),
    ("CC3", "Conspiracies of Chaos"),
    ("DD4", "Dunwich Denizens"),
    ("PR", "Promos"),
]

SETS: tuple[SetInfo, ...] = tuple(
    [SetInfo(code, name, "CCG", "ccg", None, i) for i, (code, name) in enumerate(_CCG, 1)]
    + [
        SetInfo(code, name, "LCG", kind, cycle, 100 + i)
        for i, (code, name, kind, cycle) in enumerate(_LCG, 1)
    ]
)

_BY_ERA_NAME = {(s.era, s.name.lower()): s for s in SETS}
_BY_CODE = {s.code.lower(): s for s in SETS}
CYCLES: tuple[str, ...] = tuple(dict.fromkeys(s.cycle for s in SETS if s.cycle))


def set_by_name(era: str, name: str) -> SetInfo | None:
    return _BY_ERA_NAME.get((era, name.lower()))


def set_by_code(code: str) -> SetInfo | None:
    return _BY_CODE.get(code.lower())


def find_set(name_or_code: str, era: str | None = None) -> SetInfo | None:
    """A set by code or full name, the LCG printing first when a name is in both eras."""
    key = name_or_code.strip().lower()
    for candidate_era in (era,) if era else ("LCG", "CCG"):
        found = _BY_ERA_NAME.get((candidate_era, key))
        if found:
            return found
    found = _BY_CODE.get(key)
    if found and (era is None or found.era == era):
        return found
    return None
