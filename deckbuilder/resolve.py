"""From the way a deck file or a list spells a card to one printing in the pool.

Every deck format and every legality list resolves names here, so a title is matched the
same way everywhere: exact first (case, accents, punctuation and OCTGN markers ignored),
then a near-certain fuzzy match (one candidate, a tiny difference) with a warning, and
otherwise an ``UnknownCardError`` carrying the closest titles. Nothing is ever guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from card_db.card import Card
from card_db.errors import UnknownCardError
from card_db.names import title_key
from card_db.pool import CardPool

# A printing as players and the FAQ write it: "Core Set", "SoA", "Dreamlands F117",
# "Core F30", "The Shifting Sands 010b".
_PRINTING_NUMBER = re.compile(r"^(?P<where>.*?)\s*(?:F|#)?(?P<number>\d+[a-z]?)$", re.I)
_NUMBER = re.compile(r"^0*(\d+)([a-z]?)$", re.I)

# Fuzzy matches tolerate one edit (a transposed, missing, extra or wrong letter) on titles
# long enough for one edit to be unambiguous, and only when no other title is within two.
_MIN_FUZZY_KEY = 6
_NEAR_DISTANCE = 1
_CLEAR_DISTANCE = 2


class PrintingNote(str):
    """A warning that only says which printing a title given without a set resolved to.
    Readers that count by title (the collection) leave these out; the others show them."""


def located(warning: str, where: str) -> str:
    """The warning prefixed with where it arose, keeping its kind."""
    return type(warning)(f"{where}: {warning}")


@dataclass
class Resolved:
    card: Card
    warnings: list[str] = field(default_factory=list)


def number_key(number: str) -> str:
    """Collector numbers compare without leading zeros or an "F" prefix: "030" == "F30"."""
    number = number.strip().lstrip("Ff#")
    match = _NUMBER.match(number)
    return f"{int(match.group(1))}{match.group(2).lower()}" if match else number.lower()


def _where_matches(card: Card, where_key: str) -> bool:
    return where_key in (
        title_key(card.set_name),
        title_key(card.set_code),
        title_key(card.cycle or ""),
    )


def printings_matching(printings: list[Card], spec: str) -> list[Card]:
    """The printings a spec such as "Core Set", "Dreamlands F117" or "TSB-010b" names."""
    spec = spec.strip()
    by_id = [c for c in printings if c.id.lower() == spec.lower()]
    if by_id:
        return by_id
    found = [c for c in printings if _where_matches(c, title_key(spec))]
    if found:
        return found
    match = _PRINTING_NUMBER.match(spec)
    if match and match.group("where"):
        where, number = title_key(match.group("where")), number_key(match.group("number"))
        return [c for c in printings if _where_matches(c, where) and number_key(c.number) == number]
    return []


class Resolver:
    """Resolves titles against one pool; cheap to create, caches its fuzzy index."""

    def __init__(self, pool: CardPool):
        self.pool = pool
        self._keys: list[str] | None = None

    def _near_certain(self, key: str) -> str | None:
        """The one title key a tiny edit away from ``key``, if exactly one is."""
        if len(key) < _MIN_FUZZY_KEY:
            return None
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        if self._keys is None:
            self._keys = list(self.pool.by_title)
        found = process.extract(
            key, self._keys, scorer=OSA.distance, score_cutoff=_CLEAR_DISTANCE, limit=3
        )
        if len(found) == 1 and found[0][1] <= _NEAR_DISTANCE:
            return found[0][0]
        return None

    def title_printings(self, text: str) -> tuple[list[Card], list[str]]:
        """Every printing of the title ``text`` names, newest LCG first, plus warnings
        (a fuzzy match); raises UnknownCardError with suggestions."""
        printings = self.pool.printings(text)
        if printings:
            return printings, []
        # "Title, Descriptor" as some deck sites write it (but "Broken Space, Broken Time"
        # is a title: the whole text was tried first).
        head, sep, tail = text.rpartition(",")
        if sep:
            printings = [
                c
                for c in self.pool.printings(head)
                if c.descriptor and title_key(c.descriptor) == title_key(tail)
            ]
            if printings:
                return printings, []
        near = self._near_certain(title_key(text))
        if near is not None:
            printings = self.pool.by_title[near]
            return printings, [f'"{text.strip()}" read as "{printings[0].title}"']
        suggestions = self.pool.closest_titles(text)
        hint = f" (closest: {', '.join(suggestions)})" if suggestions else ""
        raise UnknownCardError(f'unknown card "{text.strip()}"{hint}', suggestions)

    def resolve(self, text: str, printing: str | None = None) -> Resolved:
        """One printing for a title and an optional printing spec ("Core Set", "Core F30")."""
        printings, warnings = self.title_printings(text)
        if printing:
            chosen = printings_matching(printings, printing)
            if not chosen:
                known = ", ".join(f"{c.set_name} {c.number}" for c in printings)
                raise UnknownCardError(
                    f'"{printings[0].title}" has no printing "{printing}" (printings: {known})',
                    [printings[0].title],
                )
            printings = chosen
        if len(printings) > 1:
            card = printings[0]
            warnings.append(
                PrintingNote(
                    f'"{card.title}" has {len(printings)} printings; using {card.set_name} '
                    f"{card.number} ({card.era}), the newest"
                )
            )
        return Resolved(printings[0], warnings)
