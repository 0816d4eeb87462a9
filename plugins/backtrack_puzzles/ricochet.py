"""Ricochet Robots: bring the goal robot onto the white robot's cell in the fewest moves.

The board is an m x n grid with walls along its border and between some cells.
Coloured robots, lettered A, B, C, ..., stand on distinct cells; a move slides one
robot north (N), east (E), south (S) or west (W) until a wall or another coloured
robot stops it (the white robot stops nothing).  A move is written as the robot's
letter and the direction's: ``BW``.  The goal robot must *stop* on the white
robot's cell (the target); any robot may move.  Solutions are the shortest move
sequences; counting counts the distinct shortest sequences.

Input: the board drawing that ``str(Spelbord)`` makes, optionally preceded by a
line ``goal: B`` (default ``A``)::

    +-+-+-+
    |a  |*|
    + +-+ +
    |   b |
    +-+-+-+

``+`` at every corner; between two corners ``-`` for a wall below a cell (or the
border) and a space for none; after each cell ``|`` for a wall on its right (or
the border) and a space for none.  A cell is a space, ``*`` (the white robot), a
robot's lower-case letter, or its upper-case letter when the white robot shares
its cell.  Instead of the drawing, a line may hold the board's ``repr``
(``Spelbord(m, n, below, right, robots, white)``), read as data, never evaluated:
whole numbers, and cell numbers in ``(...)``, ``[...]`` or ``{...}`` (the robots in
order, so not in a set).  Lines starting with ``#`` are comments.

Limits: boards of up to :data:`MAX_SIZE` (64) rows and columns, up to
:data:`MAX_ROBOTS` (26) robots, a ``Spelbord(...)`` line of up to
:data:`MAX_LITERAL` (200,000) characters.  Setting up the search of the largest
board takes under 0.1 s of CPU and well under 100 MB; the classic game is 16 x 16.

Parameters: ``goal`` (a letter; overrides the file's) and ``max_moves`` (the
longest solution tried, at least 0; with 0 the search only says whether the goal
robot stands on the target already).  When ``max_moves`` cuts the search, the
answer is *unknown*, not *unsolvable*: longer solutions may exist.  A solution
is a :class:`Moves` tuple; :func:`check` names the first move that breaks a rule.

The search is :class:`backtrack.shortest.ShortestSearch` (iterative deepening)
with the goal robot's distance to the target, were it able to stop anywhere, as
its lower bound, and a transposition table (robot positions, the non-goal robots
interchangeable) that prunes only what cannot lose a shortest sequence.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection, Sequence

from backtrack import InputError, Param, Puzzle, examples_in, hookimpl, quoted, whole_number
from backtrack.shortest import ShortestSearch

DIRECTIONS = "NESW"
#: The most rows and the most columns of a board (a drawing, a ``Spelbord(...)`` line or a generated board).
MAX_SIZE = 64
#: The most robots: one per letter A to Z.
MAX_ROBOTS = 26
#: The smallest board the generator makes (each quadrant needs room for its walls).
MIN_GENERATED = 8
#: The largest seed the generator takes.
MAX_SEED = 2**64 - 1


class Spelbord:
    """A Ricochet Robots board: walls, coloured robots (A, B, ...) and the white robot.

    ``onder`` holds the cells with a wall below them, ``rechts`` the cells with a
    wall on their right (walls along the border are implied); ``robots[i]`` is the
    cell of robot ``chr(65 + i)``; ``wit`` is the white robot's cell.  Cells are
    numbered in reading order from 0.
    """

    def __init__(self, m: int, n: int, onder: Collection[int], rechts: Collection[int], robots: Sequence[int], wit: int):
        self.m = m
        self.n = n
        self.onder = frozenset(onder)
        self.rechts = frozenset(rechts)
        self.robots = list(robots)
        self.wit = wit

    def __repr__(self) -> str:
        return (
            f"Spelbord({self.m}, {self.n}, {tuple(sorted(self.onder))!r}, {tuple(sorted(self.rechts))!r}, "
            f"{tuple(self.robots)!r}, {self.wit})"
        )

    def __str__(self) -> str:
        m, n = self.m, self.n
        where = {cell: robot for robot, cell in enumerate(self.robots)}
        lines = ["+-" * n + "+"]
        for row in range(m):
            cells = ["|"]
            corners = ["+"]
            for column in range(n):
                cell = row * n + column
                robot = where.get(cell)
                if robot is None:
                    cells.append("*" if cell == self.wit else " ")
                else:
                    letter = chr(65 + robot)
                    cells.append(letter if cell == self.wit else letter.lower())
                cells.append("|" if column == n - 1 or cell in self.rechts else " ")
                corners.append("-" if row == m - 1 or cell in self.onder else " ")
                corners.append("+")
            lines.append("".join(cells))
            lines.append("".join(corners))
        return "\n".join(lines)

    def copy(self) -> "Spelbord":
        """An independent board with the same walls and robots."""
        return Spelbord(self.m, self.n, self.onder, self.rechts, self.robots, self.wit)

    def buur(self, i: int, richting: str) -> int | None:
        """The cell next to cell ``i`` in direction ``richting`` (N, E, S, W), or None behind a wall."""
        n = self.n
        richting = richting.upper()
        if richting == "N":
            return None if i < n or i - n in self.onder else i - n
        if richting == "S":
            return None if i >= (self.m - 1) * n or i in self.onder else i + n
        if richting == "E":
            return None if i % n == n - 1 or i in self.rechts else i + 1
        if richting == "W":
            return None if i % n == 0 or i - 1 in self.rechts else i - 1
        raise ValueError(f"a direction is N, E, S or W, not {richting!r}")

    def glijden(self, i: int, richting: str) -> int:
        """The cell where a robot sliding from cell ``i`` in direction ``richting`` stops."""
        others = set(self.robots)
        others.discard(i)
        while True:
            following = self.buur(i, richting)
            if following is None or following in others:
                return i
            i = following

    def zet(self, zet: str) -> "Spelbord":
        """Make move ``zet`` (robot letter and direction, any case) and return this board."""
        robot = ord(zet[0].upper()) - 65
        self.robots[robot] = self.glijden(self.robots[robot], zet[1])
        return self


@dataclass
class Ricochet:
    """A puzzle instance: a board and the goal robot (its index: 0 is A)."""

    board: Spelbord
    goal: int = 0

    def __str__(self) -> str:
        """The file format: the ``goal:`` line and the drawing."""
        return f"goal: {chr(65 + self.goal)}\n{self.board}"


class Moves(tuple):
    """A solution: the move sequence (a tuple such as ``("AW", "BE")``) and the goal robot it brings home.

    It equals the plain tuple of its moves; ``goal`` (0 is A) is the robot the search
    brought to the target, which ``-p goal`` may have chosen instead of the file.
    """

    goal: int

    def __new__(cls, moves: Sequence[str] = (), goal: int = 0) -> "Moves":
        made = super().__new__(cls, moves)
        made.goal = goal
        return made

    def __reduce__(self) -> tuple:
        return Moves, (tuple(self), self.goal)


# -- parsing ----------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> Ricochet:
    """A board (drawing or ``repr`` line) and an optional ``goal:`` line; InputError if malformed."""
    goal: tuple[int, int, str] | None = None  # line, column, letter
    drawing: list[tuple[int, str]] = []
    literal: tuple[int, str] | None = None
    ended = False  # a blank line or comment after the drawing started
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            ended = ended or bool(drawing)
            continue
        indent = len(line) - len(stripped)
        if stripped.lower().startswith("goal"):
            key, colon, value = stripped.partition(":")
            letter = value.strip()
            column = indent + len(key) + len(colon) + (len(value) - len(value.lstrip())) + 1
            if key.strip().lower() != "goal" or not colon or len(letter) != 1 or not letter.isalpha() or not letter.isascii():
                raise InputError(
                    f"expected 'goal: LETTER' (the robot to bring to the target), found {quoted(stripped)}",
                    source, number, indent + 1,
                )
            if goal is not None:
                raise InputError(f"a second goal line (the first is line {goal[0]})", source, number, indent + 1)
            goal = (number, column, letter.upper())
            continue
        if stripped[0].isalpha():  # not a drawing: the Spelbord(...) line
            if literal is not None or drawing:
                raise InputError("expected one board, found a second", source, number, indent + 1)
            literal = (number, line)
            continue
        if ended or literal is not None:
            raise InputError("expected one board, found more text after it", source, number, indent + 1)
        if len(drawing) == 2 * MAX_SIZE + 1:
            raise InputError(
                f"a board has at most {MAX_SIZE} rows (a drawing of {2 * MAX_SIZE + 1} lines), this drawing goes on",
                source, number,
            )
        drawing.append((number, line))
    if literal is not None:
        board = _parse_literal(*literal, source)
    elif drawing:
        board = _parse_drawing(drawing, source)
    else:
        raise InputError("expected a board drawing (lines of '+', '-', '|' and cells) or a Spelbord(...) line, found none", source)
    robot = 0
    if goal is not None:
        number, column, letter = goal
        robot = ord(letter) - 65
        if robot >= len(board.robots):
            raise InputError(f"unknown goal robot {letter!r}: the board has robots {_letters(len(board.robots))}", source, number, column)
    return Ricochet(board, robot)


def _letters(count: int) -> str:
    return ", ".join(chr(65 + robot) for robot in range(count))


def _parse_drawing(lines: list[tuple[int, str]], source: str) -> Spelbord:
    first_number, first = lines[0]
    width = len(first)
    widest = 2 * MAX_SIZE + 1
    wrong = next((c for c, char in enumerate(first[: widest + 1]) if char != "+-"[c % 2]), None)
    if wrong is not None or width < 3 or width % 2 == 0:
        column = width + 1 if wrong is None else wrong + 1
        raise InputError("expected the top border '+-+-...+' (a '+' at every corner, '-' between them)", source, first_number, column)
    if width > widest:
        raise InputError(
            f"a board has at most {MAX_SIZE} columns (a top border of {widest} characters), "
            f"this one is {width} characters wide", source, first_number, widest + 1,
        )
    n = width // 2
    if len(lines) % 2 == 0:
        raise InputError("expected a line of corners '+-+-...+' under the last row of cells", source, lines[-1][0] + 1)
    m = len(lines) // 2
    onder: set[int] = set()
    rechts: set[int] = set()
    robots: dict[int, tuple[int, int, int]] = {}  # robot -> cell, line, column
    white: tuple[int, int, int] | None = None
    for index, (number, line) in enumerate(lines):
        if len(line) != width:
            raise InputError(
                f"expected {width} characters like the top border (the board is {n} cells wide), found {len(line)}",
                source, number, min(len(line), width) + 1,
            )
        if index == 0:
            continue  # the top border, checked above
        if index % 2 == 0:  # a line of corners, under row index // 2 - 1
            last = index == len(lines) - 1
            for column, char in enumerate(line):
                if column % 2 == 0:
                    if char != "+":
                        raise InputError(f"expected '+' at a corner, found {char!r}", source, number, column + 1)
                elif last and char != "-":
                    raise InputError(f"expected '-' on the bottom border, found {char!r}", source, number, column + 1)
                elif char == "-":
                    if not last:
                        onder.add((index // 2 - 1) * n + column // 2)
                elif char != " ":
                    raise InputError(f"expected '-' (a wall) or a space between corners, found {char!r}", source, number, column + 1)
            continue
        row = index // 2
        for column, char in enumerate(line):
            if column == 0 or column == width - 1:
                if char != "|":
                    raise InputError(f"expected '|' on the border, found {char!r}", source, number, column + 1)
            elif column % 2 == 0:
                if char == "|":
                    rechts.add(row * n + column // 2 - 1)
                elif char != " ":
                    raise InputError(f"expected '|' (a wall) or a space between cells, found {char!r}", source, number, column + 1)
            else:
                cell = row * n + column // 2
                if char == " ":
                    continue
                if char == "*" or ("A" <= char <= "Z"):
                    if white is not None:
                        raise InputError(
                            f"a second white robot (the first is on line {white[1]}, column {white[2]}): "
                            "expected one '*' or one upper-case robot letter", source, number, column + 1,
                        )
                    white = (cell, number, column + 1)
                if char == "*":
                    continue
                if not ("a" <= char <= "z" or "A" <= char <= "Z"):
                    raise InputError(
                        f"unknown character {char!r} in a cell: expected a space, '*' (the white robot) or a robot's letter",
                        source, number, column + 1,
                    )
                robot = ord(char.upper()) - 65
                if robot in robots:
                    _, line_before, column_before = robots[robot]
                    raise InputError(
                        f"robot {char.upper()} appears twice (first on line {line_before}, column {column_before})",
                        source, number, column + 1,
                    )
                robots[robot] = (cell, number, column + 1)
    if white is None:
        raise InputError("no target cell: expected one '*' (or an upper-case robot letter) for the white robot", source, first_number)
    if not robots:
        raise InputError("expected at least one robot (a letter a, b, ...), found none", source, first_number)
    for robot in range(len(robots)):
        if robot not in robots:
            later = min(r for r in robots if r > robot)
            _, number, column = robots[later]
            raise InputError(
                f"robots are lettered A, B, C, ... without gaps: found {chr(65 + later)} but no {chr(65 + robot)}",
                source, number, column,
            )
    return Spelbord(m, n, onder, rechts, [robots[robot][0] for robot in range(len(robots))], white[0])


#: The longest ``Spelbord(...)`` line read (the ``repr`` of a 64 x 64 board walled everywhere has under 50,000).
MAX_LITERAL = 200_000

LITERAL_FORM = "Spelbord(m, n, (cells with a wall below), (cells with a wall right), (robot cells), white cell)"

# A number (checked by whole_number later), a name, a comment (ending the line) or any other mark.
_TOKEN = re.compile(r"\s*(\d\w*|[^\W\d]\w*|#.*|\S)")
_CLOSING = {"(": ")", "[": "]", "{": "}"}


@dataclass
class _Argument:
    """One argument of a ``Spelbord(...)`` line as written: a number, or a bracketed collection of numbers."""

    column: int
    number: str | None = None
    items: list[tuple[str, int]] | None = None  # each number of a collection with its column
    bracket: str = ""


class _LiteralReader:
    """Reads ``Spelbord(...)`` as data, token by token: numbers and (...), [...] or {...} of numbers, nothing else."""

    def __init__(self, line: str, source: str, number: int):
        self.source, self.number = source, number
        self.tokens: list[tuple[str, int]] = []
        for match in _TOKEN.finditer(line):
            if match.group(1).startswith("#"):
                break
            self.tokens.append((match.group(1), match.start(1) + 1))
        self.at = 0
        self.end = len(line.rstrip()) + 1

    def peek(self) -> str:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else ""

    def column(self) -> int:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else self.end

    def take(self) -> tuple[str, int]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def fail(self, expected: str) -> InputError:
        found = quoted(self.peek()) if self.peek() else "the end of the line"
        message = f"expected {expected}, found {found} (the form is {LITERAL_FORM})"
        return InputError(message, self.source, self.number, self.column())

    def expect(self, text: str, expected: str) -> int:
        if self.peek() != text:
            raise self.fail(expected)
        return self.take()[1]

    def call(self) -> tuple[list[_Argument], int]:
        """The arguments, and the column of the closing parenthesis."""
        self.expect("Spelbord", "'Spelbord'")
        self.expect("(", "'(' after Spelbord")
        arguments = []
        while self.peek() != ")":
            arguments.append(self.argument())
            if self.peek() == ",":
                self.take()
            elif self.peek() != ")":
                raise self.fail("',' or ')' after an argument")
        closing = self.take()[1]
        if self.peek():
            raise self.fail("the end of the line after ')'")
        return arguments, closing

    def argument(self) -> _Argument:
        text, column = self.peek(), self.column()
        if text[:1].isdigit():
            self.take()
            return _Argument(column, number=text)
        if text not in _CLOSING:
            raise self.fail("a number, or cell numbers in (...), [...] or {...}")
        self.take()
        closing = _CLOSING[text]
        items: list[tuple[str, int]] = []
        comma = False
        while self.peek() != closing:
            if not self.peek()[:1].isdigit():
                raise self.fail(f"a cell number or {closing!r}")
            items.append(self.take())
            comma = self.peek() == ","
            if comma:
                self.take()
            elif self.peek() != closing:
                raise self.fail(f"',' or {closing!r} after a cell number")
        self.take()
        if text == "(" and len(items) == 1 and not comma:
            raise InputError(f"a tuple of one cell needs a comma: ({items[0][0]},)", self.source, self.number, column)
        return _Argument(column, items=items, bracket=text)


def _parse_literal(number: int, line: str, source: str) -> Spelbord:
    """The board of a ``Spelbord(...)`` line, read as data (never evaluated); InputError naming line and column."""

    def error(message: str, column: int) -> InputError:
        return InputError(message, source, number, column)

    if len(line) > MAX_LITERAL:
        raise error(f"a Spelbord(...) line has at most {MAX_LITERAL:,} characters, this one {len(line):,}",
                    MAX_LITERAL + 1)
    arguments, closing = _LiteralReader(line, source, number).call()
    if len(arguments) != 6:
        column = arguments[6].column if len(arguments) > 6 else closing
        raise error(f"expected six arguments, found {len(arguments)} (the form is {LITERAL_FORM})", column)

    def whole(argument: _Argument, what: str, low: int, high: int) -> int:
        if argument.number is None:
            raise error(f"expected {what}, a whole number from {low} to {high}, found a collection", argument.column)
        return whole_number(argument.number, source, number, argument.column, low=low, high=high, what=what)

    def cells(argument: _Argument, what: str, each: str, high: int) -> list[tuple[int, int]]:
        if argument.items is None:
            raise error(f"expected {what} in (...), [...] or {{...}}, found a number", argument.column)
        return [
            (whole_number(text, source, number, column, low=0, high=high, what=each), column)
            for text, column in argument.items
        ]

    m = whole(arguments[0], "the number of rows", 1, MAX_SIZE)
    n = whole(arguments[1], "the number of columns", 1, MAX_SIZE)
    last = m * n - 1
    onder = cells(arguments[2], "the cells with a wall below", "a cell with a wall below", last)
    for cell, column in onder:
        if cell >= (m - 1) * n:
            raise error(f"a wall below a cell of the last row is the border: cell {cell}", column)
    rechts = cells(arguments[3], "the cells with a wall on their right", "a cell with a wall on its right", last)
    for cell, column in rechts:
        if cell % n == n - 1:
            raise error(f"a wall right of a cell of the last column is the border: cell {cell}", column)
    if arguments[4].bracket == "{":
        raise error("expected the robots' cells in (...) or [...], in order (A first), not in a set",
                    arguments[4].column)
    robots = cells(arguments[4], "the robots' cells", "a robot's cell", last)
    if not robots or len(robots) > MAX_ROBOTS:
        column = robots[MAX_ROBOTS][1] if robots else arguments[4].column
        raise error(f"expected 1 to {MAX_ROBOTS} robots, found {len(robots)}", column)
    seen: dict[int, int] = {}
    for robot, (cell, column) in enumerate(robots):
        if cell in seen:
            raise error(f"robots {chr(65 + seen[cell])} and {chr(65 + robot)} on the same cell {cell}", column)
        seen[cell] = robot
    wit = whole(arguments[5], "the white robot's cell", 0, last)
    return Spelbord(m, n, [cell for cell, _ in onder], [cell for cell, _ in rechts], [cell for cell, _ in robots], wit)


# -- rendering --------------------------------------------------------------------


def render(spec: Ricochet, solution: Sequence[str]) -> str:
    """The moves in the seed's notation, then the board after them."""
    board = spec.board.copy()
    for move in solution:
        board.zet(move)
    goal = getattr(solution, "goal", spec.goal)
    moves = " ".join(solution) if solution else f"none: robot {chr(65 + goal)} is on the target already"
    return f"{len(solution)} moves: {moves}\n{board}"


def as_json(spec: Ricochet, solution: Sequence[str]) -> list[str]:
    """The move list, e.g. ``["AW", "BE"]``."""
    return list(solution)


# -- the independent checker --------------------------------------------------------

_HEADINGS = {"N": (-1, 0, "north"), "E": (0, 1, "east"), "S": (1, 0, "south"), "W": (0, -1, "west")}


def check(spec: Ricochet, solution: Sequence[str]) -> list[str]:
    """The rules ``solution`` breaks (an empty list when none): the first illegal move, or a goal robot not home.

    ``solution`` is a move sequence as the search yields it; its ``goal`` (when it
    has one, see :class:`Moves`) is the robot to bring home, else the spec's.  Each
    move must name a robot and a direction and move that robot: it slides from
    cell to cell until a wall, the border or another coloured robot stops it (the
    white robot stops nothing).  The goal robot must stop on the target with the
    last move and not before (the game ends there).  Only the walls and cells of
    the board are read: nothing of the search.  Whether the sequence is the
    *shortest* is not a rule this can see.
    """
    board = spec.board
    m, n = board.m, board.n
    below, right = set(board.onder), set(board.rechts)
    positions = list(board.robots)
    letters = [chr(65 + robot) for robot in range(len(positions))]
    goal = getattr(solution, "goal", spec.goal)

    def where(cell: int) -> str:
        return f"row {cell // n + 1}, column {cell % n + 1}"

    def slide(robot: int, heading: str) -> int:
        row, column = divmod(positions[robot], n)
        d_row, d_column, _ = _HEADINGS[heading]
        others = set(positions[:robot] + positions[robot + 1 :])
        while True:
            to_row, to_column = row + d_row, column + d_column
            if not (0 <= to_row < m and 0 <= to_column < n) or to_row * n + to_column in others:
                return row * n + column
            wall = min(row, to_row) * n + column in below if d_row else row * n + min(column, to_column) in right
            if wall:
                return row * n + column
            row, column = to_row, to_column

    for number, move in enumerate(solution, 1):
        named = f"move {number} of {len(solution)}"
        if positions[goal] == board.wit:
            return [f"{named} ({move}): robot {letters[goal]} already stood on the target, the game was over"]
        if not (isinstance(move, str) and len(move) == 2 and move[0] in letters and move[1] in _HEADINGS):
            robots = ", ".join(letters)
            return [f"{named} ({quoted(str(move))}): expected a robot ({robots}) and a direction (N, E, S or W)"]
        robot = ord(move[0]) - 65
        stop = slide(robot, move[1])
        if stop == positions[robot]:
            return [f"{named} ({move}): robot {move[0]} at {where(stop)} cannot move {_HEADINGS[move[1]][2]}, "
                    "a wall or a robot is next to it"]
        positions[robot] = stop
    if positions[goal] != board.wit:
        return [f"after {len(solution)} moves robot {letters[goal]} stands at {where(positions[goal])}, "
                f"not on the target at {where(board.wit)}"]
    return []


# -- the search -------------------------------------------------------------------


class RicochetSearch(ShortestSearch):
    """The shortest move sequences bringing the goal robot to the target.

    A move is its notation (``"BW"``).  ``moves`` slides every robot each way (bit
    masks of the robots and of each cell's ray in each direction give the first
    robot in the way) and offers the moves that move a robot, pass the bound and
    are not pruned by the transposition table for good; ``valid`` consults the
    table again (siblings searched meanwhile may have added the state); ``record``
    and ``undo`` move the robot.  ``exhausted`` tells an unsolvable board (the
    table stopped growing) from one that needs more moves.

    The table maps a state (the goal robot's cell and the *set* of the other
    robots' cells: they are interchangeable for reaching the target) to the most
    moves it was searched with (in this iteration or an earlier one) and whether a
    solution lay below it.  A state reached with fewer moves to go is pruned:
    either an earlier iteration found nothing from it with more moves, or this
    iteration reached it less deep, and a shortest sequence cannot pass it deeper
    (the shallower visit would give a shorter one).  Reached with as many moves to
    go, it is pruned only if nothing was found below it.  So the table never loses
    a shortest sequence, and counting stays exact.
    """

    def __init__(self, spec: Ricochet, goal: str | None = None, max_moves: int | None = None):
        board = spec.board
        n, cells = board.n, board.m * board.n
        self.robots = len(board.robots)
        self.goal = spec.goal if goal is None else _goal_index(goal, self.robots)
        self.target = board.wit
        self.shift = cells.bit_length()
        self.max_depth = max_moves
        self.pos = list(board.robots)
        neighbours = [[board.buur(cell, d) for d in DIRECTIONS] for cell in range(cells)]
        # Per direction: each cell's ray (the cells a slide passes, as a bit mask)
        # and where the walls alone stop the slide.
        rays: list[list[int]] = []
        stops: list[list[int]] = []
        for d in range(4):
            masks, ends = [], []
            for cell in range(cells):
                mask, at, end = 0, neighbours[cell][d], cell
                while at is not None:
                    mask |= 1 << at
                    end = at
                    at = neighbours[at][d]
                masks.append(mask)
                ends.append(end)
            rays.append(masks)
            stops.append(ends)
        steps = (-n, 1, n, -1)
        self.dist = _relaxed_distances(neighbours, self.target, cells)
        self.widest = max((d for d in self.dist if d != INFINITE), default=0)
        letters = [chr(65 + robot) for robot in range(self.robots)]
        order = [self.goal] + [robot for robot in range(self.robots) if robot != self.goal]
        # Everything valid needs about a move, in one tuple: robot, rays, wall stops,
        # step, and whether the nearest robot in the way has the lowest cell number.
        self.decode = {
            letters[r] + DIRECTIONS[d]: (r, rays[d], stops[d], steps[d], d in (1, 2)) for r in range(self.robots) for d in range(4)
        }
        # Per robot, goal robot first: its moves with what a slide needs.
        self.order = [
            (r, [(letters[r] + DIRECTIONS[d], rays[d], stops[d], steps[d], d in (1, 2)) for d in range(4)]) for r in order
        ]
        self.goal_order = self.order[:1]
        self.options: dict[int, dict[str, tuple[int, int, int]]] = {}
        self.replaying = False
        self.others = 0
        for robot, cell in enumerate(self.pos):
            if robot != self.goal:
                self.others |= 1 << cell
        self.occupied = self.others | 1 << self.pos[self.goal]
        self.table: dict[int, int] = {}
        self.sizes: list[int] = []
        self.previous_limit = 0
        self.trail: list[tuple[int, int, int, int]] = []
        self.found = 0
        self.following: tuple[int, int, int] = (0, 0, 0)

    def _key(self) -> int:
        return self.others << self.shift | self.pos[self.goal]

    def start_limit(self, limit: int) -> None:
        if limit <= self.previous_limit:  # a new search of this object
            self.sizes.clear()
            self.table.clear()
        self.previous_limit = limit
        self.replaying = False
        self.table[self._key()] = 2 * (limit - len(self.trail)) + 1

    def exhausted(self, cut: bool) -> bool:
        # The table holds the states reached; over the iterations it never shrinks.
        # When its size stays the same for longer than the largest bound, no
        # reachable state is left unseen (a state d moves away is seen by the limit
        # d + bound), and none was a solution.
        self.sizes.append(len(self.table))
        span = self.widest + 2
        return len(self.sizes) >= span and self.sizes[-1] == self.sizes[-span]

    def lower_bound(self, level: int) -> float:
        bound = self.dist[self.pos[self.goal]]
        return math.inf if bound == INFINITE else bound

    def done_at_start(self) -> bool:
        return self.pos[self.goal] == self.target

    def begin(self) -> None:
        self.replaying = True

    def moves(self, level: int) -> dict[str, tuple[int, int, int]]:
        """The moves that move a robot (the goal robot's first), each with its robot, stop and new state.

        The goal robot's moves that end too far from the target for the moves left
        are left out.  When the bound is tight, so are the other robots' moves: they
        leave the goal robot as far from the target with one move less to go.
        """
        pos, goal, occupied, others, shift, dist = self.pos, self.goal, self.occupied, self.others, self.shift, self.dist
        goal_cell = pos[goal]
        after = level + 1
        limit = self.depth_limit
        # A state searched with more moves to go stays pruned whatever the siblings
        # find (see valid), so the table is consulted here already.
        seen_with = self.table.get
        pruned = 2 * (limit - after) + 1
        options: dict[str, tuple[int, int, int]] = {}
        for robot, directions in self.order if dist[goal_cell] + level < limit else self.goal_order:
            start = pos[robot]
            for name, rays, stops, step, lowest in directions:
                blocking = occupied & rays[start]
                if blocking:
                    stop = ((blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)).bit_length() - 1 - step
                else:
                    stop = stops[start]
                if stop == start:
                    continue
                if robot == goal:
                    if after + dist[stop] > limit:
                        continue
                    key = others << shift | stop
                else:
                    key = (others ^ (1 << start | 1 << stop)) << shift | goal_cell
                seen = seen_with(key)
                if seen is None or seen <= pruned:
                    options[name] = (robot, stop, key)
        self.options[level] = options
        return options

    def valid(self, level: int, move: str) -> bool:
        if self.replaying:
            return self._replayed(move)
        option = self.options[level][move]
        # Entries are 2 * moves to go + (0 if a solution lay below, else 1): prune a
        # state searched with more moves to go, or as many with nothing below it.
        seen = self.table.get(option[2])
        if seen is not None and 2 * (self.depth_limit - level - 1) < seen:
            return False
        self.following = option
        return True

    def _replayed(self, move: str) -> bool:
        """Whether a move of a prefix moves its robot (no pruning there)."""
        decoded = self.decode.get(move)
        if decoded is None:
            return False
        robot, rays, stops, step, lowest = decoded
        start = self.pos[robot]
        blocking = self.occupied & rays[start]
        if blocking:
            stop = ((blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)).bit_length() - 1 - step
        else:
            stop = stops[start]
        if stop == start:
            return False
        if robot == self.goal:
            key = self.others << self.shift | stop
        else:
            key = (self.others ^ (1 << start | 1 << stop)) << self.shift | self.pos[self.goal]
        self.following = (robot, stop, key)
        return True

    def record(self, level: int, move: str) -> None:
        robot, stop, key = self.following
        start = self.pos[robot]
        self.pos[robot] = stop
        moved = 1 << start | 1 << stop
        self.occupied ^= moved
        if robot != self.goal:
            self.others ^= moved
        self.table[key] = 2 * (self.depth_limit - level) - 1
        self.trail.append((robot, start, key, self.found))

    def undo(self, level: int, move: str) -> None:
        robot, start, key, found = self.trail.pop()
        moved = 1 << start | 1 << self.pos[robot]
        self.pos[robot] = start
        self.occupied ^= moved
        if robot != self.goal:
            self.others ^= moved
        if found != self.found:
            self.table[key] = 2 * (self.depth_limit - level - 1)

    def done(self, level: int) -> bool:
        if self.pos[self.goal] == self.target:
            self.found += 1
            return True
        return False

    def solution(self, path: tuple) -> Moves:
        return Moves(path, self.goal)


INFINITE = 1 << 30


def _relaxed_distances(neighbours: list[list[int | None]], target: int, cells: int) -> list[int]:
    """Moves from each cell to ``target`` for a robot that may stop anywhere (walls only)."""
    dist = [INFINITE] * cells
    dist[target] = 0
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        for d in range(4):
            at = neighbours[cell][d]
            while at is not None:
                if dist[at] == INFINITE:
                    dist[at] = dist[cell] + 1
                    queue.append(at)
                at = neighbours[at][d]
    return dist


def robot_letter(text: str) -> str:
    """A robot's letter as given (``b``, `` B ``) in upper case; other text unchanged (the caller refuses it)."""
    return text.strip().upper() if text.isascii() else text


def _goal_index(goal: str, robots: int) -> int:
    letter = robot_letter(str(goal))
    if len(letter) != 1 or not "A" <= letter <= chr(64 + robots):
        raise InputError(f"unknown goal robot {quoted(str(goal))}: the board has robots {_letters(robots)}", "-p goal")
    return ord(letter) - 65


def search(spec: Ricochet, goal: str | None = None, max_moves: int | None = None, **_: object) -> RicochetSearch:
    """A fresh search of ``spec``; ``goal`` overrides the file's goal robot, ``max_moves`` bounds the length tried.

    An unknown goal robot or a ``max_moves`` below 0 is an :class:`InputError`.
    """
    if max_moves is not None and (type(max_moves) is not int or max_moves < 0):
        raise InputError(f"max_moves must be a whole number, at least 0, not {quoted(str(max_moves))}", "-p max_moves")
    return RicochetSearch(spec, goal, max_moves)


# -- generating boards ------------------------------------------------------------


def generate(seed: int, size: int = 16, robots: int = 4, goal: str | None = None) -> Ricochet:
    """A random board in the style of the classic game.

    A ``size`` x ``size`` board (16 classically) with the central 2 x 2 block walled
    off, four L-shaped wall corners in each quadrant (one of them the target), two
    wall stubs on the border of each quadrant, and ``robots`` robots on random cells
    outside the block; the goal robot is random unless ``goal`` names it.
    """
    if not MIN_GENERATED <= size <= MAX_SIZE or size % 2:
        raise ValueError(f"the board size must be an even number from {MIN_GENERATED} to {MAX_SIZE}, not {size}")
    if not 1 <= robots <= MAX_ROBOTS:
        raise ValueError(f"the number of robots must be 1 to {MAX_ROBOTS}, not {robots}")
    rng = random.Random(seed)
    n, half = size, size // 2
    onder: set[int] = set()
    rechts: set[int] = set()

    def below(row: int, column: int) -> None:
        if 0 <= row < n - 1:
            onder.add(row * n + column)

    def right(row: int, column: int) -> None:
        if 0 <= column < n - 1:
            rechts.add(row * n + column)

    block = {(row, column) for row in (half - 1, half) for column in (half - 1, half)}
    for column in (half - 1, half):
        below(half - 2, column)
        below(half, column)
    for row in (half - 1, half):
        right(row, half - 2)
        right(row, half)
    corners: list[int] = []
    taken = {(r + dr, c + dc) for r, c in block for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    for top, left in ((0, 0), (0, half), (half, 0), (half, half)):
        placed, tries = 0, 0
        while placed < 4 and tries < 1000:
            tries += 1
            row, column = top + rng.randrange(1, half - 1), left + rng.randrange(1, half - 1)
            if (row, column) in taken:
                continue
            taken |= {(row + dr, column + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
            vertical, horizontal = rng.choice(((-1, 1), (1, 1), (1, -1), (-1, -1)))  # (N or S, E or W)
            if vertical < 0:
                below(row - 1, column)
            else:
                below(row, column)
            if horizontal > 0:
                right(row, column)
            else:
                right(row, column - 1)
            corners.append(row * n + column)
            placed += 1
        # Two stubs on the quadrant's outer border: one on its top or bottom edge, one on its side.
        edge_row = 0 if top == 0 else n - 1
        right(edge_row, left + rng.randrange(1, half - 2))
        edge_column = 0 if left == 0 else n - 1
        below(top + rng.randrange(1, half - 2), edge_column)
    target = rng.choice(corners)
    free = [cell for cell in range(n * n) if cell != target and divmod(cell, n) not in block]
    cells = rng.sample(free, robots)
    goal_robot = rng.randrange(robots) if goal is None else _goal_index(goal, robots)
    return Ricochet(Spelbord(n, n, onder, rechts, cells, target), goal_robot)


def _argument(low: int, high: int, what: str, even: bool = False) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number from ``low`` to ``high`` (even when asked), else a clear error."""

    def convert(text: str) -> int:
        try:
            value = whole_number(text, "", None, None, low=low, high=high, what=what)
        except InputError as error:
            raise argparse.ArgumentTypeError(error.message) from None
        if even and value % 2:
            raise argparse.ArgumentTypeError(
                f"expected {what}, a whole number from {low} to {high}, found {quoted(text)}"
            )
        return value

    return convert


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m backtrack_puzzles.ricochet generate SEED [--size 16] [--robots 4] [--goal B]``."""
    parser = argparse.ArgumentParser(prog="python -m backtrack_puzzles.ricochet")
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="print a random board in the classic style")
    make.add_argument("seeds", type=_argument(0, MAX_SEED, "a seed"), nargs="+", metavar="SEED",
                      help=f"a whole number from 0 to {MAX_SEED} (one board per seed)")
    size = _argument(MIN_GENERATED, MAX_SIZE, "the board size (an even number)", even=True)
    make.add_argument("--size", type=size, default=16,
                      help=f"rows and columns, an even number from {MIN_GENERATED} to {MAX_SIZE} (default 16)")
    make.add_argument("--robots", type=_argument(1, MAX_ROBOTS, "the number of robots"), default=4,
                      help=f"1 to {MAX_ROBOTS} (default 4)")
    make.add_argument("--goal", type=robot_letter, default=None, help="the goal robot's letter (default: random)")
    args = parser.parse_args(argv)
    if args.goal is not None and not (len(args.goal) == 1 and "A" <= args.goal < chr(65 + args.robots)):
        make.error(f"argument --goal: expected the letter of one of the {args.robots} robots "
                   f"({_letters(args.robots)}), found {quoted(args.goal)}")
    for number, seed in enumerate(args.seeds):
        if number:
            print()
        print(f"# generated: python -m backtrack_puzzles.ricochet generate {seed} --size {args.size} --robots {args.robots}")
        print(generate(seed, args.size, args.robots, args.goal))
    return 0


PUZZLE = Puzzle(
    name="ricochet",
    description="Ricochet Robots: the fewest moves bringing the goal robot onto the white robot's cell",
    parse=parse,
    search=search,
    render=render,
    params=(
        Param("goal", "the robot to bring to the target (a letter; default: the file's goal line, else A)",
              robot_letter, None, choices=tuple(chr(65 + robot) for robot in range(MAX_ROBOTS))),
        Param("max_moves", "the longest solution tried (default: no limit; 0 only asks whether the goal robot is home)",
              int, None, low=0),
    ),
    as_json=as_json,
    examples=examples_in(Path(__file__).parent / "examples" / "ricochet"),
    check=check,
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} cells with up to {MAX_ROBOTS} robots; "
    f"a Spelbord(...) line of up to {MAX_LITERAL:,} characters",
)


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]


if __name__ == "__main__":
    sys.exit(main())
