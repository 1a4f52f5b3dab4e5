"""deckbuilder tui [DECK] — the terminal app (also what plain ``deckbuilder`` opens)."""

from __future__ import annotations


def register(subparsers) -> None:
    from deckbuilder.commands import add_command

    parser = add_command(
        subparsers, "tui", run, help="open the terminal app (the default)", json_output=False
    )
    parser.add_argument("deck", nargs="?", metavar="DECK", help="a deck file to open")


def run(args) -> int:
    from deckbuilder.commands import db_path
    from deckbuilder.tui.app import create_app

    create_app(db_path=db_path(args), deck_path=args.deck).run()
    return 0
