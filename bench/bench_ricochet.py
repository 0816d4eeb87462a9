"""Ricochet Robots on classic 16 x 16 boards: optimal solutions of 3 to 13 moves.

The boards are the ``classic-*`` examples (made by ``generate(seed)``); each
records its optimal length in a ``# optimal: N moves`` line, established by the
plain breadth-first search below, which shares nothing with the plugin's search.
Run ``python bench/bench_ricochet.py verify [NAME ...]`` to check the recorded
lengths again (minutes for the long boards), and measure with

    python -m pytest bench/bench_ricochet.py --benchmark-enable -p no:xdist -q
"""

from __future__ import annotations

import sys
import time

import pytest

from backtrack_puzzles.ricochet import PUZZLE, parse, search

CLASSIC = {name: path for name, path in PUZZLE.examples.items() if name.startswith("classic-")}


def recorded(name: str) -> int:
    """The optimal length an example file records."""
    for line in CLASSIC[name].read_text().splitlines():
        if line.startswith("# optimal: "):
            return int(line.split()[2])
    raise ValueError(f"{name} records no optimal length")


def bfs_length(board, goal: int, limit: int = 30) -> int | None:
    """The optimal number of moves by breadth-first search over robot positions.

    A state is the goal robot's cell and the sorted cells of the others (the
    others are interchangeable for the length); walls are read from the board's
    ``walls_below`` and ``walls_right`` sets only.
    """
    m, n = board.rows, board.cols
    cells = m * n
    steps = {"N": -n, "S": n, "E": 1, "W": -1}

    def open_side(cell: int, d: str) -> bool:
        row, column = divmod(cell, n)
        if d == "N":
            return row > 0 and cell - n not in board.walls_below
        if d == "S":
            return row < m - 1 and cell not in board.walls_below
        if d == "E":
            return column < n - 1 and cell not in board.walls_right
        return column > 0 and cell - 1 not in board.walls_right

    # The cells a slide from each cell passes, in order, up to the wall.
    paths = []
    for cell in range(cells):
        per_direction = []
        for d in "NESW":
            path, at = [], cell
            while open_side(at, d):
                at += steps[d]
                path.append(at)
            per_direction.append(path)
        paths.append(per_direction)

    target = board.target
    start = (board.robots[goal], tuple(sorted(cell for robot, cell in enumerate(board.robots) if robot != goal)))
    if start[0] == target:
        return 0
    seen = {start}
    layer = [start]
    for depth in range(1, limit + 1):
        following = []
        for goal_cell, others in layer:
            occupied = set(others)
            occupied.add(goal_cell)
            for index in range(len(others) + 1):
                cell = goal_cell if index == len(others) else others[index]
                for path in paths[cell]:
                    stop = cell
                    for at in path:
                        if at in occupied:
                            break
                        stop = at
                    if stop == cell:
                        continue
                    if index == len(others):
                        if stop == target:
                            return depth
                        state = (stop, others)
                    else:
                        state = (goal_cell, tuple(sorted(others[:index] + (stop,) + others[index + 1:])))
                    if state not in seen:
                        seen.add(state)
                        following.append(state)
        layer = following
        if not layer:
            return None
    return None


# The 13-move board (about 10 s) is left to ``verify`` and the command line.
SHORTER = sorted((name for name in CLASSIC if recorded(name) <= 12), key=lambda name: (recorded(name), name))


@pytest.mark.parametrize("name", SHORTER)
def bench_classic_optimal(benchmark, name):
    spec = parse(CLASSIC[name].read_text(), str(CLASSIC[name]))

    def solve():
        return search(spec).first()

    found = benchmark.pedantic(solve, rounds=1, iterations=1)
    assert found is not None and len(found) == recorded(name)


@pytest.mark.parametrize("name", [name for name in sorted(CLASSIC) if recorded(name) <= 8])
def test_breadth_first_search_confirms_the_short_boards(name):
    spec = parse(CLASSIC[name].read_text())
    assert bfs_length(spec.board, spec.goal) == recorded(name)


def verify(names: list[str]) -> int:
    """Check the recorded lengths by breadth-first search; prints one line per board."""
    wrong = 0
    for name in names or sorted(CLASSIC, key=recorded):
        spec = parse(CLASSIC[name].read_text())
        started = time.perf_counter()
        length = bfs_length(spec.board, spec.goal)
        ok = length == recorded(name)
        wrong += not ok
        seconds = time.perf_counter() - started
        print(f"{name}: breadth-first {length}, recorded {recorded(name)}, {'ok' if ok else 'WRONG'} ({seconds:.1f} s)",
              flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "verify":
        sys.exit("usage: python bench/bench_ricochet.py verify [NAME ...]")
    sys.exit(verify(sys.argv[2:]))
