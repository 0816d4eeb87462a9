"""Benchmarks of the bubbles and blocks search on the issue's sizes: 10x12 and 15x20.

Run: ``python -m pytest bench/bench_bubbles.py --benchmark-enable -p no:xdist -q``.
Each timing includes building the search and its start (the first propagation,
which runs when the search is first asked for solutions).
In CI the benchmarks run once as plain tests and check their answers.
"""

from __future__ import annotations

import pytest

from backtrack import Verdict
from backtrack_puzzles.bubbles import PUZZLE, generate, parse, render, search


def spec_of(example: str):
    return parse(PUZZLE.examples[example].read_text(encoding="utf-8"), example)


def rules_hold(spec, solution) -> bool:
    """A quick check that a solution is a valid final grid."""
    grid = render(spec, solution).splitlines()
    rows = len(grid)
    return all(
        (char != "*" or r == rows - 1 or grid[r + 1][k] in "#*") and (char != "O" or r == 0 or grid[r - 1][k] in "#O")
        for r, line in enumerate(grid)
        for k, char in enumerate(line)
    ) and sorted(solution) == sorted(spec.regions)


@pytest.mark.parametrize("example", ["generated-10x12", "generated-15x20"])
def bench_first_solution(benchmark, example):
    spec = spec_of(example)
    solution = benchmark(lambda: search(spec).first())
    assert rules_hold(spec, solution)


@pytest.mark.parametrize("example, verdict", [
    ("generated-10x12", Verdict.AMBIGUOUS),
    ("generated-15x20", Verdict.AMBIGUOUS),
    ("unique-8x8", Verdict.UNIQUE),
])
def bench_verdict(benchmark, example, verdict):
    spec = spec_of(example)
    assert benchmark(lambda: search(spec).verdict()) is verdict


def bench_count_all_10x12(benchmark):
    spec = spec_of("generated-10x12")
    assert benchmark(lambda: search(spec).count()) == 320


def bench_count_10000_of_15x20(benchmark):
    spec = spec_of("generated-15x20")
    assert benchmark(lambda: search(spec).count(limit=10_000)) == 10_000


@pytest.mark.parametrize("seed", [11, 12, 13])
def bench_generated_15x20_first(benchmark, seed):
    spec = generate(15, 20, seed)
    assert rules_hold(spec, benchmark(lambda: search(spec).first()))
