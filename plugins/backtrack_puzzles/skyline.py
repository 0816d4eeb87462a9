"""Skyline (Skyscrapers, Towers): an N x N Latin square of building heights 1..N.

A clue outside the grid says how many buildings are visible from that side,
looking along the row or column: a taller building hides every lower one behind it.

Input (lines starting with ``#`` are comments, blank lines are skipped): four
lines of N clues, in this order: top (each column, seen from above), bottom (each
column, seen from below), left (each row, seen from the left) and right (each row,
seen from the right); ``.`` or ``0`` where there is no clue.  Then, optionally, N
lines of N given heights (``.`` or ``0`` for an empty cell).  A line is N
characters (``1.3.``) or N whitespace-separated tokens (``1 . 3 .``; needed from
N = 10 on).  N is taken from the first line, from 1 to 16 (:data:`MAX_SIZE`).

Limits: grids up to 16 x 16; a first line of more than 16 clues is refused at
the 17th.  Setting up the search of a 16 x 16 grid takes up to about two seconds
(lines with clues at both ends whose open cells allow up to 10^8 arrangements are
enumerated at the start: see :data:`DEFER_LIMIT_TWO_CLUES`).

Rendering: the heights grid with the clues around it.

The search is :class:`~backtrack_puzzles.latin.LatinSearch`.  Before it starts,
the clues bound the heights: with clue c, the cell at distance d from that edge
(0-based) is at most N - c + 1 + d, so a clue of 1 puts N next to the edge and a
clue of N forces the ascending line.  During the search, each line with a clue is
a :class:`~backtrack_puzzles.latin.Table` that keeps the permutations its
candidates allow and its clues match, and narrows every cell to the heights that
occur there (:class:`LineClues`).  :func:`check` is an independent checker of
solutions.

Hints and grades (:func:`reasoner`, for ``backtrack hint`` and ``backtrack grade``):
:class:`SkylineReasoner` names the clue rules (``facing-clues``, ``clue-bounds``,
``visible-run``, ``clue-enumeration``) and the Latin rules of
:mod:`~backtrack_puzzles.latin_rules` at the levels of Simon Tatham's Towers:
``easy``, ``hard``, ``extreme``, ``unreasonable`` (a guess).  A partial answer is
the grid as ``render`` prints it, ``.`` for a cell not yet decided.

Missing clues: a side may leave any clue out (``.`` or ``0`` in the text form,
0 in the model): the line is then bound by the Latin rule alone, and the
search, the counts, ``render`` (``.``), the checker and the picture all treat
it as no clue.  puzz.link puzzles often leave most clues out.

Answers (:func:`read_answer`): the heights as ``render`` prints them, with the
clues around them (which must be the puzzle's: a changed clue is an input
error) or without (N rows of N heights); ``.`` is a cell left empty, which the
checker reports.

Shared formats (:data:`FORMATS`): Simon Tatham's Towers game IDs
(``5:/2//3//////////4/2//4///,l4l``; Towers plays 3 x 3 to 9 x 9), puzz.link
``skyscrapers`` URLs (also ``building``, ``skyscraper``:
``https://puzz.link/p?skyscrapers/4/4/k13h4j3g``; square grids only) and the
puzz.link editor's pzprv3 files, whose answer :func:`decode_pzprv3_answer`
reads.  All three keep the clue order top, bottom, left, right.

The generator (:data:`GENERATOR`, ``backtrack generate skyline -p size=7``)
takes the clues of a random Latin square and thins them while the solution
stays unique.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from pathlib import Path
from typing import NamedTuple, Sequence

from backtrack import Format, Generator, InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted
from backtrack.explain import Deduction, Rule
from backtrack.formats import (
    QUESTION, check_end, decode_number16, decode_pzprv3_file, decode_tatham_cells, decode_tatham_id,
    decode_tatham_numbers, decode_url, encode_number16, encode_pzprv3_file, encode_tatham_cells, encode_tatham_numbers,
    encode_url, frame, join_excells, number16_places, split_excells, split_fields, unframe,
)
from backtrack.svg import PALETTE, Grid

from .latin import (
    LatinGrid, LatinSearch, LatinState, Table, UniquenessBudget, draw_decision, draw_values, filled_in, line_units,
    pzprv3_value, random_latin_square, read_rows, read_tatham_params, read_values, repeated_in_units,
)
from .latin_rules import LATIN_FINDERS, LatinReasoner, latin_rule

# Vocabulary: a *cell* is ``(row, col)`` from 0 (the search numbers it ``row * n + col``); a *height* is a
# cell's value, 1..N, a building that tall; a *line* is a row or a column; a *clue* stands outside the grid
# at one end of a line, on one of the four *sides* (top, bottom, left, right), and says how many buildings
# are *visible* from there (a taller one hides every lower one behind it); 0 is no clue.

#: The largest grid is MAX_SIZE x MAX_SIZE.
MAX_SIZE = 16
LIMITS = f"grids of 1 x 1 to {MAX_SIZE} x {MAX_SIZE} cells"
SIDES = ("top", "bottom", "left", "right")


# -- 1. the model ----------------------------------------------------------------------------------


def visible(heights: Sequence[int]) -> int:
    """How many buildings of ``heights`` are seen from its start."""
    count = tallest = 0
    for height in heights:
        if height > tallest:
            count, tallest = count + 1, height
    return count


class Skyline(Pictured, puzzle="skyline"):
    """A Skyline puzzle: clues per side (0 for none) and given heights (0 for empty)."""

    def __init__(
        self,
        top: Sequence[int],
        bottom: Sequence[int],
        left: Sequence[int],
        right: Sequence[int],
        givens: Sequence[Sequence[int]] | None = None,
    ):
        n = len(top)
        if not 1 <= n <= MAX_SIZE:
            raise ValueError(f"the size must be 1 to {MAX_SIZE}, not {n}")
        for side, clues in zip(SIDES, (top, bottom, left, right), strict=True):
            if len(clues) != n or not all(0 <= clue <= n for clue in clues):
                raise ValueError(f"the {side} clues must be {n} numbers from 0 to {n}")
        givens = givens or [[0] * n for _ in range(n)]
        if len(givens) != n or any(len(row) != n or not all(0 <= v <= n for v in row) for row in givens):
            raise ValueError(f"the givens must be {n} rows of {n} heights from 0 to {n}")
        self.n = n
        self.top, self.bottom, self.left, self.right = (tuple(side) for side in (top, bottom, left, right))
        self.givens: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in givens)

    def __repr__(self) -> str:
        return f"Skyline(top={self.top}, bottom={self.bottom}, left={self.left}, right={self.right})"

    def key(self) -> tuple[tuple[int, ...], ...]:
        """What makes the puzzle: the four sides' clues and the givens."""
        return self.top, self.bottom, self.left, self.right, *self.givens

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Skyline) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def lines(self) -> list[tuple[tuple[int, ...], int, int]]:
        """Every row and column as ``(cells from its start, clue at the start, clue at the end)``."""
        n = self.n
        rows = [(tuple(range(r * n, r * n + n)), self.left[r], self.right[r]) for r in range(n)]
        columns = [(tuple(range(c, n * n, n)), self.top[c], self.bottom[c]) for c in range(n)]
        return rows + columns

    def grid(self) -> LatinGrid:
        """The Latin-square core: givens and clue bounds as starting candidates, clued lines as constraints."""
        n = self.n
        full = (1 << n) - 1
        masks = [1 << (v - 1) if v else full for row in self.givens for v in row]
        constraints = []
        for cells, front, back in self.lines():
            for clue, ordered in ((front, cells), (back, cells[::-1])):
                if clue == 1:
                    masks[ordered[0]] &= 1 << (n - 1)
                elif clue == n:
                    for d, cell in enumerate(ordered):
                        masks[cell] &= 1 << d
                elif clue:
                    for d, cell in enumerate(ordered):
                        bound = n - clue + 1 + d
                        if bound < n:
                            masks[cell] &= (1 << bound) - 1
            if front or back:
                constraints.append(LineClues(cells, front, back, n))
        return LatinGrid(n, masks, constraints=constraints)

    def clues_of(self, heights: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """All four sides' clues of a full grid (top, bottom, left, right)."""
        n = self.n
        columns = [[heights[r][c] for r in range(n)] for c in range(n)]
        return (
            tuple(visible(col) for col in columns),
            tuple(visible(col[::-1]) for col in columns),
            tuple(visible(row) for row in heights),
            tuple(visible(row[::-1]) for row in heights),
        )


# -- 2. the parser ---------------------------------------------------------------------------------


def _tokens(text: str, source: str, number: int, n: int | None, what: str) -> list[int]:
    """The N entries of one line (0 for ``.``), by token or by character; errors name line and column.

    With ``n`` unknown (the first line) the line sets it, and a line of more than
    :data:`MAX_SIZE` entries is refused at the first one too many.  Only that many
    entries are ever looked at, however long the line.
    """
    most = MAX_SIZE if n is None else n
    pieces = [(match.start(), match.group()) for match in itertools.islice(re.finditer(r"\S+", text), most + 1)]
    if len(pieces) == 1 and len(pieces[0][1]) > 1 and not (n is not None and n >= 10 and pieces[0][1].isdigit()):
        start, piece = pieces[0]
        pieces = [(start + i, char) for i, char in enumerate(piece[: most + 1])]
    if len(pieces) > most:
        if n is None:
            raise InputError(f"expected at most {MAX_SIZE} {what} per side ({LIMITS}), found more",
                             source, number, pieces[most][0] + 1)
        raise InputError(f"expected {n} {what} in this line, found more", source, number, pieces[most][0] + 1)
    if n is not None and len(pieces) != n:
        raise InputError(f"expected {n} {what} in this line, found {len(pieces)}", source, number)
    size = len(pieces)
    values = []
    for offset, token in pieces:
        digits = token.lstrip("0") or "0"  # converted only when short: zeros of any length are no clue
        if token == ".":
            values.append(0)
        elif token.isascii() and token.isdigit() and len(digits) <= 2 and int(digits) <= size:
            values.append(int(digits))
        else:
            raise InputError(f"expected {what}: a number from 1 to {size}, or . or 0 for none, found {quoted(token)}",
                             source, number, offset + 1)
    return values


def parse(text: str, source: str = "<input>") -> Skyline:
    """A Skyline from four clue lines (top, bottom, left, right) and optional N lines of heights."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) < 4:
        raise InputError(f"expected four lines of clues (top, bottom, left, right), found {len(lines)}",
                         source, lines[-1][0] if lines else None)
    number, first = lines[0]
    top = _tokens(first, source, number, None, "clues")
    n = len(top)
    bottom, left, right = (_tokens(line, source, number, n, "clues") for number, line in lines[1:4])
    rest = lines[4:]
    givens = None
    if rest:
        if len(rest) != n:
            where = rest[n][0] if len(rest) > n else rest[-1][0]
            raise InputError(f"expected no heights or {n} lines of {n} heights after the clues, "
                             f"found {len(rest)} lines", source, where)
        givens = [_tokens(line, source, number, n, "heights") for number, line in rest]
    return Skyline(top, bottom, left, right, givens=givens)


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Skyline) -> str:
    """The puzzle in the input format (clue lines, then the givens if there are any)."""
    sep = " " if spec.n >= 10 else ""

    def line(values: Sequence[int]) -> str:
        return sep.join(str(v) if v else "." for v in values)

    lines = [line(side) for side in (spec.top, spec.bottom, spec.left, spec.right)]
    if any(any(row) for row in spec.givens):
        lines += [line(row) for row in spec.givens]
    return "\n".join(lines) + "\n"


def render(spec: Skyline, solution: Sequence[Sequence[int]]) -> str:
    """The heights with the clues around them (``.`` where a side has no clue)."""
    width = len(str(spec.n))

    def cell(value: int) -> str:
        return f"{value if value else '.':>{width}}"

    def clue_row(clues: Sequence[int]) -> str:
        return " " * (width + 3) + " ".join(cell(clue) for clue in clues)

    rule = " " * (width + 1) + "+" + "-" * ((width + 1) * spec.n + 1) + "+"
    lines = [clue_row(spec.top), rule]
    for r, row in enumerate(solution):
        lines.append(f"{cell(spec.left[r])} | {' '.join(cell(v) for v in row)} | {cell(spec.right[r])}".rstrip())
    lines += [rule, clue_row(spec.bottom)]
    return "\n".join(lines)


def as_json(spec: Skyline, solution: Sequence[Sequence[int]]) -> list[list[int]]:
    """The solution as JSON data: rows of heights."""
    return [list(row) for row in solution]


def read_answer(spec: Skyline, text: str, source: str = "<answer>") -> tuple[tuple[int, ...], ...]:
    """An answer to ``spec`` from the heights ``render`` prints: rows of heights (0 for an empty cell, ``.``).

    Either as ``render`` prints it (the top clues, a rule ``+---+``, a row per
    line ``LEFT | heights | RIGHT``, a rule, the bottom clues), whose clues must
    be the puzzle's (a changed clue is an input error), or just N rows of N
    heights.  An :class:`~backtrack.InputError` with the line and column for
    anything that does not fit the puzzle.
    """
    n = spec.n
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not any("|" in line for _, line in lines):
        return read_rows(text, n, source, what="height")
    shape = "the top clues, a rule (+---+), a row per line (LEFT | heights | RIGHT), a rule, the bottom clues"
    for k, (number, line) in enumerate(lines[:n + 5]):
        rule = set(line.strip()) <= set("+-")
        if rule != (k in (1, n + 2)) or (k not in (0, n + 3) and not rule and line.count("|") != 2) or k > n + 3:
            raise InputError(f"expected the heights as render prints them: {shape}", source, number)
    if len(lines) < n + 4:
        raise InputError(f"truncated: expected the heights as render prints them: {shape}", source, lines[-1][0])

    def same(number: int, found: int, given: int, side: str, index: int, column: int | None) -> None:
        if found != given:
            where = "row" if side in ("left", "right") else "column"
            raise InputError(f"the {side} clue of {where} {index + 1} is {given or 'none'} in the puzzle, "
                             f"{found or 'none'} here", source, number, column)

    for (number, line), side, expected in ((lines[0], "top", spec.top), (lines[n + 3], "bottom", spec.bottom)):
        read = read_values(line, number, n, source, what=f"{side} clue", empty="none",
                           name=lambda token: 0 if token == "0" else _clue_value(token, n))
        for index in range(n):
            same(number, read[index], expected[index], side, index, _column_of(line, index, n))
    answer = []
    for r, (number, line) in enumerate(lines[2:n + 2]):
        left, middle, right = line.split("|")
        answer.append(tuple(read_values(middle, number, n, source, what="height", offset=len(left) + 1)))
        for side, part, start, given in (("left", left, 0, spec.left[r]),
                                         ("right", right, len(left) + len(middle) + 2, spec.right[r])):
            token = part.strip()
            column = start + part.find(token) + 1 if token else None
            clue = 0 if token in ("", ".", "0") else _clue_value(token, n)
            if clue is None:
                raise InputError(f"expected a {side} clue from 1 to {n} (or . for none), found {quoted(token)}",
                                 source, number, column)
            same(number, clue, given, side, r, column)
    return tuple(answer)


def _clue_value(token: str, n: int) -> int | None:
    """A clue of a row from 1 to ``n`` written in ``token``, or None."""
    return int(token) if token.isascii() and token.isdigit() and len(token) <= 2 and 1 <= int(token) <= n else None


def _column_of(line: str, index: int, n: int) -> int:
    """The column (from 1) of the ``index``-th entry of a line of ``n`` entries (tokens, or characters)."""
    pieces = [match.start() for match in re.finditer(r"\S+", line)]
    if len(pieces) != n:
        pieces = [i for i, char in enumerate(line) if not char.isspace()]
    return pieces[index] + 1 if index < len(pieces) else len(line) + 1


# -- 4. the formats: Tatham game IDs, puzz.link URLs, pzprv3 files ---------------------------------


#: Towers' sizes (towers.c refuses any other).
TOWERS_SIZES = (3, 9)


def _sides(clues: Sequence[int | None], n: int) -> list[list[int]]:
    """Top, bottom, left and right clues (0 for none) from the ``4 n`` clues in that order (None for none)."""
    values = [clue or 0 for clue in clues]
    return [values[k * n:(k + 1) * n] for k in range(4)]


def decode_tatham(text: str, source: str = "<input>") -> Skyline:
    """A Skyline from a Towers game ID ``N[dD]:CLUES[,GRID]`` (N from 3 to 9, as Towers plays).

    CLUES: 4N fields separated by ``/``, empty for no clue, in the order top,
    bottom, left, right (each left to right, or top to bottom); GRID, when there
    are given heights: ``a``-``z`` 1-26 empty cells, a number a height, ``_``
    between two heights.  Every error names its column.
    """
    tid = decode_tatham_id(text, source)
    n, _ = read_tatham_params(tid, game="Towers", difficulties="ehxu", low=TOWERS_SIZES[0], high=TOWERS_SIZES[1])
    fields = split_fields(text, ",", tid.desc_start, tid.desc_end)
    if len(fields) > 2:
        raise InputError("too long: expected CLUES or CLUES,GRID, found another ','", source, 1, fields[2][0])
    clues = decode_tatham_numbers(text, 4 * n, *fields[0], sep="/", empty=True, low=1, high=n, source=source)
    givens = [0] * (n * n)
    if len(fields) == 2:
        cells = decode_tatham_cells(text, n * n, *fields[1], low=1, high=n, what="cells", source=source)
        givens = [cell if isinstance(cell, int) else 0 for cell in cells]
    top, bottom, left, right = _sides(clues, n)
    return Skyline(top, bottom, left, right, givens=[givens[r * n:r * n + n] for r in range(n)])


def encode_tatham(spec: Skyline) -> str:
    """The Towers game ID of ``spec``, as towers.c writes it: ``N:CLUES`` and ``,GRID`` when heights are given.

    ``ValueError`` for a grid Towers cannot play (outside 3 x 3 to 9 x 9).
    """
    n = spec.n
    if not TOWERS_SIZES[0] <= n <= TOWERS_SIZES[1]:
        raise ValueError(f"Towers' grids are {TOWERS_SIZES[0]} x {TOWERS_SIZES[0]} to {TOWERS_SIZES[1]} x "
                         f"{TOWERS_SIZES[1]}, not {n} x {n}")
    clues = [clue or None for side in (spec.top, spec.bottom, spec.left, spec.right) for clue in side]
    text = f"{n}:" + encode_tatham_numbers(clues, sep="/")
    if any(any(row) for row in spec.givens):
        text += "," + encode_tatham_cells([value or None for row in spec.givens for value in row])
    return text


def decode_puzzlink(text: str, source: str = "<input>") -> Skyline:
    """A Skyline from a puzz.link URL ``https://puzz.link/p?skyscrapers/N/N/BODY`` (or ``building``, ``skyscraper``).

    BODY: pzprjs's number coding of the 4N clues outside the grid (top, bottom,
    left, right; skipped ones are missing clues), then, when there are any, of
    the N x N given heights.  A rectangle, a ``.`` (a clue without its number)
    or a 0 are refused at their column.
    """
    url = decode_url(text, source)
    url.require("skyscrapers")
    n = url.cols
    if url.rows != n or n > MAX_SIZE:
        raise InputError(f"expected a square grid of 1 x 1 to {MAX_SIZE} x {MAX_SIZE}, found {url.cols} x {url.rows} "
                         f"(columns x rows)", source, 1, url.size_at + 1)
    body = url.text[:url.body_end]  # as pzprjs: a body that stops early leaves the clues and cells after it empty
    clues, end = decode_number16(body, 4 * n, url.body_start, high=n, partial=True, what="clues outside the grid",
                                 source=source)
    _refuse_zero(url.text, clues, number16_places(url.text, 4 * n, url.body_start), n, "clue", source)
    givens: list[int | None] = [None] * (n * n)
    if end < url.body_end:
        start = end
        givens, end = decode_number16(body, n * n, start, high=n, partial=True, what="cells", source=source)
        _refuse_zero(url.text, givens, number16_places(url.text, n * n, start), n, "given height", source)
    check_end(url.text, end, url.body_end, source=source)
    sides = split_excells(clues, n, n, "all")
    cells = [value or 0 for value in givens]
    top, bottom, left, right = ([value or 0 for value in sides[side]] for side in SIDES)
    return Skyline(top, bottom, left, right, givens=[cells[r * n:r * n + n] for r in range(n)])


def _refuse_zero(text: str, values: Sequence[int | None], places: Sequence[int], n: int, what: str,
                 source: str) -> None:
    """Refuse a ``.`` (QUESTION) or a 0 among ``values``, at its column."""
    for value, place in zip(values, places, strict=True):
        if value == QUESTION or value == 0:
            shown = "'.' (no number)" if value == QUESTION else "0"
            raise InputError(f"expected a {what} from 1 to {n}, found {shown}", source, 1, place + 1)


def encode_puzzlink(spec: Skyline) -> str:
    """The puzz.link URL of ``spec``, as pzprjs writes it: the clues, then the givens when there are any."""
    top, bottom, left, right = ([clue or None for clue in side] for side in (spec.top, spec.bottom, spec.left,
                                                                             spec.right))
    body = encode_number16(join_excells(top, left, bottom, right))
    if any(any(row) for row in spec.givens):
        body += encode_number16([value or None for row in spec.givens for value in row])
    return encode_url("skyscrapers", spec.n, spec.n, body)


def decode_pzprv3_answer(text: str, source: str = "<input>") -> tuple[Skyline, tuple[tuple[int, ...], ...]]:
    """A Skyline and the answer in a pzprv3 file: ``(spec, rows of heights)``.

    The file: ``pzprv3``, ``skyscrapers``, rows, columns, then N + 2 lines of
    N + 2 items: the clues around the grid (``.`` none; the corners are not
    read) and in the grid ``qH`` a given height, ``H`` the player's height,
    ``.`` nothing (pencil marks ``[...]`` are notes).  An answer with some
    heights gives every cell (0 for one left empty, which :func:`check`
    reports); a grid without any is checked as an empty answer (the givens
    alone: a wrong answer, as pzprjs checks it).  Errors name the line.
    """
    file = decode_pzprv3_file(text, source)
    file.require("skyscrapers")
    n = file.cols
    if file.rows != n or n > MAX_SIZE:
        raise InputError(f"expected a square grid of 1 x 1 to {MAX_SIZE} x {MAX_SIZE}, found {file.rows} rows of "
                         f"{file.cols} columns", source, file.size_line)
    reader = file.reader()
    sides, cells = unframe(reader.grid(n + 2, n + 2, "the grid with its clues"), n, n, "all")
    reader.expect_end()
    clues = []
    for side in SIDES:
        values = []
        for item in sides[side]:
            values.append(0 if item.text == "." else item.number(1, n, f"a {side} clue"))
        clues.append(values)
    givens, entered = [], []
    for row in cells:
        given_row, entered_row = [], []
        for item in row:
            if item.text.startswith("q"):
                given_row.append(dataclasses.replace(item, text=item.text[1:]).number(1, n, "a given height"))
                entered_row.append(0)
            else:
                given_row.append(0)
                entered_row.append(pzprv3_value(item, n, "a height"))
        givens.append(given_row)
        entered.append(entered_row)
    spec = Skyline(clues[0], clues[1], clues[2], clues[3], givens=givens)
    return spec, filled_in(givens, entered) or tuple(map(tuple, givens))


def decode_pzprv3(text: str, source: str = "<input>") -> Skyline:
    """The Skyline of a pzprv3 file (see :func:`decode_pzprv3_answer`; the answer, if any, is read and left)."""
    return decode_pzprv3_answer(text, source)[0]


def encode_pzprv3(spec: Skyline) -> str:
    """The pzprv3 file of ``spec`` as the puzz.link editor saves it, without an answer."""
    sides = {side: [str(clue) if clue else "." for clue in getattr(spec, side)] for side in SIDES}
    cells = [[f"q{value}" if value else "." for value in row] for row in spec.givens]
    return encode_pzprv3_file("skyscrapers", spec.n, spec.n, frame(cells, sides, "."))


#: The shared formats Skyline reads and writes (see :class:`~backtrack.Format`).
FORMATS = {
    "tatham": Format(decode_tatham, encode_tatham),
    "puzzlink": Format(decode_puzzlink, encode_puzzlink),
    "pzprv3": Format(decode_pzprv3, encode_pzprv3, decode_pzprv3_answer),
}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------


#: The side of a cell in pixels: up to 9 x 9 with room for the candidates, then smaller.
CELL_PIXELS, LARGE_CELL_PIXELS = 44, 34
#: How far outside the frame the clues stand (their centres), in cells; the margin is a little more.
CLUE_OFFSET = 0.5


def _canvas(spec: Skyline) -> Grid:
    """The grid the pictures of ``spec`` are drawn on (draw and draw_move share its coordinates)."""
    margin = 2 * CLUE_OFFSET + 0.05
    return Grid(spec.n, spec.n, cell=CELL_PIXELS if spec.n <= 9 else LARGE_CELL_PIXELS,
                margin=(margin, margin, margin, margin), name="skyline")


def draw(spec: Skyline, state: LatinState | None) -> str:
    """The grid as SVG: the clues outside the frame on all four sides (class ``clue``), the heights inside.

    ``state`` None is the puzzle alone (clues and given heights, class
    ``given``); a solution adds the heights placed (class ``placed``); a partial
    state (:meth:`LatinSearch.partial <backtrack_puzzles.latin.LatinSearch.partial>`)
    the heights decided so far and, up to 9 x 9, the candidates of the open
    cells small (``candidate``).
    """
    grid = _canvas(spec)
    n, cell = spec.n, grid.cell
    draw_values(grid, spec.givens, state)
    grid.lines()
    size = 0.5 * cell
    for index in range(n):
        x, y = grid.x(index) + cell / 2, grid.y(index) + cell / 2
        for clue, side, at in ((spec.top[index], "top", (x, grid.y(0) - CLUE_OFFSET * cell)),
                               (spec.bottom[index], "bottom", (x, grid.y(n) + CLUE_OFFSET * cell)),
                               (spec.left[index], "left", (grid.x(0) - CLUE_OFFSET * cell, y)),
                               (spec.right[index], "right", (grid.x(n) + CLUE_OFFSET * cell, y))):
            if clue:
                grid.add(f'<text class="clue {side}" x="{at[0]:.1f}" y="{at[1]:.1f}" font-size="{size:.1f}" '
                         f'font-weight="bold" text-anchor="middle" dominant-baseline="central" '
                         f'fill="{PALETTE["ink"]}">{clue}</text>')
    return grid.svg()


def draw_move(spec: Skyline, move: tuple[int, int]) -> str:
    """The fragment marking a decision ``(cell, value)``: the cell it sets, highlighted, and the height tried."""
    return draw_decision(_canvas(spec), move)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Skyline, solution: Sequence[Sequence[int]]) -> list[str]:
    """The rules that ``solution`` (rows of heights, as the search gives it) breaks; an empty list when it is solved.

    Independent of the search: the Latin rule is checked row by row and column
    by column, and every clue is counted again here by walking its line from
    its side.  Each message names the rule and where, rows and columns counted
    from 1 (``row 2 holds height 3 twice: at row 2, column 1 and row 2, column
    4``; a clue by the cell next to it).  A 0 is a cell left empty, and the
    empty cells come last; a clue is counted when the cells from its side up to
    the tallest building are filled (nothing behind it can be seen), else not.
    """
    n = spec.n

    def at(r: int, c: int) -> str:
        return f"row {r + 1}, column {c + 1}"

    def height(value: object) -> bool:
        return isinstance(value, int) and 1 <= value <= n

    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution must be {n} rows of {n} heights"]
    problems, empty = [], []
    for r, row in enumerate(solution):
        for c, value in enumerate(row):
            if value == 0 and isinstance(value, int):
                empty.append(f"{at(r, c)}: this cell is empty")
            elif not height(value):
                problems.append(f"{at(r, c)}: {value!r} is not a height from 1 to {n}")
            elif spec.givens[r][c] and spec.givens[r][c] != value:
                problems.append(f"{at(r, c)}: the given height {spec.givens[r][c]} became {value}")
    named = line_units(n)
    problems += repeated_in_units(solution, named, lambda value: f"height {value}")
    views = [
        ("column", "above", spec.top, lambda i: [(r, i) for r in range(n)]),
        ("column", "below", spec.bottom, lambda i: [(r, i) for r in reversed(range(n))]),
        ("row", "the left", spec.left, lambda i: [(i, c) for c in range(n)]),
        ("row", "the right", spec.right, lambda i: [(i, c) for c in reversed(range(n))]),
    ]
    for kind, side, clues, walk in views:
        for i, clue in enumerate(clues):
            if not clue:
                continue
            cells = walk(i)
            seen_count, tallest = 0, 0
            for r, c in cells:
                value = solution[r][c]
                if not height(value) or tallest == n:
                    break
                if value > tallest:
                    seen_count, tallest = seen_count + 1, value
            else:
                tallest = n  # every cell filled
            if tallest == n and seen_count != clue:
                problems.append(f"{kind} {i + 1} seen from {side} (from {at(*cells[0])}) shows {seen_count} "
                                f"building{'s' * (seen_count != 1)}, its clue says {clue}")
    return problems + empty


# -- 7. the search ---------------------------------------------------------------------------------


#: A line with a clue at one end only is left to the Latin rules (and the clue's
#: bounds) while its candidates allow more than this many arrangements (the
#: product of its candidate counts); a line with two clues prunes far better, so
#: it waits only above the second limit (never for N <= 8).
DEFER_LIMIT = 10**6
DEFER_LIMIT_TWO_CLUES = 10**8


class LineClues(Table):
    """A row or column with a clue at one end or both: its permutations must match the clues.

    A :class:`~backtrack_puzzles.latin.Table` whose tuples are the permutations
    of the line that its candidates allow and its clues match.  A line waits
    (:meth:`defer`) while its candidates allow too many arrangements.
    """

    def __init__(self, cells: tuple[int, ...], front: int, back: int, n: int):
        super().__init__(cells, n)
        self.front = front
        self.back = back

    def defer(self, masks: Sequence[int]) -> bool:
        """Whether the line still allows more arrangements than its limit (see :data:`DEFER_LIMIT`)."""
        limit = DEFER_LIMIT_TWO_CLUES if self.front and self.back else DEFER_LIMIT
        completions = 1
        for mask in masks:
            completions *= mask.bit_count()
            if completions > limit:
                return True
        return False

    def tuples(self, masks: Sequence[int]) -> list[int]:
        """Every permutation the masks allow whose visibilities match the clues.

        The tallest building hides everything behind it, so with N at position j
        the clue in front counts 1 + what is seen of positions 0..j-1, and the clue
        at the back 1 + what is seen of positions N-1 down to j+1.  Each side is
        filled from its own edge towards N, pruned by its own clue.
        """
        n = self.n
        tallest_bit = 1 << (n - 1)
        found: list[int] = []
        order: list[int] = []
        split = 0

        def fill(k: int, end: int, target: int, used: int, tallest: int, seen: int, packed: int, front: bool) -> None:
            """Fill ``order[k:end]``, one side, seen from its edge; ``target`` counts N too (0: no clue)."""
            if k == end:
                if target and seen != target - 1:
                    return
                if front:
                    fill(split, len(order), self.back, used, 0, 0, packed, False)
                else:
                    found.append(packed)
                return
            position = order[k]
            free = masks[position] & ~used
            while free:
                bit = free & -free
                free ^= bit
                height = bit.bit_length()
                now, top = (seen + 1, height) if height > tallest else (seen, tallest)
                if target and (now > target - 1 or now + min(end - k - 1, n - 1 - top) < target - 1):
                    continue
                fill(k + 1, end, target, used | bit, top, now, packed | bit << (position * n), front)

        for j in range(n):
            if masks[j] & tallest_bit:
                order, split = list(range(j)) + list(range(n - 1, j, -1)), j
                fill(0, split, self.front, tallest_bit, 0, 0, tallest_bit << (j * n), True)
        return found


def search(spec: Skyline) -> LatinSearch:
    """A fresh search of ``spec``: Latin-square propagation plus the clued lines (constructing it runs nothing)."""
    return LatinSearch(spec.grid())


class Clue(NamedTuple):
    """A clue as the reasoner reads it: the buildings it sees, its line's cells from its side, its name in words."""

    seen: int
    cells: tuple[int, ...]
    name: str


#: The clue line enumeration waits while a line's candidates allow more arrangements than this
#: (only grids larger than Towers' 9 x 9 come near it).
ENUMERATION_LIMIT = 10**6


class SkylineReasoner(LatinReasoner):
    """Skyline's named deductions, at the levels of Tatham's Towers (towers.c with latin.c).

    ``easy``: the clue rules (opposite clues summing to N + 1, a clue's bounds on
    the tallest heights, a visible run one short of its clue) and the Latin
    singles; ``hard``: every filling of a clue's line that fits the candidates,
    and naked and hidden subsets in rows and columns; ``extreme``: X-wing,
    swordfish ... (one height across rows against columns) and forcing chains;
    ``unreasonable``: a guess.
    """

    VALUE = "height"
    scale = ("easy", "hard", "extreme", "unreasonable")
    rules = (
        Rule("facing-clues", 0, "opposite clues that add up to N + 1 put N where the two rising runs meet"),
        latin_rule("full-house", 0, "height"),
        latin_rule("hidden-single-row", 0, "height"),
        latin_rule("hidden-single-column", 0, "height"),
        latin_rule("naked-single", 0, "height"),
        Rule("clue-bounds", 0, "a clue of k keeps the tallest height out of the first k - 1 cells from it, the next "
             "tallest out of the first k - 2, and so on (heights hidden behind a taller one placed nearer left out)"),
        Rule("visible-run", 0, "when the tallest heights placed already show a run one short of the clue, the cell "
             "next to the clue is the last one seen: taller than every cell between it and the run"),
        Rule("clue-enumeration", 1, "every filling of a clue's line that fits its candidates and the clue: a height "
             "that no filling puts in a cell is not there"),
        latin_rule("subset", 1, "height"),
        latin_rule("fish", 2, "height"),
        latin_rule("forcing-chain", 2, "height"),
    )
    FINDERS = {**LATIN_FINDERS, "facing-clues": ("facing_clues", {}), "clue-bounds": ("clue_bounds", {}),
               "visible-run": ("visible_run", {}), "clue-enumeration": ("clue_enumeration", {})}

    def __init__(self, spec: Skyline):
        super().__init__(spec.n)
        self.spec = spec
        n = spec.n
        self.facing: list[tuple[Clue, Clue, str]] = []
        by_side: dict[str, list[Clue]] = {side: [] for side in SIDES}
        for index, (cells, front, back) in enumerate(spec.lines()):
            kind, number = ("row", index + 1) if index < n else ("column", index - n + 1)
            sides = ("left", "right") if kind == "row" else ("top", "bottom")
            where = ("left of", "right of") if kind == "row" else ("above", "below")
            pair = (Clue(front, cells, f"the clue {front} {where[0]} {kind} {number}"),
                    Clue(back, cells[::-1], f"the clue {back} {where[1]} {kind} {number}"))
            for side, clue in zip(sides, pair, strict=True):
                if clue.seen:
                    by_side[side].append(clue)
            if front and back:
                self.facing.append((pair[0], pair[1], f"{kind} {number}"))
        #: The clues in Towers' order: top, bottom, left, right.
        self.clues = [clue for side in SIDES for clue in by_side[side]]
        self._fillings: dict[tuple[int, tuple[int, ...]], list[int]] = {}

    def answer(self) -> str:
        """The heights with the clues around them, as ``render`` prints them, ``.`` for a cell not yet decided."""
        return render(self.spec, self.values())

    def canvas(self) -> Grid:
        """The grid the puzzle's pictures are drawn on."""
        return _canvas(self.spec)

    def _positions(self, clue: Clue) -> list[int]:
        """Per height (index height - 1), its position along the clue's line, N when it is not placed there."""
        n = self.n
        positions = [n] * n
        for position, cell in enumerate(clue.cells):
            if self.placed[cell]:
                positions[self.placed[cell] - 1] = position
        return positions

    def facing_clues(self, rule: Rule) -> Deduction | None:
        """Opposite clues adding up to N + 1: N stands clue cells in from the first side."""
        n = self.n
        for front, back, line in self.facing:
            if front.seen + back.seen != n + 1:
                continue
            cell = front.cells[front.seen - 1]
            if self.placed[cell] or not self.cand[cell] >> (n - 1) & 1:
                continue
            return self.placing(rule, cell, n, f"the clues {front.seen} and {back.seen} of {line} add up to "
                                f"{n + 1}: the line rises to {n} from both ends, so {n} stands at {self.at(cell)}",
                                front.cells)
        return None

    def clue_bounds(self, rule: Rule) -> Deduction | None:
        """A clue of k: the tallest height is not among the first k - 1 cells, the next tallest the first k - 2 ..."""
        n = self.n
        for clue in self.clues:
            positions = self._positions(clue)
            removals: dict[int, int] = {}
            counted = 0
            for height in range(n, 0, -1):
                where = positions[height - 1]
                # As towers.c has it: a placed height hidden behind a taller one nearer the clue
                # (two or more taller) is left out of the count.
                if where < n and any(positions[taller - 1] < where for taller in range(height + 2, n + 1)):
                    continue
                for cell in clue.cells[: max(0, clue.seen - counted - 1)]:
                    if not self.placed[cell] and self.cand[cell] >> (height - 1) & 1:
                        removals[cell] = removals.get(cell, 0) | 1 << (height - 1)
                counted += 1
            if removals:
                return self.removing(rule, f"{clue.name}: a tall building near it would hide too many, so "
                                     f"{self.lost(removals)}", (), removals)
        return None

    def visible_run(self, rule: Rule) -> Deduction | None:
        """The tallest heights placed show a run one short of the clue: the cell next to it rises above the rest."""
        n = self.n
        for clue in self.clues:
            positions = self._positions(clue)
            run, furthest = 0, n
            for height in range(n, 0, -1):
                where = positions[height - 1]
                if where == n:
                    break
                if where < furthest:
                    furthest, run = where, run + 1
            if clue.seen != run + 1 or furthest <= 1:
                continue
            first = clue.cells[0]
            if self.placed[first]:
                continue
            mask, left = 0, furthest - 1
            for height in range(1, n + 1):
                if left <= 0:
                    break
                if furthest <= positions[height - 1] < n:
                    continue  # placed beyond the run: not between
                left -= 1
                mask |= 1 << (height - 1)
            mask &= self.cand[first]
            if mask:
                return self.removing(rule, f"{clue.name}: the tallest heights placed show {run} building"
                                     f"{'s' * (run != 1)} already, so {self.at(first)} is the last one seen and "
                                     f"taller than the {furthest - 1} cell{'s' * (furthest != 2)} behind it: not "
                                     f"{self.names(mask, 'or')}", (), {first: mask})
        return None

    def clue_enumeration(self, rule: Rule) -> Deduction | None:
        """Every filling of a clue's line that fits its candidates and the clue; heights in none leave their cells."""
        n = self.n
        for index, clue in enumerate(self.clues):
            masks = tuple(self.cand[cell] for cell in clue.cells)
            seen = self._fillings.get((index, masks))
            if seen is None:
                product = 1
                for mask in masks:
                    product *= mask.bit_count()
                if product > ENUMERATION_LIMIT:
                    continue
                seen = self._fillings[index, masks] = _fillings(masks, clue.seen, n)
            removals = {cell: mask & ~seen[i] for i, (cell, mask) in enumerate(zip(clue.cells, masks, strict=True))
                        if mask & ~seen[i] and not self.placed[cell]}
            if removals:
                return self.removing(rule, f"{clue.name}: in every filling of the line that fits the candidates and "
                                     f"the clue, {self.lost(removals)}", clue.cells, removals)
        return None

    def broken_clue(self) -> Deduction | None:
        """A clue whose line is filled and shows another number of buildings."""
        for clue in self.clues:
            heights = [self.placed[cell] for cell in clue.cells]
            if all(heights) and visible(heights) != clue.seen:
                return self.deduction(CLUE_BROKEN, f"{clue.name} sees {visible(heights)} buildings",
                                      clue.cells, None)
        return None


CLUE_BROKEN = Rule("clue", 0, "a clue counts the buildings seen from its side")


def _fillings(masks: Sequence[int], clue: int, n: int) -> list[int]:
    """Per cell, the heights some filling of the line puts there: a permutation fitting ``masks`` seen as ``clue``."""
    seen = [0] * len(masks)
    chosen = [0] * len(masks)
    size = len(masks)

    def fill(k: int, used: int, tallest: int, count: int) -> bool:
        if k == size:
            if count != clue:
                return False
            for i in range(size):
                seen[i] |= chosen[i]
            return True
        free = masks[k] & ~used
        found = False
        while free:
            bit = free & -free
            free ^= bit
            height = bit.bit_length()
            now, top = (count + 1, height) if height > tallest else (count, tallest)
            if now > clue or now + min(size - k - 1, n - top) < clue:
                continue
            chosen[k] = bit
            found |= fill(k + 1, used | bit, top, now)
        return found

    fill(0, 0, 0, 0)
    return seen


def reasoner(spec: Skyline, answer: str | None = None, source: str = "<answer>") -> SkylineReasoner:
    """The named deductions from the givens, or from a partial answer as ``render`` prints it (``.``: empty).

    An :class:`~backtrack.InputError` with line and column for an answer that
    does not fit the puzzle (a changed clue too); a changed given is a mistake
    the reasoner reports.
    """
    found = SkylineReasoner(spec)
    found.setup(spec.givens, read_answer(spec, answer, source) if answer is not None else None)
    return found


# -- 8. the generator ------------------------------------------------------------------------------


#: How many random squares :func:`generate` tries to find one that its clues alone fix.
SQUARE_TRIES = 30
#: From this size on :func:`generate` takes the first square: squares that their clues alone fix
#: are too rare to look for (3 in 60 random 6 x 6 squares, none in 60 of 7 x 7), and each look
#: is a whole uniqueness check (two thirds of the time a 9 x 9 took).
CLUES_ALONE_MAX_SIZE = 6
#: The generator's uniqueness checks: attempts per check and in all (see UniquenessBudget).
CHECK_ATTEMPTS = 20_000
GENERATE_ATTEMPTS = 500_000
#: The largest unique puzzle the generator makes: a 9 x 9 takes about 5 seconds, and from 10 x 10
#: on a single attempt may enumerate a line's permutations for a second, so the checks would take hours.
MAX_UNIQUE_SIZE = 9


def generate(n: int = 6, seed: int | None = None, unique: bool = True, keep: float = 0.5) -> Skyline:
    """A random Skyline: the clues of a random Latin square, thinned out.

    With ``unique``: a square that all its clues fix is looked for (up to
    :data:`SQUARE_TRIES` squares; up to :data:`CLUES_ALONE_MAX_SIZE` only, larger
    grids take their first square); failing that, given heights of the last one
    are added (random cells) until they fix it; then givens, and after them
    clues, are taken away in random order as long as the solution stays unique
    (a hard, minimal puzzle).  Each uniqueness check may try :data:`CHECK_ATTEMPTS`
    decisions and all of them :data:`GENERATE_ATTEMPTS`: a check that runs out is no
    proof, so what it would take away stays (large grids end, with more givens).
    Without ``unique``, each clue is kept with probability ``keep`` and there are
    no givens, so there may be several solutions.  ``n`` is at most :data:`MAX_UNIQUE_SIZE`
    with ``unique``, else at most :data:`MAX_SIZE`.
    """
    if not 1 <= n <= (MAX_UNIQUE_SIZE if unique else MAX_SIZE):
        raise ValueError(f"the size must be 1 to {MAX_UNIQUE_SIZE if unique else MAX_SIZE}, not {n}")
    if not 0 <= keep <= 1:
        raise ValueError(f"the share of clues kept must be from 0 to 1, not {keep}")
    rng = random.Random(seed)
    budget = UniquenessBudget(CHECK_ATTEMPTS, GENERATE_ATTEMPTS)

    def puzzle() -> Skyline:
        top, bottom, left, right = sides
        return Skyline(top, bottom, left, right, givens=givens)

    def is_unique() -> bool:
        return budget.unique(search(puzzle()))

    givens = [[0] * n for _ in range(n)]
    for _ in range(SQUARE_TRIES if unique and n <= CLUES_ALONE_MAX_SIZE else 1):
        square = random_latin_square(n, rng)
        sides = [list(side) for side in Skyline([0] * n, [0] * n, [0] * n, [0] * n).clues_of(square)]
        if not unique or is_unique():
            break
    places = [(s, i) for s in range(4) for i in range(n)]
    rng.shuffle(places)
    if not unique:
        for s, i in places:
            if rng.random() >= keep:
                sides[s][i] = 0
        return puzzle()

    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    added = []
    while cells and not is_unique():  # with every height given, the puzzle is unique
        r, c = cells.pop()
        givens[r][c] = square[r][c]
        added.append((r, c))
    for r, c in added:
        givens[r][c] = 0
        if not is_unique():
            givens[r][c] = square[r][c]
    for s, i in places:
        clue, sides[s][i] = sides[s][i], 0
        if not is_unique():
            sides[s][i] = clue
    return puzzle()


def make(seed: int | None = None, unique: bool = True, size: int = 6, keep: float = 0.5) -> Skyline:
    """``backtrack generate skyline``: :func:`generate` with the command's parameters."""
    if unique and size > MAX_UNIQUE_SIZE:
        raise ValueError(f"unique puzzles are made up to {MAX_UNIQUE_SIZE} x {MAX_UNIQUE_SIZE} (proving a larger "
                         f"one unique takes hours); with --any, up to {MAX_SIZE} x {MAX_SIZE}")
    return generate(size, seed, unique, keep)


#: ``backtrack generate skyline``: its parameters, and unique puzzles by default.
GENERATOR = Generator(
    make,
    params=(
        Param("size", f"the side of the grid ({MAX_UNIQUE_SIZE} at most for a unique puzzle)", int, 6, low=1,
              high=MAX_SIZE),
        Param("keep", "with --any: the share of the clues kept, from 0 to 1", float, 0.5, low=0.0, high=1.0),
    ),
    unique_default=True,
    largest_unique=f"up to {MAX_UNIQUE_SIZE} x {MAX_UNIQUE_SIZE} (4 x 4 about 0.5 s, 6 x 6 about 0.7 s, an 8 x 8 "
    f"about 1 s, a 9 x 9 about 9 s; with --any up to {MAX_SIZE} x {MAX_SIZE})",
)


# -- 10. the descriptor ----------------------------------------------------------------------------


PUZZLE = Puzzle(
    name="skyline",
    description="Skyline (Skyscrapers): a Latin square of heights; "
    "clues say how many buildings are seen from each side",
    parse=parse,
    search=search,
    render=render,
    limits=LIMITS,
    examples=examples_in(Path(__file__).parent / "examples" / "skyline"),
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
    """The puzzles of this module: Skyline."""
    return [PUZZLE]
