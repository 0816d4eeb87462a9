"""Sudoku in the shared formats (Solo game IDs, puzz.link URLs, pzprv3 files), its answers and ``backtrack check``.

The worked example is the one of /work/shared/formats/tatham-game-ids.md; the URL
and the files come from pzprjs's test script (test/script/sudoku.js), with the
rule each of its wrong answers breaks.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main
from format_checks import FAST, decodes_or_input_error, input_error
from backtrack_puzzles import sudoku
from backtrack_puzzles.sudoku import (
    FORMATS, PUZZLE, Sudoku, check, decode_puzzlink, decode_pzprv3, decode_pzprv3_answer, decode_tatham,
    encode_puzzlink, encode_pzprv3, encode_tatham, read_answer,
)

EXAMPLES = Path(sudoku.__file__).parent / "examples" / "sudoku"
DATA = Path(sudoku.__file__).parent / "data" / "sudoku"

#: pzprjs's test script: the URL, and files with the rule each wrong answer breaks (None: a right one).
URL = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
GIVENS = ((0, 1, 0, 0), (0, 0, 0, 2), (3, 0, 0, 0), (0, 0, 3, 0))
SCRIPT = "pzprv3/sudoku/4/. 1 . . /. . . 2 /3 . . . /. . 3 . /"
FILES = [
    ("box 1 (rows 1-2, columns 1-2) holds 1 twice: at row 1, column 2 and row 2, column 1",
     SCRIPT + ". . . . /1 . . . /. . . . /. . . . /"),
    ("column 2 holds 1 twice: at row 1, column 2 and row 4, column 2", SCRIPT + ". . . . /. . . . /. . . . /. 1 . . /"),
    ("row 1, column 3: this cell is empty",
     SCRIPT + "2 . . . /. . . . /. 4 2 . /1 2 . . /"),
    (None, SCRIPT + "2 . 4 3 /4 3 1 . /. 4 2 1 /1 2 . 4 /"),
]
SOLVED = ((2, 1, 4, 3), (4, 3, 1, 2), (3, 4, 2, 1), (1, 2, 3, 4))


def examples() -> list[tuple[str, Sudoku]]:
    """Every shipped example (each puzzle of a batch) and the published sets' first puzzles."""
    found = []
    for path in sorted(EXAMPLES.iterdir()):
        for number, part in sudoku.split(path.read_text()):
            found.append((f"{path.stem}:{number}", sudoku.parse(part)))
    for path in sorted(DATA.glob("*.txt")):
        first = next(line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#"))
        found.append((path.stem, sudoku.parse(first)))
    return found


EXAMPLE_SPECS = examples()


def error_at(decode, text: str) -> InputError:
    return input_error(decode, text, "id")


# -- every example in every format ----------------------------------------------------------------------


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3"])
@pytest.mark.parametrize("name, spec", EXAMPLE_SPECS, ids=[name for name, _ in EXAMPLE_SPECS])
def test_every_example_goes_through_every_format_and_back(name, spec, form):
    if form != "tatham" and sudoku.PZPR_BOXES.get(spec.n) != (spec.box_rows, spec.box_cols):
        with pytest.raises(ValueError, match="puzz.link"):  # twelve and six-tall-boxes: pzprjs has not their boxes
            FORMATS[form].encode(spec)
        return
    written = FORMATS[form].encode(spec)
    assert FORMATS[form].decode(written, "x") == spec
    assert FORMATS[form].encode(FORMATS[form].decode(written, "x")) == written


def test_the_descriptor_names_its_formats_text_and_answers():
    assert set(PUZZLE.formats) == {"tatham", "puzzlink", "pzprv3"}
    assert PUZZLE.text is sudoku.text_of and PUZZLE.read_answer is read_answer
    assert PUZZLE.formats["pzprv3"].decode_answer is decode_pzprv3_answer


# -- Solo game IDs ----------------------------------------------------------------------------------------


def test_the_worked_example_decodes_and_encodes_byte_for_byte():
    start = "3....92......2.....5..3786..8"  # the notes' 3, 4 blanks, 9, 2, 6 blanks, 2, 5 blanks, 5, 2 blanks, 3786
    assert decode_tatham("3x3:3d9_2f2e5b3_7_8_6b8zz", "id").line() == start + "." * 52
    spec = sudoku.parse(start + "......1" + "." * (81 - len(start) - 7))
    written = encode_tatham(spec)
    assert written == "3x3:3d9_2f2e5b3_7_8_6b8f1zs"
    assert decode_tatham(written, "id") == spec


@pytest.mark.parametrize("grid, text", [
    ("1" + "." * 15, "2x2:1o"), ("." * 15 + "4", "2x2:o4"), ("12" + "." * 13 + "3", "2x2:1_2m3"),
    ("." * 16, "2x2:p"), ("." * 81, "3x3:zzzc"), ("." * 80 + "9", "3x3:zzzb9"),
])
def test_solo_writes_runs_and_separators_as_solo_does(grid, text):
    assert encode_tatham(sudoku.parse(grid)) == text and decode_tatham(text, "id") == sudoku.parse(grid)


def test_numbers_above_nine_are_decimal_in_solo():
    spec = sudoku.parse((EXAMPLES / "sixteen.txt").read_text())
    written = encode_tatham(spec)
    assert written.startswith("4x4:c7_16_6g8e14a4_7a10c13_12") and decode_tatham(written, "id") == spec


@pytest.mark.parametrize("params", ["3", "3x3", "3x3a", "3x3r2", "3x3m4", "3x3md2dt", "3x3du", "3x3d", "3x3r4de"])
def test_symmetry_and_difficulty_are_harmless(params):
    assert decode_tatham(f"{params}:zzzc", "id") == sudoku.parse("." * 81)


@pytest.mark.parametrize("text, column, words", [
    ("3x3x:zzzc", 4, "an X Sudoku (diagonals too)"),
    ("3x3k:zzzc", 4, "a killer Sudoku"),
    ("9j:zzzc", 2, "a jigsaw Sudoku"),
    ("3x3dak:zzzc", 6, "a killer"),
    ("6x6:zk", 1, "Solo's boxes here are 6x6 (6 rows by 6 columns of cells): this Sudoku has boxes of at least 2x2 "
                  "and at most 25 cells"),
    ("5x6:zk", 1, "boxes here are 5x6"),
    ("2x13:zk", 1, "boxes here are 2x13"),
    ("1x1:a", 1, "boxes here are 1x1"),
    ("4x1:p", 1, "boxes here are 4x1"),
    ("7:zzzzzzzzzz", 1, "boxes here are 7x7"),
    ("2x3:zk", 6, "too long"),
    ("3x2:zi", 7, "truncated: the description covers 35 of the 36 cells"),
    ("2x3:zi7", 7, "number 7 out of range: a given must be from 1 to 6"),
    ("3x3q:zzzc", 4, "unexpected 'q' in Solo's parameters"),
    ("3x3#12345", 4, "random-seed ID"),
    ("3x3:zzzb", 9, "truncated: the description covers 80 of the 81 cells"),
    ("3x3:zzzd", 8, "too long"),
    ("3x3:zzzb10", 9, "number 10 out of range: a given must be from 1 to 9"),
    ("3x3:zzzb0", 9, "a given must be from 1 to 9"),
    ("3x3:zzz!b", 8, "unexpected '!'"),
    ("x3:zzzc", 1, "expected the width"),
    ("3x3:zzz,b", 8, "unexpected ','"),
])
def test_bad_solo_ids_are_input_errors_at_their_column(text, column, words):
    error = error_at(decode_tatham, text)
    assert (error.line, error.column) == (1, column) and words in error.message


# -- puzz.link URLs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [URL, "http://pzv.jp/p.html?sudoku/4/4/g1k23k3g", "p?sudoku/4/4/g1k23k3g",
                                  "sudoku/4/4/g1k23k3g", " https://puzz.link/p?sudoku_edit/4/4/g1k23k3g/\n"])
def test_the_test_script_url_in_every_form(text):
    spec = decode_puzzlink(text, "url")
    assert spec.givens == GIVENS and encode_puzzlink(spec) == URL


def test_sixteen_by_sixteen_numbers_above_fifteen():
    spec = sudoku.parse(("G" + "." * 15) + "." * 240)
    assert encode_puzzlink(spec) == "https://puzz.link/p?sudoku/16/16/-10zzzzzzzzzzzzu"
    assert decode_puzzlink(encode_puzzlink(spec), "url") == spec


@pytest.mark.parametrize("text, column, words", [
    ("sudoku/8/8/z", 8, "a Sudoku of 8 x 8 cannot be played here: puzz.link has Sudoku boxes only for 4 x 4, "
                        "6 x 6 (boxes 2 tall and 3 wide), 9 x 9, 16 x 16 and 25 x 25"),
    ("sudoku/12/12/z", 8, "a Sudoku of 12 x 12 cannot be played here"),
    ("sudoku/6/6/7zg", 12, "number 7 out of range"),
    ("sudoku/4/5/z", 8, "a Sudoku of 4 x 5 cannot be played here"),
    ("sudoku/5/5/z", 8, "5 x 5"),
    ("sudoku/4/4/g1k23k3.", 19, "expected a given from 1 to 4, found '.' (a given without its number)"),
    ("sudoku/4/4/0u", 12, "expected a given from 1 to 4, found 0"),
    ("sudoku/4/4/g1k23k35", 19, "number 5 out of range"),
    ("sudoku/4/4/g1k23k3gg", 20, "too long"),
    ("sudoku/4/4/g1k23k3g!", 20, "too long"),
    ("akari/4/4/g1k23k3g", 1, "expected a puzz.link URL of sudoku, not 'akari'"),
    ("https://puzz.link/p?tents/4/4/g1k23k3g", 21, "not 'tents'"),
    ("sudoku/4/0/z", 10, "the number of rows must be from 1 to 1000, not 0"),
])
def test_bad_urls_are_input_errors_at_their_column(text, column, words):
    error = error_at(decode_puzzlink, text)
    assert (error.line, error.column) == (1, column) and words in error.message


# -- pzprv3 files ----------------------------------------------------------------------------------------------


def test_the_test_script_files_and_the_rules_their_answers_break():
    for rule, text in FILES:
        spec, solution = decode_pzprv3_answer(text, "f")
        assert spec.givens == GIVENS
        assert (check(spec, solution) or [None])[0] == rule
    spec, solution = decode_pzprv3_answer(FILES[-1][1], "f")
    assert solution == SOLVED


def test_a_file_is_written_as_the_editor_saves_it_without_an_answer():
    spec = decode_puzzlink(URL, "url")
    written = encode_pzprv3(spec)
    assert written == "pzprv3\nsudoku\n4\n. 1 . . \n. . . 2 \n3 . . . \n. . 3 . \n" + ". . . . \n" * 4
    assert decode_pzprv3_answer(written, "f") == (spec, spec.givens)  # the givens alone
    assert decode_pzprv3(written.replace("\n", "\r\n"), "f") == spec


def test_answer_notes_are_no_values_and_a_file_may_end_after_the_givens():
    notes = SCRIPT + ".[1,,3,] + - = /% . . . /. . . . /. . . . /"
    givens_only = decode_pzprv3_answer(SCRIPT, "f")[0].givens  # no value entered: the givens alone
    assert decode_pzprv3_answer(notes, "f")[1] == givens_only
    assert decode_pzprv3_answer(SCRIPT, "f")[1] == givens_only
    with_history = FILES[-1][1] + "history:{'type':'pzpr'}/"
    assert decode_pzprv3_answer(with_history, "f")[1] == SOLVED


@pytest.mark.parametrize("text, line, column, words", [
    ("pzprv3/sudoku/8/" + ". " * 8 + "/", 1, None, "a Sudoku of 8 x 8 cannot be played here: puzz.link has Sudoku "
                                                  "boxes only for 4 x 4, 6 x 6"),
    ("pzprv3/sudoku/5/" + ". " * 5 + "/", 1, None, "a Sudoku of 5 x 5 cannot be played here"),
    ("pzprv3/lightup/4/4/", 1, 8, "expected a pzprv3 file of sudoku, not 'lightup'"),
    (SCRIPT.replace("3 . . . /", "3 . - . /"), 1, 39, "found '-' (a given without its number)"),
    (SCRIPT.replace("3 . . . /", "3 . 5 . /"), 1, 39, "a given of a 4 x 4 Sudoku must be from 1 to 4, not 5"),
    (SCRIPT.replace("3 . . . /", "3 . . /"), 1, 41, "expected 4 items in row 3 of 4 of the givens, found 3"),
    (SCRIPT + "2 . 4 3 /4 3 1 . /. 4 2 1 /1 2 . x /", 1, 86, "expected a value of a 4 x 4 Sudoku"),
    (SCRIPT + "2 4 4 3 /4 3 1 . /. 4 2 1 /1 2 . 4 /", 1, 55, "the answer has 4 in a cell given as 1"),
    (SCRIPT + "2 . 4 3 /4 3 1 . /", 1, None, "truncated: the file ends before row 3 of 4 of the answer"),
    (FILES[-1][1] + "1 1 1 1 /", 1, 89, "too long"),
])
def test_bad_files_are_input_errors_naming_the_line(text, line, column, words):
    error = error_at(decode_pzprv3_answer, text)
    assert error.line == line and words in error.message
    if column is not None:
        assert error.column == column


# -- answers as solve prints them ---------------------------------------------------------------------------


def test_every_example_answer_reads_back():
    for name, spec in EXAMPLE_SPECS:
        solution = sudoku.search(spec).first()
        if solution is not None:
            assert read_answer(spec, sudoku.render(spec, solution), name) == solution, name


def test_answers_by_hand():
    spec = decode_puzzlink(URL, "url")
    assert read_answer(spec, "2143\n4312\n3421\n1234\n", "a") == SOLVED
    assert read_answer(spec, "21 43\n43 1.\n34 21\n12 34\n", "a")[1] == (4, 3, 1, 0)
    assert check(spec, read_answer(spec, "2143431.34211234", "a")) == ["row 2, column 4: this cell is empty"]


@pytest.mark.parametrize("text, line, column, words", [
    ("2143\n4312\n3421\n", 3, None, "expected one line per puzzle or 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, "
                                     "24 or 25 grid rows, found 3 lines"),
    ("21435\n43125\n34215\n12345\n12345\n", 5, None, "found 5 lines: a 5 x 5 grid has no boxes of at least 2 x 2 "
                                                  "(5 is a prime)"),
    ("2143\n4312\n3421\n123x\n", 4, 4, "expected a cell"),
    ("2143\n4312\n3421\n12345\n", 4, 5, "expected 4 cells in this row"),
    ("2143\n4312\n3421\n1235\n", 4, 4, "expected values 1 to 4 in a 4 x 4 Sudoku, found 5"),
    ("1" * 81, 1, None, "expected the answer to a 4 x 4 Sudoku, found a 9 x 9 grid"),
])
def test_answers_that_do_not_fit_are_input_errors(text, line, column, words):
    spec = decode_puzzlink(URL, "url")
    with pytest.raises(InputError) as caught:
        read_answer(spec, text, "a")
    assert (caught.value.line, caught.value.column) == (line, column) and words in caught.value.message


# -- the command: solve, convert, check ---------------------------------------------------------------------


def test_solve_takes_ids_urls_and_files(tmp_path, capsys):
    assert main(["solve", "sudoku", URL]) == 0
    assert capsys.readouterr().out.startswith("Solution 1\n2 1 | 4 3\n")
    assert main(["solve", "sudoku", "2x2:a1e2_3e3a", "--unique", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"
    path = tmp_path / "file.pzprv3"
    path.write_text(FILES[-1][1].replace("/", "\n"))
    assert main(["solve", "sudoku", str(path), "--count"]) == 0
    assert "1 solution" in capsys.readouterr().out
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{URL}\n# a comment\n2x2:a1e2_3e3a\n")
    assert main(["solve", "sudoku", str(batch)]) == 0
    assert main(["solve", "sudoku", "2x2#1234"]) == 2
    assert "random-seed ID" in capsys.readouterr().err
    assert main(["solve", "sudoku", "https://puzz.link/p?akari/4/4/g1k23k3g"]) == 2
    assert "expected a puzz.link URL of sudoku, not 'akari'" in capsys.readouterr().err


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3", "text"])
def test_convert_writes_every_format_and_reads_it_back(form, tmp_path, capsys):
    assert main(["convert", "sudoku", "--example", "hardest", "--to", form]) == 0
    written = capsys.readouterr().out
    path = tmp_path / "converted"
    path.write_text(written)
    assert main(["convert", "sudoku", str(path), "--to", "text"]) == 0
    assert capsys.readouterr().out == sudoku.text_of(sudoku.parse((EXAMPLES / "hardest.txt").read_text()))


def mutations(solution, spec, count, seed):
    """``count`` answers with one cell changed to another value, and the cell."""
    rng = random.Random(seed)
    n = spec.n
    for _ in range(count):
        r, c = rng.randrange(n), rng.randrange(n)
        value = rng.choice([v for v in range(1, n + 1) if v != solution[r][c]])
        rows = [list(row) for row in solution]
        rows[r][c] = value
        yield rows, (r, c)


@pytest.mark.parametrize("example", ["hardest", "sixteen", "four"])
def test_check_passes_solutions_and_names_the_rule_and_place_of_a_changed_cell(example, tmp_path, capsys):
    spec = sudoku.parse((EXAMPLES / f"{example}.txt").read_text())
    assert main(["solve", "sudoku", "--example", example]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "sudoku", "--example", example, str(answer)]) == 0
    assert "right: the answer keeps every rule of sudoku" in capsys.readouterr().out
    solution = read_answer(spec, answer.read_text().split("\n", 1)[1].rsplit("\n", 3)[0], "a")
    for rows, (r, c) in mutations(solution, spec, 6, len(example)):
        answer.write_text(sudoku.render(spec, rows))
        assert main(["check", "sudoku", "--example", example, str(answer)]) == 1
        out = capsys.readouterr().out
        first = out.split(": wrong: ", 1)[1]
        place = f"row {r + 1}, column {c + 1}"
        if spec.givens[r][c]:
            assert first.startswith(f"{place}: the given ")
        else:
            assert first.startswith(f"row {r + 1} holds ") and place in first.split(" (and ")[0]
        assert main(["check", "sudoku", "--example", example, str(answer), "--json"]) == 1
        report = json.loads(capsys.readouterr().out)
        assert not report["correct"] and [r + 1, c + 1] in report["broken"][0]["cells"]
        kinds = {rule["rule"].split(" ")[0] for rule in report["broken"]}
        assert {"row", "column", "box"} <= kinds or spec.givens[r][c]


def test_check_reads_pzprv3_answers(tmp_path, capsys):
    for rule, text in FILES:
        path = tmp_path / "answer.pzprv3"
        path.write_text(text)
        assert main(["check", "sudoku", str(path)]) == (0 if rule is None else 1)
        out = capsys.readouterr().out
        assert (rule or "right:") in out
        assert main(["check", "sudoku", URL, str(path), "--json"]) == (0 if rule is None else 1)
        capsys.readouterr()
    assert main(["check", "sudoku", "--example", "four", str(path)]) == 2
    assert "this answer is to another puzzle" in capsys.readouterr().err


# -- fuzzing the decoders ---------------------------------------------------------------------------------------

SEEDS = [encode_tatham(EXAMPLE_SPECS[0][1]), URL, FILES[0][1], FILES[-1][1].replace("/", "\n"), "2x2:a1e2_3e3a",
         encode_puzzlink(sudoku.parse((EXAMPLES / "sixteen.txt").read_text()))]


def mutate(text: str, data) -> str:
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(chars)))
        kind = data.draw(st.sampled_from(["replace", "insert", "delete", "huge"]))
        piece = data.draw(st.sampled_from([*"0123456789abcdefghijklmnopqrstuvwxyz_.-+=%*$/:#,x jkq\n[]", "1" * 30]))
        if kind == "replace" and where < len(chars):
            chars[where] = piece
        elif kind == "insert" or kind == "huge":
            chars.insert(where, piece if kind == "insert" else "9" * 40)
        elif where < len(chars):
            del chars[where]
    return "".join(chars)


@FAST
@given(st.data())
def test_mutated_ids_urls_and_files_decode_or_are_input_errors(data):
    decodes_or_input_error(FORMATS, check, mutate(data.draw(st.sampled_from(SEEDS)), data))


@FAST
@given(st.text(alphabet=st.sampled_from(list("0123456789abgz_.x:/#-\n sudokpzrv")), max_size=60))
def test_random_text_decodes_or_is_an_input_error(text):
    decodes_or_input_error(FORMATS, check, text)
