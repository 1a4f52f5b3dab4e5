"""deckbuilder show DECK — the deck at a glance: cards grouped by type, factions, cost curve,
icons, steadfast needs, legality and opening-hand odds, with bar charts (80 columns)."""

from __future__ import annotations

from deckbuilder.commands import (
    add_command,
    add_rules_options,
    db_path,
    print_json,
    rules_choices,
)

BAR_WIDTH = 30
TITLE_WIDTH = 44
ODDS_TEXT_WIDTH = 42
ODDS_BAR_WIDTH = 20


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "show",
        run,
        help="summarise a deck: grouped list, charts, legality, opening-hand odds",
        choices=rules_choices,
    )
    parser.add_argument("deck", metavar="DECK", help="deck file (.txt, .o8d, .json)")
    add_rules_options(parser)


def run(args) -> int:
    import sys

    from deckbuilder.legality import get_format, get_list, load_lists
    from deckbuilder.partial_pool import read_decks_quickly

    path = db_path(args)
    lists = load_lists(path)
    if args.format_id:
        get_format(args.format_id)  # an unknown format or list fails before the deck is read
    if args.list_id:
        get_list(lists, args.list_id)
    (deck,), pool = read_decks_quickly([args.deck], path, lists.values())
    document = summary(deck, pool, lists, args.format_id, args.list_id)
    if args.json:
        print_json(document)
        return 0
    for warning in deck.warnings:
        print(f"deckbuilder: warning: {warning}", file=sys.stderr)
    print("\n".join(human_lines(document)))
    return 0


def _entry_json(entry) -> dict:
    card = entry.card
    return {
        "count": entry.count,
        "id": card.id,
        "card_id": card.card_id,
        "title": card.title,
        "descriptor": card.descriptor,
        "type": card.type,
        "faction": card.faction,
        "cost": "X" if card.cost_is_x else card.cost,
        "icons": card.icons,
    }


def summary(deck, pool, lists, format_id: str | None, list_id: str | None) -> dict:
    from card_db.card import ICONS
    from deckbuilder.deck_summary import curve_rows, deck_numbers, steadfast_needs
    from deckbuilder.formats.grouping import deck_groups, deck_notes
    from deckbuilder.legality import check_deck
    from deckbuilder.odds import SETUP_HAND, setup_hand_facts

    numbers = deck_numbers(deck)
    result = check_deck(
        deck,
        format_id=format_id or deck.format or "lcg",
        list_id=list_id or deck.list_id,
        lists=lists,
        pool=pool,
    )
    return {
        "deck": deck.name,
        "notes": deck_notes(deck),
        "draw_deck_count": deck.draw_count,
        "story_deck_count": numbers["stories"],
        "sections": [
            {
                "section": section,
                "groups": [
                    {
                        "type": group.header,
                        "count": group.count,
                        "cards": [_entry_json(e) for e in group.entries],
                    }
                    for group in groups
                ],
            }
            for section, groups in deck_groups(deck)
        ],
        "types": dict(numbers["types"]),
        "factions": dict(numbers["factions"].most_common()),
        "cost_curve": dict(curve_rows(numbers["curve"])),
        "icons": {icon: numbers["icons"][icon] for icon in ICONS},
        "steadfast": steadfast_needs(deck),
        "legality": result.to_json(),
        # What the rules warn about, beyond how the file was read (printed on stderr).
        "legality_warnings": [w for w in result.warnings if w not in deck.warnings],
        "odds": {
            "hand_size": SETUP_HAND,
            "facts": {f.key: f.to_json() for f in setup_hand_facts(deck)},
        },
    }


def bar(value: float, biggest: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar scaled to ``biggest``; any value above 0 shows at least a sliver."""
    if value <= 0 or biggest <= 0:
        return ""
    return "█" * max(1, round(value * width / biggest))


def chart(title: str, rows: list[tuple[str, int]]) -> list[str]:
    if not rows:
        return [title, "  (none)"]
    label_width = max(len(label) for label, _ in rows)
    biggest = max(n for _, n in rows)
    return [title] + [
        f"  {label.rjust(label_width)} │{bar(n, biggest)} {n}".rstrip() for label, n in rows
    ]


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _card_line(card: dict, title_width: int) -> str:
    title = f"{card['title']}, {card['descriptor']}" if card["descriptor"] else card["title"]
    cost = "" if card["cost"] is None else str(card["cost"])
    return (
        f"  {card['count']}x {_clip(title, title_width).ljust(title_width)} "
        f"{card['faction'][:21].ljust(21)} {cost.rjust(2)}"
    ).rstrip()


def human_lines(d: dict) -> list[str]:
    import textwrap

    from deckbuilder.plurals import counted

    legality = d["legality"]
    problems = legality["problems"]
    verdict = "legal" if legality["legal"] else f"NOT LEGAL ({counted(len(problems), 'problem')})"
    lines = [
        f"{d['deck']}: {counted(d['draw_deck_count'], 'card')} in the draw deck, "
        f"{counted(d['story_deck_count'], 'story card')}",
        f"{verdict} under format {legality['format']}, list {legality['list']}",
    ]
    findings = [f"[{p['rule']}] {p['message']}" for p in problems]
    findings += [f"warning: {w}" for w in d["legality_warnings"]]
    for finding in findings:
        lines += textwrap.wrap(finding, 80, initial_indent="  ", subsequent_indent="    ")
    if d["notes"]:
        lines += ["", *d["notes"].splitlines()]
    titles = [c for s in d["sections"] for g in s["groups"] for c in g["cards"]]
    width = min(TITLE_WIDTH, max((len(_title(c)) for c in titles), default=10))
    for section in d["sections"]:
        for group in section["groups"]:
            lines += ["", f"{group['type']} ({group['count']})"]
            lines += [_card_line(c, width) for c in group["cards"]]
    lines += ["", *chart("Factions", list(d["factions"].items()))]
    lines += ["", *chart("Cost curve", list(d["cost_curve"].items()))]
    icons = [(name.capitalize(), n) for name, n in d["icons"].items()]
    lines += ["", *chart("Icons", icons)]
    lines += ["", "Steadfast needs"]
    for need in d["steadfast"]:
        lines += textwrap.wrap(
            f"{need['faction']}: {counted(need['resources'], 'resource')} for "
            f"{', '.join(need['cards'])}; the deck has "
            f"{counted(need['faction_cards'], need['faction'] + ' card')}",
            80,
            initial_indent="  ",
            subsequent_indent="    ",
        )
    if not d["steadfast"]:
        lines.append("  none")
    lines += ["", *odds_lines(d["odds"])]
    return lines


def _title(card: dict) -> str:
    return f"{card['title']}, {card['descriptor']}" if card["descriptor"] else card["title"]


def odds_lines(odds: dict) -> list[str]:
    """One row per fact: a bar for one hand, and both percentages."""
    facts = list(odds["facts"].values())
    lines = [f"Opening-hand odds ({odds['hand_size']} cards): one hand / with a mulligan"]
    if not facts:
        return [*lines, "  (no draw deck)"]
    width = min(ODDS_TEXT_WIDTH, max(len(f["description"]) for f in facts))
    for fact in facts:
        p, m = fact["probability"], fact["with_mulligan"]
        description = fact["description"]
        if len(description) > width:  # on a line of its own, the numbers below it
            lines.append(f"  {description}")
            description = ""
        lines.append(
            f"  {description.ljust(width)} {bar(p, 1.0, ODDS_BAR_WIDTH).ljust(ODDS_BAR_WIDTH)} "
            f"{p:6.1%} {m:6.1%}"
        )
    return lines
