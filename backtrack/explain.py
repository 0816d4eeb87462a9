"""Explained solving: named deductions, the easiest-first loop, hints and grades.

A search says what the answer is; a :class:`Reasoner` says why.  It holds what a
person solving the puzzle knows (the givens, and the marks of a partial answer)
and offers the puzzle's deductions as named :class:`Rule` s, each at a level of the
puzzle's difficulty scale (``easy``, ``tricky`` ...).  The engine drives it as
Simon Tatham's solvers grade their puzzles: at every step it applies the easiest
deduction that makes progress, one step at a time; the grade is the hardest level
used, and a puzzle where no deduction applies before it is solved needs a guess,
which is the top of the scale.

A puzzle offers its reasoner through the descriptor's ``reasoner`` field:
``reasoner(spec, answer, source) -> Reasoner``, where ``answer`` is a partial
answer in the text form ``backtrack solve`` prints (cells not yet decided left as
in the puzzle), or None for the givens alone.  The reasoner is a model of its own,
beside the search: the search's propagation is not touched, so explaining costs
a search nothing when it is not asked for.

Cells are ``(row, col)`` counted from 0 inside, from 1 in words and JSON.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Sequence

__all__ = ["Cell", "Rule", "Deduction", "Reasoner", "Step", "Explanation", "next_step", "explain", "cells_json",
           "marks_in_no_solution"]

Cell = tuple[int, int]

#: The kinds of step: a deduction, a mark that is wrong, a guess needed, the puzzle solved.
KINDS = ("step", "mistake", "guess", "solved")


@dataclass(frozen=True)
class Rule:
    """A named deduction of a puzzle.

    ``id`` names it in JSON and tests (``hidden-single``), ``level`` is its index in
    the reasoner's :attr:`Reasoner.scale`, and ``summary`` says what it allows in
    the puzzle's own words.
    """

    id: str
    level: int
    summary: str


@dataclass(frozen=True)
class Deduction:
    """One step of a rule: its words, the cells it concerns, and the change it makes.

    ``words`` says the step in the puzzle's vocabulary (``row 3 needs 2 more tents
    and has exactly 2 places left``), with cells counted from 1; ``cells`` are the
    cells the step is about, counted from 0; ``change`` is the reasoner's own
    description of what it changes, which only :meth:`Reasoner.apply` reads.
    """

    rule: Rule
    words: str
    cells: tuple[Cell, ...] = ()
    change: Any = None


class Reasoner(ABC):
    """What a person solving one instance knows, and the deductions they can make from it.

    Subclasses set :attr:`scale` and :attr:`rules` (ordered by level) and implement
    :meth:`find`, :meth:`apply`, :meth:`solved`, :meth:`broken` and :meth:`answer`;
    :meth:`guess` and :meth:`against` are optional.
    """

    #: The difficulty levels' names, easiest first.  The last is the level of a
    #: puzzle that needs a guess.
    scale: ClassVar[tuple[str, ...]] = ()
    #: The puzzle's rules, ordered by level (easiest first).
    rules: ClassVar[tuple[Rule, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        levels = [rule.level for rule in cls.rules]
        if levels != sorted(levels):
            raise TypeError(f"{cls.__name__}.rules must be ordered by level, easiest first")
        if cls.scale and any(not 0 <= level < len(cls.scale) for level in levels):
            raise TypeError(f"{cls.__name__}.rules has a level outside its scale {cls.scale}")
        if len({rule.id for rule in cls.rules}) != len(cls.rules):
            raise TypeError(f"{cls.__name__}.rules names a rule twice")

    @abstractmethod
    def find(self, rule: Rule) -> Deduction | None:
        """The first deduction of ``rule`` that makes progress from the current state, or None."""

    @abstractmethod
    def apply(self, deduction: Deduction) -> None:
        """Make the change of ``deduction`` (one that :meth:`find` returned)."""

    @abstractmethod
    def solved(self) -> bool:
        """Is every cell decided (and no rule broken)?"""

    @abstractmethod
    def broken(self) -> Deduction | None:
        """A rule the current state breaks (two lamps that see each other, a cell left no value), or None.

        The deduction's rule is the rule broken, its words say how, its cells are where.
        """

    @abstractmethod
    def answer(self) -> str:
        """The current state in the text form ``backtrack solve`` prints (undecided cells as in the puzzle)."""

    def guess(self) -> Deduction | None:
        """The choice the puzzle's search would make here, when no deduction applies (None: not known)."""
        return None

    def against(self, solution: Any) -> list[Deduction]:
        """The marks of the state that ``solution`` (as the puzzle's search gives it) does not have.

        A mark against every solution of the puzzle is a mistake.  The default says
        nothing, so a reasoner without it finds only the mistakes :meth:`broken` sees.
        """
        return []

    def state(self) -> Any:
        """The state as the puzzle's ``draw`` takes it (a partial solution); None draws the puzzle alone."""
        return None

    def highlight(self, cells: Sequence[Cell]) -> str:
        """An SVG fragment, in the coordinates of the puzzle's ``draw``, marking ``cells`` ("" draws no mark)."""
        return ""

    @classmethod
    def rule(cls, rule_id: str) -> Rule:
        """The rule called ``rule_id``."""
        for rule in cls.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"{cls.__name__} has no rule {rule_id!r}")


def cells_json(cells: Iterable[Cell]) -> list[list[int]]:
    """Cells as JSON gives them: ``[row, column]`` counted from 1."""
    return [[row + 1, col + 1] for row, col in cells]


@dataclass
class Step:
    """One step of an explanation, as ``backtrack hint`` tells it.

    ``kind`` is ``step`` (a deduction was made), ``mistake`` (a mark breaks a rule or
    is in no solution), ``guess`` (no deduction applies: the search would guess)
    or ``solved``; ``rule``, ``level`` and ``level_name`` are the deduction's (a
    guess is at the top of the scale); ``answer`` is the state after the step.
    """

    kind: str
    words: str
    cells: tuple[Cell, ...] = ()
    rule: str | None = None
    level: int | None = None
    level_name: str | None = None
    answer: str = ""

    def as_json(self) -> dict[str, Any]:
        """The JSON object of the step: ``kind, rule, level, words, cells`` (from 1) and ``answer``."""
        return {"kind": self.kind, "rule": self.rule, "level": self.level_name, "words": self.words,
                "cells": cells_json(self.cells), "answer": self.answer}


@dataclass
class Explanation:
    """Every step from a state to the end: solved, a mistake, or a guess needed."""

    steps: list[Step] = field(default_factory=list)
    scale: tuple[str, ...] = ()
    #: False when the explanation was stopped (by its time) before its end: then it has no grade.
    complete: bool = True

    @property
    def solved(self) -> bool:
        """Did the steps solve the puzzle?"""
        return bool(self.steps) and self.steps[-1].kind == "solved"

    @property
    def level(self) -> int | None:
        """The grade's index in the scale: the hardest level used, the top one if a guess was needed.

        None when the explanation ended at a mistake (a wrong answer has no grade) or was stopped early.
        """
        if not self.complete or any(step.kind == "mistake" for step in self.steps):
            return None
        levels = [step.level for step in self.steps if step.level is not None]
        return max(levels, default=0)

    @property
    def grade(self) -> str | None:
        """The grade's name, None when the explanation ended at a mistake."""
        level = self.level
        return None if level is None or not self.scale else self.scale[level]

    @property
    def deductions(self) -> int:
        """How many deduction steps were made."""
        return sum(step.kind == "step" for step in self.steps)

    def as_json(self) -> dict[str, Any]:
        """``{"steps": [...], "grade": ..., "solved": ...}``."""
        return {"steps": [step.as_json() for step in self.steps], "grade": self.grade, "solved": self.solved}


def _step_of(reasoner: Reasoner, kind: str, deduction: Deduction | None, words: str, level: int | None) -> Step:
    scale = reasoner.scale
    return Step(kind=kind, words=deduction.words if deduction else words,
                cells=tuple(deduction.cells) if deduction else (),
                rule=deduction.rule.id if deduction else None,
                level=level, level_name=scale[level] if level is not None and scale else None,
                answer=reasoner.answer())


def next_step(reasoner: Reasoner, mistakes: Sequence[Deduction] = ()) -> Step:
    """The next step from the reasoner's state, made: the easiest deduction that makes progress.

    ``mistakes``, marks already known to be in no solution (see
    :func:`backtrack.hints.search_mistakes`), come first: they name the wrong mark
    itself; then a rule the state breaks (which may be a consequence of marks).  A
    state where no rule applies gives a ``guess`` step naming the choice the
    puzzle's search would make.
    """
    if mistakes:
        return _step_of(reasoner, "mistake", mistakes[0], "", None)
    broken = reasoner.broken()
    if broken is not None:
        return _step_of(reasoner, "mistake", broken, "", None)
    if reasoner.solved():
        return _step_of(reasoner, "solved", None, "the puzzle is solved", None)
    for rule in reasoner.rules:
        deduction = reasoner.find(rule)
        if deduction is not None:
            reasoner.apply(deduction)
            return _step_of(reasoner, "step", deduction, "", rule.level)
    top = len(reasoner.scale) - 1 if reasoner.scale else None
    guess = reasoner.guess()
    if guess is None:
        return _step_of(reasoner, "guess", None, "no deduction applies: a guess is needed", top)
    return Step(kind="guess", words=f"no deduction applies: a guess is needed; the search would try {guess.words}",
                cells=tuple(guess.cells), rule=None, level=top,
                level_name=reasoner.scale[top] if top is not None else None, answer=reasoner.answer())


def explain(reasoner: Reasoner, mistakes: Sequence[Deduction] = (), limit: int = 100_000,
            seconds: float | None = None) -> Explanation:
    """Every step from the reasoner's state to the end, the easiest rule first each time (Tatham's loop).

    It ends at ``solved``, at a ``mistake``, or at a ``guess`` (the puzzle needs one
    from there), or after ``limit`` steps (a reasoner that never ends is a bug: it
    raises ``RuntimeError``).  After ``seconds`` it stops between two steps, and
    the explanation says it is not :attr:`~Explanation.complete`.
    """
    explanation = Explanation(scale=tuple(reasoner.scale))
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(limit):
        step = next_step(reasoner, mistakes)
        explanation.steps.append(step)
        if step.kind != "step":
            return explanation
        if deadline is not None and time.monotonic() > deadline:
            explanation.complete = False
            return explanation
    raise RuntimeError(f"{type(reasoner).__name__} made {limit} steps without an end")


def marks_in_no_solution(reasoner: Reasoner, solutions: Iterable[Any]) -> list[Deduction]:
    """The marks of the reasoner's state that are against every one of ``solutions``.

    ``solutions`` must be every solution of the puzzle (a search that ended
    complete): only then is a mark against all of them in no solution.  For a
    puzzle without any solution every mark would be; none is named then.
    """
    common: dict[tuple[str, tuple[Cell, ...]], Deduction] | None = None
    for solution in solutions:
        found = {(mark.words, tuple(mark.cells)): mark for mark in reasoner.against(solution)}
        common = found if common is None else {key: mark for key, mark in common.items() if key in found}
        if not common:
            return []
    return list(common.values()) if common else []
