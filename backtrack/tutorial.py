"""``Backtrack``: the tutorial programs' base class, whose constructor runs the search.

The published tutorial ``zeltlager.py`` subclasses ``Backtrack``, implements the five
methods, prints each solution from its own ``done`` and starts everything with
``Zeltlager(test=False, showAttempts=True)``.  This class keeps that style working
on top of :class:`~backtrack.Search`, whose objects run nothing until asked.
"""

from __future__ import annotations

import sys

from .engine import Search
from .manager import make_manager
from .reporters import TextReporter
from .run import SearchInfo

__all__ = ["Backtrack"]


class Backtrack(Search):
    """A :class:`~backtrack.Search` that searches all solutions as soon as it is constructed.

    ``test=True`` prints the teaching trace (every attempt, with level, move and
    answer); ``showAttempts=True`` prints the report line
    ``{attempts} attempts in {seconds:8.2f} seconds`` at the end.  The report is
    kept in :attr:`report`.  New puzzles subclass :class:`~backtrack.Search` instead.
    """

    def __init__(self, test: bool = False, showAttempts: bool = False):
        self.test = test
        self.showAttempts = showAttempts
        manager = make_manager(entry_points=False)
        if showAttempts:
            manager.register(TextReporter(solutions=False, summary=False), "seed-reporter")
        info = SearchInfo(puzzle=type(self).__name__, source="<program>", mode="all")
        manager.hook.backtrack_search_started(info=info)
        try:
            for _ in self.solutions(trace=sys.stdout if test else None):
                pass
        finally:
            manager.hook.backtrack_search_finished(info=info, report=self.report)
