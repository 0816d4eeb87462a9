"""Sudoku: solutions checked independently, counts against brute force, input errors, the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import sudoku

DATA = Path(sudoku.__file__).parent / "data" / "sudoku"
EXAMPLES = Path(sudoku.__file__).parent / "examples" / "sudoku"


# -- independent checker and brute force (nothing from the plugin's search) ------
def check(givens, grid) -> None:
    """Assert that ``grid`` is a solved Sudoku agreeing with ``givens`` (0 = empty)."""
    n = len(givens)
    box = int(round(n**0.5))
    want = set(range(1, n + 1))
    assert len(grid) == n and all(len(row) == n for row in grid)
    for r in range(n):
        assert set(grid[r]) == want, f"row {r}"
        assert {grid[x][r] for x in range(n)} == want, f"column {r}"
    for top in range(0, n, box):
        for left in range(0, n, box):
            assert {grid[top + i][left + j] for i in range(box) for j in range(box)} == want
    for r in range(n):
        for c in range(n):
            assert givens[r][c] in (0, grid[r][c])


def all_4x4_sudokus() -> list[tuple[tuple[int, ...], ...]]:
    """Every solved 4x4 Sudoku: all rows permutations, filtered by columns and boxes."""
    perms = list(itertools.permutations(range(1, 5)))
    found = []
    for rows in itertools.product(perms, repeat=2):
        if rows[0][:2] + rows[1][:2] and len(set(rows[0][:2] + rows[1][:2])) == 4 and len(set(rows[0][2:] + rows[1][2:])) == 4:
            for lower in itertools.product(perms, repeat=2):
                grid = rows + lower
                if all(len({row[c] for row in grid}) == 4 for c in range(4)) and all(
                    len(set(lower[0][c : c + 2] + lower[1][c : c + 2])) == 4 for c in (0, 2)
                ):
                    found.append(grid)
    return found


SOLVED_4X4 = all_4x4_sudokus()


def brute_count(givens) -> int:
    return sum(all(g in (0, v) for grow, row in zip(givens, grid) for g, v in zip(grow, row)) for grid in SOLVED_4X4)


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
        givens = [[grid[r][c] if rng.random() < rng.choice((0.15, 0.3, 0.5)) else 0 for c in range(4)] for r in range(4)]
        if rng.random() < 0.25:
            givens[rng.randrange(4)][rng.randrange(4)] = rng.randrange(1, 5)  # perhaps contradictory
        spec = sudoku.Sudoku(givens)
        found = solve_all(spec)
        assert len(found) == brute_count(givens)
        for solution in found:
            check(givens, solution)
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
        check(spec.givens, solution)
        assert sudoku.search(spec).verdict() is Verdict.UNIQUE


def test_sixteen_and_twentyfive():
    for line in (DATA / "sixteen.txt").read_text().splitlines()[:3]:
        spec = sudoku.parse(line)
        assert spec.n == 16
        check(spec.givens, sudoku.search(spec).first())
    spec = sudoku.parse((EXAMPLES / "twentyfive.txt").read_text())
    assert spec.n == 25
    check(spec.givens, sudoku.search(spec).first())


def test_examples_counts():
    counts = {name: sudoku.search(sudoku.parse(path.read_text())).count(limit=100) for name, path in sudoku.PUZZLE.examples.items() if name != "batch"}
    assert counts == {"four": 2, "hardest": 1, "several": 4, "sixteen": 1, "twentyfive": 1}


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
        ("5" + "." * 15, 1, None, "values 1 to 4"),
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


# -- generator -----------------------------------------------------------------------
def test_generate():
    for seed in range(3):
        spec = sudoku.generate(2, seed)
        assert sudoku.search(spec).verdict() is Verdict.UNIQUE
        assert brute_count(spec.givens) == 1
    several = sudoku.generate(3, 1, clues=20, unique=False)
    assert sum(v > 0 for row in several.givens for v in row) == 20
    assert sudoku.search(several).count(limit=2) == 2


def test_generate_command(capsys):
    assert sudoku.main(["generate", "--box", "2", "--seed", "3", "--count", "2"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 2 and all(len(line) == 16 for line in lines)


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
