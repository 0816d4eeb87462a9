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

The candidates are also kept by value: for each value, the *board* of the cells
where it is still possible (one integer, bit ``c`` for cell ``c``).  With both
views, the peers that must lose a value are one ``&`` of two boards, and so are
the places left for a value in a unit; and only what a change can affect is
looked at again (a value taken from a cell can only become a hidden single in
that cell's units).  :class:`LatinSearch` is the search, a
:class:`~backtrack.PropagatingSearch`: a decision sets the undecided cell with
the fewest candidates (among cells with two, the one with the most such peers)
to one of its values, in ascending order, and propagates; the state before a
decision is kept as a copy, which rolling back puts back.

:class:`UniquenessBudget` bounds the uniqueness checks of the puzzles'
generators by a number of attempts, so that a generator ends, and ends with the
same puzzle for the same seed on any machine.

The puzzles' pictures share their digits: :func:`draw_values` writes givens in
ink, the values a search placed in the ``placed`` colour and, in the middle of a
search, the candidates of the open cells small (the form
:meth:`LatinSearch.partial` gives); :func:`draw_decision` marks the cell a
decision sets, with the value it tries.

What the puzzles' answers and shared formats have in common is here too:
:func:`read_values` reads a row of an answer as ``render`` prints it (``.`` for
an empty cell, read as 0, which the checkers report), :func:`read_rows` a grid of them; :func:`pzprv3_value` reads
a cell of a pzprv3 file's answer part (pencil marks and background colours are a
player's notes, read as no value); :func:`read_tatham_params` reads the
parameters ``N[dD][FLAGS]`` of Tatham's Towers and Keen (where the values of a
puzz.link URL and its size stand, for messages, :mod:`backtrack.formats` says:
:func:`~backtrack.formats.number16_places`, :attr:`~backtrack.formats.PuzzLink.size_at`
and :attr:`~backtrack.formats.Pzprv3File.size_line`).

This module is not a puzzle of its own, so it has only some of the parts every
puzzle module has (see :mod:`backtrack.puzzle`), in the same order and under
the same numbers, so that the shared search is part 7 here as in the puzzles:
1 the model (values as bits, the constraints, the grid and its units), 3 the
text form (reading answers), 4 the formats, 5 the picture, 6 the checker (the
Latin rule), 7 the search and 8 what the generators share.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import random
import re
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from backtrack import AttemptBudget, InputError, PropagatingSearch, Search, quoted
from backtrack.formats import Pzprv3Item, TathamId, decode_tatham_size
from backtrack.svg import PALETTE, Grid

__all__ = [
    "Constraint", "LatinGrid", "LatinSearch", "LatinState", "Table", "UniquenessBudget", "bits", "draw_decision",
    "draw_values", "pzprv3_value", "random_latin_square", "read_rows", "read_tatham_params", "read_values",
    "values_of",
]

# Vocabulary: a *cell* is its number ``row * n + col`` (row and col from 0); a *value* is 1..n; a *unit*
# is n cells that hold each value once (a row, a column, or a unit a puzzle adds: Sudoku's boxes); the
# *peers* of a cell share a unit with it.  A *mask* has bit ``v - 1`` set for each value ``v`` still
# possible in a cell (its *candidates*); a *board* has bit ``c`` set for each cell ``c`` of a set of cells.


# -- 1. the model: values as bits, the constraints, the grid ---------------------------------------


def bits(mask: int) -> Iterator[int]:
    """The single bits of ``mask``, lowest first."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


@functools.lru_cache(maxsize=1 << 12)
def values_of(mask: int) -> tuple[int, ...]:
    """The values (1-based) whose bits are set in ``mask``, ascending (cached: the search asks at every node)."""
    return tuple(bit.bit_length() for bit in bits(mask))


class Constraint:
    """A puzzle constraint over some cells, beyond "each value once per unit".

    Subclasses set ``cells`` (cell numbers, ``row * n + col``) and implement
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

    def deferred(self, masks: list[int]) -> list[int] | None:
        """The narrowing while enumerating is deferred: the masks as they are (the default).

        A subclass may narrow with a cheaper rule instead; like :meth:`narrow`, it
        must only remove values that no allowed tuple uses, and return a fixpoint
        of itself (it is not asked again until one of its cells changes).
        """
        return masks

    def pack(self, masks: Sequence[int]) -> int:
        """The masks as one integer, cell ``i`` at bits ``i * n`` and up."""
        packed, n = 0, self.n
        for i, mask in enumerate(masks):
            packed |= mask << (i * n)
        return packed

    def narrow(self, masks: list[int]) -> list[int] | None:
        """Every cell narrowed to the values of the tuples that fit ``masks``; ``None`` when none fits."""
        packed = self.pack(masks)
        stack = self._stack
        while stack and stack[-1][0] & packed != packed:
            stack.pop()
        if not stack:
            if self.defer(masks):
                return self.deferred(masks)
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

    What the search looks up is precomputed here, and shared by every grid of
    the same shape.  A set of cells is also one integer, bit ``c`` for cell ``c``
    (a *board*): ``peer_board[cell]`` and ``unit_board[u]``.  A set of units is an
    integer too, bit ``u`` for unit ``u``: ``unit_bits[cell]``, the units of a cell.
    ``constraint_bits[cell]`` has bit ``i`` for each constraint ``i`` on the cell.
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
        extra = units if isinstance(units, tuple) else tuple(tuple(unit) for unit in units)
        shape = _shape(n, extra)
        self.units, self.cell_units, self.peers = shape.units, shape.cell_units, shape.peers
        self.unit_board, self.peer_board, self.unit_bits = shape.unit_board, shape.peer_board, shape.unit_bits
        self.constraints: list[Constraint] = list(constraints)
        self.cell_constraints: list[tuple[int, ...]] = [()] * size
        self.constraint_bits: tuple[int, ...] | list[int] = shape.no_bits
        if self.constraints:
            self.constraint_bits = [0] * size
            for index, constraint in enumerate(self.constraints):
                for cell in constraint.cells:
                    self.cell_constraints[cell] += (index,)
                    self.constraint_bits[cell] |= 1 << index


class _Shape(NamedTuple):
    """What every grid of one size and set of units shares (see :class:`LatinGrid`)."""

    units: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    unit_board: tuple[int, ...]
    peer_board: tuple[int, ...]
    unit_bits: tuple[int, ...]
    no_bits: tuple[int, ...]


@functools.lru_cache(maxsize=32)
def _shape(n: int, extra: tuple[tuple[int, ...], ...]) -> _Shape:
    """The lookup tables of a grid of size ``n`` with ``extra`` units (see :class:`LatinGrid`)."""
    size = n * n
    rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
    columns = [tuple(range(c, size, n)) for c in range(n)]
    units = rows + columns + [tuple(unit) for unit in extra]
    for unit in units:
        if len(unit) != n or len(set(unit)) != n or not all(0 <= cell < size for cell in unit):
            raise ValueError(f"a unit must hold {n} different cells: {unit}")
    cell_units: list[tuple[int, ...]] = [() for _ in range(size)]
    for index, unit in enumerate(units):
        for cell in unit:
            cell_units[cell] += (index,)
    peers = [tuple(sorted({p for u in cell_units[cell] for p in units[u]} - {cell})) for cell in range(size)]
    return _Shape(
        units=tuple(units),
        cell_units=tuple(cell_units),
        peers=tuple(peers),
        unit_board=tuple(sum(1 << cell for cell in unit) for unit in units),
        peer_board=tuple(sum(1 << peer for peer in cell_peers) for cell_peers in peers),
        unit_bits=tuple(sum(1 << index for index in cell_units[cell]) for cell in range(size)),
        no_bits=(0,) * size,
    )


# -- 3. the text form: reading the answers render prints -------------------------------------------


def read_values(line: str, number: int, n: int, source: str, *, what: str = "value", offset: int = 0,
                name: Callable[[str], int | None] | None = None, empty: str = "an empty cell") -> list[int]:
    """The ``n`` values of one row of an answer, as ``render`` prints them; 0 for an empty cell (``.``).

    The row is read token by token (values separated by blanks) when it holds
    ``n`` tokens, else character by character (blanks left out: ``1234``,
    ``12 34``), which needs values of one character.  ``name`` reads a token
    (None when it is no value); by default a whole number from 1 to ``n``.
    ``empty`` says what ``.`` stands for, in messages.
    ``line`` may be part of a longer line starting ``offset`` characters in:
    errors name ``number`` and the column in the whole line.  An
    :class:`~backtrack.InputError` for a row that does not fit (too few or too
    many values, a character that is no value).
    """

    def value_of(token: str) -> int | None:
        if name is not None:
            return name(token)
        digits = token.lstrip("0")
        if token.isascii() and token.isdigit() and len(digits) <= 2 and 1 <= int(token) <= n:
            return int(token)
        return None

    pieces = [(match.start(), match.group()) for match in itertools.islice(re.finditer(r"\S+", line), n + 1)]
    if len(pieces) != n:
        chars = ((start + i, char) for start, piece in pieces for i, char in enumerate(piece))
        single = list(itertools.islice(chars, n + 1))
        if len(single) == n or len(pieces) < n:
            pieces = single
    if len(pieces) > n:
        raise InputError(f"expected {n} {what}s in this row, found more", source, number, offset + pieces[n][0] + 1)
    if len(pieces) < n:
        raise InputError(f"expected {n} {what}s in this row, found {len(pieces)}", source, number,
                         offset + len(line.rstrip()) + 1)
    values = []
    for start, token in pieces:
        if token == ".":
            values.append(0)
            continue
        value = value_of(token)
        if value is None:
            raise InputError(f"expected a {what} from 1 to {n} (or . for {empty}), found {quoted(token)}",
                             source, number, offset + start + 1)
        values.append(value)
    return values


def read_rows(text: str, n: int, source: str, *, what: str = "value") -> tuple[tuple[int, ...], ...]:
    """An answer of ``n`` rows of ``n`` values (see :func:`read_values`), one row per line.

    Blank lines and lines starting with ``#`` are skipped.  An
    :class:`~backtrack.InputError` naming the line for a wrong number of rows.
    """
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) > n:
        raise InputError(f"expected {n} rows of {n} {what}s, found more rows", source, lines[n][0])
    if len(lines) < n:
        raise InputError(f"expected {n} rows of {n} {what}s, found {len(lines)}", source,
                         lines[-1][0] if lines else None)
    return tuple(tuple(read_values(line, number, n, source, what=what)) for number, line in lines)


# -- 4. the formats: what the puzzles' pzprv3, Tatham and puzz.link readers share ------------------


def filled_in(givens: Sequence[Sequence[int]], entered: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...] | None:
    """The answer of a pzprv3 file: the givens with the values entered around them (0: empty); None if none entered."""
    if not any(any(row) for row in entered):
        return None
    return tuple(tuple(given or value for given, value in zip(given_row, entered_row, strict=True))
                 for given_row, entered_row in zip(givens, entered, strict=True))


#: The marks a pzprv3 answer part may hold in a cell without a value: pzprjs's background
#: colours (``+ - = %``) and ``.`` for nothing.
PZPRV3_NOTES = frozenset({".", "+", "-", "=", "%"})


def pzprv3_value(item: Pzprv3Item, n: int, what: str = "a value") -> int:
    """A cell of a pzprv3 file's answer part: the value the player entered (1 to ``n``), 0 for none.

    Pencil marks (``.[1,,3,]``, pzprjs's small numbers) and the background
    colours ``+ - = %`` are notes: they read as no value.  An
    :class:`~backtrack.InputError` at the item for anything else.
    """
    text = item.text.partition("[")[0]
    if text in PZPRV3_NOTES or not text:
        return 0
    return dataclasses.replace(item, text=text).number(1, n, what)


def read_tatham_params(tid: TathamId, *, game: str, difficulties: str, flags: str = "", low: int = 3,
                       high: int = 9) -> tuple[int, str]:
    """The size ``N`` of Tatham's parameters ``N[dD][FLAGS]`` (Towers, Keen), and the flags given.

    ``D`` is one of ``difficulties`` (harmless: how hard the game made it);
    ``flags`` are the letters allowed after it, each once and in order (Keen's
    ``m``, multiplication only).  ``N`` must be from ``low`` to ``high``, as the
    game allows; anything else is an :class:`~backtrack.InputError` at its column.
    """
    text, source, end = tid.text, tid.source, tid.params_end
    games = f"{game}'" if game.endswith("s") else f"{game}'s"
    n, _, index = decode_tatham_size(text, tid.params_start, end, source=source)
    if text[tid.params_start:index].count("x"):
        raise InputError(f"expected {games} parameters N[dD] (one size: the grid is N x N), found "
                         f"{quoted(tid.params)}", source, 1, text.index("x", tid.params_start) + 1)
    if not low <= n <= high:
        raise InputError(f"{games} grids are {low} x {low} to {high} x {high}, not {n} x {n}", source, 1,
                         tid.params_start + 1)
    if index < end and text[index] == "d":
        if index + 1 >= end or text[index + 1] not in difficulties:
            raise InputError(f"expected a difficulty after 'd' ({', '.join(difficulties)})", source, 1, index + 2)
        index += 2
    given = ""
    for flag in flags:
        if index < end and text[index] == flag:
            given += flag
            index += 1
    if index < end:
        allowed = "N[d" + "|".join(difficulties) + "]" + "".join(f"[{flag}]" for flag in flags)
        raise InputError(f"unexpected {text[index]!r} in {games} parameters (expected {allowed})", source, 1,
                         index + 1)
    return n, given


# -- 5. the picture: what draw and draw_move share (SVG, through backtrack.svg) --------------------


#: What the puzzles draw: rows of cells, each a value (decided) or, in the middle of a
#: search, the tuple of values still open for it, ascending (see :meth:`LatinSearch.partial`).
#: A solution is the same with a value in every cell.
LatinState = Sequence[Sequence[int | Sequence[int]]]

#: The colour of the small candidates of open cells (lighter than a value, darker than the grid lines).
CANDIDATE_COLOUR = "#66717f"
#: The smallest font (pixels) candidates are written in; a grid whose cells leave less shows none.
MIN_CANDIDATE_FONT = 8.5


def draw_values(
    grid: Grid,
    givens: Sequence[Sequence[int]] | None,
    state: LatinState | None,
    *,
    name: Callable[[int], str] = str,
    pencil: tuple[float, float, float, float] = (0.07, 0.07, 0.86, 0.86),
) -> None:
    """Write the values of a Latin-square puzzle into ``grid``.

    A given (non-zero in ``givens``) is written in ink (class ``given``), a value
    of ``state`` that is not given in the ``placed`` colour (class ``placed``); an
    open cell of a partial state (a tuple of values) holds its candidates small,
    each in its own place as a player pencils them (class ``candidate``), within
    ``pencil`` (left, top, width, height, as fractions of the cell), when they fit
    in :data:`MIN_CANDIDATE_FONT` or more; an open cell with no value left (a
    contradiction) is shaded (class ``wrong``).  ``name`` writes a value (Sudoku
    writes 10 as ``A``).  ``state`` None is the puzzle alone: the givens.
    """
    n = grid.rows
    across = math.isqrt(n - 1) + 1 if n > 1 else 1  # candidates per line of a cell's pencil marks
    down = -(-n // across)
    left, top, width, height = (fraction * grid.cell for fraction in pencil)
    slot_width, slot_height = width / across, height / down
    font = min(slot_height * 0.92, slot_width * 1.1)
    for r in range(n):
        for c in range(n):
            given = givens[r][c] if givens is not None else 0
            held = state[r][c] if state is not None else given
            if given:
                grid.text(r, c, name(given), kind="given", colour=PALETTE["given"])
            elif isinstance(held, int):
                if held:
                    grid.text(r, c, name(held), kind="placed", colour=PALETTE["placed"])
            elif not held:
                grid.fill(r, c, PALETTE["wrong"], kind="wrong", opacity=0.25)
            elif font >= MIN_CANDIDATE_FONT:
                x0, y0 = grid.x(c) + left, grid.y(r) + top
                for value in held:
                    down_at, across_at = divmod(value - 1, across)
                    x, y = x0 + (across_at + 0.5) * slot_width, y0 + (down_at + 0.5) * slot_height
                    grid.add(f'<text class="candidate" x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" '
                             f'text-anchor="middle" dominant-baseline="central" fill="{CANDIDATE_COLOUR}">'
                             f"{name(value)}</text>")


def draw_decision(grid: Grid, move: tuple[int, int], name: Callable[[int], str] = str) -> str:
    """The fragment marking a decision ``(cell, value)``: its cell highlighted, the value tried in a small disc.

    The disc sits on the cell's top right corner, clear of the value written in
    the middle (class ``tried``); ``grid`` only gives the coordinates.
    """
    cell, value = move
    row, col = divmod(cell, grid.columns)
    radius = max(0.22 * grid.cell, 8.0)
    x, y = grid.x(col + 1) - 0.04 * grid.cell, grid.y(row) + 0.04 * grid.cell
    return (grid.highlight(row, col)
            + f'<g class="tried"><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{PALETTE["highlight"]}"/>'
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{1.2 * radius:.1f}" font-weight="bold" text-anchor="middle" '
            f'dominant-baseline="central" fill="{PALETTE["paper"]}">{name(value)}</text></g>')


# -- 6. the checker: the Latin rule, as the checkers share it --------------------------------------


def line_units(n: int) -> list[tuple[str, list[tuple[int, int]]]]:
    """The rows and columns of an n x n grid as :func:`repeated_in_units` takes them: ``("row 1", cells)`` ..."""
    rows = [(f"row {r + 1}", [(r, c) for c in range(n)]) for r in range(n)]
    return rows + [(f"column {c + 1}", [(r, c) for r in range(n)]) for c in range(n)]


def repeated_in_units(solution: Sequence[Sequence[object]], units: Sequence[tuple[str, Sequence[tuple[int, int]]]],
                      name: Callable[[int], str], *, by_value: bool = True) -> list[str]:
    """The checkers' Latin rule: each value of 1..N at most once in every unit (a row, a column, a box).

    ``units`` are ``(how the message names it, its cells)``; ``name(value)`` is how
    the puzzle writes a value.  One message per value that repeats, naming its
    cells (rows and columns counted from 1): ``row 4 holds 7 twice: at row 4,
    column 2 and row 4, column 9``.  Within a unit the values come in ascending
    order, or with ``by_value=False`` in the order of their first cell.  Anything
    that is not a value of 1..N (an empty cell, a wrong entry) is left to the
    caller.  It shares no code with the search: the checkers stay independent.
    """
    n = len(solution)

    def at(r: int, c: int) -> str:
        return f"row {r + 1}, column {c + 1}"

    problems = []
    for where, cells in units:
        seen: dict[int, list[tuple[int, int]]] = {}
        for r, c in cells:
            value = solution[r][c]
            if isinstance(value, int) and 1 <= value <= n:
                seen.setdefault(value, []).append((r, c))
        for value in sorted(seen) if by_value else seen:
            places = seen[value]
            if len(places) > 1:
                times = "twice" if len(places) == 2 else f"{len(places)} times"
                listed = ", ".join(at(r, c) for r, c in places[:-1]) + " and " + at(*places[-1])
                problems.append(f"{where} holds {name(value)} {times}: at {listed}")
    return problems


# -- 7. the search ---------------------------------------------------------------------------------


class LatinSearch(PropagatingSearch):
    """Propagate, then decide the most constrained cell; a decision is ``(cell, value)``.

    The :class:`~backtrack.PropagatingSearch` parts: :meth:`start` propagates
    the givens, :meth:`branch` offers the values of the cell :meth:`choose`
    picks (``None`` when every cell is decided), :meth:`decide` sets a cell to a
    value and propagates, and :meth:`mark` and :meth:`rollback` keep and put
    back copies of the state.  :meth:`solution` is the grid as a tuple of rows
    of values.

    The candidates are kept twice over, as in the two ways of reading a
    pencil-marked grid: ``cand[cell]`` has bit ``v - 1`` for each value ``v``
    still possible in the cell, and ``places[v - 1]`` is the board of the cells
    where ``v`` is still possible.  The peers that must lose a value, and the
    places left for a value in a unit, are then one ``&`` away.  ``solved[v - 1]``
    has a bit per unit where ``v`` is placed, so that those units are never looked
    at again for ``v``.  The state before a decision is kept as a copy of the
    three lists: for grids of a few hundred cells, that costs less than noting
    every single change on a trail.
    """

    def __init__(self, grid: LatinGrid):
        self.grid = grid
        self.n = grid.n
        self.cand: list[int] = list(grid.masks)
        self.places: list[int] = [0] * grid.n
        #: Per value, the units where it is placed (and gone from every other cell).
        self.solved: list[int] = [0] * grid.n
        #: While propagating: per value, the units to look at again for its places.
        self.recheck: list[int] = [0] * grid.n

    # -- the propagating search's parts -------------------------------------------------
    def start(self) -> bool:
        """Take the givens' values from their units in one sweep, then propagate the rest.

        A given (any cell with a single candidate) removes its value from every
        other cell of its units: done unit by unit rather than peer by peer, as
        the cheap way to start.  Then every value's places are looked at in every
        unit where it is not placed (hidden singles); after that, only what
        changes is looked at again.  ``False`` when the givens contradict each other.
        """
        grid, cand, places = self.grid, self.cand, self.places
        if not all(cand):
            return False
        decided = [cell for cell, mask in enumerate(cand) if not mask & (mask - 1)]
        # Where each value may go: first as the starting masks of the open cells say.
        open_masks = {mask for mask in set(cand) if mask & (mask - 1)}
        boards: dict[int, int] = {}  # mask -> the board of the open cells with it
        if len(open_masks) == 1:  # all alike, as in a Sudoku
            boards[open_masks.pop()] = ((1 << len(cand)) - 1) & ~sum(1 << cell for cell in decided)
        else:
            for cell, mask in enumerate(cand):
                if mask & (mask - 1):
                    boards[mask] = boards.get(mask, 0) | 1 << cell
        for mask, board in boards.items():
            for bit in bits(mask):
                places[bit.bit_length() - 1] |= board
        taken = [0] * len(grid.units)  # per unit, the values given in it
        cell_units, peer_board, unit_bits, solved = grid.cell_units, grid.peer_board, grid.unit_bits, self.solved
        for cell in decided:
            bit = cand[cell]
            for index in cell_units[cell]:
                if taken[index] & bit:
                    return False  # a value given twice in this unit
                taken[index] |= bit
            value = bit.bit_length() - 1
            places[value] = (places[value] | 1 << cell) & ~peer_board[cell]
            solved[value] |= unit_bits[cell]
        singles = []
        for cell, mask in enumerate(cand):
            if mask & (mask - 1):
                for index in cell_units[cell]:
                    mask &= ~taken[index]
                if not mask & (mask - 1):
                    if not mask:
                        return False
                    singles.append(cell)
                cand[cell] = mask
        # Hidden singles: every value's places in every unit where it is not placed.
        every = (1 << len(grid.units)) - 1
        self.recheck = [every & ~units for units in solved]
        pending = grid.full
        return self.propagate(singles, pending, (1 << len(grid.constraints)) - 1)

    def branch(self) -> list[tuple[int, int]] | None:
        """The values of the cell :meth:`choose` picks, ascending; ``None`` when every cell is decided."""
        cell = self.choose()
        if cell < 0:
            return None
        return [(cell, value) for value in values_of(self.cand[cell])]

    def decide(self, decision: tuple[int, int]) -> bool:
        """Set ``cell`` to ``value`` and propagate; ``False`` on a contradiction (or no such cell or value)."""
        cell, value = decision
        if not (0 <= cell < len(self.cand) and 1 <= value <= self.n):
            return False
        return self.assign(cell, value)

    def mark(self) -> tuple[list[int], list[int], list[int]]:
        """The state as it is, kept for :meth:`rollback`; the search goes on with copies of it.

        Every change after :meth:`start` is made by a decision, and every
        decision is made after a mark: so the lists handed to a mark are never
        changed again, rolling back takes them as they are, without copying, and
        a mark (the root's) can be rolled back to more than once.
        """
        kept = self.cand, self.places, self.solved
        self.cand, self.places, self.solved = self.cand[:], self.places[:], self.solved[:]
        return kept

    def rollback(self, mark: tuple[list[int], list[int], list[int]]) -> None:
        """Go back to the state of ``mark`` (see :meth:`mark`)."""
        self.cand, self.places, self.solved = mark

    def solution(self, path: tuple) -> tuple[tuple[int, ...], ...]:
        """The grid as a tuple of rows of values (every cell is decided)."""
        n = self.n
        values = [mask.bit_length() for mask in self.cand]
        return tuple(tuple(values[r * n : r * n + n]) for r in range(n))

    def partial(self, path: tuple) -> tuple[tuple[int | tuple[int, ...], ...], ...]:
        """The grid so far, for a picture (a :data:`LatinState`): rows of cells, read off the current candidates.

        A cell down to one value (a given, a decision or a deduction) is that
        value; an open cell is the tuple of its candidates, ascending (empty in a
        contradiction).  Nothing of the search's state is changed.
        """
        n = self.n
        cells = [mask.bit_length() if mask and not mask & (mask - 1) else tuple(bit.bit_length() for bit in bits(mask))
                 for mask in self.cand]
        return tuple(tuple(cells[r * n : r * n + n]) for r in range(n))

    def format_move(self, level: int, move: tuple[int, int]) -> str:
        """A decision as a player says it: ``5 in row 3, column 7`` (rows and columns counted from 1)."""
        cell, value = move
        row, col = divmod(cell, self.n)
        return f"{self.value_name(value)} in row {row + 1}, column {col + 1}"

    def value_name(self, value: int) -> str:
        """How a value is written in the puzzle's own text (the number; Sudoku uses letters above 9)."""
        return str(value)

    # -- propagation and the branching choice ---------------------------------------------
    def _keep(self, cell: int, mask: int) -> int:
        """Narrow ``cell`` to the values of ``mask`` in both views; the values it lost.

        Each lost value's places in the cell's units must be looked at again.
        """
        lost = self.cand[cell] & ~mask
        self.cand[cell] = mask
        places, recheck = self.places, self.recheck
        board, units = 1 << cell, self.grid.unit_bits[cell]
        rest = lost
        while rest:
            value = rest.bit_length() - 1
            rest ^= 1 << value
            places[value] ^= board
            recheck[value] |= units
        return lost

    def assign(self, cell: int, value: int) -> bool:
        """Set ``cell`` to ``value`` (from 1 to n) and propagate; ``False`` on a contradiction.

        It changes the state in place: a search calls it through :meth:`decide`,
        after a mark; :func:`random_latin_square` calls it on a search of its own.
        """
        bit = 1 << (value - 1)
        mask = self.cand[cell]
        if not mask & bit:
            return False
        if mask == bit:
            return True
        self.recheck = [0] * self.n
        lost = self._keep(cell, bit)
        return self.propagate([cell], lost, self.grid.constraint_bits[cell])

    def propagate(self, singles: list[int], pending: int, dirty: int) -> bool:
        """Naked singles, hidden singles and the puzzle's constraints to a fixpoint.

        ``singles`` are cells newly down to one value, which their peers must
        lose.  ``pending`` has a bit per value whose places must be looked at
        again in the units ``self.recheck[value]``: a value with one place left in
        a unit goes there (a hidden single).  ``dirty`` has bit ``i`` when
        constraint ``i`` must narrow its cells again.  The cheapest rule runs
        first: all naked singles, then one value's hidden singles, then one
        constraint, and round again.  ``False`` on a contradiction (the caller
        rolls back to its mark).
        """
        grid = self.grid
        cand, places, recheck, solved = self.cand, self.places, self.recheck, self.solved
        peer_board, unit_board = grid.peer_board, grid.unit_board
        unit_bits, constraint_bits = grid.unit_bits, grid.constraint_bits
        keep = self._keep
        constrained = bool(grid.constraints)
        while True:
            while singles:
                # A naked single: its value leaves every peer that still has it.
                cell = singles.pop()
                bit = cand[cell]
                value = bit.bit_length() - 1
                solved[value] |= unit_bits[cell]
                hit = places[value] & peer_board[cell]
                if hit:
                    places[value] ^= hit
                    if constrained:
                        dirty |= self._constraints_on(hit)
                    touched = 0
                    while hit:
                        peer = hit.bit_length() - 1
                        hit ^= 1 << peer
                        mask = cand[peer] ^ bit
                        if not mask & (mask - 1):
                            if not mask:
                                return False
                            singles.append(peer)
                        cand[peer] = mask
                        touched |= unit_bits[peer]
                    # Units where the value is placed need no look.
                    recheck[value] |= touched & ~solved[value]
                    pending |= bit
            if pending:
                # Hidden singles: the value needs a place in each unit, and when
                # only one is left the value goes there.
                bit = pending & -pending
                pending ^= bit
                value = bit.bit_length() - 1
                units = recheck[value] & ~solved[value]
                recheck[value] = 0
                board = places[value]  # (what the loop changes are other values' places)
                while units:
                    unit = units.bit_length() - 1
                    units ^= 1 << unit
                    where = board & unit_board[unit]
                    if where & (where - 1):
                        continue
                    if not where:
                        return False  # the value fits nowhere in this unit
                    cell = where.bit_length() - 1
                    if cand[cell] != bit:
                        pending |= keep(cell, bit)
                        singles.append(cell)
                        dirty |= constraint_bits[cell]
                continue
            if not dirty:
                return True
            # A puzzle constraint narrows its cells.
            low = dirty & -dirty
            dirty ^= low
            constraint = grid.constraints[low.bit_length() - 1]
            cells = constraint.cells
            narrowed = constraint.narrow([cand[cell] for cell in cells])
            if narrowed is None:
                return False
            for cell, mask in zip(cells, narrowed, strict=True):
                if mask != cand[cell]:
                    if not mask & (mask - 1):
                        if not mask:
                            return False
                        singles.append(cell)
                    pending |= keep(cell, mask)
                    dirty |= constraint_bits[cell]
            dirty &= ~low  # its own narrowing is already a fixpoint for it

    def _constraints_on(self, board: int) -> int:
        """The bits of the constraints on the cells of ``board``."""
        constraint_bits, found = self.grid.constraint_bits, 0
        while board:
            low = board & -board
            board ^= low
            found |= constraint_bits[low.bit_length() - 1]
        return found

    def choose(self) -> int:
        """The undecided cell to decide next, or -1 when every cell is decided.

        A cell with the fewest candidates; among cells with two (the usual
        case, found all at once from the value boards: the cells in exactly two
        of them), the one with the most such cells among its peers (the first
        of those), as either of its values then settles the most.  On the
        published hard Sudoku sets this needs a third fewer attempts than
        taking the first such cell.
        """
        once = twice = thrice = 0
        for board in self.places:
            thrice |= twice & board
            twice |= once & board
            once |= board
        pairs = twice & ~thrice
        if pairs:
            peer_board = self.grid.peer_board
            best, most, rest = -1, -1, pairs
            while rest:
                low = rest & -rest
                rest ^= low
                cell = low.bit_length() - 1
                count = (peer_board[cell] & pairs).bit_count()
                if count > most:
                    best, most = cell, count
            return best
        if not twice:
            return -1  # every cell is down to one value
        best, fewest = -1, self.n + 1
        for cell, mask in enumerate(self.cand):
            if mask & (mask - 1):
                count = mask.bit_count()
                if count < fewest:
                    best, fewest = cell, count
                    if count == 3:  # no cell has two (see above)
                        break
        return best


# -- 8. the generator: what the generators share ---------------------------------------------------


class UniquenessBudget:
    """A generator's uniqueness checks, bounded by a number of attempts (decisions tried), not by time.

    A generator takes givens or clues away while :meth:`unique` proves that the
    solution stays unique.  Some checks of large grids need a long search; each
    check may make at most ``per_check`` attempts and all of them together at
    most ``total``.  A check costs the attempts it makes, and at least one (a
    check that the givens settle alone too), so that the total bounds the number
    of checks as well.  A check that runs out is not a proof, so the given stays:
    the puzzle made is still unique, just not as sparse.  Attempts, unlike
    seconds, make the same puzzle from the same seed on every machine.
    """

    def __init__(self, per_check: int, total: int):
        self.per_check = per_check
        self.left = total

    def unique(self, search: Search) -> bool:
        """Whether ``search`` has exactly one solution, proven within the budget (``False`` when not proven)."""
        allowed = min(self.per_check, self.left)
        if allowed <= 0:
            return False
        budget = AttemptBudget(allowed)
        try:
            return search.count(limit=2, watch=budget.watch) == 1 and not budget.exhausted
        finally:
            self.left -= max(1, budget.used)


def random_latin_square(n: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A random n x n Latin square: random cells get random candidates, with propagation.

    Not uniformly distributed, but far more varied than a shuffled cyclic square;
    a dead end starts again from scratch (rare for the sizes puzzles use).
    """
    while True:
        search = LatinSearch(LatinGrid(n))
        search.start()
        while True:
            open_cells = [cell for cell, mask in enumerate(search.cand) if mask & (mask - 1)]
            if not open_cells:
                return search.solution(())
            cell = rng.choice(open_cells)
            if not search.assign(cell, rng.choice(values_of(search.cand[cell]))):
                break
