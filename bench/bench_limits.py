"""The largest input each puzzle accepts: how long its setup takes.

*Setup* is everything before the search's first decision: parsing the text,
constructing the search, and the search's own start (``first(timeout=0)`` stops
before the first attempt).  Each puzzle documents its maximum size (its
``limits``); these are the largest accepted instances of a costly shape.  The
tests assert that their memory stays under 1 GB (``tests/measure.py``); here their
time is measured.

Run: ``python -m pytest bench/bench_limits.py --benchmark-enable -p no:xdist -q``.
"""

from __future__ import annotations

import random
import warnings

import pytest

from backtrack import make_manager


def queens() -> str:
    return "64\n"


def akari() -> str:
    """100 x 100, white with a numbered cell every so often in every row (numbers make deductions)."""
    rng = random.Random(1)
    rows = []
    for _ in range(100):
        row = ["."] * 100
        for column in rng.sample(range(100), 4):
            row[column] = "1"
        rows.append("".join(row))
    return "\n".join(rows) + "\n"


def bubbles() -> str:
    """500 x 500, one region: full rows alternating with rows green but for their first square."""
    return "\n".join("A" * 500 if row % 2 == 0 else "A" + "#" * 499 for row in range(500)) + "\n"


def infinity_loop() -> str:
    """1000 x 1000 corner tiles: every tile can turn."""
    return ("┏" * 1000 + "\n") * 1000


def tents() -> str:
    """100 x 100, tents planted at random with a tree beside each, counts made from them."""
    rng = random.Random(1)
    side = 100
    trees: set[int] = set()
    planted: set[int] = set()
    cells = list(range(side * side))
    rng.shuffle(cells)
    for cell in cells[: side * side * 2 // 5]:
        r, c = divmod(cell, side)
        near = [
            (r + dr) * side + c + dc
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if 0 <= r + dr < side and 0 <= c + dc < side
        ]
        spots = [n for n in near if abs(n // side - r) + abs(n % side - c) == 1 and n not in trees and n not in planted]
        if cell in trees or cell in planted or not spots or any(n in planted for n in near):
            continue
        planted.add(cell)
        trees.add(rng.choice(spots))
    rows = [sum(1 for t in planted if t // side == r) for r in range(side)]
    cols = [sum(1 for t in planted if t % side == c) for c in range(side)]
    lines = ["rules: standard", " ".join(map(str, cols))]
    for r in range(side):
        lines.append(f"{rows[r]} " + "".join("T" if r * side + c in trees else "." for c in range(side)))
    return "\n".join(lines) + "\n"


def ricochet() -> str:
    """A 64 x 64 board without inner walls, four robots, the target in a corner."""
    cells = {(0, 0): "a", (63, 63): "b", (0, 63): "c", (63, 0): "d", (31, 31): "*"}
    lines = ["+-" * 64 + "+"]
    for row in range(64):
        lines.append("|" + " ".join(cells.get((row, column), " ") for column in range(64)) + "|")
        lines.append("+" + ("-+" * 64 if row == 63 else " +" * 64))
    return "\n".join(lines) + "\n"


def sudoku() -> str:
    """An empty 25 x 25 grid."""
    return "." * 625 + "\n"


def kendoku() -> str:
    """9 x 9 cut into nine 3 x 3 cages adding up to 45."""
    names = "ABCDEFGHI"
    grid = ["".join(names[(r // 3) * 3 + c // 3] for c in range(9)) for r in range(9)]
    return "\n".join(grid + [f"{name} 45+" for name in names]) + "\n"


def skyline() -> str:
    """16 x 16 with every clue and half of the heights given (8 open cells in every row and column)."""
    n = 16
    heights = [[(r + c) % n + 1 for c in range(n)] for r in range(n)]

    def seen(line: list[int]) -> int:
        tallest, count = 0, 0
        for height in line:
            if height > tallest:
                tallest, count = height, count + 1
        return count

    columns = [[heights[r][c] for r in range(n)] for c in range(n)]
    clues = [
        [seen(col) for col in columns],
        [seen(col[::-1]) for col in columns],
        [seen(row) for row in heights],
        [seen(row[::-1]) for row in heights],
    ]
    lines = [" ".join(map(str, side)) for side in clues]
    lines += [" ".join(str(h) if (r + c) % 2 else "." for c, h in enumerate(row)) for r, row in enumerate(heights)]
    return "\n".join(lines) + "\n"


LARGEST = {
    "queens": queens,
    "akari": akari,
    "bubbles": bubbles,
    "infinity-loop": infinity_loop,
    "tents": tents,
    "ricochet": ricochet,
    "sudoku": sudoku,
    "kendoku": kendoku,
    "skyline": skyline,
}


@pytest.fixture(scope="module")
def puzzles():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return make_manager()


@pytest.mark.parametrize("name", sorted(LARGEST))
def bench_setup_of_the_largest_input(benchmark, puzzles, name):
    puzzle = puzzles.puzzle(name)
    text = LARGEST[name]()
    benchmark.group = "setup of the largest accepted input"

    def setup() -> None:
        spec = puzzle.parse(text, "<largest>")
        search = puzzle.make_search(spec, {})
        search.first(timeout=0)

    benchmark.pedantic(setup, rounds=1 if benchmark.disabled else 3, iterations=1)
