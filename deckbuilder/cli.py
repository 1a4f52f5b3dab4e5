"""The ``deckbuilder`` command line. Each command lives in ``deckbuilder/commands/<name>.py``
with ``register(subparsers)``; its heavy imports happen inside its handler, so that
``deckbuilder search`` starts as fast as ``cthulhucli``."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Order is the order of ``deckbuilder --help``.
COMMAND_MODULES = (
    "tui", "db", "search", "card", "check", "show", "convert", "diff", "collection", "hand",
    "goldfish",
)  # fmt: skip


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
    from deckbuilder.commands import Parser, common_options

    parser = Parser(
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
    """Run one command. Exit codes: 0 done, 1 a finding (an illegal deck), 2 bad input,
    3 an internal error (a bug: the traceback goes to a log file), 130 interrupted."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if hasattr(sys.stdout, "reconfigure"):  # not a StringIO under test
        # File names need not be UTF-8: print the odd bytes escaped, as stderr does.
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("deckbuilder: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `deckbuilder search t:char | head`
        sys.stderr.close()
        return 0
    except Exception as exc:  # the last resort: a user never sees a traceback
        log = _write_crash_log(argv)
        print(f"deckbuilder: internal error ({_one_line(exc)}); {log}", file=sys.stderr)
        return 3


def _run(argv: list[str]) -> int:
    from card_db.errors import DeckbuilderError

    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["tui", *argv])
    try:
        return args.handler(args) or 0
    except DeckbuilderError as exc:
        print(f"deckbuilder: error: {exc}", file=sys.stderr)
        return 2


CRASH_LOG = "crash.log"  # the latest crash only: a bug report needs one traceback


def crash_log_dir() -> str:
    from card_db.paths import user_log_dir

    return user_log_dir()


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


def _write_crash_log(argv: list[str]) -> str:
    """Write the current exception's traceback to the crash log; the phrase that says where
    it is (or why it could not be written)."""
    import datetime
    import traceback

    from deckbuilder import __version__

    report = (
        f"deckbuilder {__version__}, Python {sys.version.split()[0]}, "
        f"{datetime.datetime.now().isoformat(timespec='seconds')}\n"
        f"arguments: {argv!r}\n\n{traceback.format_exc()}"
    )
    try:
        folder = crash_log_dir()
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, CRASH_LOG)
        with open(path, "w", encoding="utf-8", errors="backslashreplace") as log:
            log.write(report)
    except OSError as exc:
        return f"the traceback could not be saved ({exc.strerror or exc})"
    return f"the traceback is in {path}; please report it"
