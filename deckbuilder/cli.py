"""The ``deckbuilder`` command line. Each command lives in ``deckbuilder/commands/<name>.py``
with ``register(subparsers)``; its heavy imports happen inside its handler, so that
``deckbuilder search`` starts as fast as ``cthulhucli``."""

from __future__ import annotations

import argparse
import importlib
import sys

# Order is the order of ``deckbuilder --help``.
COMMAND_MODULES = ("tui", "db", "search", "check", "convert", "collection", "hand", "goldfish")


def build_parser() -> argparse.ArgumentParser:
    from deckbuilder import __version__
    from deckbuilder.commands import common_options

    parser = argparse.ArgumentParser(
        prog="deckbuilder",
        description="Deck builder, collection manager and goldfish simulator for the "
        "Call of Cthulhu card game. With no command, opens the TUI.",
        parents=[common_options()],
    )
    parser.add_argument("--version", action="version", version=f"deckbuilder {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"deckbuilder.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from card_db.errors import DeckbuilderError

    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["tui", *(argv if argv is not None else sys.argv[1:])])
    try:
        return args.handler(args) or 0
    except DeckbuilderError as exc:
        print(f"deckbuilder: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("deckbuilder: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `deckbuilder search t:char | head`
        sys.stderr.close()
        return 0
