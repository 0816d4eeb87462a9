"""Bubbles and blocks (bellen en blokken): one air bubble and one rock in every region.

Input: one line per row of the grid, top to bottom, every line as long as the
first.  An uppercase letter ``A``-``Z`` is a square of the region with that letter
(each region connected); ``#`` is a green square, which belongs to no region.
Blank lines before and after the grid are ignored; nothing else is allowed (no
comments, since ``#`` is a square).  Grids have at most :data:`MAX_SIZE` (500)
rows and 500 columns: larger ones are refused when parsed, naming the line (and
the column) where the grid grows too large.  This is the puzzle of the Dutch
exercise (its ``puzzel.txt``)::

    #AAB
    CDDB
    CDBB
    CD#B

Rules: every region holds exactly one bubble (``O``) and exactly one block
(``*``); a square holds at most one of them and green squares hold none.  Every
block rests on the bottom row, on a green square or on another block; every
bubble hangs from the top row, from a green square or from another bubble.  A
solution is a final grid, rendered as the exercise's ``str()``: ``#`` green,
``O`` bubble, ``*`` block, ``.`` empty.

The model is :class:`BubblesGrid` (the regions, the green squares and the
objects placed in advance): :func:`parse` makes one, and the search, the
checker and the text form read it.  The exercise's class :class:`Puzzel`
(``Puzzel(path)``, ``uit_tekst``, ``plaats_luchtbel``, ``plaats_rotsblok``,
``verwijder``, ``isopgelost``, ``opgave``, ``gebieden`` ...) is a façade over a
``BubblesGrid``; its ``grid`` is the model.  The parts follow the anatomy of every
puzzle module (:mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the text
form, 4 the formats, 5 the picture, 6 the checker, 7 the search, 8 the
generator, 9 the façade, 10 the descriptor, 11 the hook.

:class:`BubblesSearch` reasons about the final grid: in every vertical run of
non-green squares the blocks fill a stretch from the run's floor upwards and the
bubbles a stretch from its ceiling downwards.  Putting a region's block on a
square therefore forces every square between it and the floor to be a block,
each the single block of its own region (a chain holding two squares of one
region is never a candidate).  The variables are "the bubble of region R" and
"the block of region R"; after every decision the candidates of all open
variables are recomputed, a variable with none is a contradiction and one with a
single candidate is decided at once, and the search branches on the open
variable with the fewest candidates.

The search's setup (listing each region's squares with the regions on their way
to the ceiling and the floor, the first propagation) takes time and memory in
proportion to the number of squares: a way is never longer than the 26 regions,
and a propagation pass counts each variable's candidates only as far as they
could still compete with the best so far.

:func:`check` is the puzzle's independent rule checker; :func:`draw` draws the
grid as SVG (regions, green squares, bubbles and blocks) and :func:`draw_move` the
square a decision is about, for ``backtrack replay``.  ``generate(rows, cols,
seed)`` makes new puzzles up to the same 500 x 500, with a unique solution up to
144 squares (12 x 12): ``backtrack generate bubbles -p rows=12 -p cols=12 --seed
N`` (see :data:`GENERATOR`).

Reasoning.  :class:`BubblesReasoner` (what :func:`reasoner` makes, for ``backtrack
hint`` and ``backtrack grade``) holds what a person knows (the bubbles and blocks
placed, the places ruled out) and names its steps on a scale of its own: ``easy``
(``bubble-hangs``, ``block-rests``: the squares above a bubble hold bubbles, below a
block blocks; ``bubble-one-place``, ``block-one-place``: a region with one place
left for its bubble or block), ``medium`` (``every-place-agrees``: a place ruled out
whatever place a region's bubble or block takes), ``hard`` (``probe``: a place
after which the easy rules leave a region no place is ruled out) and ``guess``.  In
a partial answer ``-`` is a square known to be empty and ``.`` a square not decided.

Formats.  puzz.link's Dosun-Fuwari (``dosufuwa``) is this puzzle: its areas are
the regions, its black cells the green squares, its balloons the bubbles and its
iron balls the blocks.  The plugin reads and writes its URLs
(``https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1``) and the puzz.link editor's
pzprv3 files, whose answer ``backtrack check`` reads; areas become regions
lettered A, B, ... in the order of their first square (at most 26).
:func:`read_answer` reads an answer written as :func:`render` prints a solution
(an :class:`Answer`: the checker also reports a region's second bubble or a
missing block).
"""

from __future__ import annotations

import math
import random
import re
import string
from pathlib import Path
from typing import Callable, Sequence

from backtrack import (
    AttemptBudget,
    Format,
    Generator,
    InputError,
    Param,
    Pictured,
    PropagatingSearch,
    Puzzle,
    examples_in,
    hookimpl,
    quoted,
    read_file,
)
from backtrack.formats import (
    borders_from_regions,
    check_end,
    decode_block_cells,
    decode_borders,
    encode_block_cells,
    encode_borders,
    decode_url,
    decode_pzprv3_file,
    regions_from_borders,
    encode_pzprv3_file,
    encode_url,
)
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.svg import PALETTE, Grid

__all__ = [
    "MAX_SIZE", "BubblesGrid", "parse", "text_of", "render", "as_json", "Answer", "answer_of", "read_answer",
    "decode_puzzlink", "encode_puzzlink", "decode_pzprv3", "decode_pzprv3_answer", "encode_pzprv3", "FORMATS", "draw",
    "draw_move", "check", "BubblesSearch", "search", "BubblesReasoner", "reasoner",
    "generate", "make", "GENERATOR", "Puzzel", "PUZZLE",
]

# Vocabulary.  A *square* is a cell of the grid, ``(r, k)``: row and column from 0, as the exercise numbers
# them.  A *region* is the squares of one letter; a *green* square belongs to none.  A *bubble* hangs from
# the top row, a green square or another bubble; a *block* rests on the bottom row, a green square or
# another block.  A *run* (a *segment* in the search) is a vertical stretch of squares that are not green,
# with its *ceiling* above it and its *floor* below.
GREEN, BUBBLE, BLOCK, EMPTY = "#", "O", "*", "."
#: A square known to be empty in a partial answer (``backtrack hint``), where ``.`` is a square not decided yet.
MARKED_EMPTY = "-"
#: The two kinds of object, in the order of a variable's kind (0: bubble, 1: block).
KINDS = (BUBBLE, BLOCK)
LETTERS = string.ascii_uppercase
BOM = "\ufeff"
#: The most rows and the most columns of a grid; larger grids are refused when parsed.
MAX_SIZE = 500
#: The generator's largest fraction of green squares, and its largest grid (in squares) for unique puzzles.
MAX_GREEN = 0.9
MAX_UNIQUE_SQUARES = 144
#: The widest unique grid of two rows: wider ones were never made unique in the measurements
#: (2 x 16 in one seed of three, 2 x 24 in none), as every region must be nearly a single column.
MAX_UNIQUE_TWO_ROW_COLS = 16
#: The attempts (decisions tried) that :func:`generate`'s counts of solutions make in all, by
#: default: 12 x 12 grids needed up to about 2 million (20 s), thin grids many more.
GENERATE_WORK = 2_500_000

Position = tuple[int, int]
#: A solution: for every region letter, the position of its bubble and of its block.
Solution = dict[str, tuple[Position, Position]]
#: A decision of the search: a region's letter, ``"O"`` (its bubble) or ``"*"`` (its block), and the square.
Decision = tuple[str, str, Position]


# -- 1. the model ----------------------------------------------------------------------------------


class BubblesGrid(Pictured, puzzle="bubbles"):
    """A bubbles and blocks puzzle: its regions and green squares, and the objects placed in advance.

    ``lines`` are the rows of the puzzle file (region letters and ``#``);
    ``regions`` maps each region's letter to its squares; ``bubbles`` and
    ``blocks`` map a region's letter to the square of the bubble or block placed
    on it in advance (:meth:`place_bubble`, :meth:`place_block`, :meth:`remove`
    keep the rules of placement).  The search keeps those objects, and the
    checker holds a solution to them.
    """

    def __init__(self, lines: Sequence[str]):
        #: The rows, top to bottom: a letter for a square of that region, ``#`` for a green square.
        self.lines: tuple[str, ...] = tuple(lines)
        squares: dict[str, set[Position]] = {}
        for r, line in enumerate(self.lines):
            for k, char in enumerate(line):
                if char != GREEN:
                    squares.setdefault(char, set()).add((r, k))
        #: The squares of each region, by its letter.
        self.regions: dict[str, frozenset[Position]] = {letter: frozenset(found) for letter, found in squares.items()}
        #: The bubbles and the blocks placed in advance: region letter -> square.
        self.bubbles: dict[str, Position] = {}
        self.blocks: dict[str, Position] = {}
        self._objects: dict[Position, str] = {}  # square -> BUBBLE or BLOCK

    @property
    def rows(self) -> int:
        """The number of rows."""
        return len(self.lines)

    @property
    def cols(self) -> int:
        """The number of columns."""
        return len(self.lines[0])

    def inside(self, r: int, k: int) -> bool:
        """Whether (r, k) is a square of the grid (green or not)."""
        return isinstance(r, int) and isinstance(k, int) and 0 <= r < self.rows and 0 <= k < self.cols

    def region_at(self, r: int, k: int) -> str | None:
        """The letter of the region of square (r, k); ``None`` for a green square or outside the grid."""
        if not self.inside(r, k) or self.lines[r][k] == GREEN:
            return None
        return self.lines[r][k]

    def shows(self, r: int, k: int) -> str:
        """What square (r, k) shows: ``#`` green (also outside the grid), ``O`` bubble, ``*`` block, ``.`` empty."""
        if not self.inside(r, k) or self.lines[r][k] == GREEN:
            return GREEN
        return self._objects.get((r, k), EMPTY)

    def is_empty(self, r: int, k: int) -> bool:
        """Whether (r, k) is a square of the grid, not green, holding no bubble or block."""
        return self.inside(r, k) and self.shows(r, k) == EMPTY

    def place_bubble(self, r: int, k: int) -> None:
        """Put a bubble on (r, k); ``ValueError`` saying why when it may not go there.

        The square must be empty, the bubble must hang from the top row, a green
        square or another bubble, and its region must not have a bubble yet.
        """
        if not self.is_empty(r, k):
            raise ValueError(f"({r!r}, {k!r}) is not an empty square of the grid")
        if not (r == 0 or self.shows(r - 1, k) in (GREEN, BUBBLE)):
            raise ValueError(f"a bubble on ({r}, {k}) would not hang from the top row, a green square or a bubble")
        self._put(r, k, BUBBLE, self.bubbles)

    def place_block(self, r: int, k: int) -> None:
        """Put a block on (r, k); ``ValueError`` saying why when it may not go there.

        The square must be empty, the block must rest on the bottom row, a green
        square or another block, and its region must not have a block yet.
        """
        if not self.is_empty(r, k):
            raise ValueError(f"({r!r}, {k!r}) is not an empty square of the grid")
        if not (r == self.rows - 1 or self.shows(r + 1, k) in (GREEN, BLOCK)):
            raise ValueError(f"a block on ({r}, {k}) would not rest on the bottom row, a green square or a block")
        self._put(r, k, BLOCK, self.blocks)

    def _put(self, r: int, k: int, kind: str, placed: dict[str, Position]) -> None:
        letter = self.lines[r][k]
        if letter in placed:
            raise ValueError(f"region {letter} already has a {'bubble' if kind == BUBBLE else 'block'}")
        placed[letter] = (r, k)
        self._objects[(r, k)] = kind

    def remove(self, r: int, k: int) -> None:
        """Take the bubble or block off (r, k); ``ValueError`` when there is none, or another one needs it.

        A bubble that another bubble hangs from, or a block that another block
        rests on, stays: removing it would leave that one unsupported.
        """
        held = self._objects.get((r, k)) if self.inside(r, k) else None
        if held is None:
            raise ValueError(f"({r!r}, {k!r}) holds no bubble or block")
        if (held == BUBBLE and self.shows(r + 1, k) == BUBBLE) or (held == BLOCK and self.shows(r - 1, k) == BLOCK):
            raise ValueError(f"the object on ({r}, {k}) holds up another one")
        del self._objects[(r, k)]
        del (self.bubbles if held == BUBBLE else self.blocks)[self.lines[r][k]]

    def is_solved(self) -> bool:
        """Whether every region has its bubble and its block (placed by the rules, so a solution)."""
        return len(self.bubbles) == len(self.blocks) == len(self.regions)

    def __str__(self) -> str:
        """The grid as it stands: ``#`` green, ``O`` bubble, ``*`` block, ``.`` empty."""
        return "\n".join("".join(self.shows(r, k) for k in range(self.cols)) for r in range(self.rows))

    def __repr__(self) -> str:
        return f"BubblesGrid({self.lines!r})"

    def __eq__(self, other: object) -> bool:
        """The same puzzle: the same rows (letters and green squares) and the same objects placed in advance."""
        if not isinstance(other, BubblesGrid):
            return NotImplemented
        return (self.lines, self.bubbles, self.blocks) == (other.lines, other.bubbles, other.blocks)

    __hash__ = None  # type: ignore[assignment]  # objects can be placed: a grid is not a dict key


# -- 2. the parser ---------------------------------------------------------------------------------

NOT_A_SQUARE = re.compile(r"[^A-Z#]")
BLANK_LINES = re.compile(r"(?:[^\S\n]*\n)*")  # blank lines: nothing but white space before the line feed
BLANKS_TO_THE_END = re.compile(r"\s*\Z")


def parse(text: str, source: str = "<input>") -> BubblesGrid:
    """The :class:`BubblesGrid` of the text of a puzzle file (no objects placed yet).

    :class:`InputError` names the line and column of anything wrong (see the module docstring).
    """
    return BubblesGrid(_read_grid(text, source))


def _read_grid(text: str, source: str) -> list[str]:
    """The rows of a puzzle file, checked; :class:`InputError` names line and column.

    Lines end at a line feed (a carriage return before it is dropped).  Blank lines
    before and after the grid are skipped; line numbers in messages are the file's.
    """
    if text.startswith(BOM):
        text = text[1:]
    blank = BLANK_LINES.match(text)
    assert blank is not None  # it matches the empty string too
    if BLANKS_TO_THE_END.match(text, blank.end()):
        raise InputError(
            "expected rows of uppercase letters (regions) and # (green squares), found an empty file", source, 1, 1
        )
    number = blank.group().count("\n")  # the line before the grid's first
    first, at, cols = number + 1, blank.end(), -1
    grid: list[str] = []
    # Line by line, so that at most one row more than the largest grid is ever looked at.
    while True:
        end = text.find("\n", at)
        line = text[at:] if end < 0 else text[at:end]
        line = line[:-1] if line.endswith("\r") else line
        number += 1
        if cols < 0:
            cols = len(line)
        if len(grid) == MAX_SIZE:
            raise InputError(
                f"expected at most {MAX_SIZE} rows (the largest grid is {MAX_SIZE} x {MAX_SIZE}), "
                f"found more: this line would be row {MAX_SIZE + 1}", source, number, 1,
            )
        if not line.strip():
            raise InputError(
                f"expected {cols} squares on every row (as on line {first}), found a blank line", source, number, 1
            )
        bad = NOT_A_SQUARE.search(line, 0, min(cols, MAX_SIZE) + 1)
        if bad is not None:
            raise InputError(
                f"expected an uppercase letter A-Z (a region) or # (a green square), found {bad.group()!r}",
                source, number, bad.start() + 1,
            )
        if cols > MAX_SIZE:
            raise InputError(
                f"expected at most {MAX_SIZE} squares on a row (the largest grid is {MAX_SIZE} x {MAX_SIZE}), "
                f"found {cols:,}", source, number, MAX_SIZE + 1,
            )
        if len(line) != cols:
            raise InputError(
                f"expected {cols} squares on every row (as on line {first}), found {len(line):,}",
                source, number, min(len(line), cols) + 1,
            )
        grid.append(line)
        if end < 0 or BLANKS_TO_THE_END.match(text, end + 1):
            break
        at = end + 1
    _check_connected(grid, source, first - 1)
    return grid


def _check_connected(grid: list[str], source: str, offset: int) -> None:
    """:class:`InputError` at the first square (in reading order) cut off from its region's first square."""
    cols = len(grid[0])
    flat = "".join(grid)
    size = len(flat)
    seen = bytearray(size)
    cut_off: int | None = None
    for letter in sorted(set(flat) - {GREEN}):
        start = flat.index(letter)
        seen[start] = 1
        todo = [start]
        for i in todo:  # grows while it is walked: a breadth-first flood of the region
            for j in (i - cols, i + cols):
                if 0 <= j < size and not seen[j] and flat[j] == letter:
                    seen[j] = 1
                    todo.append(j)
            if i % cols and not seen[i - 1] and flat[i - 1] == letter:
                seen[i - 1] = 1
                todo.append(i - 1)
            if (i + 1) % cols and not seen[i + 1] and flat[i + 1] == letter:
                seen[i + 1] = 1
                todo.append(i + 1)
        if len(todo) < flat.count(letter):
            i = start
            while seen[i]:
                i = flat.index(letter, i + 1)
            if cut_off is None or i < cut_off:
                cut_off = i
    if cut_off is not None:
        letter = flat[cut_off]
        r0, k0 = divmod(flat.index(letter), cols)
        r, k = divmod(cut_off, cols)
        raise InputError(
            f"region {letter} is not connected: this square is cut off from its square on line {r0 + offset + 1}, "
            f"column {k0 + 1}", source, r + offset + 1, k + 1,
        )


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: BubblesGrid) -> str:
    """The puzzle in the input format (letters and ``#``; objects placed in advance have no text form)."""
    return "\n".join(spec.lines)


def render(spec: BubblesGrid, solution: Solution) -> str:
    """The solved grid in the exercise's ``str()`` format (``#``, ``O``, ``*``, ``.``)."""
    rows = [[GREEN if char == GREEN else EMPTY for char in line] for line in spec.lines]
    for bubble, block in solution.values():
        for where, kind in ((bubble, BUBBLE), (block, BLOCK)):
            if where is not None:  # an Answer (a partial one, from a pzprv3 file) may lack an object
                rows[where[0]][where[1]] = kind
    for kind, (r, k) in getattr(solution, "extra", ()):
        rows[r][k] = kind
    return "\n".join("".join(row) for row in rows)


def as_json(spec: BubblesGrid, solution: Solution) -> dict:
    """``{"bubbles": {letter: [r, k]}, "blocks": {letter: [r, k]}, "grid": [rows]}``."""
    return {
        "bubbles": {letter: list(solution[letter][0]) for letter in sorted(solution)},
        "blocks": {letter: list(solution[letter][1]) for letter in sorted(solution)},
        "grid": render(spec, solution).splitlines(),
    }


class Answer(dict):
    """A filled-in grid read back (:func:`read_answer`, a pzprv3 file's answer): a solution as the checker reads it.

    Per region letter its bubble and its block, as in a solution, but ``None``
    for an object the grid does not hold; :attr:`extra` lists the objects beyond
    the first of their kind in a region (``(kind, square)``, kind ``"O"`` or
    ``"*"``), which a solution never has and :func:`check` reports.
    """

    extra: tuple[tuple[str, Position], ...] = ()
    #: The squares marked ``-`` (known to be empty: a partial answer's mark, read as nothing by the checker).
    empty: tuple[Position, ...] = ()


def answer_of(spec: BubblesGrid, bubbles: Sequence[Position], blocks: Sequence[Position]) -> Answer:
    """The :class:`Answer` with these bubbles and blocks (each in its square's region; in reading order)."""
    answer = Answer({letter: (None, None) for letter in sorted(spec.regions)})
    extra: list[tuple[str, Position]] = []
    for kind, squares in ((BUBBLE, bubbles), (BLOCK, blocks)):
        for r, k in sorted(squares):
            letter = spec.lines[r][k]
            pair = answer.get(letter)
            if pair is None or pair[KINDS.index(kind)] is not None:  # on a green square, or a second one
                extra.append((kind, (r, k)))
            elif kind == BUBBLE:
                answer[letter] = ((r, k), pair[1])
            else:
                answer[letter] = (pair[0], (r, k))
    answer.extra = tuple(extra)
    return answer


def read_answer(spec: BubblesGrid, text: str, source: str = "<answer>") -> Answer:
    """The bubbles and blocks of an answer written as :func:`render` prints a solution, for :func:`check`.

    One line per row: ``O`` a bubble, ``*`` a block, ``.`` nothing, ``#`` the
    puzzle's green squares (and only those); ``-`` is nothing too, a square a
    partial answer marks as known to be empty (:attr:`Answer.empty`, read by
    :func:`reasoner`).  Blank lines before and after the
    grid, and a carriage return at the end of a line, are ignored.
    :class:`InputError` names the line and column of a grid of another size, an
    unknown character, or a green square moved.  Each object belongs to the
    region of its square (see :class:`Answer`).
    """
    lines = text.removeprefix(BOM).split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    filled = [number for number, line in enumerate(lines) if line.strip()]
    if not filled:
        raise InputError(f"expected the solved grid, {spec.rows} rows of {spec.cols} squares, found nothing",
                         source, 1, 1)
    first, last = filled[0], filled[-1]
    if last - first + 1 != spec.rows:
        where = first + spec.rows if last - first + 1 > spec.rows else last + 1
        raise InputError(f"expected {spec.rows} rows (the puzzle's), found {last - first + 1}", source, where + 1, 1)
    bubbles: list[Position] = []
    blocks: list[Position] = []
    empty: list[Position] = []
    for r in range(spec.rows):
        number, line = first + r + 1, lines[first + r]
        for k, char in enumerate(line[: spec.cols]):
            if char not in (GREEN, BUBBLE, BLOCK, EMPTY, MARKED_EMPTY):
                raise InputError(f"expected O (a bubble), * (a block), . (nothing), - (known to be empty) or # (a "
                                 f"green square), found {quoted(char)}", source, number, k + 1)
            if (char == GREEN) != (spec.lines[r][k] == GREEN):
                what = "a green square" if spec.lines[r][k] == GREEN else f"a square of region {spec.lines[r][k]}"
                raise InputError(f"the puzzle has {what} here: an answer keeps the puzzle's green squares",
                                 source, number, k + 1)
            if char == BUBBLE:
                bubbles.append((r, k))
            elif char == BLOCK:
                blocks.append((r, k))
            elif char == MARKED_EMPTY:
                empty.append((r, k))
        if len(line) != spec.cols:
            raise InputError(f"expected {spec.cols} squares on every row (the puzzle's), found {len(line)}",
                             source, number, min(len(line), spec.cols) + 1)
    answer = answer_of(spec, bubbles, blocks)
    answer.empty = tuple(empty)
    return answer


# -- 4. the formats: puzz.link URLs, pzprv3 files --------------------------------------------------
#
# puzz.link's Dosun-Fuwari (``dosufuwa``) is this puzzle: its areas are the regions, its black
# cells the green squares, its balloons the bubbles and its iron balls the blocks.  Areas are
# numbered in the order of their first cell; here they are lettered so (A, B, ...), at most 26.
# (Tatham's collection has no such puzzle.)


def _lettered(areas: Sequence[int | None], cols: int, rows: int, error: Callable[[str], InputError]) -> BubblesGrid:
    """The grid of areas numbered 0, 1, ... cell by cell (None: a black cell), lettered A, B, ..."""
    count = max((area for area in areas if area is not None), default=-1) + 1
    if count > len(LETTERS):
        raise error(f"this puzzle has {count} areas: bubbles letters its regions A-Z, so it takes at most "
                    f"{len(LETTERS)}")
    return BubblesGrid(["".join(GREEN if area is None else LETTERS[area] for area in areas[r * cols:(r + 1) * cols])
                        for r in range(rows)])


def _refuse_size(rows: int, cols: int, error: Callable[[str], InputError]) -> None:
    """An error (made by ``error``) when a grid declared ``rows`` x ``cols`` is larger than this plugin takes."""
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise error(f"this grid is {cols} columns by {rows} rows: the largest grid is {MAX_SIZE} x {MAX_SIZE}")


def _areas_of(spec: BubblesGrid, what: str) -> list[int | None]:
    """The regions numbered in the order of their first square, square by square (None: green); ``ValueError``
    when the grid has objects placed in advance, which ``what`` cannot hold."""
    if spec.bubbles or spec.blocks:
        raise ValueError(f"{what} cannot hold bubbles or blocks placed in advance, and this grid has some")
    number: dict[str, int] = {}
    for char in "".join(spec.lines):
        if char != GREEN:
            number.setdefault(char, len(number))
    return [None if char == GREEN else number[char] for char in "".join(spec.lines)]


def decode_puzzlink(text: str, source: str = "<input>") -> BubblesGrid:
    """A grid from a puzz.link Dosun-Fuwari URL (``https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1``, or the bare body).

    The body gives the borders between areas (pzprjs's border coding) and then the
    black cells; the areas become regions A, B, ... in the order of their first
    square.  :class:`InputError` names the column of anything wrong.
    """
    url = decode_url(text, source)
    url.require("dosufuwa")
    cols, rows = url.cols, url.rows
    _refuse_size(rows, cols, lambda message: url.error(url.size_at, message))
    text = url.text[:url.body_end]  # the black cells may stop early: what follows the body is not theirs
    # As pzprjs: a body that stops early has no borders (and no black cells) after it.
    vertical, horizontal, end = decode_borders(text, cols, rows, url.body_start, partial=True, source=source)
    black, end = decode_block_cells(text, cols * rows, end, source=source)
    check_end(text, end, source=source)
    areas = regions_from_borders(vertical, horizontal, cols, rows, blocked=black)
    return _lettered(areas, cols, rows, lambda message: url.error(url.body_start, message))


def encode_puzzlink(spec: BubblesGrid) -> str:
    """The puzz.link URL of a grid, as pzprjs writes it; ``ValueError`` when objects are placed on it in advance."""
    areas = _areas_of(spec, "puzz.link URLs")
    vertical, horizontal = borders_from_regions(areas, spec.cols, spec.rows)
    black = [area is None for area in areas]
    return encode_url("dosufuwa", spec.cols, spec.rows,
                     encode_borders(vertical, horizontal) + encode_block_cells(black))


#: A pzprv3 file's answer: ``1`` a balloon (bubble), ``2`` an iron ball (block); the rest are a player's notes.
PZPRV3_OBJECTS = {"1": BUBBLE, "2": BLOCK}
PZPRV3_NOTES = (".", "+", "-", "=", "%")


def _read_pzprv3(text: str, source: str) -> tuple[BubblesGrid, Answer | None]:
    """The grid of a pzprv3 file and its answer (None when the file holds none: no object, no mark)."""
    file = decode_pzprv3_file(text, source)
    file.require("dosufuwa")
    rows, cols = file.rows, file.cols
    size_line = file.size_line
    _refuse_size(rows, cols, lambda message: InputError(message, source, size_line))
    reader = file.reader()
    reader.number("the number of areas", 0)  # pzprjs counts the areas again from the grid: so do we
    black = [False] * (rows * cols)
    ids: list[int | None] = [None] * (rows * cols)
    for r, row in enumerate(reader.grid(rows, cols, "the areas")):
        for k, item in enumerate(row):
            if item.text == GREEN:
                black[r * cols + k] = True
            else:
                ids[r * cols + k] = item.number(0, None, "an area's number, or # (a black cell)")
    # As pzprjs: a border between cells of different numbers (and around black cells), areas from the borders.
    vertical, horizontal = borders_from_regions(ids, cols, rows)
    grid = _lettered(regions_from_borders(vertical, horizontal, cols, rows, blocked=black), cols, rows,
                     lambda message: InputError(message, source, size_line))
    if reader.at_end():
        return grid, None
    found: dict[str, list[Position]] = {BUBBLE: [], BLOCK: []}
    answered = False
    for r, row in enumerate(reader.grid(rows, cols, "the answer")):
        for k, item in enumerate(row):
            if item.text in PZPRV3_OBJECTS:
                found[PZPRV3_OBJECTS[item.text]].append((r, k))
            elif item.text not in PZPRV3_NOTES:
                raise item.error(f"expected 1 (a balloon), 2 (an iron ball), or one of {', '.join(PZPRV3_NOTES)} "
                                 f"(nothing, or a player's mark), found {quoted(item.text)}")
            answered = answered or item.text != "."
    reader.expect_end()
    return grid, answer_of(grid, found[BUBBLE], found[BLOCK]) if answered else None


def decode_pzprv3(text: str, source: str = "<input>") -> BubblesGrid:
    """The grid of a pzprv3 file (``pzprv3 / dosufuwa / ROWS / COLS``, the areas, the answer); answers left out."""
    return _read_pzprv3(text, source)[0]


def decode_pzprv3_answer(text: str, source: str = "<input>") -> tuple[BubblesGrid, Answer]:
    """The grid of a pzprv3 file and its answer (balloons ``1``, iron balls ``2``).

    The answer is an :class:`Answer`: each object in the region of its square.  A
    file without an answer is checked as an empty one (a wrong answer, as pzprjs
    checks it), not refused.
    """
    grid, answer = _read_pzprv3(text, source)
    return grid, answer if answer is not None else answer_of(grid, [], [])


def encode_pzprv3(spec: BubblesGrid) -> str:
    """A grid as the puzz.link editor saves it, without an answer; ``ValueError`` with objects placed in advance."""
    areas = _areas_of(spec, "pzprv3 files")
    rows, cols = spec.rows, spec.cols
    numbers = [[GREEN if area is None else str(area) for area in areas[r * cols:(r + 1) * cols]] for r in range(rows)]
    count = len({area for area in areas if area is not None})
    return encode_pzprv3_file("dosufuwa", rows, cols, [str(count), *numbers, *([EMPTY] * cols for _ in range(rows))])


FORMATS = {
    "puzzlink": Format(decode_puzzlink, encode_puzzlink),
    "pzprv3": Format(decode_pzprv3, encode_pzprv3, decode_pzprv3_answer),
}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------

#: What a search has decided so far (its ``partial``): per region letter its bubble and its block, ``None``
#: while undecided.
Decided = dict[str, tuple[Position | None, Position | None]]
#: The colours of a bubble (fill, rim) and of a block.
BUBBLE_FILL, BUBBLE_RIM, BLOCK_FILL = "#d9ecff", "#2456b8", "#5b4a3c"


def _canvas(grid: BubblesGrid) -> Grid:
    return Grid(grid.rows, grid.cols, name="bubbles")


def draw(spec: BubblesGrid | Puzzel, state: Solution | Decided | None = None) -> str:
    """The grid as SVG: regions with thick borders, green squares, bubbles (circles) and blocks (filled squares).

    ``state`` is None (the puzzle alone, with the objects placed in advance), a
    solution, or what a search has decided so far (a solution with ``None`` for
    the objects not placed yet).  Objects placed in advance are drawn darker.
    Classes: ``green``, ``border`` (a stretch of a region's edge inside the grid), ``bubble``, ``block``.
    """
    grid = spec.grid if isinstance(spec, Puzzel) else spec
    lines, rows, cols = grid.lines, grid.rows, grid.cols
    bubbles: dict[Position, str] = {where: letter for letter, where in grid.bubbles.items()}
    blocks: dict[Position, str] = {where: letter for letter, where in grid.blocks.items()}
    for letter, pair in (state or {}).items():
        bubble, block = pair
        if bubble is not None:
            bubbles[(bubble[0], bubble[1])] = letter
        if block is not None:
            blocks[(block[0], block[1])] = letter
    canvas = _canvas(grid)
    for r in range(rows):
        for k in range(cols):
            if lines[r][k] == GREEN:
                canvas.fill(r, k, PALETTE["green"], "green")
    canvas.lines()
    _borders(canvas, lines)
    given_bubbles, given_blocks = set(grid.bubbles.values()), set(grid.blocks.values())
    for r, k in sorted(bubbles):
        rim = PALETTE["given"] if (r, k) in given_bubbles else BUBBLE_RIM
        canvas.circle(r, k, "bubble", BUBBLE_FILL, radius=0.3, stroke=rim)
    inset = 0.2 * canvas.cell
    for r, k in sorted(blocks):
        fill = PALETTE["given"] if (r, k) in given_blocks else BLOCK_FILL
        canvas.add(f'<rect class="block" x="{canvas.x(k) + inset:.1f}" y="{canvas.y(r) + inset:.1f}" '
                   f'width="{canvas.cell - 2 * inset:.1f}" height="{canvas.cell - 2 * inset:.1f}" rx="2" '
                   f'fill="{fill}"/>')
    return canvas.svg()


def _borders(canvas: Grid, lines: Sequence[str]) -> None:
    """The thick lines between squares of different regions (a green square counts as a region of its own).

    Each is one straight stretch as long as the squares on its two sides differ, so
    a picture of a big grid stays small (a replay page holds one per event).
    """
    rows, cols = len(lines), len(lines[0])
    runs: list[tuple[float, float, float, float]] = []
    for r in range(rows - 1):  # below row r
        start = None
        for k in range(cols + 1):
            differs = k < cols and lines[r][k] != lines[r + 1][k]
            if differs and start is None:
                start = k
            elif not differs and start is not None:
                runs.append((canvas.x(start), canvas.y(r + 1), canvas.x(k), canvas.y(r + 1)))
                start = None
    for k in range(cols - 1):  # right of column k
        start = None
        for r in range(rows + 1):
            differs = r < rows and lines[r][k] != lines[r][k + 1]
            if differs and start is None:
                start = r
            elif not differs and start is not None:
                runs.append((canvas.x(k + 1), canvas.y(start), canvas.x(k + 1), canvas.y(r)))
                start = None
    canvas.add(f'<g class="borders" stroke="{PALETTE["ink"]}" stroke-width="3.5" stroke-linecap="square">'
               + "".join(f'<line class="border" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>'
                         for x1, y1, x2, y2 in runs) + "</g>")


def draw_move(spec: BubblesGrid | Puzzel, move: Decision) -> str:
    """The square of a decision (a region's bubble or block there), highlighted, as an SVG fragment."""
    grid = spec.grid if isinstance(spec, Puzzel) else spec
    _, _, (r, k) = move
    return _canvas(grid).highlight(r, k)


# -- 6. the checker --------------------------------------------------------------------------------


def _shown(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to about ``limit`` characters (for messages about malformed solutions)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def check(spec: BubblesGrid, solution: Solution) -> list[str]:
    """The rules ``solution`` breaks, in words, rows and columns counted from 1; empty when it solves ``spec``.

    An independent checker: it reads only the puzzle's letters and the objects
    placed on it in advance, and shares no code with the search.  ``solution`` may
    also be an :class:`Answer` (a filled-in grid read back): ``None`` for an object
    a region lacks, and its ``extra`` objects placed besides.
    """
    grid = spec.lines
    rows, cols = len(grid), len(grid[0])
    letters = sorted(set("".join(grid)) - {GREEN})
    if not isinstance(solution, dict):
        return [f"expected a bubble and a block for every region, found {_shown(solution)}"]
    problems = [f"{quoted(str(letter))} is not a region of this puzzle" for letter in solution if letter not in letters]
    placed: dict[Position, list[tuple[str, str | None]]] = {}  # square: (object, region letter or None) on it
    for letter in letters:
        pair = solution.get(letter, ())
        if not isinstance(pair, (tuple, list)) or len(pair) > 2:
            problems.append(f"region {letter}: expected the squares of its bubble and its block, found {_shown(pair)}")
            continue
        for name, where in zip(("bubble", "block"), pair, strict=False):  # a missing block is counted below
            if where is None and isinstance(solution, Answer):  # the grid holds none: counted below
                continue
            if not (
                isinstance(where, (tuple, list)) and len(where) == 2 and all(type(x) is int for x in where)
                and 0 <= where[0] < rows and 0 <= where[1] < cols
            ):
                problems.append(f"region {letter}: its {name} is not on a square of the grid ({_shown(where)})")
                continue
            placed.setdefault((where[0], where[1]), []).append((name, letter))
    for kind, (r, k) in getattr(solution, "extra", ()):  # objects beyond one of a kind per region: an Answer's
        if 0 <= r < rows and 0 <= k < cols:
            placed.setdefault((r, k), []).append(("bubble" if kind == BUBBLE else "block", None))

    def kinds_on(r: int, k: int) -> set[str]:
        return {name for name, _ in placed.get((r, k), ())}

    held = {letter: {"bubble": 0, "block": 0} for letter in letters}
    for (r, k), objects in sorted(placed.items()):
        at = f"row {r + 1}, column {k + 1}"
        if len(objects) > 1:
            both = " and ".join(f"the {name} of region {letter}" if letter else f"a {name}" for name, letter in objects)
            problems.append(f"{at}: holds {both}, but a square holds at most one object")
        for name, owner in objects:
            if grid[r][k] == GREEN:
                problems.append(f"{at}: the {name} of region {owner} is on a green square" if owner
                                else f"{at}: a {name} is on a green square")
                continue
            held[grid[r][k]][name] += 1
            letter = owner or grid[r][k]  # an extra object belongs to the region of its square
            if grid[r][k] != letter:
                problems.append(f"{at}: the {name} of region {letter} is on a square of region {grid[r][k]}")
            if name == "bubble" and not (r == 0 or grid[r - 1][k] == GREEN or "bubble" in kinds_on(r - 1, k)):
                problems.append(f"{at}: the bubble of region {letter} does not hang from the top row, "
                                "a green square or another bubble")
            if name == "block" and not (r == rows - 1 or grid[r + 1][k] == GREEN or "block" in kinds_on(r + 1, k)):
                problems.append(f"{at}: the block of region {letter} does not rest on the bottom row, "
                                "a green square or another block")
    for letter in letters:
        for name, count in held[letter].items():
            if count != 1:
                problems.append(f"region {letter} holds {count or 'no'} {name}{'s' if count > 1 else ''}, not one")
        givens = (("bubble", spec.bubbles.get(letter)), ("block", spec.blocks.get(letter)))
        for index, (name, given) in enumerate(givens):
            pair = solution.get(letter, ())
            found = pair[index] if isinstance(pair, (tuple, list)) and len(pair) > index else None
            if given is not None and (not isinstance(found, (tuple, list)) or tuple(found) != given):
                problems.append(f"row {given[0] + 1}, column {given[1] + 1}: the {name} of region {letter} "
                                "was placed here in advance, but the solution does not keep it there")
    return problems


# -- 7. the search ---------------------------------------------------------------------------------


class BubblesSearch(PropagatingSearch):
    """One decision per level: the bubble or the block of the most constrained region.

    A decision is ``(letter, "O" or "*", (r, k))``: that region's bubble or block
    on that square.  :meth:`decide` puts the object there, fills the chain to its
    floor or ceiling with the objects of the other regions it forces, then decides
    every variable left with a single candidate; a variable left with none is a
    contradiction.  :meth:`start` does the same for the objects placed on the grid
    in advance, which the search keeps.  :meth:`branch` offers the candidates of
    the open variable with the fewest, found by the last propagation.
    """

    def __init__(self, grid: BubblesGrid):
        lines = grid.lines
        rows, cols = grid.rows, grid.cols
        self.letters = sorted(grid.regions)
        self.index = index = {letter: i for i, letter in enumerate(self.letters)}
        self.cols = cols
        self.region = region = [
            -1 if lines[r][k] == GREEN else index[lines[r][k]] for r in range(rows) for k in range(cols)
        ]
        # Vertical runs of non-green squares ("segments"): top and bottom row of each.
        self.top: list[int] = []
        self.bottom: list[int] = []
        self.segment = segment = [-1] * (rows * cols)
        # Variable v = 2 * region + kind (kind 0: the region's bubble, 1: its block).  The
        # squares it may take: for each, its segment, its row, and the variables the way to
        # the ceiling (bubbles) or the floor (blocks) decides, nearest first.  A square whose
        # way passes two squares of one region can never hold that object and is left out,
        # so a way is never longer than the number of regions and each run is walked only
        # that far.
        self.n = 2 * len(self.letters)
        self.ways: list[list[tuple[int, int, int, tuple[int, ...]]]] = [[] for _ in range(self.n)]
        ways = self.ways
        for k in range(cols):
            r = 0
            while r < rows:
                if region[r * cols + k] < 0:
                    r += 1
                    continue
                start, s = r, len(self.top)
                while r < rows and region[r * cols + k] >= 0:
                    segment[r * cols + k] = s
                    r += 1
                self.top.append(start)
                self.bottom.append(r - 1)
                for kind, span in ((0, range(start, r)), (1, range(r - 1, start - 1, -1))):
                    chain: tuple[int, ...] = ()
                    for x in span:
                        cell = x * cols + k
                        w = 2 * region[cell] + kind
                        if w in chain:
                            break
                        chain = (w,) + chain
                        ways[w].append((cell, s, x, chain))
        for squares in ways:
            squares.sort()
        # The state: the square of each decided variable, and per segment the number of
        # bubbles (from the top) and blocks (from the bottom).
        self.assigned = [-1] * self.n
        self.bubbles = [0] * len(self.top)
        self.blocks = [0] * len(self.top)
        #: The changes made: ``(0, 2 * segment + kind, old stretch)`` or ``(1, variable, -1)`` (it was open).
        self.trail: list[tuple[int, int, int]] = []
        #: The variable to branch on and its candidates (``None``: every variable is decided).
        self.choice: tuple[int, list[int]] | None = None
        #: The objects placed in advance, as (variable, square), read now: later placements do not count.
        self.givens = [
            (2 * index[letter] + kind, where[0] * cols + where[1])
            for letter in self.letters
            for kind, where in enumerate((grid.bubbles.get(letter), grid.blocks.get(letter)))
            if where is not None
        ]

    # -- the propagation ---------------------------------------------------------------
    def _candidates(self, v: int, enough: int = 0) -> list[int]:
        """The squares variable ``v`` may still take, given the stretches so far.

        With ``enough`` (at least 1) the list stops growing at that length: the
        caller only needs to know that there are that many.
        """
        assigned = self.assigned
        bubbles, blocks, top, bottom = self.bubbles, self.blocks, self.top, self.bottom
        found = []
        if v & 1 == 0:
            for cell, s, r, chain in self.ways[v]:
                covered = r - top[s] + 1  # the stretch would reach down to r
                if covered <= bubbles[s] or r > bottom[s] - blocks[s]:
                    continue
                for x in range(covered - bubbles[s]):
                    if assigned[chain[x]] >= 0:
                        break
                else:
                    found.append(cell)
                    if len(found) == enough:
                        break
        else:
            for cell, s, r, chain in self.ways[v]:
                covered = bottom[s] - r + 1
                if covered <= blocks[s] or r < top[s] + bubbles[s]:
                    continue
                for x in range(covered - blocks[s]):
                    if assigned[chain[x]] >= 0:
                        break
                else:
                    found.append(cell)
                    if len(found) == enough:
                        break
        return found

    def _put(self, v: int, cell: int) -> None:
        """Put variable ``v``'s object on ``cell`` and the forced chain below or above it."""
        kind = v & 1
        cols, trail, assigned, region = self.cols, self.trail, self.assigned, self.region
        r, k = divmod(cell, cols)
        s = self.segment[cell]
        if kind == 0:
            old = self.bubbles[s]
            new = r - self.top[s] + 1
            self.bubbles[s] = new
            rows = range(self.top[s] + old, r + 1)
        else:
            old = self.blocks[s]
            new = self.bottom[s] - r + 1
            self.blocks[s] = new
            rows = range(r, self.bottom[s] - old + 1)
        trail.append((0, s * 2 + kind, old))
        for x in rows:
            square = x * cols + k
            w = 2 * region[square] + kind
            assigned[w] = square
            trail.append((1, w, -1))

    def _propagate(self) -> bool:
        """Decide every variable with one candidate; False on a variable with none.

        Then ``choice`` is the first open variable with the fewest candidates.  Each
        pass first counts the variable chosen by the pass before, so that every other
        variable's candidates are counted only as far as they could still compete
        (a huge region is not listed again in every pass of a chain of forced moves).
        """
        assigned, candidates = self.assigned, self._candidates
        hint: int | None = None
        while True:
            if -1 not in assigned:  # every variable is decided (a quick test of the whole list)
                self.choice = None
                return True
            best: tuple[int, list[int]] | None = None
            forced = False
            if hint is not None and assigned[hint] < 0:
                found = candidates(hint)
                if not found:
                    self.choice = None
                    return False
                if len(found) == 1:
                    self._put(hint, found[0])
                    forced = True
                else:
                    best = (hint, found)
            for v in range(self.n):
                if assigned[v] >= 0 or v == hint:
                    continue
                # Neither forced nor chosen: more candidates than the best so far, or as
                # many as a best that comes earlier.
                found = candidates(v, 0 if best is None else len(best[1]) + (v < best[0]))
                if not found:
                    self.choice = None
                    return False
                if len(found) == 1:
                    self._put(v, found[0])
                    forced = True
                elif best is None or len(found) < len(best[1]) or (len(found) == len(best[1]) and v < best[0]):
                    best = (v, found)
            if not forced:
                self.choice = best
                return True
            hint = None if best is None else best[0]

    # -- start, branch, decide, and the trail --------------------------------------------
    def start(self) -> bool:
        """Put the objects placed in advance (with their chains), then propagate."""
        assigned = self.assigned
        for v, cell in self.givens:
            if assigned[v] == cell:
                continue  # already forced by an earlier given's chain
            if assigned[v] >= 0 or cell not in self._candidates(v):
                return False
            self._put(v, cell)
        holds = self._propagate()
        self.trail.clear()  # the root is never rolled back
        return holds

    def branch(self) -> list[Decision] | None:
        """The candidates of the variable the last propagation chose; ``None`` when every one is decided."""
        if self.choice is None:
            return None
        v, found = self.choice
        letter, kind, cols = self.letters[v >> 1], KINDS[v & 1], self.cols
        return [(letter, kind, divmod(cell, cols)) for cell in found]

    def decide(self, decision: Decision) -> bool:
        """Put the object, its chain and every object forced after it; false on a contradiction."""
        letter, kind, (r, k) = decision
        self._put(2 * self.index[letter] + (kind == BLOCK), r * self.cols + k)
        return self._propagate()

    def mark(self) -> tuple[int, tuple[int, list[int]] | None]:
        """The trail's length and the variable to branch on: :meth:`rollback` restores both."""
        return len(self.trail), self.choice

    def rollback(self, mark: tuple[int, tuple[int, list[int]] | None]) -> None:
        """Undo the changes made since ``mark``, newest first, and restore its choice."""
        length, self.choice = mark
        trail, assigned, bubbles, blocks = self.trail, self.assigned, self.bubbles, self.blocks
        while len(trail) > length:
            what, i, old = trail.pop()
            if what == 0:
                (bubbles if i % 2 == 0 else blocks)[i // 2] = old
            else:
                assigned[i] = old

    # -- what users see -------------------------------------------------------------------
    def format_move(self, level: int, move: Decision) -> str:
        """A decision as a player says it: ``bubble of region A at row 1, column 2`` (counted from 1)."""
        letter, kind, (r, k) = move
        return f"{'bubble' if kind == BUBBLE else 'block'} of region {letter} at row {r + 1}, column {k + 1}"

    def partial(self, path: tuple) -> Decided:
        """Every region's bubble and block as decided now (by decisions and propagation), ``None`` where open."""
        cols, assigned = self.cols, self.assigned

        def square(v: int) -> Position | None:
            return None if assigned[v] < 0 else divmod(assigned[v], cols)

        return {letter: (square(2 * i), square(2 * i + 1)) for i, letter in enumerate(self.letters)}

    def solution(self, path: tuple) -> Solution:
        """Every region's bubble and block, read off the state (a new dict)."""
        cols = self.cols
        return {
            letter: (divmod(self.assigned[2 * i], cols), divmod(self.assigned[2 * i + 1], cols))
            for i, letter in enumerate(self.letters)
        }


def search(spec: BubblesGrid) -> BubblesSearch:
    """A fresh search of ``spec``, keeping the objects placed on it (they propagate when it first searches)."""
    return BubblesSearch(spec)


# The reasoning a person does (``backtrack hint``, ``backtrack grade``): its own model beside the
# search.  What is known: the bubbles and blocks placed, and places ruled out (a square that cannot
# hold its region's bubble, or block; both ruled out: the square is empty, ``-`` in an answer).  A
# region's *places left* for its bubble are the squares of the region from which every square up
# to the ceiling can still hold a bubble (each of another region whose bubble is not placed yet),
# for its block likewise down to the floor.  Easy: a bubble's squares above hold bubbles, a block's
# squares below hold blocks, and a region with one place left for its bubble (or block) gets it
# there.  Medium: whatever place a region's bubble (or block) takes, some other place is ruled out
# (by the objects that place and its chain put down).  Hard: a place after which the easy rules
# leave some region no place for its bubble or its block is ruled out.  Otherwise a guess is needed.
BUBBLES_EASY, BUBBLES_MEDIUM, BUBBLES_HARD, BUBBLES_GUESS = 0, 1, 2, 3
#: What a state breaks (not a deduction of the scale), and what a guess is named by.
BUBBLES_BROKEN = Rule("one-of-each", BUBBLES_EASY, "every region holds one bubble, hanging, and one block, resting")
BUBBLES_GUESS_RULE = Rule("guess", BUBBLES_GUESS, "a place for a bubble or a block, where the search would try one")
_KIND_WORDS = ("bubble", "block")


def _listed(items: Sequence[str], joint: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {joint} {items[-1]}"


class _ProbingSearch(BubblesSearch):
    """The search's propagation (the easy rules to their end) with some places ruled out, for probing.

    ``banned[cell]`` holds bit 1 when the square cannot hold its region's bubble, bit 2 its block.
    """

    def __init__(self, grid: BubblesGrid, banned: bytearray):
        super().__init__(grid)
        self.banned = banned

    def reset(self) -> None:
        """Nothing placed."""
        self.assigned = [-1] * self.n
        self.bubbles = [0] * len(self.top)
        self.blocks = [0] * len(self.top)
        self.trail.clear()

    def _candidates(self, v: int, enough: int = 0) -> list[int]:
        """As the search's, but no square of the chain may have its object ruled out."""
        assigned, banned, cols = self.assigned, self.banned, self.cols
        bubbles, blocks, top, bottom = self.bubbles, self.blocks, self.top, self.bottom
        found = []
        kind = v & 1
        bit, step = (2, cols) if kind else (1, -cols)
        for cell, s, r, chain in self.ways[v]:
            if kind:
                covered, have = bottom[s] - r + 1, blocks[s]
                if covered <= have or r < top[s] + bubbles[s]:
                    continue
            else:
                covered, have = r - top[s] + 1, bubbles[s]
                if covered <= have or r > bottom[s] - blocks[s]:
                    continue
            for x in range(covered - have):
                if assigned[chain[x]] >= 0 or banned[cell + x * step] & bit:
                    break
            else:
                found.append(cell)
                if len(found) == enough:
                    break
        return found


class BubblesReasoner(Reasoner):
    """What a person solving a bubbles and blocks puzzle knows (objects placed, places ruled out), and the steps.

    ``bubbles`` and ``blocks`` are squares (from 0) holding one, besides those the
    grid places in advance; ``empty`` squares known to hold nothing.  A variable
    ``v`` is ``2 * region + kind`` (kind 0 the bubble, 1 the block), regions in
    the order of their letters, as in the search.
    """

    scale = ("easy", "medium", "hard", "guess")
    rules = (
        Rule("bubble-hangs", BUBBLES_EASY, "the squares above a bubble, up to the top row or a green square, hold "
                                           "bubbles"),
        Rule("block-rests", BUBBLES_EASY, "the squares below a block, down to the bottom row or a green square, hold "
                                          "blocks"),
        Rule("bubble-one-place", BUBBLES_EASY, "a region with one place left for its bubble gets it there"),
        Rule("block-one-place", BUBBLES_EASY, "a region with one place left for its block gets it there"),
        Rule("every-place-agrees", BUBBLES_MEDIUM, "a place that every place left for a region's bubble (or block) "
                                                   "rules out, with the objects it and its chain put down, is ruled "
                                                   "out"),
        Rule("probe", BUBBLES_HARD, "a place for a bubble or a block after which the easy rules leave some region "
                                    "no place for its bubble or its block is ruled out"),
    )

    def __init__(self, grid: BubblesGrid, bubbles: Sequence[Position] = (), blocks: Sequence[Position] = (),
                 empty: Sequence[Position] = ()):
        self.grid = grid
        self.model = model = _ProbingSearch(grid, bytearray(grid.rows * grid.cols))
        self.cols, self.size = grid.cols, grid.rows * grid.cols
        self.letters, self.region, self.ways, self.n = model.letters, model.region, model.ways, model.n
        self.banned = model.banned
        self.held = [""] * self.size
        self.placed: list[list[int]] = [[] for _ in range(self.n)]
        #: What the marks of the answer break, found once: (words, cells); the rules never break anything.
        self.problems: list[tuple[str, tuple[int, ...]]] = []
        marks = [(kind, (r, k)) for kind, squares in ((BUBBLE, bubbles), (BLOCK, blocks)) for r, k in squares]
        given = [(BUBBLE, where) for where in grid.bubbles.values()]
        given += [(BLOCK, where) for where in grid.blocks.values()]
        for kind, (r, k) in sorted(given) + sorted(marks):
            cell = r * self.cols + k
            if self.held[cell] and self.held[cell] != kind:
                self.problems.append((f"{self._at(cell)} holds a {self._word(self.held[cell])} placed in advance, not "
                                      f"a {self._word(kind)}", (cell,)))
            elif not self.held[cell]:
                self._put(cell, KINDS.index(kind))
        for r, k in empty:
            cell = r * self.cols + k
            if self.held[cell]:
                self.problems.append((f"{self._at(cell)} holds a {self._word(self.held[cell])} placed in advance: it "
                                      "is not empty", (cell,)))
            else:
                self.banned[cell] = 3

    # -- the state ----------------------------------------------------------------------
    def _at(self, cell: int) -> str:
        r, k = divmod(cell, self.cols)
        return f"({r + 1}, {k + 1})"

    def _cell(self, cell: int) -> Position:
        return divmod(cell, self.cols)

    @staticmethod
    def _word(kind: str) -> str:
        return "bubble" if kind == BUBBLE else "block"

    def _object(self, v: int) -> str:
        """``the bubble of region C``."""
        return f"the {_KIND_WORDS[v & 1]} of region {self.letters[v >> 1]}"

    def _put(self, cell: int, kind: int) -> None:
        self.held[cell] = KINDS[kind]
        self.placed[2 * self.region[cell] + kind].append(cell)

    def candidates(self, v: int, enough: int = 0) -> list[int]:
        """The places left for variable ``v`` (none once it is placed); at most ``enough`` of them, if given."""
        if self.placed[v]:
            return []
        kind = v & 1
        mark, bit, step = KINDS[kind], 1 << kind, self.cols if kind else -self.cols
        held, banned, placed = self.held, self.banned, self.placed
        found = []
        for cell, _, _, chain in self.ways[v]:
            square = cell
            for w in chain:
                here = held[square]
                if here != mark and (here or banned[square] & bit or placed[w]):
                    break
                square += step
            else:
                found.append(cell)
                if len(found) == enough:
                    break
        return found

    def _chain(self, cell: int, kind: int) -> tuple[list[int], str | None]:
        """The empty squares an object on ``cell`` needs filled up to its ceiling (or floor), and what forbids it."""
        step, mark, bit = (self.cols, BLOCK, 2) if kind else (-self.cols, BUBBLE, 1)
        region, held = self.region, self.held
        seen = {region[cell]}
        fills: list[int] = []
        square = cell + step
        while 0 <= square < self.size and region[square] >= 0:
            letter = self.letters[region[square]]
            if held[square] == mark:
                seen.add(region[square])
            elif held[square]:
                return fills, f"{self._at(square)} holds a {self._word(held[square])}"
            elif self.banned[square] & bit:
                return fills, f"{self._at(square)} cannot hold a {_KIND_WORDS[kind]}"
            elif self.placed[2 * region[square] + kind]:
                where = self._at(self.placed[2 * region[square] + kind][0])
                return fills, f"{self._at(square)} is in region {letter}, whose {_KIND_WORDS[kind]} is at {where}"
            elif region[square] in seen:
                return fills, f"region {letter} would need two {_KIND_WORDS[kind]}s there"
            else:
                seen.add(region[square])
                fills.append(square)
            square += step
        return fills, None

    # -- the rules ----------------------------------------------------------------------
    def find(self, rule: Rule) -> Deduction | None:
        if rule.id in ("bubble-hangs", "block-rests"):
            return self._chain_rule(rule, 0 if rule.id == "bubble-hangs" else 1)
        if rule.id in ("bubble-one-place", "block-one-place"):
            kind = 0 if rule.id == "bubble-one-place" else 1
            for v in range(kind, self.n, 2):
                found = self.candidates(v, 2)
                if len(found) == 1:
                    words = (f"region {self.letters[v >> 1]} has one place left for its {_KIND_WORDS[kind]}: "
                             f"{self._at(found[0])}")
                    return Deduction(rule, words, (self._cell(found[0]),), ("put", [(found[0], kind)]))
            return None
        if rule.id == "every-place-agrees":
            return self._agrees(rule)
        if rule.id == "probe":
            return self._probe(rule)
        return None

    def _chain_rule(self, rule: Rule, kind: int) -> Deduction | None:
        mark = KINDS[kind]
        for cell in range(self.size):
            if self.held[cell] != mark:
                continue
            fills, _ = self._chain(cell, kind)
            if not fills:
                continue
            named = [self.letters[self.region[square]] for square in fills]
            what = (f"{_listed(list(map(self._at, fills)))} hold{'s' if len(fills) == 1 else ''} the "
                    f"{_KIND_WORDS[kind]}{'s' if len(fills) > 1 else ''} of region{'s' if len(named) > 1 else ''} "
                    f"{_listed(named)}")
            how = "hangs from the squares above it" if kind == 0 else "rests on the squares below it"
            words = f"the {_KIND_WORDS[kind]} at {self._at(cell)} {how}: {what}"
            return Deduction(rule, words, tuple(map(self._cell, [cell, *fills])),
                             ("put", [(square, kind) for square in fills]))
        return None

    def _agrees(self, rule: Rule) -> Deduction | None:
        """Whatever place the variable with the fewest places left takes, the places it rules out."""
        left = {v: self.candidates(v) for v in range(self.n) if not self.placed[v]}
        for _, v in sorted((len(found), v) for v, found in left.items() if len(found) > 1):
            kind = v & 1
            common: set[tuple[int, int]] | None = None
            for cell in left[v]:
                fills, _ = self._chain(cell, kind)
                down = [cell, *fills]
                for square in down:
                    self._put(square, kind)
                ruled_out: set[tuple[int, int]] = set()
                for u, found in left.items():
                    if self.placed[u]:  # placed by this place: its other places go
                        ruled_out.update((u, x) for x in found if x not in self.placed[u])
                    elif u != v:
                        still = set(self.candidates(u))
                        ruled_out.update((u, x) for x in found if x not in still)
                for square in reversed(down):
                    self.held[square] = ""
                    self.placed[2 * self.region[square] + kind].pop()
                common = ruled_out if common is None else common & ruled_out
                if not common:
                    break
            if common:
                out = sorted(common)
                places = _listed(list(map(self._at, left[v])), "or")
                gone = _listed([f"{self._object(u)} at {_listed([self._at(x) for w, x in out if w == u])}"
                                for u in sorted({u for u, _ in out})])
                words = (f"wherever {self._object(v)} goes ({places}), the objects it puts down rule out "
                         f"{gone}")
                cells = tuple(dict.fromkeys(self._cell(x) for _, x in out))
                return Deduction(rule, words, cells, ("ban", [(x, 1 << (u & 1)) for u, x in out]))
        return None

    def _probe(self, rule: Rule) -> Deduction | None:
        """The first place (variables with the fewest places first) after which the easy rules find a region stuck."""
        model = self.model
        model.reset()
        for v, cells in enumerate(self.placed):
            for cell in cells:
                if model.assigned[v] == cell:
                    continue
                if model.assigned[v] >= 0 or cell not in model._candidates(v):
                    return None  # a state that breaks a rule: broken() says which
                model._put(v, cell)
        if not model._propagate():
            return None
        left = {v: model._candidates(v) for v in range(self.n) if model.assigned[v] < 0}
        for _, v in sorted((len(found), v) for v, found in left.items()):
            for cell in left[v]:
                mark = model.mark()
                model._put(v, cell)
                holds = model._propagate()
                stuck = None if holds else next((u for u in range(self.n)
                                                 if model.assigned[u] < 0 and not model._candidates(u, 1)), None)
                model.rollback(mark)
                if holds:
                    continue
                why = f"leave region {self.letters[stuck >> 1]} no place for its {_KIND_WORDS[stuck & 1]}" \
                    if stuck is not None else "lead to a contradiction"
                words = (f"with {self._object(v)} at {self._at(cell)}, the easy rules {why}: it is not at "
                         f"{self._at(cell)}")
                return Deduction(rule, words, (self._cell(cell),), ("ban", [(cell, 1 << (v & 1))]))
        return None

    def apply(self, deduction: Deduction) -> None:
        what, changes = deduction.change
        for cell, value in changes:
            if what == "put":
                self._put(cell, value)
            else:
                self.banned[cell] |= value

    def solved(self) -> bool:
        return all(len(cells) == 1 for cells in self.placed) and self.broken() is None

    def broken(self) -> Deduction | None:
        if self.problems:
            words, where = self.problems[0]
            return Deduction(BUBBLES_BROKEN, words, tuple(map(self._cell, where)))
        for v, cells in enumerate(self.placed):
            if len(cells) > 1:
                return Deduction(BUBBLES_BROKEN, f"region {self.letters[v >> 1]} holds {len(cells)} "
                                                 f"{_KIND_WORDS[v & 1]}s: {', '.join(map(self._at, cells))}",
                                 tuple(map(self._cell, cells)))
        for cell in range(self.size):
            if self.held[cell]:
                kind = KINDS.index(self.held[cell])
                _, why = self._chain(cell, kind)
                if why is not None:
                    how = "cannot hang from the squares above it" if kind == 0 else \
                        "cannot rest on the squares below it"
                    return Deduction(BUBBLES_BROKEN, f"the {_KIND_WORDS[kind]} at {self._at(cell)} {how}: {why}",
                                     (self._cell(cell),))
        for v in range(self.n):
            if not self.placed[v] and not self.candidates(v, 1):
                squares = sorted(self.grid.regions[self.letters[v >> 1]])
                return Deduction(BUBBLES_BROKEN, f"region {self.letters[v >> 1]} has no place left for its "
                                                 f"{_KIND_WORDS[v & 1]}", tuple(squares))
        return None

    def answer(self) -> str:
        done = all(len(cells) == 1 for cells in self.placed)
        possible: set[tuple[int, int]] = set()
        if not done:
            for v in range(self.n):
                possible.update((cell, v & 1) for cell in self.candidates(v))
        rows = []
        for r, line in enumerate(self.grid.lines):
            row = []
            for k, char in enumerate(line):
                cell = r * self.cols + k
                if char == GREEN or self.held[cell]:
                    row.append(char if char == GREEN else self.held[cell])
                elif done or ((cell, 0) not in possible and (cell, 1) not in possible):
                    row.append(EMPTY if done else MARKED_EMPTY)
                else:
                    row.append(EMPTY)
            rows.append("".join(row))
        return "\n".join(rows)

    def guess(self) -> Deduction | None:
        """The first place of the variable the search would branch on: the first with the fewest places left."""
        left = [(len(found), v, found) for v in range(self.n) if not self.placed[v]
                for found in [self.candidates(v)] if found]
        if not left:
            return None
        _, v, found = min(left, key=lambda item: (item[0], item[1]))
        return Deduction(BUBBLES_GUESS_RULE, f"{self._object(v)} at {self._at(found[0])}", (self._cell(found[0]),))

    def against(self, solution: Solution) -> list[Deduction]:
        wanted = {}
        for bubble, block in solution.values():
            for kind, where in ((0, bubble), (1, block)):
                if where is not None:
                    wanted[where[0] * self.cols + where[1]] = kind
        found = []
        for cell in range(self.size):
            if self.held[cell] and wanted.get(cell) != KINDS.index(self.held[cell]):
                found.append(Deduction(BUBBLES_BROKEN, f"with a {self._word(self.held[cell])} at {self._at(cell)} the "
                                                       "puzzle has no solution", (self._cell(cell),)))
            elif cell in wanted and self.banned[cell] >> wanted[cell] & 1:
                what = "empty" if self.banned[cell] == 3 else f"without a {_KIND_WORDS[wanted[cell]]}"
                found.append(Deduction(BUBBLES_BROKEN, f"with {self._at(cell)} {what} the puzzle has no solution",
                                       (self._cell(cell),)))
        return found

    def state(self) -> Decided:
        def square(v: int) -> Position | None:
            return divmod(self.placed[v][0], self.cols) if self.placed[v] else None

        return {letter: (square(2 * i), square(2 * i + 1)) for i, letter in enumerate(self.letters)}

    def highlight(self, cells: Sequence[Position]) -> str:
        canvas = _canvas(self.grid)
        return "".join(canvas.highlight(r, k) for r, k in cells)


def reasoner(spec: BubblesGrid | Puzzel, answer: str | None = None, source: str = "<answer>") -> BubblesReasoner:
    """The reasoner of ``spec`` from the givens, or from a partial answer in the form :func:`render` prints.

    In the answer ``O`` is a bubble, ``*`` a block, ``-`` a square known to be
    empty and ``.`` a square not decided yet.  :class:`InputError` (line and
    column) as :func:`read_answer` gives it.
    """
    grid = spec.grid if isinstance(spec, Puzzel) else spec
    if answer is None:
        return BubblesReasoner(grid)
    read = read_answer(grid, answer, source)
    bubbles = [pair[0] for pair in read.values() if pair[0] is not None]
    blocks = [pair[1] for pair in read.values() if pair[1] is not None]
    bubbles += [where for kind, where in read.extra if kind == BUBBLE]
    blocks += [where for kind, where in read.extra if kind == BLOCK]
    return BubblesReasoner(grid, bubbles, blocks, read.empty)


# -- 8. the generator ------------------------------------------------------------------------------


def generate(
    rows: int,
    cols: int,
    seed: int | None = None,
    *,
    regions: int | None = None,
    green: float = 0.1,
    unique: bool = False,
    tries: int = 100,
    steps: int = 3000,
    work: int | None = None,
) -> BubblesGrid:
    """A new ``rows`` x ``cols`` puzzle with at least one solution (exactly one if ``unique``).

    Up to a fraction ``green`` (at most :data:`MAX_GREEN`) of the squares turn
    green, each only where the squares around it keep its neighbours joined, so the
    grid is never cut in two.  Then, region by region (at most ``regions`` of them,
    default 26, fewer when no more fit): a bubble below the bubbles or the ceiling
    of a column run, one of the three nearest free block spots on the blocks or the
    floor of a run, and a path of free squares joining them; the regions then grow
    at random over the rest.  Grids go up to :data:`MAX_SIZE` x :data:`MAX_SIZE`
    (a few seconds for the largest).  The bubbles and blocks placed form a
    solution.  With ``unique`` the regions and green squares are then changed
    until one solution is left (see :func:`_make_unique`), at most ``steps``
    times over all the fresh starts together, and their counts of solutions at
    most ``work`` attempts together (default :data:`GENERATE_WORK`: a change of a
    grid with many solutions costs more), so that a grid that is seldom made
    unique ends in bounded time: grids of up to :data:`MAX_UNIQUE_SQUARES`
    squares (12 x 12) take seconds (the changes add green squares, so the puzzle
    ends up greener than ``green``); ``ValueError`` after ``tries`` fresh starts,
    ``steps`` changes or ``work`` attempts (a count cut short never makes a grid
    unique), for a larger grid, for a grid of one row (never unique: in a row that
    is both the top and the bottom, each region's bubble and block may change
    places) or a grid of two rows wider than :data:`MAX_UNIQUE_TWO_ROW_COLS`.  The
    same arguments give the same puzzle on every machine.
    """
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise ValueError(f"a grid needs at least two squares (a bubble and a block), not {rows} x {cols}")
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise ValueError(f"the largest grid is {MAX_SIZE} x {MAX_SIZE}, not {rows} x {cols}")
    if unique and rows * cols > MAX_UNIQUE_SQUARES:
        raise ValueError(f"unique puzzles are made up to {MAX_UNIQUE_SQUARES} squares (such as 12 x 12), not "
                         f"{rows} x {cols}: larger grids are hardly ever made unique")
    if unique and rows == 1:
        raise ValueError(f"a grid of one row ({rows} x {cols}) never has a unique solution: every square is on the "
                         "top and the bottom row, so each region's bubble and block can change places; give at "
                         "least 2 rows, or --any")
    if unique and rows == 2 and cols > MAX_UNIQUE_TWO_ROW_COLS:
        raise ValueError(f"unique grids of two rows are made up to 2 x {MAX_UNIQUE_TWO_ROW_COLS}, not {rows} x {cols}: "
                         "wider ones are hardly ever unique (each region must be nearly one column); give more "
                         "rows, or --any")
    if not 0 <= green <= MAX_GREEN:
        raise ValueError(f"the fraction of green squares must be from 0 to {MAX_GREEN}, not {green}")
    if regions is not None and not 1 <= regions <= len(LETTERS):
        raise ValueError(f"the number of regions must be from 1 to {len(LETTERS)}, not {regions}")
    rng = random.Random(seed)
    left = [steps]  # the changes left, over every fresh start
    budget = AttemptBudget(GENERATE_WORK if work is None else work)
    for tried in range(1, tries + 1):
        made = _attempt(rng, rows, cols, regions, green)
        if made is None:
            continue
        if not unique:
            return parse(_text(made[0]), "<generated>")
        grid = _make_unique(rng, *made, steps=left, work=budget)
        if grid is not None:
            return grid
        if budget.exhausted:
            starts = f"{tried} fresh start{'' if tried == 1 else 's'}"
            raise ValueError(f"no unique {rows} x {cols} puzzle found within {budget.allowed:,} attempts of its counts "
                             f"of solutions ({starts}); try a smaller or squarer grid, or --any")
        if left[0] <= 0:
            raise ValueError(f"no unique {rows} x {cols} puzzle found within {steps:,} changes ({tried} fresh "
                             "starts); try other settings")
    raise ValueError(
        f"no {'unique ' if unique else ''}{rows} x {cols} puzzle found in {tries} tries; try other settings"
    )


def make(seed: int, unique: bool = True, rows: int = 8, cols: int = 8, green: float = 0.1,
         regions: int | None = None) -> BubblesGrid:
    """The generator of ``backtrack generate bubbles`` (see :func:`generate`): one puzzle per seed."""
    return generate(rows, cols, seed, regions=regions, green=green, unique=unique)


GENERATOR = Generator(
    make,
    params=(
        Param("rows", "the number of rows", int, 8, low=1, high=MAX_SIZE),
        Param("cols", "the number of columns", int, 8, low=1, high=MAX_SIZE),
        Param("green", "the fraction of squares to make green at first (unique puzzles end up greener)", float,
              0.1, low=0.0, high=MAX_GREEN),
        Param("regions", "at most this many regions (default: as many as fit, up to 26)", int, None, low=1,
              high=len(LETTERS)),
    ),
    unique_default=True,
    largest_unique=f"grids of 2 rows or more (2 rows up to 2 x {MAX_UNIQUE_TWO_ROW_COLS}) and up to "
                   f"{MAX_UNIQUE_SQUARES} squares: 4 x 4 and 8 x 8 about 0.5 s, 12 x 12 about 1 s (up to about 20 s "
                   f"measured; at most 3,000 changes and {GENERATE_WORK:,} attempts, about 30 s, then an error "
                   "naming them); one row only with "
                   f"--any, as any size up to {MAX_SIZE} x {MAX_SIZE} (500 x 500 about 15 s)",
)


def _attempt(
    rng: random.Random, rows: int, cols: int, regions: int | None, green: float
) -> tuple[list[list[int]], dict[Position, str]] | None:
    """One try of :func:`generate`: region numbers (-1 green) and the objects of a solution (square: kind), or None."""

    def neighbours(r: int, k: int) -> list[Position]:
        found = [(r2, k2) for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                 if 0 <= r2 < rows and 0 <= k2 < cols and open_[r2][k2]]
        rng.shuffle(found)
        return found

    # Green squares, at random, but never cutting the grid in two: a square turns green
    # only when its open neighbours stay joined through the eight squares around it
    # (a test of the square's surroundings alone, so the grid stays connected).
    open_ = [[True] * cols for _ in range(rows)]
    cells = [(r, k) for r in range(rows) for k in range(cols)]
    rng.shuffle(cells)
    for r, k in cells[: round(green * rows * cols)]:
        if _joined_around(open_, r, k):
            open_[r][k] = False
    squares = [(r, k) for r in range(rows) for k in range(cols) if open_[r][k]]
    count = min(regions or len(LETTERS), len(squares) // 2)
    runs = []  # [column, top, bottom, bubbles, blocks] of every vertical run of open squares
    for k in range(cols):
        r = 0
        while r < rows:
            if open_[r][k]:
                top = r
                while r < rows and open_[r][k]:
                    r += 1
                runs.append([k, top, r - 1, 0, 0])
            else:
                r += 1
    # Region by region, while there is room: a bubble under the bubbles (or the ceiling)
    # of a run, a block on the blocks (or the floor) of a run, as near as possible, and
    # a path of free squares between them.
    owner: dict[Position, int] = {}
    objects: dict[Position, str] = {}
    for region in range(count):
        ends = [(run[1] + run[3], run[0]) for run in runs
                if run[1] + run[3] <= run[2] - run[4] and (run[1] + run[3], run[0]) not in owner]
        rng.shuffle(ends)
        for bubble in ends[:10]:
            floors = {
                (run[2] - run[4], run[0]): run for run in runs
                if run[1] + run[3] + (bubble[1] == run[0]) <= run[2] - run[4] and (run[2] - run[4], run[0]) not in owner
            }
            came: dict[Position, Position | None] = {bubble: None}
            queue: list[Position] = [bubble]
            reached: list[Position] = []
            for square in queue:
                for step in neighbours(*square):
                    if step not in came and step not in owner:
                        came[step] = square
                        (reached if step in floors else queue).append(step)
                if len(reached) >= 3:
                    break  # the block goes on one of the three nearest floors
            if reached:
                break
        else:
            break  # no room for another region
        block = rng.choice(reached[:3])
        objects.update({bubble: BUBBLE, block: BLOCK})
        next(run for run in runs if run[0] == bubble[1] and run[1] <= bubble[0] <= run[2])[3] += 1
        floors[block][4] += 1
        on_path: Position | None = block
        while on_path is not None:  # the path back from the block to the bubble
            owner[on_path] = region
            on_path = came[on_path]
    if not owner:
        return None
    # Then the regions grow at random over the free squares until they cover the grid.
    border = [(who, step) for square, who in owner.items() for step in neighbours(*square) if step not in owner]
    while border:
        i = rng.randrange(len(border))
        border[i], border[-1] = border[-1], border[i]
        region, square = border.pop()
        if square not in owner:
            owner[square] = region
            border.extend((region, step) for step in neighbours(*square) if step not in owner)
    return [[owner.get((r, k), -1) for k in range(cols)] for r in range(rows)], objects


#: The eight squares around a square, in order around it (each one beside the next).
AROUND = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def _joined_around(open_: list[list[bool]], r: int, k: int) -> bool:
    """Whether the open squares beside (r, k) are joined through open squares among the eight around it.

    Then closing (r, k) cannot cut the open squares in two.
    """
    rows, cols = len(open_), len(open_[0])
    ring = [0 <= r + dr < rows and 0 <= k + dk < cols and open_[r + dr][k + dk] for dr, dk in AROUND]
    if all(ring):
        return True
    # Walk once around the ring from a closed square, counting the runs of open squares
    # that hold a side neighbour (the side neighbours sit at the even places).
    start, runs, side = ring.index(False), 0, False
    for step in range(1, 9):
        i = (start + step) % 8
        if ring[i]:
            side = side or i % 2 == 0
        else:
            runs, side = runs + side, False
    return runs <= 1


def _text(owners: list[list[int]]) -> str:
    """Puzzle text for a grid of region numbers (-1 green), letters in reading order."""
    letters: dict[int, str] = {-1: GREEN}
    for row in owners:
        for region in row:
            if region not in letters:
                letters[region] = LETTERS[len(letters) - 1]
    return "\n".join("".join(letters[region] for region in row) for row in owners)


#: The changes :func:`_make_unique` tries on one fresh start before :func:`generate` starts afresh.
STEPS_PER_START = 1000

#: The solutions :func:`_make_unique` counts at most, and the other solutions it looks at each step.
COUNT_CAP, OTHERS = 5000, 8


def _make_unique(rng: random.Random, owners: list[list[int]], objects: dict[Position, str],
                 steps: list[int], work: AttemptBudget) -> BubblesGrid | None:
    """Change the regions and green squares until one solution is left; None when ``steps[0]`` changes do not do it.

    At most :data:`STEPS_PER_START` changes, and ``steps[0]``, which is lowered by
    the changes tried (a budget shared by the fresh starts); None too once the
    searches have used up ``work`` (a count cut short proves nothing).

    A local search.  Each step looks at a few other solutions than the intended
    one (``objects``, which every change keeps valid) and picks one: a change at a
    square where the two differ, or around one, or now and then anywhere.  A
    change moves a square (empty in the intended solution) to a neighbouring
    region, with the parts of its region it alone joined to the rest; turns it
    green; or gives a green square that the intended solution does not rest on to
    a neighbouring region.  A change is kept when the number of solutions (counted
    up to :data:`COUNT_CAP`) does not grow, and now and then when it grows a
    little, so the search leaves plateaus; and now and then another solution
    becomes the intended one.  Deterministic: ``rng`` alone decides.
    """
    shaper = _Shaper(owners, objects, work)
    score = shaper.count()
    for _ in range(STEPS_PER_START):
        if work.exhausted:
            return None
        if score == 1:
            return shaper.grid()
        if steps[0] <= 0:
            break
        steps[0] -= 1
        found = [_objects_of(solution)
                 for solution in BubblesSearch(shaper.grid()).solutions(OTHERS, watch=work.watch)]
        if work.exhausted:
            return None
        others = [solution for solution in found if solution != shaper.objects]
        if len(others) > 1 and rng.random() < 0.2:  # another solution becomes the intended one
            shaper.objects = rng.choice(others)
            others = [solution for solution in found if solution != shaper.objects]
        other = rng.choice(others)
        differ = sorted({square for square in set(other) | set(shaper.objects)
                         if other.get(square) != shaper.objects.get(square)})
        moves = [move for square in differ for move in shaper.moves(square)]
        if not moves or rng.random() < 0.4:
            around = sorted({(r + dr, k + dk) for r, k in differ for dr, dk in ((0, 0), *STEPS)})
            moves = [move for square in around for move in shaper.moves(square)]
        if not moves or rng.random() < 0.2:
            moves = shaper.moves((rng.randrange(shaper.rows), rng.randrange(shaper.cols)))
            if not moves:
                continue
        move = rng.choice(moves)
        if -1 in move.values() and rng.random() < 0.7:  # fewer green squares: prefer a change of regions
            plain = [other_move for other_move in moves if -1 not in other_move.values()]
            move = rng.choice(plain) if plain else move
        before = shaper.apply(move)
        new = shaper.count()
        if work.exhausted:
            return None
        if new <= score or rng.random() < 0.3 * math.exp(-math.log(new / score) / 0.3):
            score = new
        else:
            shaper.apply(before)
    return shaper.grid() if score == 1 and not work.exhausted else None


#: The four squares beside a square: above, below, left, right.
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _objects_of(solution: Solution) -> dict[Position, str]:
    """A solution as square: kind (``O`` or ``*``)."""
    return {square: kind for bubble, block in solution.values() for square, kind in ((bubble, BUBBLE), (block, BLOCK))}


class _Shaper:
    """The regions (numbers, -1 green) that :func:`_make_unique` changes, and the solution each change keeps."""

    def __init__(self, owners: list[list[int]], objects: dict[Position, str], work: AttemptBudget):
        self.owners = owners
        self.rows, self.cols = len(owners), len(owners[0])
        self.objects = objects
        self.work = work

    def grid(self) -> BubblesGrid:
        """The puzzle as it stands."""
        return parse(_text(self.owners), "<generated>")

    def count(self) -> int:
        """Its number of solutions, up to :data:`COUNT_CAP` (fewer, and ``work.exhausted``, when the budget ran out)."""
        return BubblesSearch(self.grid()).count(limit=COUNT_CAP, watch=self.work.watch)

    def apply(self, move: dict[Position, int]) -> dict[Position, int]:
        """Give squares their new region (-1: green); returns the move that undoes it."""
        before = {square: self.owners[square[0]][square[1]] for square in move}
        for (r, k), region in move.items():
            self.owners[r][k] = region
        return before

    def moves(self, square: Position) -> list[dict[Position, int]]:
        """The changes at ``square`` that keep every region joined and the intended solution a solution."""
        r, k = square
        if not (0 <= r < self.rows and 0 <= k < self.cols):
            return []
        region = self.owners[r][k]
        if region < 0:  # a green square may join a region when no object of the solution rests on it
            if (r > 0 and self.objects.get((r - 1, k)) == BLOCK) or self.objects.get((r + 1, k)) == BUBBLE:
                return []
            return [{square: other} for other in self._beside(square, -1)]
        gone = self._leaving(square)
        if gone is None:
            return []
        moves = [{lost: other for lost in gone} for other in self._beside(square, region)]
        if len(gone) == 1:
            moves.append({square: -1})
        return moves

    def _beside(self, square: Position, region: int) -> list[int]:
        """The regions beside ``square`` other than ``region`` (and green), in order."""
        r, k = square
        return sorted({self.owners[r + dr][k + dk] for dr, dk in STEPS
                       if 0 <= r + dr < self.rows and 0 <= k + dk < self.cols} - {-1, region})

    def _leaving(self, square: Position) -> list[Position] | None:
        """The squares that leave their region with ``square`` (the parts it alone joined to the part holding the
        region's objects), or None when it holds an object or joins the region's two objects."""
        if square in self.objects:
            return None
        region = self.owners[square[0]][square[1]]
        rest = {(r, k) for r in range(self.rows) for k in range(self.cols) if self.owners[r][k] == region} - {square}
        parts = []
        while rest:  # the parts of the region without the square, each flooded from its first square
            part = [min(rest)]
            rest.discard(part[0])
            for r, k in part:
                for dr, dk in STEPS:
                    if (r + dr, k + dk) in rest:
                        rest.discard((r + dr, k + dk))
                        part.append((r + dr, k + dk))
            parts.append(part)
        holding = [part for part in parts if any(found in self.objects for found in part)]
        if len(holding) != 1:
            return None
        return [square, *sorted(found for part in parts if part is not holding[0] for found in part)]


# -- 9. the façade: the Dutch exercise's Puzzel ----------------------------------------------------
# The Dutch exercise's class: its names are a contract, kept at the edge as a façade over the model.


class Puzzel:
    """The Dutch exercise's class: a façade over a :class:`BubblesGrid`, with the exercise's names.

    ``Puzzel(path)`` reads the file at ``path`` as the ``backtrack`` command does
    (strict UTF-8, a byte-order mark ignored, at most 10 MiB); :meth:`uit_tekst`
    builds one from text, :meth:`from_grid` around a model.  A bad file raises
    :class:`backtrack.InputError` (a ``ValueError``) naming the file, line and
    column; a file that cannot be read raises ``OSError``.  Objects placed here
    are placed on :attr:`grid`, the model the search and the checker read.
    """

    def __init__(self, path: str | Path):
        #: The model: what the search, the checker and the text form read.
        self.grid = parse(read_file(path), str(path))

    @classmethod
    def uit_tekst(cls, text: str, source: str = "<input>") -> "Puzzel":
        """A puzzle from the text of a puzzle file (``source`` names it in errors)."""
        return cls.from_grid(parse(text, source))

    @classmethod
    def from_grid(cls, grid: BubblesGrid) -> "Puzzel":
        """The façade over ``grid`` (shared, not copied: objects placed on either show on both)."""
        puzzel = cls.__new__(cls)
        puzzel.grid = grid
        return puzzel

    @property
    def rijen(self) -> int:
        """The number of rows."""
        return self.grid.rows

    @property
    def kolommen(self) -> int:
        """The number of columns."""
        return self.grid.cols

    @property
    def gebieden(self) -> set[str]:
        """The letters of the regions (a new set)."""
        return set(self.grid.regions)

    def _gebied(self, letter: str) -> str:
        if not isinstance(letter, str) or letter not in self.grid.regions:
            raise AssertionError("ongeldig gebied")
        return letter

    def vierkanten(self, letter: str) -> set[Position]:
        """The positions of the squares of region ``letter``."""
        return set(self.grid.regions[self._gebied(letter)])

    def luchtbel(self, letter: str) -> Position | None:
        """The position of the bubble of region ``letter``, or ``None``."""
        return self.grid.bubbles.get(self._gebied(letter))

    def rotsblok(self, letter: str) -> Position | None:
        """The position of the block of region ``letter``, or ``None``."""
        return self.grid.blocks.get(self._gebied(letter))

    def isleeg(self, r: int, k: int) -> bool:
        """Whether (r, k) is a square of the grid, not green, holding no bubble or block."""
        return self.grid.is_empty(r, k)

    def plaats_luchtbel(self, r: int, k: int) -> "Puzzel":
        """Put a bubble on (r, k), hanging from the top row, a green square or a bubble.

        ``AssertionError('ongeldige positie')`` when the square is not empty, the
        bubble would not hang, or its region already has a bubble.
        """
        try:
            self.grid.place_bubble(r, k)
        except ValueError:
            raise AssertionError("ongeldige positie") from None
        return self

    def plaats_rotsblok(self, r: int, k: int) -> "Puzzel":
        """Put a block on (r, k), resting on the bottom row, a green square or a block.

        ``AssertionError('ongeldige positie')`` when the square is not empty, the
        block would not rest, or its region already has a block.
        """
        try:
            self.grid.place_block(r, k)
        except ValueError:
            raise AssertionError("ongeldige positie") from None
        return self

    def isopgelost(self) -> bool:
        """Whether every region has its bubble and its block."""
        return self.grid.is_solved()

    def __str__(self) -> str:
        return str(self.grid)

    # -- additions ----------------------------------------------------------------
    def verwijder(self, r: int, k: int) -> "Puzzel":
        """Take the bubble or block off (r, k).

        ``AssertionError('ongeldige positie')`` when (r, k) holds neither, or holds
        one that another bubble hangs from or another block rests on (removing it
        would leave that one unsupported).
        """
        try:
            self.grid.remove(r, k)
        except ValueError:
            raise AssertionError("ongeldige positie") from None
        return self

    def gebied(self, r: int, k: int) -> str | None:
        """The letter of the region of square (r, k); ``None`` for a green square or outside the grid."""
        return self.grid.region_at(r, k)

    def opgave(self) -> str:
        """The puzzle file's text: the letters and ``#``, without bubbles or blocks."""
        return text_of(self.grid)

    def __repr__(self) -> str:
        return f"Puzzel.uit_tekst({self.opgave()!r})"


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="bubbles",
    description="Bubbles and blocks: one bubble hanging and one block resting in every region",
    parse=parse,
    search=search,
    render=render,
    limits=f"grids up to {MAX_SIZE} x {MAX_SIZE} squares, regions A-Z (at most 26)",
    examples=examples_in(Path(__file__).parent / "examples" / "bubbles"),
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
    """The puzzles of this module: bubbles."""
    return [PUZZLE]
