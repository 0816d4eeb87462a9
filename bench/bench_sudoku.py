"""Sudoku bench: the published hard sets (top95, hardest) and 16x16 puzzles.

Measure with::

    python -m pytest bench/bench_sudoku.py --benchmark-enable -p no:xdist -q -s

``bench_ratios`` times, in the same run and puzzle by puzzle (time to the first
solution, parsing included), this project's solver, the Norvig-style baseline of
``bench/norvig_baseline.py`` (both: best of ``REPEAT`` runs per puzzle, as the
machine may be shared) and the peer library python-constraint (one run), and prints the
median and maximum per puzzle of each and their ratios.  python-constraint takes
up to tens of seconds on some top95 puzzles, so it runs on a subset, each puzzle in
a child process stopped after ``CAP`` seconds; a stopped puzzle counts as ``CAP``
seconds, which makes its ratios lower bounds.  With ``--benchmark-disable`` (as in
CI) every bench runs once on a few puzzles and only checks the answers.
"""

from __future__ import annotations

import multiprocessing
import statistics
import time
from pathlib import Path

import pytest

from backtrack import Verdict
from backtrack_puzzles import sudoku
from norvig_baseline import NorvigSolver

DATA = Path(sudoku.__file__).parent / "data" / "sudoku"
CAP = 10.0  # seconds per puzzle for python-constraint
PEER_SUBSET = 12  # top95 puzzles given to python-constraint (all of hardest too)
REPEAT = 3  # ours and the baseline: best of this many runs per puzzle


def puzzles(name: str) -> list[str]:
    return [line.strip() for line in (DATA / f"{name}.txt").read_text().splitlines() if line.strip()]


def check(givens, grid) -> None:
    n = len(givens)
    box = int(round(n**0.5))
    want = set(range(1, n + 1))
    assert all(set(row) == want for row in grid)
    assert all({row[c] for row in grid} == want for c in range(n))
    assert all({grid[top + i][left + j] for i in range(box) for j in range(box)} == want
               for top in range(0, n, box) for left in range(0, n, box))
    assert all(g in (0, v) for grow, row in zip(givens, grid, strict=True) for g, v in zip(grow, row, strict=True))


def ours(line: str):
    spec = sudoku.parse(line)
    return sudoku.search(spec).first()


def peer(line: str):
    """python-constraint: one variable per cell, an AllDifferent per row, column and box."""
    from constraint import AllDifferentConstraint, Problem

    n = 9
    problem = Problem()
    for cell, char in enumerate(line):
        problem.addVariable(cell, [int(char)] if char in "123456789" else list(range(1, n + 1)))
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    units += [[(top + i) * n + left + j for i in range(3) for j in range(3)] for top in (0, 3, 6) for left in (0, 3, 6)]
    for unit in units:
        problem.addConstraint(AllDifferentConstraint(), unit)
    found = problem.getSolution()
    return [[found[r * n + c] for c in range(n)] for r in range(n)]


def _peer_child(line: str, answer) -> None:
    import constraint  # noqa: F401  (loaded before the clock starts: its import is no part of solving)

    started = time.perf_counter()
    grid = peer(line)
    answer.put((time.perf_counter() - started, grid))


def peer_timed(line: str, cap: float) -> tuple[float, bool]:
    """Seconds python-constraint took on ``line`` (``cap`` if stopped) and whether it finished."""
    context = multiprocessing.get_context("fork")
    answer = context.Queue()
    child = context.Process(target=_peer_child, args=(line, answer))
    child.start()
    try:
        seconds, grid = answer.get(timeout=cap)
    except Exception:  # queue.Empty: the cap was reached
        child.terminate()
        child.join()
        return cap, False
    child.join()
    check(sudoku.parse(line).givens, grid)
    return seconds, True


def timed(solvers: list, lines: list[str], repeat: int = 1) -> list[list[float]]:
    """Seconds per puzzle for each solver, the best of ``repeat`` runs.

    The solvers take turns on each puzzle, so that a shared machine's load
    weighs on all of them alike.
    """
    seconds: list[list[float]] = [[] for _ in solvers]
    for line in lines:
        givens = sudoku.parse(line).givens
        best = [float("inf")] * len(solvers)
        for _ in range(repeat):
            for index, solve in enumerate(solvers):
                started = time.perf_counter()
                grid = solve(line)
                best[index] = min(best[index], time.perf_counter() - started)
                check(givens, grid)
        for index, value in enumerate(best):
            seconds[index].append(value)
    return seconds


def solve_set(lines: list[str]) -> int:
    for line in lines:
        spec = sudoku.parse(line)
        check(spec.givens, sudoku.search(spec).first())
    return len(lines)


@pytest.mark.parametrize("name", ["top95", "hardest", "sixteen"])
def bench_set(benchmark, name):
    """The whole set solved to the first solution (a few puzzles when benchmarking is off)."""
    lines = puzzles(name)
    if benchmark.disabled:
        lines = lines[:3]
    assert benchmark.pedantic(solve_set, args=(lines,), rounds=1, iterations=1) == len(lines)


def bench_uniqueness_verdict(benchmark):
    """The batch mode's work: the verdict (search on to a second solution) of each hardest puzzle."""
    lines = puzzles("hardest")[: 2 if benchmark.disabled else None]

    def verdicts():
        return [sudoku.search(sudoku.parse(line)).verdict() for line in lines]

    assert set(benchmark.pedantic(verdicts, rounds=1, iterations=1)) == {Verdict.UNIQUE}


def summary(label: str, seconds: list[float]) -> str:
    return (f"{label:<28} {len(seconds):3d} puzzles  median {statistics.median(seconds):9.5f} s"
            f"  max {max(seconds):9.5f} s")


def ratios(label: str, slow: list[float], fast: list[float]) -> str:
    return (
        f"{label:<40} median {statistics.median(slow) / statistics.median(fast):8.1f}x"
        f"  max {max(slow) / max(fast):8.1f}x"
    )


def bench_ratios(benchmark, capsys):
    """Ours against the Norvig-style baseline and python-constraint, same puzzles, same run."""
    norvig9, norvig16 = NorvigSolver(9), NorvigSolver(16)
    sets = {name: puzzles(name) for name in ("top95", "hardest", "sixteen")}
    peer_sets = {"top95": sets["top95"][:PEER_SUBSET], "hardest": sets["hardest"]}
    cap, repeat = CAP, REPEAT
    if benchmark.disabled:
        repeat = 1
        sets = {name: lines[:2] for name, lines in sets.items()}
        peer_sets = {"hardest": sets["hardest"][:1]}
        cap = 5.0

    def measure():
        return {
            name: timed([ours, (norvig16 if name == "sixteen" else norvig9).solve], lines, repeat)
            for name, lines in sets.items()
        }

    measured = benchmark.pedantic(measure, rounds=1, iterations=1)
    mine = {name: pair[0] for name, pair in measured.items()}
    baseline = {name: pair[1] for name, pair in measured.items()}
    peer_times, finished, mine_on_peer = {}, {}, {}
    for name, lines in peer_sets.items():
        # Ours again just before each peer run, so that both see the same load.
        mine_on_peer[name] = []
        results = []
        for line in lines:
            mine_on_peer[name].append(timed([ours], [line], repeat)[0][0])
            results.append(peer_timed(line, cap))
        peer_times[name] = [seconds for seconds, _ in results]
        finished[name] = sum(done for _, done in results)

    report = ["", "Sudoku: seconds per puzzle, time to the first solution (parsing included)"]
    for name in sets:
        report.append(summary(f"{name} backtrack", mine[name]))
        report.append(summary(f"{name} norvig baseline", baseline[name]))
    for name in peer_sets:
        report.append(summary(f"{name}[:{len(peer_sets[name])}] python-constraint", peer_times[name])
                      + f"  ({len(peer_sets[name]) - finished[name]} stopped at {cap:g} s)")
        report.append(summary(f"{name}[:{len(peer_sets[name])}] backtrack", mine_on_peer[name]))
    report.append("Ratios (other / backtrack, per puzzle):")
    for name in sets:
        report.append(ratios(f"{name}: norvig baseline / backtrack", baseline[name], mine[name]))
    for name in peer_sets:
        bound = " (lower bound: some stopped)" if finished[name] < len(peer_sets[name]) else ""
        label = f"{name}[:{len(peer_sets[name])}]: python-constraint / backtrack"
        report.append(ratios(label, peer_times[name], mine_on_peer[name]) + bound)
    with capsys.disabled():
        print("\n".join(report))
