"""Write the benchmark decks: a dozen legal 50-card LCG decks, one per faction pair, drawn
from the whole card pool (not only the Core Set), so that goldfish speed is measured on
decks whose card text the engine plays.

Each deck takes, for its two factions and the neutrals, the cards with solo text first
(their text acts in a goldfish game), cheapest first, 3 copies of each title (1 of a
restricted title, at most one restricted title), about 60% characters; no stories, no
Heroic and Villainous together, nothing banned. The decks are test data written by this
script:

    .venv/bin/python benchmarks/build_decks.py       # writes benchmarks/decks/*.txt
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "decks"
PAIRS = (
    ("The Agency", "Miskatonic University"),
    ("The Agency", "Hastur"),
    ("Miskatonic University", "Cthulhu"),
    ("Miskatonic University", "Yog-Sothoth"),
    ("Syndicate", "Shub-Niggurath"),
    ("Syndicate", "Silver Twilight"),
    ("Cthulhu", "Hastur"),
    ("Cthulhu", "Shub-Niggurath"),
    ("Hastur", "Yog-Sothoth"),
    ("Yog-Sothoth", "Silver Twilight"),
    ("Shub-Niggurath", "The Agency"),
    ("Silver Twilight", "Miskatonic University"),
)


def build(pool, pair, restricted: set[str]) -> list[tuple[int, str]]:
    import deckbuilder.engine  # noqa: F401 (card text)
    from deckbuilder.engine.text.coverage import status_of

    first, second = pair
    by_side = {first: [], second: [], "Neutral": []}
    seen = set()
    for card in pool.cards:
        if card.era != "LCG" or card.card_id != card.id or card.title in seen:
            continue
        if card.type not in ("Character", "Support", "Event") or card.faction not in by_side:
            continue
        if card.cost is None or card.has_keyword("Villainous") and first == "The Agency":
            continue
        cls, status = status_of(card.card_id)
        rank = (0 if status == "simulated" else 1 if cls == "solo" else 2, card.cost or 0)
        by_side[card.faction].append((rank, card))
        seen.add(card.title)
    deck: list[tuple[int, str]] = []
    side_flags = set()
    used_restricted = False
    for side, share in ((first, 24), (second, 18), ("Neutral", 8)):
        count = 0
        for _, card in sorted(by_side[side], key=lambda rc: (rc[0], rc[1].title)):
            if count >= share:
                break
            flags = {k for k in ("Heroic", "Villainous") if card.has_keyword(k)}
            if flags and side_flags and flags != side_flags:
                continue
            copies = min(3, card.max_copies or 3, share - count)
            if card.title in restricted:
                if used_restricted:
                    continue
                used_restricted = True
            side_flags |= flags
            deck.append(
                (copies, f"{card.title}, {card.descriptor}" if card.descriptor else card.title)
            )
            count += copies
    return deck


def main() -> int:
    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards
    from deckbuilder.legality import builtin_lists

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.sqlite"
        prepare_database(db).dispose()
        pool = CardPool(load_cards(db))
    restricted = set()  # restricted or banned on any built-in list: at most one such title
    for lst in builtin_lists().values():
        for entry in tuple(lst.restricted) + tuple(lst.banned):
            restricted.add(entry.title)
    HERE.mkdir(exist_ok=True)
    for pair in PAIRS:
        deck = build(pool, pair, restricted)
        name = f"{pair[0]} and {pair[1]}"
        lines = [f"Name: {name} (benchmark)"] + [f"{n}x {title}" for n, title in deck]
        path = HERE / (name.lower().replace(" ", "-").replace("the-", "") + ".txt")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(path.name, sum(n for n, _ in deck))
    return 0


if __name__ == "__main__":
    sys.exit(main())
