"""Infinity Loop ("∞ lus"): turn every tile so that all connections form closed circuits.

Rules: every tile may be turned by any multiple of 90 degrees.  A solution is a
grid of turned tiles in which every connection meets the opposite connection of
its neighbour and no connection points off the board.  Solutions are counted as
distinct grids: turning a ``╋`` or a blank tile, or a straight by 180 degrees, gives
the same grid, so a tile's moves are its *distinct* rotations.

Tiles are bitmasks (1 up, 2 right, 4 down, 8 left) drawn as the sixteen characters
``" ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"`` (tile 0, the blank tile, is a space).

Input: one line per row, either the tile characters (the ``str()`` of
:class:`OneindigeLus`) or whitespace-separated numbers 0 to 15; one format per
file: numbers when the first line that is not blank holds a digit.  Lines
starting with ``#`` are comments; empty lines before and after the grid are
ignored.  In the number format blank lines are ignored everywhere and every row
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

Output: the solved grid in the character format.  ``--json`` data: ``tiles``, the
solved grid as rows of numbers, and ``turns``, for each tile the clockwise quarter
turns (0 to 3, the fewest) from the given tile to the solved one.

Two searches state the problem.  ``propagate`` (the default) keeps for every tile
the set of its rotations that are still possible, as a 16-bit set of bitmasks;
an edge between two tiles is known open (closed) when every possible rotation of
a tile on either side opens (closes) it, and border edges are closed.  A move
decides the rotation of the undecided tile with the fewest possible rotations
and propagates: the neighbours of every tile whose set shrank lose the rotations
that disagree with the edges now known, and so on until nothing changes, with a
trail so that ``undo`` restores exactly.  The engine searches only where
propagation stops.  ``plain`` is the textbook search: a level per tile in reading
order, its distinct rotations as moves, ``valid`` checking the edges to the left
and above and the border.

``python -m backtrack_puzzles.infinity_loop generate ROWS COLS [--seed S] [--density P]
[--unique] [--numbers]`` prints a random solvable board (see :func:`generate`).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Iterator, Sequence

from backtrack import InputError, Param, Puzzle, Search, examples_in, hookimpl

__all__ = ["TEKENS", "Tegel", "OneindigeLus", "parse", "render", "as_json", "search", "generate", "PUZZLE"]

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
            "".join(TEKENS[tegel] for tegel in self._tegels[start : start + breedte]) for start in range(0, len(self._tegels), breedte)
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


def parse(text: str, source: str = "<input>") -> OneindigeLus:
    """A board from its text: rows of tile characters or of numbers 0 to 15 (see the module)."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    rows = [(number, line) for number, line in enumerate(lines, 1) if not line.startswith("#")]
    while rows and rows[0][1] == "":
        rows.pop(0)
    while rows and rows[-1][1] == "":
        rows.pop()
    if not rows:
        raise InputError("expected a grid of tiles (rows of tile characters or of numbers 0 to 15), found none", source)
    first = next((line for _, line in rows if line.strip()), "")
    if any(character.isdigit() for character in first):
        return _parse_numbers(rows, source)
    return _parse_characters(rows, source)


def _parse_numbers(rows: list[tuple[int, str]], source: str) -> OneindigeLus:
    tegels: list[int] = []
    width = None
    for number, line in rows:
        row: list[int] = []
        for token, column in zip(line.split(), _columns(line)):
            if not (token.isascii() and token.isdigit() and int(token) <= 15):
                hint = "" if token.lstrip("+-").isdigit() else " (a file holds either numbers or tile characters, not both)"
                raise InputError(f"expected a tile number from 0 to 15, found {token!r}{hint}", source, number, column)
            row.append(int(token))
        if not row:
            continue
        if width is None:
            width = len(row)
        elif len(row) != width:
            # The column of the first number too many, or just after the last one.
            where = _columns(line)[width] if len(row) > width else len(line.rstrip()) + 1
            raise InputError(f"ragged rows: expected {width} numbers in every row, found {len(row)}", source, number, where)
        tegels.extend(row)
    return OneindigeLus(tegels, width)  # type: ignore[arg-type]


def _columns(line: str) -> list[int]:
    """The column (from 1) where each whitespace-separated token of ``line`` starts."""
    return [column for column in range(1, len(line) + 1) if not line[column - 1].isspace() and (column == 1 or line[column - 2].isspace())]


def _parse_characters(rows: list[tuple[int, str]], source: str) -> OneindigeLus:
    for number, line in rows:
        for column, character in enumerate(line, 1):
            if character not in _MASK:
                if character.isdigit():
                    message = f"unknown tile character {character!r}: a file holds either tile characters or numbers, not both"
                else:
                    message = f"unknown tile character {character!r}; expected one of {TEKENS!r}, or rows of numbers 0 to 15"
                raise InputError(message, source, number, column)
    width = max(len(line) for _, line in rows)
    if any(len(line) != width for _, line in rows) and any(line.endswith(" ") for _, line in rows):
        number, line = next((number, line) for number, line in rows if len(line) != width)
        raise InputError(
            f"ragged rows: expected {width} tiles in every row, found {len(line)} "
            "(rows may be shorter only when no row keeps its trailing spaces)",
            source, number, len(line) + 1,
        )
    return OneindigeLus([_MASK[character] for _, line in rows for character in line.ljust(width)], width)


def render(spec: OneindigeLus, solution: Sequence[int]) -> str:
    """The solved grid in the character format (the ``str()`` of :class:`OneindigeLus`)."""
    return str(OneindigeLus(list(solution), spec.kolommen))


def as_json(spec: OneindigeLus, solution: Sequence[int]) -> dict:
    """``tiles``: the solved grid as rows of bitmasks; ``turns``: clockwise quarter turns per tile."""
    given = spec.tegels
    turns = [next(kwarten for kwarten in range(4) if draaien(before, kwarten) == after) for before, after in zip(given, solution)]
    width = spec.kolommen
    return {
        "tiles": [list(solution[start : start + width]) for start in range(0, len(solution), width)],
        "turns": [turns[start : start + width] for start in range(0, len(turns), width)],
    }


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


class PropagatingLoopSearch(Search):
    """Possible rotations per tile, shrunk by edge propagation; a move decides one tile.

    A move is ``(row, column, bitmask)``, or ``None`` when propagation alone solved
    the board (the engine needs one move to reach a solution).  A contradiction in
    ``record`` leaves ``moves`` empty and ``done`` false at the next level.
    """

    moves_are_valid = True

    def __init__(self, spec: OneindigeLus):
        self.rows, self.columns = spec.rijen, spec.kolommen
        rows, columns = self.rows, self.columns
        self.neighbours: list[tuple[int, int, int, int]] = []
        self.possible: list[int] = []
        for index, tegel in enumerate(spec.tegels):
            row, column = divmod(index, columns)
            up = index - columns if row > 0 else -1
            right = index + 1 if column + 1 < columns else -1
            down = index + columns if row + 1 < rows else -1
            left = index - 1 if column > 0 else -1
            self.neighbours.append((up, right, down, left))
            possible = sum(1 << mask for mask in rotations(tegel))
            for neighbour, bit in zip((up, right, down, left), _DIRECTIONS):
                if neighbour < 0:
                    possible &= _WITHOUT[bit]
            self.possible.append(possible)
        self.undecided = sum(1 for possible in self.possible if _SIZE[possible] > 1)
        self.trail: list[tuple[int, int]] = []  # (tile, its set before the change)
        self.marks: list[int] = []  # trail length before each move
        self.failed = False
        self.root_failed = False  # the border alone leaves no solution
        self.started = False

    def _start(self) -> None:
        """Propagate the border (once; its consequences are never undone)."""
        self.started = True
        if any(possible == 0 for possible in self.possible):
            self.root_failed = True
        else:
            self.root_failed = not self._propagate(list(range(len(self.possible))))
        self.failed = self.root_failed
        self.trail.clear()

    def _propagate(self, queue: list[int]) -> bool:
        """Shrink neighbours' sets from the tiles in ``queue`` until nothing changes; False on a contradiction."""
        possible, neighbours, trail = self.possible, self.neighbours, self.trail
        while queue:
            tile = queue.pop()
            around = neighbours[tile]
            for direction, allowed in _FORCING[possible[tile]]:  # type: ignore[union-attr]
                neighbour = around[direction]
                if neighbour < 0:
                    continue
                before = possible[neighbour]
                after = before & allowed
                if after != before:
                    if not after:
                        return False
                    trail.append((neighbour, before))
                    possible[neighbour] = after
                    if _SIZE[after] == 1:
                        self.undecided -= 1
                    queue.append(neighbour)
        return True

    def moves(self, level: int) -> Iterator[tuple[int, int, int] | None]:
        if not self.started:
            self._start()
        if self.failed:
            return iter(())
        if not self.undecided:
            return iter((None,))
        best, fewest = -1, 5
        for tile, possible in enumerate(self.possible):
            size = _SIZE[possible]
            if 1 < size < fewest:
                best, fewest = tile, size
                if size == 2:
                    break
        row, column = divmod(best, self.columns)
        chosen = self.possible[best]
        return iter([(row, column, mask) for mask in range(16) if chosen >> mask & 1])

    def record(self, level: int, move: tuple[int, int, int] | None) -> None:
        if not self.started:
            self._start()
        self.marks.append(len(self.trail))
        if move is None or self.failed:
            return
        row, column, mask = move
        tile = row * self.columns + column
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
        mark = self.marks.pop()
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
        return tuple(possible.bit_length() - 1 for possible in self.possible)


class PlainLoopSearch(Search):
    """Level = tile in reading order; moves = its distinct rotations; ``valid`` checks left, up and border."""

    def __init__(self, spec: OneindigeLus):
        self.rows, self.columns = spec.rijen, spec.kolommen
        self.options = [rotations(tegel) for tegel in spec.tegels]
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


SEARCHES = {"propagate": PropagatingLoopSearch, "plain": PlainLoopSearch}


def search(spec: OneindigeLus, method: str = "propagate", **_: object) -> Search:
    """A fresh search of ``spec``; ``method`` is ``propagate`` (default) or ``plain``."""
    return SEARCHES[method](spec)


# -- generator --------------------------------------------------------------------------------


def generate(rows: int, cols: int, seed: int | None = None, density: float = 0.5, unique: bool = False) -> OneindigeLus:
    """A random solvable board of ``rows`` x ``cols`` tiles.

    Each edge between two tiles is open with probability ``density``, the tiles
    follow from the edges, and then every tile is turned at random.  With ``unique``
    the board is repaired until it has exactly one solution: while a second solution
    exists, an edge of a tile on which the two solutions differ is toggled (the
    board stays solvable, since the intended grid is still a solution).
    """
    if not (_is_int(rows) and _is_int(cols) and rows >= 1 and cols >= 1):
        raise ValueError(f"rows and columns must be whole numbers of at least 1, not {rows!r} and {cols!r}")
    if not 0.0 <= density <= 1.0:
        raise ValueError(f"density must be from 0 to 1, not {density!r}")
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
            found = list(PropagatingLoopSearch(OneindigeLus(tiles, cols)).solutions(2))
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


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.infinity_loop generate ROWS COLS [--seed S] [--density P] [--numbers]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.infinity_loop", description="Infinity Loop tools.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    making = commands.add_parser("generate", help="print a random solvable board")
    making.add_argument("rows", type=int)
    making.add_argument("cols", type=int)
    making.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one)")
    making.add_argument("--density", type=float, default=0.5, help="chance that an edge between two tiles is open (default 0.5)")
    making.add_argument("--unique", action="store_true", help="repair the board until it has exactly one solution")
    making.add_argument("--numbers", action="store_true", help="print numbers 0-15 instead of tile characters")
    args = parser.parse_args(argv)
    try:
        board = generate(args.rows, args.cols, args.seed, args.density, args.unique)
    except ValueError as error:
        parser.error(str(error))
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
    params=(Param("method", "the search: propagate (edge propagation) or plain (tile by tile)", str, "propagate", tuple(SEARCHES)),),
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "infinity-loop"),
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


if __name__ == "__main__":
    sys.exit(main())
