"""Ricochet answers: the moves ``backtrack solve`` prints read back, ``backtrack check`` names the first wrong move.

An answer is ``6 moves: AW BE BN BW BS AE`` (the board drawn after it is not
read).  Every shipped example's optimal solution (recorded in the example, or
found by the command) is checked right; every answer with one move changed is
checked against a slide worked out here from the walls alone, and the first move
that cannot be made, or where the goal robot ends, is named with its cells; text
that is not a move list is an input error naming its line and column; and random
or mutated answers either read or raise :class:`InputError`.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from format_checks import input_error, ran
from backtrack_puzzles.ricochet import PUZZLE, Moves, Ricochet, check, parse, read_answer, render, search, text_of

HEADINGS = {"N": (-1, 0, "north"), "E": (0, 1, "east"), "S": (1, 0, "south"), "W": (0, -1, "west")}


def checked(capsys, *arguments: str) -> tuple[int, str, str]:
    return ran(capsys, "check", "ricochet", *arguments)


def example(name: str) -> Ricochet:
    return parse(PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def stop_of(spec: Ricochet, robots: list[int], robot: int, heading: str) -> int:
    """Where ``robot`` stops sliding ``heading``: worked out from the walls and the robots, not by the plugin."""
    board = spec.board
    n = board.cols
    row, column = divmod(robots[robot], n)
    d_row, d_column, _ = HEADINGS[heading]
    while True:
        to_row, to_column = row + d_row, column + d_column
        if not (0 <= to_row < board.rows and 0 <= to_column < n) or to_row * n + to_column in robots:
            break
        if d_row and min(row, to_row) * n + column in board.walls_below:
            break
        if d_column and row * n + min(column, to_column) in board.walls_right:
            break
        row, column = to_row, to_column
    return row * n + column


def first_broken(spec: Ricochet, moves: list[str], goal: int) -> str | None:
    """The rule the checker must name first for ``moves``, or None when they bring the goal robot home."""
    n, target = spec.board.cols, spec.board.target
    robots = list(spec.board.robots)

    def where(cell: int) -> str:
        return f"row {cell // n + 1}, column {cell % n + 1}"

    for number, move in enumerate(moves, 1):
        if robots[goal] == target:
            return f"move {number} of {len(moves)} ({move}): robot {chr(65 + goal)} already stood on the target, " \
                   "the game was over"
        robot = ord(move[0]) - 65
        stop = stop_of(spec, robots, robot, move[1])
        if stop == robots[robot]:
            return f"move {number} of {len(moves)} ({move}): robot {move[0]} at {where(stop)} cannot move " \
                   f"{HEADINGS[move[1]][2]}, a wall or a robot is next to it"
        robots[robot] = stop
    if robots[goal] != target:
        return f"after {len(moves)} moves robot {chr(65 + goal)} stands at {where(robots[goal])}, " \
               f"not on the target at {where(target)}"
    return None


def test_the_descriptor_reads_answers_writes_its_text_and_generates():
    assert PUZZLE.read_answer is read_answer and PUZZLE.text is text_of
    assert PUZZLE.generator is not None and not PUZZLE.generator.unique_default
    for name in PUZZLE.examples:
        spec = example(name)
        assert parse(text_of(spec)) == spec


@pytest.mark.parametrize("name", sorted(name for name in PUZZLE.examples if name.startswith("classic")))
def test_every_recorded_optimal_solution_is_checked_right(name, capsys, tmp_path):
    recorded = re.search(r"# optimal: (\d+) moves \(for example ([A-Z ]+)\)", PUZZLE.examples[name].read_text())
    assert recorded, "the classic examples record an optimal solution"
    answer = tmp_path / "answer.txt"
    answer.write_text(f"{recorded[1]} moves: {recorded[2]}\n", encoding="utf-8")
    status, out, _ = checked(capsys, "--example", name, str(answer))
    assert status == 0 and out == f"{answer}: right: the answer keeps every rule of ricochet\n"


@pytest.mark.parametrize("name, goal", [("exercise", None), ("exercise", "B"), ("exercise-green", None),
                                        ("exercise-green", "A"), ("classic-05-s6", None)])
def test_what_solve_prints_is_checked_right_for_any_goal_robot(name, goal, capsys, tmp_path):
    chosen = ["-p", f"goal={goal}"] if goal else []
    assert main(["solve", "ricochet", "--example", name, *chosen]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out, encoding="utf-8")
    spec = example(name)
    if goal is not None and ord(goal) - 65 != spec.goal:
        assert answer.read_text().startswith(f"Solution 1\ngoal: {goal}\n"), "another robot's answer names it"
    status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(answer), "--json")
    assert status == 0 and json.loads(out) == {
        "puzzle": "ricochet", "source": str(PUZZLE.examples[name]), "answer": str(answer), "correct": True,
        "broken": [],
    }


def test_every_solution_reads_back_from_what_render_prints():
    for name in ("exercise", "exercise-green", "classic-03-s0", "classic-06-s2"):
        spec = example(name)
        for goal in {None, "A", "B"}:
            for solution in search(spec, goal=goal).solutions(limit=5):
                answer = read_answer(spec, render(spec, solution))
                assert answer == solution and answer.goal == solution.goal and check(spec, answer) == []


def test_hand_edits_are_read():
    spec = example("exercise")
    good = ("AW", "BE", "BN", "BW", "BS", "AE")
    for text in ("AW BE BN BW BS AE", "# mine\n6 moves:\naw, be, bn\nbw bs ae\n", "5 moves: AW BE BN BW BS AE\n+-+\n",
                 "goal: a\n6 moves: AW BE BN BW BS AE"):
        assert read_answer(spec, text) == good, text
    assert read_answer(spec, "0 moves: none: robot A is on the target already") == ()
    assert read_answer(spec, "goal: B\nAW BE BN BW BS BW").goal == 1


@pytest.mark.parametrize("name", ["exercise", "exercise-green", "classic-07-s1"])
def test_every_answer_with_one_move_changed_names_the_first_broken_rule(name, capsys, tmp_path):
    spec = example(name)
    solution = list(search(spec).first())
    letters = [chr(65 + robot) for robot in range(len(spec.board.robots))]
    wrong = tmp_path / "wrong.txt"
    for index in range(len(solution)):
        for move in (letter + heading for letter in letters for heading in "NESW"):
            if move == solution[index]:
                continue
            moves = solution[:index] + [move] + solution[index + 1 :]
            wrong.write_text(f"{len(moves)} moves: {' '.join(moves)}\n", encoding="utf-8")
            expected = first_broken(spec, moves, spec.goal)
            status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(wrong), "--json")
            result = json.loads(out)
            if expected is None:
                assert status == 0 and result["correct"], moves
                continue
            assert status == 1 and [rule["rule"] for rule in result["broken"]] == [expected], moves
            cells = [[int(row), int(column)] for row, column in re.findall(r"row (\d+), column (\d+)", expected)]
            assert result["broken"][0]["cells"] == cells and cells
            assert check(spec, Moves(moves, spec.goal)) == [expected]
    status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(wrong))
    assert status == 1 and out == f"{wrong}: wrong: {first_broken(spec, moves, spec.goal)}\n"


def test_a_move_too_many_or_too_few_is_named(capsys, tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("6 moves: AW BE BN BW BS AE BN\n", encoding="utf-8")
    status, out, _ = checked(capsys, "--example", "exercise", str(wrong))
    assert status == 1 and out == (f"{wrong}: wrong: move 7 of 7 (BN): robot A already stood on the target, the game "
                                   "was over\n")
    wrong.write_text("6 moves: AW BE BN BW BS\n", encoding="utf-8")
    status, out, _ = checked(capsys, "--example", "exercise", str(wrong), "--json")
    assert status == 1 and json.loads(out)["broken"] == [{
        "rule": "after 5 moves robot A stands at row 2, column 1, not on the target at row 2, column 2",
        "cells": [[2, 1], [2, 2]],
    }]


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("6 moves: AW BE BX", 1, 16, "expected a move, a robot's letter (A, B) and a direction (N, E, S or W), "
         "found 'BX'"),
        ("AW CE", 1, 4, "expected a move, a robot's letter (A, B) and a direction (N, E, S or W), found 'CE'"),
        ("# c\nAW\nBEN", 3, 1, "expected a move, a robot's letter (A, B) and a direction (N, E, S or W), found 'BEN'"),
        ("goal: C\nAW", 1, 7, "unknown goal robot 'C': the board has robots A, B"),
        ("goal: AB\nAW", 1, 1, "expected 'goal: LETTER' (the robot the moves bring home), found 'goal: AB'"),
        ("goals B\nAW", 1, 1, "expected 'goal: LETTER' (the robot the moves bring home), found 'goals B'"),
        ("AW\n+-+-+\n|a *|\nBE", 4, 1, "expected nothing after the board drawing, found more text"),
        ("", None, None, "expected the moves (such as '6 moves: AW BE BN BW BS AE'), found none"),
        ("# only a comment\n\n", None, None, "expected the moves (such as '6 moves: AW BE BN BW BS AE'), found none"),
        ("+-+-+\nAW", 1, 1, "expected a move, a robot's letter (A, B) and a direction (N, E, S or W), found '+-+-+'"),
    ],
)
def test_text_that_is_not_a_move_list_is_an_input_error(text, line, column, words):
    error = input_error(read_answer, example("exercise"), text, "answer.txt")
    assert (error.message, error.source, error.line, error.column) == (words, "answer.txt", line, column)


def test_an_answer_that_is_not_a_move_list_exits_2(capsys, tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("6 moves: AW BE BN BQ\n", encoding="utf-8")
    status, out, err = checked(capsys, "--example", "exercise", str(wrong))
    assert status == 2 and out == "" and f"{wrong}:1:19: expected a move, a robot's letter (A, B)" in err


# -- fuzz: any text either reads or is an InputError, and the checker takes whatever reads -------------------

EXERCISE = example("exercise")
PRINTED = render(EXERCISE, search(EXERCISE).first())


@st.composite
def answers(draw) -> str:
    if draw(st.booleans()):
        return draw(st.text(st.sampled_from("ABCabNESWnesw:0123456789 ,\n#+-|goal"), max_size=60))
    text = PRINTED
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.text(st.sampled_from("ABNESW \n:+|x0"), max_size=3))
        text = text[:at] + piece + text[at + draw(st.integers(0, 2)) :]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=answers())
def test_any_text_reads_or_is_an_input_error(text):
    try:
        answer = read_answer(EXERCISE, text, "fuzz")
    except InputError as error:
        assert error.source == "fuzz" and (error.line is None or 1 <= error.line <= text.count("\n") + 1)
        return
    assert isinstance(answer, Moves) and answer.goal in (0, 1)
    broken = check(EXERCISE, answer)
    assert broken == ([] if first_broken(EXERCISE, list(answer), answer.goal) is None
                      else [first_broken(EXERCISE, list(answer), answer.goal)])
    again = read_answer(EXERCISE, render(EXERCISE, answer))
    assert again == answer and again.goal == answer.goal
