"""Skyline (Skyscrapers, Towers): an N x N Latin square of building heights 1..N.

A clue outside the grid says how many buildings are visible from that side,
looking along the row or column: a taller building hides every lower one behind it.

Input (lines starting with ``#`` are comments, blank lines are skipped): four
lines of N clues, in this order: top (each column, seen from above), bottom (each
column, seen from below), left (each row, seen from the left) and right (each row,
seen from the right); ``.`` or ``0`` where there is no clue.  Then, optionally, N
lines of N given heights (``.`` or ``0`` for an empty cell).  A line is N
characters (``1.3.``) or N whitespace-separated tokens (``1 . 3 .``; needed from
N = 10 on).  N is taken from the first line, from 1 to 16 (:data:`MAX_SIZE`).

Limits: grids up to 16 x 16; a first line of more than 16 clues is refused at
the 17th.  Setting up the search of a 16 x 16 grid takes up to about two seconds
(lines with clues at both ends whose open cells allow up to 10^8 arrangements are
enumerated at the start: see :data:`DEFER_LIMIT_TWO_CLUES`).

Rendering: the heights grid with the clues around it.

The search is :class:`~backtrack_puzzles.latin.LatinSearch`.  Before it starts,
the clues bound the heights: with clue c, the cell at distance d from that edge
(0-based) is at most N - c + 1 + d, so a clue of 1 puts N next to the edge and a
clue of N forces the ascending line.  During the search, each line with a clue is
a :class:`~backtrack_puzzles.latin.Table` that keeps the permutations its
candidates allow and its clues match, and narrows every cell to the heights that
occur there (:class:`LineClues`).  :func:`check` is an independent checker of
solutions.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import re
import sys
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Puzzle, examples_in, hookimpl, quoted

from .latin import LatinGrid, LatinSearch, Table, UniquenessBudget, random_latin_square, whole_argument

#: The largest grid is MAX_SIZE x MAX_SIZE.
MAX_SIZE = 16
LIMITS = f"grids of 1 x 1 to {MAX_SIZE} x {MAX_SIZE} cells"
SIDES = ("top", "bottom", "left", "right")
#: A line with a clue at one end only is left to the Latin rules (and the clue's
#: bounds) while its candidates allow more than this many arrangements (the
#: product of its candidate counts); a line with two clues prunes far better, so
#: it waits only above the second limit (never for N <= 8).
DEFER_LIMIT = 10**6
DEFER_LIMIT_TWO_CLUES = 10**8
#: How many random squares :func:`generate` tries to find one that its clues alone fix.
SQUARE_TRIES = 30
#: The generator's uniqueness checks: attempts per check and in all (see UniquenessBudget).
CHECK_ATTEMPTS = 20_000
GENERATE_ATTEMPTS = 500_000
#: The largest unique puzzle the generator makes: a 9 x 9 takes about 15 seconds, and from 10 x 10
#: on a single attempt may enumerate a line's permutations for a second, so the checks would take hours.
MAX_UNIQUE_SIZE = 9


# -- 1. the model -------------------------------------------------------------------------


def visible(heights: Sequence[int]) -> int:
    """How many buildings of ``heights`` are seen from its start."""
    count = tallest = 0
    for height in heights:
        if height > tallest:
            count, tallest = count + 1, height
    return count


class Skyline:
    """A Skyline puzzle: clues per side (0 for none) and given heights (0 for empty)."""

    def __init__(
        self,
        top: Sequence[int],
        bottom: Sequence[int],
        left: Sequence[int],
        right: Sequence[int],
        givens: Sequence[Sequence[int]] | None = None,
    ):
        n = len(top)
        if not 1 <= n <= MAX_SIZE:
            raise ValueError(f"the size must be 1 to {MAX_SIZE}, not {n}")
        for side, clues in zip(SIDES, (top, bottom, left, right), strict=True):
            if len(clues) != n or not all(0 <= clue <= n for clue in clues):
                raise ValueError(f"the {side} clues must be {n} numbers from 0 to {n}")
        givens = givens or [[0] * n for _ in range(n)]
        if len(givens) != n or any(len(row) != n or not all(0 <= v <= n for v in row) for row in givens):
            raise ValueError(f"the givens must be {n} rows of {n} heights from 0 to {n}")
        self.n = n
        self.top, self.bottom, self.left, self.right = (tuple(side) for side in (top, bottom, left, right))
        self.givens: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in givens)

    def __repr__(self) -> str:
        return f"Skyline(top={self.top}, bottom={self.bottom}, left={self.left}, right={self.right})"

    def lines(self) -> list[tuple[tuple[int, ...], int, int]]:
        """Every row and column as ``(cells from its start, clue at the start, clue at the end)``."""
        n = self.n
        rows = [(tuple(range(r * n, r * n + n)), self.left[r], self.right[r]) for r in range(n)]
        columns = [(tuple(range(c, n * n, n)), self.top[c], self.bottom[c]) for c in range(n)]
        return rows + columns

    def grid(self) -> LatinGrid:
        """The Latin-square core: givens and clue bounds as starting candidates, clued lines as constraints."""
        n = self.n
        full = (1 << n) - 1
        masks = [1 << (v - 1) if v else full for row in self.givens for v in row]
        constraints = []
        for cells, front, back in self.lines():
            for clue, ordered in ((front, cells), (back, cells[::-1])):
                if clue == 1:
                    masks[ordered[0]] &= 1 << (n - 1)
                elif clue == n:
                    for d, cell in enumerate(ordered):
                        masks[cell] &= 1 << d
                elif clue:
                    for d, cell in enumerate(ordered):
                        bound = n - clue + 1 + d
                        if bound < n:
                            masks[cell] &= (1 << bound) - 1
            if front or back:
                constraints.append(LineClues(cells, front, back, n))
        return LatinGrid(n, masks, constraints=constraints)

    def clues_of(self, heights: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        """All four sides' clues of a full grid (top, bottom, left, right)."""
        n = self.n
        columns = [[heights[r][c] for r in range(n)] for c in range(n)]
        return (
            tuple(visible(col) for col in columns),
            tuple(visible(col[::-1]) for col in columns),
            tuple(visible(row) for row in heights),
            tuple(visible(row[::-1]) for row in heights),
        )


# -- 2. the parser ------------------------------------------------------------------------


def _tokens(text: str, source: str, number: int, n: int | None, what: str) -> list[int]:
    """The N entries of one line (0 for ``.``), by token or by character; errors name line and column.

    With ``n`` unknown (the first line) the line sets it, and a line of more than
    :data:`MAX_SIZE` entries is refused at the first one too many.  Only that many
    entries are ever looked at, however long the line.
    """
    most = MAX_SIZE if n is None else n
    pieces = [(match.start(), match.group()) for match in itertools.islice(re.finditer(r"\S+", text), most + 1)]
    if len(pieces) == 1 and len(pieces[0][1]) > 1 and not (n is not None and n >= 10 and pieces[0][1].isdigit()):
        start, piece = pieces[0]
        pieces = [(start + i, char) for i, char in enumerate(piece[: most + 1])]
    if len(pieces) > most:
        if n is None:
            raise InputError(f"expected at most {MAX_SIZE} {what} per side ({LIMITS}), found more",
                             source, number, pieces[most][0] + 1)
        raise InputError(f"expected {n} {what} in this line, found more", source, number, pieces[most][0] + 1)
    if n is not None and len(pieces) != n:
        raise InputError(f"expected {n} {what} in this line, found {len(pieces)}", source, number)
    size = len(pieces)
    values = []
    for offset, token in pieces:
        digits = token.lstrip("0") or "0"  # converted only when short: zeros of any length are no clue
        if token == ".":
            values.append(0)
        elif token.isascii() and token.isdigit() and len(digits) <= 2 and int(digits) <= size:
            values.append(int(digits))
        else:
            raise InputError(f"expected {what}: a number from 1 to {size}, or . or 0 for none, found {quoted(token)}",
                             source, number, offset + 1)
    return values


def parse(text: str, source: str = "<input>") -> Skyline:
    """A Skyline from four clue lines (top, bottom, left, right) and optional N lines of heights."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) < 4:
        raise InputError(f"expected four lines of clues (top, bottom, left, right), found {len(lines)}",
                         source, lines[-1][0] if lines else None)
    number, first = lines[0]
    top = _tokens(first, source, number, None, "clues")
    n = len(top)
    bottom, left, right = (_tokens(line, source, number, n, "clues") for number, line in lines[1:4])
    rest = lines[4:]
    givens = None
    if rest:
        if len(rest) != n:
            where = rest[n][0] if len(rest) > n else rest[-1][0]
            raise InputError(f"expected no heights or {n} lines of {n} heights after the clues, "
                             f"found {len(rest)} lines", source, where)
        givens = [_tokens(line, source, number, n, "heights") for number, line in rest]
    return Skyline(top, bottom, left, right, givens=givens)


# -- 3. the text form ---------------------------------------------------------------------


def text_of(spec: Skyline) -> str:
    """The puzzle in the input format (clue lines, then the givens if there are any)."""
    sep = " " if spec.n >= 10 else ""

    def line(values: Sequence[int]) -> str:
        return sep.join(str(v) if v else "." for v in values)

    lines = [line(side) for side in (spec.top, spec.bottom, spec.left, spec.right)]
    if any(any(row) for row in spec.givens):
        lines += [line(row) for row in spec.givens]
    return "\n".join(lines) + "\n"


def render(spec: Skyline, solution: Sequence[Sequence[int]]) -> str:
    """The heights with the clues around them (``.`` where a side has no clue)."""
    width = len(str(spec.n))

    def cell(value: int) -> str:
        return f"{value if value else '.':>{width}}"

    def clue_row(clues: Sequence[int]) -> str:
        return " " * (width + 3) + " ".join(cell(clue) for clue in clues)

    rule = " " * (width + 1) + "+" + "-" * ((width + 1) * spec.n + 1) + "+"
    lines = [clue_row(spec.top), rule]
    for r, row in enumerate(solution):
        lines.append(f"{cell(spec.left[r])} | {' '.join(cell(v) for v in row)} | {cell(spec.right[r])}".rstrip())
    lines += [rule, clue_row(spec.bottom)]
    return "\n".join(lines)


def as_json(spec: Skyline, solution: Sequence[Sequence[int]]) -> list[list[int]]:
    """The solution as JSON data: rows of heights."""
    return [list(row) for row in solution]


# -- 4. the checker -----------------------------------------------------------------------


def check(spec: Skyline, solution: Sequence[Sequence[int]]) -> list[str]:
    """The rules that ``solution`` (rows of heights, as the search gives it) breaks; an empty list when it is solved.

    Independent of the search: the Latin rule is checked row by row and column
    by column, and every clue is counted again here by walking its line from
    its side.  Rows and columns are counted from 1.
    """
    n = spec.n
    if len(solution) != n or any(len(row) != n for row in solution):
        return [f"the solution must be {n} rows of {n} heights"]
    problems = []
    for r, row in enumerate(solution):
        for c, height in enumerate(row):
            if not (isinstance(height, int) and 1 <= height <= n):
                problems.append(f"row {r + 1}, column {c + 1}: {height!r} is not a height from 1 to {n}")
            elif spec.givens[r][c] and spec.givens[r][c] != height:
                problems.append(f"row {r + 1}, column {c + 1}: the given height {spec.givens[r][c]} became {height}")
    if any(not (isinstance(height, int) and 1 <= height <= n) for row in solution for height in row):
        return problems
    rows = [list(row) for row in solution]
    columns = [[solution[r][c] for r in range(n)] for c in range(n)]
    named = [(f"row {r + 1}", rows[r]) for r in range(n)] + [(f"column {c + 1}", columns[c]) for c in range(n)]
    for where, line in named:
        for height in sorted(set(line)):
            times = line.count(height)
            if times > 1:
                problems.append(f"{where} holds height {height} {'twice' if times == 2 else f'{times} times'}")
    views = [
        ("column", "above", spec.top, columns, False),
        ("column", "below", spec.bottom, columns, True),
        ("row", "the left", spec.left, rows, False),
        ("row", "the right", spec.right, rows, True),
    ]
    for kind, side, clues, lines, backwards in views:
        for i, clue in enumerate(clues):
            if not clue:
                continue
            seen, tallest = 0, 0
            for height in reversed(lines[i]) if backwards else lines[i]:
                if height > tallest:
                    seen, tallest = seen + 1, height
            if seen != clue:
                problems.append(f"{kind} {i + 1} seen from {side} shows {seen} building{'s' * (seen != 1)}, "
                                f"its clue says {clue}")
    return problems


# -- 5. the search ------------------------------------------------------------------------


class LineClues(Table):
    """A row or column with a clue at one end or both: its permutations must match the clues.

    A :class:`~backtrack_puzzles.latin.Table` whose tuples are the permutations
    of the line that its candidates allow and its clues match.  A line waits
    (:meth:`defer`) while its candidates allow too many arrangements.
    """

    def __init__(self, cells: tuple[int, ...], front: int, back: int, n: int):
        super().__init__(cells, n)
        self.front = front
        self.back = back

    def defer(self, masks: Sequence[int]) -> bool:
        """Whether the line still allows more arrangements than its limit (see :data:`DEFER_LIMIT`)."""
        limit = DEFER_LIMIT_TWO_CLUES if self.front and self.back else DEFER_LIMIT
        completions = 1
        for mask in masks:
            completions *= mask.bit_count()
            if completions > limit:
                return True
        return False

    def tuples(self, masks: Sequence[int]) -> list[int]:
        """Every permutation the masks allow whose visibilities match the clues.

        The tallest building hides everything behind it, so with N at position j
        the clue in front counts 1 + what is seen of positions 0..j-1, and the clue
        at the back 1 + what is seen of positions N-1 down to j+1.  Each side is
        filled from its own edge towards N, pruned by its own clue.
        """
        n = self.n
        tallest_bit = 1 << (n - 1)
        found: list[int] = []
        order: list[int] = []
        split = 0

        def fill(k: int, end: int, target: int, used: int, tallest: int, seen: int, packed: int, front: bool) -> None:
            """Fill ``order[k:end]``, one side, seen from its edge; ``target`` counts N too (0: no clue)."""
            if k == end:
                if target and seen != target - 1:
                    return
                if front:
                    fill(split, len(order), self.back, used, 0, 0, packed, False)
                else:
                    found.append(packed)
                return
            position = order[k]
            free = masks[position] & ~used
            while free:
                bit = free & -free
                free ^= bit
                height = bit.bit_length()
                now, top = (seen + 1, height) if height > tallest else (seen, tallest)
                if target and (now > target - 1 or now + min(end - k - 1, n - 1 - top) < target - 1):
                    continue
                fill(k + 1, end, target, used | bit, top, now, packed | bit << (position * n), front)

        for j in range(n):
            if masks[j] & tallest_bit:
                order, split = list(range(j)) + list(range(n - 1, j, -1)), j
                fill(0, split, self.front, tallest_bit, 0, 0, tallest_bit << (j * n), True)
        return found


def search(spec: Skyline) -> LatinSearch:
    """A fresh search of ``spec``: Latin-square propagation plus the clued lines (constructing it runs nothing)."""
    return LatinSearch(spec.grid())


# -- 6. the generator ---------------------------------------------------------------------


def generate(n: int = 6, seed: int | None = None, unique: bool = True, keep: float = 0.5) -> Skyline:
    """A random Skyline: the clues of a random Latin square, thinned out.

    With ``unique``: a square that all its clues fix is looked for (up to
    ``SQUARE_TRIES`` squares); failing that, given heights of the last one are
    added (random cells) until they fix it; then givens, and after them
    clues, are taken away in random order as long as the solution stays unique
    (a hard, minimal puzzle).  Each uniqueness check may try :data:`CHECK_ATTEMPTS`
    decisions and all of them :data:`GENERATE_ATTEMPTS`: a check that runs out is no
    proof, so what it would take away stays (large grids end, with more givens).
    Without ``unique``, each clue is kept with probability ``keep`` and there are
    no givens, so there may be several solutions.  ``n`` is at most :data:`MAX_UNIQUE_SIZE`
    with ``unique``, else at most :data:`MAX_SIZE`.
    """
    if not 1 <= n <= (MAX_UNIQUE_SIZE if unique else MAX_SIZE):
        raise ValueError(f"the size must be 1 to {MAX_UNIQUE_SIZE if unique else MAX_SIZE}, not {n}")
    if not 0 <= keep <= 1:
        raise ValueError(f"the share of clues kept must be from 0 to 1, not {keep}")
    rng = random.Random(seed)
    budget = UniquenessBudget(CHECK_ATTEMPTS, GENERATE_ATTEMPTS)

    def puzzle() -> Skyline:
        top, bottom, left, right = sides
        return Skyline(top, bottom, left, right, givens=givens)

    def is_unique() -> bool:
        return budget.unique(search(puzzle()))

    givens = [[0] * n for _ in range(n)]
    for _ in range(SQUARE_TRIES if unique else 1):
        square = random_latin_square(n, rng)
        sides = [list(side) for side in Skyline([0] * n, [0] * n, [0] * n, [0] * n).clues_of(square)]
        if not unique or is_unique():
            break
    places = [(s, i) for s in range(4) for i in range(n)]
    rng.shuffle(places)
    if not unique:
        for s, i in places:
            if rng.random() >= keep:
                sides[s][i] = 0
        return puzzle()

    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    added = []
    while cells and not is_unique():  # with every height given, the puzzle is unique
        r, c = cells.pop()
        givens[r][c] = square[r][c]
        added.append((r, c))
    for r, c in added:
        givens[r][c] = 0
        if not is_unique():
            givens[r][c] = square[r][c]
    for s, i in places:
        clue, sides[s][i] = sides[s][i], 0
        if not is_unique():
            sides[s][i] = clue
    return puzzle()


# -- 7. the descriptor --------------------------------------------------------------------


PUZZLE = Puzzle(
    name="skyline",
    description="Skyline (Skyscrapers): a Latin square of heights; "
    "clues say how many buildings are seen from each side",
    parse=parse,
    search=search,
    render=render,
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "skyline"),
    check=check,
    limits=LIMITS,
)


# -- 8. the hook --------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    """The puzzles of this module: Skyline."""
    return [PUZZLE]


def _share(text: str) -> float:
    """An argparse ``type``: a share from 0 to 1 (such as 0.5)."""
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a share from 0 to 1 (such as 0.5), not {quoted(text)}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.skyline generate [--size N] [--seed S] [--several [--keep P]]``.

    A bad argument ends with a message and exit status 2.
    """
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.skyline")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="print a random puzzle in the input format")
    make.add_argument("--size", type=whole_argument(1, MAX_SIZE, "the size"), default=6, metavar="N",
                      help=f"the grid is N x N, N from 1 to {MAX_UNIQUE_SIZE} ({MAX_SIZE} with --several) [default: 6]")
    make.add_argument("--seed", type=whole_argument(-(2**63), 2**63 - 1, "a seed"), default=None,
                      help="random seed (the same seed gives the same puzzle)")
    make.add_argument("--several", action="store_true", help="keep random clues, not a unique puzzle")
    make.add_argument("--keep", type=_share, default=0.5, help="with --several: the share of clues kept, 0 to 1")
    args = parser.parse_args(argv)
    if args.size > MAX_UNIQUE_SIZE and not args.several:
        make.error(f"argument --size: unique puzzles are made up to {MAX_UNIQUE_SIZE} x {MAX_UNIQUE_SIZE} "
                   f"(proving a larger one unique takes hours); with --several, up to {MAX_SIZE} x {MAX_SIZE}")
    print(text_of(generate(args.size, args.seed, not args.several, args.keep)), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
