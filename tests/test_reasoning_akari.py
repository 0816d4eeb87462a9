"""Akari's reasoner (Light Up): Tatham's grades on puzzles his programs made and graded, explained steps that agree
with the known solution, mistakes found (marks in no solution, marks that break a rule), partial answers read."""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from backtrack import InputError
from backtrack.explain import Explanation, explain, marks_in_no_solution, next_step
from backtrack_puzzles import akari
from backtrack_puzzles.akari import AkariReasoner, LightUp, reasoner

DATA = Path(akari.__file__).parent / "data" / "tatham-graded" / "lightup.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


def lamps_of(record: dict) -> set[tuple[int, int]]:
    """The lamps of the record's solution (``L`` cells)."""
    return {(r, k) for r, row in enumerate(record["solution"]) for k, char in enumerate(row) if char == "L"}


@lru_cache(maxsize=None)
def explained(index: int) -> tuple[LightUp, Explanation]:
    """The puzzle of record ``index`` and its explanation from the givens (computed once per test run)."""
    spec = akari.decode_tatham(RECORDS[index]["id_short"])
    return spec, explain(reasoner(spec, None, "<id>"))


def test_the_reasoner_is_in_the_descriptor_with_tathams_scale_and_rules_by_level():
    assert akari.PUZZLE.reasoner is reasoner
    assert AkariReasoner.scale == ("easy", "tricky", "hard")
    assert [rule.id for rule in AkariReasoner.rules] == ["clue-full", "clue-needs-all", "only-light", "set-elimination"]
    assert [rule.level for rule in AkariReasoner.rules] == [0, 0, 0, 1]


def test_the_grade_is_tathams_for_at_least_90_percent_and_70_percent_of_each_level():
    matched, total = Counter(), Counter()
    for index, record in enumerate(RECORDS):
        level = record["grade"]["level"]
        total[level] += 1
        matched[level] += explained(index)[1].level == level
    print()
    for level in sorted(total):
        print(f"Light Up {AkariReasoner.scale[level]:>6}: {matched[level]:2d} / {total[level]}")
    assert sum(matched.values()) >= 0.9 * sum(total.values())
    for level in total:
        assert matched[level] >= 0.7 * total[level], AkariReasoner.scale[level]


def test_every_step_agrees_with_the_solution():
    for index, record in enumerate(RECORDS):
        spec, explanation = explained(index)
        lamps = lamps_of(record)
        for step in explanation.steps:
            rows = step.answer.split("\n")
            for r, row in enumerate(rows):
                for k, char in enumerate(row):
                    if char == "L":
                        assert (r, k) in lamps, (record["seed"], step.words)
                    elif char in "*_":
                        assert (r, k) not in lamps, (record["seed"], step.words)
            assert step.kind != "mistake", (record["seed"], step.words)


def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer():
    for index, record in enumerate(RECORDS):
        spec, explanation = explained(index)
        if record["grade"]["level"] == len(AkariReasoner.scale) - 1:
            assert explanation.steps[-1].kind == "guess"
            assert explanation.steps[-1].cells, "a guess names its cell"
            continue
        assert explanation.solved, record["seed"]
        answer = explanation.steps[-1].answer
        assert answer == akari.render(spec, tuple(sorted(lamps_of(record))))
        assert akari.check(spec, akari.read_answer(spec, answer)) == []


def test_a_step_is_one_rule_in_the_puzzles_words_with_its_cells():
    spec, explanation = explained(0)
    first = explanation.steps[0]
    assert first.kind == "step" and first.rule in {rule.id for rule in AkariReasoner.rules}
    assert first.cells and all(0 <= r < spec.rows and 0 <= k < spec.cols for r, k in first.cells)
    assert "(" in first.words and first.level_name == "easy"


def test_a_wrong_lamp_that_breaks_no_rule_yet_is_found_as_a_mistake():
    record = RECORDS[0]
    spec = akari.decode_tatham(record["id_short"])
    lamps = lamps_of(record)
    for cell in spec.whites():
        if cell in lamps:
            continue
        state = AkariReasoner(spec, [cell])
        if state.broken() is None:
            break
    else:
        pytest.fail("no wrong lamp that breaks no rule")
    answer = state.answer()
    partial = reasoner(spec, answer, "<answer>")
    assert partial.broken() is None
    found = partial.against(tuple(sorted(lamps)))
    assert [mark.cells for mark in found] == [(cell,)]
    assert found[0].words == f"with a lamp at ({cell[0] + 1}, {cell[1] + 1}) the puzzle has no solution"
    solutions = list(akari.search(spec).solutions())
    mistakes = marks_in_no_solution(partial, solutions)
    step = next_step(partial, mistakes)
    assert step.kind == "mistake" and step.cells == (cell,)


def test_a_wrong_no_lamp_mark_is_found_too():
    record = RECORDS[0]
    spec = akari.decode_tatham(record["id_short"])
    lamp = min(lamps_of(record))
    partial = reasoner(spec, AkariReasoner(spec, dark=[lamp]).answer(), "<answer>")
    assert lamp in partial.dark
    found = partial.against(tuple(sorted(lamps_of(record))))
    assert [mark.words for mark in found] == [f"without a lamp at ({lamp[0] + 1}, {lamp[1] + 1}) the puzzle has no "
                                              "solution"]


def test_marks_that_break_a_rule_are_found_by_broken():
    spec = akari.parse("...\n.#.\n...\n")
    state = AkariReasoner(spec, [(0, 0), (0, 2)])
    broken = state.broken()
    assert broken is not None and broken.rule.id == "lamps-see-each-other"
    assert set(broken.cells) == {(0, 0), (0, 2)}
    assert next_step(state).kind == "mistake"
    two = akari.parse("...\n.2.\n...\n")
    assert AkariReasoner(two, [(0, 1), (1, 0), (1, 2)]).broken().rule.id == "clue-too-many"
    assert AkariReasoner(two, dark=[(0, 1), (1, 0), (1, 2)]).broken().rule.id == "clue-too-few"
    boxed = akari.parse("#.#\n.#.\n#.#\n")
    assert AkariReasoner(boxed, dark=[(0, 1)]).broken().rule.id == "cell-never-lit"


def test_a_partial_answer_reads_back_the_same():
    spec, explanation = explained(20)
    for step in explanation.steps[::5]:
        assert reasoner(spec, step.answer, "<answer>").answer() == step.answer


@pytest.mark.parametrize("answer, line, column", [
    ("...\n.2.\n..x\n", 3, 3),
    ("...\n...\n...\n", 2, 2),
    ("...\n.2.\n", 3, 1),
    ("....\n.2.\n...\n", 1, 4),
])
def test_a_bad_partial_answer_is_refused_with_its_line_and_column(answer, line, column):
    spec = akari.parse("...\n.2.\n...\n")
    with pytest.raises(InputError) as error:
        reasoner(spec, answer, "answer.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("answer.txt", line, column)


def test_a_puzzle_that_needs_a_guess_names_the_search_s_choice():
    index = next(i for i, record in enumerate(RECORDS) if record["grade"]["level"] == 2)
    spec, explanation = explained(index)
    guess = explanation.steps[-1]
    assert guess.kind == "guess" and guess.level_name == "hard"
    assert "the search would try" in guess.words
    (r, k), = guess.cells
    assert spec.is_white(r, k)
