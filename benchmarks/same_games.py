"""A fingerprint of the games the greedy player plays with each benchmark deck: prints one
hash per deck (and card text on/off) of every game's end position, so that a change meant
to make the engine faster, not different, can be checked to play exactly the same games.

    .venv/bin/python benchmarks/same_games.py [--games 300] > before.txt
    ... change the engine ...
    .venv/bin/python benchmarks/same_games.py [--games 300] | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# The end position of a game: enough of each zone that a different game shows.
_ZONES = ("hand", "discard", "characters", "supports", "domains", "tokens", "won", "status")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.engine.batch import game_seed
    from deckbuilder.engine.cards import compile_deck
    from deckbuilder.engine.game import Game
    from deckbuilder.engine.policies import get_policy
    from deckbuilder.formats import read_deck

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.sqlite"
        prepare_database(db).dispose()
        pool = CardPool(load_cards(db))
    for path in sorted((ROOT / "benchmarks" / "decks").glob("*.txt")):
        deck = read_deck(path, pool)
        for text in (True, False):
            compiled = compile_deck(deck, text)
            digest = hashlib.sha256()
            policy = get_policy("greedy")
            for i in range(args.games):
                game = Game.new(compiled, game_seed(7, i), turn_cap=25, log=False)
                game.run(policy)
                you = game.you
                end = [game.result, game.turn] + [repr(getattr(you, z)) for z in _ZONES]
                digest.update(repr(end).encode())
            print(f"{path.stem} {'text' if text else 'keywords'} {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
