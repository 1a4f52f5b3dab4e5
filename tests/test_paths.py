"""The database and crash-log folders: read from the XDG variables on Linux, where
platformdirs would put them (it is not imported on start-up)."""

from __future__ import annotations

import os
import sys

import platformdirs
import pytest

from card_db import paths

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG is Linux")


@pytest.mark.parametrize("data_home", [None, "", "   ", "/tmp/xdg data"])
@pytest.mark.parametrize("state_home", [None, "", "/tmp/xdg-state"])
def test_folders_are_where_platformdirs_puts_them(monkeypatch, data_home, state_home):
    for variable, value in (("XDG_DATA_HOME", data_home), ("XDG_STATE_HOME", state_home)):
        if value is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, value)
    assert paths.user_data_dir() == platformdirs.user_data_dir("deckbuilder")
    assert paths.user_log_dir() == platformdirs.user_log_dir("deckbuilder")


def test_database_path_prefers_the_option_then_the_variable(monkeypatch, tmp_path):
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "env.sqlite"))
    assert paths.database_path(tmp_path / "opt.sqlite") == str(tmp_path / "opt.sqlite")
    assert paths.database_path() == str(tmp_path / "env.sqlite")
    monkeypatch.delenv(paths.ENV_VAR)
    expected = os.path.join(platformdirs.user_data_dir("deckbuilder"), "cards.sqlite")
    assert paths.database_path() == expected
