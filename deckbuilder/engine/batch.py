"""Many goldfish games: ``run_batch(deck, games=, seed=, ...) -> GoldfishStats``.

Game ``i`` of a batch always uses the seed ``game_seed(seed, i)``, whatever the chunking or
the number of worker processes, so the same master seed gives the same figures with one
process or several (and any single game can be replayed with ``Game.new``). Chunks of
``CHUNK`` games run in a process pool for big batches; each returns its counters, which are
summed, so memory does not grow with the number of games.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import time
from collections.abc import Callable

from deckbuilder.engine.cards import compile_deck
from deckbuilder.engine.game import DEFAULT_TURN_CAP, Game
from deckbuilder.engine.policies import get_policy
from deckbuilder.engine.stats import GoldfishStats

CHUNK = 1000
PARALLEL_FROM = 4000  # below this, starting processes costs more than it saves
MAX_GAMES = 10_000_000  # about a quarter of an hour on two cores
# A 50-card deck is drawn out by turn 25; the statistics keep a counter per card and turn.
MAX_TURN_CAP = 1_000


def game_seed(seed: int, index: int) -> int:
    return seed * 2**32 + index


def _run_chunk(compiled, policy_name, first_player, turn_cap, seed, start, stop) -> GoldfishStats:
    # Games make no reference cycles (each is freed by reference counting when the next
    # starts), so the cycle collector only costs time here.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play_games(compiled, policy_name, first_player, turn_cap, seed, start, stop)
    finally:
        if collecting:
            gc.enable()


def _play_games(compiled, policy_name, first_player, turn_cap, seed, start, stop):
    policy = get_policy(policy_name)
    stats = GoldfishStats(
        compiled.cards,
        seed=seed,
        policy=policy_name,
        first_player=first_player,
        turn_cap=turn_cap,
        text=compiled.text,
    )
    new = Game.new
    for i in range(start, stop):
        game = new(
            compiled,
            game_seed(seed, i),
            first_player=first_player,
            turn_cap=turn_cap,
            log=False,
            track_playable=True,
        )
        stats.add_game(game.run(policy))
    return stats


_WORKER_ARGS: tuple = ()


def _init_worker(*args) -> None:
    global _WORKER_ARGS
    _WORKER_ARGS = args


def _worker_chunk(start: int, stop: int) -> GoldfishStats:
    return _run_chunk(*_WORKER_ARGS, start, stop)


def run_batch(
    deck,
    games: int = 1000,
    seed: int | None = None,
    *,
    policy: str = "greedy",
    first_player: bool = True,
    turn_cap: int = DEFAULT_TURN_CAP,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    text: bool = True,
) -> GoldfishStats:
    """Play ``games`` games and return their statistics.

    ``seed`` None picks one at random (it is reported in the stats); ``workers`` None uses
    every core for batches of ``PARALLEL_FROM`` games or more; ``progress(done, total)`` is
    called after each chunk; ``text=False`` plays keywords only (a ``CompiledDeck`` keeps
    its own setting).
    """
    if not 0 <= games <= MAX_GAMES:
        raise ValueError(f"games must be between 0 and {MAX_GAMES:,}")
    if not 1 <= turn_cap <= MAX_TURN_CAP:
        raise ValueError(f"the turn cap must be between 1 and {MAX_TURN_CAP:,}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    get_policy(policy)  # unknown names fail before any process starts
    compiled = compile_deck(deck, text)
    started = time.perf_counter()
    stats = GoldfishStats(
        compiled.cards,
        seed=seed,
        policy=policy,
        first_player=first_player,
        turn_cap=turn_cap,
        text=compiled.text,
    )
    chunks = [(a, min(a + CHUNK, games)) for a in range(0, games, CHUNK)]
    if workers is None:
        workers = (os.cpu_count() or 1) if games >= PARALLEL_FROM else 1
    workers = max(1, min(workers, len(chunks) or 1))
    args = (compiled, policy, first_player, turn_cap, seed)
    done = 0
    if workers == 1:
        for a, b in chunks:
            stats.merge(_run_chunk(*args, a, b))
            done += b - a
            if progress:
                progress(done, games)
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        # fork shares the already-imported engine with the workers (no re-import per process).
        method = "fork" if sys.platform.startswith("linux") else None
        context = multiprocessing.get_context(method)
        with ProcessPoolExecutor(
            workers, mp_context=context, initializer=_init_worker, initargs=args
        ) as pool:
            futures = {pool.submit(_worker_chunk, a, b): b - a for a, b in chunks}
            for future in as_completed(futures):
                stats.merge(future.result())
                done += futures[future]
                if progress:
                    progress(done, games)
    stats.elapsed = time.perf_counter() - started
    return stats
