"""``Backtrack``: the tutorial programs' base class, whose constructor runs the search.

The published tutorial ``zeltlager.py`` subclasses ``Backtrack``, implements the five
methods, prints each solution from its own ``done`` and starts everything with
``Zeltlager(test=False, showAttempts=True)``.  This class keeps that style working
on top of :class:`~backtrack.Search`, whose objects run nothing until asked.
"""

from __future__ import annotations

import os
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

    With ``BACKTRACK_REPLAY=search.html`` in the environment, the search is also
    recorded and its replay page written to that file (the board is the list of
    moves made; ``BACKTRACK_REPLAY_MAX_EVENTS`` bounds the recording).  Nothing
    else changes: the program prints what it always prints.
    """

    def __init__(self, test: bool = False, showAttempts: bool = False):
        self.test = test
        self.showAttempts = showAttempts
        manager = make_manager(entry_points=False)
        if showAttempts:
            manager.register(TextReporter(solutions=False, summary=False), "seed-reporter")
        info = SearchInfo(puzzle=type(self).__name__, source="<program>", mode="all")
        manager.hook.backtrack_search_started(info=info)
        replay = os.environ.get("BACKTRACK_REPLAY")
        try:
            if replay:
                self._record(replay)
            else:
                for _ in self.solutions(trace=sys.stdout if test else None):
                    pass
        finally:
            manager.hook.backtrack_search_finished(info=info, report=self.report)

    def _record(self, page: str) -> None:
        from .recording import DEFAULT_MAX_EVENTS, record, write_page

        limit = os.environ.get("BACKTRACK_REPLAY_MAX_EVENTS", "")
        max_events = int(limit) if limit.isdigit() and int(limit) > 0 else DEFAULT_MAX_EVENTS
        recording = record(None, None, self, source=sys.argv[0] or "<program>", mode="all", max_events=max_events,
                           trace=sys.stdout if self.test else None)
        write_page(recording, page)
