"""Bubbles as puzz.link's Dosun-Fuwari: URLs and pzprv3 files, answers checked, puzzles generated.

The formats: puzz.link ``dosufuwa`` URLs and pzprv3 files (balloons are bubbles,
iron balls are blocks, black cells the green squares); the examples of pzprjs's
test script decode to the puzzle they describe, its answers (right and wrong) are
judged as pzprjs judges them; every shipped example round-trips; bad input is an
:class:`InputError` naming its column or line (fuzzed too).  Answers: what
``backtrack solve`` prints reads back and passes ``backtrack check``, one changed
square is rejected naming the rule and the place.  Generating: through
``backtrack generate``, the same seed gives the same puzzles, and every unique one
(up to 12 x 12) has one solution by a count written here (over the stretches of
each vertical run), not by the plugin's search.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError, Verdict
from backtrack.cli import main
from format_checks import FAST, edited, edits, printed, round_trip_or_input_error
from backtrack_puzzles import bubbles
from backtrack_puzzles.bubbles import FORMATS, PUZZLE, Answer, BubblesGrid, check, parse, read_answer, render, text_of

#: pzprjs's test script (dosufuwa.js): the URL, the grid it describes, the answer files it judges.
URL = "https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1"
GRID = "AAA#B\n#ACBB\nDDCEE\nFDCE#\nF#GGG"
FILE = "pzprv3/dosufuwa/5/5/7/0 0 0 # 1 /# 0 2 1 1 /3 3 2 4 4 /5 3 2 4 # /5 # 6 6 6 /"
ANSWERS = {  # pzprjs's verdict, and the first rule our checker names
    ". 1 . . . /. 1 . . . /. . . . . /. . . . . /. . . . . /": "region A holds 2 bubbles, not one",
    ". 2 . . . /. 2 . . . /. . . . . /. . . . . /. . . . . /":  # pzprjs names the two iron balls first
        "row 2, column 2: the block of region A does not rest on the bottom row, a green square or another block",
    ". . . . . /. . 1 . . /. . . . . /. . . . . /. . . . . /":
        "row 2, column 3: the bubble of region C does not hang from the top row, a green square or another bubble",
    ". . 1 . . /. 2 1 . . /1 . . . . /1 2 2 . . /2 . 2 . . /":
        "row 2, column 2: the block of region A does not rest on the bottom row, a green square or another block",
    "2 . 1 . . /. . 1 . . /1 . . . . /1 2 2 . . /2 . 2 . . /": "region B holds no bubble, not one",
    "2 . 1 . . /. . 1 1 . /1 . . 1 . /1 2 2 . . /2 . 2 . 1 /": "region B holds no block, not one",
    "2 + 1 . . /. + 1 1 2 /1 + + 1 2 /1 2 2 + . /2 . 2 + 1 /": None,
}


def answer_file(answer: str) -> str:
    return FILE + answer


# -- the examples of pzprjs ------------------------------------------------------------------------


@pytest.mark.parametrize("url", [URL, "http://pzv.jp/p.html?dosufuwa/5/5/7pnsmrhf31d1", "dosufuwa/5/5/7pnsmrhf31d1"])
def test_the_url_decodes_to_its_grid_and_is_written_back_as_pzprjs_writes_it(url):
    grid = FORMATS["puzzlink"].decode(url, "<url>")
    assert grid == parse(GRID) and text_of(grid) == GRID
    assert FORMATS["puzzlink"].encode(grid) == URL
    assert bubbles.search(grid).verdict() is Verdict.UNIQUE


@pytest.mark.parametrize("answer", list(ANSWERS))
def test_the_answers_of_pzprjss_test_script_are_judged_as_pzprjs_judges_them(answer, tmp_path, capsys):
    grid, found = FORMATS["pzprv3"].decode_answer(answer_file(answer), "f.txt")
    assert grid == parse(GRID) and isinstance(found, Answer)
    broken = check(grid, found)
    assert (broken[0] if broken else None) == ANSWERS[answer]
    path = tmp_path / "answer.pzprv3"
    path.write_text(answer_file(answer).replace("/", "\n"))
    assert main(["check", "bubbles", str(path)]) == (1 if broken else 0)
    assert main(["check", "bubbles", URL, str(path)]) == (1 if broken else 0)
    out = capsys.readouterr().out
    assert (f"wrong: {ANSWERS[answer]}" if broken else "right: the answer keeps every rule") in out


def test_a_file_is_written_as_the_editor_saves_it_without_an_answer():
    written = FORMATS["pzprv3"].encode(parse(GRID))
    assert written == "\n".join(["pzprv3", "dosufuwa", "5", "5", "7", *(FILE.split("/")[5:10]), *[". " * 5] * 5]) + "\n"
    empty = bubbles.answer_of(parse(GRID), [], [])
    assert FORMATS["pzprv3"].decode_answer(written, "x") == (parse(GRID), empty)  # no object: an empty answer
    assert FORMATS["pzprv3"].decode_answer(FILE, "x") == (parse(GRID), empty)  # no answer part at all


def test_areas_come_from_borders_as_pzprjs_makes_them():
    # the same number in two places that do not touch: two areas; the count line is not trusted
    grid = FORMATS["pzprv3"].decode("pzprv3/dosufuwa/2/3/1/0 # 0 /0 # 0 /", "x")
    assert grid == parse("A#B\nA#B")
    # areas are lettered in the order of their first square, whatever their numbers
    assert FORMATS["pzprv3"].decode("pzprv3/dosufuwa/1/4/2/5 5 2 2 /", "x") == parse("AABB")
    # a grid lettered out of order round-trips to the same regions, lettered in order
    shuffled = parse("BBA\nCCA")
    assert text_of(FORMATS["puzzlink"].decode(FORMATS["puzzlink"].encode(shuffled), "x")) == "AAB\nCCB"


# -- every shipped example, both formats ------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_shipped_example_round_trips_through_both_formats(name):
    grid = parse(PUZZLE.examples[name].read_text(encoding="utf-8"))
    assert parse(text_of(grid)) == grid
    for form, fmt in FORMATS.items():
        assert fmt.decode(fmt.encode(grid), "<encoded>") == grid, form


def test_what_the_formats_cannot_hold_is_refused():
    grid = parse(GRID)
    grid.place_bubble(0, 0)
    for fmt in FORMATS.values():
        with pytest.raises(ValueError, match="placed in advance"):
            fmt.encode(grid)
    many = "pzprv3/dosufuwa/1/27/27/" + " ".join(str(i) for i in range(27)) + " /"
    with pytest.raises(InputError, match="this puzzle has 27 areas: bubbles letters its regions A-Z"):
        FORMATS["pzprv3"].decode(many, "x")
    with pytest.raises(InputError, match="27 areas") as caught:
        FORMATS["puzzlink"].decode("https://puzz.link/p?dosufuwa/27/1/vvvvvg", "x")
    assert caught.value.column == 35  # the body


# -- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, column, words", [
    ("https://puzz.link/p?tents/5/5/7pnsmrhf31d1", 21, "expected a puzz.link URL of dosufuwa"),
    ("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf31d1.z", 46, "too long"),
    ("https://puzz.link/p?dosufuwa/5/5/7pnsmrhf3!", 43, "unexpected '!'"),
    ("https://puzz.link/p?dosufuwa/5/5/7pnsmrhfz", 42, "too long"),
    ("https://puzz.link/p?dosufuwa/501/5/", 30, "the largest grid is 500 x 500"),
    ("https://puzz.link/p?dosufuwa/5", 31, "truncated"),
])
def test_bad_urls_are_input_errors_naming_the_column(text, column, words):
    with pytest.raises(InputError) as caught:
        FORMATS["puzzlink"].decode(text, "<arg>")
    assert words in caught.value.message and (caught.value.line, caught.value.column) == (1, column), caught.value


@pytest.mark.parametrize("text, line, words", [
    ("pzprv3\nlightup\n5\n5\n", 2, "expected a pzprv3 file of dosufuwa"),
    ("pzprv3\ndosufuwa\n1\n2\nx\n0 0 \n", 5, "the number of areas"),
    ("pzprv3\ndosufuwa\n1\n2\n1\n0 x \n", 6, "an area's number"),
    ("pzprv3\ndosufuwa\n1\n2\n1\n0 0 \n1 3 \n", 7, "expected 1 (a balloon)"),
    ("pzprv3\ndosufuwa\n1\n2\n1\n0 0 \n1 \n", 7, "expected 2 items"),
    ("pzprv3\ndosufuwa\n1\n2\n1\n0 0 \n1 2 \n. . \n", 8, "too long"),
    ("pzprv3\ndosufuwa\n2\n2\n1\n0 0 \n", 6, "truncated"),
])
def test_bad_files_are_input_errors_naming_the_line(text, line, words):
    with pytest.raises(InputError) as caught:
        FORMATS["pzprv3"].decode_answer(text, "f.txt")
    assert words in caught.value.message and caught.value.line == line, caught.value


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz#.+-/?:12 \n"
VALID = {"puzzlink": [URL, "dosufuwa/3/2/g8g4", "p?dosufuwa/2/2/g0"],
         "pzprv3": [answer_file(answer) for answer in list(ANSWERS)[-2:]] + [FILE.replace("/", "\n")]}


def decodes_or_input_error(form: str, text: str) -> None:
    fmt = FORMATS[form]
    grid = round_trip_or_input_error(fmt, text)
    if grid is None:
        return
    assert parse(text_of(grid)) == grid
    if fmt.decode_answer is not None:
        _, answer = fmt.decode_answer(text, "<fuzz>")
        if answer is not None:
            check(grid, answer)


@FAST
@given(st.sampled_from(sorted(VALID)), st.text(ALPHABET, max_size=60))
def test_random_text_decodes_or_is_an_input_error(form, text):
    decodes_or_input_error(form, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(form, text) for form, texts in sorted(VALID.items()) for text in texts]),
       edits(ALPHABET))
def test_mutated_urls_and_files_decode_or_are_input_errors(case, changes):
    form, text = case
    decodes_or_input_error(form, edited(text, changes))


def test_solve_and_convert_take_a_url_where_a_file_goes(tmp_path, capsys):
    assert main(["solve", "bubbles", URL, "--unique"]) == 0
    assert "unique: exactly one solution" in capsys.readouterr().out
    path = tmp_path / "puzzle.pzprv3"
    path.write_text(answer_file(list(ANSWERS)[-1]))
    for to in ("text", "puzzlink", "pzprv3"):
        assert main(["convert", "bubbles", str(path), "--to", to]) == 0
        written = capsys.readouterr().out
        assert (parse(written) if to == "text" else FORMATS[to].decode(written, "x")) == parse(GRID)
    assert main(["convert", "bubbles", URL, "--to", "tatham"]) == 2
    assert "cannot be written as one of the Tatham game IDs" in capsys.readouterr().err


# -- answers -------------------------------------------------------------------------------------------


def test_an_answer_reads_back_from_what_render_prints():
    for name in ("intro", "unique-6x6", "unique-8x8", "generated-10x12"):
        grid = parse(PUZZLE.examples[name].read_text())
        solution = bubbles.search(grid).first()
        answer = read_answer(grid, render(grid, solution), "a.txt")
        assert answer == solution and answer.extra == () and check(grid, answer) == []
        assert read_answer(grid, "\r\n\n" + render(grid, solution).replace("\n", "\r\n") + "\n\n", "a.txt") == solution


@pytest.mark.parametrize("change, line, column, words", [
    (lambda rows: rows[:-1], 5, 1, "expected 5 rows (the puzzle's), found 4"),
    (lambda rows: [rows[0] + ".", *rows[1:]], 1, 6, "expected 5 squares"),
    (lambda rows: [rows[0], rows[1][:-1], *rows[2:]], 2, 5, "expected 5 squares"),
    (lambda rows: ["#" + rows[0][1:], *rows[1:]], 1, 1, "the puzzle has a square of region A here"),
    (lambda rows: [rows[0][:3] + "." + rows[0][4:], *rows[1:]], 1, 4, "the puzzle has a green square here"),
    (lambda rows: [rows[0][:1] + "x" + rows[0][2:], *rows[1:]], 1, 2, "found 'x'"),
])
def test_an_answer_that_does_not_fit_the_puzzle_is_an_input_error_naming_line_and_column(change, line, column,
                                                                                          words):
    grid = parse(GRID)
    rows = render(grid, bubbles.search(grid).first()).split("\n")
    with pytest.raises(InputError) as caught:
        read_answer(grid, "\n".join(change(rows)) + "\n", "a.txt")
    assert words in caught.value.message and (caught.value.line, caught.value.column) == (line, column), caught.value


@pytest.mark.parametrize("name", sorted(set(PUZZLE.examples) - {"generated-15x20"}))
def test_each_shipped_examples_solution_passes_check_through_the_command(name, tmp_path, capsys):
    assert main(["solve", "bubbles", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "bubbles", "--example", name, str(answer)]) == 0
    assert "right: the answer keeps every rule of bubbles" in capsys.readouterr().out


@pytest.mark.parametrize("edits, first, cells", [
    # the bubble of region A taken away: the bubble of region C below it hangs from nothing
    ([(1, 3, ".")], "row 2, column 3: the bubble of region C does not hang from the top row, a green square or "
                    "another bubble", [[2, 3]]),
    # a second block in region A, on an empty square
    ([(1, 2, "*")], "row 1, column 2: the block of region A does not rest on the bottom row, a green square or "
                    "another block", [[1, 2]]),
    # a bubble added under the bubble of region C: region C now has two
    ([(3, 3, "O")], "region C holds 2 bubbles, not one", []),
    # the bubble of region G taken away
    ([(5, 5, ".")], "region G holds no bubble, not one", []),
    # the bubble of region G moved one square to the left: there it hangs from nothing
    ([(5, 5, "."), (5, 4, "O")], "row 5, column 4: the bubble of region G does not hang from the top row, a green "
                                 "square or another bubble", [[5, 4]]),
])
def test_one_square_changed_is_rejected_naming_the_rule_and_the_place(edits, first, cells, tmp_path, capsys):
    grid = parse(GRID)
    rows = render(grid, bubbles.search(grid).first()).split("\n")
    assert rows == ["*.O#.", "#.OO*", "O..O*", "O**.#", "*#*.O"]
    for row, column, char in edits:
        rows[row - 1] = rows[row - 1][:column - 1] + char + rows[row - 1][column:]
    answer = tmp_path / "answer.txt"
    answer.write_text("Solution 1\n" + "\n".join(rows) + "\n")
    assert main(["check", "bubbles", URL, str(answer)]) == 1
    assert capsys.readouterr().out.startswith(f"{answer}: wrong: {first}")
    assert main(["check", "bubbles", URL, str(answer), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["broken"][0] == {"rule": first, "cells": cells}
    assert [entry["rule"] for entry in report["broken"]] == check(grid, read_answer(grid, "\n".join(rows), "a"))


def test_the_checker_names_objects_on_green_squares_and_extra_objects():
    grid = parse(GRID)
    answer = bubbles.answer_of(grid, [(0, 2), (0, 3), (1, 1)], [(0, 0)])
    assert answer.extra == (("O", (0, 3)), ("O", (1, 1)))
    broken = check(grid, answer)
    assert broken[0] == "row 1, column 4: a bubble is on a green square"
    assert "region A holds 2 bubbles, not one" in broken


# -- generating ------------------------------------------------------------------------------------------


def count_by_runs(lines: list[str] | tuple[str, ...], limit: int = 2) -> int:
    """The number of solutions (up to ``limit``), counted independently of the plugin's search.

    In every vertical run of non-green squares the bubbles fill a stretch from its
    top and the blocks one from its bottom; a solution is a choice of the two
    lengths for every run such that every region ends up with one bubble and one
    block.  Runs are taken in an order that closes regions early.
    """
    rows, cols = len(lines), len(lines[0])
    runs = []
    for k in range(cols):
        r = 0
        while r < rows:
            if lines[r][k] == "#":
                r += 1
                continue
            start = r
            while r < rows and lines[r][k] != "#":
                r += 1
            runs.append([lines[x][k] for x in range(start, r)])
    letters = sorted(set("".join(lines)) - {"#"})
    order, seen, left = [], set(), list(range(len(runs)))
    while left:
        best = max(left, key=lambda i: (len(set(runs[i]) & seen), -i))
        left.remove(best)
        order.append(runs[best])
        seen |= set(runs[best])
    last = {letter: max(i for i, run in enumerate(order) if letter in run) for letter in letters}
    closing = [[letter for letter in letters if last[letter] == i] for i in range(len(order))]
    hanging = dict.fromkeys(letters, 0)
    resting = dict.fromkeys(letters, 0)
    found = 0

    def go(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(order):
            found += 1
            return
        run, n = order[i], len(order[i])
        b, hung = 0, []
        while True:
            d, rested = 0, []
            while True:
                if all(hanging[letter] == 1 and resting[letter] == 1 for letter in closing[i]):
                    go(i + 1)
                if b + d >= n or resting[run[n - 1 - d]]:
                    break
                resting[run[n - 1 - d]] += 1
                rested.append(run[n - 1 - d])
                d += 1
            for letter in rested:
                resting[letter] -= 1
            if b >= n or hanging[run[b]]:
                break
            hanging[run[b]] += 1
            hung.append(run[b])
            b += 1
        for letter in hung:
            hanging[letter] -= 1

    go(0)
    return found


def test_the_independent_count_agrees_with_the_search_on_random_grids():
    rng = random.Random(3)
    for _ in range(40):
        grid = bubbles.generate(rng.randint(2, 7), rng.randint(2, 7), rng.randrange(10**6), green=rng.random() * 0.3)
        assert count_by_runs(grid.lines, 500) == bubbles.search(grid).count(limit=500)
    assert count_by_runs(parse(PUZZLE.examples["generated-10x12"].read_text()).lines, 10**6) == 320


def generated(capsys, *args: str) -> list[BubblesGrid]:
    return [parse(part) for part in printed(capsys, "generate", "bubbles", *args).split("\n\n") if part.strip()]


def test_the_same_seed_gives_the_same_puzzles_each_unique_by_the_independent_count(capsys):
    args = ["-p", "rows=7", "-p", "cols=8", "--seed", "4", "--count", "3"]
    grids = generated(capsys, *args)
    assert generated(capsys, *args) == grids and len(grids) == 3
    assert all(count_by_runs(grid.lines) == 1 for grid in grids)
    assert grids[0] == bubbles.make(4, True, rows=7, cols=8)


def test_unique_puzzles_reach_12_by_12(capsys):
    grids = generated(capsys, "-p", "rows=12", "-p", "cols=12", "--seed", "1")
    assert [(grid.rows, grid.cols) for grid in grids] == [(12, 12)]
    assert count_by_runs(grids[0].lines) == 1 and len(grids[0].regions) >= 10


@pytest.mark.parametrize("to", ["puzzlink", "pzprv3"])
def test_generate_to_a_format_writes_what_decodes_to_the_same_puzzles(to, capsys):
    args = ["-p", "rows=6", "-p", "cols=7", "--seed", "2", "--count", "2"]
    grids = generated(capsys, *args)
    assert main(["generate", "bubbles", *args, "--to", to]) == 0
    out = capsys.readouterr().out
    written = out.strip().split("\n") if to != "pzprv3" else ["pzprv3" + part for part in out.split("pzprv3")[1:]]
    assert [FORMATS[to].decode(text, "<out>") for text in written] == grids


def test_difficulty_easy_selects_puzzles_solved_without_a_guess(capsys):
    for grid in generated(capsys, "-p", "rows=6", "-p", "cols=6", "--seed", "8", "--count", "2", "--difficulty",
                          "easy"):
        search = bubbles.search(grid)
        assert search.verdict() is Verdict.UNIQUE and search.report.difficulty.grade == "easy"


def test_any_makes_big_grids_and_unique_refuses_what_it_cannot_make(capsys):
    grids = generated(capsys, "-p", "rows=30", "-p", "cols=20", "--any", "--seed", "1", "-p", "green=0.2")
    solution = bubbles.search(grids[0]).first()
    assert (grids[0].rows, grids[0].cols) == (30, 20) and solution is not None and check(grids[0], solution) == []
    assert main(["generate", "bubbles", "-p", "rows=13", "-p", "cols=12"]) == 2
    assert "unique puzzles are made up to 144 squares" in capsys.readouterr().err
