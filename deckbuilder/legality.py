"""Deck legality: formats and restricted/banned lists are data; the rules turn a deck into
violations, each with its SPEC §6 rule id, a sentence naming the cards and the limit, and
the rule's source.

Formats come from ``card_db/lists/formats.json``; lists from the ``card_db/lists/*.json``
files shipped with the package, the CardGameDB flags in the card data, and lists users add
to the database (``deckbuilder db add-list``). A list is resolved against a card pool once
(title spellings, per-printing entries) and cached, so ``check_deck`` costs well under a
millisecond per deck.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import card_db
from card_db.card import Card
from card_db.errors import DeckbuilderError, UnknownCardError
from card_db.names import title_key as _title_key
from deckbuilder.deck import Deck
from deckbuilder.plurals import counted

# The lists shipped with card_db (a plain path: importlib.resources costs a tenth of a
# `deckbuilder card` start-up in imports).
_LISTS = Path(card_db.__file__).parent / "lists"
DEFAULT_LIST_ID = "final-2015"
DEFAULT_FORMAT_ID = "lcg"
CGDB_LIST_ID = "cgdb"
LIST_KIND = "deckbuilder-legality-list"
# Copies a title allows unless its card says otherwise, by era of the printing.
_ERA_COPY_LIMIT = {"LCG": 3, "CCG": 4}
title_key = cache(_title_key)  # check_deck runs on every edit in the TUI; titles repeat
_EFFECTIVE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")
# A card's own deck-building exception: "You may play up to 8 copies of X in your deck",
# "You may have any number of cards named X in your deck".
_COPY_TEXT = re.compile(
    r"you may (?:have|play|include) (?:up to (?P<count>\d+)|any number of) "
    r"(?:copies of|cards (?:named|titled)) (?P<title>[^.\n]+?) in your deck",
    re.I,
)
_ANY_NUMBER = 10**6


class LegalityError(DeckbuilderError):
    """An unknown format or list, or a list file that cannot be read."""


@dataclass(frozen=True)
class ListEntry:
    title: str
    printing: str | None = None  # "Dreamlands F117": only that printing

    def label(self) -> str:
        return f"{self.title} ({self.printing})" if self.printing else self.title


@dataclass(eq=False)
class LegalityList:
    id: str
    name: str
    effective: str | None
    source: str
    restricted: tuple[ListEntry, ...] = ()
    banned: tuple[ListEntry, ...] = ()
    errata: dict | None = None  # None: the FAQ errata of the default list apply
    origin: str = "built-in"  # "built-in", "card data" or "user"
    note: str = ""
    from_card_flags: bool = False  # CardGameDB's restricted/banned flags on the cards

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


@dataclass(frozen=True)
class Format:
    id: str
    name: str
    min_draw_deck: int
    copy_limit: int
    conspiracy_limit: int
    card_pool: str  # "lcg" or "all"
    apply_errata: bool
    story_deck: dict | None
    sources: dict


@dataclass
class Violation:
    rule: str
    message: str
    cards: list[str]
    source: str

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "message": self.message,
            "cards": self.cards,
            "source": self.source,
        }


@dataclass
class CheckResult:
    deck: str
    format: str
    list: str
    draw_deck_count: int
    problems: list[Violation] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {
            "deck": self.deck,
            "legal": self.legal,
            "format": self.format,
            "list": self.list,
            "draw_deck_count": self.draw_deck_count,
            "problems": [p.to_json() for p in self.problems],
            "warnings": list(self.warnings),
        }


# ---------------------------------------------------------------- data loading


def _package_json(name: str) -> dict:
    return json.loads((_LISTS / name).read_text("utf-8"))


@cache
def load_formats() -> dict[str, Format]:
    return {f["id"]: Format(**f) for f in _package_json("formats.json")["formats"]}


def get_format(format_id: str) -> Format:
    formats = load_formats()
    if format_id not in formats:
        raise LegalityError(f"unknown format {format_id!r} (formats: {', '.join(formats)})")
    return formats[format_id]


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
    for item in _LISTS.iterdir():
        if item.name.endswith(".json"):
            document = json.loads(item.read_text("utf-8"))
            if document.get("kind") == LIST_KIND:
                found = list_from_document(document, item.name, origin="built-in")
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


def user_lists(db_path: str | Path | None) -> dict[str, LegalityList]:
    """Lists added with ``db add-list`` (none when the database or its table is missing)."""
    if db_path is None or not Path(db_path).exists():
        return {}
    try:
        connection = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True)
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


def load_lists(db_path: str | Path | None = None) -> dict[str, LegalityList]:
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


def parse_list_file(path: str | Path) -> LegalityList:
    """A user's list file: the JSON form of ``card_db/lists/*.json``, or text with
    ``Name:``, ``Id:``, ``Effective:``, ``Source:`` lines and ``Restricted:``/``Banned:``
    sections of ``Title`` or ``Title (Printing)`` lines."""
    from deckbuilder.formats import DeckFileError, decode_text, read_bytes

    path = Path(path)
    try:
        text, _warnings = decode_text(read_bytes(path, "list file"), str(path))
    except DeckFileError as exc:
        raise LegalityError(str(exc)) from None
    if path.suffix.lower() == ".json":
        try:
            document = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise LegalityError(f"{path}: not valid JSON: {exc}") from None
        if isinstance(document, dict):
            document.setdefault("id", _slug(path.stem))
        return list_from_document(document, str(path), origin="user")
    document: dict = {"id": _slug(path.stem), "restricted": [], "banned": []}
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
    document.setdefault("name", os.fsencode(path.stem).decode("utf-8", "replace"))
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


# ---------------------------------------------------------------- resolution


@dataclass
class ResolvedList:
    """A list against one pool: which printings and titles it names."""

    restricted_ids: frozenset[str]
    restricted_titles: frozenset[str]  # title keys of entries without a usable printing
    banned_ids: frozenset[str]
    banned_titles: frozenset[str]
    max_copies: dict[str, int]  # title key -> errata limit
    conspiracy_limit: int | None
    errata_source: str
    warnings: list[str]

    def restricted(self, card: Card) -> bool:
        return card.id in self.restricted_ids or title_key(card.title) in self.restricted_titles

    def banned(self, card: Card) -> bool:
        return card.id in self.banned_ids or title_key(card.title) in self.banned_titles


_resolved_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def resolve_list(lst: LegalityList, pool) -> ResolvedList:
    per_pool = _resolved_cache.setdefault(pool, {})
    cached = per_pool.get(id(lst))
    if cached is not None and cached[0] is lst:
        return cached[1]
    resolved = _resolve(lst, pool)
    per_pool[id(lst)] = (lst, resolved)
    return resolved


def resolve_entries(
    entries, pool, warnings: list[str], *, strict: bool = False
) -> tuple[set[str], set[str]]:
    """(printing ids, whole-title keys) the entries name. Unknown titles and printings raise
    when ``strict`` (adding a list), else become warnings: a pool without a card cannot hold
    it, and a printing no card has widens its entry to the whole title."""
    from deckbuilder.resolve import Resolver, printings_matching

    resolver = Resolver(pool)
    ids, titles = set(), set()
    unknown = []
    stopped = False
    for entry in entries:
        if strict and len(unknown) == MAX_UNKNOWN_ENTRIES:  # a junk file: say so, quickly
            stopped = True
            break
        try:
            printings, found_warnings = resolver.title_printings(entry.title)
        except UnknownCardError as exc:
            unknown.append(f"  {exc}")
            continue
        warnings += found_warnings
        chosen = printings_matching(printings, entry.printing) if entry.printing else []
        if chosen:  # a printing names its card: every printing of that card
            ids.update(p.id for c in chosen for p in pool.by_card.get(c.card_id, [c]))
        elif entry.printing and strict:  # adding a list: never widen a printing silently
            known = ", ".join(f"{c.set_name} {c.number}" for c in printings)
            unknown.append(
                f'  "{entry.label()}": no printing of "{printings[0].title}" matches '
                f'"{entry.printing}" (printings: {known})'
            )
        else:
            if entry.printing:
                warnings.append(
                    f'"{entry.label()}": no printing of "{printings[0].title}" matches '
                    f'"{entry.printing}"; the list applies to every printing'
                )
            titles.add(title_key(printings[0].title))
    if unknown and not strict:
        warnings += [line.strip() for line in unknown]
    elif unknown:
        more = " (stopped looking)" if stopped else ""
        raise UnknownCardError(
            "\n".join([f"{counted(len(unknown), 'card')} not found{more}", *unknown])
        )
    return ids, titles


def _resolve(lst: LegalityList, pool, *, strict: bool = False) -> ResolvedList:
    warnings: list[str] = []
    if lst.from_card_flags:
        restricted = ({c.id for c in pool.cards if c.cgdb_restricted}, set())
        banned = ({c.id for c in pool.cards if c.cgdb_banned}, set())
    else:
        try:
            restricted = resolve_entries(lst.restricted, pool, warnings, strict=strict)
            banned = resolve_entries(lst.banned, pool, warnings, strict=strict)
        except UnknownCardError as exc:
            raise LegalityError(f"list {lst.id} ({lst.source}): {exc}") from None
    errata = lst.errata
    if errata is None:  # FAQ errata stay in force under later lists
        errata = builtin_lists()[DEFAULT_LIST_ID].errata or {}
    max_copies = {}
    for title, limit in (errata.get("max_copies") or {}).items():
        if isinstance(limit, int):
            max_copies[title_key(title)] = limit
    conspiracy_limit = errata.get("conspiracy_limit")
    return ResolvedList(
        restricted_ids=frozenset(restricted[0]),
        restricted_titles=frozenset(restricted[1]),
        banned_ids=frozenset(banned[0]),
        banned_titles=frozenset(banned[1]),
        max_copies=max_copies,
        conspiracy_limit=conspiracy_limit if isinstance(conspiracy_limit, int) else None,
        errata_source=str(errata.get("source") or lst.source),
        warnings=warnings,
    )


# ---------------------------------------------------------------- the default pool


_default_pools: dict[str, object] = {}


def pool_for(db_path: str | Path | None = None):
    """The card pool of a database, loaded once per process (for callers without one)."""
    from card_db.paths import database_path

    path = str(database_path(db_path))
    if path not in _default_pools:
        from card_db.pool import CardPool
        from card_db.store import load_cards

        _default_pools[path] = CardPool(load_cards(path))
    return _default_pools[path]


def default_list_check(db_path, kind: str) -> Callable[[Card], bool]:
    """``card -> bool`` for "restricted" or "banned" under the default list, resolved on
    first use (search's r: and b: fields)."""
    state: dict = {}

    def check(card: Card) -> bool:
        if "resolved" not in state:
            lst = get_list(load_lists(db_path), DEFAULT_LIST_ID)
            state["resolved"] = resolve_list(lst, pool_for(db_path))
        resolved = state["resolved"]
        return resolved.restricted(card) if kind == "restricted" else resolved.banned(card)

    return check


# ---------------------------------------------------------------- the rules


def _played_as(card: Card, pool) -> Card:
    """A printing is played as its card: a CCG printing of a card reprinted for the LCG is
    that LCG card (card_db/identity.py); a CCG-only card stays CCG."""
    return pool.card(card.card_id) or card


def _title_limit(title: str, cards: list[Card], pool, fmt: Format, resolved: ResolvedList):
    """(copies allowed, source) for one title."""
    key = title_key(title)
    if fmt.apply_errata and key in resolved.max_copies:
        return resolved.max_copies[key], resolved.errata_source
    printings = pool.printings(title) or cards
    if fmt.card_pool == "lcg":
        printings = [c for c in printings if c.era == "LCG"] or printings
    exceptions = [
        n for c in printings if (n := _card_copy_limit(c)) > _ERA_COPY_LIMIT.get(c.era, 3)
    ]
    if exceptions:
        most = max(exceptions)
        if most >= _ANY_NUMBER:
            return most, f"card text of {title}: any number of copies"
        return most, f"card text of {title}: up to {most} copies"
    return fmt.copy_limit, fmt.sources["copy-limit"]


def _card_copy_limit(card: Card) -> int:
    """The copies a printing allows: its data's limit, or more when its own text grants
    more (some CCG cards say "any number of cards named ..." while their data says 4)."""
    return max(card.max_copies, _text_copy_limit(card.text or "", card.title))


@cache
def _text_copy_limit(text: str, title: str) -> int:
    match = _COPY_TEXT.search(text)
    if match is None or title_key(match.group("title")) != title_key(title):
        return 0
    return int(match.group("count")) if match.group("count") else _ANY_NUMBER


def _names(titles) -> str:
    titles = list(titles)
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def check_deck(
    deck: Deck,
    *,
    format_id: str = DEFAULT_FORMAT_ID,
    list_id: str | None = None,
    lists: dict[str, LegalityList] | None = None,
    pool=None,
) -> CheckResult:
    """Every rule of the format and list, applied to ``deck``. ``lists`` defaults to the
    built-in lists; ``pool`` (the whole card pool, for reprints and list spellings)
    defaults to the default database's."""
    fmt = get_format(format_id)
    lst = get_list(lists if lists is not None else builtin_lists(), list_id)
    if pool is None:
        pool = pool_for(None)
    resolved = resolve_list(lst, pool)
    problems: list[Violation] = []

    by_title: dict[str, list] = {}
    for entry in deck.draw:
        by_title.setdefault(title_key(entry.card.title), []).append(entry)
    draw_count = sum(e.count for e in deck.draw if e.card.type not in ("Story", "Domain"))

    if draw_count < fmt.min_draw_deck:
        problems.append(
            Violation(
                "deck-size",
                f"The draw deck has {counted(draw_count, 'card')}; the minimum is "
                f"{fmt.min_draw_deck} "
                "(stories and domains do not count, conspiracies do).",
                [],
                fmt.sources["deck-size"],
            )
        )

    restricted_titles, heroic, villainous = [], [], []
    for entries in by_title.values():
        cards = [e.card for e in entries]
        title = cards[0].title
        copies = sum(e.count for e in entries)
        kind = cards[0].type
        if kind == "Story":
            problems.append(
                Violation(
                    "story-in-draw-deck",
                    f"{title} is a story card; story cards never go in the draw deck.",
                    [title],
                    fmt.sources["story-in-draw-deck"],
                )
            )
        elif kind == "Conspiracy":
            limit = fmt.conspiracy_limit
            source = fmt.sources["conspiracy-limit"]
            if fmt.apply_errata and resolved.conspiracy_limit is not None:
                limit, source = resolved.conspiracy_limit, resolved.errata_source
            if copies > limit:
                problems.append(
                    Violation(
                        "conspiracy-limit",
                        f"{copies} copies of the conspiracy {title}; the limit is {limit} "
                        "conspiracies with one title.",
                        [title],
                        source,
                    )
                )
        else:
            limit, source = _title_limit(title, cards, pool, fmt, resolved)
            if copies > limit:
                problems.append(
                    Violation(
                        "copy-limit",
                        f"{copies} copies of {title}; the limit is {limit} per title "
                        "(all printings together).",
                        [title],
                        source,
                    )
                )
        # A list names cards, not printings of a card: a CCG printing counts as its LCG
        # reprint in every format (in the CCG format too, so the printing chosen for the
        # same card never decides whether it is restricted).
        played = [_played_as(c, pool) for c in cards]
        listed = {c.id: c for c in (*cards, *played)}.values()
        ccg_only = sorted({c.full_title for c in played if c.era != "LCG"})
        if fmt.card_pool == "lcg" and ccg_only:
            problems.append(
                Violation(
                    "card-pool",
                    f"{_names(ccg_only)}: a CCG card never reprinted for the LCG.",
                    [title],
                    fmt.sources["card-pool"],
                )
            )
        if any(resolved.banned(c) for c in listed):
            problems.append(
                Violation(
                    "banned",
                    f"{title} is banned under {lst.name}; no copy may be in the deck.",
                    [title],
                    f"{lst.name}: {lst.source}",
                )
            )
        if any(resolved.restricted(c) for c in listed):
            restricted_titles.append(title)
        if any(c.has_keyword("Heroic") for c in cards):
            heroic.append(title)
        if any(c.has_keyword("Villainous") for c in cards):
            villainous.append(title)

    if len(restricted_titles) > 1:
        problems.append(
            Violation(
                "restricted",
                f"{len(restricted_titles)} restricted titles ({_names(restricted_titles)}); "
                f"a deck may hold only one restricted title under {lst.name}.",
                restricted_titles,
                f"{lst.name}: {lst.source}",
            )
        )

    if fmt.story_deck:
        problem = _story_deck_problem(deck, fmt, pool)
        if problem:
            problems.append(problem)

    warnings = list(deck.warnings)
    not_stories = sorted({e.card.title for e in deck.story if e.card.type != "Story"})
    if not_stories:
        warnings.append(
            f"{_names(not_stories)} in the story deck: only story cards go there, and cards "
            "there do not count toward the draw deck."
        )
    if heroic and villainous:
        warnings.append(
            f"Heroic ({_names(heroic)}) and Villainous ({_names(villainous)}) cards in one "
            "deck: they can never be in play at the same time."
        )
    return CheckResult(
        deck=deck.name,
        format=fmt.id,
        list=lst.id,
        draw_deck_count=draw_count,
        problems=problems,
        warnings=warnings,
    )


def _story_deck_problem(deck: Deck, fmt: Format, pool) -> Violation | None:
    rule = fmt.story_deck
    size, sets = rule["size"], rule["from_sets"]
    from card_db.sets import set_by_code

    names = [getattr(set_by_code(code), "name", code) for code in sets]
    wanted = " or ".join(f"the {n}" for n in names)
    titles = [e.card.title for e in deck.story]
    keys = sorted(title_key(e.card.title) for e in deck.story for _ in range(e.count))
    for code in sets:
        expected = sorted(
            title_key(c.title) for c in pool.cards if c.set_code == code and c.type == "Story"
        )
        if keys == expected and len(keys) == size:
            return None
    count = len(keys)
    return Violation(
        "story-deck",
        f"The story deck has {counted(count, 'card')}; the {fmt.id} format needs the {size} "
        "stories of "
        f"{wanted}, one of each.",
        titles,
        fmt.sources["story-deck"],
    )


def add_user_list(db_path, lst: LegalityList, pool, warnings: list[str] | None = None) -> bool:
    """Store a user's list in the database after checking that every entry names a card
    (``warnings`` receives the spellings read as another title). Returns True when it
    replaced a list with the same id."""
    if lst.id in builtin_lists():
        raise LegalityError(f"{lst.id!r} is a built-in list; give your list another id")
    resolved = _resolve(lst, pool, strict=True)  # unknown titles raise, listing every one
    if warnings is not None:
        warnings += resolved.warnings
    from sqlmodel import Session

    from card_db.db import prepare_database
    from card_db.models import LegalityListRow

    engine = prepare_database(db_path)
    try:
        with Session(engine) as session:
            row = session.get(LegalityListRow, lst.id)
            replaced = row is not None
            row = row or LegalityListRow(id=lst.id, name=lst.name, document="")
            row.name, row.effective, row.source = lst.name, lst.effective, lst.source
            row.document = json.dumps(lst.to_document(), ensure_ascii=False)
            session.add(row)
            session.commit()
    finally:
        engine.dispose()
    return replaced
