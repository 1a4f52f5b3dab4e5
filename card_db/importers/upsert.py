"""Idempotent writes of card rows: insert new printings, update changed ones, count both."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import insert, select, update

from card_db.models import CardRow


@dataclass
class ImportResult:
    imported: int = 0
    updated: int = 0
    unchanged: int = 0
    # Records of the source that match no known card: "file: title (set): why".
    unmatched: list[str] = field(default_factory=list)

    def __iadd__(self, other: ImportResult) -> ImportResult:
        self.imported += other.imported
        self.updated += other.updated
        self.unchanged += other.unchanged
        self.unmatched += other.unmatched
        return self

    def to_json(self) -> dict:
        return {
            "imported": self.imported,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "unmatched": self.unmatched,
        }


_COLUMNS = [c.name for c in CardRow.__table__.columns]
# Columns another source may have filled in (OCTGN GUIDs, Lackey's descriptors): a source
# that leaves them empty keeps them, so imports in any order and any number of times agree.
_NEVER_CLEARED = ("octgn_id", "descriptor", "subtypes", "text", "flavor", "illustrator")


def _keep_other_sources(row: dict, old) -> dict:
    kept = {c: old[c] for c in _NEVER_CLEARED if row.get(c) in (None, "") and old[c]}
    if not kept:
        return row
    merged = {**row, **kept}
    return _with_name_words(merged, old) if "descriptor" in kept else merged


def upsert_cards(connection, rows: Iterable[dict]) -> ImportResult:
    """Write full card rows (every column) in the caller's transaction."""
    existing = {r["id"]: r for r in connection.execute(select(CardRow.__table__)).mappings().all()}
    result = ImportResult()
    new_rows, changed = [], []
    for row in rows:
        old = existing.get(row["id"])
        if old is not None:
            row = _keep_other_sources(row, old)
        if old is None:
            new_rows.append(row)
            existing[row["id"]] = row
        elif any(old[c] != row.get(c, old[c]) for c in _COLUMNS):
            changed.append(row)
        else:
            result.unchanged += 1
    if new_rows:
        connection.execute(insert(CardRow.__table__), new_rows)
    _update_many(
        connection, {row["id"]: {k: v for k, v in row.items() if k != "id"} for row in changed}
    )
    result.imported, result.updated = len(new_rows), len(changed)
    return result


def _update_many(connection, updates: dict[str, dict]) -> None:
    """Card id -> {column: value}, written as one executemany per set of columns (one UPDATE
    statement per card costs a first run most of a second)."""
    from sqlalchemy import bindparam

    table = CardRow.__table__
    by_columns: dict[tuple, list[dict]] = {}
    for card_id, values in updates.items():
        columns = tuple(sorted(values))
        by_columns.setdefault(columns, []).append({"_id": card_id, **values})
    for columns, params in by_columns.items():
        statement = (
            update(table)
            .where(table.c.id == bindparam("_id"))
            .values({c: bindparam(c) for c in columns})
        )
        connection.execute(statement, params)


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
    changed = {}
    for card_id, values in patches.items():
        old = current.get(card_id)
        if old is None:
            continue
        if all(old[k] == v for k, v in values.items()):
            result.unchanged += 1
        else:
            changed[card_id] = _with_name_words(values, old)
    _update_many(connection, changed)
    result.updated = len(changed)
    return result


def _with_name_words(values: dict, old) -> dict:
    """A patch that renames a card also rewrites the stored search words of its names."""
    if "title" not in values and "descriptor" not in values:
        return values
    from card_db.names import name_words

    title = values.get("title", old["title"])
    descriptor = values.get("descriptor", old["descriptor"])
    title_words, descriptor_words = name_words(title, descriptor)
    return {**values, "title_words": title_words, "descriptor_words": descriptor_words}


def read_capped(path, limit: int, kind: str) -> bytes:
    """The whole file, refusing one larger than ``limit`` bytes before reading it."""
    from card_db.errors import CardDataError

    try:
        size = path.stat().st_size
        if size > limit:
            raise CardDataError(
                f"{path}: {size:,} bytes is too large for {kind} (limit {limit:,} bytes)"
            )
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as exc:
        raise CardDataError(f"{path}: cannot read: {exc.strerror}") from None


def _digits(number: str | None) -> int | None:
    """The collector number in "F37", "037b" or "Core-037": its ASCII digits, none when
    there are none or too many to be a number ("²", a 5,000-digit string)."""
    found = "".join(ch for ch in number or "" if ch in "0123456789")
    return int(found) if found and len(found) <= 6 else None


def _content(row: dict) -> tuple:
    return tuple(v for k, v in row.items() if k not in ("id", "number", "octgn_id"))


class KnownCards:
    """The LCG cards already in the database, for matching another source's printings to
    them by title, descriptor, set or cycle and collector number."""

    def __init__(self, connection):
        from card_db.names import title_key

        table = CardRow.__table__
        self._title_key = title_key
        self.rows = [dict(r) for r in connection.execute(select(table)).mappings().all()]
        self.ids = {row["id"] for row in self.rows}
        self.by_title: dict[str, list[dict]] = {}
        for row in self.rows:
            self.by_title.setdefault(row["title_key"], []).append(row)

    def find(
        self,
        title: str,
        *,
        era: str = "LCG",
        descriptor: str | None = None,
        set_codes: set[str] | None = None,
        number: str | None = None,
        card_type: str | None = None,
    ) -> tuple[list[dict], str]:
        """The printings that fit, narrowed step by step; (candidates, why none fit)."""
        key = self._title_key(title)
        found = [r for r in self.by_title.get(key, ()) if r["era"] == era]
        if not found:
            return [], "no card with this title"
        if set_codes is not None:
            found = [r for r in found if r["set_code"] in set_codes]
            if not found:
                return [], "no printing of this title in this set"
        narrowing = [
            (descriptor is not None, lambda r: self._title_key(r["descriptor"] or "")
             == self._title_key(descriptor or "")),
            (card_type is not None, lambda r: r["type"].lower() == (card_type or "").lower()),
            (_digits(number) is not None, lambda r: _digits(r["number"]) == _digits(number)),
        ]  # fmt: skip
        for wanted, keep in narrowing:
            if len(found) > 1 and wanted:
                narrowed = [r for r in found if keep(r)]
                found = narrowed or found
        if len(found) > 1 and len({_content(r) for r in found}) == 1:
            # The same card listed twice by the source (the embedded data has two identical
            # Bone Sculptors in The Sleeper Below): the first listing stands for both.
            found = [min(found, key=lambda r: r["id"])]
        return found, "" if len(found) == 1 else "several printings fit"

    def closest(
        self,
        title: str,
        *,
        era: str = "LCG",
        set_codes: set[str],
        exclude: set[str] = frozenset(),
        descriptor: str | None = None,
        cost: int | None = None,
    ) -> dict | None:
        """The one printing in ``set_codes`` whose title is a near-certain misspelling of
        ``title`` ("Elder Thing Scavanger"), or None when no title or several come close."""
        from rapidfuzz import fuzz, process

        choices = {
            r["id"]: r["title_key"]
            for r in self.rows
            if r["era"] == era and r["set_code"] in set_codes and r["id"] not in exclude
        }
        wanted = self._title_key(title)
        best = process.extract(wanted, choices, scorer=fuzz.ratio, limit=2, score_cutoff=85)
        if len(best) == 1 or (len(best) == 2 and best[0][1] - best[1][1] >= 5):
            return next(r for r in self.rows if r["id"] == best[0][2])
        # A renamed card keeps its descriptor ("Grete Wagner-Blackwood, The Purifier" was
        # printed "Grete Wagner, The Purifier") or part of its name ("Military Attaché").
        descriptor_key = self._title_key(descriptor or "")
        for fits in (
            lambda r: descriptor_key and self._title_key(r["descriptor"] or "") == descriptor_key,
            lambda r: (
                len(r["title_key"]) >= 5 and (r["title_key"] in wanted or wanted in r["title_key"])
            ),
        ):
            rows = [r for r in self.rows if r["id"] in choices and fits(r)]
            if cost is not None:
                rows = [r for r in rows if r["cost"] == cost] or rows
            if len(rows) == 1:
                return rows[0]
        return None
