"""One search of one puzzle instance, with its events: the layer between engine and users.

:func:`run` drives a :class:`~backtrack.Search` in one of four modes and fires the
hooks ``backtrack_search_started``, ``backtrack_solution_found`` (for solutions
handed to the user, never while only counting) and ``backtrack_search_finished``.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence, TextIO

from .engine import Report, Search, Stop, Verdict
from .puzzle import Puzzle

__all__ = ["MODES", "SearchInfo", "Outcome", "SearchInterrupted", "PluginFailed", "plugin_failure", "run"]

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
def held_signals() -> Iterator[None]:
    """Hold back Ctrl-C and SIGTERM (their Python handlers) while the block runs; handle one that came at its end.

    Only in the main thread, and only for signals with a Python handler (Ctrl-C's
    default one raises ``KeyboardInterrupt`` then); elsewhere the block runs as it is.
    """
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[tuple[int, Any]] = []
    saved: dict[int, Any] = {}
    try:
        signums: tuple[int, ...] = (signal.SIGINT, signal.SIGTERM)
        for signum in signums:
            handler = signal.getsignal(signum)
            if callable(handler):
                saved[signum] = handler
                signal.signal(signum, lambda number, frame: caught.append((number, frame)))
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)
        if caught:
            number, frame = caught[0]
            saved[number](number, frame)


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`run`; ``outcome`` holds what was found until then (its report says interrupted)."""

    def __init__(self, outcome: Outcome):
        super().__init__("search interrupted")
        self.outcome = outcome


class PluginFailed(Exception):
    """The puzzle's own code raised while a search ran: a bug of the plugin (the message names it and the error).

    What the search had found until then is kept: ``outcome`` (from :func:`run`),
    ``report`` (its report, stopped with :attr:`~backtrack.Stop.ERROR`) and
    ``recording`` (from :func:`backtrack.recording.record`), whichever applies.
    """

    def __init__(self, message: str, *, outcome: Outcome | None = None, report: Report | None = None,
                 recording: Any = None):
        super().__init__(message)
        self.outcome = outcome
        self.report = outcome.report if report is None and outcome is not None else report
        self.recording = recording


#: Exceptions met while searching that are not reported as a bug of the plugin: running out of memory, and the
#: reader of ``--trace`` going away (``| head``), say nothing of its code.
NOT_PLUGIN_BUGS = (MemoryError, BrokenPipeError)
_PACKAGE = Path(__file__).resolve().parent


def failing_function(error: BaseException) -> str:
    """Where the plugin's code raised ``error``: ``ChooseSearch.valid (FILE, line N)``; empty when it cannot be told.

    That is the first function of the traceback outside backtrack's own package:
    the plugin's method the engine called (or the function it called on).
    """
    trace = error.__traceback__
    while trace is not None:
        code = trace.tb_frame.f_code
        try:
            ours = Path(code.co_filename).resolve().is_relative_to(_PACKAGE)
        except (OSError, ValueError):
            ours = False
        if not ours:
            name = getattr(code, "co_qualname", code.co_name)
            return f"{name} ({code.co_filename}, line {trace.tb_lineno})"
        trace = trace.tb_next
    return ""


def plugin_failure(puzzle: str, error: BaseException, source: str = "", during: str = "during the search") -> str:
    """The message for a plugin whose code raised ``error`` while searching ``source``, named as a bug of the plugin.

    ``the choose plugin failed during the search of in.txt (ZeroDivisionError: division by zero, raised in
    ChooseSearch.valid (choose.py, line 8)); this is a bug of the plugin``
    """
    where = failing_function(error)
    plugin = f"the {puzzle} plugin" if puzzle else "the plugin"
    return (f"{plugin} failed {during}{' of ' + source if source else ''} ({type(error).__name__}: {error}"
            f"{', raised in ' + where if where else ''}); this is a bug of the plugin")


#: Seconds a grade may take after ``solve --unique`` before it is left out.
GRADE_SECONDS = 10.0


def graded(puzzle: Puzzle, spec: Any, source: str) -> dict[str, Any] | None:
    """The puzzle's grade as JSON data; None when it has no reasoner or grading took longer than GRADE_SECONDS."""
    if puzzle.reasoner is None:
        return None
    from .hints import grade, reasoner_for

    found = grade(reasoner_for(puzzle, spec, None, source), seconds=GRADE_SECONDS)
    return found.as_json() if found.name is not None else None


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
    grade: bool = False,
) -> Outcome:
    """Search ``spec`` with ``search`` in ``mode``, firing events on ``hook`` if given.

    ``watch`` wraps the five methods for this search (see :data:`~backtrack.Watch`).
    ``timeout`` (seconds) ends the search between two attempts; the report then
    says :attr:`~backtrack.Stop.TIMEOUT`.  On Ctrl-C the finished event still
    fires, with a report that says :attr:`~backtrack.Stop.INTERRUPTED`, and
    :class:`SearchInterrupted` (a ``KeyboardInterrupt``) carries the outcome so far.
    When the puzzle's code raises (a method of the search, or ``render``), the
    finished event fires with a report stopped by :attr:`~backtrack.Stop.ERROR`,
    and :class:`PluginFailed` names the plugin and the error and carries the outcome.
    With ``grade``, a puzzle proven unique is graded on its own scale when it has
    a reasoner (``report.grade``; see :mod:`backtrack.explain`).
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
    failure: Exception | None = None
    try:
        if mode == "count":
            try:
                search.count(limit, prefix=prefix, trace=trace, timeout=timeout, watch=watch)
            except NOT_PLUGIN_BUGS:
                raise
            except Exception as error:
                failure = error
        else:
            found = search.solutions(limit, prefix=prefix, trace=trace, timeout=timeout, watch=watch)
            try:
                while failure is None:
                    # Only the puzzle's code is caught: an error of a reporter (a closed pipe) is not the plugin's.
                    try:
                        solution = next(found)
                    except StopIteration:
                        break
                    except NOT_PLUGIN_BUGS:
                        raise
                    except Exception as error:
                        failure = error
                        break
                    with held_signals():  # a solution is handed out whole, or not at all
                        try:
                            rendered = puzzle.render(spec, solution)
                        except NOT_PLUGIN_BUGS:
                            raise
                        except Exception as error:
                            failure = error
                            break
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
        elif failure is not None:
            outcome.report.complete, outcome.report.stopped = False, Stop.ERROR
        if (interrupted or failure is not None) and mode != "count":
            # A solution found but not yet handed out (when Ctrl-C came, or its rendering failed) is not claimed.
            outcome.report.solutions = len(outcome.solutions)
        if grade and not interrupted and failure is None and outcome.report.verdict is Verdict.UNIQUE:
            outcome.report.grade = graded(puzzle, spec, source)
        if hook is not None:
            hook.backtrack_search_finished(info=info, report=outcome.report)
    if interrupted:
        raise SearchInterrupted(outcome)
    if failure is not None:
        raise PluginFailed(plugin_failure(puzzle.name, failure, source), outcome=outcome) from failure
    return outcome
