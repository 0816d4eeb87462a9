"""Skyline bench: hard 8x8 puzzles (unique, nearly minimal), each searched to its verdict.

Measure with::

    python -m pytest bench/bench_skyline.py --benchmark-enable -p no:xdist -q -s

The puzzles were made by an earlier generator (``generate --size 8
--seed S`` for S = 1..10): all clues of a random Latin square, given heights added
until they fix it, then givens and clues taken away while the solution stays
unique.  ``bench_eight`` prints the median and maximum seconds per puzzle.  With
``--benchmark-disable`` (as in CI) it runs once on two puzzles and checks them.
"""

from __future__ import annotations

import statistics
import time

from backtrack import Verdict
from backtrack_puzzles import skyline

EIGHT = [
    """\
.433.6.3
4.224.43
3.3.33.4
3424..32
...2....
...4.1..
5.......
........
........
........
..2.....
........""",
    """\
33...3.4
.2.3612.
44323...
.333..3.
........
........
.1...5..
........
........
......1.
..4...3.
.......1""",
    """\
.2..34..
32.41.34
.4.34...
5.54..42
...1....
.....3..
........
.5...1..
..2.....
5.......
1.......
........""",
    """\
.24.34.3
...5..13
..443223
..31.34.
........
...62...
.....64.
4..7....
........
........
..1..4..
..6.....""",
    """\
.1...54.
22..5.5.
.4.4542.
43....22
........
...1....
........
....72..
.1..4...
1.......
........
......3.""",
    """\
4.4...2.
...142.4
44233...
4..33533
........
....5...
.1.2....
......4.
.....2..
....4..3
...3....
........""",
    """\
2...342.
5.433223
...3.44.
3.4224.3
........
.6......
.......1
..1....3
...4....
.....3..
........
...3...4""",
    """\
.53.2523
52.54.34
.42.4.3.
3.2..543
.....2..
........
..2.....
........
...2....
........
......5.
........""",
    """\
.64...3.
...153..
.4445...
3...2244
........
.....6..
...17...
........
......1.
...2....
....1...
........""",
    """\
1.32...5
.4.4..5.
...2352.
5.3.42.3
....5..1
.......3
......1.
..2.....
........
....6...
....13..
..6.....""",
]


def seen(line) -> int:
    count, tallest = 0, 0
    for height in line:
        if height > tallest:
            count, tallest = count + 1, height
    return count


def check(spec, grid) -> None:
    n = spec.n
    want = set(range(1, n + 1))
    assert all(set(row) == want for row in grid) and all({row[c] for row in grid} == want for c in range(n))
    columns = [[row[c] for row in grid] for c in range(n)]
    sides = ((spec.top, columns), (spec.bottom, [col[::-1] for col in columns]),
             (spec.left, grid), (spec.right, [row[::-1] for row in grid]))
    for clues, lines in sides:
        assert all(clue in (0, seen(line)) for clue, line in zip(clues, lines, strict=True))
    assert all(g in (0, v) for grow, row in zip(spec.givens, grid, strict=True) for g, v in zip(grow, row, strict=True))


def solve_all(texts):
    seconds = []
    for text in texts:
        started = time.perf_counter()
        spec = skyline.parse(text)
        search = skyline.search(spec)
        found = list(search.solutions(limit=2))
        seconds.append(time.perf_counter() - started)
        assert len(found) == 1
        check(spec, found[0])
    return seconds


def bench_eight(benchmark, capsys):
    """Each 8x8 puzzle parsed, solved and proved unique (search on to a second solution)."""
    texts = EIGHT[:2] if benchmark.disabled else EIGHT
    seconds = benchmark.pedantic(solve_all, args=(texts,), rounds=1, iterations=1)
    with capsys.disabled():
        print(f"\nSkyline 8x8: {len(seconds)} puzzles, seconds per puzzle (verdict): "
              f"median {statistics.median(seconds):.4f}, max {max(seconds):.4f}")


def bench_first_solution(benchmark):
    """The hardest of them to its first solution, repeatedly."""
    spec = skyline.parse(EIGHT[8])

    def first():
        return skyline.search(spec).first()

    grid = benchmark.pedantic(first, rounds=1 if benchmark.disabled else 5, iterations=1)
    check(spec, grid)
    assert skyline.search(spec).verdict() is Verdict.UNIQUE
