"""Search: the query's filters over printings, then one row per card (its printings folded)
ranked by how its title and descriptor match the bare words (card_db/name_match.py)."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from card_db.card import Card
from card_db.name_match import NameMatcher
from card_db.pool import CardPool
from card_db.query import (
    VOCABULARY_FIELDS,
    Query,
    QueryContext,
    check_vocabulary,
    compile_checks,
    lcg_by_default,
    parse,
)


class SearchResult(NamedTuple):
    total: int  # rows before the limit: cards, or printings with ``printings=True``
    cards: list[Card]  # a card's own printing, or the matching printing that fits best
    scores: list[float]
    printings: list[list[Card]]  # every printing of each row's card, its own first


class _PoolIndex:
    """What searching a pool needs beyond the pool: its names indexed for word matching."""

    def __init__(self, pool: CardPool):
        ids: dict[tuple[str, str], int] = {}
        self.name_of = [ids.setdefault((c.title, c.descriptor or ""), len(ids)) for c in pool.cards]
        self.matcher = NameMatcher(list(ids))
        self._vocabulary: dict[str, set[str]] | None = None
        self._pool = weakref.ref(pool)

    @property
    def vocabulary(self) -> dict[str, set[str]]:
        if self._vocabulary is None:
            cards = self._pool().cards
            self._vocabulary = {
                "keyword": {k for c in cards for k in c.keywords},
                "subtype": {s for c in cards for s in c.subtypes},
            }
        return self._vocabulary


_INDEXES: weakref.WeakKeyDictionary[CardPool, _PoolIndex] = weakref.WeakKeyDictionary()


def _index(pool: CardPool) -> _PoolIndex:
    index = _INDEXES.get(pool)
    if index is None:
        index = _INDEXES[pool] = _PoolIndex(pool)
    return index


def search(
    pool: CardPool,
    query: str | Iterable[str] | Query,
    *,
    context: QueryContext | None = None,
    limit: int | None = None,
    printings: bool = False,
    vocabulary: Mapping[str, Iterable[str]] | None = None,
) -> SearchResult:
    """Cards matching ``query``, best first. Without an ``era:`` or ``set:`` term only cards
    with a matching LCG printing count (their CCG reprints fold into them). ``printings``:
    one row per matching printing instead of per card. ``vocabulary`` (field -> values) is
    what ``k:`` and ``st:`` values are checked against, the pool's own by default."""
    parsed = query if isinstance(query, Query) else parse(query)
    index = _index(pool)
    if any(term.field in VOCABULARY_FIELDS for term in parsed.terms):
        check_vocabulary(parsed, index.vocabulary if vocabulary is None else vocabulary)
    cards = pool.cards
    matched = range(len(cards))
    for keep in compile_checks(parsed, context):  # each check narrows what the next one sees
        matched = [i for i in matched if keep(cards[i])]
    by_card: dict[str, list[int]] = {}
    for i in matched:
        by_card.setdefault(cards[i].card_id, []).append(i)
    # The printings that may stand for their card: in the LCG default, its LCG ones.
    if lcg_by_default(parsed):
        candidates = {}
        for card_id, found in by_card.items():
            lcg = [i for i in found if cards[i].era == "LCG"]
            if lcg:
                candidates[card_id] = lcg
    else:
        candidates = by_card
    scores = _card_scores(index, candidates, parsed.words)
    if scores is not None:
        candidates = {cid: found for cid, found in candidates.items() if cid in scores}
    rank = pool.default_rank
    shown = {card_id: _representative(cards, found) for card_id, found in candidates.items()}
    scores = scores or {}
    order = sorted(shown, key=lambda cid: (-scores.get(cid, 100.0), rank[shown[cid]]))
    if printings:
        rows = [(i, cid) for cid in order for i in _printing_order(cards, by_card[cid])]
    else:
        rows = [(shown[cid], cid) for cid in order]
    total = len(rows)
    if limit is not None:
        rows = rows[:limit]
    return SearchResult(
        total,
        [cards[i] for i, _ in rows],
        [scores.get(cid, 100.0) for _, cid in rows],
        [pool.by_card[cid] for _, cid in rows],
    )


def _card_scores(
    index: _PoolIndex, candidates: dict[str, list[int]], words: tuple[str, ...]
) -> dict[str, float] | None:
    """Card id -> its best name score for the bare words; None when they ask nothing."""
    if not words:
        return None
    name_of = index.name_of
    names = {name_of[i] for found in candidates.values() for i in found}
    by_name = index.matcher.match(words, among=names)
    if by_name is None:
        return None
    scores: dict[str, float] = {}
    for card_id, found in candidates.items():
        best = max((by_name[name_of[i]] for i in found if name_of[i] in by_name), default=None)
        if best is not None:
            scores[card_id] = best
    return scores


def _representative(cards: list[Card], found: list[int]) -> int:
    """The card's own printing when it is among ``found``, else the LCG, newest one."""
    for i in found:
        if cards[i].id == cards[i].card_id:
            return i
    return min(found, key=lambda i: (cards[i].era != "LCG", -cards[i].release_order))


def _printing_order(cards: list[Card], found: list[int]) -> list[int]:
    return sorted(
        found,
        key=lambda i: (cards[i].id != cards[i].card_id, cards[i].era != "LCG",
                       -cards[i].release_order),
    )  # fmt: skip
