"""The built-in reporters: plugins that turn search events into output.

A user plugin can add its own reporter by implementing the same event hooks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from .engine import Report, Stop, Verdict
from .hookspecs import hookimpl
from .outputs import AtomicFile, write_atomic
from .run import SearchInfo
from .svg import escape

__all__ = ["TextReporter", "JsonReporter", "JsonLinesReporter", "SvgReporter", "PictureSink", "picture_page",
           "summary_line", "summary_object", "stop_words", "plural", "CountTextReporter", "CountJsonReporter",
           "CountJsonLinesReporter", "count_summary"]


def plural(count: int, word: str) -> str:
    """``1 attempt``, ``2 attempts``: a count and its word, in the singular for one."""
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
    found = plural(report.solutions, "solution")
    if info.mode == "unique":
        verdict = report.verdict
        if verdict is Verdict.AMBIGUOUS:
            return "ambiguous: more than one solution (stopped at the second)"
        if verdict is Verdict.UNIQUE:
            difficulty = report.difficulty
            graded = (f"; grade {report.grade['grade']} on the scale {', '.join(report.grade['scale'])}"
                      if report.grade is not None else "")
            if difficulty is None:
                return f"unique: exactly one solution{graded.replace('; ', ' (', 1) + ')' if graded else ''}"
            guesses = "no guess" if not difficulty.guesses else (
                f"{difficulty.guesses} guess{'' if difficulty.guesses == 1 else 'es'}, "
                f"the deepest at level {difficulty.deepest}")
            return f"unique: exactly one solution (difficulty {difficulty.grade}: {guesses}{graded})"
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
    ``deepest`` and ``grade`` (see :class:`~backtrack.engine.Difficulty`).  ``grade``
    (``solve --unique`` of a puzzle with a reasoner; else null): the puzzle's grade
    on its own scale, ``{"grade", "level", "scale", "steps"}``.
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
        "grade": report.grade,
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


class PictureSink:
    """Where drawn pictures go, one at a time as they are made: a stream, files, or one HTML page.

    With ``output`` None each picture goes to ``stream``.  With ``output`` ending
    in ``.html`` they go into one page, written through a temporary file beside it
    and renamed into place by :meth:`close` (however the command ends, the page
    holds every picture made).  Otherwise one picture goes to ``output`` itself and
    several to ``STEM-1.svg``, ``STEM-2.svg`` ...: when ``expected`` (how many
    pictures there will be) is not known, the first is held back until a second
    comes, so a single picture never touches ``STEM-1.svg``.  Every file is written
    whole (:func:`~backtrack.outputs.write_atomic`) and only the files named so are
    written.
    """

    def __init__(self, output: str | None, title: str, *, stream: TextIO | None = None,
                 caption: str = "Solution", expected: int | None = None):
        self.output = output
        self.title = title
        self.stream = stream
        self.caption = caption
        self.expected = expected
        self.written: list[str] = []
        self.count = 0
        self._held: str | None = None
        self._page: AtomicFile | None = None

    @property
    def page(self) -> bool:
        """Whether the pictures go into one HTML page."""
        return self.output is not None and self.output.endswith(".html")

    def numbered(self, number: int) -> str:
        """The file picture ``number`` is written to when there are several."""
        path = Path(self.output or "picture.svg")
        return str(path.with_name(f"{path.stem}-{number}{path.suffix or '.svg'}"))

    def add(self, picture: str) -> None:
        """Hand out one more picture."""
        self.count += 1
        if self.output is None:
            stream = self.stream or sys.stdout
            stream.write(picture + "\n")
            stream.flush()
        elif self.page:
            if self._page is None:
                self._page = AtomicFile(self.output)
                self._page.write(_page_head(self.title))
            caption = f"<figcaption>{escape(self.caption)} {self.count}</figcaption>" if self.caption else ""
            self._page.write(f"<figure>{caption}{picture}</figure>\n")
        elif self.expected == 1 or (self.expected is None and self.count == 1):
            if self.expected == 1:
                self._write(self.output, picture)
            else:
                self._held = picture
        else:
            if self._held is not None:
                self._write(self.numbered(1), self._held)
                self._held = None
            self._write(self.numbered(self.count), picture)

    def _write(self, path: str, picture: str) -> None:
        write_atomic(path, picture + "\n")
        self.written.append(path)

    def close(self, summary: list[str] | None = None) -> list[str]:
        """Write what is still held (the page, a single picture); the files written, in order."""
        if self._held is not None and self.output is not None:
            self._write(self.output, self._held)
            self._held = None
        if self.page and self.output is not None:
            page = self._page
            if page is None:
                page = AtomicFile(self.output)
                page.write(_page_head(self.title))
                page.write("<p>No solution.</p>" if self.caption == "Solution" else "<p>Nothing was made.</p>")
            self._page = None
            page.write("".join(f"<p>{escape(line)}</p>" for line in summary or []) + "</body></html>\n")
            page.commit()
            self.written.append(self.output)
        return self.written

    def discard(self) -> None:
        """Drop a page not yet written (after an error): the file named stays as it was."""
        if self._page is not None:
            self._page.discard()
            self._page = None

    def files_line(self) -> str:
        """``wrote A B C`` (the first and last of many), or empty when nothing went to files."""
        files = self.written if len(self.written) <= 3 else [self.written[0], "...", self.written[-1]]
        return f"wrote {' '.join(files)}" if files else ""


class SvgReporter:
    """Draws each solution handed out as SVG, through a :class:`PictureSink` (a stream, files, or one page).

    ``draw(solution, rendered)`` gives the SVG document of a solution.  The page's
    title is ``title`` (default: the puzzle and the source).  The summary and the
    report line go to ``notes`` (and into the page).
    """

    def __init__(self, draw: Any, output: str | None, stream: TextIO | None = None, notes: TextIO | None = None,
                 title: str | None = None):
        self.draw = draw
        self.output = output
        self.stream = stream
        self.notes = notes
        self.title = title
        self.sink = PictureSink(output, title or "", stream=stream)

    def _note(self, text: str) -> None:
        print(text, file=self.notes or sys.stderr)

    @hookimpl
    def backtrack_search_started(self, info: SearchInfo) -> None:
        self.sink = PictureSink(self.output, self.title or f"{info.puzzle} {info.source}", stream=self.stream,
                                expected=1 if info.mode == "first" else None)

    @hookimpl
    def backtrack_solution_found(self, info: SearchInfo, number: int, solution: Any, rendered: str | None) -> None:
        self.sink.add(self.draw(solution, rendered))

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        summary = [summary_line(info, report), report.line()]
        self.sink.close(summary)
        if self.sink.page:
            self._note(f"wrote {self.output}: {plural(self.sink.count, 'solution')}")
        elif self.sink.written:
            self._note(self.sink.files_line())
        for line in summary:
            self._note(line)


def _page_head(title: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>body{{font-family:Helvetica,Arial,sans-serif;margin:2em}}"
            "figure{display:inline-block;margin:0 2em 2em 0;vertical-align:top}"
            f"figcaption{{margin-bottom:.4em}}</style></head><body><h1>{escape(title)}</h1>\n")


def picture_page(title: str, pictures: list[str], summary: list[str], caption: str = "Solution") -> str:
    """One HTML page of SVG pictures, numbered (``caption N``; no caption when empty), the summary under them."""
    figures = "".join(f"<figure><figcaption>{escape(caption)} {number}</figcaption>{picture}</figure>\n"
                      if caption else f"<figure>{picture}</figure>\n" for number, picture in enumerate(pictures, 1))
    lines = "".join(f"<p>{escape(line)}</p>" for line in summary)
    return f"{_page_head(title)}{figures or '<p>No solution.</p>'}{lines}</body></html>\n"


# -- counts: how far a split count got, and how it ran (a parallel.CountReport) ---------------


def count_details(report: Report) -> dict[str, Any] | None:
    """How a count ran (what a :class:`~backtrack.parallel.CountReport` details), None for another report.

    Asked of the report rather than checked by its class: reporting a search
    never imports the parallel machinery.
    """
    details = getattr(report, "details", None)
    return details() if callable(details) else None


def count_summary(info: SearchInfo, report: Report) -> str:
    """The summary line of a count; a split count stopped early says how many subtrees were counted."""
    subtrees = getattr(report, "subtrees", 0)
    if report.stopped in (Stop.INTERRUPTED, Stop.TIMEOUT) and subtrees > 1:
        found = plural(report.solutions, "solution")
        done = f"{getattr(report, 'subtrees_done', 0)} of {subtrees} subtrees counted"
        return f"{found} so far ({stop_words(report)}: incomplete, {done})"
    return summary_line(info, report)


class CountTextReporter(TextReporter):
    """The text reporter for counts: says how far a split count got when it stopped early."""

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        self._print(count_summary(info, report))
        self._print(report.line())


class CountJsonReporter(JsonReporter):
    """The JSON reporter for counts: adds ``interrupted``, ``timed_out`` and ``parallel`` (how it ran)."""

    def object(self, info: SearchInfo, report: Report) -> dict:
        result = super().object(info, report)
        details = count_details(report)
        if details is not None:
            result["interrupted"] = getattr(report, "interrupted", False)
            result["timed_out"] = getattr(report, "timed_out", False)
            result["parallel"] = details
        return result


class CountJsonLinesReporter(JsonLinesReporter):
    """The JSON-lines reporter for counts: the summary object says how the count ran (``parallel``)."""

    def summary(self, info: SearchInfo, report: Report) -> dict[str, Any]:
        result = super().summary(info, report)
        details = count_details(report)
        if details is not None:
            result["parallel"] = details
        return result
