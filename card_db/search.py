"""Search: the query's filters, then typo-tolerant ranking of titles by its bare words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from card_db.card import Card
from card_db.pool import CardPool
from card_db.query import Query, QueryContext, compile_checks, parse

FUZZY_CUTOFF = 80.0  # WRatio score below which a title is not a match for the bare words


class SearchResult(NamedTuple):
    total: int
    cards: list[Card]
    scores: list[float]


def search(
    pool: CardPool,
    query: str | Iterable[str] | Query,
    *,
    context: QueryContext | None = None,
    limit: int | None = None,
) -> SearchResult:
    parsed = query if isinstance(query, Query) else parse(query)
    cards = pool.cards
    indexes = list(range(len(cards)))
    for keep in compile_checks(parsed, context):  # each check narrows what the next one sees
        indexes = [i for i in indexes if keep(cards[i])]
    if parsed.words:
        ranked = _rank_titles(pool, indexes, " ".join(parsed.words))
    else:
        rank = pool.default_rank
        ranked = [(i, 100.0) for i in sorted(indexes, key=rank.__getitem__)]
    total = len(ranked)
    if limit is not None:
        ranked = ranked[:limit]
    return SearchResult(total, [pool.cards[i] for i, _ in ranked], [s for _, s in ranked])


def _rank_titles(pool: CardPool, indexes: list[int], words: str) -> list[tuple[int, float]]:
    from rapidfuzz import fuzz

    from card_db.names import search_text

    wanted = search_text(words)
    if len(indexes) == len(pool.cards):
        groups = pool.title_groups
    else:
        titles = pool.search_titles
        groups = {}
        for i in indexes:
            groups.setdefault(titles[i], []).append(i)
    scores = title_scores(list(groups), wanted)
    scored = [
        (i, score + fuzz.ratio(wanted, title) / 1000.0)
        for title, score in scores.items()
        for i in groups[title]
    ]
    rank = pool.default_rank
    scored.sort(key=lambda p: (-p[1], rank[p[0]]))
    return scored


def matching_titles(titles: Iterable[str], words: Iterable[str]) -> list[str]:
    """The printed titles among ``titles`` that the bare ``words`` of a query match, so that
    a caller can read only their cards (``search`` ranks them the same way)."""
    from card_db.names import search_text

    by_form: dict[str, list[str]] = {}
    for title in titles:
        by_form.setdefault(search_text(title), []).append(title)
    scores = title_scores(list(by_form), search_text(" ".join(words)))
    return [title for form in scores for title in by_form[form]]


def title_scores(titles: list[str], wanted: str) -> dict[str, float]:
    """The titles (in ``search_text`` form) that match the words ``wanted``, with their
    scores. A title containing every word outranks any fuzzy match (200 for the exact
    title); a fuzzy match must echo every word."""
    from rapidfuzz import fuzz, process

    tokens = wanted.split()
    scores: dict[str, float] = {}
    fuzzy_hits = process.extract(
        wanted, titles, scorer=fuzz.WRatio, processor=None, limit=None, score_cutoff=FUZZY_CUTOFF
    )
    for title, score, _ in fuzzy_hits:
        if _every_word_found(tokens, title):
            scores[title] = score
    for title in titles:
        if all(token in title for token in tokens):
            scores[title] = 100.0 + (100.0 if title == wanted else 0.0)
    return scores


def _every_word_found(tokens: list[str], title: str) -> bool:
    """Each query word of 3+ letters is in the title or close to one of its words. WRatio
    alone scores "ia ia" high for "yithian sentry" through a partial match inside a word."""
    from rapidfuzz import fuzz

    title_words = title.split()
    return all(
        len(token) < 3
        or token in title
        or any(fuzz.ratio(token, word) >= 70 for word in title_words)
        for token in tokens
    )
