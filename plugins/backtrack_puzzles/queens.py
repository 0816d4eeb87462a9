"""N-Queens: place N queens on an N x N board so that none attacks another.

Input: a file holding N (lines starting with ``#`` are comments), or ``-p n=N``
with no file; N is at most :data:`MAX_SIZE` (64).  A solution is the column of the
queen in each row, counted from 0; it renders as rows of ``Q`` and ``.``, and
:func:`check` names the rules a solution breaks.

An answer to check (``backtrack check queens N.txt ANSWER``) is that picture:
N rows of N squares, ``Q`` (or ``q``) a queen and ``.`` an empty square,
trailing blanks and ``#`` comment lines ignored.  :func:`read_answer` reads it;
a board that does not hold one queen in each row is read as :class:`Squares`
(the queens' squares), so that the checker can say which row holds two queens
or none.

Two searches state the same problem.  ``classic`` (the tutorial's way): at each
level (a row) every column is a move and ``valid`` checks columns and diagonals.
``bitmask`` (the default): ``moves`` yields only the free columns, computed from
three bitmasks, so the engine skips ``valid`` and counts each move tried as an
attempt.  In a trace both show a move as the queen's column counted from 0, as the
levels count the rows (the ``bitmask`` search's moves are single bits inside).

The model is :class:`Queens` (the board size); the parts follow the anatomy of
every puzzle module (:mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the
text form, 5 the picture, 6 the checker, 7 the search, 10 the descriptor, 11 the
hook (queens has no formats, generator or façade).

Why at most 64: setting up any board is instant, but from N = 30 on, even the
first solution takes these searches many seconds (tens of millions of attempts),
growing fast with N, so larger boards would only seem to hang.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Param, Pictured, Puzzle, Search, examples_in, hookimpl, whole_number
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.svg import PALETTE, Grid

#: The largest board size N accepted (from a file, ``-p n=N`` or ``Queens(n)``).
MAX_SIZE = 64


# -- 1. the model ----------------------------------------------------------------------------------


class Queens(Pictured, puzzle="queens"):
    """The N-Queens puzzle on an ``n`` x ``n`` board (a value: boards of the same size are equal)."""

    def __init__(self, n: int):
        if not isinstance(n, int) or not 1 <= n <= MAX_SIZE:
            raise ValueError(f"the board size must be a whole number from 1 to {MAX_SIZE}, not {n!r}")
        self.n = n

    def __repr__(self) -> str:
        return f"Queens({self.n})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Queens):
            return NotImplemented
        return self.n == other.n

    def __hash__(self) -> int:
        return hash((Queens, self.n))


def build(n: int = 8) -> Queens:
    """A board from the parameter ``n`` alone."""
    return Queens(n)


# -- 2. the parser ---------------------------------------------------------------------------------


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


# -- 3. the text form ------------------------------------------------------------------------------


class Squares(tuple):
    """The queens of an answer as their squares, ``(row, column)`` pairs counted from 0, in reading order.

    :func:`read_answer` gives it for a board that does not hold exactly one queen
    in each row (the searches' form, a column per row, cannot hold that board);
    :func:`check` and :func:`render` take it as well as a column per row.
    """


def text_of(spec: Queens) -> str:
    """The puzzle in the input format: ``parse(text_of(spec))`` is the same board."""
    return f"{spec.n}\n"


def render(spec: Queens, solution: Sequence[int] | Squares) -> str:
    """Rows of ``Q`` and ``.``; ``solution[row]`` is the queen's column (or the :class:`Squares` of an answer)."""
    if isinstance(solution, Squares):
        taken = set(solution)
        return "\n".join("".join("Q" if (row, column) in taken else "." for column in range(spec.n))
                         for row in range(spec.n))
    return "\n".join("".join("Q" if column == queen else "." for column in range(spec.n)) for queen in solution)


def read_answer(spec: Queens, text: str, source: str = "<answer>") -> tuple[int, ...] | Squares:
    """The queens of an answer written as :func:`render` prints it: N rows of ``Q`` and ``.``.

    Lines starting with ``#``, blank lines and trailing blanks are ignored; ``q``
    is a queen too.  The result is the column of the queen in each row (the
    searches' form) when every row holds one queen, else the board's
    :class:`Squares`.  :class:`InputError` naming line and column for a row of
    another length, an unknown character, or a count of rows other than N.
    """
    n = spec.n
    squares: list[tuple[int, int]] = []
    rows = 0
    last_line = 0
    for number, line in enumerate(text.split("\n"), 1):
        shown = line.rstrip()
        if not shown.strip() or shown.lstrip().startswith("#"):
            continue
        last_line = number
        if rows == n:
            raise InputError(f"expected {n} rows of {n} squares (the board is {n} x {n}), found more",
                             source, number, 1)
        for column, character in enumerate(shown):
            if character not in "Qq.":
                raise InputError(f"expected 'Q' (a queen) or '.' (an empty square), found {character!r}",
                                 source, number, column + 1)
            if column == n:
                raise InputError(f"expected {n} squares in a row (the board is {n} x {n}), found {len(shown)}",
                                 source, number, n + 1)
            if character != ".":
                squares.append((rows, column))
        if len(shown) < n:
            raise InputError(f"expected {n} squares in a row (the board is {n} x {n}), found {len(shown)}",
                             source, number, len(shown) + 1)
        rows += 1
    if rows < n:
        raise InputError(f"expected {n} rows of {n} squares (the board is {n} x {n}), found {rows}",
                         source, last_line + 1 if rows else None)
    if [row for row, _ in squares] == list(range(n)):
        return tuple(column for _, column in squares)
    return Squares(squares)


def as_json(spec: Queens, solution: Sequence[int]) -> list[int]:
    """The queens' columns, row by row, counted from 0."""
    return list(solution)


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------
# A chessboard (its squares one pattern, so that a large board stays a small picture) with
# queens drawn from one symbol.  A move's row is its level: each search's ``drawn_move``
# gives draw_move the square, ``(row, column)``, since only the search knows whether its
# move 4 is column 4 (classic) or the single bit of column 2 (bitmask).

#: The light and the dark squares, as on a wooden board.
LIGHT, DARK = "#f0d9b5", "#b58863"
#: The largest board on which a search's pictures dot the squares its queens attack (more would crowd them).
ATTACKS_SHOWN = 20
#: A queen in a 100 x 100 box: five balls over a crown, on a base.
_QUEEN = (
    '<symbol id="queens-queen" viewBox="0 0 100 100">'
    f'<g fill="{PALETTE["ink"]}" stroke="{PALETTE["paper"]}" stroke-width="3" stroke-linejoin="round">'
    '<path d="M20 74 L11 34 L32 56 L31 24 L44 54 L50 18 L56 54 L69 24 L68 56 L89 34 L80 74 Z"/>'
    '<rect x="17" y="74" width="66" height="15" rx="4"/>'
    + "".join(f'<circle cx="{x}" cy="{y}" r="6.5"/>' for x, y in ((11, 32), (31, 21), (50, 14), (69, 21), (89, 32)))
    + "</g></symbol>"
)


class Placed(tuple):
    """The queens a search has placed so far (their columns, row by row from the top) and how it writes a move.

    It equals the plain tuple of the columns; ``bits`` is true when the search's
    moves are single bits (the ``bitmask`` search), false when they are columns.
    """

    bits: bool

    def __new__(cls, columns: Sequence[int] = (), bits: bool = False) -> "Placed":
        made = super().__new__(cls, columns)
        made.bits = bits
        return made

    def __reduce__(self) -> tuple:
        return Placed, (tuple(self), self.bits)


def _canvas(spec: Queens) -> Grid:
    """The canvas of a board: squares of up to 40 pixels, smaller on a large board (at least 14)."""
    return Grid(spec.n, spec.n, cell=max(14, min(40, 480 // spec.n)), margin=(0.25, 0.25, 0.25, 0.25), name="queens")


def draw(spec: Queens, state: Sequence[int] | None = None) -> str:
    """The chessboard as SVG: the queens of ``state``, and in a search the squares they attack below them.

    ``state`` is None (the empty board), a solution (the queen's column in each
    row), the queens placed so far (fewer, from the top row down; a
    :class:`Placed` from a search), or the :class:`Squares` of a partial answer.  On a board not yet full, of up to
    :data:`ATTACKS_SHOWN` rows, a small dot marks each square of the empty rows
    that a queen attacks.  Classes: ``squares``, ``queen``, ``attacked``.
    """
    n = spec.n
    squares = sorted(state) if isinstance(state, Squares) else list(enumerate(state or ()))
    queens = [column for _, column in squares] if not isinstance(state, Squares) else []
    canvas = _canvas(spec)
    cell, x0, y0 = canvas.cell, canvas.x(0), canvas.y(0)
    defs = [f'<pattern id="queens-pattern" patternUnits="userSpaceOnUse" x="{x0:g}" y="{y0:g}" '
            f'width="{2 * cell:g}" height="{2 * cell:g}"><rect width="{2 * cell:g}" height="{2 * cell:g}" '
            f'fill="{LIGHT}"/><rect x="{cell:g}" width="{cell:g}" height="{cell:g}" fill="{DARK}"/>'
            f'<rect y="{cell:g}" width="{cell:g}" height="{cell:g}" fill="{DARK}"/></pattern>', _QUEEN]
    canvas.add(f"<defs>{''.join(defs)}</defs>")
    canvas.add(f'<rect class="squares" x="{x0:g}" y="{y0:g}" width="{n * cell:g}" height="{n * cell:g}" '
               'fill="url(#queens-pattern)"/>')
    canvas.frame(2)
    size = 0.88 * cell
    for row, column in squares:
        x, y = canvas.centre(row, column)
        canvas.add(f'<use class="queen" href="#queens-queen" x="{x - size / 2:g}" y="{y - size / 2:g}" '
                   f'width="{size:g}" height="{size:g}"/>')
    if 0 < len(queens) < n <= ATTACKS_SHOWN:
        for row in range(len(queens), n):
            attacked = set(queens)
            for placed, column in enumerate(queens):
                attacked.update((column - (row - placed), column + (row - placed)))
            for column in sorted(attacked & set(range(n))):
                canvas.circle(row, column, "attacked", PALETTE["wrong"], radius=0.08)
    return canvas.svg()


def draw_move(spec: Queens, move: tuple[int, int]) -> str:
    """The square a move puts its queen on, ``(row, column)`` as the searches' ``drawn_move`` give it, highlighted."""
    row, column = move
    return _canvas(spec).highlight(row, column)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Queens, solution: Sequence[int] | Squares) -> list[str]:
    """The rules ``solution`` breaks (an empty list when none), rows and columns counted from 1.

    ``solution[row]`` is the column of the queen in that row, counted from 0, as the
    searches yield it, or an answer's :class:`Squares`.  Independent of both
    searches: one queen in each row, each on the board, and no two in the same
    row, column or diagonal.  The rules are named in reading order of the first
    queen they concern: ``row 2, column 4: this queen and the queen at row 4,
    column 4 share a column``, ``row 3: no queen stands in this row``.
    """
    n = spec.n
    broken: list[str] = []
    placed: list[tuple[int, int]] = []  # row, column of the queens on the board
    if isinstance(solution, Squares):
        placed = sorted(solution)
    else:
        if len(solution) != n:
            broken.append(f"expected {n} queens, one in each of the {n} rows, found {len(solution)}")
        for row, column in enumerate(solution):
            if type(column) is not int or not 0 <= column < n:
                broken.append(f"row {row + 1}: the queen's column {column!r} is not on the board (columns 1 to {n})")
            else:
                placed.append((row, column))
    rows_held = {row for row, _ in placed}
    # A column per row leaves no row empty; an answer's squares may.
    rows_missing = [row for row in range(n) if row not in rows_held] if isinstance(solution, Squares) else []
    missing_at = 0
    for index, (row, column) in enumerate(placed):
        while missing_at < len(rows_missing) and rows_missing[missing_at] < row:
            broken.append(f"row {rows_missing[missing_at] + 1}: no queen stands in this row")
            missing_at += 1
        for other_row, other_column in placed[index + 1 :]:
            if other_row == row:
                shared = "a row"
            elif other_column == column:
                shared = "a column"
            elif abs(other_column - column) == other_row - row:
                shared = "a diagonal"
            else:
                continue
            broken.append(f"row {row + 1}, column {column + 1}: this queen and the queen at row {other_row + 1}, "
                          f"column {other_column + 1} share {shared}")
    broken.extend(f"row {row + 1}: no queen stands in this row" for row in rows_missing[missing_at:])
    return broken


# -- 7. the search ---------------------------------------------------------------------------------


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

    def partial(self, path: tuple) -> Placed:
        """The queens placed so far, row by row (their columns)."""
        return Placed(self.queens)

    def format_move(self, level: int, move: int) -> str:
        """The queen's column, counted from 0 (the move itself)."""
        return str(move)

    def drawn_move(self, level: int, move: int) -> tuple[int, int]:
        """The square: the row is the level, the column the move."""
        return level, move


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

    def partial(self, path: tuple) -> Placed:
        """The queens placed so far, row by row: the column bit each row added to the attacked columns."""
        masks = self.masks
        return Placed([(masks[row + 1][0] ^ masks[row][0]).bit_length() - 1 for row in range(len(masks) - 1)],
                      bits=True)

    def format_move(self, level: int, move: int) -> str:
        """The queen's column, counted from 0 as the ``classic`` search shows it (the move is its single bit)."""
        return str(move.bit_length() - 1)

    def drawn_move(self, level: int, move: int) -> tuple[int, int]:
        """The square: the row is the level, the column the move's single bit."""
        return level, move.bit_length() - 1


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


# The reasoning a person does (``backtrack hint``): a queen is forced where a row or a column has one
# square left that no queen attacks; otherwise there is no forced move, and the search would guess.
FORCED = 0


class QueensReasoner(Reasoner):
    """The queens of a partial answer, and the forced moves from them."""

    scale = ("forced", "guess")
    rules = (
        Rule("row-one-square", FORCED, "a row without a queen has one square left that no queen attacks"),
        Rule("column-one-square", FORCED, "a column without a queen has one square left that no queen attacks"),
    )

    def __init__(self, spec: Queens, queens: Sequence[tuple[int, int]] = ()):
        self.spec, self.queens = spec, set(queens)

    def attacked(self, row: int, column: int) -> bool:
        """Does a queen stand on or attack this square?"""
        return any(r == row or c == column or abs(r - row) == abs(c - column) for r, c in self.queens)

    def free_in_row(self, row: int) -> list[tuple[int, int]]:
        return [(row, column) for column in range(self.spec.n) if not self.attacked(row, column)]

    def free_in_column(self, column: int) -> list[tuple[int, int]]:
        return [(row, column) for row in range(self.spec.n) if not self.attacked(row, column)]

    def find(self, rule: Rule) -> Deduction | None:
        line = "row" if rule.id == "row-one-square" else "column"
        held = {r for r, _ in self.queens} if line == "row" else {c for _, c in self.queens}
        for index in range(self.spec.n):
            if index in held:
                continue
            free = self.free_in_row(index) if line == "row" else self.free_in_column(index)
            if len(free) == 1:
                (row, column), = free
                return Deduction(rule, f"{line} {index + 1} has one square left that no queen attacks: a queen at "
                                       f"({row + 1}, {column + 1})", ((row, column),), (row, column))
        return None

    def apply(self, deduction: Deduction) -> None:
        self.queens.add(deduction.change)

    def solved(self) -> bool:
        return len(self.queens) == self.spec.n and self.broken() is None

    def broken(self) -> Deduction | None:
        placed = sorted(self.queens)
        for index, (row, column) in enumerate(placed):
            for other in placed[index + 1:]:
                if other[0] == row or other[1] == column or abs(other[0] - row) == abs(other[1] - column):
                    return Deduction(BROKEN, f"the queens at ({row + 1}, {column + 1}) and ({other[0] + 1}, "
                                             f"{other[1] + 1}) attack each other", ((row, column), other))
        rows = {r for r, _ in self.queens}
        for row in range(self.spec.n):
            if row not in rows and not self.free_in_row(row):
                return Deduction(BROKEN, f"row {row + 1} has no queen and no square left that no queen attacks",
                                 tuple((row, column) for column in range(self.spec.n)))
        return None

    def answer(self) -> str:
        return render(self.spec, Squares(sorted(self.queens)))

    def guess(self) -> Deduction | None:
        rows = {r for r, _ in self.queens}
        for row in range(self.spec.n):
            if row not in rows:
                free = self.free_in_row(row)
                if free:
                    return Deduction(GUESS, f"a queen at ({free[0][0] + 1}, {free[0][1] + 1})", (free[0],))
        return None

    def against(self, solution: Sequence[int]) -> list[Deduction]:
        return [Deduction(BROKEN, f"with a queen at ({row + 1}, {column + 1}) the puzzle has no solution",
                          ((row, column),)) for row, column in sorted(self.queens) if solution[row] != column]

    def state(self) -> Squares:
        return Squares(sorted(self.queens))

    def highlight(self, cells: Sequence[tuple[int, int]]) -> str:
        canvas = _canvas(self.spec)
        return "".join(canvas.highlight(row, column) for row, column in cells)


#: What a broken rule and a guess are named by (they are not deductions of the scale).
BROKEN = Rule("queens-attack", FORCED, "no two queens share a row, a column or a diagonal")
GUESS = Rule("guess", 1, "a queen where the search would try one")


def reasoner(spec: Queens, answer: str | None, source: str = "<answer>") -> QueensReasoner:
    """The reasoning from a partial answer (rows of ``Q`` and ``.`` as :func:`render` prints them), or none."""
    if answer is None:
        return QueensReasoner(spec)
    read = read_answer(spec, answer, source)
    squares = sorted(read) if isinstance(read, Squares) else list(enumerate(read))
    return QueensReasoner(spec, squares)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="queens",
    description="N-Queens: N queens on an N x N board, none attacking another",
    parse=parse,
    search=search,
    render=render,
    params=(
        Param("n", "board size N, when no file is given", int, 8, low=1, high=MAX_SIZE),
        Param("method", "the search: bitmask (moves yield free columns) or classic (valid checks)", str, "bitmask",
              tuple(SEARCHES)),
    ),
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} (N at most {MAX_SIZE})",
    build=build,
    examples=examples_in(Path(__file__).parent / "examples" / "queens"),
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    draw=draw,
    draw_move=draw_move,
    check=check,
    reasoner=reasoner,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
