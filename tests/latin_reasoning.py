"""What the reasoning tests of the Latin-square puzzles share (Sudoku, Skyline, Kendoku).

Each puzzle's test reads its Tatham-graded puzzles (``data/tatham-graded``),
explains each from its givens once (:class:`Graded`), and asks the same of it:
Tatham's grade for at least 90% of the puzzles and 70% of each level
(:func:`assert_agreement`, which prints the table), every step's answer true to
the known solution (:func:`assert_steps_agree`), and below the top level an
explanation that ends solved with an answer the puzzle's checker accepts.

The tests folder has no ``__init__.py``: pytest puts it on ``sys.path``, and the
test modules import this with ``from latin_reasoning import ...``.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from backtrack.explain import Explanation, explain

DATA = Path(__file__).resolve().parents[1] / "plugins" / "backtrack_puzzles" / "data" / "tatham-graded"


def records(game: str) -> list[dict[str, Any]]:
    """The graded puzzles of one of Tatham's games (``solo``, ``towers``, ``keen``)."""
    text = (DATA / f"{game}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def solution_of(record: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The record's solution as rows of values."""
    return tuple(tuple(int(char) for char in row) for row in record["solution"])


class Graded:
    """A game's graded puzzles, each decoded and explained from its givens once (on first use)."""

    def __init__(self, module: ModuleType, game: str):
        self.module = module
        self.records = records(game)
        self.explained = lru_cache(maxsize=None)(self._explain)

    def _explain(self, index: int) -> tuple[Any, Explanation]:
        spec = self.module.decode_tatham(self.records[index]["id"])
        return spec, explain(self.module.reasoner(spec, None, "<id>"))

    def __len__(self) -> int:
        return len(self.records)


def assert_agreement(graded: Graded, title: str, scale: tuple[str, ...]) -> None:
    """Tatham's grade for at least 90% of the puzzles and 70% of each level; the table printed."""
    matched: Counter[int] = Counter()
    total: Counter[int] = Counter()
    for index, record in enumerate(graded.records):
        level = record["grade"]["level"]
        total[level] += 1
        matched[level] += graded.explained(index)[1].level == level
    print()
    for level in sorted(total):
        print(f"{title} {scale[level]:>12}: {matched[level]:2d} / {total[level]}")
    print(f"{title} {'all':>12}: {sum(matched.values()):3d} / {sum(total.values())}")
    assert sum(matched.values()) >= 0.9 * sum(total.values())
    for level in total:
        assert matched[level] >= 0.7 * total[level], scale[level]


def assert_steps_agree(graded: Graded) -> None:
    """Every step's answer, read back with ``read_answer``, holds only values of the known solution."""
    for index, record in enumerate(graded.records):
        spec, explanation = graded.explained(index)
        solution = solution_of(record)
        for step in explanation.steps:
            assert step.kind != "mistake", (record["seed"], step.words)
            values = graded.module.read_answer(spec, step.answer, "<step>")
            for r, row in enumerate(values):
                for c, value in enumerate(row):
                    assert value in (0, solution[r][c]), (record["seed"], step.rule, step.words)


def assert_solved_below_the_top(graded: Graded, top: int) -> None:
    """Below the top level the steps alone solve the puzzle, and ``check`` accepts the answer they end with.

    At the top level the explanation ends in a guess, on an open cell.
    """
    for index, record in enumerate(graded.records):
        spec, explanation = graded.explained(index)
        last = explanation.steps[-1]
        if record["grade"]["level"] == top:
            assert last.kind in ("guess", "solved"), record["seed"]
            continue
        assert explanation.solved, (record["seed"], last.kind, last.words)
        values = graded.module.read_answer(spec, last.answer, "<answer>")
        assert values == solution_of(record)
        assert graded.module.check(spec, values) == []
