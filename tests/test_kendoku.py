"""Kendoku: solutions checked independently, counts against brute force, input errors, limits, the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles import kendoku
from backtrack_puzzles.kendoku import MAX_SIZE, check
from measure import MEMORY_LIMIT, setup_cost

EXAMPLES = Path(kendoku.__file__).parent / "examples" / "kendoku"
HUGE = "9" * 5000


# -- brute force (nothing from the plugin's search; solutions are checked by kendoku.check) ------
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
    for _ in range(instances):
        spec = kendoku.generate(n, rng.randrange(10**6), max_cage=rng.choice((3, 4, 5)), unique=False)
        cages = cages_of(spec)
        if rng.random() < 0.25:  # a changed target: often no solution
            i = rng.randrange(len(cages))
            cells, target, operation = cages[i]
            target = target + 1 if operation or target < n else target - 1
            cages[i] = (cells, target, operation)
            spec = kendoku.Kendoku(n, [kendoku.Cage(c.name, cells_, target_, op)
                                       for c, (cells_, target_, op) in zip(spec.cages, cages, strict=True)])
        found = list(kendoku.search(spec).solutions())
        assert len(found) == brute_count(n, cages)
        assert len(set(found)) == len(found)
        for grid in found[:50]:
            assert check(spec, grid) == []
        counts.add(min(len(found), 3))
    assert counts == {0, 1, 2, 3}


def test_examples():
    counts = {}
    for name, path in kendoku.PUZZLE.examples.items():
        spec = kendoku.parse(path.read_text())
        found = list(kendoku.search(spec).solutions(limit=100))
        for grid in found:
            assert check(spec, grid) == []
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


def test_attempts_are_the_decisions_tried():
    decided = []

    class Counting(kendoku.LatinSearch):
        def decide(self, decision):
            decided.append(decision)
            return super().decide(decision)

    for name, path in sorted(kendoku.PUZZLE.examples.items()):
        decided.clear()
        search = Counting(kendoku.parse(path.read_text()).grid())
        search.count()
        assert search.report.attempts == len(decided), name
        if name == "four":  # the cages and the Latin rule settle it: no decision at all
            assert decided == [] and search.report.solutions == 1


#: Rows as cages whose targets every row meets: all 576 Latin squares of size 4.
ROWS = "AAAA\nBBBB\nCCCC\nDDDD\nA 10+\nB 24*\nC 10+\nD 24*\n"


def test_a_parallel_count_equals_the_serial_one():
    serial = kendoku.search(kendoku.parse(ROWS))
    assert serial.count() == 576
    report = parallel.count("kendoku", ROWS, {}, workers=2, warmup=0)
    assert (report.solutions, report.attempts, report.complete) == (576, serial.report.attempts, True)
    assert report.executor == "local" and report.subtrees > 1


# -- input ---------------------------------------------------------------------------
GOOD = "AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n"


def test_parse_and_text_round_trip():
    spec = kendoku.parse(GOOD)
    assert spec.n == 3 and len(spec.cages) == 4
    assert kendoku.parse(spec.text()).cages == spec.cages
    assert kendoku.text_of(spec) == spec.text() == GOOD
    spaced = kendoku.parse("A A B\nC D B\nC D D\nA 3 +\nB 5+\nC 3/\nD 6x\n")
    assert spaced.cages == spec.cages


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("AAB\nCD\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 2, None, "expected 3 cage names"),
        ("AAB\nC1B\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 2, 2, "found '1'"),
        ("ABA\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\n", 1, 1, "cage A is not connected"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6-\n", 7, 4, "a - cage has exactly two"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\n", 6, None, "cage D"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD 6*\nE 2\n", 8, 1, "'E' is not in the grid"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nA 3+\n", 7, 1, "described twice"),
        ("AAB\nCDB\nCDD\nA 3+\nB 5+\nC 3/\nD six\n", 7, None, "expected a cage"),
        ("AAB\nCDB\nCDD\nA 3\nB 5+\nC 3/\nD 6*\n", 4, 4, "expected an operation"),
        ("AB\nAC\nA 1-\nB 3\nC 1\n", 4, 3, "a single cell), a whole number from 1 to 2, found '3'"),
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
    assert main(["generate", "kendoku", "-p", "size=4", "--seed", "1"]) == 0
    spec = kendoku.parse(capsys.readouterr().out)
    assert spec.n == 4 and brute_count(4, cages_of(spec)) == 1


def independent_count(spec, limit: int = 2) -> int:
    """Solutions by a plain search of its own: cells in reading order, digits not yet in their row and column,
    each cage checked by ``cage_ok`` once its last cell is filled."""
    n = spec.n
    grid = [[0] * n for _ in range(n)]
    closing: dict[tuple[int, int], list] = {}
    for cage in spec.cages:
        closing.setdefault(max(cage.cells), []).append(cage)
    found = 0

    def fill(k: int) -> None:
        nonlocal found
        if k == n * n:
            found += 1
            return
        r, c = divmod(k, n)
        used = set(grid[r][:c]) | {grid[i][c] for i in range(r)}
        for digit in range(1, n + 1):
            if digit in used:
                continue
            grid[r][c] = digit
            if all(cage_ok(cage.operation, cage.target, [grid[i][j] for i, j in cage.cells])
                   for cage in closing.get((r, c), ())):
                fill(k + 1)
            grid[r][c] = 0
            if found >= limit:
                return

    fill(0)
    return found


def generated(arguments, capsys) -> list[str]:
    assert main(["generate", "kendoku", *arguments]) == 0
    return capsys.readouterr().out.split("\n\n")


def test_the_independent_count_agrees_with_brute_force():
    for seed in range(8):
        spec = kendoku.generate(4, seed, max_cage=3, unique=False)
        assert independent_count(spec, limit=10_000) == brute_count(4, cages_of(spec))


@pytest.mark.parametrize("size, seed, count", [(4, 7, 4), (5, 7, 3), (6, 7, 2), (7, 0, 2)])
def test_every_unique_puzzle_generated_is_unique_by_an_independent_count(size, seed, count, capsys):
    # (From 7 x 7 on the independent count takes from a tenth of a second to minutes; seeds 0 and 1 are quick.)
    texts = generated(["-p", f"size={size}", "--seed", str(seed), "--count", str(count)], capsys)
    assert len(texts) == count
    for text in texts:
        spec = kendoku.parse(text)
        assert spec.n == size and independent_count(spec) == 1
        if size <= 5:
            assert brute_count(size, cages_of(spec)) == 1


def test_the_same_seed_makes_the_same_puzzles(capsys):
    first = generated(["--seed", "5", "--count", "2", "-p", "size=5"], capsys)
    assert generated(["--seed", "5", "--count", "2", "-p", "size=5"], capsys) == first
    assert generated(["--seed", "6", "-p", "size=5"], capsys) == first[1:]


def test_generated_puzzles_as_keen_ids_decode_back(capsys):
    expected = [kendoku.parse(text) for text in generated(["--seed", "3", "--count", "3"], capsys)]
    assert main(["generate", "kendoku", "--seed", "3", "--count", "3", "--to", "tatham"]) == 0
    ids = capsys.readouterr().out.splitlines()
    assert [kendoku.decode_tatham(text, "out") for text in ids] == expected


def test_without_unique_the_puzzle_may_have_several_solutions(capsys):
    texts = generated(["--seed", "1", "--any", "-p", "size=4", "-p", "max_cage=6", "--count", "8"], capsys)
    assert max(independent_count(kendoku.parse(text), limit=3) for text in texts) > 1


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


# -- numbers of any length and the range of targets ---------------------------------------------------
#: A 9 x 9 grid whose cage A has two cells: the line of cage A is line 10.
TWO_CELL_A = "AABCDEFGH\n" + "".join(name * 9 + "\n" for name in "IJKLMNOP")


@pytest.mark.parametrize(
    "line, column, words",
    [
        ("A " + HUGE + "+", 3, "the target of cage A (2 cells, +), a whole number from 1 to 18, found '99999"),
        ("A " + HUGE, 4 + len(HUGE) - 1, "expected an operation"),  # checked first: the range depends on it
        ("A 19+", 3, "the target of cage A (2 cells, +), a whole number from 1 to 18, found '19'"),
        ("A 82*", 3, "from 1 to 81"),
        ("A 9-", 3, "(2 cells, -), a whole number from 1 to 8"),
        ("A 10/", 3, "from 1 to 9"),
        ("A 0+", 3, "from 1 to 18, found '0'"),
        ("A \u0663+", None, "expected a cage"),  # an Arabic-Indic 3 is no target
        ("A   " + "0" * 5000 + "19+", 5, "from 1 to 18, found '00000"),
    ],
)
def test_targets_of_any_length_are_input_errors_with_line_and_column(line, column, words):
    with pytest.raises(InputError) as caught:
        kendoku.parse(TWO_CELL_A + line + "\n", "t.txt")
    assert (caught.value.line, caught.value.column) == (10, column)
    assert words in caught.value.message
    assert len(caught.value.message) < 250


def test_leading_zeros_and_the_highest_target_read():
    text = TWO_CELL_A + "A 0017+\n" + "".join(f"{name} {v}\n" for name, v in zip("BCDEFGH", range(1, 8), strict=True))
    text += "".join(f"{name} 45+\n" for name in "IJKLMNOP")
    assert kendoku.parse(text).cages[0].target == 17
    assert kendoku.parse(text.replace("A 0017+", "A 18+")).cages[0].target == 18
    assert kendoku.parse(text.replace("A 0017+", "A 72*")).cages[0].target == 72


def test_a_huge_target_through_the_command(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text((EXAMPLES / "four.txt").read_text().replace("H 6+", "H " + HUGE + "+"))
    assert main(["solve", "kendoku", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:14:3: expected the target of cage H (2 cells, +)" in err
    assert "Traceback" not in err and len(err) < 300


# -- byte-order mark --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(kendoku.PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    results = []
    for prefix in (b"", b"\xef\xbb\xbf"):
        copy = tmp_path / "copy.txt"
        copy.write_bytes(prefix + kendoku.PUZZLE.examples[name].read_bytes())
        status = main(["solve", "kendoku", str(copy), "--count", "--json"])
        data = json.loads(capsys.readouterr().out)
        results.append((status, data["solutions"], data["attempts"], data["complete"]))
    assert results[0] == results[1] and results[0][0] == 0


# -- limits --------------------------------------------------------------------------------------------
def cages_text(names: list[str], targets: dict[str, str]) -> str:
    return "\n".join(names) + "\n" + "\n".join(f"{name} {target}" for name, target in targets.items()) + "\n"


def blocks(height: int, width: int, target) -> str:
    """A 9 x 9 grid cut into blocks of height x width (smaller at the edges), each with target(cells)."""
    names = [[""] * 9 for _ in range(9)]
    sizes = {}
    letters = iter(kendoku.NAMES)
    for top in range(0, 9, height):
        for left in range(0, 9, width):
            name = next(letters)
            cells = [(r, c) for r in range(top, min(top + height, 9)) for c in range(left, min(left + width, 9))]
            for r, c in cells:
                names[r][c] = name
            sizes[name] = len(cells)
    return cages_text(["".join(row) for row in names], {name: target(size) for name, size in sizes.items()})


LARGEST = {
    "one cage of 81 cells, +": cages_text(["A" * 9] * 9, {"A": "405+"}),
    "one cage of 81 cells, *": cages_text(["A" * 9] * 9, {"A": f"{362880**9}*"}),
    "rows as cages, *": cages_text([name * 9 for name in "ABCDEFGHI"], {name: "362880*" for name in "ABCDEFGHI"}),
    "3 x 2 blocks, +": blocks(3, 2, lambda size: f"{5 * size}+" if size > 1 else "5"),
    "2 x 3 blocks, *": blocks(2, 3, lambda size: f"{[1, 2, 6, 24, 120, 720][size - 1]}*" if size > 1 else "5"),
    "2 x 4 blocks, +": blocks(2, 4, lambda size: f"{5 * size}+" if size > 1 else "5"),
    "nine-hard": (EXAMPLES / "nine-hard.txt").read_text(),
}


@pytest.mark.parametrize("shape", sorted(LARGEST))
def test_the_largest_grids_set_up_within_the_memory_limit(shape):
    kendoku.parse(LARGEST[shape])
    seconds, peak = setup_cost("kendoku", LARGEST[shape])
    assert peak < MEMORY_LIMIT


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("ABCDEFGHIJ\n", 1, 10, "expected a grid 1 to 9 cells wide"),
        ("A B C D E F G H I J K\n", 1, 19, "found more than 9 cage names"),
        ("A" * 10**6 + "\n", 1, 10, "found more than 9 cage names"),
        ("AAA\nAAAA\nAAA\nA 18+\n", 2, 4, "expected 3 cage names in this grid row, found more"),
        ("AAA\nA" + "A" * 10**6 + "\nAAA\nA 18+\n", 2, 4, "found more"),
    ],
)
def test_grids_beyond_the_maximum_are_refused(text, line, column, words):
    with pytest.raises(InputError) as caught:
        kendoku.parse(text, "big.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message


def test_the_largest_grid_solves():
    spec = kendoku.parse(LARGEST["one cage of 81 cells, +"])
    assert spec.n == MAX_SIZE
    assert check(spec, kendoku.search(spec).first()) == []
    spec = kendoku.parse(LARGEST["rows as cages, *"])
    assert check(spec, kendoku.search(spec).first()) == []


# -- large cages: bounds until they can be enumerated ----------------------------------------------------
@pytest.mark.parametrize("limit", [1, 30, 500])
def test_cages_narrowed_by_bounds_count_as_brute_force(limit, monkeypatch):
    # With a low limit every cage waits (bounds only) until its cells are nearly decided.
    monkeypatch.setattr(kendoku, "ENUMERATE_LIMIT", limit)
    rng = random.Random(limit)
    for _ in range(40):
        n = rng.choice((4, 4, 5))
        spec = kendoku.generate(n, rng.randrange(10**6), max_cage=rng.choice((4, 5, 6)), unique=False)
        cages = cages_of(spec)
        if rng.random() < 0.3:
            i = rng.randrange(len(cages))
            cells, target, operation = cages[i]
            if operation in "+*":
                cages[i] = (cells, target + 1, operation)
                spec = kendoku.Kendoku(n, [kendoku.Cage(c.name, cs, t, o)
                                           for c, (cs, t, o) in zip(spec.cages, cages, strict=True)])
        found = list(kendoku.search(spec).solutions())
        assert len(found) == brute_count(n, cages)
        assert all(check(spec, grid) == [] for grid in found[:50])


def test_bounds_of_a_sum_and_a_product():
    table = kendoku.CageTable(kendoku.Cage("A", ((0, 0), (0, 1), (0, 2)), 22, "+"), 9)
    assert table.bounds([0b111111111] * 3) == [0b111111000] * 3  # 22 - 9 - 9 = 4: 4..9
    assert table.bounds([0b1, 0b111111111, 0b111111111]) is None  # 1 + 9 + 9 < 22
    assert table.bounds([0b1000, 0b100000000, 0b111111111]) == [0b1000, 0b100000000, 0b1000000000 >> 1]  # 4 + 9 + 9
    table = kendoku.CageTable(kendoku.Cage("B", ((0, 0), (0, 1), (1, 0)), 72, "*"), 9)
    assert table.bounds([0b111111111] * 3) == [0b110101111] * 3  # the digits that divide 72
    assert table.bounds([0b1, 0b1, 0b111111111]) is None  # 72 = 1 * 1 * 72
    assert table.bounds([0b10000000, 0b1, 0b111111111]) == [0b10000000, 0b1, 0b100000000]  # 8 * 1 * 9


def test_two_cell_and_single_cages_are_always_enumerated(monkeypatch):
    monkeypatch.setattr(kendoku, "ENUMERATE_LIMIT", 1)
    for operation, target in (("-", 1), ("/", 2)):
        table = kendoku.CageTable(kendoku.Cage("A", ((0, 0), (0, 1)), target, operation), 4)
        assert not table.defer([15, 15])
    assert not kendoku.CageTable(kendoku.Cage("A", ((0, 0),), 3, ""), 4).defer([15])
    assert kendoku.CageTable(kendoku.Cage("A", ((0, 0), (0, 1)), 5, "+"), 4).defer([15, 15])


# -- parameters ----------------------------------------------------------------------------------------------
def test_a_parameter_is_refused_with_status_2(capsys):
    assert main(["solve", "kendoku", "--example", "four", "-p", "n=4"]) == 2
    err = capsys.readouterr().err
    assert "puzzle kendoku has no parameter 'n'" in err and "Traceback" not in err


# -- the checker --------------------------------------------------------------------------------------------
def changed(grid, r, c, value):
    rows = [list(row) for row in grid]
    rows[r][c] = value
    return tuple(map(tuple, rows))


def test_the_checker_names_each_broken_rule():
    spec = kendoku.parse(GOOD)  # AAB / CDB / CDD; A 3+, B 5+, C 3/, D 6*
    solved = ((2, 1, 3), (1, 3, 2), (3, 2, 1))
    assert check(spec, solved) == []
    assert check(spec, changed(solved, 0, 0, 1)) == [
        "row 1 holds 1 twice: at row 1, column 1 and row 1, column 2",
        "column 1 holds 1 twice: at row 1, column 1 and row 2, column 1",
        "cage A (row 1, column 1; row 1, column 2) holds 1 and 1, which add up to 2, not its target 3"]
    assert check(spec, changed(solved, 1, 1, 1)) == [
        "row 2 holds 1 twice: at row 2, column 1 and row 2, column 2",
        "column 2 holds 1 twice: at row 1, column 2 and row 2, column 2",
        "cage D (row 2, column 2; row 3, column 2; row 3, column 3) holds 1, 2 and 1, which multiply to 2, "
        "not its target 6"]
    assert check(spec, changed(solved, 2, 0, 2)) == [
        "row 3 holds 2 twice: at row 3, column 1 and row 3, column 2",
        "column 1 holds 2 twice: at row 1, column 1 and row 3, column 1",
        "cage C (row 2, column 1; row 3, column 1) holds 1 and 2, whose quotient is 2, not its target 3"]
    # A Latin square: only the cages are wrong.
    assert check(spec, ((1, 2, 3), (3, 1, 2), (2, 3, 1))) == [
        "cage C (row 2, column 1; row 3, column 1) holds 3 and 2, whose quotient is 1.5, not its target 3",
        "cage D (row 2, column 2; row 3, column 2; row 3, column 3) holds 1, 3 and 1, which multiply to 3, "
        "not its target 6"]
    assert check(spec, solved[:2]) == ["the solution must be 3 rows of 3 digits"]
    assert check(spec, changed(solved, 0, 2, 4)) == ["row 1, column 3: 4 is not a digit from 1 to 3"]
    # An empty cell: named, and its cage is not reckoned.
    assert check(spec, changed(solved, 0, 2, 0)) == ["row 1, column 3: this cell is empty"]


def test_the_checker_on_differences_quotients_and_single_cells():
    spec = kendoku.parse("AB\nAC\nA 1-\nB 2\nC 1\n")
    assert check(spec, ((1, 2), (2, 1))) == []
    assert check(spec, ((2, 1), (1, 2))) == ["cage B (row 1, column 2) holds 1, not its target 2",
                                              "cage C (row 2, column 2) holds 2, not its target 1"]
    grid = ((3, 1, 2), (1, 2, 3), (2, 3, 1))
    spec = kendoku.parse("AAB\nCCB\nDDD\nA 3/\nB 1-\nC 2-\nD 6+\n")
    assert check(spec, grid) == [
        "cage C (row 2, column 1; row 2, column 2) holds 1 and 2, whose difference is 1, not its target 2"]
    spec = kendoku.parse("AAB\nCCB\nDDD\nA 2/\nB 1-\nC 1-\nD 6+\n")
    assert check(spec, grid) == [
        "cage A (row 1, column 1; row 1, column 2) holds 3 and 1, whose quotient is 3, not its target 2"]
    assert check(spec, ((2, 3, 1), (3, 1, 2), (1, 2, 3))) == [
        "cage A (row 1, column 1; row 1, column 2) holds 2 and 3, whose quotient is 1.5, not its target 2",
        "cage C (row 2, column 1; row 2, column 2) holds 3 and 1, whose difference is 2, not its target 1"]


# -- the trace -------------------------------------------------------------------------------------------------
def test_the_trace_names_digit_row_and_column(capsys):
    assert main(["solve", "kendoku", "--example", "five-several", "--count", "--trace"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("level")]
    assert lines and all(" in row " in line and ", column " in line and "(" not in line for line in lines)


# -- the generator's arguments (backtrack generate kendoku) -------------------------------------------------------
@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-p", "size=0"], "parameter size must be from 1 to 9, not '0'"),
        (["-p", "size=10"], "from 1 to 9, not '10'"),
        (["-p", "size=-3"], "from 1 to 9, not '-3'"),
        (["-p", "size=" + HUGE], "(5,000 characters)"),
        (["-p", "max_cage=0"], "parameter max_cage must be from 1 to 6, not '0'"),
        (["-p", "max_cage=7"], "from 1 to 6, not '7'"),
        (["-p", "max_cage=-1"], "from 1 to 6"),
        (["-p", "size=9", "-p", "max_cage=1"], "the 81 cells of a grid of size 9 need more than 52 cages"),
        (["-p", "cage=2"], "the generator has no parameter 'cage' (its parameters: size, max_cage)"),
        (["--to", "puzzlink"], "puzzle kendoku cannot be written as one of the puzz.link URLs"),
    ],
)
def test_the_generator_refuses_bad_arguments_with_status_2(arguments, message, capsys):
    assert main(["generate", "kendoku", "--seed", "1", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 1000


def test_the_generator_takes_the_ends_of_its_ranges(capsys):
    assert main(["generate", "kendoku", "-p", "size=1", "--seed", "-5"]) == 0
    assert kendoku.parse(capsys.readouterr().out).n == 1
    assert main(["generate", "kendoku", "-p", "size=7", "-p", "max_cage=1", "--seed", "2"]) == 0
    assert len(kendoku.parse(capsys.readouterr().out).cages) == 49
    assert main(["generate", "kendoku", "-p", "size=9", "-p", "max_cage=2", "--seed", "1", "--any"]) == 0
    assert len(kendoku.parse(capsys.readouterr().out).cages) <= 52


def test_a_cutting_into_too_many_cages_is_cut_again():
    # Cages of at most 2 cells on 81 cells: a cutting may need more than 52 names, then it is cut again.
    for seed in range(20):
        spec = kendoku.generate(9, seed, max_cage=2, unique=False)
        assert len(spec.cages) <= 52
