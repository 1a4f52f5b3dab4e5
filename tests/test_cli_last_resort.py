"""The CLI's last resort: a bug is one line and exit 3 with the traceback in a log file, an
interrupt is one line and exit 130; neither ever prints a traceback."""

from __future__ import annotations

import pytest
from conftest import run_cli

from deckbuilder import cli
from deckbuilder.commands import db as db_command


@pytest.fixture
def crash_dir(tmp_path, monkeypatch):
    folder = tmp_path / "logs"
    monkeypatch.setattr(cli, "crash_log_dir", lambda: folder)
    return folder


def raising(exception: BaseException):
    def handler(args):
        raise exception

    return handler


def test_an_unexpected_exception_is_one_line_exit_3_and_a_log_with_the_traceback(
    crash_dir, monkeypatch
):
    monkeypatch.setattr(db_command, "run_info", raising(ZeroDivisionError("division by zero")))
    code, out, err = run_cli("db", "info")
    assert code == 3
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("deckbuilder: internal error (ZeroDivisionError: division by zero)")
    log = crash_dir / cli.CRASH_LOG
    assert str(log) in err
    report = log.read_text(encoding="utf-8")
    assert "Traceback" in report and "ZeroDivisionError" in report
    assert "['db', 'info']" in report


def test_a_crash_whose_log_cannot_be_written_still_exits_3_in_one_line(tmp_path, monkeypatch):
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("")
    monkeypatch.setattr(cli, "crash_log_dir", lambda: blocker / "logs")
    monkeypatch.setattr(db_command, "run_info", raising(RuntimeError("boom\nsecond line")))
    code, _out, err = run_cli("db", "info")
    assert code == 3
    assert err.count("\n") == 1
    assert "RuntimeError: boom second line" in err and "could not be saved" in err


def test_a_long_exception_message_is_cut_to_one_short_line(crash_dir, monkeypatch):
    monkeypatch.setattr(db_command, "run_info", raising(ValueError("x" * 10_000)))
    code, _out, err = run_cli("db", "info")
    assert code == 3 and err.count("\n") == 1 and len(err) < 400


def test_keyboard_interrupt_is_one_line_and_exit_130(crash_dir, monkeypatch):
    monkeypatch.setattr(db_command, "run_info", raising(KeyboardInterrupt()))
    assert run_cli("db", "info") == (130, "", "deckbuilder: interrupted\n")
    assert not crash_dir.exists()


def test_bad_input_stays_exit_2_and_is_not_logged_as_a_crash(crash_dir, tmp_path):
    code, _out, err = run_cli("check", str(tmp_path / "missing.txt"))
    assert code == 2 and "internal error" not in err
    assert not crash_dir.exists()
