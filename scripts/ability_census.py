"""Which simulated abilities the automatic player never uses: a review aid for card text.

For each simulated solo card (or those of ``--set``), three copies go into a benchmark deck
that shares its faction, in place of three other cards, and ``--games`` greedy games are
played with the log on. The census counts the games in which the card reached play (or, for
an event, was played) and, for each of its triggered abilities (action, response, forced
response, disrupt), the games in which it resolved. An ability that never resolves in games
where its card was in play is either one the automatic player rightly declines, one whose
trigger is rare, or a mistake in its data: the list is where a reviewer starts.

    .venv/bin/python scripts/ability_census.py [--set CODE] [--games 100] [--json FILE]
    .venv/bin/python scripts/ability_census.py --card TiV-002 --add TiV-024 --games 200

``--card`` plays one card's deck, with three copies of each ``--add`` card beside it (a card
that makes its trigger happen), and prints its counts.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from card_db.db import prepare_database  # noqa: E402
from card_db.pool import CardPool  # noqa: E402
from card_db.store import load_cards  # noqa: E402
from deckbuilder.deck import Deck, DeckEntry  # noqa: E402
from deckbuilder.engine.abilities import HAND, Ability  # noqa: E402
from deckbuilder.engine.cards import compile_deck  # noqa: E402
from deckbuilder.engine.game import Game  # noqa: E402
from deckbuilder.engine.greedy_profile import greedy_profile  # noqa: E402
from deckbuilder.engine.policies import get_policy  # noqa: E402
from deckbuilder.engine.text.load import all_card_texts, set_code_of  # noqa: E402
from deckbuilder.formats import read_deck  # noqa: E402

_POOL: CardPool | None = None
_BASES: list = []


def _init(db: str) -> None:
    global _POOL, _BASES
    _POOL = CardPool(load_cards(Path(db)))
    _BASES = [read_deck(p, _POOL) for p in sorted((ROOT / "benchmarks" / "decks").glob("*.txt"))]


def _deck_with(card, extra: tuple = ()) -> Deck:
    """A benchmark deck of the card's faction (the first for a Neutral card) with three of its
    copies, and three of each ``extra`` card, in place of the last cards of other titles."""
    base = next((d for d in _BASES if card.faction in {e.card.faction for e in d.draw}), _BASES[0])
    added = (card, *extra)
    titles = {c.title for c in added}
    draw = [DeckEntry(e.card, e.count) for e in base.draw if e.card.title not in titles]
    surplus = sum(e.count for e in draw) + 3 * len(added) - base.draw_count
    while surplus > 0:
        last = draw[-1]
        last.count -= 1
        surplus -= 1
        if last.count == 0:
            draw.pop()
    draw += [DeckEntry(c, 3) for c in added]
    return Deck(f"census {card.title}", draw, [DeckEntry(e.card, e.count) for e in base.story])


class _CensusGame(Game):
    """A game that notes each time an instance of ``watched`` is put into play (played, or
    put into play by an effect, which logs no "played" line)."""

    __slots__ = ("watched", "placed")

    def _place_in_play(self, inst: int, *args, **kwargs) -> None:
        if self.deck.kind_of[inst] == self.watched:
            self.placed = True
        super()._place_in_play(inst, *args, **kwargs)


def _census(args: tuple) -> dict:
    card_id, games, *extra_ids = args
    card = _POOL.card(card_id)
    abilities = [a for a in (all_card_texts()[card_id].abilities or ()) if isinstance(a, Ability)]
    triggered = [
        a
        for a in abilities
        if (a.forced or a.kind in ("action", "response", "disrupt")) and a.ai != "avoid"
    ]
    compiled = compile_deck(_deck_with(card, tuple(_POOL.card(i) for i in extra_ids)), True)
    kind = next(k for k, c in enumerate(compiled.cards) if c.id == card_id)
    keep_value = greedy_profile(compiled).keep_value[kind]
    policy = get_policy("greedy")
    reached, fired = 0, Counter()
    prefix = f"{card.title}: "
    # An event played from hand as a response or disrupt resolves without an "ability" line.
    as_response = f"played {card.full_title} as a response"
    for seed in range(games):
        game = _CensusGame.new(compiled, seed, first_player=True, turn_cap=25, log=True)
        game.watched, game.placed = kind, False
        game.run(policy)
        texts = {e.text for e in game.log if e.kind == "ability" and e.text.startswith(prefix)}
        played = [e.text for e in game.log if e.kind == "play" and card.full_title in e.text]
        if game.placed or played:
            reached += 1
        for ab in triggered:
            if f"{prefix}{ab.text}" in texts or (ab.zone == HAND and as_response in played):
                fired[ab.text] += 1
    return {
        "id": card_id,
        "title": card.full_title,
        "type": card.type,
        "cost": card.cost,
        "kept": keep_value > 0,  # the automatic player plays it at all
        "reached": reached,
        "abilities": {a.text: fired[a.text] for a in triggered},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="set_code")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--json", type=Path, help="write every card's counts here")
    parser.add_argument("--card", help="one card's census (its id, e.g. Core-027), printed")
    parser.add_argument(
        "--add", action="append", default=[], metavar="ID", help="with --card: 3 more of this"
    )
    args = parser.parse_args()
    if args.card:
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "cards.sqlite"
            prepare_database(db).dispose()
            _init(str(db))
        missing = [i for i in (args.card, *args.add) if _POOL.card(i) is None]
        if missing:
            sys.exit(f"ability_census.py: no card {', '.join(missing)}")
        print(json.dumps(_census((args.card, args.games, *args.add)), indent=1))
        return
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cards.sqlite"
        prepare_database(db).dispose()
        _init(str(db))
        ids = [
            cid
            for cid, entry in sorted(all_card_texts().items())
            if entry.cls == "solo"
            and entry.simulated
            and (args.set_code is None or set_code_of(cid).lower() == args.set_code.lower())
            and _POOL.card(cid) is not None
            and _POOL.card(cid).type not in ("Story",)
        ]
        print(f"{len(ids)} cards, {args.games} games each", file=sys.stderr)
        rows = []
        with ProcessPoolExecutor(initializer=_init, initargs=(str(db),)) as pool:
            for done, row in enumerate(pool.map(_census, [(c, args.games) for c in ids]), 1):
                rows.append(row)
                if done % 25 == 0:
                    print(f"  {done}/{len(ids)}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    never = [(r, t) for r in rows for t, n in r["abilities"].items() if n == 0 and r["reached"]]
    print(f"{len(never)} abilities never used in games where their card was in play:")
    for row, text in never:
        print(f"  {row['id']:10} {row['title'][:40]:40} in play in {row['reached']:3}: {text[:90]}")
    unplayed = [r for r in rows if not r["reached"] and r["kept"]]
    print(f"{len(unplayed)} cards the automatic player would play, never played nor put into play:")
    for row in sorted(unplayed, key=lambda r: (r["cost"] or 0, r["id"])):
        print(f"  {row['id']:10} {row['title'][:40]:40} {row['type']:10} cost {row['cost']}")
    inert = sum(1 for r in rows if not r["kept"])
    print(f"{inert} cards the automatic player never plays (their text helps nothing here)")


if __name__ == "__main__":
    main()
