"""Title keys for the rules, cached: ``check_deck`` runs on every edit in the TUI and the
same titles come back each time."""

from __future__ import annotations

from functools import cache

from card_db.names import title_key as _title_key

title_key = cache(_title_key)
