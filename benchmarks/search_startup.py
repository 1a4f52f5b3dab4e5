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
DECKBUILDER = [str(BIN / "deckbuilder"), "search", "f:cthulhu", "t:character", "era:lcg"]
CTHULHUCLI = [str(BIN / "cthulhucli"), "--faction", "cthulhu", "--type", "character", "--lcg"]


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
    if shutil.which(CTHULHUCLI[0]) is None:
        sys.exit(f"{CTHULHUCLI[0]} not found; install cthulhucli in this environment")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "cards.sqlite"))
        # An installed package has its bytecode compiled (pip does it; cthulhucli has it);
        # with PYTHONDONTWRITEBYTECODE set, an editable checkout would recompile every
        # module on every run and measure the compiler instead of the program.
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        timed(DECKBUILDER, env)  # first run loads the embedded data and writes bytecode
        timed(CTHULHUCLI, env)
        ours, theirs = [], []
        for _ in range(args.runs):
            ours.append(timed(DECKBUILDER, env))
            theirs.append(timed(CTHULHUCLI, env))
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(f"deckbuilder search  median {statistics.median(ours) * 1000:7.1f} ms")
    print(f"cthulhucli          median {statistics.median(theirs) * 1000:7.1f} ms")
    print(f"ratio (median of per-pair ratios) {statistics.median(ratios):.2f}")
    of_medians = statistics.median(ours) / statistics.median(theirs)
    print(f"ratio of medians                  {of_medians:.2f}")


if __name__ == "__main__":
    main()
