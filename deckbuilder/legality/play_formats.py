"""Game formats (lcg, ccg, 1v2, 1v3) as data, from ``card_db/lists/formats.json``."""

from __future__ import annotations

from collections import namedtuple
from functools import cache

from deckbuilder.legality.lists import LegalityError, read_json

DEFAULT_FORMAT_ID = "lcg"


class Format(
    namedtuple(
        "Format",
        "id name min_draw_deck copy_limit conspiracy_limit card_pool apply_errata story_deck "
        "sources",
    )
):
    """id: str
    name: str
    min_draw_deck: int
    copy_limit: int
    conspiracy_limit: int
    card_pool: str  ("lcg" or "all")
    apply_errata: bool
    story_deck: dict | None
    sources: dict
    """

    __slots__ = ()


@cache
def load_formats() -> dict[str, Format]:
    return {f["id"]: Format(**f) for f in read_json("formats.json")["formats"]}


def get_format(format_id: str) -> Format:
    formats = load_formats()
    if format_id not in formats:
        raise LegalityError(f"unknown format {format_id!r} (formats: {', '.join(formats)})")
    return formats[format_id]
