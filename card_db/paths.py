"""Where the database lives: --db, else $DECKBUILDER_DB, else the user data folder."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "DECKBUILDER_DB"


def database_path(explicit: str | os.PathLike | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("deckbuilder") / "cards.sqlite"
