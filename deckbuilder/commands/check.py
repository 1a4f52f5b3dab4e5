"""deckbuilder check DECK… — the legality of one deck or a hundred (SPEC §4, §6);
deckbuilder db add-list FILE — store a restricted/banned list of your own."""

from __future__ import annotations

import sys

from deckbuilder.commands import (
    add_command,
    add_rules_options,
    db_path,
    load_pool,
    print_json,
    rules_choices,
)
from deckbuilder.plurals import counted


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "check",
        run,
        help="check the legality of decks (.txt, .o8d, .json)",
        choices=rules_choices,
    )
    parser.add_argument("decks", nargs="+", metavar="DECK")
    add_rules_options(parser)


def register_add_list(db_subparsers) -> None:
    parser = add_command(
        db_subparsers,
        "add-list",
        run_add_list,
        help="add (or replace) a restricted/banned list from a .json or text file",
    )
    parser.add_argument("path", metavar="FILE")


def run(args) -> int:
    from deckbuilder.deck_paths import expand_deck_paths
    from deckbuilder.formats import DeckFileError, read_deck
    from deckbuilder.legality import (
        LegalityError,
        check_deck,
        get_format,
        get_list,
        load_lists,
    )

    lists = load_lists(db_path(args))
    if args.format_id:
        get_format(args.format_id)  # an unknown format fails before any deck is read
    if args.list_id:
        get_list(lists, args.list_id)
    pool = load_pool(args)
    paths, empty_folders = expand_deck_paths(args.decks)
    reports, errors = [], [(path, DeckFileError(message)) for path, message in empty_folders]
    # decks checked against the default list (none chosen) that break its rules
    defaulted: dict[str, list[str]] = {}
    for path in paths:
        try:
            deck = read_deck(path, pool)
        except DeckFileError as exc:
            errors.append((path, exc))
            continue
        try:  # a JSON deck may name a format or list this database does not have
            result = check_deck(
                deck,
                format_id=args.format_id or deck.format or "lcg",
                list_id=args.list_id or deck.list_id,
                lists=lists,
                pool=pool,
            )
        except LegalityError as exc:
            errors.append((path, LegalityError(f"{path}: {exc}")))
            continue
        reports.append((path, result))
        if not (args.list_id or deck.list_id) and _list_problems(result):
            defaulted[path] = [
                other
                for other in lists
                if other != result.list
                and check_deck(
                    deck, format_id=args.format_id or deck.format or "lcg", list_id=other,
                    lists=lists, pool=pool,
                ).legal
            ]  # fmt: skip

    for _path, exc in errors:
        print(f"deckbuilder: error: {exc}", file=sys.stderr)
    if args.json:
        print_json(
            {
                "decks": [
                    {
                        "path": path,
                        **result.to_json(),
                        **({"legal_under": defaulted[path]} if path in defaulted else {}),
                    }
                    for path, result in reports
                ],
                "errors": [_error_json(path, exc) for path, exc in errors],
            }
        )
    else:
        for path, result in reports:
            _print_report(path, result, defaulted.get(path))
        if defaulted:
            _print_list_choice(defaulted, lists, reports)
    if errors:
        return 2
    return 0 if all(result.legal for _path, result in reports) else 1


def _error_json(path: str, exc) -> dict:
    return {
        "path": path,
        "message": str(exc),
        "unknown": [
            {"line": line, "message": message, "suggestions": suggestions}
            for line, message, suggestions in getattr(exc, "unknown", [])
        ],
    }


LIST_RULES = ("restricted", "banned")  # the rules a restricted/banned list decides


def _list_problems(result) -> bool:
    return any(problem.rule in LIST_RULES for problem in result.problems)


def _print_list_choice(defaulted: dict[str, list[str]], lists: dict, reports) -> None:
    """Which list the decks broke, that it was the default, and how to choose another."""
    used = next(result.list for path, result in reports if path in defaulted)
    counts = {other: sum(other in under for under in defaulted.values()) for other in lists}
    passing = [f"{other} ({n} of them)" for other, n in counts.items() if n]
    print(
        f"{counted(len(defaulted), 'deck')} broke the {used} restricted/banned list, the "
        "default; choose another with --list L ("
        + ", ".join(other for other in lists if other != used)
        + ")"
        + (f"; legal under {', '.join(passing)}" if passing else "")
        + "."
    )


def _print_report(path: str, result, legal_under: list[str] | None = None) -> None:
    verdict = "legal" if result.legal else f"NOT LEGAL ({counted(len(result.problems), 'problem')})"
    print(
        f"{path}: {verdict} — {result.deck}, format {result.format}, list {result.list}, "
        f"{counted(result.draw_deck_count, 'card')} in the draw deck"
    )
    for problem in result.problems:
        print(f"  [{problem.rule}] {problem.message} (source: {problem.source})")
    for warning in result.warnings:
        print(f"  warning: {warning}")
    if legal_under:
        print(f"  legal under --list {', --list '.join(legal_under)}")


def run_add_list(args) -> int:
    from deckbuilder.legality import LegalityError, add_user_list, parse_list_file

    lst = parse_list_file(args.path)
    if not (lst.restricted or lst.banned):
        raise LegalityError(f"{args.path}: names no restricted or banned card")
    pool = load_pool(args)
    warnings: list[str] = []
    replaced = add_user_list(db_path(args), lst, pool, warnings)
    summary = lst.summary()
    for warning in warnings:
        print(f"deckbuilder: warning: {warning}", file=sys.stderr)
    if args.json:
        print_json({**summary, "replaced": replaced, "warnings": warnings})
    else:
        action = "replaced" if replaced else "added"
        print(
            f"{action} list {lst.id}: {lst.name} (effective {lst.effective or 'undated'}), "
            f"{summary['restricted']} restricted, {summary['banned']} banned"
        )
    return 0
