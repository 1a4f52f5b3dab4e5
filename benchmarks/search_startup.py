"""End-to-end start-up of ``deckbuilder search`` against ``cthulhucli`` for the same query,
for each search form: field filters, a text filter, a title word, a fuzzy title, a descriptor.

The two commands run alternately (so drift in machine load hits both alike) from process
start to exit; prints each one's median wall time and the ratio deckbuilder / cthulhucli
(the median of the per-pair ratios), then a table of all forms.

    .venv/bin/python benchmarks/search_startup.py [--runs 31]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
DECKBUILDER = str(BIN / "deckbuilder")
CTHULHUCLI = str(BIN / "cthulhucli")
# The same question asked of both tools, one per search form: (label, deckbuilder argv,
# cthulhucli argv). cthulhucli has no fuzzy matching: its nearest command for a mistyped
# title is the name search for the words spelt right.
PAIRS = [
    (
        "field filters",
        [DECKBUILDER, "search", "f:cthulhu", "t:character", "era:lcg"],
        [CTHULHUCLI, "--faction", "cthulhu", "--type", "character", "--lcg"],
    ),
    (
        "text filter",
        [DECKBUILDER, "search", 'x:"go insane"', "f:hastur"],
        [CTHULHUCLI, "--text", "go insane", "--faction", "hastur", "--lcg"],
    ),
    ("title word", [DECKBUILDER, "search", "itinerant"], [CTHULHUCLI, "itinerant", "--lcg"]),
    (
        "fuzzy title",
        [DECKBUILDER, "search", "itinrant", "scholr"],
        [CTHULHUCLI, "itinerant", "scholar", "--lcg"],
    ),
    (
        "descriptor",
        [DECKBUILDER, "search", "yog", "sothoth", "lord"],
        [CTHULHUCLI, "yog-sothoth", "--descriptor", "lord", "--lcg"],
    ),
]


def timed(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument(
        "--as-is",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE if set (every run then recompiles the checkout)",
    )
    args = parser.parse_args()
    if shutil.which(CTHULHUCLI) is None:
        sys.exit(f"{CTHULHUCLI} not found; install cthulhucli in this environment")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "cards.sqlite"))
        # An installed package has its bytecode compiled (pip does it; cthulhucli has it);
        # with PYTHONDONTWRITEBYTECODE set, an editable checkout would recompile every
        # module on every run and measure the compiler instead of the program.
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        summary = []
        for label, deckbuilder, cthulhucli in PAIRS:
            timed(deckbuilder, env)  # the first run loads the embedded data, writes bytecode
            timed(cthulhucli, env)
            ours, theirs = [], []
            for _ in range(args.runs):
                ours.append(timed(deckbuilder, env))
                theirs.append(timed(cthulhucli, env))
            ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
            summary.append((label, statistics.median(ours), statistics.median(theirs), ratio))
            print(f"[{label}] {' '.join(deckbuilder[1:])}  vs  {' '.join(cthulhucli[1:])}")
            print(f"  deckbuilder  median {statistics.median(ours) * 1000:7.1f} ms")
            print(f"  cthulhucli   median {statistics.median(theirs) * 1000:7.1f} ms")
            print(f"  ratio (median of per-pair ratios) {ratio:.2f}")
        print(f"\n{'form':15s} {'deckbuilder':>12s} {'cthulhucli':>11s} {'ratio':>6s}")
        for label, ours_ms, theirs_ms, ratio in summary:
            print(f"{label:15s} {ours_ms * 1000:9.1f} ms {theirs_ms * 1000:8.1f} ms {ratio:6.2f}")


if __name__ == "__main__":
    main()
