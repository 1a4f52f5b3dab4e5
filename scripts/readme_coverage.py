"""Write the coverage table of `deckbuilder goldfish --coverage` into README.md (the block
after "Coverage per set"); `--check` only says whether it is current (exit 1 if not).

    .venv/bin/python scripts/readme_coverage.py [--check]
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(
    r"(Coverage per set \(`deckbuilder goldfish --coverage`[^\n]*\n\n```\n)(.*?)(```)", re.S
)


def current_table() -> str:
    out = subprocess.run(
        [sys.executable, "-m", "deckbuilder", "goldfish", "--coverage"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out.split("\n\nSolo text not simulated:")[0].rstrip() + "\n"


def main() -> int:
    text = README.read_text(encoding="utf-8")
    match = BLOCK.search(text)
    if match is None:
        sys.exit("README.md has no coverage block")
    table = current_table()
    if "--check" in sys.argv:
        return 0 if match.group(2) == table else 1
    README.write_text(text[: match.start(2)] + table + text[match.end(2) :], encoding="utf-8")
    print(table.splitlines()[-1])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
