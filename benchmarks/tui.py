"""TUI speed: first paint on a warm database, and search keystroke → updated results.

First paint runs in a fresh process (imports included) and is the time from process start
until the app's first frame of the card browser has been painted; "results" is until the
first frame showing result rows (the card pool loaded by its worker). Keystroke latency
types queries one key at a time over the full card pool and times each key from the key
event being posted until the app's own refresh has painted the frame with the new results.

    .venv/bin/python benchmarks/tui.py [--runs 11]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUERIES = [
    "itinerant scholar",
    "t:char f:misk c<=2",
    "i:ti !k:loyal",
    "x:insane f:hastur|yog",
    "nyarlathotep",
    "st:cultist c>=3 era:lcg",
]

FIRST_PAINT = """
import time; start = time.perf_counter()
import asyncio, json, sys
from textual.screen import Screen
from deckbuilder.tui.app import create_app
from deckbuilder.tui.widgets.card_table import CardTable

marks = {}
paint = Screen._compositor_refresh

def timed_paint(screen):
    paint(screen)
    marks.setdefault("first_paint", time.perf_counter() - start)
    table = screen.query(CardTable)
    if "results" not in marks and table and table.first().row_count:
        marks["results"] = time.perf_counter() - start

Screen._compositor_refresh = timed_paint

async def run():
    app = create_app(db_path=sys.argv[1])
    async with app.run_test(size=(120, 36)) as pilot:
        while "results" not in marks:
            await asyncio.sleep(0.005)
        await app.workers.wait_for_complete()
    print(json.dumps(marks))

asyncio.run(run())
"""


def first_paint(db: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", FIRST_PAINT, str(db)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _key_name(char: str) -> str:
    from textual.keys import _character_to_key

    return char if char.isalnum() else _character_to_key(char)


async def keystrokes(db: Path, *, in_editor: bool = False) -> list[float]:
    """Per key: from the key event being posted to the end of the frame painted after the
    search for that key finished (the app's own refresh timer, not the test pilot's waits).
    ``in_editor``: the deck editor's search, beside a 50-card deck list."""
    from textual import events

    from deckbuilder.tui.app import create_app
    from deckbuilder.tui.messages import SearchDone

    app = create_app(db_path=db)
    marks: list[tuple[str, float]] = []

    def hook(message) -> None:
        if isinstance(message, events.Key):
            marks.append(("key", time.perf_counter()))
        elif isinstance(message, SearchDone):
            marks.append(("done", time.perf_counter()))

    timings = []
    async with app.run_test(size=(120, 36), message_hook=hook) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        if in_editor:
            from deckbuilder.deck import Deck

            deck = Deck(name="Benchmark")
            for card in app.pool.cards[:300:6]:
                deck.add(card, 1)
            app.set_deck(deck, None)
            await pilot.press("f3", "slash")
            await pilot.pause()
        screen = app.screen
        paint = screen._compositor_refresh

        def timed_paint() -> None:
            paint()
            marks.append(("paint", time.perf_counter()))

        screen._compositor_refresh = timed_paint
        for query in QUERIES:
            for char in query:
                marks.clear()
                # As a terminal does: the driver delivers the key; no test pilot waits
                # (the pilot's own polling of every widget would delay the app's frame).
                key = events.Key(_key_name(char), char)
                key.set_sender(app)
                app._driver.send_message(key)
                await asyncio.sleep(0.08)
                key_at = next(t for kind, t in marks if kind == "key")
                done_at = next(t for kind, t in marks if kind == "done")
                painted_at = next(t for kind, t in marks if kind == "paint" and t > done_at)
                timings.append(painted_at - key_at)
            await pilot.press(*["backspace"] * len(query))
            await pilot.pause()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cards.sqlite"
        os.environ["DECKBUILDER_DB"] = str(db)
        from card_db.db import prepare_database

        prepare_database(db).dispose()  # warm database: built once, not measured
        first_paint(db)  # warm the OS file cache and .pyc files
        runs = [first_paint(db) for _ in range(args.runs)]
        paint = statistics.median(r["first_paint"] for r in runs)
        results = statistics.median(r["results"] for r in runs)
        print(f"first paint (process start → first frame): median {paint * 1000:.0f} ms")
        print(f"first results drawn (pool loaded):          median {results * 1000:.0f} ms")
        for where, in_editor in (("card browser", False), ("deck editor", True)):
            timings = sorted(asyncio.run(keystrokes(db, in_editor=in_editor)))
            p50 = statistics.median(timings)
            p95 = timings[int(len(timings) * 0.95) - 1]
            print(
                f"search keystroke → results painted, {where} ({len(timings)} keys): "
                f"median {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
                f"max {timings[-1] * 1000:.1f} ms"
            )


if __name__ == "__main__":
    main()
