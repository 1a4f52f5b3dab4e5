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
import subprocess
import sys
import tempfile
from pathlib import Path

from search_startup import CTHULHUCLI, DECKBUILDER, compare

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
            print(f"[{label}] {' '.join(Path(a).name for a in deckbuilder[1:])}")
            compare(deckbuilder, CTHULHUCLI_LOOKUP, env, args.runs)


if __name__ == "__main__":
    main()
