"""Where the database lives: --db, else $DECKBUILDER_DB, else the user data folder; and
where the crash log goes. Paths are strings: pathlib costs a start-up ~6 ms to import."""

from __future__ import annotations

import os
import sys

ENV_VAR = "DECKBUILDER_DB"
APP = "deckbuilder"


def database_path(explicit: str | os.PathLike | None = None) -> str:
    if explicit:
        return os.path.expanduser(os.fspath(explicit))
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return os.path.expanduser(from_env)
    return os.path.join(user_data_dir(), "cards.sqlite")


def user_data_dir() -> str:
    if _is_xdg():
        return _xdg_dir("XDG_DATA_HOME", "~/.local/share")
    import platformdirs

    return platformdirs.user_data_dir(APP)


def user_log_dir() -> str:
    if _is_xdg():
        return os.path.join(_xdg_dir("XDG_STATE_HOME", "~/.local/state"), "log")
    import platformdirs

    return platformdirs.user_log_dir(APP)


# On Linux the folders follow the XDG base directories, as platformdirs places them there;
# reading two variables here spares every command importing platformdirs (~7 ms).
def _is_xdg() -> bool:
    return sys.platform.startswith("linux") and "ANDROID_DATA" not in os.environ


def _xdg_dir(variable: str, default: str) -> str:
    base = os.environ.get(variable, "").strip() or os.path.expanduser(default)
    return os.path.join(base, APP)
