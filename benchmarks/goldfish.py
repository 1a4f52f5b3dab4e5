"""Goldfish speed and scale: games per second on one core (card text simulated, and keywords
only), with every core, the CLI end to end at 10,000 games, and the memory of a batch as the
number of games grows.

Builds a database with the embedded card data in a temporary folder, writes a typical
50-card two-faction deck (Core Set cards), then measures ``--repeat`` times and prints
medians. Targets: >= 5,000 games/s per core with card text; keywords only as fast as before
card text existed (~9,800/s); `deckbuilder goldfish --games 10000` in a few seconds (and its
start-up, measured as `--games 10`, a small part of that); batch
memory flat in the number of games.

    .venv/bin/python benchmarks/goldfish.py [--repeat 5]
    .venv/bin/python benchmarks/goldfish.py --against b959585   # one core, A/B against a commit
    .venv/bin/python benchmarks/goldfish.py --against 7f3a900 --decks --games 1000  # dozen decks
    .venv/bin/python benchmarks/goldfish.py --profile text      # where one core's time goes

``--against REV`` exports that commit of the repository (``git archive``) and measures its
engine and this one in alternating processes (CPU time, so that a busy machine disturbs both
alike); an engine from before card text plays keywords only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = (ROOT / "examples" / "miskatonic-deep-ones.txt").read_text()
MODES = ((True, "card text"), (False, "keywords only"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=5000, help="games per single-core run")
    parser.add_argument("--against", metavar="REV", help="one-core A/B against a git commit")
    parser.add_argument("--profile", choices=("text", "keywords"), help="cProfile one core")
    parser.add_argument(
        "--decks", action="store_true", help="one core over the dozen decks of benchmarks/decks"
    )
    parser.add_argument("--child", nargs=2, metavar=("TREE", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(_child_rate(Path(args.child[0]), args.child[1] == "text", args)))
    elif args.against:
        _compare(args)
    elif args.decks:
        _measure_decks(args)
    else:
        _measure(args)


def _load_deck(tree: Path, folder: str):
    """The benchmark deck read with the card database and deck reader of ``tree``."""
    sys.path.insert(0, str(tree))
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.formats import read_deck

    db = Path(folder) / "cards.sqlite"
    prepare_database(db).dispose()
    deck_path = Path(folder) / "deck.txt"
    deck_path.write_text(DECK, encoding="utf-8")
    return db, deck_path, read_deck(deck_path, CardPool(load_cards(db)))


def _one_core(compiled, games: int, seed: int) -> tuple[float, float]:
    """(wall, CPU) games per second of one chunk of greedy games."""
    from deckbuilder.engine.batch import _run_chunk

    w0, c0 = time.perf_counter(), time.process_time()
    _run_chunk(compiled, "greedy", True, 25, seed, 0, games)
    return games / (time.perf_counter() - w0), games / (time.process_time() - c0)


def _load_benchmark_decks(tree: Path, folder: str) -> list:
    """(path, deck) of the dozen decks of this tree's ``benchmarks/decks``, read with the card
    database and deck reader of ``tree``."""
    sys.path.insert(0, str(tree))
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.formats import read_deck

    db = Path(folder) / "cards.sqlite"
    prepare_database(db).dispose()
    pool = CardPool(load_cards(db))
    return [(p, read_deck(p, pool)) for p in sorted((ROOT / "benchmarks" / "decks").glob("*.txt"))]


def _child_rate(tree: Path, text: bool, args) -> float | None:
    """Median CPU games/s of the engine in ``tree`` on the example deck, or with ``--decks``
    the median over the dozen decks (None: it has no card text)."""
    with tempfile.TemporaryDirectory() as folder:
        if args.decks:
            decks = [deck for _, deck in _load_benchmark_decks(tree, folder)]
        else:
            decks = [_load_deck(tree, folder)[2]]
    from deckbuilder.engine.cards import compile_deck

    rates = []
    for deck in decks:
        try:
            compiled = compile_deck(deck, text)
        except TypeError:  # an engine from before card text: keywords only
            if text:
                return None
            compiled = compile_deck(deck)
        _one_core(compiled, 200, 99)  # warm up
        runs = (_one_core(compiled, args.games, r)[1] for r in range(args.repeat))
        rates.append(statistics.median(runs))
    return statistics.median(rates)


def _compare(args) -> None:
    with tempfile.TemporaryDirectory() as folder:
        other = Path(folder) / "tree"
        other.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.against], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(other)], input=archive.stdout, check=True)
        decks = "median over the dozen decks" if args.decks else "example deck"
        print(f"one core, CPU games/s ({decks}), {args.repeat} x {args.games} games per "
              f"process; this tree against {args.against}")  # fmt: skip
        for text, words in MODES:
            rates: dict[str, list[float]] = {"this": [], "other": []}
            for r in range(args.repeat):
                order = (("this", ROOT), ("other", other))
                for name, tree in order if r % 2 == 0 else order[::-1]:
                    rate = _run_child(tree, text, args)
                    if rate is not None:
                        rates[name].append(rate)
            if not rates["other"]:
                print(f"{words}: {args.against} has no card text")
                continue
            this, that = statistics.median(rates["this"]), statistics.median(rates["other"])
            ratios = [a / b for a, b in zip(rates["this"], rates["other"], strict=True)]
            print(f"{words}: this {this:,.0f}, {args.against} {that:,.0f}, ratio {this / that:.2f}"
                  f" (median of pairs {statistics.median(ratios):.2f})")  # fmt: skip


def _run_child(tree: Path, text: bool, args) -> float | None:
    mode = "text" if text else "keywords"
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(tree), mode,
               "--games", str(args.games), "--repeat", "1"]  # fmt: skip
    if args.decks:
        command.append("--decks")
    done = subprocess.run(command, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        sys.exit(f"benchmark of {tree} failed: {done.stderr[-500:]}")
    return json.loads(done.stdout.splitlines()[-1])


def _measure(args) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db, deck_path, deck = _load_deck(ROOT, folder)
        from deckbuilder.engine.batch import run_batch
        from deckbuilder.engine.cards import compile_deck

        if args.profile:
            _profile(compile_deck(deck, args.profile == "text"), args.games)
            return
        print(f"deck: {deck.name}, {deck.draw_count} cards; cores: {os.cpu_count()}")
        for text, words in MODES:
            compiled = compile_deck(deck, text)
            runs = [_one_core(compiled, args.games, r) for r in range(args.repeat)]
            print(
                f"one core, {words}: {statistics.median(w for w, _ in runs):,.0f} games/s wall, "
                f"{statistics.median(c for _, c in runs):,.0f} games/s of CPU time "
                f"(median of {args.repeat})"
            )

        for text, words in MODES:
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
        # Start-up alone (imports, the deck's cards and card text): ten games play in a few ms.
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # an install has its bytecode compiled
        short = ["10" if a == "10000" else a for a in cli]
        startup = []
        for _ in range(max(9, args.repeat)):
            start = time.perf_counter()
            subprocess.run(short, env=env, capture_output=True, check=True)
            startup.append(time.perf_counter() - start)
        print(f"`deckbuilder goldfish --games 10`: {statistics.median(startup):.3f} s end to end")

        for games in (2000, 20000):
            tracemalloc.start()
            run_batch(deck, games=games, seed=1, workers=1)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"peak traced memory, {games:>6} games in one process: {peak / 1024:,.0f} KiB")


def _measure_decks(args) -> None:
    """One core, CPU games/s, for each benchmark deck (50 cards, every faction pair of
    ``build_decks.py``), card text on and off: the median of ``--repeat`` runs per deck, then
    the median over the decks."""
    from deckbuilder.engine.cards import compile_deck
    from deckbuilder.engine.text.coverage import deck_report

    with tempfile.TemporaryDirectory() as folder:
        decks = _load_benchmark_decks(ROOT, folder)
    per_mode: dict[str, list[float]] = {words: [] for _, words in MODES}
    print(f"one core, CPU games/s, median of {args.repeat} x {args.games} greedy games")
    for path, deck in decks:
        report = deck_report([e.card for e in deck.draw])
        cells = []
        for text, words in MODES:
            compiled = compile_deck(deck, text)
            _one_core(compiled, 200, 99)  # warm up
            rate = statistics.median(
                _one_core(compiled, args.games, r)[1] for r in range(args.repeat)
            )
            per_mode[words].append(rate)
            cells.append(f"{words} {rate:7,.0f}")
        simulated = len(report["simulated"])
        solo = simulated + len(report["not_simulated"])
        print(f"{path.stem:45} {'  '.join(cells)}  (text simulated: {simulated}/{solo} cards)")
    for words, rates in per_mode.items():
        print(f"median over {len(rates)} decks, {words}: {statistics.median(rates):,.0f} games/s")


def _profile(compiled, games: int) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(_one_core, compiled, games, 1)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
