"""Where the database lives: --db, else $DECKBUILDER_DB, else the user data folder; and
where the crash log goes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_VAR = "DECKBUILDER_DB"
APP = "deckbuilder"


def database_path(explicit: str | os.PathLike | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    return user_data_dir() / "cards.sqlite"


def user_data_dir() -> Path:
    if _is_xdg():
        return _xdg_dir("XDG_DATA_HOME", "~/.local/share")
    from platformdirs import user_data_path

    return user_data_path(APP)


def user_log_dir() -> Path:
    if _is_xdg():
        return _xdg_dir("XDG_STATE_HOME", "~/.local/state") / "log"
    from platformdirs import user_log_path

    return user_log_path(APP)


# On Linux the folders follow the XDG base directories, as platformdirs places them there;
# reading two variables here spares every command importing platformdirs (~7 ms).
def _is_xdg() -> bool:
    return sys.platform.startswith("linux") and "ANDROID_DATA" not in os.environ


def _xdg_dir(variable: str, default: str) -> Path:
    base = os.environ.get(variable, "").strip() or os.path.expanduser(default)
    return Path(base) / APP
