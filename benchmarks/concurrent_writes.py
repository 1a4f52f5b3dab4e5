"""Writers at once and kills: how many updates are lost (the answer must be 0) and how long
they take.

1. two processes each running ``deckbuilder collection add-card Dagon`` N times (one fresh
   CLI process per call);
2. two processes each making M collection API calls (``add_card`` in a write transaction);
3. first commands at once on a missing database file: 100 pairs and 25 fours (``search x``
   or ``collection add "Core Set"``): every one must succeed;
4. a writer killed (SIGKILL) at K random moments: commits it reported must all be there;
5. the schema 2 -> 3 migration killed before each of its statements in turn: the database
   must stay at version 2 with its rows, and the next start must finish it.

    .venv/bin/python benchmarks/concurrent_writes.py [--cli 50] [--api 150] [--kills 50]
        [--first-starts 100] [--only-first-starts]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
BIN = Path(sys.executable).parent

API_WORKER = """
import sys
from card_db.store import write_transaction
from deckbuilder import collection
for _ in range(int(sys.argv[2])):
    with write_transaction(sys.argv[1]) as connection:
        collection.add_card("Core-042", 1, session=connection)
"""
KILLED_WRITER = """
import sys
from card_db.store import write_transaction
from deckbuilder import collection
for i in range(1, 10**6):
    with write_transaction(sys.argv[1]) as connection:
        collection.add_card("Core-042", 1, session=connection)
    print(i, flush=True)
"""
KILLED_MIGRATION = """
import os, signal, sys
from card_db import db
migrate, stop = db.MIGRATIONS[2], int(sys.argv[2])
def killed(connection):
    seen = []
    def trace(sql):
        seen.append(sql)
        if len(seen) == stop:
            os.kill(os.getpid(), signal.SIGKILL)
    connection.set_trace_callback(trace)
    migrate(connection)
db.MIGRATIONS[2] = killed
db.prepare_database(sys.argv[1])
"""


def _owned(path: Path) -> int:
    from deckbuilder import collection

    with sqlite3.connect(path) as connection:
        return collection.owned_counts(session=connection).get("Core-042", 0)


def _fresh(template: Path, folder: Path, name: str) -> Path:
    path = folder / name
    shutil.copy(template, path)
    return path


def cli_writers(template: Path, folder: Path, calls: int) -> None:
    path = _fresh(template, folder, "cli.sqlite")
    env = {**os.environ, "DECKBUILDER_DB": str(path)}
    times: list[float] = []
    failures: list[str] = []

    def writer():
        for _ in range(calls):
            start = time.perf_counter()
            done = subprocess.run(
                [str(BIN / "deckbuilder"), "collection", "add-card", "Dagon"],
                env=env,
                capture_output=True,
                text=True,
            )
            times.append(time.perf_counter() - start)
            if done.returncode:
                failures.append(done.stderr.strip())

    start = time.perf_counter()
    threads = [threading.Thread(target=writer) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    lost = 2 * calls - _owned(path)
    print(
        f"CLI add-card, 2 processes x {calls}: attempted {2 * calls}, failed {len(failures)}, "
        f"lost {lost - len(failures)}; median call {statistics.median(times):.3f} s, "
        f"wall {wall:.1f} s"
    )


def api_writers(template: Path, folder: Path, calls: int) -> None:
    path = _fresh(template, folder, "api.sqlite")
    start = time.perf_counter()
    procs = [
        subprocess.Popen([sys.executable, "-c", API_WORKER, str(path), str(calls)])
        for _ in range(2)
    ]
    failed = sum(p.wait() != 0 for p in procs)
    wall = time.perf_counter() - start
    print(
        f"API add_card, 2 processes x {calls}: attempted {2 * calls}, lost "
        f"{2 * calls - _owned(path)} (workers failed: {failed}); wall {wall:.2f} s"
    )


def first_starts(folder: Path, repeat: int, width: int) -> None:
    """``width`` first commands at once on a missing database file, ``repeat`` times: half
    `search x` (the first thing a new user types), half `collection add "Core Set"`."""
    ok, times, errors = 0, [], set()
    for run in range(repeat):
        (folder / f"new-{width}-{run}").mkdir()
        env = {**os.environ, "DECKBUILDER_DB": str(folder / f"new-{width}-{run}" / "cards.sqlite")}
        command = ["search", "x"] if run % 2 == 0 else ["collection", "add", "Core Set"]
        start = time.perf_counter()
        procs = [
            subprocess.Popen(
                [str(BIN / "deckbuilder"), *command],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(width)
        ]
        for proc in procs:
            err = proc.communicate()[1]
            if proc.returncode == 0:
                ok += 1
            else:
                errors.add(err.strip())
        times.append(time.perf_counter() - start)
    print(
        f"{width} first commands at once on a new database: {ok} of {width * repeat} "
        f"succeeded; median wall {statistics.median(times):.2f} s"
        + "".join(f"\n  failed: {e}" for e in sorted(errors))
    )


def killed_writer(template: Path, folder: Path, kills: int, rng: random.Random) -> None:
    path = _fresh(template, folder, "killed.sqlite")
    owned, losses, extra = 0, 0, 0
    for _ in range(kills):
        proc = subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        committed = int(proc.stdout.readline())  # started writing
        time.sleep(rng.uniform(0, 0.3))
        proc.send_signal(signal.SIGKILL)
        lines = (committed, *map(int, proc.stdout.read().split()))
        proc.wait()
        now = _owned(path)
        losses += max(0, owned + lines[-1] - now)
        extra += now - (owned + lines[-1])  # the commit under way when killed: 0 or 1
        owned = now
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    print(
        f"writer killed {kills} times: commits lost {losses}, commits done but not yet "
        f"reported {extra}; integrity ok"
    )


def killed_migration(template: Path, folder: Path) -> None:
    from test_collection_migration import EXPECTED_EXPORT, INSERTS, V2_ROWS, V2_TABLES

    from card_db import db
    from deckbuilder import collection

    def v2(path: Path) -> None:
        connection = sqlite3.connect(path, isolation_level=None)
        connection.execute("PRAGMA journal_mode = DELETE")
        for table in ("collection_card", "collection_copies", "built_deck_card"):
            connection.execute(f"DROP TABLE {table}")
        for sql in V2_TABLES:
            connection.execute(sql)
        for table, rows in V2_ROWS.items():
            connection.executemany(INSERTS[table], rows)
        connection.execute("PRAGMA user_version = 2")
        connection.execute("PRAGMA application_id = 0")
        connection.close()

    def state(path: Path):
        with sqlite3.connect(path) as connection:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            return version, [
                sorted(connection.execute(f"SELECT * FROM {t}").fetchall()) for t in V2_ROWS
            ]

    def migrated(path: Path) -> bool:
        with sqlite3.connect(path) as connection:
            return collection.export_rows(session=connection) == EXPECTED_EXPORT

    kills, half_done, stop = 0, 0, 1
    while True:  # a fresh version 2 database each time, killed at its statement number stop
        path = _fresh(template, folder, f"migrate-{stop}.sqlite")
        v2(path)
        before = state(path)
        run = subprocess.run(
            [sys.executable, "-c", KILLED_MIGRATION, str(path), str(stop)], capture_output=True
        )
        after = state(path)
        if after[0] == db.SCHEMA_VERSION:
            break  # the kill came after the commit (or never): the migration is whole
        kills += 1
        half_done += after != before
        db.prepare_database(path).dispose()  # the next start
        half_done += not migrated(path)
        stop += 1
    print(
        f"migration 2 -> 3 killed before each of its {kills} statements: left half-done "
        f"{half_done} times, and every next start finished it; killed after its commit "
        f"(exit {run.returncode}): whole {migrated(path)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", type=int, default=50, help="CLI calls per process")
    parser.add_argument("--api", type=int, default=150, help="API calls per process")
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument(
        "--first-starts", type=int, default=100, help="pairs (and a quarter as many fours)"
    )
    parser.add_argument("--only-first-starts", action="store_true")
    args = parser.parse_args()
    from card_db.db import prepare_database

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        template = folder / "template.sqlite"
        prepare_database(template).dispose()
        first_starts(folder, args.first_starts, 2)
        first_starts(folder, max(1, args.first_starts // 4), 4)
        if args.only_first_starts:
            return
        cli_writers(template, folder, args.cli)
        api_writers(template, folder, args.api)
        killed_writer(template, folder, args.kills, random.Random(7))
        killed_migration(template, folder)


if __name__ == "__main__":
    main()
