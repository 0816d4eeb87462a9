"""The walk: the iterative depth-first walk over the methods of a search, bound once.

:func:`bound_methods` binds the five methods of a search (wrapped by a
:data:`Watch`, a trace or a deadline) into :class:`BoundMethods`; ``_Walk`` drives
them, by the rules :mod:`backtrack.engine` states, and hands out the solutions.
Nothing here knows any puzzle, and nothing here calls pluggy: this module is the
per-attempt hot loop.  :class:`~backtrack.engine.Search` builds its walks from it.
"""

from __future__ import annotations

import enum
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable, NamedTuple, Sequence, TextIO

if TYPE_CHECKING:
    from .engine import Search

__all__ = [
    "Stop",
    "StopSearch",
    "PrefixError",
    "BoundMethods",
    "Watch",
    "bound_methods",
    "replay",
    "take_back",
    "tracing",
    "timed",
    "cut_at",
    "CLOCK_EVERY",
    "SLOW_CLOCK",
]


class PrefixError(ValueError):
    """A prefix of moves handed to :meth:`Search.solutions` cannot be replayed."""


class Stop(str, enum.Enum):
    """Why a search ended before its whole space was searched."""

    LIMIT = "limit"
    """The number of solutions asked for was reached."""
    TIMEOUT = "timeout"
    """The time limit was reached."""
    INTERRUPTED = "interrupted"
    """Ctrl-C (a ``KeyboardInterrupt``) stopped it."""
    BOUND = "bound"
    """A bound of the search itself cut it (such as the longest solution tried); ``Report.why`` says which."""
    CALLER = "caller"
    """The caller stopped taking solutions (closed the iterator)."""
    ERROR = "error"
    """An exception from the puzzle's own code ended it."""


class StopSearch(Exception):
    """Ends a walk from a wrapper of the five methods: raise it before the wrapped method runs.

    The walk takes its moves back and reports itself incomplete, stopped for
    ``reason``.  The engine's timeout raises it; so may a :data:`Watch`.
    """

    def __init__(self, reason: Stop = Stop.CALLER):
        super().__init__(reason.value)
        self.reason = reason


class BoundMethods(NamedTuple):
    """The methods a walk drives, bound once per walk: what a :data:`Watch` wraps.

    ``filtered`` is ``moves_are_valid``: true when ``moves`` yields only valid
    moves, so that ``valid`` is not called.  A plain tuple of the six, in this
    order, is read the same way.
    """

    moves: Callable[[int], Iterable[Any]]
    valid: Callable[[int, Any], bool]
    filtered: bool
    record: Callable[[int, Any], None]
    undo: Callable[[int, Any], None]
    done: Callable[[int], bool]


#: ``watch(methods) -> methods``: wraps the :class:`BoundMethods` of one search and returns them (or a plain
#: tuple of the six, in their order); a wrapper that wants to see every attempt returns ``filtered`` false
#: and a ``valid`` that answers true for filtered moves.
Watch = Callable[[BoundMethods], tuple]


#: With a deadline, the clock is read once every this many attempts ...
CLOCK_EVERY = 64
#: ... or before every attempt once that many took longer than this (seconds): a search whose attempts are slow
#: (a propagation that probes a big board) still stops within about one attempt of its timeout.
SLOW_CLOCK = 0.01


class _Walk:
    """The iterative depth-first walk; an iterator of solutions with a live attempt count.

    A class rather than a generator so that the attempts made so far can be read at
    every solution and after an early stop.  Other walks (such as the iterative
    deepening of :mod:`backtrack.shortest`) follow the same protocol: iteration,
    ``attempts``, ``complete`` (with ``stopped`` and ``why`` when it is false) and
    ``close()``.

    With ``frontier_depth`` the walk does not go below that many moves: the move
    sequences it stops at (valid, not solutions) are collected in ``frontier``.
    This is how a count is split into subtrees (:mod:`backtrack.parallel`); the
    attempts and solutions met above the cut are the walk's own.
    """

    __slots__ = ("search", "attempts", "complete", "stopped", "why", "length", "frontier", "_gen")

    def __init__(
        self,
        search: Search,
        prefix: tuple,
        trace: TextIO | None,
        snapshot: bool,
        deadline: float | None = None,
        frontier_depth: int | None = None,
        watch: Watch | None = None,
    ):
        self.search = search
        self.attempts = 0
        #: Whether running out of solutions means the whole space was searched.
        self.complete = True
        #: When not complete: why (a :class:`Stop`), and for a bound, which bound in words.
        self.stopped: Stop | None = None
        self.why = ""
        #: The number of moves of the last solution handed out.
        self.length = 0
        methods = bound_methods(search, trace, deadline, watch)
        #: The move sequences at ``frontier_depth`` (None without a cut).
        self.frontier: list[tuple] | None = None
        if frontier_depth is not None:
            self.frontier = []
            methods = cut_at(methods, frontier_depth, self.frontier)
        self._gen = self._run(prefix, methods, trace, snapshot)

    def __iter__(self) -> "_Walk":
        return self

    def __next__(self) -> Any:
        try:
            return next(self._gen)
        except StopSearch as stop:
            # Raised before a method ran; the walk has taken its moves back on the way out.
            self.complete, self.stopped = False, stop.reason
            raise StopIteration from None

    def close(self) -> None:
        self._gen.close()

    def _descend(self, path: list, base: int, methods: BoundMethods, snapshot: bool) -> Generator[Any, None, None]:
        """The walk below the prefix ``path[:base]``: the per-attempt hot loop.

        ``methods`` are unpacked into local names once, so that no attempt reads an attribute.

        ``made[level]`` is the move recorded at each level above the current one and
        ``pending[level]`` that level's iterator of moves still to try.  They are
        written by index into lists that grow by doubling: cheaper than appending
        and popping at every node.  On the way out, ``path`` gets the moves still
        recorded.  ``attempts`` goes on from :attr:`attempts` (a deepening walk descends
        once per depth limit).
        """
        moves, valid, filtered, record, undo, done = methods
        solution = self.search.solution
        attempts = self.attempts
        level = base
        made: list = [*path, *[None] * 32]
        pending: list = [None] * len(made)
        current = iter(moves(level))
        solving = False
        try:
            while True:
                for move in current:
                    if filtered or valid(level, move):
                        attempts += 1
                        record(level, move)
                        if done(level):
                            self.attempts = attempts
                            self.length = level + 1
                            solving = True
                            yield solution((*made[:level], move)) if snapshot else None
                            solving = False
                            undo(level, move)
                        else:
                            try:
                                made[level] = move
                                pending[level] = current
                            except IndexError:
                                made += [None] * len(made)
                                pending += [None] * len(pending)
                                made[level] = move
                                pending[level] = current
                            level += 1
                            current = iter(moves(level))
                            break
                    else:
                        attempts += 1  # counted after valid: a walk stopped inside valid counts no attempt
                else:
                    if level == base:
                        return
                    level -= 1
                    current = pending[level]
                    undo(level, made[level])
        finally:
            self.attempts = attempts
            path[base:] = made[base:level]
            if solving:  # closed while handing out a solution: its last move is still recorded
                path.append(move)

    def _run(
        self, prefix: tuple, methods: BoundMethods, trace: TextIO | None, snapshot: bool
    ) -> Generator[Any, None, None]:
        search = self.search
        path: list = []
        try:
            search.begin()
            if replay(prefix, path, methods) if prefix else search.done_at_start():
                # The prefix (or the start) is a solution: its subtree holds just that one.
                self.length = len(path)
                yield search.solution(tuple(path)) if snapshot else None
            else:
                yield from self._descend(path, len(path), methods, snapshot)
        except GeneratorExit:
            pass
        finally:
            take_back(path, methods.undo)


def take_back(path: list, undo: Any) -> None:
    """Undo the moves of ``path``, deepest first, so that the search can be run again.

    After a ``KeyboardInterrupt`` the plugin may have been stopped inside one of its
    methods; its state is then not trusted, and a failure to take back is not
    allowed to hide the interrupt.
    """
    interrupted = isinstance(sys.exc_info()[1], KeyboardInterrupt)
    try:
        for level in range(len(path) - 1, -1, -1):
            undo(level, path[level])
    except Exception:
        if not interrupted:
            raise


def bound_methods(
    search: Search, trace: TextIO | None, deadline: float | None = None, watch: Watch | None = None
) -> BoundMethods:
    """The :class:`BoundMethods` of ``search``, bound once for a walk and wrapped by ``watch``.

    With a ``trace``, ``valid`` prints every attempt; with a ``deadline`` (a
    :func:`time.monotonic` time) it ends the walk once the time is up.  Either way
    ``filtered`` is then false, so that every attempt goes through ``valid``.
    """
    moves, valid, filtered, record, undo, done = (
        search.moves, search.valid, search.moves_are_valid, search.record, search.undo, search.done)
    if watch is not None:
        moves, valid, filtered, record, undo, done = watch(BoundMethods(moves, valid, filtered, record, undo, done))
    if trace is not None:
        valid, filtered = tracing(valid, filtered, trace, search.format_move), False
    if deadline is not None:
        valid, filtered = timed(valid, filtered, deadline), False
    return BoundMethods(moves, valid, filtered, record, undo, done)


def replay(prefix: Sequence[Any], path: list, methods: BoundMethods) -> bool:
    """Record the moves of ``prefix`` at levels 0, 1, ... onto ``path``; true when they form a solution.

    The prefix's ``valid`` calls are not attempts of the search below it.
    """
    valid, filtered, record, done = methods.valid, methods.filtered, methods.record, methods.done
    solved = False
    for level, move in enumerate(prefix):
        if solved:
            raise PrefixError(f"the prefix is already a solution at level {level - 1}")
        if not (filtered or valid(level, move)):
            raise PrefixError(f"move {move!r} of the prefix is not valid at level {level}")
        record(level, move)
        path.append(move)
        solved = done(level)
    return solved


def tracing(valid: Any, filtered: bool, trace: TextIO, describe: Any = None) -> Any:
    """Wrap ``valid`` so that every attempt prints ``level``, the move (as ``describe`` reads it) and the answer."""
    describe = describe or (lambda level, move: repr(move))

    def traced(level: int, move: Any) -> bool:
        ok = True if filtered else valid(level, move)
        print(f"{'  ' * level}level {level}: move {describe(level, move)} {'valid' if ok else 'invalid'}", file=trace)
        return ok

    return traced


def timed(valid: Any, filtered: bool, deadline: float) -> Any:
    """Wrap ``valid`` so that the walk ends (:class:`StopSearch`) before an attempt once ``deadline`` has passed.

    The clock is read every :data:`CLOCK_EVERY` attempts, or before every attempt
    while they are slow (:data:`SLOW_CLOCK`).  The check runs before the puzzle's
    ``valid`` is called, never inside the puzzle's methods, so the search's state
    stays whole, and the attempt it stops is not counted.
    """
    clock = time.monotonic
    countdown = window = 0
    last = clock()

    def checked(level: int, move: Any) -> bool:
        nonlocal countdown, window, last
        countdown -= 1
        if countdown < 0:
            now = clock()
            if now >= deadline:
                raise StopSearch(Stop.TIMEOUT)
            # The window between two readings doubles while attempts are quick, and closes when they are slow.
            window = min(2 * window + 1, CLOCK_EVERY) if now - last < SLOW_CLOCK else 0
            countdown, last = window, now
        return True if filtered else valid(level, move)

    return checked


def cut_at(methods: BoundMethods, depth: int, frontier: list[tuple]) -> BoundMethods:
    """Wrap ``methods`` so that the walk stops at ``depth`` moves, collecting the move sequences there in ``frontier``.

    ``record`` and ``undo`` keep the current sequence; ``moves`` at ``depth`` files
    it and offers nothing, so the walk turns back there.  Only for split walks:
    the ordinary walk is not wrapped.
    """
    moves, record, undo = methods.moves, methods.record, methods.undo
    path: list = []

    def cut_moves(level: int) -> Any:
        if level >= depth:
            frontier.append(tuple(path))
            return ()
        return moves(level)

    def tracked_record(level: int, move: Any) -> None:
        record(level, move)
        path.append(move)

    def tracked_undo(level: int, move: Any) -> None:
        path.pop()
        undo(level, move)

    return methods._replace(moves=cut_moves, record=tracked_record, undo=tracked_undo)
