"""Tents (Zeltlager): put one tent next to every tree, as the row and column counts say.

Rules.  The board is a rectangle of cells, some holding trees.  A solution puts
tents on empty cells so that

* every tree has its own tent orthogonally next to it, and every tent belongs to
  exactly one tree next to it (so there are as many tents as trees: a perfect
  matching between trees and tents, each pair orthogonally adjacent);
* each row and each column holds exactly as many tents as its count says;
* tents do not touch: under the ``tutorial`` rules (the tutorial's, the default;
  their old name ``seed`` is still read) two tents may not stand side by side
  horizontally or vertically, diagonal contact is allowed; under the ``standard``
  rules (most published puzzles) they may not touch at all, not even diagonally.

Counting (param ``count``).  ``layouts`` (the default): a solution is a distinct
set of tent cells; a layout is valid when at least one tree-to-tent matching
exists for it.  ``assignments``: a solution is a distinct matching (which tree
owns which tent), as the tutorial program ``zeltlager.py`` counts; under the
tutorial's rules a layout in which two trees and two tents form a 2 x 2 square
counts twice (the two trees can swap tents).  The tutorial's puzzle has two
solutions either way.  Each solution (a :class:`Layout`) carries the tents and one
matching (in ``layouts`` mode the first one found).

File format::

    # comment lines start with '#'; blank lines are ignored
    rules: standard        (optional; 'rules: tutorial' is the default, 'rules: seed' its old name)
    1 1 2 0 1              (the column counts, separated by spaces)
    1 T....                (per row: its count, a space, its cells)
    1 .....
    1 T...T
    1 ..T..
    1 ...T.

Cells are ``T`` (tree), ``.`` (empty), ``A`` (a tent given in advance: the
solution must contain it) and ``-`` (given as empty: no tent may stand there, as
Tatham's ``-`` mark).  A count may be ``?``: the puzzle gives none for that
row or column (puzz.link's puzzles leave counts out), which then takes any number
of tents; the model holds it as None, and the searches, the checker and the
pictures take it so (the counts stay exact: solutions are still the layouts that
keep every given count and every other rule).  A solution renders in the same format with its
tents as ``A`` (and a ``rules: standard`` line under the standard rules), so it
parses back into a puzzle whose only solution is itself.  ``-p rules=...``
overrides the file's ``rules:`` line.

The model is :class:`TentsCamp` (what :func:`parse` makes, and what the searches,
the checker and the text form read).  :class:`Zeltlager` keeps the tutorial's
names (``rsize``, ``csize``, ``rowAndCol``, ``neighbors``, ``show`` ...) as a thin
façade over a camp, for Python sessions written against the tutorial.  The parts
follow the anatomy of every puzzle module (:mod:`backtrack.puzzle`): the model, the
parser, the text form, the formats, the picture, the checker, the searches, the
generator, the tutorial's façade, the descriptor and the hook.

Searches (param ``method``).  ``propagate`` (the default, a
:class:`~backtrack.PropagatingSearch`) decides cells.  Each decision is propagated
(row and column counts, including the capacity of the runs of undecided cells;
no-touch; a tree with one possible cell left gets its tent there; a tree-to-tent
matching must remain possible), keeping a trail so that a rollback restores
exactly; then every undecided cell is probed (a tent there that leads to a
contradiction means the cell stays empty), in rounds until nothing changes
(within bounds on the rounds and the work that only contrived boards reach).  It
branches on an undecided cell of the row or column with the least slack: tent,
or empty.  As every layout is reached once, layouts need no deduplication; in
``assignments`` mode, once a layout is complete, further decisions give each tree
its tent (the tree with the fewest free tents first).  Attempts are the decisions
tried.  ``tutorial`` (old name ``seed``) is the tutorial's search: level = tree in
the given order, moves = the tree's neighbours; it counts layouts by accepting
only the first matching (in its own search order) of each layout.  Its attempts
are calls of ``valid``, as in the tutorial.

Limits.  Boards have at most :data:`MAX_SIZE` (100) rows and 100 columns.  The
setup of the biggest (reading it, and the first propagation and probing of the
``propagate`` search) takes about half a second on boards made at random, at
most about 2 seconds when probing runs to its bounds, and under 50 MB.  Larger
files are refused with the line (and column) where they exceed it.  A 100 x 100
puzzle may still take long to search to the end: ``--timeout`` bounds that.

Checking.  :func:`check` is an independent rule checker: the rules a solution
breaks, in words (``"row 3 holds 2 tents, its count says 3"``).  :func:`draw`
draws the board as SVG (trees, tents, grass and the counts) and :func:`draw_move`
the cells a move is about, for both searches: the pictures of ``backtrack replay``.

Reasoning.  :class:`TentsReasoner` (what :func:`reasoner` makes, for ``backtrack
hint`` and ``backtrack grade``) holds what a person knows (tents, grass, which tree
owns which tent) and makes Simon Tatham's deductions, named and at his levels:
``easy`` (``tent-one-tree``, ``no-tree-near``, ``touches-tent``, ``tree-one-place``,
``line-placements``) and ``tricky`` (``diagonal-pair``, ``line-neighbours``; a
puzzle that needs a guess is tricky too).  In a partial answer ``-`` is grass and
``.`` a cell not decided.

Formats.  Besides its own text, tents reads and writes Simon Tatham's Tents game
IDs (``8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2``), puzz.link URLs
(``https://puzz.link/p?tents/5/5/2g0h1i1j82323``) and the puzz.link editor's
pzprv3 files, whose answer (the tents) ``backtrack check`` reads.  All three are
under the standard rules; Tatham's IDs need every count.  :func:`read_answer`
reads an answer written as :func:`render` prints one.

``backtrack generate tents -p rows=25 -p cols=25 --seed 7`` prints a random puzzle
with a unique solution (see :func:`generate` and :data:`GENERATOR`; ``-p
counts=half`` leaves counts out); ROWS and COLS go up to 100.
"""

from __future__ import annotations

import itertools
import random
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, Union

from backtrack import (
    Format,
    Generator,
    InputError,
    Param,
    Pictured,
    PropagatingSearch,
    Puzzle,
    Search,
    Verdict,
    examples_in,
    hookimpl,
    quoted,
)
from backtrack.explain import Deduction, Reasoner, Rule
from backtrack.formats import (
    QUESTION,
    check_end,
    decode_1cell,
    decode_number16,
    decode_pzprv3_file,
    decode_tatham_id,
    decode_tatham_marked_gaps,
    decode_tatham_numbers,
    decode_tatham_size,
    decode_url,
    encode_1cell,
    encode_number16,
    encode_pzprv3_file,
    encode_tatham_gaps,
    encode_tatham_numbers,
    encode_url,
    frame,
    join_excells,
    number16_places,
    Pzprv3Item,
    split_excells,
    split_fields,
    unframe,
)
from backtrack.svg import PALETTE, Grid

# The puzzle's words.  The *camp* is the board: ``rows`` x ``cols`` cells, some holding a
# *tree*, with a *count* per row and column (the tents it holds; None where the puzzle gives
# none).  A *tent* stands next to its tree; a *layout* is a solution's set of tents, its
# *assignment* which tree owns which tent.  *Grass* is a cell decided to hold no tent; a cell
# *given as empty* holds none from the start.  A cell is a cell number, ``row * cols + col``
# (row by row, from 0), or a ``(row, col)`` pair where a function takes either.
TREE, EMPTY, TENT = "T", ".", "A"
#: A cell given as empty: no tent may stand there (Tatham's ``-`` mark).
GIVEN_EMPTY = "-"
#: How the text form writes a count that the puzzle does not give (puzz.link puzzles may leave counts out).
NO_COUNT_TEXT = "?"
Cell = int  # a cell number: row * cols + col
Where = Union[Cell, tuple[int, int]]  # a cell number or a (row, col) pair
#: The rules: ``tutorial`` (tents may touch diagonally) and ``standard`` (not at all).
RULES = ("tutorial", "standard")
#: Old names of the rules, still read in files, parameters and Python calls.
RULE_ALIASES = {"seed": "tutorial"}

#: The most rows, and the most columns, of a board that :func:`parse` and the generator accept.
MAX_SIZE = 100


# -- 1. the model ----------------------------------------------------------------------------------


class TentsCamp(Pictured, puzzle="tents"):
    """A tents puzzle: trees on a board of ``rows`` x ``cols`` cells, the counts, the rules.

    ``trees`` are cell numbers ``r * cols + c`` (row by row) or ``(r, c)`` pairs,
    mixed as you like; they are kept as cell numbers in the given order (the order
    the tutorial's search takes them in).  ``row_counts[r]`` and ``col_counts[c]``
    are the numbers of tents in row ``r`` and column ``c``, or None where the
    puzzle gives no count (any number of tents).  ``rules`` is
    ``"tutorial"`` or ``"standard"`` (see the module docstring); ``given_tents`` are
    cells that must hold a tent (tents given in advance) and ``given_empty`` cells
    that must not (given as empty, as Tatham's ``-``), both kept sorted.  A camp
    does not change once made; ``ValueError`` when it is not a board.
    """

    def __init__(
        self,
        trees: Iterable[Where],
        row_counts: Sequence[int | None],
        col_counts: Sequence[int | None],
        rules: str = "tutorial",
        given_tents: Iterable[Where] = (),
        given_empty: Iterable[Where] = (),
    ):
        self.row_counts: tuple[int | None, ...] = tuple(_count(value, "row") for value in row_counts)
        self.col_counts: tuple[int | None, ...] = tuple(_count(value, "column") for value in col_counts)
        if not self.row_counts or not self.col_counts:
            raise ValueError("a board needs at least one row and one column")
        if rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.rules = rules
        self.rows = len(self.row_counts)
        self.cols = len(self.col_counts)
        self.trees: tuple[Cell, ...] = tuple(self.cell(tree, "tree") for tree in trees)
        if len(set(self.trees)) != len(self.trees):
            raise ValueError("a cell holds two trees")
        self.given_tents: tuple[Cell, ...] = tuple(sorted({self.cell(tent, "tent") for tent in given_tents}))
        if set(self.given_tents) & set(self.trees):
            raise ValueError("a given tent stands on a tree")
        self.given_empty: tuple[Cell, ...] = tuple(sorted({self.cell(cell, "empty cell") for cell in given_empty}))
        if set(self.given_empty) & set(self.trees):
            raise ValueError("a cell given as empty holds a tree")
        if set(self.given_empty) & set(self.given_tents):
            raise ValueError("a cell given as empty holds a given tent")

    def cell(self, where: Where, what: str = "cell") -> Cell:
        """The cell number of ``where`` (a cell number or a ``(row, column)`` pair); ``ValueError`` off the board."""
        if isinstance(where, tuple):
            r, c = where
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise ValueError(f"{what} at {where} is outside the {self.rows} x {self.cols} board")
            return r * self.cols + c
        if not isinstance(where, int) or not 0 <= where < self.rows * self.cols:
            raise ValueError(f"{what} at cell {where!r} is outside the {self.rows} x {self.cols} board")
        return where

    def __repr__(self) -> str:
        given = f", given_tents={self.given_tents!r}" if self.given_tents else ""
        given += f", given_empty={self.given_empty!r}" if self.given_empty else ""
        return f"TentsCamp({self.trees!r}, {self.row_counts!r}, {self.col_counts!r}, rules={self.rules!r}{given})"

    def __eq__(self, other: object) -> bool:
        """The same puzzle: the same trees (in any order), counts, rules, given tents and given empty cells."""
        if not isinstance(other, TentsCamp):
            return NotImplemented
        return (sorted(self.trees), self.row_counts, self.col_counts, self.rules, self.given_tents,
                self.given_empty) == (sorted(other.trees), other.row_counts, other.col_counts, other.rules,
                                      other.given_tents, other.given_empty)

    def place(self, cell: Cell) -> tuple[int, int]:
        """The ``(row, column)`` of a cell number."""
        return divmod(cell, self.cols)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The orthogonal neighbours of a cell, in the tutorial's order: right, up, left, down."""
        cols = self.cols
        r, c = divmod(cell, cols)
        found = []
        if c + 1 < cols:
            found.append(cell + 1)
        if r > 0:
            found.append(cell - cols)
        if c > 0:
            found.append(cell - 1)
        if r + 1 < self.rows:
            found.append(cell + cols)
        return found

    def touching(self, cell: Cell, rules: str | None = None) -> list[Cell]:
        """The cells where no other tent may stand when ``cell`` holds one (under ``rules``, default the camp's)."""
        if (rules or self.rules) == "tutorial":
            return self.neighbours(cell)
        r, c = divmod(cell, self.cols)
        return [
            rr * self.cols + cc
            for rr in range(max(r - 1, 0), min(r + 2, self.rows))
            for cc in range(max(c - 1, 0), min(c + 2, self.cols))
            if (rr, cc) != (r, c)
        ]


@dataclass(frozen=True)
class Layout:
    """A solution: the tent cells (sorted), which tree owns which tent, and the rules used.

    ``assignment`` holds ``(tree, tent)`` pairs of cell numbers in the order of
    :attr:`TentsCamp.trees`.
    """

    tents: tuple[Cell, ...]
    assignment: tuple[tuple[Cell, Cell], ...]
    rules: str = "tutorial"


def _count(value: Any, what: str) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise ValueError(f"a {what} count must be a whole number of at least 0 (or None: no count), not {value!r}")
    return value


def rules_named(name: str) -> str:
    """The rules called ``name`` (``tutorial``, ``standard``, or the old name ``seed``); ``ValueError`` otherwise."""
    rules = RULE_ALIASES.get(name, name)
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(RULES)}, not {name!r}")
    return rules


def camp_of(spec: TentsCamp | Zeltlager) -> TentsCamp:
    """The model of ``spec``: the camp itself, or the camp under the tutorial's façade."""
    return spec.camp if isinstance(spec, Zeltlager) else spec


# -- 2. the parser ---------------------------------------------------------------------------------

#: Old names of the shipped examples.
EXAMPLE_ALIASES = {"seed": "tutorial"}

BAD_CELL = re.compile(r"[^T.A-]")
WORD = re.compile(r"[^ \t]+")


def parse(text: str, source: str = "<input>") -> TentsCamp:
    """A puzzle from the file format of the module docstring; :class:`InputError` if malformed.

    Boards of more than :data:`MAX_SIZE` rows or columns are refused.  Lines end at
    ``\\n`` (a ``\\r`` before it is ignored), so line numbers are those an editor shows.
    """
    rules = "tutorial"
    rules_line: int | None = None
    col_tokens: list[tuple[int | None, int]] | None = None  # (count, column)
    cols_line = 0
    row_lines: list[tuple[int, int | None, int, str, int]] = []  # (line, count, its column, cells, their column)
    last = 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip(" \t\r")
        tokens = _tokens(line, MAX_SIZE + 1)
        if not tokens or tokens[0][1].startswith("#"):
            continue
        last = number
        first_column = tokens[0][0]
        if tokens[0][1].lower().startswith("rules:"):
            if col_tokens is not None:
                raise InputError("the 'rules:' line must come before the column counts", source, number, first_column)
            if rules_line is not None:
                raise InputError(f"a second 'rules:' line (the first is line {rules_line})",
                                 source, number, first_column)
            colon = line.index(":")
            value = line[colon + 1:].strip(" \t")
            if RULE_ALIASES.get(value, value) not in RULES:
                column = line.index(value, colon) + 1 if value else colon + 2
                raise InputError("expected 'rules: tutorial' (or its old name 'rules: seed') or 'rules: standard', "
                                 f"found rules {quoted(value)}", source, number, column)
            rules, rules_line = RULE_ALIASES.get(value, value), number
            continue
        if col_tokens is None:
            if len(tokens) > MAX_SIZE:
                raise InputError(f"more than {MAX_SIZE} column counts: boards have at most {MAX_SIZE} columns",
                                 source, number, tokens[MAX_SIZE][0])
            col_tokens, cols_line = [], number
            for column, token in tokens:
                col_tokens.append((_count_in(token, source, number, column,
                                       "one of the column counts (separated by spaces)"),
                             column))
            continue
        if len(tokens) != 2:
            column = tokens[2][0] if len(tokens) > 2 else len(line) + 1
            raise InputError("expected a row: its count, a space, and its cells as one string "
                             "(T tree, . empty, A tent)", source, number, column)
        (count_column, count_text), (cells_column, cells) = tokens
        if len(row_lines) == MAX_SIZE:
            raise InputError(f"this is row {MAX_SIZE + 1}: boards have at most {MAX_SIZE} rows",
                             source, number, count_column)
        count = _count_in(count_text, source, number, count_column, "the row's count first")
        if len(cells) > MAX_SIZE:
            raise InputError(f"this row has {len(cells):,} cells: boards have at most {MAX_SIZE} columns",
                             source, number, cells_column + MAX_SIZE)
        bad = BAD_CELL.search(cells)
        if bad:
            raise InputError(f"expected a cell: T (tree), . (empty), A (tent) or - (given as empty), "
                             f"found {bad.group()!r}",
                             source, number, cells_column + bad.start())
        row_lines.append((number, count, count_column, cells, cells_column))
    if col_tokens is None:
        raise InputError("expected the column counts, found nothing", source, last or None)
    if not row_lines:
        raise InputError("expected the rows after the column counts, found none", source, cols_line + 1)
    cols = len(row_lines[0][3])
    for number, _, _, cells, column in row_lines[1:]:
        if len(cells) != cols:
            raise InputError(f"ragged rows: this row has {len(cells)} cells, the first row has {cols}",
                             source, number, column)
    if len(col_tokens) != cols:
        raise InputError(f"expected {cols} column counts (the rows have {cols} cells), found {len(col_tokens)}",
                         source, cols_line, col_tokens[0][1] if col_tokens else 1)
    rows = len(row_lines)
    for count, column in col_tokens:
        if count is not None and count > rows:
            raise InputError(f"column count {count} is out of range: the board has {rows} rows",
                             source, cols_line, column)
    for number, count, column, _, _ in row_lines:
        if count is not None and count > cols:
            raise InputError(f"row count {count} is out of range: the board has {cols} columns",
                             source, number, column)
    row_counts, col_counts = [row[1] for row in row_lines], [count for count, _ in col_tokens]
    _check_totals(row_counts, col_counts, lambda message: InputError(message, source, last))
    grid = [row[3] for row in row_lines]
    trees = [r * cols + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TREE]
    tents = [r * cols + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == TENT]
    empty = [r * cols + c for r, cells in enumerate(grid) for c, char in enumerate(cells) if char == GIVEN_EMPTY]
    return TentsCamp(trees, row_counts, col_counts, rules, tents, empty)


def _count_in(token: str, source: str, line: int, column: int, what: str) -> int | None:
    """A count of the file format: a whole number, or ``?`` (no count given)."""
    if token == NO_COUNT_TEXT:
        return None
    if token.isascii() and token.isdigit() and len(token.lstrip("0")) <= len(str(MAX_SIZE)) and int(token) <= MAX_SIZE:
        return int(token)
    raise InputError(f"expected {what}, a whole number from 0 to {MAX_SIZE} or {NO_COUNT_TEXT} (no count), "
                     f"found {quoted(token)}", source, line, column)


def _check_totals(row_counts: Sequence[int | None], col_counts: Sequence[int | None],
                  error: Callable[[str], InputError]) -> None:
    """Refuse counts that no board meets: the rows' total differs from the columns' when every count is given."""
    if None in row_counts or None in col_counts:
        return
    row_total, col_total = sum(row_counts), sum(col_counts)  # type: ignore[arg-type]
    if row_total != col_total:
        raise error(f"the row counts add up to {row_total} but the column counts to {col_total} (is a row missing?)")


def _tokens(line: str, most: int) -> list[tuple[int, str]]:
    """The words of a line (separated by spaces and tabs) with their 1-based columns, at most ``most`` of them."""
    return [(found.start() + 1, found.group()) for found in itertools.islice(WORD.finditer(line), most)]


# -- 3. the text form ------------------------------------------------------------------------------


def _shown(count: int | None) -> str:
    """A count as the text form writes it: the number, or ``?`` where the puzzle gives none."""
    return NO_COUNT_TEXT if count is None else str(count)


def format_puzzle(spec: TentsCamp | Zeltlager, tents: Iterable[Cell] = (), rules: str | None = None) -> str:
    """The file format for ``spec`` with ``tents`` drawn as ``A``; the rules line only if standard."""
    camp = camp_of(spec)
    placed = set(tents) | set(camp.given_tents)
    trees = set(camp.trees)
    empty = set(camp.given_empty) - placed
    lines = ["rules: standard"] if (rules or camp.rules) == "standard" else []
    lines.append(" ".join(map(_shown, camp.col_counts)))
    cols = camp.cols
    for r, count in enumerate(camp.row_counts):
        cells = "".join(TREE if f in trees else TENT if f in placed else GIVEN_EMPTY if f in empty else EMPTY
                        for f in range(r * cols, (r + 1) * cols))
        lines.append(f"{_shown(count)} {cells}")
    return "\n".join(lines)


def text_of(spec: TentsCamp | Zeltlager) -> str:
    """The puzzle in the file format: ``parse(text_of(camp)) == camp``."""
    return format_puzzle(spec) + "\n"


def render(spec: TentsCamp | Zeltlager, solution: Layout) -> str:
    """The solution in the file format, tents as ``A``: it parses back."""
    return format_puzzle(spec, solution.tents, solution.rules)


def as_json(spec: TentsCamp | Zeltlager, solution: Layout) -> dict[str, Any]:
    """``{"tents": [[r, c], ...], "assignment": [{"tree": [r, c], "tent": [r, c]}, ...]}``."""
    camp = camp_of(spec)
    return {
        "tents": [list(camp.place(tent)) for tent in solution.tents],
        "assignment": [{"tree": list(camp.place(tree)), "tent": list(camp.place(tent))}
                       for tree, tent in solution.assignment],
    }


def read_answer(spec: TentsCamp | Zeltlager, text: str, source: str = "<answer>") -> Layout:
    """The solution in an answer written as :func:`render` prints one (tents as ``A``), for :func:`check`.

    The answer is read as a puzzle file: its trees and counts must be the
    puzzle's (:class:`InputError` naming the line and column of the first that
    differs, as for a malformed line); its ``A`` cells are the tents.  Its
    ``rules:`` line, when it has one, says the rules to check under (else the
    puzzle's).  Each tree is given a tent next to it by a matching that gives as
    many trees their own tent as possible (the checker names any left without).
    """
    camp = camp_of(spec)
    answer = parse(text, source)
    lines = _grid_lines(text)  # the column counts' line, then the rows' lines
    if answer.rows != camp.rows:
        line = lines[min(answer.rows, camp.rows)][0]
        raise InputError(f"expected the puzzle's {camp.rows} rows, found {answer.rows}", source, line, 1)
    if answer.cols != camp.cols:
        line, tokens = lines[1]
        raise InputError(f"expected the puzzle's {camp.cols} columns, found {answer.cols}", source, line,
                         tokens[-1][0])
    line, tokens = lines[0]
    for c, (found, wanted) in enumerate(zip(answer.col_counts, camp.col_counts, strict=True)):
        if found != wanted:
            raise InputError(f"the count of column {c + 1} is {_shown(found)} here, {_shown(wanted)} in the puzzle: "
                             "an answer keeps the puzzle's counts", source, line, tokens[c][0])
    trees, answer_trees = set(camp.trees), set(answer.trees)
    for r, (found, wanted) in enumerate(zip(answer.row_counts, camp.row_counts, strict=True)):
        line, tokens = lines[1 + r]
        if found != wanted:
            raise InputError(f"the count of row {r + 1} is {_shown(found)} here, {_shown(wanted)} in the puzzle: "
                             "an answer keeps the puzzle's counts", source, line, tokens[0][0])
        for c in range(camp.cols):
            cell = r * camp.cols + c
            if (cell in trees) != (cell in answer_trees):
                what = "a tree" if cell in trees else "no tree"
                raise InputError(f"the puzzle has {what} here: an answer keeps the puzzle's trees", source, line,
                                 tokens[1][0] + c)
    rules = answer.rules if any(line.strip(" \t").lower().startswith("rules:") for line in text.split("\n")) \
        else camp.rules
    return Layout(answer.given_tents, _matching(camp, answer.given_tents), rules)


def _grid_lines(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """The lines of a puzzle file that hold the column counts and the rows, with their words (as :func:`parse`)."""
    found = []
    for number, raw in enumerate(text.split("\n"), 1):
        tokens = _tokens(raw.rstrip(" \t\r"), MAX_SIZE + 1)
        if tokens and not tokens[0][1].startswith("#") and not tokens[0][1].lower().startswith("rules:"):
            found.append((number, tokens))
    return found


def _matching(camp: TentsCamp, tents: Iterable[Cell]) -> tuple[tuple[Cell, Cell], ...]:
    """Trees paired with tents next to them, as many as can be (augmenting paths), in the order of the trees.

    A tree that no matching gives a tent is left out: the checker then says it has none.
    """
    tent_set = set(tents)
    owner: dict[Cell, Cell] = {}  # tent -> tree
    mine: dict[Cell, Cell] = {}  # tree -> tent
    for start in camp.trees:
        came: dict[Cell, Cell] = {}  # tent -> the tree it was reached from
        frontier = [start]
        free = None
        for tree in frontier:  # grows while it is walked: a breadth-first search for a tent without a tree
            for tent in camp.neighbours(tree):
                if tent in tent_set and tent not in came:
                    came[tent] = tree
                    if tent not in owner:
                        free = tent
                        break
                    frontier.append(owner[tent])
            if free is not None:
                break
        while free is not None:  # turn the path around: each tree on it takes the tent after it
            tree = came[free]
            previous = mine.get(tree)
            owner[free], mine[tree] = tree, free
            free = None if tree == start else previous
    return tuple((tree, mine[tree]) for tree in camp.trees if tree in mine)


# -- 4. the formats: Tatham game IDs, puzz.link URLs, pzprv3 files ---------------------------------
#
# Tatham's Tents and puzz.link's ``tents`` play by the standard rules (tents never touch, not even
# diagonally): what they hold decodes to a camp with ``rules="standard"``, and a camp under the
# tutorial's rules cannot be written in them (``ValueError``).  Tatham's IDs may give tents (``!``)
# and cells without a tent (``-``) in advance; puzz.link's URLs and files cannot hold them.

#: Tatham's Tents parameters after the size: a difficulty, ``de`` (easy) or ``dt`` (tricky).
TATHAM_REST = re.compile(r"(?:d[et])?")


def _shared_camp(trees: Sequence[bool], row_counts: Sequence[int | None], col_counts: Sequence[int | None],
                 error: Callable[[str], InputError], marks: Mapping[int, str] | None = None) -> TentsCamp:
    """The camp of a shared format (standard rules), refused as :func:`parse` would refuse its text form.

    ``marks`` are Tatham's: ``!`` a tent given in advance, ``-`` a cell given as empty.
    """
    _check_totals(row_counts, col_counts, error)
    marks = marks or {}
    return TentsCamp([cell for cell, tree in enumerate(trees) if tree], row_counts, col_counts, "standard",
                     [cell for cell, mark in marks.items() if mark == "!"],
                     [cell for cell, mark in marks.items() if mark == "-"])


def _refuse_size(rows: int, cols: int, error: Callable[[str], InputError]) -> None:
    """An error (made by ``error``) when a board declared ``rows`` x ``cols`` is larger than this plugin takes."""
    if rows > MAX_SIZE or cols > MAX_SIZE:
        raise error(f"this board is {cols} columns by {rows} rows: boards have at most {MAX_SIZE} rows and "
                    f"{MAX_SIZE} columns")


def _shareable(camp: TentsCamp, where: str, givens: bool = False) -> None:
    """``ValueError`` when ``camp`` cannot be written in a shared format (``where``): its rules, its givens.

    ``givens``: the format holds tents and empty cells given in advance (Tatham's).
    """
    if camp.rules != "standard":
        raise ValueError(f"{where} hold puzzles under the standard rules (tents never touch, not even diagonally), "
                         "and this one is under the tutorial's rules (give it a 'rules: standard' line)")
    if camp.given_tents and not givens:
        raise ValueError(f"{where} cannot hold tents given in advance, and this puzzle has {len(camp.given_tents)}")
    if camp.given_empty and not givens:
        raise ValueError(f"{where} cannot hold cells given as empty, and this puzzle has {len(camp.given_empty)}")


def _tree_marks(camp: TentsCamp) -> list[bool]:
    """Whether each cell, in reading order, holds a tree."""
    marks = [False] * (camp.rows * camp.cols)
    for tree in camp.trees:
        marks[tree] = True
    return marks


def decode_tatham(text: str, source: str = "<input>") -> TentsCamp:
    """A camp from a Tatham Tents game ID ``WxH:TREES,COLUMN COUNTS...,ROW COUNTS...``.

    ``8x8:faca_inde__cf,2,1,1,1,2,2,2,1,3,0,3,0,1,1,2,2``: the trees as gaps
    before each (``_`` none, ``a``-``y`` 1-25 cells, ``z`` 25 cells and no tree),
    then the counts of the columns, then those of the rows.  As tents.c reads it,
    ``!`` puts a tent given in advance and ``-`` a cell given as empty on the cell
    just read (in place of its tree: ``_!e`` is a tent, five cells, a tree).  :class:`InputError`
    names the column of anything wrong; a random-seed ID (``8x8#SEED``) is refused.
    """
    tid = decode_tatham_id(text, source)
    cols, rows, end = decode_tatham_size(text, tid.params_start, tid.params_end, source=source)
    _refuse_size(rows, cols, lambda message: tid.error(tid.params_start, message))
    if not TATHAM_REST.fullmatch(text, end, tid.params_end):
        raise tid.error(end, f"unexpected {quoted(text[end:tid.params_end])} in the parameters: Tents takes WxH, "
                        "then optionally de or dt (the difficulty)")
    fields = split_fields(text, ",", tid.desc_start, tid.desc_end)
    trees, marks = decode_tatham_marked_gaps(text, rows * cols, *fields[0], marks="!-", what="cells", source=source)
    if len(fields) == 1:
        raise tid.error(tid.desc_end, f"truncated: expected the {cols} column counts and the {rows} row counts "
                        "after the trees, separated by ','")
    counts = decode_tatham_numbers(text, cols + rows, fields[1][0], tid.desc_end, what="counts (columns, then rows)",
                                 source=source)
    for i, (count, (start, _)) in enumerate(zip(counts, fields[1:], strict=True)):
        most, line = (rows, f"column {i + 1}") if i < cols else (cols, f"row {i - cols + 1}")
        if count is not None and count > most:
            raise tid.error(start, f"the count of {line} is {count}, more than its {most} cells")
    return _shared_camp(trees, counts[cols:], counts[:cols], lambda message: tid.error(fields[1][0], message),
                        marks)


def encode_tatham(spec: TentsCamp | Zeltlager) -> str:
    """The Tatham game ID of a camp, as Tents' Game > Specific shows it; ``ValueError`` when Tatham cannot hold it.

    Tatham's Tents needs every count and the standard rules.  A tent given in
    advance is written as a tree on its cell then ``!``, a cell given as empty as
    one then ``-``: what tents.c's ``new_game`` reads back.
    """
    camp = camp_of(spec)
    _shareable(camp, "Tatham's game IDs", givens=True)
    counts = (*camp.col_counts, *camp.row_counts)
    if None in counts:
        raise ValueError("Tatham's game IDs give every row and column its count, and this puzzle leaves "
                         f"{counts.count(None)} out")
    suffixes = {**{tent: "!" for tent in camp.given_tents}, **{cell: "-" for cell in camp.given_empty}}
    return (f"{camp.cols}x{camp.rows}:" + encode_tatham_gaps(_tree_marks(camp), suffixes=suffixes) + ","
            + encode_tatham_numbers(counts))


def decode_puzzlink(text: str, source: str = "<input>") -> TentsCamp:
    """A camp from a puzz.link URL (``https://puzz.link/p?tents/5/5/2g0h1i1j82323``, or the bare body).

    The body gives the counts outside the grid (pzprjs's Number16: the columns'
    above, then the rows' on the left; counts may be left out: None) and then the
    trees (1Cell).  :class:`InputError` names the column of anything wrong.
    """
    url = decode_url(text, source)
    url.require("tents")
    cols, rows = url.cols, url.rows
    _refuse_size(rows, cols, lambda message: url.error(url.size_at, message))
    body = url.text[:url.body_end]  # as pzprjs: a body that stops early leaves the counts and cells after it empty
    counts, end = decode_number16(body, cols + rows, url.body_start, partial=True, what="counts outside the grid",
                                  source=source)
    sides = split_excells(counts, cols, rows, "top-left")
    for i, count in enumerate(counts):
        most, line = (rows, f"column {i + 1}") if i < cols else (cols, f"row {i - cols + 1}")
        if count is not None and not 0 <= count <= most:
            found = "'?'" if count == QUESTION else str(count)
            raise url.error(number16_places(url.text, cols + rows, url.body_start)[i],
                            f"the count of {line} is {found}: a count is a number from 0 to {most}, or left out")
    trees, end = decode_1cell(body, rows * cols, end, partial=True, what="cells", source=source)
    check_end(url.text, end, url.body_end, source=source)
    return _shared_camp(trees, sides["left"], sides["top"], lambda message: url.error(url.body_start, message))


def encode_puzzlink(spec: TentsCamp | Zeltlager) -> str:
    """The puzz.link URL of a camp, as pzprjs writes it (``ValueError``: tutorial rules, given tents)."""
    camp = camp_of(spec)
    _shareable(camp, "puzz.link URLs")
    body = encode_number16(join_excells(camp.col_counts, camp.row_counts)) + encode_1cell(_tree_marks(camp))
    return encode_url("tents", camp.cols, camp.rows, body)


def _read_pzprv3(text: str, source: str) -> tuple[TentsCamp, tuple[Cell, ...] | None]:
    """The camp of a pzprv3 file and the tents of its answer (None when it holds no answer: no tent, no mark)."""
    file = decode_pzprv3_file(text, source)
    file.require("tents")
    rows, cols = file.rows, file.cols
    size_line = file.size_line
    _refuse_size(rows, cols, lambda message: InputError(message, source, size_line))
    reader = file.reader()
    sides, cells = unframe(reader.grid(rows + 1, cols + 1, "the grid with its counts"), cols, rows, "top-left")
    counts: dict[str, list[int | None]] = {}
    for side, most in (("top", rows), ("left", cols)):
        counts[side] = []
        for item in sides[side]:
            if item.text == ".":
                counts[side].append(None)
            else:  # a count, "c" first when the player marked it done
                digits = item.text[1:] if item.text.startswith("c") else item.text
                counts[side].append(Pzprv3Item(digits, item.line, item.column, source).number(
                    0, most, f"a count ('.' for none; at most {most} here)"))
    trees = [False] * (rows * cols)
    tents: list[Cell] = []
    answered = False
    for r, row in enumerate(cells):
        for c, item in enumerate(row):
            if item.text == "1":
                trees[r * cols + c] = True
            elif item.text == "A":
                tents.append(r * cols + c)
                answered = True
            elif item.text == "-":
                answered = True
            elif item.text != ".":
                raise item.error(f"expected '1' (a tree), 'A' (a tent), '-' (no tent) or '.', "
                                 f"found {quoted(item.text)}")
    # The lines a player drew between trees and their tents: read, and not kept.
    for part, (lines, items) in (("the links between cells side by side", (rows, cols - 1)),
                                 ("the links between cells one above the other", (rows - 1, cols))):
        if not reader.at_end():
            for row in reader.grid(lines, items, part):
                for item in row:
                    item.number(-1, 2, "a link (0 none, -1 a tree's link to its tent, 1 or 2)")
    reader.expect_end()
    camp = _shared_camp(trees, counts["left"], counts["top"], lambda message: InputError(message, source, size_line))
    return camp, (tuple(tents) if answered else None)


def decode_pzprv3(text: str, source: str = "<input>") -> TentsCamp:
    """The camp of a pzprv3 file (``pzprv3 / tents / ROWS / COLS``, the counts around the grid); answers left out."""
    return _read_pzprv3(text, source)[0]


def decode_pzprv3_answer(text: str, source: str = "<input>") -> tuple[TentsCamp, Layout]:
    """The camp of a pzprv3 file and the solution its answer gives (tents ``A``).

    Cells marked "no tent" (``-``) place nothing; each tree is given a tent next
    to it as :func:`read_answer` does.  A file without an answer is checked as an
    empty one (no tent: a wrong answer, as pzprjs checks it), not refused.
    """
    camp, tents = _read_pzprv3(text, source)
    tents = tents or ()
    return camp, Layout(tents, _matching(camp, tents), camp.rules)


def encode_pzprv3(spec: TentsCamp | Zeltlager) -> str:
    """A camp as the puzz.link editor saves it, without an answer; ``ValueError`` as for :func:`encode_puzzlink`."""
    camp = camp_of(spec)
    _shareable(camp, "pzprv3 files")
    rows, cols = camp.rows, camp.cols
    trees = set(camp.trees)
    cells = [["1" if r * cols + c in trees else "." for c in range(cols)] for r in range(rows)]
    counts = {"top": [_shown(count).replace(NO_COUNT_TEXT, ".") for count in camp.col_counts],
              "left": [_shown(count).replace(NO_COUNT_TEXT, ".") for count in camp.row_counts]}
    links = [["0"] * (cols - 1) for _ in range(rows)] + [["0"] * cols for _ in range(rows - 1)]
    return encode_pzprv3_file("tents", rows, cols, [*frame(cells, counts, "."), *links])


FORMATS = {
    "tatham": Format(decode_tatham, encode_tatham),
    "puzzlink": Format(decode_puzzlink, encode_puzzlink),
    "pzprv3": Format(decode_pzprv3, encode_pzprv3, decode_pzprv3_answer),
}


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------

#: The colours of the pictures' trees (crown, trunk), of grass, and of the line from a tree to its tent.
CROWN, TRUNK, GRASS, PAIR = "#2f8a3c", "#7a4a22", "#cdebc5", "#b08a5a"


@dataclass(frozen=True)
class Decided:
    """What a search has decided so far (its ``partial``): tents, cells without a tent, trees given their tent.

    Cells are cell numbers; ``assignment`` holds ``(tree, tent)`` pairs.  Every
    other cell without a tree is undecided.
    """

    tents: tuple[Cell, ...]
    grass: tuple[Cell, ...]
    assignment: tuple[tuple[Cell, Cell], ...] = ()


def _canvas(camp: TentsCamp) -> Grid:
    """The board with room for the column counts above it and the row counts to its left."""
    return Grid(camp.rows, camp.cols, margin=(1.0, 0.4, 0.4, 1.0), name="tents")


def draw(spec: TentsCamp | Zeltlager, state: Layout | Decided | None = None) -> str:
    """The board as SVG: trees, tents, grass (cells without a tent) and the counts beside the rows and columns.

    ``state`` is None (the puzzle alone: the trees, the counts, the tents and the
    grass given in advance), a :class:`Layout` (a solution: every cell without a tree or a tent
    is grass) or a :class:`Decided` (a search in progress: undecided cells stay
    white).  A thin line joins each tree to the tent it owns, where that is known.
    Given tents are dark, tents placed by the search blue.  Classes: ``tree``,
    ``tent``, ``grass``, ``pair``, ``count``.
    """
    camp = camp_of(spec)
    trees = set(camp.trees)
    tents: set[Cell] = set(camp.given_tents)
    grass: set[Cell] = set()
    pairs: Sequence[tuple[Cell, Cell]] = ()
    if isinstance(state, Layout):
        tents.update(state.tents)
        grass = set(range(camp.rows * camp.cols)) - tents - trees
        pairs = state.assignment
    elif isinstance(state, Decided):
        tents.update(state.tents)
        grass = set(state.grass) - tents - trees
        pairs = state.assignment
    grass |= set(camp.given_empty)  # a cell given as empty is grass from the start
    canvas = _canvas(camp)
    if grass:  # one group of one colour: a picture of a big board stays small
        side = f"{canvas.cell:g}"
        canvas.add(f'<g fill="{GRASS}">' + "".join(
            f'<rect class="grass" x="{canvas.x(c):g}" y="{canvas.y(r):g}" width="{side}" height="{side}"/>'
            for r, c in map(camp.place, sorted(grass))) + "</g>")
    canvas.lines()
    for c, count in enumerate(camp.col_counts):  # a line without a count shows none
        if count is not None:
            canvas.text(-1, c, str(count), "count", size=0.5)
    for r, count in enumerate(camp.row_counts):
        if count is not None:
            canvas.text(r, -1, str(count), "count", size=0.5)
    for tree, tent in pairs:
        (x1, y1), (x2, y2) = canvas.centre(*camp.place(tree)), canvas.centre(*camp.place(tent))
        canvas.add(f'<line class="pair" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{PAIR}" '
                   'stroke-width="3" stroke-linecap="round"/>')
    for tree in sorted(trees):
        _tree(canvas, *camp.place(tree))
    given = set(camp.given_tents)
    for tent in sorted(tents):
        _tent(canvas, *camp.place(tent), PALETTE["given"] if tent in given else PALETTE["placed"])
    return canvas.svg()


def _tree(canvas: Grid, r: int, c: int) -> None:
    """A tree: a trunk under a round green crown."""
    x, y = canvas.centre(r, c)
    size = canvas.cell
    canvas.add(f'<g class="tree"><rect x="{x - 0.06 * size:.1f}" y="{y + 0.05 * size:.1f}" width="{0.12 * size:.1f}" '
               f'height="{0.33 * size:.1f}" fill="{TRUNK}"/><circle cx="{x:.1f}" cy="{y - 0.07 * size:.1f}" '
               f'r="{0.29 * size:.1f}" fill="{CROWN}"/></g>')


def _tent(canvas: Grid, r: int, c: int, colour: str) -> None:
    """A tent: a triangle with a white door."""
    x, y = canvas.centre(r, c)
    size = canvas.cell
    top, bottom, half, door = y - 0.32 * size, y + 0.3 * size, 0.38 * size, 0.12 * size
    canvas.add(f'<g class="tent"><polygon points="{x:.1f},{top:.1f} {x + half:.1f},{bottom:.1f} '
               f'{x - half:.1f},{bottom:.1f}" fill="{colour}"/><polygon points="{x:.1f},{y - 0.02 * size:.1f} '
               f'{x + door:.1f},{bottom:.1f} {x - door:.1f},{bottom:.1f}" fill="{PALETTE["paper"]}"/></g>')


def draw_move(spec: TentsCamp | Zeltlager, move: Decision | Cell) -> str:
    """The cell a move is about, highlighted, as an SVG fragment.

    A move of the propagating search is ``("tent", cell)`` or ``("empty", cell)``
    (that cell) or ``("assign", tree, tent)`` (both cells); one of the tutorial's
    search is the cell of a tent (nothing for ``-1``, the camp without trees).
    """
    camp = camp_of(spec)
    canvas = _canvas(camp)
    if isinstance(move, int):
        return canvas.highlight(*camp.place(move)) if move >= 0 else ""
    return "".join(canvas.highlight(*camp.place(cell)) for cell in move[1:])


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: TentsCamp | Zeltlager, solution: Layout) -> list[str]:
    """The rules ``solution`` breaks on ``spec``, in words (``"row 3 holds 2 tents, its count says 3"``).

    Empty when ``solution`` solves ``spec`` under its rules (``solution.rules``):
    tents on empty cells, the given tents among them, every row and column count
    met, no two tents touching, and its assignment a matching that gives every
    tree its own tent next to it and every tent to one tree.  Rows and columns are
    counted from 1.  It shares no code with the searches: every rule is derived
    again from the board and the solution.
    """
    camp = camp_of(spec)
    rows, cols = len(camp.row_counts), len(camp.col_counts)
    size = rows * cols

    def on_board(cell: object) -> bool:
        return isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < size

    def at(cell: int) -> str:
        if not on_board(cell):
            return f"cell {cell!r} (outside the {rows} x {cols} board)"
        r, c = divmod(cell, cols)
        return f"row {r + 1}, column {c + 1}"

    broken: list[str] = []
    rules = RULE_ALIASES.get(solution.rules, solution.rules)
    if rules not in RULES:
        broken.append(f"the solution names the rules {rules!r}, not tutorial or standard")
    trees = set(camp.trees)
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
    for tent in camp.given_tents:
        if tent not in placed:
            broken.append(f"{at(tent)}: the tent given in advance is missing")
    for cell in camp.given_empty:
        if cell in placed:
            broken.append(f"{at(cell)}: a tent stands on a cell given as empty")
    in_row, in_col = [0] * rows, [0] * cols
    for tent in placed:
        in_row[tent // cols] += 1
        in_col[tent % cols] += 1
    for r, (found, wanted) in enumerate(zip(in_row, camp.row_counts, strict=True)):
        if wanted is not None and found != wanted:  # a row without a count takes any number of tents
            broken.append(f"row {r + 1} holds {found} tent{'s' * (found != 1)}, its count says {wanted}")
    for c, (found, wanted) in enumerate(zip(in_col, camp.col_counts, strict=True)):
        if wanted is not None and found != wanted:
            broken.append(f"column {c + 1} holds {found} tent{'s' * (found != 1)}, its count says {wanted}")
    steps = [(0, 1, "side by side"), (1, 0, "one above the other")]
    if rules != "tutorial":
        steps += [(1, 1, "diagonally"), (1, -1, "diagonally")]
    for tent in sorted(placed):
        r, c = divmod(tent, cols)
        for dr, dc, how in steps:
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc in placed:
                broken.append(f"{at(tent)} and {at((r + dr) * cols + c + dc)}: two tents touch {how}")
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
            (r, c), (rr, cc) = divmod(tree, cols), divmod(tent, cols)
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


# -- 7. the search ---------------------------------------------------------------------------------

#: What a solution is: a distinct set of tents, or a distinct tree-to-tent matching.
COUNTS = ("layouts", "assignments")
#: Old names of the searches (the ``method`` parameter).
METHOD_ALIASES = {"seed": "tutorial"}

UNKNOWN, NO, YES, WOOD = 0, 1, 2, 3  # cell states: undecided, no tent, tent, tree

#: The most rounds of probing after one decision, and the most cells its probes may decide
#: per candidate cell (a cell next to a tree).  Puzzles made at random need up to about 9
#: rounds and 45 cells; boards made to need more (each round unlocking the next, each probe
#: deciding half the board) would make the setup of a big board take minutes.
PROBE_ROUNDS = 10
PROBE_WORK = 64

#: A decision of the propagating search: ``("tent", cell)``, ``("empty", cell)`` or ``("assign", tree, tent)``.
Decision = tuple

#: What the searches take a line without a count to need: more tents than any board has (see TentsSearch).
NO_COUNT = 1 << 20


class TentsSearch(PropagatingSearch):
    """Decide cells with propagation and probing; branch on a cell of the tightest line.

    Decisions: ``("tent", cell)`` and ``("empty", cell)`` decide an undecided cell;
    ``("assign", tree, tent)`` gives a tree (its cell) the tent at a cell, in
    ``assignments`` mode once the layout is complete.  Each is made with all it
    forces; the trail holds the cells decided, newest last (and :attr:`assigned`
    the trees given their tent, always after every cell is decided), so a mark is
    the number of changes made and a rollback undoes the newer ones.

    Propagation: row and column counts (with the capacity of the runs of undecided
    cells), no-touch, a tree with one possible cell left gets its tent there, and a
    matching that gives each tree its own undecided-or-tent cell and covers every
    tent (when none exists the state is a dead end; it is repaired, not rebuilt, as
    a rollback only makes cells undecided again, which never breaks a pair).  Then
    every undecided cell is probed: if a tent there leads to a contradiction, it
    stays empty.
    """

    def __init__(self, camp: TentsCamp, rules: str | None = None, count: str = "layouts"):
        if count not in COUNTS:
            raise ValueError(f"count must be one of {', '.join(COUNTS)}, not {count!r}")
        if rules is not None and rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.camp = camp
        self.rules = rules or camp.rules
        self.assignments = count == "assignments"
        rows, cols = camp.rows, camp.cols
        size = rows * cols
        self.cols = cols
        self.ntrees = len(camp.trees)
        self.tree_cells: list[list[Cell]] = []  # per tree (index): the cells its tent may take
        # Per cell: the trees next to it.  Only candidate cells (next to a tree) have any, and
        # the others share one empty tuple: a per-cell list each would cost gigabytes on big boards.
        self.trees_at: list[Sequence[int]] = [()] * size
        tree_set = set(camp.trees)
        no_tent = tree_set | set(camp.given_empty)  # a cell given as empty is as one next to no tree
        for index, tree in enumerate(camp.trees):
            cells = [n for n in camp.neighbours(tree) if n not in no_tent]
            self.tree_cells.append(cells)
            for n in cells:
                if self.trees_at[n]:
                    self.trees_at[n].append(index)  # type: ignore[attr-defined]
                else:
                    self.trees_at[n] = [index]
        self.row_of = [cell // cols for cell in range(size)]
        self.col_of = [cell % cols for cell in range(size)]
        # A line without a count needs NO_COUNT tents, and its capacity and undecided cells are raised by
        # twice as much (below): then no count rule ever fires on it, and the propagation stays as it was.
        self.need_row = [NO_COUNT if count is None else count for count in camp.row_counts]
        self.need_col = [NO_COUNT if count is None else count for count in camp.col_counts]
        state = [NO] * size
        for tree in camp.trees:
            state[tree] = WOOD
        for cell in range(size):
            if self.trees_at[cell]:
                state[cell] = UNKNOWN
        self.state = state
        self.candidates = [cell for cell in range(size) if state[cell] == UNKNOWN]
        # The cells where a tent touches one at ``cell``: only candidates matter, the others never hold a tent.
        self.touch: list[Sequence[Cell]] = [()] * size
        for cell in self.candidates:
            self.touch[cell] = [other for other in camp.touching(cell, self.rules) if state[other] == UNKNOWN]
        self.row_cells: list[list[Cell]] = [[] for _ in range(rows)]  # per line: its candidate cells in order
        self.col_cells: list[list[Cell]] = [[] for _ in range(cols)]
        for cell in self.candidates:
            self.row_cells[cell // cols].append(cell)
            self.col_cells[cell % cols].append(cell)
        # Per line: the positions of its decided cells between two sentinels (sorted), and the
        # capacity of its runs of undecided cells with the number of runs of odd length, kept up
        # to date as cells are decided and undone (recounting the runs at every step was the cost
        # that made the setup of big boards take minutes).
        self.row_blocked, self.row_cap, self.row_odd = _runs(self.row_cells, 1, cols)
        self.col_blocked, self.col_cap, self.col_odd = _runs(self.col_cells, cols, rows)
        self.row_tents, self.col_tents = [0] * rows, [0] * cols
        self.row_open = [len(cells) for cells in self.row_cells]
        self.col_open = [len(cells) for cells in self.col_cells]
        self.tree_open = [len(cells) for cells in self.tree_cells]  # undecided or tent
        self.tree_tents = [0] * self.ntrees
        self.unknown = sum(self.row_open)
        for counts, caps, opens in ((camp.row_counts, self.row_cap, self.row_open),
                                    (camp.col_counts, self.col_cap, self.col_open)):
            for line, given in enumerate(counts):
                if given is None:
                    caps[line] += 2 * NO_COUNT
                    opens[line] += 2 * NO_COUNT
        self.trail: list[Cell] = []  # the cells decided, newest last
        self.mate = [-1] * self.ntrees  # the matching: tree index -> cell
        self.holder = [-1] * size  # the matching: cell -> tree index
        # The trees without a cell, as a stack (a set that is emptied again and again gets slow to pop).
        self.unmatched = list(range(self.ntrees - 1, -1, -1))
        self.assigned: list[Cell] = []  # assignments mode: the trees given their tent, newest last
        self.owner: dict[Cell, Cell] = {}  # assignments mode: tent -> tree
        self.chosen: dict[Cell, Cell] = {}  # assignments mode: tree -> tent

    # -- the propagating search's parts ---------------------------------------------------
    def start(self) -> bool:
        """Propagate the given tents and every count, then probe; false when the board contradicts itself."""
        camp = self.camp
        for counts in (camp.row_counts, camp.col_counts):  # as many tents as trees, however the lines are counted
            known = sum(count for count in counts if count is not None)
            if known > self.ntrees or (None not in counts and known != self.ntrees):
                return False
        if any(self.state[tent] != UNKNOWN for tent in camp.given_tents):
            return False
        todo = [(tent, YES) for tent in camp.given_tents]
        for r in range(len(self.need_row)):
            if not self._line(self.row_cells[r], 1, self.need_row[r] - self.row_tents[r], self.row_open[r],
                              self.row_cap[r], self.row_odd[r], todo):
                return False
        for c in range(self.cols):
            if not self._line(self.col_cells[c], self.cols, self.need_col[c] - self.col_tents[c], self.col_open[c],
                              self.col_cap[c], self.col_odd[c], todo):
                return False
        for index in range(self.ntrees):
            if self.tree_open[index] == 0:
                return False
            if self.tree_open[index] == 1:
                todo.append((self.tree_cells[index][0], YES))
        return self._propagate(todo) and self._matched(0) and self._probe()

    def branch(self) -> list[Decision] | None:
        """Tent or not on an undecided cell of the tightest line; then (assignments) a tree's tent; None: solved."""
        if self.unknown:
            cell = self._branch_cell()
            return [("tent", cell), ("empty", cell)]
        if not self.assignments or len(self.chosen) == self.ntrees:
            return None
        # Assignment decisions: the tree with the fewest free tents next to it.
        state = self.state
        best_tree, best_free = -1, None
        for index, tree in enumerate(self.camp.trees):
            if tree in self.chosen:
                continue
            free = [cell for cell in self.tree_cells[index] if state[cell] == YES and cell not in self.owner]
            if best_free is None or len(free) < len(best_free):
                best_tree, best_free = tree, free
                if len(free) <= 1:
                    break
        return [("assign", best_tree, tent) for tent in best_free or ()]

    def decide(self, decision: Decision) -> bool:
        """Make ``decision`` with all it forces (a tree's tent: just that); false on a contradiction."""
        kind = decision[0]
        if kind == "assign":
            _, tree, tent = decision
            if tree in self.chosen or tent in self.owner:
                return False
            self.chosen[tree] = tent
            self.owner[tent] = tree
            self.assigned.append(tree)
            return True
        mark = len(self.trail)
        return self._propagate([(decision[1], YES if kind == "tent" else NO)]) and self._matched(mark) and self._probe()

    def mark(self) -> int:
        """The number of changes made: cells decided and trees given their tent."""
        return len(self.trail) + len(self.assigned)

    def rollback(self, mark: int) -> None:
        """Take back the changes after ``mark``: the trees' tents first (they are the newest), then the cells."""
        assigned = self.assigned
        if assigned:
            cells = len(self.trail)
            while assigned and cells + len(assigned) > mark:
                del self.owner[self.chosen.pop(assigned.pop())]
        self._rollback(mark - len(assigned))

    def solution(self, path: tuple) -> Layout:
        """The tents read off the cells, with the trees' tents (layouts: the matching kept for propagation)."""
        tents = tuple(cell for cell, value in enumerate(self.state) if value == YES)
        if self.assignments:
            pairs = tuple((tree, self.chosen[tree]) for tree in self.camp.trees)
        else:
            pairs = tuple(zip(self.camp.trees, self.mate, strict=True))
        return Layout(tents, pairs, self.rules)

    def partial(self, path: tuple) -> Decided:
        """What is decided now, by decisions and by propagation (cells next to no tree are empty from the start)."""
        state = self.state
        tents = tuple(cell for cell, value in enumerate(state) if value == YES)
        grass = tuple(cell for cell, value in enumerate(state) if value == NO)
        chosen = self.chosen
        return Decided(tents, grass, tuple((tree, chosen[tree]) for tree in self.camp.trees if tree in chosen))

    def format_move(self, level: int, move: Decision) -> str:
        """A decision as a player says it: ``tent at row 2, column 3``, ``no tent at ...``, or a tree's tent."""
        kind = move[0]
        if kind == "tent":
            return f"tent at {_place(self.cols, move[1])}"
        if kind == "empty":
            return f"no tent at {_place(self.cols, move[1])}"
        return f"the tree at {_place(self.cols, move[1])} takes the tent at {_place(self.cols, move[2])}"

    # -- propagation ----------------------------------------------------------------------
    def _probe(self) -> bool:
        """Failed-literal probing: an undecided cell where a tent leads to a contradiction stays empty.

        Repeated until nothing changes (a round that changes something can make an
        earlier cell fail), but at most :data:`PROBE_ROUNDS` rounds and
        :data:`PROBE_WORK` cells decided by probes per candidate cell: only contrived
        boards need more, and stopping early only prunes less.  False when the state
        is contradictory.
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
                self._line(self.col_cells[c], self.cols, left, col_open[c], col_cap[c], col_odd[c], todo)
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


def _place(cols: int, cell: Cell) -> str:
    """``row R, column C`` of a cell number, counted from 1 as in the checker's messages."""
    r, c = divmod(cell, cols)
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


class TutorialTentsSearch(Search):
    """The tutorial's search: level = tree in the given order, moves = its neighbours (tent cells).

    Made right for rectangles and both rules; ``done`` also checks that every count
    is met exactly and the given tents are among the tents.  In ``layouts`` mode a
    complete assignment is a solution only if it is the first matching of its
    layout in this search's own order, so each layout is counted once.  A camp
    without trees has the one move ``-1`` (the empty camp), as before.
    """

    def __init__(self, camp: TentsCamp, rules: str | None = None, count: str = "layouts"):
        if count not in COUNTS:
            raise ValueError(f"count must be one of {', '.join(COUNTS)}, not {count!r}")
        if rules is not None and rules not in RULES:
            raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
        self.camp = camp
        self.rules = rules or camp.rules
        self.assignments = count == "assignments"
        self.trees = list(camp.trees)
        self.tree_set = set(self.trees)
        self.no_tent = set(camp.given_empty)
        self.tents: list[Cell] = []
        self.tent_set: set[Cell] = set()
        # A line without a count takes any number of tents: NO_COUNT is never reached, and done() skips it.
        self.row_counts = [NO_COUNT if count is None else count for count in camp.row_counts]
        self.col_counts = [NO_COUNT if count is None else count for count in camp.col_counts]
        self.all_counted = None not in camp.row_counts and None not in camp.col_counts
        self.counted_rows = [r for r, count in enumerate(camp.row_counts) if count is not None]
        self.counted_cols = [c for c, count in enumerate(camp.col_counts) if count is not None]
        self.in_row = [0] * camp.rows
        self.in_col = [0] * camp.cols

    def moves(self, level: int) -> list[Cell]:
        if not self.trees:
            return [-1] if level == 0 else []
        return self.camp.neighbours(self.trees[level]) if level < len(self.trees) else []

    def format_move(self, level: int, move: Cell) -> str:
        """A move as a player says it: ``tent at row 1, column 2 for the tree at row 1, column 1``."""
        if move == -1:
            return "no trees: the empty camp"
        cols = self.camp.cols
        return f"tent at {_place(cols, move)} for the tree at {_place(cols, self.trees[level])}"

    def valid(self, level: int, move: Cell) -> bool:
        if move == -1:
            return True
        if move in self.tree_set or move in self.tent_set or move in self.no_tent:
            return False
        if any(n in self.tent_set for n in self.camp.touching(move, self.rules)):
            return False
        r, c = self.camp.place(move)
        return self.in_row[r] < self.row_counts[r] and self.in_col[c] < self.col_counts[c]

    def record(self, level: int, move: Cell) -> None:
        if move == -1:
            return
        self.tents.append(move)
        self.tent_set.add(move)
        r, c = self.camp.place(move)
        self.in_row[r] += 1
        self.in_col[c] += 1

    def undo(self, level: int, move: Cell) -> None:
        if move == -1:
            return
        self.tents.pop()
        self.tent_set.discard(move)
        r, c = self.camp.place(move)
        self.in_row[r] -= 1
        self.in_col[c] -= 1

    def done(self, level: int) -> bool:
        if len(self.tents) != len(self.trees):
            return False
        if self.all_counted:
            if self.in_row != self.row_counts or self.in_col != self.col_counts:
                return False
        elif (any(self.in_row[r] != self.row_counts[r] for r in self.counted_rows)
              or any(self.in_col[c] != self.col_counts[c] for c in self.counted_cols)):
            return False
        if not set(self.camp.given_tents) <= self.tent_set:
            return False
        return self.assignments or self.tents == self._first_matching()

    def _first_matching(self) -> list[Cell] | None:
        """The first assignment of the current tents to the trees in this search's order."""
        tents, trees, neighbours = self.tent_set, self.trees, self.camp.neighbours
        if not trees:
            return []
        chosen: list[Cell] = []
        taken: set[Cell] = set()
        stack = [iter(neighbours(trees[0]))]
        while stack:
            for cell in stack[-1]:
                if cell in tents and cell not in taken:
                    chosen.append(cell)
                    taken.add(cell)
                    if len(chosen) == len(trees):
                        return chosen
                    stack.append(iter(neighbours(trees[len(chosen)])))
                    break
            else:
                stack.pop()
                if chosen:
                    taken.discard(chosen.pop())
        return None

    def partial(self, path: tuple) -> Decided:
        """The tents placed so far, each with the tree that took it (this search decides no empty cells)."""
        return Decided(tuple(sorted(self.tents)), (), tuple(zip(self.trees, self.tents, strict=False)))

    def solution(self, path: tuple) -> Layout:
        """The tents (sorted), each tree with the tent it took in this search."""
        return Layout(tuple(sorted(self.tents)), tuple(zip(self.trees, self.tents, strict=True)), self.rules)


SEARCHES: dict[str, type[TentsSearch] | type[TutorialTentsSearch]] = {
    "propagate": TentsSearch,
    "tutorial": TutorialTentsSearch,
}


def search(spec: TentsCamp | Zeltlager, rules: str | None = None, count: str = "layouts",
           method: str = "propagate") -> Search:
    """A fresh search of ``spec``; ``rules`` overrides the camp's, ``count`` and ``method`` as documented.

    The old names ``rules="seed"`` and ``method="seed"`` are read as ``tutorial``.
    An unknown ``rules``, ``count`` or ``method`` is an :class:`InputError` naming the choices.
    """
    if rules is not None:
        rules = RULE_ALIASES.get(rules, rules)
    method = METHOD_ALIASES.get(method, method)
    given = (("rules", rules, RULES), ("count", count, COUNTS), ("method", method, tuple(SEARCHES)))
    for name, value, choices in given:
        if value not in choices and not (name == "rules" and value is None):
            raise InputError(f"parameter {name} must be one of {', '.join(choices)}, not {quoted(str(value))}",
                             "<parameters>")
    return SEARCHES[method](camp_of(spec), rules=rules, count=count)


# The reasoning: Tatham's Tents deductions, named, for ``backtrack hint`` and ``backtrack grade``.
#
# A person's state is the tents, the cells known to be grass (no tent), and which tree owns which
# tent where that is known (a *link*).  A tree *needs* a tent while it has no link; its *places*
# are the undecided cells next to it and the tents next to it without a tree.  The levels are
# Tatham's (tents.c): easy (a tent next to one tree that needs one is that tree's; grass where no
# tree that needs a tent is next, or where a tent touches; a tree with one place left gets its
# tent there; every way to place a row's or column's missing tents agrees on a cell), tricky (a
# tree whose two places are diagonal to each other rules out the other cell next to both; every way
# to place a line's tents touches a cell of the next line).  A puzzle that needs more, or a guess,
# is tricky too: Tatham's scale has no higher level.  In the answer's text (what :func:`render`
# prints) ``A`` is a tent, ``-`` grass (the mark of a cell given as empty), ``.`` a cell not decided.


def _at(camp: TentsCamp, cell: Cell) -> str:
    """``(3, 5)``: a cell counted from 1."""
    r, c = divmod(cell, camp.cols)
    return f"({r + 1}, {c + 1})"


def _cells_words(camp: TentsCamp, cells: Sequence[Cell], last: str = "and") -> str:
    """``(1, 2)``, ``(1, 2) and (3, 4)``, ``(1, 2), (3, 4) and (5, 6)``."""
    shown = [_at(camp, cell) for cell in cells]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {last} " + shown[-1]


def _tents_words(count: int) -> str:
    return f"{count} tent" if count == 1 else f"{count} tents"


def _more(count: int) -> str:
    """``1 more tent``, ``3 more tents``."""
    return f"{count} more tent" if count == 1 else f"{count} more tents"


def _room(positions: Sequence[int]) -> int:
    """The most tents that fit on ``positions`` (sorted places along a line) with no two side by side."""
    total, run, previous = 0, 0, None
    for position in positions:
        run = run + 1 if previous is not None and position == previous + 1 else 1
        if run % 2:
            total += 1
        previous = position
    return total


#: The rules a state can break, for :meth:`TentsReasoner.broken` (they are not deductions).
TENTS_TOUCH = Rule("tents-touch", 0, "no two tents touch")
LINE_OVER = Rule("line-too-many", 0, "a row or column holds at most its count of tents")
LINE_SHORT = Rule("line-too-few", 0, "a row or column must have room for its count of tents")
TREE_ALONE = Rule("tree-without-place", 0, "every tree gets a tent next to it")
TENT_ALONE = Rule("tent-without-tree", 0, "every tent belongs to a tree next to it")
NO_SOLUTION = Rule("in-no-solution", 0, "a mark that no solution of the puzzle has")


class TentsReasoner(Reasoner):
    """What a person solving a Tents puzzle knows (tents, grass, links), and Tatham's deductions from it.

    A step makes one rule once: one tree's tent, one tent's grass around it, one
    line's placements (see the comment above).
    """

    scale = ("easy", "tricky")
    rules = (
        Rule("tent-one-tree", 0, "a tent next to only one tree that still needs a tent belongs to that tree"),
        Rule("no-tree-near", 0, "a cell next to no tree that still needs a tent is grass"),
        Rule("touches-tent", 0, "a cell that touches a tent is grass"),
        Rule("tree-one-place", 0, "a tree with one place left for its tent gets its tent there"),
        Rule("line-placements", 0, "a row or column where every way to place its missing tents agrees on a cell"),
        Rule("diagonal-pair", 1, "a tree whose two places are diagonal to each other: the other cell next to both "
                                 "is grass"),
        Rule("line-neighbours", 1, "a cell of the next row or column that every way to place a line's missing "
                                   "tents touches is grass"),
    )

    def __init__(self, camp: TentsCamp, tents: Iterable[Cell] = (), grass: Iterable[Cell] = ()):
        self.camp = camp
        self.cols, self.rows = camp.cols, camp.rows
        state = [UNKNOWN] * (camp.rows * camp.cols)
        for cell in camp.trees:
            state[cell] = WOOD
        for cell in (*camp.given_empty, *grass):
            state[cell] = NO
        for cell in (*camp.given_tents, *tents):
            state[cell] = YES
        self.value = state
        self.trees = sorted(camp.trees)
        self.link: dict[Cell, Cell] = {}  # a tree's tent and a tent's tree, both ways
        self.near = [camp.neighbours(cell) for cell in range(len(state))]
        self.touch = [camp.touching(cell) for cell in range(len(state))]
        self.lines = [(f"row {r + 1}", camp.row_counts[r], [r * self.cols + c for c in range(self.cols)])
                      for r in range(self.rows)]
        self.lines += [(f"column {c + 1}", camp.col_counts[c], [r * self.cols + c for r in range(self.rows)])
                       for c in range(self.cols)]

    def _cell(self, cell: Cell) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def _places(self, tree: Cell) -> list[Cell]:
        """The cells a tree without a tent could still take: undecided, or a tent without a tree."""
        state, link = self.value, self.link
        return sorted(n for n in self.near[tree] if state[n] == UNKNOWN or (state[n] == YES and n not in link))

    def _needy(self, cell: Cell) -> list[Cell]:
        """The trees next to ``cell`` that still need a tent."""
        return sorted(n for n in self.near[cell] if self.value[n] == WOOD and n not in self.link)

    def _deduction(self, rule: Rule, words: str, cells: Iterable[Cell], change: Any) -> Deduction:
        return Deduction(rule, words, tuple(self._cell(cell) for cell in cells), change)

    # -- the rules ----------------------------------------------------------------------
    def find(self, rule: Rule) -> Deduction | None:
        return getattr(self, "_find_" + rule.id.replace("-", "_"))(rule)

    def _find_tent_one_tree(self, rule: Rule) -> Deduction | None:
        camp = self.camp
        for cell, value in enumerate(self.value):
            if value == YES and cell not in self.link:
                trees = self._needy(cell)
                if len(trees) == 1:
                    words = (f"the tent at {_at(camp, cell)} is next to only one tree that still needs a tent, "
                             f"at {_at(camp, trees[0])}: it is that tree's tent")
                    return self._deduction(rule, words, (cell, trees[0]), ("link", trees[0], cell))
        return None

    def _find_no_tree_near(self, rule: Rule) -> Deduction | None:
        state = self.value
        cells = [cell for cell, value in enumerate(state) if value == UNKNOWN and not self._needy(cell)]
        if not cells:
            return None
        if len(cells) == 1:
            words = f"{_at(self.camp, cells[0])} is next to no tree that still needs a tent: grass"
        else:
            shown = _cells_words(self.camp, cells[:6]) if len(cells) <= 6 else \
                ", ".join(_at(self.camp, cell) for cell in cells[:5]) + f" and {len(cells) - 5} more"
            words = f"{len(cells)} cells are next to no tree that still needs a tent: grass on {shown}"
        return self._deduction(rule, words, cells, ("grass", cells))

    def _find_touches_tent(self, rule: Rule) -> Deduction | None:
        state = self.value
        for cell, value in enumerate(state):
            if value == YES:
                cells = sorted(n for n in self.touch[cell] if state[n] == UNKNOWN)
                if cells:
                    words = (f"the tent at {_at(self.camp, cell)} touches {_cells_words(self.camp, cells)}: "
                             "grass there")
                    return self._deduction(rule, words, (cell, *cells), ("grass", cells))
        return None

    def _find_tree_one_place(self, rule: Rule) -> Deduction | None:
        camp = self.camp
        for tree in self.trees:
            if tree not in self.link:
                places = self._places(tree)
                if len(places) == 1:
                    place = places[0]
                    if self.value[place] == YES:
                        words = (f"the tree at {_at(camp, tree)} has only the tent at {_at(camp, place)} left: "
                                 "it is this tree's tent")
                    else:
                        words = f"the tree at {_at(camp, tree)} has one place left, {_at(camp, place)}: a tent there"
                    return self._deduction(rule, words, (place, tree), ("link", tree, place))
        return None

    def _line_cases(self, line: tuple[str, int | None, list[Cell]]) -> tuple[int, list[Cell]] | None:
        """The tents a line still needs and its undecided cells; None when it has no count or nothing to place."""
        _, count, cells = line
        if count is None:
            return None
        free = [cell for cell in cells if self.value[cell] == UNKNOWN]
        if not free:
            return None
        return count - sum(self.value[cell] == YES for cell in cells), free

    def _find_line_placements(self, rule: Rule) -> Deduction | None:
        camp = self.camp
        for line in self.lines:
            cases = self._line_cases(line)
            if cases is None:
                continue
            need, free = cases
            name, cells = line[0], line[2]
            where = {cell: i for i, cell in enumerate(cells)}
            positions = [where[cell] for cell in free]
            if need < 0 or _room(positions) < need:
                continue  # no way at all: broken() says so
            tents, grass = [], []
            for cell in free:
                p = where[cell]
                if _room([q for q in positions if q != p]) < need:
                    tents.append(cell)
                elif need == 0 or 1 + _room([q for q in positions if abs(q - p) > 1]) < need:
                    grass.append(cell)
            if not tents and not grass:
                continue
            if need == 0:
                words = f"{name} has all its tents: grass on {_cells_words(camp, grass)}"
            elif len(tents) == need == len(free):
                words = (f"{name} needs {_more(need)} and has exactly {need} "
                         f"{'place' if need == 1 else 'places'} left: {'a tent' if need == 1 else 'tents'} on "
                         f"{_cells_words(camp, tents)}")
            else:
                parts = ([f"a tent on {_cells_words(camp, tents)}"] if tents else []) + \
                        ([f"grass on {_cells_words(camp, grass)}"] if grass else [])
                words = (f"{name} needs {_more(need)} in its {len(free)} undecided cells, and every way to place "
                         f"{'it' if need == 1 else 'them'} without two side by side puts {' and '.join(parts)}")
            return self._deduction(rule, words, (*tents, *grass), ("cells", tents, grass))
        return None

    def _find_diagonal_pair(self, rule: Rule) -> Deduction | None:
        camp, cols = self.camp, self.cols
        for tree in self.trees:
            if tree in self.link:
                continue
            places = self._places(tree)
            if len(places) != 2:
                continue
            a, b = places
            (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
            if ra == rb or ca == cb:
                continue  # on opposite sides of the tree
            other = a + b - tree
            if self.value[other] == UNKNOWN:
                words = (f"the tree at {_at(camp, tree)} has its tent at {_at(camp, a)} or {_at(camp, b)}, and "
                         f"either touches {_at(camp, other)}: grass there")
                return self._deduction(rule, words, (other, tree, a, b), ("grass", [other]))
        return None

    def _find_line_neighbours(self, rule: Rule) -> Deduction | None:
        camp, state = self.camp, self.value
        standard = camp.rules == "standard"
        for index, line in enumerate(self.lines):
            cases = self._line_cases(line)
            if cases is None:
                continue
            need, free = cases
            name, cells = line[0], line[2]
            if need <= 0:
                continue
            where = {cell: i for i, cell in enumerate(cells)}
            positions = [where[cell] for cell in free]
            if _room(positions) < need:
                continue
            rows = index < self.rows
            first, last = (0, self.rows) if rows else (self.rows, len(self.lines))
            out = []
            for other in (index - 1, index + 1):
                if not first <= other < last:
                    continue
                for p, cell in enumerate(self.lines[other][2]):
                    if state[cell] != UNKNOWN:
                        continue
                    near = [q for q in positions if (abs(q - p) <= 1 if standard else q == p)]
                    if near and _room([q for q in positions if q not in near]) < need:
                        out.append(cell)
            if out:
                out.sort()
                words = (f"{name} needs {_more(need)}, and every way to place {'it' if need == 1 else 'them'} touches "
                         f"{_cells_words(camp, out)}: grass there")
                return self._deduction(rule, words, out, ("grass", out))
        return None

    def apply(self, deduction: Deduction) -> None:
        change, state = deduction.change, self.value
        if change[0] == "link":
            _, tree, tent = change
            state[tent] = YES
            self.link[tree], self.link[tent] = tent, tree
        elif change[0] == "grass":
            for cell in change[1]:
                state[cell] = NO
        else:
            for cell in change[1]:
                state[cell] = YES
            for cell in change[2]:
                state[cell] = NO

    # -- the state's verdicts --------------------------------------------------------------
    def solved(self) -> bool:
        return UNKNOWN not in self.value and self.broken() is None

    def broken(self) -> Deduction | None:
        camp, state = self.camp, self.value
        for cell, value in enumerate(state):
            if value == YES:
                for other in self.touch[cell]:
                    if other > cell and state[other] == YES:
                        return self._deduction(TENTS_TOUCH, f"the tents at {_at(camp, cell)} and "
                                                            f"{_at(camp, other)} touch", (cell, other), None)
        for name, count, cells in self.lines:
            if count is None:
                continue
            tents = sum(state[cell] == YES for cell in cells)
            if tents > count:
                return self._deduction(LINE_OVER, f"{name} holds {_tents_words(tents)}, its count says {count}",
                                       cells, None)
            positions = [i for i, cell in enumerate(cells) if state[cell] == UNKNOWN]
            room = tents + _room(positions)
            if room < count:
                return self._deduction(LINE_SHORT, f"{name} has room for at most {_tents_words(room)}, its count "
                                                   f"says {count}", cells, None)
        for tree in self.trees:
            if tree not in self.link and not self._places(tree):
                return self._deduction(TREE_ALONE, f"the tree at {_at(camp, tree)} has no place left for its tent",
                                       (tree,), None)
        for cell, value in enumerate(state):
            if value == YES and cell not in self.link and not self._needy(cell):
                return self._deduction(TENT_ALONE, f"the tent at {_at(camp, cell)} is next to no tree that still "
                                                   "needs a tent", (cell,), None)
        return None

    def answer(self) -> str:
        camp, state = self.camp, self.value
        lines = ["rules: standard"] if camp.rules == "standard" else []
        lines.append(" ".join(map(_shown, camp.col_counts)))
        marks = {UNKNOWN: EMPTY, NO: GIVEN_EMPTY, YES: TENT, WOOD: TREE}
        for r, count in enumerate(camp.row_counts):
            lines.append(f"{_shown(count)} " + "".join(marks[state[cell]]
                                                       for cell in range(r * self.cols, (r + 1) * self.cols)))
        return "\n".join(lines)

    def guess(self) -> Deduction | None:
        """The cell the propagating search would try a tent on first here.

        When that search needs no guess from here (its propagation and probing go
        further), an undecided cell of the row or column with the least slack, as it
        branches.
        """
        state = self.value
        search = TentsSearch(self.camp)
        options: list[Decision] | None = None
        if search.start() and all(search.decide(("tent" if state[cell] == YES else "empty", cell))
                                  for cell in range(len(state)) if state[cell] in (YES, NO)
                                  and search.state[cell] == UNKNOWN):
            options = search.branch()
        rule = Rule("guess", len(self.scale) - 1, "a guess")
        if options:
            cell = options[0][1]
            return self._deduction(rule, f"a tent at {_at(self.camp, cell)}", (cell,), None)
        best, slack = None, None
        for _, count, cells in self.lines:
            free = [cell for cell in cells if state[cell] == UNKNOWN]
            if free:
                left = len(free) - (count if count is not None else len(free)) + sum(state[c] == YES for c in cells)
                if slack is None or left < slack:
                    best, slack = free[0], left
        if best is None:
            return None
        return self._deduction(rule, f"a tent at {_at(self.camp, best)}", (best,), None)

    def against(self, solution: Any) -> list[Deduction]:
        wanted = set(solution.tents)
        given = set(self.camp.given_empty)
        found = []
        for cell, value in enumerate(self.value):
            if value == YES and cell not in wanted:
                found.append(self._deduction(NO_SOLUTION, f"with a tent at {_at(self.camp, cell)} the puzzle has no "
                                                          "solution", (cell,), None))
            elif value == NO and cell in wanted and cell not in given:
                found.append(self._deduction(NO_SOLUTION, f"without a tent at {_at(self.camp, cell)} the puzzle has "
                                                          "no solution", (cell,), None))
        return found

    def state(self) -> Decided:
        state = self.value
        tents = tuple(cell for cell, value in enumerate(state) if value == YES)
        grass = tuple(cell for cell, value in enumerate(state) if value == NO)
        pairs = tuple((tree, self.link[tree]) for tree in self.camp.trees if tree in self.link)
        return Decided(tents, grass, pairs)

    def highlight(self, cells: Sequence[tuple[int, int]]) -> str:
        canvas = _canvas(self.camp)
        return "".join(canvas.highlight(r, c) for r, c in cells)


def reasoner(spec: TentsCamp | Zeltlager, answer: str | None = None, source: str = "<answer>") -> TentsReasoner:
    """The reasoner of ``spec`` from the givens, or from a partial answer in the text form :func:`render` prints.

    In the answer ``A`` is a tent, ``-`` grass (a cell without a tent), ``.`` a cell
    not decided yet; its trees and counts are the puzzle's.  :class:`InputError`
    (line and column) as :func:`read_answer` gives it, and for a mark that
    contradicts a given tent or a cell given as empty.
    """
    camp = camp_of(spec)
    if answer is None:
        return TentsReasoner(camp)
    tents = read_answer(camp, answer, source).tents
    marked = parse(answer, source)
    lines = _grid_lines(answer)
    for cell in camp.given_tents:
        if cell in marked.given_empty:
            r, c = divmod(cell, camp.cols)
            line, tokens = lines[1 + r]
            raise InputError("the puzzle gives a tent here, the answer grass", source, line, tokens[1][0] + c)
    for cell in camp.given_empty:
        if cell in tents:
            r, c = divmod(cell, camp.cols)
            line, tokens = lines[1 + r]
            raise InputError("the puzzle gives this cell as empty, the answer a tent", source, line, tokens[1][0] + c)
    return TentsReasoner(camp, tents, marked.given_empty)


# -- 8. the generator ------------------------------------------------------------------------------

#: The most propagation steps the generator spends on verdicts (deciding whether a board has one
#: solution): about half a minute on the biggest boards.  Deterministic, so a seed still gives one puzzle.
GENERATE_STEPS = 1_000_000

#: The largest unique boards, in cells, under each rules: measured over five seeds each, every
#: 28 x 28 board (standard) and 12 x 12 board (tutorial) was made in seconds, while 30 x 30 (and
#: tutorial 14 x 14) boards failed for some seeds after their steps.  Larger ones are refused at once.
MAX_UNIQUE_CELLS = {"standard": 28 * 28, "tutorial": 12 * 12}


#: Which counts the generator keeps: every one, about half of those it could leave out, or as few as can be.
COUNT_CHOICES = ("all", "half", "minimal")


def generate(rows: int, cols: int, seed: int | None = None, rules: str = "standard", unique: bool = True,
             density: float = 0.2, tries: int = 200, counts: str = "all") -> TentsCamp:
    """A random puzzle: tents placed at random under ``rules``, a tree next to each, counts derived.

    About ``density * rows * cols`` tents are placed.  With ``unique`` (the default)
    up to ``tries`` boards are made until one has exactly one layout; if none has
    (or the verdicts took :data:`GENERATE_STEPS` propagation steps, which happens
    on big boards), the last board is returned: it has at least one solution, the
    one it was made from.  Then, with ``counts`` ``half`` or ``minimal``, counts
    are left out one by one in random order (about half of them, or all) as long
    as the layout stays unique: puzz.link's puzzles leave counts out so.  Boards
    have 1 to :data:`MAX_SIZE` rows and columns, and ``density`` is above 0 and at
    most 1; ``ValueError`` otherwise.  The same arguments give the same puzzle.
    """
    return _generate(rows, cols, seed, rules, unique, density, tries, counts)[0]


def _generate(rows: int, cols: int, seed: int | None, rules: str, unique: bool, density: float,
              tries: int, counts: str = "all") -> tuple[TentsCamp, Verdict | None]:
    """:func:`generate` and its board's verdict: ``None`` if not ``unique``, ``UNKNOWN`` if the steps ran out."""
    rules = rules_named(rules)
    if not (1 <= rows <= MAX_SIZE and 1 <= cols <= MAX_SIZE):
        raise ValueError(f"a board has 1 to {MAX_SIZE} rows and 1 to {MAX_SIZE} columns, not {rows} x {cols}")
    if not 0 < density <= 1:
        raise ValueError(f"the density (tents per cell) must be above 0 and at most 1, not {density}")
    if counts not in COUNT_CHOICES:
        raise ValueError(f"counts must be one of {', '.join(COUNT_CHOICES)}, not {counts!r}")
    rng = random.Random(seed)
    if not unique:
        return _random_board(rng, rows, cols, rules, density), None
    steps = [GENERATE_STEPS]
    camp, verdict = None, Verdict.UNKNOWN
    for _ in range(max(tries, 1)):
        camp = _random_board(rng, rows, cols, rules, density)
        verdict = _verdict(camp, steps)
        if verdict is Verdict.UNIQUE or steps[0] <= 0:
            break
    assert camp is not None
    if verdict is Verdict.UNIQUE and counts != "all":
        camp = _fewer_counts(camp, rng, steps, counts == "half")
    return camp, verdict


def _fewer_counts(camp: TentsCamp, rng: random.Random, steps: list[int], half: bool) -> TentsCamp:
    """``camp`` (unique) with counts left out in random order while it stays unique (about half of them: ``half``)."""
    lines = [("row", r) for r in range(camp.rows)] + [("column", c) for c in range(camp.cols)]
    rng.shuffle(lines)
    if half:
        lines = lines[: len(lines) // 2]
    row_counts, col_counts = list(camp.row_counts), list(camp.col_counts)
    for kind, line in lines:
        counts = row_counts if kind == "row" else col_counts
        kept, counts[line] = counts[line], None
        fewer = TentsCamp(camp.trees, row_counts, col_counts, camp.rules)
        if steps[0] <= 0 or _verdict(fewer, steps) is not Verdict.UNIQUE:
            counts[line] = kept
    return TentsCamp(camp.trees, row_counts, col_counts, camp.rules)


def make(seed: int, unique: bool = True, rows: int = 10, cols: int = 10, rules: str = "standard",
         density: float = 0.2, counts: str = "all") -> TentsCamp:
    """The generator of ``backtrack generate tents`` (see :func:`generate`): one puzzle per seed.

    With ``unique``, a ``ValueError`` at once for a board of more cells than
    :data:`MAX_UNIQUE_CELLS` allows under its rules, and when no board with one
    solution was found within the generator's steps, rather than a board whose
    verdict the command would then search for without bound.
    """
    limit = MAX_UNIQUE_CELLS.get(RULE_ALIASES.get(rules, rules))
    if unique and limit is not None and rows * cols > limit:
        side = round(limit ** 0.5)
        raise ValueError(f"unique boards under the {RULE_ALIASES.get(rules, rules)} rules are made up to "
                         f"{limit:,} cells (such as {side} x {side}), not {rows} x {cols}: larger random boards "
                         f"are seldom unique; --any makes any board up to {MAX_SIZE} x {MAX_SIZE}")
    camp, verdict = _generate(rows, cols, seed, rules, unique, density, 200, counts)
    if unique and verdict is not Verdict.UNIQUE:
        raise ValueError(f"no {rows} x {cols} board with one solution found within the generator's "
                         f"{GENERATE_STEPS:,} propagation steps: try another seed, or --any")
    return camp


class _OutOfSteps(Exception):
    """The generator's propagation steps have run out."""


class _CountedSearch(TentsSearch):
    """The propagating search, spending one of the generator's steps per propagation."""

    def __init__(self, camp: TentsCamp, steps: list[int]):
        super().__init__(camp)
        self.steps = steps

    def _propagate(self, todo: list[tuple[Cell, int]]) -> bool:
        self.steps[0] -= 1
        if self.steps[0] < 0:
            raise _OutOfSteps
        return super()._propagate(todo)


def _verdict(camp: TentsCamp, steps: list[int]) -> Verdict:
    """The verdict of ``camp``, or ``UNKNOWN`` when ``steps[0]`` propagation steps were not enough."""
    try:
        return _CountedSearch(camp, steps).verdict()
    except _OutOfSteps:
        return Verdict.UNKNOWN


def _random_board(rng: random.Random, rows: int, cols: int, rules: str, density: float) -> TentsCamp:
    """Tents placed at random cells under ``rules``, each with a tree on a random free neighbour; counts from them."""
    board = TentsCamp([], [0] * rows, [0] * cols, rules)
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
        spots = [n for n in board.neighbours(cell) if n not in tents and n not in trees]
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
    return TentsCamp(sorted(trees), row_counts, col_counts, rules)


GENERATOR = Generator(
    make,
    params=(
        Param("rows", "the number of rows", int, 10, low=1, high=MAX_SIZE),
        Param("cols", "the number of columns", int, 10, low=1, high=MAX_SIZE),
        Param("rules", "standard (tents never touch, as in Tatham's and puzz.link's puzzles) or tutorial "
              "(tents may touch diagonally)", str, "standard", RULES, aliases=RULE_ALIASES),
        Param("density", "tents per cell (about; fewer fit on a crowded board)", float, 0.2, low=0.01, high=1.0),
        Param("counts", "which row and column counts stay: all, half (about half of those that can go are left "
              "out, as puzz.link's puzzles do) or minimal (as few as keep the solution unique)", str, "all",
              COUNT_CHOICES),
    ),
    unique_default=True,
    largest_unique="boards up to 784 cells (28 x 28) under the standard rules, 144 (12 x 12) under the tutorial "
                   "rules, larger ones refused at once: 10 x 10 and 20 x 20 about 0.5 s, 28 x 28 about 2 s "
                   "(up to 3 s measured), tutorial 12 x 12 about 0.8 s (with -p counts=half a few seconds, "
                   "counts=minimal up to half a minute); --any up to 100 x 100",
)


# -- 9. the façade: the tutorial's Zeltlager -------------------------------------------------------


class Zeltlager:
    """The tutorial's tents puzzle, by the tutorial's names: a thin façade over a :class:`TentsCamp`.

    ``Zeltlager(trees, rows, cols)`` with trees as cell numbers ``r * len(cols) + c``
    or ``(r, c)`` pairs, rectangular boards allowed; ``rules`` (``"tutorial"``, its
    old name ``"seed"``, or ``"standard"``) and ``tents`` (given in advance) as for
    :class:`TentsCamp`.  The tutorial's names read the camp: ``rows``, ``cols``,
    ``rsize`` (rows), ``csize`` (columns), ``trees``, ``rowAndCol``, ``neighbors``,
    and ``show`` prints the tutorial's display.  :attr:`camp` is the model; every
    function of this module takes either.
    """

    camp: TentsCamp

    def __init__(
        self,
        trees: Iterable[Where],
        rows: Sequence[int | None],
        cols: Sequence[int | None],
        rules: str = "tutorial",
        tents: Iterable[Where] = (),
    ):
        self.camp = TentsCamp(trees, rows, cols, rules_named(rules), tents)

    @classmethod
    def of(cls, camp: TentsCamp) -> "Zeltlager":
        """The façade over ``camp`` (such as :func:`parse` makes)."""
        facade = cls.__new__(cls)
        facade.camp = camp
        return facade

    @property
    def trees(self) -> list[Cell]:
        """The trees' cell numbers, in the given order."""
        return list(self.camp.trees)

    @property
    def rows(self) -> list[int | None]:
        """The row counts: ``rows[r]`` tents in row ``r`` (None: no count)."""
        return list(self.camp.row_counts)

    @property
    def cols(self) -> list[int | None]:
        """The column counts: ``cols[c]`` tents in column ``c`` (None: no count)."""
        return list(self.camp.col_counts)

    @property
    def tents(self) -> list[Cell]:
        """The tents given in advance."""
        return list(self.camp.given_tents)

    @property
    def rules(self) -> str:
        """``tutorial`` or ``standard``."""
        return self.camp.rules

    @property
    def rsize(self) -> int:
        """The number of rows."""
        return self.camp.rows

    @property
    def csize(self) -> int:
        """The number of columns."""
        return self.camp.cols

    def __repr__(self) -> str:
        camp = self.camp
        given = f", tents={list(camp.given_tents)!r}" if camp.given_tents else ""
        return f"Zeltlager({self.trees!r}, {self.rows!r}, {self.cols!r}, rules={camp.rules!r}{given})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zeltlager):
            return NotImplemented
        return self.camp == other.camp

    def rowAndCol(self, where: Cell) -> tuple[int, int]:
        """The ``(row, column)`` of a cell number."""
        return self.camp.place(where)

    def neighbors(self, place: Cell) -> list[Cell]:
        """The orthogonal neighbours of a cell, in the tutorial's order: right, up, left, down."""
        return self.camp.neighbours(place)

    def touching(self, place: Cell, rules: str | None = None) -> list[Cell]:
        """The cells where no other tent may stand when ``place`` holds one."""
        return self.camp.touching(place, None if rules is None else rules_named(rules))

    def display(self, tents: Layout | Mapping[Cell, Cell] | Iterable[Cell] = (), number: int = 1) -> str:
        """The tutorial's labelled display (``B`` tree, ``Z`` tent), headed ``Lösung {number:4}``."""
        camp = self.camp
        placed = {camp.cell(tent, "tent") for tent in _tent_cells(tents)}
        trees = set(camp.trees)
        lines = [f"Lösung {number:4}", " " * 6 + "".join(f"{_shown(count):>3}" for count in camp.col_counts)]
        for r in range(camp.rows):
            cells = []
            for c in range(camp.cols):
                f = r * camp.cols + c
                cells.append("  B" if f in trees else "  Z" if f in placed else "  .")
            lines.append(f"{_shown(camp.row_counts[r]):>2} -> " + "".join(cells))
        return "\n".join(lines)

    def show(self, tents: Layout | Mapping[Cell, Cell] | Iterable[Cell] = (), number: int = 1) -> None:
        """Print :meth:`display` after a blank line, exactly as the tutorial's ``show`` prints."""
        print()
        print(self.display(tents, number))


def _tent_cells(tents: Layout | Mapping[Cell, Cell] | Iterable[Cell]) -> Iterable[Cell]:
    if isinstance(tents, Layout):
        return tents.tents
    if isinstance(tents, Mapping):
        return tents.values()
    return tents


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="tents",
    description="Tents (Zeltlager): a tent next to every tree, counts per row and column, tents not touching",
    parse=parse,
    search=search,
    render=render,
    params=(
        Param("rules", "tutorial (tents may touch diagonally) or standard (not at all); "
              "default: the file's rules: line, else tutorial", str, None, RULES, aliases=RULE_ALIASES),
        Param("count", "what a solution is: layouts (distinct tent sets) or assignments (distinct tree-to-tent "
              "matchings)", str, "layouts", COUNTS),
        Param("method", "the search: propagate (cells with propagation) or tutorial (the tutorial's tree order)",
              str, "propagate", tuple(SEARCHES), aliases=METHOD_ALIASES),
    ),
    limits=f"boards up to {MAX_SIZE} x {MAX_SIZE} cells (rows and columns each at most {MAX_SIZE})",
    examples=examples_in(Path(__file__).parent / "examples" / "tents"),
    example_aliases=EXAMPLE_ALIASES,
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    formats=FORMATS,
    draw=draw,
    draw_move=draw_move,
    check=check,
    reasoner=reasoner,
    generator=GENERATOR,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
