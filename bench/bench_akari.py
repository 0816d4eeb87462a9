"""Akari bench: unique-solution 14x14, 25x25 and 40x40 puzzles (the shipped examples).

Measure with::

    python -m pytest bench/bench_akari.py --benchmark-enable -p no:xdist -q

Each bench times building the search and running it (parsing excluded): the first
solution, and the uniqueness verdict (a search that stops at the second solution,
here a complete search since the puzzles are unique).  The verdict is also timed
without probing (``probe="no"``: propagation and branching only); the speed-ratio
summary prints probing / no probing.  With ``--benchmark-disable`` (as in CI) every
bench runs once and checks the answer.
"""

from __future__ import annotations

import pytest

from backtrack import Verdict
from backtrack_puzzles import akari

SIZES = {"medium": (14, 14), "large": (25, 25), "huge": (40, 40)}


def load(name: str) -> akari.LightUp:
    spec = akari.parse(akari.PUZZLE.examples[name].read_text(), name)
    assert (spec.rows, spec.cols) == SIZES[name]
    return spec


def is_solution(spec: akari.LightUp, lamps) -> bool:
    """Through the Dutch exercise's class: place every lamp (each placement checked), then isOpgelost."""
    grid = akari.Akari(spec.rows, spec.cols, spec.black_cells())
    for lamp in lamps:
        grid.plaatsLamp(*lamp)
    return grid.isOpgelost() and not akari.check(spec, lamps)


@pytest.mark.parametrize("name", list(SIZES))
def bench_first_solution(benchmark, name):
    spec = load(name)
    solution = benchmark(lambda: akari.search(spec).first())
    assert solution is not None and is_solution(spec, solution)


@pytest.mark.parametrize("name", list(SIZES))
def bench_verdict(benchmark, ratio, name):
    spec = load(name)
    verdict = benchmark(lambda: akari.search(spec).verdict())
    assert verdict is Verdict.UNIQUE
    ratio(benchmark, f"akari {name} verdict", "probing")


@pytest.mark.parametrize("name", list(SIZES))
def bench_verdict_without_probing(benchmark, ratio, name):
    spec = load(name)
    verdict = benchmark(lambda: akari.search(spec, probe="no").verdict())
    assert verdict is Verdict.UNIQUE
    ratio(benchmark, f"akari {name} verdict", "baseline")
