"""The backtracking engine: a search stated as five methods, driven iteratively.

A puzzle subclasses :class:`Search` and implements

* ``moves(level)``: the candidate moves at a level (any iterable),
* ``valid(level, move)``: whether a move may be made now (each call is one *attempt*),
* ``record(level, move)`` and ``undo(level, move)``: make and take back a move,
* ``done(level)``: whether the moves recorded so far form a solution.

The engine calls them in this order: for each move of ``moves(level)`` it calls
``valid``; when that is true it calls ``record``, then ``done(level)``.  A true
``done`` is a solution: the engine hands out a snapshot, calls ``undo`` and goes on
with the next move.  Otherwise it descends to ``level + 1``, and when that level's
moves are exhausted it calls ``undo`` and goes on at ``level``.

Nothing here knows any puzzle, and nothing here calls pluggy: this module is the
per-attempt hot loop.  Events are fired around a search by :mod:`backtrack.run`.
"""

from __future__ import annotations

import enum
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generator, Hashable, Iterable, Sequence, TextIO

__all__ = ["Search", "Report", "Verdict", "Stop", "PrefixError", "StopSearch", "AttemptBudget", "Watch"]


class PrefixError(ValueError):
    """A prefix of moves handed to :meth:`Search.solutions` cannot be replayed."""


class Verdict(str, enum.Enum):
    """The answer to "does this puzzle have exactly one solution?", as far as the search proved it.

    ``UNSOLVABLE`` and ``UNIQUE`` need the whole search space searched; two
    solutions prove ``AMBIGUOUS`` however the search ended.  A search stopped
    early with fewer than two solutions proved nothing: ``UNKNOWN``.
    """

    UNSOLVABLE = "unsolvable"
    UNIQUE = "unique"
    AMBIGUOUS = "ambiguous"
    UNKNOWN = "unknown"

    @classmethod
    def of(cls, solutions: int, complete: bool) -> "Verdict":
        """The verdict of a search that found ``solutions`` and searched everything or not."""
        if solutions >= 2:
            return cls.AMBIGUOUS
        if not complete:
            return cls.UNKNOWN
        return cls.UNIQUE if solutions else cls.UNSOLVABLE


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


@dataclass
class Difficulty:
    """How much guessing a search needed: its branching points, and the deepest of them.

    A branching point is a state where the search had to choose among two or more
    options (nothing followed by deduction alone); ``deepest`` is its level,
    counted from 1 (0 when there was none).  Over a search to the end (a count, or
    ``--unique``) this measures how hard the puzzle is for the search: ``grade`` is
    ``easy`` without any guess, ``medium`` for a few guesses none deeper than
    :data:`MEDIUM_DEPTH`, and ``hard`` beyond.
    """

    guesses: int
    deepest: int

    MEDIUM_GUESSES: ClassVar[int] = 10
    MEDIUM_DEPTH: ClassVar[int] = 3

    @property
    def grade(self) -> str:
        """``easy``, ``medium`` or ``hard`` (see the class docstring)."""
        if self.guesses == 0:
            return "easy"
        if self.guesses <= self.MEDIUM_GUESSES and self.deepest <= self.MEDIUM_DEPTH:
            return "medium"
        return "hard"

    def as_dict(self) -> dict[str, Any]:
        """As JSON data."""
        return {"guesses": self.guesses, "deepest": self.deepest, "grade": self.grade}


@dataclass
class Report:
    """What one search did.

    ``complete`` is true when the whole search space (below the prefix, if any)
    was searched.  Otherwise ``stopped`` says why the search ended early (a
    :class:`Stop`), and for a bound ``why`` says which, in words a user reads
    (``no solution within 3 moves; longer ones may exist``).
    """

    attempts: int = 0
    solutions: int = 0
    seconds: float = 0.0
    complete: bool = False
    stopped: Stop | None = None
    why: str = ""
    #: How much guessing the search needed, for searches that know (see :meth:`Search.difficulty`).
    difficulty: Difficulty | None = None

    def line(self) -> str:
        """The summary line of the tutorial programs: ``44 attempts in     0.00 seconds`` (``1 attempt in ...``)."""
        return f"{self.attempts} attempt{'' if self.attempts == 1 else 's'} in {self.seconds:8.2f} seconds"

    @property
    def verdict(self) -> Verdict:
        """What this search proved about the number of solutions (see :class:`Verdict`)."""
        return Verdict.of(self.solutions, self.complete)


class Search:
    """A backtracking search stated as five methods; constructing one runs nothing.

    Subclasses implement :meth:`moves`, :meth:`valid`, :meth:`record`, :meth:`undo`
    and :meth:`done`, and usually :meth:`solution` (the snapshot handed to users).
    A subclass whose ``moves`` yields only valid moves sets ``moves_are_valid =
    True``: the engine then does not call ``valid`` and counts each move tried as
    an attempt.

    A search can be resumed below a prefix of moves in a fresh process, which is how
    counts are split over workers (:mod:`backtrack.parallel`).  A replay calls
    ``valid``, ``record`` and ``done`` for the prefix but not ``moves`` at its levels,
    so ``record`` must not rely on state that ``moves`` set; moves must be picklable
    to travel.  A search that cannot be split sets ``splittable = False``.
    """

    moves_are_valid: ClassVar[bool] = False
    splittable: ClassVar[bool] = True
    report: Report

    # -- the five methods -------------------------------------------------------
    def moves(self, level: int) -> Iterable[Hashable]:
        """The candidate moves at ``level``."""
        raise NotImplementedError(f"{type(self).__name__} must implement moves(level)")

    def valid(self, level: int, move: Any) -> bool:
        """Whether ``move`` may be made at ``level`` given the moves recorded so far."""
        raise NotImplementedError(f"{type(self).__name__} must implement valid(level, move)")

    def record(self, level: int, move: Any) -> None:
        """Make ``move`` at ``level``."""
        raise NotImplementedError(f"{type(self).__name__} must implement record(level, move)")

    def undo(self, level: int, move: Any) -> None:
        """Take back ``move``, the last move recorded, at ``level``."""
        raise NotImplementedError(f"{type(self).__name__} must implement undo(level, move)")

    def done(self, level: int) -> bool:
        """Whether the moves recorded up to ``level`` form a solution."""
        raise NotImplementedError(f"{type(self).__name__} must implement done(level)")

    def solution(self, path: tuple) -> Any:
        """A snapshot of the current solution; ``path`` is the moves made, level by level.

        The default is ``path`` itself.  Whatever is returned must not change when
        the search goes on (return copies, not views of the search's state).
        """
        return path

    def partial(self, path: tuple) -> Any:
        """The state in the middle of a search, as a picture of it needs it; the default is ``path``.

        A puzzle that draws itself (its descriptor's ``draw``) draws what this
        returns while a search is replayed: override it to give what is decided so
        far in the form ``solution`` gives (``path`` is the moves made).
        """
        return path

    def begin(self) -> None:
        """Called when a search starts, before a prefix (if any) is replayed; the default does nothing.

        A search that prepares its state lazily (a propagating search propagates
        the givens) does it here.
        """

    def done_at_start(self) -> bool:
        """Whether the start, before any move, already is a solution (default: no).

        Then the empty sequence of moves is the only solution: asked only when no
        prefix is given, after :meth:`begin`.
        """
        return False

    def difficulty(self) -> Difficulty | None:
        """How much guessing the last search needed, for a search that tracks it; the default is None.

        :class:`~backtrack.PropagatingSearch` tracks it: every state where it had to
        choose among two or more options is a guess.
        """
        return None

    def format_move(self, level: int, move: Any) -> str:
        """How ``move`` at ``level`` reads in a trace; the default is ``repr(move)``.

        Override it when moves are encoded (bits, indices) so that a trace shows
        what a person playing the puzzle would call the move.
        """
        return repr(move)

    def drawn_move(self, level: int, move: Any) -> Any:
        """What a picture of ``move`` at ``level`` needs (the descriptor's ``draw_move`` gets it); default ``move``.

        Override it when a move alone does not say where it acts (a column whose row
        is the level, a bit, a robot and a direction): return what the puzzle's
        ``draw_move`` takes, such as ``(row, column)``.  Called only while a search
        is recorded.
        """
        return move

    # -- driving the search -----------------------------------------------------
    def solutions(
        self,
        limit: int | None = None,
        *,
        prefix: Sequence[Any] = (),
        trace: TextIO | None = None,
        timeout: float | None = None,
        watch: Watch | None = None,
    ) -> Generator[Any, None, None]:
        """Iterate over solutions (snapshots), at most ``limit`` of them.

        ``prefix`` replays those moves first (levels 0, 1, ...) and searches only the
        subtree below them: this is how a search is resumed or split in a fresh
        process.  ``trace`` receives one line per attempt.  ``timeout`` (seconds)
        ends the search between two attempts once the time is up.  ``watch`` wraps
        the five methods for this search only (see :data:`Watch`: how a search is
        recorded for a replay).  :attr:`report` describes the search when the
        iterator is exhausted or closed.
        """
        return self._searching(limit, prefix, trace, timeout, watch, snapshot=True)

    def first(
        self,
        *,
        prefix: Sequence[Any] = (),
        trace: TextIO | None = None,
        timeout: float | None = None,
        watch: Watch | None = None,
    ) -> Any | None:
        """The first solution, or ``None`` when there is none (or none was found in time)."""
        found = self.solutions(1, prefix=prefix, trace=trace, timeout=timeout, watch=watch)
        try:
            return next(found, None)
        finally:
            found.close()

    def count(
        self,
        limit: int | None = None,
        *,
        prefix: Sequence[Any] = (),
        trace: TextIO | None = None,
        timeout: float | None = None,
        watch: Watch | None = None,
    ) -> int:
        """The number of solutions, stopping at ``limit`` when one is given."""
        for _ in self._searching(limit, prefix, trace, timeout, watch, snapshot=False):
            pass
        return self.report.solutions

    def verdict(self, *, timeout: float | None = None) -> Verdict:
        """Unique, ambiguous, unsolvable, or unknown when stopped early: searches until a second solution."""
        self.count(limit=2, timeout=timeout)
        return self.report.verdict

    # -- the engine ---------------------------------------------------------------
    def _searching(
        self,
        limit: int | None,
        prefix: Sequence[Any],
        trace: TextIO | None,
        timeout: float | None,
        watch: Watch | None,
        snapshot: bool,
    ) -> Generator[Any, None, None]:
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, not {limit}")
        if timeout is not None and not timeout >= 0:
            raise ValueError(f"timeout must be a number of seconds, at least 0, not {timeout}")
        report = self.report = Report()
        started = time.perf_counter()
        deadline = None if timeout is None else time.monotonic() + timeout
        walk = self._walk(tuple(prefix), trace, snapshot, deadline, None, watch)
        try:
            if limit == 0:
                report.stopped = Stop.LIMIT
                return
            for found in walk:
                report.solutions += 1
                report.attempts = walk.attempts
                report.seconds = time.perf_counter() - started
                if report.solutions == limit:
                    report.stopped = Stop.LIMIT
                    yield found
                    return
                yield found
            report.complete = walk.complete
            if not walk.complete:
                report.stopped, report.why = walk.stopped, walk.why
        except KeyboardInterrupt:
            report.stopped = Stop.INTERRUPTED
            raise
        except GeneratorExit:
            report.stopped = report.stopped or Stop.CALLER
            raise
        except Exception:
            report.stopped = Stop.ERROR
            raise
        finally:
            walk.close()
            report.attempts = walk.attempts
            report.seconds = time.perf_counter() - started
            report.difficulty = self.difficulty()

    def _walk(
        self,
        prefix: tuple,
        trace: TextIO | None,
        snapshot: bool,
        deadline: float | None = None,
        frontier_depth: int | None = None,
        watch: Watch | None = None,
    ) -> "_Walk":
        return _Walk(self, prefix, trace, snapshot, deadline, frontier_depth, watch)


class StopSearch(Exception):
    """Ends a walk from a wrapper of the five methods: raise it before the wrapped method runs.

    The walk takes its moves back and reports itself incomplete, stopped for
    ``reason``.  The engine's timeout raises it; so may a :data:`Watch`.
    """

    def __init__(self, reason: Stop = Stop.CALLER):
        super().__init__(reason.value)
        self.reason = reason


#: ``watch(methods) -> methods``: wraps the tuple ``(moves, valid, filtered, record, undo, done)``
#: of one search (``filtered`` is ``moves_are_valid``; a wrapper that wants to see every
#: attempt returns it false and a ``valid`` that answers true for filtered moves).
Watch = Callable[[tuple], tuple]


class AttemptBudget:
    """At most ``allowed`` attempts, over one search or many: a :data:`Watch` that ends a walk past it.

    Pass :meth:`watch` to :meth:`Search.solutions` or :meth:`Search.count`; the
    attempt past the budget is refused before the puzzle's ``valid`` runs (the
    walk takes its moves back and reports itself incomplete, stopped by
    :attr:`Stop.BOUND`) and ``exhausted`` says so.  ``used`` counts the attempts
    asked for, the refused one included.  Generators bound their uniqueness
    checks with it: attempts, unlike seconds, give the same puzzle from the same
    seed on every machine.
    """

    def __init__(self, allowed: int):
        self.allowed = allowed
        self.used = 0
        self.exhausted = False

    @property
    def left(self) -> int:
        """The attempts still allowed."""
        return max(0, self.allowed - self.used)

    def watch(self, methods: tuple) -> tuple:
        """The :data:`Watch`: one attempt taken from the budget per decision tried."""
        moves, valid, filtered, record, undo, done = methods

        def counted(level: int, move: Any) -> bool:
            self.used += 1
            if self.used > self.allowed:
                self.exhausted = True
                raise StopSearch(Stop.BOUND)  # before the decision: the search is left whole
            return True if filtered else valid(level, move)

        return moves, counted, False, record, undo, done


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

    def _descend(
        self,
        path: list,
        base: int,
        moves: Any,
        valid: Any,
        filtered: bool,
        record: Any,
        undo: Any,
        done: Any,
        snapshot: bool,
    ) -> Generator[Any, None, None]:
        """The walk below the prefix ``path[:base]``: the per-attempt hot loop.

        ``made[level]`` is the move recorded at each level above the current one and
        ``pending[level]`` that level's iterator of moves still to try.  They are
        written by index into lists that grow by doubling: cheaper than appending
        and popping at every node.  On the way out, ``path`` gets the moves still
        recorded.  ``attempts`` goes on from :attr:`attempts` (a deepening walk descends
        once per depth limit).
        """
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

    def _run(self, prefix: tuple, methods: tuple, trace: TextIO | None, snapshot: bool) -> Generator[Any, None, None]:
        search = self.search
        moves, valid, filtered, record, undo, done = methods
        path: list = []
        try:
            search.begin()
            if replay(prefix, path, valid, filtered, record, done) if prefix else search.done_at_start():
                # The prefix (or the start) is a solution: its subtree holds just that one.
                self.length = len(path)
                yield search.solution(tuple(path)) if snapshot else None
            else:
                yield from self._descend(path, len(path), moves, valid, filtered, record, undo, done, snapshot)
        except GeneratorExit:
            pass
        finally:
            take_back(path, undo)


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
) -> tuple:
    """``moves, valid, filtered, record, undo, done`` of ``search``, bound once for a walk.

    With a ``trace``, ``valid`` prints every attempt; with a ``deadline`` (a
    :func:`time.monotonic` time) it ends the walk once the time is up.  Either way
    ``filtered`` is then false, so that every attempt goes through ``valid``.
    """
    moves, valid, filtered, record, undo, done = (
        search.moves, search.valid, search.moves_are_valid, search.record, search.undo, search.done)
    if watch is not None:
        moves, valid, filtered, record, undo, done = watch((moves, valid, filtered, record, undo, done))
    if trace is not None:
        valid, filtered = tracing(valid, filtered, trace, search.format_move), False
    if deadline is not None:
        valid, filtered = timed(valid, filtered, deadline), False
    return moves, valid, filtered, record, undo, done


def replay(prefix: Sequence[Any], path: list, valid: Any, filtered: bool, record: Any, done: Any) -> bool:
    """Record the moves of ``prefix`` at levels 0, 1, ... onto ``path``; true when they form a solution.

    The prefix's ``valid`` calls are not attempts of the search below it.
    """
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


def cut_at(methods: tuple, depth: int, frontier: list[tuple]) -> tuple:
    """Wrap ``methods`` so that the walk stops at ``depth`` moves, collecting the move sequences there in ``frontier``.

    ``record`` and ``undo`` keep the current sequence; ``moves`` at ``depth`` files
    it and offers nothing, so the walk turns back there.  Only for split walks:
    the ordinary walk is not wrapped.
    """
    moves, valid, filtered, record, undo, done = methods
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

    return cut_moves, valid, filtered, tracked_record, tracked_undo, done
