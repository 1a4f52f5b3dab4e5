"""From the way a deck file or a list spells a card to the card it means.

Every deck format and every legality list resolves names here, so a title is matched the
same way everywhere: exact first (case, accents, punctuation and OCTGN markers ignored), then
"Title, Descriptor" / "Title - Descriptor" / "Title (Descriptor)", then a near-certain fuzzy
match (one candidate, a tiny difference, or the same words but for an article) with a
warning, and otherwise an ``UnknownCardError`` carrying the closest titles.

A title can name several cards (card_db/identity.py). ``Resolver.candidates`` returns each
card a line can mean; ``choose`` (via ``DeckReading``, which sees the whole deck) narrows them
by what the deck says: the section, the LCG pool, the deck's factions. Reprints of one card
are one candidate and never warn. Nothing is ever guessed silently: a line still ambiguous
after all that warns once, naming the candidates and how to write the line to choose.
"""

from __future__ import annotations

import re
from collections import Counter, namedtuple

from card_db.card import Card
from card_db.errors import UnknownCardError
from card_db.identity import descriptor_key
from card_db.names import search_text, title_key
from card_db.pool import CardPool

# A printing as players and the FAQ write it: "Core Set", "SoA", "Dreamlands F117",
# "Core F30", "The Shifting Sands 010b".
_PRINTING_NUMBER = re.compile(r"^(?P<where>.*?)\s*(?:F|#)?(?P<number>\d+[a-z]?)$", re.I)
_NUMBER = re.compile(r"^0*(\d+)([a-z]?)$", re.I)
# "Title, Descriptor", "Title - Descriptor", "Title: Descriptor" (the last separator wins;
# the whole text is tried as a title first: "Broken Space, Broken Time" is a title).
_DESCRIPTOR_SEPARATOR = re.compile(r"\s*(?:,|\s[-\u2013\u2014]\s|:)\s*")
_ARTICLES = {"the", "a", "an"}
# The longest title, descriptor and set name together are about 100 characters; a longer
# name is refused before fuzzy matching, whose cost grows with its length.
MAX_NAME = 200

# Suggestions cost a fuzzy search over every title: a file of junk gets them for its first
# lines only, so that reading it stays fast.
MAX_SUGGESTED = 10

# Fuzzy matches tolerate one edit (a transposed, missing, extra or wrong letter) on titles
# long enough for one edit to be unambiguous, and only when no other title is within two.
_MIN_FUZZY_KEY = 6
_NEAR_DISTANCE = 1
_CLEAR_DISTANCE = 2


def located(warning: str, where: str) -> str:
    """The warning prefixed with where it arose."""
    return f"{where}: {warning}"


# namedtuples, not dataclasses or typing.NamedTuple: importing either costs more than a
# `card` start-up's own work (see card_db/card.py).
class Resolved(namedtuple("Resolved", "card warnings")):
    """card: Card
    warnings: list[str]
    """

    __slots__ = ()


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


def _with_descriptor(printings: list[Card], descriptor: str) -> list[Card]:
    wanted = descriptor_key(descriptor)
    return [c for c in printings if wanted and descriptor_key(c.descriptor) == wanted]


def _article_free(text: str) -> str:
    return "".join(w for w in search_text(text).split() if w not in _ARTICLES)


def describe(card: Card) -> str:
    """How a player tells this card from others of its title."""
    parts = [card.descriptor] if card.descriptor else []
    parts.append(card.faction if card.type != "Story" else "story")
    if card.type not in ("Character", "Story"):
        parts.append(card.type.lower())
    parts.append(card.set_name)
    return f"{card.title} ({'; '.join(parts)})"


def how_to_choose(cards: list[Card]) -> str:
    """A line for each candidate the player can write to pick it."""
    return " or ".join(
        f'"{c.title}, {c.descriptor}"' if c.descriptor else f'"{c.title} ({c.set_name})"'
        for c in cards
    )


def could_be_read_as(text: str, title: str) -> bool:
    """Whether the resolver could read ``text``, a name no card has, as ``title``: one edit
    away, or the same words but for articles (its near-certain readings). Checked for one
    title without rapidfuzz, which reading against a whole pool needs."""
    from card_db.fuzzy import osa_distance

    key, own = title_key(text), title_key(title)
    if len(key) >= _MIN_FUZZY_KEY and abs(len(key) - len(own)) <= _NEAR_DISTANCE:
        if osa_distance(key, own) <= _NEAR_DISTANCE:
            return True
    return _article_free(text) == _article_free(title)


class Resolver:
    """Resolves titles against one pool; cheap to create, caches its fuzzy indexes."""

    def __init__(self, pool: CardPool):
        self.pool = pool
        self._keys: list[str] | None = None
        self._article_free: dict[str, list[str]] | None = None
        self._suggested = 0

    def _near_certain(self, text: str) -> str | None:
        """The one title key a tiny edit (or a missing or extra article) away, if one is."""
        key = title_key(text)
        if len(key) >= _MIN_FUZZY_KEY:
            from rapidfuzz import process
            from rapidfuzz.distance import OSA

            if self._keys is None:
                self._keys = list(self.pool.by_title)
            found = process.extract(
                key, self._keys, scorer=OSA.distance, score_cutoff=_CLEAR_DISTANCE, limit=3
            )
            if len(found) == 1 and found[0][1] <= _NEAR_DISTANCE:
                return found[0][0]
        if self._article_free is None:  # "Guardian of the Dawn" for "Guardian of Dawn"
            self._article_free = {}
            for printings in self.pool.by_title.values():
                bare = _article_free(printings[0].title)
                self._article_free.setdefault(bare, []).append(title_key(printings[0].title))
        same_words = self._article_free.get(_article_free(text), [])
        return same_words[0] if len(same_words) == 1 else None

    def title_printings(self, text: str) -> tuple[list[Card], list[str]]:
        """Every printing the text names (a title, or a title with its descriptor), newest
        LCG first, plus warnings (a fuzzy match); raises UnknownCardError with suggestions."""
        if len(text) > MAX_NAME:
            raise UnknownCardError(f"a name of {len(text):,} characters is not a card")
        printings = self.pool.printings(text)
        if printings:
            return printings, []
        for separator in reversed(list(_DESCRIPTOR_SEPARATOR.finditer(text))):
            head, tail = text[: separator.start()], text[separator.end() :]
            printings = _with_descriptor(self.pool.printings(head), tail)
            if printings:
                return printings, []
        near = self._near_certain(text)
        if near is not None:
            printings = self.pool.by_title[near]
            return printings, [f'"{text.strip()}" read as "{printings[0].title}"']
        self._suggested += 1
        suggestions = self.pool.closest_titles(text) if self._suggested <= MAX_SUGGESTED else []
        hint = f" (closest: {', '.join(suggestions)})" if suggestions else ""
        raise UnknownCardError(f'unknown card "{text.strip()}"{hint}', suggestions)

    def candidates(self, text: str, spec: str | None = None) -> tuple[list[Card], list[str]]:
        """The cards a line can mean, one printing each, plus warnings. ``spec`` is what the
        line gave in parentheses: a printing ("Core Set", "Dreamlands F117") or a
        descriptor. Without a printing each card is its own (first LCG) printing."""
        printings, warnings = self.title_printings(text)
        if spec:
            chosen = printings_matching(printings, spec) or _with_descriptor(printings, spec)
            if not chosen:
                known = ", ".join(f"{c.set_name} {c.number}" for c in printings)
                raise UnknownCardError(
                    f'"{printings[0].title}" has no printing or descriptor "{spec}" '
                    f"(printings: {known})",
                    [printings[0].title],
                )
            if chosen[0].descriptor and descriptor_key(chosen[0].descriptor) == descriptor_key(
                spec
            ):
                printings = chosen  # a descriptor: the card, in its own printing below
            else:
                return _one_per_card(chosen), warnings
        own = [self.pool.card(c.card_id) or c for c in _one_per_card(printings)]
        return own, warnings

    def resolve(
        self,
        text: str,
        printing: str | None = None,
        *,
        section: str = "draw",
        factions: Counter | None = None,
    ) -> Resolved:
        """One card for a line read on its own (no other lines to learn factions from)."""
        cards, warnings = self.candidates(text, printing)
        card, ambiguous = choose(cards, section=section, factions=factions or Counter())
        if ambiguous:
            warnings.append(ambiguity_warning(card, ambiguous))
        return Resolved(card, warnings)


def _one_per_card(printings: list[Card]) -> list[Card]:
    seen: dict[str, Card] = {}
    for card in printings:
        seen.setdefault(card.card_id, card)
    return list(seen.values())


def _narrow(cards: list[Card], keep) -> list[Card]:
    narrowed = [c for c in cards if keep(c)]
    return narrowed or cards


def choose(cards: list[Card], *, section: str, factions: Counter) -> tuple[Card, list[Card]]:
    """The card a line means given its section and the deck's factions, and the candidates
    that remain when that is still not one card ([] when it is)."""
    if len(cards) == 1:
        return cards[0], []
    cards = _narrow(cards, lambda c: (c.type == "Story") == (section == "story"))
    cards = _narrow(cards, lambda c: c.era == "LCG")
    if factions:
        cards = _narrow(cards, lambda c: c.faction in factions)
    cards = sorted(cards, key=lambda c: (c.era != "LCG", c.release_order, c.id))
    return cards[0], (cards if len(cards) > 1 else [])


def ambiguity_warning(chosen: Card, candidates: list[Card]) -> str:
    return (
        f'"{chosen.title}" is {len(candidates)} cards: '
        f"{', '.join(describe(c) for c in candidates)}; using {describe(chosen)}; "
        f"write {how_to_choose(candidates)} to choose"
    )


class _Pending(namedtuple("_Pending", "cards count section where")):
    """cards: list[Card]
    count: int
    section: str
    where: str
    """

    __slots__ = ()


class DeckReading:
    """Adds a deck file's lines to its deck once every line is read, so that a title that
    names several cards is decided by the whole deck (its factions), not line by line."""

    def __init__(self, deck, resolver: Resolver):
        self.deck, self.resolver = deck, resolver
        self._lines: list[_Pending] = []
        self._total = 0

    def _keep(self, line: _Pending) -> None:
        """Keep a line; a deck past the caps stops at the line that passes them, before
        the rest of a huge file is resolved."""
        from deckbuilder.deck import MAX_CARDS, MAX_COPIES, DeckLimitError

        self._total += line.count
        if line.count > MAX_COPIES:
            title = line.cards[0].title
            raise DeckLimitError(
                f"{line.count} copies of {title}; a deck holds at most {MAX_COPIES} of one card"
            )
        if self._total > MAX_CARDS:
            raise DeckLimitError(f"more than {MAX_CARDS} cards; no deck is that big")
        self._lines.append(line)

    def add_card(self, card: Card, count: int, *, section: str) -> None:
        self._keep(_Pending([card], count, section, ""))

    def add_line(
        self, text: str, spec: str | None, count: int, *, section: str, where: str
    ) -> None:
        """Resolve a line's text (raises UnknownCardError) and keep it to decide later."""
        cards, warnings = self.resolver.candidates(text, spec)
        self.deck.warnings += [located(w, where) for w in warnings]
        self._keep(_Pending(cards, count, section, where))

    def finish(self) -> None:
        factions: Counter = Counter()
        for line in self._lines:
            if len(line.cards) == 1 and line.cards[0].faction != "Neutral":
                factions[line.cards[0].faction] += line.count
        warned: set[str] = set()
        for line in self._lines:
            card, ambiguous = choose(line.cards, section=line.section, factions=factions)
            if ambiguous and title_key(card.title) not in warned:
                warned.add(title_key(card.title))
                self.deck.warnings.append(located(ambiguity_warning(card, ambiguous), line.where))
            self.deck.add(card, line.count, section=line.section)
