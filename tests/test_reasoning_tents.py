"""Tents' reasoner: Tatham's grades on puzzles his programs made and graded, explained steps that agree with the
known solution, mistakes found (marks in no solution, marks that break a rule), partial answers read."""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from backtrack import InputError
from backtrack.explain import Explanation, explain, marks_in_no_solution, next_step
from backtrack_puzzles import tents
from backtrack_puzzles.tents import TentsCamp, TentsReasoner, reasoner

DATA = Path(tents.__file__).parent / "data" / "tatham-graded" / "tents.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
SMALL = "rules: standard\n1 0 1\n1 T.A\n0 ...\n1 A.T\n"


def tents_of(record: dict) -> set[tuple[int, int]]:
    """The tents of the record's solution (``A`` cells)."""
    return {(r, c) for r, row in enumerate(record["solution"]) for c, char in enumerate(row) if char == "A"}


@lru_cache(maxsize=None)
def explained(index: int) -> tuple[TentsCamp, Explanation]:
    """The puzzle of record ``index`` and its explanation from the givens (computed once per test run)."""
    camp = tents.decode_tatham(RECORDS[index]["id_short"])
    return camp, explain(reasoner(camp, None, "<id>"))


def cells_of(camp: TentsCamp, places: set[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(sorted(r * camp.cols + c for r, c in places))


def test_the_reasoner_is_in_the_descriptor_with_tathams_scale_and_rules_by_level():
    assert tents.PUZZLE.reasoner is reasoner
    assert TentsReasoner.scale == ("easy", "tricky")
    assert [(rule.id, rule.level) for rule in TentsReasoner.rules] == [
        ("tent-one-tree", 0), ("no-tree-near", 0), ("touches-tent", 0), ("tree-one-place", 0),
        ("line-placements", 0), ("diagonal-pair", 1), ("line-neighbours", 1)]


def test_the_grade_is_tathams_for_at_least_90_percent_and_70_percent_of_each_level():
    matched, total = Counter(), Counter()
    for index, record in enumerate(RECORDS):
        level = record["grade"]["level"]
        total[level] += 1
        matched[level] += explained(index)[1].level == level
    print()
    for level in sorted(total):
        print(f"Tents {TentsReasoner.scale[level]:>6}: {matched[level]:2d} / {total[level]}")
    assert sum(matched.values()) >= 0.9 * sum(total.values())
    for level in total:
        assert matched[level] >= 0.7 * total[level], TentsReasoner.scale[level]


def test_every_step_agrees_with_the_solution():
    for index, record in enumerate(RECORDS):
        camp, explanation = explained(index)
        placed = tents_of(record)
        for step in explanation.steps:
            assert step.kind != "mistake", (record["seed"], step.words)
            rows = [line.split()[1] for line in step.answer.split("\n")[2:]]
            for r, row in enumerate(rows):
                for c, char in enumerate(row):
                    if char == "A":
                        assert (r, c) in placed, (record["seed"], step.words)
                    elif char == "-":
                        assert (r, c) not in placed, (record["seed"], step.words)


def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer():
    for index, record in enumerate(RECORDS):
        camp, explanation = explained(index)
        if record["grade"]["level"] == len(TentsReasoner.scale) - 1:
            continue  # the top level: deductions or a guess, both graded tricky
        assert explanation.solved, record["seed"]
        layout = tents.read_answer(camp, explanation.steps[-1].answer)
        assert layout.tents == cells_of(camp, tents_of(record))
        assert tents.check(camp, layout) == []


def test_a_tricky_puzzle_uses_a_tricky_rule():
    for index, record in enumerate(RECORDS):
        if record["grade"]["level"] == 1:
            explanation = explained(index)[1]
            assert any(step.rule in ("diagonal-pair", "line-neighbours") for step in explanation.steps) or \
                explanation.steps[-1].kind == "guess"


def test_a_wrong_tent_that_breaks_no_rule_yet_is_found_as_a_mistake():
    record = RECORDS[0]
    camp = tents.decode_tatham(record["id_short"])
    placed = set(cells_of(camp, tents_of(record)))
    for cell in range(camp.rows * camp.cols):
        if cell in placed or cell in camp.trees or not any(n in camp.trees for n in camp.neighbours(cell)):
            continue
        state = TentsReasoner(camp, [cell])
        if state.broken() is None:
            break
    else:
        pytest.fail("no wrong tent that breaks no rule")
    partial = reasoner(camp, state.answer(), "<answer>")
    assert partial.broken() is None
    r, c = divmod(cell, camp.cols)
    solution = tents.read_answer(camp, tents.format_puzzle(camp, placed))
    found = partial.against(solution)
    assert [mark.cells for mark in found] == [((r, c),)]
    assert found[0].words == f"with a tent at ({r + 1}, {c + 1}) the puzzle has no solution"
    mistakes = marks_in_no_solution(partial, list(tents.search(camp).solutions()))
    step = next_step(partial, mistakes)
    assert step.kind == "mistake" and step.cells == ((r, c),)


def test_wrong_grass_is_found_too():
    record = RECORDS[0]
    camp = tents.decode_tatham(record["id_short"])
    placed = cells_of(camp, tents_of(record))
    partial = reasoner(camp, TentsReasoner(camp, grass=[placed[0]]).answer(), "<answer>")
    solution = tents.read_answer(camp, tents.format_puzzle(camp, placed))
    r, c = divmod(placed[0], camp.cols)
    assert [mark.words for mark in partial.against(solution)] == [
        f"without a tent at ({r + 1}, {c + 1}) the puzzle has no solution"]


def test_marks_that_break_a_rule_are_found_by_broken():
    camp = tents.parse("rules: standard\n1 1 0\n1 T..\n1 .T.\n0 ...\n")
    touching = TentsReasoner(camp, [1, 3])
    broken = touching.broken()
    assert broken is not None and broken.rule.id == "tents-touch" and set(broken.cells) == {(0, 1), (1, 0)}
    assert next_step(touching).kind == "mistake"
    assert TentsReasoner(camp, [2]).broken().rule.id == "line-too-many"  # column 3 takes none
    assert TentsReasoner(camp, grass=[1, 3]).broken().rule.id == "tree-without-place"
    assert TentsReasoner(camp, [8]).broken().rule.id in ("line-too-many", "tent-without-tree")
    assert TentsReasoner(camp, grass=[1, 2]).broken().rule.id == "line-too-few"


def test_a_partial_answer_reads_back_the_same():
    camp, explanation = explained(25)
    for step in explanation.steps[::7]:
        assert reasoner(camp, step.answer, "<answer>").answer() == step.answer


@pytest.mark.parametrize("answer, line, column", [
    ("rules: standard\n1 0 1\n1 T.A\n0 .x.\n1 A.T\n", 4, 4),  # an unknown mark
    ("rules: standard\n1 0 1\n1 T.A\n0 ....\n1 A.T\n", 4, 3),  # a row too long
    ("rules: standard\n0 1 1\n1 T.A\n0 ...\n1 A.T\n", 2, 1),  # a count that is not the puzzle's
    ("rules: standard\n1 0 1\n1 ..A\n0 ...\n1 A.T\n", 3, 3),  # a tree left out
    ("rules: standard\n1 0 1\n1 T.-\n0 ...\n1 A.T\n", 3, 5),  # grass on a given tent
])
def test_a_bad_partial_answer_is_refused_with_its_line_and_column(answer, line, column):
    camp = tents.parse(SMALL)
    with pytest.raises(InputError) as error:
        reasoner(camp, answer, "answer.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("answer.txt", line, column)


def test_a_puzzle_under_the_tutorial_rules_and_without_counts_is_reasoned_too():
    camp = tents.parse("? 1 1\n1 T.T\n1 ...\n")
    explanation = explain(reasoner(camp, None, "<input>"))
    assert explanation.steps[-1].kind in ("solved", "guess")
    tutorial = tents.parse(next(iter(tents.PUZZLE.examples.values())).read_text(encoding="utf-8"))
    steps = explain(reasoner(tutorial, None, "<input>")).steps
    assert steps[-1].kind in ("solved", "guess") and all(step.kind != "mistake" for step in steps)
