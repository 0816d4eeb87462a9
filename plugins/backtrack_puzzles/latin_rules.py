"""The named deductions of the Latin-square puzzles (Sudoku, Skyline, Kendoku), for hints and grades.

What a person solving a Latin-square puzzle knows is a grid of *candidates*: for
every cell, the values still possible there (a bitmask, bit ``v - 1`` for value
``v``), and which cells are *placed* (their value written in: a given, a mark of
a partial answer, or a deduction's).  A *house* is a row, a column or (Sudoku) a
box, named as people name it: ``row 3``, ``column 5``, ``box 5`` (boxes counted in
reading order), and holds each value once.  Placing a value takes it from the
cell's *peers* (the other cells of its houses); that is part of writing it in,
not a deduction of its own, as in Simon Tatham's solvers.  A *board* is a set of
cells as one integer (bit ``c`` for cell ``c = row * n + col``); ``where[v - 1]``
is the board of the open cells that can still take ``v``.

:class:`LatinReasoner` is a :class:`~backtrack.explain.Reasoner` over such a
grid.  Its rule finders serve the three puzzles, each at its own levels (the
puzzle's reasoner names the rules it uses, with their levels, in ``rules``, and
maps each rule to a finder in ``FINDERS``):

* ``full-house``: the last open cell of a house takes the value it lacks;
* ``hidden-single``: a value with one place left in a house goes there (per house
  kind: ``hidden-single-box``, ``-row``, ``-column``);
* ``naked-single``: a cell with one candidate left takes it;
* ``pointing`` and ``claiming`` (Sudoku's intersections): a value whose places in
  a box lie in one row or column is not elsewhere in that line, and the other
  way round;
* naked and hidden subsets, one rule per size as Sudoku players name them
  (``naked-pair`` ... ``hidden-quad``) or all of them in one (``subset``): k
  cells of a house that between them allow only k values keep those values to
  themselves; k values confined to k cells of a house leave those cells no
  other value (Tatham's "set elimination");
* single-value fish (``x-wing``, ``swordfish``, ``jellyfish``, or all three as
  ``fish``): a value whose places in k rows lie in k columns is not elsewhere in
  those columns, and the other way round (Tatham's "set elimination for a single
  digit across rows against columns");
* ``forcing-chain``: follow a chain of cells with two candidates each from a
  cell with two; if one of its values is not there, the chain forces that value
  into another cell of the chain, and a cell seeing both cannot hold it (as
  latin.c and solo.c look for them).

Subsets and fish go up to four: in a grid up to 9 x 9 that is every size
Tatham's set elimination finds (a naked set of k among m open cells is a hidden
one of m - k, and a fish of k rows one of m - k columns); above 9 x 9 a set of
five or more is left out, as players leave it.

:meth:`LatinReasoner.broken` finds a given changed by the answer, a value twice
in a house, a clue broken (what the puzzle adds: :meth:`LatinReasoner.broken_clue`),
then a cell with no candidate and a value with no place in a house.
:meth:`LatinReasoner.guess` names the cell the puzzles' search would branch on;
:meth:`LatinReasoner.against` the placed values a solution does not have.
Cells in words are ``(row, column)`` counted from 1.

This module is not a puzzle of its own: it has one part of the anatomy (see
:mod:`backtrack.puzzle`), 7, the search's reasoning.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, Callable, ClassVar, Iterable, Iterator, NamedTuple, Sequence

from backtrack.explain import Cell, Deduction, Reasoner, Rule

__all__ = ["House", "LatinReasoner", "LATIN_FINDERS", "latin_rule", "board_cells", "cells_text"]


# -- 7. the search: the named deductions, for hints and grades --------------------------------------


#: What each shared rule allows, in words; ``{value}`` is the puzzle's word for a value.
SUMMARIES = {
    "full-house-box": "the last empty cell of a box takes the {value} the box lacks",
    "full-house-line": "the last empty cell of a row or column takes the {value} it lacks",
    "full-house": "the last empty cell of a row or column takes the {value} it lacks",
    "hidden-single-box": "a {value} with one place left in a box goes there",
    "hidden-single-row": "a {value} with one place left in a row goes there",
    "hidden-single-column": "a {value} with one place left in a column goes there",
    "naked-single": "a cell with one candidate left takes it",
    "pointing": "a {value} whose places in a box all lie in one row or column is in no other cell of that line",
    "claiming": "a {value} whose places in a row or column all lie in one box is in no other cell of that box",
    "naked-pair": "two cells of a house that allow only the same two {value}s keep them from the house's other cells",
    "hidden-pair": "two {value}s that fit only the same two cells of a house leave those cells no other candidate",
    "naked-triple": "three cells of a house that allow only three {value}s between them keep those {value}s from "
                    "the house's other cells",
    "hidden-triple": "three {value}s that fit only three cells of a house leave those cells no other candidate",
    "naked-quad": "four cells of a house that allow only four {value}s between them keep those {value}s from "
                  "the house's other cells",
    "hidden-quad": "four {value}s that fit only four cells of a house leave those cells no other candidate",
    "subset": "k cells of a row or column (two to four) that allow only k {value}s between them keep those "
              "{value}s from its other cells (a naked pair, triple, quad), and k {value}s that fit only k cells "
              "leave those cells no other candidate (a hidden one)",
    "x-wing": "a {value} whose places in two rows lie in two columns is in no other cell of those columns "
              "(and the same with rows and columns swapped)",
    "swordfish": "a {value} whose places in three rows lie in three columns is in no other cell of those columns "
                 "(and the same with rows and columns swapped)",
    "jellyfish": "a {value} whose places in four rows lie in four columns is in no other cell of those columns "
                 "(and the same with rows and columns swapped)",
    "fish": "a {value} whose places in k rows (two to four) lie in k columns is in no other cell of those "
            "columns, and the same with rows and columns swapped (an X-wing, swordfish, jellyfish)",
    "forcing-chain": "a chain of cells with two candidates each: if a cell is not V the chain puts V in another "
                     "cell of it, so a cell that sees both holds no V",
}

#: The finder of each shared rule: ``(method name, keyword arguments)``.
LATIN_FINDERS: dict[str, tuple[str, dict[str, Any]]] = {
    "full-house-box": ("full_house", {"kinds": ("box",)}),
    "full-house-line": ("full_house", {"kinds": ("row", "column")}),
    "full-house": ("full_house", {"kinds": ("row", "column", "box")}),
    "hidden-single-box": ("hidden_single", {"kinds": ("box",)}),
    "hidden-single-row": ("hidden_single", {"kinds": ("row",)}),
    "hidden-single-column": ("hidden_single", {"kinds": ("column",)}),
    "naked-single": ("naked_single", {}),
    "pointing": ("pointing", {}),
    "claiming": ("claiming", {}),
    "naked-pair": ("subset", {"sizes": (2,), "hidden": False}),
    "hidden-pair": ("subset", {"sizes": (2,), "hidden": True}),
    "naked-triple": ("subset", {"sizes": (3,), "hidden": False}),
    "hidden-triple": ("subset", {"sizes": (3,), "hidden": True}),
    "naked-quad": ("subset", {"sizes": (4,), "hidden": False}),
    "hidden-quad": ("subset", {"sizes": (4,), "hidden": True}),
    "subset": ("subset", {"sizes": (2, 3, 4), "hidden": None}),
    "x-wing": ("fish", {"sizes": (2,)}),
    "swordfish": ("fish", {"sizes": (3,)}),
    "jellyfish": ("fish", {"sizes": (4,)}),
    "fish": ("fish", {"sizes": (2, 3, 4)}),
    "forcing-chain": ("forcing_chain", {}),
}

#: The sizes of the subset and fish rules by name.
SIZE_NAMES = {2: "pair", 3: "triple", 4: "quad"}
FISH_NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}

#: The rules :meth:`LatinReasoner.broken` names (their level is not used: a mistake has none).
SAME_TWICE = Rule("twice-in-a-house", 0, "each value once in every row, column (and box)")
NO_CANDIDATE = Rule("no-candidate", 0, "every cell needs a value")
NO_PLACE = Rule("no-place", 0, "every value needs a place in every row, column (and box)")
GIVEN_CHANGED = Rule("given-changed", 0, "a given stays as it is")
NOT_IN_SOLUTION = Rule("not-in-solution", 0, "a mark that no solution has")


def latin_rule(rule_id: str, level: int, value: str = "value") -> Rule:
    """The shared rule ``rule_id`` at ``level``, its summary in the puzzle's word for a value."""
    return Rule(rule_id, level, SUMMARIES[rule_id].format(value=value))


def board_cells(board: int) -> Iterator[int]:
    """The cells of ``board``, lowest first."""
    while board:
        low = board & -board
        board ^= low
        yield low.bit_length() - 1


@functools.lru_cache(maxsize=1 << 16)
def mask_values(mask: int) -> tuple[int, ...]:
    """The values (from 1) of a candidate mask, ascending (cached: every finder asks)."""
    return tuple(cell + 1 for cell in board_cells(mask))


def and_text(items: Sequence[str], word: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def cells_text(cells: Iterable[Cell], word: str = "and") -> str:
    """Cells in words, counted from 1: ``(4, 1), (4, 2) and (4, 9)``."""
    return and_text([f"({r + 1}, {c + 1})" for r, c in cells], word)


class House(NamedTuple):
    """A row, a column or a box: its kind, its name in words, its cells and their board."""

    kind: str
    name: str
    cells: tuple[int, ...]
    board: int


class LatinReasoner(Reasoner):
    """Candidates, placed values and the shared rule finders of an N x N Latin-square puzzle.

    ``boxes`` are the cells of the boxes (Sudoku), none for the other puzzles.
    Subclasses set ``scale``, ``rules`` and ``FINDERS`` (rule id to finder: the
    shared :data:`LATIN_FINDERS` and their own), :attr:`VALUE` (the puzzle's word
    for a value) and implement :meth:`answer`; they start the grid with
    :meth:`setup`.
    """

    #: Rule id to ``(method name, keyword arguments)`` of its finder.
    FINDERS: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = LATIN_FINDERS
    #: The puzzle's word for a value (``digit``, ``height``).
    VALUE: ClassVar[str] = "value"

    def __init__(self, n: int, boxes: Sequence[Sequence[int]] = ()):
        self.n = n
        self.full = (1 << n) - 1
        size = n * n
        houses = [House("row", f"row {r + 1}", tuple(range(r * n, r * n + n)), 0) for r in range(n)]
        houses += [House("column", f"column {c + 1}", tuple(range(c, size, n)), 0) for c in range(n)]
        houses += [House("box", f"box {b + 1}", tuple(cells), 0) for b, cells in enumerate(boxes)]
        self.houses = [house._replace(board=sum(1 << cell for cell in house.cells)) for house in houses]
        self.cell_houses: list[tuple[int, ...]] = [() for _ in range(size)]
        for index, house in enumerate(self.houses):
            for cell in house.cells:
                self.cell_houses[cell] += (index,)
        self.peer_board = [0] * size
        for cell in range(size):
            for index in self.cell_houses[cell]:
                self.peer_board[cell] |= self.houses[index].board
            self.peer_board[cell] &= ~(1 << cell)
        self.kind_houses = {kind: [i for i, house in enumerate(self.houses) if house.kind == kind]
                            for kind in ("row", "column", "box")}
        self.cand = [self.full] * size
        self.placed = [0] * size
        self.given = [0] * size
        self.changed: list[tuple[int, int]] = []  # (cell, value the answer wrote over its given)
        self.twice: tuple[int, int, int] | None = None  # (house, cell, cell): a value placed twice in a house
        self.emptied: set[int] = set()  # open cells that may have lost their last candidate
        self.open = (1 << size) - 1
        self.where = [self.open] * n
        self.house_has = [0] * len(self.houses)

    # -- the state ---------------------------------------------------------------------------
    def setup(self, givens: Sequence[Sequence[int]], marks: Sequence[Sequence[int]] | None = None) -> None:
        """Start from ``givens`` (rows, 0 for none) and the marks of a partial answer (rows, 0 for none).

        Every value written in is placed as it is, right or wrong (two equal values
        in a house stay, for :meth:`broken` to find); the open cells lose the values
        placed in their houses.  A mark over a given keeps the given and is noted
        as a changed given, which :meth:`broken` reports.
        """
        n = self.n
        values = [0] * (n * n)
        self.changed = []
        for r in range(n):
            for c in range(n):
                cell = r * n + c
                given = givens[r][c]
                mark = marks[r][c] if marks is not None else 0
                self.given[cell] = given
                if given and mark and mark != given:
                    self.changed.append((cell, mark))
                values[cell] = given or mark
        self.placed = values
        self.house_has = [0] * len(self.houses)
        for cell, value in enumerate(values):
            if value:
                for index in self.cell_houses[cell]:
                    self.house_has[index] |= 1 << (value - 1)
        self.open = 0
        self.where = [0] * n
        for cell, value in enumerate(values):
            if value:
                self.cand[cell] = 1 << (value - 1)
                continue
            mask = self.full
            for index in self.cell_houses[cell]:
                mask &= ~self.house_has[index]
            self.cand[cell] = mask
            self.open |= 1 << cell
            if not mask:
                self.emptied.add(cell)
            for v in mask_values(mask):
                self.where[v - 1] |= 1 << cell
        self.twice = None
        for index, house in enumerate(self.houses):
            seen: dict[int, int] = {}
            for cell in house.cells:
                value = values[cell]
                if value and value in seen and self.twice is None:
                    self.twice = (index, seen[value], cell)
                seen.setdefault(value, cell)

    def place(self, cell: int, value: int) -> None:
        """Write ``value`` into ``cell``: it leaves the cell's other candidates and the cell's peers."""
        bit = 1 << (value - 1)
        board = 1 << cell
        for v in mask_values(self.cand[cell]):
            self.where[v - 1] &= ~board
        self.cand[cell] = bit
        self.placed[cell] = value
        self.open &= ~board
        for index in self.cell_houses[cell]:
            self.house_has[index] |= bit
        hit = self.where[value - 1] & self.peer_board[cell]
        self.where[value - 1] &= ~hit
        for peer in board_cells(hit):
            self.cand[peer] &= ~bit
            if not self.cand[peer]:
                self.emptied.add(peer)

    def eliminate(self, cell: int, mask: int) -> None:
        """Take the values of ``mask`` from the candidates of an open cell."""
        if self.placed[cell]:
            return
        mask &= self.cand[cell]
        self.cand[cell] &= ~mask
        if not self.cand[cell]:
            self.emptied.add(cell)
        for v in mask_values(mask):
            self.where[v - 1] &= ~(1 << cell)

    def apply(self, deduction: Deduction) -> None:
        """Make the change of a deduction: ``("place", cell, value)`` or ``("eliminate", ((cell, mask), ...))``."""
        change = deduction.change
        if change[0] == "place":
            self.place(change[1], change[2])
        else:
            for cell, mask in change[1]:
                self.eliminate(cell, mask)

    def solved(self) -> bool:
        """Is every cell placed?"""
        return not self.open

    def values(self) -> tuple[tuple[int, ...], ...]:
        """The placed values as rows (0 for an open cell)."""
        n = self.n
        return tuple(tuple(self.placed[r * n : r * n + n]) for r in range(n))

    def state(self) -> tuple[tuple[int | tuple[int, ...], ...], ...]:
        """The grid for the puzzle's ``draw``: a placed value, or the tuple of an open cell's candidates."""
        n = self.n
        cells = [self.placed[cell] or tuple(mask_values(self.cand[cell])) for cell in range(n * n)]
        return tuple(tuple(cells[r * n : r * n + n]) for r in range(n))

    def highlight(self, cells: Sequence[Cell]) -> str:
        """The cells marked on the puzzle's picture (:meth:`canvas` gives its coordinates)."""
        grid = self.canvas()
        return "" if grid is None else "".join(grid.highlight(r, c) for r, c in cells)

    def canvas(self) -> Any:
        """The :class:`~backtrack.svg.Grid` the puzzle draws on (None: no marks)."""
        return None

    # -- words -------------------------------------------------------------------------------
    def rc(self, cell: int) -> Cell:
        """A cell number as ``(row, col)``, from 0."""
        return divmod(cell, self.n)

    def at(self, cell: int) -> str:
        """A cell in words: ``(4, 7)`` (row, column, from 1)."""
        r, c = divmod(cell, self.n)
        return f"({r + 1}, {c + 1})"

    def name(self, value: int) -> str:
        """How the puzzle writes a value (Sudoku: ``A`` for 10)."""
        return str(value)

    def names(self, mask: int, word: str = "and") -> str:
        """The values of a mask in words: ``3, 5 and 7``."""
        return and_text([self.name(v) for v in mask_values(mask)], word)

    def cells_of(self, board: int, word: str = "and") -> str:
        """The cells of a board in words."""
        return cells_text((self.rc(cell) for cell in board_cells(board)), word)

    def lost(self, removals: dict[int, int]) -> str:
        """What cells lose, in words: ``(1, 1) and (2, 1) cannot hold 4 or 5``."""
        masks = set(removals.values())
        if len(masks) == 1:
            return f"{cells_text(map(self.rc, removals))} cannot hold {self.names(masks.pop(), 'or')}"
        return "; ".join(f"{self.at(cell)} cannot hold {self.names(mask, 'or')}" for cell, mask in removals.items())

    def deduction(self, rule: Rule, words: str, about: Iterable[int], change: Any) -> Deduction:
        """A deduction of ``rule`` about cells (numbers), the cells listed once each in order."""
        cells = tuple(self.rc(cell) for cell in dict.fromkeys(about))
        return Deduction(rule, words, cells, change)

    def placing(self, rule: Rule, cell: int, value: int, words: str, about: Iterable[int] = ()) -> Deduction:
        """A deduction that places ``value`` in ``cell``."""
        return self.deduction(rule, words, [cell, *about], ("place", cell, value))

    def removing(self, rule: Rule, words: str, pattern: Iterable[int], removals: dict[int, int]) -> Deduction:
        """A deduction that takes values from cells: ``removals`` is cell to mask (only what is there)."""
        change = tuple((cell, mask) for cell, mask in removals.items())
        return self.deduction(rule, words, [*pattern, *removals], ("eliminate", change))

    # -- finding -----------------------------------------------------------------------------
    def find(self, rule: Rule) -> Deduction | None:
        """The first deduction of ``rule`` that makes progress, through the finder :attr:`FINDERS` names."""
        method, kwargs = self.FINDERS[rule.id]
        finder: Callable[..., Deduction | None] = getattr(self, method)
        return finder(rule, **kwargs)

    def houses_of(self, kinds: Iterable[str] | None) -> list[int]:
        """The houses of those kinds (all when None), rows first."""
        if kinds is None:
            return list(range(len(self.houses)))
        return [index for kind in kinds for index in self.kind_houses.get(kind, ())]

    def full_house(self, rule: Rule, kinds: Sequence[str]) -> Deduction | None:
        """The last open cell of a house of ``kinds``, given the value the house lacks."""
        for index in self.houses_of(kinds):
            house = self.houses[index]
            left = house.board & self.open
            if not left or left & (left - 1):
                continue
            missing = self.full & ~self.house_has[index]
            cell = left.bit_length() - 1
            if missing & (missing - 1) or not missing & self.cand[cell]:
                continue
            value = missing.bit_length()
            return self.placing(rule, cell, value, f"{self.at(cell)} is the last empty cell of {house.name}: "
                                f"it takes the {self.VALUE} left, {self.name(value)}")
        return None

    def hidden_single(self, rule: Rule, kinds: Sequence[str]) -> Deduction | None:
        """A value with one place left in a house of ``kinds``."""
        for index in self.houses_of(kinds):
            house = self.houses[index]
            missing = self.full & ~self.house_has[index]
            for value in mask_values(missing):
                spots = self.where[value - 1] & house.board
                if spots and not spots & (spots - 1):
                    cell = spots.bit_length() - 1
                    return self.placing(rule, cell, value, f"{self.at(cell)} is the only cell of {house.name} "
                                        f"that can hold {self.name(value)}")
        return None

    def naked_single(self, rule: Rule) -> Deduction | None:
        """An open cell with one candidate left."""
        for cell in board_cells(self.open):
            mask = self.cand[cell]
            if mask and not mask & (mask - 1):
                value = mask.bit_length()
                return self.placing(rule, cell, value, f"{self.at(cell)} can hold only {self.name(value)}: "
                                    f"every other {self.VALUE} is ruled out there")
        return None

    def _house_of(self, cell: int, kind: str) -> int:
        """The house of ``kind`` that holds ``cell``."""
        return next(index for index in self.cell_houses[cell] if self.houses[index].kind == kind)

    def pointing(self, rule: Rule) -> Deduction | None:
        """A value whose places in a box lie in one line: it leaves the rest of that line."""
        for index in self.kind_houses["box"]:
            box = self.houses[index]
            for value in mask_values(self.full & ~self.house_has[index]):
                spots = self.where[value - 1] & box.board
                if not spots:
                    continue
                for kind in ("row", "column"):
                    line = self.houses[self._house_of(spots.bit_length() - 1, kind)]
                    if spots & ~line.board:
                        continue
                    others = self.where[value - 1] & line.board & ~box.board
                    if others:
                        name = self.name(value)
                        return self.removing(rule, f"in {box.name}, {name} can go only in {line.name} "
                                             f"({self.cells_of(spots, 'or')}): so {name} is not in "
                                             f"{self.cells_of(others, 'or')}", board_cells(spots),
                                             dict.fromkeys(board_cells(others), 1 << (value - 1)))
        return None

    def claiming(self, rule: Rule) -> Deduction | None:
        """A value whose places in a line lie in one box: it leaves the rest of that box."""
        if not self.kind_houses["box"]:
            return None
        for index in self.kind_houses["row"] + self.kind_houses["column"]:
            line = self.houses[index]
            for value in mask_values(self.full & ~self.house_has[index]):
                spots = self.where[value - 1] & line.board
                if not spots:
                    continue
                box = self.houses[self._house_of(spots.bit_length() - 1, "box")]
                if spots & ~box.board:
                    continue
                others = self.where[value - 1] & box.board & ~line.board
                if others:
                    name = self.name(value)
                    return self.removing(rule, f"in {line.name}, {name} can go only in {box.name} "
                                         f"({self.cells_of(spots, 'or')}): so {name} is not in "
                                         f"{self.cells_of(others, 'or')}", board_cells(spots),
                                         dict.fromkeys(board_cells(others), 1 << (value - 1)))
        return None

    def subset(self, rule: Rule, sizes: Sequence[int], hidden: bool | None) -> Deduction | None:
        """A naked (``hidden`` false), hidden (true) or either (None) subset of one of ``sizes`` in a house.

        Smaller sizes first, and of one size naked before hidden.
        """
        for k in sizes:
            for hide in (False, True) if hidden is None else (hidden,):
                for index, house in enumerate(self.houses):
                    cells = list(board_cells(house.board & self.open))
                    if k > len(cells) - 2:
                        continue  # k cells and one more would be a single
                    found = self._hidden(rule, house, index, k) if hide else self._naked(rule, house, cells, k)
                    if found is not None:
                        return found
        return None

    def _naked(self, rule: Rule, house: House, cells: list[int], k: int) -> Deduction | None:
        cand = self.cand
        small = [cell for cell in cells if 2 <= cand[cell].bit_count() <= k]
        for group in itertools.combinations(small, k):
            union = 0
            for cell in group:
                union |= cand[cell]
            if union.bit_count() != k:
                continue
            removals = {cell: cand[cell] & union for cell in cells if cell not in group and cand[cell] & union}
            if removals:
                return self.removing(rule, f"{cells_text(map(self.rc, group))} of {house.name} allow only "
                                     f"{self.names(union)} between them (a naked {SIZE_NAMES[k]}): so no other "
                                     f"cell of {house.name} holds {self.names(union, 'or')}", group, removals)
        return None

    def _hidden(self, rule: Rule, house: House, index: int, k: int) -> Deduction | None:
        missing = self.full & ~self.house_has[index]
        spots = {value: self.where[value - 1] & house.board for value in mask_values(missing)}
        small = [value for value, board in spots.items() if 2 <= board.bit_count() <= k]
        for group in itertools.combinations(small, k):
            union = 0
            for value in group:
                union |= spots[value]
            if union.bit_count() != k:
                continue
            keep = sum(1 << (value - 1) for value in group)
            removals = {cell: self.cand[cell] & ~keep for cell in board_cells(union) if self.cand[cell] & ~keep}
            if removals:
                return self.removing(rule, f"in {house.name}, {self.names(keep)} fit only in "
                                     f"{self.cells_of(union)} (a hidden {SIZE_NAMES[k]}): so those cells hold "
                                     f"nothing else", board_cells(union), removals)
        return None

    def fish(self, rule: Rule, sizes: Sequence[int]) -> Deduction | None:
        """A value whose places in k rows lie in k columns, or the other way round (k of ``sizes``, smaller first)."""
        for k in sizes:
            for value in range(1, self.n + 1):
                if self.where[value - 1]:
                    for across in (True, False):
                        found = self._fish(rule, k, value, across)
                        if found is not None:
                            return found
        return None

    def _fish(self, rule: Rule, k: int, value: int, across: bool) -> Deduction | None:
        """A fish of ``k`` rows (``across``) or columns on ``value``."""
        n, bit, board = self.n, 1 << (value - 1), self.where[value - 1]
        rows, columns = self.kind_houses["row"], self.kind_houses["column"]
        bases, covers = (rows, columns) if across else (columns, rows)
        lines = []  # (position of a base line without the value, the positions of the cover lines it may go in)
        for position, base in enumerate(bases):
            if self.house_has[base] & bit:
                continue
            mask = 0
            for cell in board_cells(board & self.houses[base].board):
                mask |= 1 << (cell % n if across else cell // n)
            lines.append((position, mask))
        if k > len(lines) - 2:
            return None
        small = [(position, mask) for position, mask in lines if 2 <= mask.bit_count() <= k]
        for group in itertools.combinations(small, k):
            union = 0
            for _, mask in group:
                union |= mask
            if union.bit_count() != k:
                continue
            base_board = sum(self.houses[bases[position]].board for position, _ in group)
            cover_board = sum(self.houses[covers[position]].board for position in board_cells(union))
            others = board & cover_board & ~base_board
            if others:
                kind, other = ("row", "column") if across else ("column", "row")
                name = self.name(value)
                base_numbers = and_text([str(position + 1) for position, _ in group])
                cover_numbers = and_text([str(position + 1) for position in board_cells(union)])
                words = (f"{FISH_NAMES[k]} on {name}: in {kind}s {base_numbers}, {name} fits only in {other}s "
                         f"{cover_numbers}: so no other cell of those {other}s holds {name}")
                return self.removing(rule, words, board_cells(board & base_board),
                                     dict.fromkeys(board_cells(others), bit))
        return None

    def forcing_chain(self, rule: Rule) -> Deduction | None:
        """A forcing chain, as Tatham's solvers look for one (see the module docstring).

        From each cell with two candidates, for each of them (``v``): suppose
        the cell holds the other; walk breadth first through peers with two
        candidates, each forced to the one its predecessor's value leaves.  A cell
        that sees the start and a chain cell forced to ``v`` cannot hold ``v``.
        """
        cand = self.cand
        pairs = [cell for cell in board_cells(self.open) if cand[cell].bit_count() == 2]
        if not pairs:
            return None
        peer_lists = self._peer_lists()
        for start in pairs:
            for v in mask_values(cand[start]):
                bit = 1 << (v - 1)
                forced = {start: cand[start] & ~bit}  # cell -> the value (bit) it is forced to
                previous = {start: -1}
                queue = [start]
                head = 0
                while head < len(queue):
                    cell = queue[head]
                    head += 1
                    now = forced[cell]
                    for peer in peer_lists[cell]:
                        if peer in forced or not cand[peer] & now:
                            continue
                        if cand[peer].bit_count() == 2:
                            forced[peer] = cand[peer] & ~now
                            previous[peer] = cell
                            queue.append(peer)
                        if now == bit and self.peer_board[start] >> peer & 1:
                            chain = []
                            at = cell
                            while at >= 0:
                                chain.append(at)
                                at = previous[at]
                            chain.reverse()
                            steps = ", ".join(f"{self.at(c)} is {self.name(forced[c].bit_length())}" for c in chain)
                            name = self.name(v)
                            words = (f"forcing chain on {name}: if {self.at(start)} is not {name}, then {steps}; "
                                     f"either way {self.at(start)} or {self.at(cell)} holds {name}, and "
                                     f"{self.at(peer)} sees both: so {self.at(peer)} is not {name}")
                            return self.removing(rule, words, chain, {peer: bit})
        return None

    def _peer_lists(self) -> list[list[int]]:
        """Per cell, its peers in the order Tatham's forcing chains visit them (row, column, box)."""
        lists = getattr(self, "_peers_cache", None)
        if lists is None:
            lists = []
            for cell in range(self.n * self.n):
                seen: dict[int, None] = {}
                for index in self.cell_houses[cell]:
                    for other in self.houses[index].cells:
                        if other != cell:
                            seen.setdefault(other)
                lists.append(list(seen))
            self._peers_cache = lists
        return lists

    # -- mistakes, guesses -------------------------------------------------------------------
    def broken(self) -> Deduction | None:
        """What the state breaks: a changed given, a value twice in a house, a clue (the puzzle's), then what
        the marks leave impossible: a cell without candidates, a value without a place in a house."""
        for cell, value in self.changed:
            return self.deduction(GIVEN_CHANGED, f"{self.at(cell)} is given as {self.name(self.given[cell])}, "
                                  f"the answer has {self.name(value)}", [cell], None)
        if self.twice is not None:  # (placing a candidate never makes one: only the marks read can)
            index, first, second = self.twice
            return self.deduction(SAME_TWICE, f"{self.houses[index].name} holds {self.name(self.placed[first])} "
                                  f"twice: at {self.at(first)} and {self.at(second)}", [first, second], None)
        clue = self.broken_clue()
        if clue is not None:
            return clue
        for cell in sorted(self.emptied):
            if self.open >> cell & 1 and not self.cand[cell]:
                return self.deduction(NO_CANDIDATE, f"{self.at(cell)} can hold no {self.VALUE}: each is ruled out",
                                      [cell], None)
        houses, house_has = self.houses, self.house_has
        for value in range(1, self.n + 1):
            bit, board = 1 << (value - 1), self.where[value - 1]
            for index, house in enumerate(houses):
                if not house_has[index] & bit and not board & house.board:
                    return self.deduction(NO_PLACE, f"{house.name} has no place left for {self.name(value)}",
                                          house.cells, None)
        return None

    def broken_clue(self) -> Deduction | None:
        """A clue of the puzzle that the placed values break (none here: for the puzzles to add)."""
        return None

    def guess(self) -> Deduction | None:
        """The cell the puzzles' search branches on here, and the value it tries first.

        As :meth:`~backtrack_puzzles.latin.LatinSearch.choose` picks it: among the
        open cells with two candidates, the one with most such peers (the first of
        them); without any, the first open cell with fewest candidates.  Its values
        are tried in ascending order.
        """
        cand = self.cand
        open_cells = list(board_cells(self.open))
        if not open_cells:
            return None
        pairs = [cell for cell in open_cells if cand[cell].bit_count() == 2]
        if pairs:
            pair_board = sum(1 << cell for cell in pairs)
            best = max(pairs, key=lambda cell: ((self.peer_board[cell] & pair_board).bit_count(), -cell))
        else:
            best = min(open_cells, key=lambda cell: (cand[cell].bit_count() or self.n + 1, cell))
        values = mask_values(cand[best])
        if not values:
            return None
        first = values[0]
        return Deduction(Rule("guess", 0, "try a value and see"),
                         f"{self.name(first)} in {self.at(best)} (it may hold {self.names(cand[best], 'or')})",
                         (self.rc(best),), ("place", best, first))

    def against(self, solution: Any) -> list[Deduction]:
        """The placed values, not given, that ``solution`` (rows of values) does not have."""
        found = []
        for cell in range(self.n * self.n):
            value = self.placed[cell]
            r, c = divmod(cell, self.n)
            if value and not self.given[cell] and solution[r][c] != value:
                found.append(self.deduction(NOT_IN_SOLUTION, f"{self.at(cell)} holds {self.name(value)}, which "
                                            f"the solution does not have there", [cell], None))
        return found

    def answer(self) -> str:
        """The state as the puzzle's text (for the puzzles to say)."""
        raise NotImplementedError
