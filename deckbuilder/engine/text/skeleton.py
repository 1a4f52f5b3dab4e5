"""Add to the card-text files the LCG cards they lack, as entries with no abilities yet.

Each set has one file, ``<set code, lower case>.toml`` beside this module. A missing file is
created; an existing one only gains the cards it lacks (appended at its end with the draft class
"solo", for a person to review): nothing written by hand is lost.

    python -m deckbuilder.engine.text.skeleton
"""

from __future__ import annotations

import json
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def set_file(set_code: str) -> Path:
    return HERE / f"{set_code.lower()}.toml"


def _literal(text: str) -> str:
    """``text`` as a TOML literal string (multi-line when it has line breaks)."""
    if "\n" in text or "'" in text:
        if "'''" in text:
            return json.dumps(text, ensure_ascii=False)
        return "'''\n" + text + "'''" if "\n" in text else "'''" + text + "'''"
    return "'" + text + "'"


def entry(card, cls: str) -> str:
    full_title = card.title + (", " + card.descriptor if card.descriptor else "")
    lines = [
        "[[card]]",
        f"key = {json.dumps(card.card_id)}",
        f"title = {json.dumps(full_title, ensure_ascii=False)}",
        f"text = {_literal(card.text or '')}",
        f'class = "{cls}"',
    ]
    if cls != "solo":
        lines.append('reason = ""')
    return "\n".join(lines) + "\n"


def own_lcg_cards(cards):
    """The LCG cards in the order of their sets, one entry per card (its own printing)."""
    return [c for c in cards if c.era == "LCG" and c.card_id == c.id]


def main() -> int:
    from card_db.db import prepare_database
    from card_db.store import load_cards

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.sqlite"
        prepare_database(db).dispose()
        cards = own_lcg_cards(load_cards(db))
    by_set: dict[str, list] = {}
    names: dict[str, str] = {}
    for c in cards:
        by_set.setdefault(c.set_code, []).append(c)
        names[c.set_code] = c.set_name
    added = 0
    for code, members in by_set.items():
        path = set_file(code)
        known = set()
        if path.exists():
            known = {e["key"] for e in tomllib.loads(path.read_text("utf-8")).get("card", [])}
            out = path.read_text("utf-8")
        else:
            out = f"# {names[code]} ({code}): the text of each card and its abilities.\n"
            out += f'set = "{code}"\n'
        for c in members:
            if c.card_id in known:
                continue
            out += "\n" + entry(c, "solo")
            added += 1
        path.write_text(out, encoding="utf-8")
    print(f"{added} cards added over {len(by_set)} sets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
