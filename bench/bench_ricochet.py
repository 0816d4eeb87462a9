"""Ricochet Robots on classic 16 x 16 boards: optimal solutions of 3 to 13 moves.

The boards are the ``classic-*`` examples (made by ``generate(seed)``); each
records its optimal length in a ``# optimal: N moves`` line, established by the
plain breadth-first search below, which shares nothing with the plugin's search.
Run ``python bench/bench_ricochet.py verify [NAME ...]`` to check the recorded
lengths again (minutes for the long boards), and measure with

    python -m pytest bench/bench_ricochet.py --benchmark-enable -p no:xdist -q -s

Against Michael Fogleman's C solver (``fogleman/Ricochet``, ``ricochet.c``: a
depth-first iterative deepening in C, a transposition table of the robots with the
non-goal ones sorted, no move straight back).  His C cannot be built in this
bench's environment, so it was measured once, by an earlier session on a 2-core
shared machine of the same kind as the one this bench runs on, over 16 x 16 boards
with proven optima: **0.244 s in all, 85 ms on the worst board**, against 2.98 s and
1.07 s for this plugin's search as it was then (**12.2x** and **12.6x** of C).
That search is kept as ``bench/ricochet_baseline.py``; ``bench_against_the_baseline``
times it and the plugin's search over every shipped classic board in the same run,
interleaved board by board (baseline, new, baseline, new, ...; best of
``ROUNDS`` each), and prints the total and the worst board of each, their ratios
new / baseline, and the implied multiple of Fogleman's C:
``new / baseline x 12.2`` in total and ``x 12.6`` on the worst board (the target
of the issue: at most 5x).  ``python bench/bench_ricochet.py against [ROUNDS]``
prints the same table without pytest.
"""

from __future__ import annotations

import math
import sys
import time
from types import SimpleNamespace

import pytest

from backtrack_puzzles.ricochet import PUZZLE, RicochetSearch, parse, search
from ricochet_baseline import BaselineRicochetSearch

#: Fogleman's C solver, measured once by an earlier session (see the module's docstring): seconds in all and on
#: the worst board, and this plugin's search as it was then (the baseline) as a multiple of them.
C_TOTAL, C_WORST = 0.244, 0.085
BASELINE_OF_C_TOTAL, BASELINE_OF_C_WORST = 2.98 / C_TOTAL, 1.07 / C_WORST
#: Rounds of the interleaved comparison: each search's time per board is the best of these.
ROUNDS = 3

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


def against(rounds: int = ROUNDS, names: list[str] | None = None) -> dict:
    """Seconds per board of the baseline and of the plugin's search, interleaved, the best of ``rounds`` each.

    Each board's search is built before the clock starts (setting up is not
    searching) and asked for its first solution; both must find the recorded
    optimal length.  Returns ``{"baseline": {board: s}, "new": {board: s}}``.
    """
    names = names or sorted(CLASSIC, key=lambda name: (recorded(name), name))
    best: dict[str, dict[str, float]] = {"baseline": {}, "new": {}}
    specs = {name: parse(CLASSIC[name].read_text(), str(CLASSIC[name])) for name in names}
    for _ in range(rounds):
        for name in names:
            for role, kind in (("baseline", BaselineRicochetSearch), ("new", RicochetSearch)):
                solver = kind(specs[name])
                started = time.perf_counter()
                found = solver.first()
                seconds = time.perf_counter() - started
                assert found is not None and len(found) == recorded(name), (role, name, found)
                best[role][name] = min(best[role].get(name, math.inf), seconds)
    return best


def against_report(best: dict) -> tuple[list[str], dict[str, float]]:
    """The table of :func:`against`'s seconds and the figures: totals, worst boards, ratios, multiples of C."""
    old, new = best["baseline"], best["new"]
    lines = ["", f"Ricochet, {len(old)} classic boards, first optimal solution (seconds, best of the rounds):",
             f"{'board':<18} {'baseline':>9} {'new':>9} {'new/baseline':>13}"]
    for name in old:
        lines.append(f"{name:<18} {old[name]:9.4f} {new[name]:9.4f} {new[name] / old[name]:13.2f}")
    figures = {
        "baseline total": sum(old.values()), "new total": sum(new.values()),
        "baseline worst": max(old.values()), "new worst": max(new.values()),
    }
    figures["total ratio"] = figures["new total"] / figures["baseline total"]
    figures["worst ratio"] = figures["new worst"] / figures["baseline worst"]
    figures["total x of C"] = figures["total ratio"] * BASELINE_OF_C_TOTAL
    figures["worst x of C"] = figures["worst ratio"] * BASELINE_OF_C_WORST
    worst_old, worst_new = max(old, key=old.__getitem__), max(new, key=new.__getitem__)
    lines += [
        f"{'total':<18} {figures['baseline total']:9.4f} {figures['new total']:9.4f} {figures['total ratio']:13.2f}",
        f"worst board: baseline {worst_old} {figures['baseline worst']:.4f} s, new {worst_new} "
        f"{figures['new worst']:.4f} s, ratio {figures['worst ratio']:.2f}",
        f"Fogleman's C (measured earlier, 2-core machine): {C_TOTAL} s in all, {C_WORST * 1000:.0f} ms worst; the "
        f"baseline was {BASELINE_OF_C_TOTAL:.1f}x and {BASELINE_OF_C_WORST:.1f}x of it",
        f"implied: new = {figures['total x of C']:.1f}x of C in total, {figures['worst x of C']:.1f}x of C on the "
        "worst board (target: at most 5x)",
    ]
    return lines, figures


def bench_against_the_baseline(benchmark, capsys, ratio):
    """The plugin's search against the baseline (the search before the speed-up), every classic board, same run.

    With ``--benchmark-disable`` (as in CI) one round over the boards of up to 9
    moves checks that both find the recorded optimum.
    """
    if benchmark.disabled:
        short = [name for name in sorted(CLASSIC) if recorded(name) <= 9]
        best = benchmark.pedantic(against, args=(1, short), rounds=1, iterations=1)
        assert set(best["new"]) == set(best["baseline"]) == set(short)
        return
    best = benchmark.pedantic(against, rounds=1, iterations=1)
    lines, figures = against_report(best)
    for what in ("total", "worst"):  # the speed-ratio lines at the end (bench/conftest.py)
        for role, seconds in (("baseline", figures[f"baseline {what}"]), ("new search", figures[f"new {what}"])):
            measured = SimpleNamespace(stats=SimpleNamespace(stats=SimpleNamespace(median=seconds)), disabled=False)
            ratio(measured, f"ricochet classic boards, {what} (best of {ROUNDS}, interleaved)",
                          "baseline" if role == "baseline" else role)
    with capsys.disabled():
        print("\n".join(lines))


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
    if len(sys.argv) >= 2 and sys.argv[1] == "verify":
        sys.exit(verify(sys.argv[2:]))
    if len(sys.argv) in (2, 3) and sys.argv[1] == "against":
        print("\n".join(against_report(against(int(sys.argv[2]) if len(sys.argv) == 3 else ROUNDS))[0]))
        sys.exit(0)
    sys.exit("usage: python bench/bench_ricochet.py verify [NAME ...] | against [ROUNDS]")
