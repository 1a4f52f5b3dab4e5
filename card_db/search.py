"""Search: the query's filters, then typo-tolerant ranking of titles by its bare words."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
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
    scores = title_scores(list(groups), wanted, universe=pool.title_universe)
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


def title_scores(
    titles: list[str], wanted: str, *, universe: tuple[str, ...] | None = None
) -> dict[str, float]:
    """The titles (in ``search_text`` form) that match the words ``wanted``, with their
    scores. A title containing every word outranks any fuzzy match (200 for the exact
    title); a fuzzy match needs a WRatio of FUZZY_CUTOFF and must echo every word: each
    query word of 3+ letters is in the title or close to one of its words (WRatio alone
    scores "ia ia" high for "yithian sentry" through a partial match inside a word).
    ``universe``, a fixed superset of ``titles``, lets the word index be built once."""
    from rapidfuzz import fuzz, process

    tokens = wanted.split()
    echoing = _echoing_titles(universe or tuple(titles), tuple(t for t in tokens if len(t) >= 3))
    if universe is None:
        candidates = echoing
    else:
        echoing_set = set(echoing)
        candidates = [t for t in titles if t in echoing_set]
    scores: dict[str, float] = {}
    fuzzy_hits = process.extract(
        wanted, candidates, scorer=fuzz.WRatio, processor=None, limit=None,
        score_cutoff=FUZZY_CUTOFF,
    )  # fmt: skip
    for title, score, _ in fuzzy_hits:
        scores[title] = score
    first = tokens[0] if tokens else ""
    for title in [t for t in titles if first in t]:  # one cheap test before the full one
        if all(token in title for token in tokens):
            scores[title] = 100.0 + (100.0 if title == wanted else 0.0)
    return scores


def _echoing_titles(titles: tuple[str, ...], tokens: tuple[str, ...]) -> list[str]:
    """The titles in which every token is a substring or within ratio 70 of a word: looked up
    through the distinct title words, so WRatio then scores only these."""
    if not tokens:
        return list(titles)
    from rapidfuzz import fuzz, process

    titles_by_word = _titles_by_word(titles)
    kept: set[str] | None = None
    for token in tokens:
        close = process.extract(
            token, list(titles_by_word), scorer=fuzz.ratio, processor=None, limit=None,
            score_cutoff=70,
        )  # fmt: skip
        found = {t for t in titles if token in t}
        for word, _score, _ in close:
            found.update(titles_by_word[word])
        kept = found if kept is None else kept & found
        if not kept:
            return []
    return [t for t in titles if t in kept]


@lru_cache(maxsize=8)
def _titles_by_word(titles: tuple[str, ...]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for title in titles:
        for word in set(title.split()):
            index.setdefault(word, []).append(title)
    return index
