"""Akari (Light Up): light every white cell with lamps that never shine on each other.

The grid has white and black cells.  A lamp on a white cell lights its row and its
column up to the first black cell or the edge.  A solution is a set of lamps such
that every white cell is lit, no lamp is lit by another lamp, and every numbered
black cell (0 to 4) has exactly that many lamps orthogonally next to it; black
cells without a number take any number of lamps.  Solutions are distinct lamp sets.

Input: one line per row, all rows equally long: ``.`` (or ``_``) a white cell,
``#`` (or ``?``) an unnumbered black cell, ``0`` to ``4`` a numbered black cell.
Blank lines separate puzzles in a file holding several (batch mode).  A solution
renders as the seed's ``toString()`` text of the solved grid: ``?`` and ``0``-``4``
black cells, ``L`` lamps, ``*`` lit white cells (``_`` unlit ones never occur in a
solution).

:class:`Akari` is the seed's class (``zwarteCellen``, ``lampen``, ``verlicht``,
``stralen``, ``plaatsLamp``, ``verwijderLamp``, ``isOpgelost``, ``toString``).
:class:`AkariSearch` searches with propagation.  A lamp darkens (rules out lamps
on) every cell it sees; a number whose need equals its undecided neighbours takes
them all as lamps, a satisfied number darkens them, and a number that can spare
only one neighbour darkens the diagonal cell that sees two of them; an unlit cell
that only one undecided cell can still light forces a lamp there, and with two
candidates in its row and column it darkens the cell that sees both.  After that,
every undecided cell where a lamp leads to a contradiction gets no lamp (probing,
``-p probe=no`` turns it off).  Only then does it branch: on one candidate of the
unlit cell with the fewest candidates, lamp first, then no lamp.

``python -m backtrack_puzzles.akari generate ROWS COLS [--seed S]`` makes a new
puzzle with a unique solution (see :func:`generate`).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple, Sequence

from backtrack import InputError, Param, Puzzle, Search, Verdict, examples_in, hookimpl

Position = tuple[int, int]

WHITE_CHARS = "._"
BLACK_CHARS = "#?"
MAX_NUMBER = 4
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _invalid() -> AssertionError:
    return AssertionError("ongeldige positie")


class Akari:
    """The seed's Akari grid: black cells (numbered or not), white cells and lamps.

    ``Akari(rows, cols, black)``: ``black`` holds ``(r, k)`` for an unnumbered and
    ``(r, k, l)`` for a numbered black cell (lists or tuples).  Collections come back
    as lists of ``(r, k)`` tuples in reading order.  Method names are the seed's.
    """

    def __init__(self, rows: int, cols: int, black: Iterable[Sequence[int]] = ()):
        for name, value in (("rows", rows), ("cols", cols)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"the number of {name} must be a whole number of at least 1, not {value!r}")
        self.rows = rows
        self.cols = cols
        self.black: dict[Position, int | None] = {}
        for cell in black:
            if len(cell) not in (2, 3):
                raise ValueError(f"a black cell is (r, k) or (r, k, l), not {cell!r}")
            r, k = cell[0], cell[1]
            number = cell[2] if len(cell) == 3 else None
            if not self._inside(r, k):
                raise ValueError(f"black cell {(r, k)} lies outside the {rows} x {cols} grid")
            if number is not None and (not isinstance(number, int) or not 0 <= number <= MAX_NUMBER):
                raise ValueError(f"the number of black cell {(r, k)} must be 0 to {MAX_NUMBER}, not {number!r}")
            if (r, k) in self.black:
                raise ValueError(f"black cell {(r, k)} is given twice")
            self.black[(r, k)] = number
        self.lamps: set[Position] = set()

    # -- helpers ------------------------------------------------------------------
    def _inside(self, r: object, k: object) -> bool:
        return (
            isinstance(r, int) and isinstance(k, int) and not isinstance(r, bool) and not isinstance(k, bool)
            and 0 <= r < self.rows and 0 <= k < self.cols
        )

    def _white(self, r: int, k: int) -> bool:
        return self._inside(r, k) and (r, k) not in self.black

    def _neighbours(self, r: int, k: int) -> Iterator[Position]:
        for dr, dk in _STEPS:
            if self._inside(r + dr, k + dk):
                yield r + dr, k + dk

    def _lamps_next_to(self, r: int, k: int) -> int:
        return sum(1 for cell in self._neighbours(r, k) if cell in self.lamps)

    def _lit(self) -> set[Position]:
        lit: set[Position] = set()
        for lamp in self.lamps:
            lit.update(self.stralen(*lamp))
        return lit

    @property
    def numbers(self) -> dict[Position, int]:
        """The numbered black cells and their numbers."""
        return {cell: number for cell, number in self.black.items() if number is not None}

    def whites(self) -> list[Position]:
        """All white cells in reading order."""
        return [(r, k) for r in range(self.rows) for k in range(self.cols) if (r, k) not in self.black]

    def copy(self) -> "Akari":
        """An independent copy, lamps included."""
        other = Akari(self.rows, self.cols, self._black_list())
        other.lamps = set(self.lamps)
        return other

    def _black_list(self) -> list[tuple[int, ...]]:
        return [cell if number is None else (*cell, number) for cell, number in sorted(self.black.items())]

    # -- the seed's methods -------------------------------------------------------
    def zwarteCellen(self) -> list[Position]:
        """All black cells, in reading order."""
        return sorted(self.black)

    def lampen(self) -> list[Position]:
        """All lamps, in reading order."""
        return sorted(self.lamps)

    def verlicht(self) -> list[Position]:
        """The free white cells (without a lamp) lit by at least one lamp, in reading order."""
        return sorted(self._lit() - self.lamps)

    def stralen(self, r: int, k: int) -> list[Position]:
        """The cells a lamp on ``(r, k)`` would light (whatever that cell is), itself excluded."""
        if not self._inside(r, k):
            raise _invalid()
        cells = []
        for dr, dk in _STEPS:
            rr, kk = r + dr, k + dk
            while self._white(rr, kk):
                cells.append((rr, kk))
                rr, kk = rr + dr, kk + dk
        return sorted(cells)

    def plaatsLamp(self, r: int, k: int) -> None:
        """Place a lamp on ``(r, k)``; ``AssertionError('ongeldige positie')`` when it may not go there.

        It may go on a white cell inside the grid that holds no lamp, is not lit by
        another lamp, and whose numbered black neighbours can take one more lamp.
        """
        if not self._white(r, k) or (r, k) in self.lamps:
            raise _invalid()
        if any(cell in self.lamps for cell in self.stralen(r, k)):
            raise _invalid()
        for cell in self._neighbours(r, k):
            number = self.black.get(cell)
            if number is not None and self._lamps_next_to(*cell) >= number:
                raise _invalid()
        self.lamps.add((r, k))

    def verwijderLamp(self, r: int, k: int) -> None:
        """Remove the lamp on ``(r, k)``; ``AssertionError('ongeldige positie')`` when there is none."""
        if (r, k) not in self.lamps:
            raise _invalid()
        self.lamps.remove((r, k))

    def isOpgelost(self) -> bool:
        """Whether every free white cell is lit and every number has exactly its lamps next to it."""
        lit = self._lit()
        if lit & self.lamps:  # cannot happen through plaatsLamp, only by setting lamps directly
            return False
        if any(cell not in lit for cell in self.whites() if cell not in self.lamps):
            return False
        return all(self._lamps_next_to(*cell) == number for cell, number in self.numbers.items())

    def toString(self) -> str:
        """Rows of ``?``, ``0``-``4`` (black), ``L`` (lamp), ``*`` (lit) and ``_`` (unlit)."""
        lit = self._lit()
        lines = []
        for r in range(self.rows):
            line = []
            for k in range(self.cols):
                if (r, k) in self.black:
                    number = self.black[(r, k)]
                    line.append("?" if number is None else str(number))
                else:
                    line.append("L" if (r, k) in self.lamps else "*" if (r, k) in lit else "_")
            lines.append("".join(line))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.toString()

    def __repr__(self) -> str:
        return f"Akari({self.rows}, {self.cols}, {self._black_list()!r})"

    def text(self) -> str:
        """The puzzle (lamps left out) in the file format: ``.``, ``#`` and ``0``-``4``."""
        return "\n".join(
            "".join("." if (r, k) not in self.black else "#" if self.black[(r, k)] is None else str(self.black[(r, k)]) for k in range(self.cols))
            for r in range(self.rows)
        )


# -- input and output -----------------------------------------------------------------

def parse(text: str, source: str = "<input>") -> Akari:
    """A grid from the file format; :class:`InputError` names the line and column of a fault."""
    lines = [line.rstrip() for line in text.splitlines()]
    numbered = [(number, line) for number, line in enumerate(lines, 1)]
    while numbered and not numbered[-1][1]:
        numbered.pop()
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    if not numbered:
        raise InputError("expected a grid, one line per row ('.' white, '#' black, 0-4 numbered black), found an empty file", source, 1, 1)
    first, width = numbered[0][0], len(numbered[0][1])
    black: list[tuple[int, ...]] = []
    for r, (number, line) in enumerate(numbered):
        if not line:
            raise InputError("expected a row of the grid, found a blank line (blank lines only separate puzzles)", source, number, 1)
        for k, char in enumerate(line):
            if char in WHITE_CHARS:
                continue
            if char in BLACK_CHARS:
                black.append((r, k))
            elif char.isdigit() and char.isascii():
                if int(char) > MAX_NUMBER:
                    raise InputError(f"expected a number of lamps from 0 to {MAX_NUMBER}, found {char!r}", source, number, k + 1)
                black.append((r, k, int(char)))
            else:
                raise InputError(f"expected '.' or '_' (white), '#' or '?' (black) or 0-{MAX_NUMBER} (numbered black), found {char!r}", source, number, k + 1)
        if len(line) != width:
            column = min(len(line), width) + 1
            raise InputError(f"expected {width} cells in every row (as in line {first}), found {len(line)}", source, number, column)
    return Akari(len(numbered), width, black)


def split(text: str) -> list[tuple[int, str]]:
    """The puzzles of a file: blocks of lines separated by blank lines, with their first line."""
    parts: list[tuple[int, str]] = []
    block: list[str] = []
    start = 1
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            if not block:
                start = number
            block.append(line)
        elif block:
            parts.append((start, "\n".join(block) + "\n"))
            block = []
    if block:
        parts.append((start, "\n".join(block) + "\n"))
    return parts


def solved(spec: Akari, solution: Sequence[Position]) -> Akari:
    """A copy of ``spec`` holding exactly the lamps of ``solution``."""
    grid = spec.copy()
    grid.lamps = set(solution)
    return grid


def render(spec: Akari, solution: Sequence[Position]) -> str:
    """The seed's ``toString()`` text of the solved grid."""
    return solved(spec, solution).toString()


def as_json(spec: Akari, solution: Sequence[Position]) -> list[list[int]]:
    """The lamps as ``[r, k]`` pairs in reading order."""
    return [list(cell) for cell in solution]


# -- the search ---------------------------------------------------------------------------

class Choice(NamedTuple):
    """A branching move: a lamp on ``(row, col)`` or not."""

    row: int
    col: int
    lamp: bool

    def __repr__(self) -> str:
        return f"{'lamp' if self.lamp else 'no lamp'} at ({self.row}, {self.col})"


#: The move of level 0: the deductions the clues allow before any choice.
START = "start"


class AkariSearch(Search):
    """Propagating search (see the module docstring for the rules).

    Level 0's single move :data:`START` makes the deductions the clues allow
    before any choice; every later level branches on one cell: ``lamp at (r, k)``,
    then ``no lamp at (r, k)``.  The two branches partition the solutions, and
    deductions only remove lamp sets that are no solution, so each solution is
    found exactly once.  A contradiction makes ``moves`` of the next level empty.

    State per white cell: ``value`` (-1 undecided, 0 no lamp, 1 lamp), ``lit`` (lamps
    lighting it), ``open`` (undecided cells that could still light it, itself
    included); per number: ``need`` (lamps still missing) and ``free`` (undecided
    neighbours).  Every decision is pushed on a trail, and undo takes decisions
    back in reverse order, so the state is restored exactly.
    """

    moves_are_valid = True

    def __init__(self, spec: Akari, probing: bool = True):
        self.probing = probing
        whites = spec.whites()
        index = {cell: i for i, cell in enumerate(whites)}
        self.cells = whites
        self.index = index
        # sees[i]: the white cells a lamp on i lights; reach[i] adds i itself (visibility is symmetric).
        self.sees = [tuple(index[cell] for cell in spec.stralen(*cell)) for cell in whites]
        self.reach = [(i, *seen) for i, seen in enumerate(self.sees)]
        numbers = sorted(spec.numbers.items())
        self.number_cells = [tuple(index[n] for n in spec._neighbours(*cell) if n in index) for cell, _ in numbers]
        self.around: list[list[int]] = [[] for _ in whites]
        for j, cells in enumerate(self.number_cells):
            for i in cells:
                self.around[i].append(j)
        # The white cell diagonal to a number between two of its white neighbours sees both:
        # a lamp there is impossible once the number can spare only one of its free cells.
        self.diagonals: list[list[tuple[int, int, int]]] = []
        for (r, k), _ in numbers:
            pairs = []
            for dr, dk in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                a, b, x = index.get((r + dr, k)), index.get((r, k + dk)), index.get((r + dr, k + dk))
                if a is not None and b is not None and x is not None:
                    pairs.append((a, b, x))
            self.diagonals.append(pairs)
        self.seen = [frozenset(seen) for seen in self.sees]
        self.need = [number for _, number in numbers]
        self.free = [len(cells) for cells in self.number_cells]
        self.value = [-1] * len(whites)
        self.lit = [0] * len(whites)
        self.open = [len(reach) for reach in self.reach]
        self.unlit = len(whites)
        self.trail: list[int] = []
        self.marks: list[tuple[int, bool]] = []
        self.dead = False

    # -- propagation ------------------------------------------------------------
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
        pending.extend((i, 1) for i, reach in enumerate(self.reach) if len(reach) == 1)
        return pending

    def _propagate(self, pending: list[tuple[int, int]]) -> bool:
        """Make the decisions of ``pending`` and all they force; false on a contradiction."""
        value, lit, open_, reach, sees = self.value, self.lit, self.open, self.reach, self.sees
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
                if v and lit[i]:
                    return False
                value[i] = v
                trail.append(i)
                cells = reach[i]
                for c in cells:
                    open_[c] -= 1
                if v:
                    for c in cells:
                        if not lit[c]:
                            unlit -= 1
                        lit[c] += 1
                    for c in sees[i]:
                        if value[c] < 0:
                            pending.append((c, 0))
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
                    for c in cells:
                        if not lit[c]:
                            left = open_[c]
                            if left == 0:
                                return False
                            if left == 1:
                                pending.extend((n, 1) for n in reach[c] if value[n] < 0)
                            elif left == 2 and value[c] >= 0:
                                pending.extend(self._corner(c))
            return True
        finally:
            self.unlit = unlit

    def _corner(self, c: int) -> list[tuple[int, int]]:
        """Cell ``c`` is unlit, has no lamp and two candidates ``a`` (in its row) and ``b``
        (in its column): the cell where ``b``'s row meets ``a``'s column sees both, so a
        lamp there would leave ``c`` dark."""
        value, cells = self.value, self.cells
        a, b = (n for n in self.reach[c] if value[n] < 0)
        row, col = cells[c]
        if cells[a][0] != row:
            a, b = b, a
        if cells[a][0] != row or cells[b][1] != col:
            return []  # both in the same line: every cell seeing both is a candidate of c
        x = self.index.get((cells[b][0], cells[a][1]))
        if x is not None and value[x] < 0 and x in self.seen[a] and x in self.seen[b]:
            return [(x, 0)]
        return []

    def _retract(self, mark: int) -> None:
        """Take back the decisions on the trail above ``mark``, last first."""
        value, lit, open_, reach, around, need, free, trail = (
            self.value, self.lit, self.open, self.reach, self.around, self.need, self.free, self.trail)
        unlit = self.unlit
        while len(trail) > mark:
            i = trail.pop()
            v = value[i]
            value[i] = -1
            cells = reach[i]
            for c in cells:
                open_[c] += 1
            if v:
                for c in cells:
                    lit[c] -= 1
                    if not lit[c]:
                        unlit += 1
                for j in around[i]:
                    need[j] += 1
                    free[j] += 1
            else:
                for j in around[i]:
                    free[j] += 1
        self.unlit = unlit

    # -- the five methods -------------------------------------------------------
    def moves(self, level: int) -> Sequence[object]:
        if level == 0:
            return (START,)
        if self.dead:
            return ()
        # The unlit cell with the fewest candidates; among those, the candidate
        # that lights most unlit cells is tried first as a lamp.
        value, lit, open_ = self.value, self.lit, self.open
        best, fewest = -1, 1 << 30
        for c, count in enumerate(open_):
            if count < fewest and not lit[c]:
                best, fewest = c, count
                if count <= 2:
                    break
        if best < 0:
            return ()
        reach = self.reach
        pick = max((n for n in reach[best] if value[n] < 0), key=lambda n: sum(1 for c in reach[n] if not lit[c]))
        r, k = self.cells[pick]
        return (Choice(r, k, True), Choice(r, k, False))

    def record(self, level: int, move: object) -> None:
        self.marks.append((len(self.trail), self.dead))
        if self.dead:
            return
        if move == START:
            pending = self._initial()
        else:
            row, col, lamp = move  # a Choice, or a plain (row, col, lamp) tuple from a saved prefix
            pending = [(self.index[(row, col)], 1 if lamp else 0)]
        self.dead = pending is None or not self._propagate(pending)
        if not self.dead and self.probing and self.unlit:
            self.dead = not self._probe()

    def _probe(self) -> bool:
        """Cells that cannot hold a lamp: where a lamp (and all it forces) leads to a
        contradiction, the cell gets no lamp; repeated until nothing changes.  False
        when that leaves the puzzle contradictory."""
        value, trail = self.value, self.trail
        changed = True
        while changed:
            changed = False
            for x in range(len(value)):
                if value[x] < 0:
                    mark = len(trail)
                    ok = self._propagate([(x, 1)])
                    self._retract(mark)
                    if not ok:
                        if not self._propagate([(x, 0)]):
                            return False
                        changed = True
        return True

    def undo(self, level: int, move: object) -> None:
        mark, self.dead = self.marks.pop()
        self._retract(mark)

    def done(self, level: int) -> bool:
        return not self.dead and self.unlit == 0

    def solution(self, path: tuple) -> tuple[Position, ...]:
        """The lamps, in reading order."""
        return tuple(cell for cell, v in zip(self.cells, self.value) if v == 1)


def search(spec: Akari, probe: str = "yes", **_: object) -> Search:
    """A fresh search of ``spec`` (lamps already on ``spec`` are ignored); ``probe="no"``
    leaves out the failed-lamp probing after each decision."""
    if probe not in ("yes", "no"):
        raise ValueError(f"probe must be yes or no, not {probe!r}")
    return AkariSearch(spec, probing=probe == "yes")


# -- the generator --------------------------------------------------------------------------

def generate(rows: int, cols: int, seed: int | None = None, density: float = 0.2, minimal: bool = True) -> Akari:
    """A puzzle with a unique solution, found and checked with :class:`AkariSearch`.

    Black cells are drawn with probability ``density``, symmetric under a half turn;
    a random valid lamp set is placed (lamps on still unlit cells, in random
    order); every black cell gets the number of lamps next to it.  While that
    puzzle has a second solution, a cell where the second solution has a lamp and
    the intended one has none is made black (with its twin), unlit cells get new
    lamps and the numbers are counted again.  Then numbers are removed one by one
    in random order as long as the solution stays unique: all that can be removed
    when ``minimal``, else only about half of them (an easier puzzle).
    """
    if not 0 <= density < 1:
        raise ValueError(f"density must be at least 0 and below 1, not {density}")
    rng = random.Random(seed)
    grid = Akari(rows, cols, _symmetric_black(rows, cols, density, rng))
    while True:
        _light_up(grid, rng)
        puzzle = Akari(rows, cols, [(*cell, grid._lamps_next_to(*cell)) for cell in sorted(grid.black)])
        found = list(AkariSearch(puzzle).solutions(2))
        if len(found) == 1:
            break
        other = next(iter(s for s in found if set(s) != grid.lamps))
        x = rng.choice(sorted(set(other) - grid.lamps))
        for cell in {x, (rows - 1 - x[0], cols - 1 - x[1])}:
            grid.black[cell] = None
            grid.lamps.discard(cell)
    order = sorted(puzzle.numbers)
    rng.shuffle(order)
    if not minimal:
        order = order[: len(order) // 2]
    for cell in order:
        number = puzzle.black[cell]
        puzzle.black[cell] = None
        if AkariSearch(puzzle).verdict() is not Verdict.UNIQUE:
            puzzle.black[cell] = number
    return puzzle


def _light_up(grid: Akari, rng: random.Random) -> None:
    """Add lamps on unlit white cells, in random order, until every white cell is lit."""
    lit = grid._lit()
    cells = [cell for cell in grid.whites() if cell not in lit and cell not in grid.lamps]
    rng.shuffle(cells)
    for cell in cells:
        if cell not in lit:
            grid.lamps.add(cell)
            lit.add(cell)
            lit.update(grid.stralen(*cell))


def _symmetric_black(rows: int, cols: int, density: float, rng: random.Random) -> list[Position]:
    black = set()
    for r in range(rows):
        for k in range(cols):
            twin = (rows - 1 - r, cols - 1 - k)
            if (r, k) <= twin and rng.random() < density:
                black.update({(r, k), twin})
    return sorted(black)


PUZZLE = Puzzle(
    name="akari",
    description="Akari (Light Up): lamps light every white cell, never each other; numbers count adjacent lamps",
    parse=parse,
    search=search,
    render=render,
    params=(Param("probe", "after each decision, give no lamp to every cell where a lamp leads to a contradiction", str, "yes", ("yes", "no")),),
    split=split,
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "akari"),
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.akari generate ROWS COLS [--seed S] [--density D] [--half] [--puzzles N]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.akari", description="Akari tools.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    make = commands.add_parser("generate", help="print a new puzzle with a unique solution")
    make.add_argument("rows", type=int)
    make.add_argument("cols", type=int)
    make.add_argument("--seed", type=int, default=None, help="random seed (the same seed gives the same puzzle)")
    make.add_argument("--density", type=float, default=0.2, help="chance that a cell is black [default: 0.2]")
    make.add_argument("--half", action="store_true", help="remove only about half the removable numbers (easier)")
    make.add_argument("--puzzles", type=int, default=1, metavar="N",
                      help="print N puzzles (seeds S, S+1, ...) separated by blank lines, a batch file [default: 1]")
    args = parser.parse_args(argv)
    try:
        for number in range(args.puzzles):
            seed = None if args.seed is None else args.seed + number
            puzzle = generate(args.rows, args.cols, seed, args.density, minimal=not args.half)
            print(("\n" if number else "") + puzzle.text(), flush=True)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
