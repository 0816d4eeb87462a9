"""Infinity Loop ("∞ lus"): turn every tile so that all connections form closed circuits.

Rules: every tile may be turned by any multiple of 90 degrees.  A solution is a
grid of turned tiles in which every connection meets the opposite connection of
its neighbour and no connection points off the board.  Solutions are counted as
distinct grids: turning a ``╋`` or a blank tile, or a straight by 180 degrees, gives
the same grid, so a tile's moves are its *distinct* rotations.

Tiles are bitmasks (1 up, 2 right, 4 down, 8 left) drawn as the sixteen characters
``" ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"`` (tile 0, the blank tile, is a space).

Input: one line per row, either the tile characters (the ``str()`` of
:class:`OneindigeLus`) or whitespace-separated numbers 0 to 15 (leading zeros
allowed); one format per file: numbers when the first line that is not blank
holds a digit.  Lines starting with ``#`` are comments; empty lines before and
after the grid are ignored.  In the number format blank lines are ignored everywhere and every row
must hold the same count of numbers.
In the character format a space is a blank tile, so trailing spaces matter:

* rows of equal length are taken as they are;
* when rows differ in length and no row ends in a space, trailing spaces were
  evidently stripped (by an editor, say), so short rows (and empty lines inside
  the grid) are padded on the right with blank tiles up to the longest row;
* when rows differ in length although some row ends in a space, the rows are
  ragged: an error names the first row whose length differs.

A blank column or row at the very edge that an editor stripped cannot be
recovered; the number format is exact.

Boards up to :data:`MAX_SIDE` x :data:`MAX_SIDE` (1000 x 1000) tiles are accepted;
a longer row or a further row is an error naming its line (and the column of the
first tile too many).  Setting up the search of the largest board (parsing and
propagating the border) takes about a second and 300 MB.  The search itself is
another matter: a generated 400 x 400 board is solved in about a second, but on
a 1000 x 1000 one a wrong early decision can be found out only after many others
and the search may not end for a long time (use ``--timeout``).

Output: the solved grid in the character format.  ``--json`` data: ``tiles``, the
solved grid as rows of numbers, and ``turns``, for each tile the clockwise quarter
turns (0 to 3, the fewest) from the given tile to the solved one.

Two searches state the problem.  ``propagate`` (the default) keeps for every tile
the set of its rotations that are still possible, as a 16-bit set of bitmasks;
an edge between two tiles is known open (closed) when every possible rotation of
a tile on either side opens (closes) it, and border edges are closed.  A move
decides the rotation of the undecided tile with the fewest possible rotations
(the first in reading order) and propagates: the neighbours of every tile whose set shrank lose the rotations
that disagree with the edges now known, and so on until nothing changes, with a
trail so that ``undo`` restores exactly.  The engine searches only where
propagation stops.  ``plain`` is the textbook search: a level per tile in reading
order, its distinct rotations as moves, ``valid`` checking the edges to the left
and above and the border.  ``--trace`` shows a move as the tile it turns to and
where, ``┏ at (2, 3)`` (row 2, column 3, counted from 1).

:func:`check` is the independent rule checker: it names each tile that is not
the given one turned, and each connection that is not met or points off the board.

``python -m backtrack_puzzles.infinity_loop generate ROWS COLS [--seed S] [--density P]
[--unique] [--numbers]`` prints a random solvable board (see :func:`generate`): up
to 1000 x 1000 tiles, or :data:`MAX_UNIQUE_SIDE` x :data:`MAX_UNIQUE_SIDE` (150 x
150) with ``--unique``, whose repairs search the board again and again.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from pathlib import Path
from typing import Iterator, Sequence

from backtrack import InputError, Param, Puzzle, Search, examples_in, hookimpl, quoted, whole_number

__all__ = [
    "TEKENS", "MAX_SIDE", "MAX_UNIQUE_SIDE", "LIMITS", "Tegel", "OneindigeLus",
    "parse", "render", "as_json", "check", "search", "generate", "PUZZLE",
]

#: The tile characters, indexed by bitmask (1 up, 2 right, 4 down, 8 left).
TEKENS = " ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"
_MASK = {teken: mask for mask, teken in enumerate(TEKENS)}

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (``bool`` is not, although Python says so)."""
    return isinstance(value, int) and not isinstance(value, bool)


def draaien(mask: int, kwarten: int = 1) -> int:
    """The bitmask ``mask`` turned ``kwarten`` quarter turns clockwise (negative: anticlockwise)."""
    kwarten %= 4
    return ((mask << kwarten) | (mask >> (4 - kwarten))) & 15


def rotations(mask: int) -> tuple[int, ...]:
    """The distinct rotations of a tile, as bitmasks, in increasing order."""
    return tuple(sorted({draaien(mask, kwarten) for kwarten in range(4)}))


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
        return TEKENS[self._mask]

    def __repr__(self) -> str:
        return f"Tegel({TEKENS[self._mask]!r})"

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
        self._mask = draaien(self._mask, 1 if wijzerzin else -1)
        return self

    def __rshift__(self, kwarten: int) -> "Tegel":
        if not _is_int(kwarten):
            return NotImplemented
        return Tegel(draaien(self._mask, kwarten))

    def __lshift__(self, kwarten: int) -> "Tegel":
        if not _is_int(kwarten):
            return NotImplemented
        return Tegel(draaien(self._mask, -kwarten))

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
    """A board of tiles: the tiles as bitmasks in reading order, and the number of columns.

    ``OneindigeLus([9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3], 4)`` is three rows of
    four tiles.  The tiles must be a list or tuple of whole numbers 0 to 15, at least
    one, filling whole rows; otherwise ``AssertionError('ongeldig rooster')``.
    """

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
        self._tegels = [int(tegel) for tegel in tegels]
        self._kolommen = kolommen

    @classmethod
    def _unchecked(cls, tegels: list[int], kolommen: int) -> "OneindigeLus":
        """A board from tiles known to be right (the parser's): skips the checks, which are slow on large boards."""
        board = cls.__new__(cls)
        board._tegels = tegels
        board._kolommen = kolommen
        return board

    @property
    def rijen(self) -> int:
        """The number of rows."""
        return len(self._tegels) // self._kolommen

    @property
    def kolommen(self) -> int:
        """The number of columns."""
        return self._kolommen

    @property
    def tegels(self) -> tuple[int, ...]:
        """The tiles as bitmasks, in reading order (a copy)."""
        return tuple(self._tegels)

    def tegel(self, rij: int, kolom: int) -> Tegel:
        """A copy of the tile at row ``rij``, column ``kolom`` (both from 0)."""
        return Tegel(self._tegels[self._index(rij, kolom)])

    def _index(self, rij: int, kolom: int) -> int:
        if not (_is_int(rij) and _is_int(kolom) and 0 <= rij < self.rijen and 0 <= kolom < self._kolommen):
            raise AssertionError("ongeldige positie")
        return rij * self._kolommen + kolom

    def __repr__(self) -> str:
        return f"OneindigeLus({self._tegels!r}, {self._kolommen})"

    def __str__(self) -> str:
        breedte = self._kolommen
        return "\n".join(
            "".join(TEKENS[tegel] for tegel in self._tegels[start : start + breedte])
            for start in range(0, len(self._tegels), breedte)
        )

    def draai(self, rij: int, kolom: int, wijzerzin: bool = True) -> "OneindigeLus":
        """Turn the tile at (``rij``, ``kolom``) 90 degrees, clockwise unless ``wijzerzin`` is false."""
        index = self._index(rij, kolom)
        self._tegels[index] = draaien(self._tegels[index], 1 if wijzerzin else -1)
        return self

    def isopgelost(self) -> bool:
        """Whether every connection meets its neighbour's and none points off the board."""
        tegels, breedte, hoogte = self._tegels, self._kolommen, self.rijen
        for index, tegel in enumerate(tegels):
            rij, kolom = divmod(index, breedte)
            rechts = bool(tegels[index + 1] & LEFT) if kolom + 1 < breedte else False
            onder = bool(tegels[index + breedte] & UP) if rij + 1 < hoogte else False
            if bool(tegel & RIGHT) != rechts or bool(tegel & DOWN) != onder:
                return False
            if (kolom == 0 and tegel & LEFT) or (rij == 0 and tegel & UP):
                return False
        return True


# -- input and output -----------------------------------------------------------------

#: The most rows and the most columns of a board that :func:`parse` accepts (and :func:`generate` makes).
MAX_SIDE = 1000
LIMITS = f"boards up to {MAX_SIDE} x {MAX_SIDE} tiles"
#: The most rows and columns of a board that :func:`generate` makes unique.
MAX_UNIQUE_SIDE = 150

_CHARACTERS = frozenset(TEKENS)
# The tile numbers without leading zeros; anything else is read by whole_number, which says what is wrong.
_NUMBERS = {str(mask): mask for mask in range(16)}


def parse(text: str, source: str = "<input>") -> OneindigeLus:
    """A board from its text: rows of tile characters or of numbers 0 to 15 (see the module).

    Boards of more than :data:`MAX_SIDE` rows or columns are refused.
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
    return InputError(f"expected at most {MAX_SIDE:,} rows ({LIMITS}), found more", source, line)


def _parse_numbers(lines: list[str], first: int, last: int, source: str) -> OneindigeLus:
    tegels: list[int] = []
    width = 0
    rows = 0
    for index in range(first, last + 1):
        line = lines[index]
        tokens = line.split()
        if not tokens or line.startswith("#"):
            continue
        number = index + 1
        rows += 1
        if rows > MAX_SIDE:
            raise _too_many_rows(source, number)
        if len(tokens) > MAX_SIDE:
            raise InputError(f"expected at most {MAX_SIDE:,} numbers in a row ({LIMITS}), found {len(tokens):,}",
                             source, number, _columns(line, MAX_SIDE + 1)[MAX_SIDE])
        row = [_NUMBERS.get(token, -1) for token in tokens]
        if -1 in row:  # leading zeros, or a mistake to find
            row = [_NUMBERS.get(token.lstrip("0") or "0", -1) for token in tokens]
            if -1 in row:
                row = [_tile_number(token, source, number, column) for token, column in zip(tokens, _columns(line))]
        if not width:
            width = len(row)
        elif len(row) != width:
            # The column of the first number too many, or just after the last one.
            where = _columns(line, width + 1)[width] if len(row) > width else len(line.rstrip()) + 1
            raise InputError(f"ragged rows: expected {width} numbers in every row, found {len(row)}",
                             source, number, where)
        tegels.extend(row)
    return OneindigeLus._unchecked(tegels, width)


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


def _parse_characters(lines: list[str], first: int, last: int, source: str) -> OneindigeLus:
    rows: list[tuple[int, str]] = []
    for index in range(first, last + 1):
        line = lines[index]
        if line.startswith("#"):
            continue
        number = index + 1
        if len(rows) == MAX_SIDE:
            raise _too_many_rows(source, number)
        if not _CHARACTERS.issuperset(line):
            column, character = next((column, character) for column, character in enumerate(line, 1)
                                     if character not in _MASK)
            if column <= MAX_SIDE:
                if character.isdigit():
                    expected = ": a file holds either tile characters or numbers, not both"
                else:
                    expected = f"; expected one of {TEKENS!r}, or rows of numbers 0 to 15"
                raise InputError(f"unknown tile character {quoted(character)}{expected}", source, number, column)
        if len(line) > MAX_SIDE:
            raise InputError(f"expected at most {MAX_SIDE:,} tiles in a row ({LIMITS}), found {len(line):,}",
                             source, number, MAX_SIDE + 1)
        rows.append((number, line))
    width = max(len(line) for _, line in rows)
    if any(len(line) != width for _, line in rows) and any(line.endswith(" ") for _, line in rows):
        number, line = next((number, line) for number, line in rows if len(line) != width)
        raise InputError(
            f"ragged rows: expected {width} tiles in every row, found {len(line)} "
            "(rows may be shorter only when no row keeps its trailing spaces)",
            source, number, len(line) + 1,
        )
    return OneindigeLus._unchecked([_MASK[character] for _, line in rows for character in line.ljust(width)], width)


def render(spec: OneindigeLus, solution: Sequence[int]) -> str:
    """The solved grid in the character format (the ``str()`` of :class:`OneindigeLus`)."""
    return str(OneindigeLus(list(solution), spec.kolommen))


def as_json(spec: OneindigeLus, solution: Sequence[int]) -> dict:
    """``tiles``: the solved grid as rows of bitmasks; ``turns``: clockwise quarter turns per tile."""
    given = spec.tegels
    turns = [next(kwarten for kwarten in range(4) if draaien(before, kwarten) == after)
             for before, after in zip(given, solution)]
    width = spec.kolommen
    return {
        "tiles": [list(solution[start : start + width]) for start in range(0, len(solution), width)],
        "turns": [turns[start : start + width] for start in range(0, len(turns), width)],
    }


# -- the rules, checked independently of the searches ------------------------------------------


def check(spec: OneindigeLus, solution: Sequence[int]) -> list[str]:
    """The rules that ``solution`` (tiles as bitmasks in reading order, as the searches yield) breaks on ``spec``.

    Every tile must be the given tile turned, every connection must meet the
    facing connection of its neighbour, and none may point off the board.  Rows
    and columns are counted from 1; an empty list means that every rule holds.
    Shares no code with the searches: the turns and the edges are worked out here
    again from the given tiles.
    """
    rows, columns, given = spec.rijen, spec.kolommen, spec.tegels
    if len(solution) != len(given):
        return [f"the solution has {len(solution)} tiles, the {rows} x {columns} board has {len(given)}"]
    names = ("up", "to the right", "down", "to the left")
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))

    def sides(tile: int) -> list[bool]:
        return [bool(tile >> side & 1) for side in range(4)]  # up, right, down, left

    broken = []
    grid: list[list[bool] | None] = []
    for index, (before, after) in enumerate(zip(given, solution)):
        where = f"row {index // columns + 1}, column {index % columns + 1}"
        if not (isinstance(after, int) and not isinstance(after, bool) and 0 <= after <= 15):
            broken.append(f"{where}: {after!r} is not a tile (a number from 0 to 15)")
            grid.append(None)
            continue
        turns, turned = [], sides(before)
        for _ in range(4):
            turns.append(turned)
            turned = turned[-1:] + turned[:-1]  # a quarter turn clockwise: what pointed left now points up
        if sides(after) not in turns:
            broken.append(f"{where}: {TEKENS[after]!r} is not the given tile {TEKENS[before]!r} turned")
        grid.append(sides(after))
    for index, tile in enumerate(grid):
        if tile is None:
            continue
        row, column = divmod(index, columns)
        where = f"row {row + 1}, column {column + 1}"
        for side, (down, right) in enumerate(steps):
            there_row, there_column = row + down, column + right
            if not (0 <= there_row < rows and 0 <= there_column < columns):
                if tile[side]:
                    broken.append(f"{where}: the connection {names[side]} points off the board")
                continue
            there = grid[there_row * columns + there_column]
            if there is not None and tile[side] and not there[(side + 2) % 4]:
                broken.append(f"{where}: the connection {names[side]} is not met by the tile at row {there_row + 1}, "
                              f"column {there_column + 1}")
    return broken


# -- searches -----------------------------------------------------------------------------

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
_FORCING: list[tuple[tuple[int, int], ...] | None] = [None] * 0x10000
_SIZE = [0] * 0x10000
for _shape in {rotations(mask) for mask in range(16)}:
    for _subset in range(1, 1 << len(_shape)):
        _possible = sum(1 << mask for number, mask in enumerate(_shape) if _subset >> number & 1)
        _FORCING[_possible] = _forcing(_possible)
        _SIZE[_possible] = bin(_possible).count("1")
_FORCING_SETS = {possible: forced for possible, forced in enumerate(_FORCING) if forced is not None}

#: The distinct rotations of each tile, and the same as a 16-bit set of bitmasks.
_ROTATIONS = tuple(rotations(mask) for mask in range(16))
_ROTATION_SET = tuple(sum(1 << turned for turned in _ROTATIONS[mask]) for mask in range(16))


def _tile_name(mask: int) -> str:
    """A tile as a trace shows it: its character, or ``blank`` for the blank tile (a space)."""
    return TEKENS[mask] if mask else "blank"


class PropagatingLoopSearch(Search):
    """Possible rotations per tile, shrunk by edge propagation; a move decides one tile.

    A move is ``(row, column, bitmask)`` (row and column from 0), or ``None`` when
    propagation alone solved the board (the engine needs one move to reach a
    solution).  A contradiction in ``record`` leaves ``moves`` empty and ``done``
    false at the next level.

    The sets are kept in a grid with a frame: one column right of each row and one
    row above and below the board hold the empty set, which propagation never
    changes, so that a neighbour is always a fixed offset away.  The tile to decide
    is the first undecided one in reading order with the fewest possible
    rotations; ``low[size]`` is a position before which no tile has that many (the
    scan for it starts there), lowered when a set shrinks to that size and saved
    with each move.
    """

    moves_are_valid = True

    def __init__(self, spec: OneindigeLus):
        rows, columns = self.rows, self.columns = spec.rijen, spec.kolommen
        stride = self.stride = columns + 1
        offsets = (-stride, 1, stride, -1)  # up, right, down, left
        self.forcing = {possible: tuple((offsets[direction], allowed) for direction, allowed in forced)
                        for possible, forced in _FORCING_SETS.items()}
        tegels = spec.tegels
        possible = [0] * ((rows + 2) * stride)
        for row in range(rows):
            start = (row + 1) * stride
            possible[start : start + columns] = [_ROTATION_SET[tegel]
                                                 for tegel in tegels[row * columns : (row + 1) * columns]]
            possible[start] &= _WITHOUT[LEFT]
            possible[start + columns - 1] &= _WITHOUT[RIGHT]
        for column in range(stride, stride + columns):
            possible[column] &= _WITHOUT[UP]
            possible[column + (rows - 1) * stride] &= _WITHOUT[DOWN]
        self.possible = possible
        self.frame = len(possible) - rows * columns
        self.undecided = sum(_SIZE[each] > 1 for each in possible)
        self.low = [0, 0, stride, stride, stride]
        self.trail: list[tuple[int, int]] = []  # (tile, its set before the change)
        self.marks: list[tuple[int, int, int, int]] = []  # trail length and low[2:] before each move
        self.failed = False
        self.root_failed = False  # the border alone leaves no solution
        self.started = False

    def _start(self) -> None:
        """Propagate the border (once; its consequences are never undone)."""
        self.started = True
        possible = self.possible
        if possible.count(0) > self.frame:  # a tile with no rotation left
            self.root_failed = True
        else:
            self.root_failed = not self._propagate([tile for tile, each in enumerate(possible) if _FORCING[each]])
        self.failed = self.root_failed
        self.trail.clear()

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

    def moves(self, level: int) -> Iterator[tuple[int, int, int] | None]:
        if not self.started:
            self._start()
        if self.failed:
            return iter(())
        if not self.undecided:
            return iter((None,))
        best = self._branching_tile()
        row, column = divmod(best, self.stride)
        chosen = self.possible[best]
        return iter([(row - 1, column, mask) for mask in range(16) if chosen >> mask & 1])

    def record(self, level: int, move: tuple[int, int, int] | None) -> None:
        if not self.started:
            self._start()
        low = self.low
        self.marks.append((len(self.trail), low[2], low[3], low[4]))
        if move is None or self.failed:
            return
        row, column, mask = move
        tile = (row + 1) * self.stride + column
        before = self.possible[tile]
        if not before >> mask & 1:
            self.failed = True
            return
        self.trail.append((tile, before))
        self.possible[tile] = 1 << mask
        if _SIZE[before] > 1:
            self.undecided -= 1
        self.failed = not self._propagate([tile])

    def undo(self, level: int, move: tuple[int, int, int] | None) -> None:
        low = self.low
        mark, low[2], low[3], low[4] = self.marks.pop()
        possible, trail = self.possible, self.trail
        while len(trail) > mark:
            tile, before = trail.pop()
            if _SIZE[possible[tile]] == 1 and _SIZE[before] > 1:
                self.undecided += 1
            possible[tile] = before
        self.failed = self.root_failed

    def done(self, level: int) -> bool:
        return not self.failed and not self.undecided

    def solution(self, path: tuple) -> tuple[int, ...]:
        possible, stride, columns = self.possible, self.stride, self.columns
        return tuple(
            each.bit_length() - 1
            for start in range(stride, stride * (self.rows + 1), stride)
            for each in possible[start : start + columns]
        )

    def format_move(self, level: int, move: tuple[int, int, int] | None) -> str:
        """``┏ at (2, 3)``: the tile turned so, at row 2, column 3 (counted from 1)."""
        if move is None:
            return "none (propagation solved the board)"
        row, column, mask = move
        return f"{_tile_name(mask)} at ({row + 1}, {column + 1})"


class PlainLoopSearch(Search):
    """Level = tile in reading order; moves = its distinct rotations; ``valid`` checks left, up and border."""

    def __init__(self, spec: OneindigeLus):
        self.rows, self.columns = spec.rijen, spec.kolommen
        self.options = [_ROTATIONS[tegel] for tegel in spec.tegels]
        self.grid: list[int] = []
        self.last = len(self.options) - 1

    def moves(self, level: int) -> tuple[int, ...]:
        return self.options[level]

    def valid(self, level: int, move: int) -> bool:
        row, column = divmod(level, self.columns)
        grid = self.grid
        left = bool(grid[level - 1] & RIGHT) if column else False
        up = bool(grid[level - self.columns] & DOWN) if row else False
        if bool(move & LEFT) != left or bool(move & UP) != up:
            return False
        if column == self.columns - 1 and move & RIGHT:
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

    def format_move(self, level: int, move: int) -> str:
        """``┏ at (2, 3)``: the tile of this level (reading order) turned so, at row 2, column 3 (counted from 1)."""
        row, column = divmod(level, self.columns)
        return f"{_tile_name(move)} at ({row + 1}, {column + 1})"


SEARCHES = {"propagate": PropagatingLoopSearch, "plain": PlainLoopSearch}


def search(spec: OneindigeLus, method: str = "propagate", **_: object) -> Search:
    """A fresh search of ``spec``; ``method`` is ``propagate`` (default) or ``plain``.

    An unknown method is an :class:`InputError` naming the known ones.
    """
    if method not in SEARCHES:
        known = ", ".join(SEARCHES)
        raise InputError(f"parameter method must be one of {known}, not {quoted(str(method))}", "<parameters>")
    return SEARCHES[method](spec)


# -- generator --------------------------------------------------------------------------------


def generate(rows: int, cols: int, seed: int | None = None, density: float = 0.5, unique: bool = False) -> OneindigeLus:
    """A random solvable board of ``rows`` x ``cols`` tiles.

    Each edge between two tiles is open with probability ``density``, the tiles
    follow from the edges, and then every tile is turned at random.  With ``unique``
    the board is repaired until it has exactly one solution: while a second solution
    exists, an edge of a tile on which the two solutions differ is toggled (the
    board stays solvable, since the intended grid is still a solution).

    ``ValueError`` for sides outside 1 to :data:`MAX_SIDE` (:data:`MAX_UNIQUE_SIDE`
    with ``unique``: each repair searches the whole board again, so the time grows
    quickly with the size) or a density outside 0 to 1.
    """
    most = MAX_UNIQUE_SIDE if unique else MAX_SIDE
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
            found = list(PropagatingLoopSearch(OneindigeLus._unchecked(tiles, cols)).solutions(2))
            if len(found) < 2:
                break
            index = chance.choice([index for index, (one, two) in enumerate(zip(*found)) if one != two])
            row, column = divmod(index, cols)
            edges = [(index, RIGHT)] if column + 1 < cols else []
            edges += [(index - 1, RIGHT)] if column else []
            edges += [(index, DOWN)] if row + 1 < rows else []
            edges += [(index - cols, DOWN)] if row else []
            toggle(*chance.choice(edges))
        else:  # pragma: no cover - not seen in practice
            raise RuntimeError("could not make the board unique")
    return OneindigeLus([draaien(tile, chance.randrange(4)) for tile in tiles], cols)


def _side(text: str) -> int:
    """A number of rows or columns, for argparse: a whole number from 1 to :data:`MAX_SIDE`."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) <= len(str(MAX_SIDE))
            and 1 <= int(digits) <= MAX_SIDE):
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {MAX_SIDE} ({LIMITS}), found {quoted(text)}")
    return int(digits)


def _seed(text: str) -> int:
    """A random seed, for argparse: a whole number of at most 100 digits."""
    try:
        if len(text.strip().lstrip("+-").lstrip("0")) > 100:
            raise ValueError("too many digits")
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at most 100 digits, found {quoted(text)}") from None


def _density(text: str) -> float:
    """The chance that an edge is open, for argparse: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, found {quoted(text)}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.infinity_loop generate ROWS COLS [--seed S] [--density P] [--unique] [--numbers]``.

    Bad arguments end with a message and exit status 2.
    """
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.infinity_loop",
                                     description="Infinity Loop tools.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    making = commands.add_parser("generate", help="print a random solvable board")
    making.add_argument("rows", type=_side, help=f"rows, 1 to {MAX_SIDE} ({MAX_UNIQUE_SIDE} with --unique)")
    making.add_argument("cols", type=_side, help=f"columns, 1 to {MAX_SIDE} ({MAX_UNIQUE_SIDE} with --unique)")
    making.add_argument("--seed", type=_seed, default=None, help="random seed (default: a fresh one)")
    making.add_argument("--density", type=_density, default=0.5,
                        help="chance that an edge between two tiles is open, 0 to 1 (default 0.5)")
    making.add_argument("--unique", action="store_true",
                        help="repair the board until it has exactly one solution "
                             f"(up to {MAX_UNIQUE_SIDE} x {MAX_UNIQUE_SIDE} tiles)")
    making.add_argument("--numbers", action="store_true", help="print numbers 0-15 instead of tile characters")
    args = parser.parse_args(argv)
    if args.unique and max(args.rows, args.cols) > MAX_UNIQUE_SIDE:
        making.error(f"--unique makes boards up to {MAX_UNIQUE_SIDE} x {MAX_UNIQUE_SIDE} tiles, "
                     f"not {args.rows} x {args.cols}")
    try:
        board = generate(args.rows, args.cols, args.seed, args.density, args.unique)
    except ValueError as error:
        making.error(str(error))
    if args.numbers:
        tegels = board.tegels
        for start in range(0, len(tegels), board.kolommen):
            print(" ".join(str(tegel) for tegel in tegels[start : start + board.kolommen]))
    else:
        print(board)
    return 0


PUZZLE = Puzzle(
    name="infinity-loop",
    description="Infinity Loop: turn every tile so that all connections form closed circuits",
    parse=parse,
    search=search,
    render=render,
    params=(Param("method", "the search: propagate (edge propagation) or plain (tile by tile)", str, "propagate",
                  tuple(SEARCHES)),),
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "infinity-loop"),
    check=check,
    limits=LIMITS,
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


if __name__ == "__main__":
    sys.exit(main())
