"""Polyomino packing: published pentomino counts, small boards against a brute force, the format and the checker."""

from __future__ import annotations

import random

import pytest

from backtrack import InputError, make_manager, parallel
from backtrack.cli import main
from backtrack_puzzles import polyomino


def brute_force(spec) -> int:
    """Packings counted without the search: the first open cell in reading order takes some unused piece, laid
    every way (its eight symmetries, or four turns without flips, deduplicated here)."""
    def laid(shape, flips):
        ways = set()
        for swap in (False, True):
            for sr in (1, -1):
                for sc in (1, -1):
                    if not flips and sr * sc * (-1 if swap else 1) < 0:
                        continue
                    cells = [(sr * c, sc * r) if swap else (sr * r, sc * c) for r, c in shape]
                    top = min(cells)  # the first cell in reading order goes on the open cell
                    ways.add(frozenset((r - top[0], c - top[1]) for r, c in cells))
        return ways

    ways = {name: laid(shape, spec.flips) for name, shape in spec.pieces}
    board = frozenset((r, c) for r, row in enumerate(spec.board) for c, ch in enumerate(row) if ch == ".")
    if len(board) != sum(len(shape) for _, shape in spec.pieces):
        return 0

    def count(open_cells, unused):
        if not open_cells:
            return 1
        r, c = min(open_cells)
        total = 0
        for name in unused:
            for way in ways[name]:
                cells = {(r + dr, c + dc) for dr, dc in way}
                if cells <= open_cells:
                    total += count(open_cells - cells, unused - {name})
        return total

    return count(board, frozenset(ways))


def example(name):
    return polyomino.parse(polyomino.PUZZLE.examples[name].read_text(encoding="utf-8"), name)


def test_the_sets_have_their_published_numbers_of_pieces_and_orientations():
    assert [len(polyomino.free_polyominoes(n)) for n in range(1, 7)] == [1, 1, 2, 5, 12, 35]
    assert sum(len(polyomino.orientations(shape)) for _, shape in polyomino.PENTOMINOES) == 63  # fixed pentominoes
    turns = sum(len(polyomino.orientations(shape, flips=False)) for _, shape in polyomino.PENTOMINOES)
    assert turns == 41  # turned only, not turned over
    assert {min(polyomino.orientations(s)) for _, s in polyomino.PENTOMINOES} == set(polyomino.free_polyominoes(5))
    assert {min(polyomino.orientations(s)) for _, s in polyomino.TETROMINOES} == set(polyomino.free_polyominoes(4))


def test_the_twelve_pentominoes_fill_the_3x20_rectangle_in_8_ways():
    spec = example("3x20")
    found = list(polyomino.search(spec).solutions())
    assert len(found) == 8 and all(polyomino.check(spec, solution) == [] for solution in found)
    assert len(set(found)) == 8


def test_scotts_board_has_520_packings():
    spec = example("scott")
    search = polyomino.search(spec)
    assert search.count() == 520 and search.method == "bits"


def test_the_tetrominoes_cannot_fill_4x5():
    assert polyomino.search(example("tetrominoes-4x5")).count() == 0


SMALL = [
    "pieces: tetrominoes\n....\n....\n....\n....\n....\n",
    "piece L: #./##\npiece D: ##\npiece E: ##\npiece O: #\n...\n...\n.#.\n",
    "piece L: #./##\npiece J: #./##\npiece I: ###\n...\n...\n...\n",
    "flips: no\npiece L: #./#./##\npiece J: .#/.#/##\n...\n...\n",
    "flips: yes\npiece L: #./#./##\npiece J: .#/.#/##\n...\n...\n",
    "pieces: tetrominoes\npiece D: ##\n......\n......\n......\n.#....\n",
]


@pytest.mark.parametrize("text", SMALL)
def test_small_boards_count_what_the_brute_force_counts(text):
    spec = polyomino.parse(text)
    found = list(polyomino.search(spec).solutions())
    assert len(found) == brute_force(spec)
    assert all(polyomino.check(spec, solution) == [] for solution in found)


def test_random_boards_of_trominoes_and_dominoes_count_what_the_brute_force_counts():
    rng = random.Random(5)
    shapes = ["##", "###", "#./##", "#", "##/##"]
    for _ in range(25):
        pieces = rng.sample(shapes, rng.randint(1, len(shapes)))
        lines = [f"piece {name}: {shape}" for name, shape in zip("ABCDE", pieces, strict=False)]
        if rng.random() < 0.3:
            lines.append("flips: no")
        area = sum(shape.count("#") for shape in pieces)
        width = rng.randint(2, 4)
        cells = ["."] * area + ["#"] * ((-area) % width)
        rng.shuffle(cells)
        rows = ["".join(cells[i:i + width]) for i in range(0, len(cells), width)]
        spec = polyomino.parse("\n".join(lines + rows) + "\n")
        assert polyomino.search(spec).count() == brute_force(spec)


def test_the_solution_prints_the_board_with_letters_and_reads_back_for_check(capsys, tmp_path):
    spec = example("3x20")
    solution = polyomino.search(spec).first()
    text = polyomino.render(spec, solution)
    assert sorted(set(text.replace("\n", ""))) == sorted("FILNPTUVWXYZ")
    assert polyomino.read_answer(spec, text) == solution
    answer = tmp_path / "answer.txt"
    answer.write_text(text + "\n", encoding="utf-8")
    assert main(["check", "polyomino", "--example", "3x20", str(answer)]) == 0
    capsys.readouterr()
    swapped = text.replace("X", "?")
    answer.write_text(swapped, encoding="utf-8")
    assert main(["check", "polyomino", "--example", "3x20", str(answer)]) == 1
    assert "'?' is not one of the pieces" in capsys.readouterr().out


def test_the_checker_names_pieces_of_the_wrong_shape_unused_or_twice():
    spec = polyomino.parse("piece L: #./##\npiece I: ###\n...\n...\n")
    assert polyomino.check(spec, ("LLI", "LII")) == [
        "row 1, column 3: the cells marked I (3) are not the piece I (3 squares)"]
    assert polyomino.check(spec, ("LLL", "LLL")) == [
        "row 1, column 1: the cells marked L (6) are not the piece L (3 squares)", "the piece I is not used"]
    assert polyomino.check(spec, ("LL.", "LII"))[0] == "row 1, column 3: this cell is not covered"
    flat = polyomino.parse("flips: no\npiece S: .##/##.\npiece T: #\n....\n")
    assert polyomino.search(flat).count() == 0


@pytest.mark.parametrize("text, where, what", [
    ("pieces: heptominoes\n..\n", ":1:9:", "expected the pieces"),
    ("flips: maybe\n..\n", ":1:8:", "flips: yes"),
    ("colour: red\n..\n", ":1:1:", "found 'colour'"),
    ("...\n.x.\n", ":2:2:", "found 'x'"),
    ("piece LL: ##\n..\n", ":1:1:", "one letter or digit"),
    ("piece A: #x\n..\n", ":1:11:", "found 'x'"),
    ("piece A: ##\npiece A: #\n...\n", ":2:1:", "named twice"),
    ("pieces: tetrominoes\npiece I: ##\n......\n", ":", "named twice"),
    ("% only a comment\n", "", "expected the board"),
    ("###\n###\n", ":1:1:", "at least one cell"),
    ("." * 41 + "\n", ":1:41:", "at most 40 cells"),
])
def test_input_errors_name_the_line_and_the_column(text, where, what):
    with pytest.raises(InputError) as error:
        polyomino.parse(text, "in.txt")
    assert str(error.value).startswith("in.txt" + where) and what in str(error.value)


def test_the_text_form_reads_back_and_spaces_are_cells_off_the_board():
    spec = polyomino.parse("% a comment\npiece A: #./##\nflips: no\n\n. .\n...\n")
    assert spec.board == (".#.", "...") and spec.named_set == "" and not spec.flips
    assert polyomino.parse(polyomino.text_of(spec)) == spec
    assert polyomino.parse(polyomino.text_of(example("scott"))) == example("scott")


def test_a_parallel_count_equals_the_serial_one_attempts_included():
    text = "pieces: tetrominoes\npiece D: ##\n......\n......\n......\n.#....\n"
    serial = polyomino.search(polyomino.parse(text))
    total = serial.count()
    report = parallel.count("polyomino", text, workers=2, depth=2, warmup=0)
    assert (report.solutions, report.attempts, report.complete) == (total, serial.report.attempts, True)


def test_pictures_colour_each_piece():
    spec = example("scott")
    empty = polyomino.draw(spec, None)
    assert empty.count('class="off"') == 4 and 'class="piece"' not in empty
    partial = ("FFIIIIIN", "LFFXUUPN", "LFXXXUPN", "L..##.PN", "...##...", *["." * 8] * 3)  # pieces placed so far
    picture = polyomino.draw(spec, partial)
    assert picture.count('class="piece"') == 27 and picture.count('class="letter"') == 27


def test_the_puzzle_is_installed_and_keeps_the_contract(puzzle_contract):
    assert make_manager(puzzle="polyomino").puzzle("polyomino").description == polyomino.PUZZLE.description
    puzzle_contract("polyomino", brute_force=brute_force, instances=SMALL[1:5], fuzz_budget=10, seconds=0.5)
