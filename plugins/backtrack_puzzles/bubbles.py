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
``BubblesGrid``, right after it in this module; its ``grid`` is the model.

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

:func:`check` is the puzzle's independent rule checker.  ``generate(rows, cols,
seed)`` makes new puzzles up to the same 500 x 500 (``python -m
backtrack_puzzles.bubbles generate ROWS COLS --seed N``; ``--unique`` for grids
of at most 144 squares).
"""

from __future__ import annotations

import argparse
import math
import random
import re
import string
import sys
from pathlib import Path
from typing import Callable, Sequence

from backtrack import InputError, PropagatingSearch, Puzzle, examples_in, hookimpl, quoted, read_file

__all__ = [
    "BubblesGrid", "Puzzel", "parse", "text_of", "render", "as_json", "check", "BubblesSearch", "search", "generate",
    "PUZZLE", "MAX_SIZE",
]

GREEN, BUBBLE, BLOCK, EMPTY = "#", "O", "*", "."
#: The two kinds of object, in the order of a variable's kind (0: bubble, 1: block).
KINDS = (BUBBLE, BLOCK)
LETTERS = string.ascii_uppercase
BOM = "\ufeff"
NOT_A_SQUARE = re.compile(r"[^A-Z#]")
BLANK_LINES = re.compile(r"(?:[^\S\n]*\n)*")  # blank lines: nothing but white space before the line feed
BLANKS_TO_THE_END = re.compile(r"\s*\Z")
#: The most rows and the most columns of a grid; larger grids are refused when parsed.
MAX_SIZE = 500
#: The generator's largest fraction of green squares, its largest seed, and its largest grid for ``--unique``.
MAX_GREEN = 0.9
MAX_SEED = 2**64 - 1
MAX_UNIQUE_SQUARES = 144

Position = tuple[int, int]
#: A solution: for every region letter, the position of its bubble and of its block.
Solution = dict[str, tuple[Position, Position]]
#: A decision of the search: a region's letter, ``"O"`` (its bubble) or ``"*"`` (its block), and the square.
Decision = tuple[str, str, Position]


# -- 1. the model -------------------------------------------------------------------------


class BubblesGrid:
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
    def height(self) -> int:
        """The number of rows."""
        return len(self.lines)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.lines[0])

    def inside(self, r: int, k: int) -> bool:
        """Whether (r, k) is a square of the grid (green or not)."""
        return isinstance(r, int) and isinstance(k, int) and 0 <= r < self.height and 0 <= k < self.width

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
        if not (r == self.height - 1 or self.shows(r + 1, k) in (GREEN, BLOCK)):
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
        return "\n".join("".join(self.shows(r, k) for k in range(self.width)) for r in range(self.height))

    def __repr__(self) -> str:
        return f"BubblesGrid({self.lines!r})"


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
        return self.grid.height

    @property
    def kolommen(self) -> int:
        """The number of columns."""
        return self.grid.width

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


# -- 2. the parser ------------------------------------------------------------------------


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
    first, at, width = number + 1, blank.end(), -1
    grid: list[str] = []
    # Line by line, so that at most one row more than the largest grid is ever looked at.
    while True:
        end = text.find("\n", at)
        line = text[at:] if end < 0 else text[at:end]
        line = line[:-1] if line.endswith("\r") else line
        number += 1
        if width < 0:
            width = len(line)
        if len(grid) == MAX_SIZE:
            raise InputError(
                f"expected at most {MAX_SIZE} rows (the largest grid is {MAX_SIZE} x {MAX_SIZE}), "
                f"found more: this line would be row {MAX_SIZE + 1}", source, number, 1,
            )
        if not line.strip():
            raise InputError(
                f"expected {width} squares on every row (as on line {first}), found a blank line", source, number, 1
            )
        bad = NOT_A_SQUARE.search(line, 0, min(width, MAX_SIZE) + 1)
        if bad is not None:
            raise InputError(
                f"expected an uppercase letter A-Z (a region) or # (a green square), found {bad.group()!r}",
                source, number, bad.start() + 1,
            )
        if width > MAX_SIZE:
            raise InputError(
                f"expected at most {MAX_SIZE} squares on a row (the largest grid is {MAX_SIZE} x {MAX_SIZE}), "
                f"found {width:,}", source, number, MAX_SIZE + 1,
            )
        if len(line) != width:
            raise InputError(
                f"expected {width} squares on every row (as on line {first}), found {len(line):,}",
                source, number, min(len(line), width) + 1,
            )
        grid.append(line)
        if end < 0 or BLANKS_TO_THE_END.match(text, end + 1):
            break
        at = end + 1
    _check_connected(grid, source, first - 1)
    return grid


def _check_connected(grid: list[str], source: str, offset: int) -> None:
    """:class:`InputError` at the first square (in reading order) cut off from its region's first square."""
    width = len(grid[0])
    flat = "".join(grid)
    size = len(flat)
    seen = bytearray(size)
    cut_off: int | None = None
    for letter in sorted(set(flat) - {GREEN}):
        start = flat.index(letter)
        seen[start] = 1
        todo = [start]
        for i in todo:  # grows while it is walked: a breadth-first flood of the region
            for j in (i - width, i + width):
                if 0 <= j < size and not seen[j] and flat[j] == letter:
                    seen[j] = 1
                    todo.append(j)
            if i % width and not seen[i - 1] and flat[i - 1] == letter:
                seen[i - 1] = 1
                todo.append(i - 1)
            if (i + 1) % width and not seen[i + 1] and flat[i + 1] == letter:
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
        r0, k0 = divmod(flat.index(letter), width)
        r, k = divmod(cut_off, width)
        raise InputError(
            f"region {letter} is not connected: this square is cut off from its square on line {r0 + offset + 1}, "
            f"column {k0 + 1}", source, r + offset + 1, k + 1,
        )


# -- 3. the text form ---------------------------------------------------------------------


def text_of(spec: BubblesGrid) -> str:
    """The puzzle in the input format (letters and ``#``; objects placed in advance have no text form)."""
    return "\n".join(spec.lines)


def render(spec: BubblesGrid, solution: Solution) -> str:
    """The solved grid in the exercise's ``str()`` format (``#``, ``O``, ``*``, ``.``)."""
    rows = [[GREEN if char == GREEN else EMPTY for char in line] for line in spec.lines]
    for bubble, block in solution.values():
        rows[bubble[0]][bubble[1]] = BUBBLE
        rows[block[0]][block[1]] = BLOCK
    return "\n".join("".join(row) for row in rows)


def as_json(spec: BubblesGrid, solution: Solution) -> dict:
    """``{"bubbles": {letter: [r, k]}, "blocks": {letter: [r, k]}, "grid": [rows]}``."""
    return {
        "bubbles": {letter: list(solution[letter][0]) for letter in sorted(solution)},
        "blocks": {letter: list(solution[letter][1]) for letter in sorted(solution)},
        "grid": render(spec, solution).splitlines(),
    }


# -- 4. the checker -----------------------------------------------------------------------


def _shown(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to about ``limit`` characters (for messages about malformed solutions)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def check(spec: BubblesGrid, solution: Solution) -> list[str]:
    """The rules ``solution`` breaks, in words, rows and columns counted from 1; empty when it solves ``spec``.

    An independent checker: it reads only the puzzle's letters and the objects
    placed on it in advance, and shares no code with the search.
    """
    grid = spec.lines
    rows, cols = len(grid), len(grid[0])
    letters = sorted(set("".join(grid)) - {GREEN})
    if not isinstance(solution, dict):
        return [f"expected a bubble and a block for every region, found {_shown(solution)}"]
    problems = [f"{quoted(str(letter))} is not a region of this puzzle" for letter in solution if letter not in letters]
    placed: dict[Position, list[tuple[str, str]]] = {}  # square: (object, region letter) of everything on it
    for letter in letters:
        pair = solution.get(letter, ())
        if not isinstance(pair, (tuple, list)) or len(pair) > 2:
            problems.append(f"region {letter}: expected the squares of its bubble and its block, found {_shown(pair)}")
            continue
        for name, where in zip(("bubble", "block"), pair, strict=False):  # a missing block is counted below
            if not (
                isinstance(where, (tuple, list)) and len(where) == 2 and all(type(x) is int for x in where)
                and 0 <= where[0] < rows and 0 <= where[1] < cols
            ):
                problems.append(f"region {letter}: its {name} is not on a square of the grid ({_shown(where)})")
                continue
            placed.setdefault((where[0], where[1]), []).append((name, letter))

    def kinds_on(r: int, k: int) -> set[str]:
        return {name for name, _ in placed.get((r, k), ())}

    held = {letter: {"bubble": 0, "block": 0} for letter in letters}
    for (r, k), objects in sorted(placed.items()):
        at = f"row {r + 1}, column {k + 1}"
        if len(objects) > 1:
            both = " and ".join(f"the {name} of region {letter}" for name, letter in objects)
            problems.append(f"{at}: holds {both}, but a square holds at most one object")
        for name, letter in objects:
            if grid[r][k] == GREEN:
                problems.append(f"{at}: the {name} of region {letter} is on a green square")
                continue
            held[grid[r][k]][name] += 1
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


# -- 5. the search ------------------------------------------------------------------------


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
        rows, cols = grid.height, grid.width
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


# -- 6. the generator ---------------------------------------------------------------------


def generate(
    rows: int,
    cols: int,
    seed: int | None = None,
    *,
    regions: int | None = None,
    green: float = 0.1,
    unique: bool = False,
    tries: int = 100,
    steps: int = 20,
) -> BubblesGrid:
    """A new ``rows`` x ``cols`` puzzle with at least one solution (exactly one if ``unique``).

    Up to a fraction ``green`` (at most :data:`MAX_GREEN`) of the squares turn
    green, each only where the squares around it keep its neighbours joined, so the
    grid is never cut in two.  Then, region by region (at most ``regions`` of them,
    default 26, fewer when no more fit): a bubble below the bubbles or the ceiling
    of a column run, one of the three nearest free block spots on the blocks or the
    floor of a run, and a path of free squares joining them; the regions then grow
    at random over the rest.  Grids go up to :data:`MAX_SIZE` x :data:`MAX_SIZE`
    (a few seconds for the largest).
    The bubbles and blocks placed form a solution.  With ``unique`` the regions
    are changed until that solution is the only one (see :func:`_make_unique`);
    this succeeds for small grids and rarely for large ones, and raises
    ``ValueError`` after ``tries`` fresh starts.  The same arguments give the
    same puzzle.
    """
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise ValueError(f"a grid needs at least two squares (a bubble and a block), not {rows} x {cols}")
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise ValueError(f"the largest grid is {MAX_SIZE} x {MAX_SIZE}, not {rows} x {cols}")
    if not 0 <= green <= MAX_GREEN:
        raise ValueError(f"the fraction of green squares must be from 0 to {MAX_GREEN}, not {green}")
    if regions is not None and not 1 <= regions <= len(LETTERS):
        raise ValueError(f"the number of regions must be from 1 to {len(LETTERS)}, not {regions}")
    rng = random.Random(seed)
    for _ in range(tries):
        made = _attempt(rng, rows, cols, regions, green)
        if made is None:
            continue
        if not unique:
            return parse(_text(made[0]), "<generated>")
        grid = _make_unique(rng, *made, steps=steps)
        if grid is not None:
            return grid
    raise ValueError(
        f"no {'unique ' if unique else ''}{rows} x {cols} puzzle found in {tries} tries; try other settings"
    )


def _attempt(
    rng: random.Random, rows: int, cols: int, regions: int | None, green: float
) -> tuple[list[list[int]], set[Position]] | None:
    """One try of :func:`generate`: region numbers (-1 green) and the objects of a solution, or None."""

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
    objects: set[Position] = set()
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
        objects.update((bubble, block))
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


def _connected(squares: set[Position]) -> bool:
    if not squares:
        return True
    start = next(iter(squares))
    seen, todo = {start}, [start]
    for r, k in todo:
        for step in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            if step in squares and step not in seen:
                seen.add(step)
                todo.append(step)
    return len(seen) == len(squares)


def _make_unique(
    rng: random.Random, owners: list[list[int]], objects: set[Position], steps: int, cap: int = 2000
) -> BubblesGrid | None:
    """Change the regions until the solution they were grown around is the only one.

    While a second solution exists, a square that is empty in the first solution
    changes region, chosen to rule out the second one: the square above a bubble
    (or below a block) of the second solution joins that object's region, so that
    the object can no longer hang (or rest) there, or the object's square goes to a
    neighbouring region, or turns green.  Now and then a random border square
    changes instead.  A change is kept when the number of solutions (counted up to
    ``cap``) does not grow.  None when ``steps`` changes do not make it unique.
    """
    rows, cols = len(owners), len(owners[0])

    def count() -> int:
        return BubblesSearch(parse(_text(owners), "<generated>")).count(limit=cap)

    def allowed(square: Position, region: int) -> bool:
        r, k = square
        old = owners[r][k]
        if square in objects or old < 0 or old == region:
            return False
        rest = {(r2, k2) for r2 in range(rows) for k2 in range(cols) if owners[r2][k2] == old} - {square}
        return _connected(rest) and (region == -1 or any(
            0 <= r2 < rows and 0 <= k2 < cols and owners[r2][k2] == region
            for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
        ))

    score = count()
    for _ in range(steps):
        if score == 1:
            return parse(_text(owners), "<generated>")
        found = list(BubblesSearch(parse(_text(owners), "<generated>")).solutions(2))
        other = found[1] if {square for pair in found[0].values() for square in pair} == objects else found[0]
        changes: list[tuple[Position, int]] = []
        for pair in other.values():
            for kind, (r, k) in enumerate(pair):
                if (r, k) in objects:
                    continue
                region = owners[r][k]
                beside = (r - 1, k) if kind == 0 else (r + 1, k)
                if 0 <= beside[0] < rows and allowed(beside, region):
                    changes.append((beside, region))
                for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                    if 0 <= r2 < rows and 0 <= k2 < cols and owners[r2][k2] >= 0 and allowed((r, k), owners[r2][k2]):
                        changes.append(((r, k), owners[r2][k2]))
                if allowed((r, k), -1):
                    changes.append(((r, k), -1))
        if not changes or rng.random() < 0.3:
            # Now and then (and when nothing aimed at the second solution is possible)
            # any square on a region's border may change, so the search cannot get stuck.
            free = [(r, k) for r in range(rows) for k in range(cols) if owners[r][k] >= 0 and (r, k) not in objects]
            r, k = rng.choice(free or [(0, 0)])
            changes = [((r, k), owners[r2][k2]) for r2, k2 in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                       if 0 <= r2 < rows and 0 <= k2 < cols and owners[r2][k2] >= 0 and allowed((r, k), owners[r2][k2])]
            if not changes:
                continue
        (r, k), region = rng.choice(changes)
        old, owners[r][k] = owners[r][k], region
        new = count()
        if new <= score:
            score = new
        else:
            owners[r][k] = old
    return None


# -- 7. the descriptor --------------------------------------------------------------------

PUZZLE = Puzzle(
    name="bubbles",
    description="Bubbles and blocks: one bubble hanging and one block resting in every region",
    parse=parse,
    search=search,
    render=render,
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "bubbles"),
    check=check,
    limits=f"grids up to {MAX_SIZE} x {MAX_SIZE} squares, regions A-Z (at most 26)",
)


# -- 8. the hook ----------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    """The puzzles of this module: bubbles."""
    return [PUZZLE]


# -- the command line: python -m backtrack_puzzles.bubbles generate ... ----------------------


def _whole_number(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, refused with a clear message otherwise."""

    def convert(text: str) -> int:
        digits = text.strip()
        # The length is checked before int(), which refuses more than 4,300 digits.
        if digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) <= len(str(high)):
            if low <= int(digits) <= high:
                return int(digits)
        raise argparse.ArgumentTypeError(f"{what} must be a whole number from {low} to {high}, not {quoted(text)}")

    return convert


def _green_fraction(text: str) -> float:
    """An argparse ``type``: the fraction of green squares, from 0 to :data:`MAX_GREEN`."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_GREEN:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"the fraction of green squares must be a number from 0 to {MAX_GREEN}, not {quoted(text)}"
        )
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.bubbles generate ROWS COLS [--seed N] ...``: print a new puzzle.

    A bad argument ends with a message and exit status 2 (as argparse does).
    """
    parser = argparse.ArgumentParser(
        prog="python -m backtrack_puzzles.bubbles", description="Bubbles and blocks tools."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="print a new puzzle with at least one solution")
    make.add_argument("rows", type=_whole_number(1, MAX_SIZE, "the number of rows"), help=f"1 to {MAX_SIZE}")
    make.add_argument("cols", type=_whole_number(1, MAX_SIZE, "the number of columns"), help=f"1 to {MAX_SIZE}")
    make.add_argument("--seed", type=_whole_number(0, MAX_SEED, "the seed"),
                      help="random seed: the same seed gives the same puzzle")
    make.add_argument("--regions", type=_whole_number(1, len(LETTERS), "the number of regions"),
                      help="at most this many regions, 1 to 26 (default: as many as fit)")
    make.add_argument("--green", type=_green_fraction, default=0.1,
                      help=f"fraction of the squares to make green, 0 to {MAX_GREEN} [0.1]")
    make.add_argument("--unique", action="store_true",
                      help=f"insist on exactly one solution (grids of at most {MAX_UNIQUE_SQUARES} squares)")
    make.add_argument("--solution", action="store_true", help="also print a solution after a blank line")
    args = parser.parse_args(argv)
    if args.rows * args.cols < 2:
        make.error("a grid needs at least two squares (a bubble and a block), not 1 x 1")
    if args.unique and args.rows * args.cols > MAX_UNIQUE_SQUARES:
        make.error(
            f"--unique makes grids of at most {MAX_UNIQUE_SQUARES} squares (such as 12 x 12), "
            f"not {args.rows} x {args.cols}: larger grids are hardly ever made unique"
        )
    try:
        grid = generate(args.rows, args.cols, args.seed, regions=args.regions, green=args.green, unique=args.unique)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(text_of(grid))
    if args.solution:
        print()
        solution = BubblesSearch(grid).first()
        assert solution is not None  # a generated puzzle has a solution
        print(render(grid, solution))
    return 0


if __name__ == "__main__":
    sys.exit(main())
