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

This module holds the vocabulary of a search: :class:`Search`, :class:`Report`,
:class:`Verdict`, :class:`Difficulty` and :class:`AttemptBudget`; the walk that
drives the five methods, the per-attempt hot loop, is :mod:`backtrack.walk` (its
names are importable from here too).  Nothing here knows any puzzle, and nothing
here calls pluggy: events are fired around a search by :mod:`backtrack.run`.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from typing import Any, ClassVar, Generator, Hashable, Iterable, Sequence, TextIO

# The walk's names not used here stay importable from here (``as`` themselves: re-exported).
from .walk import (
    CLOCK_EVERY as CLOCK_EVERY,
    SLOW_CLOCK as SLOW_CLOCK,
    BoundMethods,
    PrefixError,
    Stop,
    StopSearch,
    Watch,
    _Walk,
    bound_methods as bound_methods,
    cut_at as cut_at,
    replay as replay,
    take_back as take_back,
    timed as timed,
    tracing as tracing,
)

__all__ = [
    "Search", "Report", "Verdict", "Stop", "PrefixError", "StopSearch", "AttemptBudget", "Watch", "BoundMethods",
]


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
    #: The puzzle's grade on its own scale (``{"grade", "level", "scale", "steps"}``), when it was asked for.
    grade: dict[str, Any] | None = None

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

    def watch(self, methods: BoundMethods) -> BoundMethods:
        """The :data:`Watch`: one attempt taken from the budget per decision tried."""
        moves, valid, filtered, record, undo, done = methods

        def counted(level: int, move: Any) -> bool:
            self.used += 1
            if self.used > self.allowed:
                self.exhausted = True
                raise StopSearch(Stop.BOUND)  # before the decision: the search is left whole
            return True if filtered else valid(level, move)

        return BoundMethods(moves, counted, False, record, undo, done)
