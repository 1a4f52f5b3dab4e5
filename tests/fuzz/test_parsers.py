"""Every parser the CLI calls gives a result or one DeckbuilderError, in bounded time, on
any input (hypothesis). A few examples each by default; benchmarks/fuzz.py runs thousands."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings

from card_db.errors import DeckbuilderError
from fuzz.conftest import EXAMPLES
from fuzz.targets import TARGETS, TIME_LIMIT, big_inputs

BY_NAME = {target.name: target for target in TARGETS}


def run_bounded(target, data, env) -> None:
    started = time.perf_counter()
    try:
        target.run(data, env)
    except DeckbuilderError:
        pass
    elapsed = time.perf_counter() - started
    assert elapsed < TIME_LIMIT, f"{target.name}: {elapsed:.1f} s on {data[:200]!r}"


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_any_input_is_a_result_or_one_clear_error_in_bounded_time(target, fuzz_env):
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,  # the same inputs every run; benchmarks/fuzz.py explores
        suppress_health_check=list(HealthCheck),
    )
    @given(target.strategy)
    def check(data):
        run_bounded(target, data, fuzz_env)

    check()


@pytest.mark.fuzz_long
@pytest.mark.parametrize(
    ("shape", "name", "data"), big_inputs(), ids=[f"{n}: {s}" for s, n, _ in big_inputs()]
)
def test_big_hostile_inputs_are_read_or_refused_in_bounded_time(shape, name, data, fuzz_env):
    run_bounded(BY_NAME[name], data, fuzz_env)
