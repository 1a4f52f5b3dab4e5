"""A restricted/banned list against one card pool: which cards it names (a printing names
its card, every printing of it), resolved once per list and pool and cached."""

from __future__ import annotations

import os
from collections import namedtuple
from collections.abc import Callable

from card_db.card import Card
from card_db.errors import UnknownCardError
from deckbuilder.legality.lists import (
    DEFAULT_LIST_ID,
    MAX_UNKNOWN_ENTRIES,
    LegalityError,
    LegalityList,
    builtin_lists,
    get_list,
    load_lists,
)
from deckbuilder.legality.rules_text import title_key
from deckbuilder.plurals import counted


class ResolvedList(
    namedtuple(
        "ResolvedList",
        "restricted_ids restricted_titles banned_ids banned_titles max_copies conspiracy_limit "
        "errata_source warnings",
    )
):
    """A list against one pool: which printings and titles it names.

    restricted_ids: frozenset[str]
    restricted_titles: frozenset[str]  (title keys of entries without a usable printing)
    banned_ids: frozenset[str]
    banned_titles: frozenset[str]
    max_copies: dict[str, int]  (title key -> errata limit)
    conspiracy_limit: int | None
    errata_source: str
    warnings: list[str]
    """

    __slots__ = ()

    def restricted(self, card: Card) -> bool:
        return card.id in self.restricted_ids or title_key(card.title) in self.restricted_titles

    def banned(self, card: Card) -> bool:
        return card.id in self.banned_ids or title_key(card.title) in self.banned_titles


def resolve_list(lst: LegalityList, pool) -> ResolvedList:
    per_pool = pool.derived.setdefault(resolve_list, {})
    cached = per_pool.get(id(lst))
    if cached is not None and cached[0] is lst:
        return cached[1]
    resolved = resolve_uncached(lst, pool)
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


def resolve_uncached(lst: LegalityList, pool, *, strict: bool = False) -> ResolvedList:
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


def pool_for(db_path: str | os.PathLike | None = None):
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
