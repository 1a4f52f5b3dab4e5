"""deckbuilder goldfish DECK --play — one game by hand in the terminal, as in the TUI's
goldfish screen: the board, the events since the last move, then the legal actions numbered
(abilities and choices with their card's text, the "would" windows inside the rules too).
Type a number, Enter or ``s`` for the suggestion, ``a`` to let the suggestions finish the
game, ``q`` to stop. Reads lines from standard input, so a game can be scripted."""

from __future__ import annotations

import random
import sys

HELP = "a number from the list, Enter or s: the suggestion, a: play it out, q: quit"


def play_game(args, deck, turn_cap: int, read=input, write=print) -> int:
    from deckbuilder.engine.game import Game
    from deckbuilder.engine.policies import get_policy

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(
        deck,
        seed,
        first_player=not args.second,
        turn_cap=turn_cap,
        text=args.card_text,
        step_by_step=True,
    )
    policy = get_policy(args.policy)
    write(f"{deck.name}: a game by hand, seed {seed} ({HELP})")
    shown = 0  # events of the log already printed
    while not game.is_over:
        shown = _print_events(game, shown, write)
        write(_board(game))
        actions = game.legal_actions()
        suggested = policy.choose(game)
        if game.choice is not None:
            before = "before your move is played: " if game.asked_inside_rule else ""
            write(f"? {before}{game.choice.prompt}")
        for n, action in enumerate(actions, 1):
            mark = "  <- suggested" if action == suggested else ""
            write(f"  {n:>2}. {game.describe(action)}{mark}")
        try:
            answer = read("> " if sys.stdin.isatty() else "").strip().lower()
        except EOFError:
            write("(end of input: the game stops here)")
            return 0
        except UnicodeDecodeError:
            answer = "?"  # not text: explained below like any other wrong answer
        if answer == "q":
            return 0
        if answer == "a":
            while not game.is_over:
                game.apply(policy.choose(game))
            break
        if answer in ("", "s"):
            game.apply(suggested)
        elif answer.isdigit() and len(answer) < 6 and 1 <= int(answer) <= len(actions):
            game.apply(actions[int(answer) - 1])
        else:
            shown_answer = answer if len(answer) <= 20 else answer[:20] + "..."
            write(f"{shown_answer!r}: type {HELP}")
    _print_events(game, shown, write)
    when = f" on turn {game.win_turn}" if game.win_turn else ""
    write(f"Game over: {game.result.replace('_', ' ')}{when}")
    return 0


def _print_events(game, shown: int, write) -> int:
    """Print the events after the first ``shown`` (a question inside a rule rebuilds the
    game as it was before the move: its log may be shorter than what was printed)."""
    log = game.log
    for event in log[shown:]:
        write(f"  [T{event.turn} {event.phase}] {event.kind}: {event.text}")
    return len(log)


def _board(game) -> str:
    """The position in a few lines: turn and phase, stories, domains, play, hand."""
    lines = [f"-- turn {game.turn}, {game.phase}: deck {game.deck_size}, won {len(game.won)}/3"]
    for story in game.stories:
        committed = ", ".join(game.card(i).title for i in story.committed)
        lines.append(
            f"   story {story.title}: {story.tokens}/{story.to_win} tokens"
            + (f"; committed {committed}" if committed else "")
        )
    for d, resources in enumerate(game.domains):
        drained = " (drained)" if game.drained[d] else ""
        names = ", ".join(game.card(i).title for i in resources) or "no resources"
        lines.append(f"   domain {d + 1}{drained}: {names}")
    if game.characters:
        lines.append(
            "   characters: "
            + ", ".join(f"{game.card(i).title} ({game.status(i)})" for i in game.characters)
        )
    if game.supports:
        lines.append("   supports: " + ", ".join(game.card(i).title for i in game.supports))
    lines.append("   hand: " + (", ".join(game.card(i).title for i in game.hand) or "empty"))
    return "\n".join(lines)
