"""End-to-end start-up of ``deckbuilder card`` and ``deckbuilder show`` against
``cthulhucli`` looking up one card.

Run it with the Python of the environment to measure: a user's install (`pip install .`)
or the editable development one; the README gives both.

The commands run alternately (so drift in machine load hits both alike) from process start
to exit; prints each one's median wall and CPU time and the median of the per-pair ratios
deckbuilder / cthulhucli (the target is at most 0.8).

    .venv/bin/python benchmarks/cli_startup.py [--runs 31]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from search_startup import CTHULHUCLI, DECKBUILDER, timed

EXAMPLE_DECK = Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt"
CTHULHUCLI_LOOKUP = [CTHULHUCLI, "Itinerant Scholar"]
COMMANDS = [
    ("card", [DECKBUILDER, "card", "Itinerant Scholar"]),
    ("show", [DECKBUILDER, "show", str(EXAMPLE_DECK)]),
    # For scale: the same lookup through search, whose start-up these two should match.
    ("search", [DECKBUILDER, "search", "Itinerant Scholar"]),
    # Last, as it adds a collection: `card` then shows owned and available copies too.
    ("card, with a collection", [DECKBUILDER, "card", "Itinerant Scholar"]),
]
SETUP = {"card, with a collection": [DECKBUILDER, "collection", "add", "Core"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    if shutil.which(CTHULHUCLI) is None:
        sys.exit(f"{CTHULHUCLI} not found; install cthulhucli in this environment")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "cards.sqlite"))
        # Installed packages have their bytecode compiled; without this an editable checkout
        # would recompile every module on every run (see search_startup.py).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for label, deckbuilder in COMMANDS:
            if label in SETUP:
                subprocess.run(SETUP[label], env=env, check=True, stdout=subprocess.DEVNULL)
            timed(deckbuilder, env)  # the first run loads the embedded data, writes bytecode
            timed(CTHULHUCLI_LOOKUP, env)
            ours, theirs = [], []
            for _ in range(args.runs):
                ours.append(timed(deckbuilder, env))
                theirs.append(timed(CTHULHUCLI_LOOKUP, env))
            print(f"[{label}] {' '.join(Path(a).name for a in deckbuilder[1:])}")
            for kind, k in (("wall", 0), ("cpu", 1)):  # cpu: user + system, less load-bound
                a = statistics.median(t[k] for t in ours)
                b = statistics.median(t[k] for t in theirs)
                ratio = statistics.median(x[k] / y[k] for x, y in zip(ours, theirs, strict=True))
                print(f"  {kind:4s}  deckbuilder {a * 1000:6.1f} ms  "
                      f"cthulhucli {b * 1000:6.1f} ms  ratio {ratio:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
