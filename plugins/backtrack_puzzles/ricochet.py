"""Ricochet Robots: bring the goal robot onto the white robot's cell in the fewest moves.

The board is an m x n grid with walls along its border and between some cells.
Coloured robots, lettered A, B, C, ..., stand on distinct cells; a move slides one
robot north (N), east (E), south (S) or west (W) until a wall or another coloured
robot stops it (the white robot stops nothing).  A move is written as the robot's
letter and the direction's: ``BW``.  The goal robot must *stop* on the white
robot's cell (the target); any robot may move.  Solutions are the shortest move
sequences; counting counts the distinct shortest sequences.

Input: the board drawing (as ``str(Board)`` prints it, and the exercise's
``str(Spelbord)``), optionally preceded by a line ``goal: B`` (default ``A``)::

    +-+-+-+
    |a  |*|
    + +-+ +
    |   b |
    +-+-+-+

``+`` at every corner; between two corners ``-`` for a wall below a cell (or the
border) and a space for none; after each cell ``|`` for a wall on its right (or
the border) and a space for none.  A cell is a space, ``*`` (the white robot), a
robot's lower-case letter, or its upper-case letter when the white robot shares
its cell.  Instead of the drawing, a line may hold the board's ``repr`` as the
exercise's class writes it (``Spelbord(m, n, below, right, robots, white)``), read
as data, never evaluated: whole numbers, and cell numbers in ``(...)``, ``[...]``
or ``{...}`` (the robots in order, so not in a set).  Lines starting with ``#``
are comments.

Limits: boards of up to :data:`MAX_SIZE` (64) rows and columns, up to
:data:`MAX_ROBOTS` (26) robots, a ``Spelbord(...)`` line of up to
:data:`MAX_LITERAL` (200,000) characters.  Setting up the search of the largest
board takes under 0.1 s of CPU and well under 100 MB; the classic game is 16 x 16.

Parameters: ``goal`` (a letter; overrides the file's) and ``max_moves`` (the
longest solution tried, at least 0; with 0 the search only says whether the goal
robot stands on the target already).  When ``max_moves`` cuts the search, the
answer is *unknown*, not *unsolvable*: longer solutions may exist.  A solution
is a :class:`Moves` tuple; :func:`check` names the first move that breaks a rule.

An answer to check (``backtrack check ricochet BOARD ANSWER``) is the move list
as ``backtrack solve`` prints it, ``6 moves: AW BE BN BW BS AE`` (the drawing
after it is not read), with a ``goal: B`` line first for another goal robot than
the file's (see :func:`read_answer`).  ``backtrack generate ricochet -p
min_moves=10`` makes classic boards (see :func:`generate`) whose optimum, found by
the search, is at least that many moves (see :func:`make`).

The model is :class:`Board` (walls below and right of cells, the robots' cells,
the target) and :class:`Ricochet` (a board and its goal robot): the parser makes
it, and the search, the checker and the text form read it.  The Dutch exercise's
class :class:`Spelbord` (``onder``, ``rechts``, ``wit``, ``buur``, ``glijden``,
``zet``) keeps its API as a façade that builds a :class:`Board`, and nothing
else reads it.  The parts follow the anatomy of every puzzle module
(:mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the text form, 5 the
picture, 6 the checker, 7 the search, 8 the generator, 9 the façade, 10 the
descriptor, 11 the hook (Ricochet Robots has no shared formats).

The search is :class:`backtrack.shortest.ShortestSearch` (iterative deepening)
with the goal robot's distance to the target, were it able to stop anywhere, as
its lower bound; it offers a move only into a state that can still reach the
target in the moves left (tight states: the goal robot alone; with one or two
moves to spare: examined a move or two ahead), never a robot's move straight back,
and keeps a transposition table (robot positions, the non-goal robots
interchangeable) that prunes only what cannot lose a shortest sequence.  It is a
plain search (no propagation), so an attempt is one call of ``valid``: a move
offered and tried (what is left out unoffered is not counted).
"""

from __future__ import annotations

import math
import random
import re
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Collection, Iterator, Sequence

from backtrack import (
    AttemptBudget, Generator, InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted, whole_number,
)
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.shortest import ShortestSearch
from backtrack.svg import PALETTE, Grid

# Vocabulary.  A *cell* is a number in reading order from 0 (``row * cols + column``); a *wall below* or
# a *wall right* of a cell stands on that side of it.  The *robots* are lettered A, B, ... in order; the
# *goal robot* must stop on the *target*, the cell of the white robot.  A *move* (``BW``: robot B, west)
# *slides* its robot until a wall, the border or another robot stops it.
#: The directions a robot slides, in the order the search tries them.
DIRECTIONS = "NESW"
#: The most rows and the most columns of a board (a drawing, a ``Spelbord(...)`` line or a generated board).
MAX_SIZE = 64
#: The most robots: one per letter A to Z.
MAX_ROBOTS = 26
#: The longest ``Spelbord(...)`` line read (the ``repr`` of a 64 x 64 board walled everywhere has under 50,000).
MAX_LITERAL = 200_000
#: The smallest board the generator makes (each quadrant needs room for its walls).
MIN_GENERATED = 8
#: The boards :func:`make` tries for one puzzle before it gives up.
GENERATOR_TRIES = 2000
#: The attempts (moves tried) of :func:`make`'s search of one 16 x 16 board, and of all its boards together:
#: a few seconds and under about 10 s (a 12-move optimum takes about 25,000, the 13-move ``classic-13-s87``
#: about 75,000); a board of N x N cells gets 16 / N of them, its attempts costing more.  A tenth of what they
#: were before the search left out, unoffered, the moves into states that cannot reach the target in the moves
#: left: an attempt now stands for about ten times the work.
BOARD_ATTEMPTS, GENERATE_ATTEMPTS = 200_000, 600_000
#: Each board's search gets at most this share of all the attempts, so that boards whose goal robot needs a
#: very long way (common on 64 x 64 boards) cannot use them all up before the boards after them are tried.
BOARD_SHARES = 10
#: The longest optimum :func:`make` looks for: a board whose goal robot needs more is passed over.
LONGEST_GENERATED = 40
#: The distance to the target of a cell the goal robot can never reach it from.
INFINITE = 1 << 30
#: The farthest the goal robot may be from the target for the search to work out whether it can get there with
#: one move to spare before offering a move (farther, the move is offered unexamined).
SPARE_DEPTH = 64
#: The most robots and cells of a board whose search examines the states with moves to spare before it offers a
#: move into them (each examination looks at every robot's moves, twice over for two to spare: with many robots
#: or on large boards the examinations would cost more than the moves they save).
SPARE_ROBOTS, SPARE_CELLS = 5, 32 * 32
#: The most robots' surroundings whose slides the search remembers before it starts afresh (memory, not speed:
#: a 16 x 16 search meets a few thousand).
SLIDES_REMEMBERED = 100_000


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A Ricochet Robots board: its walls, the coloured robots (A, B, ...) and the target.

    Cells are numbered in reading order from 0.  ``walls_below`` holds the cells
    with a wall below them, ``walls_right`` the cells with a wall on their right
    (walls along the border are implied); ``robots[i]`` is the cell of robot
    ``chr(65 + i)``; ``target`` is the white robot's cell.  A board is a value:
    :meth:`moved` makes a new one.
    """

    rows: int
    cols: int
    walls_below: frozenset[int]
    walls_right: frozenset[int]
    robots: tuple[int, ...]
    target: int

    def __post_init__(self) -> None:
        # Any collections of cells are accepted; the board keeps sets and a tuple.
        object.__setattr__(self, "walls_below", frozenset(self.walls_below))
        object.__setattr__(self, "walls_right", frozenset(self.walls_right))
        object.__setattr__(self, "robots", tuple(self.robots))

    def __repr__(self) -> str:
        return (
            f"Board(rows={self.rows}, cols={self.cols}, walls_below={tuple(sorted(self.walls_below))}, "
            f"walls_right={tuple(sorted(self.walls_right))}, robots={self.robots}, target={self.target})"
        )

    def __str__(self) -> str:
        """The drawing (see :func:`drawing_of`)."""
        return drawing_of(self)

    def neighbour(self, cell: int, direction: str) -> int | None:
        """The cell next to ``cell`` in ``direction`` (N, E, S or W), or None behind a wall or the border."""
        n = self.cols
        if direction == "N":
            return None if cell < n or cell - n in self.walls_below else cell - n
        if direction == "S":
            return None if cell >= (self.rows - 1) * n or cell in self.walls_below else cell + n
        if direction == "E":
            return None if cell % n == n - 1 or cell in self.walls_right else cell + 1
        if direction == "W":
            return None if cell % n == 0 or cell - 1 in self.walls_right else cell - 1
        raise ValueError(f"a direction is N, E, S or W, not {direction!r}")

    def slide(self, cell: int, direction: str) -> int:
        """Where a robot sliding from ``cell`` in ``direction`` stops: at a wall or another robot's cell."""
        others = set(self.robots)
        others.discard(cell)
        while True:
            following = self.neighbour(cell, direction)
            if following is None or following in others:
                return cell
            cell = following

    def moved(self, move: str) -> Board:
        """The board after ``move``: a robot's letter and a direction, such as ``"BW"``."""
        robot = ord(move[0]) - 65
        robots = list(self.robots)
        robots[robot] = self.slide(robots[robot], move[1])
        return replace(self, robots=tuple(robots))


@dataclass
class Ricochet(Pictured, puzzle="ricochet"):
    """A puzzle instance: a board and the goal robot (its index: 0 is A)."""

    board: Board
    goal: int = 0

    def __str__(self) -> str:
        """The file format: the ``goal:`` line and the drawing (see :func:`text_of`)."""
        return text_of(self)


class Moves(tuple):
    """A solution: the move sequence (a tuple such as ``("AW", "BE")``) and the goal robot it brings home.

    It equals the plain tuple of its moves; ``goal`` (0 is A) is the robot the search
    brought to the target, which ``-p goal`` may have chosen instead of the file.
    """

    goal: int

    def __new__(cls, moves: Sequence[str] = (), goal: int = 0) -> Moves:
        made = super().__new__(cls, moves)
        made.goal = goal
        return made

    def __reduce__(self) -> tuple:
        return Moves, (tuple(self), self.goal)


# -- 2. the parser ---------------------------------------------------------------------------------


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
            one_letter = len(letter) == 1 and letter.isalpha() and letter.isascii()
            if key.strip().lower() != "goal" or not colon or not one_letter:
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
        raise InputError(
            "expected a board drawing (lines of '+', '-', '|' and cells) or a Spelbord(...) line, found none", source
        )
    robot = 0
    if goal is not None:
        number, column, letter = goal
        robot = ord(letter) - 65
        if robot >= len(board.robots):
            raise InputError(
                f"unknown goal robot {letter!r}: the board has robots {_letters(len(board.robots))}",
                source, number, column,
            )
    return Ricochet(board, robot)


def _letters(count: int) -> str:
    """The letters of ``count`` robots: ``A, B, C``."""
    return ", ".join(chr(65 + robot) for robot in range(count))


def _parse_drawing(lines: list[tuple[int, str]], source: str) -> Board:
    """The board of a drawing (its lines with their numbers); InputError naming line and column."""
    first_number, first = lines[0]
    width = len(first)
    widest = 2 * MAX_SIZE + 1
    wrong = next((c for c, char in enumerate(first[: widest + 1]) if char != "+-"[c % 2]), None)
    if wrong is not None or width < 3 or width % 2 == 0:
        column = width + 1 if wrong is None else wrong + 1
        raise InputError(
            "expected the top border '+-+-...+' (a '+' at every corner, '-' between them)", source, first_number, column
        )
    if width > widest:
        raise InputError(
            f"a board has at most {MAX_SIZE} columns (a top border of {widest} characters), "
            f"this one is {width} characters wide", source, first_number, widest + 1,
        )
    n = width // 2
    if len(lines) % 2 == 0:
        raise InputError("expected a line of corners '+-+-...+' under the last row of cells", source, lines[-1][0] + 1)
    m = len(lines) // 2
    below: set[int] = set()
    right: set[int] = set()
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
                        below.add((index // 2 - 1) * n + column // 2)
                elif char != " ":
                    raise InputError(
                        f"expected '-' (a wall) or a space between corners, found {char!r}", source, number, column + 1
                    )
            continue
        row = index // 2
        for column, char in enumerate(line):
            if column == 0 or column == width - 1:
                if char != "|":
                    raise InputError(f"expected '|' on the border, found {char!r}", source, number, column + 1)
            elif column % 2 == 0:
                if char == "|":
                    right.add(row * n + column // 2 - 1)
                elif char != " ":
                    raise InputError(
                        f"expected '|' (a wall) or a space between cells, found {char!r}", source, number, column + 1
                    )
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
                        f"unknown character {char!r} in a cell: "
                        "expected a space, '*' (the white robot) or a robot's letter",
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
        raise InputError(
            "no target cell: expected one '*' (or an upper-case robot letter) for the white robot", source, first_number
        )
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
    cells = tuple(robots[robot][0] for robot in range(len(robots)))
    return Board(m, n, frozenset(below), frozenset(right), cells, white[0])


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


def _parse_literal(number: int, line: str, source: str) -> Board:
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
    below = cells(arguments[2], "the cells with a wall below", "a cell with a wall below", last)
    for cell, column in below:
        if cell >= (m - 1) * n:
            raise error(f"a wall below a cell of the last row is the border: cell {cell}", column)
    right = cells(arguments[3], "the cells with a wall on their right", "a cell with a wall on its right", last)
    for cell, column in right:
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
    target = whole(arguments[5], "the white robot's cell", 0, last)
    return Board(m, n, frozenset(cell for cell, _ in below), frozenset(cell for cell, _ in right),
                 tuple(cell for cell, _ in robots), target)


def robot_letter(text: str) -> str:
    """A robot's letter as given (``b``, `` B ``) in upper case; other text unchanged (the caller refuses it)."""
    return text.strip().upper() if text.isascii() else text


def _goal_index(goal: str, robots: int) -> int:
    """The index of the goal robot named by the parameter ``goal`` on a board of ``robots`` robots."""
    letter = robot_letter(str(goal))
    if len(letter) != 1 or not "A" <= letter <= chr(64 + robots):
        raise InputError(f"unknown goal robot {quoted(str(goal))}: the board has robots {_letters(robots)}", "-p goal")
    return ord(letter) - 65


# -- 3. the text form ------------------------------------------------------------------------------


def drawing_of(board: Board) -> str:
    """The board drawing of the file format (what ``str(Spelbord)`` printed in the exercise)."""
    m, n = board.rows, board.cols
    where = {cell: robot for robot, cell in enumerate(board.robots)}
    lines = ["+-" * n + "+"]
    for row in range(m):
        cells = ["|"]
        corners = ["+"]
        for column in range(n):
            cell = row * n + column
            robot = where.get(cell)
            if robot is None:
                cells.append("*" if cell == board.target else " ")
            else:
                letter = chr(65 + robot)
                cells.append(letter if cell == board.target else letter.lower())
            cells.append("|" if column == n - 1 or cell in board.walls_right else " ")
            corners.append("-" if row == m - 1 or cell in board.walls_below else " ")
            corners.append("+")
        lines.append("".join(cells))
        lines.append("".join(corners))
    return "\n".join(lines)


def literal_of(board: Board) -> str:
    """The board as one line, ``Spelbord(m, n, below, right, robots, white)``: the exercise's ``repr``, which parses."""
    return (
        f"Spelbord({board.rows}, {board.cols}, {tuple(sorted(board.walls_below))!r}, "
        f"{tuple(sorted(board.walls_right))!r}, {tuple(board.robots)!r}, {board.target})"
    )


def text_of(spec: Ricochet) -> str:
    """The puzzle in the file format, the ``goal:`` line and the drawing: ``parse(text_of(spec)) == spec``."""
    return f"goal: {chr(65 + spec.goal)}\n{drawing_of(spec.board)}"


def render(spec: Ricochet, solution: Sequence[str]) -> str:
    """The moves in the exercise's notation, then the board after them.

    A solution for another goal robot than the file's (``-p goal=B``) starts with
    its ``goal:`` line, as a puzzle file does, so that :func:`read_answer` reads
    the answer back for that robot.
    """
    board = spec.board
    for move in solution:
        board = board.moved(move)
    goal = getattr(solution, "goal", spec.goal)
    moves = " ".join(solution) if solution else f"none: robot {chr(65 + goal)} is on the target already"
    other = f"goal: {chr(65 + goal)}\n" if goal != spec.goal else ""
    return f"{other}{len(solution)} moves: {moves}\n{drawing_of(board)}"


_MOVES_LABEL = re.compile(r"\s*\d+\s+moves?\s*:", re.IGNORECASE)
_NONE = re.compile(r"\s*none\b.*", re.IGNORECASE)
_MOVE = re.compile(r"[^\s,]+")


def read_answer(spec: Ricochet, text: str, source: str = "<answer>") -> Moves:
    """The moves of an answer written as :func:`render` prints it: ``6 moves: AW BE BN BW BS AE``.

    The moves are robot letters with directions (any case), separated by blanks
    or commas, on one line or several; the label ``6 moves:`` is optional (its
    number is not held against the moves, which may have been edited), and
    ``0 moves: none ...`` is no move.  A ``goal: B`` line first names the robot
    the moves bring home (default: the puzzle's).  The board drawing after the
    moves shows where they lead; it is not read, as it may be out of date.
    ``#`` lines are comments.  :class:`InputError` naming line and column for a
    move that names no robot of the board or no direction, or other text.
    """
    robots = len(spec.board.robots)
    goal = spec.goal
    moves: list[str] = []
    seen_moves = drawing = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.removeprefix("\ufeff").rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped[0] in "+|" and seen_moves:
            drawing = True
            continue
        if drawing:
            raise InputError("expected nothing after the board drawing, found more text", source, number,
                             len(line) - len(line.lstrip()) + 1)
        if stripped.lower().startswith("goal") and not seen_moves:
            key, colon, value = stripped.partition(":")
            letter = robot_letter(value)
            if key.strip().lower() != "goal" or not colon or not (len(letter) == 1 and "A" <= letter <= "Z"):
                raise InputError(f"expected 'goal: LETTER' (the robot the moves bring home), found {quoted(stripped)}",
                                 source, number, len(line) - len(line.lstrip()) + 1)
            if ord(letter) - 65 >= robots:
                raise InputError(f"unknown goal robot {letter!r}: the board has robots {_letters(robots)}",
                                 source, number, line.index(":") + 1 + len(value) - len(value.lstrip()) + 1)
            goal = ord(letter) - 65
            continue
        start = 0
        label = _MOVES_LABEL.match(line) if not seen_moves else None
        if label:
            start = label.end()
            if _NONE.fullmatch(line[start:]):
                seen_moves = True
                continue
        for token in _MOVE.finditer(line, start):
            move = token.group().upper()
            if not (len(move) == 2 and move[1] in DIRECTIONS and "A" <= move[0] < chr(65 + robots)):
                raise InputError(f"expected a move, a robot's letter ({_letters(robots)}) and a direction "
                                 f"(N, E, S or W), found {quoted(token.group())}", source, number, token.start() + 1)
            moves.append(move)
        seen_moves = True
    if not seen_moves:
        raise InputError("expected the moves (such as '6 moves: AW BE BN BW BS AE'), found none", source)
    return Moves(moves, goal)


def as_json(spec: Ricochet, solution: Sequence[str]) -> list[str]:
    """The move list, e.g. ``["AW", "BE"]``."""
    return list(solution)


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------
# The board with its walls, the target in the goal robot's colour, and the robots as discs
# with their letter, each with the path its moves took.  A move names a robot, not where it
# stands: its mark refers to the one the board of a search defines for each robot and
# direction (``<use href="#ricochet-move-BN">``), around the robot wherever it stands then.

#: The robots' colours, A first (the exercise's A is orange and B green); more robots reuse them.
ROBOT_COLOURS = ("#ef8a17", "#2e9e4f", "#2f6fd6", "#d63a3a", "#8a4fd0", "#17a2a2", "#c29b00", "#d0508f",
                 "#6b7a2a", "#8b5a2b")
#: The floor of the board.
FLOOR = "#f7f5ef"
_STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def robot_colour(robot: int) -> str:
    """The colour of robot ``robot`` (0 is A)."""
    return ROBOT_COLOURS[robot % len(ROBOT_COLOURS)]


def _canvas(board: Board) -> Grid:
    """Cells of up to 44 pixels, smaller on a large board (at least 12)."""
    cell = max(12, min(44, 600 // max(board.rows, board.cols)))
    return Grid(board.rows, board.cols, cell=cell, margin=(0.3, 0.3, 0.3, 0.3), name="ricochet")


def _arrow(x: float, y: float, heading: str, colour: str, size: float) -> str:
    """A triangle with its tip at ``x``, ``y`` pointing ``heading`` (N, E, S or W)."""
    down, right = _STEPS[heading]
    back_x, back_y = x - right * size, y - down * size
    side_x, side_y = down * size * 0.6, right * size * 0.6
    points = f"{x:.1f},{y:.1f} {back_x + side_x:.1f},{back_y + side_y:.1f} {back_x - side_x:.1f},{back_y - side_y:.1f}"
    return f'<polygon class="arrow" points="{points}" fill="{colour}"/>'


def draw(spec: Ricochet, state: Sequence[str] | None = None) -> str:
    """The board as SVG: walls, the target, the robots where the moves of ``state`` put them, and their paths.

    ``state`` is None (the puzzle alone: the robots where they start) or a move
    sequence: a solution, or the moves a search has made so far (its ``goal`` is
    the robot to bring home, as in :class:`Moves`; else the spec's).  Each move
    is a thin line in its robot's colour from where the robot stood to where it
    stopped, with an arrow and the move's number; a robot that moved leaves a
    faint ring where it started.  Classes: ``wall``, ``target``, ``robot`` (with
    ``robot-A`` ...), ``start``, ``path``, ``step``; ``move-mark`` for what a
    move's mark refers to (see :func:`draw_move`).
    """
    board = spec.board
    moves = list(state or ())
    goal = getattr(state, "goal", spec.goal)
    canvas = _canvas(board)
    cell, n = canvas.cell, board.cols
    canvas.add(f'<rect class="floor" x="{canvas.x(0):g}" y="{canvas.y(0):g}" width="{n * cell:g}" '
               f'height="{board.rows * cell:g}" fill="{FLOOR}"/>')
    colour = robot_colour(goal)
    target_row, target_column = divmod(board.target, n)
    canvas.fill(target_row, target_column, colour, "target-cell", opacity=0.3)
    x, y = canvas.centre(target_row, target_column)
    canvas.add(f'<g class="target" fill="none" stroke="{colour}"><circle cx="{x:g}" cy="{y:g}" r="{0.38 * cell:.1f}" '
               f'stroke-width="{0.08 * cell:.1f}"/><circle cx="{x:g}" cy="{y:g}" r="{0.16 * cell:.1f}" '
               f'fill="{colour}" stroke="none"/></g>')
    canvas.lines("#dcd8cc")
    thick = max(3.0, 0.12 * cell)
    for cell_number in sorted(board.walls_below):
        canvas.edge(*divmod(cell_number, n), "S", width=thick)
    for cell_number in sorted(board.walls_right):
        canvas.edge(*divmod(cell_number, n), "E", width=thick)
    canvas.add(f'<rect class="border" x="{canvas.x(0):g}" y="{canvas.y(0):g}" width="{n * cell:g}" '
               f'height="{board.rows * cell:g}" fill="none" stroke="{PALETTE["ink"]}" stroke-width="{thick:.1f}"/>')
    here = board
    paths: list[str] = []
    labels: list[tuple[float, float]] = []  # where the move numbers placed so far stand
    numbers: list[str] = []
    for number, move in enumerate(moves, 1):
        robot = ord(move[0]) - 65
        start = here.robots[robot]
        here = here.moved(move)
        paths.append(_path(canvas, robot, start, here.robots[robot], move[1], number,
                           labels if len(moves) <= 40 else None, numbers))
    for robot, (start, now) in enumerate(zip(board.robots, here.robots, strict=True)):
        if start != now:
            canvas.circle(*divmod(start, n), "start", "none", radius=0.3, stroke=robot_colour(robot))
    canvas.add("".join(paths))
    if numbers:
        canvas.add(f'<g class="steps">{"".join(numbers)}</g>')
    for robot, now in enumerate(here.robots):
        row, column = divmod(now, n)
        canvas.circle(row, column, f"robot robot-{chr(65 + robot)}", robot_colour(robot), radius=0.34,
                      stroke=PALETTE["ink"])
        canvas.text(row, column, chr(65 + robot), "robot-letter", PALETTE["paper"], size=0.4)
    canvas.add(f"<defs>{_move_marks(canvas, here)}</defs>")
    return canvas.svg()


def _label_place(x1: float, y1: float, x2: float, y2: float, cell: float,
                 placed: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a move's number goes: on its line, as near the middle as it can stand clear of the numbers placed so far.

    Places along the line come first, then beside it; when every place touches
    another number, the one farthest from them all.
    """
    across_x, across_y = (y1 - y2, x2 - x1)
    length = max((across_x ** 2 + across_y ** 2) ** 0.5, 1e-9)
    across_x, across_y = across_x / length * 0.45 * cell, across_y / length * 0.45 * cell
    spots = [(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for t in (0.5, 0.3, 0.7, 0.15, 0.85)]
    spots += [(x + side * across_x, y + side * across_y) for side in (1, -1) for x, y in spots[:3]]
    clear = 0.44 * cell

    def room(spot: tuple[float, float]) -> float:
        return min((((spot[0] - x) ** 2 + (spot[1] - y) ** 2) ** 0.5 for x, y in placed), default=float("inf"))

    for spot in spots:
        if room(spot) >= clear:
            return spot
    return max(spots, key=room)


def _path(canvas: Grid, robot: int, start: int, stop: int, heading: str, number: int,
          labels: list[tuple[float, float]] | None, numbers: list[str]) -> str:
    """A move's line from ``start`` to ``stop`` in its robot's colour and an arrow; its number goes to ``numbers``.

    The number is left out when ``labels`` is None; else it stands clear of the
    numbers in ``labels`` (see :func:`_label_place`) and its place is added there.
    The numbers are drawn after every line, so that no line crosses one.
    """
    n, cell, colour = canvas.columns, canvas.cell, robot_colour(robot)
    x1, y1 = canvas.centre(*divmod(start, n))
    x2, y2 = canvas.centre(*divmod(stop, n))
    down, right = _STEPS[heading]
    tip_x, tip_y = x2 - right * 0.36 * cell, y2 - down * 0.36 * cell
    parts = [f'<g class="path"><line x1="{x1:g}" y1="{y1:g}" x2="{tip_x:g}" y2="{tip_y:g}" stroke="{colour}" '
             f'stroke-width="{max(1.5, 0.07 * cell):.1f}" stroke-linecap="round"/>',
             _arrow(tip_x, tip_y, heading, colour, 0.22 * cell)]
    if labels is not None:
        middle_x, middle_y = _label_place(x1, y1, tip_x, tip_y, cell, labels)
        labels.append((middle_x, middle_y))
        numbers.append(f'<circle cx="{middle_x:g}" cy="{middle_y:g}" r="{0.2 * cell:.1f}" fill="{PALETTE["paper"]}" '
                       f'stroke="{colour}" stroke-width="1.5"/><text class="step" x="{middle_x:g}" y="{middle_y:g}" '
                       f'font-size="{0.26 * cell:.1f}" text-anchor="middle" dominant-baseline="central" '
                       f'fill="{PALETTE["ink"]}">{number}</text>')
    return "".join(parts) + "</g>"


def _move_marks(canvas: Grid, board: Board) -> str:
    """For each robot and direction, what the move marks: a ring around the robot, an arrow, the slide it makes."""
    n, cell, marks = canvas.columns, canvas.cell, []
    colour = PALETTE["highlight"]
    for robot, cell_number in enumerate(board.robots):
        x, y = canvas.centre(*divmod(cell_number, n))
        for heading in DIRECTIONS:
            down, right = _STEPS[heading]
            parts = [f'<circle cx="{x:g}" cy="{y:g}" r="{0.44 * cell:.1f}" fill="none" stroke="{colour}" '
                     'stroke-width="4"/>']
            stop = board.slide(cell_number, heading)
            if stop != cell_number:
                x2, y2 = canvas.centre(*divmod(stop, n))
                parts.append(f'<line x1="{x + right * 0.5 * cell:g}" y1="{y + down * 0.5 * cell:g}" x2="{x2:g}" '
                             f'y2="{y2:g}" stroke="{colour}" stroke-width="3" stroke-dasharray="5 4"/>'
                             f'<circle cx="{x2:g}" cy="{y2:g}" r="{0.3 * cell:.1f}" fill="none" stroke="{colour}" '
                             'stroke-width="2.5" stroke-dasharray="5 4"/>')
            parts.append(_arrow(x + right * 0.8 * cell, y + down * 0.8 * cell, heading, colour, 0.3 * cell))
            marks.append(f'<g id="ricochet-move-{chr(65 + robot)}{heading}" class="move-mark">{"".join(parts)}</g>')
    return "".join(marks)


def draw_move(spec: Ricochet, move: str) -> str:
    """The robot a move slides and the way it goes, highlighted, as an SVG fragment.

    A move (``"BW"``) does not say where robot B stands: the fragment refers to the
    mark that :func:`draw` defines for it, a ring around the robot where that
    board shows it, an arrow, and the slide it makes from there; so it is drawn over
    such a board.
    """
    return f'<use class="highlight" href="#ricochet-move-{move[0]}{move[1]}"/>'


# -- 6. the checker --------------------------------------------------------------------------------

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
    m, n = board.rows, board.cols
    below, right = set(board.walls_below), set(board.walls_right)
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
        if positions[goal] == board.target:
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
    if positions[goal] != board.target:
        return [f"after {len(solution)} moves robot {letters[goal]} stands at {where(positions[goal])}, "
                f"not on the target at {where(board.target)}"]
    return []


# -- 7. the search ---------------------------------------------------------------------------------


class RicochetSearch(ShortestSearch):
    """The shortest move sequences bringing the goal robot to the target.

    A move is its notation (``"BW"``).  ``moves`` slides every robot each way and
    offers the moves that move a robot and may still lead to the target within
    the limit, keeping each one's slide in :attr:`options` for its level;
    ``valid`` consults the transposition table again (siblings searched meanwhile
    may have added the state); ``record`` makes the move's slide of its level and
    ``undo`` takes it back.  A prefix is replayed without ``moves``: there
    ``valid`` works out the move's slide and files it as the level's only option.
    ``exhausted`` tells an unsolvable board (the table stopped growing) from one
    that needs more moves.

    Slides: per cell and direction the cells a slide passes (a bit mask) and where
    the walls alone stop it are worked out once; a robot with no other robot on
    any of its four rays (the common case) takes its wall stops as they are,
    otherwise the nearest robot in the way stops it.

    Pruning, each step exact (no shortest sequence is lost, so counting stays
    exact):

    * the bound: ``dist``, the goal robot's moves to the target were it able to
      stop anywhere (a breadth-first search backwards over the walls); a move is
      offered only when its state's bound fits in the moves left;
    * a *tight* state (its bound equals the moves left) can only be finished by
      the goal robot alone, each move one nearer: a move into one is offered only
      when such a path exists with the other robots where they stand (worked out
      once per state and remembered in :attr:`alone`; a move of another robot off
      the cells that path could use, :meth:`_cone`, cannot change the answer);
    * a state with one or two moves to spare is examined a move or two ahead
      (:meth:`_spare`, :meth:`_spare_two`: can the target be reached in its
      bound + 1, + 2 moves?) before a move into it is offered, and remembered per
      state; only on boards of up to :data:`SPARE_CELLS` cells with up to
      :data:`SPARE_ROBOTS` robots, where the examination costs less than the
      moves it saves;
    * a robot is not moved straight back the way it came (the two moves reach
      what the second alone reaches from before the first, so no shortest
      sequence holds them);
    * the table maps a state (the goal robot's cell and the *set* of the other
      robots' cells: they are interchangeable for reaching the target) to the
      most moves it was searched with (in this iteration or an earlier one) and
      whether a solution lay below it.  A state reached with fewer moves to go is
      pruned: either an earlier iteration found nothing from it with more moves,
      or this iteration reached it less deep, and a shortest sequence cannot pass
      it deeper.  Reached with as many moves to go, it is pruned only if nothing
      was found below it.  ``moves`` already leaves out what the table prunes.

    An attempt is one call of ``valid``: a move that ``moves`` offered, or one of
    a replayed prefix.  What the bound, the tight states, the states with moves to
    spare, the reverse moves and the table leave out is never offered and not
    counted: on the classic boards about a tenth to a twentieth of the attempts of
    the search before (``bench/ricochet_baseline.py``), each standing for more work.

    The techniques are those of Michael Fogleman's C solver (``fogleman/Ricochet``:
    precomputed slides, the goal robot's least moves as a bound, a table of the
    robots with the others interchangeable, no move straight back), with the
    examinations ahead added to make up for Python; ``bench/bench_ricochet.py``
    measures it against the search before, in the same run.
    """

    def __init__(self, spec: Ricochet, goal: str | None = None, max_moves: int | None = None):
        board = spec.board
        n, cells = board.cols, board.rows * board.cols
        self.robots = len(board.robots)
        self.goal = spec.goal if goal is None else _goal_index(goal, self.robots)
        self.target = board.target
        self.shift = shift = cells.bit_length()
        self.max_depth = max_moves
        self.pos = list(board.robots)
        neighbours = [[board.neighbour(cell, d) for d in DIRECTIONS] for cell in range(cells)]
        self.dist = dist = _relaxed_distances(neighbours, self.target, cells)
        self.widest = max((d for d in dist if d != INFINITE), default=0)
        #: Per cell, its bit in the robots' mask and in a state's key (the other robots' cells above the goal's).
        self.bit = [1 << cell for cell in range(cells)]
        self.key_bit = [1 << (cell + shift) for cell in range(cells)]
        # Per direction: each cell's ray (the cells a slide passes, as a bit mask)
        # and where the walls alone stop the slide.  Per cell: its four rays
        # together, its wall stops that move it, and the slides that may bring the
        # goal robot one nearer the target (a cell of the ray is one nearer).
        steps = (-n, 1, n, -1)
        rays: list[list[int]] = [[0] * cells for _ in range(4)]
        stops: list[list[int]] = [list(range(cells)) for _ in range(4)]
        # Each ray is the next cell's ray and that cell (so cells are taken the next one
        # first), and so is the set of distances on it (a bit per distance).
        far = [self.widest + 1 if value == INFINITE else value for value in dist]
        seen_on: list[list[int]] = [[0] * cells for _ in range(4)]
        for d in range(4):
            ray, stop, seen = rays[d], stops[d], seen_on[d]
            for cell in range(cells) if steps[d] < 0 else range(cells - 1, -1, -1):
                at = neighbours[cell][d]
                if at is not None:
                    ray[cell] = ray[at] | 1 << at
                    stop[cell] = stop[at]
                    seen[cell] = seen[at] | 1 << far[at]
        self.cross = [rays[0][cell] | rays[1][cell] | rays[2][cell] | rays[3][cell] for cell in range(cells)]
        self.free: list[list[tuple[int, int]]] = [
            [(d, stops[d][cell]) for d in range(4) if stops[d][cell] != cell] for cell in range(cells)
        ]
        self.nearer: list[list[tuple[int, int, int, bool]]] = [
            [(rays[d][cell], stops[d][cell], steps[d], d in (1, 2)) for d in range(4)
             if 0 < dist[cell] != INFINITE and seen_on[d][cell] >> (dist[cell] - 1) & 1]
            for cell in range(cells)
        ]
        #: Per direction: ray, wall stop, step and whether the nearest robot in the way has the lowest cell number.
        self.slides = [(rays[d], stops[d], steps[d], d in (1, 2)) for d in range(4)]
        letters = [chr(65 + robot) for robot in range(self.robots)]
        #: Per robot: its moves' names by direction, and each one's reverse.
        self.names = [[letters[r] + DIRECTIONS[d] for d in range(4)] for r in range(self.robots)]
        self.reverses = [[letters[r] + DIRECTIONS[(d + 2) % 4] for d in range(4)] for r in range(self.robots)]
        self.decode = {letters[r] + DIRECTIONS[d]: (r, d) for r in range(self.robots) for d in range(4)}
        #: The robots in the order their moves are offered: the goal robot first.
        self.order = [self.goal] + [robot for robot in range(self.robots) if robot != self.goal]
        #: The other robots, each with its moves' names by direction and their reverses.
        self.helpers = [(robot, self.names[robot], self.reverses[robot]) for robot in self.order[1:]]
        #: Per level, the moves offered there with their slides: robot, stop, the state after, the reverse move.
        self.options: dict[int, dict[str, tuple[int, int, int, str | None]]] = {}
        #: Per level, the move that may not follow the one made there (its reverse), or None.
        self.banned: list[str | None] = []
        others = 0
        for robot, cell in enumerate(self.pos):
            if robot != self.goal:
                others |= 1 << cell
        self.occupied = others | 1 << self.pos[self.goal]
        #: The other robots' cells, shifted into place for a state's key.
        self.others_key = others << shift
        self.table: dict[int, int] = {}
        #: Per state (a key as in the table): whether the goal robot alone, the others standing still, can reach
        #: the target in ``dist`` moves, each one nearer.
        self.alone: dict[int, bool] = {}
        #: Per state (a key as in the table): whether the target is in reach with one move to spare (:meth:`_spare`).
        self.spare: dict[int, bool] = {}
        #: Whether moves into states with one or two moves to spare are examined first (:meth:`_spare`): on
        #: boards of up to :data:`SPARE_CELLS` cells with up to :data:`SPARE_ROBOTS` robots, where it pays.
        self.spares = self.robots <= SPARE_ROBOTS and cells <= SPARE_CELLS
        #: Per state: whether the target is in reach with two moves to spare (:meth:`_spare_two`).
        self.spare_two: dict[int, bool] = {}
        #: Per cell: its cone (see :meth:`_cone`), worked out when first asked.
        self.cones: dict[int, int] = {}
        #: The slides of a robot (see :meth:`_slid`) under its cell and the robots on its cross.
        self.slid: dict[int, list[tuple[int, int]]] = {}
        self.sizes: list[int] = []
        self.previous_limit = 0
        self.trail: list[tuple[int, int, int, int]] = []
        self.found = 0

    def _key(self) -> int:
        return self.others_key | self.pos[self.goal]

    def start_limit(self, limit: int) -> None:
        if limit <= self.previous_limit:  # a new search of this object
            self.sizes.clear()
            self.table.clear()
        self.previous_limit = limit
        if len(self.banned) < limit:
            self.banned.extend([None] * (limit - len(self.banned)))
        self.table[self._key()] = 2 * (limit - len(self.trail)) + 1

    def exhausted(self, cut: bool) -> bool:
        # The table holds the states reached; over the iterations it never shrinks.
        # A state d moves from the start is reached by the limit d + bound + 1
        # (+ 1: a tight state whose goal robot cannot go alone waits one limit
        # more); when the table's size stays the same for longer than that,
        # no reachable state is left unseen, and none was a solution.
        self.sizes.append(len(self.table))
        span = self.widest + 5
        return len(self.sizes) >= span and self.sizes[-1] == self.sizes[-span]

    def lower_bound(self, level: int) -> float:
        bound = self.dist[self.pos[self.goal]]
        return math.inf if bound == INFINITE else bound

    def done_at_start(self) -> bool:
        return self.pos[self.goal] == self.target

    def begin(self) -> None:
        self.options.clear()  # a replayed prefix finds no options at its levels (see valid)

    def _alone(self, others: int, cell: int) -> bool:
        """Whether the goal robot alone reaches the target from ``cell`` in ``dist[cell]`` moves, each one nearer.

        ``others`` is the mask of the other robots' cells.  Only those on the
        cell's cone (:meth:`_cone`) can matter, so the answer is remembered in
        :attr:`alone` under the cell and those robots, for every cell the walk
        meets.  A depth-first walk with its own stack: a path may be long on
        large boards.
        """
        alone, cones, shift, target = self.alone, self.cones, self.shift, self.target
        cone = cones.get(cell)
        if cone is None:
            cone = self._cone(cell)
        key = (others & cone) << shift | cell
        known = alone.get(key)
        if known is not None:
            return known
        path = [key]
        branches = [iter(self._nearer(cell, others))]
        while branches:
            for following in branches[-1]:
                if following == target:
                    known = True
                    break
                key = (others & cones[following]) << shift | following
                known = alone.get(key)
                if known is None:
                    path.append(key)
                    branches.append(iter(self._nearer(following, others)))
                    break
                if known:
                    break
            else:
                alone[path.pop()] = False
                branches.pop()
                continue
            if known:
                for key in path:
                    alone[key] = True
                return True
        return False

    def _spare(self, others: int, cells: list[int], others_key: int, cell: int) -> bool:
        """Whether the goal robot on ``cell`` can reach the target in ``dist[cell] + 1`` moves (one to spare).

        The other robots stand on ``cells`` (``others`` as a mask, ``others_key``
        shifted into a state's key).  Either it can go alone (:meth:`_alone`), or
        its first move brings it one nearer to a state with one to spare, or keeps
        its distance to one it can finish alone, or another robot's move (onto or
        off its cone) lets it finish alone.  Remembered per state in :attr:`spare`;
        a cell more than :data:`SPARE_DEPTH` moves from the target is taken as
        possible, unexamined.
        """
        key = others_key | cell
        known = self.spare.get(key)
        if known is not None:
            return known
        dist, bit, cross, free, shift, target = self.dist, self.bit, self.cross, self.free, self.shift, self.target
        cones, solo = self.cones, self.alone.get
        here = dist[cell]
        if here > SPARE_DEPTH:
            return True
        cone = cones.get(cell)
        if cone is None or (known := solo((others & cone) << shift | cell)) is None:
            known = self._alone(others, cell)
            cone = cones[cell]
        if not known:
            blockers = others & cross[cell]
            for _, stop in (free[cell] if not blockers else
                            self.slid.get(blockers << shift | cell) or self._slid(cell, blockers)):
                far = dist[stop]
                if far < here:
                    known = stop == target or self._spare(others, cells, others_key, stop)
                elif far == here:
                    beyond = cones.get(stop)
                    if beyond is None or (known := solo((others & beyond) << shift | stop)) is None:
                        known = self._alone(others, stop)
                if known:
                    break
        if not known:
            occupied = others | bit[cell]
            for start in cells:
                leaves = bit[start] & cone
                if not (leaves or cross[start] & cone):
                    continue
                blockers = occupied & cross[start]
                for _, stop in (free[start] if not blockers else
                                self.slid.get(blockers << shift | start) or self._slid(start, blockers)):
                    if leaves or bit[stop] & cone:
                        after = others ^ bit[start] ^ bit[stop]
                        if (known := solo((after & cone) << shift | cell)) is None:
                            known = self._alone(after, cell)
                        if known:
                            break
                if known:
                    break
        self.spare[key] = known
        return known

    def _spare_two(self, others: int, cells: list[int], others_key: int, cell: int) -> bool:
        """Whether the goal robot on ``cell`` can reach the target in ``dist[cell] + 2`` moves (two to spare).

        As :meth:`_spare`, one move further: with one to spare already, or a
        first move of the goal robot one nearer (two to spare still), as far
        (one to spare), one farther (alone), or any other robot's move (one to
        spare).  Remembered per state in :attr:`spare_two`.
        """
        key = others_key | cell
        known = self.spare_two.get(key)
        if known is not None:
            return known
        dist, bit, cross, free, shift, target = self.dist, self.bit, self.cross, self.free, self.shift, self.target
        spare = self.spare.get
        here = dist[cell]
        if here > SPARE_DEPTH:
            return True
        if (known := spare(key)) is None:
            known = self._spare(others, cells, others_key, cell)
        if not known:
            blockers = others & cross[cell]
            for _, stop in (free[cell] if not blockers else
                            self.slid.get(blockers << shift | cell) or self._slid(cell, blockers)):
                far = dist[stop]
                if far < here:
                    known = stop == target or self._spare_two(others, cells, others_key, stop)
                elif far == here:
                    if (known := spare(others_key | stop)) is None:
                        known = self._spare(others, cells, others_key, stop)
                elif far == here + 1:
                    known = self._alone(others, stop)
                if known:
                    break
        if not known:
            occupied = others | bit[cell]
            for start in cells:
                blockers = occupied & cross[start]
                rest = others_key ^ self.key_bit[start]
                for _, stop in (free[start] if not blockers else
                                self.slid.get(blockers << shift | start) or self._slid(start, blockers)):
                    moved = rest | self.key_bit[stop]
                    if (known := spare(moved | cell)) is None:
                        known = self._spare(others ^ bit[start] ^ bit[stop],
                                            [stop if other == start else other for other in cells], moved, cell)
                    if known:
                        break
                if known:
                    break
        self.spare_two[key] = known
        return known

    def _nearer(self, cell: int, others: int) -> list[int]:
        """The cells one nearer the target where the goal robot's slides from ``cell`` stop."""
        dist = self.dist
        closer = dist[cell] - 1
        nearer = []
        for ray, end, step, lowest in self.nearer[cell]:
            blocking = others & ray
            if blocking:
                end = ((blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)).bit_length() - 1 - step
            if dist[end] == closer:
                nearer.append(end)
        return nearer

    def _cone(self, cell: int) -> int:
        """The cells (a mask) where a robot can change whether the goal robot reaches the target alone from ``cell``.

        The rays of the slides that may bring the goal robot one nearer, and the
        cones of the cells one nearer on them.  Worked out when first asked, for
        every cell below too, and remembered in :attr:`cones`.
        """
        cones, dist, target = self.cones, self.dist, self.target
        pending = [cell]
        while pending:
            at = pending[-1]
            if at in cones:
                pending.pop()
                continue
            closer = dist[at] - 1
            below = [x for ray, _, _, _ in self.nearer[at] for x in _cells_of(ray) if dist[x] == closer]
            missing = [x for x in below if x not in cones and x != target]
            if missing:
                pending.extend(missing)
                continue
            mask = 0
            for ray, _, _, _ in self.nearer[at]:
                mask |= ray
            for x in below:
                mask |= cones.get(x, 0)
            cones[at] = mask
            pending.pop()
        return cones[cell]

    def _slid(self, start: int, blockers: int) -> list[tuple[int, int]]:
        """The slides from ``start`` that move (direction, stop), with robots on ``blockers`` (its cross) in the way.

        Remembered in :attr:`slid` (a few thousand robots' surroundings recur
        over a whole search); :meth:`moves` looks there first.
        """
        slid = []
        for d, (rays, stops, step, lowest) in enumerate(self.slides):
            blocking = blockers & rays[start]
            if blocking:  # stop before the nearest robot in the way
                stop = ((blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)).bit_length() - 1 - step
            else:
                stop = stops[start]
            if stop != start:
                slid.append((d, stop))
        if len(self.slid) >= SLIDES_REMEMBERED:
            self.slid.clear()
        self.slid[blockers << self.shift | start] = slid
        return slid

    def moves(self, level: int) -> dict[str, tuple[int, int, int, str | None]]:
        """The moves worth trying (the goal robot's first), each with its robot, stop, new state and reverse."""
        pos, goal, occupied, others_key = self.pos, self.goal, self.occupied, self.others_key
        dist, bit, key_bit, cross, free = self.dist, self.bit, self.key_bit, self.cross, self.free
        goal_cell = pos[goal]
        others = occupied ^ bit[goal_cell]
        togo = self.depth_limit - level - 1  # the moves left after this one
        keep = 2 * togo  # a state in the table above this was searched with more moves to go, or as many in vain
        seen_with = self.table.get
        banned = self.banned[level - 1] if level else None
        options: dict[str, tuple[int, int, int, str | None]] = {}
        names, reverses = self.names[goal], self.reverses[goal]
        slid: list[tuple[int, int]] | None
        remembered, shift, cones, solo, spare = self.slid.get, self.shift, self.cones, self.alone.get, self.spare.get
        spare_two, spares = self.spare_two.get, self.spares
        blockers = others & cross[goal_cell]
        if not blockers:
            slid = free[goal_cell]
        elif (slid := remembered(blockers << shift | goal_cell)) is None:
            slid = self._slid(goal_cell, blockers)
        for d, stop in slid:
            far = dist[stop]
            if far > togo or names[d] == banned:
                continue
            key = others_key | stop
            seen = seen_with(key)
            if seen is not None and seen > keep:
                continue
            if far == togo and far:  # a tight state: the goal robot must finish alone
                cone = cones.get(stop)
                if cone is None or (alone := solo((others & cone) << shift | stop)) is None:
                    alone = self._alone(others, stop)
                if not alone:
                    continue
            elif not spares:
                pass
            elif far == togo - 1 and far:  # one move to spare
                if (spared := spare(key)) is None:
                    spared = self._spare(others, [pos[robot] for robot, _, _ in self.helpers], others_key, stop)
                if not spared:
                    continue
            elif far == togo - 2 and far:  # two
                if (spared := spare_two(key)) is None:
                    spared = self._spare_two(others, [pos[robot] for robot, _, _ in self.helpers], others_key, stop)
                if not spared:
                    continue
            options[names[d]] = (goal, stop, key, reverses[d])
        here = dist[goal_cell]
        if here > togo:
            self.options[level] = options
            return options
        if here < togo:  # another robot's move leaves the goal robot with moves to spare
            one = spares and here == togo - 1  # just one
            two = spares and here == togo - 2
            cells = [pos[robot] for robot, _, _ in self.helpers]
            for robot, names, reverses in self.helpers:
                start = pos[robot]
                rest = (others_key ^ key_bit[start]) | goal_cell
                blockers = occupied & cross[start]
                if not blockers:
                    slid = free[start]
                elif (slid := remembered(blockers << shift | start)) is None:
                    slid = self._slid(start, blockers)
                for d, stop in slid:
                    if names[d] == banned:
                        continue
                    key = rest | key_bit[stop]
                    seen = seen_with(key)
                    if seen is not None and seen > keep:
                        continue
                    if one:
                        if (spared := spare(key)) is None:
                            spared = self._spare(others ^ bit[start] ^ bit[stop],
                                                 [stop if cell == start else cell for cell in cells],
                                                 key ^ goal_cell, goal_cell)
                        if not spared:
                            continue
                    elif two:
                        if (spared := spare_two(key)) is None:
                            spared = self._spare_two(others ^ bit[start] ^ bit[stop],
                                                     [stop if cell == start else cell for cell in cells],
                                                     key ^ goal_cell, goal_cell)
                        if not spared:
                            continue
                    options[names[d]] = (robot, stop, key, reverses[d])
            self.options[level] = options
            return options
        # Another robot's move leaves a tight state: the goal robot must go alone, and
        # only a move onto or off its cone can change whether it can.
        cone = cones.get(goal_cell)
        if cone is None or (still := solo((others & cone) << shift | goal_cell)) is None:
            still = self._alone(others, goal_cell)
            cone = cones[goal_cell]
        for robot, names, reverses in self.helpers:
            start = pos[robot]
            leaves = bit[start] & cone
            if not (still or leaves or cross[start] & cone):
                continue  # it can neither leave the cone nor stop on it
            rest = (others_key ^ key_bit[start]) | goal_cell
            blockers = occupied & cross[start]
            if not blockers:
                slid = free[start]
            elif (slid := remembered(blockers << shift | start)) is None:
                slid = self._slid(start, blockers)
            for d, stop in slid:
                if names[d] == banned:
                    continue
                if leaves or bit[stop] & cone:
                    after = others ^ bit[start] ^ bit[stop]
                    if (alone := solo((after & cone) << shift | goal_cell)) is None:
                        alone = self._alone(after, goal_cell)
                    if not alone:
                        continue
                elif not still:
                    continue
                key = rest | key_bit[stop]
                seen = seen_with(key)
                if seen is None or seen <= keep:
                    options[names[d]] = (robot, stop, key, reverses[d])
        self.options[level] = options
        return options

    def valid(self, level: int, move: str) -> bool:
        try:
            key = self.options[level][move][2]
        except KeyError:  # a move of a replayed prefix: moves was not asked at its level
            return self._replayed(level, move)
        # Entries are 2 * moves to go + (0 if a solution lay below, else 1): prune a
        # state searched with more moves to go, or as many with nothing below it.
        seen = self.table.get(key)
        return seen is None or 2 * (self.depth_limit - level - 1) >= seen

    def _replayed(self, level: int, move: str) -> bool:
        """Whether a move of a prefix moves its robot (no pruning there); its slide is the level's one option.

        A replay does not ask for the moves of its levels, so the slide is worked
        out here, from the move alone, for :meth:`record` to make.
        """
        decoded = self.decode.get(move)
        if decoded is None:
            return False
        robot, d = decoded
        start = self.pos[robot]
        stop = next((end for direction, end in self._slid(start, self.occupied & self.cross[start]) if direction == d),
                    start)
        if stop == start:
            return False
        if robot == self.goal:
            key = self.others_key | stop
        else:
            key = (self.others_key ^ self.key_bit[start] | self.key_bit[stop]) | self.pos[self.goal]
        self.options[level] = {move: (robot, stop, key, None)}  # the move after a prefix may turn back
        if len(self.banned) <= level:
            self.banned.extend([None] * (level + 1 - len(self.banned)))
        return True

    def record(self, level: int, move: str) -> None:
        robot, stop, key, reverse = self.options[level][move]
        pos, bit = self.pos, self.bit
        start = pos[robot]
        pos[robot] = stop
        self.occupied ^= bit[start] | bit[stop]
        if robot != self.goal:
            self.others_key ^= self.key_bit[start] | self.key_bit[stop]
        self.banned[level] = reverse
        self.table[key] = 2 * (self.depth_limit - level) - 1
        self.trail.append((robot, start, key, self.found))

    def undo(self, level: int, move: str) -> None:
        robot, start, key, found = self.trail.pop()
        pos, bit = self.pos, self.bit
        stop = pos[robot]
        pos[robot] = start
        self.occupied ^= bit[start] | bit[stop]
        if robot != self.goal:
            self.others_key ^= self.key_bit[start] | self.key_bit[stop]
        if found != self.found:
            self.table[key] = 2 * (self.depth_limit - level - 1)

    def done(self, level: int) -> bool:
        if self.pos[self.goal] == self.target:
            self.found += 1
            return True
        return False

    def solution(self, path: tuple) -> Moves:
        return Moves(path, self.goal)

    def partial(self, path: tuple) -> Moves:
        """The moves made so far (the robots stand where they put them), with the goal robot."""
        return Moves(path, self.goal)


def _cells_of(mask: int) -> Iterator[int]:
    """The cells of a bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


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


def search(spec: Ricochet, goal: str | None = None, max_moves: int | None = None) -> RicochetSearch:
    """A fresh search of ``spec``; ``goal`` overrides the file's goal robot, ``max_moves`` bounds the length tried.

    An unknown goal robot or a ``max_moves`` below 0 is an :class:`InputError`.
    """
    if max_moves is not None and (type(max_moves) is not int or max_moves < 0):
        raise InputError(f"max_moves must be a whole number, at least 0, not {quoted(str(max_moves))}", "-p max_moves")
    return RicochetSearch(spec, goal, max_moves)


# The reasoning behind a hint (``backtrack hint``): a person's moves so far, and the next move of a shortest
# solution from there, as the search finds it, with how many moves remain after it.

#: The seconds a hint may search for a shortest solution from the moves made so far.
HINT_SECONDS = 20.0
HEADINGS = {"N": "north", "E": "east", "S": "south", "W": "west"}


class RicochetReasoner(Reasoner):
    """The moves made so far, and the next move of a shortest solution from there."""

    scale = ("optimal",)
    rules = (Rule("shortest-move", 0, "the next move of a shortest solution from here, found by the search"),)

    def __init__(self, spec: Ricochet, moves: Sequence[str] = (), goal: int | None = None):
        self.spec, self.moves = spec, list(moves)
        self.goal = spec.goal if goal is None else goal
        self._rest: dict[int, Moves | None] = {}

    def board(self) -> Board:
        """The board after the moves made so far."""
        board = self.spec.board
        for move in self.moves:
            board = board.moved(move)
        return board

    def rest(self) -> Moves | None:
        """A shortest solution from the moves made so far (None: none found within :data:`HINT_SECONDS`)."""
        if len(self.moves) not in self._rest:
            found = RicochetSearch(Ricochet(self.board(), self.goal)).first(timeout=HINT_SECONDS)
            self._rest[len(self.moves)] = found
        return self._rest[len(self.moves)]

    def find(self, rule: Rule) -> Deduction | None:
        rest = self.rest()
        if not rest:
            return None
        move = rest[0]
        board = self.board()
        stop = board.moved(move).robots[ord(move[0]) - 65]
        row, col = divmod(stop, board.cols)
        after = len(rest) - 1
        return Deduction(rule, f"robot {move[0]} {HEADINGS[move[1]]} to ({row + 1}, {col + 1}): a shortest "
                               f"solution from here takes {after} more move{'' if after == 1 else 's'} after it",
                         ((row, col),), move)

    def apply(self, deduction: Deduction) -> None:
        self.moves.append(deduction.change)

    def solved(self) -> bool:
        board = self.board()
        return board.robots[self.goal] == board.target

    def broken(self) -> Deduction | None:
        return None  # every move of a robot is allowed: moves can only be longer than needed

    def answer(self) -> str:
        return render(self.spec, Moves(self.moves, self.goal))

    def guess(self) -> Deduction | None:
        return Deduction(self.rules[0], f"nothing: no solution from here was found within {HINT_SECONDS:g} seconds")

    def against(self, solution: Sequence[str]) -> list[Deduction]:
        if tuple(solution[:len(self.moves)]) == tuple(self.moves):
            return []
        return [Deduction(self.rules[0], f"the moves so far ({' '.join(self.moves)}) start no shortest solution")]

    def state(self) -> Moves:
        return Moves(self.moves, self.goal)

    def highlight(self, cells: Sequence[tuple[int, int]]) -> str:
        canvas = _canvas(self.spec.board)
        return "".join(canvas.highlight(row, col) for row, col in cells)


def reasoner(spec: Ricochet, answer: str | None, source: str = "<answer>") -> RicochetReasoner:
    """The reasoning from the moves made so far (as :func:`read_answer` reads them), or from the start."""
    if answer is None:
        return RicochetReasoner(spec)
    moves = read_answer(spec, answer, source)
    return RicochetReasoner(spec, moves, moves.goal)


# -- 8. the generator ------------------------------------------------------------------------------


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
    walls_below: set[int] = set()
    walls_right: set[int] = set()

    def below(row: int, column: int) -> None:
        if 0 <= row < n - 1:
            walls_below.add(row * n + column)

    def right(row: int, column: int) -> None:
        if 0 <= column < n - 1:
            walls_right.add(row * n + column)

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
    return Ricochet(Board(n, n, frozenset(walls_below), frozenset(walls_right), tuple(cells), target), goal_robot)


def make(seed: int, unique: bool = False, size: int = 16, robots: int = 4, goal: str | None = None,
         min_moves: int = 1) -> Ricochet:
    """A board of :func:`generate` whose optimum is at least ``min_moves`` moves (``backtrack generate ricochet``).

    The boards of seed ``seed``, then of seeds drawn from ``random.Random(seed)``,
    are solved with the engine's shortest search until one needs at least
    ``min_moves`` moves (at most :data:`LONGEST_GENERATED`), and with ``unique``
    has a single shortest move sequence.  So the same arguments give the same
    board everywhere, and ``make(seed)`` is ``generate(seed)`` whenever that board
    is solvable.  The seed's own board's search may try :data:`BOARD_ATTEMPTS`
    moves (so ``--seed 87`` makes the 13-move ``classic-13-s87`` again), each
    later board's at most a :data:`BOARD_SHARES`-th of all of them together,
    :data:`GENERATE_ATTEMPTS` (deterministic, unlike seconds): a board whose search
    runs out is passed over, neither its optimum nor its
    uniqueness proven.  ``ValueError`` when none of :data:`GENERATOR_TRIES` boards
    will do, or the attempts ran out (an optimum of 13 moves or more is rare on
    16 x 16 boards with four robots; on large boards the goal robot may need a very
    long way).
    """
    if not (type(min_moves) is int and 1 <= min_moves <= LONGEST_GENERATED):
        raise ValueError(f"min_moves must be a whole number from 1 to {LONGEST_GENERATED}, not {min_moves!r}")
    rng = random.Random(seed)
    total = GENERATE_ATTEMPTS * 16 // size  # an attempt costs more on a larger board (longer slides)
    own = BOARD_ATTEMPTS * 16 // size
    share = min(own, max(1, total // BOARD_SHARES))
    left = total
    one = " with a single shortest solution" if unique else ""
    for attempt in range(GENERATOR_TRIES):
        if left <= 0:
            raise ValueError(f"no board of {size} x {size} cells with {robots} robots needing {min_moves} moves or "
                             f"more{one} was proven within the generator's {total:,} attempts ({attempt} boards "
                             "tried): ask for fewer moves or a smaller board")
        spec = generate(seed if attempt == 0 else rng.getrandbits(64), size, robots, goal)
        found, tried = _budgeted(search(spec, max_moves=LONGEST_GENERATED), 2 if unique else 1,
                                 min(own if attempt == 0 else share, left))
        left -= max(1, tried)
        if found is None:
            continue  # the search ran out of attempts: nothing proven about this board
        if found and len(found[0]) >= min_moves and (len(found) == 1 or not unique):
            return spec
    raise ValueError(f"none of {GENERATOR_TRIES} boards of {size} x {size} cells with {robots} robots needs "
                     f"{min_moves} moves or more{one}: ask for fewer moves")


def _budgeted(found: ShortestSearch, limit: int, allowed: int) -> tuple[list[list[str]] | None, int]:
    """The first ``limit`` shortest solutions of ``found`` and the attempts made; None when over ``allowed``."""
    budget = AttemptBudget(allowed)
    solutions = list(found.solutions(limit, watch=budget.watch))
    return (None if budget.exhausted else solutions), budget.used


GENERATOR = Generator(
    make,
    params=(
        Param("size", "rows and columns, an even number", int, 16, low=MIN_GENERATED, high=MAX_SIZE),
        Param("robots", "the number of robots", int, 4, low=1, high=MAX_ROBOTS),
        Param("goal", "the goal robot's letter (default: a random one)", robot_letter, None,
              choices=tuple(chr(65 + robot) for robot in range(MAX_ROBOTS))),
        Param("min_moves", "the fewest moves the optimum may have", int, 1, low=1, high=LONGEST_GENERATED),
    ),
    unique_default=False,
    largest_unique="boards whose shortest solution is the only one, up to about 10 moves on 16 x 16 boards "
                   "(8 moves about 2 s); every board's search is bounded by attempts (16 x 16: 10 moves about "
                   "2 s, 12 about 2.5 s; at most about 30 s, then an error naming the attempts); any optimum: "
                   "16 x 16 about 0.4 s, 32 x 32 about 1.5 s, 64 x 64 about 2 s (up to 3 s measured)",
)


# -- 9. the façade: the Dutch exercise's Spelbord --------------------------------------------------


class Spelbord:
    """The exercise's board with its Dutch API: a façade that builds a :class:`Board` (``self.board``).

    ``Spelbord(m, n, onder, rechts, robots, wit)``: ``onder`` holds the cells with a
    wall below them, ``rechts`` the cells with a wall on their right (walls along
    the border are implied); ``robots[i]`` is the cell of robot ``chr(65 + i)``;
    ``wit`` is the white robot's cell.  ``buur`` and ``glijden`` take directions in
    any case; ``zet`` moves a robot on this board and returns it.  The search, the
    checker and the text form read the :class:`Board`, never this class.
    """

    def __init__(
        self, m: int, n: int, onder: Collection[int], rechts: Collection[int], robots: Sequence[int], wit: int
    ):
        self.m = m
        self.n = n
        self.onder = frozenset(onder)
        self.rechts = frozenset(rechts)
        self.robots = list(robots)
        self.wit = wit

    @property
    def board(self) -> Board:
        """The model of this board as it stands now."""
        return Board(self.m, self.n, self.onder, self.rechts, tuple(self.robots), self.wit)

    def __repr__(self) -> str:
        return literal_of(self.board)

    def __str__(self) -> str:
        return drawing_of(self.board)

    def copy(self) -> Spelbord:
        """An independent board with the same walls and robots."""
        return Spelbord(self.m, self.n, self.onder, self.rechts, self.robots, self.wit)

    def buur(self, i: int, richting: str) -> int | None:
        """The cell next to cell ``i`` in direction ``richting`` (N, E, S, W), or None behind a wall."""
        return self.board.neighbour(i, richting.upper())

    def glijden(self, i: int, richting: str) -> int:
        """The cell where a robot sliding from cell ``i`` in direction ``richting`` stops."""
        return self.board.slide(i, richting.upper())

    def zet(self, zet: str) -> Spelbord:
        """Make move ``zet`` (robot letter and direction, any case) and return this board."""
        self.robots[:] = self.board.moved(zet[0].upper() + zet[1].upper()).robots
        return self


# -- 10. the descriptor ----------------------------------------------------------------------------

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
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} cells with up to {MAX_ROBOTS} robots; "
    f"a Spelbord(...) line of up to {MAX_LITERAL:,} characters",
    examples=examples_in(Path(__file__).parent / "examples" / "ricochet"),
    # The names the examples of the Dutch exercise had before: `--example seed` keeps working.
    example_aliases={"seed": "exercise", "seed-green": "exercise-green"},
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    draw=draw,
    draw_move=draw_move,
    check=check,
    reasoner=reasoner,
    generator=GENERATOR,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    """The puzzles of this module: ricochet."""
    return [PUZZLE]
