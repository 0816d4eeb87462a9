"""Akari (Light Up): light every white cell with lamps that never shine on each other.

The grid has white and black cells.  A lamp on a white cell lights its row and its
column up to the first black cell or the edge.  A solution is a set of lamps such
that every white cell is lit, no lamp is lit by another lamp, and every numbered
black cell (0 to 4) has exactly that many lamps orthogonally next to it; black
cells without a number take any number of lamps.  Solutions are distinct lamp sets.

Input: one line per row, all rows equally long: ``.`` (or ``_``) a white cell,
``#`` (or ``?``) an unnumbered black cell, ``0`` to ``4`` a numbered black cell.
Spaces and tabs at the end of a row are ignored.  Blank lines separate puzzles in a
file holding several (batch mode, at most :data:`MAX_PUZZLES`).  Lines end with
``\n``, ``\r\n`` or ``\r``, and are counted so in messages.  Boards have at most
:data:`MAX_SIZE` (100) rows and columns: setting up a search takes a few hundredths
of a second and little memory at any size (its state is kept per run of white
cells, not per cell and ray), but each decision's propagation and probing grows
with the cells times the length of their rows and columns, and at 100 x 100 the
deductions before the first choice already take up to about a second.  A solution
renders as the Dutch exercise's ``toString()`` text of the solved grid: ``?`` and
``0``-``4`` black cells, ``L`` lamps, ``*`` lit white cells (``_`` unlit ones never
occur in a solution).  :func:`check` is the independent rule checker: the broken
rules of a lamp set, in words.  :func:`draw` draws the board as SVG (black cells,
numbers, lamps and the cells they light) and :func:`draw_move` the cell a
decision is about: the pictures of ``backtrack replay``.

:class:`LightUp` is the model (the grid and its black cells) that :func:`parse`
makes and the search, the checker and the text form read.  :class:`AkariSearch`
searches it with propagation.  A lamp darkens (rules out lamps on) every cell it
sees; a number whose need equals its undecided neighbours takes them all as lamps,
a satisfied number darkens them, and a number that can spare only one neighbour
darkens the diagonal cell that sees two of them; an unlit cell that only one
undecided cell can still light forces a lamp there, and with two candidates in its
row and column it darkens the cell that sees both.  After that, every undecided
cell where a lamp leads to a contradiction gets no lamp (probing, ``-p probe=no``
turns it off).  Only then does it branch: on one candidate of the unlit cell with
the fewest candidates, lamp first, then no lamp.

:class:`Akari` is the Dutch exercise's class (``zwarteCellen``, ``lampen``,
``verlicht``, ``stralen``, ``plaatsLamp``, ``verwijderLamp``, ``isOpgelost``,
``toString``): a façade over a :class:`LightUp` and a set of lamps, in the part
before the descriptor.  The parts follow the anatomy of every puzzle module
(:mod:`backtrack.puzzle`): the model, the parser, the text form, the formats, the
picture, the checker, the search, the generator, the façade, the descriptor and
the hook.

Reasoning.  :class:`AkariReasoner` (what :func:`reasoner` makes, for ``backtrack
hint`` and ``backtrack grade``) holds what a person knows (lamps, cells marked "no
lamp") and makes Simon Tatham's deductions, named and at his levels: ``easy``
(``clue-full``, ``clue-needs-all``, ``only-light``), ``tricky``
(``set-elimination``) and ``hard`` (a guess is needed).  In a partial answer ``_``
is a cell marked "no lamp" that no lamp lights yet and ``.`` a cell not decided.

Formats.  Besides its own text, Akari reads and writes Simon Tatham's Light Up game
IDs (``7x7:d11aBf1a0a0kBa1aBf1aB0d``), puzz.link URLs
(``https://puzz.link/p?akari/6/6/nekcakbl``; ``lightup`` is read too) and the
puzz.link editor's pzprv3 files, whose answer (the lamps) ``backtrack check``
reads.  A black cell without a number is what those formats call a missing
number (Tatham's ``B``, puzz.link's ``.``, pzprv3's ``-``), so nothing is lost
either way.  :func:`read_answer` reads an answer written as :func:`render`
prints one.

``backtrack generate akari -p rows=25 -p cols=25 --seed 7`` makes new puzzles with
a unique solution (see :func:`generate` and :data:`GENERATOR`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Container, Iterable, Iterator, NamedTuple, Sequence

from backtrack import (
    Format,
    Generator,
    InputError,
    Param,
    Pictured,
    PropagatingSearch,
    Puzzle,
    Verdict,
    examples_in,
    hookimpl,
    quoted,
)
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.formats import (
    QUESTION,
    check_end,
    decode_4cell,
    decode_pzprv3_file,
    decode_tatham_cells,
    decode_tatham_id,
    decode_tatham_size,
    decode_url,
    encode_4cell,
    encode_pzprv3_file,
    encode_tatham_cells,
    encode_url,
)
from backtrack.svg import PALETTE, Grid

# The puzzle's words.  The grid has ``rows`` x ``cols`` cells, *white* or *black*; a black cell
# may carry a *number* (0 to 4: the lamps orthogonally next to it).  A *lamp* stands on a white
# cell and *lights* its row and column up to the first black cell or the edge.  A cell is a
# ``(row, col)`` pair from 0, written ``(r, k)`` here as in the Dutch exercise (``k`` its kolom).
Position = tuple[int, int]
WHITE_CHARS = "._"
BLACK_CHARS = "#?"
MAX_NUMBER = 4
NUMBER_CHARS = "01234"

#: The most rows and the most columns a board may have (see the module docstring for why).
MAX_SIZE = 100
LIMITS = f"the largest board accepted is {MAX_SIZE} x {MAX_SIZE} cells"
#: The most puzzles a file may hold (and a ``generate`` command prints).
MAX_PUZZLES = 100_000


# -- 1. the model ----------------------------------------------------------------------------------

#: The four orthogonal steps: up, down, left, right.
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass
class LightUp(Pictured, puzzle="akari"):
    """A Light Up grid: ``rows`` x ``cols`` cells, of which ``black`` are black (with their number, or None).

    Every other cell is white.  Cells are ``(row, column)`` pairs counted from 0.
    The constructor checks the size and every black cell (``ValueError``), so a
    grid made in Python is as sound as one read by :func:`parse`.
    """

    rows: int
    cols: int
    black: dict[Position, int | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"the number of {name} must be a whole number of at least 1, not {value!r}")
        given, self.black = self.black, {}
        for (r, k), number in given.items():
            self.add_black(r, k, number)

    def add_black(self, r: int, k: int, number: int | None = None) -> None:
        """Make white cell ``(r, k)`` black, with ``number`` (0 to 4) or without; ``ValueError`` if it cannot be."""
        if not self.inside(r, k):
            raise ValueError(f"black cell {(r, k)} lies outside the {self.rows} x {self.cols} grid")
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)
                                   or not 0 <= number <= MAX_NUMBER):
            raise ValueError(f"the number of black cell {(r, k)} must be 0 to {MAX_NUMBER}, not {number!r}")
        if (r, k) in self.black:
            raise ValueError(f"black cell {(r, k)} is given twice")
        self.black[(r, k)] = number

    def inside(self, r: object, k: object) -> bool:
        """Whether ``(r, k)`` is a cell of the grid (whole numbers only)."""
        return (
            isinstance(r, int) and isinstance(k, int) and not isinstance(r, bool) and not isinstance(k, bool)
            and 0 <= r < self.rows and 0 <= k < self.cols
        )

    def is_white(self, r: int, k: int) -> bool:
        """Whether ``(r, k)`` is a white cell of the grid."""
        return self.inside(r, k) and (r, k) not in self.black

    @property
    def numbers(self) -> dict[Position, int]:
        """The numbered black cells and their numbers."""
        return {cell: number for cell, number in self.black.items() if number is not None}

    def whites(self) -> list[Position]:
        """All white cells in reading order."""
        return [(r, k) for r in range(self.rows) for k in range(self.cols) if (r, k) not in self.black]

    def neighbours(self, r: int, k: int) -> Iterator[Position]:
        """The cells of the grid orthogonally next to ``(r, k)``."""
        for dr, dk in STEPS:
            if self.inside(r + dr, k + dk):
                yield r + dr, k + dk

    def seen_from(self, r: int, k: int) -> list[Position]:
        """The white cells a lamp on ``(r, k)`` lights, itself excluded, in reading order.

        They lie in its row and its column, up to the first black cell or the edge.
        """
        cells = []
        for dr, dk in STEPS:
            rr, kk = r + dr, k + dk
            while self.is_white(rr, kk):
                cells.append((rr, kk))
                rr, kk = rr + dr, kk + dk
        return sorted(cells)

    def lit_by(self, lamps: Iterable[Position]) -> set[Position]:
        """The cells that ``lamps`` light: those seen from a lamp (a lamp itself only when another sees it)."""
        lit: set[Position] = set()
        for lamp in lamps:
            lit.update(self.seen_from(*lamp))
        return lit

    def lamps_next_to(self, r: int, k: int, lamps: Container[Position]) -> int:
        """How many of ``lamps`` stand orthogonally next to ``(r, k)``."""
        return sum(1 for cell in self.neighbours(r, k) if cell in lamps)

    def black_cells(self) -> list[tuple[int, ...]]:
        """The black cells in reading order: ``(r, k)`` unnumbered, ``(r, k, number)`` numbered."""
        return [cell if number is None else (*cell, number) for cell, number in sorted(self.black.items())]

    def copy(self) -> "LightUp":
        """An independent copy."""
        return LightUp(self.rows, self.cols, dict(self.black))


# -- 2. the parser ---------------------------------------------------------------------------------

EXAMPLES = Path(__file__).parent / "examples" / "akari"
BOM = "\ufeff"
#: What may end a line unseen (and fill a blank line): spaces and tabs, nothing else.
SPACES = " \t"
BLANK_INSIDE = "expected a row of the grid, found a blank line (blank lines only separate puzzles)"


def newlines(text: str) -> str:
    """``text`` with every line ended by ``\\n``: ``\\r\\n`` and ``\\r`` end lines too (as editors count them).

    Other characters that Python's ``str.splitlines`` would take for line breaks
    (form feed, ``\\x85``, ``\\u2028`` ...) stay inside their line, so that line
    numbers in messages are the ones an editor shows.
    """
    return text.replace("\r\n", "\n").replace("\r", "\n")


def blank(line: str) -> bool:
    """Whether a line holds nothing but spaces and tabs."""
    return not line.strip(SPACES)


def parse(text: str, source: str = "<input>") -> LightUp:
    """A grid from the file format; :class:`InputError` names the line and column of a fault.

    Blank lines before and after the grid and spaces and tabs at the end of a line
    are ignored, and so is a byte-order mark at the start.  At most :data:`MAX_SIZE`
    rows and columns are accepted; larger input is refused without reading it all.
    """
    text = newlines(text.removeprefix(BOM))
    body = text.lstrip(SPACES + "\n")
    if not body:
        raise InputError("expected a grid, one line per row ('.' white, '#' black, 0-4 numbered black), "
                         "found an empty file", source, 1, 1)
    begin = text.rfind("\n", 0, len(text) - len(body)) + 1  # where the first row's line begins
    before = text.count("\n", 0, begin)
    lines = text[begin:].split("\n", MAX_SIZE)
    rest = lines.pop() if len(lines) > MAX_SIZE else ""  # the text after the first MAX_SIZE lines
    more = not blank(rest.replace("\n", ""))
    while not more and blank(lines[-1]):
        lines.pop()
    cols = len(lines[0].rstrip(SPACES))
    black: dict[Position, int | None] = {}
    for r, line in enumerate(lines):
        number = before + r + 1
        line = line.rstrip(SPACES)
        if not line:
            raise InputError(BLANK_INSIDE, source, number, 1)
        for k, char in enumerate(line[:MAX_SIZE]):
            if char in WHITE_CHARS:
                continue
            if char in BLACK_CHARS:
                black[(r, k)] = None
            elif char in NUMBER_CHARS:
                black[(r, k)] = int(char)
            elif char.isascii() and char.isdigit():
                raise InputError(f"expected a number of lamps from 0 to {MAX_NUMBER}, found {quoted(char)}",
                                 source, number, k + 1)
            else:
                raise InputError(f"expected '.' or '_' (white), '#' or '?' (black) or 0-{MAX_NUMBER} (numbered black), "
                                 f"found {quoted(char)}", source, number, k + 1)
        if len(line) > MAX_SIZE:
            raise InputError(f"expected at most {MAX_SIZE} cells in a row ({LIMITS}), found {len(line):,}",
                             source, number, MAX_SIZE + 1)
        if len(line) != cols:
            raise InputError(f"expected {cols} cells in every row, as many as in the first row of this grid, "
                             f"found {len(line)}", source, number, min(len(line), cols) + 1)
    if more:
        number = before + MAX_SIZE + 1
        if blank(rest.split("\n", 1)[0]):
            raise InputError(BLANK_INSIDE, source, number, 1)
        raise InputError(f"expected at most {MAX_SIZE} rows ({LIMITS}), found more", source, number, 1)
    return LightUp(len(lines), cols, black)


def split(text: str) -> list[tuple[int, str]]:
    """The puzzles of a file: blocks of lines separated by blank lines, with the number of their first line.

    Lines are counted as :func:`parse` counts them.  A block longer than
    :data:`MAX_SIZE` rows keeps only its first ``MAX_SIZE + 1`` lines: :func:`parse`
    refuses it at the first line too many, and the rest is never copied.  More
    than :data:`MAX_PUZZLES` puzzles are refused.
    """
    parts: list[tuple[int, str]] = []
    block: list[str] = []
    start = 1
    for number, line in enumerate(newlines(text).split("\n"), 1):
        if not blank(line):
            if not block:
                if len(parts) == MAX_PUZZLES:
                    raise InputError(f"expected at most {MAX_PUZZLES:,} puzzles in a file, found more: "
                                     f"puzzle {MAX_PUZZLES + 1:,} begins here", "<input>", number, 1)
                start = number
            if len(block) <= MAX_SIZE:
                block.append(line)
        elif block:
            parts.append((start, "\n".join(block) + "\n"))
            block = []
    if block:
        parts.append((start, "\n".join(block) + "\n"))
    return parts


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(grid: LightUp) -> str:
    """The puzzle in the file format (``.``, ``#``, ``0``-``4``) with no final newline; it parses back to ``grid``."""
    black = grid.black
    return "\n".join(
        "".join("." if (r, k) not in black else "#" if black[(r, k)] is None else str(black[(r, k)])
                for k in range(grid.cols))
        for r in range(grid.rows)
    )


def picture(grid: LightUp, lamps: Iterable[Position]) -> str:
    """The grid with ``lamps`` as the Dutch exercise's ``toString()`` shows it.

    Rows of ``?`` and ``0``-``4`` (black cells), ``L`` (a lamp), ``*`` (a lit white
    cell) and ``_`` (an unlit white cell).
    """
    lamps = set(lamps)
    lit = grid.lit_by(lamps)
    black = grid.black
    lines = []
    for r in range(grid.rows):
        line = []
        for k in range(grid.cols):
            if (r, k) in black:
                number = black[(r, k)]
                line.append("?" if number is None else str(number))
            else:
                line.append("L" if (r, k) in lamps else "*" if (r, k) in lit else "_")
        lines.append("".join(line))
    return "\n".join(lines)


def render(spec: LightUp, solution: Sequence[Position]) -> str:
    """The solved grid as the Dutch exercise's ``toString()`` shows it (see :func:`picture`)."""
    return picture(spec, solution)


def as_json(spec: LightUp, solution: Sequence[Position]) -> list[list[int]]:
    """The lamps as ``[r, k]`` pairs in reading order."""
    return [list(cell) for cell in solution]


#: What the text of an answer (what :func:`render` prints) may hold, by meaning.
ANSWER_LAMP, ANSWER_WHITE = "L", "*_."


def read_answer(spec: LightUp, text: str, source: str = "<answer>") -> tuple[Position, ...]:
    """The lamps of an answer written as :func:`render` prints a solution, for :func:`check`.

    One line per row: ``L`` a lamp; ``*``, ``_`` or ``.`` a white cell without one
    (whether it is shown lit is not read: the checker works that out); ``?`` or
    ``#`` and ``0``-``4`` the black cells, which must be the puzzle's.  Blank lines
    before and after the grid and spaces at the ends of lines are ignored.
    :class:`InputError` (line and column) for a grid of another size, an unknown
    character, or a black cell that differs from the puzzle.  The lamps come in
    reading order, as the search gives them.
    """
    lines = newlines(text.removeprefix(BOM)).split("\n")
    first = next((i for i, line in enumerate(lines) if not blank(line)), None)
    if first is None:
        raise InputError(f"expected the solved grid, {spec.rows} rows of {spec.cols} cells, found nothing",
                         source, 1, 1)
    last = max(i for i, line in enumerate(lines) if not blank(line))
    if last - first + 1 != spec.rows:
        where = first + spec.rows if last - first + 1 > spec.rows else last + 1
        raise InputError(f"expected {spec.rows} rows (the puzzle's), found {last - first + 1}", source, where + 1, 1)
    lamps: list[Position] = []
    for r in range(spec.rows):
        number, line = first + r + 1, lines[first + r].rstrip(SPACES)
        if not line:
            raise InputError(BLANK_INSIDE, source, number, 1)
        for k, char in enumerate(line[: spec.cols]):
            given = spec.black[(r, k)] if (r, k) in spec.black else "white"
            if char == ANSWER_LAMP or char in ANSWER_WHITE:
                found: int | str | None = "white"
            elif char in BLACK_CHARS:
                found = None
            elif char in NUMBER_CHARS:
                found = int(char)
            else:
                raise InputError(f"expected L (a lamp), '*', '_' or '.' (a white cell), '?' or '#' (black) or "
                                 f"0-{MAX_NUMBER} (numbered black), found {quoted(char)}", source, number, k + 1)
            if found != given:
                raise InputError(f"the puzzle has {_cell_words(given)} here, the answer {_cell_words(found)}: "
                                 "an answer keeps the puzzle's black cells", source, number, k + 1)
            if char == ANSWER_LAMP:
                lamps.append((r, k))
        if len(line) != spec.cols:
            raise InputError(f"expected {spec.cols} cells in every row (the puzzle's), found {len(line)}",
                             source, number, min(len(line), spec.cols) + 1)
    return tuple(lamps)


def _cell_words(cell: int | str | None) -> str:
    """A cell of :func:`read_answer` in words: ``a white cell``, ``a black cell``, ``the number 2``."""
    if cell == "white":
        return "a white cell"
    return "a black cell without a number" if cell is None else f"the number {cell}"


# -- 4. the formats: Tatham game IDs, puzz.link URLs, pzprv3 files ---------------------------------
#
# Light Up is ``lightup`` in Tatham's collection and in pzprjs, ``akari`` in puzz.link URLs
# (both are read).  In all three a cell is white (None below), a numbered black cell (0-4)
# or a black cell without a number (Tatham's ``B``, pzprjs's QUESTION).

#: Tatham's Light Up parameters after the size: black percentage, symmetry, difficulty, legacy ``r``.
TATHAM_REST = re.compile(r"(?:b[0-9]{1,3})?(?:s[0-9])?(?:d[0-9])?r?")


def _cells_of(grid: LightUp, unnumbered: Any) -> list[Any]:
    """The grid cell by cell in reading order: None white, a number, or ``unnumbered`` for a plain black cell."""
    black = grid.black
    cells: list[Any] = []
    for r in range(grid.rows):
        for k in range(grid.cols):
            if (r, k) not in black:
                cells.append(None)
            else:
                number = black[(r, k)]
                cells.append(unnumbered if number is None else number)
    return cells


def _grid_of(rows: int, cols: int, cells: Sequence[Any], unnumbered: Any) -> LightUp:
    """The inverse of :func:`_cells_of` (the cells are checked by their decoder)."""
    black: dict[Position, int | None] = {}
    for i, cell in enumerate(cells):
        if cell is not None:
            black[divmod(i, cols)] = None if cell == unnumbered else int(cell)
    return LightUp(rows, cols, black)


def _refuse_size(rows: int, cols: int, error: Callable[[str], InputError]) -> None:
    """An error (made by ``error``) when a board declared ``rows`` x ``cols`` is larger than this plugin takes."""
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise error(f"this board is {cols} columns by {rows} rows: {LIMITS}")


def decode_tatham(text: str, source: str = "<input>") -> LightUp:
    """A grid from a Tatham Light Up game ID ``WxH:DESC`` (``7x7:d11aBf1a0a0kBa1aBf1aB0d``).

    In DESC ``a``-``z`` are runs of 1-26 white cells, ``0``-``4`` numbered black
    cells (one digit each), ``B`` black cells without a number.  :class:`InputError`
    names the column of anything wrong, and refuses a random-seed ID ``WxH#SEED``.
    """
    tid = decode_tatham_id(text, source)
    cols, rows, end = decode_tatham_size(text, tid.params_start, tid.params_end, source=source)
    _refuse_size(rows, cols, lambda message: tid.error(tid.params_start, message))
    if not TATHAM_REST.fullmatch(text, end, tid.params_end):
        raise tid.error(end, f"unexpected {quoted(text[end:tid.params_end])} in the parameters: Light Up takes "
                        "WxH, then optionally bPERCENT, sSYMMETRY, dDIFFICULTY")
    cells = decode_tatham_cells(text, rows * cols, tid.desc_start, tid.desc_end, single_digits=True,
                                symbols="B", high=MAX_NUMBER, source=source)
    return _grid_of(rows, cols, cells, "B")


def encode_tatham(grid: LightUp) -> str:
    """The Tatham game ID of ``grid``, as Light Up's Game > Specific shows it (``7x7:d11aBf...``)."""
    return f"{grid.cols}x{grid.rows}:" + encode_tatham_cells(_cells_of(grid, "B"), single_digits=True)


def decode_puzzlink(text: str, source: str = "<input>") -> LightUp:
    """A grid from a puzz.link URL (``https://puzz.link/p?akari/6/6/nekcakbl``, ``lightup`` too, or the bare body).

    The body is pzprjs's 4Cell coding of the cells, row by row: ``.`` a black cell
    without a number.  :class:`InputError` names the column of anything wrong.
    """
    url = decode_url(text, source)
    url.require("lightup")
    _refuse_size(url.rows, url.cols, lambda message: url.error(url.size_at, message))
    # As pzprjs: a body that stops early leaves the cells after it white.
    cells, end = decode_4cell(url.text[:url.body_end], url.rows * url.cols, url.body_start, partial=True,
                              source=source)
    check_end(url.text, end, url.body_end, source=source)
    return _grid_of(url.rows, url.cols, cells, QUESTION)


def encode_puzzlink(grid: LightUp) -> str:
    """The puzz.link URL of ``grid``, as pzprjs writes it (``https://puzz.link/p?akari/COLS/ROWS/BODY``)."""
    return encode_url("lightup", grid.cols, grid.rows, encode_4cell(_cells_of(grid, QUESTION)))


#: A pzprv3 file's cells: ``.`` white, ``#`` a lamp, ``+`` a white cell marked "no lamp", ``-`` black, ``0``-``4``.
PZPRV3_LAMP, PZPRV3_WHITE, PZPRV3_BLACK = "#", ".+", "-"


def _read_pzprv3(text: str, source: str) -> tuple[LightUp, tuple[Position, ...] | None]:
    """The grid of a pzprv3 file and its lamps (None when the file holds no answer: no lamp, no mark)."""
    file = decode_pzprv3_file(text, source)
    file.require("lightup")
    size_line = file.size_line
    _refuse_size(file.rows, file.cols, lambda message: InputError(message, source, size_line))
    reader = file.reader()
    black: dict[Position, int | None] = {}
    lamps: list[Position] = []
    answered = False
    for r, row in enumerate(reader.grid(file.rows, file.cols, "the grid")):
        for k, item in enumerate(row):
            if item.text == PZPRV3_LAMP:
                lamps.append((r, k))
                answered = True
            elif item.text in PZPRV3_WHITE and len(item.text) == 1:
                answered = answered or item.text == "+"
            elif item.text == PZPRV3_BLACK:
                black[(r, k)] = None
            elif len(item.text) == 1 and item.text in NUMBER_CHARS:
                black[(r, k)] = int(item.text)
            else:
                raise item.error(f"expected '.' (white), '#' (a lamp), '+' (no lamp), '-' (black) or "
                                 f"0-{MAX_NUMBER} (numbered black), found {quoted(item.text)}")
    if not reader.at_end():  # which numbers the player marked as done: not part of the answer
        for row in reader.grid(file.rows, file.cols, "the numbers marked done"):
            for item in row:
                if item.text not in ("-", "."):
                    raise item.error(f"expected '-' (a number marked done) or '.', found {quoted(item.text)}")
    reader.expect_end()
    return LightUp(file.rows, file.cols, black), tuple(lamps) if answered else None


def decode_pzprv3(text: str, source: str = "<input>") -> LightUp:
    """The grid of a pzprv3 file (``pzprv3 / lightup / ROWS / COLS`` and a line per row); any answer is left out."""
    return _read_pzprv3(text, source)[0]


def decode_pzprv3_answer(text: str, source: str = "<input>") -> tuple[LightUp, tuple[Position, ...]]:
    """The grid of a pzprv3 file and the lamps of its answer (``#``); no lamp at all is an empty answer.

    Cells marked "no lamp" (``+``) are a player's notes: they place nothing.  A
    file without an answer is checked as an empty one (a wrong answer, as pzprjs
    checks it), not refused.
    """
    grid, lamps = _read_pzprv3(text, source)
    return grid, lamps or ()


def decode_pzprv3_partial(text: str, source: str = "<input>") -> tuple[LightUp, str | None]:
    """The grid of a pzprv3 file and its answer so far, as ``backtrack hint`` reads it (None: no mark yet).

    Lamps (``#``) are ``L``, cells marked "no lamp" (``+``) are ``_``, the rest ``.``
    (undecided); black cells are written as :func:`render` writes them.
    """
    grid, lamps = _read_pzprv3(text, source)
    if lamps is None:
        return grid, None
    file = decode_pzprv3_file(text, source)
    marked = {(r, k) for r, row in enumerate(file.reader().grid(file.rows, file.cols, "the grid"))
              for k, item in enumerate(row) if item.text == "+"}
    placed = set(lamps)
    rows = []
    for r in range(grid.rows):
        cells = []
        for k in range(grid.cols):
            if (r, k) in grid.black:
                number = grid.black[(r, k)]
                cells.append("?" if number is None else str(number))
            else:
                cells.append("L" if (r, k) in placed else "_" if (r, k) in marked else ".")
        rows.append("".join(cells))
    return grid, "\n".join(rows) + "\n"


def encode_pzprv3(grid: LightUp) -> str:
    """``grid`` as the puzz.link editor saves it, without an answer."""
    black = grid.black
    return encode_pzprv3_file("lightup", grid.rows, grid.cols, [
        [PZPRV3_WHITE[0] if (r, k) not in black else PZPRV3_BLACK if black[(r, k)] is None else str(black[(r, k)])
         for k in range(grid.cols)]
        for r in range(grid.rows)])


FORMATS = {
    "tatham": Format(decode_tatham, encode_tatham),
    "puzzlink": Format(decode_puzzlink, encode_puzzlink),
    "pzprv3": Format(decode_pzprv3, encode_pzprv3, decode_pzprv3_answer, decode_pzprv3_partial),
}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------

#: The colour of a lamp's bulb.
LAMP = "#ffc21a"


@dataclass(frozen=True)
class Decided:
    """What a search has decided so far (:meth:`AkariSearch.partial`): the lamps, and the cells without one.

    Both in reading order.  Every other white cell is undecided.
    """

    lamps: tuple[Position, ...]
    no_lamp: tuple[Position, ...]


def _canvas(grid: LightUp) -> Grid:
    return Grid(grid.rows, grid.cols, name="akari")


def draw(spec: LightUp | Akari, state: Sequence[Position] | Decided | None = None) -> str:
    """The board as SVG: black cells (numbered ones with their number), lamps, and the cells they light shaded.

    ``state`` is None (the puzzle alone), a solution (the lamps) or a :class:`Decided`
    (a search in progress): there a cell decided to hold no lamp that no lamp
    lights yet shows a small dot, while an undecided cell stays blank (a lit cell
    never holds a lamp, so it needs no dot).  Classes: ``black``, ``clue`` (a
    number), ``lit``, ``lamp``, ``no-lamp``.
    """
    grid = spec.grid if isinstance(spec, Akari) else spec
    lamps: set[Position] = set()
    no_lamp: set[Position] = set()
    if isinstance(state, Decided):
        lamps, no_lamp = set(state.lamps), set(state.no_lamp)
    elif state is not None:
        lamps = {(r, k) for r, k in state}
    lit = grid.lit_by(lamps)
    canvas = _canvas(grid)
    black = sorted(grid.black)
    _cells(canvas, black, "black", PALETTE["black"])
    _cells(canvas, sorted(lamps), "lamp-cell", PALETTE["shade"])
    _cells(canvas, sorted(lit - lamps), "lit", PALETTE["shade"])
    canvas.lines()
    size = canvas.cell
    numbers = [(cell, number) for cell, number in sorted(grid.black.items()) if number is not None]
    if numbers:
        canvas.add(f'<g font-size="{0.6 * size:g}" text-anchor="middle" dominant-baseline="central" '
                   f'fill="{PALETTE["paper"]}">' + "".join(
                       '<text class="clue" x="{:g}" y="{:g}">{}</text>'.format(*canvas.centre(r, k), number)
                       for (r, k), number in numbers) + "</g>")
    if lamps:  # a bulb: a yellow disc with a dark rim over a short screw base
        base, bulb = 0.16 * size, 0.27 * size
        canvas.add(f'<g fill="{LAMP}" stroke="{PALETTE["ink"]}" stroke-width="2">' + "".join(
            f'<g class="lamp"><rect x="{x - base / 2:.1f}" y="{y + 0.12 * size:.1f}" width="{base:.1f}" '
            f'height="{0.2 * size:.1f}" rx="1.5" stroke="none" fill="{PALETTE["ink"]}"/>'
            f'<circle cx="{x:.1f}" cy="{y - 0.04 * size:.1f}" r="{bulb:.1f}"/></g>'
            for x, y in (canvas.centre(r, k) for r, k in sorted(lamps))) + "</g>")
    for r, k in sorted(no_lamp - lit - lamps):
        canvas.circle(r, k, "no-lamp", PALETTE["grid"], radius=0.08)
    return canvas.svg()


def _cells(canvas: Grid, cells: list[Position], kind: str, colour: str) -> None:
    """Whole cells of one kind, in one group of one colour: a picture of a big board stays small."""
    if cells:
        side = f"{canvas.cell:g}"
        canvas.add(f'<g fill="{colour}">' + "".join(
            f'<rect class="{kind}" x="{canvas.x(k):g}" y="{canvas.y(r):g}" width="{side}" height="{side}"/>'
            for r, k in cells) + "</g>")


def draw_move(spec: LightUp | Akari, move: Choice | tuple[int, int, bool]) -> str:
    """The cell a decision (lamp or no lamp at ``(row, col)``) is about, highlighted, as an SVG fragment."""
    grid = spec.grid if isinstance(spec, Akari) else spec
    row, col, _ = move
    return _canvas(grid).highlight(row, col)


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: LightUp, solution: Sequence[Position]) -> list[str]:
    """The rules that the lamps of ``solution`` break, one sentence each; an empty list when it is solved.

    ``solution`` holds ``(row, column)`` pairs counted from 0, as the search gives
    them; the sentences count rows and columns from 1 (``row 3, column 5: this
    cell is not lit``).  Independent of the search: every rule is derived again
    from the black cells of ``spec`` by walking its rows and columns.
    """
    rows, cols, black = spec.rows, spec.cols, spec.black

    def at(r: int, k: int) -> str:
        return f"row {r + 1}, column {k + 1}"

    problems: list[str] = []
    lamps: set[Position] = set()
    for r, k in solution:
        if not (0 <= r < rows and 0 <= k < cols):
            problems.append(f"{at(r, k)}: this lamp lies outside the {rows} x {cols} grid")
        elif (r, k) in black:
            problems.append(f"{at(r, k)}: this lamp stands on a black cell")
        elif (r, k) in lamps:
            problems.append(f"{at(r, k)}: this cell holds two lamps")
        else:
            lamps.add((r, k))
    # A run of white cells between black cells (or the edge) in a row or column is lit
    # all along by a lamp in it, and two lamps in one run light each other.
    lines = [[(r, k) for k in range(cols)] for r in range(rows)] + [[(r, k) for r in range(rows)] for k in range(cols)]
    lit: set[Position] = set()
    for line in lines:
        run: list[Position] = []
        for cell in [*line, None]:
            if cell is not None and cell not in black:
                run.append(cell)
                continue
            placed = [c for c in run if c in lamps]
            if placed:
                lit.update(run)
            for one, other in zip(placed, placed[1:], strict=False):
                problems.append(f"{at(*other)}: this lamp is lit by the lamp at {at(*one)}")
            run = []
    for r in range(rows):
        for k in range(cols):
            if (r, k) not in black and (r, k) not in lit:
                problems.append(f"{at(r, k)}: this cell is not lit")
    for (r, k), number in sorted(black.items()):
        if number is not None:
            count = sum((r + dr, k + dk) in lamps for dr, dk in ((-1, 0), (1, 0), (0, -1), (0, 1)))
            if count != number:
                lamps_next = f"{count} lamp" if count == 1 else f"{count} lamps"
                problems.append(f"{at(r, k)}: the number {number} has {lamps_next} next to it")
    return problems


# -- 7. the search ---------------------------------------------------------------------------------


class Choice(NamedTuple):
    """A decision: a lamp on ``(row, col)`` or not."""

    row: int
    col: int
    lamp: bool

    def __repr__(self) -> str:
        return f"{'lamp' if self.lamp else 'no lamp'} at ({self.row}, {self.col})"


class AkariSearch(PropagatingSearch):
    """Propagating search (see the module docstring for the rules).

    :meth:`start` makes the deductions the clues allow before any decision; then
    every level branches on one cell: ``lamp at (r, k)``, then ``no lamp at (r,
    k)``.  The two branches partition the solutions, and deductions only remove
    lamp sets that are no solution, so each solution is found exactly once.  A
    decision is a :class:`Choice` (a cell, lamp or not): it means the same in a
    fresh search, so counts split over processes and resume below a prefix.

    The white cells are numbered in reading order.  A *segment* is a maximal run
    of white cells in a row (``across``) or a column (``down``): a lamp lights
    exactly its two segments, so the state is kept per segment and takes memory
    in proportion to the cells, never to the cells times the length of their rays.
    State per white cell: ``value`` (-1 undecided, 0 no lamp, 1 lamp); per
    segment: ``lamps`` (0 or 1: a lamp lights all of it), ``open`` (undecided
    cells in it) and ``dark`` (unlit cells in it).  A cell is lit when one of its
    segments holds a lamp, and the cells that could still light it number
    ``open[across] + open[down]``, less one when it is undecided itself (it is in
    both).  Per number: ``need`` (lamps still missing) and ``free`` (undecided
    neighbours).  Every cell decided, by a decision or a deduction, is pushed on
    the :attr:`trail`, and :meth:`rollback` takes them back newest first, so the
    state is restored exactly.
    """

    def __init__(self, spec: LightUp, probing: bool = True):
        self.probing = probing
        rows, cols = spec.rows, spec.cols
        black_in_row: list[set[int]] = [set() for _ in range(rows)]
        for r, k in spec.black:
            black_in_row[r].add(k)
        at = [-1] * (rows * cols)  # at[r * cols + k]: the number of white cell (r, k), -1 for a black cell
        place: list[int] = []  # place[i]: r * cols + k of white cell i
        across: list[int] = []
        members: list[list[int]] = []
        run: list[int] | None
        for r in range(rows):
            blacks, base, run = black_in_row[r], r * cols, None
            for k in range(cols):
                if k in blacks:
                    run = None
                    continue
                i = len(place)
                at[base + k] = i
                place.append(base + k)
                if run is None:
                    run = []
                    members.append(run)
                run.append(i)
                across.append(len(members) - 1)
        self.across_segments = len(members)
        down = [0] * len(place)
        for k in range(cols):
            run = None
            for spot in range(k, rows * cols, cols):
                i = at[spot]
                if i < 0:
                    run = None
                    continue
                if run is None:
                    run = []
                    members.append(run)
                run.append(i)
                down[i] = len(members) - 1
        self.cols = cols
        self.at, self.place, self.across, self.down, self.members = at, place, across, down, members

        def white(r: int, k: int) -> int:
            return at[r * cols + k] if 0 <= r < rows and 0 <= k < cols else -1

        numbers = sorted(spec.numbers.items())
        self.number_cells = [
            tuple(i for i in (white(r + dr, k + dk) for dr, dk in STEPS) if i >= 0) for (r, k), _ in numbers
        ]
        self.around: list[list[int]] = [[] for _ in place]
        for j, cells in enumerate(self.number_cells):
            for i in cells:
                self.around[i].append(j)
        # The white cell diagonal to a number between two of its white neighbours sees both:
        # a lamp there is impossible once the number can spare only one of its free cells.
        self.diagonals: list[list[tuple[int, int, int]]] = []
        for (r, k), _ in numbers:
            pairs = []
            for dr, dk in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                a, b, x = white(r + dr, k), white(r, k + dk), white(r + dr, k + dk)
                if a >= 0 and b >= 0 and x >= 0:
                    pairs.append((a, b, x))
            self.diagonals.append(pairs)
        self.need = [number for _, number in numbers]
        self.free = [len(cells) for cells in self.number_cells]
        self.value = [-1] * len(place)
        self.lamps = [0] * len(members)
        self.open = [len(cells) for cells in members]
        self.dark = list(self.open)
        self.unlit = len(place)
        self.trail: list[int] = []  # the cells decided, in order: rollback undoes them newest first

    def cell(self, i: int) -> Position:
        """``(row, column)`` of white cell ``i``, counted from 0."""
        return divmod(self.place[i], self.cols)

    # -- the puzzle's part of a propagating search --------------------------------------
    def start(self) -> bool:
        """The deductions the clues allow before any decision (and probing); false on a contradiction."""
        pending = self._initial()
        if pending is None or not self._propagate(pending):
            return False
        return not (self.probing and self.unlit) or self._probe()

    def branch(self) -> Sequence[Choice] | None:
        """``None`` when every cell is lit; else a lamp on one cell, then no lamp on it.

        The cell: among the candidates of the unlit cell with the fewest candidates
        (the first in reading order), the one that lights most unlit cells.
        """
        if not self.unlit:
            return None
        value, across, down, members, lamps, open_, dark = (
            self.value, self.across, self.down, self.members, self.lamps, self.open, self.dark)
        best, fewest = -1, 1 << 30
        for s in range(self.across_segments):  # every unlit cell lies in a dark row segment
            if dark[s]:
                there = open_[s]
                for c in members[s]:
                    if not lamps[down[c]]:
                        count = there + open_[down[c]] - (value[c] < 0)
                        if count < fewest:
                            best, fewest = c, count
                            if count <= 2:
                                break
                if fewest <= 2:
                    break
        if best < 0:
            return ()
        others = {n for n in members[across[best]] if value[n] < 0}
        others.update(n for n in members[down[best]] if value[n] < 0)
        others.discard(best)
        candidates = ([best] if value[best] < 0 else []) + sorted(others)

        def lights(n: int) -> int:
            return dark[across[n]] + dark[down[n]] - (not lamps[across[n]] and not lamps[down[n]])

        r, k = self.cell(max(candidates, key=lights))
        return (Choice(r, k, True), Choice(r, k, False))

    def decide(self, decision: Choice) -> bool:
        """A lamp on the cell of ``decision`` or none, all it forces, and probing; false on a contradiction.

        ``decision`` is a :class:`Choice` or a plain ``(row, col, lamp)`` tuple (as a
        saved prefix holds it); ``ValueError`` when its cell is not a white cell.
        """
        row, col, lamp = decision
        spot = row * self.cols + col
        i = self.at[spot] if 0 <= col < self.cols and 0 <= spot < len(self.at) else -1
        if i < 0:
            raise ValueError(f"({row}, {col}) is not a white cell of this grid")
        if not self._propagate([(i, 1 if lamp else 0)]):
            return False
        return not (self.probing and self.unlit) or self._probe()

    def rollback(self, mark: int) -> None:
        """Take back the cells decided since ``mark`` (the trail's length then), newest first.

        One pass over the trail with the state's lists held locally: cheaper than
        the base class's call of ``retract`` per entry.
        """
        value, across, down, members, lamps, open_, dark, around, need, free, trail = (
            self.value, self.across, self.down, self.members, self.lamps, self.open, self.dark,
            self.around, self.need, self.free, self.trail)
        unlit = self.unlit
        while len(trail) > mark:
            i = trail.pop()
            v = value[i]
            value[i] = -1
            h, w = across[i], down[i]
            open_[h] += 1
            open_[w] += 1
            if v:
                lamps[w] = 0
                lit = 0
                for c in members[w]:
                    if not lamps[across[c]]:
                        dark[across[c]] += 1
                        lit += 1
                dark[w] += lit
                unlit += lit
                lamps[h] = 0
                lit = 0
                for c in members[h]:
                    if not lamps[down[c]]:
                        dark[down[c]] += 1
                        lit += 1
                dark[h] += lit
                unlit += lit
                for j in around[i]:
                    need[j] += 1
                    free[j] += 1
            else:
                for j in around[i]:
                    free[j] += 1
        self.unlit = unlit

    def solution(self, path: tuple) -> tuple[Position, ...]:
        """The lamps, in reading order."""
        cols, place = self.cols, self.place
        return tuple(divmod(place[i], cols) for i, v in enumerate(self.value) if v == 1)

    def partial(self, path: tuple) -> Decided:
        """What is decided now, by decisions and by propagation: the lamps and the cells without one."""
        cols, place = self.cols, self.place
        lamps: list[Position] = []
        no_lamp: list[Position] = []
        for i, v in enumerate(self.value):
            if v >= 0:
                (lamps if v else no_lamp).append(divmod(place[i], cols))
        return Decided(tuple(lamps), tuple(no_lamp))

    def format_move(self, level: int, move: Choice) -> str:
        """``lamp at row 3, column 5`` or ``no lamp at row 3, column 5`` (counted from 1)."""
        row, col, lamp = move
        return f"{'lamp' if lamp else 'no lamp'} at row {row + 1}, column {col + 1}"

    # -- propagation --------------------------------------------------------------------
    def _initial(self) -> list[tuple[int, int]] | None:
        """The decisions the clues force before any choice; ``None`` for a contradiction."""
        pending: list[tuple[int, int]] = []
        for j, cells in enumerate(self.number_cells):
            if self.need[j] > len(cells):
                return None
            if self.need[j] == 0 or self.need[j] == len(cells):
                pending.extend((i, 1 if self.need[j] else 0) for i in cells)
        for j, cells in enumerate(self.number_cells):
            if len(cells) - self.need[j] == 1:
                pending.extend((x, 0) for _, _, x in self.diagonals[j])
        members, across, down = self.members, self.across, self.down
        pending.extend((i, 1) for i in range(len(across)) if len(members[across[i]]) == 1 == len(members[down[i]]))
        return pending

    def _propagate(self, pending: list[tuple[int, int]]) -> bool:
        """Make the decisions of ``pending`` and all they force; false on a contradiction."""
        value, across, down, members, lamps, open_, dark = (
            self.value, self.across, self.down, self.members, self.lamps, self.open, self.dark)
        around, need, free, number_cells, trail = self.around, self.need, self.free, self.number_cells, self.trail
        diagonals = self.diagonals
        unlit = self.unlit
        try:
            while pending:
                i, v = pending.pop()
                now = value[i]
                if now >= 0:
                    if now != v:
                        return False
                    continue
                h, w = across[i], down[i]
                if v and (lamps[h] or lamps[w]):
                    return False
                value[i] = v
                trail.append(i)
                open_[h] -= 1
                open_[w] -= 1
                if v:
                    # Light both segments (cell i is counted once: with h, while w is still dark)
                    # and rule out a lamp on every undecided cell they hold.
                    lit = 0
                    for c in members[h]:
                        if not lamps[down[c]]:
                            dark[down[c]] -= 1
                            lit += 1
                        if value[c] < 0:
                            pending.append((c, 0))
                    dark[h] -= lit
                    unlit -= lit
                    lamps[h] = 1
                    lit = 0
                    for c in members[w]:
                        if not lamps[across[c]]:
                            dark[across[c]] -= 1
                            lit += 1
                        if value[c] < 0:
                            pending.append((c, 0))
                    dark[w] -= lit
                    unlit -= lit
                    lamps[w] = 1
                    # Every count is updated before a contradiction is reported: undo reverses them all.
                    broken = False
                    for j in around[i]:
                        need[j] -= 1
                        free[j] -= 1
                        if need[j] < 0:
                            broken = True
                        elif free[j] and (need[j] == 0 or need[j] == free[j]):
                            decided = 1 if need[j] else 0
                            pending.extend((n, decided) for n in number_cells[j] if value[n] < 0)
                    if broken:
                        return False
                else:
                    broken = False
                    for j in around[i]:
                        free[j] -= 1
                        spare = free[j] - need[j]
                        if spare < 0:
                            broken = True
                        elif spare == 0:
                            if need[j]:
                                pending.extend((n, 1) for n in number_cells[j] if value[n] < 0)
                        elif spare == 1:
                            for a, b, x in diagonals[j]:
                                if value[x] < 0 and value[a] < 0 and value[b] < 0:
                                    pending.append((x, 0))
                    if broken:
                        return False
                    # The cells that could still light a cell of segment s are at least open[s]:
                    # only a dark segment with at most two left can hold a cell that is forced.
                    for s in (h, w):
                        if lamps[s] or open_[s] > 2:
                            continue
                        for c in members[s]:
                            a, b = across[c], down[c]
                            if lamps[a] or lamps[b]:
                                continue
                            left = open_[a] + open_[b] - (value[c] < 0)
                            if left == 0:
                                return False
                            if left == 1:
                                pending.extend((n, 1) for n in members[a] if value[n] < 0)
                                pending.extend((n, 1) for n in members[b] if value[n] < 0)
                            elif left == 2 and value[c] >= 0:
                                pending.extend(self._corner(c))
            return True
        finally:
            self.unlit = unlit

    def _corner(self, c: int) -> list[tuple[int, int]]:
        """Cell ``c`` is unlit, has no lamp and two candidates ``a`` (in its row) and ``b``
        (in its column): the cell where ``b``'s row meets ``a``'s column sees both, so a
        lamp there would leave ``c`` dark."""
        value, across, down, place, cols = self.value, self.across, self.down, self.place, self.cols
        in_row = [n for n in self.members[across[c]] if value[n] < 0]
        in_column = [n for n in self.members[down[c]] if value[n] < 0]
        if len(in_row) != 1 or len(in_column) != 1:
            return []  # both in the same line: every cell seeing both is a candidate of c
        a, b = in_row[0], in_column[0]
        x = self.at[place[b] - place[b] % cols + place[a] % cols]
        if x >= 0 and value[x] < 0 and down[x] == down[a] and across[x] == across[b]:
            return [(x, 0)]
        return []

    def _probe(self) -> bool:
        """Cells that cannot hold a lamp: where a lamp (and all it forces) leads to a
        contradiction, the cell gets no lamp; repeated until nothing changes.  False
        when that leaves the puzzle contradictory."""
        value, trail = self.value, self.trail
        changed = True
        while changed:
            changed = False
            for x in range(len(value)):
                if value[x] < 0 and not self._quiet(x):
                    mark = len(trail)
                    ok = self._propagate([(x, 1)])
                    self.rollback(mark)
                    if not ok:
                        if not self._propagate([(x, 0)]):
                            return False
                        changed = True
        return True

    def _quiet(self, x: int) -> bool:
        """Whether a lamp on undecided cell ``x`` surely leads to no contradiction, found
        without making it: ``x`` and the undecided cells it sees are next to no number,
        and each of those cells is alone in its other segment or leaves at least three
        undecided cells there (so every unlit cell of that segment keeps three
        candidates).  A lamp on ``x`` then rules out the cells it sees and forces
        nothing else, so probing it would change nothing; in open areas this saves
        most of the work."""
        value, across, down, members, open_, around = (
            self.value, self.across, self.down, self.members, self.open, self.around)
        if around[x]:
            return False
        for c in members[across[x]]:
            if value[c] < 0 and c != x and (around[c] or (open_[down[c]] < 4 and len(members[down[c]]) > 1)):
                return False
        for c in members[down[x]]:
            if value[c] < 0 and c != x and (around[c] or (open_[across[c]] < 4 and len(members[across[c]]) > 1)):
                return False
        return True


def search(spec: LightUp, probe: str = "yes") -> AkariSearch:
    """A fresh search of ``spec``; ``probe="no"`` leaves out the failed-lamp probing after each decision."""
    if probe not in ("yes", "no"):
        raise ValueError(f"parameter probe must be one of yes, no, not {quoted(str(probe))}")
    if spec.rows > MAX_SIZE or spec.cols > MAX_SIZE:
        raise ValueError(f"this board has {spec.rows} x {spec.cols} cells: {LIMITS}")
    return AkariSearch(spec, probing=probe == "yes")


# The reasoning: Tatham's Light Up deductions, named, for ``backtrack hint`` and ``backtrack grade``.
#
# A person's state is the lamps, the cells marked "no lamp" (*dark*) and the cells the lamps light.
# A cell is *free* when it is white, holds no lamp, is not marked dark and is not lit: only there
# can a lamp still go.  The levels are Tatham's (lightup.c): easy (a clue full or needing all its
# free neighbours, an unlit cell with one free cell left to light it), tricky (set elimination),
# hard (a guess).  In the answer's text (what :func:`render` prints), ``L`` is a lamp, ``*`` a lit
# cell, ``_`` a cell marked "no lamp" that no lamp lights yet, ``.`` a cell not decided; ``?`` and
# ``0``-``4`` the black cells.  :func:`read_answer` reads all of them (``_`` and ``.`` as white
# cells without a lamp), and a complete answer is what :func:`render` prints.

#: The mark of a cell known to hold no lamp that no lamp lights yet, in a partial answer.
ANSWER_DARK = "_"


def _at(cell: Position) -> str:
    """``(3, 5)``: a cell counted from 1."""
    return f"({cell[0] + 1}, {cell[1] + 1})"


def _cells_words(cells: Sequence[Position], last: str = "and") -> str:
    """``(1, 2)``, ``(1, 2) and (3, 4)``, ``(1, 2), (3, 4) and (5, 6)`` (``last``: the word before the last one)."""
    shown = [_at(cell) for cell in cells]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {last} " + shown[-1]


def _lamps_words(count: int) -> str:
    return f"{count} lamp" if count == 1 else f"{count} lamps"


#: The rules a state can break, for :meth:`AkariReasoner.broken` (they are not deductions).
LAMPS_SEE = Rule("lamps-see-each-other", 0, "no lamp may light another lamp")
CLUE_OVER = Rule("clue-too-many", 0, "a number has at most its lamps next to it")
CLUE_SHORT = Rule("clue-too-few", 0, "a number must be able to get all its lamps")
NEVER_LIT = Rule("cell-never-lit", 0, "every white cell must be lit by some lamp")
NO_SOLUTION = Rule("in-no-solution", 0, "a mark that no solution of the puzzle has")


class AkariReasoner(Reasoner):
    """What a person solving a Light Up grid knows (lamps, cells marked dark), and Tatham's deductions from it.

    The rules are those of Tatham's solver, level by level (see the comment above);
    a step makes one of them once: one number's neighbours, one unlit cell's lamp,
    or the cells one set rules out.
    """

    scale = ("easy", "tricky", "hard")
    rules = (
        Rule("clue-full", 0, "a number that has all its lamps: its other neighbours stay dark"),
        Rule("clue-needs-all", 0, "a number with as many free neighbours as lamps missing: a lamp on each of them"),
        Rule("only-light", 0, "an unlit cell that only one free cell can still light: a lamp there"),
        Rule("set-elimination", 1, "no lamp on a cell where it would leave an unlit cell no way to be lit, "
                                   "or a number too few free neighbours for the lamps it still needs"),
    )

    def __init__(self, spec: LightUp, lamps: Iterable[Position] = (), dark: Iterable[Position] = ()):
        self.spec = spec
        self.whites = spec.whites()
        white = set(self.whites)
        #: Per white cell: the other white cells in its row and column up to a black cell (they see each other).
        self.sees = {cell: spec.seen_from(*cell) for cell in self.whites}
        #: Per white cell: its run of white cells across and its run down (itself included), as numbers of
        #: :attr:`runs`; a lamp on a cell of either run lights it.
        self.runs: list[list[Position]] = []
        self.run_of: dict[Position, tuple[int, int]] = {}
        starts: dict[tuple[Position, int], int] = {}
        for cell in self.whites:
            pair = []
            for axis in (0, 1):
                run = sorted([cell, *(c for c in self.sees[cell] if c[axis] == cell[axis])])
                if (run[0], axis) not in starts:
                    starts[(run[0], axis)] = len(self.runs)
                    self.runs.append(run)
                pair.append(starts[(run[0], axis)])
            self.run_of[cell] = (pair[0], pair[1])
        self.numbers = sorted(spec.numbers.items())
        #: Per numbered black cell: its white neighbours; per white cell: the numbers next to it.
        self.around = {cell: sorted(c for c in spec.neighbours(*cell) if c in white) for cell, _ in self.numbers}
        self.clues: dict[Position, list[Position]] = {cell: [] for cell in self.whites}
        for cell, _ in self.numbers:
            for c in self.around[cell]:
                self.clues[c].append(cell)
        self.lamps: set[Position] = set()
        self.dark: set[Position] = set(dark)
        self.lit = dict.fromkeys(self.whites, 0)  # how many lamps light a cell (a lamp lights its own cell)
        self.open = set(self.whites) - self.dark  # the free cells
        for cell in lamps:
            self._light(cell)

    # -- the state ----------------------------------------------------------------------
    def _light(self, cell: Position) -> None:
        self.lamps.add(cell)
        lit = self.lit
        lit[cell] += 1
        for c in self.sees[cell]:
            lit[c] += 1
        self.open.difference_update(self.sees[cell])
        self.open.discard(cell)

    def free(self, cell: Position) -> bool:
        """Whether a lamp can still go on white cell ``cell``: no lamp, not marked dark, not lit."""
        return cell in self.open

    def _count(self, clue: Position) -> tuple[int, list[Position]]:
        """The lamps next to a number, and its free neighbours."""
        lamps, free, open_ = 0, [], self.open
        for c in self.around[clue]:
            if c in open_:
                free.append(c)
            elif c in self.lamps:
                lamps += 1
        return lamps, free

    def _lighters(self, cell: Position) -> list[Position]:
        """The free cells that could light ``cell`` (itself included), in reading order."""
        return sorted(c for c in [cell, *self.sees[cell]] if self.free(c))

    def _options(self) -> dict[Position, int]:
        """Per unlit cell: how many free cells could light it (itself included); one pass over the runs."""
        free, lit = self.open, self.lit
        counts = [len(free.intersection(run)) for run in self.runs]
        return {cell: counts[a] + counts[d] - (cell in free) for cell, (a, d) in self.run_of.items() if not lit[cell]}

    # -- the rules ----------------------------------------------------------------------
    def find(self, rule: Rule) -> Deduction | None:
        return getattr(self, "_find_" + rule.id.replace("-", "_"))(rule)

    def _find_clue_full(self, rule: Rule) -> Deduction | None:
        for clue, number in self.numbers:
            lamps, free = self._count(clue)
            if lamps == number and free:
                how = "takes no lamp" if number == 0 else f"already has its {_lamps_words(number)}"
                return Deduction(rule, f"the {number} at {_at(clue)} {how}: {_cells_words(free)} "
                                       f"{'stays' if len(free) == 1 else 'stay'} dark", (clue, *free), ("dark", free))
        return None

    def _find_clue_needs_all(self, rule: Rule) -> Deduction | None:
        for clue, number in self.numbers:
            lamps, free = self._count(clue)
            need = number - lamps
            if free and need == len(free):
                places = "place" if need == 1 else "places"
                more = "1 more lamp" if need == 1 else f"{need} more lamps"
                return Deduction(rule, f"the {number} at {_at(clue)} needs {more} and has exactly "
                                       f"{need} {places} left: a lamp on {_cells_words(free)}", (clue, *free),
                                 ("lamps", free))
        return None

    def _find_only_light(self, rule: Rule) -> Deduction | None:
        for cell, options in self._options().items():
            if options == 1:
                lamp = self._lighters(cell)[0]
                if lamp == cell:
                    words = f"{_at(cell)} can be lit by no other cell: a lamp on it"
                else:
                    words = f"{_at(cell)} can only be lit from {_at(lamp)}: a lamp there"
                return Deduction(rule, words, (lamp, cell) if lamp != cell else (cell,), ("lamps", [lamp]))
        return None

    def _rulers(self, cell: Position) -> set[Position]:
        """The free cells where a lamp would rule out a lamp on free cell ``cell``.

        Those that see it, and the other free neighbours of a number next to it that
        needs one lamp more (a lamp on either gives it its last).
        """
        found = {c for c in self.sees[cell] if self.free(c)}
        for clue in self.clues[cell]:
            lamps, free = self._count(clue)
            if lamps + 1 == self.spec.black[clue]:
                found.update(c for c in free if c != cell)
        return found

    def _find_set_elimination(self, rule: Rule) -> Deduction | None:
        numbers = dict(self.numbers)
        sources = sorted([*(cell for cell in self.whites if not self.lit[cell]), *numbers])
        known: dict[Position, set[Position]] = {}

        def rulers(cell: Position) -> set[Position]:
            if cell not in known:
                known[cell] = self._rulers(cell)
            return known[cell]

        for source in sources:
            if source in numbers:
                lamps, free = self._count(source)
                need = numbers[source] - lamps
                if need <= 0 or need > len(free):
                    continue
                # Every set of len(free) - need + 1 free neighbours holds a lamp: a lamp that rules out that
                # many of them leaves the number too few places.
                counts: dict[Position, int] = {}
                for cell in free:
                    for ruler in rulers(cell):
                        counts[ruler] = counts.get(ruler, 0) + 1
                out = sorted(c for c, n in counts.items() if n >= len(free) - need + 1)
                if out:
                    words = (f"a lamp on {_cells_words(out, 'or')} would leave the {numbers[source]} at {_at(source)} "
                             f"fewer free neighbours than the {_lamps_words(need)} it still needs: no lamp there")
                    return Deduction(rule, words, (*out, source), ("dark", out))
            else:
                lighters = self._lighters(source)
                if len(lighters) < 2:
                    continue
                common = set(rulers(lighters[0]))
                for cell in lighters[1:]:
                    common &= rulers(cell)
                    if not common:
                        break
                if common:
                    out = sorted(common)
                    words = (f"a lamp on {_cells_words(out, 'or')} would leave {_at(source)} no cell to light it: "
                             "no lamp there")
                    return Deduction(rule, words, (*out, source), ("dark", out))
        return None

    def apply(self, deduction: Deduction) -> None:
        kind, cells = deduction.change
        for cell in cells:
            if kind == "lamps":
                self._light(cell)
            else:
                self.dark.add(cell)
                self.open.discard(cell)

    # -- the state's verdicts --------------------------------------------------------------
    def solved(self) -> bool:
        if any(not self.lit[cell] for cell in self.whites):
            return False
        return all(self._count(clue)[0] == number for clue, number in self.numbers) and self.broken() is None

    def broken(self) -> Deduction | None:
        for lamp in sorted(self.lamps):
            if self.lit[lamp] > 1:
                other = next(c for c in self.sees[lamp] if c in self.lamps)
                return Deduction(LAMPS_SEE, f"the lamps at {_at(lamp)} and {_at(other)} light each other",
                                 (lamp, other))
        for clue, number in self.numbers:
            lamps, free = self._count(clue)
            if lamps > number:
                return Deduction(CLUE_OVER, f"the {number} at {_at(clue)} has {_lamps_words(lamps)} next to it",
                                 (clue,))
            if lamps + len(free) < number:
                return Deduction(CLUE_SHORT, f"the {number} at {_at(clue)} can get at most "
                                             f"{_lamps_words(lamps + len(free))} next to it", (clue,))
        for cell, options in self._options().items():
            if not options:
                return Deduction(NEVER_LIT, f"{_at(cell)} can no longer be lit: no lamp may go on it or on a cell "
                                            "that sees it", (cell,))
        return None

    def answer(self) -> str:
        black, lamps, lit, dark = self.spec.black, self.lamps, self.lit, self.dark
        lines = []
        for r in range(self.spec.rows):
            line = []
            for k in range(self.spec.cols):
                cell = (r, k)
                if cell in black:
                    line.append("?" if black[cell] is None else str(black[cell]))
                else:
                    line.append(ANSWER_LAMP if cell in lamps else "*" if lit[cell] else
                                ANSWER_DARK if cell in dark else ".")
            lines.append("".join(line))
        return "\n".join(lines)

    def guess(self) -> Deduction | None:
        """The lamp the propagating search (without probing, as the generator grades) would try first here.

        When that search needs no guess from here (its own rules go further), the
        free cell that lights the most unlit cells, as Tatham's solver guesses.
        """
        search = AkariSearch(self.spec, probing=False)
        options: Sequence[Choice] | None = None
        if search.start() and all(search.decide(Choice(*cell, True)) for cell in sorted(self.lamps)) and all(
                search.decide(Choice(*cell, False)) for cell in sorted(self.dark)
                if search.value[search.at[cell[0] * search.cols + cell[1]]] < 0):
            options = search.branch()
        rule = Rule("guess", len(self.scale) - 1, "a guess")
        if options:
            r, k, lamp = options[0]
            return Deduction(rule, f"{'a lamp' if lamp else 'no lamp'} at {_at((r, k))}", ((r, k),))
        free = [cell for cell in self.whites if self.free(cell)]
        if not free:
            return None
        best = max(free, key=lambda cell: sum(not self.lit[c] for c in [cell, *self.sees[cell]]))
        return Deduction(rule, f"a lamp at {_at(best)}", (best,))

    def against(self, solution: Any) -> list[Deduction]:
        wanted = {tuple(cell) for cell in solution}
        found = []
        for cell in self.whites:
            if cell in self.lamps and cell not in wanted:
                found.append(Deduction(NO_SOLUTION, f"with a lamp at {_at(cell)} the puzzle has no solution", (cell,)))
            elif cell in self.dark and cell in wanted:
                found.append(Deduction(NO_SOLUTION, f"without a lamp at {_at(cell)} the puzzle has no solution",
                                       (cell,)))
        return found

    def state(self) -> Decided:
        return Decided(tuple(sorted(self.lamps)), tuple(sorted(self.dark - self.lamps)))

    def highlight(self, cells: Sequence[Position]) -> str:
        canvas = _canvas(self.spec)
        return "".join(canvas.highlight(r, k) for r, k in cells)


def reasoner(spec: LightUp, answer: str | None = None, source: str = "<answer>") -> AkariReasoner:
    """The reasoner of ``spec`` from the givens, or from a partial answer in the text form :func:`render` prints.

    In the answer ``L`` is a lamp, ``_`` a cell marked "no lamp", ``*`` a lit cell
    (a cell that no lamp of the answer lights is read as marked "no lamp"), ``.`` a
    cell not decided yet; the black cells are the puzzle's.  :class:`InputError`
    (line and column) as :func:`read_answer` gives it.
    """
    if answer is None:
        return AkariReasoner(spec)
    lamps = read_answer(spec, answer, source)
    lit = spec.lit_by(lamps)
    lines = [line for line in newlines(answer.removeprefix(BOM)).split("\n") if not blank(line)]
    dark = [(r, k) for r, line in enumerate(lines) for k, char in enumerate(line.rstrip(SPACES))
            if char == ANSWER_DARK or (char == "*" and (r, k) not in lit)]
    return AkariReasoner(spec, lamps, dark)


# -- 8. the generator ------------------------------------------------------------------------------

#: Which numbers :func:`generate` keeps: as few as keep the solution unique, about half of those it could drop, all.
NUMBERS = ("minimal", "half", "all")

#: The most cells of a board :func:`generate` makes unique (50 x 50): every repair and every number taken away
#: is a search of the whole board, so the time grows with the square of the cells (50 x 50 about 15 s,
#: 100 x 100 several minutes).
MAX_UNIQUE_CELLS = 2500


def generate(rows: int, cols: int, seed: int | None = None, density: float = 0.2, minimal: bool = True,
             unique: bool = True, numbers: str | None = None) -> LightUp:
    """A new puzzle; with ``unique`` (the default) its solution is unique, found and checked with :class:`AkariSearch`.

    Black cells are drawn with probability ``density``, symmetric under a half turn;
    a random valid lamp set is placed (lamps on still unlit cells, in random
    order); every black cell gets the number of lamps next to it.  Without
    ``unique`` that is the puzzle (it has that solution, maybe others).  Otherwise,
    while the puzzle has a second solution, a cell where the second solution has a
    lamp and the intended one has none is made black (with its twin), unlit cells
    get new lamps and the numbers are counted again.  Then numbers are removed one
    by one in random order as long as the solution stays unique: ``numbers``
    ``minimal`` removes all it can (the hardest), ``half`` tries only about half of
    them, ``all`` none (``minimal=False`` is the old way to say ``half``).  The same
    arguments give the same puzzle on every machine.  ``unique`` boards have at most
    :data:`MAX_UNIQUE_CELLS` cells (``ValueError`` beyond, at once).
    """
    for name, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
            raise ValueError(f"the number of {name} must be a whole number from 1 to {MAX_SIZE}, not {value!r}")
    if not 0 <= density < 1:
        raise ValueError(f"density must be at least 0 and below 1, not {density}")
    numbers = numbers or ("minimal" if minimal else "half")
    if numbers not in NUMBERS:
        raise ValueError(f"numbers must be one of {', '.join(NUMBERS)}, not {numbers!r}")
    if unique and rows * cols > MAX_UNIQUE_CELLS:
        raise ValueError(f"unique puzzles are made up to {MAX_UNIQUE_CELLS:,} cells (such as 50 x 50), not "
                         f"{rows} x {cols} ({rows * cols:,} cells): each check searches the whole board again; "
                         f"--any makes any size up to {MAX_SIZE} x {MAX_SIZE}")
    rng = random.Random(seed)
    grid = LightUp(rows, cols, dict.fromkeys(_symmetric_black(rows, cols, density, rng)))
    lamps: set[Position] = set()
    while True:
        _light_up(grid, lamps, rng)
        puzzle = LightUp(rows, cols, {cell: grid.lamps_next_to(*cell, lamps) for cell in sorted(grid.black)})
        if not unique:
            return puzzle
        found = list(AkariSearch(puzzle).solutions(2))
        if len(found) == 1:
            break
        other = next(iter(s for s in found if set(s) != lamps))
        x = rng.choice(sorted(set(other) - lamps))
        for cell in {x, (rows - 1 - x[0], cols - 1 - x[1])}:
            grid.black[cell] = None
            lamps.discard(cell)
    order = sorted(puzzle.numbers)
    rng.shuffle(order)
    if numbers != "minimal":
        order = order[: len(order) // 2] if numbers == "half" else []
    for cell in order:
        number = puzzle.black[cell]
        puzzle.black[cell] = None
        if AkariSearch(puzzle).verdict() is not Verdict.UNIQUE:
            puzzle.black[cell] = number
    return puzzle


def make(seed: int, unique: bool = True, rows: int = 10, cols: int = 10, density: float = 0.2,
         numbers: str = "minimal") -> LightUp:
    """The generator of ``backtrack generate akari`` (see :func:`generate`): one puzzle per seed."""
    return generate(rows, cols, seed, density, unique=unique, numbers=numbers)


def _light_up(grid: LightUp, lamps: set[Position], rng: random.Random) -> None:
    """Add lamps on unlit white cells, in random order, until every white cell is lit."""
    lit = grid.lit_by(lamps)
    cells = [cell for cell in grid.whites() if cell not in lit and cell not in lamps]
    rng.shuffle(cells)
    for cell in cells:
        if cell not in lit:
            lamps.add(cell)
            lit.add(cell)
            lit.update(grid.seen_from(*cell))


def _symmetric_black(rows: int, cols: int, density: float, rng: random.Random) -> list[Position]:
    black = set()
    for r in range(rows):
        for k in range(cols):
            twin = (rows - 1 - r, cols - 1 - k)
            if (r, k) <= twin and rng.random() < density:
                black.update({(r, k), twin})
    return sorted(black)


GENERATOR = Generator(
    make,
    params=(
        Param("rows", "the number of rows", int, 10, low=1, high=MAX_SIZE),
        Param("cols", "the number of columns", int, 10, low=1, high=MAX_SIZE),
        Param("density", "the chance that a cell starts black (more are added to make the solution unique)",
              float, 0.2, low=0.0, high=0.9),
        Param("numbers", "which numbers stay: minimal (only those the unique solution needs: hardest), half "
              "(about half of the others go too), all", str, "minimal", NUMBERS),
    ),
    unique_default=True,
    largest_unique=f"up to {MAX_UNIQUE_CELLS:,} cells (50 x 50): 10 x 10 in about 0.1 s, 25 x 25 about 1 s, 50 x 50 "
                   f"about 15 s; larger boards only with --any, up to {MAX_SIZE} x {MAX_SIZE} (100 x 100 about 0.3 s)",
    grading={"probe": "no"},  # probing solves every generated puzzle without a guess: grade how a player must guess
)


# -- 9. the façade: the Dutch exercise's Akari -----------------------------------------------------


def _invalid() -> AssertionError:
    return AssertionError("ongeldige positie")


class Akari:
    """The Dutch exercise's Akari grid: black cells (numbered or not), white cells and lamps.

    ``Akari(rows, cols, black)``: ``black`` holds ``(r, k)`` for an unnumbered and
    ``(r, k, l)`` for a numbered black cell (lists or tuples).  Collections come back
    as lists of ``(r, k)`` tuples in reading order.  Method names are the exercise's.
    A façade at the edge of the module: the grid is a :class:`LightUp`
    (:attr:`grid`), the lamps a set of cells (:attr:`lamps`); ``Akari.of(grid)``
    wraps a grid that :func:`parse` or :func:`generate` made.
    """

    def __init__(self, rows: int, cols: int, black: Iterable[Sequence[int]] = ()):
        self.grid = LightUp(rows, cols)
        for cell in black:
            if len(cell) not in (2, 3):
                raise ValueError(f"a black cell is (r, k) or (r, k, l), not {cell!r}")
            self.grid.add_black(cell[0], cell[1], cell[2] if len(cell) == 3 else None)
        self.lamps: set[Position] = set()

    @classmethod
    def of(cls, grid: LightUp) -> "Akari":
        """The exercise's class over ``grid`` (shared, not copied), without lamps."""
        facade = cls.__new__(cls)
        facade.grid = grid
        facade.lamps = set()
        return facade

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self.grid.rows

    @property
    def cols(self) -> int:
        """The number of columns."""
        return self.grid.cols

    @property
    def black(self) -> dict[Position, int | None]:
        """The black cells and their numbers (None: unnumbered)."""
        return self.grid.black

    @property
    def numbers(self) -> dict[Position, int]:
        """The numbered black cells and their numbers."""
        return self.grid.numbers

    def whites(self) -> list[Position]:
        """All white cells in reading order."""
        return self.grid.whites()

    def copy(self) -> "Akari":
        """An independent copy, lamps included."""
        other = Akari.of(self.grid.copy())
        other.lamps = set(self.lamps)
        return other

    def text(self) -> str:
        """The puzzle (lamps left out) in the file format: ``.``, ``#`` and ``0``-``4``."""
        return text_of(self.grid)

    # -- the exercise's methods ---------------------------------------------------
    def zwarteCellen(self) -> list[Position]:
        """All black cells, in reading order."""
        return sorted(self.grid.black)

    def lampen(self) -> list[Position]:
        """All lamps, in reading order."""
        return sorted(self.lamps)

    def verlicht(self) -> list[Position]:
        """The free white cells (without a lamp) lit by at least one lamp, in reading order."""
        return sorted(self.grid.lit_by(self.lamps) - self.lamps)

    def stralen(self, r: int, k: int) -> list[Position]:
        """The cells a lamp on ``(r, k)`` would light (whatever that cell is), itself excluded."""
        if not self.grid.inside(r, k):
            raise _invalid()
        return self.grid.seen_from(r, k)

    def plaatsLamp(self, r: int, k: int) -> None:
        """Place a lamp on ``(r, k)``; ``AssertionError('ongeldige positie')`` when it may not go there.

        It may go on a white cell inside the grid that holds no lamp, is not lit by
        another lamp, and whose numbered black neighbours can take one more lamp.
        """
        grid, lamps = self.grid, self.lamps
        if not grid.is_white(r, k) or (r, k) in lamps:
            raise _invalid()
        if any(cell in lamps for cell in grid.seen_from(r, k)):
            raise _invalid()
        for cell in grid.neighbours(r, k):
            number = grid.black.get(cell)
            if number is not None and grid.lamps_next_to(*cell, lamps) >= number:
                raise _invalid()
        lamps.add((r, k))

    def verwijderLamp(self, r: int, k: int) -> None:
        """Remove the lamp on ``(r, k)``; ``AssertionError('ongeldige positie')`` when there is none."""
        if (r, k) not in self.lamps:
            raise _invalid()
        self.lamps.remove((r, k))

    def isOpgelost(self) -> bool:
        """Whether every free white cell is lit and every number has exactly its lamps next to it."""
        grid, lamps = self.grid, self.lamps
        lit = grid.lit_by(lamps)
        if lit & lamps:  # cannot happen through plaatsLamp, only by setting lamps directly
            return False
        if any(cell not in lit for cell in grid.whites() if cell not in lamps):
            return False
        return all(grid.lamps_next_to(*cell, lamps) == number for cell, number in grid.numbers.items())

    def toString(self) -> str:
        """Rows of ``?``, ``0``-``4`` (black), ``L`` (lamp), ``*`` (lit) and ``_`` (unlit)."""
        return picture(self.grid, self.lamps)

    def __str__(self) -> str:
        return self.toString()

    def __repr__(self) -> str:
        return f"Akari({self.rows}, {self.cols}, {self.grid.black_cells()!r})"


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="akari",
    description="Akari (Light Up): lamps light every white cell, never each other; numbers count adjacent lamps",
    parse=parse,
    search=search,
    render=render,
    params=(
        Param("probe", "after each decision, give no lamp to every cell where a lamp leads to a contradiction",
              str, "yes", ("yes", "no")),
    ),
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} cells",
    split=split,
    examples=examples_in(EXAMPLES),
    example_aliases={"seed": "exercise"},
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
    return [PUZZLE]
