"""Long work shows its progress on one line of a terminal, and nothing when stderr is a pipe
or a file: the first run's loading of the card pool, and `db import`."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

from conftest import requires_shared, run_cli

from deckbuilder.commands.progress import ProgressLine


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_redrawn_in_place_then_one_line_ended():
    out = Terminal()
    line = ProgressLine(stream=out)
    for done in range(4):
        line("loading", done, 3)
    text = out.getvalue()
    assert text.count("\n") == 1 and text.endswith("3/3\n")
    assert text.count("\r") == 4
    assert "[" + "#" * 24 + "]" in text


def test_nothing_into_a_pipe_or_a_file():
    out = io.StringIO()
    line = ProgressLine(stream=out)
    for done in range(4):
        line("loading", done, 3)
    assert out.getvalue() == ""


def test_a_first_run_on_a_terminal_shows_one_progress_line(tmp_path):
    """A real first command under a pseudo-terminal: the loading is one line, redrawn."""
    env = dict(os.environ, DECKBUILDER_DB=str(tmp_path / "cards.sqlite"), COLUMNS="100")
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "deckbuilder", "search", "dagon"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    out, _ = proc.communicate(timeout=60)
    os.close(leader)
    err = b"".join(chunks).decode()
    assert proc.returncode == 0 and b"Dagon" in out
    assert "loading the card pool (first run only)" in err
    assert err.count("\n") == 1 and err.count("\r") >= 3  # pty line ends are "\r\n"


def test_a_first_run_into_a_pipe_prints_no_progress(tmp_path):
    env = dict(os.environ, DECKBUILDER_DB=str(tmp_path / "cards.sqlite"))
    done = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "search", "dagon"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0 and "Dagon" in done.stdout
    assert done.stderr == ""


def test_an_import_of_many_files_prints_no_line_per_file_into_a_pipe(full_db_env):
    sets = requires_shared("carddata", "tdnordine-Call-of-Cthulhu-OCTGN", "o8g", "Sets")
    code, out, err = run_cli("db", "import", str(sets))
    assert code == 0 and err == ""
    assert out.count("\n") == 1 and "0 imported, 0 updated" in out
