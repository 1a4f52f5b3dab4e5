"""deckbuilder diff A B — what changed between two decks, in any two formats: cards in,
cards out and changed counts, compared by card (a reprint is the same card)."""

from __future__ import annotations

from deckbuilder.commands import add_command, db_path, print_json

SECTIONS = (("draw", "Draw deck"), ("story", "Story deck"))


def register(subparsers) -> None:
    parser = add_command(
        subparsers, "diff", run, help="compare two decks: cards in, cards out, changed counts"
    )
    parser.add_argument("old", metavar="A", help="the deck before (.txt, .o8d, .json)")
    parser.add_argument("new", metavar="B", help="the deck after")


def run(args) -> int:
    import sys

    from deckbuilder.partial_pool import read_decks_quickly

    (old, new), pool = read_decks_quickly([args.old, args.new], db_path(args))
    for deck in (old, new):
        for warning in deck.warnings:
            print(f"deckbuilder: warning: {warning}", file=sys.stderr)
    document = compare(old, new, pool)
    document["a"]["path"], document["b"]["path"] = args.old, args.new
    if args.json:
        print_json(document)
    else:
        print("\n".join(human_lines(document)))
    return 0


def _counts(entries) -> dict[str, tuple[object, int]]:
    """card id -> (a printing of it, copies), printings of one card added up."""
    counts: dict[str, tuple[object, int]] = {}
    for entry in entries:
        card, count = counts.get(entry.card.card_id, (entry.card, 0))
        counts[entry.card.card_id] = (card, count + entry.count)
    return counts


def _name(card, pool) -> str:
    """The title, with the descriptor when the title names several cards."""
    if card.descriptor and len(pool.cards_of_title(card.title)) > 1:
        return card.full_title
    return card.title


def compare(old, new, pool) -> dict:
    added, removed, changed = [], [], []
    for section, _label in SECTIONS:
        before = _counts(getattr(old, section))
        after = _counts(getattr(new, section))
        for card_id in sorted(before.keys() | after.keys()):
            card, was = before.get(card_id, (None, 0))
            card, now = after.get(card_id, (card, 0))
            item = {
                "card_id": card_id,
                "title": _name(card, pool),
                "descriptor": card.descriptor,
                "section": section,
            }
            if not was:
                added.append({**item, "count": now})
            elif not now:
                removed.append({**item, "count": was})
            elif was != now:
                changed.append({**item, "from": was, "to": now, "change": now - was})
    for items in (added, removed, changed):
        items.sort(key=lambda i: (i["section"] != "draw", i["title"].lower()))
    return {
        "a": {"name": old.name, "draw_deck_count": old.draw_count},
        "b": {"name": new.name, "draw_deck_count": new.draw_count},
        "same": not (added or removed or changed),
        "in": added,
        "out": removed,
        "changed": changed,
    }


def human_lines(d: dict) -> list[str]:
    from deckbuilder.plurals import counted

    a, b = d["a"], d["b"]
    lines = [
        f"{a['path']} ({a['name']}, {counted(a['draw_deck_count'], 'card')}) -> "
        f"{b['path']} ({b['name']}, {counted(b['draw_deck_count'], 'card')})"
    ]
    if d["same"]:
        return [*lines, "No differences: the two decks hold the same cards."]
    where = {"draw": "", "story": " (story deck)"}
    for key, heading, sign in (("in", "In", "+"), ("out", "Out", "-")):
        items = d[key]
        if items:
            lines.append(f"{heading} ({counted(sum(i['count'] for i in items), 'card')}):")
            lines += [f"  {sign}{i['count']} {i['title']}{where[i['section']]}" for i in items]
    if d["changed"]:
        lines.append(f"Changed ({counted(len(d['changed']), 'card')}):")
        lines += [
            f"  {i['change']:+d} {i['title']}{where[i['section']]} ({i['from']} -> {i['to']})"
            for i in d["changed"]
        ]
    return lines
