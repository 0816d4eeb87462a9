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


def load(name: str) -> tents.Zeltlager:
    return tents.parse(tents.PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def solves(spec: tents.Zeltlager, solution: tents.Layout) -> bool:
    """The counts and the no-touch rule hold, and each tree owns an adjacent tent of its own."""
    placed = set(solution.tents)
    rows = [sum(1 for t in placed if t // spec.csize == r) for r in range(spec.rsize)]
    cols = [sum(1 for t in placed if t % spec.csize == c) for c in range(spec.csize)]
    apart = all(not placed.intersection(spec.touching(t, solution.rules)) for t in placed)
    owners = dict(solution.assignment)
    matched = sorted(owners) == sorted(spec.trees) and sorted(owners.values()) == sorted(placed)
    adjacent = all(tent in spec.neighbors(tree) for tree, tent in owners.items())
    return rows == spec.rows and cols == spec.cols and apart and matched and adjacent


@pytest.mark.parametrize("name", ["15x15", "25x25"])
def bench_first_solution(benchmark, name):
    spec = load(name)
    solution = benchmark(lambda: tents.search(spec).first())
    assert solution is not None and solves(spec, solution)


@pytest.mark.parametrize("name", ["15x15", "25x25"])
def bench_unique_verdict(benchmark, name):
    spec = load(name)
    assert benchmark(lambda: tents.search(spec).verdict()) is Verdict.UNIQUE


def bench_random_25x25_with_several_layouts(benchmark):
    spec = tents.generate(25, 25, seed=10, unique=False)
    assert benchmark(lambda: tents.search(spec).verdict()) is Verdict.AMBIGUOUS
