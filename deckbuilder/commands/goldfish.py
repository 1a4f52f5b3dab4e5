"""deckbuilder goldfish DECK — many seeded games against an empty opponent: win rate within a
turn cap, the turn of the third story, deck-out and mulligan rates, and per card the chance
of being playable by each turn (SPEC §7)."""

from __future__ import annotations

import sys

from deckbuilder.commands import add_command, policy_choices, print_json, table
from deckbuilder.plurals import counted

DEFAULT_GAMES = 1000
SHOWN_TURNS = 8  # columns of the human "playable by turn" table


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "goldfish",
        run,
        help="simulate games against an empty opponent",
        choices=policy_choices,
    )
    parser.add_argument("deck", metavar="DECK", nargs="?", help="deck file (.txt, .o8d, .json)")
    parser.add_argument(
        "--games", type=int, default=DEFAULT_GAMES, metavar="N", help="games (default 1000)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, metavar="S", help="master seed (default: random)"
    )
    parser.add_argument(
        "--policy", default="greedy", metavar="P", help="decision policy: greedy, random"
    )
    parser.add_argument(
        "--second", action="store_true", help="play second (no first-player penalty)"
    )
    parser.add_argument(
        "--turns", type=int, default=None, metavar="T", help="turn cap (default 25)"
    )
    parser.add_argument(
        "--no-card-text",
        dest="card_text",
        action="store_false",
        help="play keywords only (card text not simulated), for comparison",
    )
    parser.add_argument(
        "--log",
        type=int,
        default=None,
        metavar="N",
        help="print game N of the batch (1 = the first) move by move instead of statistics",
    )
    parser.add_argument(
        "--play",
        action="store_true",
        help="play one game by hand: the legal actions numbered, type one (Enter: the suggestion)",
    )
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="per set: the cards whose text acts in a solo game and which are simulated",
    )
    parser.add_argument(
        "--set",
        dest="set_code",
        default=None,
        metavar="CODE",
        help="with --coverage: only this set (e.g. Core, SoA, TKatG)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="W",
        help="processes (default: all cores from 4000 games)",
    )


class _ProgressBar:
    """A one-line bar on stderr, redrawn in place."""

    def __init__(self, stream) -> None:
        self.stream = stream

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args) -> int:
    from card_db.errors import DeckbuilderError
    from deckbuilder.commands.hand import load_goldfish_deck, policy_by_name
    from deckbuilder.engine.batch import MAX_GAMES, MAX_TURN_CAP, run_batch
    from deckbuilder.engine.game import DEFAULT_TURN_CAP

    if args.games < 1:
        raise DeckbuilderError(f"--games must be at least 1 (got {args.games})")
    if args.games > MAX_GAMES:
        raise DeckbuilderError(f"--games must be at most {MAX_GAMES:,}")
    turn_cap = DEFAULT_TURN_CAP if args.turns is None else args.turns
    if turn_cap < 1:
        raise DeckbuilderError(f"--turns must be at least 1 (got {turn_cap})")
    if turn_cap > MAX_TURN_CAP:
        raise DeckbuilderError(f"--turns must be at most {MAX_TURN_CAP:,}")
    if args.seed is not None and args.seed < 0:
        raise DeckbuilderError(f"--seed must be 0 or more (got {args.seed})")
    if args.workers is not None and args.workers < 1:
        raise DeckbuilderError(f"--workers must be at least 1 (got {args.workers})")
    if args.coverage:
        from deckbuilder.commands.coverage import print_coverage

        return print_coverage(args)
    if args.deck is None:
        raise DeckbuilderError("goldfish needs a DECK (or --coverage)")
    policy_by_name(args.policy)
    deck = load_goldfish_deck(args)
    if args.play:
        if args.json or args.log is not None:
            raise DeckbuilderError("--play is a game by hand: without --json or --log")
        from deckbuilder.commands.game_play import play_game

        return play_game(args, deck, turn_cap)
    if args.log is not None:
        from deckbuilder.commands.game_log import print_game

        return print_game(args, deck, turn_cap)
    progress = None
    if args.games >= 2000 and sys.stderr.isatty():
        progress = _ProgressBar(sys.stderr)
    stats = run_batch(
        deck,
        games=args.games,
        seed=args.seed,
        policy=args.policy,
        first_player=not args.second,
        turn_cap=turn_cap,
        workers=args.workers,
        progress=progress,
        text=args.card_text,
    )
    document = {"deck": deck.name, "cards": deck.draw_count, **stats.to_json()}
    if args.json:
        print_json(document)
    else:
        _print(document, stats)
    return 0


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _print(document: dict, stats) -> None:
    d = document
    who = "first player" if d["first_player"] else "second player"
    print(
        f"{d['deck']} ({counted(d['cards'], 'card')}): {counted(d['games'], 'game')}, "
        f"seed {d['seed']}, "
        f"policy {d['policy']}, {who}, turn cap {d['turn_cap']}"
    )
    print(f"Win rate (3 stories by turn {d['turn_cap']}): {_pct(d['win_rate'])}")
    t = d["turns"]
    if t["mean"] is not None:
        print(
            f"Turn of the third story: mean {t['mean']:.2f}, median {t['median']}, "
            f"p10 {t['p10']}, p90 {t['p90']}"
        )
        print("Wins by turn: " + ", ".join(f"{k}: {_pct(v)}" for k, v in d["win_by_turn"].items()))
    print(f"Deck-out rate: {_pct(d['deck_out_rate'])}   Mulligan rate: {_pct(d['mulligan_rate'])}")
    turns = [str(n) for n in range(1, min(SHOWN_TURNS, d["turn_cap"]) + 1)]
    rows = []
    for row in d["playable_by_turn"]:
        by_turn = row["by_turn"]
        rows.append([row["title"]] + [f"{by_turn[n]:.0%}" if n in by_turn else "" for n in turns])
    print()
    print("Playable by turn (a drawn copy at operations, payable: cost, match, steadfast):")
    print(table(rows, ["card"] + [f"T{n}" for n in turns]))
    print()
    titles = {card.card_id: card.full_title for card in stats.cards}
    for key, words in (
        ("not_simulated", "Text not simulated"),
        ("inert", "Text inert against an empty opponent"),
    ):
        ids = d["card_text"][key]
        if ids:
            print(f"{words}: " + ", ".join(sorted(titles[i] for i in ids)))
    print(f"Note: {d['note']}")
    print(
        f"{counted(d['games'], 'game')} in {stats.elapsed:.2f} s "
        f"({d['games_per_second']:.0f} games/s)"
    )
