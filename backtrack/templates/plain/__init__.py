"""Subset sum: choose some of the given numbers so that they add up to the target.

This module is the template for a puzzle plugin (``backtrack new NAME`` writes a
plugin distribution from it): rename the puzzle and replace each part.  Every
built-in puzzle module has the same parts in the same order, numbered as in the
anatomy that :mod:`backtrack.puzzle` writes down, so a reader who knows one knows
where to look in all of them (a part a puzzle has no use for is left out, the
others keep their numbers: this one has no formats, picture, generator or façade):

1. the model: the puzzle's own class, in the puzzle's words, and ``build``;
2. the parser: text to model, with :class:`~backtrack.InputError` for bad input;
3. the text form: a solution (and a puzzle) back to text;
6. the checker: the rules, checked without the search's help;
7. the search: the five methods (or a :class:`~backtrack.PropagatingSearch`);
10. the descriptor: the :class:`~backtrack.Puzzle` that ties the parts together;
11. the hook: ``backtrack_puzzles``, found through the entry point.

It is not registered as a puzzle here; a plugin made from it registers itself in
its distribution's ``pyproject.toml``::

    [project.entry-points.backtrack]
    subset-sum = "subset_sum"

Input: the target on the first line, then the numbers (positive whole numbers,
separated by blanks or lines); ``#`` starts a comment line.  A solution is the
positions of the chosen numbers; it renders as ``3 + 5 + 9 = 17``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Param, Puzzle, Search, examples_in, hookimpl, whole_number

#: The puzzle's name, as ``backtrack list`` shows it and ``backtrack solve NAME`` takes it.
NAME = "subset-sum"

#: The largest instance accepted: say it in the descriptor's ``limits`` too.
MAX_NUMBERS = 200
MAX_VALUE = 10**12


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SubsetSum:
    """The numbers to choose from, and the sum the chosen ones must make."""

    numbers: tuple[int, ...]
    target: int


def build(count: int = 10) -> SubsetSum:
    """An instance from parameters alone: the numbers 1..count, the target their half-sum."""
    numbers = tuple(range(1, count + 1))
    return SubsetSum(numbers, sum(numbers) // 2)


# -- 2. the parser ---------------------------------------------------------------------------------


def parse(text: str, source: str = "<input>") -> SubsetSum:
    """The target, then the numbers; every error names its line and column."""
    values: list[int] = []
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("#"):
            continue
        for token in re.finditer(r"\S+", line):
            what = "the target" if not values else "a number to choose from"
            values.append(
                whole_number(token.group(), source, number, token.start() + 1, low=1, high=MAX_VALUE, what=what)
            )
            if len(values) > MAX_NUMBERS + 1:
                raise InputError(
                    f"expected at most {MAX_NUMBERS} numbers to choose from", source, number, token.start() + 1
                )
    if len(values) < 2:
        raise InputError("expected the target and at least one number to choose from", source, max(1, len(lines)))
    return SubsetSum(tuple(values[1:]), values[0])


# -- 3. the text form ------------------------------------------------------------------------------


def text_of(spec: SubsetSum) -> str:
    """The puzzle in the input format: ``parse(text_of(spec)) == spec``."""
    return f"{spec.target}\n{' '.join(map(str, spec.numbers))}\n"


def render(spec: SubsetSum, solution: Sequence[int]) -> str:
    """The chosen numbers and their sum: ``3 + 5 + 9 = 17``."""
    return " + ".join(str(spec.numbers[i]) for i in solution) + f" = {spec.target}"


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: SubsetSum, solution: Sequence[int]) -> list[str]:
    """The rules ``solution`` breaks, in the puzzle's words (none: an empty list)."""
    broken = []
    if len(set(solution)) != len(solution):
        broken.append("a number is chosen twice")
    if any(not 0 <= i < len(spec.numbers) for i in solution):
        broken.append(f"a position is not one of the {len(spec.numbers)} numbers")
    elif sum(spec.numbers[i] for i in set(solution)) != spec.target:
        broken.append(f"the chosen numbers add up to {sum(spec.numbers[i] for i in set(solution))}, not {spec.target}")
    return broken


# -- 7. the search ---------------------------------------------------------------------------------


class SubsetSumSearch(Search):
    """Level = the next number to decide; a move is the position of the next number chosen.

    Moves are the positions after the last one chosen, so each set is found once.
    ``valid`` refuses a number that overshoots the target.
    """

    def __init__(self, spec: SubsetSum):
        self.numbers = spec.numbers
        self.target = spec.target
        self.chosen: list[int] = []
        self.total = 0

    def moves(self, level: int) -> range:
        return range(self.chosen[-1] + 1 if self.chosen else 0, len(self.numbers))

    def valid(self, level: int, move: int) -> bool:
        return self.total + self.numbers[move] <= self.target

    def record(self, level: int, move: int) -> None:
        self.chosen.append(move)
        self.total += self.numbers[move]

    def undo(self, level: int, move: int) -> None:
        self.chosen.pop()
        self.total -= self.numbers[move]

    def done(self, level: int) -> bool:
        return self.total == self.target

    def solution(self, path: tuple) -> tuple[int, ...]:
        return tuple(self.chosen)

    def format_move(self, level: int, move: int) -> str:
        return f"choose {self.numbers[move]} (number {move + 1})"


def search(spec: SubsetSum) -> SubsetSumSearch:
    """A fresh search of ``spec``: constructing it runs nothing."""
    return SubsetSumSearch(spec)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name=NAME,
    description="choose numbers that add up to the target",
    parse=parse,
    search=search,
    render=render,
    params=(Param("count", "with no file: choose from 1..count, the target their half-sum", int, 10, low=1, high=30),),
    limits=f"up to {MAX_NUMBERS} numbers, each at most {MAX_VALUE:,}",
    build=build,
    examples=examples_in(Path(__file__).parent / "examples"),
    text=text_of,
    as_json=lambda spec, solution: [spec.numbers[i] for i in solution],
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
