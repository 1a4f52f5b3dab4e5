"""The OCTGN card GUIDs the project ships, so `.o8d` decks resolve exactly on a fresh install.

``card_db/data/octgn_ids.json`` maps each printing id to its OCTGN GUID. It is generated from
OCTGN set XML by ``python -m card_db.importers.build_octgn_table path/to/o8g/Sets``, which
runs the same matching as ``db import``, so the table and an import of the same sets always
agree. This module only reads it: loading the embedded data uses it, below the database
layer.
"""

from __future__ import annotations

import json
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "data" / "octgn_ids.json"


def shipped_octgn_ids() -> dict[str, str]:
    """Printing id -> OCTGN GUID, as shipped."""
    try:
        document = json.loads(TABLE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return document["cards"]


def apply_shipped_octgn_ids(connection) -> None:
    """Give the known printings their shipped GUIDs, in the caller's transaction."""
    from card_db.importers.upsert import patch_cards

    patch_cards(connection, {pid: {"octgn_id": guid} for pid, guid in shipped_octgn_ids().items()})
