"""deckbuilder db info | db import PATH… — what the card database holds, and more card data."""

from __future__ import annotations

from deckbuilder.commands import add_command, db_path, print_json, table
from deckbuilder.plurals import counted


def register(subparsers) -> None:
    parser = subparsers.add_parser("db", help="card database: info, import, add-list")
    db_sub = parser.add_subparsers(dest="db_command", metavar="SUBCOMMAND", required=True)
    add_command(db_sub, "info", run_info, help="what the card database holds")
    importer = add_command(
        db_sub,
        "import",
        run_import,
        help="import cthulhucli JSON Lines, OCTGN set.xml (file or folder), LackeyCCG data",
    )
    importer.add_argument("paths", nargs="+", metavar="PATH")
    from deckbuilder.commands.check import register_add_list

    register_add_list(db_sub)


def database_summary(path) -> dict:
    """The `db info` document (SPEC §4)."""
    from card_db.store import connect
    from deckbuilder.commands import _progress

    connection = connect(path, progress=_progress)
    try:
        by_era = dict(connection.execute("SELECT era, COUNT(*) FROM card GROUP BY era").fetchall())
        sets = connection.execute(
            "SELECT set_code, set_name, era, cycle, COUNT(*), MIN(release_order) FROM card "
            "GROUP BY set_code, set_name, era, cycle ORDER BY MIN(release_order)"
        ).fetchall()
        with_octgn = connection.execute(
            "SELECT COUNT(*) FROM card WHERE octgn_id IS NOT NULL"
        ).fetchone()[0]
    finally:
        connection.close()
    return {
        "path": str(path),
        "cards": sum(by_era.values()),
        "by_era": {"LCG": by_era.get("LCG", 0), "CCG": by_era.get("CCG", 0)},
        "octgn_ids": with_octgn,
        "sets": [
            {"code": code, "name": name, "era": era, "cycle": cycle, "cards": count}
            for code, name, era, cycle, count, _order in sets
        ],
        "lists": legality_lists_summary(path),
    }


def legality_lists_summary(path) -> list[dict]:
    """Every restricted/banned list: built-in, from the card data, and added by the user."""
    from deckbuilder.legality import load_lists

    return [lst.summary() for lst in load_lists(path).values()]


def run_info(args) -> int:
    info = database_summary(db_path(args))
    if args.json:
        print_json(info)
        return 0
    print(f"Database: {info['path']}")
    print(
        f"Cards: {info['cards']} ({info['by_era']['LCG']} LCG, {info['by_era']['CCG']} CCG), "
        f"{info['octgn_ids']} with OCTGN ids"
    )
    rows = [
        [s["code"], s["name"], s["era"], s["cycle"] or "", str(s["cards"])] for s in info["sets"]
    ]
    print(table(rows, ["Code", "Set", "Era", "Cycle", "Cards"]))
    if info["lists"]:
        print("Restricted/banned lists:")
        for item in info["lists"]:
            since = f" (effective {item['effective']})" if item.get("effective") else ""
            print(f"  {item['id']}: {item['name']}{since}")
    return 0


def run_import(args) -> int:
    from card_db.db import prepare_database
    from card_db.importers import import_paths
    from deckbuilder.commands import _progress

    engine = prepare_database(db_path(args), progress=_progress)
    try:
        result = import_paths(engine, args.paths, progress=_progress)
    finally:
        engine.dispose()
    if args.json:
        print_json(result.to_json())
        return 0
    print(f"{result.imported} imported, {result.updated} updated, {result.unchanged} unchanged")
    if result.unmatched:
        print(
            f"{counted(len(result.unmatched), 'record')} matched no known card and were left out:"
        )
        for line in result.unmatched:
            print(f"  {line}")
    return 0
