"""Polyomino bench: the twelve pentominoes in 3 x 20 (8 solutions), counted by ExactCoverSearch and a baseline.

Measure with::

    python -m pytest bench/bench_polyomino.py --benchmark-enable -p no:xdist -q

The baseline is the plain-Python dict-of-sets Algorithm X (Ali Assaf's, the one
commonly quoted: ``X`` maps each item to the set of its options, ``Y`` each option to
its items) on the same items and options; the search's two engines, ``bits`` (the
default at this size) and ``links`` (dancing links), make the same 32,977 attempts.
At the end the speed ratios to the baseline are printed (on a shared 2-core machine:
bits about 16x as fast as the baseline, links about 1.6x).  With
``--benchmark-disable`` (as in CI) each runs once on a small board and checks its
count.
"""

from __future__ import annotations

from backtrack import ExactCoverSearch
from backtrack_puzzles import polyomino

#: The small board of the plain run: the five tetrominoes and a domino on 4 x 6 less a cell (as in the tests).
SMALL = "pieces: tetrominoes\npiece D: ##\n......\n......\n......\n.#....\n"


def instance(benchmark):
    if benchmark.disabled:
        return polyomino.parse(SMALL)
    return polyomino.parse(polyomino.PUZZLE.examples["3x20"].read_text(encoding="utf-8"))


def algorithm_x(spec) -> int:
    """The number of packings by the dict-of-sets Algorithm X."""
    rows = {number: [name, *cells] for number, (name, cells) in enumerate(polyomino.placements(spec))}
    columns: dict = {item: set() for item in [*(name for name, _ in spec.pieces), *spec.cells]}
    for number, row in rows.items():
        for item in row:
            columns[item].add(number)

    def select(row):
        taken = []
        for j in rows[row]:
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].remove(i)
            taken.append(columns.pop(j))
        return taken

    def deselect(row, taken):
        for j in reversed(rows[row]):
            columns[j] = taken.pop()
            for i in columns[j]:
                for k in rows[i]:
                    if k != j:
                        columns[k].add(i)

    def solve() -> int:
        if not columns:
            return 1
        column = min(columns, key=lambda c: len(columns[c]))
        found = 0
        for row in list(columns[column]):
            taken = select(row)
            found += solve()
            deselect(row, taken)
        return found

    return solve()


def count(spec, method: str) -> int:
    search = polyomino.search(spec)
    return ExactCoverSearch(search.primary, search.options, method=method).count()


def bench_dict_of_sets_baseline(benchmark, ratio):
    spec = instance(benchmark)
    expected = polyomino.search(spec).count()
    assert benchmark(lambda: algorithm_x(spec)) == expected
    ratio(benchmark, "polyomino 3x20", "baseline")


def bench_bits(benchmark, ratio):
    spec = instance(benchmark)
    assert benchmark(lambda: count(spec, "bits")) == (8 if not benchmark.disabled else polyomino.search(spec).count())
    ratio(benchmark, "polyomino 3x20", "bits")


def bench_links(benchmark, ratio):
    spec = instance(benchmark)
    assert benchmark(lambda: count(spec, "links")) == count(spec, "bits")
    ratio(benchmark, "polyomino 3x20", "links")
