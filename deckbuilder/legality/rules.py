"""The deck-building rules: a deck, a format and a resolved list in, every violation out,
each with its SPEC §6 rule id, a sentence naming the cards and the limit, and its source."""

from __future__ import annotations

import re
from collections import namedtuple
from functools import cache

from card_db.card import Card
from deckbuilder.legality.lists import LegalityList, builtin_lists, get_list
from deckbuilder.legality.play_formats import DEFAULT_FORMAT_ID, Format, get_format
from deckbuilder.legality.resolution import ResolvedList, pool_for, resolve_list
from deckbuilder.legality.rules_text import title_key
from deckbuilder.plurals import counted

TYPE_CHECKING = False  # typing's flag, without importing typing
if TYPE_CHECKING:  # the rules only read decks: importing deck.py would cost `card` start-up
    from deckbuilder.deck import Deck

# Copies a title allows unless its card says otherwise, by era of the printing.
_ERA_COPY_LIMIT = {"LCG": 3, "CCG": 4}
# A card's own deck-building exception: "You may play up to 8 copies of X in your deck",
# "You may have any number of cards named X in your deck".
_COPY_TEXT = re.compile(
    r"you may (?:have|play|include) (?:up to (?P<count>\d+)|any number of) "
    r"(?:copies of|cards (?:named|titled)) (?P<title>[^.\n]+?) in your deck",
    re.I,
)
_ANY_NUMBER = 10**6


class Violation(namedtuple("Violation", "rule message cards source")):
    """rule: str
    message: str
    cards: list[str]
    source: str
    """

    __slots__ = ()

    def to_json(self) -> dict:
        return {
            "rule": self.rule,
            "message": self.message,
            "cards": self.cards,
            "source": self.source,
        }


class CheckResult(namedtuple("CheckResult", "deck format list draw_deck_count problems warnings")):
    """deck: str
    format: str
    list: str
    draw_deck_count: int
    problems: list[Violation]
    warnings: list[str]
    """

    __slots__ = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {
            "deck": self.deck,
            "legal": self.legal,
            "format": self.format,
            "list": self.list,
            "draw_deck_count": self.draw_deck_count,
            "problems": [p.to_json() for p in self.problems],
            "warnings": list(self.warnings),
        }


def _played_as(card: Card, pool) -> Card:
    """A printing is played as its card: a CCG printing of a card reprinted for the LCG is
    that LCG card (card_db/identity.py); a CCG-only card stays CCG."""
    return pool.card(card.card_id) or card


def _title_limit(title: str, cards: list[Card], pool, fmt: Format, resolved: ResolvedList):
    """(copies allowed, source) for one title."""
    key = title_key(title)
    if fmt.apply_errata and key in resolved.max_copies:
        return resolved.max_copies[key], resolved.errata_source
    printings = pool.printings(title) or cards
    if fmt.card_pool == "lcg":
        printings = [c for c in printings if c.era == "LCG"] or printings
    exceptions = [
        n for c in printings if (n := _card_copy_limit(c)) > _ERA_COPY_LIMIT.get(c.era, 3)
    ]
    if exceptions:
        most = max(exceptions)
        if most >= _ANY_NUMBER:
            return most, f"card text of {title}: any number of copies"
        return most, f"card text of {title}: up to {most} copies"
    return fmt.copy_limit, fmt.sources["copy-limit"]


def _card_copy_limit(card: Card) -> int:
    """The copies a printing allows: its data's limit, or more when its own text grants
    more (some CCG cards say "any number of cards named ..." while their data says 4)."""
    return max(card.max_copies, _text_copy_limit(card.text or "", card.title))


@cache
def _text_copy_limit(text: str, title: str) -> int:
    match = _COPY_TEXT.search(text)
    if match is None or title_key(match.group("title")) != title_key(title):
        return 0
    return int(match.group("count")) if match.group("count") else _ANY_NUMBER


def _names(titles) -> str:
    titles = list(titles)
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def check_deck(
    deck: Deck,
    *,
    format_id: str = DEFAULT_FORMAT_ID,
    list_id: str | None = None,
    lists: dict[str, LegalityList] | None = None,
    pool=None,
) -> CheckResult:
    """Every rule of the format and list, applied to ``deck``. ``lists`` defaults to the
    built-in lists; ``pool`` (the whole card pool, for reprints and list spellings)
    defaults to the default database's."""
    fmt = get_format(format_id)
    lst = get_list(lists if lists is not None else builtin_lists(), list_id)
    if pool is None:
        pool = pool_for(None)
    resolved = resolve_list(lst, pool)
    problems: list[Violation] = []

    by_title: dict[str, list] = {}
    for entry in deck.draw:
        by_title.setdefault(title_key(entry.card.title), []).append(entry)
    draw_count = sum(e.count for e in deck.draw if e.card.type not in ("Story", "Domain"))

    if draw_count < fmt.min_draw_deck:
        problems.append(
            Violation(
                "deck-size",
                f"The draw deck has {counted(draw_count, 'card')}; the minimum is "
                f"{fmt.min_draw_deck} "
                "(stories and domains do not count, conspiracies do).",
                [],
                fmt.sources["deck-size"],
            )
        )

    restricted_titles, heroic, villainous = [], [], []
    for entries in by_title.values():
        cards = [e.card for e in entries]
        title = cards[0].title
        copies = sum(e.count for e in entries)
        kind = cards[0].type
        if kind == "Story":
            problems.append(
                Violation(
                    "story-in-draw-deck",
                    f"{title} is a story card; story cards never go in the draw deck.",
                    [title],
                    fmt.sources["story-in-draw-deck"],
                )
            )
        elif kind == "Conspiracy":
            limit = fmt.conspiracy_limit
            source = fmt.sources["conspiracy-limit"]
            if fmt.apply_errata and resolved.conspiracy_limit is not None:
                limit, source = resolved.conspiracy_limit, resolved.errata_source
            if copies > limit:
                problems.append(
                    Violation(
                        "conspiracy-limit",
                        f"{copies} copies of the conspiracy {title}; the limit is {limit} "
                        "conspiracies with one title.",
                        [title],
                        source,
                    )
                )
        else:
            limit, source = _title_limit(title, cards, pool, fmt, resolved)
            if copies > limit:
                problems.append(
                    Violation(
                        "copy-limit",
                        f"{copies} copies of {title}; the limit is {limit} per title "
                        "(all printings together).",
                        [title],
                        source,
                    )
                )
        # A list names cards, not printings of a card: a CCG printing counts as its LCG
        # reprint in every format (in the CCG format too, so the printing chosen for the
        # same card never decides whether it is restricted).
        played = [_played_as(c, pool) for c in cards]
        listed = {c.id: c for c in (*cards, *played)}.values()
        ccg_only = sorted({c.full_title for c in played if c.era != "LCG"})
        if fmt.card_pool == "lcg" and ccg_only:
            problems.append(
                Violation(
                    "card-pool",
                    f"{_names(ccg_only)}: a CCG card never reprinted for the LCG.",
                    [title],
                    fmt.sources["card-pool"],
                )
            )
        if any(resolved.banned(c) for c in listed):
            problems.append(
                Violation(
                    "banned",
                    f"{title} is banned under {lst.name}; no copy may be in the deck.",
                    [title],
                    f"{lst.name}: {lst.source}",
                )
            )
        if any(resolved.restricted(c) for c in listed):
            restricted_titles.append(title)
        if any(c.has_keyword("Heroic") for c in cards):
            heroic.append(title)
        if any(c.has_keyword("Villainous") for c in cards):
            villainous.append(title)

    if len(restricted_titles) > 1:
        problems.append(
            Violation(
                "restricted",
                f"{len(restricted_titles)} restricted titles ({_names(restricted_titles)}); "
                f"a deck may hold only one restricted title under {lst.name}.",
                restricted_titles,
                f"{lst.name}: {lst.source}",
            )
        )

    if fmt.story_deck:
        problem = _story_deck_problem(deck, fmt, pool)
        if problem:
            problems.append(problem)

    warnings = list(deck.warnings)
    not_stories = sorted({e.card.title for e in deck.story if e.card.type != "Story"})
    if not_stories:
        warnings.append(
            f"{_names(not_stories)} in the story deck: only story cards go there, and cards "
            "there do not count toward the draw deck."
        )
    if heroic and villainous:
        warnings.append(
            f"Heroic ({_names(heroic)}) and Villainous ({_names(villainous)}) cards in one "
            "deck: they can never be in play at the same time."
        )
    return CheckResult(
        deck=deck.name,
        format=fmt.id,
        list=lst.id,
        draw_deck_count=draw_count,
        problems=problems,
        warnings=warnings,
    )


def _story_deck_problem(deck: Deck, fmt: Format, pool) -> Violation | None:
    rule = fmt.story_deck
    size, sets = rule["size"], rule["from_sets"]
    from card_db.sets import set_by_code

    names = [getattr(set_by_code(code), "name", code) for code in sets]
    wanted = " or ".join(f"the {n}" for n in names)
    titles = [e.card.title for e in deck.story]
    keys = sorted(title_key(e.card.title) for e in deck.story for _ in range(e.count))
    for code in sets:
        expected = sorted(
            title_key(c.title) for c in pool.cards if c.set_code == code and c.type == "Story"
        )
        if keys == expected and len(keys) == size:
            return None
    count = len(keys)
    return Violation(
        "story-deck",
        f"The story deck has {counted(count, 'card')}; the {fmt.id} format needs the {size} "
        "stories of "
        f"{wanted}, one of each.",
        titles,
        fmt.sources["story-deck"],
    )
