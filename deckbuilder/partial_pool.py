"""Just the cards a command consults, read without loading the whole database.

Loading every printing costs more than the rest of ``card`` or ``show`` together. What they
consult is known up front: the titles asked about (or named in a deck file), every
printing of those titles (reprints, the LCG printing a CCG one plays as), the titles the
restricted/banned lists name, the cards flagged restricted/banned in the card data, and
the story cards (story-deck rules).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from card_db.names import fold

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")


def list_title_keys(lists) -> set[str]:
    """The title keys every restricted/banned list names."""
    from card_db.names import title_key

    return {title_key(entry.title) for lst in lists for entry in (*lst.restricted, *lst.banned)}


def load_partial_pool(
    db_path: str | os.PathLike, title_keys: Iterable[str], *, titles: Iterable[str] = ()
):
    """Every printing of the titles (by key or as printed), the flagged cards and the
    stories, as a CardPool."""
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.commands import _progress

    keys, titles = sorted(set(title_keys)), sorted(set(titles))
    clause = (
        f"title_key IN ({', '.join('?' * len(keys))}) OR title IN ({', '.join('?' * len(titles))})"
        " OR type = 'Story' OR cgdb_restricted OR cgdb_banned"
    )
    return CardPool(load_cards(db_path, progress=_progress, where=(clause, keys + titles)))


def titles_by_key(db_path: str | os.PathLike, keys: Iterable[str]) -> dict[str, list[str]]:
    """The printed titles of the title keys the database has (an indexed lookup)."""
    from card_db.store import connect
    from deckbuilder.commands import _progress

    keys = sorted(set(keys))
    connection = connect(db_path, progress=_progress)
    try:
        rows = connection.execute(
            f"SELECT DISTINCT title_key, title FROM card "
            f"WHERE title_key IN ({', '.join('?' * len(keys))})",
            keys,
        ).fetchall()
    finally:
        connection.close()
    found: dict[str, list[str]] = {}
    for key, title in rows:
        found.setdefault(key, []).append(title)
    return found


def title_keys_in(data: bytes, db_path: str | os.PathLike) -> set[str]:
    """The keys of every title whose letters occur in ``data`` (a deck file): a superset of
    the titles it names, however it spells them (case, punctuation, OCTGN markers)."""
    from card_db.store import connect
    from deckbuilder.commands import _progress

    squashed = _NOT_ALNUM.sub("", fold(data.decode("utf-8", errors="replace")))
    connection = connect(db_path, progress=_progress)
    try:
        keys = [k for (k,) in connection.execute("SELECT DISTINCT title_key FROM card")]
    finally:
        connection.close()
    return {k for k in keys if k in squashed}


def read_decks_quickly(
    paths: list[str], db_path: str | os.PathLike, lists=()
) -> tuple[list, object]:
    """(decks, pool) for deck files: read against the partial pool of their titles (and the
    titles ``lists`` name), and again against the whole pool when that read is not certain
    (an unknown or misspelt card, whose suggestions and fuzzy matches need every title)."""
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.formats import DeckFileError, read_bytes, read_deck

    keys = list_title_keys(lists)
    for path in paths:
        keys |= title_keys_in(read_bytes(path), db_path)
    pool = load_partial_pool(db_path, keys)
    try:
        decks = [read_deck(path, pool) for path in paths]
        if not any(deck.warnings for deck in decks):  # a warning may be a fuzzy match
            return decks, pool
    except DeckFileError:
        pass
    pool = CardPool(load_cards(db_path))
    return [read_deck(path, pool) for path in paths], pool
