"""The deck files a command line names: files as given, folders as the deck files in them
(a tournament's decklists in one folder), so `check decks/` checks them all."""

from __future__ import annotations

import os
from pathlib import Path


def expand_deck_paths(paths: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """Files to read, in the order given, each folder's readable deck files sorted (its
    subfolders too, hidden ones left out); and (folder, message) for folders with none."""
    from deckbuilder.formats import READABLE_SUFFIXES

    files: list[str] = []
    empty: list[tuple[str, str]] = []
    for path in paths:
        if not os.path.isdir(path):
            files.append(path)
            continue
        found = sorted(
            str(p)
            for p in Path(path).rglob("*")
            if p.suffix.lower() in READABLE_SUFFIXES
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
            and p.is_file()
        )
        if found:
            files += found
        else:
            empty.append(
                (path, f"{path}: no deck files in this folder ({', '.join(READABLE_SUFFIXES)})")
            )
    return files, empty
