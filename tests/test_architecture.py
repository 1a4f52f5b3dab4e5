"""The domain never imports the UI: card_db and deckbuilder outside deckbuilder/tui."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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


# Each costs a start-up from 2 to 30 ms to import: the read commands do without them.
COSTLY_AT_START = (
    "sqlalchemy", "sqlmodel", "textual", "rapidfuzz", "typing", "pathlib", "platformdirs",
    "shutil", "dataclasses",
)  # fmt: skip


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "f:cthulhu", "t:char"], ["search", "itinerant"], ["search", "yog sothoth lord"],
        ["search", "itinrant", "scholr"], ["card", "Itinerant Scholar"], ["card", "carl stanford"],
        ["show", "EXAMPLE"],
    ],
)  # fmt: skip
def test_read_commands_import_nothing_costly(full_db_env, argv):
    """`search`, `card` and `show` stay on the plain-sqlite3 read path, collection included.
    Modules the interpreter's start-up already loaded (an editable install loads pathlib)
    are dropped first, so that importing them again is seen."""
    import os
    import subprocess
    import sys

    from conftest import run_cli
    from test_goldfish_cli import EXAMPLE_DECK

    assert run_cli("collection", "add", "Core")[0] == 0
    argv = [str(EXAMPLE_DECK) if a == "EXAMPLE" else a for a in argv]
    code = (
        f"import sys; [sys.modules.pop(m, None) for m in {COSTLY_AT_START!r}];"
        f"from deckbuilder.cli import main; code = main({argv!r});"
        f"print('loaded:', [m for m in {COSTLY_AT_START!r} if m in sys.modules], code)"
    )
    env = {**os.environ, "DECKBUILDER_DB": str(full_db_env)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "loaded: [] 0"


# What a search answered word for word does without: the fuzzy scorer and what only it
# uses (a query that no name holds word for word needs them).
NOT_FOR_A_WORD_SEARCH = ("card_db.fuzzy", "bisect", "itertools")


@pytest.mark.parametrize("argv", [["search", "itinerant"], ["search", "yog", "sothoth", "lord"]])
def test_a_search_found_word_for_word_imports_no_fuzzy_scorer(full_db_env, argv):
    import os
    import subprocess
    import sys

    code = (
        f"import sys; [sys.modules.pop(m, None) for m in {NOT_FOR_A_WORD_SEARCH!r}];"
        f"from deckbuilder.cli import main; code = main({argv!r});"
        f"print('loaded:', [m for m in {NOT_FOR_A_WORD_SEARCH!r} if m in sys.modules], code)"
    )
    env = {**os.environ, "DECKBUILDER_DB": str(full_db_env)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "loaded: [] 0"


def test_the_collection_package_gives_every_name_it_lists():
    """Its names are imported on first use; each must come from the module that has it."""
    import deckbuilder.collection as collection

    for name in collection.__all__:
        assert getattr(collection, name) is not None, name
    with pytest.raises(AttributeError):
        collection.no_such_name  # noqa: B018


def test_no_collection_module_shadows_a_name_the_package_gives():
    """Importing a submodule binds its name on the package: a module named like a function
    the package gives would replace that function once anything imported the module."""
    import pkgutil

    import deckbuilder.collection as collection

    modules = {m.name for m in pkgutil.iter_modules(collection.__path__)}
    assert modules and not modules & set(collection.__all__)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Our modules and the modules of ours each imports, at module level or inside a
    function alike (a function-level import closes a circle just the same, only later).
    ``from package import submodule`` counts as importing the submodule."""
    files = [p for pkg in ("card_db", "deckbuilder") for p in (ROOT / pkg).rglob("*.py")]
    modules = {_module_name(p): p for p in files}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    deps.add(sub if sub in modules else node.module)
        graph[name] = {d for d in deps if d in modules and d != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_cycle_finder_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_layers_import_downward_only():
    """No circle of imports among our modules: each layer imports only those below it."""
    graph = _import_graph()
    assert len(graph) > 100
    assert _cycles(graph) == []
