"""Infinity Loop ("∞ lus"): turn every tile so that all connections form closed circuits.

Rules: every tile may be turned by any multiple of 90 degrees.  A solution is a
grid of turned tiles in which every connection meets the opposite connection of
its neighbour and no connection points off the board.  Solutions are counted as
distinct grids: turning a ``╋`` or a blank tile, or a straight by 180 degrees, gives
the same grid, so a tile's choices are its *distinct* rotations.

Tiles are bitmasks (1 up, 2 right, 4 down, 8 left) drawn as the sixteen characters
``" ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"`` (tile 0, the blank tile, is a space).  The model is a
:class:`Board`: the tiles in reading order and the number of columns.  The exercise's
classes :class:`Tegel` and :class:`OneindigeLus` (the Dutch exercise's API) are
façades over it, kept exactly as the exercise states them.  The parts follow the
anatomy of every puzzle module (:mod:`backtrack.puzzle`): 1 the model, 2 the
parser, 3 the text form, 5 the picture, 6 the checker, 7 the search (two of
them), 8 the generator, 9 the façade, 10 the descriptor, 11 the hook (Infinity
Loop has no shared formats).

Input: one line per row, either the tile characters (the ``str()`` of
:class:`OneindigeLus`, :func:`text_of` of a board) or whitespace-separated numbers
0 to 15 (leading zeros allowed); one format per file: numbers when the first line
that is not blank holds a digit.  Lines starting with ``#`` are comments; empty
lines before and after the grid are ignored.  In the number format blank lines are
ignored everywhere and every row must hold the same count of numbers.
In the character format a space is a blank tile, so trailing spaces matter:

* rows of equal length are taken as they are;
* when rows differ in length and no row ends in a space, trailing spaces were
  evidently stripped (by an editor, say), so short rows (and empty lines inside
  the grid) are padded on the right with blank tiles up to the longest row;
* when rows differ in length although some row ends in a space, the rows are
  ragged: an error names the first row whose length differs.

A blank column or row at the very edge that an editor stripped cannot be
recovered; the number format is exact.

Boards up to :data:`MAX_SIZE` x :data:`MAX_SIZE` (1000 x 1000) tiles are accepted;
a longer row or a further row is an error naming its line (and the column of the
first tile too many).  Setting up the search of the largest board (parsing and
propagating the border) takes about a second and 300 MB.  The search itself is
another matter: a generated 400 x 400 board is solved in about a second, but on
a 1000 x 1000 one a wrong early decision can be found out only after many others
and the search may not end for a long time (use ``--timeout``).

Output: the solved grid in the character format.  ``--json`` data: ``tiles``, the
solved grid as rows of numbers, and ``turns``, for each tile the clockwise quarter
turns (0 to 3, the fewest) from the given tile to the solved one.

Two searches state the problem.  ``propagate`` (the default) is a
:class:`~backtrack.PropagatingSearch` that keeps for every tile the set of its
rotations that are still possible, as a 16-bit set of bitmasks; an edge between
two tiles is known open (closed) when every possible rotation of a tile on either
side opens (closes) it, and border edges are closed.  The start propagates the
border; a decision fixes the rotation of the undecided tile with the fewest
possible rotations (the first in reading order) and propagates: the neighbours of
every tile whose set shrank lose the rotations that disagree with the edges now
known, and so on until nothing changes, with a trail to roll back.  An attempt is
a decision tried; a board that propagation alone solves takes none.  ``plain`` is
the textbook search: a level per tile in reading order, its distinct rotations as
moves, ``valid`` checking the edges to the left and above and the border.
``--trace`` shows a move as the tile it turns to and where, ``┏ at (2, 3)`` (row
2, column 3, counted from 1).

:func:`check` is the independent rule checker: it names each tile that is not
the given one turned, and each connection that is not met or points off the board.

Reasoning.  :class:`LoopReasoner` (what :func:`reasoner` makes, for ``backtrack hint``
and ``backtrack grade``) keeps the ways each tile may still turn and names its steps
on a scale of its own: ``easy`` (``one-way-left``: a tile with one way left that
meets its fixed neighbours and the border is fixed so), ``medium``
(``agreed-edge``: an edge every way left for a tile agrees on is known, so its
neighbour keeps the ways that agree), ``hard`` (``probe``: a way after which the
easy and medium rules leave a tile no way is ruled out) and ``guess``.  A partial
answer is a grid as ``solve`` prints it: a tile turned from the given one is
fixed, a tile as given is not decided yet.

Examples: ``exercise`` and ``exercise-numbers`` (the puzzle of the Dutch exercise,
as tile characters and as numbers; their old names ``seed`` and ``seed-numbers``
still work), ``random-30x30``, ``random-50x50`` and ``ambiguous-20x20``.

An answer to check (``backtrack check infinity-loop BOARD ANSWER``) is the solved
grid as ``backtrack solve`` prints it, edited or not (:func:`read_answer`): the
checker names each tile that is not the given one turned, and each connection
not met, ``row R, column C``.

``backtrack generate infinity-loop -p rows=R -p cols=C [-p density=P] [--any]``
prints random solvable boards (see :func:`generate` and :func:`make`): up to 1000 x
1000 tiles, or :data:`MAX_UNIQUE_SIZE` x :data:`MAX_UNIQUE_SIZE` (150 x 150) with
one solution (the default), whose repairs search the board again and again.
"""

from __future__ import annotations

import heapq
import itertools
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import (
    Generator, InputError, Param, Pictured, PropagatingSearch, Puzzle, Search, examples_in, hookimpl, quoted,
    whole_number,
)
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.svg import PALETTE, Grid

__all__ = [
    "TILE_CHARACTERS", "MAX_SIZE", "MAX_UNIQUE_SIZE", "LIMITS", "Board", "turn", "rotations",
    "parse", "text_of", "render", "read_answer", "as_json", "Tiles", "draw", "draw_move", "check",
    "PropagatingLoopSearch", "PlainLoopSearch", "search", "LoopReasoner", "reasoner", "generate", "make", "GENERATOR",
    "Tegel", "OneindigeLus", "TEKENS", "PUZZLE",
]

# Vocabulary.  A *tile* is a bitmask of its *connections* (1 up, 2 right, 4 down, 8 left), the arms of
# its pipe piece; a *turn* is a quarter turn clockwise, and a tile's *rotations* are its distinct turns.
# An *edge* lies between two neighbouring tiles, or a tile and the border: *open* when a connection
# crosses it.  A tile's place is ``(row, column)`` from 0, its index in reading order ``row * cols + column``.
#: The tile characters, indexed by bitmask (1 up, 2 right, 4 down, 8 left).
TILE_CHARACTERS = " ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"
_MASK = {character: mask for mask, character in enumerate(TILE_CHARACTERS)}

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8

#: The most rows and the most columns of a board that :func:`parse` accepts (and :func:`generate` makes).
MAX_SIZE = 1000
LIMITS = f"boards up to {MAX_SIZE} x {MAX_SIZE} tiles"
#: The most rows and columns of a board that :func:`generate` makes unique.
MAX_UNIQUE_SIZE = 150


# -- 1. the model ----------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (``bool`` is not, although Python says so)."""
    return isinstance(value, int) and not isinstance(value, bool)


def turn(mask: int, quarters: int = 1) -> int:
    """The tile ``mask`` turned ``quarters`` quarter turns clockwise (negative: anticlockwise)."""
    quarters %= 4
    return ((mask << quarters) | (mask >> (4 - quarters))) & 15


def rotations(mask: int) -> tuple[int, ...]:
    """The distinct rotations of a tile, as bitmasks, in increasing order."""
    return tuple(sorted({turn(mask, quarters) for quarters in range(4)}))


@dataclass(frozen=True)
class Board(Pictured, puzzle="infinity-loop"):
    """A board of tiles: the tiles as bitmasks in reading order, and the number of columns.

    ``Board((9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3), 4)`` is three rows of four
    tiles.  The constructor trusts its arguments (:func:`parse` and the exercise's
    :class:`OneindigeLus` check them): whole numbers 0 to 15, at least one,
    filling whole rows.
    """

    tiles: tuple[int, ...]
    cols: int

    @property
    def rows(self) -> int:
        """The number of rows."""
        return len(self.tiles) // self.cols

    def index(self, row: int, column: int) -> int:
        """The position in :attr:`tiles` of the tile at ``row``, ``column`` (both from 0); ``IndexError`` if none."""
        if not (0 <= row < self.rows and 0 <= column < self.cols):
            raise IndexError(f"no tile at row {row}, column {column} on a {self.rows} x {self.cols} board")
        return row * self.cols + column

    def tile(self, row: int, column: int) -> int:
        """The tile at ``row``, ``column`` (both from 0)."""
        return self.tiles[self.index(row, column)]

    def turned(self, row: int, column: int, quarters: int = 1) -> "Board":
        """The board with the tile at ``row``, ``column`` turned ``quarters`` quarter turns clockwise."""
        index = self.index(row, column)
        tiles = list(self.tiles)
        tiles[index] = turn(tiles[index], quarters)
        return Board(tuple(tiles), self.cols)

    def is_solved(self) -> bool:
        """Whether every connection meets its neighbour's and none points off the board."""
        tiles, cols, rows = self.tiles, self.cols, self.rows
        for index, tile in enumerate(tiles):
            row, column = divmod(index, cols)
            right = bool(tiles[index + 1] & LEFT) if column + 1 < cols else False
            down = bool(tiles[index + cols] & UP) if row + 1 < rows else False
            if bool(tile & RIGHT) != right or bool(tile & DOWN) != down:
                return False
            if (column == 0 and tile & LEFT) or (row == 0 and tile & UP):
                return False
        return True


# -- 2. the parser ---------------------------------------------------------------------------------

_CHARACTERS = frozenset(TILE_CHARACTERS)
# Each tile character to the character numbered by its bitmask, whose Latin-1 byte is the bitmask.
_TO_BITMASK = str.maketrans({character: chr(mask) for character, mask in _MASK.items()})
# The tile numbers without leading zeros; anything else is read by whole_number, which says what is wrong.
_NUMBERS = {str(mask): mask for mask in range(16)}


def parse(text: str, source: str = "<input>") -> Board:
    """A board from its text: rows of tile characters or of numbers 0 to 15 (see the module).

    Boards of more than :data:`MAX_SIZE` rows or columns are refused.
    """
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    # Only the lines from the first row to the last are gone through one by one, and
    # nothing is built per line: a file of millions of empty lines is read quickly.
    first = next((index for index, line in enumerate(lines) if line and not line.startswith("#")), None)
    if first is None:
        raise InputError("expected a grid of tiles (rows of tile characters or of numbers 0 to 15), found none", source)
    last = next(index for index in range(len(lines) - 1, first - 1, -1)
                if lines[index] and not lines[index].startswith("#"))
    grid = itertools.islice(lines, first, last + 1)
    shown = next((line for line in grid if line.strip() and not line.startswith("#")), "")
    if any(character.isdigit() for character in shown):
        return _parse_numbers(lines, first, last, source)
    return _parse_characters(lines, first, last, source)


def _too_many_rows(source: str, line: int) -> InputError:
    return InputError(f"expected at most {MAX_SIZE:,} rows ({LIMITS}), found more", source, line)


def _parse_numbers(lines: list[str], first: int, last: int, source: str) -> Board:
    tiles: list[int] = []
    cols = 0
    rows = 0
    for index in range(first, last + 1):
        line = lines[index]
        tokens = line.split()
        if not tokens or line.startswith("#"):
            continue
        number = index + 1
        rows += 1
        if rows > MAX_SIZE:
            raise _too_many_rows(source, number)
        if len(tokens) > MAX_SIZE:
            raise InputError(f"expected at most {MAX_SIZE:,} numbers in a row ({LIMITS}), found {len(tokens):,}",
                             source, number, _columns(line, MAX_SIZE + 1)[MAX_SIZE])
        row = [_NUMBERS.get(token, -1) for token in tokens]
        if -1 in row:  # leading zeros, or a mistake to find
            row = [_NUMBERS.get(token.lstrip("0") or "0", -1) for token in tokens]
            if -1 in row:
                row = [_tile_number(token, source, number, column)
                       for token, column in zip(tokens, _columns(line), strict=False)]
        if not cols:
            cols = len(row)
        elif len(row) != cols:
            # The column of the first number too many, or just after the last one.
            where = _columns(line, cols + 1)[cols] if len(row) > cols else len(line.rstrip()) + 1
            raise InputError(f"ragged rows: expected {cols} numbers in every row, found {len(row)}",
                             source, number, where)
        tiles.extend(row)
    return Board(tuple(tiles), cols)


def _tile_number(token: str, source: str, line: int, column: int) -> int:
    """A tile number 0 to 15; :class:`InputError` otherwise, with a hint when it is not a number at all."""
    if not token.lstrip("+-").isdigit():
        raise InputError(f"expected a tile number from 0 to 15, found {quoted(token)} "
                         "(a file holds either numbers or tile characters, not both)", source, line, column)
    return whole_number(token, source, line, column, low=0, high=15, what="a tile number")


def _columns(line: str, most: int | None = None) -> list[int]:
    """The column (from 1) where each whitespace-separated token of ``line`` starts (the first ``most``)."""
    found = []
    for column in range(1, len(line) + 1):
        if not line[column - 1].isspace() and (column == 1 or line[column - 2].isspace()):
            found.append(column)
            if len(found) == most:
                break
    return found


def _parse_characters(lines: list[str], first: int, last: int, source: str) -> Board:
    rows: list[tuple[int, str]] = []
    for index in range(first, last + 1):
        line = lines[index]
        if line.startswith("#"):
            continue
        number = index + 1
        if len(rows) == MAX_SIZE:
            raise _too_many_rows(source, number)
        if not _CHARACTERS.issuperset(line):
            column, character = next((column, character) for column, character in enumerate(line, 1)
                                     if character not in _MASK)
            if column <= MAX_SIZE:
                if character.isdigit():
                    expected = ": a file holds either tile characters or numbers, not both"
                else:
                    expected = f"; expected one of {TILE_CHARACTERS!r}, or rows of numbers 0 to 15"
                raise InputError(f"unknown tile character {quoted(character)}{expected}", source, number, column)
        if len(line) > MAX_SIZE:
            raise InputError(f"expected at most {MAX_SIZE:,} tiles in a row ({LIMITS}), found {len(line):,}",
                             source, number, MAX_SIZE + 1)
        rows.append((number, line))
    cols = max(len(line) for _, line in rows)
    if any(len(line) != cols for _, line in rows) and any(line.endswith(" ") for _, line in rows):
        number, line = next((number, line) for number, line in rows if len(line) != cols)
        raise InputError(
            f"ragged rows: expected {cols} tiles in every row, found {len(line)} "
            "(rows may be shorter only when no row keeps its trailing spaces)",
            source, number, len(line) + 1,
        )
    tiles = "".join([line.ljust(cols) for _, line in rows]).translate(_TO_BITMASK).encode("latin-1")
    return Board(tuple(tiles), cols)


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(board: Board, numbers: bool = False) -> str:
    """The board in the input format, a line per row: tile characters, or numbers with ``numbers``.

    ``parse(text_of(board)) == board``; the character form is the exercise's ``str()``.
    """
    tiles, cols = board.tiles, board.cols
    if numbers:
        return "\n".join(" ".join(map(str, tiles[start : start + cols])) for start in range(0, len(tiles), cols))
    return "\n".join("".join(TILE_CHARACTERS[tile] for tile in tiles[start : start + cols])
                     for start in range(0, len(tiles), cols))


def render(spec: Board | OneindigeLus, solution: Sequence[int]) -> str:
    """The solved grid in the character format (:func:`text_of` of the solved board)."""
    return text_of(Board(tuple(solution), _board(spec).cols))


def read_answer(spec: Board | OneindigeLus, text: str, source: str = "<answer>") -> tuple[int, ...]:
    """The tiles of an answer written as :func:`render` prints it (or as numbers 0 to 15), in reading order.

    The answer is a grid of the board's size in either input format (numbers when
    a line holds a digit); lines starting with ``#`` are comments.  Blank tiles
    are spaces, so an editor may have stripped them: a row may be shorter, and
    rows may be missing at the end, where the given tiles are blank (no other
    tile turns into a blank one); empty lines beyond the board's rows are
    ignored.  :class:`InputError` naming line and column for an unknown
    character, a row or a grid of another size.
    """
    board = _board(spec)
    rows, cols = board.rows, board.cols
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    lines = [(number, line) for number, line in enumerate(text.removesuffix("\n").split("\n"), 1)
             if not line.startswith("#")]
    if any(character.isdigit() for _, line in lines for character in line):
        return _answer_numbers(board, [(number, line) for number, line in lines if line.strip()], source)
    while len(lines) > rows and not lines[-1][1].strip():
        lines.pop()
    while len(lines) > rows and not lines[0][1].strip():
        lines.pop(0)
    if len(lines) > rows:
        raise InputError(f"expected {rows} rows of tiles (the board is {rows} x {cols}), found more",
                         source, lines[rows][0], 1)
    tiles: list[int] = []
    for row, (number, line) in enumerate(lines):
        wrong = next((column for column, character in enumerate(line, 1) if character not in _MASK), None)
        if wrong is not None:
            raise InputError(f"unknown tile character {quoted(line[wrong - 1])}; expected one of "
                             f"{TILE_CHARACTERS!r}", source, number, wrong)
        if len(line) > cols and line[cols:].strip():
            raise InputError(f"expected {cols} tiles in a row (the board is {rows} x {cols}), found "
                             f"{len(line.rstrip())}", source, number, cols + 1)
        given = board.tiles[row * cols : (row + 1) * cols]
        if len(line) < cols and any(given[len(line) :]):
            raise InputError(f"expected {cols} tiles in a row (the board is {rows} x {cols}), found "
                             f"{len(line)}: only blank tiles may be left out at the end", source, number, len(line) + 1)
        tiles.extend(_MASK[character] for character in line[:cols].ljust(cols))
    if any(board.tiles[len(tiles) :]):
        raise InputError(f"expected {rows} rows of tiles (the board is {rows} x {cols}), found {len(lines)}: "
                         "only rows of blank tiles may be left out at the end", source,
                         lines[-1][0] + 1 if lines else None)
    tiles.extend([0] * (len(board.tiles) - len(tiles)))
    return tuple(tiles)


def _answer_numbers(board: Board, lines: list[tuple[int, str]], source: str) -> tuple[int, ...]:
    """The tiles of an answer written as numbers 0 to 15, a row of the board's width per line."""
    rows, cols = board.rows, board.cols
    tiles: list[int] = []
    for row, (number, line) in enumerate(lines):
        if row == rows:
            raise InputError(f"expected {rows} rows of tiles (the board is {rows} x {cols}), found more",
                             source, number, 1)
        starts = _columns(line, cols + 1)
        tokens = line.split()
        if len(tokens) != cols:
            where = starts[cols] if len(tokens) > cols else len(line.rstrip()) + 1
            raise InputError(f"expected {cols} tile numbers in a row (the board is {rows} x {cols}), "
                             f"found {len(tokens)}", source, number, where)
        tiles.extend(_tile_number(token, source, number, column) for token, column in zip(tokens, starts, strict=True))
    if len(lines) < rows:
        raise InputError(f"expected {rows} rows of tiles (the board is {rows} x {cols}), found {len(lines)}",
                         source, lines[-1][0] + 1 if lines else None)
    return tuple(tiles)


def as_json(spec: Board | OneindigeLus, solution: Sequence[int]) -> dict:
    """``tiles``: the solved grid as rows of bitmasks; ``turns``: clockwise quarter turns per tile."""
    board = _board(spec)
    turns = [next(quarters for quarters in range(4) if turn(before, quarters) == after)
             for before, after in zip(board.tiles, solution, strict=False)]
    cols = board.cols
    return {
        "tiles": [list(solution[start : start + cols]) for start in range(0, len(solution), cols)],
        "turns": [turns[start : start + cols] for start in range(0, len(turns), cols)],
    }


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------
# Every tile is a pipe piece: an arm from the centre to the middle of each side it connects,
# an end piece (one arm) with a bulb at the centre.  The sixteen pieces are defined once per
# picture and placed with <use>, so that a large board stays a small picture.

#: The colour of tiles not decided yet, and of the arms an undecided tile may still have.
UNDECIDED, MAYBE = "#a3acb9", "#d3d9e1"


class Tiles(tuple):
    """The tiles of a search in progress, in reading order: a bitmask when decided, else its possible bitmasks.

    It equals the plain tuple of its entries; an undecided tile is a tuple of the
    rotations still possible for it.  ``next_tile`` is the tile the search decides next
    when its moves do not say where they turn a tile (the ``plain`` search), else None.
    """

    next_tile: int | None

    def __new__(cls, entries: Sequence[int | tuple[int, ...]] = (), next_tile: int | None = None) -> "Tiles":
        made = super().__new__(cls, entries)
        made.next_tile = next_tile
        return made

    def __reduce__(self) -> tuple:
        return Tiles, (tuple(self), self.next_tile)


def _canvas(board: Board) -> Grid:
    """Tiles of up to 56 pixels, smaller on a large board (at least 10)."""
    cell = max(10, min(56, 560 // max(board.rows, board.cols)))
    return Grid(board.rows, board.cols, cell=cell, margin=(0.3, 0.3, 0.3, 0.3), name="infinity-loop")


def _piece(mask: int, cell: float, name: str, bulb: bool) -> str:
    """A pipe piece in a cell at the origin (``name`` its id, if any): its arms, with ``bulb`` an end piece's bulb."""
    half, width = cell / 2, 0.2 * cell
    ends = {UP: (half, 0), RIGHT: (cell, half), DOWN: (half, cell), LEFT: (0, half)}
    arms = "".join(f"M{half:g} {half:g}L{x:g} {y:g}" for bit, (x, y) in ends.items() if mask & bit)
    radius = 0.22 * cell if bulb and mask in (UP, RIGHT, DOWN, LEFT) else width / 2
    named = f' id="{name}"' if name else ""
    return (f'<g{named}><path d="{arms}" stroke="currentColor" stroke-width="{width:g}" fill="none"/>'
            f'<circle cx="{half:g}" cy="{half:g}" r="{radius:g}" fill="currentColor"/></g>')


def draw(spec: Board | OneindigeLus, state: Sequence[int | Sequence[int]] | None = None) -> str:
    """The board as SVG: every tile a pipe piece, as turned in ``state``.

    ``state`` is None (the puzzle alone: the tiles as given), a solution (the
    tiles as bitmasks in reading order) or a search in progress (:class:`Tiles`):
    there a decided tile is drawn in ink, an undecided one in grey: the given tile
    while every rotation is still possible, else the arms that all its possible
    rotations have in grey and the arms that only some have faint; a tile none of
    whose rotations fits (a contradiction) is the given tile in red.  Classes:
    ``tile`` (a piece in ink), ``undecided`` (a grey piece or the arms of one),
    ``maybe`` (faint arms), ``contradiction``.  A search whose moves do not say
    where they turn a tile finds what they mark defined here (see :func:`draw_move`).
    """
    board = _board(spec)
    entries: Sequence[int | Sequence[int]] = board.tiles if state is None else state
    canvas = _canvas(board)
    cell = canvas.cell
    used: set[str] = set()
    decided, undecided, maybe, wrong = [], [], [], []
    for index, entry in enumerate(entries):
        row, column = divmod(index, board.cols)
        x, y = canvas.x(column), canvas.y(row)
        if isinstance(entry, int):
            if entry:
                used.add(f"tile-{entry}")
                decided.append(f'<use class="tile" href="#loop-tile-{entry}" x="{x:g}" y="{y:g}"/>')
            continue
        options, given = tuple(entry), board.tiles[index]
        if not options:  # no rotation fits: the board contradicts itself (its border, say)
            used.add(f"tile-{given}")
            wrong.append(f'<use class="contradiction" href="#loop-tile-{given}" x="{x:g}" y="{y:g}"/>')
            continue
        if len(options) == len(_ROTATIONS[given]):  # nothing known yet: the tile as given
            if given:
                used.add(f"tile-{given}")
                undecided.append(f'<use class="undecided" href="#loop-tile-{given}" x="{x:g}" y="{y:g}"/>')
            continue
        every, some = 15, 0
        for mask in options:
            every &= mask
            some |= mask
        if every:
            used.add(f"arms-{every}")
            undecided.append(f'<use class="undecided" href="#loop-arms-{every}" x="{x:g}" y="{y:g}"/>')
        if some & ~every:
            used.add(f"arms-{some & ~every}")
            maybe.append(f'<use class="maybe" href="#loop-arms-{some & ~every}" x="{x:g}" y="{y:g}"/>')
    defs = [_piece(int(name.split("-")[1]), cell, f"loop-{name}", name.startswith("tile")) for name in sorted(used)]
    canvas.add(f"<defs>{''.join(defs)}</defs>")
    canvas.lines("#e4e8ee")
    canvas.add(f'<g color="{MAYBE}">{"".join(maybe)}</g><g color="{UNDECIDED}">{"".join(undecided)}</g>'
               f'<g color="{PALETTE["ink"]}">{"".join(decided)}</g><g color="{PALETTE["wrong"]}">{"".join(wrong)}</g>')
    return canvas.svg()


def draw_move(spec: Board | OneindigeLus, move: Decision) -> str:
    """The tile a move turns, highlighted with the piece turned as the move turns it, as an SVG fragment.

    ``move`` is ``(row, column, bitmask)``: a decision of the ``propagate`` search,
    or what the ``plain`` search's ``drawn_move`` makes of its move (the bitmask
    alone; the level is the tile).
    """
    row, column, mask = move
    canvas = _canvas(_board(spec))
    x, y = canvas.x(column), canvas.y(row)
    return (f'<g class="move-tile">{_turning(canvas, row, column)}<g color="{PALETTE["highlight"]}" '
            f'transform="translate({x:g} {y:g})">{_piece(mask, canvas.cell, "", True)}</g></g>'
            + canvas.highlight(row, column))


def _turning(canvas: Grid, row: int, column: int) -> str:
    """A blank square over a tile, on which the piece a move turns it to is drawn."""
    return (f'<rect x="{canvas.x(column) + 1:g}" y="{canvas.y(row) + 1:g}" width="{canvas.cell - 2:g}" '
            f'height="{canvas.cell - 2:g}" fill="{PALETTE["paper"]}"/>')


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Board | OneindigeLus, solution: Sequence[int]) -> list[str]:
    """The rules that ``solution`` (tiles as bitmasks in reading order, as the searches yield) breaks on ``spec``.

    Every tile must be the given tile turned, every connection must meet the
    facing connection of its neighbour, and none may point off the board.  Rows
    and columns are counted from 1; an empty list means that every rule holds.
    Shares no code with the searches: the turns and the edges are worked out here
    again from the given tiles.
    """
    board = _board(spec)
    rows, cols, given = board.rows, board.cols, board.tiles
    if len(solution) != len(given):
        return [f"the solution has {len(solution)} tiles, the {rows} x {cols} board has {len(given)}"]
    names = ("up", "to the right", "down", "to the left")
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))

    def sides(tile: int) -> list[bool]:
        return [bool(tile >> side & 1) for side in range(4)]  # up, right, down, left

    broken = []
    grid: list[list[bool] | None] = []
    for index, (before, after) in enumerate(zip(given, solution, strict=True)):
        where = f"row {index // cols + 1}, column {index % cols + 1}"
        if not (isinstance(after, int) and not isinstance(after, bool) and 0 <= after <= 15):
            broken.append(f"{where}: {after!r} is not a tile (a number from 0 to 15)")
            grid.append(None)
            continue
        turns, turned = [], sides(before)
        for _ in range(4):
            turns.append(turned)
            turned = turned[-1:] + turned[:-1]  # a quarter turn clockwise: what pointed left now points up
        if sides(after) not in turns:
            broken.append(f"{where}: {TILE_CHARACTERS[after]!r} is not the given tile "
                          f"{TILE_CHARACTERS[before]!r} turned")
        grid.append(sides(after))
    for index, tile in enumerate(grid):
        if tile is None:
            continue
        row, column = divmod(index, cols)
        where = f"row {row + 1}, column {column + 1}"
        for side, (down, right) in enumerate(steps):
            there_row, there_column = row + down, column + right
            if not (0 <= there_row < rows and 0 <= there_column < cols):
                if tile[side]:
                    broken.append(f"{where}: the connection {names[side]} points off the board")
                continue
            there = grid[there_row * cols + there_column]
            if there is not None and tile[side] and not there[(side + 2) % 4]:
                broken.append(f"{where}: the connection {names[side]} is not met by the tile at row {there_row + 1}, "
                              f"column {there_column + 1}")
    return broken


# -- 7. the search: propagate and plain ------------------------------------------------------------

_DIRECTIONS = (UP, RIGHT, DOWN, LEFT)
# _WITH[bit]: the 16-bit set of bitmasks having the connection ``bit``; _WITHOUT: the rest.
_WITH = {bit: sum(1 << mask for mask in range(16) if mask & bit) for bit in _DIRECTIONS}
_WITHOUT = {bit: 0xFFFF & ~_WITH[bit] for bit in _DIRECTIONS}


def _forcing(possible: int) -> tuple[tuple[int, int], ...]:
    """For a set of possible bitmasks: (direction index, set the neighbour there is limited to).

    A direction forces its edge when every possible bitmask agrees on it.
    """
    members = [mask for mask in range(16) if possible >> mask & 1]
    every = 15
    some = 0
    for mask in members:
        every &= mask
        some |= mask
    forced = []
    for index, bit in enumerate(_DIRECTIONS):
        facing = _DIRECTIONS[(index + 2) % 4]
        if every & bit:
            forced.append((index, _WITH[facing]))
        elif not some & bit:
            forced.append((index, _WITHOUT[facing]))
    return tuple(forced)


# Only sets of rotations of one tile ever occur, so the tables are filled for those alone.
_FORCING_SETS: dict[int, tuple[tuple[int, int], ...]] = {}
_SIZE = [0] * 0x10000
for _shape in {rotations(mask) for mask in range(16)}:
    for _subset in range(1, 1 << len(_shape)):
        _possible = sum(1 << mask for number, mask in enumerate(_shape) if _subset >> number & 1)
        _FORCING_SETS[_possible] = _forcing(_possible)
        _SIZE[_possible] = bin(_possible).count("1")

#: The distinct rotations of each tile, and the same as a 16-bit set of bitmasks.
_ROTATIONS = tuple(rotations(mask) for mask in range(16))
_ROTATION_SET = tuple(sum(1 << turned for turned in _ROTATIONS[mask]) for mask in range(16))
#: The bitmask of a set holding just that one.
_ONLY = [0] * 0x10000
for _mask in range(16):
    _ONLY[1 << _mask] = _mask

#: A decision of the propagating search: (row, column, bitmask), row and column from 0.
Decision = tuple[int, int, int]


def _tile_name(mask: int) -> str:
    """A tile as a trace shows it: its character, or ``blank`` for the blank tile (a space)."""
    return TILE_CHARACTERS[mask] if mask else "blank"


class PropagatingLoopSearch(PropagatingSearch):
    """Possible rotations per tile, shrunk by edge propagation; a decision turns one tile.

    A decision is ``(row, column, bitmask)`` (row and column from 0): that tile
    gets that rotation.  :meth:`start` propagates the border, :meth:`branch` offers
    the rotations of the tile to decide, :meth:`decide` propagates the decision.

    The sets are kept in a grid with a frame: one column right of each row and one
    row above and below the board hold the empty set, which propagation never
    changes, so that a neighbour is always a fixed offset away.  The tile to decide
    is the first undecided one in reading order with the fewest possible
    rotations; ``low[size]`` is a position before which no tile has that many (the
    scan for it starts there), lowered when a set shrinks to that size.  A mark is
    the trail's length with the count of undecided tiles and ``low``, so that
    :meth:`rollback` restores them at once.
    """

    def __init__(self, board: Board):
        rows, cols = self.rows, self.cols = board.rows, board.cols
        stride = self.stride = cols + 1
        offsets = (-stride, 1, stride, -1)  # up, right, down, left
        self.forcing = {possible: tuple((offsets[direction], allowed) for direction, allowed in forced)
                        for possible, forced in _FORCING_SETS.items()}
        tiles = board.tiles
        possible = [0] * ((rows + 2) * stride)
        for row in range(rows):
            start = (row + 1) * stride
            possible[start : start + cols] = [_ROTATION_SET[tile]
                                                 for tile in tiles[row * cols : (row + 1) * cols]]
            possible[start] &= _WITHOUT[LEFT]
            possible[start + cols - 1] &= _WITHOUT[RIGHT]
        for column in range(stride, stride + cols):
            possible[column] &= _WITHOUT[UP]
            possible[column + (rows - 1) * stride] &= _WITHOUT[DOWN]
        self.possible = possible
        self.frame = len(possible) - rows * cols
        self.undecided = sum(_SIZE[each] > 1 for each in possible)
        self.low = [0, 0, stride, stride, stride]
        self.trail: list[tuple[int, int]] = []  # (tile, its set before the change)

    # -- start, branch, decide --------------------------------------------------------------
    def start(self) -> bool:
        """Propagate the border; false when it leaves a tile without a rotation.

        Its consequences are the root of the search, never rolled back, so the
        trail is emptied afterwards (on the largest board it would hold millions).
        """
        possible = self.possible
        if possible.count(0) > self.frame:  # a tile with no rotation left
            return False
        holds = self._propagate([tile for tile, each in enumerate(possible) if _FORCING_SETS.get(each)])
        self.trail.clear()
        return holds

    def branch(self) -> list[Decision] | None:
        """The rotations of the tile to decide, in increasing order; ``None`` when every tile is decided."""
        if not self.undecided:
            return None
        best = self._branching_tile()
        row, column = divmod(best, self.stride)
        chosen = self.possible[best]
        return [(row - 1, column, mask) for mask in range(16) if chosen >> mask & 1]

    def decide(self, decision: Decision) -> bool:
        """Turn the tile of ``decision`` to its bitmask and propagate; false on a contradiction."""
        row, column, mask = decision
        tile = (row + 1) * self.stride + column
        before = self.possible[tile]
        if not before >> mask & 1:
            return False
        self.trail.append((tile, before))
        self.possible[tile] = 1 << mask
        if _SIZE[before] > 1:
            self.undecided -= 1
        return self._propagate([tile])

    def mark(self) -> tuple[int, int, int, int, int]:
        """The trail's length, the count of undecided tiles and ``low[2:]``."""
        low = self.low
        return len(self.trail), self.undecided, low[2], low[3], low[4]

    def rollback(self, mark: tuple[int, int, int, int, int]) -> None:
        """Restore the sets changed since ``mark`` (newest first), the count and ``low``."""
        low = self.low
        length, self.undecided, low[2], low[3], low[4] = mark
        possible, trail = self.possible, self.trail
        while len(trail) > length:
            tile, before = trail.pop()
            possible[tile] = before

    def partial(self, path: tuple) -> Tiles:
        """Every tile as decided so far, by decisions and by propagation: its bitmask, or its possible bitmasks."""
        possible, stride, entries = self.possible, self.stride, []
        for start in range(stride, (self.rows + 1) * stride, stride):
            for each in possible[start : start + self.cols]:
                entries.append(_ONLY[each] if _SIZE[each] == 1 else tuple(m for m in range(16) if each >> m & 1))
        return Tiles(entries)

    def solution(self, path: tuple) -> tuple[int, ...]:
        """The solved tiles as bitmasks, in reading order."""
        # Every tile's set holds one rotation now, and the frame's are empty: the sets that are not, in order.
        return tuple(map(_ONLY.__getitem__, filter(None, self.possible)))

    def format_move(self, level: int, move: Decision) -> str:
        """``┏ at (2, 3)``: the tile turned so, at row 2, column 3 (counted from 1)."""
        row, column, mask = move
        return f"{_tile_name(mask)} at ({row + 1}, {column + 1})"

    # -- propagation ------------------------------------------------------------------------
    def _propagate(self, queue: list[int]) -> bool:
        """Shrink neighbours' sets from the tiles in ``queue`` until nothing changes; False on a contradiction."""
        possible, forcing, trail, low = self.possible, self.forcing, self.trail, self.low
        decided = 0
        while queue:
            tile = queue.pop()
            for offset, allowed in forcing[possible[tile]]:
                neighbour = tile + offset
                before = possible[neighbour]
                after = before & allowed
                if after != before:
                    if not after:
                        self.undecided -= decided
                        return False
                    trail.append((neighbour, before))
                    possible[neighbour] = after
                    size = _SIZE[after]
                    if size == 1:
                        decided += 1
                    elif neighbour < low[size]:
                        low[size] = neighbour
                    queue.append(neighbour)
        self.undecided -= decided
        return True

    def _branching_tile(self) -> int:
        """The first undecided tile in reading order with the fewest possible rotations."""
        possible, low, end = self.possible, self.low, len(self.possible)
        for size in (2, 3, 4):
            for tile in range(low[size], end):
                if _SIZE[possible[tile]] == size:
                    low[size] = tile
                    return tile
            low[size] = end
        raise AssertionError("no undecided tile although some are counted")  # pragma: no cover


class PlainLoopSearch(Search):
    """Level = tile in reading order; moves = its distinct rotations; ``valid`` checks left, up and border."""

    def __init__(self, board: Board):
        self.rows, self.cols = board.rows, board.cols
        self.options = [_ROTATIONS[tile] for tile in board.tiles]
        self.grid: list[int] = []
        self.last = len(self.options) - 1

    def moves(self, level: int) -> tuple[int, ...]:
        return self.options[level]

    def valid(self, level: int, move: int) -> bool:
        row, column = divmod(level, self.cols)
        grid = self.grid
        left = bool(grid[level - 1] & RIGHT) if column else False
        up = bool(grid[level - self.cols] & DOWN) if row else False
        if bool(move & LEFT) != left or bool(move & UP) != up:
            return False
        if column == self.cols - 1 and move & RIGHT:
            return False
        return not (row == self.rows - 1 and move & DOWN)

    def record(self, level: int, move: int) -> None:
        self.grid.append(move)

    def undo(self, level: int, move: int) -> None:
        self.grid.pop()

    def done(self, level: int) -> bool:
        return level == self.last

    def solution(self, path: tuple) -> tuple[int, ...]:
        return tuple(self.grid)

    def partial(self, path: tuple) -> Tiles:
        """The tiles turned so far, then the rest with all their rotations; the next tile to turn."""
        done = len(self.grid)
        return Tiles([*self.grid, *self.options[done:]], next_tile=min(done, self.last))

    def format_move(self, level: int, move: int) -> str:
        """``┏ at (2, 3)``: the tile of this level (reading order) turned so, at row 2, column 3 (counted from 1)."""
        row, column = divmod(level, self.cols)
        return f"{_tile_name(move)} at ({row + 1}, {column + 1})"

    def drawn_move(self, level: int, move: int) -> Decision:
        """``(row, column, bitmask)``: the tile of this level, turned as the move turns it."""
        row, column = divmod(level, self.cols)
        return row, column, move


SEARCHES: dict[str, type[PropagatingLoopSearch] | type[PlainLoopSearch]] = {
    "propagate": PropagatingLoopSearch, "plain": PlainLoopSearch,
}


def search(spec: Board | OneindigeLus, method: str = "propagate") -> Search:
    """A fresh search of ``spec``; ``method`` is ``propagate`` (default) or ``plain``.

    An unknown method is an :class:`InputError` naming the known ones.
    """
    if method not in SEARCHES:
        known = ", ".join(SEARCHES)
        raise InputError(f"parameter method must be one of {known}, not {quoted(str(method))}", "<parameters>")
    return SEARCHES[method](_board(spec))


# The reasoning a person does (``backtrack hint``, ``backtrack grade``): its own model beside the
# searches.  For every tile the ways it may still be turned (a 16-bit set of bitmasks, as the
# propagating search keeps them), kept to those that meet the border and the tiles already fixed;
# a tile is *fixed* when a step (or the answer) has decided its way.  Easy: a tile with one way
# left is fixed.  Medium: an edge every way left for a tile agrees on (open or closed) is known,
# so its neighbour keeps only the ways that agree.  Hard: a way of a tile that leads, by the easy
# and medium rules alone, to a tile with no way left is ruled out.  Otherwise a guess is needed.
LOOP_EASY, LOOP_MEDIUM, LOOP_HARD, LOOP_GUESS = 0, 1, 2, 3
#: The words of each connection (direction index 0 up, 1 right, 2 down, 3 left).
_CONNECTS = ("up", "to the right", "down", "to the left")
#: What a state breaks (not a deduction of the scale) and what a guess is named by.
LOOP_BROKEN = Rule("connections-meet", LOOP_EASY, "every connection meets its neighbour's, none points off the "
                                                  "board, and every tile is the given tile turned")
LOOP_GUESS_RULE = Rule("guess", LOOP_GUESS, "a way to turn a tile, where the search would try one")


def _ways(possible: int) -> list[int]:
    """The bitmasks of a set of ways, in increasing order."""
    return [mask for mask in range(16) if possible >> mask & 1]


def _named(masks: Sequence[int]) -> str:
    """``┏``, ``┏ or ┓``, ``┏, ┓ or ┛``: tiles in words."""
    names = [_tile_name(mask) for mask in masks]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class LoopReasoner(Reasoner):
    """What a person solving an Infinity Loop board knows (the ways each tile may still turn), and the steps from it.

    ``fixed`` are the tiles decided in advance (a partial answer's turned tiles,
    ``index: bitmask``); tiles with a single way (blank, ``╋``) are fixed from the start.
    """

    scale = ("easy", "medium", "hard", "guess")
    rules = (
        Rule("one-way-left", LOOP_EASY, "a tile with one way left to turn that meets its fixed neighbours and the "
                                        "border is fixed so"),
        Rule("agreed-edge", LOOP_MEDIUM, "an edge that every way left for a tile agrees on (open or closed) is "
                                         "known, so its neighbour keeps only the ways that agree with it"),
        Rule("probe", LOOP_HARD, "a way to turn a tile after which the easy and medium rules leave some tile no way "
                                 "to turn is ruled out"),
    )

    def __init__(self, board: Board, fixed: dict[int, int] | None = None):
        self.board = board
        rows, cols, tiles = board.rows, board.cols, board.tiles
        self.rows, self.cols = rows, cols
        size = rows * cols
        # The neighbour in each direction (up, right, down, left), -1 at the border.
        self.neighbour = [(index - cols if index >= cols else -1, index + 1 if (index + 1) % cols else -1,
                           index + cols if index + cols < size else -1, index - 1 if index % cols else -1)
                          for index in range(size)]
        possible = [_ROTATION_SET[tile] for tile in tiles]
        for index in range(size):
            for direction, there in enumerate(self.neighbour[index]):
                if there < 0:
                    possible[index] &= _WITHOUT[_DIRECTIONS[direction]]
        self.possible = possible
        self.decided = bytearray(size)
        #: What the marks of the answer break, found once: (words, cells); the rules never break anything.
        self.problems: list[tuple[str, tuple[int, ...]]] = []
        fixed = dict(fixed or {})
        for index, tile in enumerate(tiles):
            if len(_ROTATIONS[tile]) == 1:
                fixed.setdefault(index, tile)
        for index, mask in sorted(fixed.items()):
            if mask not in _ROTATIONS[tiles[index]]:
                self.problems.append((f"the tile at {self._at(index)} is {_tile_name(mask)}, not the given "
                                      f"{_tile_name(tiles[index])} turned", (index,)))
            elif any(there < 0 and mask & _DIRECTIONS[direction]
                     for direction, there in enumerate(self.neighbour[index])):
                self.problems.append((f"the tile at {self._at(index)} turned to {_tile_name(mask)} points off the "
                                      "board", (index,)))
            possible[index] = 1 << mask
            self.decided[index] = 1
        for index in sorted(fixed):
            for direction, there in enumerate(self.neighbour[index]):
                if there > index and self.decided[there] and (
                        bool(fixed[index] & _DIRECTIONS[direction]) != bool(fixed[there] & _DIRECTIONS[direction ^ 2])):
                    self.problems.append((f"the tiles at {self._at(index)} and {self._at(there)} do not meet: one "
                                          "connects to the other, which does not connect back", (index, there)))
        # Tiles that may have one way left (a heap, in reading order: an entry is checked when it comes up),
        # tiles not fixed with no way left, and the tiles whose ways changed since the medium rule last looked
        # at them (a set, and a heap in reading order), so that a step never goes through the whole board.
        self.singles: list[int] = []
        self.stuck: set[int] = set()
        self.dirty: set[int] = set()
        self.dirty_order: list[int] = []
        for index in sorted(fixed):
            self._fix_neighbours(index)
        for index in range(size):
            self._changed(index)
        self.lines = render(board, self.tiles()).split("\n")
        self.open = self.decided.count(0)  # the tiles not fixed yet

    # -- the state ----------------------------------------------------------------------
    def _at(self, index: int) -> str:
        row, column = divmod(index, self.cols)
        return f"({row + 1}, {column + 1})"

    def _cell(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def _changed(self, index: int) -> None:
        """Keep the single, stuck and changed tiles up to date after ``possible[index]`` changed."""
        if index not in self.dirty:
            self.dirty.add(index)
            heapq.heappush(self.dirty_order, index)
        if self.decided[index]:
            return
        count = _SIZE[self.possible[index]]
        if count == 1:
            heapq.heappush(self.singles, index)
        (self.stuck.add if count == 0 else self.stuck.discard)(index)

    def _fix_neighbours(self, index: int) -> None:
        """The neighbours of a fixed tile keep only the ways that meet it."""
        mask, possible = _ONLY[self.possible[index]], self.possible
        for direction, there in enumerate(self.neighbour[index]):
            if there < 0 or self.decided[there]:
                continue
            facing = _DIRECTIONS[direction ^ 2]
            allowed = _WITH[facing] if mask & _DIRECTIONS[direction] else _WITHOUT[facing]
            if possible[there] & ~allowed:
                possible[there] &= allowed
                self._changed(there)

    # -- the rules ----------------------------------------------------------------------
    def find(self, rule: Rule) -> Deduction | None:
        if rule.id == "one-way-left":
            singles = self.singles
            while singles and (self.decided[singles[0]] or _SIZE[self.possible[singles[0]]] != 1):
                heapq.heappop(singles)  # fixed since, or no longer one way (left with none)
            if not singles:
                return None
            index = singles[0]
            mask = _ONLY[self.possible[index]]
            return Deduction(rule, f"the tile at {self._at(index)} has one way left that meets its fixed neighbours "
                                   f"and the border: {_tile_name(mask)}", (self._cell(index),), ("fix", index, mask))
        if rule.id == "agreed-edge":
            return self._agreed_edge(rule)
        if rule.id == "probe":
            return self._probe(rule)
        return None

    def _agreed_edge(self, rule: Rule) -> Deduction | None:
        possible, decided, order = self.possible, self.decided, self.dirty_order
        while order:
            index = order[0]
            if decided[index] or _SIZE[possible[index]] < 2:
                self.dirty.discard(heapq.heappop(order))
                continue
            for direction, allowed_there in _FORCING_SETS.get(possible[index], ()):
                there = self.neighbour[index][direction]
                if there < 0 or decided[there] or not possible[there] & ~allowed_there:
                    continue
                left = possible[there] & allowed_there
                agreed = "connects" if allowed_there == _WITH[_DIRECTIONS[direction ^ 2]] else "never connects"
                must = "must" if agreed == "connects" else "must not"
                kept = f"{_named(_ways(left))} left" if left else "no way is left for it"
                words = (f"every way left for the tile at {self._at(index)} {agreed} {_CONNECTS[direction]}, so the "
                         f"tile at {self._at(there)} {must} connect {_CONNECTS[direction ^ 2]}: {kept}")
                return Deduction(rule, words, (self._cell(index), self._cell(there)), ("keep", there, left))
            self.dirty.discard(heapq.heappop(order))
        return None

    def _probe(self, rule: Rule) -> Deduction | None:
        """The first way (tiles with the fewest ways first, in reading order) that leads to a tile with no way."""
        possible, decided, neighbour = self.possible, self.decided, self.neighbour
        open_tiles = [index for index in range(len(possible)) if not decided[index] and _SIZE[possible[index]] > 1]
        # A way that led to no contradiction fixed other tiles on the way: trying one of those ways would
        # reach no further (the sets only shrink), so they are not tried again.
        harmless: set[tuple[int, int]] = set()
        for size in (2, 3, 4):
            for index in open_tiles:
                if _SIZE[possible[index]] != size:
                    continue
                for mask in _ways(possible[index]):
                    if (index, mask) in harmless:
                        continue
                    trail = [(index, possible[index])]  # the sets changed, to be put back
                    possible[index] = 1 << mask
                    queue = [index]
                    empty = -1
                    while queue and empty < 0:
                        tile = queue.pop()
                        for direction, allowed in _FORCING_SETS[possible[tile]]:
                            there = neighbour[tile][direction]
                            if there < 0:
                                continue
                            before = possible[there]
                            after = before & allowed
                            if after != before:
                                trail.append((there, before))
                                possible[there] = after
                                if not after:
                                    empty = there
                                    break
                                queue.append(there)
                    if empty < 0:
                        harmless.update((tile, _ONLY[possible[tile]]) for tile, _ in trail
                                        if _SIZE[possible[tile]] == 1)
                    for tile, before in reversed(trail):
                        possible[tile] = before
                    if empty >= 0:
                        words = (f"turned to {_tile_name(mask)}, the tile at {self._at(index)} would leave the tile "
                                 f"at {self._at(empty)} no way to turn (by the easy and medium rules): it is not "
                                 f"{_tile_name(mask)}")
                        return Deduction(rule, words, (self._cell(index), self._cell(empty)),
                                         ("keep", index, possible[index] & ~(1 << mask)))
        return None

    def apply(self, deduction: Deduction) -> None:
        what, index, value = deduction.change
        if what == "fix":
            self.possible[index] = 1 << value
            self.decided[index] = 1
            self.open -= 1
            row, column = divmod(index, self.cols)
            line = self.lines[row]
            self.lines[row] = line[:column] + TILE_CHARACTERS[value] + line[column + 1:]
            self._changed(index)
            self._fix_neighbours(index)
        else:
            self.possible[index] = value
            self._changed(index)

    def solved(self) -> bool:
        return self.open == 0 and self.broken() is None

    def broken(self) -> Deduction | None:
        if self.problems:
            words, cells = self.problems[0]
            return Deduction(LOOP_BROKEN, words, tuple(map(self._cell, cells)))
        if self.stuck:
            index = min(self.stuck)
            return Deduction(LOOP_BROKEN, f"the tile at {self._at(index)} has no way left to turn that meets its "
                                          "fixed neighbours and the border", (self._cell(index),))
        return None

    def tiles(self) -> tuple[int, ...]:
        """The fixed tiles turned, the others as given."""
        return tuple(_ONLY[each] if fixed else given
                     for each, fixed, given in zip(self.possible, self.decided, self.board.tiles, strict=True))

    def answer(self) -> str:
        # The rows are kept as text, a row written again when one of its tiles is fixed: the engine asks
        # for the answer after every step, and a large board has thousands of steps.
        return "\n".join(self.lines)

    def guess(self) -> Deduction | None:
        """The tile the propagating search would turn first: the first with the fewest ways left, its first way."""
        possible, decided = self.possible, self.decided
        best = min((index for index in range(len(possible)) if not decided[index] and _SIZE[possible[index]] > 1),
                   key=lambda index: (_SIZE[possible[index]], index), default=None)
        if best is None:
            return None
        mask = _ways(possible[best])[0]
        return Deduction(LOOP_GUESS_RULE, f"the tile at {self._at(best)} turned to {_tile_name(mask)}",
                         (self._cell(best),))

    def against(self, solution: Sequence[int]) -> list[Deduction]:
        return [Deduction(LOOP_BROKEN, f"with the tile at {self._at(index)} turned to {_tile_name(_ONLY[each])} the "
                                       "puzzle has no solution", (self._cell(index),))
                for index, (each, fixed) in enumerate(zip(self.possible, self.decided, strict=True))
                if fixed and _ONLY[each] != solution[index]]

    def state(self) -> Tiles:
        return Tiles([_ONLY[each] if fixed else tuple(_ways(each))
                      for each, fixed in zip(self.possible, self.decided, strict=True)])

    def highlight(self, cells: Sequence[tuple[int, int]]) -> str:
        canvas = _canvas(self.board)
        return "".join(canvas.highlight(row, column) for row, column in cells)


def reasoner(spec: Board | OneindigeLus, answer: str | None = None, source: str = "<answer>") -> LoopReasoner:
    """The reasoner of ``spec`` from the givens, or from a partial answer in the form :func:`render` prints.

    In the answer a tile turned from the given one is fixed so; a tile left as
    given is not decided yet (so a tile decided in its given way reads back as
    undecided, and the steps decide it again).  :class:`InputError` (line and
    column) as :func:`read_answer` gives it.
    """
    board = _board(spec)
    if answer is None:
        return LoopReasoner(board)
    tiles = read_answer(board, answer, source)
    return LoopReasoner(board, {index: tile for index, (tile, given) in enumerate(zip(tiles, board.tiles, strict=True))
                                if tile != given})


# -- 8. the generator ------------------------------------------------------------------------------


def generate(rows: int, cols: int, seed: int | None = None, density: float = 0.5, unique: bool = False) -> Board:
    """A random solvable board of ``rows`` x ``cols`` tiles.

    Each edge between two tiles is open with probability ``density``, the tiles
    follow from the edges, and then every tile is turned at random.  With ``unique``
    the board is repaired until it has exactly one solution: while a second solution
    exists, an edge of a tile on which the two solutions differ is toggled (the
    board stays solvable, since the intended grid is still a solution).

    ``ValueError`` for sides outside 1 to :data:`MAX_SIZE` (:data:`MAX_UNIQUE_SIZE`
    with ``unique``: each repair searches the whole board again, so the time grows
    quickly with the size) or a density outside 0 to 1.
    """
    most = MAX_UNIQUE_SIZE if unique else MAX_SIZE
    for name, value in (("rows", rows), ("columns", cols)):
        if not (_is_int(value) and 1 <= value <= most):
            with_unique = " with unique" if unique else ""
            raise ValueError(f"the number of {name} must be a whole number from 1 to {most}{with_unique}, "
                             f"not {value!r}")
    if not (isinstance(density, (int, float)) and 0.0 <= density <= 1.0):
        raise ValueError(f"density must be a number from 0 to 1, not {density!r}")
    chance = random.Random(seed)
    tiles = [0] * (rows * cols)

    def toggle(index: int, bit: int) -> None:
        tiles[index] ^= bit
        tiles[index + (1 if bit == RIGHT else cols)] ^= LEFT if bit == RIGHT else UP

    for row in range(rows):
        for column in range(cols):
            index = row * cols + column
            if column + 1 < cols and chance.random() < density:
                toggle(index, RIGHT)
            if row + 1 < rows and chance.random() < density:
                toggle(index, DOWN)
    if unique:
        for _ in range(10 * rows * cols + 10):
            found = list(PropagatingLoopSearch(Board(tuple(tiles), cols)).solutions(2))
            if len(found) < 2:
                break
            index = chance.choice([index for index, (one, two) in enumerate(zip(*found, strict=True)) if one != two])
            row, column = divmod(index, cols)
            edges = [(index, RIGHT)] if column + 1 < cols else []
            edges += [(index - 1, RIGHT)] if column else []
            edges += [(index, DOWN)] if row + 1 < rows else []
            edges += [(index - cols, DOWN)] if row else []
            toggle(*chance.choice(edges))
        else:  # pragma: no cover - not seen in practice
            raise ValueError(f"no unique {rows} x {cols} board found within {10 * rows * cols + 10:,} repairs; "
                             "try another seed or density")
    return Board(tuple([turn(tile, chance.randrange(4)) for tile in tiles]), cols)


def make(seed: int, unique: bool = True, rows: int = 10, cols: int = 10, density: float = 0.5) -> Board:
    """:func:`generate` as ``backtrack generate infinity-loop`` calls it: ``ValueError`` for sizes it does not make."""
    return generate(rows, cols, seed, density, unique)


GENERATOR = Generator(
    make,
    params=(
        Param("rows", "the number of rows", int, 10, low=1, high=MAX_SIZE),
        Param("cols", "the number of columns", int, 10, low=1, high=MAX_SIZE),
        Param("density", "the chance that the edge between two tiles is open", float, 0.5, low=0.0, high=1.0),
    ),
    unique_default=True,
    largest_unique=f"boards up to {MAX_UNIQUE_SIZE} x {MAX_UNIQUE_SIZE} tiles: 10 x 10 about 0.4 s, 50 x 50 about "
                   "0.7 s, 150 x 150 about 15 s (up to 21 s measured)",
)


# -- 9. the façade: the Dutch exercise's Tegel and OneindigeLus ------------------------------------
# The parser, the text form, the checker and the searches read the model only; search(), check(),
# render() and as_json() also take an OneindigeLus, and use its board.

#: The former name of :data:`TILE_CHARACTERS`, kept for code that imports it.
TEKENS = TILE_CHARACTERS


class Tegel:
    """One tile: a bitmask of connections (1 up, 2 right, 4 down, 8 left).

    ``Tegel()`` is the blank tile, ``Tegel(11)`` and ``Tegel('┻')`` the same tile;
    anything else raises ``AssertionError('ongeldige tegel')``.  ``draai`` turns the
    tile itself; the operators (``t >> s`` and ``t << s`` turn ``s`` quarter turns
    clockwise and anticlockwise, ``|`` and ``&`` join and intersect connections)
    make new tiles.  A tile hashes by its connections, like ``==``: do not turn a
    tile while it is in a set or a dictionary key.
    """

    __slots__ = ("_mask",)

    def __init__(self, tegel: int | str | None = None):
        if tegel is None:
            self._mask = 0
        elif _is_int(tegel) and 0 <= tegel <= 15:  # type: ignore[operator]
            self._mask = int(tegel)  # type: ignore[arg-type]
        elif isinstance(tegel, str) and len(tegel) == 1 and tegel in _MASK:
            self._mask = _MASK[tegel]
        else:
            raise AssertionError("ongeldige tegel")

    def __int__(self) -> int:
        return self._mask

    def __str__(self) -> str:
        return TILE_CHARACTERS[self._mask]

    def __repr__(self) -> str:
        return f"Tegel({TILE_CHARACTERS[self._mask]!r})"

    @property
    def boven(self) -> bool:
        """Whether the tile connects upwards."""
        return bool(self._mask & UP)

    @property
    def rechts(self) -> bool:
        """Whether the tile connects to the right."""
        return bool(self._mask & RIGHT)

    @property
    def onder(self) -> bool:
        """Whether the tile connects downwards."""
        return bool(self._mask & DOWN)

    @property
    def links(self) -> bool:
        """Whether the tile connects to the left."""
        return bool(self._mask & LEFT)

    def draai(self, wijzerzin: bool = True) -> "Tegel":
        """Turn this tile 90 degrees, clockwise unless ``wijzerzin`` is false; returns the tile."""
        self._mask = turn(self._mask, 1 if wijzerzin else -1)
        return self

    def __rshift__(self, kwarten: int) -> "Tegel":
        if not _is_int(kwarten):
            return NotImplemented
        return Tegel(turn(self._mask, kwarten))

    def __lshift__(self, kwarten: int) -> "Tegel":
        if not _is_int(kwarten):
            return NotImplemented
        return Tegel(turn(self._mask, -kwarten))

    def __or__(self, other: "Tegel") -> "Tegel":
        if not isinstance(other, Tegel):
            return NotImplemented
        return Tegel(self._mask | other._mask)

    def __and__(self, other: "Tegel") -> "Tegel":
        if not isinstance(other, Tegel):
            return NotImplemented
        return Tegel(self._mask & other._mask)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tegel):
            return NotImplemented
        return self._mask == other._mask

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Tegel):
            return NotImplemented
        return self._mask != other._mask

    def __hash__(self) -> int:
        return hash(self._mask)


class OneindigeLus:
    """The exercise's board: a façade over a :class:`Board` (its attribute :attr:`board`).

    ``OneindigeLus([9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3], 4)`` is three rows of
    four tiles.  The tiles must be a list or tuple of whole numbers 0 to 15, at least
    one, filling whole rows; otherwise ``AssertionError('ongeldig rooster')``.
    ``OneindigeLus.of(board)`` wraps a board (such as :func:`parse` returns).
    """

    board: Board

    def __init__(self, tegels: list[int] | tuple[int, ...], kolommen: int):
        if not (
            isinstance(tegels, (list, tuple))
            and _is_int(kolommen)
            and kolommen >= 1
            and tegels
            and len(tegels) % kolommen == 0
            and all(_is_int(tegel) and 0 <= tegel <= 15 for tegel in tegels)
        ):
            raise AssertionError("ongeldig rooster")
        self.board = Board(tuple(int(tegel) for tegel in tegels), kolommen)

    @classmethod
    def of(cls, board: Board) -> "OneindigeLus":
        """The exercise's view of ``board`` (no checks: a board is right by construction)."""
        facade = cls.__new__(cls)
        facade.board = board
        return facade

    @property
    def rijen(self) -> int:
        """The number of rows."""
        return self.board.rows

    @property
    def kolommen(self) -> int:
        """The number of columns."""
        return self.board.cols

    @property
    def tegels(self) -> tuple[int, ...]:
        """The tiles as bitmasks, in reading order."""
        return self.board.tiles

    def tegel(self, rij: int, kolom: int) -> Tegel:
        """A copy of the tile at row ``rij``, column ``kolom`` (both from 0)."""
        self._check(rij, kolom)
        return Tegel(self.board.tile(rij, kolom))

    def _check(self, rij: int, kolom: int) -> None:
        if not (_is_int(rij) and _is_int(kolom) and 0 <= rij < self.board.rows and 0 <= kolom < self.board.cols):
            raise AssertionError("ongeldige positie")

    def __repr__(self) -> str:
        return f"OneindigeLus({list(self.board.tiles)!r}, {self.board.cols})"

    def __str__(self) -> str:
        return text_of(self.board)

    def draai(self, rij: int, kolom: int, wijzerzin: bool = True) -> "OneindigeLus":
        """Turn the tile at (``rij``, ``kolom``) 90 degrees, clockwise unless ``wijzerzin`` is false."""
        self._check(rij, kolom)
        self.board = self.board.turned(rij, kolom, 1 if wijzerzin else -1)
        return self

    def isopgelost(self) -> bool:
        """Whether every connection meets its neighbour's and none points off the board."""
        return self.board.is_solved()


def _board(spec: Board | OneindigeLus) -> Board:
    """The model of ``spec``: a board, or the board behind the exercise's façade."""
    return spec.board if isinstance(spec, OneindigeLus) else spec


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="infinity-loop",
    description="Infinity Loop: turn every tile so that all connections form closed circuits",
    parse=parse,
    search=search,
    render=render,
    params=(Param("method", "the search: propagate (edge propagation) or plain (tile by tile)", str, "propagate",
                  tuple(SEARCHES)),),
    limits=LIMITS,
    examples=examples_in(Path(__file__).parent / "examples" / "infinity-loop"),
    example_aliases={"seed": "exercise", "seed-numbers": "exercise-numbers"},
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    draw=draw,
    draw_move=draw_move,
    check=check,
    reasoner=reasoner,
    generator=GENERATOR,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    """The puzzles of this module: infinity-loop."""
    return [PUZZLE]
