"""Benchmarks of the tents plugin: the shipped 15x15 and 25x25 standard puzzles.

Each is timed for the first solution and for the uniqueness verdict (search until
a second solution).  A random 25x25 board that was not made unique (several
layouts, so the search must branch) shows the search beyond propagation.

Measure with: python -m pytest bench/bench_tents.py --benchmark-enable -p no:xdist -q
"""

from __future__ import annotations

import pytest

from backtrack import Verdict
from backtrack_puzzles import tents


def load(name: str) -> tents.TentsCamp:
    return tents.parse(tents.PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def solves(camp: tents.TentsCamp, solution: tents.Layout) -> bool:
    """The counts and the no-touch rule hold, and each tree owns an adjacent tent of its own."""
    placed = set(solution.tents)
    rows = tuple(sum(1 for t in placed if t // camp.cols == r) for r in range(camp.rows))
    cols = tuple(sum(1 for t in placed if t % camp.cols == c) for c in range(camp.cols))
    apart = all(not placed.intersection(camp.touching(t, solution.rules)) for t in placed)
    owners = dict(solution.assignment)
    matched = sorted(owners) == sorted(camp.trees) and sorted(owners.values()) == sorted(placed)
    adjacent = all(tent in camp.neighbours(tree) for tree, tent in owners.items())
    return rows == camp.row_counts and cols == camp.col_counts and apart and matched and adjacent


@pytest.mark.parametrize("name", ["15x15", "25x25"])
def bench_first_solution(benchmark, name):
    camp = load(name)
    solution = benchmark(lambda: tents.search(camp).first())
    assert solution is not None and solves(camp, solution)


@pytest.mark.parametrize("name", ["15x15", "25x25"])
def bench_unique_verdict(benchmark, name):
    camp = load(name)
    assert benchmark(lambda: tents.search(camp).verdict()) is Verdict.UNIQUE


def bench_random_25x25_with_several_layouts(benchmark):
    camp = tents.generate(25, 25, seed=10, unique=False)
    assert benchmark(lambda: tents.search(camp).verdict()) is Verdict.AMBIGUOUS
