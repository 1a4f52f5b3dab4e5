"""LackeyCCG ``CardDataFile.txt``: tab-separated, a header row, Windows-1252 text.

A row that matches a known printing (title and descriptor, within its set or cycle, then
collector number) is not duplicated: it only fills fields the known card lacks. A row of an
LCG card whose title the database does not know at all becomes a new printing; a row whose
title is known but matches no printing of its set is reported, not added, because a second
copy of a card under a slightly different set would be worse than a missing one. Domain
markers and other tokens are skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

from card_db.errors import CardDataError
from card_db.names import fold
from card_db.sets import SETS

MAX_BYTES = 8 << 20  # the real file is under 0.5 MB
REQUIRED_COLUMNS = (
    "Name", "Set", "Cycle", "Pack", "Release Order", "Edition", "Unique", "Faction", "Type",
    "SubType", "Cost", "Terror", "Combat", "Arcane", "Investigation", "Skill", "Text",
)  # fmt: skip
_FACTIONS = {
    "agency": "The Agency",
    "miskatonic": "Miskatonic University",
    "silver": "Silver Twilight",
    "story": None,  # stories are neutral
    "": None,
}
_CYCLE_ALIASES = {"core": "core set"}
_NUMBER = re.compile(r"(?<![0-9])([0-9]{1,4})\s*$")  # "01-017"; ASCII: "٣" is not one
# Fields a matching row may fill in when the known card lacks them.
_FILLABLE = ("descriptor", "subtypes", "text")


def looks_like(path: Path, head: bytes) -> bool:
    # A UTF-16 save of the file is recognised too, so that it is refused with its reason.
    return head.removeprefix(b"\xef\xbb\xbf").startswith(b"Name\tSet\t") or head.startswith(
        "\ufeffName\tSet\t".encode("utf-16-le")
    )


def _decode(path: Path, data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data:
        raise CardDataError(f"{path}: UTF-16 or binary data; LackeyCCG files are Windows-1252")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict")
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CardDataError(
            f"{path}:{line}: byte 0x{data[exc.start]:02x} is not Windows-1252 text"
        ) from None


def read_rows(path: Path) -> list[tuple[int, dict[str, str]]]:
    """(line number, {column: value}) for every non-blank row."""
    from card_db.importers.upsert import read_capped

    text = _decode(path, read_capped(path, MAX_BYTES, "a LackeyCCG card data file"))
    lines = text.splitlines()
    header = lines[0].split("\t") if lines else []
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise CardDataError(f"{path}:1: header lacks the column(s) {', '.join(missing)}")
    rows = []
    for line_no, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(header):
            raise CardDataError(
                f"{path}:{line_no}: {len(cells)} columns where the header has {len(header)}"
            )
        rows.append((line_no, dict(zip(header, (c.strip() for c in cells), strict=True))))
    return rows


def _key(name: str) -> str:
    return fold(name).replace("(s)", "").replace("(ccg)", "").strip().removeprefix("the ")


def _set_codes(row: dict[str, str], era: str) -> set[str] | None:
    """Set codes the row's Cycle column names (None for the loose Stories group)."""
    if row["Cycle"].lower() in ("stories", ""):
        return None
    cycle = _key(_CYCLE_ALIASES.get(fold(row["Cycle"]), row["Cycle"]))
    codes = {s.code for s in SETS if s.era == era and _key(s.name) == cycle}
    return codes or {s.code for s in SETS if s.era == era and s.cycle and _key(s.cycle) == cycle}


def _pack(row: dict[str, str], codes: set[str] | None):
    """The set the row's Pack column names within its cycle ("Memory of Day" is
    "In Memory of Day"); the only set when the cycle is one box."""
    candidates = [s for s in SETS if codes and s.code in codes]
    if len(candidates) == 1:
        return candidates[0]
    pack = _key(row["Pack"])
    fits = [s for s in candidates if pack and _key(s.name).endswith(pack)]
    return fits[0] if len(fits) == 1 else None


def _new_row(row: dict[str, str], title: str, descriptor: str, era: str, codes, where: str):
    from card_db.importers.cthulhucli import record_to_row

    info = _pack(row, codes)
    number = _NUMBER.search(row["Release Order"])
    if info is None or number is None:
        return None
    record = {
        "name": title,
        "descriptor": descriptor or None,
        "type": row["Type"],
        "faction": _FACTIONS.get(row["Faction"].lower(), row["Faction"]),
        "unique": row["Unique"] == "*",
        "subtypes": row["SubType"],
        "text": row["Text"],
        "cost": row["Cost"],
        "skill": row["Skill"],
        "terror": row["Terror"],
        "combat": row["Combat"],
        "arcane": row["Arcane"],
        "investigation": row["Investigation"],
        "era": era,
        "setname": info.name,
        "id": f"{int(number[1]):03d}",
        "restricted": row.get("Restricted") == "R",
    }
    return record_to_row(record, where)


def apply(connection, path: Path):
    from card_db.importers.upsert import ImportResult, KnownCards, patch_cards, upsert_cards

    known = KnownCards(connection)
    result = ImportResult()
    patches: dict[str, dict] = {}
    new_rows: list[dict] = []
    for line_no, row in read_rows(path):
        era = row["Edition"].upper()
        if row["Type"].lower() == "token" or era not in ("LCG", "CCG"):
            continue
        where = f"{path.name}:{line_no}: {row['Name']!r}"
        # Lackey marks CCG-era stories that share a title with an LCG one: "The Well (CCG)".
        name = re.sub(r"\s*\(CCG\)$", "", row["Name"])
        title, _, descriptor = name.partition(", ")
        codes = _set_codes(row, era)
        found, why = known.find(
            title,
            era=era,
            descriptor=descriptor,
            set_codes=codes,
            number=row["Release Order"].rpartition("-")[2],
            card_type=row["Type"],
        )
        if not found and descriptor:  # a comma inside the title itself
            found, why = known.find(name, era=era, set_codes=codes)
        if not found and codes:
            closest = known.closest(
                title, era=era, set_codes=codes, descriptor=descriptor or None
            ) or known.closest(name, era=era, set_codes=codes)
            found = [closest] if closest else []
        if len(found) == 1:
            card = found[0]
            if card["title_key"] != _title_key(title):
                descriptor = ""  # the comma was part of the title ("Broken Space, Broken Time")
            fill = {f: _lackey_value(row, f, descriptor) for f in _FILLABLE if not card[f]}
            fill = {f: v for f, v in fill.items() if v}
            if fill:
                patches[card["id"]] = fill
            else:
                result.unchanged += 1
            continue
        known_in_lcg = any(r["era"] == "LCG" for r in known.by_title.get(_title_key(title), ()))
        if found or known_in_lcg or era != "LCG":
            result.unmatched.append(f"{where}: {why or 'no printing of this title in this set'}")
            continue
        new = _new_row(row, title, descriptor, era, codes, where)
        if new is None:
            result.unmatched.append(f"{where}: unknown card in an unknown pack {row['Pack']!r}")
        elif new["id"] in known.ids or any(r["id"] == new["id"] for r in new_rows):
            # Its set and number belong to a card under another title: never overwrite it.
            result.unmatched.append(f"{where}: its set and number are those of {new['id']}")
        else:
            new_rows.append(new)
    result += patch_cards(connection, patches)
    result += upsert_cards(connection, new_rows)
    return result


def _title_key(title: str) -> str:
    from card_db.names import title_key

    return title_key(title)


def _lackey_value(row: dict[str, str], field: str, descriptor: str) -> str:
    if field == "descriptor":
        return descriptor
    if field == "subtypes":
        return "|".join(s.strip() for s in row["SubType"].split(".") if s.strip())
    return row["Text"]
