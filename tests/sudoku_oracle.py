"""An independent Sudoku solver for the tests: Knuth's Algorithm X, sharing nothing with the plugin's search.

Exact cover: every cell filled, and every value once per row, column and box; the
constraint with the fewest choices first.  Boxes of any shape.  The Sudoku tests
count solutions with it (generated puzzles unique, counts of random grids) and
compare the solutions the plugin finds with its own.
"""

from __future__ import annotations

import math
from typing import Sequence

Grid = tuple[tuple[int, ...], ...]


def exact_cover(givens: Sequence[Sequence[int]], box: tuple[int, int] | None = None,
                limit: int | None = None) -> list[Grid]:
    """The solutions of a Sudoku (``givens[row][column]``, 0 empty), up to ``limit``.

    ``box`` is ``(rows, columns)`` of a box, square when not given.
    """
    n = len(givens)
    tall, wide = box or (math.isqrt(n), math.isqrt(n))

    def constraints(r: int, c: int, v: int) -> list[tuple]:
        return [("cell", r, c), ("row", r, v), ("column", c, v), ("box", r // tall, c // wide, v)]

    choices = {(r, c, v): constraints(r, c, v) for r in range(n) for c in range(n) for v in range(1, n + 1)}
    columns: dict[tuple, set] = {}
    for choice, covered in choices.items():
        for constraint in covered:
            columns.setdefault(constraint, set()).add(choice)

    def select(choice) -> list[set]:
        removed = []
        for constraint in choices[choice]:
            for other in columns[constraint]:
                for far in choices[other]:
                    if far != constraint:
                        columns[far].remove(other)
            removed.append(columns.pop(constraint))
        return removed

    def deselect(choice, removed: list[set]) -> None:
        for constraint in reversed(choices[choice]):
            columns[constraint] = removed.pop()
            for other in columns[constraint]:
                for far in choices[other]:
                    if far != constraint:
                        columns[far].add(other)

    grid = [list(row) for row in givens]
    for r in range(n):
        for c in range(n):
            if givens[r][c]:
                if any(constraint not in columns for constraint in choices[r, c, givens[r][c]]):
                    return []  # a value given twice in a unit
                select((r, c, givens[r][c]))
    found: list[Grid] = []

    def search() -> None:
        if not columns:
            found.append(tuple(map(tuple, grid)))
            return
        fewest, size = None, n + 1
        for constraint, held in columns.items():
            if len(held) < size:
                fewest, size = constraint, len(held)
                if size <= 1:
                    break
        for choice in sorted(columns[fewest]):
            r, c, v = choice
            grid[r][c] = v
            removed = select(choice)
            search()
            deselect(choice, removed)
            grid[r][c] = 0
            if limit is not None and len(found) >= limit:
                return

    search()
    return found
