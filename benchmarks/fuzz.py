"""The fuzz suite at scale: thousands of hostile inputs through every parser the CLI calls
(the targets of tests/fuzz/targets.py), then the big inputs of issue 10's shapes.

Prints, per parser: inputs tried, failures (anything but a result or a DeckbuilderError, or
an input over the time bound) and the slowest input; then the median time of each big input
over ``--repeat`` runs. Target: 0 failures; every big input well under a second.

    .venv/bin/python benchmarks/fuzz.py [--examples 2000] [--only "text deck"] [--big-only]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def fuzz_target(target, env, examples: int) -> dict:
    """Run ``examples`` generated inputs through one target, recording every failure."""
    from fuzz.targets import TIME_LIMIT
    from hypothesis import HealthCheck, Phase, given, settings

    from card_db.errors import DeckbuilderError

    stats = {"tried": 0, "failures": [], "slowest": (0.0, b"")}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # failures are recorded, not raised: nothing to shrink
        suppress_health_check=list(HealthCheck),
    )
    @given(target.strategy)
    def check(data):
        stats["tried"] += 1
        started = time.perf_counter()
        try:
            target.run(data, env)
        except DeckbuilderError:
            pass
        except Exception as exc:  # noqa: BLE001 - the point is to catch anything else
            stats["failures"].append(f"{type(exc).__name__}: {exc} on {data[:120]!r}")
        elapsed = time.perf_counter() - started
        if elapsed >= TIME_LIMIT:
            stats["failures"].append(f"{elapsed:.1f} s on {data[:120]!r}")
        if elapsed > stats["slowest"][0]:
            stats["slowest"] = (elapsed, data)

    check()
    return stats


def shown(data) -> str:
    text = repr(data)
    return f"{text[:70]}... ({len(data):,} long)" if len(text) > 80 else text


def time_big(target, data, env, repeat: int) -> tuple[float, str]:
    from card_db.errors import DeckbuilderError

    times, outcome = [], "read"
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            target.run(data, env)
        except DeckbuilderError as exc:
            outcome = f"refused: {str(exc).splitlines()[0][:90]}"
        times.append(time.perf_counter() - started)
    return statistics.median(times), outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="inputs per parser")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each big input")
    parser.add_argument("--only", help="one target by name")
    parser.add_argument("--big-only", action="store_true", help="skip the generated inputs")
    args = parser.parse_args()

    from fuzz.targets import TARGETS, big_inputs, make_env

    from card_db.db import prepare_database

    with tempfile.TemporaryDirectory() as folder:
        full_db = Path(folder) / "cards.sqlite"
        prepare_database(full_db).dispose()
        env = make_env(full_db, Path(folder))
        targets = [t for t in TARGETS if args.only in (None, t.name)]
        failures = 0
        if not args.big_only:
            print(f"{'parser':<20} {'tried':>6} {'failed':>6}  slowest input")
            for target in targets:
                stats = fuzz_target(target, env, args.examples)
                failures += len(stats["failures"])
                seconds, data = stats["slowest"]
                print(
                    f"{target.name:<20} {stats['tried']:>6} {len(stats['failures']):>6}  "
                    f"{seconds * 1000:.0f} ms: {shown(data)}"
                )
                for failure in stats["failures"][:5]:
                    print(f"    {failure[:300]}")
        by_name = {t.name: t for t in TARGETS}
        print(f"\nbig inputs (median of {args.repeat}):")
        for shape, name, data in big_inputs():
            if name in (t.name for t in targets):
                seconds, outcome = time_big(by_name[name], data, env, args.repeat)
                print(f"  {name:<10} {shape:<34} {seconds * 1000:8.0f} ms  {outcome}")
        env.engine.dispose()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
