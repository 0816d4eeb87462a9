"""Sudoku's reasoner: Tatham's Solo grades on puzzles his programs made and graded, explained steps that agree
with the known solution, mistakes found (marks in no solution, marks that break a rule), partial answers read."""

from __future__ import annotations

import time

import pytest
from latin_reasoning import Graded, assert_agreement, assert_solved_below_the_top, assert_steps_agree, solution_of

from backtrack import InputError
from backtrack.explain import explain, marks_in_no_solution, next_step
from backtrack_puzzles import sudoku
from backtrack_puzzles.sudoku import SudokuReasoner, reasoner

GRADED = Graded(sudoku, "solo")
TOP = len(SudokuReasoner.scale) - 1


def test_the_reasoner_is_in_the_descriptor_with_tathams_scale_and_rules_by_level():
    assert sudoku.PUZZLE.reasoner is reasoner
    assert SudokuReasoner.scale == ("trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable")
    assert [(rule.id, rule.level) for rule in SudokuReasoner.rules] == [
        ("full-house-box", 0), ("hidden-single-box", 0), ("full-house-line", 1), ("hidden-single-row", 1),
        ("hidden-single-column", 1), ("naked-single", 1), ("pointing", 2), ("claiming", 2), ("naked-pair", 3),
        ("hidden-pair", 3), ("naked-triple", 3), ("hidden-triple", 3), ("naked-quad", 3), ("hidden-quad", 3),
        ("x-wing", 4), ("swordfish", 4), ("jellyfish", 4), ("forcing-chain", 4)]


def test_the_grade_is_tathams_for_at_least_90_percent_and_70_percent_of_each_level():
    assert_agreement(GRADED, "Solo", SudokuReasoner.scale)


def test_every_step_agrees_with_the_solution():
    assert_steps_agree(GRADED)


def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer():
    assert_solved_below_the_top(GRADED, TOP)


def test_each_level_uses_its_own_rules():
    firsts = {"basic": ("full-house-line", "hidden-single-row", "hidden-single-column", "naked-single"),
              "intermediate": ("pointing", "claiming"), "advanced": ("naked-", "hidden-p", "hidden-t", "hidden-q"),
              "extreme": ("x-wing", "swordfish", "jellyfish", "forcing-chain")}
    for index, record in enumerate(GRADED.records):
        explanation = GRADED.explained(index)[1]
        word = record["grade"]["word"].lower()
        if word in firsts and explanation.level == record["grade"]["level"]:
            assert any(step.rule and step.rule.startswith(firsts[word]) for step in explanation.steps)
        if word == "trivial":
            assert {step.rule for step in explanation.steps} <= {"full-house-box", "hidden-single-box", None}


def test_an_unreasonable_puzzle_ends_in_the_guess_the_search_would_make():
    index = next(i for i, record in enumerate(GRADED.records) if record["grade"]["level"] == TOP)
    spec, explanation = GRADED.explained(index)
    last = explanation.steps[-1]
    assert last.kind == "guess" and last.level_name == "unreasonable" and len(last.cells) == 1
    assert "the search would try" in last.words
    (r, c), = last.cells
    assert sudoku.read_answer(spec, last.answer)[r][c] == 0


def test_explaining_a_9x9_takes_well_under_a_second():
    index = next(i for i, record in enumerate(GRADED.records) if record["grade"]["word"] == "Extreme")
    spec = sudoku.decode_tatham(GRADED.records[index]["id"])
    started = time.perf_counter()
    explain(reasoner(spec, None, "<id>"))
    assert time.perf_counter() - started < 1.0


def wrong_mark(spec: sudoku.Sudoku, solution: tuple[tuple[int, ...], ...]) -> tuple[int, int, int]:
    """An empty cell and a wrong digit for it that no given of its row, column or box holds."""
    n = spec.n
    for r in range(n):
        for c in range(n):
            if spec.givens[r][c]:
                continue
            seen = {spec.givens[r][j] for j in range(n)} | {spec.givens[i][c] for i in range(n)}
            top, left = r - r % spec.box_rows, c - c % spec.box_cols
            seen |= {spec.givens[top + i][left + j] for i in range(spec.box_rows) for j in range(spec.box_cols)}
            for value in range(1, n + 1):
                if value not in seen and value != solution[r][c]:
                    return r, c, value
    raise AssertionError("no wrong digit that breaks no rule")


def with_mark(spec: sudoku.Sudoku, r: int, c: int, value: int) -> str:
    rows = [list(row) for row in spec.givens]
    rows[r][c] = value
    return sudoku.render(spec, rows)


def test_a_wrong_digit_that_breaks_no_rule_yet_is_found_as_a_mistake():
    record = GRADED.records[0]
    spec, solution = sudoku.decode_tatham(record["id"]), solution_of(record)
    r, c, value = wrong_mark(spec, solution)
    partial = reasoner(spec, with_mark(spec, r, c, value), "answer.txt")
    assert partial.broken() is None
    found = partial.against(solution)
    assert [mark.cells for mark in found] == [((r, c),)]
    mistakes = marks_in_no_solution(partial, list(sudoku.search(spec).solutions()))
    step = next_step(partial, mistakes)
    assert step.kind == "mistake" and step.cells == ((r, c),) and step.rule == "not-in-solution"


def test_a_digit_that_breaks_a_rule_is_found_by_broken():
    record = GRADED.records[0]
    spec = sudoku.decode_tatham(record["id"])
    r, c = next((r, c) for r in range(9) for c in range(9) if not spec.givens[r][c])
    given = next(spec.givens[r][j] for j in range(9) if spec.givens[r][j])
    broken = reasoner(spec, with_mark(spec, r, c, given), "<answer>").broken()
    assert broken is not None and broken.rule.id == "twice-in-a-house" and (r, c) in broken.cells
    assert next_step(reasoner(spec, with_mark(spec, r, c, given), "<answer>")).kind == "mistake"
    gr, gc = next((r, c) for r in range(9) for c in range(9) if spec.givens[r][c])
    changed = with_mark(spec, gr, gc, spec.givens[gr][gc] % 9 + 1)
    assert reasoner(spec, changed, "<answer>").broken().rule.id == "given-changed"


def test_a_partial_answer_reads_back_the_same_and_goes_on_from_there():
    index = next(i for i, record in enumerate(GRADED.records) if record["grade"]["word"] == "Advanced")
    spec, explanation = GRADED.explained(index)
    for step in explanation.steps[::9]:
        assert reasoner(spec, step.answer, "<answer>").answer() == step.answer
    middle = explanation.steps[len(explanation.steps) // 2].answer
    rest = explain(reasoner(spec, middle, "<answer>"))
    assert rest.solved and rest.steps[-1].answer == explanation.steps[-1].answer


@pytest.mark.parametrize("answer, line, column", [
    ("2 6 . | . . . | 4 . 9\n" * 8 + "2 6 x | . . . | 4 . 9\n", 9, 5),  # a character that is no digit
    ("2 6 . | . . . | 4 . 9 7\n" + "2 6 . | . . . | 4 . 9\n" * 8, 1, 23),  # a row too long
    ("2 6 . | . . . | 4 . 9\n" * 7, None, None),  # too few rows
])
def test_a_bad_partial_answer_is_refused_with_its_line_and_column(answer, line, column):
    spec = sudoku.decode_tatham(GRADED.records[0]["id"])
    with pytest.raises(InputError) as error:
        reasoner(spec, answer, "answer.txt")
    assert error.value.source == "answer.txt"
    if line is not None:
        assert (error.value.line, error.value.column) == (line, column)


def test_other_box_shapes_are_reasoned_too():
    for box, seed in (((2, 2), 3), ((2, 3), 4), ((3, 2), 5)):
        spec = sudoku.generate(box, seed=seed)
        solution = next(iter(sudoku.search(spec).solutions()))
        explanation = explain(reasoner(spec, None, "<input>"))
        assert explanation.steps[-1].kind in ("solved", "guess")
        for step in explanation.steps:
            values = sudoku.read_answer(spec, step.answer)
            assert all(value in (0, solution[r][c]) for r, row in enumerate(values) for c, value in enumerate(row))
