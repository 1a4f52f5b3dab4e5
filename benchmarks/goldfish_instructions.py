"""Goldfish cost in interpreter instructions per game, counted by valgrind's callgrind.

Wall-clock and even CPU-time figures move by 20% on a busy machine; the instruction count of
the same games does not move at all, so it decides whether an engine change pays. Each mode
is run under callgrind twice, once with 0 games and once with ``--games`` (after the same
warm-up), and the difference is divided by the games.

    .venv/bin/python benchmarks/goldfish_instructions.py [--games 1000]
    .venv/bin/python benchmarks/goldfish_instructions.py --tree /path/to/other/checkout
    .venv/bin/python benchmarks/goldfish_instructions.py --decks [--games 200]

``--decks`` plays the dozen 50-card decks of ``benchmarks/decks`` (card text on, or
``--keywords``) in one process under callgrind and prints each deck's instructions per game
and their median. The games of each deck are cut out of the run by dumping callgrind's
counters when the child calls ``os.getppid()`` (``--dump-before=getppid``) just before and
just after them, so the card database is loaded once and the warm-up is not counted.

Needs ``valgrind`` on the PATH. ``--tree`` measures the engine of another checkout (its own
card database is built in a temporary folder, so any schema version works).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = (ROOT / "examples" / "miskatonic-deep-ones.txt").read_text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tree", type=Path, default=ROOT, help="checkout to measure")
    parser.add_argument("--decks", action="store_true", help="the dozen benchmark decks")
    parser.add_argument(
        "--keywords", action="store_true", help="with --decks: keywords only, not card text"
    )
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--decks-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _play(*args.child)
        return
    if args.decks_child:
        _play_decks(*args.decks_child)
        return
    if shutil.which("valgrind") is None:
        sys.exit("goldfish_instructions.py: valgrind is not installed")
    tree = args.tree.resolve()
    if args.decks:
        _measure_decks(tree, args.games, "keywords" if args.keywords else "text")
        return
    with tempfile.TemporaryDirectory() as folder:
        _play(str(tree), folder, "keywords", "0")  # builds the database once, outside callgrind
        for mode in ("text", "keywords"):
            counts = [_instructions(tree, folder, mode, n) for n in (0, args.games)]
            if None in counts:
                print(f"{mode}: this engine has no card text")
                continue
            per_game = (counts[1] - counts[0]) / args.games
            print(f"{mode}: {per_game / 1000:.1f}k instructions per game ({tree})")


def _instructions(tree: Path, folder: str, mode: str, games: int) -> int | None:
    out = os.path.join(folder, f"callgrind.{mode}.{games}")
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
    command += [__file__, "--child", str(tree), folder, mode, str(games)]
    # A fixed hash seed: set and dict orders, and so the instructions, are the same each run.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode == 3:
        return None
    done.check_returncode()
    totals = re.findall(r"^(?:summary|totals): (\d+)", Path(out).read_text(), re.MULTILINE)
    return int(totals[-1])


def _play(tree: str, folder: str, mode: str, games: str) -> None:
    """The child: warm up with 50 games, then play ``games`` greedy games of the deck."""
    sys.path.insert(0, tree)
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.engine.batch import _run_chunk
    from deckbuilder.engine.cards import compile_deck
    from deckbuilder.formats import read_deck

    db = Path(folder) / "cards.sqlite"
    if not db.exists():
        prepare_database(db).dispose()
    deck_path = Path(folder) / "deck.txt"
    deck_path.write_text(DECK, encoding="utf-8")
    deck = read_deck(deck_path, CardPool(load_cards(db)))
    try:
        compiled = compile_deck(deck, mode == "text")
    except TypeError:  # an engine from before card text: keywords only
        if mode == "text":
            sys.exit(3)
        compiled = compile_deck(deck)
    _run_chunk(compiled, "greedy", True, 25, 99, 0, 50)
    _run_chunk(compiled, "greedy", True, 25, 1, 0, int(games))


DECKS = sorted((ROOT / "benchmarks" / "decks").glob("*.txt"))


def _measure_decks(tree: Path, games: int, mode: str) -> None:
    """Instructions per game of each benchmark deck, in ``mode``, and their median."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.decks")
        command = ["valgrind", "--tool=callgrind", "--dump-before=getppid"]
        command += [f"--callgrind-out-file={out}", sys.executable, __file__]
        command += ["--decks-child", str(tree), folder, str(games), mode]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        subprocess.run(command, env=env, capture_output=True, text=True).check_returncode()
        # Dump n holds what ran since dump n - 1: the games of deck d are dump 2d + 2 (and
        # only the child calls getppid: one dump more would shift them all).
        if Path(f"{out}.{2 * len(DECKS) + 1}").exists():
            sys.exit("goldfish_instructions.py: getppid was called outside the cut points")
        per_game = []
        for d, path in enumerate(DECKS):
            text = Path(f"{out}.{2 * d + 2}").read_text()
            total = int(re.findall(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)[-1])
            per_game.append(total / games)
            print(f"{path.stem:45} {total / games / 1000:8.1f}k instructions per game")
    median = statistics.median(per_game) / 1000
    print(f"median over {len(DECKS)} decks, {mode}: {median:.1f}k ({tree})")


def _play_decks(tree: str, folder: str, games: str, mode: str) -> None:
    """The child of ``--decks``: for each deck, a warm-up, then ``os.getppid()`` on either side
    of its games so that callgrind dumps its counters there."""
    sys.path.insert(0, tree)
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.engine.batch import _run_chunk
    from deckbuilder.engine.cards import compile_deck
    from deckbuilder.formats import read_deck

    db = Path(folder) / "cards.sqlite"
    prepare_database(db).dispose()
    pool = CardPool(load_cards(db))
    for path in DECKS:
        compiled = compile_deck(read_deck(path, pool), mode == "text")
        _run_chunk(compiled, "greedy", True, 25, 99, 0, 50)
        os.getppid()
        _run_chunk(compiled, "greedy", True, 25, 1, 0, int(games))
        os.getppid()


if __name__ == "__main__":
    main()
