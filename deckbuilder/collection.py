"""The collection: products and single cards the player owns, and the decks they have built.

Owned copies of a title = Σ products owned × copies of the title in that product + the
player's per-card adjustment (singles bought, cards lost, CCG cards). Ownership counts by
title across printings, as deck limits do. A built deck reserves a snapshot of its cards:
available = owned − reserved by built decks. Every function that touches the database takes a
keyword-only ``session`` and leaves committing to the caller, so one command is one
transaction. The read functions (counts, ``missing_for``, ``list_built``, ``summary``,
``export_rows``) are plain SQL and also take a sqlite3 connection, so reading the collection
never has to import SQLAlchemy.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from card_db.errors import DeckbuilderError, UnknownCardError
from card_db.names import title_key
from card_db.sets import SETS, SetInfo, find_set

if TYPE_CHECKING:
    from card_db.pool import CardPool
    from deckbuilder.deck import Deck

# Products are the LCG sets; CCG cards were sold in random boosters, so they come in as
# per-card adjustments.
PRODUCTS: tuple[SetInfo, ...] = tuple(s for s in SETS if s.era == "LCG")
_PRODUCT_BY_KEY = {title_key(k): s for s in PRODUCTS for k in (s.code, s.name)}

CSV_HEADER = ("kind", "name", "title", "count")
CSV_KINDS = ("product", "copies", "card", "built")


class CollectionError(DeckbuilderError):
    """A collection change that cannot be made as asked."""


class UnknownProductError(CollectionError):
    def __init__(self, message: str, suggestions: list[str] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []


# --- products and their contents -------------------------------------------------------------


def find_product(text: str) -> SetInfo:
    """An LCG product by code or name, ignoring case and punctuation."""
    found = _PRODUCT_BY_KEY.get(title_key(text))
    if found:
        return found
    ccg = find_set(text, era="CCG")
    if ccg:
        raise CollectionError(
            f"{ccg.name} is a CCG set sold in random boosters; add its cards one title at a "
            "time with `deckbuilder collection add-card TITLE --count N`"
        )
    from rapidfuzz import fuzz, process

    choices = {s.code: f"{s.name} ({s.code})" for s in PRODUCTS}
    found_names = process.extract(
        text, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=60, processor=str.lower
    )
    suggestions = [name for name, _score, _code in found_names]
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    raise UnknownProductError(f"unknown product {text!r}{hint}", suggestions)


@cache
def _quantities() -> dict:
    data = resources.files("card_db").joinpath("data/product_quantities.json")
    return json.loads(data.read_text(encoding="utf-8"))


def printed_copies(product_code: str) -> int:
    """Copies of each card in one copy of the product, as printed (before user overrides)."""
    data = _quantities()
    return data["products"].get(product_code, data["default"])


def resolve_title(text: str, *, pool: CardPool, warnings: list[str] | None = None) -> str:
    """The card title the user means, spelled as its newest printing spells it; a
    near-certain typo is corrected with a note in ``warnings``; otherwise UnknownCardError
    with the closest titles."""
    from deckbuilder.resolve import Resolver

    printings, notes = Resolver(pool).title_printings(text)
    if warnings is not None:
        warnings.extend(notes)
    return printings[0].title


def _canonical_titles(keys: Iterable[str], *, session) -> dict[str, str]:
    """title_key -> the title as its newest printing spells it, for the keys that are cards."""
    keys = sorted(set(keys))
    rows = _rows(
        _driver(session),
        "SELECT title_key, title, era, release_order FROM card "
        f"WHERE title_key IN ({','.join('?' * len(keys))})",
        keys,
    )
    best: dict[str, tuple] = {}
    for key, title, era, order in rows:
        rank = (era == "LCG", order)
        if key not in best or rank > best[key][0]:
            best[key] = (rank, title)
    return {key: title for key, (_rank, title) in best.items()}


def _known_title(title: str, *, session) -> tuple[str, str]:
    key = title_key(title)
    canonical = _canonical_titles([key], session=session).get(key)
    if canonical is None:
        raise UnknownCardError(f"unknown card {title!r}")
    return key, canonical


def _product_titles(product_code: str, *, session) -> set[str]:
    rows = _rows(
        _driver(session),
        "SELECT title_key FROM card WHERE era = 'LCG' AND set_code = ?",
        [product_code],
    )
    return {key for (key,) in rows}


# --- changes ---------------------------------------------------------------------------------


def add_product(product: str, count: int = 1, *, session) -> tuple[SetInfo, int]:
    """Add (or with a negative count remove) copies of a product; returns it and the new count."""
    from card_db.models import OwnedProduct

    info = find_product(product)
    row = session.get(OwnedProduct, info.code)
    new_count = (row.count if row else 0) + count
    if new_count < 0:
        raise CollectionError(
            f"you own {row.count if row else 0} × {info.name}; cannot remove {-count}"
        )
    if new_count == 0:
        if row:
            session.delete(row)
    elif row:
        row.count = new_count
        session.add(row)
    else:
        session.add(OwnedProduct(product=info.code, count=new_count))
    session.flush()
    return info, new_count


def add_card(title: str, count: int = 1, *, session) -> tuple[str, int]:
    """Adjust the copies of a title owned beyond the products (negative: lost or sold).
    Returns the title and its new adjustment."""
    from card_db.models import CardAdjustment

    key, canonical = _known_title(title, session=session)
    owned = owned_counts(session=session).get(key, 0)
    if owned + count < 0:
        raise CollectionError(f"you own {owned} × {canonical}; cannot remove {-count}")
    row = session.get(CardAdjustment, key)
    new_count = (row.count if row else 0) + count
    if new_count == 0:
        if row:
            session.delete(row)
    elif row:
        row.count, row.title = new_count, canonical
        session.add(row)
    else:
        session.add(CardAdjustment(title_key=key, title=canonical, count=new_count))
    session.flush()
    return canonical, new_count


def set_copies(product: str, copies: int | None, *, title: str | None = None, session) -> SetInfo:
    """Override how many copies of each card (or of one title) the user's printing of a
    product holds; ``copies=None`` goes back to the product data."""
    from card_db.models import ProductCopies

    info = find_product(product)
    if copies is not None and copies < 0:
        raise CollectionError(f"copies must be 0 or more, not {copies}")
    key, canonical = "", ""
    if title is not None:
        key, canonical = _known_title(title, session=session)
        if key not in _product_titles(info.code, session=session):
            raise CollectionError(f"{canonical} is not in {info.name}")
    row = session.get(ProductCopies, (info.code, key))
    if copies is None:
        if row:
            session.delete(row)
    elif row:
        row.copies, row.title = copies, canonical
        session.add(row)
    else:
        session.add(ProductCopies(product=info.code, title_key=key, title=canonical, copies=copies))
    session.flush()
    return info


# --- counts ----------------------------------------------------------------------------------


def _driver(session) -> sqlite3.Connection:
    """The sqlite3 connection under a session (flushed first), or the connection itself: the
    counts are plain SQL so that a search's own:/avail: can read them without SQLAlchemy."""
    if isinstance(session, sqlite3.Connection):
        return session
    session.flush()
    return session.connection().connection.driver_connection


def _rows(db: sqlite3.Connection, sql: str, params: Iterable = ()) -> list[tuple]:
    try:
        return db.execute(sql, tuple(params)).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # a database from before the collection existed
            return []
        raise


def owned_counts(*, session) -> dict[str, int]:
    """title_key -> copies owned (titles with none are absent). ``session`` may also be a
    plain sqlite3 connection."""
    db = _driver(session)
    products = dict(_rows(db, "SELECT product, count FROM collection_product"))
    overrides = {
        (code, key): copies
        for code, key, copies in _rows(
            db, "SELECT product, title_key, copies FROM collection_copies"
        )
    }
    counts: Counter[str] = Counter()
    if products:
        # DISTINCT: a title counts once per product (the embedded data has a duplicate record).
        marks = ",".join("?" * len(products))
        contents = _rows(
            db,
            "SELECT DISTINCT set_code, title_key FROM card "
            f"WHERE era = 'LCG' AND set_code IN ({marks})",
            products,
        )
        for code, key in contents:
            copies = overrides.get((code, key), overrides.get((code, ""), printed_copies(code)))
            counts[key] += products[code] * copies
    for key, count in _rows(db, "SELECT title_key, count FROM collection_card"):
        counts[key] += count
    return {key: n for key, n in counts.items() if n > 0}


def reserved_counts(*, session, exclude: str | None = None) -> dict[str, int]:
    """title_key -> copies reserved by built decks (except the deck named ``exclude``)."""
    rows = _rows(
        _driver(session),
        "SELECT c.title_key, c.count FROM built_deck_card c JOIN built_deck d ON d.id = c.deck_id "
        "WHERE d.name IS NOT ?",
        [exclude],
    )
    counts: Counter[str] = Counter()
    for key, count in rows:
        counts[key] += count
    return dict(counts)


def available_counts(*, session, exclude: str | None = None) -> dict[str, int]:
    """title_key -> copies owned and not reserved by a built deck (other than ``exclude``)."""
    owned = owned_counts(session=session)
    reserved = reserved_counts(session=session, exclude=exclude)
    available = {key: n - reserved.get(key, 0) for key, n in owned.items()}
    return {key: n for key, n in available.items() if n > 0}


@dataclass
class MissingCard:
    title: str
    need: int
    have: int

    def to_json(self) -> dict:
        return {"title": self.title, "need": self.need, "have": self.have}


@dataclass
class BuildCheck:
    deck: str
    missing: list[MissingCard]
    cards: int  # copies the deck needs in all

    @property
    def buildable(self) -> bool:
        return not self.missing

    def to_json(self) -> dict:
        return {
            "deck": self.deck,
            "buildable": self.buildable,
            "cards": self.cards,
            "missing": [m.to_json() for m in self.missing],
        }


def deck_needs(deck: Deck) -> dict[str, tuple[str, int]]:
    """title_key -> (title, copies) over the draw and story decks."""
    needs: dict[str, tuple[str, int]] = {}
    for entry in [*deck.draw, *deck.story]:
        key = title_key(entry.card.title)
        title, count = needs.get(key, (entry.card.title, 0))
        needs[key] = (title, count + entry.count)
    return needs


def missing_for(deck: Deck, *, session) -> BuildCheck:
    """What the collection lacks to build the deck, not counting the deck's own reservation."""
    needs = deck_needs(deck)
    have = available_counts(session=session, exclude=deck.name.strip())
    missing = [
        MissingCard(title, need, have.get(key, 0))
        for key, (title, need) in needs.items()
        if need > have.get(key, 0)
    ]
    missing.sort(key=lambda m: m.title.lower())
    return BuildCheck(deck.name.strip(), missing, sum(n for _t, n in needs.values()))


def build(deck: Deck, *, session, force: bool = False) -> BuildCheck:
    """Mark the deck built: reserve a snapshot of its cards under its name (building again
    refreshes the snapshot). Unless ``force``, nothing is saved when cards are missing."""
    from sqlmodel import delete, select

    from card_db.models import BuiltDeck, BuiltDeckCard

    name = deck.name.strip()
    if not name:
        raise CollectionError("the deck has no name")
    needs = deck_needs(deck)
    if not needs:
        raise CollectionError(f"deck {name!r} has no cards")
    check = missing_for(deck, session=session)
    if not check.buildable and not force:
        return check
    titles = _canonical_titles(needs, session=session)
    row = session.exec(select(BuiltDeck).where(BuiltDeck.name == name)).first()
    if row is None:
        row = BuiltDeck(name=name)
    else:
        session.exec(delete(BuiltDeckCard).where(BuiltDeckCard.deck_id == row.id))
        row.built_at = datetime.now(UTC)
    session.add(row)
    session.flush()
    for key, (title, count) in needs.items():
        session.add(
            BuiltDeckCard(deck_id=row.id, title_key=key, title=titles.get(key, title), count=count)
        )
    session.flush()
    return check


def unbuild(name: str, *, session) -> None:
    """Release a built deck's reservation."""
    from sqlmodel import delete, select

    from card_db.models import BuiltDeck, BuiltDeckCard

    row = session.exec(select(BuiltDeck).where(BuiltDeck.name == name.strip())).first()
    if row is None:
        built = [d.name for d in list_built(session=session)]
        known = f"; built decks: {', '.join(built)}" if built else "; no deck is built"
        raise CollectionError(f"no built deck is named {name!r}{known}")
    session.exec(delete(BuiltDeckCard).where(BuiltDeckCard.deck_id == row.id))
    session.delete(row)
    session.flush()


@dataclass
class BuiltDeckInfo:
    name: str
    built_at: datetime | None
    cards: dict[str, int] = field(default_factory=dict)  # title -> copies reserved

    @property
    def count(self) -> int:
        return sum(self.cards.values())


def list_built(*, session) -> list[BuiltDeckInfo]:
    """The built decks with their reserved cards, by name. ``session`` may also be a plain
    sqlite3 connection."""
    db = _driver(session)
    decks = {
        deck_id: BuiltDeckInfo(name, _timestamp(built_at))
        for deck_id, name, built_at in _rows(db, "SELECT id, name, built_at FROM built_deck")
    }
    for deck_id, title, count in _rows(
        db, "SELECT deck_id, title, count FROM built_deck_card ORDER BY title"
    ):
        decks[deck_id].cards[title] = count
    return sorted(decks.values(), key=lambda d: d.name.lower())


def _timestamp(value) -> datetime | None:
    if isinstance(value, datetime) or value is None:
        return value
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


# --- the whole collection --------------------------------------------------------------------


@dataclass
class CollectionSummary:
    products: list[tuple[SetInfo, int]]
    adjustments: list[tuple[str, int]]  # (title, count)
    copies: list[tuple[SetInfo, str, int]]  # (product, title or "", copies)
    built: list[BuiltDeckInfo]
    cards: int  # copies owned in all
    titles: int  # distinct titles owned
    reserved: int
    available: int

    def to_json(self) -> dict:
        return {
            "products": [
                {"code": s.code, "name": s.name, "count": n, "copies_each": printed_copies(s.code)}
                for s, n in self.products
            ],
            "cards": self.cards,
            "titles": self.titles,
            "reserved": self.reserved,
            "available": self.available,
            "adjustments": [{"title": t, "count": n} for t, n in self.adjustments],
            "copies": [
                {"product": s.code, "title": t or None, "copies": n} for s, t, n in self.copies
            ],
            "built": [{"name": d.name, "cards": d.count} for d in self.built],
        }


def summary(*, session) -> CollectionSummary:
    """The whole collection. ``session`` may also be a plain sqlite3 connection."""
    db = _driver(session)
    by_code = {s.code: s for s in PRODUCTS}
    products = [
        (by_code[code], count)
        for code, count in _rows(db, "SELECT product, count FROM collection_product")
        if code in by_code
    ]
    copies = [
        (by_code[code], title, n)
        for code, title, n in _rows(db, "SELECT product, title, copies FROM collection_copies")
        if code in by_code
    ]
    adjustments = _rows(db, "SELECT title, count FROM collection_card")
    owned = owned_counts(session=db)
    reserved = reserved_counts(session=db)
    available = available_counts(session=db)
    return CollectionSummary(
        products=sorted(products, key=lambda p: p[0].order),
        adjustments=sorted(adjustments, key=lambda a: a[0].lower()),
        copies=sorted(copies, key=lambda c: (c[0].order, c[1])),
        built=list_built(session=db),
        cards=sum(owned.values()),
        titles=len(owned),
        reserved=sum(reserved.values()),
        available=sum(available.values()),
    )


# --- CSV backup ------------------------------------------------------------------------------
# One row per fact, columns kind,name,title,count:
#   product,<code>,,<products owned>      copies,<code>,<title or empty>,<copies per product>
#   card,,<title>,<adjustment>            built,<deck name>,<title>,<copies reserved>


CsvRow = tuple[str, str, str, int]


def export_rows(*, session) -> list[CsvRow]:
    """Everything the collection holds, in a stable order."""
    info = summary(session=session)
    rows: list[CsvRow] = [("product", s.code, "", n) for s, n in info.products]
    rows += [("copies", s.code, t, n) for s, t, n in info.copies]
    rows += [("card", "", t, n) for t, n in info.adjustments]
    for deck in info.built:
        rows += [("built", deck.name, t, n) for t, n in deck.cards.items()]
    return rows


def format_csv(rows: Iterable[CsvRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)  # the default "\r\n" line ends make csv quote a lone "\r"
    writer.writerow(CSV_HEADER)
    writer.writerows(rows)
    return out.getvalue()


def write_csv(path: str | Path, rows: Iterable[CsvRow]) -> None:
    """Write the file whole or not at all (a crash leaves any old file as it was)."""
    path = Path(path)
    text = format_csv(rows)
    temp = None
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # mkstemp's 0600 would surprise a backup's reader
        os.replace(temp, path)
    except OSError as exc:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)
        raise CollectionError(f"cannot write {path}: {exc.strerror}") from None


def parse_csv(
    text: str, *, where: str = "<csv>", resolve: Callable[[str], str] | None = None
) -> list[CsvRow]:
    """Rows of a collection CSV, checked; titles go through ``resolve`` (to their canonical
    spelling, raising UnknownCardError). Errors name ``where`` and the line."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    rows: list[CsvRow] = []
    seen: dict[tuple[str, str, str], int] = {}
    try:
        header = next(reader)
    except StopIteration:
        header_text = ",".join(CSV_HEADER)
        raise CollectionError(f"{where}: empty file; expected the header {header_text}") from None
    except csv.Error as exc:
        raise CollectionError(f"{where}: line 1: {exc}") from None
    if tuple(h.strip().lower() for h in header) != CSV_HEADER:
        raise CollectionError(f"{where}: line 1: the header must be {','.join(CSV_HEADER)}")
    while True:
        line = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise CollectionError(f"{where}: line {line}: {exc}") from None
        if not record or all(not cell.strip() for cell in record):
            continue
        try:
            row = _parse_row(record, resolve)
        except UnknownCardError as exc:
            raise UnknownCardError(f"{where}: line {line}: {exc}", exc.suggestions) from None
        except DeckbuilderError as exc:
            raise CollectionError(f"{where}: line {line}: {exc}") from None
        identity = (row[0], row[1] if row[0] != "card" else "", title_key(row[2]))
        if identity in seen:
            raise CollectionError(
                f"{where}: line {line}: repeats line {seen[identity]} ({row[0]} {row[1]} {row[2]})"
            )
        seen[identity] = line
        rows.append(row)
    return rows


def _parse_row(record: list[str], resolve: Callable[[str], str] | None) -> CsvRow:
    if len(record) != len(CSV_HEADER):
        raise CollectionError(f"expected {len(CSV_HEADER)} cells, found {len(record)}")
    kind, name, title, count_text = (cell.strip() for cell in record)
    kind = kind.lower()
    if kind not in CSV_KINDS:
        raise CollectionError(f"unknown kind {kind!r} (one of {', '.join(CSV_KINDS)})")
    try:
        count = int(count_text)
    except ValueError:
        raise CollectionError(f"count {count_text!r} is not a whole number") from None
    if kind in ("product", "copies"):
        name = find_product(name).code
    if kind == "built" and not name:
        raise CollectionError("a built row needs the deck name")
    if kind == "product" and title:
        raise CollectionError("a product row has no title")
    if kind in ("card", "built") and not title:
        raise CollectionError(f"a {kind} row needs a title")
    if title and resolve is not None:
        title = resolve(title)
    if kind == "card" and name:
        raise CollectionError("a card row has no name (put the title in the title column)")
    if kind in ("product", "built") and count <= 0:
        raise CollectionError(f"count must be 1 or more, not {count}")
    if kind == "copies" and count < 0:
        raise CollectionError(f"copies must be 0 or more, not {count}")
    if kind == "card" and count == 0:
        raise CollectionError("an adjustment of 0 changes nothing; leave the line out")
    return kind, name, title, count


def read_csv(path: str | Path, *, resolve: Callable[[str], str] | None = None) -> list[CsvRow]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CollectionError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise CollectionError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CollectionError(f"{path}: {exc.strerror}") from None
    return parse_csv(text, where=str(path), resolve=resolve)


def replace_all(rows: Iterable[CsvRow], *, session) -> None:
    """Make the collection exactly ``rows`` (as checked by ``parse_csv``), in the caller's
    transaction: a failure part-way leaves the saved collection as it was."""
    from sqlmodel import delete

    from card_db.models import (
        BuiltDeck,
        BuiltDeckCard,
        CardAdjustment,
        OwnedProduct,
        ProductCopies,
    )

    for table in (BuiltDeckCard, BuiltDeck, ProductCopies, CardAdjustment, OwnedProduct):
        session.exec(delete(table))
    session.flush()
    decks: dict[str, BuiltDeck] = {}
    for kind, name, title, count in rows:
        if kind == "product":
            session.add(OwnedProduct(product=find_product(name).code, count=count))
        elif kind == "copies":
            set_copies(name, count, title=title or None, session=session)
        elif kind == "card":
            key, canonical = _known_title(title, session=session)
            session.add(CardAdjustment(title_key=key, title=canonical, count=count))
        else:
            if name not in decks:
                decks[name] = BuiltDeck(name=name)
                session.add(decks[name])
                session.flush()
            key, canonical = _known_title(title, session=session)
            session.add(
                BuiltDeckCard(deck_id=decks[name].id, title_key=key, title=canonical, count=count)
            )
    session.flush()
