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
there that leads to a contradiction means the cell stays empty).  It branches
on an undecided cell of the row or column with the least slack: tent, or empty.
As every layout is reached once, layouts need no deduplication; in
``assignments`` mode, once a layout is complete, further levels give each tree
its tent (the tree with the fewest free tents first).  ``seed`` is the
tutorial's search: level = tree in the given order, moves = the tree's
neighbours; it counts layouts by accepting only the first matching (in its own
search order) of each layout.  Attempts are calls of ``valid`` as always.

``python -m backtrack_puzzles.tents generate ROWS COLS [--seed N] [--rules R]``
prints a random puzzle (see :func:`generate`).
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from backtrack import InputError, Param, Puzzle, Search, Verdict, examples_in, hookimpl

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
        lines = [f"Lösung {number:4}", " " * 6 + "".join(f"{count:3}" for count in self.cols)]
        for r in range(self.rsize):
            cells = []
            for c in range(self.csize):
                f = r * self.csize + c
                cells.append("  B" if f in self.trees else "  Z" if f in placed else "  .")
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
    """A puzzle from the file format of the module docstring; :class:`InputError` if malformed."""
    rules = "seed"
    rules_line: int | None = None
    cols: list[tuple[int, int]] | None = None  # (count, column)
    cols_line = 0
    rows: list[tuple[int, int, int, str, int]] = []  # (line, count, its column, cells, their column)
    last = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        tokens = _tokens(line)
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
            value = line[colon + 1:].strip()
            if value not in RULES:
                column = line.index(value, colon) + 1 if value else colon + 2
                raise InputError(f"expected 'rules: seed' or 'rules: standard', found rules {value!r}", source, number, column)
            rules, rules_line = value, number
            continue
        if cols is None:
            cols, cols_line = [], number
            for column, token in tokens:
                if not _is_number(token):
                    raise InputError(f"expected the column counts (whole numbers separated by spaces), found {token!r}", source, number, column)
                cols.append((int(token), column))
            continue
        if len(tokens) != 2:
            column = tokens[2][0] if len(tokens) > 2 else len(line) + 1
            raise InputError("expected a row: its count, a space, and its cells as one string (T tree, . empty, A tent)", source, number, column)
        (count_column, count), (cells_column, cells) = tokens
        if not _is_number(count):
            raise InputError(f"expected the row's count (a whole number) first, found {count!r}", source, number, count_column)
        for offset, char in enumerate(cells):
            if char not in (TREE, EMPTY, TENT):
                raise InputError(f"expected a cell: T (tree), . (empty) or A (tent), found {char!r}", source, number, cells_column + offset)
        rows.append((number, int(count), count_column, cells, cells_column))
    if cols is None:
        raise InputError("expected the column counts, found nothing", source, last or None)
    if not rows:
        raise InputError("expected the rows after the column counts, found none", source, cols_line + 1)
    width = len(rows[0][3])
    for number, _, _, cells, column in rows[1:]:
        if len(cells) != width:
            raise InputError(f"ragged rows: this row has {len(cells)} cells, the first row has {width}", source, number, column)
    if len(cols) != width:
        raise InputError(f"expected {width} column counts (the rows have {width} cells), found {len(cols)}", source, cols_line, cols[0][1] if cols else 1)
    height = len(rows)
    for count, column in cols:
        if count > height:
            raise InputError(f"column count {count} is out of range: the board has {height} rows", source, cols_line, column)
    for number, count, column, _, _ in rows:
        if count > width:
            raise InputError(f"row count {count} is out of range: the board has {width} columns", source, number, column)
    row_total, col_total = sum(row[1] for row in rows), sum(count for count, _ in cols)
    if row_total != col_total:
        raise InputError(f"the row counts add up to {row_total} but the column counts to {col_total} (is a row missing?)", source, last)
    grid = [row[3] for row in rows]
    trees = [r * width + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TREE]
    tents = [r * width + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TENT]
    return Zeltlager(trees, [row[1] for row in rows], [count for count, _ in cols], rules, tents)


def _is_number(token: str) -> bool:
    return token.isascii() and token.isdigit()


def _tokens(line: str) -> list[tuple[int, str]]:
    """The words of a line with their 1-based columns."""
    found, column = [], 0
    for word in line.split():
        column = line.index(word, column)
        found.append((column + 1, word))
        column += len(word)
    return found


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


# -- the propagating search -----------------------------------------------------------

UNKNOWN, NO, YES, WOOD = 0, 1, 2, 3  # cell states: undecided, no tent, tent, tree


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
        self.spec = spec
        self.rules = rules or spec.rules
        self.assignments = count == "assignments"
        ncols, nrows = spec.csize, spec.rsize
        size = nrows * ncols
        self.ncols = ncols
        self.ntrees = len(spec.trees)
        self.tree_cells: list[list[Cell]] = []  # per tree (index): the cells its tent may take
        self.trees_at: list[list[int]] = [[] for _ in range(size)]  # per cell: the trees next to it
        tree_set = set(spec.trees)
        for index, tree in enumerate(spec.trees):
            cells = [n for n in spec.neighbors(tree) if n not in tree_set]
            self.tree_cells.append(cells)
            for n in cells:
                self.trees_at[n].append(index)
        self.touch = [spec.touching(cell, self.rules) for cell in range(size)]
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
        self.row_cells = [[c for c in range(r * ncols, (r + 1) * ncols) if state[c] == UNKNOWN] for r in range(nrows)]
        self.col_cells = [[c for c in range(k, size, ncols) if state[c] == UNKNOWN] for k in range(ncols)]
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
        self.unmatched = set(range(self.ntrees))
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
            if not self._line(self.row_cells[r], 1, self.need_row[r], self.row_tents[r], self.row_open[r], todo):
                return False
        for c in range(self.ncols):
            if not self._line(self.col_cells[c], self.ncols, self.need_col[c], self.col_tents[c], self.col_open[c], todo):
                return False
        for index in range(self.ntrees):
            if self.tree_open[index] == 0:
                return False
            if self.tree_open[index] == 1:
                todo.append((self.tree_cells[index][0], YES))
        return self._propagate(todo) and self._matched(0) and self._probe()

    def _probe(self) -> bool:
        """Failed-literal probing: an undecided cell where a tent leads to a contradiction stays empty.

        Repeated until nothing changes; false when the board itself is contradictory.
        """
        state, trail = self.state, self.trail
        changed = True
        while changed:
            changed = False
            for cell in self.candidates:
                if state[cell] != UNKNOWN:
                    continue
                mark = len(trail)
                possible = self._propagate([(cell, YES)]) and self._matched(mark)
                self._rollback(mark)
                if not possible:
                    if not (self._propagate([(cell, NO)]) and self._matched(mark)):
                        return False
                    changed = True
        return True

    def _line(self, cells: list[Cell], step: int, need: int, tents: int, unknown: int, todo: list[tuple[Cell, int]]) -> bool:
        """Check a row (``step`` 1) or column (``step`` = columns) and queue what its count forces.

        Beyond the plain count, the undecided cells form runs (consecutive cells);
        as no two tents touch orthogonally, a run of n holds at most (n + 1) // 2
        tents.  When the runs' capacity is just enough, every odd run is forced
        (tents at its 1st, 3rd, ... cell).  False on a contradiction.
        """
        if tents > need or tents + unknown < need:
            return False
        if not unknown:
            return True
        state = self.state
        if tents == need:
            todo.extend((cell, NO) for cell in cells if state[cell] == UNKNOWN)
            return True
        runs: list[list[Cell]] = []
        previous = -2 * step
        for cell in cells:
            if state[cell] == UNKNOWN:
                if cell - previous == step:
                    runs[-1].append(cell)
                else:
                    runs.append([cell])
                previous = cell
        capacity = sum((len(run) + 1) // 2 for run in runs)
        if tents + capacity < need:
            return False
        if tents + capacity == need:
            for run in runs:
                if len(run) % 2:
                    todo.extend((cell, NO if i % 2 else YES) for i, cell in enumerate(run))
        return True

    def _propagate(self, todo: list[tuple[Cell, int]]) -> bool:
        """Decide the queued cells and everything they force; false on a contradiction."""
        state, trail = self.state, self.trail
        row_of, col_of, trees_at = self.row_of, self.col_of, self.trees_at
        tree_open, tree_tents = self.tree_open, self.tree_tents
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
            self.row_open[r] -= 1
            self.col_open[c] -= 1
            if value == YES:
                self.row_tents[r] += 1
                self.col_tents[c] += 1
                for index in trees_at[cell]:
                    tree_tents[index] += 1
                for other in self.touch[cell]:
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
            if not self._line(self.row_cells[r], 1, self.need_row[r], self.row_tents[r], self.row_open[r], todo):
                return False
            if not self._line(self.col_cells[c], self.ncols, self.need_col[c], self.col_tents[c], self.col_open[c], todo):
                return False
        return True

    def _rollback(self, mark: int) -> None:
        """Make the cells decided since trail position ``mark`` undecided again."""
        state, trail = self.state, self.trail
        while len(trail) > mark:
            cell = trail.pop()
            value = state[cell]
            state[cell] = UNKNOWN
            self.unknown += 1
            r, c = self.row_of[cell], self.col_of[cell]
            self.row_open[r] += 1
            self.col_open[c] += 1
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
                self.unmatched.add(tree)
        while self.unmatched:
            tree = self.unmatched.pop()
            if not self._augment(tree):
                self.unmatched.add(tree)
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
    """A fresh search of ``spec``; ``rules`` overrides the spec's, ``count`` and ``method`` as documented."""
    return SEARCHES[method](spec, rules=rules, count=count)


# -- generating puzzles ----------------------------------------------------------------------


def generate(rows: int, cols: int, seed: int | None = None, rules: str = "standard", unique: bool = True,
             density: float = 0.2, tries: int = 200) -> Zeltlager:
    """A random puzzle: tents placed at random under ``rules``, a tree next to each, counts derived.

    About ``density * rows * cols`` tents are placed.  With ``unique`` (the default)
    up to ``tries`` boards are made until one has exactly one layout; if none has,
    the last board is returned (it has at least one solution, the one it was made from).
    """
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    rng = random.Random(seed)
    spec = None
    for _ in range(max(tries, 1)):
        spec = _random_board(rng, rows, cols, rules, density)
        if not unique or TentsSearch(spec).verdict() is Verdict.UNIQUE:
            break
    assert spec is not None
    return spec


def _random_board(rng: random.Random, rows: int, cols: int, rules: str, density: float) -> Zeltlager:
    board = Zeltlager([], [0] * rows, [0] * cols, rules)
    target = max(1, round(density * rows * cols))
    trees: list[Cell] = []
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
        trees.append(tree)
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
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.tents generate ROWS COLS [--seed N] [--rules R] [--any]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.tents", description="Make tents puzzles.")
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("generate", help="print a random puzzle in the file format")
    making.add_argument("rows", type=int)
    making.add_argument("cols", type=int)
    making.add_argument("--seed", type=int, default=None, help="random seed (the same seed gives the same puzzle)")
    making.add_argument("--rules", choices=RULES, default="standard")
    making.add_argument("--density", type=float, default=0.2, help="tents per cell (default 0.2)")
    making.add_argument("--any", action="store_true", help="do not insist on a unique solution")
    args = parser.parse_args(argv)
    try:
        spec = generate(args.rows, args.cols, args.seed, args.rules, unique=not args.any, density=args.density)
    except ValueError as error:
        parser.error(str(error))
    verdict = TentsSearch(spec).verdict().value
    print(f"# tents {args.rows}x{args.cols}, rules {args.rules}, generated with --seed {args.seed}; {verdict}")
    print(format_puzzle(spec))
    return 0


if __name__ == "__main__":
    sys.exit(main())
