"""Card data importers. ``import_paths`` picks the importer for each path by its content and
writes everything in one transaction: a bad file leaves the database as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from card_db.errors import CardDataError

HEAD_BYTES = 4096


def _importers():
    from card_db.importers import cthulhucli, lackey, octgn

    return [cthulhucli, octgn, lackey]


def _expand(path: Path) -> list[Path]:
    if path.is_dir():
        found = sorted(p for p in path.rglob("*") if p.is_file() and p.name.lower() == "set.xml")
        if not found:
            raise CardDataError(f"{path}: folder holds no OCTGN set.xml file")
        return found
    if not path.exists():
        raise CardDataError(f"{path}: no such file or folder")
    return [path]


def import_paths(
    engine,
    paths: Iterable[str | Path],
    *,
    progress: Callable[[str, int, int], None] | None = None,
):
    """Import every file (or OCTGN set folder) in ``paths``; returns the summed ImportResult.
    ``progress(label, done, total)`` hears of each file."""
    from card_db.importers.upsert import ImportResult

    files = [f for p in paths for f in _expand(Path(p))]
    total = ImportResult()
    with engine.begin() as connection:
        for n, file in enumerate(files):
            try:
                with open(file, "rb") as handle:
                    head = handle.read(HEAD_BYTES)
            except OSError as exc:
                raise CardDataError(f"{file}: cannot read: {exc.strerror}") from None
            importer = next((m for m in _importers() if m.looks_like(file, head)), None)
            if importer is None:
                raise CardDataError(
                    f"{file}: not a known card data format "
                    "(cthulhucli JSON Lines, OCTGN set.xml or LackeyCCG CardDataFile.txt)"
                )
            if progress:
                progress(f"importing {file.name}", n, len(files))
            total += importer.apply(connection, file)
        from card_db.identity import assign_card_ids

        assign_card_ids(connection.connection.driver_connection)
        if progress:
            progress("imported", len(files), len(files))
    return total
