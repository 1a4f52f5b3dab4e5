"""`deckbuilder check` end to end: 100 decks in one call, cold start on one deck, and the
in-process cost of ``check_deck`` (the TUI calls it on every edit).

Writes 100 deck files (50-52 cards each, a mix of .txt, .o8d and .json, some illegal) to a
temporary folder, then times the real CLI in a fresh process, ``--repeat`` times; prints
the medians. Also checks the nine real Core Set OCTGN decks of ../shared/carddata in one
call, when that folder is there. Targets: 100 decks <= 2 s; the nine Core decks <= 0.3 s;
check_deck < 5 ms for a 50-card deck.

    .venv/bin/python benchmarks/check_100.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORE_DECKS = (
    Path(__file__).resolve().parents[2]
    / "shared/carddata/tdnordine-Call-of-Cthulhu-OCTGN/o8g/Decks/Core Set"
)


def _decks(pool, count: int, rng: random.Random):
    from deckbuilder.deck import Deck

    lcg = [c for c in pool.cards if c.era == "LCG" and c.type in ("Character", "Support", "Event")]
    for number in range(count):
        deck = Deck(f"Deck {number}")
        while deck.draw_count < 50:
            deck.add(rng.choice(lcg), rng.randint(1, 3))
        yield deck


def _run(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"check failed ({done.returncode}): {done.stderr[:500]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.formats import write_deck
    from deckbuilder.legality import check_deck

    executable = Path(sys.executable).with_name("deckbuilder")
    command = [str(executable)] if executable.exists() else [sys.executable, "-m", "deckbuilder"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        database = folder / "cards.sqlite"
        prepare_database(database).dispose()
        pool = CardPool(load_cards(database))
        rng = random.Random(1)
        paths = []
        decks = list(_decks(pool, 100, rng))
        for number, deck in enumerate(decks):
            path = folder / f"deck{number:03}{('.txt', '.o8d', '.json')[number % 3]}"
            write_deck(deck, path)
            paths.append(str(path))
        env = {**os.environ, "DECKBUILDER_DB": str(database)}

        _run([*command, "check", paths[0]], env)  # warm the OS file cache once
        many = [_run([*command, "check", *paths, "--json"], env) for _ in range(args.repeat)]
        one = [_run([*command, "check", paths[0]], env) for _ in range(args.repeat)]
        core = sorted(CORE_DECKS.glob("*.o8d")) if CORE_DECKS.is_dir() else []
        # without ../shared there are no Core decks: `check` with no deck would be a usage error
        nine = [
            _run([*command, "check", *map(str, core)], env) for _ in range(args.repeat * bool(core))
        ]

        check_deck(decks[0], pool=pool)  # resolves the list once, as the TUI's first check
        samples = []
        for deck in decks:  # each deck once: its first check, as after an edit
            start = time.perf_counter()
            check_deck(deck, pool=pool)
            samples.append(time.perf_counter() - start)

    print(f"check 100 decks, one call:   median {statistics.median(many):.3f} s (target <= 2 s)")
    print(f"check 1 deck (cold start):   median {statistics.median(one):.3f} s")
    if core:
        print(
            f"check the {len(core)} Core .o8d decks: median {statistics.median(nine):.3f} s "
            "(target <= 0.3 s)"
        )
    print(
        f"check_deck in process:       median {statistics.median(samples) * 1000:.3f} ms, "
        f"p95 {sorted(samples)[94] * 1000:.3f} ms (target < 5 ms)"
    )


if __name__ == "__main__":
    main()
