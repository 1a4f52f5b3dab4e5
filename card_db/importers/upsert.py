"""Idempotent writes of card rows: insert new printings, update changed ones, count both."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import insert, select, update

from card_db.models import CardRow


@dataclass
class ImportResult:
    imported: int = 0
    updated: int = 0
    unchanged: int = 0

    def __iadd__(self, other: ImportResult) -> ImportResult:
        self.imported += other.imported
        self.updated += other.updated
        self.unchanged += other.unchanged
        return self

    def to_json(self) -> dict:
        return {"imported": self.imported, "updated": self.updated, "unchanged": self.unchanged}


_COLUMNS = [c.name for c in CardRow.__table__.columns]


def upsert_cards(connection, rows: Iterable[dict]) -> ImportResult:
    """Write full card rows (every column) in the caller's transaction."""
    existing = {r["id"]: r for r in connection.execute(select(CardRow.__table__)).mappings().all()}
    result = ImportResult()
    new_rows, changed = [], []
    for row in rows:
        old = existing.get(row["id"])
        if old is None:
            new_rows.append(row)
            existing[row["id"]] = row
        elif any(old[c] != row.get(c, old[c]) for c in _COLUMNS):
            changed.append(row)
        else:
            result.unchanged += 1
    if new_rows:
        connection.execute(insert(CardRow.__table__), new_rows)
    for row in changed:
        values = {k: v for k, v in row.items() if k != "id"}
        connection.execute(update(CardRow.__table__).where(CardRow.id == row["id"]).values(values))
    result.imported, result.updated = len(new_rows), len(changed)
    return result


def patch_cards(connection, patches: dict[str, dict]) -> ImportResult:
    """Set some columns of known cards (e.g. OCTGN GUIDs); card id -> {column: value}."""
    result = ImportResult()
    if not patches:
        return result
    table = CardRow.__table__
    current = {
        r["id"]: r
        for r in connection.execute(select(table).where(table.c.id.in_(list(patches))))
        .mappings()
        .all()
    }
    for card_id, values in patches.items():
        old = current.get(card_id)
        if old is None:
            continue
        if all(old[k] == v for k, v in values.items()):
            result.unchanged += 1
        else:
            connection.execute(update(table).where(table.c.id == card_id).values(values))
            result.updated += 1
    return result
