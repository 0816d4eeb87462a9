"""Queens answers: what ``backtrack solve`` prints reads back, ``backtrack check`` names the broken rule and where.

The answer is the picture of the board (rows of ``Q`` and ``.``).  Every shipped
example's solution is checked right through the command; a queen added or taken
away anywhere on it is checked wrong, with the rule and the squares named; text
that is not such a board is an input error naming its line and column; and
random or mutated answers either read or raise :class:`InputError`.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from format_checks import input_error, ran
from backtrack_puzzles import queens
from backtrack_puzzles.queens import PUZZLE, Queens, Squares, check, read_answer, render, search


def solved(capsys, name: str, tmp_path) -> tuple[str, object]:
    """The file holding what ``backtrack solve queens --example NAME`` printed, and the example's spec."""
    assert main(["solve", "queens", "--example", name]) == 0
    answer = tmp_path / f"{name}.txt"
    answer.write_text(capsys.readouterr().out, encoding="utf-8")
    return str(answer), PUZZLE.parse(PUZZLE.examples[name].read_text(), name)


def checked(capsys, *arguments: str) -> tuple[int, str, str]:
    return ran(capsys, "check", "queens", *arguments)


def test_the_descriptor_reads_answers_and_writes_its_text():
    assert PUZZLE.read_answer is read_answer and PUZZLE.check is check
    assert PUZZLE.generator is None, "a board is made from n alone"
    for n in (1, 4, 8, 64):
        assert PUZZLE.parse(PUZZLE.text(Queens(n)), "<text>") == Queens(n)


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_example_solution_is_checked_right_through_the_command(name, capsys, tmp_path):
    answer, spec = solved(capsys, name, tmp_path)
    status, out, _ = checked(capsys, "--example", name, answer)
    assert status == 0 and out == f"{answer}: right: the answer keeps every rule of queens\n"
    status, out, _ = checked(capsys, str(PUZZLE.examples[name]), answer, "--json")
    assert status == 0 and json.loads(out)["correct"] is True and json.loads(out)["broken"] == []


@pytest.mark.parametrize("n", range(1, 10))
def test_every_solution_reads_back_from_its_picture(n):
    spec = Queens(n)
    for solution in search(spec).solutions(limit=50):
        assert read_answer(spec, render(spec, solution)) == solution
        assert check(spec, read_answer(spec, render(spec, solution))) == []


def test_hand_edits_that_keep_the_board_are_read():
    spec = Queens(4)
    text = "# my answer\n\n.q..  \n...Q\n\nQ...\n..Q.\t\n\n"
    assert read_answer(spec, text) == (1, 3, 0, 2)


def test_a_board_without_one_queen_per_row_is_read_as_its_squares():
    spec = Queens(4)
    two = read_answer(spec, ".Q.Q\n....\nQ...\n..Q.\n")
    assert isinstance(two, Squares) and two == ((0, 1), (0, 3), (2, 0), (3, 2))
    assert render(spec, two) == ".Q.Q\n....\nQ...\n..Q."
    assert read_answer(spec, "....\n" * 4) == Squares([])


def test_every_queen_taken_away_leaves_its_row_named(capsys, tmp_path):
    answer, spec = solved(capsys, "eight", tmp_path)
    printed = open(answer, encoding="utf-8").read().split("\n")[1 : 1 + spec.n]
    assert read_answer(spec, "\n".join(printed)) == search(spec).first()
    for row in range(spec.n):
        lines = list(printed)
        lines[row] = "." * spec.n
        wrong = tmp_path / "wrong.txt"
        wrong.write_text("\n".join(lines) + "\n", encoding="utf-8")
        status, out, _ = checked(capsys, "--example", "eight", str(wrong))
        assert status == 1 and out == f"{wrong}: wrong: row {row + 1}: no queen stands in this row\n"
        status, out, _ = checked(capsys, "--example", "eight", str(wrong), "--json")
        assert status == 1 and json.loads(out)["broken"] == [
            {"rule": f"row {row + 1}: no queen stands in this row", "cells": []}
        ]


def test_every_queen_added_is_named_in_every_rule_broken(capsys, tmp_path):
    spec = Queens(6)
    puzzle = tmp_path / "six.txt"
    puzzle.write_text("6\n")
    solution = search(spec).first()
    for row in range(spec.n):
        for column in range(spec.n):
            if solution[row] == column:
                continue
            lines = render(spec, solution).split("\n")
            lines[row] = lines[row][:column] + "Q" + lines[row][column + 1 :]
            wrong = tmp_path / "wrong.txt"
            wrong.write_text("\n".join(lines), encoding="utf-8")
            status, out, _ = checked(capsys, str(puzzle), str(wrong), "--json")
            assert status == 1
            broken = json.loads(out)["broken"]
            # every rule broken is the new queen's, and it shares its row with the queen there
            assert broken and all([row + 1, column + 1] in rule["cells"] for rule in broken), broken
            assert any(rule["rule"].endswith("share a row") for rule in broken)
            status, out, _ = checked(capsys, str(puzzle), str(wrong))
            assert status == 1 and out.startswith(f"{wrong}: wrong: {broken[0]['rule']}")


def test_a_queen_moved_along_its_row_names_the_queens_it_attacks(capsys, tmp_path):
    (tmp_path / "four.txt").write_text("4\n")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(".Q..\n...Q\nQ...\n.Q..\n")
    status, out, _ = checked(capsys, str(tmp_path / "four.txt"), str(wrong), "--json")
    assert status == 1 and json.loads(out)["broken"] == [
        {"rule": "row 1, column 2: this queen and the queen at row 4, column 2 share a column",
         "cells": [[1, 2], [4, 2]]},
        {"rule": "row 2, column 4: this queen and the queen at row 4, column 2 share a diagonal",
         "cells": [[2, 4], [4, 2]]},
        {"rule": "row 3, column 1: this queen and the queen at row 4, column 2 share a diagonal",
         "cells": [[3, 1], [4, 2]]},
    ]
    status, out, _ = checked(capsys, str(tmp_path / "four.txt"), str(wrong))
    assert out == (f"{wrong}: wrong: row 1, column 2: this queen and the queen at row 4, column 2 share a column "
                   "(and 2 more; --json lists them all)\n")


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        (".Q..\n...Q\nQ...\n", 4, None, "expected 4 rows of 4 squares (the board is 4 x 4), found 3"),
        (".Q..\n...Q\nQ...\n..Q.\n....\n", 5, 1, "expected 4 rows of 4 squares (the board is 4 x 4), found more"),
        (".Q..\n...Q\nQ...\n..Q..\n", 4, 5, "expected 4 squares in a row (the board is 4 x 4), found 5"),
        (".Q..\n...Q\nQ..\n..Q.\n", 3, 4, "expected 4 squares in a row (the board is 4 x 4), found 3"),
        (".Q..\n...Q\nQx..\n..Q.\n", 3, 2, "expected 'Q' (a queen) or '.' (an empty square), found 'x'"),
        ("# nothing\n", None, None, "expected 4 rows of 4 squares (the board is 4 x 4), found 0"),
        ("1 3 0 2\n", 1, 1, "expected 'Q' (a queen) or '.' (an empty square), found '1'"),
    ],
)
def test_text_that_is_not_the_board_is_an_input_error_naming_line_and_column(text, line, column, words):
    error = input_error(read_answer, Queens(4), text, "answer.txt")
    assert (error.message, error.source, error.line, error.column) == (words, "answer.txt", line, column)


def test_an_answer_that_is_not_the_board_exits_2(capsys, tmp_path):
    (tmp_path / "four.txt").write_text("4\n")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(".Q..\n...Q\nQ*..\n..Q.\n")
    status, out, err = checked(capsys, str(tmp_path / "four.txt"), str(wrong))
    assert status == 2 and out == ""
    assert err == f"backtrack: error: {wrong}:3:2: expected 'Q' (a queen) or '.' (an empty square), found '*'\n"


# -- fuzz: any text either reads or is an InputError, and the checker takes whatever reads -------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(1, 7),
    text=st.one_of(
        st.text(st.sampled_from("Qq.\n #x1 \t"), max_size=80),
        st.lists(st.text(st.sampled_from("Q.."), min_size=0, max_size=9), max_size=9).map("\n".join),
    ),
)
def test_any_text_reads_or_is_an_input_error(n, text):
    spec = Queens(n)
    try:
        answer = read_answer(spec, text, "fuzz")
    except InputError as error:
        assert error.source == "fuzz" and (error.line is None or 1 <= error.line <= text.count("\n") + 2)
        return
    broken = check(spec, answer)
    assert isinstance(broken, list) and all(isinstance(rule, str) for rule in broken)
    assert (broken == []) == (answer in set(search(spec).solutions()))
    assert read_answer(spec, queens.render(spec, answer)) == answer
