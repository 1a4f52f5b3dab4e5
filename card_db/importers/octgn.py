"""OCTGN set XML (``o8g/Sets/<guid>/set.xml``): adds OCTGN GUIDs to the cards already known.

OCTGN names a set after a deluxe box ("Secrets of Arkham"), the Core Set ("Core") or a whole
Asylum Pack cycle ("Dreamlands", one file for its six packs). A card matches a known LCG
printing by title (OCTGN's unique/faction markers ignored) within that set or cycle, then
by descriptor, type and collector number ("F37") when several printings fit. Nothing else is
taken from OCTGN: the card data already holds the rest, better spelt.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from card_db.errors import CardDataError
from card_db.names import fold
from card_db.sets import SETS

MAX_BYTES = 8 << 20  # the real set files are under 2 MB
_NOT_CARDS = {"token"}  # the "Markers" set: domains, tokens, the cover card
_SET_ALIASES = {"core": "Core Set"}


@dataclass(frozen=True)
class OctgnCard:
    guid: str
    name: str
    descriptor: str
    type: str
    collector_info: str
    cost: int | None


def looks_like(path: Path, head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"<") and (b"<set" in head or path.name.lower() == "set.xml")


def set_codes(octgn_set: str) -> set[str]:
    """The LCG set codes an OCTGN set name covers: one box, or every pack of a cycle."""
    name = fold(_SET_ALIASES.get(fold(octgn_set), octgn_set)).removeprefix("the ")
    codes = {s.code for s in SETS if s.era == "LCG" and fold(s.name).removeprefix("the ") == name}
    return codes or {
        s.code
        for s in SETS
        if s.era == "LCG" and s.cycle and fold(s.cycle).removeprefix("the ") == name
    }


def read_set(path: Path) -> tuple[str, list[OctgnCard]]:
    """The set's name and its cards; malformed or hostile XML raises CardDataError."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    from card_db.importers.upsert import read_capped

    data = read_capped(path, MAX_BYTES, "an OCTGN set file")
    try:
        # No DTD at all: real set files have none, and it rules out entity tricks entirely.
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise CardDataError(f"{path}: refused unsafe XML ({exc})") from None
    except ParseError as exc:
        raise CardDataError(f"{path}: not well-formed XML ({exc})") from None
    except (ValueError, UnicodeError, LookupError) as exc:  # LookupError: unknown encoding=
        raise CardDataError(f"{path}: unreadable XML ({exc})") from None
    if root.tag != "set" or not root.get("name"):
        raise CardDataError(f"{path}: not an OCTGN set file (no <set name=...> root)")
    cards = []
    for element in root.iter("card"):
        guid, name = element.get("id"), element.get("name")
        if not guid or not name:
            raise CardDataError(f"{path}: a <card> lacks its name or id attribute")
        # Only the card's own properties: nested elements are not OCTGN's, and reading every
        # card's whole subtree would take quadratic time on a file of nested cards.
        props = {p.get("name"): p.get("value") or "" for p in element.findall("property")}
        cards.append(
            OctgnCard(
                guid=guid.strip().lower(),
                name=name,
                descriptor=props.get("Descriptor", "").strip(),
                type=props.get("Type", "").strip(),
                collector_info=props.get("Collector Info", "").strip(),
                cost=_cost(props.get("Cost", "")),
            )
        )
    return root.get("name"), cards


def _cost(text: str) -> int | None:
    """A printed cost ("0" to "99"); anything else ("X", "²", 5,000 digits) is none."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 2 else None


def apply(connection, path: Path):
    from card_db.importers.upsert import ImportResult, KnownCards, patch_cards

    set_name, cards = read_set(path)
    codes = set_codes(set_name)
    known = KnownCards(connection)
    result = ImportResult()
    patches: dict[str, dict] = {}
    claimed: dict[str, str] = {}  # card id -> OCTGN name that took it
    misspelt: list[tuple[OctgnCard, str]] = []
    for card in cards:
        if card.type.lower() in _NOT_CARDS:
            continue
        where = f"{path.name}: {card.name!r} ({set_name})"
        if not codes:
            result.unmatched.append(f"{where}: unknown OCTGN set")
            continue
        found, why = _find(known, card, codes)
        if len(found) != 1:
            if not found:
                misspelt.append((card, where))
            else:
                result.unmatched.append(f"{where}: {why} ({', '.join(r['id'] for r in found)})")
            continue
        _claim(found[0]["id"], card, where, claimed, patches, result)
    # Typos in OCTGN's names ("Elder Thing Scavanger") match once every exact name has
    # taken its card, and only when one title of the set comes near-certainly close.
    for card, where in misspelt:
        row = known.closest(
            card.name,
            set_codes=codes,
            exclude=set(claimed),
            descriptor=card.descriptor,
            cost=card.cost,
        )
        if row is None:
            result.unmatched.append(f"{where}: no card of this set has this title or one close")
        else:
            _claim(row["id"], card, where, claimed, patches, result)
    result += patch_cards(connection, patches)
    return result


def _find(known, card: OctgnCard, codes: set[str]) -> tuple[list[dict], str]:
    found, why = known.find(
        card.name,
        descriptor=card.descriptor,
        set_codes=codes,
        number=card.collector_info,
        card_type=card.type or None,
    )
    if not found and card.descriptor:
        # The card data folds some descriptors into the title: "The Necronomicon: Al Azif".
        found, _ = known.find(f"{card.name} {card.descriptor}", set_codes=codes)
    return found, why


def _claim(card_id: str, card: OctgnCard, where, claimed, patches, result) -> None:
    if card_id in claimed:
        result.unmatched.append(f"{where}: same card as {claimed[card_id]!r}")
        return
    claimed[card_id] = card.name
    patches[card_id] = {"octgn_id": card.guid}
