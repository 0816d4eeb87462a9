"""Latin square completion: fill an N x N grid so that every row and column holds 1..N once.

The template of a propagating puzzle plugin (``backtrack new NAME --kind
propagating``): every decision (a value in a cell) takes that value out of the
cell's row and column, a cell left with one value gets it, and the search branches
only when nothing more follows.  The search is a :class:`~backtrack.PropagatingSearch`:
it states ``start``, ``branch``, ``decide`` and a trail, and the base class makes
the five methods of them.  The parts come in the order every built-in puzzle
follows (the anatomy of :mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the
text form, 6 the checker, 7 the search, 10 the descriptor, 11 the hook.

Input: N lines of N cells, a digit 1..N for a given value, ``.`` for an empty cell
(N at most 9).  A solution renders as the filled grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import InputError, PropagatingSearch, Puzzle, examples_in, hookimpl

#: The puzzle's name, as ``backtrack list`` shows it and ``backtrack solve NAME`` takes it.
NAME = "latin-square"

#: A filled grid: ``grid[row][col]``, from 0.
Grid = tuple[tuple[int, ...], ...]

#: The largest grid accepted: 9 x 9 (one digit per cell).
MAX_SIZE = 9


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LatinSquare:
    """An N x N grid: ``givens[row][column]`` is a value 1..N, or 0 for an empty cell."""

    givens: Grid

    @property
    def size(self) -> int:
        return len(self.givens)


# -- 2. the parser ---------------------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> LatinSquare:
    """N lines of N cells; every error names its line and column."""
    rows: list[tuple[int, ...]] = []
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    size = len(lines)
    if not 1 <= size <= MAX_SIZE:
        raise InputError(f"expected 1 to {MAX_SIZE} lines of cells, found {size}", source, lines[-1][0] if lines else 1)
    for number, line in lines:
        if len(line) != size:
            raise InputError(f"expected {size} cells on every line (as many as lines), found {len(line)}",
                             source, number, min(len(line), size) + 1)
        row = []
        for column, char in enumerate(line, 1):
            if char == ".":
                row.append(0)
            elif char in "123456789"[:size]:
                row.append(int(char))
            else:
                raise InputError(f"expected a digit 1 to {size} or '.', found {char!r}", source, number, column)
        rows.append(tuple(row))
    return LatinSquare(tuple(rows))


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: LatinSquare) -> str:
    """The puzzle in the input format: ``parse(text_of(spec)) == spec``."""
    return "".join("".join(str(v) if v else "." for v in row) + "\n" for row in spec.givens)


def render(spec: LatinSquare, solution: Grid) -> str:
    """The filled grid."""
    return "\n".join("".join(map(str, row)) for row in solution)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: LatinSquare, solution: Grid) -> list[str]:
    """The rules ``solution`` breaks, in the puzzle's words (none: an empty list)."""
    n, broken = spec.size, []
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the grid is not {n} x {n}"]
    for r in range(n):
        for c in range(n):
            if spec.givens[r][c] and solution[r][c] != spec.givens[r][c]:
                broken.append(f"row {r + 1}, column {c + 1}: the given {spec.givens[r][c]} became {solution[r][c]}")
    for r, row in enumerate(solution, 1):
        if sorted(row) != list(range(1, n + 1)):
            broken.append(f"row {r} does not hold 1 to {n} once each")
    for c in range(n):
        if sorted(row[c] for row in solution) != list(range(1, n + 1)):
            broken.append(f"column {c + 1} does not hold 1 to {n} once each")
    return broken


# -- 7. the search ---------------------------------------------------------------------------------


class LatinSearch(PropagatingSearch):
    """Candidates per cell as bits; a decision sets a value, and cells left with one value follow.

    ``trail`` holds (cell, its candidates before a change): rolling back restores them.
    """

    def __init__(self, spec: LatinSquare):
        self.n = n = spec.size
        self.givens = [(r * n + c, v) for r, row in enumerate(spec.givens) for c, v in enumerate(row) if v]
        self.can = [(1 << n) - 1] * (n * n)  # bit v - 1 set: value v still possible in the cell
        self.peers = [[r * n + k for k in range(n) if k != c] + [k * n + c for k in range(n) if k != r]
                      for r in range(n) for c in range(n)]
        self.trail: list[tuple[int, int]] = []

    def start(self) -> bool:
        return all(self.decide(given) for given in self.givens)

    def branch(self) -> Sequence[tuple[int, int]] | None:
        """Solved when every cell has one value; else every value of the cell with the fewest."""
        open_cells = [cell for cell, can in enumerate(self.can) if can & (can - 1)]
        if not open_cells:
            return None
        cell = min(open_cells, key=lambda c: bin(self.can[c]).count("1"))
        return [(cell, v) for v in range(1, self.n + 1) if self.can[cell] >> (v - 1) & 1]

    def decide(self, decision: tuple[int, int]) -> bool:
        pending = [decision]
        while pending:
            cell, value = pending.pop()
            bit = 1 << (value - 1)
            if not self.can[cell] & bit:
                return False
            if self.can[cell] != bit:
                self.trail.append((cell, self.can[cell]))
                self.can[cell] = bit
            for peer in self.peers[cell]:
                if self.can[peer] & bit:
                    self.trail.append((peer, self.can[peer]))
                    self.can[peer] &= ~bit
                    left = self.can[peer]
                    if not left:
                        return False
                    if not left & (left - 1):
                        pending.append((peer, left.bit_length()))
        return True

    def retract(self, entry: tuple[int, int]) -> None:
        cell, can = entry
        self.can[cell] = can

    def solution(self, path: tuple) -> Grid:
        n = self.n
        return tuple(tuple(self.can[r * n + c].bit_length() for c in range(n)) for r in range(n))

    def format_move(self, level: int, move: tuple[int, int]) -> str:
        row, column = divmod(move[0], self.n)
        return f"{move[1]} in row {row + 1}, column {column + 1}"


def search(spec: LatinSquare) -> LatinSearch:
    """A fresh search of ``spec``: constructing it runs nothing."""
    return LatinSearch(spec)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name=NAME,
    description="fill a grid so that every row and column holds 1..N once",
    parse=parse,
    search=search,
    render=render,
    limits=f"grids up to {MAX_SIZE} x {MAX_SIZE}",
    examples=examples_in(Path(__file__).parent / "examples"),
    text=text_of,
    as_json=lambda spec, solution: [list(row) for row in solution],
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
