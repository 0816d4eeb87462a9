"""Engine overhead and queens counting against hand-written baselines, in the same run.

Targets: the engine drives the classic queens search no slower than the tutorial's
recursive driver (ratio at most 1.0), and counts 12 queens within 3x of a plain
bitmask counter.  The engine is also compared with a stricter baseline: the same
recursion with the five methods bound to local names once, which no engine that
calls methods on the puzzle object can do much better than.
Run: ``python -m pytest bench/bench_engine.py --benchmark-enable -p no:xdist``.
"""

from __future__ import annotations

import pytest

from backtrack import Search
from backtrack_puzzles import queens


def tutorial_driver(search: Search) -> tuple[int, int]:
    """The tutorial's way: a recursive function calling the five methods on the puzzle object."""
    solutions = attempts = 0

    def go(level: int) -> None:
        nonlocal solutions, attempts
        for move in search.moves(level):
            attempts += 1
            if search.valid(level, move):
                search.record(level, move)
                if search.done(level):
                    solutions += 1
                else:
                    go(level + 1)
                search.undo(level, move)

    go(0)
    return solutions, attempts


def bound_driver(search: Search) -> tuple[int, int]:
    """The same recursion with the five methods bound to local names once."""
    solutions = attempts = 0
    moves, valid, record, undo, done = search.moves, search.valid, search.record, search.undo, search.done

    def go(level: int) -> None:
        nonlocal solutions, attempts
        for move in moves(level):
            attempts += 1
            if valid(level, move):
                record(level, move)
                if done(level):
                    solutions += 1
                else:
                    go(level + 1)
                undo(level, move)

    go(0)
    return solutions, attempts


def bitmask_counter(n: int) -> int:
    """A plain hand-written pure-Python N-Queens counter over three bitmasks."""
    full = (1 << n) - 1

    def go(columns: int, rising: int, falling: int) -> int:
        if columns == full:
            return 1
        total = 0
        free = full & ~(columns | rising | falling)
        while free:
            bit = free & -free
            free ^= bit
            total += go(columns | bit, ((rising | bit) << 1) & full, (falling | bit) >> 1)
        return total

    return go(0, 0, 0)


OVERHEAD_N = 9


def test_engine_overhead_engine(benchmark, ratio):
    search = queens.search(queens.Queens(OVERHEAD_N), method="classic")
    benchmark.group = "engine overhead: classic queens 9"
    assert benchmark(search.count) == 352
    ratio(benchmark, "engine overhead vs tutorial driver", "engine")
    ratio(benchmark, "engine overhead vs bound-method driver", "engine")


@pytest.mark.parametrize("driver, group", [
    (tutorial_driver, "engine overhead vs tutorial driver"),
    (bound_driver, "engine overhead vs bound-method driver"),
])
def test_engine_overhead_recursive_driver(benchmark, ratio, driver, group):
    search = queens.search(queens.Queens(OVERHEAD_N), method="classic")
    benchmark.group = "engine overhead: classic queens 9"
    solutions, attempts = benchmark(driver, search)
    assert solutions == 352
    engine = queens.search(queens.Queens(OVERHEAD_N), method="classic")
    engine.count()
    assert attempts == engine.report.attempts, "the drivers and the engine make the same attempts"
    ratio(benchmark, group, "baseline")


def test_queens_12_engine(benchmark, ratio):
    search = queens.search(queens.Queens(12))
    benchmark.group = "queens 12 count"
    assert benchmark.pedantic(search.count, rounds=3, iterations=1) == 14200
    ratio(benchmark, "queens 12 count", "engine")


def test_queens_12_bitmask_counter(benchmark, ratio):
    benchmark.group = "queens 12 count"
    assert benchmark.pedantic(bitmask_counter, args=(12,), rounds=3, iterations=1) == 14200
    ratio(benchmark, "queens 12 count", "baseline")
