"""Sudoku: fill an N x N grid so that every row, column and box holds 1..N once.

The boxes are ``R`` x ``C`` cells (R rows tall, C columns wide, R x C = N, both at
least 2): square for 4 x 4, 9 x 9, 16 x 16 and 25 x 25, rectangular for the other
sizes up to 25 that have boxes (6, 8, 10, 12, 14, 15, 18, 20, 21, 22, 24; a prime
has none).  Unless a ``boxes:`` line says otherwise, a grid has the default shape
of its size (:data:`DEFAULT_BOX`): square when N is a square, else no taller than
wide and as tall as can be (6: 2x3, 8: 2x4, 12: 3x4, 24: 4x6).

Input, in either of two shapes:

* one puzzle on one line, the N x N cells in reading order, as in the well-known
  collections of hard puzzles (``4.....8.5.3...``; 36 cells are a 6 x 6, 144 a 12 x 12);
* one grid row per line, N cells each.

Either may follow a line ``boxes: RxC`` that sets another shape (``boxes: 3x2``: a
6 x 6 whose boxes are 3 rows tall and 2 columns wide); at the top of a batch file it
sets the boxes of every puzzle after it.

A cell is one character: ``1``-``9`` then ``A``-``P`` for 10..25 (case does not
matter), and ``.`` or ``0`` for an empty cell.  A line is read token by token
(tokens separated by blanks or ``|``) when every token is a single character or
a number, and either one of them is a single character or every number has two
digits and is at most 25: so 16 x 16 and 25 x 25 may be written as numbers,
``10 . 3 16 ...`` (``0`` or ``.`` empty).  Any other line is read character by
character, blanks and ``|`` left out (``123 456 789``, ``4.....8.5.3...``).
Lines made only of ``-``, ``+`` and ``|`` are skipped, so grids drawn with box
borders read as they are.  ``#`` starts a comment, which runs to the end of its
line: a whole line, or a note after a puzzle (``4.....8.5.3... # top95, 1``).

A file of many one-line puzzles is a batch (:func:`split`): ``backtrack solve
sudoku top95.txt`` solves each and prints a summary.  A file of exactly N lines of
N cells is one grid, even when N is 16: a file of exactly sixteen 4 x 4 puzzles,
one per line, reads as one 16 x 16 grid (solve them in two files).

Limits (:data:`LIMITS`): the largest grid is 25 x 25 (:data:`MAX_SIZE`); a line of
more than 625 cells or more than 25 grid rows is refused where it goes over.
Setting up the search of a 25 x 25 grid takes about a hundredth of a second.

The search is :class:`~backtrack_puzzles.latin.LatinSearch` with the boxes as
extra units: naked and hidden singles, then the cell with fewest candidates.
:func:`check` is an independent checker of solutions.

Hints and grades (:func:`reasoner`, for ``backtrack hint`` and ``backtrack grade``):
:class:`SudokuReasoner` names the techniques as people know them (full house,
hidden and naked singles, pointing and claiming, naked and hidden pairs, triples
and quads, X-wing, swordfish, jellyfish, forcing chains; see
:mod:`~backtrack_puzzles.latin_rules`) at the levels of Simon Tatham's Solo:
``trivial``, ``basic``, ``intermediate``, ``advanced``, ``extreme``, ``unreasonable``
(a guess).  A partial answer is the grid as ``render`` prints it, ``.`` for a
cell not yet decided.

Answers (:func:`read_answer`): the grid as ``render`` prints it (box borders and
``|`` ignored), or any grid this parser reads; ``.`` is a cell left empty, which
the checker reports.  A changed given is a broken rule, named by the checker.

Shared formats (:data:`FORMATS`): Simon Tatham's Solo game IDs of any box shape
(``3x3:3d9_2f...``; ``2x3:...`` is a 6 x 6 whose boxes are 2 rows by 3 columns;
jigsaw ``Nj``, X ``x`` and killer ``k`` puzzles are refused), puzz.link ``sudoku``
URLs of the sizes pzprjs draws boxes for, 4 x 4, 6 x 6 (boxes 2 rows by 3 columns),
9 x 9, 16 x 16 and 25 x 25 (``https://puzz.link/p?sudoku/4/4/g1k23k3g``), and the
puzz.link editor's pzprv3 files of the same sizes, whose answer part
:func:`decode_pzprv3_answer` reads.  A Sudoku whose boxes pzprjs does not draw
cannot be written in the last two.

The generator (:data:`GENERATOR`, ``backtrack generate sudoku -p size=16``, ``-p
size=6 -p boxes=3x2``) empties the cells of a random solved grid while the solution
stays unique.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
from pathlib import Path
from typing import Sequence

from backtrack import (
    Format, Generator, InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted, whole_number,
)
from backtrack.formats import (
    QUESTION, check_end, decode_number16, decode_pzprv3_file, decode_tatham_cells, decode_tatham_id, decode_tatham_size,
    decode_url, encode_number16, encode_pzprv3_file, encode_tatham_cells, encode_url, number16_places,
)
from backtrack.svg import PALETTE, Grid

from .latin import (
    LatinGrid, LatinSearch, LatinState, UniquenessBudget, draw_decision, draw_values, filled_in, line_units,
    pzprv3_value, repeated_in_units,
)
from .latin_rules import LatinReasoner, latin_rule

# Vocabulary: a *cell* is ``(row, col)`` from 0 (the search numbers it ``row * n + col``); a *value* is
# 1..N, written as a *symbol* (``1``-``9``, then ``A``-``P`` for 10-25); a *given* is a value the puzzle
# starts with (0 in ``givens``: an empty cell); a *box* is one of the N blocks of ``box_rows`` x
# ``box_cols`` cells that tile the grid; a *unit* is a row, a column or a box, and holds each value once.

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
#: The smallest side of a box: a box is at least 2 x 2 cells.
MIN_BOX = 2
#: The largest grid is MAX_SIZE x MAX_SIZE (25 x 25, boxes of 5 x 5).
MAX_SIZE = 25
#: The most cells a line may hold (a one-line 25 x 25 puzzle).
MAX_CELLS = MAX_SIZE * MAX_SIZE


def _shapes(n: int) -> tuple[tuple[int, int], ...]:
    """The boxes ``(rows, cols)`` of at least 2 x 2 cells that tile an ``n`` x ``n`` grid, fewest rows first."""
    return tuple((rows, n // rows) for rows in range(MIN_BOX, n // MIN_BOX + 1) if n % rows == 0)


#: Per size N, the box shapes ``(rows, cols)`` an N x N grid may have (rows times columns is N).
SHAPES = {n: shapes for n in range(MIN_BOX * MIN_BOX, MAX_SIZE + 1) if (shapes := _shapes(n))}
#: The sizes a grid may have: 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 and 25 (no prime has boxes).
SIZES = tuple(SHAPES)
#: Per size, the shape of its boxes unless another is asked for: square when N is a square, else
#: no taller than wide and as tall as can be (6: 2 x 3, 12: 3 x 4, 24: 4 x 6).
DEFAULT_BOX = {n: max(shape for shape in shapes if shape[0] <= shape[1]) for n, shapes in SHAPES.items()}
_SIZES_TEXT = ", ".join(map(str, SIZES[:-1])) + f" or {SIZES[-1]}"
LIMITS = (f"grids of 4 x 4 to {MAX_SIZE} x {MAX_SIZE} cells with boxes of at least {MIN_BOX} x {MIN_BOX}: "
          f"{_SIZES_TEXT} cells wide")


# -- 1. the model ----------------------------------------------------------------------------------


class Sudoku(Pictured, puzzle="sudoku"):
    """A Sudoku of N x N cells with boxes ``box_rows`` cells tall and ``box_cols`` wide.

    ``givens[row][col]`` is 0 for an empty cell.  ``box`` is ``(rows, cols)``
    of a box, their product N and both at least 2; None is :data:`DEFAULT_BOX` of
    the size (square boxes when N is a square, 2 x 3 for a 6 x 6, 3 x 4 for a 12 x 12).
    """

    def __init__(self, givens: Sequence[Sequence[int]], box: tuple[int, int] | None = None):
        n = len(givens)
        if n not in SHAPES:
            raise ValueError(_size_problem(n))
        if set(map(len, givens)) != {n}:
            raise ValueError(f"every row must hold {n} cells")
        if min(map(min, givens)) < 0 or max(map(max, givens)) > n:
            raise ValueError(f"the values must be 1 to {n} (0 for an empty cell)")
        box_rows, box_cols = DEFAULT_BOX[n] if box is None else box
        if (box_rows, box_cols) not in SHAPES[n]:
            raise ValueError(f"boxes of {box_rows}x{box_cols} cells do not tile a {n} x {n} grid "
                             f"(its boxes may be {_shape_text(SHAPES[n])})")
        self.n = n
        self.box_rows = box_rows
        self.box_cols = box_cols
        self.givens: tuple[tuple[int, ...], ...] = tuple(map(tuple, givens))

    def __repr__(self) -> str:
        if (self.box_rows, self.box_cols) == DEFAULT_BOX[self.n]:
            return f"Sudoku({self.line()!r})"
        return f"Sudoku({self.line()!r}, box=({self.box_rows}, {self.box_cols}))"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Sudoku) and self.givens == other.givens
                and (self.box_rows, self.box_cols) == (other.box_rows, other.box_cols))

    def __hash__(self) -> int:
        return hash((self.givens, self.box_rows, self.box_cols))

    def line(self) -> str:
        """The one-line form: a character per cell (``1-9``, ``A-P``), ``.`` for empty."""
        return "".join(SYMBOLS[value - 1] if value else "." for row in self.givens for value in row)

    def boxes(self) -> list[list[int]]:
        """The cells of every box, as cell numbers ``row * n + col``, boxes in reading order."""
        return [list(box) for box in _boxes(self.box_rows, self.box_cols)]

    def grid(self) -> LatinGrid:
        """The Latin-square core of this puzzle: givens as single candidates, boxes as units."""
        masks = _MASKS[self.n]
        return LatinGrid(self.n, [masks[value] for row in self.givens for value in row],
                         _boxes(self.box_rows, self.box_cols))


@functools.lru_cache(maxsize=None)
def _boxes(box_rows: int, box_cols: int) -> tuple[tuple[int, ...], ...]:
    """The cells of every box of a grid with boxes ``box_rows`` x ``box_cols`` (shared by all its puzzles)."""
    n = box_rows * box_cols
    return tuple(
        tuple((top + r) * n + left + c for r in range(box_rows) for c in range(box_cols))
        for top in range(0, n, box_rows)
        for left in range(0, n, box_cols)
    )


#: Per size, the starting candidates of a cell by its given value (0: every value).
_MASKS = {n: [(1 << n) - 1] + [1 << (value - 1) for value in range(1, n + 1)] for n in SIZES}


def _shape_text(shapes: Sequence[tuple[int, int]]) -> str:
    """Box shapes in words: ``2x3 or 3x2``."""
    names = [f"{rows}x{cols}" for rows, cols in shapes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _size_problem(n: int) -> str:
    """Why an ``n`` x ``n`` grid cannot be played (``n`` not in :data:`SIZES`)."""
    if MIN_BOX * MIN_BOX < n < MAX_SIZE:
        return f"a {n} x {n} grid has no boxes of at least {MIN_BOX} x {MIN_BOX} ({n} is a prime)"
    return f"the grid must be {_SIZES_TEXT} cells wide, not {n}"


# -- 2. the parser ---------------------------------------------------------------------------------


#: The value of each character that is a cell (``.`` and ``0``: empty).
_VALUES = {".": 0, "0": 0} | {char: value for value, char in enumerate(SYMBOLS, 1)} | {
    char.lower(): value for value, char in enumerate(SYMBOLS, 1) if char.isalpha()
}
_NOT_A_CELL = len(SYMBOLS) + 1
_ONE_LINE = {n * n: n for n in SIZES}  # one-line length -> N
_PIECE = re.compile(r"[^\s|]+")
_CELL = "a cell: 1-9, A-P (10-25), a number up to 25, or . or 0 for an empty cell"


def _by_token(pieces: list[tuple[int, str]]) -> bool:
    """Whether a line's pieces are cells one by one (``10 . 3 16``), not runs of one-character cells (``123 456``)."""
    numbers = [piece for _, piece in pieces if len(piece) > 1]
    if not all(piece.isascii() and piece.isdigit() for piece in numbers):
        return False
    return len(numbers) < len(pieces) or all(len(piece) == 2 and int(piece) <= MAX_SIZE for piece in numbers)


def _cells(text: str, source: str, number: int) -> list[tuple[int, int]]:
    """The cells of one input line as ``(column, value)`` (column from 1; value 0 for empty).

    Read by token or by character (see the module docstring); at most
    :data:`MAX_CELLS` cells are read, and a line holding more is refused at the
    first cell too many.
    """
    pieces = [(match.start(), match.group()) for match in itertools.islice(_PIECE.finditer(text), MAX_CELLS + 1)]
    if not _by_token(pieces):
        chars = ((start + i, char) for start, piece in pieces for i, char in enumerate(piece))
        pieces = list(itertools.islice(chars, MAX_CELLS + 1))
    if len(pieces) > MAX_CELLS:
        raise InputError(f"expected at most {MAX_CELLS} cells in a line ({LIMITS}), found more",
                         source, number, pieces[MAX_CELLS][0] + 1)
    cells = []
    for offset, token in pieces:
        value = _VALUES.get(token)
        if value is None:
            if not (token.isascii() and token.isdigit()):
                raise InputError(f"expected {_CELL}, found {quoted(token)}", source, number, offset + 1)
            value = whole_number(token, source, number, offset + 1, low=0, high=MAX_SIZE, what="a cell value")
        cells.append((offset + 1, value))
    return cells


def _content(text: str) -> list[tuple[int, str]]:
    """(line number, line without its comment) of the lines that are neither blank, comments nor borders."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.partition("#")[0]
        if line.strip() and set(line.strip()) - set("-+| "):
            found.append((number, line))
    return found


def _is_box_line(line: str) -> bool:
    """Whether a content line is a ``boxes: RxC`` line (no line of cells starts so: ``x`` and ``s`` are no cells)."""
    return line.lstrip()[:5].lower() == "boxes"


_DIGITS = re.compile(r"[0-9]+")
_BOX_LINE = "expected 'boxes: RxC' (each box R cells tall and C cells wide, as in 'boxes: 3x2')"


def _box_line(number: int, line: str, source: str) -> tuple[int, int, int]:
    """The shape a ``boxes: RxC`` line sets: ``(R, C, column of R)``; an error at the column where it goes wrong.

    R and C are at least 2 and R x C at most :data:`MAX_SIZE`; whether they fit
    the grid is for :func:`parse` to say, once it knows the grid.
    """
    at = len(line) - len(line.lstrip()) + len("boxes")

    def blanks(at: int) -> int:
        while at < len(line) and line[at] in " \t":
            at += 1
        return at

    def found(at: int) -> str:
        return quoted(line[at:].rstrip(), 12) if line[at:].strip() else "the end of the line"

    def part(at: int, what: str) -> re.Match[str]:
        match = _DIGITS.match(line, at)
        if match is None:
            raise InputError(f"{_BOX_LINE}, found {found(at)} where {what} goes", source, number, at + 1)
        return match

    at = blanks(at)
    if line[at : at + 1] != ":":
        raise InputError(f"{_BOX_LINE}, found {found(at)} after 'boxes'", source, number, at + 1)
    rows = part(blanks(at + 1), "R")
    at = blanks(rows.end())
    if line[at : at + 1] not in ("x", "X"):
        raise InputError(f"{_BOX_LINE}, found {found(at)} after R", source, number, at + 1)
    cols = part(blanks(at + 1), "C")
    at = blanks(cols.end())
    if at < len(line):
        raise InputError(f"{_BOX_LINE}, found {found(at)} after C", source, number, at + 1)
    high = MAX_SIZE // MIN_BOX
    r = whole_number(rows.group(), source, number, rows.start() + 1, low=MIN_BOX, high=high, what="the rows of a box")
    c = whole_number(cols.group(), source, number, cols.start() + 1, low=MIN_BOX, high=high,
                     what="the columns of a box")
    if r * c > MAX_SIZE:
        raise InputError(f"boxes of {r}x{c} make a {r * c} x {r * c} grid: expected at most {MAX_SIZE} cells "
                         f"in a box ({LIMITS})", source, number, rows.start() + 1)
    return r, c, rows.start() + 1


def parse(text: str, source: str = "<input>") -> Sudoku:
    """A Sudoku from one line of N x N cells or N lines of N cells, after an optional ``boxes: RxC`` line.

    See the module docstring.  The ``boxes:`` line may also come last, after the
    cells: :func:`split` hands each puzzle of a batch that starts with one so, the
    puzzle still on its own line.
    """
    line = text.strip()
    n = _ONE_LINE.get(len(line))
    if n is not None:
        # The common case of batch files, read character by character at once;
        # anything else (or anything wrong) is read the general way below.
        values = [_VALUES.get(char, _NOT_A_CELL) for char in line]
        if max(values) <= n:
            return Sudoku([values[r * n : r * n + n] for r in range(n)])
    lines = _content(text)
    shape = None  # a boxes: line's (rows, columns, column of rows); its line number; whether it is first
    shape_line, shape_first = 0, True
    if lines and _is_box_line(lines[0][1]):
        shape_line = lines[0][0]
        shape = _box_line(*lines.pop(0), source)
    elif len(lines) > 1 and _is_box_line(lines[-1][1]):
        shape_line, shape_first = lines[-1][0], False
        shape = _box_line(*lines.pop(), source)
    if not lines:
        if shape is not None:
            raise InputError("expected a Sudoku after the boxes: line, one line of N x N cells or N lines of N cells, "
                             "found nothing", source, shape_line)
        raise InputError("expected a Sudoku: one line of N x N cells or N lines of N cells, found nothing", source)
    if len(lines) > MAX_SIZE:
        raise InputError(f"expected one puzzle on one line or at most {MAX_SIZE} grid rows ({LIMITS}), "
                         f"found {len(lines):,} lines", source, lines[MAX_SIZE][0])
    rows = []
    for number, content in lines:
        if _is_box_line(content):
            raise InputError("expected one boxes: line, before the cells, found another here", source, number,
                             len(content) - len(content.lstrip()) + 1)
        rows.append((number, _cells(content, source, number)))
    if len(rows) == 1:
        number, cells = rows[0]
        n = math.isqrt(len(cells))
        if n * n != len(cells) or n not in SHAPES:
            wanted = ", ".join(str(size * size) for size in SIZES[:-1]) + f" or {SIZES[-1] ** 2}"
            raise InputError(f"expected a one-line Sudoku of {wanted} cells, found {len(cells)}", source, number)
        grid = [cells[r * n : r * n + n] for r in range(n)]
        numbers = [number] * n
    else:
        n = len(rows)
        if n not in SHAPES:
            why = f": {_size_problem(n)}" if MIN_BOX * MIN_BOX < n < MAX_SIZE else ""
            raise InputError(f"expected one line per puzzle or {_SIZES_TEXT} grid rows, found {n} lines{why}",
                             source, rows[-1][0])
        for number, cells in rows:
            if len(cells) > n:
                raise InputError(f"expected {n} cells in this row (a {n} x {n} grid has {n} rows), found {len(cells)}",
                                 source, number, cells[n][0])
            if len(cells) < n:
                raise InputError(f"expected {n} cells in this row (a {n} x {n} grid has {n} rows), found {len(cells)}",
                                 source, number)
        grid = [cells for _, cells in rows]
        numbers = [number for number, _ in rows]
    box = None
    if shape is not None:
        box_rows, box_cols, column = shape
        if box_rows * box_cols != n:
            message = (f"expected boxes of {_shape_text(SHAPES[n])} for a {n} x {n} grid (rows times columns "
                       f"of a box make {n}), found boxes: {box_rows}x{box_cols}")
            if shape_first:
                raise InputError(message, source, shape_line, column)
            raise InputError(message, source, numbers[0])  # the puzzle of a batch the shape does not fit
        box = (box_rows, box_cols)
    for r, row in enumerate(grid):
        for column, value in row:
            if value > n:
                raise InputError(f"expected values 1 to {n} in a {n} x {n} Sudoku, found {value}",
                                 source, numbers[r], column)
    return Sudoku([[value for _, value in row] for row in grid], box)


def split(text: str) -> list[tuple[int, str]]:
    """The puzzles of a file holding one per line: ``[(line number, line), ...]``.

    A file is a batch when its first line of cells is a whole puzzle (its first
    line that reads as cells: a line that does not is an instance of its own,
    which parse reports); a file of N lines of N cells is one grid (one instance).
    A ``boxes:`` line in a batch sets the boxes of the puzzles after it: each of
    them is handed on as its line followed by the ``boxes:`` line, so that it
    stays on its own line number (a ``boxes:`` line that does not read is an
    instance of its own too).
    """
    lines = _content(text)
    rows = [(number, line) for number, line in lines if not _is_box_line(line)]
    if len(rows) < 2:
        return [(1, text)]
    if len(rows) in SHAPES and all(_length(number, line) == len(rows) for number, line in rows):
        return [(1, text)]
    first = next((length for length in (_length(number, line) for number, line in rows) if length >= 0), 0)
    if first not in _ONE_LINE:
        return [(1, text)]
    parts, shape = [], ""
    for number, line in lines:
        if not _is_box_line(line):
            parts.append((number, line + shape))
            continue
        try:
            _box_line(number, line, "<split>")
        except InputError:
            parts.append((number, line))  # parse reports it, in its own instance
        else:
            shape = "\n" + line.strip()
    return parts


def _length(number: int, line: str) -> int:
    """How many cells a line holds; -1 when it does not read as cells."""
    plain = line.strip()
    if len(plain) in _ONE_LINE and all(char in _VALUES for char in plain):
        return len(plain)  # the usual line of a batch file, without reading it cell by cell
    try:
        return len(_cells(line, "<split>", number))
    except InputError:
        return -1  # parse reports it, in its own instance


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Sudoku) -> str:
    """The puzzle in the input format, on one line: ``parse(text_of(spec)) == spec``.

    A ``boxes: RxC`` line comes first when the boxes are not the default shape of the size.
    """
    if (spec.box_rows, spec.box_cols) == DEFAULT_BOX[spec.n]:
        return spec.line() + "\n"
    return f"boxes: {spec.box_rows}x{spec.box_cols}\n{spec.line()}\n"


def render(spec: Sudoku, solution: Sequence[Sequence[int]]) -> str:
    """The grid with box borders; values above 9 as letters, ``.`` for a cell left empty (a partial answer)."""
    tall, wide = spec.box_rows, spec.box_cols
    lines = []
    for r, row in enumerate(solution):
        if r and r % tall == 0:
            lines.append("-+-".join("-" * (2 * wide - 1) for _ in range(0, spec.n, wide)))
        lines.append(" | ".join(" ".join(SYMBOLS[v - 1] if v else "." for v in row[c : c + wide])
                                for c in range(0, spec.n, wide)))
    return "\n".join(lines)


def as_json(spec: Sudoku, solution: Sequence[Sequence[int]]) -> list[list[int]]:
    """The solution as JSON data: rows of values (numbers, also above 9)."""
    return [list(row) for row in solution]


def read_answer(spec: Sudoku, text: str, source: str = "<answer>") -> tuple[tuple[int, ...], ...]:
    """An answer to ``spec`` from the grid ``render`` prints (or any grid :func:`parse` reads): rows of values.

    A cell left empty (``.`` or ``0``) is 0, which :func:`check` reports; a
    changed given is for :func:`check` to name too.  An :class:`~backtrack.InputError`
    with the line and column for text that is no grid of this size.
    """
    answer = parse(text, source)
    if answer.n != spec.n:
        lines = _content(text)
        raise InputError(f"expected the answer to a {spec.n} x {spec.n} Sudoku, found a {answer.n} x {answer.n} grid",
                         source, lines[0][0] if lines else None)
    return answer.givens


# -- 4. the formats: Tatham game IDs, puzz.link URLs, pzprv3 files ---------------------------------


#: What Solo's parameters may hold after the size: symmetry (``a``, ``r2``, ``m4``, ``md2`` ...) and
#: difficulty (``dt`` ... ``du``) are harmless; these change the rules, so they are refused.
SOLO_VARIANTS = {"j": "a jigsaw Sudoku (irregular boxes)", "x": "an X Sudoku (diagonals too)",
                 "k": "a killer Sudoku (cages with sums)"}


def decode_tatham(text: str, source: str = "<input>") -> Sudoku:
    """A Sudoku from a Solo game ID ``CxR:DESC``: boxes C cells tall and R cells wide (``2x3``: a 6 x 6).

    Solo's own convention (solo.c): in ``CxR``, C is the number of rows of
    digits in a box and R the number of its columns, so ``2x3`` is a 6 x 6 whose
    boxes are 2 rows tall and 3 columns wide, ``3x3`` an ordinary Sudoku; a lone
    ``N`` is ``NxN``.  C and R are at least 2 and C x R at most 25.  DESC is
    Solo's run coding: ``a``-``z`` 1-26 empty cells, a decimal number a given,
    ``_`` between two givens.  Jigsaw, X and killer puzzles, and boxes this
    Sudoku cannot play, are refused with an :class:`~backtrack.InputError` at the
    column that says so.
    """
    tid = decode_tatham_id(text, source)
    c, r, index = decode_tatham_size(text, tid.params_start, tid.params_end, source=source)
    end = tid.params_end
    while index < end:
        ch = text[index]
        if ch in SOLO_VARIANTS:
            raise InputError(f"this Solo ID is {SOLO_VARIANTS[ch]}, which this Sudoku does not play", source, 1,
                             index + 1)
        if ch in "rma":  # symmetry: r2, r4, m2, md2, m4, md4, m8, a
            index += 1
            if ch == "m" and index < end and text[index] == "d":
                index += 1
            while index < end and text[index].isdigit():
                index += 1
        elif ch == "d":  # difficulty: dt, db, di, da, de, du
            index += 2 if index + 1 < end and text[index + 1] in "tbiaeu" else 1
        else:
            raise InputError(f"unexpected {ch!r} in Solo's parameters (expected CxR, then symmetry and difficulty)",
                             source, 1, index + 1)
    if c < MIN_BOX or r < MIN_BOX or c * r > MAX_SIZE:
        raise InputError(f"Solo's boxes here are {c}x{r} ({c} rows by {r} columns of cells): this Sudoku has boxes "
                         f"of at least {MIN_BOX}x{MIN_BOX} and at most {MAX_SIZE} cells ({LIMITS})", source, 1,
                         tid.params_start + 1)
    n = c * r
    cells = decode_tatham_cells(text, n * n, tid.desc_start, tid.desc_end, low=1, high=n, source=source)
    return Sudoku([[cell if isinstance(cell, int) else 0 for cell in cells[row * n:row * n + n]]
                   for row in range(n)], (c, r))


def encode_tatham(spec: Sudoku) -> str:
    """The Solo game ID of ``spec`` as Solo's Game > Specific shows it: ``CxR:`` (boxes C rows by R columns), cells."""
    cells = [value or None for row in spec.givens for value in row]
    return f"{spec.box_rows}x{spec.box_cols}:" + encode_tatham_cells(cells)


#: The boxes ``(rows, cols)`` pzprjs gives a Sudoku, by size.  Read in robx/pzprjs,
#: src/variety/sudoku.js, Board.initBoardSize: the room borders fall every isqrt(cols)
#: cells across and down, except that a 6 x 6 gets rooms 3 cells wide (so 2 tall and 3
#: wide).  Other sizes get rooms that are no Sudoku boxes (an 8 x 8 gets rooms of 2 x 2
#: cells), so they are refused.
PZPR_BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4), 25: (5, 5)}
_PZPR_SIZES = "4 x 4, 6 x 6 (boxes 2 tall and 3 wide), 9 x 9, 16 x 16 and 25 x 25"


def _pzpr_size(spec: Sudoku) -> int:
    """The size of ``spec`` for puzz.link; ``ValueError`` saying why when pzprjs has not its boxes."""
    n = spec.n
    box = (spec.box_rows, spec.box_cols)
    if n not in PZPR_BOXES:
        raise ValueError(f"puzz.link has Sudoku boxes only for {_PZPR_SIZES}, not for {n} x {n}")
    if PZPR_BOXES[n] != box:
        rows, cols = PZPR_BOXES[n]
        raise ValueError(f"puzz.link's {n} x {n} Sudoku has boxes {rows} rows tall and {cols} columns wide, "
                         f"not {box[0]} by {box[1]}")
    return n


def decode_puzzlink(text: str, source: str = "<input>") -> Sudoku:
    """A Sudoku from a puzz.link URL ``https://puzz.link/p?sudoku/N/N/BODY`` (N = 4, 6, 9, 16 or 25).

    The boxes are pzprjs's (:data:`PZPR_BOXES`: 2 rows by 3 columns for a 6 x 6).
    BODY is pzprjs's number coding of the givens.  A URL of another variety, a
    size pzprjs has no Sudoku boxes for, a ``.`` (a given without its number)
    or a 0 are refused at their column.
    """
    url = decode_url(text, source)
    url.require("sudoku")
    n = url.cols
    if url.rows != n or n not in PZPR_BOXES:
        raise InputError(f"a Sudoku of {url.cols} x {url.rows} cannot be played here: puzz.link has Sudoku boxes "
                         f"only for {_PZPR_SIZES}", source, 1, url.size_at + 1)
    # As pzprjs: a body that stops early leaves the cells after it empty.
    values, end = decode_number16(url.text[:url.body_end], n * n, url.body_start, high=n, partial=True,
                                  what="cells", source=source)
    check_end(url.text, end, url.body_end, source=source)
    places = number16_places(url.text, n * n, url.body_start)
    for cell, value in enumerate(values):
        if value == QUESTION or value == 0:
            shown = "'.' (a given without its number)" if value == QUESTION else "0"
            raise InputError(f"expected a given from 1 to {n}, found {shown}", source, 1, places[cell] + 1)
    return Sudoku([[value or 0 for value in values[row * n:row * n + n]] for row in range(n)], PZPR_BOXES[n])


def encode_puzzlink(spec: Sudoku) -> str:
    """The puzz.link URL of ``spec``, as pzprjs writes it; ``ValueError`` when pzprjs has not its boxes."""
    n = _pzpr_size(spec)
    return encode_url("sudoku", n, n, encode_number16([value or None for row in spec.givens for value in row]))


def decode_pzprv3_answer(text: str, source: str = "<input>") -> tuple[Sudoku, tuple[tuple[int, ...], ...]]:
    """A Sudoku and the answer in a pzprv3 file: ``(spec, rows of values)``.

    The file: ``pzprv3``, ``sudoku``, the size N (one line: 4, 6, 9, 16 or 25, with
    pzprjs's boxes, :data:`PZPR_BOXES`), N lines of givens
    (``.`` none), then N lines of the answer (the player's values; pencil marks
    and background colours are notes, read as none).  An answer with some
    values gives every cell (0 for one left empty, which :func:`check` reports);
    a file without an answer, or with no value in it, is checked as an empty
    answer (the givens alone: a wrong answer, as pzprjs checks it).  Errors name
    the line.
    """
    file = decode_pzprv3_file(text, source)
    file.require("sudoku")
    n = file.rows
    if n not in PZPR_BOXES:
        raise InputError(f"a Sudoku of {n} x {n} cannot be played here: puzz.link has Sudoku boxes only for "
                         f"{_PZPR_SIZES}", source, file.size_line)
    reader = file.reader()
    givens = []
    for row in reader.grid(n, n, "the givens"):
        values = []
        for item in row:
            if item.text == "-":
                raise item.error(f"expected a given from 1 to {n} or '.', found '-' (a given without its number)")
            values.append(0 if item.text == "." else item.number(1, n, f"a given of a {n} x {n} Sudoku"))
        givens.append(values)
    spec = Sudoku(givens, PZPR_BOXES[n])
    empty = tuple(map(tuple, givens))
    if reader.at_end():
        return spec, empty
    entered = []
    for r, row in enumerate(reader.grid(n, n, "the answer")):
        values = []
        for c, item in enumerate(row):
            value = pzprv3_value(item, n, f"a value of a {n} x {n} Sudoku")
            if value and givens[r][c] and value != givens[r][c]:
                raise item.error(f"the answer has {value} in a cell given as {givens[r][c]}")
            values.append(value)
        entered.append(values)
    reader.expect_end()
    return spec, filled_in(givens, entered) or empty


def decode_pzprv3(text: str, source: str = "<input>") -> Sudoku:
    """The Sudoku of a pzprv3 file (see :func:`decode_pzprv3_answer`; the answer, if any, is read and left)."""
    return decode_pzprv3_answer(text, source)[0]


def encode_pzprv3(spec: Sudoku) -> str:
    """The pzprv3 file of ``spec`` as the puzz.link editor saves it, without an answer (its part all ``.``).

    ``ValueError`` when pzprjs has not the boxes of ``spec`` (see :data:`PZPR_BOXES`).
    """
    n = _pzpr_size(spec)
    givens = [[str(value) if value else "." for value in row] for row in spec.givens]
    return encode_pzprv3_file("sudoku", n, n, givens + [["."] * n for _ in range(n)])


#: The shared formats Sudoku reads and writes (see :class:`~backtrack.Format`).
FORMATS = {
    "tatham": Format(decode_tatham, encode_tatham),
    "puzzlink": Format(decode_puzzlink, encode_puzzlink),
    "pzprv3": Format(decode_pzprv3, encode_pzprv3, decode_pzprv3_answer),
}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------


#: The side of a cell in pixels, by the size of the grid: every grid is drawn 200 to 700 pixels wide.
CELL_PIXELS = {4: 52, 6: 48, 8: 44, 9: 42, 10: 41, 12: 39, 14: 37, 15: 36, 16: 34, 18: 33, 20: 31, 21: 31, 22: 30,
               24: 29, 25: 28}


def _symbol(value: int) -> str:
    return SYMBOLS[value - 1] if 1 <= value <= len(SYMBOLS) else str(value)


def _canvas(spec: Sudoku) -> Grid:
    """The grid the pictures of ``spec`` are drawn on (draw and draw_move share its coordinates)."""
    return Grid(spec.n, spec.n, cell=CELL_PIXELS[spec.n], margin=(0.3, 0.3, 0.3, 0.3), name="sudoku")


def draw(spec: Sudoku, state: LatinState | None) -> str:
    """The grid as SVG: thin cell lines, thick box borders (class ``box``), givens in ink (``given``).

    ``state`` None is the puzzle alone; a solution adds the values placed (class
    ``placed``, in the placed colour); a partial state (:meth:`LatinSearch.partial
    <backtrack_puzzles.latin.LatinSearch.partial>`) the values decided so far and,
    up to 12 x 12, the candidates of the open cells small (``candidate``).  The
    thick lines fall between the boxes: every ``box_cols`` columns and every
    ``box_rows`` rows.
    """
    grid = _canvas(spec)
    draw_values(grid, spec.givens, state, name=_symbol)
    grid.lines()
    n = spec.n
    down = [(grid.x(at), grid.y(0), grid.x(at), grid.y(n)) for at in range(spec.box_cols, n, spec.box_cols)]
    across = [(grid.x(0), grid.y(at), grid.x(n), grid.y(at)) for at in range(spec.box_rows, n, spec.box_rows)]
    for x1, y1, x2, y2 in down + across:
        grid.add(f'<line class="box" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                 f'stroke="{PALETTE["ink"]}" stroke-width="2.5"/>')
    return grid.svg()


def draw_move(spec: Sudoku, move: tuple[int, int]) -> str:
    """The fragment marking a decision ``(cell, value)``: the cell it sets, highlighted, and the value tried."""
    return draw_decision(_canvas(spec), move, _symbol)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Sudoku, solution: Sequence[Sequence[int]]) -> list[str]:
    """The rules that ``solution`` (rows of values, as the search gives it) breaks; an empty list when it is solved.

    Independent of the search: the rows, columns and boxes are made again here
    from the size and the shape of the boxes alone.  Each message names the rule
    and where, rows and columns counted from 1 (``row 3, column 5: this cell is
    empty``, ``row 4 holds 7 twice: at row 4, column 2 and row 4, column 9``);
    boxes are counted in reading order and named with their rows and columns
    (``box 2 (rows 1-2, columns 4-6)``).  Values are written as in the input
    (``A`` for 10); a 0 is a cell left empty.  Cells that are wrong first, then
    rows, columns and boxes, then the cells left empty (as pzprjs orders its checks).
    """
    n, tall, wide = spec.n, spec.box_rows, spec.box_cols

    def name(value: object) -> str:
        if isinstance(value, int) and 1 <= value <= len(SYMBOLS):
            return SYMBOLS[value - 1]
        return repr(value)

    def at(r: int, c: int) -> str:
        return f"row {r + 1}, column {c + 1}"

    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution must be {n} rows of {n} values, one per cell"]
    problems, empty = [], []
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            if value == 0 and isinstance(value, int):
                empty.append(f"{at(r, c)}: this cell is empty")
            elif not (isinstance(value, int) and 1 <= value <= n):
                problems.append(f"{at(r, c)}: {name(value)} is not a value of a {n} x {n} Sudoku")
            elif spec.givens[r][c] and spec.givens[r][c] != value:
                problems.append(f"{at(r, c)}: the given {name(spec.givens[r][c])} became {name(value)}")
    units = line_units(n)
    across = n // wide  # boxes side by side
    for number in range(n):
        top, left = number // across * tall, number % across * wide
        where = f"box {number + 1} (rows {top + 1}-{top + tall}, columns {left + 1}-{left + wide})"
        units.append((where, [(top + i, left + j) for i in range(tall) for j in range(wide)]))
    problems += repeated_in_units(solution, units, name, by_value=False)
    return problems + empty


# -- 7. the search ---------------------------------------------------------------------------------


class SudokuSearch(LatinSearch):
    """The Latin-square search with the boxes as units; a trace names values as the puzzle writes them (``A`` = 10)."""

    def value_name(self, value: int) -> str:
        """A value as the input writes it: ``1``-``9``, then ``A``-``P`` for 10-25."""
        return SYMBOLS[value - 1] if 1 <= value <= len(SYMBOLS) else str(value)


def search(spec: Sudoku) -> SudokuSearch:
    """A fresh search of ``spec``: Latin-square propagation with the boxes as units (constructing it runs nothing)."""
    return SudokuSearch(spec.grid())


class SudokuReasoner(LatinReasoner):
    """Sudoku's named deductions, at the levels of Tatham's Solo (solo.c).

    ``trivial``: only a digit with one place left in a box (and so the last empty
    cell of a box); ``basic``: the same in rows and columns, and a cell with one
    candidate left; ``intermediate``: pointing and claiming; ``advanced``: naked
    and hidden pairs, triples, quads (Solo's set elimination in a box, row or
    column); ``extreme``: X-wing, swordfish, jellyfish (set elimination for one
    digit across rows against columns) and forcing chains; ``unreasonable``: a guess.
    """

    VALUE = "digit"
    scale = ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")
    rules = (
        latin_rule("full-house-box", 0, "digit"),
        latin_rule("hidden-single-box", 0, "digit"),
        latin_rule("full-house-line", 1, "digit"),
        latin_rule("hidden-single-row", 1, "digit"),
        latin_rule("hidden-single-column", 1, "digit"),
        latin_rule("naked-single", 1, "digit"),
        latin_rule("pointing", 2, "digit"),
        latin_rule("claiming", 2, "digit"),
        latin_rule("naked-pair", 3, "digit"),
        latin_rule("hidden-pair", 3, "digit"),
        latin_rule("naked-triple", 3, "digit"),
        latin_rule("hidden-triple", 3, "digit"),
        latin_rule("naked-quad", 3, "digit"),
        latin_rule("hidden-quad", 3, "digit"),
        latin_rule("x-wing", 4, "digit"),
        latin_rule("swordfish", 4, "digit"),
        latin_rule("jellyfish", 4, "digit"),
        latin_rule("forcing-chain", 4, "digit"),
    )

    def __init__(self, spec: Sudoku):
        super().__init__(spec.n, _boxes(spec.box_rows, spec.box_cols))
        self.spec = spec

    def name(self, value: int) -> str:
        """A digit as the puzzle writes it: ``1``-``9``, then ``A``-``P``."""
        return _symbol(value)

    def answer(self) -> str:
        """The grid as ``render`` prints it, ``.`` for a cell not yet decided."""
        return render(self.spec, self.values())

    def canvas(self) -> Grid:
        """The grid the puzzle's pictures are drawn on."""
        return _canvas(self.spec)


def reasoner(spec: Sudoku, answer: str | None = None, source: str = "<answer>") -> SudokuReasoner:
    """The named deductions from the givens, or from a partial answer as ``render`` prints it (``.``: empty).

    An :class:`~backtrack.InputError` with line and column for an answer that is
    no grid of this size; a changed given is a mistake the reasoner reports.
    """
    found = SudokuReasoner(spec)
    found.setup(spec.givens, read_answer(spec, answer, source) if answer is not None else None)
    return found


# -- 8. the generator ------------------------------------------------------------------------------


#: The generator's uniqueness checks: attempts per check and in all (see UniquenessBudget).
CHECK_ATTEMPTS = 20_000
GENERATE_ATTEMPTS = 500_000


def solved_grid(box: tuple[int, int], rng: random.Random) -> list[list[int]]:
    """A random complete grid with boxes ``(rows, cols)``: the standard pattern, shuffled.

    The pattern for boxes h tall and w wide is ``(w * (r % h) + r // h + c) % n``;
    it is shuffled by bands (h rows), stacks (w columns), rows within bands,
    columns within stacks, and symbols.
    """
    tall, wide = box
    n = tall * wide
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)

    def order(size: int) -> list[int]:
        """Groups of ``size`` lines shuffled, and the lines within each group."""
        groups = list(range(n // size))
        rng.shuffle(groups)
        result = []
        for group in groups:
            inner = list(range(size))
            rng.shuffle(inner)
            result += [group * size + i for i in inner]
        return result

    rows, columns = order(tall), order(wide)
    return [[symbols[(wide * (r % tall) + r // tall + c) % n] for c in columns] for r in rows]


def generate(box: tuple[int, int] = (3, 3), seed: int | None = None, clues: int | None = None,
             unique: bool = True) -> Sudoku:
    """A random Sudoku with boxes ``(rows, cols)`` (a grid of rows x cols cells each way).

    Cells are emptied in random order; with ``unique`` a cell is emptied only
    while the solution stays unique (down to ``clues`` givens if given, else as
    far as that goes).  Each uniqueness check may try :data:`CHECK_ATTEMPTS`
    decisions and all of them :data:`GENERATE_ATTEMPTS` (a cell whose check runs out
    stays given), so 25 x 25 puzzles end too, with more givens.  Without
    ``unique``, exactly ``clues`` givens are kept (default: a quarter of the
    cells), so the puzzle may have several solutions.
    """
    tall, wide = box
    n = tall * wide
    if n not in SHAPES or (tall, wide) not in SHAPES[n]:
        raise ValueError(f"boxes must be at least {MIN_BOX}x{MIN_BOX} and at most {MAX_SIZE} cells, not {tall}x{wide}")
    if clues is not None and not 0 <= clues <= n * n:
        raise ValueError(f"a {n} x {n} Sudoku keeps 0 to {n * n} givens, not {clues}")
    rng = random.Random(seed)
    grid = solved_grid(box, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    if not unique:
        keep = n * n // 4 if clues is None else clues
        for r, c in cells[keep:]:
            grid[r][c] = 0
        return Sudoku(grid, box)
    budget = UniquenessBudget(CHECK_ATTEMPTS, GENERATE_ATTEMPTS)
    left = n * n
    for r, c in cells:
        if clues is not None and left <= clues:
            break
        value, grid[r][c] = grid[r][c], 0
        if budget.unique(search(Sudoku(grid, box))):
            left -= 1
        else:
            grid[r][c] = value
    return Sudoku(grid, box)


_SHAPE_PARAM = re.compile(r"\s*([0-9]{1,3})\s*[xX]\s*([0-9]{1,3})\s*")


def box_shape(text: str) -> tuple[int, int]:
    """The box shape ``RxC`` (R rows, C columns of cells) as ``(R, C)``; ``ValueError`` saying why when it is none."""
    match = _SHAPE_PARAM.fullmatch(text)
    shape = (int(match.group(1)), int(match.group(2))) if match else None
    if shape is None or shape not in SHAPES.get(shape[0] * shape[1], ()):
        raise ValueError(f"boxes takes RxC, boxes R cells tall and C wide, R and C at least {MIN_BOX} and R x C "
                         f"at most {MAX_SIZE} (as in 3x2), not {quoted(text)}")
    return shape


def make(seed: int | None = None, unique: bool = True, size: int | None = None, clues: int | None = None,
         boxes: str | None = None) -> Sudoku:
    """``backtrack generate sudoku``: :func:`generate` for a grid ``size`` cells wide with boxes ``boxes`` (``RxC``).

    Without ``boxes``, the default shape of the size (:data:`DEFAULT_BOX`); without
    ``size``, the size of the boxes given, else 9.
    """
    box = box_shape(boxes) if boxes is not None else None
    if size is None:
        size = 9 if box is None else box[0] * box[1]
    if size not in SHAPES:
        raise ValueError(f"the size must be one of {_SIZES_TEXT}, not {size}")
    if box is None:
        box = DEFAULT_BOX[size]
    elif box not in SHAPES[size]:
        raise ValueError(f"boxes of {box[0]}x{box[1]} do not fit a {size} x {size} grid: "
                         f"its boxes may be {_shape_text(SHAPES[size])}")
    return generate(box, seed, clues, unique)


#: ``backtrack generate sudoku``: its parameters, and unique puzzles by default.
GENERATOR = Generator(
    make,
    params=(
        Param("size", "the side of the grid (default: 9, or the rows times the columns of the boxes given)", int,
              None, choices=SIZES),
        Param("boxes", "the shape of the boxes, RxC: R rows and C columns of cells (default: square when the size "
              "is a square, else no taller than wide and as tall as can be: 2x3 for 6, 3x4 for 12)"),
        Param("clues", "how many givens to keep (default: as few as keep the solution unique; "
              "a quarter of the cells with --any)", int, None, low=0, high=MAX_CELLS),
    ),
    unique_default=True,
    largest_unique="up to 25 x 25 (a 9 x 9 about 0.5 s, 16 x 16 about 1 s (up to 2 s measured), "
    "an 18 x 18 in a few seconds, 25 x 25 about 44 s, keeping more givens)",
)


# -- 10. the descriptor ----------------------------------------------------------------------------


PUZZLE = Puzzle(
    name="sudoku",
    description="Sudoku 4x4 to 25x25, square or rectangular boxes (6x6 with boxes 2x3, 12x12 with 3x4 ...): "
    "each row, column and box holds every value once",
    parse=parse,
    search=search,
    render=render,
    limits=LIMITS,
    split=split,
    examples=examples_in(Path(__file__).parent / "examples" / "sudoku"),
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    formats=FORMATS,
    draw=draw,
    draw_move=draw_move,
    check=check,
    reasoner=reasoner,
    generator=GENERATOR,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    """The puzzles of this module: Sudoku."""
    return [PUZZLE]
