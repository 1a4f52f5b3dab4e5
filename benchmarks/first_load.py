"""First-run load: a new database file filled with the embedded card data, then the pool read.

.venv/bin/python benchmarks/first_load.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    in_process, end_to_end, cpu = [], [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            # In a fresh interpreter each time: the first run pays for every import too.
            code = (
                "import time, sys; t = time.perf_counter();"
                "from card_db.store import load_cards;"
                f"cards = load_cards({str(Path(tmp) / 'a.sqlite')!r});"
                "print(time.perf_counter() - t, len(cards))"
            )
            out = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.split()
            in_process.append(float(out[0]))
            env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "b.sqlite"))
            start = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(
                [str(BIN / "deckbuilder"), "search", "itinerant scholar"],
                env=env,
                capture_output=True,
                check=True,
            )
            end_to_end.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print(f"{out[1]} cards loaded")
    print(f"load_cards on a new database   median {statistics.median(in_process):5.2f} s")
    print(
        f"first `deckbuilder search`    median {statistics.median(end_to_end):5.2f} s wall, "
        f"{statistics.median(cpu):5.2f} s CPU"
    )


if __name__ == "__main__":
    main()
