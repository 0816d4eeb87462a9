"""The built-in reporters: plugins that turn search events into output.

A user plugin can add its own reporter by implementing the same event hooks.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from .engine import Report, Verdict
from .hookspecs import hookimpl
from .run import SearchInfo

__all__ = ["TextReporter", "JsonReporter"]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class TextReporter:
    """Prints each solution handed out, then a summary and the report line.

    The report line is the tutorial programs' ``44 attempts in     0.00 seconds``.
    ``solutions=False`` leaves the solutions to someone else (the seed programs
    print their own); ``summary=False`` prints only the report line.
    """

    def __init__(self, stream: TextIO | None = None, *, solutions: bool = True, summary: bool = True):
        self.stream = stream
        self.solutions = solutions
        self.summary = summary

    def _print(self, text: str = "") -> None:
        print(text, file=self.stream or sys.stdout)

    @hookimpl
    def backtrack_solution_found(self, info: SearchInfo, number: int, rendered: str | None) -> None:
        if self.solutions:
            self._print(f"Solution {number}")
            self._print(rendered or "")

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        if self.summary:
            self._print(summary_line(info, report))
        self._print(report.line())


def summary_line(info: SearchInfo, report: Report) -> str:
    """One line saying how many solutions were found and whether the search was complete."""
    if info.mode == "unique":
        verdict = Verdict.from_count(min(report.solutions, 2))
        if verdict is Verdict.AMBIGUOUS:
            return "ambiguous: more than one solution (stopped at the second)"
        return "unique: exactly one solution" if verdict is Verdict.UNIQUE else "unsolvable: no solution"
    found = _plural(report.solutions, "solution")
    if info.mode == "first" and report.solutions:
        return "first solution (the search stopped there; --all, --count or --unique search on)"
    if report.complete:
        return f"{found} (search complete)"
    return f"{found} (search stopped at the limit, more may exist)"


class JsonReporter:
    """Collects the solutions and prints one JSON object when the search finishes.

    Keys: ``puzzle``, ``source``, ``mode``, ``solutions`` (number found), ``attempts``,
    ``seconds``, ``complete``, ``rendered`` (text of each solution handed out), and
    ``verdict`` in mode ``unique``, ``data`` when the puzzle gives solutions as data.
    """

    def __init__(self, stream: TextIO | None = None, as_json: Any = None, spec: Any = None):
        self.stream = stream
        self.as_json = as_json
        self.spec = spec
        self.rendered: list[str] = []
        self.data: list[Any] = []
        self.objects: list[dict] = []

    @hookimpl
    def backtrack_search_started(self, info: SearchInfo) -> None:
        self.rendered, self.data = [], []

    @hookimpl
    def backtrack_solution_found(self, info: SearchInfo, solution: Any, rendered: str | None) -> None:
        self.rendered.append(rendered or "")
        if self.as_json is not None:
            self.data.append(self.as_json(self.spec, solution))

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        self.objects.append(self.object(info, report))
        if self.stream is not None:
            json.dump(self.objects[-1], self.stream)
            self.stream.write("\n")

    def object(self, info: SearchInfo, report: Report) -> dict:
        """The JSON object for one finished search."""
        result: dict[str, Any] = {
            "puzzle": info.puzzle,
            "source": info.source,
            "mode": info.mode,
            "solutions": report.solutions,
            "attempts": report.attempts,
            "seconds": round(report.seconds, 6),
            "complete": report.complete,
            "rendered": list(self.rendered),
        }
        if info.mode == "unique":
            result["verdict"] = Verdict.from_count(min(report.solutions, 2)).value
        if self.as_json is not None:
            result["data"] = list(self.data)
        return result
