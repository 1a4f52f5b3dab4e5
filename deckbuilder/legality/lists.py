"""Restricted/banned lists as data: the lists shipped in ``card_db/lists``, the CardGameDB
flags in the card data, and lists users add to the database (``deckbuilder db add-list``);
reading a list file or document, checking every field, and storing a user's list."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections import namedtuple
from functools import cache

import card_db
from card_db.errors import DeckbuilderError

# The lists shipped with card_db (a plain path: importlib.resources costs a tenth of a
# `deckbuilder card` start-up in imports).
_LISTS = os.path.join(os.path.dirname(card_db.__file__), "lists")
DEFAULT_LIST_ID = "final-2015"
CGDB_LIST_ID = "cgdb"
LIST_KIND = "deckbuilder-legality-list"
_EFFECTIVE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


class LegalityError(DeckbuilderError):
    """An unknown format or list, or a list file that cannot be read."""


# namedtuples, not dataclasses or typing.NamedTuple: importing either costs more than a
# `card` start-up's own work (see card_db/card.py).
class ListEntry(namedtuple("ListEntry", "title printing", defaults=(None,))):
    """title: str
    printing: str | None = None  ("Dreamlands F117": only that printing)
    """

    __slots__ = ()

    def label(self) -> str:
        return f"{self.title} ({self.printing})" if self.printing else self.title


class LegalityList(
    namedtuple(
        "LegalityList",
        "id name effective source restricted banned errata origin note from_card_flags",
        defaults=((), (), None, "built-in", "", False),
    )
):
    """id: str
    name: str
    effective: str | None
    source: str
    restricted: tuple[ListEntry, ...] = ()
    banned: tuple[ListEntry, ...] = ()
    errata: dict | None = None  (None: the FAQ errata of the default list apply)
    origin: str = "built-in"  ("built-in", "card data" or "user")
    note: str = ""
    from_card_flags: bool = False  (CardGameDB's restricted/banned flags on the cards)
    """

    __slots__ = ()

    def summary(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "effective": self.effective,
            "source": self.source,
            "origin": self.origin,
            "default": self.id == DEFAULT_LIST_ID,
            "restricted": None if self.from_card_flags else len(self.restricted),
            "banned": None if self.from_card_flags else len(self.banned),
        }

    def to_document(self) -> dict:
        """The list file form (``card_db/lists/*.json``, ``db add-list``)."""
        document = {
            "kind": LIST_KIND,
            "id": self.id,
            "name": self.name,
            "effective": self.effective,
            "source": self.source,
            "note": self.note,
            "restricted": [_entry_document(e) for e in self.restricted],
            "banned": [_entry_document(e) for e in self.banned],
        }
        if self.errata is not None:
            document["errata"] = self.errata
        return document


def _entry_document(entry: ListEntry) -> dict:
    return {"title": entry.title, "printing": entry.printing}


# A real list names a few dozen cards with titles under 50 characters: a file past these
# limits is refused before any title is looked up (each unknown one costs a fuzzy search).
MAX_LIST_ENTRIES = 500
MAX_ENTRY_CHARS = 100
MAX_UNKNOWN_ENTRIES = 10  # adding a list stops reporting unknown titles after this many


def _text(document: dict, key: str, where: str, *, required: bool = False) -> str | None:
    """The text under ``key``: a string, stripped, that can be printed and stored."""
    value = document.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or (required and not value.strip()):
        raise LegalityError(f'{where}: "{key}" must be {"non-empty " if required else ""}text')
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # JSON's "\\ud800": half of a UTF-16 pair, no character
        raise LegalityError(f'{where}: "{key}" holds half of a UTF-16 pair') from None
    return value.strip()


def _count(value, what: str, where: str) -> int:
    if type(value) is not int or not 0 <= value <= 99:
        raise LegalityError(f"{where}: {what} must be a whole number from 0 to 99")
    return value


def _errata(errata, where: str) -> dict | None:
    """The ``errata`` object: ``max_copies`` (title -> copies), ``conspiracy_limit``,
    ``source``; each checked, since every deck check reads them."""
    if errata is None:
        return None
    if not isinstance(errata, dict):
        raise LegalityError(f'{where}: "errata" must be an object')
    max_copies = errata.get("max_copies") or {}
    if not isinstance(max_copies, dict):
        raise LegalityError(f'{where}: "errata"."max_copies" must be an object of title: copies')
    for title, limit in max_copies.items():
        _text({"title": title}, "title", f'{where}: "errata"."max_copies"', required=True)
        _count(limit, f'the "errata" copies of "{title}"', where)
    if errata.get("conspiracy_limit") is not None:
        _count(errata["conspiracy_limit"], '"errata"."conspiracy_limit"', where)
    _text(errata, "source", f'{where}: "errata"')
    return errata


def _entry(item, kind: str, where: str) -> ListEntry:
    if isinstance(item, str):
        item = {"title": item}
    if not isinstance(item, dict):
        raise LegalityError(f'{where}: every "{kind}" entry needs a title')
    try:
        title = _text(item, "title", where, required=True)
    except LegalityError:
        raise LegalityError(f'{where}: every "{kind}" entry needs a title') from None
    printing = _text(item, "printing", f'{where}: the entry "{title[:MAX_ENTRY_CHARS]}"')
    if len(title) > MAX_ENTRY_CHARS or len(printing or "") > MAX_ENTRY_CHARS:
        raise LegalityError(
            f'{where}: a "{kind}" entry of {len(title) + len(printing or "")} characters is '
            f"not a card title (at most {MAX_ENTRY_CHARS})"
        )
    return ListEntry(title, printing or None)


def list_from_document(document, where: str, *, origin: str) -> LegalityList:
    """A list from its JSON document; raises LegalityError naming ``where``."""
    if not isinstance(document, dict):
        raise LegalityError(f"{where}: a list file must be a JSON object")
    list_id = _text(document, "id", where, required=True)
    name = _text(document, "name", where, required=True)
    effective = _text(document, "effective", where)
    if effective is not None and not _is_date(effective):
        raise LegalityError(f'{where}: "effective" must be a date such as 2015-04-15')
    errata = _errata(document.get("errata"), where)
    entries = {}
    for kind in ("restricted", "banned"):
        items = document.get(kind, [])
        if not isinstance(items, list):
            raise LegalityError(f'{where}: "{kind}" must be a list')
        if len(items) > MAX_LIST_ENTRIES:
            raise LegalityError(
                f'{where}: {len(items)} "{kind}" entries; a list holds at most {MAX_LIST_ENTRIES}'
            )
        entries[kind] = tuple(_entry(item, kind, where) for item in items)
    return LegalityList(
        id=list_id,
        name=name,
        effective=effective,
        source=_text(document, "source", where) or where,
        restricted=entries["restricted"],
        banned=entries["banned"],
        errata=errata,
        origin=origin,
        note=_text(document, "note", where) or "",
    )


def _is_date(text: str) -> bool:
    """2015, 2015-04 or 2015-04-15, naming a real month and day."""
    import datetime

    if not _EFFECTIVE.match(text):
        return False
    year, month, day = (text.split("-") + ["01", "01"])[:3]
    try:
        datetime.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


@cache
def builtin_lists() -> dict[str, LegalityList]:
    lists = {}
    for name in sorted(os.listdir(_LISTS)):
        if name.endswith(".json"):
            document = read_json(name)
            if document.get("kind") == LIST_KIND:
                found = list_from_document(document, name, origin="built-in")
                lists[found.id] = found
    lists[CGDB_LIST_ID] = LegalityList(
        id=CGDB_LIST_ID,
        name="CardGameDB restricted/banned flags",
        effective=None,
        source="the restricted and banned flags of the cthulhucli card data (from CardGameDB)",
        origin="card data",
        from_card_flags=True,
    )
    return lists


def read_json(name: str):
    """One of the project's own JSON files in ``card_db/lists``."""
    with open(os.path.join(_LISTS, name), encoding="utf-8") as file:
        return json.load(file)


def user_lists(db_path: str | os.PathLike | None) -> dict[str, LegalityList]:
    """Lists added with ``db add-list`` (none when the database or its table is missing)."""
    if db_path is None or not os.path.exists(db_path):
        return {}
    try:
        connection = sqlite3.connect(f"file:{os.fspath(db_path)}?mode=ro", uri=True)
        try:
            rows = connection.execute("SELECT id, document FROM legality_list").fetchall()
        finally:
            connection.close()
    except sqlite3.Error:
        return {}
    lists = {}
    for list_id, document in rows:
        try:
            lists[list_id] = list_from_document(json.loads(document), list_id, origin="user")
        except (TypeError, ValueError, RecursionError, LegalityError):  # TypeError: NULL
            continue  # written by us; a damaged row must not stop every check
    return lists


def load_lists(db_path: str | os.PathLike | None = None) -> dict[str, LegalityList]:
    """Every available list by id, oldest effective date first (undated last)."""
    lists = {**builtin_lists(), **user_lists(db_path)}
    return dict(
        sorted(lists.items(), key=lambda item: (item[1].effective is None, item[1].effective or ""))
    )


def get_list(lists: dict[str, LegalityList], list_id: str | None) -> LegalityList:
    list_id = list_id or DEFAULT_LIST_ID
    if list_id not in lists:
        raise LegalityError(f"unknown list {list_id!r} (lists: {', '.join(lists)})")
    return lists[list_id]


def parse_list_file(path: str | os.PathLike) -> LegalityList:
    """A user's list file: the JSON form of ``card_db/lists/*.json``, or text with
    ``Name:``, ``Id:``, ``Effective:``, ``Source:`` lines and ``Restricted:``/``Banned:``
    sections of ``Title`` or ``Title (Printing)`` lines."""
    from deckbuilder.formats import DeckFileError, decode_text, read_bytes

    path = os.fspath(path)
    stem, suffix = os.path.splitext(os.path.basename(path))
    try:
        text, _warnings = decode_text(read_bytes(path, "list file"), path)
    except DeckFileError as exc:
        raise LegalityError(str(exc)) from None
    if suffix.lower() == ".json":
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise LegalityError(f"{path}: not valid JSON: {exc}") from None
        if isinstance(document, dict):
            document.setdefault("id", _slug(stem))
        return list_from_document(document, path, origin="user")
    document: dict = {"id": _slug(stem), "restricted": [], "banned": []}
    section = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if sep and key in ("name", "id", "effective", "source", "note") and value.strip():
            document[key] = value.strip()
        elif sep and key in ("restricted", "banned") and not value.strip():
            section = key
        elif section is None:
            raise LegalityError(f"{path} line {number}: a card before Restricted: or Banned:")
        else:
            document[section].append(_text_entry(line))
    document.setdefault("name", os.fsencode(stem).decode("utf-8", "replace"))
    return list_from_document(document, str(path), origin="user")


def _text_entry(line: str) -> dict:
    """``Title`` or ``Title (Printing)``, split without a regular expression (one that
    backtracks took most of a minute on a 40,000-character line)."""
    head, paren, printing = line.rpartition("(")
    if paren and line.endswith(")") and ")" not in printing[:-1]:
        return {"title": head.rstrip(), "printing": printing[:-1]}
    return {"title": line, "printing": None}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "list"
