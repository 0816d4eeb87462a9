"""Kendoku's reasoner: Tatham's Keen grades on puzzles his programs made and graded, explained steps that agree
with the known solution, mistakes found (marks in no solution, marks that break a rule), partial answers read."""

from __future__ import annotations

import pytest
from latin_reasoning import Graded, assert_agreement, assert_solved_below_the_top, assert_steps_agree, solution_of

from backtrack import InputError
from backtrack.explain import explain, marks_in_no_solution, next_step
from backtrack_puzzles import kendoku
from backtrack_puzzles.kendoku import KendokuReasoner, reasoner

GRADED = Graded(kendoku, "keen")
TOP = len(KendokuReasoner.scale) - 1
#: A 3 x 3: cage A is 1, 2 or 3 in some order along the top row; B and C make the rest.
SMALL = "AAA\nBBC\nBCC\nA 6+\nB 6*\nC 6+\n"


def test_the_reasoner_is_in_the_descriptor_with_tathams_scale_and_rules_by_level():
    assert kendoku.PUZZLE.reasoner is reasoner
    assert KendokuReasoner.scale == ("easy", "normal", "hard", "extreme", "unreasonable")
    assert [(rule.id, rule.level) for rule in KendokuReasoner.rules] == [
        ("cage-digits", 0), ("full-house", 0), ("hidden-single-row", 0), ("hidden-single-column", 0),
        ("naked-single", 0), ("cage-combinations", 1), ("cage-lines", 2), ("subset", 2), ("fish", 3),
        ("forcing-chain", 3)]


def test_the_grade_is_tathams_for_at_least_90_percent_and_70_percent_of_each_level():
    assert_agreement(GRADED, "Keen", KendokuReasoner.scale)


def test_every_step_agrees_with_the_solution():
    assert_steps_agree(GRADED)


def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer():
    assert_solved_below_the_top(GRADED, TOP)


#: A 4 x 4 whose cage A (6+) is an L of three cells: its corner (1, 1) may be 1 to 4 (4 + 1 + 1: the other two
#: are in different rows and columns), the other two only 1 to 3.
L_CAGE = "AABB\nACDD\nECFF\nEGGH\nA 6+\nB 3+\nC 3+\nD 7+\nE 5+\nF 3+\nG 7+\nH 1\n"


def exhaust(state: KendokuReasoner, rule_id: str) -> None:
    while (deduction := state.find(state.rule(rule_id))) is not None:
        state.apply(deduction)


def test_the_cage_rules_tell_apart_what_easy_and_normal_allow():
    state = reasoner(kendoku.parse(L_CAGE), None, "<input>")
    exhaust(state, "cage-digits")  # easy: digits of any combination, anywhere in the cage
    assert all(state.cand[cell] == 0b1111 for cell in (0, 1, 4))
    assert state.cand[2] == state.cand[3] == 0b0011  # B (3+): 1 and 2 only
    exhaust(state, "cage-combinations")  # normal: digits each cell takes itself
    assert state.cand[0] == 0b1111 and state.cand[1] == state.cand[4] == 0b0111


def test_cage_lines_rule_out_a_digit_every_combination_puts_in_a_line():
    spec = kendoku.parse("AABB\nCCDD\nEEFF\nGGHH\nA 7+\nB 3+\nC 7+\nD 3+\nE 3+\nF 7+\nG 3+\nH 7+\n")
    state = reasoner(spec, None, "<input>")
    step = state.find(state.rule("cage-lines"))
    # every way to make 7+ in row 1 (3 + 4, 4 + 3) puts 3 in row 1: the rest of row 1 holds no 3
    assert step is not None and step.words == ("cage A (7+): every combination puts 3 in row 1 within the cage, so "
                                               "no other cell of row 1 holds it: not at (1, 3) or (1, 4)")
    assert step.change == ("eliminate", ((2, 0b0100), (3, 0b0100)))


def test_a_wrong_digit_that_breaks_no_rule_yet_is_found_as_a_mistake():
    record = next(record for record in GRADED.records if record["grade"]["word"] == "Normal")
    spec, solution = kendoku.decode_tatham(record["id"]), solution_of(record)
    value = solution[0][0] % spec.n + 1
    partial = reasoner(spec, kendoku.render(spec, [[value] + [0] * (spec.n - 1)] + [[0] * spec.n] * (spec.n - 1)),
                       "<answer>")
    assert partial.broken() is None
    found = partial.against(solution)
    assert [mark.cells for mark in found] == [((0, 0),)]
    mistakes = marks_in_no_solution(partial, list(kendoku.search(spec).solutions()))
    step = next_step(partial, mistakes)
    assert step.kind == "mistake" and step.cells == ((0, 0),)


def test_digits_that_break_a_rule_are_found_by_broken():
    spec = kendoku.parse(SMALL)
    twice = reasoner(spec, "1 . 1\n. . .\n. . .\n", "<answer>")
    assert twice.broken().rule.id == "twice-in-a-house" and next_step(twice).kind == "mistake"
    cage = reasoner(spec, ". . .\n2 3 .\n3 . .\n", "<answer>")
    assert cage.broken().rule.id == "cage"  # B holds 2, 3, 3: 18, not 6


def test_a_partial_answer_reads_back_the_same_and_goes_on_from_there():
    index = next(i for i, record in enumerate(GRADED.records) if record["grade"]["word"] == "Extreme")
    spec, explanation = GRADED.explained(index)
    for step in explanation.steps[::5]:
        assert reasoner(spec, step.answer, "<answer>").answer() == step.answer
    middle = explanation.steps[len(explanation.steps) // 2].answer
    rest = explain(reasoner(spec, middle, "<answer>"))
    assert rest.solved and rest.steps[-1].answer == explanation.steps[-1].answer


@pytest.mark.parametrize("answer, line, column", [
    ("1 . x\n. . .\n. . .\n", 1, 5),  # no digit
    ("1 . . .\n. . .\n. . .\n", 1, 7),  # a row too long
    ("1 . .\n. . .\n", 2, None),  # too few rows
])
def test_a_bad_partial_answer_is_refused_with_its_line_and_column(answer, line, column):
    with pytest.raises(InputError) as error:
        reasoner(kendoku.parse(SMALL), answer, "answer.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("answer.txt", line, column)
