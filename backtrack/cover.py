"""Exact cover: a search stated as items and options, searched with dancing links or bitsets.

An exact cover problem has *items* and *options*, each option a set of items.  A
solution is a set of options that holds every *primary* item exactly once and every
*secondary* item at most once.  As in Knuth's Algorithm C (TAOCP 7.2.2.1), a
secondary item of an option may carry a *colour*: options that give the same
secondary item the same colour may both be chosen (the item is then shared), options
that give it different colours (or no colour) may not.

:class:`ExactCoverSearch` takes the items and the options and supplies the five
methods of :class:`~backtrack.Search` (so first, all, count, verdict, limits,
timeouts, traces, replays, parallel counts, checkpoints, estimates and benchmarks
work on it unchanged):

=====================  ==============================================================
``moves(level)``       the options of the primary item with the fewest options left
                       (ties: the first item in the order given), as option numbers
                       counted from 0, in the order given: picklable, the same in a
                       fresh search
``valid(level, o)``    whether option ``o`` is still available (never called by the
                       walk: ``moves_are_valid`` is true)
``record(level, o)``   cover the option's items (purify a coloured secondary item)
``undo(level, o)``     uncover them, in the opposite order
``done(level)``        no primary item is left to cover
=====================  ==============================================================

**Attempts**: every option tried is one attempt (the search's ``moves`` yields only
options still available, so ``valid`` is skipped and each option recorded counts).

The links are Knuth's DLX1/DLX2 layout in parallel lists of ints (``ULINK``,
``DLINK``, ``TOP``, ``LEN``, ``COLOR``; ``LLINK`` and ``RLINK`` for the items), no
node objects.  ``record`` covers every item of the option, its first primary item
first (Knuth covers the chosen item once per node, then the others per option; here
the chosen item is covered again for each option), so that ``record`` needs nothing
that ``moves`` set: a search resumes below any prefix of options, which is how counts
are split over processes.

Two engines search the same tree (the same moves in the same order, so the same
attempts): ``method="links"`` is dancing links as above; ``method="bits"`` keeps the
options still live as the bits of one int and, per primary item, its options as
another, so that choosing an option is one ``&`` with the options that do not
conflict with it (precomputed, colours included) and an item's options left are
counted with ``int.bit_count``.  The bits are much faster in Python (ten times on
the pentominoes) but need options x options bits of tables: the default
(``method=None``) takes them up to :data:`BITS_UP_TO` options, dancing links above.

A subclass usually builds its items and options in ``__init__``, calls
``super().__init__(primary, options, secondary)``, and overrides :meth:`solution`
(the default is the numbers of the chosen options, ascending) and
:meth:`format_move`.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, NamedTuple, Sequence

from .engine import Search

__all__ = ["ExactCoverSearch", "Coloured", "BITS_UP_TO"]

#: Problems of up to this many options are searched with bitsets (``method="bits"``), larger ones with dancing links.
BITS_UP_TO = 12_000


class Coloured(NamedTuple):
    """An entry of an option: a secondary ``item`` with a ``colour`` (Knuth's ``item:colour``)."""

    item: Hashable
    colour: Hashable


class ExactCoverSearch(Search):
    """Exact cover by dancing links or bitsets: ``primary`` and ``secondary`` items, ``options`` over them.

    ``options`` is a sequence of options, each a sequence of entries: an item, or a
    :class:`Coloured` secondary item.  Items are any hashable names (a
    :class:`Coloured` is told from a plain tuple by its type).  ``ValueError`` for an
    item named twice, an option that is empty, names an unknown item or an item
    twice, or gives a primary item a colour.  Option numbers (the moves) count from
    0 in the order given.  ``method`` is ``links`` (dancing links), ``bits``
    (bitsets) or None (bits up to :data:`BITS_UP_TO` options); both make the same
    moves.
    """

    moves_are_valid = True

    def __init__(
        self,
        primary: Iterable[Hashable],
        options: Iterable[Sequence[Any]],
        secondary: Iterable[Hashable] = (),
        method: str | None = None,
    ):
        if method not in (None, "links", "bits"):
            raise ValueError(f"the method is links or bits (None: chosen by size), not {method!r}")
        self.method = method
        self.primary = tuple(primary)
        self.secondary = tuple(secondary)
        self.options: tuple[tuple[Any, ...], ...] = tuple(tuple(option) for option in options)
        #: The numbers of the options chosen so far, in the order chosen.
        self.chosen: list[int] = []
        self._build()

    # -- setting up the links --------------------------------------------------------
    def _build(self) -> None:
        names = self.primary + self.secondary
        index: dict[Hashable, int] = {}
        for number, name in enumerate(names, 1):
            if isinstance(name, Coloured):
                raise ValueError(f"an item cannot be coloured where it is declared: {name!r}")
            if index.setdefault(name, number) != number:
                raise ValueError(f"the item {name!r} is named twice")
        primaries = len(self.primary)
        items = len(names)
        #: The item list: primary items 1..primaries linked from the root 0, secondary ones from items + 1.
        left = [0] * (items + 2)
        right = [0] * (items + 2)
        for i in range(primaries + 1):
            right[i], left[(i + 1) % (primaries + 1)] = (i + 1) % (primaries + 1), i
        head = items + 1
        chain = [head, *range(primaries + 1, items + 1)]
        for k, i in enumerate(chain):
            right[i], left[chain[(k + 1) % len(chain)]] = chain[(k + 1) % len(chain)], i
        up = list(range(items + 2))
        down = list(range(items + 2))
        top = [0] * (items + 2)
        colour = [0] * (items + 2)
        owner = [-1] * (items + 2)
        length = [0] * (items + 2)
        codes: dict[Hashable, int] = {}
        plans: list[tuple[int, tuple, tuple, tuple] | None] = []
        siblings: list[tuple[int, ...]] = [()] * (items + 2)
        for number, option in enumerate(self.options):
            if not option:
                raise ValueError(f"option {number} is empty")
            nodes = tuple(range(len(top), len(top) + len(option)))
            seen: set[int] = set()
            for x, entry in zip(nodes, option, strict=True):
                name, code = entry, 0
                if isinstance(entry, Coloured):
                    name = entry.item
                    if entry.colour is not None:
                        code = codes.setdefault(entry.colour, len(codes) + 1)
                j = index.get(name)
                if j is None:
                    raise ValueError(f"option {number} names {name!r}, which is not an item")
                if j in seen:
                    raise ValueError(f"option {number} names the item {name!r} twice")
                if code and j <= primaries:
                    raise ValueError(f"option {number} gives the primary item {name!r} a colour")
                seen.add(j)
                top.append(j)
                colour.append(code)
                owner.append(number)
                siblings.append(nodes)
                up.append(up[j])
                down.append(j)
                down[up[j]] = x
                up[j] = x
                length[j] += 1
            firsts = [x for x in nodes if top[x] <= primaries]
            if not firsts:
                plans.append(None)  # no primary item: never chosen (Knuth's DLX2 ignores it too)
                continue
            rest = tuple((x, top[x], colour[x]) for x in nodes if x != firsts[0])
            plans.append((top[firsts[0]], nodes, rest, rest[::-1]))
        self._links = (left, right, up, down, top, colour, length, owner, siblings)
        self._plans = plans
        self._coloured = bool(codes)
        self.colours: tuple[Hashable, ...] = tuple(codes)
        if self.method is None:
            self.method = "bits" if len(plans) <= BITS_UP_TO else "links"
        self._bits = self._bitsets(primaries) if self.method == "bits" else None

    def _bitsets(self, primaries: int) -> tuple[list[int], list[int], list[int]]:
        """The bits engine's tables: per primary item its options, per option what stays live and open.

        Options are bits of one int (bit ``o``: option ``o``), primary items bits of
        another.  Two options conflict when they share a primary item or an uncoloured
        secondary item, or give a secondary item two colours; choosing an option
        keeps only the live options that do not conflict with it.
        """
        top, colour = self._links[4], self._links[5]
        owner = self._links[7]
        items = len(self.primary) + len(self.secondary)
        holding = [0] * (items + 1)  # per item, its options; per (item, colour), the options giving it that colour
        tinted: dict[tuple[int, int], int] = {}
        for x in range(items + 2, len(top)):
            holding[top[x]] |= 1 << owner[x]
            if colour[x]:
                tinted[top[x], colour[x]] = tinted.get((top[x], colour[x]), 0) | 1 << owner[x]
        everything = (1 << len(self._plans)) - 1
        keep, shut = [], []
        for plan in self._plans:
            conflict = opened = 0
            for x in plan[1] if plan is not None else ():
                j, c = top[x], colour[x]
                conflict |= holding[j] ^ tinted[j, c] if c else holding[j]
                if j <= primaries:
                    opened |= 1 << (j - 1)
            keep.append(everything ^ conflict)
            shut.append(((1 << primaries) - 1) ^ opened)
        self._live, self._open = everything, (1 << primaries) - 1
        self._saved: list[tuple[int, int]] = []
        self._keep, self._shut = keep, shut
        return holding[1:primaries + 1], keep, shut

    # -- covering and uncovering (Knuth's cover', hide', purify and their inverses) ---
    def _cover(self, i: int) -> None:
        left, right, up, down, top, colour, length, owner, siblings = self._links
        p = down[i]
        if self._coloured:
            while p != i:
                for q in siblings[p]:
                    if q != p and colour[q] >= 0:
                        u = up[q]
                        d = down[q]
                        down[u] = d
                        up[d] = u
                        length[top[q]] -= 1
                p = down[p]
        else:
            while p != i:
                for q in siblings[p]:
                    if q != p:
                        u = up[q]
                        d = down[q]
                        down[u] = d
                        up[d] = u
                        length[top[q]] -= 1
                p = down[p]
        lft = left[i]
        rgt = right[i]
        right[lft] = rgt
        left[rgt] = lft

    def _uncover(self, i: int) -> None:
        left, right, up, down, top, colour, length, owner, siblings = self._links
        right[left[i]] = i
        left[right[i]] = i
        p = up[i]
        if self._coloured:
            while p != i:
                for q in siblings[p]:
                    if q != p and colour[q] >= 0:
                        up[down[q]] = q
                        down[up[q]] = q
                        length[top[q]] += 1
                p = up[p]
        else:
            while p != i:
                for q in siblings[p]:
                    if q != p:
                        up[down[q]] = q
                        down[up[q]] = q
                        length[top[q]] += 1
                p = up[p]

    def _purify(self, x: int) -> None:
        """Keep only the options that give ``x``'s secondary item ``x``'s colour (marked -1), hide the others."""
        left, right, up, down, top, colour, length, owner, siblings = self._links
        c = colour[x]
        j = top[x]
        p = down[j]
        while p != j:
            if colour[p] == c:
                colour[p] = -1
            else:
                for q in siblings[p]:
                    if q != p and colour[q] >= 0:
                        u = up[q]
                        d = down[q]
                        down[u] = d
                        up[d] = u
                        length[top[q]] -= 1
            p = down[p]

    def _unpurify(self, x: int) -> None:
        left, right, up, down, top, colour, length, owner, siblings = self._links
        c = colour[x]
        j = top[x]
        p = up[j]
        while p != j:
            if colour[p] < 0:
                colour[p] = c
            else:
                for q in siblings[p]:
                    if q != p and colour[q] >= 0:
                        up[down[q]] = q
                        down[up[q]] = q
                        length[top[q]] += 1
            p = up[p]

    # -- the five methods ------------------------------------------------------------
    def moves(self, level: int) -> list[int]:
        """The options of the primary item with the fewest left (the first such item), in the order given."""
        if self._bits is not None:
            return self._bits_moves()
        left, right, up, down, top, colour, length, owner, siblings = self._links
        i = right[0]
        best, least = 0, len(top)
        while i:
            n = length[i]
            if n < least:
                best, least = i, n
                if not n:
                    return []
            i = right[i]
        found = []
        p = down[best]
        while p != best:
            found.append(owner[p])
            p = down[p]
        return found

    def valid(self, level: int, move: int) -> bool:
        """Whether option ``move`` can be chosen now: none of its items is covered, and it is not hidden."""
        left, right, up, down, top, colour, length, owner, siblings = self._links
        plan = self._plans[move] if isinstance(move, int) and 0 <= move < len(self._plans) else None
        if plan is None:
            return False
        if self._bits is not None:
            return bool(self._live >> move & 1)
        for x in plan[1]:
            j = top[x]
            if right[left[j]] != j or (colour[x] >= 0 and down[up[x]] != x):
                return False
        return True

    def record(self, level: int, move: int) -> None:
        """Choose option ``move``: cover its first primary item, then commit the others in order."""
        if self._bits is not None:
            self._saved.append((self._live, self._open))
            self._live &= self._keep[move]
            self._open &= self._shut[move]
            self.chosen.append(move)
            return
        i0, _, rest, _ = self._plans[move]  # type: ignore[misc]
        colour = self._links[5]
        self._cover(i0)
        for x, j, c in rest:
            if not c:
                self._cover(j)
            elif colour[x] > 0:
                self._purify(x)
        self.chosen.append(move)

    def undo(self, level: int, move: int) -> None:
        """Take option ``move`` back: everything :meth:`record` did, in the opposite order."""
        if self._bits is not None:
            self._live, self._open = self._saved.pop()
            self.chosen.pop()
            return
        i0, _, _, backwards = self._plans[move]  # type: ignore[misc]
        colour = self._links[5]
        for x, j, c in backwards:
            if not c:
                self._uncover(j)
            elif colour[x] > 0:
                self._unpurify(x)
        self._uncover(i0)
        self.chosen.pop()

    def done(self, level: int) -> bool:
        """Whether every primary item is covered."""
        return not self._open if self._bits is not None else self._links[1][0] == 0

    def done_at_start(self) -> bool:
        """Without primary items, choosing nothing is the one solution."""
        return self._links[1][0] == 0

    def _bits_moves(self) -> list[int]:
        """:meth:`moves` of the bits engine: the same item and options as the links find, counted by bit_count."""
        holding = self._bits[0]  # type: ignore[index]
        live = self._live
        left = self._open
        best, least = 0, len(self._plans) + 1
        while left:
            low = left & -left
            item = low.bit_length() - 1
            n = (holding[item] & live).bit_count()
            if n < least:
                best, least = item, n
                if not n:
                    return []
            left ^= low
        found = []
        options = holding[best] & live
        while options:
            low = options & -options
            found.append(low.bit_length() - 1)
            options ^= low
        return found

    # -- what users see ------------------------------------------------------------------
    def solution(self, path: tuple) -> Any:
        """The numbers of the chosen options, ascending (a set: the order they were chosen in does not matter)."""
        return tuple(sorted(path))

    def option_text(self, number: int) -> str:
        """Option ``number`` as Knuth's programs write it: its items separated by blanks, ``item:colour``."""
        return " ".join(f"{entry.item}:{entry.colour}" if isinstance(entry, Coloured) and entry.colour is not None
                        else str(entry.item if isinstance(entry, Coloured) else entry)
                        for entry in self.options[number])

    def format_move(self, level: int, move: int) -> str:
        """The option tried, as its items (``a c x:A``)."""
        return self.option_text(move)
