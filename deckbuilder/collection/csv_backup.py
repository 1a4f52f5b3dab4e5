"""The collection as a CSV file, one row per fact, readable and editable by players:

    kind,name,title,descriptor,card,count
    product,Core,,,,2                              products owned
    copies,TSotS,,,,2                              copies of each card per product
    copies,TSotS,Dagon,Deep One,Core-033,1         ... or of one card
    card,,Carl Stanford,Deathless Fanatic,Core-021,1   single cards bought (+) or lost (-)
    built,My deck,Paul LeMond,,Core-030,2          copies a built deck reserves

The card column (a card id) says which card a row is; a hand-written row may leave it empty
and give the title (with the descriptor when the title names several cards). Files from
before cards had ids (kind,name,title,count) are read too, as long as each title names one
card; a title that names several is an error naming them.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from card_db.errors import DeckbuilderError, UnknownCardError
from deckbuilder.collection.cards import (
    card_names,
    check_count,
    known_card,
    parse_count,
    resolve_card,
)
from deckbuilder.collection.changes import set_copies
from deckbuilder.collection.errors import CollectionError
from deckbuilder.collection.overview import summary
from deckbuilder.collection.products import find_product
from deckbuilder.collection.reservations import reserve
from deckbuilder.collection.sql import connection_of

if TYPE_CHECKING:
    from card_db.card import Card
    from card_db.pool import CardPool

CSV_HEADER = ("kind", "name", "title", "descriptor", "card", "count")
OLD_CSV_HEADER = ("kind", "name", "title", "count")
CSV_KINDS = ("product", "copies", "card", "built")

# (kind, name, title, descriptor, card id, count): one row of the file.
CsvRow = tuple[str, str, str, str, str, int]


def export_rows(*, session) -> list[CsvRow]:
    """Everything the collection holds, in a stable order."""
    db = connection_of(session)
    info = summary(session=db)
    rows: list[CsvRow] = [("product", s.code, "", "", "", n) for s, n in info.products]
    for c in info.copies:
        title, descriptor = (c.name.title, c.name.descriptor) if c.name else ("", "")
        rows.append(("copies", c.product.code, title, descriptor, c.card_id, c.copies))
    rows += [
        ("card", "", a.name.title, a.name.descriptor, a.card_id, a.count) for a in info.adjustments
    ]
    for deck in info.built:
        names = card_names(db, deck.cards)
        for card_id, n in deck.cards.items():
            name = names.get(card_id)
            title, descriptor = (
                (name.title, name.descriptor) if name else (deck.titles[card_id], "")
            )
            rows.append(("built", deck.name, title, descriptor, card_id, n))
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
    text: str, *, pool: CardPool, where: str = "<csv>", warnings: list[str] | None = None
) -> list[CsvRow]:
    """Rows of a collection CSV, checked, each card named as the pool names it. Errors name
    ``where`` and the line."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    rows: list[CsvRow] = []
    seen: dict[tuple[str, str, str], int] = {}
    try:
        header = tuple(h.strip().lower() for h in next(reader))
    except StopIteration:
        header_text = ",".join(CSV_HEADER)
        raise CollectionError(f"{where}: empty file; expected the header {header_text}") from None
    except csv.Error as exc:
        raise CollectionError(f"{where}: line 1: {exc}") from None
    if header not in (CSV_HEADER, OLD_CSV_HEADER):
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
            row = _parse_row(dict(_cells(header, record)), pool, warnings)
        except UnknownCardError as exc:
            raise UnknownCardError(f"{where}: line {line}: {exc}", exc.suggestions) from None
        except DeckbuilderError as exc:
            raise CollectionError(f"{where}: line {line}: {exc}") from None
        identity = (row[0], row[1] if row[0] != "card" else "", row[4])
        if identity in seen:
            what = " ".join(part for part in (row[0], row[1], row[2]) if part)
            raise CollectionError(f"{where}: line {line}: repeats line {seen[identity]} ({what})")
        seen[identity] = line
        rows.append(row)
    return rows


def _delimiter(text: str) -> str:
    """Commas, or what the header line holds instead: spreadsheets save "Unicode text" with
    tabs, and in locales with a decimal comma, CSV with semicolons."""
    header = text.split("\n", 1)[0]
    return next((d for d in (",", "\t", ";") if d in header), ",")


def _cells(header: tuple[str, ...], record: list[str]):
    if len(record) != len(header):
        raise CollectionError(f"expected {len(header)} cells, found {len(record)}")
    return zip(header, (cell.strip() for cell in record), strict=True)


def _parse_row(cells: dict[str, str], pool: CardPool, warnings: list[str] | None) -> CsvRow:
    kind, name = cells["kind"].lower(), cells["name"]
    title, descriptor, card_id = cells["title"], cells.get("descriptor", ""), cells.get("card", "")
    if kind not in CSV_KINDS:
        raise CollectionError(f"unknown kind {kind!r} (one of {', '.join(CSV_KINDS)})")
    count = parse_count(cells["count"])
    within = None
    if kind in ("product", "copies"):
        name = find_product(name).code
        within = {c.card_id for c in pool.cards if c.era == "LCG" and c.set_code == name}
    if kind == "built" and not name:
        raise CollectionError("a built row needs the deck name")
    if kind == "product" and (title or card_id):
        raise CollectionError("a product row has no title")
    if kind in ("card", "built") and not (title or card_id):
        raise CollectionError(f"a {kind} row needs a title")
    if kind == "card" and name:
        raise CollectionError("a card row has no name (put the title in the title column)")
    if kind in ("product", "built") and count <= 0:
        raise CollectionError(f"count must be 1 or more, not {count}")
    if kind == "copies" and count < 0:
        raise CollectionError(f"copies must be 0 or more, not {count}")
    if kind == "card" and count == 0:
        raise CollectionError("an adjustment of 0 changes nothing; leave the line out")
    if not (title or card_id):
        return kind, name, "", "", "", count
    card = _card(title, descriptor, card_id, pool, within, warnings)
    return kind, name, card.title, card.descriptor or "", card.card_id, count


def _card(
    title: str,
    descriptor: str,
    card_id: str,
    pool: CardPool,
    within: set[str] | None,
    warnings: list[str] | None,
) -> Card:
    from card_db.names import title_key

    if not card_id:
        return resolve_card(
            title, pool=pool, descriptor=descriptor, within=within, warnings=warnings
        )
    printing = pool.by_id.get(card_id)
    if printing is None:
        raise CollectionError(f"unknown card id {card_id!r}")
    card = pool.card(printing.card_id) or printing
    if title and title_key(title) not in (title_key(card.title), title_key(card.full_title)):
        raise CollectionError(f'card {card_id} is "{card.full_title}", not "{title}"')
    return card


def read_csv(
    path: str | Path, *, pool: CardPool, warnings: list[str] | None = None
) -> list[CsvRow]:
    text, _encoding = read_csv_text(path)
    return parse_csv(text, pool=pool, where=str(path), warnings=warnings)


def read_csv_text(path: str | Path) -> tuple[str, str]:
    """The file's text and the name of the encoding it was read as (see text_encoding)."""
    from deckbuilder.text_encoding import TextEncodingError, decode

    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CollectionError(f"{path}: no such file") from None
    except OSError as exc:
        raise CollectionError(f"{path}: {exc.strerror}") from None
    try:
        return decode(data)
    except TextEncodingError as exc:
        raise CollectionError(f"{path}: {exc}") from None


def replace_all(rows: Iterable[CsvRow], *, session) -> None:
    """Make the collection exactly ``rows`` (as checked by ``parse_csv``), in the caller's
    write transaction: a failure part-way leaves the saved collection as it was."""
    db = connection_of(session, write=True)
    for table in (
        "built_deck_card",
        "built_deck",
        "collection_copies",
        "collection_card",
        "collection_product",
    ):
        db.execute(f"DELETE FROM {table}")
    decks: dict[str, dict[str, tuple[str, int]]] = {}
    for kind, name, _title, _descriptor, card, count in rows:
        check_count(count)
        if kind == "product":
            db.execute(
                "INSERT INTO collection_product (product, count) VALUES (?, ?)",
                (find_product(name).code, count),
            )
        elif kind == "copies":
            set_copies(name, count, card=card or None, session=db)
        elif kind == "card":
            card_id, stored = known_card(db, card)
            db.execute(
                "INSERT INTO collection_card (card_id, title, count) VALUES (?, ?, ?)",
                (card_id, stored, count),
            )
        else:
            card_id, stored = known_card(db, card)
            decks.setdefault(name, {})[card_id] = (stored, count)
    for name, cards in decks.items():
        reserve(db, name, cards)
