"""The fuzz suite's settings: a few examples per parser in the default run, more with
DECKBUILDER_FUZZ_EXAMPLES; the big hostile inputs (``fuzz_long``) run only with
DECKBUILDER_FUZZ_LONG=1 (benchmarks/fuzz.py sets both)."""

from __future__ import annotations

import os

import pytest

EXAMPLES = int(os.environ.get("DECKBUILDER_FUZZ_EXAMPLES", "15"))
LONG = os.environ.get("DECKBUILDER_FUZZ_LONG") == "1"


def pytest_configure(config):
    config.addinivalue_line("markers", "fuzz_long: big hostile inputs; DECKBUILDER_FUZZ_LONG=1")


def pytest_collection_modifyitems(config, items):
    skip = pytest.mark.skip(reason="a long fuzz run; set DECKBUILDER_FUZZ_LONG=1")
    for item in items:
        if "fuzz_long" in item.keywords and not LONG:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def fuzz_env(full_db, tmp_path_factory):
    from fuzz.targets import make_env

    env = make_env(full_db, tmp_path_factory.mktemp("fuzz"))
    yield env
    env.engine.dispose()
