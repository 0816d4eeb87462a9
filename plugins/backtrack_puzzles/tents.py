"""Tents (Zeltlager): put one tent next to every tree, as the row and column counts say.

Rules.  The board is a rectangle of cells, some holding trees.  A solution puts
tents on empty cells so that

* every tree has its own tent orthogonally next to it, and every tent belongs to
  exactly one tree next to it (so there are as many tents as trees: a perfect
  matching between trees and tents, each pair orthogonally adjacent);
* each row and each column holds exactly as many tents as its count says;
* tents do not touch: under the ``seed`` rules (the tutorial's, the default) two
  tents may not stand side by side horizontally or vertically, diagonal contact
  is allowed; under the ``standard`` rules (most published puzzles) they may not
  touch at all, not even diagonally.

Counting (param ``count``).  ``layouts`` (the default): a solution is a distinct
set of tent cells; a layout is valid when at least one tree-to-tent matching
exists for it.  ``assignments``: a solution is a distinct matching (which tree
owns which tent), as the tutorial program ``zeltlager.py`` counts; under the seed
rules a layout in which two trees and two tents form a 2 x 2 square counts twice
(the two trees can swap tents).  The tutorial's puzzle has two solutions either way.  Each solution
(a :class:`Layout`) carries the tents and one matching (in ``layouts`` mode the
first one found).

File format::

    # comment lines start with '#'; blank lines are ignored
    rules: standard        (optional; 'rules: seed' is the default)
    1 1 2 0 1              (the column counts, separated by spaces)
    1 T....                (per row: its count, a space, its cells)
    1 .....
    1 T...T
    1 ..T..
    1 ...T.

Cells are ``T`` (tree), ``.`` (empty) and ``A`` (a tent given in advance: the
solution must contain it).  A solution renders in the same format with its
tents as ``A`` (and a ``rules: standard`` line under the standard rules), so it
parses back into a puzzle whose only solution is itself.  ``-p rules=...``
overrides the file's ``rules:`` line.

Searches (param ``method``).  ``propagate`` (the default) decides cells.  Each
decision is propagated (row and column counts, including the capacity of the
runs of undecided cells; no-touch; a tree with one possible cell left gets its
tent there; a tree-to-tent matching must remain possible), keeping a trail so
that ``undo`` restores exactly; then every undecided cell is probed (a tent
there that leads to a contradiction means the cell stays empty), in rounds until
nothing changes (within bounds on the rounds and the work that only contrived
boards reach).  It branches on an undecided cell of the row or column with the
least slack: tent, or empty.  As every layout is reached once, layouts need no
deduplication; in ``assignments`` mode, once a layout is complete, further
levels give each tree its tent (the tree with the fewest free tents first).
``seed`` is the tutorial's search: level = tree in the given order, moves = the
tree's neighbours; it counts layouts by accepting only the first matching (in
its own search order) of each layout.  Attempts are calls of ``valid`` as always.

Limits.  Boards have at most :data:`MAX_SIDE` (100) rows and 100 columns.  The
setup of the biggest (reading it, and the first propagation and probing of the
``propagate`` search) takes about half a second on boards made at random, at
most about 2 seconds when probing runs to its bounds, and under 50 MB.  Larger
files are refused with the line (and column) where they exceed it.  A 100 x 100
puzzle may still take long to search to the end: ``--timeout`` bounds that.

Checking.  :func:`check` is an independent rule checker: the rules a solution
breaks, in words (``"row 3 holds 2 tents, its count says 3"``).

``python -m backtrack_puzzles.tents generate ROWS COLS [--seed N] [--rules R]``
prints a random puzzle (see :func:`generate`); ROWS and COLS go up to 100.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import re
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from backtrack import InputError, Param, Puzzle, Search, Verdict, examples_in, hookimpl, quoted, whole_number

#: The most rows, and the most columns, of a board that :func:`parse` and the generator accept.
MAX_SIDE = 100
RULES = ("seed", "standard")
COUNTS = ("layouts", "assignments")
TREE, EMPTY, TENT = "T", ".", "A"

Cell = int  # a cell number: row * number_of_columns + column


@dataclass(frozen=True)
class Layout:
    """A solution: the tent cells (sorted), which tree owns which tent, and the rules used.

    ``assignment`` holds ``(tree, tent)`` pairs of cell numbers in the order of
    :attr:`Zeltlager.trees`.
    """

    tents: tuple[Cell, ...]
    assignment: tuple[tuple[Cell, Cell], ...]
    rules: str = "seed"


class Zeltlager:
    """A tents puzzle: trees on a board of ``len(rows)`` x ``len(cols)`` cells, and the counts.

    ``trees`` holds cell numbers ``r * len(cols) + c`` (the tutorial's numbering,
    row by row) or ``(r, c)`` pairs, mixed as you like; they are kept as cell
    numbers in the given order (the order the tutorial's search takes them in).
    ``rows[r]`` and ``cols[c]`` are the numbers of tents in row ``r`` and column
    ``c``.  ``rules`` is ``"seed"`` or ``"standard"`` (see the module docstring);
    ``tents`` are cells that must hold a tent (given in advance).

    The tutorial's names are kept: ``rsize`` (rows), ``csize`` (columns),
    ``rowAndCol``, ``neighbors`` and ``show``, and they are right for
    rectangular boards too.
    """

    def __init__(
        self,
        trees: Iterable[Cell | tuple[int, int]],
        rows: Sequence[int],
        cols: Sequence[int],
        rules: str = "seed",
        tents: Iterable[Cell | tuple[int, int]] = (),
    ):
        self.rows = [_count(value, "row") for value in rows]
        self.cols = [_count(value, "column") for value in cols]
        if not self.rows or not self.cols:
            raise ValueError("a board needs at least one row and one column")
        if rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.rules = rules
        self.rsize = len(self.rows)
        self.csize = len(self.cols)
        self.trees = [self._cell(tree, "tree") for tree in trees]
        if len(set(self.trees)) != len(self.trees):
            raise ValueError("a cell holds two trees")
        self.tents = sorted({self._cell(tent, "tent") for tent in tents})
        if set(self.tents) & set(self.trees):
            raise ValueError("a given tent stands on a tree")

    def _cell(self, where: Cell | tuple[int, int], what: str) -> Cell:
        if isinstance(where, tuple):
            r, c = where
            if not (0 <= r < self.rsize and 0 <= c < self.csize):
                raise ValueError(f"{what} at {where} is outside the {self.rsize} x {self.csize} board")
            return r * self.csize + c
        if not isinstance(where, int) or not 0 <= where < self.rsize * self.csize:
            raise ValueError(f"{what} at cell {where!r} is outside the {self.rsize} x {self.csize} board")
        return where

    def __repr__(self) -> str:
        given = f", tents={self.tents!r}" if self.tents else ""
        return f"Zeltlager({self.trees!r}, {self.rows!r}, {self.cols!r}, rules={self.rules!r}{given})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zeltlager):
            return NotImplemented
        return (sorted(self.trees), self.rows, self.cols, self.rules, self.tents) == (
            sorted(other.trees), other.rows, other.cols, other.rules, other.tents)

    def rowAndCol(self, where: Cell) -> tuple[int, int]:
        """The ``(row, column)`` of a cell number."""
        return divmod(where, self.csize)

    def neighbors(self, place: Cell) -> list[Cell]:
        """The orthogonal neighbours of a cell, in the tutorial's order: right, up, left, down."""
        r, c = divmod(place, self.csize)
        found = []
        if c + 1 < self.csize:
            found.append(place + 1)
        if r > 0:
            found.append(place - self.csize)
        if c > 0:
            found.append(place - 1)
        if r + 1 < self.rsize:
            found.append(place + self.csize)
        return found

    def touching(self, place: Cell, rules: str | None = None) -> list[Cell]:
        """The cells where no other tent may stand when ``place`` holds one."""
        if (rules or self.rules) == "seed":
            return self.neighbors(place)
        r, c = divmod(place, self.csize)
        return [
            rr * self.csize + cc
            for rr in range(max(r - 1, 0), min(r + 2, self.rsize))
            for cc in range(max(c - 1, 0), min(c + 2, self.csize))
            if (rr, cc) != (r, c)
        ]

    def display(self, tents: Layout | Mapping[Cell, Cell] | Iterable[Cell] = (), number: int = 1) -> str:
        """The tutorial's labelled display (``B`` tree, ``Z`` tent), headed ``Lösung {number:4}``."""
        placed = {self._cell(tent, "tent") for tent in _tent_cells(tents)}
        trees = set(self.trees)
        lines = [f"Lösung {number:4}", " " * 6 + "".join(f"{count:3}" for count in self.cols)]
        for r in range(self.rsize):
            cells = []
            for c in range(self.csize):
                f = r * self.csize + c
                cells.append("  B" if f in trees else "  Z" if f in placed else "  .")
            lines.append(f"{self.rows[r]:2d} -> " + "".join(cells))
        return "\n".join(lines)

    def show(self, tents: Layout | Mapping[Cell, Cell] | Iterable[Cell] = (), number: int = 1) -> None:
        """Print :meth:`display` after a blank line, exactly as the tutorial's ``show`` prints."""
        print()
        print(self.display(tents, number))


def _count(value: Any, what: str) -> int:
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"a {what} count must be a whole number of at least 0, not {value!r}")
    return value


def _tent_cells(tents: Layout | Mapping[Cell, Cell] | Iterable[Cell]) -> Iterable[Cell]:
    if isinstance(tents, Layout):
        return tents.tents
    if isinstance(tents, Mapping):
        return tents.values()
    return tents


# -- reading and writing ---------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Zeltlager:
    """A puzzle from the file format of the module docstring; :class:`InputError` if malformed.

    Boards of more than :data:`MAX_SIDE` rows or columns are refused.  Lines end at
    ``\n`` (a ``\r`` before it is ignored), so line numbers are those an editor shows.
    """
    rules = "seed"
    rules_line: int | None = None
    cols: list[tuple[int, int]] | None = None  # (count, column)
    cols_line = 0
    rows: list[tuple[int, int, int, str, int]] = []  # (line, count, its column, cells, their column)
    last = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip(" \t\r")
        tokens = _tokens(line, MAX_SIDE + 1)
        if not tokens or tokens[0][1].startswith("#"):
            continue
        last = number
        first_column = tokens[0][0]
        if tokens[0][1].lower().startswith("rules:"):
            if cols is not None:
                raise InputError("the 'rules:' line must come before the column counts", source, number, first_column)
            if rules_line is not None:
                raise InputError(f"a second 'rules:' line (the first is line {rules_line})", source, number, first_column)
            colon = line.index(":")
            value = line[colon + 1:].strip(" \t")
            if value not in RULES:
                column = line.index(value, colon) + 1 if value else colon + 2
                raise InputError(f"expected 'rules: seed' or 'rules: standard', found rules {quoted(value)}",
                                 source, number, column)
            rules, rules_line = value, number
            continue
        if cols is None:
            if len(tokens) > MAX_SIDE:
                raise InputError(f"more than {MAX_SIDE} column counts: boards have at most {MAX_SIDE} columns",
                                 source, number, tokens[MAX_SIDE][0])
            cols, cols_line = [], number
            for column, token in tokens:
                count = whole_number(token, source, number, column, low=0, high=MAX_SIDE,
                                     what="one of the column counts (whole numbers separated by spaces)")
                cols.append((count, column))
            continue
        if len(tokens) != 2:
            column = tokens[2][0] if len(tokens) > 2 else len(line) + 1
            raise InputError("expected a row: its count, a space, and its cells as one string "
                             "(T tree, . empty, A tent)", source, number, column)
        (count_column, count_text), (cells_column, cells) = tokens
        if len(rows) == MAX_SIDE:
            raise InputError(f"this is row {MAX_SIDE + 1}: boards have at most {MAX_SIDE} rows",
                             source, number, count_column)
        count = whole_number(count_text, source, number, count_column, low=0, high=MAX_SIDE,
                             what="the row's count first")
        if len(cells) > MAX_SIDE:
            raise InputError(f"this row has {len(cells):,} cells: boards have at most {MAX_SIDE} columns",
                             source, number, cells_column + MAX_SIDE)
        bad = BAD_CELL.search(cells)
        if bad:
            raise InputError(f"expected a cell: T (tree), . (empty) or A (tent), found {bad.group()!r}",
                             source, number, cells_column + bad.start())
        rows.append((number, count, count_column, cells, cells_column))
    if cols is None:
        raise InputError("expected the column counts, found nothing", source, last or None)
    if not rows:
        raise InputError("expected the rows after the column counts, found none", source, cols_line + 1)
    width = len(rows[0][3])
    for number, _, _, cells, column in rows[1:]:
        if len(cells) != width:
            raise InputError(f"ragged rows: this row has {len(cells)} cells, the first row has {width}", source, number, column)
    if len(cols) != width:
        raise InputError(f"expected {width} column counts (the rows have {width} cells), found {len(cols)}",
                         source, cols_line, cols[0][1] if cols else 1)
    height = len(rows)
    for count, column in cols:
        if count > height:
            raise InputError(f"column count {count} is out of range: the board has {height} rows", source, cols_line, column)
    for number, count, column, _, _ in rows:
        if count > width:
            raise InputError(f"row count {count} is out of range: the board has {width} columns", source, number, column)
    row_total, col_total = sum(row[1] for row in rows), sum(count for count, _ in cols)
    if row_total != col_total:
        raise InputError(f"the row counts add up to {row_total} but the column counts to {col_total} "
                         "(is a row missing?)", source, last)
    grid = [row[3] for row in rows]
    trees = [r * width + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TREE]
    tents = [r * width + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TENT]
    return Zeltlager(trees, [row[1] for row in rows], [count for count, _ in cols], rules, tents)


BAD_CELL = re.compile(r"[^T.A]")
WORD = re.compile(r"[^ \t]+")


def _tokens(line: str, most: int) -> list[tuple[int, str]]:
    """The words of a line (separated by spaces and tabs) with their 1-based columns, at most ``most`` of them."""
    return [(found.start() + 1, found.group()) for found in itertools.islice(WORD.finditer(line), most)]


def format_puzzle(spec: Zeltlager, tents: Iterable[Cell] = (), rules: str | None = None) -> str:
    """The file format for ``spec`` with ``tents`` drawn as ``A``; the rules line only if standard."""
    placed = set(tents) | set(spec.tents)
    trees = set(spec.trees)
    lines = ["rules: standard"] if (rules or spec.rules) == "standard" else []
    lines.append(" ".join(map(str, spec.cols)))
    for r, count in enumerate(spec.rows):
        cells = "".join(
            TREE if f in trees else TENT if f in placed else EMPTY for f in range(r * spec.csize, (r + 1) * spec.csize)
        )
        lines.append(f"{count} {cells}")
    return "\n".join(lines)


def render(spec: Zeltlager, solution: Layout) -> str:
    """The solution in the file format, tents as ``A``: it parses back."""
    return format_puzzle(spec, solution.tents, solution.rules)


def as_json(spec: Zeltlager, solution: Layout) -> dict[str, Any]:
    """``{"tents": [[r, c], ...], "assignment": [{"tree": [r, c], "tent": [r, c]}, ...]}``."""
    return {
        "tents": [list(spec.rowAndCol(tent)) for tent in solution.tents],
        "assignment": [{"tree": list(spec.rowAndCol(tree)), "tent": list(spec.rowAndCol(tent))} for tree, tent in solution.assignment],
    }


# -- the independent checker -----------------------------------------------------------------


def check(spec: Zeltlager, solution: Layout) -> list[str]:
    """The rules ``solution`` breaks on ``spec``, in words (``"row 3 holds 2 tents, its count says 3"``).

    Empty when ``solution`` solves ``spec`` under its rules (``solution.rules``):
    tents on empty cells, the given tents among them, every row and column count
    met, no two tents touching, and its assignment a matching that gives every
    tree its own tent next to it and every tent to one tree.  Rows and columns are
    counted from 1.  It shares no code with the searches: every rule is derived
    again from the board and the solution.
    """
    nrows, ncols = len(spec.rows), len(spec.cols)
    size = nrows * ncols

    def on_board(cell: object) -> bool:
        return isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < size

    def at(cell: int) -> str:
        if not on_board(cell):
            return f"cell {cell!r} (outside the {nrows} x {ncols} board)"
        r, c = divmod(cell, ncols)
        return f"row {r + 1}, column {c + 1}"

    broken: list[str] = []
    rules = solution.rules
    if rules not in RULES:
        broken.append(f"the solution names the rules {rules!r}, not seed or standard")
    trees = set(spec.trees)
    placed: set[int] = set()
    for tent in solution.tents:
        if not on_board(tent):
            broken.append(f"{at(tent)}: a tent off the board")
        elif tent in placed:
            broken.append(f"{at(tent)} holds two tents")
        elif tent in trees:
            broken.append(f"{at(tent)}: a tent stands on a tree")
        placed.add(tent)
    placed = {tent for tent in placed if on_board(tent)}
    for tent in spec.tents:
        if tent not in placed:
            broken.append(f"{at(tent)}: the tent given in advance is missing")
    in_row, in_col = [0] * nrows, [0] * ncols
    for tent in placed:
        in_row[tent // ncols] += 1
        in_col[tent % ncols] += 1
    for r, (found, wanted) in enumerate(zip(in_row, spec.rows)):
        if found != wanted:
            broken.append(f"row {r + 1} holds {found} tent{'s' * (found != 1)}, its count says {wanted}")
    for c, (found, wanted) in enumerate(zip(in_col, spec.cols)):
        if found != wanted:
            broken.append(f"column {c + 1} holds {found} tent{'s' * (found != 1)}, its count says {wanted}")
    steps = [(0, 1, "side by side"), (1, 0, "one above the other")]
    if rules != "seed":
        steps += [(1, 1, "diagonally"), (1, -1, "diagonally")]
    for tent in sorted(placed):
        r, c = divmod(tent, ncols)
        for dr, dc, how in steps:
            if 0 <= r + dr < nrows and 0 <= c + dc < ncols and (r + dr) * ncols + c + dc in placed:
                broken.append(f"{at(tent)} and {at((r + dr) * ncols + c + dc)}: two tents touch {how}")
    owned: dict[int, int] = {}
    owners: dict[int, int] = {}
    for tree, tent in solution.assignment:
        owned[tree] = owned.get(tree, 0) + 1
        owners[tent] = owners.get(tent, 0) + 1
        if tree not in trees:
            broken.append(f"{at(tree)} holds no tree, but the assignment gives it the tent at {at(tent)}")
        elif tent not in placed:
            broken.append(f"the tree at {at(tree)} is given {at(tent)}, which holds no tent")
        else:
            (r, c), (rr, cc) = divmod(tree, ncols), divmod(tent, ncols)
            if abs(r - rr) + abs(c - cc) != 1:
                broken.append(f"the tree at {at(tree)} is given the tent at {at(tent)}, which is not next to it")
    for tree in sorted(trees):
        if owned.get(tree, 0) == 0:
            broken.append(f"{at(tree)}: this tree has no tent")
        elif owned[tree] > 1:
            broken.append(f"{at(tree)}: this tree is given {owned[tree]} tents")
    for tent in sorted(placed):
        if owners.get(tent, 0) == 0:
            broken.append(f"{at(tent)}: this tent belongs to no tree")
        elif owners[tent] > 1:
            broken.append(f"{at(tent)}: this tent belongs to {owners[tent]} trees")
    return broken


# -- the propagating search -----------------------------------------------------------

UNKNOWN, NO, YES, WOOD = 0, 1, 2, 3  # cell states: undecided, no tent, tent, tree

#: The most rounds of probing after one decision, and the most cells its probes may decide
#: per candidate cell (a cell next to a tree).  Puzzles made at random need up to about 9
#: rounds and 45 cells; boards made to need more (each round unlocking the next, each probe
#: deciding half the board) would make the setup of a big board take minutes.
PROBE_ROUNDS = 10
PROBE_WORK = 64


class TentsSearch(Search):
    """Decide cells with propagation and probing; branch on a cell of the tightest line.

    Moves: ``("tent", cell)`` and ``("empty", cell)`` decide an undecided cell;
    ``("assign", tree, tent)`` gives a tree its tent in ``assignments`` mode, once
    the layout is complete; ``("check",)`` when nothing is left to decide.
    ``valid`` makes the move and propagates it, taking everything back and
    answering false on a contradiction; ``record`` keeps it; ``undo`` rolls the
    trail back to where the move started.

    Propagation: row and column counts (with the capacity of the runs of undecided
    cells), no-touch, a tree with one possible cell left gets its tent there, and a
    matching that gives each tree its own undecided-or-tent cell and covers every
    tent (when none exists the node is a dead end; it is repaired, not rebuilt, as
    undo only makes cells undecided again, which never breaks a pair).  Then every
    undecided cell is probed: if a tent there leads to a contradiction, it stays empty.
    """

    def __init__(self, spec: Zeltlager, rules: str | None = None, count: str = "layouts"):
        if count not in COUNTS:
            raise ValueError(f"count must be one of {', '.join(COUNTS)}, not {count!r}")
        if rules is not None and rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.spec = spec
        self.rules = rules or spec.rules
        self.assignments = count == "assignments"
        ncols, nrows = spec.csize, spec.rsize
        size = nrows * ncols
        self.ncols = ncols
        self.ntrees = len(spec.trees)
        self.tree_cells: list[list[Cell]] = []  # per tree (index): the cells its tent may take
        # Per cell: the trees next to it.  Only candidate cells (next to a tree) have any, and
        # the others share one empty tuple: a per-cell list each would cost gigabytes on big boards.
        self.trees_at: list[Sequence[int]] = [()] * size
        tree_set = set(spec.trees)
        for index, tree in enumerate(spec.trees):
            cells = [n for n in spec.neighbors(tree) if n not in tree_set]
            self.tree_cells.append(cells)
            for n in cells:
                if self.trees_at[n]:
                    self.trees_at[n].append(index)  # type: ignore[attr-defined]
                else:
                    self.trees_at[n] = [index]
        self.row_of = [cell // ncols for cell in range(size)]
        self.col_of = [cell % ncols for cell in range(size)]
        self.need_row, self.need_col = list(spec.rows), list(spec.cols)
        state = [NO] * size
        for tree in spec.trees:
            state[tree] = WOOD
        for cell in range(size):
            if self.trees_at[cell]:
                state[cell] = UNKNOWN
        self.state = state
        self.candidates = [cell for cell in range(size) if state[cell] == UNKNOWN]
        # The cells where a tent touches one at ``cell``: only candidates matter, the others never hold a tent.
        self.touch: list[Sequence[Cell]] = [()] * size
        for cell in self.candidates:
            self.touch[cell] = [other for other in spec.touching(cell, self.rules) if state[other] == UNKNOWN]
        self.row_cells = [[] for _ in range(nrows)]  # per line: its candidate cells in order
        self.col_cells = [[] for _ in range(ncols)]
        for cell in self.candidates:
            self.row_cells[cell // ncols].append(cell)
            self.col_cells[cell % ncols].append(cell)
        # Per line: the positions of its decided cells between two sentinels (sorted), and the
        # capacity of its runs of undecided cells with the number of runs of odd length, kept up
        # to date as cells are decided and undone (recounting the runs at every step was the cost
        # that made the setup of big boards take minutes).
        self.row_blocked, self.row_cap, self.row_odd = _runs(self.row_cells, 1, ncols)
        self.col_blocked, self.col_cap, self.col_odd = _runs(self.col_cells, ncols, nrows)
        self.row_tents, self.col_tents = [0] * nrows, [0] * ncols
        self.row_open = [len(cells) for cells in self.row_cells]
        self.col_open = [len(cells) for cells in self.col_cells]
        self.tree_open = [len(cells) for cells in self.tree_cells]  # undecided or tent
        self.tree_tents = [0] * self.ntrees
        self.unknown = sum(self.row_open)
        self.trail: list[Cell] = []  # decided cells, in order
        self.marks: list[int] = []  # per recorded move: the trail length before it (-1: no cells)
        self.pending = 0  # the trail mark of the move that valid() just made
        self.mate = [-1] * self.ntrees  # the matching: tree index -> cell
        self.holder = [-1] * size  # the matching: cell -> tree index
        # The trees without a cell, as a stack (a set that is emptied again and again gets slow to pop).
        self.unmatched = list(range(self.ntrees - 1, -1, -1))
        self.owner: dict[Cell, Cell] = {}  # assignments mode: tent -> tree
        self.chosen: dict[Cell, Cell] = {}  # assignments mode: tree -> tent
        self.started = False  # the first propagation runs when the search does, not here
        self.dead = False  # true when the board itself is contradictory

    # -- propagation ----------------------------------------------------------------------
    def _begin(self) -> None:
        """Propagate the givens and every count before the first decision (kept for good)."""
        spec = self.spec
        self.started = True
        self.dead = (
            not sum(spec.rows) == sum(spec.cols) == self.ntrees
            or any(self.state[tent] != UNKNOWN for tent in spec.tents)
            or not self._start()
        )

    def _start(self) -> bool:
        todo = [(tent, YES) for tent in self.spec.tents]
        for r in range(len(self.need_row)):
            if not self._line(self.row_cells[r], 1, self.need_row[r] - self.row_tents[r], self.row_open[r],
                              self.row_cap[r], self.row_odd[r], todo):
                return False
        for c in range(self.ncols):
            if not self._line(self.col_cells[c], self.ncols, self.need_col[c] - self.col_tents[c], self.col_open[c],
                              self.col_cap[c], self.col_odd[c], todo):
                return False
        for index in range(self.ntrees):
            if self.tree_open[index] == 0:
                return False
            if self.tree_open[index] == 1:
                todo.append((self.tree_cells[index][0], YES))
        return self._propagate(todo) and self._matched(0) and self._probe()

    def _probe(self) -> bool:
        """Failed-literal probing: an undecided cell where a tent leads to a contradiction stays empty.

        Repeated until nothing changes (a round that changes something can make an
        earlier cell fail), but at most :data:`PROBE_ROUNDS` rounds and
        :data:`PROBE_WORK` cells decided by probes per candidate cell: only contrived
        boards need more, and stopping early only prunes less.  False when the board
        itself is contradictory.
        """
        state, trail = self.state, self.trail
        work = PROBE_WORK * len(self.candidates)
        changed = True
        for _ in range(PROBE_ROUNDS):
            if not changed:
                break
            changed = False
            for cell in self.candidates:
                if state[cell] != UNKNOWN:
                    continue
                mark = len(trail)
                possible = self._propagate([(cell, YES)]) and self._matched(mark)
                work -= len(trail) - mark
                self._rollback(mark)
                if not possible:
                    if not (self._propagate([(cell, NO)]) and self._matched(mark)):
                        return False
                    changed = True
                if work < 0:
                    return True
        return True

    def _line(self, cells: list[Cell], step: int, left: int, unknown: int, capacity: int, odd: int,
              todo: list[tuple[Cell, int]]) -> bool:
        """Check a row (``step`` 1) or column (``step`` = columns) and queue what its count forces.

        ``left`` tents are still missing in the line, which has ``unknown`` undecided
        cells.  Beyond the plain count, the undecided cells form runs (consecutive
        cells); as no two tents touch orthogonally, a run of n holds at most
        (n + 1) // 2 tents: their sum is the ``capacity``, and ``odd`` runs have an odd
        length.  When the capacity is just enough, every odd run is forced (tents at
        its 1st, 3rd, ... cell).  False on a contradiction.
        """
        if left < 0 or capacity < left:
            return False
        if left == 0:
            if unknown:
                state = self.state
                todo.extend((cell, NO) for cell in cells if state[cell] == UNKNOWN)
        elif capacity == left and odd:
            self._force_runs(cells, step, todo)
        return True

    def _force_runs(self, cells: list[Cell], step: int, todo: list[tuple[Cell, int]]) -> None:
        """Queue the tents and gaps of every odd run of undecided cells of a line whose capacity is just enough."""
        state = self.state
        runs: list[list[Cell]] = []
        previous = -2 * step
        for cell in cells:
            if state[cell] == UNKNOWN:
                if cell - previous == step:
                    runs[-1].append(cell)
                else:
                    runs.append([cell])
                previous = cell
        for run in runs:
            if len(run) % 2:
                todo.extend((cell, NO if i % 2 else YES) for i, cell in enumerate(run))

    def _propagate(self, todo: list[tuple[Cell, int]]) -> bool:
        """Decide the queued cells and everything they force; false on a contradiction."""
        state, trail = self.state, self.trail
        row_of, col_of, trees_at, touch = self.row_of, self.col_of, self.trees_at, self.touch
        tree_open, tree_tents = self.tree_open, self.tree_tents
        row_open, col_open, row_tents, col_tents = self.row_open, self.col_open, self.row_tents, self.col_tents
        row_blocked, row_cap, row_odd = self.row_blocked, self.row_cap, self.row_odd
        col_blocked, col_cap, col_odd = self.col_blocked, self.col_cap, self.col_odd
        while todo:
            cell, value = todo.pop()
            now = state[cell]
            if now == value:
                continue
            if now != UNKNOWN:
                return False
            state[cell] = value
            trail.append(cell)
            self.unknown -= 1
            r, c = row_of[cell], col_of[cell]
            row_open[r] -= 1
            col_open[c] -= 1
            # The run holding the cell splits into the cells before it and those after it: when
            # both parts are even, an odd run and one tent of capacity are gone, else one more run is odd.
            blocked = row_blocked[r]
            i = bisect_right(blocked, c)
            if (c - blocked[i - 1] - 1 | blocked[i] - c - 1) & 1:
                row_odd[r] += 1
            else:
                row_cap[r] -= 1
                row_odd[r] -= 1
            blocked.insert(i, c)
            blocked = col_blocked[c]
            i = bisect_right(blocked, r)
            if (r - blocked[i - 1] - 1 | blocked[i] - r - 1) & 1:
                col_odd[c] += 1
            else:
                col_cap[c] -= 1
                col_odd[c] -= 1
            blocked.insert(i, r)
            if value == YES:
                row_tents[r] += 1
                col_tents[c] += 1
                for index in trees_at[cell]:
                    tree_tents[index] += 1
                for other in touch[cell]:
                    if state[other] == YES:
                        return False
                    if state[other] == UNKNOWN:
                        todo.append((other, NO))
            else:
                for index in trees_at[cell]:
                    tree_open[index] -= 1
                    left = tree_open[index]
                    if left == 0:
                        return False
                    if left == 1 and not tree_tents[index]:
                        todo.extend((other, YES) for other in self.tree_cells[index] if state[other] == UNKNOWN)
            left = self.need_row[r] - row_tents[r]
            if left < 0 or row_cap[r] < left:
                return False
            if (left == 0 and row_open[r]) or (left == row_cap[r] and row_odd[r]):
                self._line(self.row_cells[r], 1, left, row_open[r], row_cap[r], row_odd[r], todo)
            left = self.need_col[c] - col_tents[c]
            if left < 0 or col_cap[c] < left:
                return False
            if (left == 0 and col_open[c]) or (left == col_cap[c] and col_odd[c]):
                self._line(self.col_cells[c], self.ncols, left, col_open[c], col_cap[c], col_odd[c], todo)
        return True

    def _rollback(self, mark: int) -> None:
        """Make the cells decided since trail position ``mark`` undecided again."""
        state, trail = self.state, self.trail
        row_blocked, row_cap, row_odd = self.row_blocked, self.row_cap, self.row_odd
        col_blocked, col_cap, col_odd = self.col_blocked, self.col_cap, self.col_odd
        while len(trail) > mark:
            cell = trail.pop()
            value = state[cell]
            state[cell] = UNKNOWN
            self.unknown += 1
            r, c = self.row_of[cell], self.col_of[cell]
            self.row_open[r] += 1
            self.col_open[c] += 1
            # The runs before and after it join again (the reverse of the split in _propagate).
            blocked = row_blocked[r]
            i = bisect_left(blocked, c)
            del blocked[i]
            if (c - blocked[i - 1] - 1 | blocked[i] - c - 1) & 1:
                row_odd[r] -= 1
            else:
                row_cap[r] += 1
                row_odd[r] += 1
            blocked = col_blocked[c]
            i = bisect_left(blocked, r)
            del blocked[i]
            if (r - blocked[i - 1] - 1 | blocked[i] - r - 1) & 1:
                col_odd[c] -= 1
            else:
                col_cap[c] += 1
                col_odd[c] += 1
            if value == YES:
                self.row_tents[r] -= 1
                self.col_tents[c] -= 1
                for index in self.trees_at[cell]:
                    self.tree_tents[index] -= 1
            else:
                for index in self.trees_at[cell]:
                    self.tree_open[index] += 1

    # -- the matching -----------------------------------------------------------------------
    def _matched(self, mark: int) -> bool:
        """Repair the matching after the cells decided since ``mark``; false if none exists."""
        state, holder, mate, trail = self.state, self.holder, self.mate, self.trail
        for i in range(mark, len(trail)):
            cell = trail[i]
            if state[cell] == NO and holder[cell] >= 0:
                tree = holder[cell]
                holder[cell] = mate[tree] = -1
                self.unmatched.append(tree)
        while self.unmatched:
            tree = self.unmatched.pop()
            if not self._augment(tree):
                self.unmatched.append(tree)
                return False
        for i in range(mark, len(trail)):
            cell = trail[i]
            if state[cell] == YES and holder[cell] < 0 and not self._cover(cell):
                return False
        return True

    def _augment(self, start: int) -> bool:
        """Give the unmatched tree ``start`` a cell along an augmenting path."""
        state, holder, mate, tree_cells = self.state, self.holder, self.mate, self.tree_cells
        came: dict[Cell, int] = {}
        frontier = [start]
        for tree in frontier:
            for cell in tree_cells[tree]:
                if cell in came or state[cell] == NO:
                    continue
                came[cell] = tree
                if holder[cell] < 0:
                    while True:
                        tree = came[cell]
                        previous = mate[tree]
                        mate[tree], holder[cell] = cell, tree
                        if tree == start:
                            return True
                        cell = previous
                frontier.append(holder[cell])
        return False

    def _cover(self, start: Cell) -> bool:
        """Make the uncovered tent ``start`` some tree's, freeing an undecided cell instead."""
        state, holder, mate, trees_at = self.state, self.holder, self.mate, self.trees_at
        came: dict[int, Cell] = {}
        queue = [start]
        seen = {start}
        for cell in queue:
            for tree in trees_at[cell]:
                if tree in came:
                    continue
                came[tree] = cell
                other = mate[tree]
                if state[other] == UNKNOWN:
                    holder[other] = -1
                    while True:
                        cell = came[tree]
                        previous = holder[cell]
                        mate[tree], holder[cell] = cell, tree
                        if cell == start:
                            return True
                        tree = previous
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        return False

    # -- the five methods -----------------------------------------------------------------
    def moves(self, level: int) -> list[tuple]:
        if not self.started:
            self._begin()
        if self.dead:
            return []
        state = self.state
        if self.unknown:
            cell = self._branch_cell()
            return [("tent", cell), ("empty", cell)]
        if not self.assignments or len(self.chosen) == self.ntrees:
            return [("check",)]
        # Assignment levels: the tree with the fewest free tents next to it.
        best_tree, best_free = -1, None
        for index, tree in enumerate(self.spec.trees):
            if tree in self.chosen:
                continue
            free = [cell for cell in self.tree_cells[index] if state[cell] == YES and cell not in self.owner]
            if best_free is None or len(free) < len(best_free):
                best_tree, best_free = tree, free
                if len(free) <= 1:
                    break
        return [("assign", best_tree, tent) for tent in best_free or ()]

    def _branch_cell(self) -> Cell:
        """An undecided cell in the row or column with the least slack (undecided cells minus tents missing)."""
        best, best_slack = -1, None
        state = self.state
        for cell in self.candidates:
            if state[cell] == UNKNOWN:
                r, c = self.row_of[cell], self.col_of[cell]
                slack = min(self.row_open[r] - (self.need_row[r] - self.row_tents[r]),
                            self.col_open[c] - (self.need_col[c] - self.col_tents[c]))
                if best_slack is None or slack < best_slack:
                    best, best_slack = cell, slack
        return best

    def format_move(self, level: int, move: tuple) -> str:
        """A move as a player says it: ``tent at row 2, column 3``, ``no tent at ...``, or which tree takes which."""
        kind = move[0]
        if kind == "tent":
            return f"tent at {_place(self.ncols, move[1])}"
        if kind == "empty":
            return f"no tent at {_place(self.ncols, move[1])}"
        if kind == "assign":
            return f"the tree at {_place(self.ncols, move[1])} takes the tent at {_place(self.ncols, move[2])}"
        return "every cell decided: check the layout"

    def valid(self, level: int, move: tuple) -> bool:
        if not self.started:  # a prefix replay calls valid before moves
            self._begin()
        if self.dead:
            return False
        kind = move[0]
        if kind == "assign":
            return move[2] not in self.owner
        if kind == "check":
            return True
        mark = len(self.trail)
        if self._propagate([(move[1], YES if kind == "tent" else NO)]) and self._matched(mark) and self._probe():
            self.pending = mark
            return True
        self._rollback(mark)
        return False

    def record(self, level: int, move: tuple) -> None:
        kind = move[0]
        if kind == "assign":
            self.chosen[move[1]] = move[2]
            self.owner[move[2]] = move[1]
        self.marks.append(self.pending if kind in ("tent", "empty") else -1)

    def undo(self, level: int, move: tuple) -> None:
        mark = self.marks.pop()
        if move[0] == "assign":
            del self.chosen[move[1]], self.owner[move[2]]
        elif mark >= 0:
            self._rollback(mark)

    def done(self, level: int) -> bool:
        return not self.unknown and (not self.assignments or len(self.chosen) == self.ntrees)

    def solution(self, path: tuple) -> Layout:
        tents = tuple(cell for cell, value in enumerate(self.state) if value == YES)
        if self.assignments:
            pairs = tuple((tree, self.chosen[tree]) for tree in self.spec.trees)
        else:
            pairs = tuple(zip(self.spec.trees, self.mate))
        return Layout(tents, pairs, self.rules)


def _place(ncols: int, cell: Cell) -> str:
    """``row R, column C`` of a cell number, counted from 1 as in the checker's messages."""
    r, c = divmod(cell, ncols)
    return f"row {r + 1}, column {c + 1}"


def _runs(lines: list[list[Cell]], step: int, length: int) -> tuple[list[list[int]], list[int], list[int]]:
    """Per line of candidate cells: the positions of its other cells, the capacity of its runs, its odd runs.

    A position is the index along the line (``cell // step`` modulo ``length``); the
    positions are sorted, between the sentinels -1 and ``length``.
    """
    blocked, capacity, odd = [], [], []
    for cells in lines:
        free = [(cell // step) % length for cell in cells]
        positions, total, odd_runs, start = [-1], 0, 0, 0
        for i, position in enumerate(free):
            if i and position != free[i - 1] + 1:
                run = i - start
                total, odd_runs, start = total + (run + 1) // 2, odd_runs + run % 2, i
        if free:
            run = len(free) - start
            total, odd_runs = total + (run + 1) // 2, odd_runs + run % 2
        free_set = set(free)
        positions.extend(p for p in range(length) if p not in free_set)
        positions.append(length)
        blocked.append(positions)
        capacity.append(total)
        odd.append(odd_runs)
    return blocked, capacity, odd


# -- the tutorial's search -------------------------------------------------------------------


class SeedTentsSearch(Search):
    """The tutorial's search: level = tree in the given order, moves = its neighbours.

    Made right for rectangles and both rules; ``done`` also checks that every count
    is met exactly.  In ``layouts`` mode a complete assignment is a solution only if
    it is the first matching of its layout in this search's own order, so each
    layout is counted once.  Moves are tent cells.
    """

    def __init__(self, spec: Zeltlager, rules: str | None = None, count: str = "layouts"):
        if count not in COUNTS:
            raise ValueError(f"count must be one of {', '.join(COUNTS)}, not {count!r}")
        if rules is not None and rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.spec = spec
        self.rules = rules or spec.rules
        self.assignments = count == "assignments"
        self.trees = list(spec.trees)
        self.tree_set = set(self.trees)
        self.tents: list[Cell] = []
        self.tent_set: set[Cell] = set()
        self.rowscount = [0] * spec.rsize
        self.colscount = [0] * spec.csize

    def moves(self, level: int) -> list[Cell]:
        if not self.trees:
            return [-1] if level == 0 else []
        return self.spec.neighbors(self.trees[level]) if level < len(self.trees) else []

    def format_move(self, level: int, move: Cell) -> str:
        """A move as a player says it: ``tent at row 1, column 2 for the tree at row 1, column 1``."""
        if move == -1:
            return "no trees: the empty camp"
        ncols = self.spec.csize
        return f"tent at {_place(ncols, move)} for the tree at {_place(ncols, self.trees[level])}"

    def valid(self, level: int, move: Cell) -> bool:
        if move == -1:
            return True
        if move in self.tree_set or move in self.tent_set:
            return False
        if any(n in self.tent_set for n in self.spec.touching(move, self.rules)):
            return False
        r, c = self.spec.rowAndCol(move)
        return self.rowscount[r] < self.spec.rows[r] and self.colscount[c] < self.spec.cols[c]

    def record(self, level: int, move: Cell) -> None:
        if move == -1:
            return
        self.tents.append(move)
        self.tent_set.add(move)
        r, c = self.spec.rowAndCol(move)
        self.rowscount[r] += 1
        self.colscount[c] += 1

    def undo(self, level: int, move: Cell) -> None:
        if move == -1:
            return
        self.tents.pop()
        self.tent_set.discard(move)
        r, c = self.spec.rowAndCol(move)
        self.rowscount[r] -= 1
        self.colscount[c] -= 1

    def done(self, level: int) -> bool:
        if len(self.tents) != len(self.trees):
            return False
        if self.rowscount != self.spec.rows or self.colscount != self.spec.cols:
            return False
        if not set(self.spec.tents) <= self.tent_set:
            return False
        return self.assignments or self.tents == self._first_matching()

    def _first_matching(self) -> list[Cell] | None:
        """The first assignment of the current tents to the trees in this search's order."""
        tents, trees, neighbors = self.tent_set, self.trees, self.spec.neighbors
        if not trees:
            return []
        chosen: list[Cell] = []
        taken: set[Cell] = set()
        stack = [iter(neighbors(trees[0]))]
        while stack:
            for cell in stack[-1]:
                if cell in tents and cell not in taken:
                    chosen.append(cell)
                    taken.add(cell)
                    if len(chosen) == len(trees):
                        return chosen
                    stack.append(iter(neighbors(trees[len(chosen)])))
                    break
            else:
                stack.pop()
                if chosen:
                    taken.discard(chosen.pop())
        return None

    def solution(self, path: tuple) -> Layout:
        return Layout(tuple(sorted(self.tents)), tuple(zip(self.trees, self.tents)), self.rules)


SEARCHES = {"propagate": TentsSearch, "seed": SeedTentsSearch}


def search(spec: Zeltlager, rules: str | None = None, count: str = "layouts", method: str = "propagate", **_: object) -> Search:
    """A fresh search of ``spec``; ``rules`` overrides the spec's, ``count`` and ``method`` as documented.

    An unknown ``rules``, ``count`` or ``method`` is an :class:`InputError` naming the choices.
    """
    given = (("rules", rules, RULES), ("count", count, COUNTS), ("method", method, tuple(SEARCHES)))
    for name, value, choices in given:
        if value not in choices and not (name == "rules" and value is None):
            raise InputError(f"parameter {name} must be one of {', '.join(choices)}, not {quoted(str(value))}",
                             "<parameters>")
    return SEARCHES[method](spec, rules=rules, count=count)


# -- generating puzzles ----------------------------------------------------------------------


#: The most propagation steps the generator spends on verdicts (deciding whether a board has one
#: solution): about half a minute on the biggest boards.  Deterministic, so a seed still gives one puzzle.
GENERATE_STEPS = 1_000_000


def generate(rows: int, cols: int, seed: int | None = None, rules: str = "standard", unique: bool = True,
             density: float = 0.2, tries: int = 200) -> Zeltlager:
    """A random puzzle: tents placed at random under ``rules``, a tree next to each, counts derived.

    About ``density * rows * cols`` tents are placed.  With ``unique`` (the default)
    up to ``tries`` boards are made until one has exactly one layout; if none has
    (or the verdicts took :data:`GENERATE_STEPS` propagation steps, which happens
    on big boards), the last board is returned: it has at least one solution, the
    one it was made from.  Boards have 1 to :data:`MAX_SIDE` rows and columns, and
    ``density`` is above 0 and at most 1; ``ValueError`` otherwise.
    """
    return _generate(rows, cols, seed, rules, unique, density, tries)[0]


def _generate(rows: int, cols: int, seed: int | None, rules: str, unique: bool, density: float,
              tries: int) -> tuple[Zeltlager, Verdict | None]:
    """:func:`generate` and its board's verdict: ``None`` if not ``unique``, ``UNKNOWN`` if the steps ran out."""
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ValueError(f"a board has 1 to {MAX_SIDE} rows and 1 to {MAX_SIDE} columns, not {rows} x {cols}")
    if not 0 < density <= 1:
        raise ValueError(f"the density (tents per cell) must be above 0 and at most 1, not {density}")
    rng = random.Random(seed)
    if not unique:
        return _random_board(rng, rows, cols, rules, density), None
    steps = [GENERATE_STEPS]
    spec, verdict = None, Verdict.UNKNOWN
    for _ in range(max(tries, 1)):
        spec = _random_board(rng, rows, cols, rules, density)
        verdict = _verdict(spec, steps)
        if verdict is Verdict.UNIQUE or steps[0] <= 0:
            break
    assert spec is not None
    return spec, verdict


class _OutOfSteps(Exception):
    """The generator's propagation steps have run out."""


class _CountedSearch(TentsSearch):
    """The propagating search, spending one of the generator's steps per propagation."""

    def __init__(self, spec: Zeltlager, steps: list[int]):
        super().__init__(spec)
        self.steps = steps

    def _propagate(self, todo: list[tuple[Cell, int]]) -> bool:
        self.steps[0] -= 1
        if self.steps[0] < 0:
            raise _OutOfSteps
        return super()._propagate(todo)


def _verdict(spec: Zeltlager, steps: list[int]) -> Verdict:
    """The verdict of ``spec``, or ``UNKNOWN`` when ``steps[0]`` propagation steps were not enough."""
    try:
        return _CountedSearch(spec, steps).verdict()
    except _OutOfSteps:
        return Verdict.UNKNOWN


def _random_board(rng: random.Random, rows: int, cols: int, rules: str, density: float) -> Zeltlager:
    """Tents placed at random cells under ``rules``, each with a tree on a random free neighbour; counts from them."""
    board = Zeltlager([], [0] * rows, [0] * cols, rules)
    target = max(1, round(density * rows * cols))
    trees: set[Cell] = set()
    tents: set[Cell] = set()
    blocked: set[Cell] = set()  # cells where a tent would touch another
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    for cell in cells:
        if len(tents) == target:
            break
        if cell in blocked or cell in tents or cell in trees:
            continue
        spots = [n for n in board.neighbors(cell) if n not in tents and n not in trees]
        if not spots:
            continue
        tree = rng.choice(spots)
        trees.add(tree)
        tents.add(cell)
        blocked.update(board.touching(cell))
    row_counts, col_counts = [0] * rows, [0] * cols
    for tent in tents:
        row_counts[tent // cols] += 1
        col_counts[tent % cols] += 1
    return Zeltlager(sorted(trees), row_counts, col_counts, rules)


PUZZLE = Puzzle(
    name="tents",
    description="Tents (Zeltlager): a tent next to every tree, counts per row and column, tents not touching",
    parse=parse,
    search=search,
    render=render,
    params=(
        Param("rules", "seed (tents may touch diagonally) or standard (not at all); default: the file's rules: line, else seed",
              str, None, RULES),
        Param("count", "what a solution is: layouts (distinct tent sets) or assignments (distinct tree-to-tent matchings)",
              str, "layouts", COUNTS),
        Param("method", "the search: propagate (cells with propagation) or seed (the tutorial's tree order)",
              str, "propagate", tuple(SEARCHES)),
    ),
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "tents"),
    check=check,
    limits=f"boards up to {MAX_SIDE} x {MAX_SIDE} cells (rows and columns each at most {MAX_SIDE})",
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.tents generate ROWS COLS [--seed N] [--rules R] [--density D] [--any]``.

    A bad argument ends with a message and exit status 2.
    """
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.tents", description="Make tents puzzles.")
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("generate", help="print a random puzzle in the file format")
    making.add_argument("rows", type=_side, help=f"rows, 1 to {MAX_SIDE}")
    making.add_argument("cols", type=_side, help=f"columns, 1 to {MAX_SIDE}")
    making.add_argument("--seed", type=_seed, default=None,
                        help="random seed (the same seed gives the same puzzle)")
    making.add_argument("--rules", choices=RULES, default="standard")
    making.add_argument("--density", type=_density, default=0.2,
                        help="tents per cell, above 0 and at most 1 (default 0.2)")
    making.add_argument("--any", action="store_true", help="do not insist on a unique solution")
    args = parser.parse_args(argv)
    try:
        spec, verdict = _generate(args.rows, args.cols, args.seed, args.rules, not args.any, args.density, 200)
    except ValueError as error:
        parser.error(str(error))
    if verdict is None:
        verdict = _verdict(spec, [GENERATE_STEPS])
    said = verdict.value if verdict is not Verdict.UNKNOWN else "unknown (the generator's steps ran out)"
    print(f"# tents {args.rows}x{args.cols}, rules {args.rules}, generated with --seed {args.seed}; {said}")
    print(format_puzzle(spec))
    return 0


#: The largest generator seed, either sign (any integer would do; this keeps the messages short).
SEED_LIMIT = 10**18 - 1


def _side(text: str) -> int:
    """An argparse ``type``: a number of rows or columns, 1 to :data:`MAX_SIDE`."""
    try:
        return whole_number(text, "", None, None, low=1, high=MAX_SIDE, what="a number of rows or columns")
    except InputError as error:
        raise argparse.ArgumentTypeError(error.message) from None


def _seed(text: str) -> int:
    """An argparse ``type``: a whole number from -:data:`SEED_LIMIT` to :data:`SEED_LIMIT`."""
    negative = text.startswith("-")
    try:
        value = whole_number(text[negative:], "", None, None, low=0, high=SEED_LIMIT, what="")
    except InputError:
        raise argparse.ArgumentTypeError(f"expected a whole number from -{SEED_LIMIT} to {SEED_LIMIT}, "
                                         f"found {quoted(text)}") from None
    return -value if negative else value


def _density(text: str) -> float:
    """An argparse ``type``: tents per cell, above 0 and at most 1."""
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number above 0 and at most 1, found {quoted(text)}")
    return value


if __name__ == "__main__":
    sys.exit(main())
