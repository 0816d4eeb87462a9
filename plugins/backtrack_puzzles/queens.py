"""N-Queens: place N queens on an N x N board so that none attacks another.

Input: a file holding N (lines starting with ``#`` are comments), or ``-p n=N``
with no file; N is at most :data:`MAX_SIZE` (64).  A solution is the column of the
queen in each row, counted from 0; it renders as rows of ``Q`` and ``.``, and
:func:`check` names the rules a solution breaks.

Two searches state the same problem.  ``classic`` (the tutorial's way): at each
level (a row) every column is a move and ``valid`` checks columns and diagonals.
``bitmask`` (the default): ``moves`` yields only the free columns, computed from
three bitmasks, so the engine skips ``valid`` and counts each move tried as an
attempt.  In a trace both show a move as the queen's column counted from 0, as the
levels count the rows (the ``bitmask`` search's moves are single bits inside).

The model is :class:`Queens` (the board size); the parts follow the common
order of every puzzle module: model, parser, text form, checker, searches,
descriptor, hook.

Why at most 64: setting up any board is instant, but from N = 30 on, even the
first solution takes these searches many seconds (tens of millions of attempts),
growing fast with N, so larger boards would only seem to hang.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Param, Puzzle, Search, examples_in, hookimpl, whole_number

#: The largest board size N accepted (from a file, ``-p n=N`` or ``Queens(n)``).
MAX_SIZE = 64


# -- 1. the model ------------------------------------------------------------------------


class Queens:
    """The N-Queens puzzle on an ``n`` x ``n`` board."""

    def __init__(self, n: int):
        if not isinstance(n, int) or not 1 <= n <= MAX_SIZE:
            raise ValueError(f"the board size must be a whole number from 1 to {MAX_SIZE}, not {n!r}")
        self.n = n

    def __repr__(self) -> str:
        return f"Queens({self.n})"


# -- 2. the parser -----------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Queens:
    """A board size N from a file: one line holding N, comments with ``#`` allowed."""
    size: int | None = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        column = len(line) - len(line.lstrip()) + 1
        if size is not None:
            raise InputError("expected only the board size N, found a second line", source, number, column)
        size = whole_number(stripped, source, number, column, low=1, high=MAX_SIZE, what="the board size N")
    if size is None:
        raise InputError(f"expected a line holding the board size N (1 to {MAX_SIZE}), found none", source)
    return Queens(size)


# -- 3. the text form --------------------------------------------------------------------


def text_of(spec: Queens) -> str:
    """The puzzle in the input format: ``parse(text_of(spec))`` is the same board."""
    return f"{spec.n}\n"


def render(spec: Queens, solution: tuple[int, ...]) -> str:
    """Rows of ``Q`` and ``.``; ``solution[row]`` is the queen's column."""
    return "\n".join("".join("Q" if column == queen else "." for column in range(spec.n)) for queen in solution)


def as_json(spec: Queens, solution: Sequence[int]) -> list[int]:
    """The queens' columns, row by row, counted from 0."""
    return list(solution)


# -- 4. the checker ----------------------------------------------------------------------


def check(spec: Queens, solution: Sequence[int]) -> list[str]:
    """The rules ``solution`` breaks (an empty list when none), rows and columns counted from 1.

    ``solution[row]`` is the column of the queen in that row, counted from 0, as the
    searches yield it.  Independent of both searches: one queen per row, each on the
    board, and no two in the same column or on the same diagonal.
    """
    n = spec.n
    broken: list[str] = []
    if len(solution) != n:
        broken.append(f"expected {n} queens, one in each of the {n} rows, found {len(solution)}")
    placed: list[tuple[int, int]] = []  # row, column of the queens on the board
    for row, column in enumerate(solution):
        if type(column) is not int or not 0 <= column < n:
            broken.append(f"row {row + 1}: the queen's column {column!r} is not on the board (columns 1 to {n})")
        else:
            placed.append((row, column))
    for index, (row, column) in enumerate(placed):
        for other_row, other_column in placed[index + 1 :]:
            where = f"row {row + 1}, column {column + 1} and row {other_row + 1}, column {other_column + 1}"
            if column == other_column:
                broken.append(f"the queens at {where} share a column")
            elif abs(column - other_column) == other_row - row:
                broken.append(f"the queens at {where} share a diagonal")
    return broken


# -- 5. the searches ---------------------------------------------------------------------


class ClassicQueensSearch(Search):
    """Level = row; every column is a move; ``valid`` checks column and both diagonals."""

    def __init__(self, spec: Queens):
        self.n = spec.n
        self.columns = [False] * self.n
        self.rising = [False] * (2 * self.n)  # row + column
        self.falling = [False] * (2 * self.n)  # row - column + n
        self.queens: list[int] = []

    def moves(self, level: int) -> range:
        return range(self.n)

    def valid(self, level: int, move: int) -> bool:
        return not (self.columns[move] or self.rising[level + move] or self.falling[level - move + self.n])

    def record(self, level: int, move: int) -> None:
        self.columns[move] = self.rising[level + move] = self.falling[level - move + self.n] = True
        self.queens.append(move)

    def undo(self, level: int, move: int) -> None:
        self.columns[move] = self.rising[level + move] = self.falling[level - move + self.n] = False
        self.queens.pop()

    def done(self, level: int) -> bool:
        return level == self.n - 1

    def solution(self, path: tuple) -> tuple[int, ...]:
        return tuple(self.queens)

    def format_move(self, level: int, move: int) -> str:
        """The queen's column, counted from 0 (the move itself)."""
        return str(move)


class BitmaskQueensSearch(Search):
    """Level = row; ``moves`` gives the free columns as single bits, so ``valid`` is skipped."""

    moves_are_valid = True

    def __init__(self, spec: Queens):
        self.n = spec.n
        self.last = spec.n - 1
        self.full = (1 << self.n) - 1
        # Attacked columns as seen from the next row: (columns, rising, falling).
        self.masks: list[tuple[int, int, int]] = [(0, 0, 0)]
        # The single bits of every mask of free columns, looked up rather than computed
        # node by node (up to 2**16 entries; larger boards compute them).
        self.bits = _single_bits(self.n) if self.n <= 16 else None

    def moves(self, level: int) -> Sequence[int]:
        columns, rising, falling = self.masks[-1]
        free = self.full & ~(columns | rising | falling)
        if self.bits is not None:
            return self.bits[free]
        bits = []
        while free:
            bit = free & -free
            bits.append(bit)
            free ^= bit
        return bits

    def valid(self, level: int, move: int) -> bool:
        columns, rising, falling = self.masks[-1]
        return not move & (columns | rising | falling)

    def record(self, level: int, move: int) -> None:
        columns, rising, falling = self.masks[-1]
        self.masks.append((columns | move, ((rising | move) << 1) & self.full, (falling | move) >> 1))

    def undo(self, level: int, move: int) -> None:
        self.masks.pop()

    def done(self, level: int) -> bool:
        return level == self.last

    def solution(self, path: tuple) -> tuple[int, ...]:
        return tuple(bit.bit_length() - 1 for bit in path)

    def format_move(self, level: int, move: int) -> str:
        """The queen's column, counted from 0 as the ``classic`` search shows it (the move is its single bit)."""
        return str(move.bit_length() - 1)


@functools.lru_cache(maxsize=4)
def _single_bits(n: int) -> tuple[tuple[int, ...], ...]:
    """For every mask below ``2**n``, its single bits from the lowest up."""
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << n):
        low = mask & -mask
        table.append((low,) + table[mask ^ low])
    return tuple(table)


SEARCHES = {"bitmask": BitmaskQueensSearch, "classic": ClassicQueensSearch}


def search(spec: Queens, method: str = "bitmask") -> Search:
    """A fresh search of ``spec``; ``method`` is ``bitmask`` (default) or ``classic``."""
    return SEARCHES[method](spec)


def build(n: int = 8) -> Queens:
    """A board from the parameter ``n`` alone."""
    return Queens(n)


# -- 6. the descriptor -------------------------------------------------------------------

PUZZLE = Puzzle(
    name="queens",
    description="N-Queens: N queens on an N x N board, none attacking another",
    parse=parse,
    search=search,
    render=render,
    build=build,
    params=(
        Param("n", "board size N, when no file is given", int, 8, low=1, high=MAX_SIZE),
        Param("method", "the search: bitmask (moves yield free columns) or classic (valid checks)", str, "bitmask",
              tuple(SEARCHES)),
    ),
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "queens"),
    check=check,
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} (N at most {MAX_SIZE})",
)


# -- 7. the hook -------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
