"""The domain never imports the UI: card_db and deckbuilder outside deckbuilder/tui."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def domain_files() -> list[Path]:
    files = list((ROOT / "card_db").rglob("*.py")) + list((ROOT / "deckbuilder").rglob("*.py"))
    return [f for f in files if (ROOT / "deckbuilder" / "tui") not in f.parents]


def test_domain_modules_never_import_textual():
    offenders = [
        str(f.relative_to(ROOT))
        for f in domain_files()
        if any(name == "textual" or name.startswith("textual.") for name in _imports(f))
    ]
    assert domain_files(), "no domain modules found"
    assert offenders == []


def test_cli_search_path_does_not_import_sqlalchemy_or_textual():
    """`deckbuilder search` on a ready database must not pay for SQLAlchemy or Textual."""
    import subprocess
    import sys

    code = (
        "import sys; from deckbuilder.cli import build_parser; build_parser();"
        "import card_db.store, card_db.search, card_db.query;"
        "print(','.join(m for m in ('sqlalchemy','sqlmodel','textual') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
