"""The ``deckbuilder`` command line. Each command lives in ``deckbuilder/commands/<name>.py``
with ``register(subparsers)``; its heavy imports happen inside its handler, so that
``deckbuilder search`` starts as fast as ``cthulhucli``."""

from __future__ import annotations

import argparse
import importlib
import sys

# Order is the order of ``deckbuilder --help``.
COMMAND_MODULES = (
    "tui", "db", "search", "card", "check", "show", "convert", "diff", "collection", "hand",
    "goldfish",
)  # fmt: skip


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line (argparse would print the whole usage first)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _named_command(argv: list[str]) -> str | None:
    """The command named on the command line, skipping the value of ``--db``."""
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token == "--db":
            skip = True
        elif not token.startswith("-"):
            return token if token in COMMAND_MODULES else None
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given ``argv`` naming a command, only that command's options are built
    (building all of them costs a sixth of a search's start-up)."""
    from deckbuilder import __version__
    from deckbuilder.commands import common_options

    parser = _Parser(
        prog="deckbuilder",
        description="Deck builder, collection manager and goldfish simulator for the "
        "Call of Cthulhu card game. With no command, opens the TUI.",
        parents=[common_options()],
    )
    parser.add_argument("--version", action="version", version=f"deckbuilder {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    named = _named_command(argv) if argv is not None else None
    for name in (named,) if named else COMMAND_MODULES:
        importlib.import_module(f"deckbuilder.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from card_db.errors import DeckbuilderError

    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["tui", *argv])
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
