"""Every data file the code reads at run time ships in the installed package, not only in a
source checkout (an editable install hides a file the wheel leaves out)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_data_file_in_the_packages_is_declared_as_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = config["tool"]["setuptools"]["package-data"]
    for package in ("card_db", "deckbuilder"):
        folder = ROOT / package
        for path in folder.rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(folder).as_posix()
            assert any(fnmatch(relative, pattern) for pattern in declared.get(package, [])), (
                f"{package}/{relative} is not in [tool.setuptools.package-data]"
            )
