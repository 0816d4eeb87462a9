"""Sudoku with rectangular boxes: the model, the text form, the checker, Solo IDs, puzz.link, the generator.

Counts and uniqueness are checked against the tests' own Sudoku solver
(:func:`sudoku_oracle.exact_cover`, Algorithm X: it shares nothing with the
plugin's search), and against the known number of 6 x 6 Sudoku grids with boxes of
2 x 3: 28,200,960.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import sudoku
from backtrack_puzzles.sudoku import (
    DEFAULT_BOX, SHAPES, SIZES, Sudoku, check, decode_puzzlink, decode_pzprv3, decode_tatham, encode_puzzlink,
    encode_pzprv3, encode_tatham, parse, read_answer, render, split, text_of,
)
from sudoku_oracle import exact_cover

EXAMPLES = Path(sudoku.__file__).parent / "examples" / "sudoku"
#: Every box shape of every size, as (size, rows, columns).
EVERY_SHAPE = [(n, rows, columns) for n, shapes in SHAPES.items() for rows, columns in shapes]
#: The solution of the six-tall-boxes example (boxes 3 rows tall, 2 columns wide).
TALL_SOLUTION = ((6, 1, 2, 5, 3, 4), (3, 4, 1, 6, 5, 2), (5, 2, 4, 3, 6, 1),
                 (1, 5, 3, 2, 4, 6), (2, 3, 6, 4, 1, 5), (4, 6, 5, 1, 2, 3))
#: A Latin square whose rows and columns are right and whose boxes (any shape) are not.
CYCLIC = tuple(tuple((r + c) % 6 + 1 for c in range(6)) for r in range(6))


def grid_of(rows: list[str]) -> tuple[tuple[int, ...], ...]:
    """Rows written as characters (``.`` empty, ``A``-``P`` 10-25) as rows of values."""
    return tuple(tuple(0 if char == "." else sudoku.SYMBOLS.index(char) + 1 for char in row) for row in rows)


def example(name: str) -> Sudoku:
    return parse((EXAMPLES / f"{name}.txt").read_text(), name)


# -- the independent solver --------------------------------------------------------------------------------


def test_the_independent_solver_counts_the_288_grids_of_4x4_and_knows_the_boxes():
    assert len(exact_cover([[0] * 4] * 4, (2, 2))) == 288
    # a grid right for boxes 3 tall is wrong for boxes 3 wide
    assert exact_cover(TALL_SOLUTION, (3, 2)) == [TALL_SOLUTION] and exact_cover(TALL_SOLUTION, (2, 3)) == []


# -- 1. the model ------------------------------------------------------------------------------------------


def test_the_default_shape_of_every_size():
    assert DEFAULT_BOX == {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 14: (2, 7), 15: (3, 5),
                           16: (4, 4), 18: (3, 6), 20: (4, 5), 21: (3, 7), 22: (2, 11), 24: (4, 6), 25: (5, 5)}
    assert SIZES == (4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25)
    assert SHAPES[12] == ((2, 6), (3, 4), (4, 3), (6, 2)) and SHAPES[25] == ((5, 5),)
    for n in SIZES:
        spec = Sudoku([[0] * n] * n)
        assert (spec.box_rows, spec.box_cols) == DEFAULT_BOX[n]
        assert not hasattr(spec, "box")


@pytest.mark.parametrize("n", [5, 7, 11, 13, 17, 19, 23])
def test_a_prime_size_has_no_boxes(n):
    with pytest.raises(ValueError, match=f"a {n} x {n} grid has no boxes of at least 2 x 2 \\({n} is a prime\\)"):
        Sudoku([[0] * n] * n)


@pytest.mark.parametrize("n, box, words", [
    (6, (2, 2), "boxes of 2x2 cells do not tile a 6 x 6 grid (its boxes may be 2x3 or 3x2)"),
    (6, (1, 6), "boxes of 1x6"), (12, (12, 1), "its boxes may be 2x6, 3x4, 4x3 or 6x2"),
    (26, None, "the grid must be 4, 6, 8"), (3, None, "the grid must be"),
])
def test_a_shape_that_does_not_tile_the_grid_is_refused(n, box, words):
    with pytest.raises(ValueError) as caught:
        Sudoku([[0] * n] * n, box)
    assert words in str(caught.value)


def test_the_shape_is_part_of_the_puzzle():
    wide, tall = Sudoku([[0] * 6] * 6), Sudoku([[0] * 6] * 6, (3, 2))
    assert (wide.box_rows, wide.box_cols, tall.box_rows, tall.box_cols) == (2, 3, 3, 2)
    assert wide != tall and len({wide, tall, Sudoku([[0] * 6] * 6, (2, 3))}) == 2
    assert wide == Sudoku([[0] * 6] * 6, (2, 3)) and hash(wide) == hash(Sudoku([[0] * 6] * 6, (2, 3)))
    assert repr(tall) == f"Sudoku({'.' * 36!r}, box=(3, 2))" and repr(wide) == f"Sudoku({'.' * 36!r})"
    assert wide.boxes()[:2] == [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11]]
    assert tall.boxes()[:2] == [[0, 1, 6, 7, 12, 13], [2, 3, 8, 9, 14, 15]]
    assert len(tall.boxes()) == 6 and sorted(cell for box in tall.boxes() for cell in box) == list(range(36))


# -- 7. independent facts for the search ----------------------------------------------------------------------


def test_the_6x6_completions_of_a_first_row_and_box_agree_with_the_known_number_of_grids():
    # 28,200,960 grids with boxes of 2 x 3.  Relabelling the values fixes the first row (720 ways); the rest
    # of the first box is then 4, 5, 6 in one of 6 orders, each as often as the others (exchange two of the
    # columns 4-6 together with their values): so 28,200,960 / 720 / 6 = 6,528 completions.
    givens = [[1, 2, 3, 4, 5, 6], [4, 5, 6, 0, 0, 0]] + [[0] * 6 for _ in range(4)]
    spec = Sudoku(givens)
    solutions = list(sudoku.search(spec).solutions())
    assert len(solutions) == len(exact_cover(givens, (2, 3))) == 6528 and 720 * 6 * len(solutions) == 28_200_960
    assert set(solutions) == set(exact_cover(givens, (2, 3)))
    assert all(check(spec, solution) == [] for solution in solutions[::97])


def test_the_counts_of_3x2_boxes_agree_with_the_independent_solver_and_with_the_transposed_grids():
    givens = [[1, 2, 3, 4, 5, 6], [3, 4, 0, 0, 0, 0], [5, 6, 0, 0, 0, 0]] + [[0] * 6 for _ in range(3)]
    assert sudoku.search(Sudoku(givens, (3, 2))).count() == len(exact_cover(givens, (3, 2))) == 1008
    # Transposed, a grid of boxes 2 x 3 is one of boxes 3 x 2: so there are 28,200,960 of these too.  With the
    # first row 1-6, the other 4 cells of the first box take 3, 4, 5, 6 in any of 24 orders (not all as often).
    total = 0
    for order in itertools.permutations([3, 4, 5, 6]):
        givens = [[1, 2, 3, 4, 5, 6], [*order[:2], 0, 0, 0, 0], [*order[2:], 0, 0, 0, 0]] + [[0] * 6] * 3
        total += sudoku.search(Sudoku(givens, (3, 2))).count()
    assert 720 * total == 28_200_960
    rng = random.Random(6)
    for _ in range(30):
        tall, wide = rng.choice([(2, 3), (3, 2)])
        solved = sudoku.solved_grid((tall, wide), rng)
        givens = [[value if rng.random() < 0.3 else 0 for value in row] for row in solved]
        spec = Sudoku(givens, (tall, wide))
        found = list(sudoku.search(spec).solutions(limit=200))
        assert len(found) == len(exact_cover(givens, (tall, wide), limit=200))
        assert all(check(spec, solution) == [] for solution in found)


@pytest.mark.parametrize("n, tall, wide", EVERY_SHAPE)
def test_the_solved_grid_of_every_shape_keeps_the_rules(n, tall, wide):
    grid = sudoku.solved_grid((tall, wide), random.Random(n * 100 + tall))
    assert check(Sudoku([[0] * n] * n, (tall, wide)), grid) == []


# -- 2. the text form ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_a_line_of_n_times_n_cells_is_a_grid_of_the_default_shape(n):
    spec = parse("." * (n * n - 1) + sudoku.SYMBOLS[n - 1])
    assert spec.n == n and (spec.box_rows, spec.box_cols) == DEFAULT_BOX[n] and spec.givens[-1][-1] == n
    assert parse("# a comment\n" + spec.line()) == spec


@pytest.mark.parametrize("n, tall, wide", EVERY_SHAPE)
def test_every_shape_reads_back_from_its_text_its_answer_and_its_solo_id(n, tall, wide):
    spec = sudoku.generate((tall, wide), seed=n + tall, unique=False)
    written = text_of(spec)
    assert written.startswith("boxes: ") == ((tall, wide) != DEFAULT_BOX[n])
    assert parse(written) == spec and parse(written.replace("\n", "  # note\n")) == spec
    solved = sudoku.solved_grid((tall, wide), random.Random(n))
    assert read_answer(spec, render(spec, solved)) == tuple(map(tuple, solved))
    assert encode_tatham(spec).startswith(f"{tall}x{wide}:") and decode_tatham(encode_tatham(spec), "id") == spec


def test_a_boxes_line_sets_the_shape_of_a_grid():
    rows = ["6 . | . 5 | . .", ". 4 | . . | 5 .", ". . | . . | . 1", "----+-----+----",
            ". . | 3 . | . .", ". 3 | 6 4 | . .", ". . | . . | 2 ."]
    tall = parse("boxes: 3x2\n" + "\n".join(rows))
    assert tall == example("six-tall-boxes") and (tall.box_rows, tall.box_cols) == (3, 2)
    assert parse("# comment\n\n  Boxes :3 X 2  # tall\n" + "\n".join(rows)) == tall
    assert parse("boxes: 3x2\n" + tall.line()) == tall
    assert parse("\n".join(rows)) == Sudoku(tall.givens)  # without it, the default 2 x 3
    assert sudoku.search(Sudoku(tall.givens)).count() == 0  # whose rules these givens cannot keep
    assert parse("boxes: 4x2\n" + "." * 64).box_rows == 4 and parse("boxes: 2x12\n" + "." * 576).box_cols == 12


def test_a_batch_file_may_start_with_the_boxes_line(tmp_path, capsys):
    lines = [text_of(sudoku.generate((3, 2), seed)).splitlines()[1] for seed in range(3)]
    text = "# three 6 x 6 puzzles, boxes 3 tall\nboxes: 3x2\n" + "\n".join(lines) + "\n"
    parts = split(text)
    assert [number for number, _ in parts] == [3, 4, 5]
    assert [parse(part) for _, part in parts] == [Sudoku(parse(line).givens, (3, 2)) for line in lines]
    path = tmp_path / "tall.txt"
    path.write_text(text)
    assert main(["solve", "sudoku", str(path), "--unique"]) == 0
    out = capsys.readouterr().out
    assert f"{path}:3: unique" in out and "3 puzzles: 3 solved" in out and "----+-----+----" in out
    # a later boxes: line sets the boxes of the puzzles after it: what generate writes reads back as a batch
    assert main(["generate", "sudoku", "-p", "boxes=3x2", "--seed", "4", "--count", "3"]) == 0
    made = capsys.readouterr().out
    assert made.count("boxes: 3x2\n") == 3
    mixed = made + "\nboxes: 2x3\n" + lines[0] + "\n"
    specs = [parse(part) for _, part in split(mixed)]
    assert [(spec.box_rows, spec.box_cols) for spec in specs] == [(3, 2)] * 3 + [(2, 3)]


def test_a_bad_puzzle_of_a_batch_with_a_boxes_line_is_named_at_its_own_line(tmp_path, capsys):
    good = text_of(sudoku.generate((3, 2), 1)).splitlines()[1]
    path = tmp_path / "batch.txt"
    path.write_text(f"boxes: 3x2\n{good}\n{good[:20]}7{good[21:]}\n{good}\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:3:21: expected values 1 to 6 in a 6 x 6 Sudoku, found 7" in capsys.readouterr().err
    path.write_text(f"boxes: 3x3\n{good}\n{good}\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert (f"{path}:2: expected boxes of 2x3 or 3x2 for a 6 x 6 grid (rows times columns of a box make 6), "
            "found boxes: 3x3") in capsys.readouterr().err
    path.write_text(f"boxes: 3y2\n{good}\n{good}\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:1:9: expected 'boxes: RxC'" in capsys.readouterr().err


@pytest.mark.parametrize("text, line, column, words", [
    ("boxes: 3x3\n" + "." * 36, 1, 8, "expected boxes of 2x3 or 3x2 for a 6 x 6 grid (rows times columns of a box "
                                      "make 6), found boxes: 3x3"),
    ("boxes: 2x4\n" + "......\n" * 6, 1, 8, "expected boxes of 2x3 or 3x2 for a 6 x 6 grid"),
    ("# c\nboxes:  4x4\n" + "." * 81, 2, 9, "expected boxes of 3x3 for a 9 x 9 grid"),
    ("." * 36 + "\nboxes: 3x3", 1, None, "expected boxes of 2x3 or 3x2 for a 6 x 6 grid"),
    ("boxes 3x2\n" + "." * 36, 1, 7, "expected 'boxes: RxC' (each box R cells tall and C cells wide, as in "
                                     "'boxes: 3x2'), found '3x2' after 'boxes'"),
    ("boxes: x2\n" + "." * 36, 1, 8, "found 'x2' where R goes"),
    ("boxes: 3*2\n" + "." * 36, 1, 9, "found '*2' after R"),
    ("boxes: 3x\n" + "." * 36, 1, 10, "found the end of the line where C goes"),
    ("boxes: 3x2x1\n" + "." * 36, 1, 11, "found 'x1' after C"),
    ("boxes: 1x6\n" + "." * 36, 1, 8, "expected the rows of a box, a whole number from 2 to 12, found '1'"),
    ("boxes: 2x13\n" + "." * 36, 1, 10, "expected the columns of a box, a whole number from 2 to 12, found '13'"),
    ("boxes: 5x6\n" + "." * 36, 1, 8, "boxes of 5x6 make a 30 x 30 grid: expected at most 25 cells in a box"),
    ("boxes: 3x" + "9" * 5000 + "\n" + "." * 36, 1, 10, "(5,000 characters)"),
    ("boxes: 3x2\n", 1, None, "expected a Sudoku after the boxes: line"),
    ("boxes: 3x2\n" + "......\n" * 3 + "boxes: 3x2\n" + "......\n" * 3, 5, 1,
     "expected one boxes: line, before the cells, found another here"),
    ("boxes: 3x2\nboxes: 3x2\n" + "." * 36, 2, 1, "found another here"),
    ("boxes: 3x2\n" + "......\n" * 7, 8, None, "found 7 lines: a 7 x 7 grid has no boxes of at least 2 x 2"),
    ("......\n" * 5 + ".....\n", 6, None, "expected 6 cells in this row"),
    ("." * 49, 1, None, "expected a one-line Sudoku of 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, "
                        "576 or 625 cells, found 49"),
])
def test_errors_of_shapes_name_the_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as caught:
        parse(text, "boxes.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message and len(caught.value.message) < 300


# -- 3. render, read_answer, check ----------------------------------------------------------------------------


def test_render_puts_the_borders_where_the_shape_says():
    wide, tall = Sudoku([[0] * 6] * 6), example("six-tall-boxes")
    assert render(wide, CYCLIC).splitlines()[:3] == ["1 2 3 | 4 5 6", "2 3 4 | 5 6 1", "------+------"]
    assert render(tall, TALL_SOLUTION) == (
        "6 1 | 2 5 | 3 4\n3 4 | 1 6 | 5 2\n5 2 | 4 3 | 6 1\n----+-----+----\n"
        "1 5 | 3 2 | 4 6\n2 3 | 6 4 | 1 5\n4 6 | 5 1 | 2 3")
    assert read_answer(tall, render(tall, TALL_SOLUTION)) == TALL_SOLUTION
    twelve = example("twelve")
    lines = render(twelve, sudoku.search(twelve).first()).splitlines()
    assert len(lines) == 15 and lines[3] == "--------+---------+--------" and lines[0].count("|") == 2


def test_the_checker_names_the_boxes_of_the_shape():
    wide, tall = Sudoku([[0] * 6] * 6), Sudoku([[0] * 6] * 6, (3, 2))
    assert check(tall, TALL_SOLUTION) == []
    assert check(wide, TALL_SOLUTION) == [
        "box 1 (rows 1-2, columns 1-3) holds 1 twice: at row 1, column 2 and row 2, column 3",
        "box 2 (rows 1-2, columns 4-6) holds 5 twice: at row 1, column 4 and row 2, column 5",
        "box 3 (rows 3-4, columns 1-3) holds 5 twice: at row 3, column 1 and row 4, column 2",
        "box 4 (rows 3-4, columns 4-6) holds 6 twice: at row 3, column 5 and row 4, column 6",
        "box 5 (rows 5-6, columns 1-3) holds 6 twice: at row 5, column 3 and row 6, column 2",
        "box 6 (rows 5-6, columns 4-6) holds 1 twice: at row 5, column 5 and row 6, column 4"]
    broken = check(tall, CYCLIC)  # 1 2 / 2 3 / 3 4 in the first box: 2 and 3 twice, and so on in every box
    assert broken[:2] == ["box 1 (rows 1-3, columns 1-2) holds 2 twice: at row 1, column 2 and row 2, column 1",
                          "box 1 (rows 1-3, columns 1-2) holds 3 twice: at row 2, column 2 and row 3, column 1"]
    assert len(broken) == 12 and broken[2].startswith("box 2 (rows 1-3, columns 3-4) holds ")
    assert all(rule.startswith("box ") for rule in check(wide, CYCLIC))
    rows = [list(row) for row in sudoku.solved_grid((3, 4), random.Random(1))]
    rows[4][1], rows[4][6] = rows[4][6], rows[4][1]  # two values of row 5 swapped: columns 2 and 7, boxes 4 and 5
    rules = check(Sudoku([[0] * 12] * 12), rows)
    assert any(rule.startswith("box 4 (rows 4-6, columns 1-4) holds ") for rule in rules)
    assert any(rule.startswith("box 5 (rows 4-6, columns 5-8) holds ") for rule in rules)
    assert [rule.split(" ")[0] for rule in rules] == ["column", "column", "box", "box"]


def test_solve_count_and_check_through_the_command(tmp_path, capsys):
    assert main(["solve", "sudoku", str(EXAMPLES / "six.txt"), "--count"]) == 0
    assert "1 solution (search complete)" in capsys.readouterr().out
    assert main(["solve", "sudoku", str(EXAMPLES / "six-tall-boxes.txt"), "--count"]) == 0
    assert "1 solution (search complete)" in capsys.readouterr().out
    # the answer to the tall boxes, checked against the same givens with the default boxes 2 x 3
    puzzle = tmp_path / "wide.txt"
    puzzle.write_text("".join(line + "\n" for line in (EXAMPLES / "six-tall-boxes.txt").read_text().splitlines()
                              if not line.startswith("boxes:")))
    answer = tmp_path / "answer.txt"
    answer.write_text(render(example("six-tall-boxes"), TALL_SOLUTION) + "\n")
    assert main(["check", "sudoku", str(EXAMPLES / "six-tall-boxes.txt"), str(answer)]) == 0
    assert "right: the answer keeps every rule of sudoku" in capsys.readouterr().out
    assert main(["check", "sudoku", str(puzzle), str(answer)]) == 1
    out = capsys.readouterr().out
    assert ("wrong: box 1 (rows 1-2, columns 1-3) holds 1 twice: at row 1, column 2 and row 2, column 3 "
            "(and 5 more") in out
    assert main(["check", "sudoku", str(puzzle), str(answer), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["broken"][0]["cells"] == [[1, 2], [2, 3]] and len(report["broken"]) == 6


# -- 4. Solo game IDs ----------------------------------------------------------------------------------------


def test_a_hand_written_2x3_id():
    # six.txt in reading order: 5, 1 blank (a), 6, 4 blanks (d), 2, d, then row 3: 4 a 2, 2 blanks (b), 3,
    # row 4 blank and 3 of row 5 (9 blanks: i), 1 a 4, then b 3 and the last 3 blanks (c).
    spec = decode_tatham("2x3:5a6d2d4a2b3i1a4b3c", "id")
    assert spec.givens == grid_of(["5.6...", ".2....", "4.2..3", "......", "...1.4", "..3..."])
    assert (spec.box_rows, spec.box_cols) == (2, 3) and spec == example("six")
    assert encode_tatham(spec) == "2x3:5a6d2d4a2b3i1a4b3c"


def test_a_hand_written_3x4_id():
    # 1 and 12 side by side (a '_' between), 33 blanks (z 26 + g 7), 11 at the end of row 3, 107 blanks
    # (4 z + c), 5 in the last cell.
    spec = decode_tatham("3x4:1_12zg11zzzzc5", "id")
    expected = ["1C" + "." * 10, "." * 12, "." * 11 + "B"] + ["." * 12] * 8 + ["." * 11 + "5"]
    assert spec.givens == grid_of(expected) and (spec.n, spec.box_rows, spec.box_cols) == (12, 3, 4)
    assert encode_tatham(spec) == "3x4:1_12zg11zzzzc5"


def test_a_3x2_id_has_boxes_3_tall_and_2_wide():
    spec = decode_tatham("3x2:6b5c4b5f1b3d3_6_4f2a", "id")
    assert spec == example("six-tall-boxes") and (spec.box_rows, spec.box_cols) == (3, 2)
    assert check(spec, TALL_SOLUTION) == []
    assert decode_tatham("2x3:6b5c4b5f1b3d3_6_4f2a", "id").box_rows == 2
    assert decode_tatham("4x2:zzl", "id").box_rows == 4
    assert decode_tatham("2x12dbr2:" + "z" * 22 + "d", "id").box_cols == 12  # 576 cells; difficulty, symmetry


@pytest.mark.parametrize("n, tall, wide", [(n, r, c) for n, r, c in EVERY_SHAPE if n <= 12])
def test_generated_puzzles_of_every_small_shape_go_through_solo_ids(n, tall, wide):
    spec = sudoku.generate((tall, wide), seed=3)
    written = encode_tatham(spec)
    assert decode_tatham(written, "id") == spec and encode_tatham(decode_tatham(written, "id")) == written


# -- 5. puzz.link and pzprv3 ---------------------------------------------------------------------------------


def test_a_hand_written_6x6_url():
    # pzprjs's number coding: a digit is a given, g-z are 1-20 blanks: 5 g 6 j (4) 2 j 4 g 2 h (2) 3 o (9) ...
    url = "https://puzz.link/p?sudoku/6/6/5g6j2j4g2h3o1g4h3i"
    spec = decode_puzzlink(url, "url")
    assert spec.givens == grid_of(["5.6...", ".2....", "4.2..3", "......", "...1.4", "..3..."])
    assert (spec.box_rows, spec.box_cols) == (2, 3) and spec == example("six")
    assert encode_puzzlink(spec) == url


def test_a_6x6_pzprv3_file_has_boxes_2_tall_and_3_wide():
    spec = example("six")
    written = encode_pzprv3(spec)
    assert written.startswith("pzprv3\nsudoku\n6\n5 . 6 . . . \n")
    assert decode_pzprv3(written, "f") == spec
    answer = written.split("\n")[:9] + [" ".join(map(str, row)) + " " for row in sudoku.search(spec).first()]
    decoded, solution = sudoku.decode_pzprv3_answer("\n".join(answer) + "\n", "f")
    assert decoded == spec and check(decoded, solution) == []


@pytest.mark.parametrize("spec, words", [
    (Sudoku([[0] * 6] * 6, (3, 2)), "puzz.link's 6 x 6 Sudoku has boxes 2 rows tall and 3 columns wide, not 3 by 2"),
    (Sudoku([[0] * 8] * 8), "puzz.link has Sudoku boxes only for 4 x 4, 6 x 6 (boxes 2 tall and 3 wide), 9 x 9, "
                            "16 x 16 and 25 x 25, not for 8 x 8"),
    (Sudoku([[0] * 16] * 16, (2, 8)), "16 x 16 Sudoku has boxes 4 rows tall and 4 columns wide, not 2 by 8"),
    (Sudoku([[0] * 12] * 12), "not for 12 x 12"),
])
def test_a_shape_pzprjs_has_not_cannot_be_written_for_puzzlink(spec, words):
    for encode in (encode_puzzlink, encode_pzprv3):
        with pytest.raises(ValueError) as caught:
            encode(spec)
        assert words in str(caught.value)


def test_convert_refuses_a_shape_pzprjs_has_not_with_status_2(capsys):
    assert main(["convert", "sudoku", "--example", "six-tall-boxes", "--to", "puzzlink"]) == 2
    err = capsys.readouterr().err
    assert "cannot be written as one of the puzz.link URLs: puzz.link's 6 x 6 Sudoku has boxes 2 rows tall" in err
    assert main(["convert", "sudoku", "--example", "six-tall-boxes", "--to", "tatham"]) == 0
    assert capsys.readouterr().out == "3x2:6b5c4b5f1b3d3_6_4f2a\n"
    assert main(["convert", "sudoku", "3x2:6b5c4b5f1b3d3_6_4f2a", "--to", "text"]) == 0
    assert capsys.readouterr().out == "boxes: 3x2\n6..5...4..5......1..3....364......2.\n"


# -- 6. the generator --------------------------------------------------------------------------------------


def generated(arguments, capsys) -> list[Sudoku]:
    assert main(["generate", "sudoku", *arguments]) == 0
    text = capsys.readouterr().out
    return [parse(part) for _, part in split(text)]


@pytest.mark.parametrize("arguments, shape", [
    (["-p", "size=6"], (2, 3)), (["-p", "boxes=3x2"], (3, 2)), (["-p", "size=8"], (2, 4)),
    (["-p", "size=8", "-p", "boxes=4x2"], (4, 2)),
])
def test_generated_small_puzzles_are_unique_by_the_independent_solver(arguments, shape, capsys):
    specs = generated([*arguments, "--seed", "21", "--count", "4"], capsys)
    assert len(specs) == 4 and len(set(specs)) == 4
    for spec in specs:
        assert (spec.box_rows, spec.box_cols) == shape
        found = exact_cover(spec.givens, shape, limit=2)
        assert len(found) == 1 and check(spec, found[0]) == []


@pytest.mark.parametrize("size", SIZES)
def test_every_size_is_generated_with_its_default_boxes(size, capsys):
    (spec,) = generated(["-p", f"size={size}", "--seed", "2", "--any"], capsys)
    assert (spec.n, spec.box_rows, spec.box_cols) == (size, *DEFAULT_BOX[size])
    assert sum(value > 0 for row in spec.givens for value in row) == size * size // 4


@pytest.mark.parametrize("boxes", ["2x5", "5x2", "3x4", "4x3", "2x6", "6x2", "3x5"])
def test_other_shapes_are_generated_unique(boxes, capsys):
    (spec,) = generated(["-p", f"boxes={boxes}", "--seed", "5"], capsys)
    assert f"{spec.box_rows}x{spec.box_cols}" == boxes
    search = sudoku.search(spec)
    assert search.verdict() is Verdict.UNIQUE


@pytest.mark.parametrize("arguments, message", [
    (["-p", "boxes=3y2"], "cannot generate sudoku: boxes takes RxC, boxes R cells tall and C wide, R and C at least 2 "
                          "and R x C at most 25 (as in 3x2), not '3y2'"),
    (["-p", "boxes=1x6"], "not '1x6'"), (["-p", "boxes=5x6"], "not '5x6'"), (["-p", "boxes="], "not ''"),
    (["-p", "boxes=" + "9" * 5000], "(5,000 characters)"),
    (["-p", "size=6", "-p", "boxes=3x3"], "boxes of 3x3 do not fit a 6 x 6 grid: its boxes may be 2x3 or 3x2"),
    (["-p", "boxes=2x3", "-p", "clues=37"], "a 6 x 6 Sudoku keeps 0 to 36 givens, not 37"),
    (["-p", "boxes=3x2", "--to", "puzzlink"], "puzz.link's 6 x 6 Sudoku has boxes 2 rows tall and 3 columns wide"),
])
def test_the_generator_refuses_bad_shapes_with_status_2(arguments, message, capsys):
    assert main(["generate", "sudoku", "--seed", "1", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 600


def test_the_generator_lists_its_boxes_parameter(capsys):
    assert main(["generate", "sudoku", "--help-params"]) == 0
    out = capsys.readouterr().out
    assert "  boxes: the shape of the boxes, RxC: R rows and C columns of cells" in out
    assert "  size: the side of the grid (default: 9, or the rows times the columns of the boxes given)" in out


def test_a_generated_3x2_puzzle_in_every_format(capsys):
    (spec,) = generated(["-p", "boxes=3x2", "--seed", "8"], capsys)
    assert main(["generate", "sudoku", "-p", "boxes=3x2", "--seed", "8", "--to", "tatham"]) == 0
    assert decode_tatham(capsys.readouterr().out.strip(), "id") == spec
    (wide,) = generated(["-p", "size=6", "--seed", "8"], capsys)
    for form in ("puzzlink", "pzprv3"):
        assert main(["generate", "sudoku", "-p", "size=6", "--seed", "8", "--to", form]) == 0
        assert sudoku.FORMATS[form].decode(capsys.readouterr().out, "out") == wide
