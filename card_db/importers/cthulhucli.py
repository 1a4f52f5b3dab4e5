"""cthulhucli JSON Lines card data (the embedded default, SPEC §3).

The ``cthulhucli`` package ships ``coc-lcg.db`` and ``coc-ccg.db`` beside its module; despite
the suffix they are JSON Lines, one card per line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from importlib import metadata
from pathlib import Path

from card_db.errata import errata_facts
from card_db.errors import CardDataError
from card_db.keywords import parse_keywords
from card_db.names import name_words, title_key
from card_db.sets import SetInfo, set_by_name

EMBEDDED_FILES = ("coc-lcg.db", "coc-ccg.db")
MAX_LINE = 1 << 20  # one card is a few hundred bytes; a longer line is not card data
_REQUIRED = ("name", "type", "era", "setname")
_FACTIONS = {
    "The Agency": "The Agency",
    "Agency": "The Agency",
    "Miskatonic University": "Miskatonic University",
    "Syndicate": "Syndicate",
    "The Syndicate": "Syndicate",
    "Cthulhu": "Cthulhu",
    "Hastur": "Hastur",
    "Yog-Sothoth": "Yog-Sothoth",
    "Shub-Niggurath": "Shub-Niggurath",
    "Silver Twilight": "Silver Twilight",
    "The Order of the Silver Twilight": "Silver Twilight",
    "Neutral": "Neutral",
    None: "Neutral",
}
_TYPES = {"character", "support", "event", "story", "conspiracy"}
# Misspellings in the data, read as the printed word ("Sorceror" on three LCG cards and
# throughout the CCG data, where every other card says Sorcerer).
_SUBTYPE_SLIPS = {"Sorceror": "Sorcerer"}


def embedded_data_files() -> list[Path]:
    """The JSON Lines files installed with the cthulhucli package."""
    try:
        dist = metadata.distribution("cthulhucli")
    except metadata.PackageNotFoundError:
        raise CardDataError(
            "the cthulhucli package is not installed; reinstall deckbuilder to get the card data"
        ) from None
    found = {
        f.name: Path(dist.locate_file(f)) for f in dist.files or () if f.name in EMBEDDED_FILES
    }
    missing = [name for name in EMBEDDED_FILES if name not in found]
    if missing:
        raise CardDataError(f"the cthulhucli package lacks {', '.join(missing)}")
    return [found[name] for name in EMBEDDED_FILES]


# Text beside _REQUIRED's: absent or null is fine.
_TEXT_FIELDS = ("set", "id", "faction", "descriptor", "subtypes", "text", "flavor", "illustrator")
_FLAG_FIELDS = ("unique", "transient", "restricted", "banned")
MAX_NUMBER = 99  # printed costs, skills, icons and copy limits are a digit or two


def _shown(value) -> str:
    """A field's value for an error message, cut short: it may be long or deeply nested."""
    import reprlib

    shortener = reprlib.Repr()
    shortener.maxlevel, shortener.maxstring, shortener.maxlong = 2, 40, 40
    return shortener.repr(value)


def _is_text(value) -> bool:
    """A string SQLite can store: JSON's "\\ud800" escapes give halves of UTF-16 pairs."""
    return isinstance(value, str) and value.encode("utf-8", "replace").decode() == value


def _check_types(record: dict, where: str) -> None:
    """Refuse fields of the wrong JSON type before they reach the database or a sum."""
    for key in _REQUIRED:
        if not _is_text(record[key]) or not record[key].strip():
            raise CardDataError(f"{where}: {key} {_shown(record[key])} is not text")
    for key in _TEXT_FIELDS:
        if record.get(key) is not None and not _is_text(record[key]):
            raise CardDataError(f"{where}: {key} {_shown(record[key])} is not text")
    for key in _FLAG_FIELDS:
        if not isinstance(record.get(key), bool | None):
            raise CardDataError(f"{where}: {key} {_shown(record[key])} is not true or false")
    steadfast = record.get("steadfast")
    if steadfast is not None and not (
        isinstance(steadfast, list)
        and all(
            isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
            for pair in steadfast
        )
    ):
        raise CardDataError(f"{where}: unreadable steadfast {_shown(steadfast)}")


def _number(value, field: str, where: str) -> tuple[int | None, bool]:
    """(number, is_x) from a cost or skill value: a whole number from 0 to MAX_NUMBER,
    written as a JSON number or in ASCII digits, or X."""
    if value is None or value == "":
        return None, False
    if isinstance(value, str) and value.strip().upper() == "X":
        return None, True
    number = value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value) if len(value) <= 4 else None
    if type(number) is not int or not 0 <= number <= MAX_NUMBER:
        raise CardDataError(
            f"{where}: {field} {_shown(value)} is not X or a number from 0 to {MAX_NUMBER}"
        )
    return number, False


def _int(value, field: str, where: str) -> int:
    number, _ = _number(value, field, where)
    return number or 0


def record_to_row(record: dict, where: str, number: str | None = None) -> dict:
    """One cthulhucli record as a full card row; ``number`` overrides a missing one."""
    if not isinstance(record, dict) or any(k not in record for k in _REQUIRED):
        raise CardDataError(f"{where}: not a cthulhucli card record")
    _check_types(record, where)
    era = str(record["era"]).upper()
    if era not in ("LCG", "CCG"):
        raise CardDataError(f"{where}: unknown era {_shown(record['era'])}")
    card_type = str(record["type"]).strip()
    if card_type.lower() not in _TYPES:
        raise CardDataError(f"{where}: unknown card type {_shown(card_type)}")
    faction = _FACTIONS.get(record.get("faction"))
    if faction is None:
        raise CardDataError(f"{where}: unknown faction {_shown(record.get('faction'))}")
    info: SetInfo | None = set_by_name(era, str(record["setname"]))
    set_code = info.code if info else str(record.get("set") or record["setname"])
    cost, cost_is_x = _number(record.get("cost"), "cost", where)
    skill, skill_is_x = _number(record.get("skill"), "skill", where)
    text = record.get("text") or ""
    steadfast = record.get("steadfast") or []
    try:
        steadfast_pairs = [(_FACTIONS[f], _int(n, "steadfast", where)) for f, n in steadfast]
    except KeyError:
        raise CardDataError(f"{where}: unreadable steadfast {_shown(steadfast)}") from None
    transient = bool(record.get("transient"))
    keywords = list(parse_keywords(text))
    if steadfast_pairs:
        keywords.append("Steadfast")
    if transient:
        keywords.append("Transient")
    subtypes = [s.strip() for s in str(record.get("subtypes") or "").split(".") if s.strip()]
    subtypes = [_SUBTYPE_SLIPS.get(s, s) for s in subtypes]
    number = number or str(record["id"]).strip()
    name = str(record["name"]).strip()
    descriptor = record.get("descriptor") or None
    title_words, descriptor_words = name_words(name, descriptor)
    row = {
        "id": f"{set_code}-{number}",
        "title": name,
        "title_key": title_key(name),
        "descriptor": descriptor,
        "type": card_type.capitalize(),
        "faction": faction,
        "era": era,
        "set_code": set_code,
        "set_name": info.name if info else str(record["setname"]),
        "cycle": info.cycle if info else None,
        "number": number,
        "cost": cost,
        "cost_is_x": cost_is_x,
        "skill": skill,
        "skill_is_x": skill_is_x,
        "terror": _int(record.get("terror"), "terror", where),
        "combat": _int(record.get("combat"), "combat", where),
        "arcane": _int(record.get("arcane"), "arcane", where),
        "investigation": _int(record.get("investigation"), "investigation", where),
        "subtypes": "|".join(subtypes),
        "keywords": "|".join(keywords),
        "steadfast": "|".join(f"{f}:{n}" for f, n in steadfast_pairs),
        "transient": transient,
        "unique": bool(record.get("unique")),
        "text": text,
        "flavor": record.get("flavor") or None,
        "illustrator": record.get("illustrator") or None,
        "max_copies": _int(record.get("max"), "max", where) or (3 if era == "LCG" else 4),
        "octgn_id": None,
        "cgdb_restricted": bool(record.get("restricted")),
        "cgdb_banned": bool(record.get("banned")),
        "release_order": info.order if info else 0,
        "title_words": title_words,
        "descriptor_words": descriptor_words,
    }
    row.update(errata_facts(era, name, descriptor))
    return row


def read_rows(path: Path) -> Iterator[dict]:
    """Card rows from a cthulhucli JSON Lines file; a bad line raises CardDataError."""
    try:
        handle = open(path, encoding="utf-8")
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read: {exc.strerror}") from None
    with handle:
        line_no = 0
        seen: set[str] = set()
        per_set: dict[str, int] = {}
        while True:
            where = f"{path}:{line_no + 1}"
            try:
                line = handle.readline(MAX_LINE)
            except UnicodeDecodeError:
                raise CardDataError(f"{where}: not UTF-8 text") from None
            if not line:
                return
            line_no += 1
            if len(line) >= MAX_LINE and not line.endswith("\n"):
                raise CardDataError(f"{where}: line longer than {MAX_LINE} bytes; not card data")
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except (ValueError, RecursionError) as exc:  # also 5,000 digits, [[[[…
                reason = exc.msg if isinstance(exc, json.JSONDecodeError) else exc
                raise CardDataError(f"{where}: not a JSON card record ({reason})") from None
            # CCG records carry no collector number: number them in file order within
            # their set. A few LCG records share a set and number: suffix b, c, ...
            number = None
            if (
                isinstance(record, dict)
                and record.get("id") in (None, "")
                and isinstance(record.get("setname"), str)  # else record_to_row says why
            ):
                per_set[record.get("setname")] = per_set.get(record.get("setname"), 0) + 1
                number = f"{per_set[record.get('setname')]:03d}"
            row = record_to_row(record, where, number)
            base, suffix = row["id"], "b"
            while row["id"] in seen:
                row["id"], row["number"] = base + suffix, row["number"].rstrip("bcdefgh") + suffix
                suffix = chr(ord(suffix) + 1)
            seen.add(row["id"])
            yield row


def looks_like(path: Path, head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


LOADING = "loading the card pool (first run only)"


def load_embedded_if_empty(
    engine, *, progress: Callable[[str, int, int], None] | None = None
) -> int:
    """Load the embedded card pool into a database that holds no cards; returns cards added.
    ``progress(label, done, total)`` hears of each step."""
    from sqlalchemy import func, select

    from card_db.importers.upsert import upsert_cards
    from card_db.models import CardRow

    with engine.begin() as connection:
        if connection.execute(select(func.count()).select_from(CardRow)).scalar():
            return 0
        added = 0
        files = embedded_data_files()
        for n, data_file in enumerate(files):
            if progress:
                progress(LOADING, n, len(files) + 1)
            added += upsert_cards(connection, list(read_rows(data_file))).imported
        from card_db.identity import assign_card_ids
        from card_db.importers.octgn_table import apply_shipped_octgn_ids

        apply_shipped_octgn_ids(connection)
        assign_card_ids(connection.connection.driver_connection)
        if progress:
            progress(LOADING, len(files) + 1, len(files) + 1)
        return added


def apply(connection, path: Path):
    from card_db.importers.upsert import upsert_cards

    return upsert_cards(connection, list(read_rows(path)))
