"""Kendoku (KenKen, Calcudoku): an N x N Latin square of digits 1..N divided into cages.

Each cage has a target and an operation: ``+`` (the digits add up to the target),
``*`` (they multiply to it), ``-`` (two cells: the larger minus the smaller) or
``/`` (two cells: the larger divided by the smaller); a single cell has no
operation, its target is its digit.  Digits may repeat inside a cage when the
cells are in different rows and columns.

Input (lines starting with ``#`` are comments, blank lines are skipped): N lines
of N cage names, one character per cell (``A``-``Z`` then ``a``-``z``: up to 52
cages; blanks between the names are allowed), then one line per cage: the name,
the target and the operation, e.g. ``A 11+``, ``B 2/``, ``C 3`` (a single cell).
``x`` is accepted for ``*``.  N is taken from the first line, from 1 to 9
(:data:`MAX_SIZE`).  A target is a whole number from 1 up to what the cage could
reach at most: N for a single cell, N - 1 for ``-``, N for ``/``, its cells times
N for ``+`` and N to the power of its cells for ``*``.

Limits: grids up to 9 x 9 (digits 1-9) and 52 cages; a cage may be as large as
the grid.  Setting up the search of any of them takes well under a second.

Rendering: the digit grid.

The search is :class:`~backtrack_puzzles.latin.LatinSearch`; each cage is a
:class:`~backtrack_puzzles.latin.Table` whose tuples are the cage's digit
combinations that reach the target (no digit twice in a row or column of the
cage), filtered by the candidates of its cells.  A large cage whose cells still
allow more than :data:`ENUMERATE_LIMIT` combinations is narrowed by bounds
alone (a sum or product the other cells cannot make up) until they allow
fewer.  :func:`check` is an independent checker of solutions.

Hints and grades (:func:`reasoner`, for ``backtrack hint`` and ``backtrack grade``):
:class:`KendokuReasoner` names the cage rules (``cage-digits``,
``cage-combinations``, ``cage-lines``) and the Latin rules of
:mod:`~backtrack_puzzles.latin_rules` at the levels of Simon Tatham's Keen:
``easy``, ``normal``, ``hard``, ``extreme``, ``unreasonable`` (a guess).  A partial
answer is the digit grid as ``render`` prints it, ``.`` for a cell not yet decided.

Answers (:func:`read_answer`): the digit grid as ``render`` prints it, N rows of
N digits (separated by blanks or not); ``.`` is a cell left empty, which the
checker reports.

Shared format (:data:`FORMATS`): Simon Tatham's Keen game IDs
(``6:aab_19a_a_...,s4d2d2m6...``): the cage walls in Keen's run coding, then
one operation and target per cage (``a`` +, ``m`` x, ``s`` -, ``d`` /), cages in
the order of their first cell.  The parameters' ``m`` (multiplication only) is
read and changes nothing: every clue says its operation.  A single cell, which
Keen never makes, is written ``a`` and its digit.  Keen's grids are 3 x 3 to
9 x 9; a cage of more than 52 cells is no problem, more than 52 cages are (the
text form names them A-Z, a-z).

The generator (:data:`GENERATOR`, ``backtrack generate kendoku -p size=9``) cuts
a random Latin square into random cages until the solution is unique.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import (
    Format, Generator, InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted, whole_number,
)
from backtrack.explain import Deduction, Rule
from backtrack.formats import (
    decode_tatham_gaps, encode_tatham_gaps, split_fields, decode_tatham_id, tatham_tokens,
)
from backtrack.svg import Grid

from .latin import (
    LatinGrid, LatinSearch, LatinState, Table, UniquenessBudget, bits, draw_decision, draw_values,
    line_units, random_latin_square, read_rows, read_tatham_params, repeated_in_units,
)
from .latin_rules import LATIN_FINDERS, LatinReasoner, board_cells, latin_rule

# Vocabulary: a *cell* is ``(row, col)`` from 0 (the search numbers it ``row * n + col``); a *digit* is a
# cell's value, 1..N; a *cage* is a connected group of cells, named by a letter (``A``-``Z``, ``a``-``z``),
# with a *target* and an *operation* (``+``, ``*``, ``-``, ``/``; none for a single cell): its digits,
# so combined, make the target.

#: The largest grid is MAX_SIZE x MAX_SIZE (digits 1-9).
MAX_SIZE = 9
NAMES = string.ascii_uppercase + string.ascii_lowercase
LIMITS = f"grids of 1 x 1 to {MAX_SIZE} x {MAX_SIZE} cells, at most {len(NAMES)} cages"


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cage:
    """A cage: its name, cells (``(row, col)``), target and operation (``""`` for a single cell)."""

    name: str
    cells: tuple[tuple[int, int], ...]
    target: int
    operation: str

    def holds(self, digits: Sequence[int]) -> bool:
        """Whether ``digits`` (one per cell) reach the target."""
        if self.operation == "+":
            return sum(digits) == self.target
        if self.operation == "*":
            return math.prod(digits) == self.target
        if self.operation == "-":
            return max(digits) - min(digits) == self.target
        if self.operation == "/":
            return max(digits) == self.target * min(digits)
        return digits[0] == self.target


class Kendoku(Pictured, puzzle="kendoku"):
    """A Kendoku: the size and the cages (which cover every cell once)."""

    def __init__(self, n: int, cages: Sequence[Cage]):
        self.n = n
        self.cages: tuple[Cage, ...] = tuple(cages)
        covered = sorted(cell for cage in self.cages for cell in cage.cells)
        if covered != [(r, c) for r in range(n) for c in range(n)]:
            raise ValueError("the cages must cover every cell exactly once")

    def __repr__(self) -> str:
        return f"Kendoku({self.n}, {len(self.cages)} cages)"

    def key(self) -> tuple[int, frozenset[tuple[frozenset[tuple[int, int]], int, str]]]:
        """What makes the puzzle: the size and the cages' cells, targets and operations (not their names)."""
        return self.n, frozenset((frozenset(cage.cells), cage.target, cage.operation) for cage in self.cages)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kendoku) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def grid(self) -> LatinGrid:
        """The Latin-square core with each cage as a table constraint."""
        return LatinGrid(self.n, constraints=[CageTable(cage, self.n) for cage in self.cages])

    def text(self) -> str:
        """The puzzle in the input format (see :func:`text_of`)."""
        return text_of(self)


# -- 2. the parser ---------------------------------------------------------------------------------


CAGE_LINE = re.compile(r"^\s*(\S+)\s+([0-9]+)\s*([-+*/xX]?)\s*$")


def parse(text: str, source: str = "<input>") -> Kendoku:
    """A Kendoku from N lines of cage names and one line per cage (see the module docstring)."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise InputError("expected N lines of cage names, then one line per cage, found nothing", source)
    first_number, first = lines[0]
    # N is the number of names in the first line: its blank-separated tokens, or the characters of its one token.
    # Only as many as a grid may have are looked at, however long the line.
    names = list(itertools.islice(re.finditer(r"\S+", first), MAX_SIZE + 1))
    if len(names) == 1:
        names = list(itertools.islice(re.finditer(r"\S", first), MAX_SIZE + 1))
    n = len(names)
    if n > MAX_SIZE:
        raise InputError(f"expected a grid 1 to {MAX_SIZE} cells wide ({LIMITS}), "
                         f"found more than {MAX_SIZE} cage names", source, first_number, names[MAX_SIZE].start() + 1)
    if len(lines) < n:
        raise InputError(f"expected {n} lines of {n} cage names, found {len(lines)} lines", source, lines[-1][0])
    cells: dict[str, list[tuple[int, int]]] = {}
    seen_at: dict[str, tuple[int, int]] = {}
    for r, (number, line) in enumerate(lines[:n]):
        row = [(match.start(), match.group()) for match in itertools.islice(re.finditer(r"\S", line), n + 1)]
        if len(row) > n:
            raise InputError(f"expected {n} cage names in this grid row, found more", source, number, row[n][0] + 1)
        if len(row) < n:
            raise InputError(f"expected {n} cage names in this grid row, found {len(row)}", source, number)
        for c, (offset, name) in enumerate(row):
            if name not in NAMES:
                raise InputError(f"expected a cage name (a letter A-Z or a-z), found {quoted(name)}",
                                 source, number, offset + 1)
            cells.setdefault(name, []).append((r, c))
            seen_at.setdefault(name, (number, offset + 1))
    for name, members in cells.items():
        if not _connected(members):
            raise InputError(f"cage {name} is not connected: its cells must touch side by side", source, *seen_at[name])
    cages: dict[str, Cage] = {}
    for number, line in lines[n:]:
        match = CAGE_LINE.match(line)
        if not match:
            raise InputError(f"expected a cage: its name, target and operation, e.g. 'A 11+' (a single cell: 'A 3'), "
                             f"found {quoted(line.strip())}", source, number)
        name, digits, operation = match.group(1), match.group(2), match.group(3).replace("x", "*").replace("X", "*")
        if name not in cells:
            raise InputError(f"cage {quoted(name)} is not in the grid", source, number, match.start(1) + 1)
        if name in cages:
            raise InputError(f"cage {name} is described twice", source, number, match.start(1) + 1)
        size = len(cells[name])
        if size > 1 and not operation:
            raise InputError(f"cage {name} has {size} cells: expected an operation (+, -, * or /) after the target",
                             source, number, match.end(2) + 1)
        if operation in ("-", "/") and size != 2:
            raise InputError(f"cage {name} has {size} cells: a {operation} cage has exactly two",
                             source, number, match.start(3) + 1)
        if size == 1:
            operation = ""
        highest = {"": n, "-": n - 1, "/": n, "+": size * n, "*": n**size}[operation]
        if size == 1:
            what = f"the digit of cage {name} (a single cell)"
        else:
            what = f"the target of cage {name} ({size} cells, {operation})"
        target = whole_number(digits, source, number, match.start(2) + 1, low=1, high=highest, what=what)
        cages[name] = Cage(name, tuple(cells[name]), target, operation)
    missing = [name for name in cells if name not in cages]
    if missing:
        raise InputError(f"expected a line for cage {missing[0]} (missing: {', '.join(missing)})",
                         source, lines[-1][0] if len(lines) > n else None)
    return Kendoku(n, [cages[name] for name in cells])


def _connected(cells: list[tuple[int, int]]) -> bool:
    members = set(cells)
    reached = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in members and near not in reached:
                reached.add(near)
                todo.append(near)
    return len(reached) == len(members)


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Kendoku) -> str:
    """The puzzle in the input format: ``parse(text_of(spec))`` has the same cages."""
    names = [[""] * spec.n for _ in range(spec.n)]
    for cage in spec.cages:
        for r, c in cage.cells:
            names[r][c] = cage.name
    lines = ["".join(row) for row in names]
    lines += [f"{cage.name} {cage.target}{cage.operation}" for cage in spec.cages]
    return "\n".join(lines) + "\n"


def render(spec: Kendoku, solution: Sequence[Sequence[int]]) -> str:
    """The digit grid, one row per line; ``.`` for a cell left empty (a partial answer)."""
    return "\n".join(" ".join(str(digit) if digit else "." for digit in row) for row in solution)


def as_json(spec: Kendoku, solution: Sequence[Sequence[int]]) -> list[list[int]]:
    """The solution as JSON data: rows of digits."""
    return [list(row) for row in solution]


def read_answer(spec: Kendoku, text: str, source: str = "<answer>") -> tuple[tuple[int, ...], ...]:
    """An answer to ``spec`` from the digit grid ``render`` prints: N rows of N digits, ``.`` for an empty cell.

    An :class:`~backtrack.InputError` with the line and column for a wrong
    number of rows or digits, or a character that is no digit from 1 to N.
    """
    return read_rows(text, spec.n, source, what="digit")


# -- 4. the formats: Tatham game IDs (Keen) --------------------------------------------------------


#: Keen's clue letters and the operations they stand for (a single cell: ``a`` and its digit).
KEEN_OPERATIONS = {"a": "+", "m": "*", "s": "-", "d": "/"}
KEEN_LETTERS = {"+": "a", "*": "m", "-": "s", "/": "d", "": "a"}
#: Keen's sizes (keen.c refuses any other).
KEEN_SIZES = (3, 9)


def _edge(p: int, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells of Keen's inner edge ``p``: vertical edges row by row, then horizontal ones column by column."""
    if p < n * (n - 1):
        y, x = divmod(p, n - 1)
        return (y, x), (y, x + 1)
    x, y = divmod(p - n * (n - 1), n - 1)
    return (y, x), (y + 1, x)


def decode_tatham(text: str, source: str = "<input>") -> Kendoku:
    """A Kendoku from a Keen game ID ``N[dD][m]:BLOCKS,CLUES``.

    BLOCKS says which of the 2N(N-1) inner edges are cage walls (Keen's run
    coding, repeat counts included); the cages are the cells joined by the
    other edges, in the order of their first cell; CLUES gives each an
    operation letter and a target.  Every error names its column.
    """
    tid = decode_tatham_id(text, source)
    n, _ = read_tatham_params(tid, game="Keen", difficulties="enhxu", flags="m", low=KEEN_SIZES[0],
                              high=KEEN_SIZES[1])
    fields = split_fields(text, ",", tid.desc_start, tid.desc_end)
    if len(fields) < 2:
        raise InputError("expected the cage walls, ',' and the clues (BLOCKS,CLUES)", source, 1, tid.desc_end + 1)
    if len(fields) > 2:
        raise InputError("too long: expected BLOCKS,CLUES, found another ','", source, 1, fields[2][0])
    walls = decode_tatham_gaps(text, 2 * n * (n - 1), *fields[0], repeats=True, what="cage walls", source=source)
    parent = list(range(n * n))

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for p, wall in enumerate(walls):
        if not wall:
            (r1, c1), (r2, c2) = _edge(p, n)
            a, b = root(r1 * n + c1), root(r2 * n + c2)
            parent[max(a, b)] = min(a, b)
    groups: dict[int, list[tuple[int, int]]] = {}
    for cell in range(n * n):
        groups.setdefault(root(cell), []).append(divmod(cell, n))
    if len(groups) > len(NAMES):
        raise InputError(f"these walls make {len(groups)} cages: at most {len(NAMES)} can be named (A-Z, a-z)",
                         source, 1, fields[0][0] + 1)
    tokens = tatham_tokens(text, *fields[1], source=source)
    cages = []
    for index, (name, cells) in enumerate(zip(NAMES, groups.values(), strict=False)):
        if 2 * index >= len(tokens):
            raise InputError(f"truncated: expected {len(groups)} clues (one per cage), found {index}", source, 1,
                             fields[1][1] + 1)
        letter, number = tokens[2 * index], tokens[2 * index + 1] if 2 * index + 1 < len(tokens) else None
        if letter.kind != "run" or letter.text not in KEEN_OPERATIONS:
            raise InputError(f"expected an operation a, m, s or d (clue {index + 1}), found {letter.text!r}", source,
                             1, letter.column)
        if number is None or number.kind != "number":
            found = repr(number.text) if number is not None else "the end"
            raise InputError(f"expected the target after {letter.text!r} (clue {index + 1}), found {found}", source, 1,
                             number.column if number is not None else fields[1][1] + 1)
        operation = KEEN_OPERATIONS[letter.text]
        if operation in "-/" and len(cells) != 2:
            raise InputError(f"a {letter.text!r} clue needs a cage of 2 cells, this one has {len(cells)}", source, 1,
                             letter.column)
        if len(cells) == 1:
            operation = ""
        highest = {"": n, "-": n - 1, "/": n, "+": len(cells) * n, "*": n ** len(cells)}[operation]
        if not 1 <= number.value <= highest:
            raise InputError(f"the target of cage {index + 1} ({len(cells)} cells, {letter.text}) must be from 1 to "
                             f"{highest}, not {number.value}", source, 1, number.column)
        cages.append(Cage(name, tuple(cells), number.value, operation))
    if len(tokens) > 2 * len(cages):
        raise InputError(f"too long: {len(cages)} cages, and more clues than that", source, 1,
                         tokens[2 * len(cages)].column)
    return Kendoku(n, cages)


def encode_tatham(spec: Kendoku) -> str:
    """The Keen game ID of ``spec``, byte for byte as keen.c writes it: ``N:BLOCKS,CLUES``.

    ``ValueError`` for a grid Keen cannot play (smaller than 3 x 3).
    """
    n = spec.n
    if not KEEN_SIZES[0] <= n <= KEEN_SIZES[1]:
        raise ValueError(f"Keen's grids are {KEEN_SIZES[0]} x {KEEN_SIZES[0]} to {KEEN_SIZES[1]} x {KEEN_SIZES[1]}, "
                         f"not {n} x {n}")
    cage_of = {cell: index for index, cage in enumerate(spec.cages) for cell in cage.cells}
    walls = []
    for p in range(2 * n * (n - 1)):
        first, second = _edge(p, n)
        walls.append(cage_of[first] != cage_of[second])
    clues = "".join(f"{KEEN_LETTERS[cage.operation]}{cage.target}"
                    for cage in sorted(spec.cages, key=lambda cage: min(cage.cells)))
    return f"{n}:{encode_tatham_gaps(walls, repeats=True)},{clues}"


#: The shared formats Kendoku reads and writes (see :class:`~backtrack.Format`): Tatham's Keen.
FORMATS = {"tatham": Format(decode_tatham, encode_tatham)}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------


#: The side of a cell in pixels: room for a cage's target in its corner above the digit.
CELL_PIXELS = 54
#: How the operations are written on the board.
OPERATION_SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "": ""}


def _canvas(spec: Kendoku) -> Grid:
    """The grid the pictures of ``spec`` are drawn on (draw and draw_move share its coordinates)."""
    return Grid(spec.n, spec.n, cell=CELL_PIXELS, margin=(0.3, 0.3, 0.3, 0.3), name="kendoku")


def draw(spec: Kendoku, state: LatinState | None) -> str:
    """The grid as SVG: thick cage borders (class ``cage``), each cage's target and operation small in the
    top left corner of its first cell (``cage-label``), and the digits.

    ``state`` None is the puzzle alone (the cages); a solution adds the digits
    (class ``placed``); a partial state (:meth:`LatinSearch.partial
    <backtrack_puzzles.latin.LatinSearch.partial>`) the digits decided so far and
    the candidates of the open cells small below the corner (``candidate``).
    """
    grid = _canvas(spec)
    draw_values(grid, None, state, pencil=(0.1, 0.34, 0.8, 0.62))
    grid.lines()
    cage_of = {cell: index for index, cage in enumerate(spec.cages) for cell in cage.cells}
    for (r, c), index in sorted(cage_of.items()):
        if c + 1 < spec.n and cage_of[r, c + 1] != index:
            grid.edge(r, c, "E", width=3, kind="cage")
        if r + 1 < spec.n and cage_of[r + 1, c] != index:
            grid.edge(r, c, "S", width=3, kind="cage")
    for cage in spec.cages:
        r, c = min(cage.cells)
        grid.text(r, c, f"{cage.target}{OPERATION_SIGNS[cage.operation]}", kind="cage-label", size=0.25,
                  corner=True)
    return grid.svg()


def draw_move(spec: Kendoku, move: tuple[int, int]) -> str:
    """The fragment marking a decision ``(cell, value)``: the cell it sets, highlighted, and the digit tried."""
    return draw_decision(_canvas(spec), move)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Kendoku, solution: Sequence[Sequence[int]]) -> list[str]:
    """The rules that ``solution`` (rows of digits, as the search gives it) breaks; an empty list when it is solved.

    Independent of the search: the Latin rule is checked row by row and column
    by column, and every cage's arithmetic is done again here.  Each message
    names the rule and where, rows and columns counted from 1 (``row 2 holds 3
    twice: at row 2, column 1 and row 2, column 4``); a cage is named with its
    cells.  A 0 is a cell left empty; a cage with an empty cell is not reckoned,
    and the empty cells come last.
    """
    n = spec.n

    def at(r: int, c: int) -> str:
        return f"row {r + 1}, column {c + 1}"

    def digit(value: object) -> bool:
        return isinstance(value, int) and 1 <= value <= n

    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution must be {n} rows of {n} digits"]
    problems, empty = [], []
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            if value == 0 and isinstance(value, int):
                empty.append(f"{at(r, c)}: this cell is empty")
            elif not digit(value):
                problems.append(f"{at(r, c)}: {value!r} is not a digit from 1 to {n}")
    lines = line_units(n)
    problems += repeated_in_units(solution, lines, str)
    for cage in spec.cages:
        digits = [solution[r][c] for r, c in cage.cells]
        if not all(digit(value) for value in digits):
            continue
        name = f"cage {cage.name} ({'; '.join(at(r, c) for r, c in cage.cells)})"
        shown = ", ".join(map(str, digits[:-1])) + " and " + str(digits[-1]) if len(digits) > 1 else str(digits[0])
        if not cage.operation:
            if digits != [cage.target]:
                problems.append(f"{name} holds {shown}, not its target {cage.target}")
            continue
        if cage.operation == "+":
            result, words = str(sum(digits)), "which add up to"
        elif cage.operation == "*":
            product = 1
            for value in digits:
                product *= value
            result, words = str(product), "which multiply to"
        elif cage.operation == "-":
            result, words = str(max(digits) - min(digits)), "whose difference is"
        else:
            larger, smaller = max(digits), min(digits)
            result = str(larger // smaller) if larger % smaller == 0 else f"{larger / smaller:g}"
            words = "whose quotient is"
        if result != str(cage.target):
            problems.append(f"{name} holds {shown}, {words} {result}, not its target {cage.target}")
    return problems + empty


# -- 7. the search ---------------------------------------------------------------------------------


#: A cage is enumerated (its digit tuples listed) once its cells allow at most this many
#: combinations (the product of their candidate counts): a 6-cell cage always, a larger one
#: once its candidates have narrowed; until then it is narrowed by bounds.
ENUMERATE_LIMIT = 10**6


class CageTable(Table):
    """A cage as a table constraint: the digit tuples that reach its target."""

    def __init__(self, cage: Cage, n: int):
        super().__init__([r * n + c for r, c in cage.cells], n)
        self.cage = cage
        # Digits may repeat in a cage, but not in one row or column of it.
        self.rows = [r for r, _ in cage.cells]
        self.columns = [c for _, c in cage.cells]
        #: For a product: the digits that divide the target.
        self.divisors = sum(1 << (digit - 1) for digit in range(1, n + 1) if cage.target % digit == 0)

    def defer(self, masks: Sequence[int]) -> bool:
        """Whether a ``+`` or ``*`` cage's cells still allow more than :data:`ENUMERATE_LIMIT` combinations."""
        if self.cage.operation not in ("+", "*"):
            return False  # a single cell or two: always few
        combinations = 1
        for mask in masks:
            combinations *= mask.bit_count()
            if combinations > ENUMERATE_LIMIT:
                return True
        return False

    def deferred(self, masks: list[int]) -> list[int] | None:
        """Bounds, to a fixpoint, while the cage is too large to enumerate; enumerated once it is not.

        Only ``+`` and ``*`` cages are ever deferred.  A cell keeps the digits
        with which the other cells, at their lowest and highest, can still make
        up the target (for ``*``: digits that divide the target).  When every
        cell is down to one digit, this is the exact rule.
        """
        while True:
            narrowed = self.bounds(masks)
            if narrowed is None or narrowed == masks:
                return narrowed
            if not self.defer(narrowed):
                return self.narrow(narrowed)
            masks = narrowed

    def bounds(self, masks: list[int]) -> list[int] | None:
        """One round of the bounds of :meth:`deferred`; ``None`` when a cell has no digit left."""
        target, plus = self.cage.target, self.cage.operation == "+"
        lows = [(mask & -mask).bit_length() for mask in masks]
        highs = [mask.bit_length() for mask in masks]
        narrowed = []
        if plus:
            low_sum, high_sum = sum(lows), sum(highs)
            for mask, low, high in zip(masks, lows, highs, strict=True):
                least, most = target - (high_sum - high), target - (low_sum - low)
                mask &= _between(least, most)
                if not mask:
                    return None
                narrowed.append(mask)
            return narrowed
        low_product, high_product = math.prod(lows), math.prod(highs)
        for mask, low, high in zip(masks, lows, highs, strict=True):
            others_low, others_high = low_product // low, high_product // high
            least, most = -(-target // others_high), target // others_low
            mask &= self.divisors & _between(least, most)
            if not mask:
                return None
            narrowed.append(mask)
        return narrowed

    def tuples(self, masks: Sequence[int]) -> list[int]:
        """The digit tuples (packed) that fit ``masks`` and reach the target, no digit twice in a row or column."""
        cage, n = self.cage, self.n
        size, target, operation = len(masks), cage.target, cage.operation
        found: list[int] = []
        if not operation:
            return [masks[0] & (1 << (target - 1))] if masks[0] >> (target - 1) & 1 else []
        if operation in "-/":
            for a in bits(masks[0]):
                for b in bits(masks[1] & ~a):
                    if cage.holds((a.bit_length(), b.bit_length())):
                        found.append(a | b << n)
            return found

        rows, columns = self.rows, self.columns
        row_used = [0] * n
        column_used = [0] * n
        plus = operation == "+"

        def place(i: int, total: int, packed: int) -> None:
            if i == size:
                if total == target:
                    found.append(packed)
                return
            left = size - i - 1
            r, c = rows[i], columns[i]
            free = masks[i] & ~(row_used[r] | column_used[c])
            while free:
                bit = free & -free
                free ^= bit
                digit = bit.bit_length()
                if plus:
                    now = total + digit
                    if now + left > target or now + left * n < target:
                        continue
                else:
                    now = total * digit
                    if target % now:
                        continue
                row_used[r] |= bit
                column_used[c] |= bit
                place(i + 1, now, packed | bit << (i * n))
                row_used[r] ^= bit
                column_used[c] ^= bit

        place(0, 0 if plus else 1, 0)
        return found


def _between(least: int, most: int) -> int:
    """The mask of the digits from ``least`` to ``most`` (empty when there are none)."""
    least = max(least, 1)
    if most < least or least > MAX_SIZE:
        return 0
    return ((1 << min(most, MAX_SIZE)) - 1) & ~((1 << (least - 1)) - 1)


def search(spec: Kendoku) -> LatinSearch:
    """A fresh search of ``spec``: Latin-square propagation with the cages as table constraints (runs nothing yet)."""
    return LatinSearch(spec.grid())


#: A cage's combinations are enumerated once its cells allow at most this many (the product of
#: their candidate counts); a larger cage waits (only cages far larger than Keen's come near it).
COMBINATION_LIMIT = 10**6


class KendokuReasoner(LatinReasoner):
    """Kendoku's named deductions, at the levels of Tatham's Keen (keen.c with latin.c).

    Every rule on a cage enumerates its *combinations*: the digits its cells may
    take (their candidates, no digit twice in a row or column of the cage) that
    make its target.  ``easy``: a cage's cells keep only digits that appear in
    some combination, anywhere in the cage, and the Latin singles; ``normal``:
    each cell keeps the digits it takes itself in some combination; ``hard``: a
    digit that every combination puts in one row (column) of the cage is in no
    other cell of that row (column), and naked and hidden subsets in rows and
    columns; ``extreme``: X-wing, swordfish ... and forcing chains;
    ``unreasonable``: a guess.
    """

    VALUE = "digit"
    scale = ("easy", "normal", "hard", "extreme", "unreasonable")
    rules = (
        Rule("cage-digits", 0, "a cage's cells keep only the digits that appear in some combination of digits "
             "making its target, anywhere in the cage"),
        latin_rule("full-house", 0, "digit"),
        latin_rule("hidden-single-row", 0, "digit"),
        latin_rule("hidden-single-column", 0, "digit"),
        latin_rule("naked-single", 0, "digit"),
        Rule("cage-combinations", 1, "each cell of a cage keeps only the digits it takes itself in some combination "
             "making the target"),
        Rule("cage-lines", 2, "a digit that every combination of a cage puts in one row (or column) of the cage is in "
             "no other cell of that row (or column)"),
        latin_rule("subset", 2, "digit"),
        latin_rule("fish", 3, "digit"),
        latin_rule("forcing-chain", 3, "digit"),
    )
    FINDERS = {**LATIN_FINDERS, "cage-digits": ("cage_digits", {}), "cage-combinations": ("cage_combinations", {}),
               "cage-lines": ("cage_lines", {})}

    def __init__(self, spec: Kendoku):
        super().__init__(spec.n)
        self.spec = spec
        n = spec.n
        # Cages in Keen's order, by their first cell.
        self.cages = sorted(spec.cages, key=lambda cage: min(cage.cells))
        self.cage_cells = [tuple(r * n + c for r, c in cage.cells) for cage in self.cages]
        self._combinations: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}

    def answer(self) -> str:
        """The digit grid as ``render`` prints it, ``.`` for a cell not yet decided."""
        return render(self.spec, self.values())

    def canvas(self) -> Grid:
        """The grid the puzzle's pictures are drawn on."""
        return _canvas(self.spec)

    def cage_name(self, index: int) -> str:
        """A cage in words: ``cage B (12*)``."""
        cage = self.cages[index]
        return f"cage {cage.name} ({cage.target}{cage.operation})"

    def combinations(self, index: int) -> list[tuple[int, ...]] | None:
        """The digit tuples (one bit per cell) of cage ``index`` that fit the candidates; None while too many."""
        cells = self.cage_cells[index]
        masks = tuple(self.cand[cell] for cell in cells)
        key = (index, masks)
        found = self._combinations.get(key)
        if found is None:
            product = 1
            for mask in masks:
                product *= mask.bit_count()
            if product > COMBINATION_LIMIT:
                return None
            found = _combinations(self.cages[index], masks, self.n)
            self._combinations[key] = found
        return found

    def _narrowing(self, rule: Rule, per_cell: bool) -> Deduction | None:
        for index, cells in enumerate(self.cage_cells):
            found = self.combinations(index)
            if found is None:
                continue
            if per_cell:
                allowed = [0] * len(cells)
                for combination in found:
                    for i, bit in enumerate(combination):
                        allowed[i] |= bit
            else:
                union = 0
                for combination in found:
                    for bit in combination:
                        union |= bit
                allowed = [union] * len(cells)
            removals = {cell: self.cand[cell] & ~allowed[i] for i, cell in enumerate(cells)
                        if self.cand[cell] & ~allowed[i] and not self.placed[cell]}
            if removals:
                how = "no combination of digits that makes its target puts those digits there" if per_cell else \
                    "no combination of digits that makes its target uses those digits"
                return self.removing(rule, f"{self.cage_name(index)}: {self.lost(removals)} ({how})", cells,
                                     removals)
        return None

    def cage_digits(self, rule: Rule) -> Deduction | None:
        """A cage's cells keep the digits of its combinations (taken together)."""
        return self._narrowing(rule, per_cell=False)

    def cage_combinations(self, rule: Rule) -> Deduction | None:
        """Each cell of a cage keeps the digits it takes in some combination."""
        return self._narrowing(rule, per_cell=True)

    def cage_lines(self, rule: Rule) -> Deduction | None:
        """A digit every combination puts in one row (column) of a cage leaves the rest of that row (column)."""
        n = self.n
        for index, cells in enumerate(self.cage_cells):
            found = self.combinations(index)
            if not found:
                continue
            inside = sum(1 << cell for cell in cells)
            lines: dict[int, list[int]] = {}  # house index -> positions in the cage
            for i, cell in enumerate(cells):
                for house in self.cell_houses[cell]:
                    lines.setdefault(house, []).append(i)
            for house, positions in lines.items():
                required = self.full
                for combination in found:
                    present = 0
                    for i in positions:
                        present |= combination[i]
                    required &= present
                for value in range(1, n + 1):
                    if not required >> (value - 1) & 1:
                        continue
                    others = self.where[value - 1] & self.houses[house].board & ~inside
                    if others:
                        name = self.houses[house].name
                        return self.removing(rule, f"{self.cage_name(index)}: every combination puts "
                                             f"{self.name(value)} in {name} within the cage, so no other cell of "
                                             f"{name} holds it: not at {self.cells_of(others, 'or')}", cells,
                                             dict.fromkeys(board_cells(others), 1 << (value - 1)))
        return None

    def broken_clue(self) -> Deduction | None:
        """A cage whose cells are all placed and miss its target."""
        for index, cells in enumerate(self.cage_cells):
            digits = [self.placed[cell] for cell in cells]
            if all(digits) and not self.cages[index].holds(digits):
                return self.deduction(CAGE_BROKEN, f"{self.cage_name(index)} holds "
                                      f"{', '.join(map(str, digits))}, which miss its target", cells, None)
        return None


CAGE_BROKEN = Rule("cage", 0, "a cage's digits make its target")


def _combinations(cage: Cage, masks: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """The digit tuples (a bit per cell) fitting ``masks`` that make the cage's target, no digit twice in a line."""
    size, target, operation = len(masks), cage.target, cage.operation
    rows = [r for r, _ in cage.cells]
    columns = [c for _, c in cage.cells]
    found: list[tuple[int, ...]] = []
    chosen = [0] * size
    row_used = [0] * n
    column_used = [0] * n

    def place(i: int, total: int) -> None:
        if i == size:
            if cage.holds([bit.bit_length() for bit in chosen]):
                found.append(tuple(chosen))
            return
        r, c = rows[i], columns[i]
        free = masks[i] & ~(row_used[r] | column_used[c])
        left = size - i - 1
        while free:
            bit = free & -free
            free ^= bit
            digit = bit.bit_length()
            now = total
            if operation == "+":
                now = total + digit
                if now + left > target or now + left * n < target:
                    continue
            elif operation == "*":
                now = total * digit
                if target % now:
                    continue
            chosen[i] = bit
            row_used[r] |= bit
            column_used[c] |= bit
            place(i + 1, now)
            row_used[r] ^= bit
            column_used[c] ^= bit

    place(0, 0 if operation == "+" else 1)
    return found


def reasoner(spec: Kendoku, answer: str | None = None, source: str = "<answer>") -> KendokuReasoner:
    """The named deductions from the empty grid, or from a partial answer as ``render`` prints it (``.``: empty).

    An :class:`~backtrack.InputError` with line and column for an answer that is
    no grid of digits of this size.
    """
    found = KendokuReasoner(spec)
    empty = [[0] * spec.n for _ in range(spec.n)]
    found.setup(empty, read_answer(spec, answer, source) if answer is not None else None)
    return found


# -- 8. the generator ------------------------------------------------------------------------------


#: The largest cage the generator makes.
MAX_GENERATED_CAGE = 6
#: The generator's uniqueness checks, in attempts times the largest cage (an attempt's
#: propagation costs about as much as the cages' cells): per check and in all.  With cages
#: of 6 cells that is 10,000 attempts per check and 100,000 in all (see UniquenessBudget);
#: the unique 9 x 9 puzzles measured needed up to about 9,500 attempts with such cages.
CHECK_WORK = 60_000
GENERATE_WORK = 600_000
#: How many cuttings a unique puzzle is sought among.
GENERATE_TRIES = 50
#: How many times :func:`_cut` cuts again when a cutting needs more cages than there are names.
CUT_TRIES = 100


def generate(n: int = 6, seed: int | None = None, max_cage: int = 4, unique: bool = True) -> Kendoku:
    """A random Kendoku: a random Latin square cut into random connected cages.

    Cages grow from random cells up to ``max_cage`` cells; a two-cell cage gets
    ``/`` or ``-`` when its digits allow, larger ones ``+`` or ``*``.  With
    ``unique`` the cutting is tried again until the solution is proven unique, up
    to :data:`GENERATE_TRIES` times; the checks share a budget of attempts
    (:func:`uniqueness_budget`).  ``ValueError`` when ``n`` or ``max_cage`` is out
    of range, the grid cannot be cut into at most 52 cages that small, or no
    cutting was proven unique within the tries and the budget (a puzzle whose
    check was cut short is never returned as unique).
    """
    if not 1 <= n <= MAX_SIZE:
        raise ValueError(f"the size must be 1 to {MAX_SIZE}, not {n}")
    if not 1 <= max_cage <= MAX_GENERATED_CAGE:
        raise ValueError(f"the largest cage must be 1 to {MAX_GENERATED_CAGE} cells, not {max_cage}")
    if n * n > len(NAMES) * max_cage:
        raise ValueError(f"the {n * n} cells of a grid of size {n} need more than {len(NAMES)} cages "
                         f"of at most {max_cage} cells")
    rng = random.Random(seed)
    if not unique:
        return _cut(random_latin_square(n, rng), n, max_cage, rng)
    budget = uniqueness_budget(max_cage)
    total = budget.left
    for _ in range(GENERATE_TRIES):
        if budget.left <= 0:
            break
        spec = _cut(random_latin_square(n, rng), n, max_cage, rng)
        if budget.unique(search(spec)):
            return spec
    raise ValueError(f"no unique {n} x {n} puzzle with cages of up to {max_cage} cells was proven within "
                     f"{GENERATE_TRIES} cuttings and {total:,} attempts ({budget.per_check:,} per check): "
                     "try another seed, smaller cages (-p max_cage) or --any")


def uniqueness_budget(max_cage: int) -> UniquenessBudget:
    """The generator's uniqueness checks' attempts: :data:`CHECK_WORK` and :data:`GENERATE_WORK` over ``max_cage``.

    An attempt costs more the larger the cages (the tables of a six-cell cage are
    long), so the budget shrinks with them and bounds the work, not just the attempts.
    """
    return UniquenessBudget(CHECK_WORK // max_cage, GENERATE_WORK // max_cage)


def _groups(n: int, max_cage: int, rng: random.Random) -> list[list[tuple[int, int]]]:
    """The cells cut into random connected groups of up to ``max_cage`` cells, sorted."""
    free = {(r, c) for r in range(n) for c in range(n)}
    groups = []
    order = sorted(free)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        group = [start]
        size = rng.choice([1] + [s for s in range(2, max_cage + 1) for _ in range(3)]) if max_cage > 1 else 1
        while len(group) < size:
            options = [(r + dr, c + dc) for r, c in group for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if (r + dr, c + dc) in free]
            if not options:
                break
            cell = rng.choice(options)
            free.discard(cell)
            group.append(cell)
        groups.append(sorted(group))
    groups.sort()
    return groups


def _cut(square: Sequence[Sequence[int]], n: int, max_cage: int, rng: random.Random) -> Kendoku:
    """The square cut into random connected cages of up to ``max_cage`` cells, with targets; at most 52 cages."""
    for _ in range(CUT_TRIES):
        groups = _groups(n, max_cage, rng)
        if len(groups) <= len(NAMES):
            break
    else:
        raise ValueError(f"cutting a {n} x {n} grid into cages of at most {max_cage} cells needed more than "
                         f"{len(NAMES)} cages {CUT_TRIES} times: allow larger cages")
    cages = []
    for name, group in zip(NAMES, groups, strict=False):  # at most as many groups as names
        digits = [square[r][c] for r, c in group]
        if len(group) == 1:
            operation, target = "", digits[0]
        elif len(group) == 2 and max(digits) % min(digits) == 0 and rng.random() < 0.5:
            operation, target = "/", max(digits) // min(digits)
        elif len(group) == 2 and rng.random() < 0.6:
            operation, target = "-", max(digits) - min(digits)
        elif rng.random() < 0.6:
            operation, target = "+", sum(digits)
        else:
            operation, target = "*", math.prod(digits)
        cages.append(Cage(name, tuple(group), target, operation))
    return Kendoku(n, cages)


def make(seed: int | None = None, unique: bool = True, size: int = 6, max_cage: int = 4) -> Kendoku:
    """``backtrack generate kendoku``: :func:`generate` with the command's parameters."""
    return generate(size, seed, max_cage, unique)


#: ``backtrack generate kendoku``: its parameters, and unique puzzles by default.
GENERATOR = Generator(
    make,
    params=(
        Param("size", "the side of the grid", int, 6, low=1, high=MAX_SIZE),
        Param("max_cage", "the largest cage, in cells", int, 4, low=1, high=MAX_GENERATED_CAGE),
    ),
    unique_default=True,
    largest_unique=f"up to {MAX_SIZE} x {MAX_SIZE}: 4 x 4 to 9 x 9 about 0.5 s; 9 x 9 with -p max_cage=6 about 1 s, "
                   "up to about 15 s, then an error naming its attempts (100,000 with such cages)",
)


# -- 10. the descriptor ----------------------------------------------------------------------------


PUZZLE = Puzzle(
    name="kendoku",
    description="Kendoku (KenKen): a Latin square cut into cages, each with a target and an operation",
    parse=parse,
    search=search,
    render=render,
    limits=LIMITS,
    examples=examples_in(Path(__file__).parent / "examples" / "kendoku"),
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
    """The puzzles of this module: Kendoku."""
    return [PUZZLE]
