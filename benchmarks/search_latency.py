"""In-process search latency over the whole card pool: p50/p95 per query mix.

The pool is loaded once (as the TUI does); each query then runs ``search`` end to end
(parse, filter, rank). Each query runs ``--repeat`` times; every run is one sample, timed
both as wall time and as this thread's CPU time (on a machine shared with other work the
wall time's tail measures the others).

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
    search(pool, "warm up", context=context)  # builds the pool's search index, as the TUI does
    everything: tuple[list[float], list[float]] = ([], [])
    print(f"{'':20s} {'wall p50':>9s} {'p95':>7s} {'max':>7s}   {'cpu p50':>8s} {'p95':>7s}")
    for mix, queries in MIXES.items():
        walls, cpus = [], []
        for _ in range(args.repeat):
            for query in queries:
                start, start_cpu = time.perf_counter(), time.thread_time()
                search(pool, query, context=context, limit=50)
                cpus.append((time.thread_time() - start_cpu) * 1000)
                walls.append((time.perf_counter() - start) * 1000)
        everything[0].extend(walls)
        everything[1].extend(cpus)
        _report(mix, walls, cpus)
    _report("all", *everything)


def _report(label: str, walls: list[float], cpus: list[float]) -> None:
    print(
        f"{label:20s} {statistics.median(walls):6.2f} ms {percentile(walls, 95):7.2f} "
        f"{max(walls):7.2f}   {statistics.median(cpus):5.2f} ms {percentile(cpus, 95):7.2f}"
    )


if __name__ == "__main__":
    main()
