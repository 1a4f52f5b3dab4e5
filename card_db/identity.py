"""Card identity: which printings are one card.

A *title* can name several cards ("Carl Stanford": Deathless Fanatic of Cthulhu, and
Sinister, not necessarily Evil of the Silver Twilight); a *card* can have several
*printings* (Itinerant Scholar in the LCG Core Set and in a CCG set). Printings are one card
when they share title, type and faction and their descriptors agree; a printing without a
descriptor (some CCG data leaves it out) joins the one described card it can only be.

A card is known by its ``card_id``: the id of its first LCG printing (else of its first
printing), e.g. "Core-041" for Cthulhu, The Great Old One, whichever printing a deck names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from card_db.names import fold, title_key

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")


def descriptor_key(descriptor: str | None) -> str:
    """Descriptors compare like titles: '"The One"' and 'The One' are the same."""
    return _NOT_ALNUM.sub("", fold(descriptor or ""))


def _representative_order(row: Mapping) -> tuple:
    return (row["era"] != "LCG", row["release_order"], row["id"])


def card_ids(rows: Iterable[Mapping]) -> dict[str, str]:
    """Printing id -> card id for every row (mappings with id, title, descriptor, type,
    faction, era, release_order)."""
    by_kind: dict[tuple[str, str, str], list[Mapping]] = {}
    for row in rows:
        kind = (title_key(row["title"]), row["type"], row["faction"])
        by_kind.setdefault(kind, []).append(row)
    result: dict[str, str] = {}
    for printings in by_kind.values():
        groups: dict[str, list[Mapping]] = {}
        for row in printings:
            groups.setdefault(descriptor_key(row["descriptor"]), []).append(row)
        described = [key for key in groups if key]
        if "" in groups and len(described) == 1:
            groups[described[0]] += groups.pop("")
        for members in groups.values():
            card_id = min(members, key=_representative_order)["id"]
            for row in members:
                result[row["id"]] = card_id
    return result


def assign_card_ids(connection) -> int:
    """Recompute every printing's card id in the caller's transaction (a sqlite3
    connection); returns how many changed. Cheap: the whole pool is a few thousand rows."""
    columns = ("id", "title", "descriptor", "type", "faction", "era", "release_order", "card_id")
    rows = [
        dict(zip(columns, r, strict=True))
        for r in connection.execute(f"SELECT {', '.join(columns)} FROM card")
    ]
    wanted = card_ids(rows)
    changed = [(wanted[r["id"]], r["id"]) for r in rows if r["card_id"] != wanted[r["id"]]]
    connection.executemany("UPDATE card SET card_id = ? WHERE id = ?", changed)
    return len(changed)
