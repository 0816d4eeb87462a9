"""Knight's path: the fewest knight moves from one square to another, round the blocked squares.

The template of a shortest-solution puzzle plugin (``backtrack new NAME --kind
shortest``): the search is a :class:`~backtrack.ShortestSearch`, which deepens the
depth limit 1, 2, 3, ... over the same five methods, so the first solutions found
are the shortest, and every one of them is found.  A lower bound on the moves
still needed (a knight covers at most 3 squares of distance a move) cuts the
paths that cannot arrive in time.  The parts come in the order every built-in
puzzle follows (the anatomy of :mod:`backtrack.puzzle`): 1 the model, 2 the parser,
3 the text form, 6 the checker, 7 the search, 10 the descriptor, 11 the hook.

Input: the board's rows, ``.`` a free square, ``#`` a blocked one, ``S`` the
start, ``T`` the target (at most 20 x 20).  A solution renders as the squares
visited, ``a1`` style (column letter, row number from the top).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from backtrack import InputError, Puzzle, ShortestSearch, examples_in, hookimpl

#: The puzzle's name, as ``backtrack list`` shows it and ``backtrack solve NAME`` takes it.
NAME = "knight-path"

#: A square of the board: ``(row, col)``, from 0.
Square = tuple[int, int]
#: A knight's jumps: the steps ``(rows, cols)`` of its moves.
JUMPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))

#: The largest board accepted.
MAX_SIZE = 20


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """The board's size, its blocked squares, and the knight's start and target (``(row, col)`` from 0)."""

    rows: int
    cols: int
    blocked: frozenset[Square]
    start: Square
    target: Square

    def free(self, square: Square) -> bool:
        row, col = square
        return 0 <= row < self.rows and 0 <= col < self.cols and square not in self.blocked


# -- 2. the parser ---------------------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Board:
    """The rows of the board; every error names its line and column."""
    lines = [(number, line.rstrip()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise InputError("expected the rows of a board ('.', '#', one 'S' and one 'T'), found none", source, 1)
    if len(lines) > MAX_SIZE:
        raise InputError(f"expected at most {MAX_SIZE} rows", source, lines[MAX_SIZE][0])
    cols = len(lines[0][1])
    found: dict[str, Square] = {}
    blocked = set()
    for row, (number, line) in enumerate(lines):
        if len(line) != cols or cols > MAX_SIZE:
            raise InputError(f"expected {min(cols, MAX_SIZE)} squares on every row, found {len(line)}",
                             source, number, min(len(line), cols, MAX_SIZE) + 1)
        for column, char in enumerate(line):
            if char == "#":
                blocked.add((row, column))
            elif char in "ST":
                if char in found:
                    raise InputError(f"a second {char!r}: the board has one start S and one target T",
                                     source, number, column + 1)
                found[char] = (row, column)
            elif char != ".":
                raise InputError(f"expected '.', '#', 'S' or 'T', found {char!r}", source, number, column + 1)
    if set(found) != {"S", "T"}:
        missing = "the start S" if "S" not in found else "the target T"
        raise InputError(f"expected one start S and one target T, found no {missing}", source, lines[0][0])
    return Board(len(lines), cols, frozenset(blocked), found["S"], found["T"])


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: Board) -> str:
    """The puzzle in the input format: ``parse(text_of(spec)) == spec``."""
    marks = {spec.start: "S", spec.target: "T"}
    return "".join(
        "".join(marks.get((r, c), "#" if (r, c) in spec.blocked else ".") for c in range(spec.cols)) + "\n"
        for r in range(spec.rows)
    )


def square_name(square: Square) -> str:
    """``a1`` for the top left square: column letter, row number from the top."""
    return f"{chr(97 + square[1])}{square[0] + 1}"


def render(spec: Board, solution: tuple[Square, ...]) -> str:
    """The squares visited, from the start: ``a1 b3 c5``."""
    return " ".join(square_name(square) for square in (spec.start, *solution))


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: Board, solution: tuple[Square, ...]) -> list[str]:
    """The rules ``solution`` breaks (none: an empty list); whether it is *shortest* the checker cannot see."""
    at = spec.start
    for number, square in enumerate(solution, 1):
        if (abs(square[0] - at[0]), abs(square[1] - at[1])) not in ((1, 2), (2, 1)):
            return [f"move {number}: {square_name(at)} to {square_name(square)} is not a knight's move"]
        if not spec.free(square):
            return [f"move {number}: {square_name(square)} is blocked or off the board"]
        at = square
    return [] if at == spec.target else [f"the knight ends on {square_name(at)}, not on {square_name(spec.target)}"]


# -- 7. the search ---------------------------------------------------------------------------------


class KnightSearch(ShortestSearch):
    """Level = move; a move is the square jumped to; the shortest paths come first."""

    def __init__(self, spec: Board):
        self.board = spec
        self.path: list[Square] = [spec.start]

    def moves(self, level: int) -> list[Square]:
        row, column = self.path[-1]
        return [(row + dr, column + dc) for dr, dc in JUMPS]

    def valid(self, level: int, move: Square) -> bool:
        return self.board.free(move) and move not in self.path

    def record(self, level: int, move: Square) -> None:
        self.path.append(move)

    def undo(self, level: int, move: Square) -> None:
        self.path.pop()

    def done(self, level: int) -> bool:
        return self.path[-1] == self.board.target

    def done_at_start(self) -> bool:
        return self.board.start == self.board.target

    def lower_bound(self, level: int) -> float:
        (row, column), (to_row, to_column) = self.path[-1], self.board.target
        return math.ceil((abs(row - to_row) + abs(column - to_column)) / 3)

    def solution(self, path: tuple) -> tuple[Square, ...]:
        return tuple(self.path[1:])

    def format_move(self, level: int, move: Square) -> str:
        return f"to {square_name(move)}"


def search(spec: Board) -> KnightSearch:
    """A fresh search of ``spec``: constructing it runs nothing."""
    return KnightSearch(spec)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name=NAME,
    description="the fewest knight moves from S to T, round the blocked squares",
    parse=parse,
    search=search,
    render=render,
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE}",
    examples=examples_in(Path(__file__).parent / "examples"),
    text=text_of,
    as_json=lambda spec, solution: [square_name(square) for square in solution],
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
