"""deckbuilder convert IN OUT — deck format conversion by file suffix (.txt, .o8d, .json;
.md and .bbcode, grouped by type, for forums)."""

from __future__ import annotations

import sys

from deckbuilder.commands import add_command, load_pool


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "convert",
        run,
        help="convert a deck between .txt, .o8d and .json, or export .md/.bbcode for forums",
        json_output=False,
    )
    parser.add_argument("source", metavar="IN")
    parser.add_argument("target", metavar="OUT")
    parser.add_argument(
        "--grouped",
        action="store_true",
        help="a .txt grouped by type under counted headers (.md and .bbcode always are)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="write over a file already at OUT (the first time, it is kept as OUT.bak)",
    )


def run(args) -> int:
    from pathlib import Path

    from card_db.errors import DeckbuilderError
    from deckbuilder.formats import DeckFileError, format_for, grouped_text, read_deck
    from deckbuilder.plurals import counted

    source, target = Path(args.source), Path(args.target)
    format_for(target)  # an unknown target suffix fails before any work
    if args.grouped and target.suffix.lower() != ".txt":
        raise DeckbuilderError(f"--grouped is for .txt files, not {target.suffix or target.name}")
    if not target.parent.is_dir():
        raise DeckbuilderError(f"{target}: the folder {target.parent} does not exist")
    if source.resolve() == target.resolve() or (
        target.exists() and source.exists() and target.samefile(source)
    ):
        raise DeckFileError(f"{target}: is the input deck; convert never writes over its input")
    if target.exists() and not args.force:
        raise DeckbuilderError(
            f"{target}: a file is already there; add --force to write over it (it is then "
            f"kept as {target.name}.bak)"
        )
    deck = read_deck(args.source, load_pool(args))
    for warning in deck.warnings:
        print(f"deckbuilder: warning: {warning}", file=sys.stderr)
    from deckbuilder.deck_files import DeckFiles

    kept = DeckFiles().write(deck, target, dump=grouped_text.dump if args.grouped else None)
    if kept:
        print(f"deckbuilder: the file that was at {target} is kept as {kept}", file=sys.stderr)
    cards = deck.draw_count + sum(e.count for e in deck.story)
    print(f"{target}: {counted(cards, 'card')} written ({deck.name})", file=sys.stderr)
    return 0
