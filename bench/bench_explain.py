"""What explaining costs: nothing when it is off, and the time of an explanation when it is on.

Measure with::

    python -m pytest bench/bench_explain.py --benchmark-enable -p no:xdist -q

For each propagating puzzle, one unique example's verdict through ``backtrack.run``
(as ``solve --unique`` runs it), three ways in the same run:

* ``baseline``: the puzzle's descriptor without its reasoner (the search alone, as
  before the puzzles named their rules);
* ``explaining off``: the descriptor as shipped, its reasoner present, no grade asked;
* ``graded``: ``solve --unique`` as the command runs it, the grade added after the verdict.

The speed-ratio summary prints ``explaining off / baseline`` (the cost of the
machinery when off; the target is at most 1.03) and ``graded / baseline``.  A
second group times ``hint --all`` from the givens (every step, the easiest rule
first) per puzzle.
"""

from __future__ import annotations

import dataclasses

import pytest

from backtrack import Verdict, make_manager, run
from backtrack.explain import explain
from backtrack.hints import reasoner_for

MANAGER = make_manager()
#: One unique example of each propagating puzzle that names its rules.
CASES = {"akari": "large", "tents": "15x15", "bubbles": "unique-8x8", "infinity-loop": "random-30x30",
         "sudoku": "hardest", "skyline": "six", "kendoku": "six"}


def case(name: str):
    puzzle = MANAGER.puzzle(name)
    if puzzle.reasoner is None:
        pytest.skip(f"{name} names no rules")
    path = puzzle.example(CASES[name])
    text = path.read_text(encoding="utf-8")
    first = puzzle.split(text)[0][1] if puzzle.split is not None else text
    return puzzle, puzzle.parse(first, str(path))


def verdict(puzzle, spec, grade: bool = False):
    outcome = run(puzzle, spec, puzzle.make_search(spec, {}), mode="unique", grade=grade)
    return outcome.report


@pytest.mark.parametrize("name", CASES)
def bench_without_a_reasoner(benchmark, ratio, name):
    puzzle, spec = case(name)
    bare = dataclasses.replace(puzzle, reasoner=None)
    report = benchmark(lambda: verdict(bare, spec))
    assert report.verdict is Verdict.UNIQUE
    ratio(benchmark, f"explaining {name}", "baseline")


@pytest.mark.parametrize("name", CASES)
def bench_explaining_off(benchmark, ratio, name):
    puzzle, spec = case(name)
    report = benchmark(lambda: verdict(puzzle, spec))
    assert report.verdict is Verdict.UNIQUE and report.grade is None
    ratio(benchmark, f"explaining {name}", "explaining off")


@pytest.mark.parametrize("name", CASES)
def bench_graded(benchmark, ratio, name):
    puzzle, spec = case(name)
    report = benchmark(lambda: verdict(puzzle, spec, grade=True))
    assert report.verdict is Verdict.UNIQUE and report.grade is not None
    ratio(benchmark, f"explaining {name}", "graded")


@pytest.mark.parametrize("name", CASES)
def bench_hint_all(benchmark, name):
    puzzle, spec = case(name)
    explanation = benchmark(lambda: explain(reasoner_for(puzzle, spec, None, "<bench>")))
    assert explanation.steps[-1].kind in ("solved", "guess")
