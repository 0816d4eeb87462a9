"""The exit statuses of the command (the table is in :mod:`backtrack.cli`), and the one true of a search."""

from __future__ import annotations

from ..engine import Report, Stop, Verdict

EXIT_FOUND, EXIT_NONE, EXIT_ERROR, EXIT_BOUND = 0, 1, 2, 3
EXIT_TIMEOUT, EXIT_INTERRUPTED = 124, 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as shells report it
EXIT_TERMINATED = 143  # 128 + SIGTERM: a count ended by SIGTERM, its partial report printed


def exit_status(mode: str, report: Report) -> int:
    """The exit status that is true of ``report``."""
    if report.stopped is Stop.INTERRUPTED:
        return EXIT_INTERRUPTED
    if report.stopped is Stop.TIMEOUT:
        return EXIT_TIMEOUT
    if mode == "unique":
        verdict = report.verdict
        if verdict in (Verdict.UNIQUE, Verdict.AMBIGUOUS):
            return EXIT_FOUND
        if verdict is Verdict.UNSOLVABLE:
            return EXIT_NONE
        return EXIT_BOUND
    if report.solutions:
        return EXIT_FOUND
    return EXIT_NONE if report.complete else EXIT_BOUND
