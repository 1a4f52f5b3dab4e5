"""deckbuilder collection … — what I own, what a deck lacks, which decks are built (SPEC §8).

Each command that changes the collection runs in one transaction: bad input or a crash
part-way leaves the saved collection as it was.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from deckbuilder.commands import _progress, add_command, db_path, load_pool, print_json, table
from deckbuilder.plurals import counted


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "collection",
        help="collection: owned products and cards, missing cards, built decks",
        description="Owned = products x copies + single-card adjustments; a built deck "
        "reserves its cards, and available = owned - reserved.",
    )
    sub = parser.add_subparsers(dest="collection_command", metavar="ACTION", required=True)

    add = add_command(sub, "add", run_add, help="add copies of a product (code or name)")
    add.add_argument("product", metavar="PRODUCT", help='e.g. Core, "Secrets of Arkham"')
    add.add_argument(
        "--count", type=_whole, default=1, metavar="N", help="copies (negative removes)"
    )

    add_card = add_command(sub, "add-card", run_add_card, help="add or remove single cards")
    add_card.add_argument(
        "title",
        metavar="TITLE",
        help='a title; "Title, Descriptor" or a card id (e.g. Core-041) when the title names '
        "several cards",
    )
    add_card.add_argument(
        "--count", type=_whole, default=1, metavar="N", help="copies (negative: lost or sold)"
    )

    copies = add_command(
        sub,
        "copies",
        run_copies,
        help="override the copies per card your printing of a product has",
    )
    copies.add_argument("product", metavar="PRODUCT")
    copies.add_argument(
        "copies", metavar="N", help="copies of each card, or 'default' to use the product data"
    )
    copies.add_argument("--card", metavar="TITLE", help="only this card of the product")

    add_command(sub, "show", run_show, help="products, adjustments, totals and built decks")

    missing = add_command(
        sub, "missing", run_missing, help="cards a deck needs beyond what is available (exit 1)"
    )
    missing.add_argument("deck", metavar="DECK", help="deck file (.txt, .o8d, .json)")

    build = add_command(sub, "build", run_build, help="mark a deck built: reserve its cards")
    build.add_argument("deck", metavar="DECK", help="deck file (.txt, .o8d, .json)")
    build.add_argument(
        "--force", action="store_true", help="reserve even when cards are missing (proxies)"
    )

    unbuild = add_command(sub, "unbuild", run_unbuild, help="release a built deck's cards")
    unbuild.add_argument("deck", metavar="DECK", help="deck file or the name of a built deck")

    export = add_command(sub, "export", run_export, help="write the collection to a CSV file")
    export.add_argument("file", metavar="FILE")

    imported = add_command(
        sub, "import", run_import, help="replace the collection with a CSV file's"
    )
    imported.add_argument("file", metavar="FILE")


def _whole(text: str) -> int:
    from deckbuilder.collection import CollectionError, parse_count

    try:
        return parse_count(text)
    except CollectionError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


@contextlib.contextmanager
def collection_session(args):
    """One write transaction (BEGIN IMMEDIATE): committed when the block succeeds, rolled
    back otherwise, so a command never loses another's update nor saves half a change."""
    from card_db.store import write_transaction

    with write_transaction(db_path(args), progress=_progress) as connection:
        yield connection


@contextlib.contextmanager
def collection_reader(args):
    """A read transaction: one consistent view, without SQLAlchemy to import."""
    from card_db.store import read_transaction

    with read_transaction(db_path(args), progress=_progress) as connection:
        yield connection


def _warn(warnings: list[str]) -> None:
    for warning in warnings:
        print(f"deckbuilder: warning: {warning}", file=sys.stderr)


def _resolve_card(args, text: str, *, product: str | None = None):
    """The card ``text`` names (see ``collection.resolve_card``), among the cards of
    ``product`` when a title names several. The printings of that exact title (or id) are
    read first, which spares loading the whole pool for the usual command; another spelling
    (with a descriptor, a typo) is looked up in the whole pool."""
    from card_db.errors import UnknownCardError
    from card_db.names import title_key
    from card_db.pool import CardPool
    from card_db.store import load_cards

    warnings: list[str] = []
    where = ("title_key = ? OR id = ?", [title_key(text), text.strip()])
    narrow = CardPool(load_cards(db_path(args), progress=_progress, where=where))
    card = None
    if narrow.cards:
        with contextlib.suppress(UnknownCardError):
            card = _card_in(narrow, text, product, warnings)
    if card is None:
        card = _card_in(load_pool(args), text, product, warnings)
    _warn(warnings)
    return card


def _card_in(pool, text: str, product: str | None, warnings: list[str]):
    from deckbuilder import collection

    inside = None
    if product is not None:
        inside = {c.card_id for c in pool.cards if c.era == "LCG" and c.set_code == product}
    return collection.resolve_card(text, pool=pool, within=inside, warnings=warnings)


def _read_deck(path: str, pool):
    from deckbuilder.formats import read_deck

    deck = read_deck(path, pool)
    _warn(deck.warnings)
    return deck


def run_add(args) -> int:
    from deckbuilder import collection

    with collection_session(args) as session:
        info, count = collection.add_product(args.product, args.count, session=session)
        total = sum(collection.owned_counts(session=session).values())
    if args.json:
        print_json({"product": info.code, "name": info.name, "count": count, "cards": total})
    else:
        print(f"{info.name} ({info.code}): you own {count}. Cards owned in all: {total}.")
    return 0


def run_add_card(args) -> int:
    from deckbuilder import collection

    card = _resolve_card(args, args.title)
    with collection_session(args) as session:
        change = collection.add_card(card.card_id, args.count, session=session)
    if args.json:
        print_json(
            {
                "title": change.title,
                "card": change.card_id,
                "adjustment": change.adjustment,
                "owned": change.owned,
            }
        )
    else:
        print(
            f"{change.title}: you own {change.owned} "
            f"(single-card adjustment {change.adjustment:+d})."
        )
    return 0


def run_copies(args) -> int:
    from deckbuilder import collection

    copies = None
    if args.copies.lower() != "default":
        copies = collection.parse_count(args.copies, what="copies")
    info = collection.find_product(args.product)
    card = _resolve_card(args, args.card, product=info.code) if args.card else None
    with collection_session(args) as session:
        collection.set_copies(
            info.code, copies, card=card.card_id if card else None, session=session
        )
    effective = collection.printed_copies(info.code) if copies is None else copies
    if args.json:
        print_json(
            {
                "product": info.code,
                "title": card.title if card else None,
                "card": card.card_id if card else None,
                "copies": effective,
            }
        )
    else:
        what = f"{card.full_title} in {info.name}" if card else f"each card of {info.name}"
        source = " (the product data)" if copies is None else ""
        print(f"{what}: {effective} per product{source}.")
    return 0


def run_show(args) -> int:
    from deckbuilder import collection

    with collection_reader(args) as connection:
        info = collection.summary(session=connection)
    if args.json:
        print_json(info.to_json())
        return 0
    if info.products:
        rows = [
            [s.name, s.code, str(n), str(collection.printed_copies(s.code))]
            for s, n in info.products
        ]
        print(table(rows, ["Product", "Code", "Owned", "Copies/card"]))
    else:
        print('No products yet: `deckbuilder collection add "Core Set"`.')
    if info.copies:
        print()
        rows = [
            [c.product.name, c.name.label if c.name else "(every card)", str(c.copies)]
            for c in info.copies
        ]
        print(table(rows, ["Your printing of", "Card", "Copies"]))
    if info.adjustments:
        print()
        rows = [[a.name.label, f"{a.count:+d}"] for a in info.adjustments]
        print(table(rows, ["Single cards", "Count"]))
    if info.built:
        print()
        print(table([[d.name, str(d.count)] for d in info.built], ["Built deck", "Cards"]))
    if info.short:
        print()
        rows = [[s.name.label, str(s.reserved), str(s.owned)] for s in info.short]
        print(table(rows, ["Short for built decks", "Reserved", "Owned"]))
    print()
    print(
        f"{counted(info.cards, 'card')} owned "
        f"({counted(info.distinct_cards, 'different card', 'different cards')}): "
        f"{info.reserved} reserved by built decks, {info.available} available."
    )
    if info.short:
        print(
            f"Built decks are {counted(info.short_total, 'card')} short "
            "(built with --force over cards you do not own)."
        )
    return 0


def _print_missing(check, heading: str = "Missing") -> None:
    rows = [[m.title, str(m.need), str(m.have)] for m in check.missing]
    print(table(rows, [heading, "Need", "Have"]))


def run_missing(args) -> int:
    from deckbuilder import collection

    deck = _read_deck(args.deck, load_pool(args))
    with collection_reader(args) as connection:
        check = collection.missing_for(deck, session=connection)
    if args.json:
        print_json(check.to_json())
    elif check.buildable:
        print(f"{check.deck}: buildable from your collection ({counted(check.cards, 'card')}).")
    else:
        _print_missing(check)
        print(f"{check.deck}: {counted(check.short, 'card')} short.")
    return 0 if check.buildable else 1


def run_build(args) -> int:
    from deckbuilder import collection

    deck = _read_deck(args.deck, load_pool(args))
    with collection_session(args) as session:
        check = collection.build(deck, session=session, force=args.force)
    built = check.buildable or args.force
    if args.json:
        print_json({**check.to_json(), "built": built})
    elif built and not check.buildable:
        _print_missing(check, "Short")
        print(
            f"{check.deck}: built with --force; {counted(check.cards, 'card')} reserved, "
            f"{check.short} of them short (above): your collection lacks them."
        )
    elif built:
        print(f"{check.deck}: built; {counted(check.cards, 'card')} reserved.")
    else:
        _print_missing(check)
        print(f"{check.deck}: not built (cards are missing; --force reserves anyway).")
    return 0 if built else 1


def run_unbuild(args) -> int:
    from pathlib import Path

    from deckbuilder import collection

    name = args.deck
    if Path(args.deck).is_file():
        name = _read_deck(args.deck, load_pool(args)).name
    with collection_session(args) as session:
        collection.unbuild(name, session=session)
    if args.json:
        print_json({"deck": name, "built": False})
    else:
        print(f"{name}: no longer built; its cards are available again.")
    return 0


def run_export(args) -> int:
    from deckbuilder import collection

    with collection_reader(args) as connection:
        rows = collection.export_rows(session=connection)
    collection.write_csv(args.file, rows)
    if args.json:
        print_json({"path": args.file, "rows": len(rows)})
    else:
        print(f"{args.file}: {counted(len(rows), 'row')} written.")
    return 0


def run_import(args) -> int:
    from deckbuilder import collection

    warnings: list[str] = []
    text, encoding = collection.read_csv_text(args.file)
    rows = collection.parse_csv(text, pool=load_pool(args), where=args.file, warnings=warnings)
    _warn(warnings)
    with collection_session(args) as session:
        collection.replace_all(rows, session=session)
        info = collection.summary(session=session)
    if args.json:
        print_json({"path": args.file, "encoding": encoding, "rows": len(rows), **info.to_json()})
    else:
        print(
            f"{args.file} (read as {encoding}): collection replaced: "
            f"{counted(len(info.products), 'product')}, "
            f"{counted(info.cards, 'card')} owned, {counted(len(info.built), 'built deck')}."
        )
    return 0


class CollectionCounts:
    """The own:/avail: lookup of a search, by card (printings of a card share its copies):
    reads the collection on first use, so a search pays nothing for it unless it asks."""

    def __init__(self, args, *, available: bool):
        self.args = args
        self.available = available
        self.counts: dict[str, int] | None = None

    def __call__(self, card) -> int:
        if self.counts is None:
            from deckbuilder import collection

            with collection_reader(self.args) as connection:
                load = collection.available_counts if self.available else collection.owned_counts
                self.counts = load(session=connection)
        return self.counts.get(card.card_id, 0)
