"""What the CLI reads for a search: a WHERE clause keeping at least every printing a query
can match, so that only those rows become ``Card`` objects (``search`` still decides)."""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Callable

from card_db.pool import CardPool
from card_db.query import (
    FACTION_ALIASES,
    NUMERIC,
    TYPE_ALIASES,
    VOCABULARY_FIELDS,
    Query,
    era_values,
    is_yes,
    lcg_by_default,
    reduce_numbers,
    resolve_alias,
    set_codes,
)

# Columns of the ``card`` table behind the fields a pre-filter can narrow.
_SQL_COLUMNS = {
    "type": "type", "faction": "faction", "era": "era", "set": "set_code",
    "unique": '"unique"', "cost": "cost", "skill": "skill", "terror": "terror",
    "combat": "combat", "arcane": "arcane", "investigation": "investigation",
}  # fmt: skip
_SQL_OPS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "!=": "!="}
MAX_CLAUSES = 32  # SQLite limits an expression's depth; a superset needs no more
# No card name has a word this long; SQLite refuses LIKE patterns past 50,000 bytes.
LONGEST_WORD = 200


class Prefilter(namedtuple("Prefilter", "clause params exact")):
    """clause: str  ("1" when nothing narrows)
    params: list
    exact: bool  (the clause keeps exactly the printings the query's terms keep)
    """

    __slots__ = ()


def sql_prefilter(query: Query) -> Prefilter:
    """The printings the query's field terms (and the LCG default) can keep. ``exact`` when
    every term was expressed, so that the rows need no second look before ranking words."""
    clauses: list[str] = []
    params: list = []
    exact = not query.excluded_words
    if lcg_by_default(query):
        clauses.append("era = 'LCG'")
    for term in query.terms:
        expressed = _term_clause(term)
        if expressed is None or len(clauses) >= MAX_CLAUSES:
            exact = False
            continue
        clause, values = expressed
        clauses.append(f"NOT {clause}" if term.negated else clause)
        params += values
    return Prefilter(" AND ".join(clauses) or "1", params, exact)


def card_rows(prefilter: Prefilter, extra: tuple[str, list] | None = None) -> tuple[str, list]:
    """Every printing of each card that has a printing the pre-filter (and ``extra``, a
    clause and its parameters) keeps: a card's row lists all its printings."""
    clause, params = prefilter.clause, list(prefilter.params)
    if extra:
        clause, params = f"({clause}) AND {extra[0]}", params + list(extra[1])
    return f"card_id IN (SELECT card_id FROM card WHERE {clause})", params


def _term_clause(term) -> tuple[str, list] | None:
    column = _SQL_COLUMNS.get(term.field)
    if column is None:
        return None
    lows = [v.lower() for v in term.values]
    if term.field in NUMERIC:
        if "x" in lows or term.negated:
            return None  # cost X cards and NULL costs: leave them to the Python filter
        op, number = reduce_numbers(term.op, [int(v) for v in lows])
        if op == "in":
            return f"{column} IN ({', '.join('?' * len(number))})", sorted(number)
        if number is None:  # c!=1|2: every card with a cost
            return f"{column} IS NOT NULL", []
        return f"({column} {_SQL_OPS[op]} ?)", [number]
    if term.field == "type":
        values = {resolve_alias(v, TYPE_ALIASES) for v in lows}
    elif term.field == "faction":
        values = {resolve_alias(v, FACTION_ALIASES) for v in lows}
    elif term.field == "era":
        values = era_values(lows)
    elif term.field == "unique":
        values = {int(is_yes(v)) for v in lows}
    else:
        values = set().union(*(set_codes(v) for v in lows))
    if not values:
        return "0", []
    return f"{column} IN ({', '.join('?' * len(values))})", sorted(values)


def load_search_pool(
    path, query: Query, *, progress: Callable[[str, int, int], None] | None = None
) -> tuple[CardPool, dict[str, list[str]] | None]:
    """The printings ``search`` needs to answer ``query`` as it would over the whole
    database, and the ``k:``/``st:`` vocabulary when the query uses one (else None).

    Bare words are matched first against the distinct names the pre-filter keeps, so that
    only the cards of matching names are read; that is the same answer when the pre-filter
    is exact (the word tier depends on which names the filters keep)."""
    from card_db.sqlite_errors import database_error
    from card_db.store import connect, load_cards

    prefilter = sql_prefilter(query)
    vocabulary = None
    narrowed: tuple[str, list] | None = None
    wants_vocabulary = any(term.field in VOCABULARY_FIELDS for term in query.terms)
    if wants_vocabulary or (query.words and prefilter.exact):
        connection = connect(path, progress=progress)
        try:
            if wants_vocabulary:
                vocabulary = {field: distinct_values(connection, field) for field in
                              VOCABULARY_FIELDS}  # fmt: skip
            if query.words and prefilter.exact:
                from card_db.name_match import NameMatcher, query_tokens

                _wanted, tokens = query_tokens(query.words)
                # The names holding every word (NameMatcher's first tier) are found in
                # SQL from the stored search words; only when none does, fuzzy matching
                # reads every name the filters keep.
                named = _names(connection, prefilter, _word_starts(tokens))
                if not named:
                    named = _names(connection, prefilter)
                names = [name for name, _ in named]
                scores = NameMatcher(names, [w for _, w in named]).match(query.words)
                if scores is not None:
                    titles = sorted({names[i][0] for i in scores})
                    marks = ", ".join("?" * len(titles))
                    narrowed = (f"title IN ({marks})", titles) if titles else ("0", [])
        except sqlite3.Error as exc:
            raise database_error(path, exc) from None
        finally:
            connection.close()
    cards = load_cards(path, progress=progress, where=card_rows(prefilter, narrowed))
    return CardPool(cards), vocabulary


def _word_starts(tokens: tuple[str, ...]) -> tuple[str, list] | None:
    """A clause keeping the printings whose title or descriptor has a word starting with
    each token (tokens are letters and digits: nothing a LIKE pattern reads specially)."""
    if not tokens or len(tokens) > MAX_CLAUSES or max(map(len, tokens)) > LONGEST_WORD:
        return None  # no words, or a hostile heap of them: no name holds them word for word
    padded = "(' ' || title_words || ' ' || descriptor_words)"
    return " AND ".join([f"{padded} LIKE ?"] * len(tokens)), [f"% {t}%" for t in tokens]


def _names(
    connection: sqlite3.Connection, prefilter: Prefilter, extra: tuple[str, list] | None = None
) -> list[tuple[tuple[str, str | None], tuple[str, str]]]:
    """The distinct names (title, descriptor) the pre-filter (and ``extra``) keeps, each
    with its stored search words."""
    clause, params = prefilter.clause, list(prefilter.params)
    if extra:
        clause, params = f"({clause}) AND {extra[0]}", params + extra[1]
    rows = connection.execute(
        f"SELECT title, descriptor, title_words, descriptor_words FROM card WHERE {clause}",
        params,
    )  # DISTINCT in SQL costs more than a dict here
    return [((t, d), (tw, dw)) for t, d, tw, dw in dict.fromkeys(rows)]


def distinct_values(connection: sqlite3.Connection, field: str) -> list[str]:
    """Every keyword or subtype in the database (stored "|"-joined per printing)."""
    column = {"keyword": "keywords", "subtype": "subtypes"}[field]
    rows = connection.execute(f"SELECT DISTINCT {column} FROM card")
    return sorted({value for (joined,) in rows if joined for value in joined.split("|")})
