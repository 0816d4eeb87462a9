"""Searches that deduce after every decision: the five methods written once, over a trail.

Many puzzles are searched best by propagation: every decision (a lamp here, a
digit there) forces others, and only when nothing more follows does the search
branch again.  :class:`PropagatingSearch` states such a search by what is
particular to the puzzle, and supplies the five methods of :class:`~backtrack.Search`
from it:

==================  ============================================================
``start()``         deduce what the givens force; false when they contradict
``branch()``        the decisions to try next, in order (``None``: solved)
``decide(d)``       make decision ``d`` and everything it forces; false on a
                    contradiction (whatever it changed is rolled back for it)
``trail``           a list of the changes made, newest last; ``retract(entry)``
                    takes one back (or override :meth:`rollback` as a whole)
``solution(path)``  the solution as users get it, read off the current state
==================  ============================================================

How the engine sees it: ``begin`` starts the search once (``start`` runs on the
first search of the object; later searches begin from the state it left, which
rolling back restores), ``done_at_start`` says whether the givens alone solve the
puzzle, ``moves(level)`` is ``branch()``, ``valid(level, d)`` makes the decision
(true when no contradiction follows; a decision that fails leaves no trace),
``record`` keeps the trail's mark, ``undo`` rolls back to it, and ``done(level)``
asks ``branch()`` whether the state is solved (the options it finds otherwise are
the next level's moves, so the state is scanned once per node).

**Attempts** are the decisions tried: one call of ``valid`` per decision, whether
it succeeds or leads to a contradiction.  Deductions are not attempts.

Decisions must be picklable and mean the same in a fresh search of the same
instance (a cell and a value, not an index into a list built during the search):
that is how a count is split over processes and how a search resumes below a
prefix of decisions.
"""

from __future__ import annotations

from typing import Any, Sequence

from .engine import Difficulty, Search

__all__ = ["PropagatingSearch"]


class PropagatingSearch(Search):
    """A search that propagates after every decision; the subclass supplies the puzzle's part.

    Subclasses implement :meth:`start`, :meth:`branch`, :meth:`decide`,
    :meth:`solution`, and either :meth:`retract` (with the changes pushed on
    :attr:`trail`) or :meth:`mark` and :meth:`rollback`.
    """

    #: The changes made so far, newest last (see :meth:`retract`).
    trail: list

    # -- what the puzzle supplies ----------------------------------------------------
    def start(self) -> bool:
        """Make the deductions the givens force; false when they contradict each other."""
        raise NotImplementedError(f"{type(self).__name__} must implement start()")

    def branch(self) -> Sequence[Any] | None:
        """The decisions to try at the current state, in order; ``None`` when it is a solution.

        An empty sequence means a dead end: nothing can make this state a solution.
        """
        raise NotImplementedError(f"{type(self).__name__} must implement branch()")

    def decide(self, decision: Any) -> bool:
        """Make ``decision`` and all it forces; false on a contradiction.

        After a contradiction the changes made so far may stay on the trail: the
        caller rolls them back.
        """
        raise NotImplementedError(f"{type(self).__name__} must implement decide(decision)")

    def retract(self, entry: Any) -> None:
        """Take back one change of the :attr:`trail` (the newest), as :meth:`rollback` pops it."""
        raise NotImplementedError(f"{type(self).__name__} must implement retract(entry) or rollback(mark)")

    def mark(self) -> Any:
        """A mark of the current state to roll back to; the default is the trail's length."""
        return len(self.trail)

    def rollback(self, mark: Any) -> None:
        """Go back to the state of ``mark``; the default retracts the trail's newer entries, newest first."""
        trail, retract = self.trail, self.retract
        while len(trail) > mark:
            retract(trail.pop())

    # -- the five methods, written once ------------------------------------------------
    _started = False
    _root_holds = False
    _guesses = 0  # states with two or more options met by the last search
    _deepest = 0

    def begin(self) -> None:
        """Run :meth:`start` on the first search; its state is kept as the root of every later one."""
        if not self._started:
            if not hasattr(self, "trail"):
                self.trail = []
            self._marks: list[Any] = []
            self._next: Sequence[Any] | None = ()
            self._started = True
            self._root_holds = self.start()
            self._root = self.mark()
        elif self._marks:  # a search stopped by Ctrl-C inside a decision: go back to the root
            del self._marks[:]
            self.rollback(self._root)
        self._next = options = self.branch() if self._root_holds else ()
        self._guesses, self._deepest = (1, 1) if options is not None and len(options) > 1 else (0, 0)

    def done_at_start(self) -> bool:
        """Whether the givens alone solve the puzzle (no decision at all)."""
        return self._root_holds and self._next is None

    def moves(self, level: int) -> Sequence[Any]:
        """The decisions :meth:`branch` found when the state was last asked about."""
        return self._next or ()

    def valid(self, level: int, move: Any) -> bool:
        """Make the decision; true when no contradiction follows (else it is rolled back here)."""
        mark = self.mark()
        if self.decide(move):
            self._marks.append(mark)
            return True
        self.rollback(mark)
        return False

    def record(self, level: int, move: Any) -> None:
        """Nothing to do: :meth:`valid` made the decision, and :meth:`undo` takes it back."""

    def undo(self, level: int, move: Any) -> None:
        """Roll back to the state before the decision at ``level``."""
        self.rollback(self._marks.pop())

    def done(self, level: int) -> bool:
        """Whether the state is a solution; otherwise :meth:`branch`'s options are the next level's moves."""
        self._next = options = self.branch()
        if options is None:
            return True
        if len(options) > 1:  # a guess: counted for the difficulty
            self._guesses += 1
            if level + 2 > self._deepest:
                self._deepest = level + 2
        return False

    def difficulty(self) -> Difficulty | None:
        """The guesses of the last search: states with two or more options, and the deepest of them."""
        if not self._started:
            return None
        return Difficulty(self._guesses, self._deepest)
