"""deckbuilder convert IN OUT — deck format conversion by file suffix (.txt, .o8d, .json)."""

from __future__ import annotations

import sys

from deckbuilder.commands import add_command, load_pool


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "convert",
        run,
        help="convert a deck between .txt, .o8d and .json (by file suffix)",
        json_output=False,
    )
    parser.add_argument("source", metavar="IN")
    parser.add_argument("target", metavar="OUT")


def run(args) -> int:
    from pathlib import Path

    from deckbuilder.formats import DeckFileError, format_for, read_deck, write_deck

    format_for(Path(args.target))  # an unknown target suffix fails before any work
    source, target = Path(args.source), Path(args.target)
    if source.resolve() == target.resolve() or (
        target.exists() and source.exists() and target.samefile(source)
    ):
        raise DeckFileError(f"{target}: is the input deck; convert never writes over its input")
    deck = read_deck(args.source, load_pool(args))
    for warning in deck.warnings:
        print(f"deckbuilder: warning: {warning}", file=sys.stderr)
    write_deck(deck, args.target)
    cards = deck.draw_count + sum(e.count for e in deck.story)
    print(f"{args.target}: {cards} cards written ({deck.name})", file=sys.stderr)
    return 0
