"""deckbuilder search QUERY… — the query language over names and card fields (SPEC §4)."""

from __future__ import annotations

import argparse

from deckbuilder.commands import add_command, db_path, print_json, table
from deckbuilder.plurals import counted

_ICON_LETTERS = (("terror", "T"), ("combat", "C"), ("arcane", "A"), ("investigation", "I"))


def register(subparsers) -> None:
    parser = add_command(subparsers, "search", run, help="search cards with the query language")
    parser.add_argument("query", nargs="*", metavar="QUERY", help="terms such as t:char f:yog c<=2")
    parser.add_argument("--limit", type=_positive, default=None, metavar="N", help="show N rows")
    parser.add_argument(
        "--printings", action="store_true", help="one row per printing, not per card"
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def query_context(args):
    """What the query's r:, b:, own: and avail: fields consult."""
    from card_db.query import QueryContext
    from deckbuilder.commands.collection import CollectionCounts
    from deckbuilder.legality import default_list_check

    return QueryContext(
        is_restricted=default_list_check(db_path(args), "restricted"),
        is_banned=default_list_check(db_path(args), "banned"),
        owned=CollectionCounts(args, available=False),
        available=CollectionCounts(args, available=True),
    )


def run(args) -> int:
    from card_db.query import CONTEXT_FIELDS, QueryContext, parse
    from card_db.search import search
    from card_db.search_rows import load_search_pool
    from deckbuilder.commands import _progress

    query = parse(args.query)  # bad queries fail before the database is opened
    # Only the rows the query can match become Card objects; the filter still decides.
    pool, vocabulary = load_search_pool(db_path(args), query, progress=_progress)
    # Lists and the collection are read only for a query that asks about them.
    needs_context = any(term.field in CONTEXT_FIELDS for term in query.terms)
    context = query_context(args) if needs_context else QueryContext()
    result = search(
        pool, query, context=context, limit=args.limit, printings=args.printings,
        vocabulary=vocabulary,
    )  # fmt: skip
    noun = "printing" if args.printings else "card"
    if args.json:
        rows = [
            dict(card.to_json(), printings=[_printing_json(p) for p in printings])
            for card, printings in zip(result.cards, result.printings, strict=True)
        ]
        print_json({"total": result.total, "cards": rows})
        return 0
    if not result.cards:
        if result.total:  # --limit 0
            print(f"({counted(result.total, noun)} match; --limit 0 shows none)")
        else:
            print(f"No {noun}s match.")
        return 0
    rows = [
        [
            c.full_title,
            c.type,
            c.faction,
            c.cost_label,
            c.skill_label,
            "".join(letter * getattr(c, icon) for icon, letter in _ICON_LETTERS),
            c.set_code + ("" if args.printings or len(p) == 1 else f" +{len(p) - 1}"),
            c.era,
        ]
        for c, p in zip(result.cards, result.printings, strict=True)
    ]
    print(table(rows, ["Title", "Type", "Faction", "Cost", "Skill", "Icons", "Set", "Era"]))
    if result.total > len(result.cards):
        print(f"({len(result.cards)} of {counted(result.total, noun)}; --limit to see more)")
    else:
        print(f"({counted(result.total, noun)})")
    return 0


def _printing_json(card) -> dict:
    return {"id": card.id, "set": card.set_name, "set_code": card.set_code,
            "number": card.number, "era": card.era}  # fmt: skip
