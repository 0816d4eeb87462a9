"""Infinity Loop answers: what ``backtrack solve`` prints reads back, ``backtrack check`` names the rule and the tile.

The answer is the solved grid of tile characters (or numbers 0 to 15).  Every
shipped example's solution is checked right through the command; each tile turned
otherwise, or swapped for a tile that is no turn of the given one, is checked
wrong with the tile named (``row R, column C``); text that is not a grid of the
board's size is an input error naming its line and column; and random or mutated
answers either read or raise :class:`InputError`.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from format_checks import input_error, ran
from backtrack_puzzles.infinity_loop import (
    PUZZLE, TILE_CHARACTERS, Board, check, generate, parse, read_answer, render, rotations, search, text_of,
)


def checked(capsys, *arguments: str) -> tuple[int, str, str]:
    return ran(capsys, "check", "infinity-loop", *arguments)


def example(name: str) -> Board:
    return parse(PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def test_the_descriptor_reads_answers_writes_its_text_and_generates():
    assert PUZZLE.read_answer is read_answer and PUZZLE.text is text_of and PUZZLE.generator is not None
    assert PUZZLE.generator.unique_default and PUZZLE.formats == {}


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_example_solution_is_checked_right_through_the_command(name, capsys, tmp_path):
    assert main(["solve", "infinity-loop", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out, encoding="utf-8")
    status, out, _ = checked(capsys, "--example", name, str(answer))
    assert status == 0 and out == f"{answer}: right: the answer keeps every rule of infinity-loop\n"
    # an editor that strips trailing blanks (and blank rows at the end) changes nothing
    stripped = tmp_path / "stripped.txt"
    stripped.write_text("\n".join(line.rstrip() for line in answer.read_text(encoding="utf-8").split("\n")),
                        encoding="utf-8")
    status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(stripped), "--json")
    assert status == 0 and json.loads(out)["correct"] is True


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_solution_reads_back_as_characters_and_as_numbers(name):
    board = example(name)
    for solution in search(board).solutions(limit=3):
        solved = Board(tuple(solution), board.cols)
        assert read_answer(board, render(board, solution)) == solution
        assert read_answer(board, text_of(solved, numbers=True)) == solution
        assert read_answer(board, "# my answer\n" + render(board, solution) + "\n\n\n") == solution


def test_blank_tiles_an_editor_stripped_are_blank_tiles_again():
    board = parse("    \n ┏┓ \n ┗┛ \n    \n")
    solution = search(board).first()
    assert render(board, solution) == "    \n ┏┓ \n ┗┛ \n    "
    for text in ("\n ┏┓\n ┗┛\n", "    \n ┏┓ \n ┗┛", "\n ┏┓\n ┗┛", "\n ┏┓\n ┗┛\n\n\n\n"):
        assert read_answer(board, text) == solution, repr(text)


def mutated(board: Board, solution: tuple[int, ...], index: int, tile: int) -> str:
    tiles = list(solution)
    tiles[index] = tile
    return render(board, tuple(tiles))


@pytest.mark.parametrize("name", ["exercise", "ambiguous-20x20"])
def test_every_tile_turned_otherwise_is_named_in_every_rule_broken(name, capsys, tmp_path):
    board = example(name)
    solution = search(board).first()
    wrong = tmp_path / "wrong.txt"
    chance = random.Random(5)
    indices = range(len(solution)) if len(solution) <= 12 else chance.sample(range(len(solution)), 25)
    for index in indices:
        row, column = divmod(index, board.cols)
        for tile in rotations(solution[index]):
            if tile == solution[index]:
                continue
            wrong.write_text(mutated(board, solution, index, tile), encoding="utf-8")
            status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(wrong), "--json")
            if status == 0:  # another solution of a board with several
                assert check(board, read_answer(board, wrong.read_text(encoding="utf-8"))) == []
                continue
            broken = json.loads(out)["broken"]
            assert status == 1 and broken
            assert all([row + 1, column + 1] in rule["cells"] for rule in broken), broken
            assert all("is not met by the tile at" in rule["rule"] or "points off the board" in rule["rule"]
                       for rule in broken)
            status, out, _ = checked(capsys, str(PUZZLE.examples[name]), str(wrong))
            assert status == 1 and out.startswith(f"{wrong}: wrong: {broken[0]['rule']}")


def test_a_tile_that_is_no_turn_of_the_given_one_is_named_first(capsys, tmp_path):
    board = example("exercise")
    solution = search(board).first()
    assert render(board, solution) == "┏┓┏┓\n┃┣┫┃\n┗┛┗┛"
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("┏┓┏┓\n┃┣┫┃\n┗┛┗┻\n", encoding="utf-8")
    status, out, _ = checked(capsys, "--example", "exercise", str(wrong))
    assert status == 1
    assert out == (f"{wrong}: wrong: row 3, column 4: '┻' is not the given tile '┗' turned "
                   "(and 1 more; --json lists them all)\n")
    status, out, _ = checked(capsys, "--example", "exercise", str(wrong), "--json")
    assert json.loads(out)["broken"] == [
        {"rule": "row 3, column 4: '┻' is not the given tile '┗' turned", "cells": [[3, 4]]},
        {"rule": "row 3, column 4: the connection to the right points off the board", "cells": [[3, 4]]},
    ]
    wrong.write_text("┏┓┏┓\n┃┣┫┃\n┗┛┃┛\n", encoding="utf-8")
    status, out, _ = checked(capsys, "--example", "exercise", str(wrong))
    assert out.startswith(f"{wrong}: wrong: row 3, column 3: '┃' is not the given tile '┛' turned")


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("┏┓┏┓\n┃┣┫┃\n┗┛┗┛\n┏┓┏┓\n", 4, 1, "expected 3 rows of tiles (the board is 3 x 4), found more"),
        ("┏┓┏┓\n┃┣┫┃\n", 3, None, "expected 3 rows of tiles (the board is 3 x 4), found 2: only rows of blank tiles "
         "may be left out at the end"),
        ("┏┓┏┓\n┃┣┫┃┃\n┗┛┗┛\n", 2, 5, "expected 4 tiles in a row (the board is 3 x 4), found 5"),
        ("┏┓┏┓\n┃┣┫\n┗┛┗┛\n", 2, 4, "expected 4 tiles in a row (the board is 3 x 4), found 3: only blank tiles may "
         "be left out at the end"),
        ("┏┓┏┓\n┃┣x┃\n┗┛┗┛\n", 2, 3, f"unknown tile character 'x'; expected one of {TILE_CHARACTERS!r}"),
        ("6 12 6 12\n5 7 13 5\n3 9 3\n", 3, 6, "expected 4 tile numbers in a row (the board is 3 x 4), found 3"),
        ("6 12 6 12\n5 7 13 5\n3 9 3 9 3\n", 3, 9, "expected 4 tile numbers in a row (the board is 3 x 4), found 5"),
        ("6 12 6 12\n5 7 13 5\n", 3, None, "expected 3 rows of tiles (the board is 3 x 4), found 2"),
        ("6 12 6 12\n5 7 13 5\n3 9 3 16\n", 3, 7, "expected a tile number, a whole number from 0 to 15, found '16'"),
        ("6 12 6 12\n5 7 13 5\n3 9 3 9\n1 1 1 1\n", 4, 1, "expected 3 rows of tiles (the board is 3 x 4), found more"),
    ],
)
def test_text_that_is_not_a_grid_of_the_board_is_an_input_error(text, line, column, words):
    error = input_error(read_answer, example("exercise"), text, "answer.txt")
    assert (error.message, error.source, error.line, error.column) == (words, "answer.txt", line, column)


def test_an_answer_that_does_not_fit_exits_2(capsys, tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("┏┓┏┓\n┃┣x┃\n┗┛┗┛\n", encoding="utf-8")
    status, out, err = checked(capsys, "--example", "exercise", str(wrong))
    assert status == 2 and out == "" and f"{wrong}:2:3: unknown tile character 'x'" in err


# -- fuzz: any text either reads or is an InputError, and the checker takes whatever reads -------------------

BOARD = generate(3, 4, 7, unique=False)
SOLUTIONS = set(search(BOARD).solutions())
ANSWER = render(BOARD, next(iter(sorted(SOLUTIONS))))


@st.composite
def answers(draw) -> str:
    if draw(st.booleans()):
        return draw(st.text(st.sampled_from(TILE_CHARACTERS + "\n #x0123456789"), max_size=60))
    text = ANSWER
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.text(st.sampled_from(TILE_CHARACTERS + "\n 7"), max_size=3))
        text = text[:at] + piece + text[at + draw(st.integers(0, 2)) :]
    return text


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=answers())
def test_any_text_reads_or_is_an_input_error(text):
    try:
        answer = read_answer(BOARD, text, "fuzz")
    except InputError as error:
        assert error.source == "fuzz" and (error.line is None or 1 <= error.line <= text.count("\n") + 2)
        return
    assert len(answer) == len(BOARD.tiles) and all(0 <= tile <= 15 for tile in answer)
    assert (check(BOARD, answer) == []) == (answer in SOLUTIONS)
    assert read_answer(BOARD, render(BOARD, answer)) == answer
