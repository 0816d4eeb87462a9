"""Domino tiling: cover every cell of a board with dominoes, each covering two cells side by side.

The template of an exact cover puzzle plugin (``backtrack new NAME --kind cover``):
the puzzle states its *items* (here the cells, each to be covered exactly once) and
its *options* (here the dominoes that fit on the board, each covering two items),
and :class:`~backtrack.ExactCoverSearch` searches them with dancing links: it
chooses the item with the fewest options left, tries each of them, and counts every
option tried as an attempt.  Secondary items (covered at most once) and colours
work as in Knuth's Algorithm C: ``super().__init__(primary, options, secondary)``,
a coloured entry written ``Coloured(item, colour)``.  The parts come in the order
every built-in puzzle follows (the anatomy of :mod:`backtrack.puzzle`): 1 the
model, 2 the parser, 3 the text form, 6 the checker, 7 the search, 10 the
descriptor, 11 the hook.

Input: the board, one line per row, ``.`` a cell and ``#`` no cell; lines starting
with ``#`` followed by a blank are comments.  A solution renders as the board with
each domino drawn: ``<>`` for a domino lying across, ``^`` over ``v`` for one
standing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import ExactCoverSearch, InputError, Puzzle, examples_in, hookimpl

#: The puzzle's name, as ``backtrack list`` shows it and ``backtrack solve NAME`` takes it.
NAME = "domino-tiling"

#: The largest board accepted: a side of at most 20 cells.
MAX_SIDE = 20

#: A cell, ``(row, column)`` from 0; a domino is the pair of cells it covers, the first above or left.
Cell = tuple[int, int]
Domino = tuple[Cell, Cell]


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """The board: its rows, ``.`` a cell to cover and ``#`` no cell, all of one length."""

    rows: tuple[str, ...]

    @property
    def cells(self) -> list[Cell]:
        """The cells to cover, in reading order."""
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == "."]

    def dominoes(self) -> list[Domino]:
        """Every domino that fits on the board, in reading order of its first cell: across first."""
        cells = set(self.cells)
        return [((r, c), other) for r, c in self.cells for other in ((r, c + 1), (r + 1, c)) if other in cells]


# -- 2. the parser ---------------------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Board:
    """The board's rows; every error names its line and column."""
    rows: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("# ") or not line.strip():
            continue
        for column, ch in enumerate(line, 1):
            if ch not in ".#":
                raise InputError(f"expected '.' (a cell) or '#' (no cell), found {ch!r}", source, number, column)
        if len(line) > MAX_SIDE or len(rows) == MAX_SIDE:
            raise InputError(f"expected a board of at most {MAX_SIDE} x {MAX_SIDE} cells", source, number, 1)
        rows.append(line)
    if not rows or all("." not in row for row in rows):
        raise InputError("expected a board with at least one cell ('.')", source, None)
    width = max(map(len, rows))
    return Board(tuple(row.ljust(width, "#") for row in rows))


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Board) -> str:
    """The board in the input format: ``parse(text_of(spec)) == spec``."""
    return "\n".join(spec.rows) + "\n"


def render(spec: Board, solution: Sequence[Domino]) -> str:
    """The board with its dominoes: ``<>`` across, ``^`` over ``v`` standing, ``#`` no cell."""
    grid = [list(row) for row in spec.rows]
    for (r, c), (r2, c2) in solution:
        grid[r][c], grid[r2][c2] = ("<", ">") if r == r2 else ("^", "v")
    return "\n".join("".join(row) for row in grid)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Board, solution: Sequence[Domino]) -> list[str]:
    """The rules ``solution`` breaks (none: an empty list), rows and columns counted from 1."""
    broken = []
    covered: dict[Cell, int] = {}
    for first, second in solution:
        if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
            broken.append(f"the domino on {first} and {second} does not cover two cells side by side")
        for cell in (first, second):
            covered[cell] = covered.get(cell, 0) + 1
    for r, c in sorted(set(covered) - set(spec.cells)):
        broken.append(f"row {r + 1}, column {c + 1}: a domino covers a cell that is not on the board")
    for r, c in spec.cells:
        if covered.get((r, c), 0) != 1:
            broken.append(f"row {r + 1}, column {c + 1}: covered {covered.get((r, c), 0)} times, not once")
    return broken


# -- 7. the search ---------------------------------------------------------------------------------


class DominoSearch(ExactCoverSearch):
    """Items: the cells.  Options: the dominoes that fit.  A move is a domino's number, from 0."""

    def __init__(self, spec: Board):
        self.dominoes = spec.dominoes()
        super().__init__(primary=spec.cells, options=self.dominoes)

    def solution(self, path: tuple) -> tuple[Domino, ...]:
        return tuple(sorted(self.dominoes[number] for number in path))

    def format_move(self, level: int, move: int) -> str:
        (r, c), (r2, c2) = self.dominoes[move]
        return f"domino on ({r + 1},{c + 1}) and ({r2 + 1},{c2 + 1})"


def search(spec: Board) -> DominoSearch:
    """A fresh search of ``spec``: constructing it runs nothing."""
    return DominoSearch(spec)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name=NAME,
    description="cover a board with dominoes",
    parse=parse,
    search=search,
    render=render,
    limits=f"boards of up to {MAX_SIDE} x {MAX_SIDE} cells",
    examples=examples_in(Path(__file__).parent / "examples"),
    text=text_of,
    as_json=lambda spec, solution: [[list(first), list(second)] for first, second in solution],
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
