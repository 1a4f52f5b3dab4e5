"""The search query language (SPEC §4): parse a query into terms, then filter and rank cards.

    t:char f:miskatonic c<=2        characters of Miskatonic University costing 2 or less
    i:ti !k:loyal                   at least one terror and one investigation icon, not Loyal
    f:hastur|yog x:"go insane"      Hastur or Yog-Sothoth cards whose text says "go insane"
    yog sothoth lord                bare words match title and descriptor words
    itinrant scholr                 ... or, failing that, the title fuzzily (typos tolerated)

Terms are ANDed, ``|`` ORs values, a leading ``!`` (or ``field!value``) negates a term.
Without an ``era:`` or ``set:`` term the pool is the LCG (see ``lcg_by_default``).
"""

from __future__ import annotations

import operator
import re
from collections import namedtuple
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from card_db.errors import QueryError
from card_db.names import fold, search_text
from card_db.query_tokens import tokenize

TYPE_CHECKING = False  # typing's flag, without importing typing
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
    "yog sothoth": "Yog-Sothoth",
    "yogsothoth": "Yog-Sothoth",
    "shub": "Shub-Niggurath",
    "shub-niggurath": "Shub-Niggurath",
    "shub niggurath": "Shub-Niggurath",
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
MAX_NUMBER = 9999  # no cost, skill, icon count or collection count comes near it
# Fields whose values are a vocabulary of the card data (checked by ``check_vocabulary``).
VOCABULARY_FIELDS = ("keyword", "subtype")
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
    "in": lambda value, numbers: value in numbers,
}
_TERM = re.compile(
    r"^(?P<neg>!)?(?P<field>[a-z]+)(?P<op><=|>=|!=|!|:|=|<|>)(?P<value>.*)$", re.I | re.S
)


# namedtuples, not dataclasses or typing.NamedTuple: importing dataclasses or typing costs
# ~1.5-6 ms, and the CLI's start-up is measured against cthulhucli.
class Term(namedtuple("Term", "field op values negated", defaults=(False,))):
    """field: str
    op: str  (":", "=", "!=", "<", "<=", ">", ">=")
    values: tuple[str, ...]
    negated: bool = False
    """

    __slots__ = ()


class Query(namedtuple("Query", "terms words excluded_words", defaults=((), (), ()))):
    """terms: tuple[Term, ...] = ()
    words: tuple[str, ...] = ()  (bare words: fuzzy title match)
    excluded_words: tuple[str, ...] = ()  (bare !words: title must not contain)
    """

    __slots__ = ()


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


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, cut short: a message stays one short line."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


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
                f"unknown field {shown(match['field'])} in {shown(token)}; known fields: "
                + ", ".join(sorted({k for k in FIELDS if len(k) <= 2} | {"set", "era"}))
            )
        elif token.startswith("!") and len(token) > 1:
            if form := search_text(token[1:]):  # "!!" excludes no title, not every title
                excluded.append(form)
        else:
            words.append(token)
    return Query(tuple(terms), tuple(words), tuple(excluded))


def _parse_term(match: re.Match) -> Term:
    name = FIELDS[match["field"].lower()]
    op, negated = match["op"], bool(match["neg"])
    if op == "!":
        op, negated = ":", not negated
    raw = match["value"]
    token = shown(match.group(0))
    # Repeated values ask nothing more; dropping them keeps a long query cheap.
    values = tuple(dict.fromkeys(" ".join(v.split()) for v in raw.split("|")))
    if name in ("own", "avail") and raw == "":
        values = ("1",)
        op = ">=" if op == ":" else op
    if any(v == "" for v in values):
        raise QueryError(f"{token}: {match['field']} needs a value")
    if op not in (":", "=") and name not in NUMERIC:
        raise QueryError(f"{token}: {match['field']} takes no comparison {op!r}")
    if name in NUMERIC:
        for value in values:
            _check_number(name, value, token)
    else:
        for value in values:
            _validate(name, value, token)
    return Term(name, op, values, negated)


def _check_number(name: str, value: str, token: str) -> None:
    low = value.lower()
    if (name == "cost" and low == "x") or (name in ("own", "avail") and low in _TRUE | _FALSE):
        return
    if not (value.isascii() and value.isdigit()):  # "²" is a digit to str.isdigit
        raise QueryError(
            f"{token}: {shown(value)} is not a number" + (" (or X)" if name == "cost" else "")
        )
    if len(value) > len(str(MAX_NUMBER)) or int(value) > MAX_NUMBER:
        raise QueryError(f"{token}: {shown(value, 12)} is too large (at most {MAX_NUMBER})")


def _validate(name: str, value: str, token: str) -> None:
    low = value.lower()
    if name == "type" and resolve_alias(low, TYPE_ALIASES) is None:
        raise QueryError(f"{token}: unknown type {shown(value)} (character, support, event, ...)")
    if name == "faction" and resolve_alias(low, FACTION_ALIASES) is None:
        raise QueryError(f"{token}: unknown faction {shown(value)} (agency, miskatonic, yog, ...)")
    if name == "icons" and (not low or any(ch not in ICON_LETTERS for ch in low)):
        raise QueryError(f"{token}: icons are letters t, c, a, i (e.g. i:ti)")
    if name == "era" and low not in ("lcg", "ccg", "all"):
        raise QueryError(f"{token}: era is lcg, ccg or all")
    if name in ("unique", "restricted", "banned") and low not in _TRUE | _FALSE:
        raise QueryError(f"{token}: {name} takes yes or no (1/0)")
    if name == "set" and not set_codes(low):
        raise QueryError(f"{token}: unknown set or cycle {shown(value)}")


def check_vocabulary(query: Query, vocabulary: Mapping[str, Iterable[str]]) -> None:
    """Refuse a ``k:`` or ``st:`` value that no keyword or subtype of the card data starts
    with, as an unknown faction is refused. ``vocabulary``: field -> its known values."""
    for term in query.terms:
        if term.field not in VOCABULARY_FIELDS:
            continue
        known = {fold(v) for v in vocabulary.get(term.field, ())}
        for value in term.values:
            low = fold(value)
            if not any(k.startswith(low) for k in known):
                import difflib

                close = difflib.get_close_matches(low, sorted(known), n=3, cutoff=0.6)
                examples = ", ".join(close or sorted(known)[:3]) + ", ..."
                field = "k" if term.field == "keyword" else "st"
                raise QueryError(
                    f"{shown(f'{field}:{value}')}: unknown {term.field} {shown(value)} ({examples})"
                )


def lcg_by_default(query: Query) -> bool:
    """Whether the LCG era applies unasked: a query names an era or a set to leave it."""
    return not any(term.field in ("era", "set") for term in query.terms)


def resolve_alias(value: str, aliases: dict[str, str]) -> str | None:
    if value in aliases:
        return aliases[value]
    hits = {canon for alias, canon in aliases.items() if alias.startswith(value)}
    return hits.pop() if len(hits) == 1 else None


def set_codes(value: str) -> set[str]:
    """Set codes a set: value names: a code, a set name, or a cycle (prefixes allowed)."""
    from card_db.sets import CYCLES, SETS  # here: a search naming no set needs no set table

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


def is_yes(value: str) -> bool:
    return value.lower() in _TRUE


def _term_predicate(term: Term, context: QueryContext) -> Callable[[Card], bool]:
    name = term.field
    if name in NUMERIC:
        getter = _numeric_getter(name, context)
        wants_x = any(v.lower() == "x" for v in term.values)
        numbers = [
            (1 if is_yes(v) else 0) if v.lower() in _TRUE | _FALSE else int(v)
            for v in term.values
            if v.lower() != "x"
        ]
        if name in ("own", "avail") and any(v.lower() in _FALSE for v in term.values):
            return lambda c: getter(c) == 0
        op, number = reduce_numbers(term.op, numbers)
        compare = _OPS[op]

        if not wants_x:  # the common case, kept cheap

            def one_number(card: Card) -> bool:
                value = getter(card)
                return value is not None and compare(value, number)

            return one_number

        def numeric(card: Card) -> bool:
            if card.cost_is_x:
                return True
            value = getter(card)
            return value is not None and compare(value, number)

        return numeric
    lows = [v.lower() for v in term.values]
    if name == "type":
        wanted = {resolve_alias(v, TYPE_ALIASES) for v in lows}
        return lambda c: c.type in wanted
    if name == "faction":
        wanted = {resolve_alias(v, FACTION_ALIASES) for v in lows}
        return lambda c: c.faction in wanted
    if name == "icons":
        needs = []
        for v in lows:
            need = {icon: v.count(letter) for letter, icon in ICON_LETTERS.items() if letter in v}
            needs.append(need)
        return lambda c: any(all(getattr(c, i) >= n for i, n in need.items()) for need in needs)
    if name in VOCABULARY_FIELDS:
        starts = tuple(fold(v) for v in term.values)
        if name == "keyword":
            return lambda c: any(_fold(k).startswith(starts) for k in c.keywords)
        return lambda c: any(_fold(s).startswith(starts) for s in c.subtypes)
    if name == "text":
        folded = [fold(v) for v in term.values]
        if len(folded) == 1:
            (one,) = folded
            return lambda c: one in _fold(c.text)
        return lambda c: any(v in _fold(c.text) for v in folded)
    if name == "set":
        codes = set().union(*(set_codes(v) for v in lows))
        return lambda c: c.set_code in codes
    if name == "unique":
        wanted = {is_yes(v) for v in lows}
        return lambda c: c.unique in wanted
    if name == "era":
        wanted = era_values(lows)
        return lambda c: c.era in wanted
    if name in ("restricted", "banned"):
        check = context.is_restricted if name == "restricted" else context.is_banned
        if check is None:
            raise QueryError(f"{name} needs a restricted/banned list, and none is loaded")
        wanted = {is_yes(v) for v in lows}
        return lambda c: check(c) in wanted
    raise QueryError(f"unsupported field {name}")  # pragma: no cover - FIELDS is exhaustive


def reduce_numbers(op: str, numbers: list[int]) -> tuple[str, object]:
    """One comparison equal to "any of ``numbers``": ``c<1|5`` is ``c<5``, ``c:1|2`` asks
    membership ("in", a frozenset), and ``c!=1|2`` holds for every number ("!=", None)."""
    if not numbers:
        return "in", frozenset()
    if op in ("<", "<="):
        return op, max(numbers)
    if op in (">", ">="):
        return op, min(numbers)
    if op == "!=":
        return op, numbers[0] if len(set(numbers)) == 1 else None
    return "in", frozenset(numbers)


def era_values(values: Iterable[str]) -> set[str]:
    """The eras an ``era:`` term's (lower-case) values name; "all" is both."""
    wanted = {v.upper() for v in values}
    return {"LCG", "CCG"} if "ALL" in wanted else wanted


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


_CHECK_COST = {
    "keyword": 1,
    "subtype": 1,
    "icons": 1,
    "text": 2,
    **dict.fromkeys(CONTEXT_FIELDS, 3),
}


def compile_checks(
    query: Query, context: QueryContext | None = None
) -> list[Callable[[Card], bool]]:
    """One predicate per field term and excluded word; a card matches when all hold."""
    context = context or QueryContext()
    checks: list[Callable[[Card], bool]] = []
    # Cheap checks first: each one narrows the cards the next, dearer one reads.
    for term in sorted(query.terms, key=lambda t: _CHECK_COST.get(t.field, 0)):
        predicate = _term_predicate(term, context)
        if term.negated:
            checks.append(lambda c, p=predicate: not p(c))
        else:
            checks.append(predicate)
    for word in query.excluded_words:
        checks.append(lambda c, w=word: w not in _search_text(c.title))
    return checks
