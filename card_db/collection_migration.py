"""Schema 2 -> 3: the collection counts cards, not titles.

Version 2 keyed single-card adjustments, per-card copy overrides and built decks'
reservations on a title key; version 3 keys them on the card id (card_db/identity.py). A
title that names one card moves to that card. A title that names several cards moves so:

- a copies override of a product goes to the card(s) of that title the product holds;
- an adjustment or a built deck's reservation goes to the first card of that title that an
  owned product holds, else to the title's first LCG card (its first card if it has no LCG
  one). Copies of a title were counted together, so they go to one card and every total
  stays what it was.

A title that names no card any more keeps its row under its title key, so nothing is lost;
it counts for no card. The migration runs in the caller's transaction (card_db/db.py).
"""

from __future__ import annotations

import sqlite3
from collections import Counter

# The version 3 tables as they were created when this migration was written (later schema
# changes get their own migration, so this must not follow card_db/models.py).
_V3_TABLES = {
    "collection_card": "CREATE TABLE collection_card (title VARCHAR NOT NULL, "
    "count INTEGER NOT NULL, card_id VARCHAR NOT NULL, PRIMARY KEY (card_id))",
    "collection_copies": "CREATE TABLE collection_copies (title VARCHAR NOT NULL, "
    "copies INTEGER NOT NULL, product VARCHAR NOT NULL, card_id VARCHAR NOT NULL, "
    "PRIMARY KEY (product, card_id))",
    "built_deck_card": "CREATE TABLE built_deck_card (title VARCHAR NOT NULL, "
    "count INTEGER NOT NULL, deck_id INTEGER NOT NULL, card_id VARCHAR NOT NULL, "
    "PRIMARY KEY (deck_id, card_id), "
    "FOREIGN KEY(deck_id) REFERENCES built_deck (id) ON DELETE CASCADE)",
}


class _CardsOfTitles:
    """Which cards a title key names, in the order the choice above prefers them."""

    def __init__(self, connection: sqlite3.Connection, tables: set[str]):
        rows = connection.execute(
            "SELECT id, title_key, card_id, era, set_code, release_order FROM card"
        ).fetchall()
        own = {cid: (era != "LCG", order, cid) for cid, _k, _c, era, _s, order in rows}
        self.products_of: dict[str, set[str]] = {}
        by_title: dict[str, set[str]] = {}
        for _id, key, card_id, era, set_code, _order in rows:
            card_id = card_id or _id
            by_title.setdefault(key, set()).add(card_id)
            if era == "LCG":
                self.products_of.setdefault(card_id, set()).add(set_code)
        self.cards = {
            key: sorted(ids, key=lambda c: own.get(c, (True, 0, c)))
            for key, ids in by_title.items()
        }
        self.owned_products: set[str] = set()
        if "collection_product" in tables:
            self.owned_products = {
                code
                for (code,) in connection.execute(
                    "SELECT product FROM collection_product WHERE count > 0"
                )
            }

    def one(self, key: str) -> str:
        cards = self.cards.get(key)
        if not cards:
            return key
        owned = [c for c in cards if self.products_of.get(c, set()) & self.owned_products]
        return (owned or cards)[0]

    def in_product(self, key: str, product: str) -> list[str]:
        cards = self.cards.get(key)
        if not cards:
            return [key]
        held = [c for c in cards if product in self.products_of.get(c, set())]
        return held or cards[:1]


def _replace_table(connection: sqlite3.Connection, name: str, columns: str, rows) -> None:
    connection.execute(f"DROP TABLE {name}")
    connection.execute(_V3_TABLES[name])
    marks = ",".join("?" * len(columns.split(",")))
    connection.executemany(f"INSERT INTO {name} ({columns}) VALUES ({marks})", rows)


def collection_by_card(connection: sqlite3.Connection) -> None:
    """2 -> 3: re-key the collection's per-card rows from title keys to card ids."""
    tables = {n for (n,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    cards = _CardsOfTitles(connection, tables)
    if "collection_card" in tables:
        counts: Counter[str] = Counter()
        titles: dict[str, str] = {}
        for key, title, count in connection.execute(
            "SELECT title_key, title, count FROM collection_card"
        ).fetchall():
            card_id = cards.one(key)
            counts[card_id] += count
            titles[card_id] = title
        rows = [(c, titles[c], n) for c, n in counts.items()]
        _replace_table(connection, "collection_card", "card_id, title, count", rows)
    if "collection_copies" in tables:
        copies: dict[tuple[str, str], tuple[str, int]] = {}
        for product, key, title, n in connection.execute(
            "SELECT product, title_key, title, copies FROM collection_copies"
        ).fetchall():
            for card_id in cards.in_product(key, product) if key else [""]:
                copies[(product, card_id)] = (title, n)
        rows = [(p, c, t, n) for (p, c), (t, n) in copies.items()]
        _replace_table(connection, "collection_copies", "product, card_id, title, copies", rows)
    if "built_deck_card" in tables:
        reserved: Counter[tuple[int, str]] = Counter()
        names: dict[tuple[int, str], str] = {}
        for deck_id, key, title, count in connection.execute(
            "SELECT deck_id, title_key, title, count FROM built_deck_card"
        ).fetchall():
            slot = (deck_id, cards.one(key))
            reserved[slot] += count
            names[slot] = title
        rows = [(d, c, names[(d, c)], n) for (d, c), n in reserved.items()]
        _replace_table(connection, "built_deck_card", "deck_id, card_id, title, count", rows)
