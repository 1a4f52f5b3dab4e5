"""Search: the query's filters, then typo-tolerant ranking of titles by its bare words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from card_db.card import Card
from card_db.pool import CardPool
from card_db.query import Query, QueryContext, compile_filter, parse

FUZZY_CUTOFF = 80.0  # WRatio score below which a title is not a match for the bare words


@dataclass
class SearchResult:
    total: int
    cards: list[Card]
    scores: list[float]


def _default_order(card: Card) -> tuple:
    return (card.title.lower(), card.era != "LCG", -card.release_order)


def search(
    pool: CardPool,
    query: str | Iterable[str] | Query,
    *,
    context: QueryContext | None = None,
    limit: int | None = None,
) -> SearchResult:
    parsed = query if isinstance(query, Query) else parse(query)
    keep = compile_filter(parsed, context)
    indexes = [i for i, card in enumerate(pool.cards) if keep(card)]
    if parsed.words:
        ranked = _rank_titles(pool, indexes, " ".join(parsed.words))
    else:
        ranked = sorted(
            ((i, 100.0) for i in indexes), key=lambda p: _default_order(pool.cards[p[0]])
        )
    total = len(ranked)
    if limit is not None:
        ranked = ranked[:limit]
    return SearchResult(total, [pool.cards[i] for i, _ in ranked], [s for _, s in ranked])


def _rank_titles(pool: CardPool, indexes: list[int], words: str) -> list[tuple[int, float]]:
    from rapidfuzz import fuzz, process

    from card_db.names import search_text

    wanted = search_text(words)
    titles = pool.search_titles
    choices = {i: titles[i] for i in indexes}
    scored: list[tuple[int, float]] = []
    # A title containing every word outranks any fuzzy match; among fuzzy matches, the
    # full-string ratio breaks ties in favour of titles of the same length as the query.
    tokens = wanted.split()
    fuzzy_hits = process.extract(
        wanted, choices, scorer=fuzz.WRatio, processor=None, limit=None, score_cutoff=FUZZY_CUTOFF
    )
    for _title, score, i in fuzzy_hits:
        if all(t in titles[i] for t in tokens):
            score = 100.0 + (100.0 if titles[i] == wanted else 0.0)
        scored.append((i, score + fuzz.ratio(wanted, titles[i]) / 1000.0))
    in_fuzzy = {i for i, _ in scored}
    for i in indexes:
        if i not in in_fuzzy and all(t in titles[i] for t in tokens):
            scored.append((i, 100.0 + fuzz.ratio(wanted, titles[i]) / 1000.0))
    scored.sort(key=lambda p: (-p[1], _default_order(pool.cards[p[0]])))
    return scored
