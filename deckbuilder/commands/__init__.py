"""Shared pieces of the CLI commands: common options, the card pool, JSON output."""

from __future__ import annotations

import argparse
import os
import sys


class Parser(argparse.ArgumentParser):
    """Usage errors as one line (argparse would print the whole usage first)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class _Formatter(argparse.HelpFormatter):
    """argparse's own, sized as argparse sizes it but without importing shutil (and with it
    bz2 and lzma): argparse makes a formatter for every option it adds."""

    def __init__(self, prog: str, indent_increment=2, max_help_position=24, width=None):
        width = _terminal_columns() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


def _terminal_columns() -> int:
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def common_options() -> argparse.ArgumentParser:
    """Options every command takes, before or after the command name."""
    parser = Parser(add_help=False)
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="card database file (default: $DECKBUILDER_DB or the user data folder)",
    )
    return parser


def add_command(subparsers, name: str, handler, *, help: str, json_output: bool = True):
    parser = subparsers.add_parser(name, help=help, description=help, parents=[common_options()])
    if json_output:
        parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=handler)
    return parser


def add_rules_options(parser) -> None:
    """--format and --list, as check and show take them."""
    parser.add_argument(
        "--format",
        dest="format_id",
        default=None,
        metavar="F",
        help="lcg (default), ccg, 1v2 or 1v3; a JSON deck may name its own",
    )
    parser.add_argument(
        "--list",
        dest="list_id",
        default=None,
        metavar="L",
        help="restricted/banned list id (default: final-2015; see `deckbuilder db info`)",
    )


def db_path(args: argparse.Namespace) -> str:
    """The database file; one named by --db or $DECKBUILDER_DB must be in an existing
    folder (a typo must not create folders), the default one's folder is created."""
    from card_db.errors import DatabaseError
    from card_db.paths import ENV_VAR, database_path

    path = database_path(getattr(args, "db", None))
    folder = os.path.dirname(path) or "."
    if (getattr(args, "db", None) or os.environ.get(ENV_VAR)) and not os.path.isdir(folder):
        raise DatabaseError(f"{path}: the folder {folder} does not exist")
    return path


def _progress(message: str) -> None:
    print(f"deckbuilder: {message} (first run only)", file=sys.stderr)


def load_pool(args: argparse.Namespace):
    """The whole card pool, loading the embedded data into a new database first."""
    from card_db.pool import CardPool
    from card_db.store import load_cards

    return CardPool(load_cards(db_path(args), progress=_progress))


def print_json(document) -> None:
    import json

    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def table(rows: list[list[str]], headers: list[str]) -> str:
    """A plain aligned text table."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    return "\n".join(lines)
