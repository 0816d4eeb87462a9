"""Sudoku: solutions checked independently, counts against brute force, input errors, limits, the command."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from pathlib import Path

import pytest

from backtrack import InputError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles import sudoku
from backtrack_puzzles.sudoku import MAX_CELLS, MAX_SIZE, check
from measure import MEMORY_LIMIT, setup_cost
from sudoku_oracle import exact_cover

DATA = Path(sudoku.__file__).parent / "data" / "sudoku"
EXAMPLES = Path(sudoku.__file__).parent / "examples" / "sudoku"
HUGE = "9" * 5000


# -- brute force (nothing from the plugin's search; solutions are checked by sudoku.check) ------


def all_4x4_sudokus() -> list[tuple[tuple[int, ...], ...]]:
    """Every solved 4x4 Sudoku: all rows permutations, filtered by columns and boxes."""
    perms = list(itertools.permutations(range(1, 5)))
    found = []
    for rows in itertools.product(perms, repeat=2):
        if len(set(rows[0][:2] + rows[1][:2])) == 4 and len(set(rows[0][2:] + rows[1][2:])) == 4:
            for lower in itertools.product(perms, repeat=2):
                grid = rows + lower
                if all(len({row[c] for row in grid}) == 4 for c in range(4)) and all(
                    len(set(lower[0][c : c + 2] + lower[1][c : c + 2])) == 4 for c in (0, 2)
                ):
                    found.append(grid)
    return found


SOLVED_4X4 = all_4x4_sudokus()


def brute_count(givens) -> int:
    return sum(all(g in (0, v) for grow, row in zip(givens, grid, strict=True) for g, v in zip(grow, row, strict=True))
               for grid in SOLVED_4X4)


def solve_all(spec):
    return list(sudoku.search(spec).solutions())


# -- solving -------------------------------------------------------------------------
def test_there_are_288_solved_4x4_sudokus():
    assert len(SOLVED_4X4) == 288
    assert sudoku.search(sudoku.parse("." * 16)).count() == 288


def test_counts_match_brute_force_on_random_4x4():
    rng = random.Random(4)
    counts = set()
    for _ in range(120):
        grid = [list(row) for row in rng.choice(SOLVED_4X4)]
        givens = [[grid[r][c] if rng.random() < rng.choice((0.15, 0.3, 0.5)) else 0 for c in range(4)]
                  for r in range(4)]
        if rng.random() < 0.25:
            givens[rng.randrange(4)][rng.randrange(4)] = rng.randrange(1, 5)  # perhaps contradictory
        spec = sudoku.Sudoku(givens)
        found = solve_all(spec)
        assert len(found) == brute_count(givens)
        for solution in found:
            assert check(spec, solution) == []
        counts.add(min(len(found), 3))
    assert counts == {0, 1, 2, 3}  # zero, one and many solutions all occurred


@pytest.mark.parametrize("name", ["top95", "hardest", "hard10"])
def test_published_sets_are_unique_and_solved(name):
    lines = [line for line in (DATA / f"{name}.txt").read_text().splitlines() if line.strip()]
    if name == "top95":
        lines = lines[::4]  # the bench runs them all
    for line in lines:
        spec = sudoku.parse(line)
        search = sudoku.search(spec)
        solution = search.first()
        assert check(spec, solution) == []
        assert sudoku.search(spec).verdict() is Verdict.UNIQUE


def test_sixteen_and_twentyfive():
    for line in (DATA / "sixteen.txt").read_text().splitlines()[:3]:
        spec = sudoku.parse(line)
        assert spec.n == 16
        assert check(spec, sudoku.search(spec).first()) == []
    spec = sudoku.parse((EXAMPLES / "twentyfive.txt").read_text())
    assert spec.n == 25
    assert check(spec, sudoku.search(spec).first()) == []


def test_examples_counts():
    counts = {name: sudoku.search(sudoku.parse(path.read_text())).count(limit=100)
              for name, path in sudoku.PUZZLE.examples.items() if name != "batch"}
    assert counts == {"four": 2, "hardest": 1, "several": 4, "six": 1, "six-tall-boxes": 1, "sixteen": 1,
                      "twelve": 1, "twentyfive": 1}
    for name in counts:
        spec = sudoku.parse(sudoku.PUZZLE.examples[name].read_text())
        assert all(check(spec, solution) == [] for solution in sudoku.search(spec).solutions(limit=100))


class Counting(sudoku.SudokuSearch):
    """Counts the decisions tried."""

    decisions = 0

    def decide(self, decision):
        self.decisions += 1
        return super().decide(decision)


def test_attempts_are_the_decisions_tried():
    # Propagation is free: a puzzle the givens settle needs no decision at all.
    for text in [*(DATA / "hardest.txt").read_text().splitlines()[:3], "." * 16]:
        search = Counting(sudoku.parse(text).grid())
        search.count(limit=300)
        assert search.report.attempts == search.decisions
    settled = Counting(sudoku.parse((EXAMPLES / "twentyfive.txt").read_text()).grid())
    assert settled.count() == 1 and settled.report.attempts == settled.decisions == 0


def test_a_parallel_count_equals_the_serial_one():
    serial = sudoku.search(sudoku.parse("." * 16))
    assert serial.count() == 288
    report = parallel.count("sudoku", "." * 16, {}, workers=2, warmup=0)
    assert (report.solutions, report.attempts, report.complete) == (288, serial.report.attempts, True)
    assert report.executor == "local" and report.subtrees > 1


# -- input ---------------------------------------------------------------------------
def test_input_shapes_agree():
    line = "56..7....2.15...7......4.3.9..4.3.....2.....9.7..8......93..8......68...7.6..2..."
    rows = [line[i : i + 9] for i in range(0, 81, 9)]
    shapes = [
        line,
        line.replace(".", "0"),
        "\n".join(rows),
        "# comment\n" + "\n".join(" ".join(row) for row in rows) + "\n\n",
        (EXAMPLES / "several.txt").read_text(),
    ]
    specs = [sudoku.parse(text) for text in shapes]
    assert all(spec.givens == specs[0].givens for spec in specs)
    assert specs[0].line() == line
    assert sudoku.text_of(specs[2]) == line + "\n" and sudoku.parse(sudoku.text_of(specs[2])).givens == specs[0].givens


def test_one_line_puzzles_read_alike_on_every_path():
    # A bare line takes a shortcut; the same line after a comment is read the general way.
    for name in ("hardest", "top95", "easy50", "sixteen"):
        for line in (DATA / f"{name}.txt").read_text().splitlines()[:20]:
            assert sudoku.parse(line).givens == sudoku.parse(f"# {name}\n{line}\n").givens
    assert sudoku.parse("0" * 80 + "1").givens[8] == (0,) * 8 + (1,)
    assert sudoku.parse("  " + "0" * 15 + "4\n").givens == ((0,) * 4,) * 3 + ((0, 0, 0, 4),)
    assert sudoku.parse("# c\n" + "0" * 80 + "1").givens == sudoku.parse("0" * 80 + "1").givens
    with pytest.raises(InputError) as caught:
        sudoku.parse("." * 80 + "A", "one.txt")
    assert caught.value.line == 1 and "found 10" in caught.value.message


def test_letters_and_numbers_for_sixteen():
    line = (DATA / "sixteen.txt").read_text().splitlines()[0]
    spec = sudoku.parse(line)
    as_numbers = "\n".join(" ".join(str(v) for v in row) for row in spec.givens)
    assert sudoku.parse(as_numbers).givens == spec.givens
    assert sudoku.parse(line.lower()).givens == spec.givens
    assert spec.line() == line


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("123", 1, None, "found 3"),
        ("1234\n12x4\n....\n....", 2, 3, "found 'x'"),
        ("1234\n123\n....\n....", 2, None, "expected 4 cells"),
        ("1234\n1234\n....", 3, None, "found 3 lines"),
        ("5" + "." * 15, 1, 1, "values 1 to 4"),
        ("", None, None, "found nothing"),
        ("# only a comment\n", None, None, "found nothing"),
    ],
)
def test_input_errors_name_the_line(text, line, column, words):
    with pytest.raises(InputError) as caught:
        sudoku.parse(text, "grid.txt")
    assert caught.value.line == line and caught.value.column == column
    assert words in caught.value.message
    assert str(caught.value).startswith("grid.txt")


def test_split():
    batch = (EXAMPLES / "batch.txt").read_text()
    parts = sudoku.split(batch)
    assert [first for first, _ in parts] == [2, 3, 4, 5]
    sixteen = (EXAMPLES / "sixteen.txt").read_text()
    assert sudoku.split(sixteen) == [(1, sixteen)]
    assert sudoku.split("..1.\n.2..\n.12.\n....") == [(1, "..1.\n.2..\n.12.\n....")]


def test_render():
    spec = sudoku.parse((EXAMPLES / "four.txt").read_text())
    assert sudoku.render(spec, ((3, 4, 1, 2), (1, 2, 3, 4), (4, 1, 2, 3), (2, 3, 4, 1))) == (
        "3 4 | 1 2\n1 2 | 3 4\n----+----\n4 1 | 2 3\n2 3 | 4 1"
    )


# -- generator (backtrack generate sudoku) --------------------------------------------------------
def generated(arguments, capsys) -> list[str]:
    assert main(["generate", "sudoku", *arguments]) == 0
    return capsys.readouterr().out.splitlines()


def test_the_independent_count_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(40):
        givens = [[v if rng.random() < 0.3 else 0 for v in row] for row in rng.choice(SOLVED_4X4)]
        assert len(exact_cover(givens, limit=1000)) == brute_count(givens)


def test_generate():
    for seed in range(3):
        spec = sudoku.generate((2, 2), seed)
        assert sudoku.search(spec).verdict() is Verdict.UNIQUE
        assert brute_count(spec.givens) == 1
    several = sudoku.generate((3, 3), 1, clues=20, unique=False)
    assert sum(v > 0 for row in several.givens for v in row) == 20
    assert sudoku.search(several).count(limit=2) == 2


@pytest.mark.parametrize("size, seed, count", [(4, 11, 6), (9, 11, 6), (16, 5, 1)])
def test_every_unique_puzzle_generated_is_unique_by_an_independent_count(size, seed, count, capsys):
    # (Most 16 x 16 puzzles take the independent count minutes; the one of seed 5 two seconds.)
    lines = generated(["-p", f"size={size}", "--seed", str(seed), "--count", str(count)], capsys)
    assert len(lines) == count and len(set(lines)) == count
    for line in lines:
        spec = sudoku.parse(line)
        assert spec.n == size and len(exact_cover(spec.givens, limit=2)) == 1


def test_the_same_seed_makes_the_same_puzzles(capsys):
    first = generated(["--seed", "5", "--count", "3"], capsys)
    assert generated(["--seed", "5", "--count", "3"], capsys) == first
    assert generated(["--seed", "6", "--count", "2"], capsys) == first[1:]  # puzzle k is made from seed + k
    assert generated(["--seed", "5", "--count", "3", "--any"], capsys) != first


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3", "text"])
def test_generated_puzzles_in_every_format_decode_back(form, capsys):
    expected = [sudoku.parse(line) for line in generated(["--seed", "3", "--count", "2"], capsys)]
    assert main(["generate", "sudoku", "--seed", "3", "--count", "2", "--to", form]) == 0
    out = capsys.readouterr().out
    if form == "pzprv3":
        texts = ["pzprv3\n" + part for part in out.split("\npzprv3\n")]
        texts[0] = texts[0][len("pzprv3\n"):]
    else:
        texts = out.splitlines()
    decode = sudoku.parse if form == "text" else sudoku.FORMATS[form].decode
    assert [decode(text, "out") for text in texts] == expected


def test_without_unique_the_clues_are_a_quarter_or_as_asked(capsys):
    lines = generated(["--seed", "1", "--any", "--count", "2"], capsys)
    assert all(81 - line.count(".") == 20 for line in lines)
    lines = generated(["--seed", "1", "--any", "-p", "clues=30"], capsys)
    assert 81 - lines[0].count(".") == 30


@pytest.mark.parametrize("grade", ["easy", "medium", "hard"])
def test_the_difficulty_selects_puzzles_of_its_grade(grade, capsys):
    lines = generated(["--seed", "1", "--count", "2", "--difficulty", grade], capsys)
    assert len(lines) == 2
    for line in lines:
        search = sudoku.search(sudoku.parse(line))
        assert search.verdict() is Verdict.UNIQUE
        assert search.report.difficulty.grade == grade


def median_guesses(name: str) -> float:
    guesses = []
    for line in (DATA / f"{name}.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            search = sudoku.search(sudoku.parse(line))
            assert search.verdict() is Verdict.UNIQUE
            guesses.append(search.report.difficulty.guesses)
    return statistics.median(guesses)


def test_the_median_guesses_rise_from_easy50_to_top95_to_hard10():
    # Measured: easy50 0, hardest 3, top95 28, hard10 183.5.  As Norvig's essay observed for his solver,
    # the "hardest" collection is easier for this search than top95.
    medians = {name: median_guesses(name) for name in ("easy50", "hardest", "top95", "hard10")}
    assert medians["easy50"] < medians["top95"] < medians["hard10"]
    assert medians["easy50"] < medians["hardest"] < medians["top95"]


# -- the command ---------------------------------------------------------------------
def test_command_solves_an_example(capsys):
    assert main(["solve", "sudoku", "--example", "hardest"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Solution 1\n8 5 9 | 6 1 2 | 4 3 7\n")
    assert "first solution" in out


def test_command_counts(capsys):
    assert main(["solve", "sudoku", "--example", "several", "--count"]) == 0
    assert "4 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "sudoku", "--example", "four", "--unique"]) == 0
    assert "ambiguous" in capsys.readouterr().out


def test_command_batch(tmp_path, capsys):
    path = tmp_path / "many.txt"
    lines = (DATA / "hardest.txt").read_text().splitlines()[:3] + ["11" + "." * 79, "." * 16]
    path.write_text("\n".join(lines) + "\n")
    assert main(["solve", "sudoku", str(path)]) == 1  # one of them is unsolvable
    out = capsys.readouterr().out
    assert f"{path}:4: unsolvable" in out
    assert f"{path}:5: ambiguous" in out
    assert "5 puzzles: 4 solved (1 with several solutions), 1 unsolvable; seconds per puzzle: median" in out
    assert main(["solve", "sudoku", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["instances"] == 5 and data["summary"]["unsolvable"] == 1


def test_command_reports_bad_input(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("1234\n12x4\n....\n....\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:2:3: expected a cell" in capsys.readouterr().err
    path.write_text("." * 81 + "\n" + "." * 80 + "\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:2: expected a one-line Sudoku" in capsys.readouterr().err
    # A batch whose first line does not read as cells: that line is named, no traceback.
    path.write_text("\u00e9" + "." * 80 + "\n" + "." * 81 + "\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:1:1: expected a cell" in capsys.readouterr().err
    path.write_text("x\ny\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    assert f"{path}:1:1: expected a cell" in capsys.readouterr().err


def test_command_json(capsys):
    assert main(["solve", "sudoku", "--example", "four", "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["solutions"] == 2


# -- numbers of any length, comments, columns in every cell error ---------------------
TWENTYFIVE = (EXAMPLES / "twentyfive.txt").read_text()


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("10 . 3 " + HUGE + " " + ". " * 12 + "\n" + (". " * 16 + "\n") * 15, 1, 8),  # a number row
        ("# c\n" + ". " * 5 + HUGE + " . .\n" + ("1 . . .\n" * 3), 2, 11),  # a short row: still the number first
        (TWENTYFIVE.replace(" 3  8  0  5 11", " 3  8  0  5 " + HUGE, 1), 2, 13),  # the 25 x 25 example
    ],
)
def test_a_number_of_any_length_is_an_input_error_with_line_and_column(text, line, column):
    with pytest.raises(InputError) as caught:
        sudoku.parse(text, "big.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert "expected a cell value, a whole number from 0 to 25" in caught.value.message
    assert "(5,000 characters)" in caught.value.message and len(caught.value.message) < 200


def test_a_line_of_digits_is_read_character_by_character():
    # Digits run together are one-character cells (easy50 writes puzzles so), however many.
    with pytest.raises(InputError) as caught:
        sudoku.parse(HUGE, "digits.txt")
    assert (caught.value.line, caught.value.column) == (1, MAX_CELLS + 1)
    assert f"at most {MAX_CELLS} cells" in caught.value.message
    rows = ["123 456 789", "456 789 123", "789 123 456", "234 567 891", "567 891 234", "891 234 567",
            "345 678 912", "678 912 345", "912 345 678"]
    assert sudoku.parse("\n".join(rows)).givens[0] == tuple(range(1, 10))


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("." * 40 + "G" + "." * 40, 1, 41),  # a one-line 9 x 9: G is 16
        ("." * 15 + "5", 1, 16),  # a one-line 4 x 4
        ("..1.\n.2..\n.1.5\n....", 3, 4),  # grid rows of characters
        ("1 . . .\n. . 17 .\n. . . .\n. . . .", 2, 5),  # blank-separated numbers
        ("1 . . .\n. . G .\n. . . .\n. . . .", 2, 5),  # a letter
        (TWENTYFIVE.replace("21\n", "26\n", 1), None, None),  # 26 is no value at all: a cell error too
    ],
)
def test_every_out_of_range_value_names_its_line_and_column(text, line, column):
    if line is None:  # the first line's last number is 26: a whole number above 25
        with pytest.raises(InputError) as caught:
            sudoku.parse(text, "v.txt")
        assert (caught.value.line, caught.value.column) == (2, 73) and "from 0 to 25" in caught.value.message
        return
    with pytest.raises(InputError) as caught:
        sudoku.parse(text, "v.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert "expected values 1 to" in caught.value.message


@pytest.mark.parametrize("char", ["\u0663", "\uff11", "\u0131", "\u00e9"])
def test_only_ascii_cells(char):
    # An Arabic-Indic 3, a fullwidth 1 and a dotless i (whose upper case is I) are no cells.
    with pytest.raises(InputError) as caught:
        sudoku.parse("." * 7 + char + "." * 8, "u.txt")
    assert (caught.value.line, caught.value.column) == (1, 8)
    with pytest.raises(InputError) as caught:
        sudoku.parse(f"1 . . .\n. {char} . .\n. . . .\n. . . .", "u.txt")
    assert (caught.value.line, caught.value.column) == (2, 3)


def test_a_comment_runs_to_the_end_of_its_line():
    line = (DATA / "hardest.txt").read_text().splitlines()[0]
    want = sudoku.parse(line).givens
    assert sudoku.parse(line + "  # hardest, 1").givens == want
    assert sudoku.parse("# a title\n" + line + "# no blank before it\n").givens == want
    rows = [line[i : i + 9] for i in range(0, 81, 9)]
    assert sudoku.parse("\n".join(row + f"  # row {r + 1}" for r, row in enumerate(rows))).givens == want
    puzzles = (DATA / "top95.txt").read_text().split()[:3]
    parts = sudoku.split("# a batch\n" + "\n".join(f"{puzzle} # puzzle {k}" for k, puzzle in enumerate(puzzles)))
    assert [first for first, _ in parts] == [2, 3, 4]
    assert [sudoku.parse(part).givens for _, part in parts] == [sudoku.parse(puzzle).givens for puzzle in puzzles]


def test_command_with_trailing_comments(tmp_path, capsys):
    path = tmp_path / "commented.txt"
    lines = (DATA / "hardest.txt").read_text().splitlines()[:2]
    path.write_text("".join(f"{line}  # hardest {k + 1}\n" for k, line in enumerate(lines)))
    assert main(["solve", "sudoku", str(path)]) == 0
    assert "2 puzzles: 2 solved" in capsys.readouterr().out


# -- byte-order mark ------------------------------------------------------------------------------
def outcome(data: dict):
    """What a --json run found, without the file name and timings."""
    if "instances" in data:
        return [(item["source"].rsplit(":", 1)[1], item["solutions"], item["complete"]) for item in data["instances"]]
    return data["solutions"], data["attempts"], data["complete"], data.get("verdict")


@pytest.mark.parametrize("name", sorted(sudoku.PUZZLE.examples) + ["data:top95"])
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    path = DATA / "top95.txt" if name == "data:top95" else sudoku.PUZZLE.examples[name]
    mode = "--unique" if name in ("twentyfive", "data:top95") else "--count"
    results = []
    for prefix in (b"", b"\xef\xbb\xbf"):
        copy = tmp_path / "copy.txt"
        copy.write_bytes(prefix + path.read_bytes())
        status = main(["solve", "sudoku", str(copy), mode, "--json"])
        results.append((status, outcome(json.loads(capsys.readouterr().out))))
    assert results[0] == results[1]
    assert results[0][0] == 0


# -- limits ----------------------------------------------------------------------------------------
LARGEST = {
    "empty": "." * MAX_CELLS,
    "full": "".join(sudoku.SYMBOLS[v - 1] for row in sudoku.solved_grid((5, 5), random.Random(1)) for v in row),
    "example": TWENTYFIVE,
    "numbers": "\n".join(" ".join(str(v) for v in row) for row in sudoku.solved_grid((5, 5), random.Random(2))),
}


@pytest.mark.parametrize("shape", sorted(LARGEST))
def test_the_largest_grids_set_up_within_the_memory_limit(shape):
    seconds, peak = setup_cost("sudoku", LARGEST[shape])
    assert peak < MEMORY_LIMIT


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("." * (36 * 36), 1, MAX_CELLS + 1, f"at most {MAX_CELLS} cells in a line"),
        (". " * 36 * 36, 1, 2 * MAX_CELLS + 1, f"at most {MAX_CELLS} cells"),
        ("# 26 rows\n" + "\n".join(["." * 25] * 26), 27, None, f"at most {MAX_SIZE} grid rows"),
        ("\n".join(["." * 25] * 3 + ["." * 26] + ["." * 25] * 21), 4, 26, "expected 25 cells in this row"),
        ("\n".join(["." * 25] * 3 + ["." * 24] + ["." * 25] * 21), 4, None, "grid has 25 rows), found 24"),
        ("." * (MAX_CELLS + 1), 1, MAX_CELLS + 1, f"at most {MAX_CELLS} cells"),
        ("." * 10**6, 1, MAX_CELLS + 1, f"at most {MAX_CELLS} cells"),
    ],
)
def test_grids_beyond_the_maximum_are_refused(text, line, column, words):
    with pytest.raises(InputError) as caught:
        sudoku.parse(text, "big.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert len(caught.value.message) < 250


@pytest.mark.parametrize(
    "bad, column, words",
    [
        ("." * 40 + HUGE, 626, "at most 625 cells"),  # digits run together: cell by cell
        ("1 . " + HUGE + " " + ". " * 78, 5, "a whole number from 0 to 25"),
        ("." * 80 + "G", 81, "expected values 1 to 9"),
        ("." * 1296, 626, "at most 625 cells"),
        ("." * 80, None, "found 80"),
    ],
)
def test_a_batch_reports_a_bad_later_puzzle_at_its_line_and_column(bad, column, words, tmp_path, capsys):
    path = tmp_path / "batch.txt"
    good = (DATA / "hardest.txt").read_text().splitlines()[:2]
    path.write_text("\n".join(good + [bad] + good) + "\n")
    assert main(["solve", "sudoku", str(path)]) == 2
    captured = capsys.readouterr()
    where = f"{path}:3:{column}:" if column else f"{path}:3:"
    assert where in captured.err and words in captured.err
    assert "Traceback" not in captured.err and len(captured.err) < 400


def test_a_parameter_is_refused_with_status_2(capsys):
    assert main(["solve", "sudoku", "--example", "four", "-p", "method=fast"]) == 2
    err = capsys.readouterr().err
    assert "puzzle sudoku has no parameter 'method'" in err and "Traceback" not in err


# -- the checker -----------------------------------------------------------------------------------
SOLVED = ((3, 4, 1, 2), (1, 2, 3, 4), (4, 1, 2, 3), (2, 3, 4, 1))


def changed(grid, r, c, value):
    rows = [list(row) for row in grid]
    rows[r][c] = value
    return tuple(map(tuple, rows))


def test_the_checker_names_each_broken_rule():
    spec = sudoku.parse((EXAMPLES / "four.txt").read_text())  # ..1. / .2.. / .12. / ....
    assert check(spec, SOLVED) == []
    assert check(spec, changed(SOLVED, 3, 0, 4)) == [
        "row 4 holds 4 twice: at row 4, column 1 and row 4, column 3",
        "column 1 holds 4 twice: at row 3, column 1 and row 4, column 1",
        "box 3 (rows 3-4, columns 1-2) holds 4 twice: at row 3, column 1 and row 4, column 1"]
    assert check(spec, changed(SOLVED, 0, 2, 3)) == [
        "row 1, column 3: the given 1 became 3", "row 1 holds 3 twice: at row 1, column 1 and row 1, column 3",
        "column 3 holds 3 twice: at row 1, column 3 and row 2, column 3",
        "box 2 (rows 1-2, columns 3-4) holds 3 twice: at row 1, column 3 and row 2, column 3"]
    # Every row and column right, the boxes not: a Latin square that is no Sudoku.
    latin = ((1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3))
    assert [rule.split(":")[0] for rule in check(sudoku.parse("." * 16), latin)] == [
        "box 1 (rows 1-2, columns 1-2) holds 2 twice", "box 2 (rows 1-2, columns 3-4) holds 4 twice",
        "box 3 (rows 3-4, columns 1-2) holds 4 twice", "box 4 (rows 3-4, columns 3-4) holds 2 twice"]
    assert check(spec, changed(SOLVED, 1, 1, 5)) == ["row 2, column 2: 5 is not a value of a 4 x 4 Sudoku"]
    assert check(spec, changed(SOLVED, 1, 1, 0)) == ["row 2, column 2: this cell is empty"]
    ones = check(spec, ((1, 1, 1, 1),) * 4)
    assert ones[:2] == ["row 2, column 2: the given 2 became 1", "row 3, column 3: the given 2 became 1"]
    assert "row 1 holds 1 4 times: at row 1, column 1, row 1, column 2, row 1, column 3 and row 1, column 4" in ones
    assert check(spec, SOLVED[:3]) == ["the solution must be 4 rows of 4 values, one per cell"]


def test_the_checker_writes_values_as_the_input_does():
    spec = sudoku.parse((EXAMPLES / "sixteen.txt").read_text())
    solution = sudoku.search(spec).first()
    assert check(spec, solution) == []
    r = next(r for r in range(16) if spec.givens[r][0] == 0)
    c = solution[r].index(10)  # an A in this row
    wrong = changed(solution, r, 0, 10) if c != 0 else changed(solution, r, 1, 10)
    assert any(rule.startswith(f"row {r + 1} holds A twice: at row {r + 1}, column ") for rule in check(spec, wrong))


# -- the trace ---------------------------------------------------------------------------------------
def test_the_trace_names_value_row_and_column(capsys):
    assert main(["solve", "sudoku", "--example", "four", "--all", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move 3 in row 3, column 1 valid" in out
    assert "(" not in out.split("Solution")[0]
    assert main(["solve", "sudoku", "--example", "sixteen", "--trace"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("level")]
    assert lines and all(" in row " in line and ", column " in line for line in lines)


# -- the generator's arguments (backtrack generate sudoku) ---------------------------------------------
@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-p", "size=0"], "parameter size must be one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, "
                           "not '0'"),
        (["-p", "size=36"], "must be one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, not '36'"),
        (["-p", "size=7"], "must be one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, not '7'"),
        (["-p", "size=-1"], "not '-1'"),
        (["-p", "size=" + HUGE], "(5,000 characters)"),
        (["-p", "size=three"], "parameter size takes one of 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, "
                               "not 'three'"),
        (["-p", "box=3"], "the generator has no parameter 'box' (its parameters: size, boxes, clues)"),
        (["-p", "clues=-1"], "parameter clues must be from 0 to 625, not '-1'"),
        (["-p", "clues=82"], "a 9 x 9 Sudoku keeps 0 to 81 givens, not 82"),
        (["-p", "size=4", "-p", "clues=17"], "a 4 x 4 Sudoku keeps 0 to 16 givens, not 17"),
        (["-p", "clues=" + HUGE], "(5,000 characters)"),
        (["--count", "0"], "--count must be at least 1, not 0"),
        (["--to", "tatham", "--seed", "1", "-p", "size=4", "-p", "clues=" + "1" * 20], "clues must be from 0 to 625"),
    ],
)
def test_the_generator_refuses_bad_arguments_with_status_2(arguments, message, capsys):
    assert main(["generate", "sudoku", "--seed", "1", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 1000


@pytest.mark.parametrize("seed", ["x", HUGE + "x"])
def test_a_seed_that_is_no_number_is_refused_with_status_2(seed, capsys):
    with pytest.raises(SystemExit) as caught:
        main(["generate", "sudoku", "--seed", seed])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seed" in err and "Traceback" not in err


def test_the_generator_takes_the_ends_of_its_ranges(capsys):
    assert main(["generate", "sudoku", "-p", "size=4", "-p", "clues=0", "--seed", "-3", "--any"]) == 0
    assert main(["generate", "sudoku", "-p", "size=4", "-p", "clues=16", "--any", "--count", "2"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 3 and all(len(line) == 16 for line in lines)
    assert lines[0] == "." * 16 and lines[1].count(".") == 0


def test_the_generator_ends_when_its_budget_runs_out(monkeypatch):
    # Tiny budgets: checks run out, so cells stay given; what is made is still unique.
    monkeypatch.setattr(sudoku, "CHECK_ATTEMPTS", 3)
    monkeypatch.setattr(sudoku, "GENERATE_ATTEMPTS", 40)
    spec = sudoku.generate((3, 3), seed=5)
    assert sudoku.search(spec).verdict() is Verdict.UNIQUE
    assert sum(value > 0 for row in spec.givens for value in row) > 30
