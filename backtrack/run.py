"""One search of one puzzle instance, with its events: the layer between engine and users.

:func:`run` drives a :class:`~backtrack.Search` in one of four modes and fires the
hooks ``backtrack_search_started``, ``backtrack_solution_found`` (for solutions
handed to the user, never while only counting) and ``backtrack_search_finished``.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence, TextIO

from .engine import Report, Search, Stop, Verdict
from .puzzle import Puzzle

__all__ = ["MODES", "SearchInfo", "Outcome", "SearchInterrupted", "run"]

#: first: the first solution; all: every solution (up to the limit); count: only
#: the number; unique: search until a second solution, then give the verdict.
MODES = ("first", "all", "count", "unique")


@dataclass(frozen=True)
class SearchInfo:
    """What is being searched, as the event hooks see it."""

    puzzle: str
    source: str
    mode: str
    limit: int | None = None


@dataclass
class Outcome:
    """The result of :func:`run`: the report, the solutions handed out and their texts."""

    info: SearchInfo
    report: Report
    solutions: list[Any] = field(default_factory=list)
    rendered: list[str] = field(default_factory=list)

    @property
    def verdict(self) -> Verdict:
        """What the search proved: unique, ambiguous, unsolvable, or unknown when it stopped early."""
        return self.report.verdict


@contextlib.contextmanager
def held_interrupt() -> Iterator[None]:
    """Hold Ctrl-C back while the block runs, and raise it at its end.

    Only in the main thread and with Python's own Ctrl-C handler; elsewhere the
    block runs as it is.
    """
    import signal
    import threading

    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return
    caught: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if caught:
            raise KeyboardInterrupt


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`run`; ``outcome`` holds what was found until then (its report says interrupted)."""

    def __init__(self, outcome: Outcome):
        super().__init__("search interrupted")
        self.outcome = outcome


def run(
    puzzle: Puzzle,
    spec: Any,
    search: Search,
    *,
    mode: str = "first",
    limit: int | None = None,
    hook: Any = None,
    trace: TextIO | None = None,
    source: str = "<input>",
    prefix: Sequence[Any] = (),
    timeout: float | None = None,
    watch: Any = None,
) -> Outcome:
    """Search ``spec`` with ``search`` in ``mode``, firing events on ``hook`` if given.

    ``watch`` wraps the five methods for this search (see :data:`~backtrack.Watch`).
    ``timeout`` (seconds) ends the search between two attempts; the report then
    says :attr:`~backtrack.Stop.TIMEOUT`.  On Ctrl-C the finished event still
    fires, with a report that says :attr:`~backtrack.Stop.INTERRUPTED`, and
    :class:`SearchInterrupted` (a ``KeyboardInterrupt``) carries the outcome so far.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "first":
        limit = 1
    elif mode == "unique":
        limit = 2
    info = SearchInfo(puzzle.name, source, mode, limit)
    outcome = Outcome(info, Report())
    if hook is not None:
        hook.backtrack_search_started(info=info)
    interrupted = False
    try:
        if mode == "count":
            search.count(limit, prefix=prefix, trace=trace, timeout=timeout, watch=watch)
        else:
            found = search.solutions(limit, prefix=prefix, trace=trace, timeout=timeout, watch=watch)
            try:
                for solution in found:
                    with held_interrupt():  # a solution is handed out whole, or not at all
                        rendered = puzzle.render(spec, solution)
                        if hook is not None:
                            hook.backtrack_solution_found(
                                info=info, number=len(outcome.solutions) + 1, solution=solution, rendered=rendered
                            )
                        outcome.solutions.append(solution)
                        outcome.rendered.append(rendered)
            finally:
                found.close()  # the report is final once the walk is closed
    except KeyboardInterrupt:
        interrupted = True
    finally:
        outcome.report = getattr(search, "report", outcome.report)
        if interrupted:
            outcome.report.complete, outcome.report.stopped = False, Stop.INTERRUPTED
            if mode != "count":
                # A solution found but not yet handed out when Ctrl-C came is not claimed.
                outcome.report.solutions = len(outcome.solutions)
        if hook is not None:
            hook.backtrack_search_finished(info=info, report=outcome.report)
    if interrupted:
        raise SearchInterrupted(outcome)
    return outcome
