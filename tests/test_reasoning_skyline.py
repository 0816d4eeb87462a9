"""Skyline's reasoner: Tatham's Towers grades on puzzles his programs made and graded, explained steps that agree
with the known solution, mistakes found (marks in no solution, marks that break a rule), partial answers read."""

from __future__ import annotations

import pytest
from latin_reasoning import Graded, assert_agreement, assert_solved_below_the_top, assert_steps_agree, solution_of

from backtrack import InputError
from backtrack.explain import explain, marks_in_no_solution, next_step
from backtrack_puzzles import skyline
from backtrack_puzzles.skyline import SkylineReasoner, reasoner

GRADED = Graded(skyline, "towers")
TOP = len(SkylineReasoner.scale) - 1


def test_the_reasoner_is_in_the_descriptor_with_tathams_scale_and_rules_by_level():
    assert skyline.PUZZLE.reasoner is reasoner
    assert SkylineReasoner.scale == ("easy", "hard", "extreme", "unreasonable")
    assert [(rule.id, rule.level) for rule in SkylineReasoner.rules] == [
        ("facing-clues", 0), ("full-house", 0), ("hidden-single-row", 0), ("hidden-single-column", 0),
        ("naked-single", 0), ("clue-bounds", 0), ("visible-run", 0), ("clue-enumeration", 1), ("subset", 1),
        ("fish", 2), ("forcing-chain", 2)]


def test_the_grade_is_tathams_for_at_least_90_percent_and_70_percent_of_each_level():
    assert_agreement(GRADED, "Towers", SkylineReasoner.scale)


def test_every_step_agrees_with_the_solution():
    assert_steps_agree(GRADED)


def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer():
    assert_solved_below_the_top(GRADED, TOP)


def test_the_clue_rules_in_words():
    spec = skyline.parse("2...\n....\n....\n.2..\n")  # 4 x 4: 2 above column 1, 2 right of row 2
    state = reasoner(spec, None, "<input>")
    step = state.find(state.rule("clue-bounds"))
    assert step is not None and step.words == ("the clue 2 above column 1: a tall building near it would hide too "
                                               "many, so (1, 1) cannot hold 4")
    facing = skyline.parse("1...\n4...\n....\n....\n")
    state = reasoner(facing, None, "<input>")
    step = state.find(state.rule("facing-clues"))
    assert step is not None and step.change == ("place", 0, 4) and "add up to 5" in step.words


def test_the_visible_run_rule():
    spec = skyline.parse("....\n....\n3...\n....\n")  # 3 left of row 1
    state = reasoner(spec, ". . 3 4\n. . . .\n. . . .\n. . . .\n", "<answer>")
    step = state.find(state.rule("visible-run"))
    # 3 then 4 show two buildings: (1, 1) is the third one seen, taller than (1, 2), so not 1
    assert step is not None and step.change == ("eliminate", ((0, 1),))
    assert step.words.startswith("the clue 3 left of row 1: the tallest heights placed show 2 buildings")
    done = reasoner(spec, "2 . 3 4\n. . . .\n. . . .\n. . . .\n", "<answer>")
    assert done.find(done.rule("visible-run")) is None  # (1, 1) is placed already


def test_a_wrong_height_that_breaks_no_rule_yet_is_found_as_a_mistake():
    record = next(record for record in GRADED.records if record["grade"]["word"] == "Hard")
    spec, solution = skyline.decode_tatham(record["id"]), solution_of(record)
    n = spec.n
    for r in range(n):
        for c in range(n):
            if spec.givens[r][c]:
                continue
            for value in range(1, n + 1):
                if value == solution[r][c]:
                    continue
                rows = [list(row) for row in spec.givens]
                rows[r][c] = value
                partial = reasoner(spec, skyline.render(spec, rows), "<answer>")
                if partial.broken() is None:
                    found = partial.against(solution)
                    assert [mark.cells for mark in found] == [((r, c),)]
                    mistakes = marks_in_no_solution(partial, list(skyline.search(spec).solutions()))
                    step = next_step(partial, mistakes)
                    assert step.kind == "mistake" and step.cells == ((r, c),)
                    return
    pytest.fail("no wrong height that breaks no rule")


def test_heights_that_break_a_rule_are_found_by_broken():
    spec = skyline.parse("2...\n....\n....\n....\n")
    twice = reasoner(spec, "1 . . 1\n. . . .\n. . . .\n. . . .\n", "<answer>")
    assert twice.broken().rule.id == "twice-in-a-house" and next_step(twice).kind == "mistake"
    seen = reasoner(spec, "4 . . .\n3 . . .\n2 . . .\n1 . . .\n", "<answer>")
    assert seen.broken().rule.id == "clue"  # column 1 shows one building, its clue says 2


def test_a_partial_answer_reads_back_the_same_and_goes_on_from_there():
    index = next(i for i, record in enumerate(GRADED.records) if record["grade"]["word"] == "Extreme")
    spec, explanation = GRADED.explained(index)
    for step in explanation.steps[::5]:
        assert reasoner(spec, step.answer, "<answer>").answer() == step.answer
    middle = explanation.steps[len(explanation.steps) // 2].answer
    rest = explain(reasoner(spec, middle, "<answer>"))
    assert rest.solved and rest.steps[-1].answer == explanation.steps[-1].answer


@pytest.mark.parametrize("answer, line, column", [
    ("1 . . x\n. . . .\n. . . .\n. . . .\n", 1, 7),  # no height
    ("1 . . . .\n. . . .\n. . . .\n. . . .\n", 1, 9),  # a row too long
    ("    3 . . .\n  +---------+\n. | . . . . | .\n. | . . . . | .\n. | . . . . | .\n. | . . . . | .\n"
     "  +---------+\n    . . . .\n", 1, 5),  # a clue that is not the puzzle's
])
def test_a_bad_partial_answer_is_refused_with_its_line_and_column(answer, line, column):
    spec = skyline.parse("2...\n....\n....\n....\n")
    with pytest.raises(InputError) as error:
        reasoner(spec, answer, "answer.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("answer.txt", line, column)
