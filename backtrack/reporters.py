"""The built-in reporters: plugins that turn search events into output.

A user plugin can add its own reporter by implementing the same event hooks.
"""

from __future__ import annotations

import html
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from .engine import Report, Stop, Verdict
from .hookspecs import hookimpl
from .run import SearchInfo

__all__ = ["TextReporter", "JsonReporter", "JsonLinesReporter", "SvgReporter", "summary_line", "summary_object",
           "stop_words"]


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


def stop_words(report: Report) -> str:
    """Why a search ended early, in words: ``interrupted``, ``stopped by the timeout``, ...; empty when complete."""
    if report.complete:
        return ""
    return {
        Stop.LIMIT: "search stopped at the limit",
        Stop.TIMEOUT: "stopped by the timeout",
        Stop.INTERRUPTED: "interrupted",
        Stop.BOUND: report.why or "stopped at a bound of the search",
        Stop.CALLER: "stopped by the caller",
        Stop.ERROR: "ended by an error",
    }.get(report.stopped, "stopped early")  # type: ignore[arg-type]


def summary_line(info: SearchInfo, report: Report) -> str:
    """One line saying what was found and what the search proved: never more than it searched."""
    why = stop_words(report)
    found = _plural(report.solutions, "solution")
    if info.mode == "unique":
        verdict = report.verdict
        if verdict is Verdict.AMBIGUOUS:
            return "ambiguous: more than one solution (stopped at the second)"
        if verdict is Verdict.UNIQUE:
            difficulty = report.difficulty
            if difficulty is None:
                return "unique: exactly one solution"
            guesses = "no guess" if not difficulty.guesses else (
                f"{difficulty.guesses} guess{'' if difficulty.guesses == 1 else 'es'}, "
                f"the deepest at level {difficulty.deepest}")
            return f"unique: exactly one solution (difficulty {difficulty.grade}: {guesses})"
        if verdict is Verdict.UNSOLVABLE:
            return "unsolvable: no solution"
        if report.stopped is Stop.BOUND:
            return f"unknown: {found} found; {why}"
        return f"unknown: {found} found before the search was {why} (not searched to the end)"
    if info.mode == "first" and report.solutions:
        return "first solution (the search stopped there; --all, --count or --unique search on)"
    if report.complete:
        return f"{found} (search complete)"
    if report.stopped is Stop.LIMIT:
        return f"{found} ({why}, more may exist)"
    if report.stopped is Stop.BOUND:
        return f"{found} ({why})"
    return f"{found} so far ({why}: the search is incomplete, {'more' if report.solutions else 'solutions'} may exist)"


def summary_object(info: SearchInfo, report: Report) -> dict[str, Any]:
    """The JSON summary of one finished search: what was found and what it proved.

    ``verdict`` is ``unique``, ``ambiguous``, ``unsolvable`` or ``unknown`` (a search
    stopped early with fewer than two solutions proves nothing); ``stopped`` says
    why a search is incomplete (``limit``, ``timeout``, ``interrupted``, ``bound``
    ...; null when complete), and ``why`` says it in words.  ``difficulty`` (for a
    search that tracks its guesses, searched to the end; else null): ``guesses``,
    ``deepest`` and ``grade`` (see :class:`~backtrack.engine.Difficulty`).
    """
    return {
        "puzzle": info.puzzle,
        "source": info.source,
        "mode": info.mode,
        "solutions": report.solutions,
        "attempts": report.attempts,
        "seconds": round(report.seconds, 6),
        "complete": report.complete,
        "verdict": report.verdict.value,
        "stopped": None if report.complete or report.stopped is None else report.stopped.value,
        "why": stop_words(report),
        "difficulty": report.difficulty.as_dict() if report.complete and report.difficulty is not None else None,
    }


class JsonReporter:
    """Collects the solutions and prints one JSON object when the search finishes.

    Keys: those of :func:`summary_object`, ``rendered`` (text of each solution
    handed out), and ``data`` when the puzzle gives solutions as data.
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
            self.stream.flush()

    def object(self, info: SearchInfo, report: Report) -> dict:
        """The JSON object for one finished search."""
        result = summary_object(info, report)
        result["rendered"] = list(self.rendered)
        if self.as_json is not None:
            result["data"] = list(self.data)
        return result


class JsonLinesReporter:
    """Writes one JSON object per solution as it is found (flushed at once), then a summary object.

    Solution lines: ``{"type": "solution", "puzzle", "source", "number", "rendered"}``
    and ``data`` when the puzzle gives solutions as data.  The summary line:
    ``{"type": "summary", ...}`` with the keys of :func:`summary_object`; it is
    written however the search ended (complete, limit, timeout, Ctrl-C).
    """

    def __init__(self, stream: TextIO | None = None, as_json: Any = None, spec: Any = None):
        self.stream = stream
        self.as_json = as_json
        self.spec = spec

    def write(self, record: dict[str, Any]) -> None:
        """Write one JSON object as a line and flush it."""
        stream = self.stream or sys.stdout
        stream.write(json.dumps(record) + "\n")
        stream.flush()

    @hookimpl
    def backtrack_solution_found(self, info: SearchInfo, number: int, solution: Any, rendered: str | None) -> None:
        record: dict[str, Any] = {
            "type": "solution",
            "puzzle": info.puzzle,
            "source": info.source,
            "number": number,
            "rendered": rendered or "",
        }
        if self.as_json is not None:
            record["data"] = self.as_json(self.spec, solution)
        self.write(record)

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        self.write({"type": "summary", **self.summary(info, report)})

    def summary(self, info: SearchInfo, report: Report) -> dict[str, Any]:
        """The summary object's keys (a subclass adds how a count ran)."""
        return summary_object(info, report)


class SvgReporter:
    """Draws each solution handed out as SVG: to one stream, to numbered files, or to one HTML page.

    ``draw(solution)`` gives the SVG document of a solution.  With ``output``
    None the documents go to ``stream`` one after the other.  With ``output``
    ending in ``.html`` every solution goes into one page, written when the search
    finishes (however it ends).  Otherwise solution N is written to
    ``STEM-N.svg`` as it is found, and when the search hands out exactly one
    solution that file is renamed to ``output`` itself.  The summary and the
    report line go to ``notes`` (and into the page).
    """

    def __init__(self, draw: Any, output: str | None, stream: TextIO | None = None, notes: TextIO | None = None):
        self.draw = draw
        self.output = output
        self.stream = stream
        self.notes = notes
        self.written: list[str] = []
        self.pictures: list[str] = []

    def _note(self, text: str) -> None:
        print(text, file=self.notes or sys.stderr)

    def numbered(self, number: int) -> str:
        """The file solution ``number`` is written to when there may be several."""
        path = Path(self.output or "solution.svg")
        return str(path.with_name(f"{path.stem}-{number}{path.suffix or '.svg'}"))

    @hookimpl
    def backtrack_search_started(self, info: SearchInfo) -> None:
        self.written, self.pictures = [], []

    @hookimpl
    def backtrack_solution_found(self, info: SearchInfo, number: int, solution: Any, rendered: str | None) -> None:
        picture = self.draw(solution, rendered)
        if self.output is None:
            stream = self.stream or sys.stdout
            stream.write(picture + "\n")
            stream.flush()
        elif self.output.endswith(".html"):
            self.pictures.append(picture)
        else:
            path = self.numbered(number)
            with open(path, "w", encoding="utf-8") as file:
                file.write(picture + "\n")
            self.written.append(path)

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        summary = [summary_line(info, report), report.line()]
        if self.output is not None and self.output.endswith(".html"):
            with open(self.output, "w", encoding="utf-8") as file:
                file.write(picture_page(f"{info.puzzle} {info.source}", self.pictures, summary))
            self._note(f"wrote {self.output}: {_plural(len(self.pictures), 'solution')}")
        elif self.written:
            if len(self.written) == 1 and self.output is not None:
                os.replace(self.written[0], self.output)
                self.written = [self.output]
            files = self.written if len(self.written) <= 3 else [self.written[0], "...", self.written[-1]]
            self._note(f"wrote {' '.join(files)}")
        for line in summary:
            self._note(line)


def picture_page(title: str, pictures: list[str], summary: list[str], caption: str = "Solution") -> str:
    """One HTML page of SVG pictures, numbered (``caption N``; no caption when empty), the summary under them."""
    figures = "".join(f'<figure><figcaption>{caption} {number}</figcaption>{picture}</figure>' if caption
                      else f"<figure>{picture}</figure>" for number, picture in enumerate(pictures, 1))
    lines = "".join(f"<p>{html.escape(line)}</p>" for line in summary)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>body{{font-family:Helvetica,Arial,sans-serif;margin:2em}}"
            "figure{display:inline-block;margin:0 2em 2em 0;vertical-align:top}"
            "figcaption{margin-bottom:.4em}</style></head>"
            f"<body><h1>{html.escape(title)}</h1>{figures or '<p>No solution.</p>'}{lines}</body></html>\n")
