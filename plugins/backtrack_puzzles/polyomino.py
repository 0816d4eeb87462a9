"""Polyomino packing: cover a board with a set of pieces, each piece used once.

File format: optional first lines ``pieces: pentominoes`` (the default),
``pieces: tetrominoes`` or ``pieces: hexominoes``, ``flips: yes`` (reflections
allowed, the default) or ``flips: no``, and ``piece NAME: ROWS`` for a piece of the
file's own (``NAME`` one letter or digit, ``ROWS`` the piece's rows separated by
``/``, ``#`` a square of the piece and ``.`` none: ``piece V: #../#../###``).  With
pieces of its own and no ``pieces:`` line, a file uses only its own pieces.  Then
the board, one line per row: ``.`` a cell to cover, ``#`` or a space a cell that
is not part of the board.  Lines beginning with ``%`` are comments.

The sets: the twelve pentominoes named by Conway's letters ``F I L N P T U V W X Y
Z``, the five tetrominoes ``I L O S T``, and the 35 hexominoes, named ``A`` to ``Z``
then ``a`` to ``i`` in a fixed order (:func:`free_polyominoes`).  A piece may be
turned, and with ``flips: yes`` turned over.

A solution is the board with each cell's piece letter (``#`` where the board has
no cell); ``backtrack check`` reads an answer in that form.  The search is an
:class:`~backtrack.ExactCoverSearch`: one primary item per piece and one per cell,
an option per placement of a piece (a move is its number, counted from 0).

The model is :class:`Packing`; the parts follow the anatomy of every puzzle module
(:mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the text form, 5 the
picture, 6 the checker, 7 the search, 10 the descriptor, 11 the hook.  Rows and
columns count from 0 inside, from 1 in messages.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from backtrack import InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted
from backtrack.cover import BITS_UP_TO, ExactCoverSearch
from backtrack.svg import PALETTE, Grid

#: The largest instance accepted: board sides, cells of the board, pieces, squares of a piece.
MAX_SIDE = 40
MAX_CELLS = 400
MAX_PIECES = 40
MAX_PIECE_CELLS = 12

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

# -- 1. the model ----------------------------------------------------------------------------------


def normalised(cells: Iterable[Cell]) -> Shape:
    """The cells moved to the top left corner (the least row and column 0), sorted."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(shape: Shape, flips: bool = True) -> list[Shape]:
    """The distinct ways to lay ``shape`` down: its four turns, and with ``flips`` their mirror images."""
    found: list[Shape] = []
    cells = list(shape)
    for mirror in ((False, True) if flips else (False,)):
        turned = [(r, -c) for r, c in cells] if mirror else cells
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            laid = normalised(turned)
            if laid not in found:
                found.append(laid)
    return found


def _rows(text: str) -> Shape:
    """A shape drawn as rows separated by ``/``, ``#`` a square."""
    return tuple((r, c) for r, row in enumerate(text.split("/")) for c, ch in enumerate(row) if ch == "#")


@functools.lru_cache(maxsize=None)
def free_polyominoes(size: int) -> tuple[Shape, ...]:
    """The free polyominoes of ``size`` squares (turned and turned over count as one), in least form, sorted."""
    shapes: set[Shape] = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for r, c in shape:
                for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if near not in shape:
                        grown.add(min(orientations(normalised((*shape, near)))))
        shapes = grown
    return tuple(sorted(shapes))


PENTOMINOES: tuple[tuple[str, Shape], ...] = tuple((name, _rows(rows)) for name, rows in (
    ("F", ".##/##./.#."), ("I", "#####"), ("L", "####/#..."), ("N", "##../.###"), ("P", "##/##/#."),
    ("T", "###/.#./.#."), ("U", "#.#/###"), ("V", "#../#../###"), ("W", "#../##./.##"), ("X", ".#./###/.#."),
    ("Y", "####/.#.."), ("Z", "##./.#./.##")))
TETROMINOES: tuple[tuple[str, Shape], ...] = tuple((name, _rows(rows)) for name, rows in (
    ("I", "####"), ("L", "###/#.."), ("O", "##/##"), ("S", ".##/##."), ("T", "###/.#.")))
HEXOMINOES: tuple[tuple[str, Shape], ...] = tuple(
    zip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi", free_polyominoes(6), strict=True))
#: The sets of pieces a file names with ``pieces: NAME``.
SETS = {"pentominoes": PENTOMINOES, "tetrominoes": TETROMINOES, "hexominoes": HEXOMINOES}
#: The names a piece of a file's own may take: one letter or digit.
NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


@dataclass(frozen=True)
class Packing(Pictured, puzzle="polyomino"):
    """A board to cover and the pieces to cover it with, each once.

    ``board`` is its rows, all of one length: ``.`` a cell to cover, ``#`` none.
    ``pieces`` are the named pieces (a set's and the file's own, in that order),
    each shape normalised; ``named_set`` is the set's name (empty: the file's pieces
    only) and ``own`` the file's own pieces; ``flips``: may a piece be turned over.
    """

    board: tuple[str, ...]
    named_set: str = "pentominoes"
    own: tuple[tuple[str, Shape], ...] = ()
    flips: bool = True

    @property
    def pieces(self) -> tuple[tuple[str, Shape], ...]:
        return SETS.get(self.named_set, ()) + self.own

    @property
    def cells(self) -> list[Cell]:
        """The cells to cover, in reading order."""
        return [(r, c) for r, row in enumerate(self.board) for c, ch in enumerate(row) if ch == "."]


def placements(spec: Packing) -> list[tuple[str, Shape]]:
    """Every way to put a piece on the board: its name and the cells it covers, piece by piece."""
    board = set(spec.cells)
    rows, cols = len(spec.board), len(spec.board[0]) if spec.board else 0
    found = []
    for name, shape in spec.pieces:
        for laid in orientations(shape, spec.flips):
            for dr in range(rows):
                for dc in range(cols):
                    cells = tuple((r + dr, c + dc) for r, c in laid)
                    if all(cell in board for cell in cells):
                        found.append((name, cells))
    return found


# -- 2. the parser ---------------------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Packing:
    """The settings, the pieces of the file's own and the board; every error names its line and column."""
    named_set: str | None = None
    flips: bool | None = None
    own: list[tuple[str, Shape]] = []
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("%") or (not stripped and not rows):
            continue
        indent = len(line) - len(line.lstrip()) + 1
        if stripped[:1].isalpha() and not rows:
            key, colon, value = stripped.partition(":")
            where = indent + len(key) + 1 + len(value) - len(value.lstrip())
            value = value.strip()
            if not colon:
                raise InputError("expected 'pieces:', 'flips:', 'piece NAME:' or a row of the board",
                                 source, number, indent)
            if key.strip() == "pieces":
                if named_set is not None:
                    raise InputError("the pieces are named twice", source, number, indent)
                if value not in SETS:
                    raise InputError(f"expected the pieces {', '.join(SETS)}, found {quoted(value)}",
                                     source, number, where)
                named_set = value
            elif key.strip() == "flips":
                if flips is not None or value not in ("yes", "no"):
                    raise InputError(f"expected 'flips: yes' or 'flips: no' once, found {quoted(value)}",
                                     source, number, where)
                flips = value == "yes"
            elif key.split()[0] == "piece":
                own.append(_piece(key, value, own, source, number, indent, where))
            else:
                raise InputError(f"expected 'pieces:', 'flips:' or 'piece NAME:', found {quoted(key)}",
                                 source, number, indent)
            continue
        for column, ch in enumerate(line, 1):
            if ch not in ".# ":
                raise InputError(f"expected '.' (a cell to cover), '#' or a space (no cell), found {ch!r}",
                                 source, number, column)
        if len(line) > MAX_SIDE:
            raise InputError(f"expected rows of at most {MAX_SIDE} cells", source, number, MAX_SIDE + 1)
        if len(rows) == MAX_SIDE:
            raise InputError(f"expected at most {MAX_SIDE} rows", source, number, 1)
        rows.append((number, line.rstrip()))
    while rows and not rows[-1][1]:
        rows.pop()
    if not rows:
        raise InputError("expected the board: rows of '.' (a cell to cover) and '#' (no cell)", source, None)
    width = max(len(row) for _, row in rows)
    board = tuple(row.replace(" ", "#").ljust(width, "#") for _, row in rows)
    cells = sum(row.count(".") for row in board)
    if not cells:
        raise InputError("expected a board with at least one cell to cover ('.')", source, rows[0][0], 1)
    if cells > MAX_CELLS:
        raise InputError(f"expected a board of at most {MAX_CELLS} cells, found {cells}", source, rows[0][0], 1)
    if named_set is None:
        named_set = "" if own else "pentominoes"
    spec = Packing(board, named_set, tuple(own), True if flips is None else flips)
    names = [name for name, _ in spec.pieces]
    for name, _ in own:
        if names.count(name) > 1:
            raise InputError(f"the piece {name} is named twice (the set has one of that name)", source,
                             rows[0][0] - 1 if rows[0][0] > 1 else 1, 1)
    if len(names) > MAX_PIECES:
        raise InputError(f"expected at most {MAX_PIECES} pieces, found {len(names)}", source, 1, 1)
    return spec


def _piece(key: str, value: str, own: Sequence[tuple[str, Shape]], source: str, line: int, indent: int,
           where: int) -> tuple[str, Shape]:
    """One ``piece NAME: ROWS`` line."""
    words = key.split()
    if len(words) != 2 or len(words[1]) != 1 or words[1] not in NAMES:
        raise InputError("expected 'piece NAME: ROWS' with NAME one letter or digit", source, line, indent)
    name = words[1]
    if any(name == other for other, _ in own):
        raise InputError(f"the piece {name} is named twice", source, line, indent)
    for offset, ch in enumerate(value):
        if ch not in "#./":
            raise InputError(f"expected the piece's rows: '#' a square, '.' none, '/' between rows, found {ch!r}",
                             source, line, where + offset)
    shape = _rows(value)
    if not shape or len(shape) > MAX_PIECE_CELLS:
        raise InputError(f"expected a piece of 1 to {MAX_PIECE_CELLS} squares, found {len(shape)}",
                         source, line, where)
    return name, normalised(shape)


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Packing) -> str:
    """The instance in the input format: ``parse(text_of(spec)) == spec``."""
    lines = [f"pieces: {spec.named_set}"] if spec.named_set else []
    lines.append(f"flips: {'yes' if spec.flips else 'no'}")
    for name, shape in spec.own:
        height, width = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
        lines.append(f"piece {name}: " + "/".join("".join("#" if (r, c) in shape else "." for c in range(width))
                                                   for r in range(height)))
    return "\n".join([*lines, *spec.board]) + "\n"


def render(spec: Packing, solution: Sequence[str]) -> str:
    """The board with each cell's piece letter, ``#`` where the board has no cell."""
    return "\n".join(solution)


def as_json(spec: Packing, solution: Sequence[str]) -> list[str]:
    """The rows as :func:`render` prints them."""
    return list(solution)


def read_answer(spec: Packing, text: str, source: str = "<answer>") -> tuple[str, ...]:
    """An answer as :func:`render` prints it: the board's rows with a piece letter in each cell.

    ``%`` comment lines and blank lines are skipped, and short rows are filled with
    ``#``.  :class:`InputError` for a row too long, too many or too few rows.
    """
    rows: list[str] = []
    width = len(spec.board[0])
    last = 0
    for number, line in enumerate(text.splitlines(), 1):
        shown = line.rstrip()
        if not shown or shown.lstrip().startswith("%"):
            continue
        last = number
        if len(rows) == len(spec.board):
            raise InputError(f"expected {len(spec.board)} rows, found more", source, number, 1)
        if len(shown) > width:
            raise InputError(f"expected rows of {width} cells, found {len(shown)}", source, number, width + 1)
        rows.append(shown.replace(" ", "#").ljust(width, "#"))
    if len(rows) < len(spec.board):
        raise InputError(f"expected {len(spec.board)} rows, found {len(rows)}", source, last + 1 if rows else None)
    return tuple(rows)


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------
# The board as a grid: each placed piece in its own colour with its letter, thick lines around
# every piece and around the board, the cells not yet covered white, those off the board dark.

#: The pieces' colours, in the order of the set (more pieces go round again, lighter).
COLOURS = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c",
           "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3", "#808000", "#ffd8b1"]


def _colour(spec: Packing, name: str) -> str:
    names = [piece for piece, _ in spec.pieces]
    return COLOURS[names.index(name) % len(COLOURS)] if name in names else PALETTE["wrong"]


def draw(spec: Packing, state: Sequence[str] | None = None) -> str:
    """The board as SVG, with the pieces of ``state`` (rows as :func:`render` gives them; ``.`` a cell open).

    Classes: ``off`` (not part of the board), ``piece`` (a covered cell), ``letter``, ``border``.
    """
    rows, cols = len(spec.board), len(spec.board[0])
    grid = [list(row) for row in (state or spec.board)]
    canvas = Grid(rows, cols, cell=max(12, min(32, 640 // max(rows, cols))), name="polyomino")
    for r in range(rows):
        for c in range(cols):
            ch = grid[r][c] if r < len(grid) and c < len(grid[r]) else "#"
            if spec.board[r][c] == "#":
                canvas.fill(r, c, PALETTE["ink"], "off", opacity=0.85)
            elif ch not in ".#":
                canvas.fill(r, c, _colour(spec, ch), "piece")
                canvas.text(r, c, ch, "letter", size=0.5)
    canvas.lines()
    for r in range(rows):
        for c in range(cols):
            here = grid[r][c] if spec.board[r][c] == "." else "#"
            for side, (rr, cc) in (("E", (r, c + 1)), ("S", (r + 1, c))):
                there = grid[rr][cc] if rr < rows and cc < cols and spec.board[rr][cc] == "." else "#"
                if here != there and not (here == "." and there == ".") and (here != "#" or there != "#"):
                    canvas.edge(r, c, side, kind="border")
            if c == 0 and here != "#":
                canvas.edge(r, c, "W", kind="border")
            if r == 0 and here != "#":
                canvas.edge(r, c, "N", kind="border")
    return canvas.svg()


def draw_move(spec: Packing, move: tuple[str, Shape]) -> str:
    """The cells a placement covers, highlighted (``move`` is the piece and its cells, as the search gives it)."""
    rows, cols = len(spec.board), len(spec.board[0])
    canvas = Grid(rows, cols, cell=max(12, min(32, 640 // max(rows, cols))), name="polyomino")
    return "".join(canvas.highlight(r, c) for r, c in move[1])


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Packing, solution: Sequence[str]) -> list[str]:
    """The rules ``solution`` breaks (an empty list when none), rows and columns counted from 1.

    Independent of the search: the rows have the board's shape, every cell of the
    board holds the letter of a piece and every other cell ``#``, each piece covers
    cells of its own shape (turned, and turned over when flips are allowed), and
    every piece is used once.
    """
    broken: list[str] = []
    if len(solution) != len(spec.board) or any(len(row) != len(spec.board[0]) for row in solution):
        return [f"expected {len(spec.board)} rows of {len(spec.board[0])} cells"]
    shapes = dict(spec.pieces)
    covered: dict[str, list[Cell]] = {}
    for r, (row, board_row) in enumerate(zip(solution, spec.board, strict=True)):
        for c, (ch, cell) in enumerate(zip(row, board_row, strict=True)):
            if cell == "#":
                if ch != "#":
                    broken.append(f"row {r + 1}, column {c + 1}: this cell is not part of the board, yet holds {ch!r}")
            elif ch in ".#":
                broken.append(f"row {r + 1}, column {c + 1}: this cell is not covered")
            elif ch not in shapes:
                broken.append(f"row {r + 1}, column {c + 1}: {ch!r} is not one of the pieces")
            else:
                covered.setdefault(ch, []).append((r, c))
    for name, shape in spec.pieces:
        cells = covered.get(name)
        if not cells:
            broken.append(f"the piece {name} is not used")
        elif not _congruent(cells, shape, spec.flips):
            r, c = cells[0]
            broken.append(f"row {r + 1}, column {c + 1}: the cells marked {name} ({len(cells)}) are not the piece "
                          f"{name} ({len(shape)} squares){'' if spec.flips else ', turned but not turned over'}")
    return broken


def _congruent(cells: Sequence[Cell], shape: Shape, flips: bool) -> bool:
    """Whether ``cells`` are ``shape`` moved, turned (and with ``flips`` turned over): its own small geometry."""
    if len(cells) != len(shape):
        return False

    def at_origin(points: Iterable[Cell]) -> frozenset[Cell]:
        points = list(points)
        dr, dc = min(p[0] for p in points), min(p[1] for p in points)
        return frozenset((a - dr, b - dc) for a, b in points)

    target = at_origin(cells)
    # The eight symmetries of the square as (swap rows and columns, sign of rows, sign of columns);
    # without flips only the four turns, whose determinant is +1.
    for swap in (False, True):
        for sr in (1, -1):
            for sc in (1, -1):
                determinant = sr * sc * (-1 if swap else 1)
                if not flips and determinant < 0:
                    continue
                moved = ((sr * b, sc * a) if swap else (sr * a, sc * b) for a, b in shape)
                if at_origin(moved) == target:
                    return True
    return False


# -- 7. the search ---------------------------------------------------------------------------------


class PackingSearch(ExactCoverSearch):
    """One primary item per piece and per cell; an option per placement (a move is its number, from 0)."""

    def __init__(self, spec: Packing, method: str | None = None):
        self.spec = spec
        self.placements = placements(spec)
        super().__init__([*(name for name, _ in spec.pieces), *spec.cells],
                         [[name, *cells] for name, cells in self.placements], method=method)

    def solution(self, path: tuple) -> tuple[str, ...]:
        """The board with each cell's piece letter."""
        return self.partial(path)

    def partial(self, path: tuple) -> tuple[str, ...]:
        """The board with the letters of the pieces placed so far, ``.`` in the cells still open."""
        grid = [list(row) for row in self.spec.board]
        for number in self.chosen:
            name, cells = self.placements[number]
            for r, c in cells:
                grid[r][c] = name
        return tuple("".join(row) for row in grid)

    def format_move(self, level: int, move: int) -> str:
        """The piece and the cells it covers: ``X at (2,3) (3,2) (3,3) (3,4) (4,3)`` (rows, columns from 1)."""
        name, cells = self.placements[move]
        return f"{name} at " + " ".join(f"({r + 1},{c + 1})" for r, c in cells)

    def drawn_move(self, level: int, move: int) -> tuple[str, Shape]:
        """The piece and its cells, for :func:`draw_move`."""
        return self.placements[move]


def search(spec: Packing, method: str = "auto") -> PackingSearch:
    """A fresh search of ``spec``; ``method`` is ``bits``, ``links`` or ``auto`` (bits for smaller problems)."""
    return PackingSearch(spec, None if method == "auto" else method)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="polyomino",
    description="polyomino packing: cover a board with pentominoes (or other pieces), each used once",
    parse=parse,
    search=search,
    render=render,
    params=(Param("method", "the engine: bits (bitsets), links (dancing links) or auto (bits up to "
                  f"{BITS_UP_TO:,} placements)", str, "auto", ("auto", "bits", "links")),),
    limits=(f"boards of up to {MAX_SIDE} x {MAX_SIDE} with at most {MAX_CELLS} cells to cover; at most "
            f"{MAX_PIECES} pieces of up to {MAX_PIECE_CELLS} squares each"),
    examples=examples_in(Path(__file__).parent / "examples" / "polyomino"),
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    draw=draw,
    draw_move=draw_move,
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
