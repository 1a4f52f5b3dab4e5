"""End-to-end start-up of ``deckbuilder search`` against ``cthulhucli`` for the same query,
for each search form: field filters, a text filter, a title word, a fuzzy title, a descriptor;
and the floor under them all: the interpreter importing argparse and sqlite3, nothing else.

Run it with the Python of the environment to measure: a user's install (`pip install .`)
or the editable development one; the README gives both.

The two commands run alternately (so drift in machine load hits both alike) from process
start to exit; prints each one's median wall and CPU time and the ratio deckbuilder /
cthulhucli (the median of the per-pair ratios), then a table of all forms.

    .venv/bin/python benchmarks/search_startup.py [--runs 31] [--instructions]

``--instructions`` also counts each command's instructions under valgrind (callgrind): the
same count every run, however busy the machine, where CPU times move by a fifth.
"""

from __future__ import annotations

import argparse
import os
import re
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
    # Not a search: the interpreter importing the two modules any command line of ours needs
    # (argparse for the options, sqlite3 for the cards), against cthulhucli's title search.
    # No search can cost less than this row; it shows how much of a ratio is ours.
    (
        "floor",
        [sys.executable, "-c", "import argparse, sqlite3"],
        [CTHULHUCLI, "itinerant", "--lcg"],
    ),
]


def compare(deckbuilder: list[str], cthulhucli: list[str], env: dict, runs: int) -> list:
    """Both commands run alternately ``runs`` times (after a first run each, which loads the
    embedded data and writes bytecode); prints and returns, for wall then CPU time, the
    medians of each and the median of the per-pair ratios."""
    timed(deckbuilder, env)
    timed(cthulhucli, env)
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(timed(deckbuilder, env))
        theirs.append(timed(cthulhucli, env))
    row = []
    for kind, k in (("wall", 0), ("cpu", 1)):  # cpu: user + system, less load-bound
        a = statistics.median(t[k] for t in ours)
        b = statistics.median(t[k] for t in theirs)
        ratio = statistics.median(x[k] / y[k] for x, y in zip(ours, theirs, strict=True))
        row += [a, b, ratio]
        print(f"  {kind:4s}  deckbuilder {a * 1000:6.1f} ms  "
              f"cthulhucli {b * 1000:6.1f} ms  ratio {ratio:.2f}")  # fmt: skip
    return row


def instructions(argv: list[str], env: dict) -> int:
    """The instructions one run of ``argv`` executes (user space, counted by callgrind)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
    )  # fmt: skip
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def timed(argv: list[str], env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds: user + system) of one run of ``argv``. On a machine shared
    with other work the wall time mostly measures the others; CPU time much less so."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        sys.exit(f"{' '.join(argv)} failed with exit code {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument(
        "--instructions", action="store_true", help="also count instructions (valgrind)"
    )
    parser.add_argument(
        "--as-is",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE if set (every run then recompiles the checkout)",
    )
    args = parser.parse_args()
    if shutil.which(CTHULHUCLI) is None:
        sys.exit(f"{CTHULHUCLI} not found; install cthulhucli in this environment")
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("search_startup.py: --instructions needs valgrind")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DECKBUILDER_DB=str(Path(tmp) / "cards.sqlite"))
        # An installed package has its bytecode compiled (pip does it; cthulhucli has it);
        # with PYTHONDONTWRITEBYTECODE set, an editable checkout would recompile every
        # module on every run and measure the compiler instead of the program.
        if not args.as_is:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        summary = []
        for label, deckbuilder, cthulhucli in PAIRS:
            print(f"[{label}] {' '.join(deckbuilder[1:])}  vs  {' '.join(cthulhucli[1:])}")
            row = [label, *compare(deckbuilder, cthulhucli, env, args.runs)]
            if args.instructions:
                ours, theirs = instructions(deckbuilder, env), instructions(cthulhucli, env)
                print(f"  instructions  deckbuilder {ours / 1e6:.1f} M  "
                      f"cthulhucli {theirs / 1e6:.1f} M  ratio {ours / theirs:.2f}")  # fmt: skip
            summary.append(row)
        print("\nmedians; ratio = median of the per-pair ratios deckbuilder / cthulhucli")
        print(f"{'form':14s} {'wall: ours':>10s} {'theirs':>8s} {'ratio':>6s}"
              f"  {'cpu: ours':>9s} {'theirs':>8s} {'ratio':>6s}")  # fmt: skip
        for label, wo, wt, wr, co, ct, cr in summary:
            print(f"{label:14s} {wo * 1000:7.1f} ms {wt * 1000:5.1f} ms {wr:6.2f}"
                  f"  {co * 1000:6.1f} ms {ct * 1000:5.1f} ms {cr:6.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
