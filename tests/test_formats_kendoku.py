"""Kendoku as Tatham's Keen game IDs, its answers and ``backtrack check``.

The worked example is the one of /work/shared/formats/tatham-game-ids.md.
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
from format_checks import FAST, input_error, mutated
from backtrack_puzzles import kendoku
from backtrack_puzzles.kendoku import FORMATS, PUZZLE, Cage, Kendoku, check, decode_tatham, encode_tatham, read_answer

EXAMPLES = Path(kendoku.__file__).parent / "examples" / "kendoku"
WORKED = "6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3"
SPECS = {path.stem: kendoku.parse(path.read_text()) for path in sorted(EXAMPLES.iterdir())}


def error_at(text: str) -> InputError:
    return input_error(decode_tatham, text, "id")


def test_the_worked_example_is_the_puzzle_the_notes_describe_and_encodes_byte_for_byte():
    spec = decode_tatham(WORKED, "id")
    assert spec.n == 6 and len(spec.cages) == 17
    first = [(set(cage.cells), cage.operation, cage.target) for cage in spec.cages[:5]]
    assert first == [({(0, 0), (0, 1)}, "-", 4), ({(0, 2), (0, 3)}, "/", 2), ({(0, 4), (0, 5)}, "/", 2),
                     ({(1, 0), (1, 1)}, "*", 6), ({(1, 2), (2, 2)}, "+", 6)]
    by_cell = {min(cage.cells): cage for cage in spec.cages}
    assert (set(by_cell[2, 0].cells), by_cell[2, 0].operation, by_cell[2, 0].target) == ({(2, 0), (3, 0)}, "-", 3)
    assert (set(by_cell[4, 0].cells), by_cell[4, 0].operation, by_cell[4, 0].target) == ({(4, 0), (5, 0)}, "+", 7)
    assert encode_tatham(spec) == WORKED
    assert kendoku.search(spec).verdict().value == "unique"


@pytest.mark.parametrize("name", list(SPECS))
def test_every_example_goes_to_keen_and_back(name):
    spec = SPECS[name]
    written = encode_tatham(spec)
    assert decode_tatham(written, "id") == spec and encode_tatham(decode_tatham(written, "id")) == written
    assert kendoku.text_of(decode_tatham(written, "id")) == kendoku.text_of(spec)  # named in the same order


def test_equal_puzzles_whatever_the_names_of_their_cages():
    spec = SPECS["four"]
    renamed = Kendoku(4, [Cage(name, cage.cells, cage.target, cage.operation)
                          for name, cage in zip("ZYXWVUTS", spec.cages, strict=False)])
    assert renamed == spec and hash(renamed) == hash(spec)
    assert Kendoku(4, [*spec.cages[:-1], Cage("H", spec.cages[-1].cells, 7, "+")]) != spec


@pytest.mark.parametrize("params", ["6", "6de", "6dn", "6dum", "6m", "6dx"])
def test_difficulty_and_the_multiplication_flag_change_nothing(params):
    assert decode_tatham(params + WORKED[1:], "id") == decode_tatham(WORKED, "id")


def test_single_cells_read_with_a_or_m_and_are_written_with_a():
    # 3 x 3: the top row one cage, every other cell alone.
    walls = [False, False, True, True, True, True] + [True] * 6  # vertical edges, then horizontal ones
    from backtrack.formats import encode_tatham_gaps
    blocks = encode_tatham_gaps(walls, repeats=True)
    spec = decode_tatham(f"3:{blocks},a6m2a3a1m3a1a2", "id")
    assert [len(cage.cells) for cage in spec.cages] == [3, 1, 1, 1, 1, 1, 1]
    assert {cage.operation for cage in spec.cages[1:]} == {""}
    assert encode_tatham(spec) == f"3:{blocks},a6a2a3a1a3a1a2"
    assert kendoku.search(spec).first() == ((1, 2, 3), (2, 3, 1), (3, 1, 2))


@pytest.mark.parametrize("text, column, words", [
    ("2:_3,a1a2a3a4", 1, "Keen's grids are 3 x 3 to 9 x 9, not 2 x 2"),
    ("10:_,a1", 1, "not 10 x 10"),
    ("6x6:aab", 2, "one size"),
    ("6dq:aab", 3, "expected a difficulty"),
    ("6mm:aab", 3, "unexpected 'm'"),
    ("6#12345", 2, "random-seed ID"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_", 29, "expected the cage walls, ',' and the clues"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4,d2", 32, "too long: expected BLOCKS,CLUES"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa,s4", 28, "truncated"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa__,s4", 29, "too long"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa!,s4", 28, "unexpected '!'"),
    ("6:aab_0a_a_aa_b_aa_abaa_aa_,s4", 7, "the repeat count of '_' must be at least 1"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,x4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3", 30, "expected an operation a, m, s or d"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4dd2m6a6s2s1a7s3m24m12a8s1m6a7m12d3", 33, "expected the target after 'd'"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12", 65, "truncated: expected 17 clues"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3a1", 67, "too long"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3s24m12a8s1m6a7m12d3", 48,
     "a 's' clue needs a cage of 2 cells, this one has 3"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6s6s2s1a7s3m24m12a8s1m6a7m12d3", 39, "must be from 1 to 5, not 6"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s6d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3", 31, "must be from 1 to 5, not 6"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s0d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d3", 31, "not 0"),
    ("6:aab_19a_a_aa_b_aa_abaa_aa_,s4d2d2m6a6s2s1a7s3m24m12a8s1m6a7m12d" + "9" * 40, 66, "too many digits"),
    ("9:_145," + "a1" * 81, 3, "these walls make 81 cages: at most 52"),
])
def test_bad_keen_ids_are_input_errors_at_their_column(text, column, words):
    error = error_at(text)
    assert (error.line, error.column) == (1, column) and words in error.message


def test_a_grid_keen_cannot_play_is_not_written():
    with pytest.raises(ValueError, match="Keen's grids are 3 x 3 to 9 x 9, not 2 x 2"):
        encode_tatham(kendoku.parse("AB\nAC\nA 1-\nB 2\nC 1\n"))


def test_the_descriptor_names_its_format_text_and_answers():
    assert set(PUZZLE.formats) == {"tatham"} and PUZZLE.text is kendoku.text_of and PUZZLE.read_answer is read_answer


# -- answers --------------------------------------------------------------------------------------------------


def test_every_example_answer_reads_back():
    for name, spec in SPECS.items():
        solution = kendoku.search(spec).first()
        assert read_answer(spec, kendoku.render(spec, solution), name) == solution


@pytest.mark.parametrize("text, line, column, words", [
    ("1 2 3 4\n2 1 4 3\n3 4 1 2\n", 3, None, "expected 4 rows of 4 digits, found 3"),
    ("1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 1\n1 2 3 4\n", 5, None, "found more rows"),
    ("1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2\n", 4, 6, "expected 4 digits in this row, found 3"),
    ("1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 x\n", 4, 7, "expected a digit from 1 to 4 (or . for an empty cell), found 'x'"),
    ("1 2 3 4\n2 1 4 3\n3 4 1 2\n4 3 2 5\n", 4, 7, "found '5'"),
])
def test_answers_that_do_not_fit_are_input_errors(text, line, column, words):
    with pytest.raises(InputError) as caught:
        read_answer(SPECS["four"], text, "a")
    assert (caught.value.line, caught.value.column) == (line, column) and words in caught.value.message


def test_answers_by_hand_with_empty_cells():
    spec = SPECS["four"]
    solution = kendoku.search(spec).first()
    text = "\n".join("".join(map(str, row)) for row in solution)
    assert read_answer(spec, text, "a") == solution
    holed = read_answer(spec, "." + text[1:], "a")
    assert check(spec, holed) == ["row 1, column 1: this cell is empty"]


# -- the command ---------------------------------------------------------------------------------------------


def test_solve_and_convert_take_keen_ids(tmp_path, capsys):
    assert main(["solve", "kendoku", WORKED, "--unique", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"
    assert main(["convert", "kendoku", "--example", "nine-hard", "--to", "tatham"]) == 0
    written = capsys.readouterr().out
    assert written == encode_tatham(SPECS["nine-hard"]) + "\n"
    path = tmp_path / "ids.txt"
    path.write_text(written + WORKED + "\n")
    assert main(["solve", "kendoku", str(path), "--count"]) == 0
    assert main(["convert", "kendoku", WORKED, "--to", "puzzlink"]) == 2
    assert "cannot be written as one of the puzz.link URLs" in capsys.readouterr().err
    assert main(["solve", "kendoku", "https://puzz.link/p?sudoku/4/4/g1k23k3g"]) == 2
    assert "does not read those" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["four", "six", "nine-hard"])
def test_check_passes_solutions_and_names_the_rule_and_place_of_a_changed_cell(name, tmp_path, capsys):
    spec = SPECS[name]
    assert main(["solve", "kendoku", "--example", name]) == 0
    answer = tmp_path / "answer.txt"
    answer.write_text(capsys.readouterr().out)
    assert main(["check", "kendoku", "--example", name, str(answer)]) == 0
    solution = kendoku.search(spec).first()
    rng = random.Random(name)
    for _ in range(6):
        r, c = rng.randrange(spec.n), rng.randrange(spec.n)
        rows = [list(row) for row in solution]
        rows[r][c] = rng.choice([v for v in range(1, spec.n + 1) if v != solution[r][c]])
        answer.write_text(kendoku.render(spec, rows) + "\n")
        assert main(["check", "kendoku", "--example", name, str(answer)]) == 1
        first = capsys.readouterr().out.split(": wrong: ", 1)[1]
        assert first.startswith(f"row {r + 1} holds {rows[r][c]} twice: at ")
        assert f"row {r + 1}, column {c + 1}" in first.split(" (and ")[0]
        assert main(["check", "kendoku", "--example", name, str(answer), "--json"]) == 1
        broken = json.loads(capsys.readouterr().out)["broken"]
        assert [r + 1, c + 1] in broken[0]["cells"] and [r + 1, c + 1] in broken[1]["cells"]  # its row, its column
        cage = next(cage for cage in spec.cages if (r, c) in cage.cells)
        cages = [rule for rule in broken if rule["rule"].startswith(f"cage {cage.name} (")]
        assert len(cages) <= 1  # a changed digit may still reach the target of its cage
        if cages:
            assert sorted(map(tuple, cages[0]["cells"])) == sorted((a + 1, b + 1) for a, b in cage.cells)


# -- fuzzing the decoder ---------------------------------------------------------------------------------------

SEEDS = [WORKED, *(encode_tatham(spec) for spec in SPECS.values())]


def decodes_or_input_error(text: str) -> None:
    try:
        spec = FORMATS["tatham"].decode(text, "fuzz")
    except InputError as error:
        assert error.source == "fuzz" and error.line is not None
        return
    assert decode_tatham(encode_tatham(spec), "x") == spec


@FAST
@given(st.data())
def test_mutated_ids_decode_or_are_input_errors(data):
    decodes_or_input_error(mutated(data, SEEDS, [*"0123456789amsdyz_,:#x!", "9" * 30, ""]))


@FAST
@given(st.text(alphabet=st.sampled_from(list("0123456789abmsdyz_,:#x ")), max_size=60))
def test_random_text_decodes_or_is_an_input_error(text):
    decodes_or_input_error(text)
