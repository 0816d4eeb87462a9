"""What a count tells: its report, its progress, and the ways it can fail."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..engine import Report

__all__ = ["CountReport", "Progress", "CountInterrupted", "NotSplittable", "SubtreeError"]


class NotSplittable(ValueError):
    """The search cannot be split into subtrees (the message says why)."""


class SubtreeError(RuntimeError):
    """A subtree could not be counted by a worker (the message names it and the error).

    ``plugin_bug`` is true when the puzzle's own code raised there (the message
    then names the plugin, the error and the method), false when the worker died.
    """

    def __init__(self, message: str, *, plugin_bug: bool = False):
        super().__init__(message)
        self.plugin_bug = plugin_bug


@dataclass
class CountReport(Report):
    """The report of a (possibly parallel) count: an engine :class:`~backtrack.Report` and how it ran.

    ``attempts`` and ``solutions`` are the totals of the split and of every subtree
    counted (in this run or read from the checkpoint); ``complete`` is true when all
    subtrees were counted; ``subtrees_here`` of them were counted in this process.
    ``executor`` is ``serial`` (one piece, not split), ``in-process`` (split,
    counted in this process), ``local`` (worker processes), ``executor`` (an
    executor handed in) or ``dask``.  ``note`` says why a count ran serially or in
    this process, and ``unsplit`` is set when the workers could not be used at all
    (the search cannot be split, or cannot be sent to other processes).
    ``stopped`` (and the flags ``limited``, ``timed_out`` and ``interrupted``) say
    why an incomplete count stopped; ``retried`` counts subtrees counted again
    because the worker counting them died.

    ``seconds`` is, like ``attempts``, a total over every run of a resumed count:
    this run's wall-clock seconds (``run_seconds``) plus ``earlier_seconds``, the
    time the earlier runs took up to the last subtree they recorded in the
    checkpoint (the work whose attempts are in the total).
    """

    puzzle: str = ""
    executor: str = "serial"
    workers: int = 1
    depth: int = 0
    subtrees: int = 0
    subtrees_done: int = 0
    subtrees_here: int = 0
    resumed: int = 0
    retried: int = 0
    run_seconds: float = 0.0
    earlier_seconds: float = 0.0
    split_attempts: int = 0
    split_solutions: int = 0
    interrupted: bool = False
    timed_out: bool = False
    #: The timeout ran out while the tree was being split, before any subtree was counted.
    split_timed_out: bool = False
    limited: bool = False
    checkpoint: str | None = None
    note: str = ""
    unsplit: str = ""

    def details(self) -> dict[str, Any]:
        """How the count ran, as JSON data (everything but the engine report's fields).

        ``run_seconds`` is left out too, as ``seconds`` is: it is ``seconds`` less
        ``earlier_seconds``, and the details of two runs of one count are the same.
        """
        data = asdict(self)
        for key in (
            "attempts",
            "solutions",
            "seconds",
            "run_seconds",
            "complete",
            "puzzle",
            "interrupted",
            "timed_out",
            "stopped",
            "difficulty",
            "why",
        ):
            data.pop(key)
        return data


@dataclass(frozen=True)
class Progress:
    """A count in progress, as handed to a ``progress`` callback."""

    done: int
    total: int
    solutions: int
    attempts: int
    elapsed: float
    workers: int
    executor: str

    @property
    def rate(self) -> float:
        """Attempts per second so far."""
        return self.attempts / self.elapsed if self.elapsed > 0 else 0.0


class CountInterrupted(KeyboardInterrupt):
    """Ctrl-C (or a ``KeyboardInterrupt`` from a progress callback) stopped a count.

    ``report`` holds what was counted so far, marked incomplete and interrupted;
    with a checkpoint, the subtrees counted are in the file and a new count resumes.
    """

    def __init__(self, report: CountReport):
        super().__init__("count interrupted")
        self.report = report
