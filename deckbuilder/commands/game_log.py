"""deckbuilder goldfish DECK --seed S --log N — game N of a batch, move by move: every
action, every ability that fired with its card and effect, every struggle and token. With
``--json``, one JSON object per event (JSON Lines)."""

from __future__ import annotations

import json
import random


def print_game(args, deck, turn_cap: int) -> int:
    from card_db.errors import DeckbuilderError
    from deckbuilder.engine.batch import game_seed
    from deckbuilder.engine.game import Game
    from deckbuilder.engine.policies import get_policy

    if args.log < 1 or args.log > args.games:
        raise DeckbuilderError(f"--log must be a game of the batch, 1 to {args.games:,}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(
        deck,
        game_seed(seed, args.log - 1),
        first_player=not args.second,
        turn_cap=turn_cap,
        text=args.card_text,
    )
    game.run(get_policy(args.policy))
    if args.json:
        for event in game.log:
            print(
                json.dumps(
                    {
                        "turn": event.turn,
                        "phase": event.phase,
                        "kind": event.kind,
                        "text": event.text,
                    },
                    ensure_ascii=False,
                )
            )
        return 0
    print(
        f"{deck.name}: game {args.log} of the batch with seed {seed} ({game.result}, turn "
        f"{game.turn})"
    )
    turn = None
    for event in game.log:
        if event.turn != turn:
            turn = event.turn
            print(f"-- turn {turn}")
        print(f"  [{event.phase}] {event.kind}: {event.text}")
    return 0
