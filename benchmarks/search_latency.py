"""In-process search latency over the whole card pool: p50/p95 per query mix.

The pool is loaded once (as the TUI does); each query then runs ``search`` end to end
(parse, filter, rank). Each query runs ``--repeat`` times; every run is one sample.

    .venv/bin/python benchmarks/search_latency.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

MIXES = {
    "fuzzy words": [
        "itinrant scholr", "paul lemond", "necronomicon", "shub niggurath", "dark young",
        "professor armitage", "yog sothth", "the great race", "deep one", "agency",
    ],
    "text search": [
        'x:"go insane"', "x:wound", 'x:"draw a card"', "x:sacrifice t:support",
        'x:"at the end of the" f:hastur', "x:investigate", "x:toughness", "x:ready",
    ],
    "combined filters": [
        "f:cthulhu t:character era:lcg", "t:char f:miskatonic c<=2", "i:ti !k:loyal",
        "f:hastur|yog c>=3 s>=2", "k:fast t:char", "st:cultist u:yes", "set:dreamlands",
        "terror>=2 combat>=1 !f:neutral", "era:ccg t:story", "c:x",
    ],
    "words with filters": [
        "scholar f:miskatonic", "t:char ghoul", "era:lcg deep one c<=3", "x:wound agent",
    ],
}  # fmt: skip


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.query import QueryContext
    from card_db.search import search
    from card_db.store import load_cards

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards.sqlite"
        prepare_database(path).dispose()
        pool = CardPool(load_cards(path))
    context = QueryContext(is_restricted=lambda c: c.cgdb_restricted)
    print(f"{len(pool)} cards; {args.repeat} runs of each query")
    everything: list[float] = []
    for mix, queries in MIXES.items():
        samples = []
        for _ in range(args.repeat):
            for query in queries:
                start = time.perf_counter()
                search(pool, query, context=context, limit=50)
                samples.append((time.perf_counter() - start) * 1000)
        everything += samples
        print(
            f"{mix:20s} p50 {statistics.median(samples):6.2f} ms   "
            f"p95 {percentile(samples, 95):6.2f} ms   max {max(samples):6.2f} ms"
        )
    print(
        f"{'all':20s} p50 {statistics.median(everything):6.2f} ms   "
        f"p95 {percentile(everything, 95):6.2f} ms"
    )


if __name__ == "__main__":
    main()
