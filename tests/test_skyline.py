"""Skyline: solutions checked independently, counts against brute force, input errors, the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import skyline

EXAMPLES = Path(skyline.__file__).parent / "examples" / "skyline"


# -- independent checker and brute force (nothing from the plugin's search) ------
def seen(line) -> int:
    count, tallest = 0, 0
    for height in line:
        if height > tallest:
            count += 1
            tallest = height
    return count


def signature(grid):
    """(top, bottom, left, right) clues of a full grid."""
    n = len(grid)
    columns = [tuple(grid[r][c] for r in range(n)) for c in range(n)]
    return (
        tuple(seen(col) for col in columns),
        tuple(seen(col[::-1]) for col in columns),
        tuple(seen(row) for row in grid),
        tuple(seen(row[::-1]) for row in grid),
    )


def check(spec_sides, givens, grid) -> None:
    """Assert that ``grid`` is a Latin square matching every clue (0 = none) and given."""
    n = len(grid)
    want = set(range(1, n + 1))
    assert all(set(row) == want for row in grid)
    assert all({row[c] for row in grid} == want for c in range(n))
    for clues, actual in zip(spec_sides, signature(grid)):
        assert all(clue in (0, real) for clue, real in zip(clues, actual))
    assert all(g in (0, v) for grow, row in zip(givens, grid) for g, v in zip(grow, row))


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square: rows chosen by a column-usage bitmask; the last row is forced."""
    perms = list(itertools.permutations(range(1, n + 1)))
    code = {p: sum(1 << (c * n + v - 1) for c, v in enumerate(p)) for p in perms}
    by_code = {code[p]: p for p in perms}
    full = (1 << (n * n)) - 1
    found = []

    def extend(rows, used, options):
        if len(rows) == n - 1:
            found.append(tuple(rows) + (by_code[full & ~used],))
            return
        for p in options:
            rest = [q for q in options if not code[q] & (used | code[p])]
            rows.append(p)
            extend(rows, used | code[p], rest)
            rows.pop()

    extend([], 0, perms)
    return found


SQUARES = {4: latin_squares(4), 5: latin_squares(5)}
# For each size, column k of FLAT holds entry k of every square: its 4n clues, then its cells.
FLAT = {
    n: list(zip(*(sum(signature(sq), ()) + sum(sq, ()) for sq in squares))) for n, squares in SQUARES.items()
}


def brute_count(n, sides, givens) -> int:
    """How many Latin squares match the clues and givens: filter by one known entry at a time."""
    known = [(k, v) for k, v in enumerate(sum(map(tuple, sides), ()) + sum(map(tuple, givens), ())) if v]
    left = range(len(SQUARES[n]))
    for k, v in known:
        column = FLAT[n][k]
        left = [i for i in left if column[i] == v]
    return len(left)


# -- solving -------------------------------------------------------------------------
def test_brute_force_sizes():
    assert len(SQUARES[4]) == 576 and len(SQUARES[5]) == 161280


@pytest.mark.parametrize("n, instances, keeps", [(4, 150, (0.15, 0.3, 0.5, 0.8)), (5, 40, (0.4, 0.6, 0.8))])
def test_counts_match_brute_force(n, instances, keeps):
    rng = random.Random(n)
    counts = set()
    for _ in range(instances):
        square = rng.choice(SQUARES[n])
        keep = rng.choice(keeps)
        sides = [[c if rng.random() < keep else 0 for c in side] for side in signature(square)]
        givens = [[v if rng.random() < 0.08 else 0 for v in row] for row in square]
        if rng.random() < 0.2:  # perhaps a wrong clue: often no solution
            sides[rng.randrange(4)][rng.randrange(n)] = rng.randrange(1, n + 1)
        spec = skyline.Skyline(*sides, givens=givens)
        found = list(skyline.search(spec).solutions())
        assert len(found) == brute_count(n, sides, givens)
        assert len(set(found)) == len(found)
        for grid in found[:50]:
            check(sides, givens, grid)
        counts.add(min(len(found), 3))
    assert counts == {0, 1, 2, 3}


def test_examples():
    counts = {}
    for name, path in skyline.PUZZLE.examples.items():
        spec = skyline.parse(path.read_text())
        found = list(skyline.search(spec).solutions(limit=300))
        for grid in found:
            check((spec.top, spec.bottom, spec.left, spec.right), spec.givens, grid)
        counts[name] = len(found)
    assert counts["five-several"] == 198
    assert all(count == 1 for name, count in counts.items() if name != "five-several")
    assert any(name.startswith("eight") for name in counts)


def test_clue_bounds():
    # A clue of 1 puts N at the edge; a clue of N forces the ascending line.
    spec = skyline.Skyline([1, 0, 0, 0], [0] * 4, [4, 0, 0, 0], [0] * 4)
    masks = spec.grid().masks
    assert masks[0] == 0  # row 0 must ascend from 1 and column 0 must start with 4
    assert skyline.search(spec).count() == 0
    spec = skyline.Skyline([0] * 4, [0] * 4, [4, 0, 0, 0], [0, 0, 0, 0])
    assert [m.bit_length() for m in spec.grid().masks[:4]] == [1, 2, 3, 4]
    spec = skyline.Skyline([0, 0, 3, 0], [0] * 4, [0] * 4, [0] * 4)
    # column 2, clue 3: heights at distance d are at most 4 - 3 + 1 + d
    assert [spec.grid().masks[r * 4 + 2] for r in range(4)] == [0b0011, 0b0111, 0b1111, 0b1111]


def test_one_by_one():
    assert skyline.search(skyline.parse("1\n1\n1\n1")).count() == 1
    assert skyline.search(skyline.parse("1\n1\n1\n1\n1")).count() == 1


# -- input ---------------------------------------------------------------------------
def test_input_shapes_agree():
    compact = skyline.parse("# c\n.32.\n1.2.\n\n3...\n....\n")
    spaced = skyline.parse("0 3 2 0\n1 . 2 .\n3 0 0 0\n. . . .\n")
    assert (compact.top, compact.bottom, compact.left, compact.right) == (spaced.top, spaced.bottom, spaced.left, spaced.right)
    assert compact.givens == spaced.givens == ((0,) * 4,) * 4
    assert skyline.parse(skyline.text_of(compact)).left == compact.left


def test_ten_needs_tokens():
    text = "\n".join(["10 . . . . . . . . ."] + [". " * 10] * 3)
    spec = skyline.parse(text)
    assert spec.n == 10 and spec.top[0] == 10


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        (".32.\n1.2.\n3...", 3, None, "expected four lines of clues"),
        (".32.\n1.2\n3...\n....", 2, None, "expected 4 clues in this line, found 3"),
        (".32.\n1.5.\n3...\n....", 2, 3, "from 1 to 4"),
        (".32.\n1.x.\n3...\n....", 2, 3, "found 'x'"),
        (".32.\n1.2.\n3...\n....\n1234\n2341\n", 6, None, "found 2 lines"),
        (".32.\n1.2.\n3...\n....\n1234\n2341\n3412\n41230\n", 8, None, "expected 4 heights"),
        (".32.\n1.2.\n3...\n....\n1234\n2341\n3412\n4129\n", 8, 4, "from 1 to 4"),
        ("", None, None, "found 0"),
    ],
)
def test_input_errors_name_the_line(text, line, column, words):
    with pytest.raises(InputError) as caught:
        skyline.parse(text, "town.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert str(caught.value).startswith("town.txt")


def test_render():
    spec = skyline.parse((EXAMPLES / "four.txt").read_text())
    assert skyline.render(spec, skyline.search(spec).first()) == "\n".join(
        [
            "    . 3 2 .",
            "  +---------+",
            "3 | 2 1 3 4 | .",
            ". | 1 2 4 3 | .",
            ". | 3 4 1 2 | .",
            ". | 4 3 2 1 | .",
            "  +---------+",
            "    1 . 2 .",
        ]
    )


# -- generator -----------------------------------------------------------------------
def test_generate_unique_and_several():
    for seed in range(4):
        spec = skyline.generate(5, seed)
        assert skyline.search(spec).verdict() is Verdict.UNIQUE
        assert brute_count(5, (spec.top, spec.bottom, spec.left, spec.right), spec.givens) == 1
    several = skyline.generate(4, 1, unique=False, keep=0.2)
    assert brute_count(4, (several.top, several.bottom, several.left, several.right), several.givens) == skyline.search(several).count()


def test_generate_command(capsys):
    assert skyline.main(["generate", "--size", "4", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert skyline.parse(out).n == 4


# -- the command ---------------------------------------------------------------------
def test_command(capsys):
    assert main(["solve", "skyline", "--example", "four"]) == 0
    out = capsys.readouterr().out
    assert "3 | 2 1 3 4 | ." in out
    assert main(["solve", "skyline", "--example", "five-several", "--count"]) == 0
    assert "198 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "skyline", "--example", "six", "--unique", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "unique"


def test_command_errors(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text(".32.\n1.2.\n3..9\n....\n")
    assert main(["solve", "skyline", str(path)]) == 2
    assert f"{path}:3:4: expected clues" in capsys.readouterr().err
    path.write_text("1...\n....\n4...\n....\n")  # column 0 must start with 4, row 0 with 1
    assert main(["solve", "skyline", str(path)]) == 1
    assert "0 solutions (search complete)" in capsys.readouterr().out
