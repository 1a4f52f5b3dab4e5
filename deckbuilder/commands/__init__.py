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


class _HelpWithChoices(argparse.Action):
    """-h/--help that first asks the parser's ``choices_text`` (query fields, lists, formats,
    policies, read from the registries the command uses) for the help's last part: the
    registries are read only when help is asked for, never on a plain run."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, **kw):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        text = getattr(parser, "choices_text", None)
        if text is not None:
            parser.epilog = text(namespace)
        parser.print_help()
        parser.exit()


class _EpilogFormatter(argparse.RawDescriptionHelpFormatter, _Formatter):
    """The choices listed after the options keep their lines."""


def add_command(
    subparsers, name: str, handler, *, help: str, json_output: bool = True, choices=None
):
    """A command's parser. ``choices``: a function of the options read so far giving the
    text that ends its --help, naming every accepted value of its options."""
    parser = subparsers.add_parser(
        name,
        help=help,
        description=help,
        parents=[common_options()],
        add_help=False,
        formatter_class=_EpilogFormatter,
    )
    parser.add_argument("-h", "--help", action=_HelpWithChoices, help="show this help and exit")
    parser.choices_text = choices
    if json_output:
        parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=handler)
    return parser


def rules_choices(args) -> str:
    """The formats and restricted/banned lists --format and --list accept (the database's
    own lists too, when it exists)."""
    from card_db.paths import database_path
    from deckbuilder.legality import DEFAULT_LIST_ID, load_formats, load_lists

    formats = "\n".join(f"  {f.id:12} {f.name}" for f in load_formats().values())
    lists = "\n".join(
        f"  {lst.id:12} {lst.name}" + (" (the default)" if lst.id == DEFAULT_LIST_ID else "")
        for lst in load_lists(database_path(getattr(args, "db", None))).values()
    )
    return f"formats (--format):\n{formats}\n\nrestricted/banned lists (--list):\n{lists}"


def policy_choices(args) -> str:
    """The players --policy names, from the engine's registry."""
    from deckbuilder.engine.policies import POLICIES

    lines = [f"  {name:8} {cls.description}" for name, cls in POLICIES.items()]
    return "policies (--policy):\n" + "\n".join(lines)


def wrap(label: str, text: str) -> str:
    """``label`` and ``text`` wrapped as help paragraphs are."""
    import textwrap

    return textwrap.fill(
        text, width=max(40, _terminal_columns() - 2), initial_indent=label, subsequent_indent="  "
    )


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


def _progress(label: str, done: int, total: int) -> None:
    """Long work (the first run's loading, an import) as one line on a terminal."""
    from deckbuilder.commands.progress import ProgressLine

    global _progress_line
    if _progress_line is None:
        _progress_line = ProgressLine()
    _progress_line(label, done, total)


_progress_line = None


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
