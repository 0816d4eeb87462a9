"""Shortest solutions: iterative deepening over the same five methods.

A puzzle whose solutions are move sequences of different lengths (sliding robots,
path finding) subclasses :class:`ShortestSearch` instead of :class:`~backtrack.Search`
and implements the same five methods.  The walk then runs depth-first with a depth
limit of 1, 2, 3, ... moves (up to :attr:`ShortestSearch.max_depth` when set); the
first limit at which solutions exist is the optimal length, and ``solutions()``
yields *every* solution of that length (each distinct move sequence once), so
``first()``, ``count()``, ``verdict()``, ``report`` and the trace work unchanged.

Optional hooks, all with harmless defaults:

* ``lower_bound(level)``: an admissible lower bound on the number of further moves
  needed from the state after the move at ``level`` (``level`` is ``-1`` for the
  start).  A node is not expanded when ``level + 1 + bound`` exceeds the limit;
  ``math.inf`` says "never solvable from here".
* ``begin()`` and ``done_at_start()``: as for every :class:`~backtrack.Search`
  (called when a search starts; whether the start already is a solution, then the
  empty sequence is the one shortest solution).
* ``start_limit(limit)``: called before each iteration (clear a transposition table here).
* ``exhausted(cut)``: after an iteration without solutions, whether deeper limits
  cannot find any either; the default is ``not cut`` (no node was cut off by the
  limit, so the whole tree was searched).  A plugin that prunes by the limit on its
  own must override it.

The report counts attempts over all iterations; it is complete when the optimal
length was searched through (or, with no solution, when the search space was
exhausted: not when it stopped at ``max_depth``).  Each iteration is the engine's
own walk, with the depth limit and the bound cutting it, so a search behaves and
counts attempts exactly as the same five methods do under the engine.  With a ``prefix``, the
solutions are the shortest ones that extend it; so a shortest search is not split
into subtrees (:mod:`backtrack.parallel` counts it in one piece).

A plugin may keep a transposition table in ``valid``/``record``/``undo`` (see
``backtrack_puzzles.ricochet``).  For counting to stay exact it may prune a state
only when it was searched before with *more* moves to go (an earlier iteration
found nothing from it, or this one reached it less deep: a shortest sequence
cannot pass it deeper), or with as many and nothing was found below it.
"""

from __future__ import annotations

import math
from typing import Any, Generator, TextIO

from .engine import Search, Stop
from .walk import BoundMethods, _Walk, replay, take_back

__all__ = ["ShortestSearch"]


class ShortestSearch(Search):
    """A :class:`~backtrack.Search` whose solutions are the shortest move sequences.

    Implement the five methods as for any search; ``done(level)`` says whether the
    moves up to ``level`` reach the goal.  ``max_depth`` (class or instance
    attribute) caps the length tried; :attr:`depth_limit` is the limit of the
    iteration running, for plugins that want to prune by it themselves.
    """

    max_depth: int | None = None
    #: Below a prefix the shortest solutions are those extending it, not the overall ones.
    splittable = False
    #: The depth limit (in moves, counting a prefix) of the iteration running.
    depth_limit: int = 0
    #: The optimal length once an iteration found solutions, else ``None``.
    shortest: int | None = None

    def lower_bound(self, level: int) -> float:
        """A lower bound on the moves still needed after the move at ``level``; default 0."""
        return 0

    def start_limit(self, limit: int) -> None:
        """Called before the iteration with depth limit ``limit`` starts."""

    def exhausted(self, cut: bool) -> bool:
        """After an iteration without solutions: true when deeper limits cannot find any."""
        return not cut

    def _walk(
        self,
        prefix: tuple,
        trace: TextIO | None,
        snapshot: bool,
        deadline: float | None = None,
        frontier_depth: int | None = None,
        watch: Any = None,
    ) -> "_DeepeningWalk":
        if frontier_depth is not None:
            raise ValueError("a shortest-solution search is not split into subtrees")
        return _DeepeningWalk(self, prefix, trace, snapshot, deadline, None, watch)


class _DeepeningWalk(_Walk):
    """Iterative deepening: the engine's walk, once per depth limit, with the limit and the bound as a cut.

    ``complete`` turns false, with ``stopped`` :attr:`~backtrack.Stop.BOUND`, when
    the walk ran out only because of ``max_depth``.
    """

    __slots__ = ()

    def _run(
        self, prefix: tuple, methods: BoundMethods, trace: TextIO | None, snapshot: bool
    ) -> Generator[Any, None, None]:
        search = self.search
        assert isinstance(search, ShortestSearch)
        moves = methods.moves
        bounded = type(search).lower_bound is not ShortestSearch.lower_bound
        bound = search.lower_bound
        search.shortest = None
        path: list = []
        try:
            search.begin()
            solved = replay(prefix, path, methods) if prefix else search.done_at_start()
            base = len(path)
            if solved:
                search.shortest = self.length = base
                yield search.solution(tuple(path)) if snapshot else None
                return
            start = bound(base - 1) if bounded else 0
            if start == math.inf:
                return
            limit = base + max(1, math.ceil(start))
            while search.max_depth is None or limit <= search.max_depth:
                search.depth_limit = limit
                search.start_limit(limit)
                if trace is not None:
                    print(f"depth limit {limit}", file=trace)
                cut = False

                def limited(level: int, limit: int = limit) -> Any:
                    """The moves at ``level``, none at the limit or where the bound says the limit is out of reach."""
                    nonlocal cut
                    if level >= limit:
                        cut = True
                        return ()
                    if bounded and level > base:
                        below = bound(level - 1)
                        if level + below > limit:
                            cut = cut or below != math.inf
                            return ()
                    return moves(level)

                found = 0
                for solution in self._descend(path, base, methods._replace(moves=limited), snapshot):
                    found += 1
                    search.shortest = self.length
                    yield solution
                if found or search.exhausted(cut):
                    return
                limit += 1
            self.complete, self.stopped = False, Stop.BOUND
            self.why = f"no solution within {search.max_depth} moves; longer ones may exist"
        finally:
            # Take back whatever is still recorded (the prefix, or a search stopped early).
            take_back(path, methods.undo)
