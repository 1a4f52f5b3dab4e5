"""deckbuilder goldfish --coverage [--set CODE] — per set, the LCG cards whose text acts in a
solo game, how many of them the goldfish simulates, and the names (with the reason) of
those it does not."""

from __future__ import annotations

from deckbuilder.commands import load_pool, print_json, table


def print_coverage(args) -> int:
    from card_db.errors import DeckbuilderError
    from deckbuilder.engine.text.coverage import coverage, totals
    from deckbuilder.engine.text.load import TextError

    pool = load_pool(args)
    try:
        document = coverage(pool.cards, args.set_code)
    except TextError as exc:
        raise DeckbuilderError(f"card text: {exc}") from None
    if args.set_code is not None and not document["sets"]:
        codes = sorted({c.set_code for c in pool.cards if c.era == "LCG"})
        raise DeckbuilderError(f"no LCG set {args.set_code!r} (sets: {', '.join(codes)})")
    if args.json:
        print_json(document)
        return 0
    rows = []
    for code, n in document["sets"].items():
        rows.append(_row(code, n))
    if len(document["sets"]) > 1:
        rows.append(_row("all", totals(document["sets"])))
    print(table(rows, ["set", "solo", "simulated", "share", "not simulated", "opponent", "none"]))
    missing = [c for c in document["cards"] if c["status"] == "not_simulated"]
    if missing:
        print()
        print("Solo text not simulated:")
        for c in missing:
            why = f" — {c['reason']}" if c["reason"] else ""
            print(f"  {c['id']} {c['title']}{why}")
    return 0


def _row(code: str, n: dict) -> list[str]:
    share = f"{n['simulated'] / n['solo']:.0%}" if n["solo"] else "-"
    return [
        code,
        str(n["solo"]),
        str(n["simulated"]),
        share,
        str(n["not_simulated"]),
        str(n["opponent"]),
        str(n["none"]),
    ]
