"""Akari in the shared formats, its answers checked, its puzzles generated.

The formats: Tatham's Light Up game IDs, puzz.link URLs (``akari``, ``lightup``),
pzprv3 files (with the lamps of an answer).  The worked examples of the format
notes decode to the puzzles they describe and encode back byte for byte; every
shipped example round-trips through every format; bad input is an
:class:`InputError` naming its column (fuzzed too).  Answers: what ``backtrack
solve`` prints reads back (``read_answer``) and passes ``backtrack check``, and
one-cell mutations are rejected naming the rule and the cell.  Generating: through
``backtrack generate``, the same seed gives the same puzzles, every ``--unique``
puzzle has one solution by the brute-force counter of test_akari.py (not the
search), ``--to`` writes what decodes back, ``--difficulty`` selects by grade.
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
from backtrack_puzzles import akari
from backtrack_puzzles.akari import FORMATS, PUZZLE, LightUp, check, read_answer, render, text_of
from test_akari import pruned_count, read_grid

#: The worked example of the Tatham notes, and the grid it describes.
TATHAM = "7x7:d11aBf1a0a0kBa1aBf1aB0d"
TATHAM_ROWS = ["....11.", "#......", "1.0.0..", ".......", "..#.1.#", "......1", ".#0...."]
#: The example of pzprjs's test script (lightup.js), its grid, and its solved file.
URL = "https://puzz.link/p?akari/6/6/nekcakbl"
URL_ROWS = ["......", "..4...", "....2.", ".0....", "...1..", "......"]
SOLVED = "pzprv3/lightup/6/6/. . # . . . /. # 4 # . . /. . # . 2 # /+ 0 . . # . /# + . 1 . . /. . . # . . /"
LAMPS = ((0, 2), (1, 1), (1, 3), (2, 2), (2, 5), (3, 4), (4, 0), (5, 3))


def grid(rows: list[str]) -> LightUp:
    return akari.parse("\n".join(rows) + "\n")


def instances() -> list[tuple[str, LightUp]]:
    """Every puzzle of every shipped example file."""
    found = []
    for name, path in sorted(PUZZLE.examples.items()):
        for first, text in akari.split(path.read_text(encoding="utf-8")):
            found.append((f"{name}:{first}", akari.parse(text)))
    return found


# -- the worked examples ------------------------------------------------------------------------


def test_the_worked_tatham_example_decodes_to_its_grid_and_encodes_byte_for_byte():
    spec = FORMATS["tatham"].decode(TATHAM, "<id>")
    assert spec == grid(TATHAM_ROWS)
    assert FORMATS["tatham"].encode(spec) == TATHAM


@pytest.mark.parametrize("url", [URL, "http://pzv.jp/p.html?lightup/6/6/nekcakbl", "akari/6/6/nekcakbl",
                                 "p?lightup/6/6/nekcakbl", "  https://puzz.link/p?akari/6/6/nekcakbl/\n"])
def test_the_puzzlink_example_reads_in_every_form_and_is_written_as_pzprjs_writes_it(url):
    spec = FORMATS["puzzlink"].decode(url, "<url>")
    assert spec == grid(URL_ROWS)
    assert FORMATS["puzzlink"].encode(spec) == URL


def test_the_solved_pzprv3_file_gives_the_puzzle_and_its_lamps():
    multi_line = SOLVED.replace("/", "\n")
    for text in (SOLVED, multi_line, multi_line.replace("\n", "\r\n")):
        spec, lamps = FORMATS["pzprv3"].decode_answer(text, "solved.txt")
        assert spec == grid(URL_ROWS) == FORMATS["pzprv3"].decode(text, "solved.txt")
        assert lamps == LAMPS and check(spec, lamps) == []
    written = FORMATS["pzprv3"].encode(grid(URL_ROWS))
    assert written == ("pzprv3\nlightup\n6\n6\n. . . . . . \n. . 4 . . . \n. . . . 2 . \n. 0 . . . . \n"
                       ". . . 1 . . \n. . . . . . \n")
    assert FORMATS["pzprv3"].decode_answer(written, "x") == (grid(URL_ROWS), ())  # no answer in it: no lamp
    # a file with the numbers marked done (a second block) and a player's "no lamp" marks only
    marked = written + "- . . . . . \n" * 6
    assert FORMATS["pzprv3"].decode_answer(marked.replace(". . 4", ". + 4"), "x") == (grid(URL_ROWS), ())


# -- every shipped example, every format --------------------------------------------------------


@pytest.mark.parametrize("name, spec", instances(), ids=[name for name, _ in instances()])
def test_every_shipped_example_round_trips_through_every_format(name, spec):
    assert akari.parse(text_of(spec)) == spec
    for form, fmt in FORMATS.items():
        assert fmt.decode(fmt.encode(spec), "<encoded>") == spec, form


def test_black_cells_without_a_number_are_the_formats_own_and_survive_every_format():
    spec = grid(["#.1", "..#", "4#."])
    assert FORMATS["tatham"].encode(spec) == "3x3:Ba1bB4Ba"
    assert FORMATS["puzzlink"].encode(spec) == "https://puzz.link/p?akari/3/3/.gb.4.g"
    assert "- . 1 \n. . - \n4 - . \n" in FORMATS["pzprv3"].encode(spec)
    for fmt in FORMATS.values():
        assert fmt.decode(fmt.encode(spec), "x") == spec


# -- bad input: an InputError naming the column ----------------------------------------------------


@pytest.mark.parametrize("form, text, column, words", [
    ("tatham", "7x7#123456", 4, "random-seed ID"),
    ("tatham", "7x7:d11aBf1a0a0kBa1aBf1aB0", 27, "truncated: the description covers 45 of the 49 cells"),
    ("tatham", "7x7:d11aBf1a0a0kBa1aBf1aB0da", 28, "too long"),
    ("tatham", "7x7:d11aBf1a0a0kBa1aBf1aB0e", 27, "too long"),
    ("tatham", "7x7:d51aBf1a0a0kBa1aBf1aB0d", 6, "number 5 out of range"),
    ("tatham", "7x7:d11aCf1a0a0kBa1aBf1aB0d", 9, "unexpected 'C'"),
    ("tatham", "7x7q:d11aBf1a0a0kBa1aBf1aB0d", 4, "in the parameters"),
    ("tatham", "101x7:a", 1, "this board is 101 columns by 7 rows: the largest board accepted is 100 x 100"),
    ("tatham", "0x7:a", 1, "must be from 1"),
    ("tatham", "7x7", 4, "expected ':'"),
    ("puzzlink", "https://puzz.link/p?tents/6/6/nekcakbl", 21, "expected a puzz.link URL of akari, not 'tents'"),
    ("puzzlink", "https://puzz.link/p?akari/6/6/nekcakblz", 39, "too long"),
    ("puzzlink", "https://puzz.link/p?akari/6/6/nekcaFbl", 36, "unexpected 'F'"),
    ("puzzlink", "https://puzz.link/p?akari/6/6/nekcakbz", 38, "too long"),
    ("puzzlink", "https://puzz.link/p?akari/101/6/g", 27, "the largest board accepted is 100 x 100"),
    ("puzzlink", "https://puzz.link/p?akari/6", 28, "truncated"),
    ("puzzlink", "https://puzz.link/p?akari/six/6/nekcakbl", 33, "expected the number of rows"),
])
def test_bad_ids_and_urls_are_input_errors_naming_the_column(form, text, column, words):
    with pytest.raises(InputError) as caught:
        FORMATS[form].decode(text, "<arg>")
    assert words in caught.value.message
    assert caught.value.line == 1 and (column is None or caught.value.column == column), caught.value


@pytest.mark.parametrize("text, line, words", [
    ("pzprv3/tents/6/6/", 1, "expected a pzprv3 file of lightup"),
    ("pzprv3\nlightup\n2\n2\n. 5 \n. . \n", 5, "expected '.' (white)"),
    ("pzprv3\nlightup\n2\n2\n. . \n. \n", 6, "expected 2 items"),
    ("pzprv3\nlightup\n2\n2\n. . \n", 5, "truncated"),
    ("pzprv3\nlightup\n2\n2\n. . \n. . \nx . \n. . \n", 7, "marked done"),
    ("pzprv3\nlightup\n2\n2\n. . \n. . \n- . \n. . \n. . \n", 9, "too long"),
    ("pzprv3\nlightup\n200\n2\n", 3, "the largest board accepted is 100 x 100"),
])
def test_bad_pzprv3_files_are_input_errors_naming_the_line(text, line, words):
    with pytest.raises(InputError) as caught:
        FORMATS["pzprv3"].decode_answer(text, "bad.txt")
    assert words in caught.value.message and caught.value.line == line, caught.value


ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.:/?#x-+ \n"
VALID = {"tatham": [TATHAM, "3x3:Ba1bB4Ba", "2x1:aB"],
         "puzzlink": [URL, "https://puzz.link/p?akari/3/3/.gb.4.g", "p?lightup/2/2/j"],
         "pzprv3": [SOLVED, SOLVED.replace("/", "\n"), FORMATS["pzprv3"].encode(grid(["1#", ".."]))]}


def decodes_or_input_error(form: str, text: str) -> None:
    fmt = FORMATS[form]
    if round_trip_or_input_error(fmt, text) is None:
        return
    if fmt.decode_answer is not None:
        fmt.decode_answer(text, "<fuzz>")


@FAST
@given(st.sampled_from(sorted(VALID)), st.text(ALPHABET, max_size=60))
def test_random_text_decodes_or_is_an_input_error(form, text):
    decodes_or_input_error(form, text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(form, text) for form, texts in sorted(VALID.items()) for text in texts]),
       edits(ALPHABET))
def test_mutated_ids_urls_and_files_decode_or_are_input_errors(case, changes):
    form, text = case
    decodes_or_input_error(form, edited(text, changes))


# -- the command: IDs and URLs where a file goes, convert --------------------------------------------


def test_solve_takes_an_id_a_url_and_a_batch_file_of_them_as_a_file(tmp_path, capsys):
    path = tmp_path / "grid.txt"
    path.write_text("\n".join(TATHAM_ROWS) + "\n")
    assert main(["solve", "akari", str(path), "--unique"]) == 0
    from_file = capsys.readouterr().out
    assert main(["solve", "akari", TATHAM, "--unique"]) == 0
    assert capsys.readouterr().out.split("\n")[:9] == from_file.split("\n")[:9]
    assert main(["solve", "akari", URL, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == 1
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{TATHAM}\n\n{URL}\n")
    assert main(["solve", "akari", str(batch), "--count"]) == 0
    out = capsys.readouterr().out
    assert f"{batch}:1:" in out and f"{batch}:3:" in out
    for bad, words in (("7x7#123", "random-seed ID"), ("https://puzz.link/p?tents/6/6/nekcakbl", "not 'tents'")):
        assert main(["solve", "akari", bad]) == 2
        assert words in capsys.readouterr().err


def test_convert_writes_every_format_and_they_read_back(capsys):
    for to in ("text", "tatham", "puzzlink", "pzprv3"):
        assert main(["convert", "akari", TATHAM, "--to", to]) == 0
        written = capsys.readouterr().out
        spec = akari.parse(written) if to == "text" else FORMATS[to].decode(written, "<out>")
        assert spec == grid(TATHAM_ROWS)
    assert main(["convert", "akari", URL, "--to", "tatham"]) == 0
    assert capsys.readouterr().out == "6x6:h4g2b0g1h\n"


# -- answers: read back and checked -----------------------------------------------------------------


def test_an_answer_reads_back_from_what_render_prints_with_hand_edits():
    spec = akari.parse(PUZZLE.examples["exercise"].read_text())
    lamps = akari.search(spec).first()
    assert read_answer(spec, render(spec, lamps), "a.txt") == lamps
    edited = "\n\n" + render(spec, lamps).replace("*", "_").replace("?", "#") + "  \n\n"  # lit marks don't matter
    assert read_answer(spec, edited, "a.txt") == lamps
    assert read_answer(spec, render(spec, lamps).replace("L", ".", 1), "a.txt") == lamps[1:]


@pytest.mark.parametrize("change, line, column, words", [
    (lambda rows: rows[:-1], 6, 1, "expected 6 rows"),
    (lambda rows: rows + ["******"], 7, 1, "expected 6 rows"),
    (lambda rows: [rows[0] + "*", *rows[1:]], 1, 7, "expected 6 cells"),
    (lambda rows: [rows[0][:-1], *rows[1:]], 1, 6, "expected 6 cells"),
    (lambda rows: [rows[0], "L3L***", *rows[2:]], 2, 2, "the puzzle has the number 4 here, the answer the number 3"),
    (lambda rows: [rows[0], rows[1], "*L*2L*", *rows[3:]], 3, 6, "the puzzle has a black cell without a number"),
    (lambda rows: ["#L****", *rows[1:]], 1, 1, "the puzzle has a white cell here"),
    (lambda rows: ["*L**x*", *rows[1:]], 1, 5, "found 'x'"),
    (lambda rows: [rows[0], "", *rows[1:-1]], 2, 1, "blank line"),
])
def test_an_answer_that_does_not_fit_the_puzzle_is_an_input_error_naming_line_and_column(change, line, column,
                                                                                          words):
    spec = akari.parse(PUZZLE.examples["exercise"].read_text())
    rows = render(spec, akari.search(spec).first()).split("\n")
    with pytest.raises(InputError) as caught:
        read_answer(spec, "\n".join(change(rows)) + "\n", "a.txt")
    assert words in caught.value.message and (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize("name", ["exercise", "small", "medium", "large", "huge"])
def test_each_shipped_examples_solution_passes_check_through_the_command(name, tmp_path, capsys):
    assert main(["solve", "akari", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "akari", "--example", name, str(answer)]) == 0
    assert "right: the answer keeps every rule of akari" in capsys.readouterr().out
    spec = akari.parse(PUZZLE.examples[name].read_text())
    assert check(spec, read_answer(spec, render(spec, akari.search(spec).first()), "x")) == []


@pytest.mark.parametrize("row, column, lamp, first, cells", [
    # a lamp taken away: its cells go dark (the first in reading order is named)
    (6, 6, False, "row 5, column 6: this cell is not lit", [[5, 6]]),
    # a lamp added beside another in its row
    (1, 4, True, "row 1, column 4: this lamp is lit by the lamp at row 1, column 2", [[1, 4], [1, 2]]),
    # a lamp added between a lamp and the 1 below it: it sees two lamps, and the 1 has two
    (3, 1, True, "row 3, column 2: this lamp is lit by the lamp at row 3, column 1", [[3, 2], [3, 1]]),
    # a lamp added next to the 0
    (5, 6, True, "row 6, column 6: this lamp is lit by the lamp at row 5, column 6", [[6, 6], [5, 6]]),
])
def test_one_cell_changed_is_rejected_naming_the_rule_and_the_cell(row, column, lamp, first, cells, tmp_path,
                                                                   capsys):
    spec = akari.parse(PUZZLE.examples["exercise"].read_text())
    lines = render(spec, akari.search(spec).first()).split("\n")
    line = lines[row - 1]
    lines[row - 1] = line[:column - 1] + ("L" if lamp else "*") + line[column:]
    answer = tmp_path / "answer.txt"
    answer.write_text("Solution 1\n" + "\n".join(lines) + "\n")
    assert main(["check", "akari", "--example", "exercise", str(answer)]) == 1
    assert capsys.readouterr().out.startswith(f"{answer}: wrong: {first}")
    assert main(["check", "akari", "--example", "exercise", str(answer), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["correct"] is False and report["broken"][0] == {"rule": first, "cells": cells}
    assert [entry["rule"] for entry in report["broken"]] == check(spec, read_answer(spec, "\n".join(lines), "x"))


def test_a_number_with_too_many_lamps_is_named_with_its_cell(tmp_path, capsys):
    puzzle, answer = tmp_path / "puzzle.txt", tmp_path / "answer.txt"
    puzzle.write_text("...\n.2.\n...\n")
    answer.write_text("*L*\nL2L\n*L*\n")
    assert main(["check", "akari", str(puzzle), str(answer), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["broken"] == [
        {"rule": "row 2, column 2: the number 2 has 4 lamps next to it", "cells": [[2, 2]]}]
    answer.write_text("L**\n*2*\n**L\n")
    assert main(["check", "akari", str(puzzle), str(answer)]) == 1
    assert "wrong: row 2, column 2: the number 2 has 0 lamps next to it" in capsys.readouterr().out
    answer.write_text("*L*\nL2*\n***\n")
    assert main(["check", "akari", str(puzzle), str(answer)]) == 1
    assert "wrong: row 2, column 3: this cell is not lit (and 2 more; --json lists them all)" in capsys.readouterr().out


def test_check_reads_a_pzprv3_answer_alone_or_with_the_puzzle(tmp_path, capsys):
    solved = tmp_path / "solved.pzprv3"
    solved.write_text(SOLVED.replace("/", "\n"))
    assert main(["check", "akari", str(solved)]) == 0
    assert main(["check", "akari", URL, str(solved)]) == 0
    capsys.readouterr()
    wrong = tmp_path / "wrong.pzprv3"
    wrong.write_text(SOLVED.replace("# + . 1", ". + . 1").replace("/", "\n"))  # the lamp at row 5, column 1 gone
    assert main(["check", "akari", str(wrong)]) == 1
    assert "wrong: row 4, column 1: this cell is not lit" in capsys.readouterr().out
    assert main(["check", "akari", TATHAM, str(solved)]) == 2  # an answer to another puzzle
    assert "another puzzle" in capsys.readouterr().err


# -- generating -------------------------------------------------------------------------------------


def generated(capsys, *args: str) -> str:
    return printed(capsys, "generate", "akari", *args)


def test_the_same_seed_gives_the_same_puzzles_and_each_unique_one_has_one_solution_by_brute_force(capsys):
    args = ["-p", "rows=6", "-p", "cols=6", "--seed", "11", "--count", "4"]
    out = generated(capsys, *args)
    assert generated(capsys, *args) == out
    specs = [akari.parse(text) for _, text in akari.split(out)]
    assert len(specs) == 4 and len({text_of(spec) for spec in specs}) == 4
    for spec in specs:
        assert pruned_count(*read_grid(text_of(spec))) == 1  # an independent count, not the search
    assert specs[0] == akari.make(11, True, rows=6, cols=6)


@pytest.mark.parametrize("numbers", ["half", "all"])
def test_easier_settings_keep_more_numbers_and_stay_unique(numbers, capsys):
    fewest = akari.parse(generated(capsys, "-p", "rows=7", "-p", "cols=7", "--seed", "3"))
    more = akari.parse(generated(capsys, "-p", "rows=7", "-p", "cols=7", "--seed", "3", "-p", f"numbers={numbers}"))
    assert set(more.black) == set(fewest.black) and len(more.numbers) >= len(fewest.numbers)
    assert pruned_count(*read_grid(text_of(more))) == 1


def test_any_makes_puzzles_with_a_solution_and_not_always_one(capsys):
    counts = []
    for _, text in akari.split(generated(capsys, "-p", "rows=4", "-p", "cols=4", "--seed", "1", "--count", "6",
                                         "--any", "-p", "density=0.3")):
        rows, cols, black = read_grid(text)
        counts.append(pruned_count(rows, cols, black))
    assert all(count >= 1 for count in counts)


@pytest.mark.parametrize("to", ["tatham", "puzzlink", "pzprv3"])
def test_generate_to_a_format_writes_what_decodes_to_the_same_puzzles(to, capsys):
    args = ["-p", "rows=7", "-p", "cols=9", "--seed", "5", "--count", "2"]
    texts = [text for _, text in akari.split(generated(capsys, *args))]
    out = generated(capsys, *args, "--to", to)
    written = out.strip().split("\n") if to != "pzprv3" else ["pzprv3" + part for part in out.split("pzprv3")[1:]]
    assert [FORMATS[to].decode(text, "<out>") for text in written] == [akari.parse(text) for text in texts]


@pytest.mark.parametrize("grade", ["easy", "tricky", "hard"])
def test_difficulty_selects_puzzles_by_their_grade_on_tathams_scale(capsys, grade):
    # easy, tricky and hard are Light Up's levels: --difficulty grades as 'backtrack grade' does.
    from backtrack.explain import explain

    out = generated(capsys, "-p", "rows=8", "-p", "cols=8", "--seed", "2", "--count", "2", "--difficulty", grade)
    puzzles = akari.split(out)
    assert len(puzzles) == 2
    for _, text in puzzles:
        spec = akari.parse(text)
        assert akari.search(spec).verdict() is Verdict.UNIQUE
        assert explain(akari.reasoner(spec, None)).grade == grade


def test_medium_keeps_grading_how_much_the_search_guesses(capsys):
    # medium is no level of Light Up: it keeps its old meaning, the guesses of the search without probing.
    out = generated(capsys, "-p", "rows=8", "-p", "cols=8", "--seed", "2", "--count", "2", "--difficulty", "medium")
    for _, text in akari.split(out):
        search = akari.search(akari.parse(text), probe="no")
        assert search.verdict() is Verdict.UNIQUE and search.report.difficulty.grade == "medium"


def test_generated_puzzles_of_the_largest_size_for_people_are_unique():
    spec = akari.make(1, True, rows=25, cols=25)
    assert (spec.rows, spec.cols) == (25, 25) and akari.search(spec, probe="no").verdict() is Verdict.UNIQUE


def test_make_is_the_generator_and_refuses_bad_settings():
    assert akari.make(4, True, rows=5, cols=6, numbers="all") == akari.generate(5, 6, 4, numbers="all")
    rng = random.Random(0)
    for _ in range(5):
        seed = rng.randrange(10**6)
        assert akari.make(seed, False, rows=3, cols=4) == akari.make(seed, False, rows=3, cols=4)
    for bad in ({"numbers": "some"}, {"density": 1.0}, {"rows": 0}):
        with pytest.raises(ValueError):
            akari.make(1, True, **bad)
