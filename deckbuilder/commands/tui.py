"""deckbuilder tui [DECK] — the terminal app (also what plain ``deckbuilder`` opens)."""

from __future__ import annotations


def register(subparsers) -> None:
    from deckbuilder.commands import add_command

    parser = add_command(
        subparsers, "tui", run, help="open the terminal app (the default)", json_output=False
    )
    parser.add_argument("deck", nargs="?", metavar="DECK", help="a deck file to open")


def run(args) -> int:
    from pathlib import Path

    from card_db.errors import DeckbuilderError
    from deckbuilder.commands import db_path

    # A missing file is reported before the screen opens; a bad one is shown in the app.
    if args.deck and not Path(args.deck).is_file():
        raise DeckbuilderError(f"{args.deck}: no such deck file")
    from deckbuilder.tui.app import create_app

    app = create_app(db_path=db_path(args), deck_path=args.deck)
    app.run()
    # Told to stop (SIGTERM, SIGHUP): unsaved edits were kept for the next start.
    return app.return_code or 0
