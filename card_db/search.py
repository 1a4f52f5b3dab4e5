"""Search: the query's filters over printings, then one row per card (its printings folded)
ranked by how its title and descriptor match the bare words (card_db/name_match.py)."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Iterable, Mapping

from card_db.card import Card
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

TYPE_CHECKING = False  # typing's flag, without importing typing
if TYPE_CHECKING:
    from card_db.name_match import NameMatcher


class SearchResult(namedtuple("SearchResult", "total cards scores printings")):
    """total: int  (rows before the limit: cards, or printings with ``printings=True``)
    cards: list[Card]  (a card's own printing, or the matching printing that fits best)
    scores: list[float]
    printings: list[list[Card]]  (every printing of each row's card, its own first)
    """

    __slots__ = ()


class _PoolIndex:
    """What searching a pool needs beyond the pool, as lists parallel to ``pool.cards`` so
    that a search over thousands of printings stays a few list lookups per printing."""

    def __init__(self, pool: CardPool):
        cards = pool.cards
        names: dict[tuple[str, str], int] = {}
        self.name_of = [names.setdefault((c.title, c.descriptor or ""), len(names)) for c in cards]
        self.printings_of_name: list[list[int]] = [[] for _ in names]
        for i, name in enumerate(self.name_of):
            self.printings_of_name[name].append(i)
        self._names = list(names)
        self._matcher: NameMatcher | None = None
        self.is_lcg = [c.era == "LCG" for c in cards]
        # Printings of one card in the order they stand for it: its own, then LCG, newest.
        self.preference = sorted(
            range(len(cards)),
            key=lambda i: (cards[i].id != cards[i].card_id, not self.is_lcg[i],
                           -cards[i].release_order),
        )  # fmt: skip
        self.position = [0] * len(cards)
        self.printings_of_card: dict[str, list[int]] = {}
        for position, i in enumerate(self.preference):
            self.position[i] = position
            self.printings_of_card.setdefault(cards[i].card_id, []).append(i)
        self._cards = cards
        self._vocabulary: dict[str, set[str]] | None = None

    @property
    def matcher(self) -> NameMatcher:
        """Built on the first search with words: a search without any needs none."""
        if self._matcher is None:
            from card_db.name_match import NameMatcher

            self._matcher = NameMatcher(self._names)
        return self._matcher

    @property
    def vocabulary(self) -> dict[str, set[str]]:
        if self._vocabulary is None:
            cards = self._cards
            self._vocabulary = {
                "keyword": {k for c in cards for k in c.keywords},
                "subtype": {s for c in cards for s in c.subtypes},
            }
        return self._vocabulary


def _index(pool: CardPool) -> _PoolIndex:
    index = pool.derived.get(_PoolIndex)
    if index is None:
        index = pool.derived[_PoolIndex] = _PoolIndex(pool)
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
    checks = compile_checks(parsed, context)
    lcg_only = lcg_by_default(parsed)
    scores, candidates = _word_candidates(index, cards, parsed.words, checks, lcg_only)
    if candidates is None:  # no words: every printing the filters keep
        is_lcg = index.is_lcg
        candidates = [i for i in range(len(cards)) if is_lcg[i]] if lcg_only else range(len(cards))
        for keep in checks:  # each check narrows what the next one sees
            candidates = [i for i in candidates if keep(cards[i])]
    # The printing that stands for each card: the first candidate in preference order.
    shown: dict[str, int] = {}
    for i in sorted(candidates, key=index.position.__getitem__):
        shown.setdefault(cards[i].card_id, i)
    rank = pool.default_rank
    order = sorted(shown, key=lambda cid: (-scores.get(cid, 100.0), rank[shown[cid]]))
    if printings:  # every printing the filters keep, CCG reprints of LCG cards too
        rows = [
            (i, cid)
            for cid in order
            for i in index.printings_of_card[cid]
            if all(keep(cards[i]) for keep in checks)
        ]
    else:
        rows = [(shown[cid], cid) for cid in order]
    total = len(rows)
    if limit is not None:
        rows = rows[:limit]
    return SearchResult(
        total,
        [cards[i] for i, _ in rows],
        [scores.get(cid, 100.0) for _, cid in rows],
        [[cards[i] for i in index.printings_of_card[cid]] for _, cid in rows],
    )


def _word_candidates(
    index: _PoolIndex,
    cards: list[Card],
    words: tuple[str, ...],
    checks: list[Callable[[Card], bool]],
    lcg_only: bool,
) -> tuple[dict[str, float], list[int] | None]:
    """(card id -> best name score, the printings that may stand for a matched card), or
    ({}, None) when there are no words to ask. Names are matched first and the filters run
    only on their printings: far fewer than the whole pool."""
    if not words:
        return {}, None
    passed: dict[int, bool] = {}

    def passes(i: int) -> bool:
        if i not in passed:
            card = cards[i]
            passed[i] = (not lcg_only or index.is_lcg[i]) and all(c(card) for c in checks)
        return passed[i]

    printings_of_name = index.printings_of_name

    def with_candidates(names: set[int]) -> set[int]:
        return {n for n in names if any(passes(i) for i in printings_of_name[n])}

    by_name = index.matcher.match(words, keep=with_candidates)
    if by_name is None:
        return {}, None
    scores: dict[str, float] = {}
    candidates = []
    for name, score in by_name.items():
        for i in printings_of_name[name]:
            if passes(i):
                candidates.append(i)
                card_id = cards[i].card_id
                if score > scores.get(card_id, -1.0):
                    scores[card_id] = score
    return scores, candidates
