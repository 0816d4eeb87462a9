"""Kendoku (KenKen, Calcudoku): an N x N Latin square of digits 1..N divided into cages.

Each cage has a target and an operation: ``+`` (the digits add up to the target),
``*`` (they multiply to it), ``-`` (two cells: the larger minus the smaller) or
``/`` (two cells: the larger divided by the smaller); a single cell has no
operation, its target is its digit.  Digits may repeat inside a cage when the
cells are in different rows and columns.

Input (lines starting with ``#`` are comments, blank lines are skipped): N lines
of N cage names, one character per cell (``A``-``Z`` then ``a``-``z``: up to 52
cages; blanks between the names are allowed), then one line per cage: the name,
the target and the operation, e.g. ``A 11+``, ``B 2/``, ``C 3`` (a single cell).
``x`` is accepted for ``*``.  N is taken from the first line, from 1 to 9.

Rendering: the digit grid.

The search is :class:`~backtrack_puzzles.latin.LatinSearch`; each cage is a
:class:`~backtrack_puzzles.latin.Table` whose tuples are the cage's digit
combinations that reach the target (no digit twice in a row or column of the
cage), filtered by the candidates of its cells.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Puzzle, Search, examples_in, hookimpl

from .latin import LatinGrid, LatinSearch, Table, bits, random_latin_square

MAX_SIZE = 9
NAMES = string.ascii_uppercase + string.ascii_lowercase
CAGE_LINE = re.compile(r"^\s*(\S+)\s+(\d+)\s*([-+*/xX]?)\s*$")


@dataclass(frozen=True)
class Cage:
    """A cage: its name, cells (``(row, column)``), target and operation (``""`` for a single cell)."""

    name: str
    cells: tuple[tuple[int, int], ...]
    target: int
    operation: str

    def holds(self, digits: Sequence[int]) -> bool:
        """Whether ``digits`` (one per cell) reach the target."""
        if self.operation == "+":
            return sum(digits) == self.target
        if self.operation == "*":
            return math.prod(digits) == self.target
        if self.operation == "-":
            return max(digits) - min(digits) == self.target
        if self.operation == "/":
            return max(digits) == self.target * min(digits)
        return digits[0] == self.target


class Kendoku:
    """A Kendoku: the size and the cages (which cover every cell once)."""

    def __init__(self, n: int, cages: Sequence[Cage]):
        self.n = n
        self.cages: tuple[Cage, ...] = tuple(cages)
        covered = sorted(cell for cage in self.cages for cell in cage.cells)
        if covered != [(r, c) for r in range(n) for c in range(n)]:
            raise ValueError("the cages must cover every cell exactly once")

    def __repr__(self) -> str:
        return f"Kendoku({self.n}, {len(self.cages)} cages)"

    def grid(self) -> LatinGrid:
        """The Latin-square core with each cage as a table constraint."""
        return LatinGrid(self.n, constraints=[CageTable(cage, self.n) for cage in self.cages])

    def text(self) -> str:
        """The puzzle in the input format."""
        names = [[""] * self.n for _ in range(self.n)]
        for cage in self.cages:
            for r, c in cage.cells:
                names[r][c] = cage.name
        lines = ["".join(row) for row in names]
        lines += [f"{cage.name} {cage.target}{cage.operation}" for cage in self.cages]
        return "\n".join(lines) + "\n"


class CageTable(Table):
    """A cage as a table constraint: the digit tuples that reach its target."""

    def __init__(self, cage: Cage, n: int):
        super().__init__([r * n + c for r, c in cage.cells], n)
        self.cage = cage
        # Digits may repeat in a cage, but not in one row or column of it.
        self.rows = [r for r, _ in cage.cells]
        self.columns = [c for _, c in cage.cells]

    def tuples(self, masks: Sequence[int]) -> list[int]:
        cage, n = self.cage, self.n
        size, target, operation = len(masks), cage.target, cage.operation
        found: list[int] = []
        if not operation:
            return [masks[0] & (1 << (target - 1))] if masks[0] >> (target - 1) & 1 else []
        if operation in "-/":
            for a in bits(masks[0]):
                for b in bits(masks[1] & ~a):
                    if cage.holds((a.bit_length(), b.bit_length())):
                        found.append(a | b << n)
            return found

        rows, columns = self.rows, self.columns
        row_used = [0] * n
        column_used = [0] * n
        plus = operation == "+"

        def place(i: int, total: int, packed: int) -> None:
            if i == size:
                if total == target:
                    found.append(packed)
                return
            left = size - i - 1
            r, c = rows[i], columns[i]
            free = masks[i] & ~(row_used[r] | column_used[c])
            while free:
                bit = free & -free
                free ^= bit
                digit = bit.bit_length()
                if plus:
                    now = total + digit
                    if now + left > target or now + left * n < target:
                        continue
                else:
                    now = total * digit
                    if target % now:
                        continue
                row_used[r] |= bit
                column_used[c] |= bit
                place(i + 1, now, packed | bit << (i * n))
                row_used[r] ^= bit
                column_used[c] ^= bit

        place(0, 0 if plus else 1, 0)
        return found


def parse(text: str, source: str = "<input>") -> Kendoku:
    """A Kendoku from N lines of cage names and one line per cage (see the module docstring)."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise InputError("expected N lines of cage names, then one line per cage, found nothing", source)
    first_number, first = lines[0]
    n = len(first.split()) if len(first.split()) > 1 else len(first.strip())
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"expected a grid 1 to {MAX_SIZE} cells wide, found {n} cage names", source, first_number)
    if len(lines) < n:
        raise InputError(f"expected {n} lines of {n} cage names, found {len(lines)} lines", source, lines[-1][0])
    cells: dict[str, list[tuple[int, int]]] = {}
    seen_at: dict[str, tuple[int, int]] = {}
    for r, (number, line) in enumerate(lines[:n]):
        names = [(match.start(), match.group()) for match in re.finditer(r"\S", line)]
        if len(names) != n:
            raise InputError(f"expected {n} cage names in this grid row, found {len(names)}", source, number)
        for c, (offset, name) in enumerate(names):
            if name not in NAMES:
                raise InputError(f"expected a cage name (a letter A-Z or a-z), found {name!r}", source, number, offset + 1)
            cells.setdefault(name, []).append((r, c))
            seen_at.setdefault(name, (number, offset + 1))
    for name, members in cells.items():
        if not _connected(members):
            raise InputError(f"cage {name} is not connected: its cells must touch side by side", source, *seen_at[name])
    cages: dict[str, Cage] = {}
    for number, line in lines[n:]:
        match = CAGE_LINE.match(line)
        if not match:
            raise InputError(f"expected a cage: its name, target and operation, e.g. 'A 11+' (a single cell: 'A 3'), found {line.strip()!r}", source, number)
        name, target, operation = match.group(1), int(match.group(2)), match.group(3).replace("x", "*").replace("X", "*")
        if name not in cells:
            raise InputError(f"cage {name!r} is not in the grid", source, number)
        if name in cages:
            raise InputError(f"cage {name} is described twice", source, number)
        size = len(cells[name])
        if size > 1 and not operation:
            raise InputError(f"cage {name} has {size} cells: expected an operation (+, -, * or /) after the target", source, number)
        if operation in ("-", "/") and size != 2:
            raise InputError(f"cage {name} has {size} cells: a {operation} cage has exactly two", source, number)
        if size == 1 and operation in ("+", "*"):
            operation = ""
        if size == 1 and not 1 <= target <= n:
            raise InputError(f"cage {name} is a single cell: expected a target from 1 to {n}, found {target}", source, number)
        if target < 1:
            raise InputError(f"cage {name}: expected a target of at least 1, found {target}", source, number)
        cages[name] = Cage(name, tuple(cells[name]), target, operation)
    missing = [name for name in cells if name not in cages]
    if missing:
        raise InputError(f"expected a line for cage {missing[0]} (missing: {', '.join(missing)})", source, lines[-1][0] if len(lines) > n else None)
    return Kendoku(n, [cages[name] for name in cells])


def _connected(cells: list[tuple[int, int]]) -> bool:
    members = set(cells)
    reached = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in members and near not in reached:
                reached.add(near)
                todo.append(near)
    return len(reached) == len(members)


def render(spec: Kendoku, solution: Sequence[Sequence[int]]) -> str:
    """The digit grid, one row per line."""
    return "\n".join(" ".join(str(digit) for digit in row) for row in solution)


def search(spec: Kendoku, **_: object) -> Search:
    """A fresh search of ``spec``: Latin-square propagation with the cages as table constraints."""
    return LatinSearch(spec.grid())


def generate(n: int = 6, seed: int | None = None, max_cage: int = 4, unique: bool = True) -> Kendoku:
    """A random Kendoku: a random Latin square cut into random connected cages.

    Cages grow from random cells up to ``max_cage`` cells; a two-cell cage gets
    ``/`` or ``-`` when its digits allow, larger ones ``+`` or ``*``.  With
    ``unique`` the cutting is tried again (new seeds) until the solution is unique,
    up to 50 times.
    """
    rng = random.Random(seed)
    for _ in range(50 if unique else 1):
        square = random_latin_square(n, rng)
        spec = _cut(square, n, max_cage, rng)
        if not unique or search(spec).count(limit=2) == 1:
            break
    return spec


def _cut(square: Sequence[Sequence[int]], n: int, max_cage: int, rng: random.Random) -> Kendoku:
    free = {(r, c) for r in range(n) for c in range(n)}
    groups = []
    order = sorted(free)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        group = [start]
        size = rng.choice([1] + [s for s in range(2, max_cage + 1) for _ in range(3)]) if max_cage > 1 else 1
        while len(group) < size:
            options = [(r + dr, c + dc) for r, c in group for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)) if (r + dr, c + dc) in free]
            if not options:
                break
            cell = rng.choice(options)
            free.discard(cell)
            group.append(cell)
        groups.append(sorted(group))
    groups.sort()
    if len(groups) > len(NAMES):
        raise ValueError(f"too many cages ({len(groups)}); use larger cages")
    cages = []
    for name, group in zip(NAMES, groups):
        digits = [square[r][c] for r, c in group]
        if len(group) == 1:
            operation, target = "", digits[0]
        elif len(group) == 2 and max(digits) % min(digits) == 0 and rng.random() < 0.5:
            operation, target = "/", max(digits) // min(digits)
        elif len(group) == 2 and rng.random() < 0.6:
            operation, target = "-", max(digits) - min(digits)
        elif rng.random() < 0.6:
            operation, target = "+", sum(digits)
        else:
            operation, target = "*", math.prod(digits)
        cages.append(Cage(name, tuple(group), target, operation))
    return Kendoku(n, cages)


PUZZLE = Puzzle(
    name="kendoku",
    description="Kendoku (KenKen): a Latin square cut into cages, each with a target and an operation",
    parse=parse,
    search=search,
    render=render,
    as_json=lambda spec, solution: [list(row) for row in solution],
    examples=examples_in(Path(__file__).parent / "examples" / "kendoku"),
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.kendoku generate [--size N] [--seed S] [--max-cage K] [--several]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.kendoku")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="print a random puzzle in the input format")
    make.add_argument("--size", type=int, default=6, choices=range(1, MAX_SIZE + 1), metavar="N")
    make.add_argument("--seed", type=int, default=None)
    make.add_argument("--max-cage", type=int, default=4, help="largest cage (cells)")
    make.add_argument("--several", action="store_true", help="do not insist on a unique solution")
    args = parser.parse_args(argv)
    print(generate(args.size, args.seed, args.max_cage, not args.several).text(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
