"""deckbuilder card NAME… — the whole card as a player reads it: text, printings, its status
under every restricted/banned list, and owned/available copies (SPEC §4)."""

from __future__ import annotations

from deckbuilder.commands import add_command, db_path, print_json

WIDTH = 80
MAX_SHOWN = 10  # a vague name can match dozens of cards: the rest are listed by title


def register(subparsers) -> None:
    parser = add_command(
        subparsers, "card", run, help="show whole cards: text, printings, lists, owned"
    )
    parser.add_argument(
        "names",
        nargs="+",
        metavar="NAME",
        help='card titles (quote each: "Itinerant Scholar"); typos and descriptors work',
    )


def run(args) -> int:
    from card_db.errors import UnknownCardError
    from card_db.names import title_key
    from card_db.query import shown
    from deckbuilder.legality import load_lists
    from deckbuilder.partial_pool import list_title_keys, load_partial_pool, titles_by_key

    path = db_path(args)
    names = _names(args.names, path)
    for name in names:
        if not title_key(name):
            raise UnknownCardError(f"{shown(name)} names no card (no letters or digits)")
    # A name that is a title needs no fuzzy matching (nor its imports) over every title.
    exact = titles_by_key(path, (title_key(n) for n in names))
    wanted = {t for n in names for t in exact.get(title_key(n), [])}
    vague = [n for n in names if title_key(n) not in exact]
    if vague:
        wanted.update(_matching_titles(path, vague))
        heads = titles_by_key(path, (title_key(_head(n)) for n in vague))
        wanted.update(t for titles in heads.values() for t in titles)
    lists = load_lists(path)
    pool = load_partial_pool(path, list_title_keys(lists.values()), titles=wanted)
    found = []
    for name in names:
        printings = pool.printings(name) if name not in vague else _search(pool, name)
        cards = _best_cards(name, printings)
        if not cards:
            suggestions = load_full_suggestions(path, name)
            hint = f" (closest: {', '.join(suggestions)})" if suggestions else ""
            raise UnknownCardError(f"no card matches {shown(name)}{hint}", suggestions)
        found += [c for c in cards if c.card_id not in {f.card_id for f in found}]
    ownership = card_ownership(args, found)
    documents = [card_document(c, pool, lists, ownership) for c in found]
    if args.json:
        print_json({"cards": documents})
        return 0
    shown = documents[:MAX_SHOWN]
    print("\n\n".join(_card_lines(d) for d in shown))
    if len(documents) > len(shown):
        rest = ", ".join(_full_title(d) for d in documents[len(shown) :])
        print(f"\nAlso matching ({len(documents) - len(shown)} more): {rest}")
    return 0


def _query(name: str):
    """The name as a search's bare words, over every era (a CCG-only card is a card too)."""
    from card_db.names import search_text
    from card_db.query import Query, parse

    return Query(terms=parse(["era:all"]).terms, words=tuple(search_text(name).split()))


def _matching_titles(path, names: list[str]) -> set[str]:
    """The titles the search matches for these names, read as the search command reads them
    (its first pass over the names only)."""
    from card_db.search_rows import load_search_pool
    from deckbuilder.commands import _progress

    return {
        card.title
        for name in names
        for card in load_search_pool(path, _query(name), progress=_progress)[0].cards
    }


def _head(name: str) -> str:
    """The title part of "Title, Descriptor", "Title (Descriptor)" or "Title - Descriptor"."""
    import re

    return re.split(r"\s*(?:,|\(|:|\s[-\u2013\u2014]\s)\s*", name, maxsplit=1)[0]


def _search(pool, name: str) -> list:
    """The search's matches, else the card a deck file naming it this way would hold (a
    title with its descriptor, as deck files and forums write it)."""
    import re

    from card_db.errors import UnknownCardError
    from card_db.search import search
    from deckbuilder.resolve import Resolver

    found = search(pool, _query(name)).cards
    if found:
        return found
    spec = re.match(r"^(?P<title>.*?)\s*\((?P<spec>[^()]*)\)$", name)
    try:
        if spec:
            return Resolver(pool).candidates(spec["title"], spec["spec"])[0]
        return Resolver(pool).candidates(name)[0]
    except UnknownCardError:
        return []


def _names(words: list[str], path) -> list[str]:
    """Each argument is a name, unless together they name a card (unquoted words): they
    spell its title, or each is a word, or the start of one, of its title and descriptor
    (`card yog sothoth lord` is one card, `card dagon hastur` two names)."""
    from card_db.names import title_key, word_forms
    from deckbuilder.partial_pool import titles_by_key

    if len(words) < 2 or any(not title_key(w) for w in words):
        return words
    joined = " ".join(words)
    if titles_by_key(path, [title_key(joined)]):
        return [joined]
    from card_db.search_rows import load_search_pool
    from deckbuilder.commands import _progress

    wanted = word_forms([joined])[0].split()
    for card in load_search_pool(path, _query(joined), progress=_progress)[0].cards:
        name = " " + word_forms([f"{card.title} {card.descriptor or ''}"])[0] + " "
        if all(f" {w}" in name for w in wanted):
            return [joined]
    return words


def load_full_suggestions(path, name: str) -> list[str]:
    from card_db.pool import CardPool
    from card_db.store import load_cards

    return CardPool(load_cards(path)).closest_titles(name)


def _best_cards(name: str, printings: list) -> list:
    """One printing per card (the search's best first). A name that is exactly a title, or a
    title with its descriptor, keeps only those cards."""
    from card_db.names import title_key

    cards: dict[str, object] = {}
    for printing in printings:
        cards.setdefault(printing.card_id, printing)
    key = title_key(name)
    exact = [
        c
        for c in cards.values()
        if key
        in (
            title_key(c.title),
            title_key(c.full_title),
            title_key(f"{c.title} {c.descriptor or ''}"),
        )
    ]
    described = [c for c in exact if c.descriptor and key != title_key(c.title)]
    return described or exact or list(cards.values())


def card_ownership(args, cards) -> dict[str, tuple[int, int]] | None:
    """card id -> (owned, available) copies; None when there is no collection. The one
    place this command reads the collection."""
    import sqlite3

    from card_db.store import read_transaction
    from deckbuilder.commands import _progress

    with read_transaction(db_path(args), progress=_progress) as connection:
        try:  # most players keep no collection: they need not pay for its code
            (kept,) = connection.execute(
                "SELECT EXISTS (SELECT 1 FROM collection_product) "
                "OR EXISTS (SELECT 1 FROM collection_card)"
            ).fetchone()
        except sqlite3.OperationalError:  # a database from before the collection
            kept = False
        if not kept:
            return None
        from deckbuilder import collection

        owned = collection.owned_counts(session=connection)
        available = collection.available_counts(session=connection)
    return {c.card_id: (owned.get(c.card_id, 0), available.get(c.card_id, 0)) for c in cards}


def list_statuses(card, pool, lists) -> list[dict]:
    """The card's status under each list: banned, restricted or allowed. A list names cards,
    so any printing of the card that it names counts."""
    from deckbuilder.legality import DEFAULT_LIST_ID, resolve_list

    printings = pool.by_card.get(card.card_id, [card])
    statuses = []
    for lst in lists.values():
        resolved = resolve_list(_entries_for(lst, card, pool), pool)
        if any(resolved.banned(p) for p in printings):
            status = "banned"
        elif any(resolved.restricted(p) for p in printings):
            status = "restricted"
        else:
            status = "allowed"
        statuses.append(
            {
                "list": lst.id,
                "name": lst.name,
                "effective": lst.effective,
                "default": lst.id == DEFAULT_LIST_ID,
                "status": status,
            }
        )
    return statuses


def _entries_for(lst, card, pool):
    """The list without the entries that cannot name ``card``, so that a misspelt entry
    for another card costs no fuzzy matching. An entry spelled as another title names that
    title (exact matches win); one for a title not in the database names ``card`` only when
    the resolver could read it so, or when it holds the title (a descriptor after it)."""
    from card_db.names import title_key
    from deckbuilder.resolve import could_be_read_as

    own = title_key(card.title)

    def may_name(entry) -> bool:
        key = title_key(entry.title)
        if key == own or own in key:
            return True
        return not pool.printings(entry.title) and could_be_read_as(entry.title, card.title)

    return lst._replace(
        restricted=tuple(e for e in lst.restricted if may_name(e)),
        banned=tuple(e for e in lst.banned if may_name(e)),
    )


def card_document(printing, pool, lists, ownership) -> dict:
    """The card (its own printing's facts), its readable text, printings, lists, owned."""
    from deckbuilder.card_text import readable_text

    card = pool.card(printing.card_id) or printing
    document = card.to_json()
    document["id"] = card.card_id
    document["text"] = readable_text(card.text)
    document["raw_text"] = card.text
    document["flavor"] = card.flavor
    document["printings"] = [
        {"id": p.id, "set": p.set_name, "set_code": p.set_code, "number": p.number, "era": p.era}
        for p in pool.by_card.get(card.card_id, [card])
    ]
    document["lists"] = list_statuses(card, pool, lists)
    if ownership is not None:
        owned, available = ownership.get(card.card_id, (0, 0))
        document["owned"], document["available"] = owned, available
    return document


def _full_title(document: dict) -> str:
    title = document["title"]
    return f"{title}, {document['descriptor']}" if document["descriptor"] else title


def _wrap(text: str, indent: str = "") -> list[str]:
    import textwrap

    lines = []
    for paragraph in text.strip().splitlines():
        lines += textwrap.wrap(paragraph.strip(), WIDTH, initial_indent=indent,
                               subsequent_indent=indent) or [""]  # fmt: skip
    return lines


def _card_lines(d: dict) -> str:
    from deckbuilder.plurals import counted

    lines = [("* " if d["unique"] else "") + _full_title(d)]
    kind = ("Unique " if d["unique"] else "") + f"{d['faction']} {d['type']}"
    if d["subtypes"]:
        kind += " — " + ". ".join(d["subtypes"]) + "."
    lines.append(kind)
    facts = []
    if d["cost"] is not None:
        facts.append(f"Cost {d['cost']}")
    if d["skill"] is not None:
        facts.append(f"Skill {d['skill']}")
    icons = [f"{n} {name.capitalize()}" for name, n in d["icons"].items() if n]
    if icons:
        facts.append("Icons " + ", ".join(icons))
    if facts:
        lines.append("   ".join(facts))
    if d["steadfast"]:
        needs = ", ".join(counted(n, f"{f} resource") for f, n in d["steadfast"].items())
        lines.append(f"Steadfast: needs {needs} to play")
    if d["transient"]:
        lines.append("Transient")
    if d["keywords"]:
        lines.append("Keywords: " + ", ".join(d["keywords"]))
    if d["text"]:
        lines += ["", *_wrap(d["text"])]
    if d["flavor"]:
        lines += ["", *_wrap(d["flavor"], "  ")]
    lines += ["", *_wrap("Printings: " + "; ".join(_printing(p) for p in d["printings"]))]
    lines += _wrap("Lists: " + "; ".join(_status(s) for s in d["lists"]))
    if "owned" in d:
        lines.append(f"Owned: {d['owned']}, available: {d['available']} (not in built decks)")
    return "\n".join(lines)


def _printing(p: dict) -> str:
    return f"{p['set']} {p['number']} ({p['era']})"


def _status(s: dict) -> str:
    return f"{s['list']}{' (default)' if s['default'] else ''} {s['status']}"
