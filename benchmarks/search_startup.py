"""End-to-end start-up of ``deckbuilder search`` against ``cthulhucli`` for the same query.

The two commands run alternately (so drift in machine load hits both alike) from process
start to exit; prints each one's median wall time and the ratio deckbuilder / cthulhucli.

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
# The same question asked of both tools: (label, deckbuilder argv, cthulhucli argv).
PAIRS = [
    (
        "filters",
        [DECKBUILDER, "search", "f:cthulhu", "t:character", "era:lcg"],
        [CTHULHUCLI, "--faction", "cthulhu", "--type", "character", "--lcg"],
    ),
    ("title", [DECKBUILDER, "search", "itinerant", "era:lcg"], [CTHULHUCLI, "itinerant", "--lcg"]),
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
        for label, deckbuilder, cthulhucli in PAIRS:
            timed(deckbuilder, env)  # the first run loads the embedded data, writes bytecode
            timed(cthulhucli, env)
            ours, theirs = [], []
            for _ in range(args.runs):
                ours.append(timed(deckbuilder, env))
                theirs.append(timed(cthulhucli, env))
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            print(f"[{label}] {' '.join(deckbuilder[1:])}  vs  {' '.join(cthulhucli[1:])}")
            print(f"  deckbuilder  median {statistics.median(ours) * 1000:7.1f} ms")
            print(f"  cthulhucli   median {statistics.median(theirs) * 1000:7.1f} ms")
            print(f"  ratio (median of per-pair ratios) {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
