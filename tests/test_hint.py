"""``backtrack hint`` and ``backtrack grade`` through the command, on queens (whose reasoning this file can follow).

Queens has one rule level (a queen is forced where a row or column has one square
left that no queen attacks) and a guess above it.  The facts checked here are
independent of the reasoner: the solutions of 4 queens are (2, 4, 1, 3) and
(3, 1, 4, 2); every other first-row queen is in no solution; two queens in one
column attack each other.  The explanation page is driven in headless Chromium.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from backtrack.cli import main
from test_replay_page import browser, open_offline, text  # noqa: F401  (the browser fixture)

FOUR_QUEENS = {(1, 3, 0, 2), (2, 0, 3, 1)}


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def board(*queens: tuple[int, int], n: int = 4) -> str:
    return "".join("".join("Q" if (row, col) in queens else "." for col in range(n)) + "\n" for row in range(n))


def test_a_forced_queen_is_the_next_step_with_its_rule_level_and_cell(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(board((0, 1)), encoding="utf-8")
    status, out, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer), "--json")
    step = json.loads(out)
    assert status == 0, err
    assert step == {"kind": "step", "rule": "row-one-square", "level": "forced", "cells": [[2, 4]],
                    "words": "row 2 has one square left that no queen attacks: a queen at (2, 4)",
                    "answer": board((0, 1), (1, 3)).rstrip("\n")}
    status, out, _ = run(capsys, "hint", "queens", "-p", "n=4", str(answer))
    assert out.splitlines()[0] == "forced, row-one-square: row 2 has one square left that no queen attacks: a queen " \
                                  "at (2, 4)"
    assert "cells: (2, 4)" in out


def test_hint_all_ends_in_an_answer_that_check_accepts(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(board((1, 0)), encoding="utf-8")
    status, out, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer), "--all", "--json")
    explained = json.loads(out)
    assert status == 0, err
    assert explained["solved"] is True and explained["grade"] == "forced"
    kinds = [step["kind"] for step in explained["steps"]]
    assert kinds == ["step"] * (len(kinds) - 1) + ["solved"]
    final = explained["steps"][-1]["answer"]
    columns = tuple(row.index("Q") for row in final.splitlines())
    assert columns in FOUR_QUEENS  # the independent fact, not the reasoner's word
    for step in explained["steps"]:  # every state on the way agrees with that solution
        for row, line in enumerate(step["answer"].splitlines()):
            assert all(col == columns[row] for col, square in enumerate(line) if square == "Q")
    (tmp_path / "final.txt").write_text(final + "\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", "queens", "-p", "n=4", str(tmp_path / "final.txt"))
    assert status == 0, out


@pytest.mark.parametrize("col", [0, 3])
def test_a_queen_in_no_solution_is_found_as_a_mistake(capsys, tmp_path, col):
    # A queen in a corner of 4 queens breaks no rule yet, but no solution has it.
    answer = tmp_path / "answer.txt"
    answer.write_text(board((0, col)), encoding="utf-8")
    status, out, _ = run(capsys, "hint", "queens", "-p", "n=4", str(answer), "--json")
    step = json.loads(out)
    assert status == 1
    assert step["kind"] == "mistake" and step["cells"] == [[1, col + 1]]
    assert step["words"] == f"with a queen at (1, {col + 1}) the puzzle has no solution"


def test_two_queens_that_attack_each_other_are_a_mistake_naming_both(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    # Each queen is in some solution, so only the rule they break together names them.
    answer.write_text(board((0, 1), (1, 0)), encoding="utf-8")
    status, out, _ = run(capsys, "hint", "queens", "-p", "n=4", str(answer))
    assert status == 1
    assert out.startswith("mistake: the queens at (1, 2) and (2, 1) attack each other")


def test_from_the_givens_alone_a_guess_is_needed_and_named(capsys):
    status, out, _ = run(capsys, "hint", "queens", "-p", "n=8", "--json")
    step = json.loads(out)
    assert status == 0
    assert step["kind"] == "guess" and step["level"] == "guess" and step["cells"] == [[1, 1]]
    assert step["words"].endswith("the search would try a queen at (1, 1)")
    status, out, _ = run(capsys, "grade", "queens", "-p", "n=8", "--json")
    assert json.loads(out) == {"grade": "guess", "level": 1, "scale": ["forced", "guess"], "steps": 0}


def test_a_partial_answer_that_cannot_be_read_is_refused_with_its_line_and_column(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("....\n..x.\n....\n....\n", encoding="utf-8")
    status, _, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer))
    assert status == 2
    assert err.startswith(f"backtrack: error: {answer}:2:3: ")


def test_a_puzzle_without_a_reasoner_is_a_usage_error(capsys, tmp_path):
    status, _, err = run(capsys, "hint", "cover", "--example", "knuth-toy")
    assert status == 2 and "has no named deductions" in err
    status, _, err = run(capsys, "grade", "cover", "--example", "knuth-toy")
    assert status == 2 and "has no named deductions" in err


def test_ricochet_hints_the_next_move_of_a_shortest_solution_and_how_many_remain(capsys, tmp_path):
    from backtrack_puzzles import ricochet

    spec = ricochet.parse(ricochet.PUZZLE.example("exercise").read_text(encoding="utf-8"), "exercise")
    shortest = ricochet.search(spec).first()  # 6 moves, by the search (the answers test proves the optimum)
    status, out, _ = run(capsys, "hint", "ricochet", "--example", "exercise", "--all", "--json")
    explained = json.loads(out)
    assert status == 0 and explained["solved"]
    moves = [step["rule"] for step in explained["steps"] if step["kind"] == "step"]
    assert len(moves) == len(shortest)
    words = [step["words"] for step in explained["steps"][:-1]]
    assert [int(word.split("takes ")[1].split()[0]) for word in words] == list(range(len(shortest) - 1, -1, -1))
    final = tmp_path / "final.txt"
    final.write_text(explained["steps"][-1]["answer"], encoding="utf-8")
    assert run(capsys, "check", "ricochet", "--example", "exercise", str(final))[0] == 0
    detour = tmp_path / "detour.txt"
    detour.write_text("AN\n", encoding="utf-8")  # A north first: no shortest solution starts so
    status, out, _ = run(capsys, "hint", "ricochet", "--example", "exercise", str(detour), "--json")
    assert status == 1 and json.loads(out)["words"] == "the moves so far (AN) start no shortest solution"


def test_the_step_is_drawn_with_its_cells_marked(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text(board((0, 1)), encoding="utf-8")
    status, out, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer), "--format", "svg")
    assert status == 0, err
    root = ElementTree.fromstring(out)
    svg = "{http://www.w3.org/2000/svg}"
    marks = [element for element in root.iter(f"{svg}rect") if element.get("class") == "highlight"]
    queens = [element for element in root.iter(f"{svg}use") if element.get("class") == "queen"]
    assert len(marks) == 1 and len(queens) == 2  # the queen given, and the one the step placed


def test_options_come_before_or_after_the_instance(capsys, tmp_path):
    (tmp_path / "n.txt").write_text("6\n", encoding="utf-8")
    for args in (["solve", "queens", "--count", str(tmp_path / "n.txt")],
                 ["solve", "queens", str(tmp_path / "n.txt"), "--count"]):
        status, out, err = run(capsys, *args)
        assert status == 0 and out.startswith("4 solutions"), err


def test_the_explanation_page_steps_through_every_step(browser, capsys, tmp_path):  # noqa: F811
    answer = tmp_path / "answer.txt"
    answer.write_text(board((1, 0)), encoding="utf-8")
    page = tmp_path / "steps.html"
    status, _, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer), "--all", "--format", "html", "-o",
                         str(page))
    assert status == 0, err
    open_offline(browser, page)
    assert text(browser, "step-count") == "4" and text(browser, "step-number") == "0"
    assert text(browser, "words") == "before the first step"
    browser.find_element("id", "forward").click()
    assert text(browser, "step-number") == "1" and text(browser, "level") == "forced"
    assert text(browser, "rule") == "column-one-square"
    assert browser.execute_script("return document.querySelectorAll('#board svg .highlight').length") == 1
    browser.find_element("tag name", "body").send_keys("\ue010")  # End
    assert text(browser, "step-number") == "4" and text(browser, "words") == "the puzzle is solved"
    assert browser.execute_script("return document.querySelectorAll('#board svg .queen').length") == 4
    browser.find_element("id", "start").click()
    assert text(browser, "step-number") == "0"
    assert "grade forced" in text(browser, "summary")
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


# -- other puzzles through the same command: a pzprv3 partial answer, a batch, a saved solve output ----------

PARTIAL = ("pzprv3\nlightup\n6\n6\n. . # . . . \n. # 4 # . . \n. . # . 2 . \n+ 0 . . . . \n. + . 1 . . \n"
           ". . . . . . \n")


def test_a_pzprv3_file_holding_a_partial_answer_is_read_as_the_answer_so_far(capsys, tmp_path):
    path = tmp_path / "partial.pzprv3"
    path.write_text(PARTIAL, encoding="utf-8")
    status, out, err = run(capsys, "hint", "akari", str(path), "--json")
    step = json.loads(out)
    assert status == 0, err
    rows = step["answer"].splitlines()
    assert [rows[0][2], rows[1][1], rows[1][3], rows[2][2]] == ["L"] * 4  # the file's four lamps are kept
    assert step["kind"] == "step"
    wrong = PARTIAL.replace(". . # . 2 .", ". . + . 2 .")  # "no lamp" below the 4: it can get 3 lamps at most
    path.write_text(wrong, encoding="utf-8")
    status, out, _ = run(capsys, "hint", "akari", str(path), "--json")
    assert status == 1 and json.loads(out)["kind"] == "mistake" and json.loads(out)["cells"] == [[3, 3]]


def test_an_error_in_a_saved_solve_output_names_its_line_in_the_file(capsys, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("Solution 1\n....\n..x.\n....\n....\n", encoding="utf-8")
    status, _, err = run(capsys, "hint", "queens", "-p", "n=4", str(answer))
    assert status == 2 and err.startswith(f"backtrack: error: {answer}:3:3: ")


def test_a_batch_is_graded_puzzle_by_puzzle_and_summed_up(capsys, tmp_path):
    data = Path(__file__).resolve().parents[1] / "plugins" / "backtrack_puzzles" / "data" / "tatham-graded"
    records = [json.loads(line) for line in (data / "lightup.jsonl").read_text(encoding="utf-8").splitlines()]
    chosen = [record for record in records if record["seed"].endswith(("-00", "-01"))]
    batch = tmp_path / "ids.txt"
    batch.write_text("".join(record["id_short"] + "\n" for record in chosen), encoding="utf-8")
    status, out, err = run(capsys, "grade", "akari", str(batch), "--json")
    graded = json.loads(out)
    assert status == 0, err
    assert [puzzle["grade"] for puzzle in graded["puzzles"]] == [r["grade"]["word"].lower() for r in chosen]
    assert graded["grades"] == {"easy": 2, "tricky": 2, "hard": 2}
    status, out, _ = run(capsys, "grade", "akari", str(batch))
    assert out.splitlines()[-1] == "6 puzzles: easy 2, tricky 2, hard 2"


@pytest.mark.parametrize("puzzle, params, level", [
    ("sudoku", [], "intermediate"), ("akari", ["-p", "rows=8", "-p", "cols=8"], "tricky"),
    ("tents", ["-p", "rows=8", "-p", "cols=8"], "tricky"),
])
def test_generate_makes_puzzles_of_exactly_the_grade_asked_for(capsys, tmp_path, puzzle, params, level):
    status, out, err = run(capsys, "generate", puzzle, *params, "--difficulty", level, "--seed", "2", "--count", "2")
    assert status == 0, err
    made = [part for part in out.split("\n\n") if part.strip()] if puzzle != "sudoku" else out.split()
    assert len(made) == 2
    for number, made_text in enumerate(made):
        path = tmp_path / f"made-{number}.txt"
        path.write_text(made_text + "\n", encoding="utf-8")
        status, out, _ = run(capsys, "solve", puzzle, str(path), "--unique", "--json")
        solved = json.loads(out)
        assert solved["verdict"] == "unique" and solved["grade"]["grade"] == level


def test_an_unknown_difficulty_names_the_scale(capsys):
    status, out, err = run(capsys, "generate", "sudoku", "--difficulty", "medium", "--seed", "1")
    assert status == 0 and len(out.split()) == 1, err  # medium: how much the search guesses, as before
    status, _, err = run(capsys, "generate", "akari", "--difficulty", "fiendish")
    assert status == 2 and "--difficulty of akari is one of easy, tricky, hard" in err
