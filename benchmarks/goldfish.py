"""Goldfish speed and scale: games per second on one core (card text simulated, and keywords
only), with every core, the CLI end to end at 10,000 games, and the memory of a batch as the
number of games grows.

Builds a database with the embedded card data in a temporary folder, writes a typical
50-card two-faction deck (Core Set cards), then measures ``--repeat`` times and prints
medians. Targets: >= 5,000 games/s per core with card text; keywords only as fast as before
card text existed (~9,800/s); `deckbuilder goldfish --games 10000` in a few seconds; batch
memory flat in the number of games.

    .venv/bin/python benchmarks/goldfish.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

DECK = (Path(__file__).resolve().parents[1] / "examples" / "miskatonic-deep-ones.txt").read_text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=5000, help="games per single-core run")
    args = parser.parse_args()

    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.engine.batch import _run_chunk, run_batch
    from deckbuilder.engine.cards import compile_deck
    from deckbuilder.formats import read_deck

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.sqlite"
        prepare_database(db).dispose()
        deck_path = Path(folder) / "deck.txt"
        deck_path.write_text(DECK, encoding="utf-8")
        deck = read_deck(deck_path, CardPool(load_cards(db)))
        print(f"deck: {deck.name}, {deck.draw_count} cards; cores: {os.cpu_count()}")

        for text, words in ((True, "card text"), (False, "keywords only")):
            compiled = compile_deck(deck, text)
            wall, cpu = [], []
            for r in range(args.repeat):
                w0, c0 = time.perf_counter(), time.process_time()
                _run_chunk(compiled, "greedy", True, 25, r, 0, args.games)
                wall.append(args.games / (time.perf_counter() - w0))
                cpu.append(args.games / (time.process_time() - c0))
            print(
                f"one core, {words}: {statistics.median(wall):,.0f} games/s wall, "
                f"{statistics.median(cpu):,.0f} games/s of CPU time (median of {args.repeat})"
            )

        for text, words in ((True, "card text"), (False, "keywords only")):
            both = []
            for r in range(args.repeat):
                stats = run_batch(deck, games=20000, seed=r, workers=os.cpu_count(), text=text)
                both.append(stats.games_per_second)
            print(f"all cores, 20,000 games, {words}: {statistics.median(both):,.0f} games/s wall")

        env = dict(os.environ, DECKBUILDER_DB=str(db))
        cli = [sys.executable, "-m", "deckbuilder", "goldfish", str(deck_path),
               "--games", "10000", "--seed", "1", "--json"]  # fmt: skip
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            done = subprocess.run(cli, env=env, capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                sys.exit(f"goldfish failed: {done.stderr[:500]}")
        print(f"`deckbuilder goldfish --games 10000`: {statistics.median(times):.2f} s end to end")

        for games in (2000, 20000):
            tracemalloc.start()
            run_batch(deck, games=games, seed=1, workers=1)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"peak traced memory, {games:>6} games in one process: {peak / 1024:,.0f} KiB")


if __name__ == "__main__":
    main()
