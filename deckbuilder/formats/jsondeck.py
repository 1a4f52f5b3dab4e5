"""The project's own JSON deck: lossless (printing ids, format, list, sections)."""

from __future__ import annotations

import json

from deckbuilder.deck import MAX_COPIES, Deck
from deckbuilder.formats.reading import (
    DeckFileError,
    EntryReader,
    decode_text,
    refuse_lone_surrogates,
)

KIND = "deckbuilder-deck"
VERSION = 1


def parse(data: bytes, pool, *, name: str, source: str) -> Deck:
    text, warnings = decode_text(data, source)
    try:
        document = json.loads(text)
        refuse_lone_surrogates(json.dumps(document, ensure_ascii=False), source)
    except (ValueError, RecursionError) as exc:  # ValueError: also a 5,000-digit number
        raise DeckFileError(f"{source}: not valid JSON: {exc}") from None
    if not isinstance(document, dict) or document.get("kind") != KIND:
        raise DeckFileError(f'{source}: not a deckbuilder deck (no "kind": "{KIND}")')
    deck = Deck(
        name=_text(document.get("name"), source, "name") or name,
        format=_text(document.get("format"), source, "format"),
        list_id=_text(document.get("list"), source, "list"),
        notes=_text(document.get("notes"), source, "notes") or "",
        warnings=warnings,
    )
    reader = EntryReader(deck, pool, source)
    for section in ("draw", "story"):
        entries = document.get(section, [])
        if not isinstance(entries, list):
            raise DeckFileError(f'{source}: "{section}" must be a list')
        for position, item in enumerate(entries, start=1):
            label = f"{section} entry {position}"
            if not isinstance(item, dict):
                raise DeckFileError(f"{source}: {label} must be an object")
            count, title, card_id = item.get("count"), item.get("title"), item.get("id")
            if type(count) is not int or not 1 <= count <= MAX_COPIES:
                raise DeckFileError(
                    f"{source}: {label}: count must be a number from 1 to {MAX_COPIES}"
                )
            card = pool.by_id.get(card_id) if isinstance(card_id, str) else None
            title = title if isinstance(title, str) else None
            reader.add(card, title, count, section=section, label=label, ident=card_id)
    return reader.finish()


def _text(value, source: str, key: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise DeckFileError(f'{source}: "{key}" must be text')


def _entries(entries) -> list[dict]:
    return [{"id": e.card.id, "title": e.card.title, "count": e.count} for e in entries]


def to_document(deck: Deck) -> dict:
    return {
        "kind": KIND,
        "version": VERSION,
        "name": deck.name,
        "format": deck.format,
        "list": deck.list_id,
        "notes": deck.notes,
        "draw": _entries(deck.draw),
        "story": _entries(deck.story),
    }


def dump(deck: Deck) -> str:
    return json.dumps(to_document(deck), ensure_ascii=False, indent=2) + "\n"
