"""Skyline in the shared formats (Towers game IDs, puzz.link skyscrapers URLs, pzprv3 files), answers, ``check``.

The worked example is the one of /work/shared/formats/tatham-game-ids.md; the URL
and the files come from pzprjs's test script (test/script/skyscrapers.js), with the
rule each of its wrong answers breaks.  puzz.link puzzles leave clues out: the
counts of such puzzles are checked against brute force.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from format_checks import FAST, decodes_or_input_error, input_error, mutated
from backtrack_puzzles import skyline
from backtrack_puzzles.skyline import (
    FORMATS, PUZZLE, Skyline, check, decode_puzzlink, decode_pzprv3, decode_pzprv3_answer, decode_tatham,
    encode_puzzlink, encode_pzprv3, encode_tatham, read_answer,
)

EXAMPLES = Path(skyline.__file__).parent / "examples" / "skyline"
SPECS = {path.stem: skyline.parse(path.read_text()) for path in sorted(EXAMPLES.iterdir())}
WORKED = "5:/2//3//////////4/2//4///,l4l"
URL = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
SCRIPT = "pzprv3/skyscrapers/4/4/. . . . . . /"
FILES = [
    ("row 2 holds height 3 twice: at row 2, column 3 and row 2, column 4",
     SCRIPT + ". . . . . . /4 1 2 3 3 . /. . . . . 3 /. . . . . . /. . 1 3 . . /"),
    # pzprjs counts the buildings of a line with empty cells (nmSightNe); the checker names a clue only when
    # the line is decided, up to its tallest building: here no clue is, so the first empty cell is named.
    ("row 1, column 1: this cell is empty",
     SCRIPT + ". . . . . . /4 1 2 3 4 . /. 4 . . . 3 /. . 4 . . . /. . 1 3 . . /"),
    ("row 1, column 1: this cell is empty",
     SCRIPT + ". . 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . /. . 1 3 . . /"),
    (None, SCRIPT + ". 2 1 4 3 . /4 1 2 3 4 . /. 4 3 1 2 3 /. 3 4 2 1 . /. . 1 3 . . /"),
]
SOLVED = ((2, 1, 4, 3), (1, 2, 3, 4), (4, 3, 1, 2), (3, 4, 2, 1))


def error_at(decode, text: str) -> InputError:
    return input_error(decode, text, "id")


# -- every example in every format --------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3"])
@pytest.mark.parametrize("name", list(SPECS))
def test_every_example_goes_through_every_format_and_back(name, form):
    spec = SPECS[name]
    written = FORMATS[form].encode(spec)
    assert FORMATS[form].decode(written, "x") == spec
    assert FORMATS[form].encode(FORMATS[form].decode(written, "x")) == written


def test_the_descriptor_names_its_formats_text_and_answers():
    assert set(PUZZLE.formats) == {"tatham", "puzzlink", "pzprv3"}
    assert PUZZLE.text is skyline.text_of and PUZZLE.read_answer is read_answer


# -- Towers game IDs ---------------------------------------------------------------------------------------------


def test_the_worked_example_is_the_puzzle_the_notes_describe_and_encodes_byte_for_byte():
    spec = decode_tatham(WORKED, "id")
    assert (spec.top, spec.bottom, spec.left, spec.right) == (
        (0, 2, 0, 3, 0), (0, 0, 0, 0, 0), (0, 0, 0, 4, 2), (0, 4, 0, 0, 0))
    assert spec.givens[2] == (0, 0, 4, 0, 0) and sum(map(sum, spec.givens)) == 4
    assert encode_tatham(spec) == WORKED
    assert encode_tatham(Skyline(spec.top, spec.bottom, spec.left, spec.right)) == "5:/2//3//////////4/2//4///"


@pytest.mark.parametrize("params", ["5de", "5dh", "5dx", "5du"])
def test_the_difficulty_changes_nothing(params):
    assert decode_tatham(params + WORKED[1:], "id") == decode_tatham(WORKED, "id")


@pytest.mark.parametrize("text, column, words", [
    ("2:////////", 1, "Towers' grids are 3 x 3 to 9 x 9, not 2 x 2"),
    ("10:" + "/" * 39, 1, "not 10 x 10"),
    ("5x5:" + "/" * 19, 2, "one size"),
    ("5dm:" + "/" * 19, 3, "expected a difficulty"),
    ("5m:" + "/" * 19, 2, "unexpected 'm' in Towers' parameters"),
    ("5#99", 2, "random-seed ID"),
    ("5:/2//3//////////4/2//4//", 26, "expected 20 clues separated by '/', found 19"),
    ("5:/2//3//////////4/2//4////", 27, "found 21"),
    ("5:/2//6//////////4/2//4///", 7, "must be from 1 to 5, not 6"),
    ("5:/2//0//////////4/2//4///", 7, "must be from 1 to 5, not 0"),
    ("5:/2//x//////////4/2//4///", 7, "(a whole number)"),
    ("5:/2//3//////////4/2//4///,l4k", 31, "truncated: the description covers 24 of the 25 cells"),
    ("5:/2//3//////////4/2//4///,l4m", 30, "too long"),
    ("5:/2//3//////////4/2//4///,l6l", 29, "number 6 out of range"),
    ("5:/2//3//////////4/2//4///,l4l,a", 31, "too long: expected CLUES or CLUES,GRID"),
])
def test_bad_towers_ids_are_input_errors_at_their_column(text, column, words):
    error = error_at(decode_tatham, text)
    assert (error.line, error.column) == (1, column) and words in error.message


def test_a_grid_towers_cannot_play_is_not_written():
    for n in (1, 2, 10):
        with pytest.raises(ValueError, match=f"Towers' grids are 3 x 3 to 9 x 9, not {n} x {n}"):
            encode_tatham(Skyline([0] * n, [0] * n, [0] * n, [0] * n))


# -- puzz.link URLs ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [URL, "http://pzv.jp/p.html?skyscrapers/4/4/k13h4j3g", "building/4/4/k13h4j3g",
                                  "p?skyscraper/4/4/k13h4j3g", "https://puzz.link/p?skyscrapers/4/4/k13h4j3g/"])
def test_the_test_script_url_in_every_form(text):
    spec = decode_puzzlink(text, "url")
    assert (spec.top, spec.bottom, spec.left, spec.right) == ((0,) * 4, (0, 1, 3, 0), (0, 4, 0, 0), (0, 0, 3, 0))
    assert encode_puzzlink(spec) == URL


def test_given_heights_follow_the_clues_in_a_url():
    spec = decode_tatham(WORKED, "id")
    assert encode_puzzlink(spec) == "https://puzz.link/p?skyscrapers/5/5/g2g3o42g4ir4r"
    assert decode_puzzlink("skyscrapers/5/5/g2g3o42g4ir4r", "url") == spec
    big = Skyline([16] + [0] * 15, [0] * 16, [0] * 16, [0] * 16)
    assert encode_puzzlink(big) == "https://puzz.link/p?skyscrapers/16/16/-10zzzi"
    assert decode_puzzlink(encode_puzzlink(big), "url") == big


@pytest.mark.parametrize("text, column, words", [
    ("skyscrapers/4/5/z", 13, "expected a square grid of 1 x 1 to 16 x 16, found 4 x 5"),
    ("skyscrapers/17/17/z", 13, "found 17 x 17"),
    ("skyscrapers/4/4/k13h4j3.", 24, "expected a clue from 1 to 4, found '.' (no number)"),
    ("skyscrapers/4/4/0u", 17, "expected a clue from 1 to 4, found 0"),
    ("skyscrapers/4/4/k13h5j3g", 21, "number 5 out of range"),
    ("skyscrapers/4/4/k13h4j3gk0p", 26, "expected a given height from 1 to 4, found 0"),
    ("skyscrapers/4/4/k13h4j3gv!", 26, "too long"),
    ("sudoku/4/4/k13h4j3g", 1, "expected a puzz.link URL of skyscrapers, not 'sudoku'"),
])
def test_bad_urls_are_input_errors_at_their_column(text, column, words):
    error = error_at(decode_puzzlink, text)
    assert (error.line, error.column) == (1, column) and words in error.message


# -- missing clues: the counts against brute force ----------------------------------------------------------------


def squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square (rows of permutations, columns checked)."""
    rows = list(itertools.permutations(range(1, n + 1)))
    found: list[tuple[tuple[int, ...], ...]] = []

    def extend(grid):
        if len(grid) == n:
            found.append(tuple(grid))
            return
        for row in rows:
            if all(row[c] != above[c] for above in grid for c in range(n)):
                extend([*grid, row])

    extend([])
    return found


SQUARES_4 = squares(4)


def test_urls_that_leave_clues_out_count_as_brute_force_does():
    rng = random.Random(5)
    counts = set()
    for _ in range(60):
        square = rng.choice(SQUARES_4)
        full = Skyline([0] * 4, [0] * 4, [0] * 4, [0] * 4).clues_of(square)
        keep = rng.choice((0.2, 0.4, 0.6))
        sides = [[clue if rng.random() < keep else 0 for clue in side] for side in full]
        spec = decode_puzzlink(encode_puzzlink(Skyline(*sides)), "url")
        assert (spec.top, spec.bottom, spec.left, spec.right) == tuple(map(tuple, sides))
        expected = sum(check(spec, grid) == [] for grid in SQUARES_4)
        assert skyline.search(spec).count() == expected
        counts.add(min(expected, 3))
    assert counts >= {1, 2, 3}


# -- pzprv3 files ----------------------------------------------------------------------------------------------------


def test_the_test_script_files_and_the_rules_their_answers_break():
    url = decode_puzzlink(URL, "url")
    for rule, text in FILES:
        spec, solution = decode_pzprv3_answer(text, "f")
        assert spec == url
        assert (check(spec, solution) or [None])[0] == rule
    assert decode_pzprv3_answer(FILES[-1][1], "f")[1] == SOLVED
    given = FILES[-1][1].replace(". 4 3 1 2 3", ". 4 q3 1 2 3")  # the script's variant with a given height
    spec, solution = decode_pzprv3_answer(given, "f")
    assert spec.givens[2] == (0, 3, 0, 0) and solution == SOLVED and check(spec, solution) == []


def test_a_file_is_written_as_the_editor_saves_it_without_an_answer():
    spec = decode_puzzlink(URL, "url")
    written = encode_pzprv3(spec)
    assert written == ("pzprv3\nskyscrapers\n4\n4\n. . . . . . \n. . . . . . \n4 . . . . . \n. . . . . 3 \n"
                       ". . . . . . \n. . 1 3 . . \n")
    assert decode_pzprv3_answer(written, "f") == (spec, ((0,) * 4,) * 4)  # no height entered
    worked = decode_tatham(WORKED, "id")
    assert "q4" in encode_pzprv3(worked) and decode_pzprv3(encode_pzprv3(worked), "f") == worked


def test_pencil_marks_are_notes():
    text = FILES[-1][1].replace(". 2 1 4 3 .", ". .[1,2,,] 1[3,,,] 4 3 .")
    spec, solution = decode_pzprv3_answer(text, "f")
    assert solution[0] == (0, 1, 4, 3)


@pytest.mark.parametrize("text, line, column, words", [
    ("pzprv3/skyscrapers/4/5/", 1, None, "expected a square grid of 1 x 1 to 16 x 16, found 4 rows of 5 columns"),
    ("pzprv3/tents/4/4/", 1, 8, "expected a pzprv3 file of skyscrapers, not 'tents'"),
    (FILES[-1][1].replace("4 1 2 3 4 .", "5 1 2 3 4 ."), 1, 50, "a left clue must be from 1 to 4, not 5"),
    (FILES[-1][1].replace("4 1 2 3 4 .", "4 1 q5 3 4 ."), 1, 54, "a given height must be from 1 to 4, not 5"),
    (FILES[-1][1].replace("4 1 2 3 4 .", "4 1 x 3 4 ."), 1, 54, "expected a height"),
    (FILES[-1][1].replace("4 1 2 3 4 .", "4 1 2 3 4"), 1, 60, "expected 6 items in row 3 of 6"),
    (FILES[-1][1] + "1 2 3 /", 1, 102, "too long"),
])
def test_bad_files_are_input_errors_naming_the_line(text, line, column, words):
    error = error_at(decode_pzprv3_answer, text)
    assert error.line == line and words in error.message
    if column is not None:
        assert error.column == column


# -- answers as solve prints them --------------------------------------------------------------------------------------


def test_every_example_answer_reads_back_framed_or_bare():
    for name, spec in SPECS.items():
        solution = skyline.search(spec).first()
        assert read_answer(spec, skyline.render(spec, solution), name) == solution
        bare = "\n".join(" ".join(map(str, row)) for row in solution)
        assert read_answer(spec, bare, name) == solution


def test_a_ten_by_ten_answer_reads_back():
    spec = Skyline([0] * 10, [0] * 10, [10] + [0] * 9, [0] * 10)
    solution = skyline.search(spec).first()
    assert read_answer(spec, skyline.render(spec, solution), "a") == solution


FOUR = SPECS["four"]  # top .32., bottom 1.2., left 3..., right ....
FOUR_TEXT = skyline.render(FOUR, skyline.search(FOUR).first())


@pytest.mark.parametrize("edit, line, column, words", [
    (("    . 3 2 .", "    . 3 1 ."), 1, 9, "the top clue of column 3 is 2 in the puzzle, 1 here"),
    (("    . 3 2 .", "    . 3 2"), 1, 10, "expected 4 top clues in this row, found 3"),
    (("    1 . 2 .", "    1 . 2 4"), 8, 11, "the bottom clue of column 4 is none in the puzzle, 4 here"),
    (("3 | ", ". | "), 3, 1, "the left clue of row 1 is 3 in the puzzle, none here"),
    (("| .\n. |", "| 2\n. |"), 3, 15, "the right clue of row 1 is none in the puzzle, 2 here"),
    (("3 | 2", "3 | x"), 3, 5, "expected a height from 1 to 4 (or . for an empty cell), found 'x'"),
    (("3 | 2 1", "3 | 2"), 3, 10, "expected 4 heights in this row, found 3"),
    (("  +---------+\n3", "3"), 2, None, "expected the heights as render prints them"),
    (("3 | ", "9 | "), 3, 1, "expected a left clue from 1 to 4 (or . for none), found '9'"),
])
def test_answers_that_do_not_fit_the_puzzle_are_input_errors(edit, line, column, words):
    old, new = edit
    assert old in FOUR_TEXT
    with pytest.raises(InputError) as caught:
        read_answer(FOUR, FOUR_TEXT.replace(old, new, 1), "a")
    assert (caught.value.line, caught.value.column) == (line, column) and words in caught.value.message


def test_an_empty_cell_is_for_the_checker():
    holed = read_answer(FOUR, FOUR_TEXT.replace("3 | 2", "3 | ."), "a")
    assert check(FOUR, holed) == ["row 1, column 1: this cell is empty"]


# -- the command ----------------------------------------------------------------------------------------------------


def test_solve_and_convert_take_ids_urls_and_files(tmp_path, capsys):
    assert main(["solve", "skyline", WORKED, "--unique", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"
    assert main(["solve", "skyline", "building/4/4/k13h4j3g", "--count"]) == 0
    assert "1 solution" in capsys.readouterr().out
    path = tmp_path / "answer.pzprv3"
    path.write_text(FILES[-1][1].replace("/", "\n"))
    assert main(["convert", "skyline", str(path), "--to", "puzzlink"]) == 0
    assert capsys.readouterr().out == URL + "\n"
    assert main(["convert", "skyline", "--example", "eight-hard", "--to", "tatham"]) == 0
    assert capsys.readouterr().out == encode_tatham(SPECS["eight-hard"]) + "\n"
    assert main(["convert", "skyline", "--example", "four", "--to", "pzprv3"]) == 0
    assert capsys.readouterr().out == encode_pzprv3(SPECS["four"])


@pytest.mark.parametrize("name", ["four", "six", "eight-hard"])
def test_check_passes_solutions_and_names_the_rule_and_place_of_a_changed_cell(name, tmp_path, capsys):
    spec = SPECS[name]
    assert main(["solve", "skyline", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "skyline", "--example", name, str(answer)]) == 0
    solution = skyline.search(spec).first()
    rng = random.Random(name)
    for _ in range(6):
        r, c = rng.randrange(spec.n), rng.randrange(spec.n)
        rows = [list(row) for row in solution]
        rows[r][c] = rng.choice([v for v in range(1, spec.n + 1) if v != solution[r][c]])
        answer.write_text(skyline.render(spec, rows))
        assert main(["check", "skyline", "--example", name, str(answer)]) == 1
        first = capsys.readouterr().out.split(": wrong: ", 1)[1].split(" (and ")[0]
        place = f"row {r + 1}, column {c + 1}"
        if spec.givens[r][c]:
            assert first.startswith(f"{place}: the given height ")
        else:
            assert first.startswith(f"row {r + 1} holds height {rows[r][c]} twice: at ") and place in first
        assert main(["check", "skyline", "--example", name, str(answer), "--json"]) == 1
        broken = json.loads(capsys.readouterr().out)["broken"]
        assert all(rule["cells"] for rule in broken) and [r + 1, c + 1] in broken[0]["cells"]


def test_check_reads_pzprv3_answers(tmp_path, capsys):
    path = tmp_path / "answer.pzprv3"
    for rule, text in FILES:
        path.write_text(text)
        assert main(["check", "skyline", str(path)]) == (0 if rule is None else 1)
        assert (rule or "right:") in capsys.readouterr().out
        assert main(["check", "skyline", URL, str(path)]) == (0 if rule is None else 1)
        capsys.readouterr()
    assert main(["check", "skyline", "--example", "four", str(path)]) == 2
    assert "this answer is to another puzzle" in capsys.readouterr().err


# -- fuzzing the decoders ------------------------------------------------------------------------------------------

SEEDS = [WORKED, URL, FILES[0][1], FILES[-1][1].replace("/", "\n"), *(encode_tatham(spec) for spec in SPECS.values()),
         encode_puzzlink(decode_tatham(WORKED, "id")), encode_pzprv3(decode_tatham(WORKED, "id"))]


@FAST
@given(st.data())
def test_mutated_ids_urls_and_files_decode_or_are_input_errors(data):
    decodes_or_input_error(FORMATS, check, mutated(data, SEEDS, [*"0123456789abcdefghlqz_.-+/:,#x \n[]", "9" * 30, ""]))


@FAST
@given(st.text(alphabet=st.sampled_from(list("0123456789aghkq_./:,#x \nskyrapebuild")), max_size=60))
def test_random_text_decodes_or_is_an_input_error(text):
    decodes_or_input_error(FORMATS, check, text)
