"""The database under two writers at once, kills, locks, read-only and damaged files, and
files of other programs: no update lost, nothing half-saved, one clear line when it cannot
work."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import run_cli

from card_db import db
from card_db.sqlite_errors import BUSY

# A worker process: waits until every worker is ready, then writes.
WORKER = textwrap.dedent(
    """
    import contextlib, io, sys, time
    from pathlib import Path

    mode, path, barrier, workers, n = sys.argv[1:6]
    from card_db.store import write_transaction
    from deckbuilder import collection
    from deckbuilder.cli import main

    Path(f"{barrier}.{mode}.{time.perf_counter_ns()}").touch()
    deadline = time.time() + 30
    while len(list(Path(barrier).parent.glob(Path(barrier).name + ".*"))) < int(workers):
        if time.time() > deadline:
            sys.exit("the other worker never came")
        time.sleep(0.001)
    codes = []
    with contextlib.redirect_stdout(io.StringIO()):
        for _ in range(int(n)):
            if mode == "cli":
                codes.append(main(["--db", path, "collection", "add-card", "Dagon"]))
            elif mode == "api":
                with write_transaction(path) as connection:
                    collection.add_card("Core-042", 1, session=connection)
                codes.append(0)
            else:
                codes.append(main(["--db", path, "collection", "add", "Core Set"]))
    print(codes.count(0))
    """
)


def _workers(mode: str, path, tmp_path, *, workers: int = 2, n: int = 1) -> list:
    barrier = tmp_path / "barrier"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, mode, str(path), str(barrier), str(workers), str(n)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(workers)
    ]
    return [p.communicate(timeout=120) + (p.returncode,) for p in procs]


def _dagon_owned(path) -> int:
    from deckbuilder import collection

    with sqlite3.connect(path) as connection:
        return collection.owned_counts(session=connection).get("Core-042", 0)


@pytest.mark.parametrize(("mode", "n"), [("cli", 50), ("api", 150)])
def test_two_processes_writing_at_once_lose_no_update(full_db_env, tmp_path, mode, n):
    results = _workers(mode, full_db_env, tmp_path, n=n)
    for out, err, code in results:
        assert code == 0 and out.strip() == str(n), err
    assert _dagon_owned(full_db_env) == 2 * n


def test_two_first_starts_at_once_on_a_new_database_both_succeed(tmp_path):
    path = tmp_path / "new" / "cards.sqlite"
    path.parent.mkdir()  # a --db in a folder that does not exist is refused
    results = _workers("product", path, tmp_path)
    for out, err, code in results:
        assert code == 0 and out.strip() == "1", err
    assert all(err == "" for _out, err, _code in results)  # no progress into a pipe
    code, out, _err = run_cli("--db", str(path), "collection", "show", "--json")
    assert code == 0 and json.loads(out)["products"][0]["count"] == 2
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM card").fetchone()[0] == 2773
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_four_first_starts_at_once_all_succeed(tmp_path):
    path = tmp_path / "cards.sqlite"
    results = _workers("product", path, tmp_path, workers=4)
    for out, err, code in results:
        assert code == 0 and out.strip() == "1", err
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM card").fetchone()[0] == 2773


def test_a_first_start_waits_for_another_preparing_the_new_file_however_long(tmp_path):
    """A first run that finds the new file held by another first run (creating it, switching
    it to WAL) waits for it, even past the 5 s a writer waits, instead of saying "busy"."""
    path = tmp_path / "cards.sqlite"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # what a first run holds while it prepares the file
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "deckbuilder", "--db", str(path), "search", "dagon"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(db.BUSY_TIMEOUT + 1.5)
    assert proc.poll() is None, proc.communicate()[1]  # still waiting, not failed
    holder.execute("ROLLBACK")
    holder.close()
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Dagon" in out and time.monotonic() - started > db.BUSY_TIMEOUT


def test_a_writer_holding_the_lock_too_long_is_a_busy_error_and_readers_go_on(
    full_db_env, monkeypatch
):
    monkeypatch.setattr(db, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(full_db_env, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO collection_product (product, count) VALUES ('SoA', 1)")
    try:
        code, out, err = run_cli("collection", "add-card", "Dagon")
        assert (code, out) == (2, "")
        assert err == f"deckbuilder: error: {BUSY}\n"
        code, out, _err = run_cli("collection", "show", "--json")  # a reader never waits
        assert code == 0 and json.loads(out)["products"] == []
        assert run_cli("search", "dagon")[0] == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run_cli("collection", "add-card", "Dagon")[0] == 0


@pytest.fixture
def read_only_db(full_db_env):
    """The database file made read-only (for root, who ignores modes, immutable)."""
    full_db_env.chmod(0o444)
    immutable = os.geteuid() == 0
    if immutable:
        made = subprocess.run(["chattr", "+i", str(full_db_env)], capture_output=True)
        if made.returncode != 0:
            full_db_env.chmod(0o644)
            pytest.skip("running as root where files cannot be made read-only")
    try:
        yield full_db_env
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(full_db_env)], check=True)
        full_db_env.chmod(0o644)


def test_a_read_only_database_reads_fine_and_refuses_writes_saying_why(read_only_db):
    assert run_cli("search", "dagon")[0] == 0
    code, out, _err = run_cli("collection", "show", "--json")
    assert code == 0 and json.loads(out)["cards"] == 0
    code, out, err = run_cli("collection", "add", "Core")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "read-only" in err and "not a usable" not in err


def test_a_damaged_page_is_one_clear_line(full_db, tmp_path):
    path = tmp_path / "damaged.sqlite"
    shutil.copy(full_db, path)
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    page = data.index(b"Itinerant Scholar") // page_size
    assert page > 0
    data[page * page_size : page * page_size + 64] = b"\xa5" * 64  # a page header, garbled
    path.write_bytes(bytes(data))
    code, out, err = run_cli("--db", str(path), "search", "t:char")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "is damaged" in err and "collection export" in err and "deck files" in err


@pytest.mark.parametrize(
    "make",
    [
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
        "PRAGMA application_id = 1234",
        "CREATE TABLE card (id); PRAGMA user_version = 0",
    ],
)
def test_a_sqlite_file_of_another_program_is_refused_untouched(tmp_path, make):
    path = tmp_path / "theirs.sqlite"
    connection = sqlite3.connect(path, isolation_level=None)
    for statement in make.split("; "):
        connection.execute(statement)
    connection.close()
    before = path.read_bytes()
    for argv in (["search", "dagon"], ["collection", "add", "Core"]):
        code, _out, err = run_cli("--db", str(path), *argv)
        assert code == 2 and err.count("\n") == 1 and "another program" in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.sqlite"]


KILLED_WRITER = textwrap.dedent(
    """
    import sys
    from card_db.store import write_transaction
    from deckbuilder import collection

    for i in range(1, 100000):
        with write_transaction(sys.argv[1]) as connection:
            collection.add_card("Core-042", 1, session=connection)
        print(i, flush=True)
    """
)


def test_collection_writes_killed_at_any_moment_lose_nothing_committed(full_db_env):
    owned = 0
    for kill in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, str(full_db_env)],
            stdout=subprocess.PIPE,
            text=True,
        )
        committed = 0
        wanted = 5 + 7 * kill  # a different moment each time
        while committed < wanted:
            committed = int(proc.stdout.readline())
        time.sleep(0.003 * kill)
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read().split()
        proc.wait()
        committed = int(rest[-1]) if rest else committed
        now = _dagon_owned(full_db_env)
        # Every commit reported is there; at most the one under way when killed more.
        assert owned + committed <= now <= owned + committed + 1
        owned = now
        with sqlite3.connect(full_db_env) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


KILLED_IMPORT = textwrap.dedent(
    """
    import os, signal, sqlite3, sys
    from card_db import store
    from deckbuilder.cli import main

    opened = store._open

    def traced(path):
        connection = opened(path)
        inserts = []

        def trace(sql):
            if sql.startswith("INSERT"):
                inserts.append(sql)
                if len(inserts) == 3:
                    os.kill(os.getpid(), signal.SIGKILL)

        connection.set_trace_callback(trace)
        return connection

    store._open = traced
    main(["--db", sys.argv[1], "collection", "import", sys.argv[2]])
    """
)


def test_an_import_killed_midway_leaves_the_collection_as_it_was(full_db_env, tmp_path):
    run_cli("collection", "add", "Core")
    run_cli("collection", "add-card", "Dagon", "--count", "2")
    backup = tmp_path / "before.csv"
    run_cli("collection", "export", str(backup))
    other = tmp_path / "other.csv"
    other.write_text(
        "kind,name,title,count\nproduct,SoA,,1\nproduct,TSotS,,2\ncard,,Paul LeMond,1\n",
        encoding="utf-8",
    )
    run = subprocess.run(
        [sys.executable, "-c", KILLED_IMPORT, str(full_db_env), str(other)], capture_output=True
    )
    assert run.returncode == -signal.SIGKILL, run.stderr
    after = tmp_path / "after.csv"
    run_cli("collection", "export", str(after))
    assert after.read_bytes() == backup.read_bytes()
