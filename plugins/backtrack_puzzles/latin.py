"""The Latin-square core shared by Sudoku, Kendoku and Skyline.

An N x N grid takes the values 1..N so that every *unit* holds each value once:
the rows and columns always, and whatever units a puzzle adds (Sudoku's boxes).
The candidates of a cell are a bitmask (bit ``v - 1`` set when value ``v`` is
still possible).  Propagation runs to a fixpoint:

* naked singles: a cell down to one candidate loses nothing more, and its value
  is taken from every peer (every other cell of its units);
* hidden singles: a value that fits only one cell of a unit goes there, and a
  value that fits no cell of a unit is a contradiction;
* puzzle constraints (:class:`Constraint`: Kendoku's cages, Skyline's clues): each
  is asked to narrow the candidates of its cells whenever one of them changed;
  :class:`Table` is one given by the value tuples its cells may take.

Every change is written on a trail of ``(cell, old mask)`` so that a search can
take back exactly what a decision and its consequences did.  :class:`LatinSearch`
is the search: a level decides the undecided cell with the fewest candidates,
trying its values in ascending order.
"""

from __future__ import annotations

import functools
import random
from typing import Iterable, Iterator, Sequence

from backtrack import Search

__all__ = ["Constraint", "LatinGrid", "LatinSearch", "Table", "bits", "random_latin_square", "values_of"]


def bits(mask: int) -> Iterator[int]:
    """The single bits of ``mask``, lowest first."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def values_of(mask: int) -> list[int]:
    """The values (1-based) whose bits are set in ``mask``."""
    return [bit.bit_length() for bit in bits(mask)]


class Constraint:
    """A puzzle constraint over some cells, beyond "each value once per unit".

    Subclasses set ``cells`` (cell numbers, ``row * n + column``) and implement
    :meth:`narrow`.  It must only ever remove candidates and must be a pure
    function of the masks it is given (constraints keep no state, so undoing the
    grid's trail undoes them too).
    """

    cells: tuple[int, ...] = ()

    def narrow(self, masks: list[int]) -> list[int] | None:
        """New masks for ``cells`` (same order; subsets of ``masks``), or ``None`` if none can work."""
        raise NotImplementedError


class Table(Constraint):
    """A constraint given by the tuples of values its cells may take (Kendoku's cages, Skyline's lines).

    Subclasses call ``__init__(cells, n)`` and implement :meth:`tuples`.  A tuple is
    packed in one integer, bit ``i * n + v - 1`` set when cell ``i`` takes value
    ``v``, so "fits the candidates" is one ``&``.  :meth:`narrow` keeps the tuples
    that fit and narrows every cell to the values that occur there.  The tuples
    are enumerated for the first candidates seen (the root of a search) and then
    filtered: a stack keeps the lists for the candidates seen along the search
    path, and each call filters the nearest one whose candidates include the
    current ones.  The stack is only a cache: the answer depends on the masks alone.
    """

    def __init__(self, cells: Sequence[int], n: int):
        self.cells = tuple(cells)
        self.n = n
        self._stack: list[tuple[int, list[int], list[int]]] = []  # (packed masks, tuples, their support)

    def tuples(self, masks: Sequence[int]) -> list[int]:
        """Every allowed tuple (packed) that fits ``masks``."""
        raise NotImplementedError

    def defer(self, masks: Sequence[int]) -> bool:
        """Whether to skip enumerating for now (too many tuples to be worth it); default never."""
        return False

    def pack(self, masks: Sequence[int]) -> int:
        """The masks as one integer, cell ``i`` at bits ``i * n`` and up."""
        packed, n = 0, self.n
        for i, mask in enumerate(masks):
            packed |= mask << (i * n)
        return packed

    def narrow(self, masks: list[int]) -> list[int] | None:
        packed = self.pack(masks)
        stack = self._stack
        while stack and stack[-1][0] & packed != packed:
            stack.pop()
        if not stack:
            if self.defer(masks):
                return masks
            found = self.tuples(masks)
        elif stack[-1][0] == packed:
            return stack[-1][2]
        else:
            outside = ~packed
            found = [row for row in stack[-1][1] if not row & outside]
        if not found:
            return None
        union = 0
        for row in found:
            union |= row
        n, full = self.n, (1 << self.n) - 1
        support = [(union >> (i * n)) & full for i in range(len(masks))]
        stack.append((packed, found, support))
        return support


class LatinGrid:
    """The static structure of a Latin-square puzzle: size, units, givens and constraints.

    ``masks`` are the starting candidates of each cell (``None``: all values);
    a given is a single bit.  ``units`` are the extra units beyond rows and
    columns, each a sequence of exactly ``n`` cells.
    """

    def __init__(
        self,
        n: int,
        masks: Sequence[int] | None = None,
        units: Iterable[Sequence[int]] = (),
        constraints: Iterable[Constraint] = (),
    ):
        if n < 1:
            raise ValueError(f"the size must be at least 1, not {n}")
        self.n = n
        self.full = (1 << n) - 1
        size = n * n
        self.masks = list(masks) if masks is not None else [self.full] * size
        if len(self.masks) != size:
            raise ValueError(f"expected {size} masks, not {len(self.masks)}")
        self.units, self.cell_units, self.peers = _structure(n, tuple(tuple(unit) for unit in units))
        self.constraints: list[Constraint] = list(constraints)
        self.cell_constraints: list[tuple[int, ...]] = [() for _ in range(size)]
        for index, constraint in enumerate(self.constraints):
            for cell in constraint.cells:
                self.cell_constraints[cell] += (index,)


@functools.lru_cache(maxsize=32)
def _structure(
    n: int, extra: tuple[tuple[int, ...], ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Units, each cell's units and each cell's peers (cached and read-only: every 9 x 9 Sudoku shares them)."""
    size = n * n
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    columns = [tuple(range(c, size, n)) for c in range(n)]
    units = rows + columns + list(extra)
    for unit in units:
        if len(unit) != n or len(set(unit)) != n or not all(0 <= cell < size for cell in unit):
            raise ValueError(f"a unit must hold {n} different cells: {unit}")
    cell_units: list[tuple[int, ...]] = [() for _ in range(size)]
    for index, unit in enumerate(units):
        for cell in unit:
            cell_units[cell] += (index,)
    peers = [tuple(sorted({p for u in cell_units[cell] for p in units[u]} - {cell})) for cell in range(size)]
    return tuple(units), tuple(cell_units), tuple(peers)


class LatinSearch(Search):
    """Propagate, then decide the most constrained cell; a move is ``(cell, value)``.

    ``moves`` yields only candidate values (``moves_are_valid``); a contradiction
    found while propagating a move is signalled by no moves at the next level.
    :meth:`solution` is the grid as a tuple of rows of values.
    """

    moves_are_valid = True

    def __init__(self, grid: LatinGrid):
        self.grid = grid
        self.n = grid.n
        self.cand: list[int] = list(grid.masks)
        self.trail: list[tuple[int, int]] = []
        self.marks: list[int] = []
        self.failed: list[bool] = []
        self.ok: bool | None = None  # the givens propagated (None: not yet)

    # -- propagation ------------------------------------------------------------
    def _start(self) -> bool:
        """Propagate the givens once (lazily: constructing a search runs nothing)."""
        if self.ok is None:
            cand = self.cand
            if not all(cand):
                self.ok = False
            else:
                singles = [cell for cell, mask in enumerate(cand) if not mask & (mask - 1)]
                self.ok = self.propagate(singles, set(range(len(self.grid.units))), set(range(len(self.grid.constraints))))
            self.trail.clear()  # what the givens imply is never taken back
        return self.ok

    def assign(self, cell: int, value: int) -> bool:
        """Set ``cell`` to ``value`` and propagate; ``False`` on a contradiction."""
        bit = 1 << (value - 1)
        mask = self.cand[cell]
        if not mask & bit:
            return False
        if mask == bit:
            return True
        self.trail.append((cell, mask))
        self.cand[cell] = bit
        grid = self.grid
        return self.propagate([cell], set(grid.cell_units[cell]), set(grid.cell_constraints[cell]))

    def propagate(self, singles: list[int], units: set[int], constraints: set[int]) -> bool:
        """Naked singles, hidden singles and the puzzle's constraints to a fixpoint.

        ``singles`` are cells newly down to one candidate, ``units`` and
        ``constraints`` those to look at again.  ``False`` on a contradiction
        (the trail still lets the caller take everything back).
        """
        grid = self.grid
        cand, trail = self.cand, self.trail
        peers, cell_units, all_units = grid.peers, grid.cell_units, grid.units
        cell_constraints, all_constraints, full = grid.cell_constraints, grid.constraints, grid.full
        while True:
            while singles:
                cell = singles.pop()
                bit = cand[cell]
                for peer in peers[cell]:
                    mask = cand[peer]
                    if mask & bit:
                        mask ^= bit
                        if not mask:
                            return False
                        trail.append((peer, mask | bit))
                        cand[peer] = mask
                        if not mask & (mask - 1):
                            singles.append(peer)
                        units.update(cell_units[peer])
                        if cell_constraints[peer]:
                            constraints.update(cell_constraints[peer])
            if units:
                cells = all_units[units.pop()]
                once = twice = 0
                for cell in cells:
                    mask = cand[cell]
                    twice |= once & mask
                    once |= mask
                if once != full:
                    return False  # some value fits nowhere in this unit
                hidden = once & ~twice
                if hidden:
                    for cell in cells:
                        mask = cand[cell]
                        single = mask & hidden
                        if single and mask != single:
                            if single & (single - 1):
                                return False  # two values that each fit only here
                            trail.append((cell, mask))
                            cand[cell] = single
                            singles.append(cell)
                            units.update(cell_units[cell])
                            if cell_constraints[cell]:
                                constraints.update(cell_constraints[cell])
                continue
            if constraints:
                index = constraints.pop()
                constraint = all_constraints[index]
                cells = constraint.cells
                narrowed = constraint.narrow([cand[cell] for cell in cells])
                if narrowed is None:
                    return False
                for cell, mask in zip(cells, narrowed):
                    old = cand[cell]
                    if mask != old:
                        if not mask:
                            return False
                        trail.append((cell, old))
                        cand[cell] = mask
                        if not mask & (mask - 1):
                            singles.append(cell)
                        units.update(cell_units[cell])
                        for other in cell_constraints[cell]:
                            if other != index:
                                constraints.add(other)
                continue
            return True

    def rollback(self, mark: int) -> None:
        """Restore every cell changed since the trail was ``mark`` long."""
        cand, trail = self.cand, self.trail
        while len(trail) > mark:
            cell, mask = trail.pop()
            cand[cell] = mask

    def choose(self) -> int:
        """The undecided cell with the fewest candidates (the first of them), or -1."""
        best, fewest = -1, self.n + 1
        for cell, mask in enumerate(self.cand):
            if mask & (mask - 1):
                count = mask.bit_count()
                if count < fewest:
                    best, fewest = cell, count
                    if count == 2:
                        break
        return best

    # -- the five methods ---------------------------------------------------------
    def moves(self, level: int) -> Iterator[tuple[int, int]]:
        if not self._start() or (self.failed and self.failed[-1]):
            return iter(())
        cell = self.choose()
        if cell < 0:
            # Everything is decided by propagation alone: one move confirms it.
            return iter(((0, self.cand[0].bit_length()),))
        return ((cell, bit.bit_length()) for bit in bits(self.cand[cell]))

    def valid(self, level: int, move: tuple[int, int]) -> bool:
        cell, value = move
        return self._start() and 1 <= value <= self.n and bool(self.cand[cell] >> (value - 1) & 1)

    def record(self, level: int, move: tuple[int, int]) -> None:
        self._start()
        self.marks.append(len(self.trail))
        self.failed.append(not self.assign(*move))

    def undo(self, level: int, move: tuple[int, int]) -> None:
        self.failed.pop()
        self.rollback(self.marks.pop())

    def done(self, level: int) -> bool:
        if self.failed[-1]:
            return False
        return all(not mask & (mask - 1) for mask in self.cand)

    def solution(self, path: tuple) -> tuple[tuple[int, ...], ...]:
        n = self.n
        values = [mask.bit_length() for mask in self.cand]
        return tuple(tuple(values[r * n : r * n + n]) for r in range(n))


def random_latin_square(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A random n x n Latin square: random cells get random candidates, with propagation.

    Not uniformly distributed, but far more varied than a shuffled cyclic square;
    a dead end starts again from scratch (rare for the sizes puzzles use).
    """
    while True:
        search = LatinSearch(LatinGrid(n))
        search._start()
        while True:
            open_cells = [cell for cell, mask in enumerate(search.cand) if mask & (mask - 1)]
            if not open_cells:
                return search.solution(())
            cell = rng.choice(open_cells)
            if not search.assign(cell, rng.choice(values_of(search.cand[cell]))):
                break
