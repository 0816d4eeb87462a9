"""Sudoku: fill an N x N grid (N = B x B: 4, 9, 16, 25) so that every row, column and B x B box holds 1..N once.

Input, in either of two shapes (lines starting with ``#`` are comments):

* one puzzle on one line, the N x N cells in reading order, as in the well-known
  collections of hard puzzles (``4.....8.5.3...``);
* one grid row per line, N cells each.

A cell is one character: ``1``-``9`` then ``A``-``P`` for 10..25 (case does not
matter), and ``.`` or ``0`` for an empty cell.  A line whose whitespace-separated
tokens are all numbers up to 25 or single characters is read token by token, so
16 x 16 and 25 x 25 may be written as numbers: ``10 . 3 16 ...`` (``0`` or ``.``
empty).  ``|`` separates like a blank, and lines made only of ``-``, ``+`` and
``|`` are skipped, so grids drawn with box borders read as they are.

A file of many one-line puzzles is a batch (:func:`split`): ``backtrack solve
sudoku top95.txt`` solves each and prints a summary.  A file of exactly N lines of
N cells is one grid, even when N is 16: a file of exactly sixteen 4 x 4 puzzles,
one per line, reads as one 16 x 16 grid (solve them in two files).

The search is :class:`~backtrack_puzzles.latin.LatinSearch` with the boxes as
extra units: naked and hidden singles, then the cell with fewest candidates.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import re
import sys
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Puzzle, Search, examples_in, hookimpl

from .latin import LatinGrid, LatinSearch

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
MIN_BOX, MAX_BOX = 2, 5
SIZES = tuple(box * box for box in range(MIN_BOX, MAX_BOX + 1))  # 4, 9, 16, 25


class Sudoku:
    """A Sudoku with ``box`` x ``box`` boxes; ``givens[row][column]`` is 0 for an empty cell."""

    def __init__(self, givens: Sequence[Sequence[int]]):
        n = len(givens)
        box = math.isqrt(n)
        if n not in SIZES:
            raise ValueError(f"the grid must be {', '.join(map(str, SIZES))} cells wide, not {n}")
        if set(map(len, givens)) != {n}:
            raise ValueError(f"every row must hold {n} cells")
        if min(map(min, givens)) < 0 or max(map(max, givens)) > n:
            raise ValueError(f"the values must be 1 to {n} (0 for an empty cell)")
        self.n = n
        self.box = box
        self.givens: tuple[tuple[int, ...], ...] = tuple(map(tuple, givens))

    def __repr__(self) -> str:
        return f"Sudoku({self.line()!r})"

    def line(self) -> str:
        """The one-line form: a character per cell (``1-9``, ``A-P``), ``.`` for empty."""
        return "".join(SYMBOLS[value - 1] if value else "." for row in self.givens for value in row)

    def boxes(self) -> list[list[int]]:
        """The cells of every box, as cell numbers ``row * n + column``."""
        return [list(box) for box in _boxes(self.box)]

    def grid(self) -> LatinGrid:
        """The Latin-square core of this puzzle: givens as single candidates, boxes as units."""
        masks = _MASKS[self.n]
        return LatinGrid(self.n, [masks[value] for row in self.givens for value in row], _boxes(self.box))


@functools.lru_cache(maxsize=None)
def _boxes(box: int) -> tuple[tuple[int, ...], ...]:
    """The cells of every box of a grid with ``box`` x ``box`` boxes (shared by all its puzzles)."""
    n = box * box
    return tuple(
        tuple((top + r) * n + left + c for r in range(box) for c in range(box))
        for top in range(0, n, box)
        for left in range(0, n, box)
    )


#: Per size, the starting candidates of a cell by its given value (0: every value).
_MASKS = {n: [(1 << n) - 1] + [1 << (value - 1) for value in range(1, n + 1)] for n in SIZES}


def _cells(text: str, source: str, number: int) -> list[int | None]:
    """The cells of one input line (None for empty), by token or by character.

    The line is read as whitespace-separated tokens when every token is a
    number up to 25 (one or two digits) or a single character (``10 . 3 16``,
    ``5 6 . | . 7 .``), else character by character with blanks and ``|`` left
    out (``123 456 789``).
    """
    pieces = [(match.start(), match.group()) for match in re.finditer(r"[^\s|]+", text)]
    if not all(len(piece) == 1 or (len(piece) == 2 and piece.isdigit() and int(piece) <= len(SYMBOLS)) for _, piece in pieces):
        pieces = [(start + i, char) for start, piece in pieces for i, char in enumerate(piece)]
    cells: list[int | None] = []
    for offset, token in pieces:
        upper = token.upper()
        if token in (".", "0"):
            cells.append(None)
        elif token.isdigit():
            cells.append(int(token) or None)
        elif len(upper) == 1 and upper in SYMBOLS:
            cells.append(SYMBOLS.index(upper) + 1)
        else:
            raise InputError(
                f"expected a cell: 1-9, A-P (10-25), a number, or . or 0 for an empty cell, found {token!r}",
                source, number, offset + 1,
            )
    return cells


def _content(text: str) -> list[tuple[int, str]]:
    """(line number, line) of the lines that are neither blank, comments nor borders."""
    return [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#") and set(line.strip()) - set("-+| ")
    ]


#: The value of each character of a plain one-line puzzle (``.`` and ``0``: empty).
_VALUES = {".": 0, "0": 0} | {char: value for value, char in enumerate(SYMBOLS, 1)} | {
    char.lower(): value for value, char in enumerate(SYMBOLS, 1) if char.isalpha()
}
_NOT_A_CELL = len(SYMBOLS) + 1
_ONE_LINE = {n * n: n for n in SIZES}  # one-line length -> N


def parse(text: str, source: str = "<input>") -> Sudoku:
    """A Sudoku from one line of N x N cells or N lines of N cells (see the module docstring)."""
    line = text.strip()
    n = _ONE_LINE.get(len(line))
    if n is not None:
        # The common case of batch files, read character by character at once;
        # anything else (or anything wrong) is read the general way below.
        values = [_VALUES.get(char, _NOT_A_CELL) for char in line]
        if max(values) <= n:
            return Sudoku([values[r * n : r * n + n] for r in range(n)])
    lines = _content(text)
    if not lines:
        raise InputError("expected a Sudoku: one line of N x N cells or N lines of N cells, found nothing", source)
    rows = [(number, _cells(line, source, number)) for number, line in lines]
    if len(rows) == 1:
        number, cells = rows[0]
        n = math.isqrt(len(cells))
        if n * n != len(cells) or n not in SIZES:
            wanted = ", ".join(str(size * size) for size in SIZES)
            raise InputError(f"expected a one-line Sudoku of {wanted} cells, found {len(cells)}", source, number)
        grid = [cells[r * n : r * n + n] for r in range(n)]
        numbers = [number] * n
    else:
        n = len(rows)
        if n not in SIZES:
            raise InputError(
                f"expected one line per puzzle or {', '.join(map(str, SIZES))} grid rows, found {n} lines", source, rows[-1][0]
            )
        for number, cells in rows:
            if len(cells) != n:
                raise InputError(f"expected {n} cells in this row (a {n} x {n} grid has {n} rows), found {len(cells)}", source, number)
        grid = [cells for _, cells in rows]
        numbers = [number for number, _ in rows]
    for r, row in enumerate(grid):
        for value in row:
            if value is not None and value > n:
                raise InputError(f"expected values 1 to {n} in a {n} x {n} Sudoku, found {value}", source, numbers[r])
    return Sudoku([[value or 0 for value in row] for row in grid])


def split(text: str) -> list[tuple[int, str]]:
    """The puzzles of a file holding one per line: ``[(line number, line), ...]``.

    A file is a batch when its first line is a whole puzzle (its first line that
    reads as cells: a line that does not is an instance of its own, which parse
    reports); a file of N lines of N cells is one grid (one instance).
    """
    lines = _content(text)
    if len(lines) < 2:
        return [(1, text)]
    lengths = []
    for number, line in lines:
        try:
            lengths.append(len(_cells(line, "<split>", number)))
        except InputError:
            lengths.append(-1)  # parse reports it, in its own instance
    if set(lengths) == {len(lines)} and len(lines) in SIZES:
        return [(1, text)]
    first = next((length for length in lengths if length >= 0), 0)
    if math.isqrt(first) ** 2 == first and math.isqrt(first) in SIZES:
        return [(number, line) for number, line in lines]
    return [(1, text)]


def render(spec: Sudoku, solution: Sequence[Sequence[int]]) -> str:
    """The grid with box borders; values above 9 as letters."""
    b = spec.box
    width = 1
    lines = []
    for r, row in enumerate(solution):
        if r and r % b == 0:
            lines.append("-+-".join("-" * (b * (width + 1) - 1) for _ in range(b)))
        lines.append(" | ".join(" ".join(SYMBOLS[v - 1] for v in row[c : c + b]) for c in range(0, spec.n, b)))
    return "\n".join(lines)


def search(spec: Sudoku, **_: object) -> Search:
    """A fresh search of ``spec``: Latin-square propagation with the boxes as units."""
    return LatinSearch(spec.grid())


def solved_grid(box: int, rng: random.Random) -> list[list[int]]:
    """A random complete grid: the standard pattern shuffled by symbol, band, stack, row and column."""
    n = box * box
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)

    def order() -> list[int]:
        groups = list(range(box))
        rng.shuffle(groups)
        result = []
        for group in groups:
            inner = list(range(box))
            rng.shuffle(inner)
            result += [group * box + i for i in inner]
        return result

    rows, columns = order(), order()
    return [[symbols[(box * (r % box) + r // box + c) % n] for c in columns] for r in rows]


def generate(box: int = 3, seed: int | None = None, clues: int | None = None, unique: bool = True) -> Sudoku:
    """A random Sudoku with ``box`` x ``box`` boxes.

    Cells are emptied in random order; with ``unique`` a cell is emptied only
    while the solution stays unique (down to ``clues`` givens if given, else as
    far as that goes).  Without ``unique``, exactly ``clues`` givens are kept
    (default: a quarter of the cells), so the puzzle may have several solutions.
    """
    rng = random.Random(seed)
    n = box * box
    grid = solved_grid(box, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    if not unique:
        keep = n * n // 4 if clues is None else clues
        for r, c in cells[keep:]:
            grid[r][c] = 0
        return Sudoku(grid)
    left = n * n
    for r, c in cells:
        if clues is not None and left <= clues:
            break
        value, grid[r][c] = grid[r][c], 0
        if search(Sudoku(grid)).count(limit=2) != 1:
            grid[r][c] = value
        else:
            left -= 1
    return Sudoku(grid)


PUZZLE = Puzzle(
    name="sudoku",
    description="Sudoku 4x4, 9x9, 16x16 or 25x25: each row, column and box holds every value once",
    parse=parse,
    search=search,
    render=render,
    split=split,
    as_json=lambda spec, solution: [list(row) for row in solution],
    examples=examples_in(Path(__file__).parent / "examples" / "sudoku"),
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.sudoku generate [--box B] [--seed S] [--clues K] [--several] [--count M]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.sudoku")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="print random puzzles, one per line")
    make.add_argument("--box", type=int, default=3, choices=range(MIN_BOX, MAX_BOX + 1), help="box size B (grid B*B)")
    make.add_argument("--seed", type=int, default=None)
    make.add_argument("--clues", type=int, default=None, help="number of givens to keep")
    make.add_argument("--several", action="store_true", help="do not keep the solution unique")
    make.add_argument("--count", type=int, default=1, help="how many puzzles")
    args = parser.parse_args(argv)
    for index in range(args.count):
        seed = None if args.seed is None else args.seed + index
        print(generate(args.box, seed, args.clues, not args.several).line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
