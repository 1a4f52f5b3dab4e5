"""Storing a user's restricted/banned list: checked against the card pool first (every entry
must name a card), then saved in the database beside the built-in lists."""

from __future__ import annotations

import json

from deckbuilder.legality.lists import LegalityError, LegalityList, builtin_lists
from deckbuilder.legality.resolution import resolve_uncached


def add_user_list(db_path, lst: LegalityList, pool, warnings: list[str] | None = None) -> bool:
    """Store a user's list in the database after checking that every entry names a card
    (``warnings`` receives the spellings read as another title). Returns True when it
    replaced a list with the same id."""
    if lst.id in builtin_lists():
        raise LegalityError(f"{lst.id!r} is a built-in list; give your list another id")
    resolved = resolve_uncached(lst, pool, strict=True)  # unknown titles raise, listing every one
    if warnings is not None:
        warnings += resolved.warnings
    from sqlmodel import Session

    from card_db.db import prepare_database
    from card_db.models import LegalityListRow

    engine = prepare_database(db_path)
    try:
        with Session(engine) as session:
            row = session.get(LegalityListRow, lst.id)
            replaced = row is not None
            row = row or LegalityListRow(id=lst.id, name=lst.name, document="")
            row.name, row.effective, row.source = lst.name, lst.effective, lst.source
            row.document = json.dumps(lst.to_document(), ensure_ascii=False)
            session.add(row)
            session.commit()
    finally:
        engine.dispose()
    return replaced
