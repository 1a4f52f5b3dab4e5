"""Unsaved work kept safe: the app writes the deck being edited to a recovery file every few
seconds and when it is told to stop (SIGTERM, SIGHUP); the next start offers it back. The
file sits in the user data folder and goes away once the deck is saved or its changes are
discarded.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from card_db.errors import DeckbuilderError
from deckbuilder.deck import Deck

FILE_NAME = "unsaved-deck.json"


@dataclass
class Recovered:
    deck: Deck
    saved_name: str | None  # the saved deck it was edited from
    deck_path: Path | None  # the file it was read from or saved to
    written_at: float  # seconds since the epoch


def recovery_path() -> Path:
    from card_db.paths import user_data_dir

    return Path(user_data_dir()) / FILE_NAME


def save(
    deck: Deck,
    *,
    saved_name: str | None,
    deck_path: Path | None,
) -> None:
    """Write the deck to the recovery file, atomically (a kill midway keeps the old one)."""
    from deckbuilder.formats import jsondeck

    document = {
        "deck": json.loads(jsondeck.dump(deck)),
        "saved_name": saved_name,
        "deck_path": str(deck_path) if deck_path else None,
        "origin": deck.origin[0] if deck.origin else None,
        "written_at": time.time(),
    }
    path = recovery_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(document, file, ensure_ascii=False)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def load(pool) -> Recovered | None:
    """The unsaved deck the last run left, or None (none, or a file that cannot be read:
    it is then left where it is for a person to look at)."""
    from deckbuilder.formats import jsondeck

    path = recovery_path()
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        data = json.dumps(document["deck"]).encode("utf-8")
        deck = jsondeck.parse(data, pool, name=document["deck"].get("name", "recovered"),
                              source=str(path))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError, AttributeError, DeckbuilderError):
        return None
    deck_path = Path(document["deck_path"]) if document.get("deck_path") else None
    if deck_path is not None and document.get("origin") and deck_path.exists():
        try:  # what the original file holds beyond the deck, for writing it back
            deck.origin = (document["origin"], deck_path.read_bytes())
        except OSError:
            pass
    return Recovered(deck, document.get("saved_name"), deck_path, document.get("written_at", 0))


def clear() -> None:
    try:
        recovery_path().unlink()
    except FileNotFoundError:
        pass
