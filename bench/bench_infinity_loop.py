"""Infinity Loop on generated boards of 30 x 30 and 50 x 50 tiles.

Measure with ``python -m pytest bench/bench_infinity_loop.py --benchmark-enable -p no:xdist -q``;
in CI each runs once as a plain test and checks its answer.
"""

from __future__ import annotations

import pytest

from backtrack import Verdict
from backtrack_puzzles.infinity_loop import PUZZLE, Board, generate, parse, rotations, search


def example(name: str) -> Board:
    return parse(PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def assert_solves(board: Board, solution: tuple[int, ...]) -> None:
    assert all(after in rotations(before) for before, after in zip(board.tiles, solution, strict=True))
    assert Board(solution, board.cols).is_solved()


@pytest.mark.parametrize("size", [30, 50])
def bench_first_solution_generated(benchmark, size):
    """A fresh board (density 0.5, usually several solutions): search until the first solution."""
    board = generate(size, size, seed=size)
    solution = benchmark(lambda: search(board).first())
    assert_solves(board, solution)


@pytest.mark.parametrize("name", ["random-30x30", "random-50x50"])
def bench_first_solution_example(benchmark, name):
    board = example(name)
    solution = benchmark(lambda: search(board).first())
    assert_solves(board, solution)


def bench_verdict_unique_30x30(benchmark):
    """The shipped unique 30 x 30 board: the search must be exhausted to say unique."""
    board = example("random-30x30")
    assert benchmark(lambda: search(board).verdict()) is Verdict.UNIQUE


def bench_verdict_ambiguous_30x30(benchmark):
    board = generate(30, 30, seed=30)
    assert benchmark(lambda: search(board).verdict()) is Verdict.AMBIGUOUS


def bench_count_30x30(benchmark):
    """Every solution of a generated 30 x 30 board with 1024 of them."""
    board = generate(30, 30, seed=2)
    assert benchmark(lambda: search(board).count()) == 1024


def bench_first_solution_plain_30x30(benchmark):
    """For comparison: the textbook search (tile by tile, no propagation) on the generated 30 x 30 board."""
    board = generate(30, 30, seed=30)
    solution = benchmark(lambda: search(board, method="plain").first())
    assert_solves(board, solution)
