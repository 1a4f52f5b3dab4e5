"""Plain-text decks: ``3x Title``, ``3 Title``, ``Title x3`` or ``Title``, an optional
``(Set)`` after the title, ``#`` comments, ignored section headers such as
``Characters (24)``, a ``Name:`` line and a ``Story Deck:`` section."""

from __future__ import annotations

import re

from card_db.errors import UnknownCardError
from card_db.names import title_key
from deckbuilder.deck import Deck
from deckbuilder.formats.reading import (
    DeckFileError,
    UnknownCards,
    decode_text,
    unknown_cards_error,
)
from deckbuilder.resolve import MAX_NAME, DeckReading, Resolver

_COUNT_FIRST = re.compile(r"^(?P<count>\d{1,3})\s*[x×*]?\s+(?P<rest>\S.*)$", re.I)
_COUNT_LAST = re.compile(r"^(?P<rest>.*\S)\s+[x×*]\s*(?P<count>\d{1,3})$", re.I)
_PRINTING = re.compile(r"^(?P<title>.*?)\s*\((?P<printing>[^()]*)\)$")
# "#" starts a comment at the start of a line or after a space when a space or the end of
# the line follows ("Experiment Subject #613b" is a title).
_COMMENT = re.compile(r"(^|\s)#(\s.*)?$")
_HEADER_COUNT = re.compile(r"^[^\d()][^()]*\(\s*\d+\s*\)\s*:?$")
_KEY_VALUE = re.compile(r"^(?P<key>name|deck|story deck|draw deck)\s*:\s*(?P<value>.*)$", re.I)
_HEADER_WORDS = {
    title_key(w)
    for w in (
        "Characters", "Character", "Supports", "Support", "Events", "Event", "Conspiracies",
        "Conspiracy", "Stories", "Story", "Draw deck", "Deck", "Main deck", "Cards",
    )
}  # fmt: skip
# "Characters: 24", "Total 50", "Deck size: 52 cards": counts, not cards.
_COUNT_LINE = re.compile(r"^(?P<words>[a-z][a-z ]*?)\s*(?::\s*|\s)\d+(?:\s*cards?)?$", re.I)
_COUNT_WORDS = _HEADER_WORDS | {title_key(w) for w in ("Total", "Total cards", "Deck size")}
_STORY_HEADERS = {title_key("Story deck"), title_key("Stories"), title_key("Story")}
# Forum list bullets: "- 3x Title", "• 3x Title", "* 3x Title" ("* Title" is also OCTGN's
# unique marker, which title matching ignores anyway).
_BULLET = re.compile(r"^[-\u2022\u00b7*+]\s+")
# No card line is anywhere near this long; longer lines are refused before any pattern or
# suggestion search runs on them, so reading stays linear in the file's size.
MAX_LINE = MAX_NAME + 20


def _entry(line: str) -> list[tuple[int, str]]:
    """The readings of a card line, most likely first: (count, title and printing)."""
    readings = []
    for pattern in (_COUNT_FIRST, _COUNT_LAST):
        match = pattern.match(line)
        if match:
            readings.append((int(match.group("count")), match.group("rest").strip()))
    readings.append((1, line))  # "607 Walter Street" is a title, not 607 copies
    return readings


def _split_printing(text: str) -> tuple[str, str | None]:
    match = _PRINTING.match(text)
    if match and match.group("title"):
        return match.group("title").strip(), match.group("printing").strip() or None
    return text, None


def parse(data: bytes, pool, *, name: str, source: str) -> Deck:
    text, warnings = decode_text(data, source)
    deck = Deck(name=name, warnings=warnings)
    reading = DeckReading(deck, Resolver(pool))
    section = "draw"
    unknown = UnknownCards(source)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            unknown.append((number, f"line of {len(line):,} characters is not a card", []))
            continue
        line = _BULLET.sub("", _COMMENT.sub("", line).strip())
        if not line:
            continue
        key_value = _KEY_VALUE.match(line)
        if key_value:
            key = title_key(key_value.group("key"))
            if key in ("name", "deck"):
                deck.name = key_value.group("value").strip() or deck.name
            else:
                section = "story" if key == title_key("story deck") else "draw"
            continue
        count_line = _COUNT_LINE.match(line)
        if count_line and title_key(count_line.group("words")) in _COUNT_WORDS:
            continue
        bare = line.rstrip(":").strip()
        if line.endswith(":") or _HEADER_COUNT.match(line) or title_key(bare) in _HEADER_WORDS:
            header = title_key(bare.split("(")[0])
            if header in _STORY_HEADERS:
                section = "story"
            elif header in _HEADER_WORDS:
                section = "draw"
            continue
        readings = _entry(line)
        chosen = next(
            (r for r in readings if pool.printings(_split_printing(r[1])[0])), readings[0]
        )
        count, rest = chosen
        title, printing = _split_printing(rest)
        if count < 1:
            unknown.append((number, f"{count} copies of {title!r}", []))
            continue
        try:
            reading.add_line(
                title, printing, count, section=section, where=f"{source} line {number}"
            )
        except UnknownCardError as exc:
            unknown.append((number, str(exc), exc.suggestions))
    if unknown:
        raise unknown_cards_error(source, unknown)
    reading.finish()
    if not deck.draw and not deck.story:
        raise DeckFileError(f"{source}: no cards found")
    return deck


def _line(entry) -> str:
    # The printing id, which names one printing whatever its number looks like ("c45",
    # "010b") and whichever era shares its set name and number (SM1-019 and SoM-019).
    return f"{entry.count}x {entry.card.title} ({entry.card.id})"


def dump(deck: Deck) -> str:
    lines = [f"Name: {deck.name}"]
    lines += [f"# {line}".rstrip() for line in deck.notes.splitlines()]  # notes as comments
    lines += [""]
    lines += [_line(e) for e in deck.draw]
    if deck.story:
        lines += ["", "Story Deck:"]
        lines += [_line(e) for e in deck.story]
    return "\n".join(lines) + "\n"
