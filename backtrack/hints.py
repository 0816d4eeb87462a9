"""What ``hint``, ``grade`` and ``generate --difficulty`` share: a reasoner from an instance and an answer.

:func:`reasoner_for` builds the puzzle's :class:`~backtrack.explain.Reasoner` from
the givens or a partial answer (a plugin's failure reported as its bug, never a
traceback); :func:`search_mistakes` finds the marks that are in no solution, by
searching the puzzle to its end (and says nothing when the search could not
finish); :func:`grade` runs the easiest-first loop; :func:`step_picture` draws a
step's board with its cells marked; :func:`page_text` is the explanation page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .explain import Deduction, Explanation, Reasoner, explain, marks_in_no_solution, next_step
from .puzzle import InputError, Puzzle
from .svg import plain_drawing

__all__ = ["reasoner_for", "scale_of", "search_mistakes", "Grade", "grade", "steps_with_pictures", "step_picture",
           "page_text", "MISTAKE_SOLUTIONS", "MISTAKE_SECONDS"]

#: The most solutions, and seconds, a search for mistakes looks at: beyond them it proves nothing.
MISTAKE_SOLUTIONS = 1000
MISTAKE_SECONDS = 10.0


def reasoner_for(puzzle: Puzzle, spec: Any, answer: str | None, source: str) -> Reasoner:
    """The puzzle's reasoner from the givens (``answer`` None) or a partial answer read from ``source``."""
    if puzzle.reasoner is None:
        raise ValueError(f"puzzle {puzzle.name} has no named deductions (its plugin gives no reasoner)")
    try:
        reasoner = puzzle.reasoner(spec, answer, source)
    except InputError:
        raise
    except Exception as error:
        raise InputError(f"the {puzzle.name} plugin failed to read this answer ({type(error).__name__}: {error}); "
                         "this is a bug of the plugin", source) from None
    if not isinstance(reasoner, Reasoner):
        raise TypeError(f"the {puzzle.name} plugin's reasoner gave {type(reasoner).__name__}, not a Reasoner")
    return reasoner


def scale_of(puzzle: Puzzle) -> tuple[str, ...]:
    """The levels of the puzzle's scale, known without an instance; empty when it has no reasoner.

    The descriptor's ``reasoner`` is a :class:`Reasoner` subclass, or a function
    whose return annotation is one (or which has a ``scale`` attribute).
    """
    found = getattr(puzzle.reasoner, "scale", None)
    if found is None and puzzle.reasoner is not None:
        import typing

        try:
            found = getattr(typing.get_type_hints(puzzle.reasoner).get("return"), "scale", None)
        except Exception:  # an annotation that cannot be resolved: no scale known
            found = None
    return tuple(found or ())


def search_mistakes(puzzle: Puzzle, spec: Any, params: dict[str, Any], reasoner: Reasoner) -> tuple[list[Deduction],
                                                                                                       bool]:
    """The marks of ``reasoner`` that are in no solution, and whether the search proved it.

    The search runs to its end (at most :data:`MISTAKE_SOLUTIONS` solutions and
    :data:`MISTAKE_SECONDS` seconds); when it stops early nothing is claimed: the
    list is empty and the flag false.
    """
    search = puzzle.make_search(spec, params)
    solutions = list(search.solutions(limit=MISTAKE_SOLUTIONS + 1, timeout=MISTAKE_SECONDS))
    if not search.report.complete or len(solutions) > MISTAKE_SOLUTIONS:
        return [], False
    return marks_in_no_solution(reasoner, solutions), True


@dataclass
class Grade:
    """A puzzle's grade: the hardest level the easiest-first loop used (the top one if it needed a guess)."""

    name: str | None
    level: int | None
    scale: tuple[str, ...]
    steps: int
    guessed: bool

    def as_json(self) -> dict[str, Any]:
        """``{"grade", "level", "scale", "steps"}`` as ``grade --json`` prints it."""
        return {"grade": self.name, "level": self.level, "scale": list(self.scale), "steps": self.steps}


def grade(reasoner: Reasoner, seconds: float | None = None) -> Grade:
    """Grade the puzzle from the reasoner's state (Tatham's loop: always the easiest deduction that makes progress).

    After ``seconds`` the loop stops and the grade is unknown (``name`` and ``level`` None).
    """
    explanation = explain(reasoner, seconds=seconds)
    return Grade(explanation.grade, explanation.level, tuple(reasoner.scale), explanation.deductions,
                 bool(explanation.steps) and explanation.steps[-1].kind == "guess")


def step_picture(puzzle: Puzzle, spec: Any, reasoner: Reasoner, cells: Sequence[Any] = ()) -> str:
    """The board in the reasoner's state with ``cells`` marked (the puzzle's ``draw``), or its answer set as text.

    A puzzle that does not draw itself gets the answer's text as a picture, as
    every command shows such a puzzle (no cell is marked there).
    """
    if puzzle.draw is None:
        return plain_drawing(reasoner.answer().splitlines())
    picture = puzzle.draw(spec, reasoner.state())
    mark = reasoner.highlight(cells) if cells else ""
    end = picture.rfind("</svg>")
    return picture[:end] + mark + picture[end:] if mark and end >= 0 else picture


def steps_with_pictures(puzzle: Puzzle, spec: Any, reasoner: Reasoner, mistakes: Sequence[Deduction] = (),
                        every: bool = True) -> tuple[Explanation, list[str]]:
    """The next step (``every`` false) or every step to the end, each with its picture.

    The picture of a step is the board after it, its cells marked (a mistake or a
    guess changes nothing); the first picture is the board before any step.
    """
    explanation = Explanation(scale=tuple(reasoner.scale))
    pictures = [step_picture(puzzle, spec, reasoner)]
    while True:
        step = next_step(reasoner, mistakes)
        explanation.steps.append(step)
        pictures.append(step_picture(puzzle, spec, reasoner, step.cells))
        if step.kind != "step" or not every:
            return explanation, pictures


#: Characters that could end or restructure the element holding the data, as JSON escapes.
_JSON_IN_HTML = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}
_PLACEHOLDER = re.compile("__TITLE__|__DATA__")


def page_text(title: str, explanation: Explanation, pictures: Sequence[str]) -> str:
    """The explanation page: self-contained HTML that steps through ``explanation``, board by board.

    ``pictures`` are the board before the first step, then after each step.

    The data is JSON in a ``<script type="application/json">`` element with ``<``,
    ``>`` and ``&`` escaped, so no text (a file name, a rule's words) can change
    the page's structure.
    """
    import html

    steps: list[dict[str, Any]] = []
    for step, picture in zip(explanation.steps, pictures[1:], strict=True):
        steps.append({**step.as_json(), "picture": picture})
    data = {"title": title, "start": pictures[0], "steps": steps, "grade": explanation.grade,
            "scale": list(explanation.scale), "solved": explanation.solved}
    template = (Path(__file__).parent / "explanation.html").read_text(encoding="utf-8")
    values = {"__TITLE__": html.escape(title),
              "__DATA__": json.dumps(data, separators=(",", ":")).translate(_JSON_IN_HTML)}
    return _PLACEHOLDER.sub(lambda found: values[found.group(0)], template)

