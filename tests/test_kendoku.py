"""Kendoku: solutions checked independently, counts against brute force, input errors, the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import kendoku

EXAMPLES = Path(kendoku.__file__).parent / "examples" / "kendoku"


# -- independent checker and brute force (nothing from the plugin's search) ------
def cage_ok(operation: str, target: int, digits) -> bool:
    if operation == "+":
        return sum(digits) == target
    if operation == "*":
        product = 1
        for digit in digits:
            product *= digit
        return product == target
    if operation == "-":
        a, b = digits
        return abs(a - b) == target
    if operation == "/":
        a, b = sorted(digits)
        return b == a * target
    (digit,) = digits
    return digit == target


def check(cages, grid) -> None:
    """Assert that ``grid`` is a Latin square meeting every ``(cells, target, operation)`` cage."""
    n = len(grid)
    want = set(range(1, n + 1))
    assert all(set(row) == want for row in grid)
    assert all({row[c] for row in grid} == want for c in range(n))
    for cells, target, operation in cages:
        assert cage_ok(operation, target, [grid[r][c] for r, c in cells])


def cages_of(spec):
    return [(cage.cells, cage.target, cage.operation) for cage in spec.cages]


def latin_squares(n: int) -> list[tuple[int, ...]]:
    """Every n x n Latin square as a flat tuple; the last row is forced by the others."""
    perms = list(itertools.permutations(range(1, n + 1)))
    code = {p: sum(1 << (c * n + v - 1) for c, v in enumerate(p)) for p in perms}
    by_code = {code[p]: p for p in perms}
    full = (1 << (n * n)) - 1
    found = []

    def extend(rows, used, options):
        if len(rows) == n - 1:
            found.append(sum(rows, ()) + by_code[full & ~used])
            return
        for p in options:
            rows.append(p)
            extend(rows, used | code[p], [q for q in options if not code[q] & (used | code[p])])
            rows.pop()

    extend([], 0, perms)
    return found


SQUARES = {4: latin_squares(4), 5: latin_squares(5)}


def brute_count(n, cages) -> int:
    left = SQUARES[n]
    for cells, target, operation in sorted(cages, key=lambda cage: len(cage[0])):
        flat = [r * n + c for r, c in cells]
        if len(flat) == 1:  # the common case first, without a call per square
            left = [sq for sq in left if sq[flat[0]] == target]
        else:
            left = [sq for sq in left if cage_ok(operation, target, [sq[i] for i in flat])]
    return len(left)


# -- solving -------------------------------------------------------------------------
def test_brute_force_sizes():
    assert len(SQUARES[4]) == 576 and len(SQUARES[5]) == 161280


@pytest.mark.parametrize("n, instances", [(4, 120), (5, 20)])
def test_counts_match_brute_force(n, instances):
    rng = random.Random(n)
    counts = set()
    for index in range(instances):
        spec = kendoku.generate(n, rng.randrange(10**6), max_cage=rng.choice((3, 4, 5)), unique=False)
        cages = cages_of(spec)
        if rng.random() < 0.25:  # a changed target: often no solution
            i = rng.randrange(len(cages))
            cells, target, operation = cages[i]
            target = target + 1 if operation or target < n else target - 1
            cages[i] = (cells, target, operation)
            spec = kendoku.Kendoku(n, [kendoku.Cage(c.name, cells_, target_, op) for c, (cells_, target_, op) in zip(spec.cages, cages)])
        found = list(kendoku.search(spec).solutions())
        assert len(found) == brute_count(n, cages)
        assert len(set(found)) == len(found)
        for grid in found[:50]:
            check(cages, grid)
        counts.add(min(len(found), 3))
    assert counts == {0, 1, 2, 3}


def test_examples():
    counts = {}
    for name, path in kendoku.PUZZLE.examples.items():
        spec = kendoku.parse(path.read_text())
        found = list(kendoku.search(spec).solutions(limit=100))
        for grid in found:
            check(cages_of(spec), grid)
        counts[name] = len(found)
    assert counts["five-several"] == 4
    assert all(count == 1 for name, count in counts.items() if name != "five-several")
    assert "nine-hard" in counts


def test_repeated_digits_in_an_l_shaped_cage():
    # Cells (0,0) and (1,1) share neither row nor column: both may hold 1.
    text = "AB\nAA\nA 4+\nB 2\n"
    spec = kendoku.parse(text)
    assert list(kendoku.search(spec).solutions()) == [((1, 2), (2, 1))]


def test_single_cell():
    assert kendoku.search(kendoku.parse("A\nA 1")).count() == 1


# -- input ---------------------------------------------------------------------------
GOOD = "AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n"


def test_parse_and_text_round_trip():
    spec = kendoku.parse(GOOD)
    assert spec.n == 3 and len(spec.cages) == 4
    assert kendoku.parse(spec.text()).cages == spec.cages
    spaced = kendoku.parse("A A B\nC D B\nC D D\nA 3 +\nB 5+\nC 3/\nD 6x\n")
    assert spaced.cages == spec.cages


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("AAB\nCD\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 2, None, "expected 3 cage names"),
        ("AAB\nC1B\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 2, 2, "found '1'"),
        ("ABA\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 1, 1, "cage A is not connected"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6-\n", 7, None, "a - cage has exactly two"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\n", 6, None, "cage D"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\nE 2\n", 8, None, "'E' is not in the grid"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nA 3+\n", 7, None, "described twice"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD six\n", 7, None, "expected a cage"),
        ("AAB\nCDB\nCDD\nA 3\nB 5+\nC 3/\nD 6*\n", 4, None, "expected an operation"),
        ("AB\nAC\nA 1-\nB 3\nC 1\n", 4, None, "target from 1 to 2"),
        ("AAB\nCDB\n", 2, None, "expected 3 lines"),
        ("", None, None, "found nothing"),
    ],
)
def test_input_errors_name_the_line(text, line, column, words):
    with pytest.raises(InputError) as caught:
        kendoku.parse(text, "cages.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert str(caught.value).startswith("cages.txt")


def test_render():
    assert kendoku.render(kendoku.parse(GOOD), ((1, 2, 3), (3, 1, 2), (2, 3, 1))) == "1 2 3\n3 1 2\n2 3 1"


# -- generator -----------------------------------------------------------------------
def test_generate():
    for seed in range(3):
        spec = kendoku.generate(5, seed)
        assert kendoku.search(spec).verdict() is Verdict.UNIQUE
        assert brute_count(5, cages_of(spec)) == 1


def test_generate_command(capsys):
    assert kendoku.main(["generate", "--size", "4", "--seed", "1"]) == 0
    assert kendoku.parse(capsys.readouterr().out).n == 4


# -- the command ---------------------------------------------------------------------
def test_command(capsys):
    assert main(["solve", "kendoku", "--example", "four"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Solution 1\n")
    assert main(["solve", "kendoku", "--example", "five-several", "--count"]) == 0
    assert "4 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "kendoku", "--example", "nine-hard", "--unique", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"


def test_command_errors(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("ABA\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n")
    assert main(["solve", "kendoku", str(path)]) == 2
    assert f"{path}:1:1: cage A is not connected" in capsys.readouterr().err
    path.write_text("AAB\nCDB\nCDD\nA 4+\nB 5+\nC 3/\nD 6*\n")
    assert main(["solve", "kendoku", str(path)]) == 1
    assert "0 solutions" in capsys.readouterr().out
