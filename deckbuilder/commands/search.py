"""deckbuilder search QUERY… — the query language plus fuzzy titles (SPEC §4)."""

from __future__ import annotations

import argparse

from deckbuilder.commands import add_command, db_path, print_json, table
from deckbuilder.plurals import counted

_ICON_LETTERS = (("terror", "T"), ("combat", "C"), ("arcane", "A"), ("investigation", "I"))


def register(subparsers) -> None:
    parser = add_command(subparsers, "search", run, help="search cards with the query language")
    parser.add_argument("query", nargs="*", metavar="QUERY", help="terms such as t:char f:yog c<=2")
    parser.add_argument("--limit", type=_positive, default=None, metavar="N", help="show N cards")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
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
    from card_db.pool import CardPool
    from card_db.query import CONTEXT_FIELDS, QueryContext, parse, sql_prefilter
    from card_db.search import matching_titles, search
    from card_db.store import distinct_titles, load_cards
    from deckbuilder.commands import _progress

    query = parse(args.query)  # bad queries fail before the database is opened
    # Only the rows the query can match become Card objects; the filter still decides.
    path = db_path(args)
    where = sql_prefilter(query)
    if query.words:  # titles first: a title search reads only the printings of its matches
        titles = matching_titles(distinct_titles(path, where=where), query.words)
        clause = f"title IN ({', '.join('?' * len(titles))})" if titles else "0"
        where = (f"({where[0]}) AND {clause}", where[1] + titles) if where else (clause, titles)
    pool = CardPool(load_cards(path, progress=_progress, where=where))
    # Lists and the collection are read only for a query that asks about them.
    needs_context = any(term.field in CONTEXT_FIELDS for term in query.terms)
    context = query_context(args) if needs_context else QueryContext()
    result = search(pool, query, context=context, limit=args.limit)
    if args.json:
        print_json({"total": result.total, "cards": [c.to_json() for c in result.cards]})
        return 0
    if not result.cards:
        if result.total:  # --limit 0
            print(f"({counted(result.total, 'card')} match; --limit 0 shows none)")
        else:
            print("No cards match.")
        return 0
    rows = [
        [
            c.full_title,
            c.type,
            c.faction,
            c.cost_label,
            c.skill_label,
            "".join(letter * getattr(c, icon) for icon, letter in _ICON_LETTERS),
            c.set_code,
            c.era,
        ]
        for c in result.cards
    ]
    print(table(rows, ["Title", "Type", "Faction", "Cost", "Skill", "Icons", "Set", "Era"]))
    if result.total > len(result.cards):
        print(f"({len(result.cards)} of {counted(result.total, 'card')}; --limit to see more)")
    else:
        print(f"({counted(result.total, 'card')})")
    return 0
