"""The search query language (SPEC §4): parse a query into terms, then filter and rank cards.

    t:char f:miskatonic c<=2        characters of Miskatonic University costing 2 or less
    i:ti !k:loyal                   at least one terror and one investigation icon, not Loyal
    f:hastur|yog x:"go insane"      Hastur or Yog-Sothoth cards whose text says "go insane"
    itinrant scholr                 bare words fuzzy-match the title, typos tolerated

Terms are ANDed, ``|`` ORs values, a leading ``!`` (or ``field!value``) negates a term.
"""

from __future__ import annotations

import operator
import re
import shlex
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from card_db.errors import QueryError
from card_db.names import fold, search_text
from card_db.sets import CYCLES, SETS

if TYPE_CHECKING:
    from card_db.card import Card

# Card texts and titles are folded once per process, not once per query.
_fold = lru_cache(maxsize=16384)(fold)
_search_text = lru_cache(maxsize=16384)(search_text)

FACTION_ALIASES = {
    "agency": "The Agency",
    "the agency": "The Agency",
    "ag": "The Agency",
    "miskatonic": "Miskatonic University",
    "miskatonic university": "Miskatonic University",
    "mu": "Miskatonic University",
    "misk": "Miskatonic University",
    "syndicate": "Syndicate",
    "syn": "Syndicate",
    "cthulhu": "Cthulhu",
    "cth": "Cthulhu",
    "hastur": "Hastur",
    "has": "Hastur",
    "yog": "Yog-Sothoth",
    "yog-sothoth": "Yog-Sothoth",
    "yogsothoth": "Yog-Sothoth",
    "shub": "Shub-Niggurath",
    "shub-niggurath": "Shub-Niggurath",
    "shubniggurath": "Shub-Niggurath",
    "twilight": "Silver Twilight",
    "silver twilight": "Silver Twilight",
    "silver": "Silver Twilight",
    "st": "Silver Twilight",
    "neutral": "Neutral",
    "n": "Neutral",
}
TYPE_ALIASES = {
    "character": "Character",
    "char": "Character",
    "support": "Support",
    "sup": "Support",
    "event": "Event",
    "ev": "Event",
    "story": "Story",
    "conspiracy": "Conspiracy",
    "consp": "Conspiracy",
}
ICON_LETTERS = {"t": "terror", "c": "combat", "a": "arcane", "i": "investigation"}
_TRUE = {"1", "y", "yes", "true"}
_FALSE = {"0", "n", "no", "false"}

# field name and aliases -> canonical field
FIELDS = {
    "t": "type", "type": "type",
    "f": "faction", "faction": "faction",
    "c": "cost", "cost": "cost",
    "s": "skill", "skill": "skill",
    "i": "icons", "icons": "icons",
    "terror": "terror", "combat": "combat", "arcane": "arcane", "investigation": "investigation",
    "k": "keyword", "keyword": "keyword",
    "st": "subtype", "subtype": "subtype",
    "x": "text", "text": "text",
    "set": "set", "cycle": "set",
    "u": "unique", "unique": "unique",
    "era": "era",
    "r": "restricted", "restricted": "restricted",
    "b": "banned", "banned": "banned",
    "own": "own", "avail": "avail",
}  # fmt: skip
NUMERIC = {"cost", "skill", "terror", "combat", "arcane", "investigation", "own", "avail"}
# Fields answered by the QueryContext (legality lists, the collection), not the card data.
CONTEXT_FIELDS = frozenset({"restricted", "banned", "own", "avail"})
_OPS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    ":": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_TERM = re.compile(r"^(?P<neg>!)?(?P<field>[a-z]+)(?P<op><=|>=|!=|!|:|=|<|>)(?P<value>.*)$", re.I)


# NamedTuples, not dataclasses: creating a dataclass costs ~1.5 ms at import, and the CLI's
# start-up is measured against cthulhucli.
class Term(NamedTuple):
    field: str
    op: str  # ":", "=", "!=", "<", "<=", ">", ">="
    values: tuple[str, ...]
    negated: bool = False


class Query(NamedTuple):
    terms: tuple[Term, ...] = ()
    words: tuple[str, ...] = ()  # bare words: fuzzy title match
    excluded_words: tuple[str, ...] = ()  # bare !words: title must not contain


class QueryContext:
    """Facts from outside the card data that some fields need."""

    __slots__ = ("is_restricted", "is_banned", "owned", "available", "extra")

    def __init__(
        self,
        is_restricted: Callable[[Card], bool] | None = None,
        is_banned: Callable[[Card], bool] | None = None,
        owned: Callable[[Card], int] | None = None,
        available: Callable[[Card], int] | None = None,
        extra: dict | None = None,
    ):
        self.is_restricted = is_restricted
        self.is_banned = is_banned
        self.owned = owned
        self.available = available
        self.extra = {} if extra is None else extra


def tokenize(query: str | Iterable[str]) -> list[str]:
    text = query if isinstance(query, str) else " ".join(_quote_arg(a) for a in query)
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise QueryError(f"cannot read the query: {exc}") from None


def _quote_arg(arg: str) -> str:
    """A shell argument that held spaces was quoted by the user; keep it one token."""
    if any(ch.isspace() for ch in arg):
        name, sep, value = arg.partition(":")
        if sep and FIELDS.get(name.lower().lstrip("!")):
            return f"{name}:{shlex.quote(value)}"
        return shlex.quote(arg)
    return arg


def parse(query: str | Iterable[str]) -> Query:
    terms: list[Term] = []
    words: list[str] = []
    excluded: list[str] = []
    for token in tokenize(query):
        match = _TERM.match(token)
        if match and match["field"].lower() in FIELDS:
            terms.append(_parse_term(match))
        elif match and match["op"] in (":", "<", ">", "<=", ">=", "=") and match["value"] != "":
            raise QueryError(
                f"unknown field {match['field']!r} in {token!r}; known fields: "
                + ", ".join(sorted({k for k in FIELDS if len(k) <= 2} | {"set", "era"}))
            )
        elif token.startswith("!") and len(token) > 1:
            excluded.append(search_text(token[1:]))
        else:
            words.append(token)
    return Query(tuple(terms), tuple(words), tuple(excluded))


def _parse_term(match: re.Match) -> Term:
    name = FIELDS[match["field"].lower()]
    op, negated = match["op"], bool(match["neg"])
    if op == "!":
        op, negated = ":", not negated
    raw = match["value"]
    values = tuple(v.strip() for v in raw.split("|"))
    if name in ("own", "avail") and raw == "":
        values = ("1",)
        op = ">=" if op == ":" else op
    if any(v == "" for v in values):
        raise QueryError(f"{match.group(0)!r}: {match['field']} needs a value")
    if op not in (":", "=") and name not in NUMERIC:
        raise QueryError(f"{match.group(0)!r}: {match['field']} takes no comparison {op!r}")
    if name in NUMERIC:
        for value in values:
            if not (value.isdigit() or (name == "cost" and value.lower() == "x")):
                if name in ("own", "avail") and value.lower() in _TRUE | _FALSE:
                    continue
                raise QueryError(
                    f"{match.group(0)!r}: {value!r} is not a number"
                    + (" (or X)" if name == "cost" else "")
                )
    else:
        for value in values:
            _validate(name, value, match.group(0))
    return Term(name, op, values, negated)


def _validate(name: str, value: str, token: str) -> None:
    low = value.lower()
    if name == "type" and _resolve(low, TYPE_ALIASES) is None:
        raise QueryError(f"{token!r}: unknown type {value!r} (character, support, event, ...)")
    if name == "faction" and _resolve(low, FACTION_ALIASES) is None:
        raise QueryError(f"{token!r}: unknown faction {value!r} (agency, miskatonic, yog, ...)")
    if name == "icons" and (not low or any(ch not in ICON_LETTERS for ch in low)):
        raise QueryError(f"{token!r}: icons are letters t, c, a, i (e.g. i:ti)")
    if name == "era" and low not in ("lcg", "ccg"):
        raise QueryError(f"{token!r}: era is lcg or ccg")
    if name in ("unique", "restricted", "banned") and low not in _TRUE | _FALSE:
        raise QueryError(f"{token!r}: {name} takes yes or no (1/0)")
    if name == "set" and not _set_matcher(low):
        raise QueryError(f"{token!r}: unknown set or cycle {value!r}")


def _resolve(value: str, aliases: dict[str, str]) -> str | None:
    if value in aliases:
        return aliases[value]
    hits = {canon for alias, canon in aliases.items() if alias.startswith(value)}
    return hits.pop() if len(hits) == 1 else None


def _set_matcher(value: str) -> set[str]:
    """Set codes a set: value names: a code, a set name, or a cycle (prefixes allowed)."""
    folded = fold(value)
    exact = {s.code for s in SETS if s.code.lower() == folded or fold(s.name) == folded}
    if exact:
        return exact
    cycles = [
        c for c in CYCLES if fold(c).removeprefix("the ").startswith(folded.removeprefix("the "))
    ]
    if cycles:
        return {s.code for s in SETS if s.cycle in cycles}
    return {s.code for s in SETS if folded in fold(s.name)}


def _bool(value: str) -> bool:
    return value.lower() in _TRUE


def _term_predicate(term: Term, context: QueryContext) -> Callable[[Card], bool]:
    name = term.field
    if name in NUMERIC:
        compare = _OPS[term.op]
        getter = _numeric_getter(name, context)
        wants_x = any(v.lower() == "x" for v in term.values)
        numbers = [
            (1 if _bool(v) else 0) if v.lower() in _TRUE | _FALSE else int(v)
            for v in term.values
            if v.lower() != "x"
        ]
        if name in ("own", "avail") and any(v.lower() in _FALSE for v in term.values):
            return lambda c: getter(c) == 0

        if not wants_x and len(numbers) == 1:  # the common case, kept cheap
            number = numbers[0]

            def one_number(card: Card) -> bool:
                value = getter(card)
                return value is not None and compare(value, number)

            return one_number

        def numeric(card: Card) -> bool:
            if wants_x and card.cost_is_x:
                return True
            value = getter(card)
            return value is not None and any(compare(value, n) for n in numbers)

        return numeric
    lows = [v.lower() for v in term.values]
    if name == "type":
        wanted = {_resolve(v, TYPE_ALIASES) for v in lows}
        return lambda c: c.type in wanted
    if name == "faction":
        wanted = {_resolve(v, FACTION_ALIASES) for v in lows}
        return lambda c: c.faction in wanted
    if name == "icons":
        needs = []
        for v in lows:
            need = {icon: v.count(letter) for letter, icon in ICON_LETTERS.items() if letter in v}
            needs.append(need)
        return lambda c: any(all(getattr(c, i) >= n for i, n in need.items()) for need in needs)
    if name == "keyword":
        return lambda c: any(_fold(k).startswith(v) for k in c.keywords for v in lows)
    if name == "subtype":
        return lambda c: any(_fold(s).startswith(v) for s in c.subtypes for v in lows)
    if name == "text":
        folded = [fold(v) for v in term.values]
        return lambda c: any(v in _fold(c.text) for v in folded)
    if name == "set":
        codes = set().union(*(_set_matcher(v) for v in lows))
        return lambda c: c.set_code in codes
    if name == "unique":
        wanted = {_bool(v) for v in lows}
        return lambda c: c.unique in wanted
    if name == "era":
        wanted = {v.upper() for v in lows}
        return lambda c: c.era in wanted
    if name in ("restricted", "banned"):
        check = context.is_restricted if name == "restricted" else context.is_banned
        if check is None:
            raise QueryError(f"{name} needs a restricted/banned list, and none is loaded")
        wanted = {_bool(v) for v in lows}
        return lambda c: check(c) in wanted
    raise QueryError(f"unsupported field {name}")  # pragma: no cover - FIELDS is exhaustive


def _numeric_getter(name: str, context: QueryContext) -> Callable[[Card], int | None]:
    if name == "own":
        if context.owned is None:
            raise QueryError("own: needs the collection, and none is loaded")
        return context.owned
    if name == "avail":
        if context.available is None:
            raise QueryError("avail: needs the collection, and none is loaded")
        return context.available
    return operator.attrgetter(name)


def compile_filter(query: Query, context: QueryContext | None = None) -> Callable[[Card], bool]:
    """One predicate for all of the query's field terms and excluded words."""
    checks = compile_checks(query, context)
    if not checks:
        return lambda card: True
    if len(checks) == 1:
        return checks[0]
    return lambda card: all(check(card) for check in checks)


def compile_checks(
    query: Query, context: QueryContext | None = None
) -> list[Callable[[Card], bool]]:
    """One predicate per field term and excluded word; a card matches when all hold."""
    context = context or QueryContext()
    checks: list[Callable[[Card], bool]] = []
    for term in query.terms:
        predicate = _term_predicate(term, context)
        if term.negated:
            checks.append(lambda c, p=predicate: not p(c))
        else:
            checks.append(predicate)
    for word in query.excluded_words:
        checks.append(lambda c, w=word: w not in _search_text(c.title))
    return checks


# Columns of the ``card`` table behind the fields a pre-filter can narrow.
_SQL_COLUMNS = {
    "type": "type", "faction": "faction", "era": "era", "set": "set_code",
    "unique": '"unique"', "cost": "cost", "skill": "skill", "terror": "terror",
    "combat": "combat", "arcane": "arcane", "investigation": "investigation",
}  # fmt: skip
_SQL_OPS = {":": "=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def sql_prefilter(query: Query) -> tuple[str, list] | None:
    """A WHERE clause (and its parameters) keeping at least every card the query can match,
    so that a search reads only those rows from the database; None when no term narrows.

    ``compile_filter`` still decides: terms this cannot express are simply left out."""
    clauses: list[str] = []
    params: list = []
    for term in query.terms:
        column = _SQL_COLUMNS.get(term.field)
        if column is None:
            continue
        lows = [v.lower() for v in term.values]
        if term.field in NUMERIC:
            if "x" in lows or term.negated:
                continue  # cost X cards and NULL costs: leave them to the Python filter
            parts = [f"{column} {_SQL_OPS[term.op]} ?" for _ in lows]
            values: list = [int(v) for v in lows]
        else:
            if term.field == "type":
                values = [_resolve(v, TYPE_ALIASES) for v in lows]
            elif term.field == "faction":
                values = [_resolve(v, FACTION_ALIASES) for v in lows]
            elif term.field == "era":
                values = [v.upper() for v in lows]
            elif term.field == "unique":
                values = [int(_bool(v)) for v in lows]
            else:
                values = sorted(set().union(*(_set_matcher(v) for v in lows)))
            parts = [f"{column} IN ({', '.join('?' * len(values))})"] if values else ["0"]
        clause = "(" + " OR ".join(parts) + ")"
        clauses.append(f"NOT {clause}" if term.negated else clause)
        params += values
    if not clauses:
        return None
    return " AND ".join(clauses), params
