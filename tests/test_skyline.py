"""Skyline: solutions checked independently, counts against brute force, input errors, limits, the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from backtrack import InputError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles import skyline
from backtrack_puzzles.skyline import MAX_SIZE, check
from measure import MEMORY_LIMIT, setup_cost

EXAMPLES = Path(skyline.__file__).parent / "examples" / "skyline"
HUGE = "9" * 5000


# -- brute force (nothing from the plugin's search; solutions are checked by skyline.check) ------
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
    n: list(zip(*(sum(signature(sq), ()) + sum(sq, ()) for sq in squares), strict=True))
    for n, squares in SQUARES.items()
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
            assert check(spec, grid) == []
        counts.add(min(len(found), 3))
    assert counts == {0, 1, 2, 3}


def test_examples():
    counts = {}
    for name, path in skyline.PUZZLE.examples.items():
        spec = skyline.parse(path.read_text())
        found = list(skyline.search(spec).solutions(limit=300))
        for grid in found:
            assert check(spec, grid) == []
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


def test_attempts_are_the_decisions_tried():
    decided = []

    class Counting(skyline.LatinSearch):
        def decide(self, decision):
            decided.append(decision)
            return super().decide(decision)

    for name, path in sorted(skyline.PUZZLE.examples.items()):
        decided.clear()
        search = Counting(skyline.parse(path.read_text()).grid())
        search.count()
        assert search.report.attempts == len(decided), name
        if name in ("four", "five", "six"):  # the clues settle these: no decision at all
            assert decided == [] and search.report.solutions == 1


def test_a_parallel_count_equals_the_serial_one():
    text = (EXAMPLES / "five-several.txt").read_text()
    serial = skyline.search(skyline.parse(text))
    assert serial.count() == 198
    report = parallel.count("skyline", text, {}, workers=2, warmup=0)
    assert (report.solutions, report.attempts, report.complete) == (198, serial.report.attempts, True)
    assert report.executor == "local" and report.subtrees > 1


# -- input ---------------------------------------------------------------------------
def test_input_shapes_agree():
    compact = skyline.parse("# c\n.32.\n1.2.\n\n3...\n....\n")
    spaced = skyline.parse("0 3 2 0\n1 . 2 .\n3 0 0 0\n. . . .\n")
    assert (compact.top, compact.bottom, compact.left, compact.right) == (
        spaced.top, spaced.bottom, spaced.left, spaced.right)
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
        (".32.\n1.2.\n3...\n....\n1234\n2341\n3412\n41230\n", 8, 5, "expected 4 heights"),
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
    sides = (several.top, several.bottom, several.left, several.right)
    assert brute_count(4, sides, several.givens) == skyline.search(several).count()


def test_generate_command(capsys):
    assert main(["generate", "skyline", "-p", "size=4", "--seed", "0"]) == 0
    spec = skyline.parse(capsys.readouterr().out)
    assert spec.n == 4 and brute_count(4, (spec.top, spec.bottom, spec.left, spec.right), spec.givens) == 1


def independent_count(spec, limit: int = 2) -> int:
    """Solutions by a plain search of its own: rows are permutations that fit their givens and clues, taken so
    that no column repeats a height; the column clues are counted on each full grid."""
    n = spec.n
    options = []
    for r in range(n):
        options.append([row for row in itertools.permutations(range(1, n + 1))
                        if all(g in (0, v) for g, v in zip(spec.givens[r], row, strict=True))
                        and spec.left[r] in (0, seen(row)) and spec.right[r] in (0, seen(row[::-1]))])
    found = 0

    def place(rows: list) -> None:
        nonlocal found
        if len(rows) == n:
            top, bottom, _, _ = signature(rows)
            if all(c in (0, v) for c, v in zip(spec.top + spec.bottom, top + bottom, strict=True)):
                found += 1
            return
        left = n - len(rows) - 1  # rows still to come below this one
        for row in options[len(rows)]:
            if not all(row[c] != above[c] for above in rows for c in range(n)):
                continue
            grid = [*rows, row]
            # Seen from above so far: not more than the clue, and enough rows left to reach it.
            if all(not clue or seen(column) <= clue <= seen(column) + min(left, n - max(column))
                   for clue, column in zip(spec.top, zip(*grid, strict=True), strict=True)):
                place(grid)
                if found >= limit:
                    return

    place([])
    return found


def generated(arguments, capsys) -> list[str]:
    assert main(["generate", "skyline", *arguments]) == 0
    return capsys.readouterr().out.split("\n\n")


def test_the_independent_count_agrees_with_brute_force():
    rng = random.Random(3)
    for _ in range(30):
        square = rng.choice(SQUARES[4])
        sides = [[c if rng.random() < 0.4 else 0 for c in side] for side in signature(square)]
        givens = [[v if rng.random() < 0.1 else 0 for v in row] for row in square]
        spec = skyline.Skyline(*sides, givens=givens)
        assert independent_count(spec, limit=1000) == brute_count(4, sides, givens)


@pytest.mark.parametrize("size, seed, count", [(4, 7, 4), (5, 7, 3), (6, 0, 2)])
def test_every_unique_puzzle_generated_is_unique_by_an_independent_count(size, seed, count, capsys):
    # (A 6 x 6 takes the independent count from a tenth of a second to minutes; seeds 0 and 1 are quick.)
    texts = generated(["-p", f"size={size}", "--seed", str(seed), "--count", str(count)], capsys)
    assert len(texts) == count
    for text in texts:
        spec = skyline.parse(text)
        assert spec.n == size and independent_count(spec) == 1
        if size <= 5:
            assert brute_count(size, (spec.top, spec.bottom, spec.left, spec.right), spec.givens) == 1


def test_the_same_seed_makes_the_same_puzzles(capsys):
    first = generated(["--seed", "5", "--count", "2", "-p", "size=5"], capsys)
    assert generated(["--seed", "5", "--count", "2", "-p", "size=5"], capsys) == first
    assert generated(["--seed", "6", "-p", "size=5"], capsys) == first[1:]


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3"])
def test_generated_puzzles_in_every_format_decode_back(form, capsys):
    expected = [skyline.parse(text) for text in generated(["--seed", "3", "--count", "2"], capsys)]
    assert main(["generate", "skyline", "--seed", "3", "--count", "2", "--to", form]) == 0
    out = capsys.readouterr().out
    texts = out.split("\n\n") if form == "pzprv3" else out.splitlines()
    assert [skyline.FORMATS[form].decode(text, "out") for text in texts] == expected


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


# -- numbers of any length -----------------------------------------------------------------------------
TEN = "\n".join(["10 . . . . . . . . ."] + [". " * 10] * 3) + "\n"


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        (TEN.replace("10 . .", "10 . " + HUGE, 1), 1, 6,
         "expected clues: a number from 1 to 10, or . or 0 for none, found '99999"),
        (TEN.replace(". . . . . . . . . . \n", ". . " + HUGE + " . . . . . . . \n", 1), 2, 5, "found '99999"),
        (TEN + (". " * 10 + "\n") * 9 + ". " * 9 + HUGE + "\n", 14, 19, "expected heights: a number from 1 to 10"),
        (".3" + HUGE + "2.\n1.2.\n3...\n....\n", 1, 17, f"expected at most {MAX_SIZE} clues per side"),
        (".32.\n1." + HUGE + "\n3...\n....\n", 2, 5, "expected 4 clues in this line, found more"),
        (".32.\n1.2.\n3...\n....\n1234\n2341\n3" + HUGE + "\n4123\n", 7, 5,
         "expected 4 heights in this line, found more"),
        ("0 3 2 " + "0" * 5000 + "\n1 . 2 .\n3 0 0 0\n. . . .\n", None, None, None),  # zeros of any length: no clue
        ("\uff13...\n1.2.\n3...\n....\n", 1, 1, "found '\uff13'"),  # a fullwidth 3 is no clue
        (".32.\n1.2.\n3...\n....\n1234\n2\u00b941\n3412\n4123\n", 6, 2, "found '\u00b9'"),  # nor a superscript 1
    ],
)
def test_numbers_of_any_length_are_input_errors_with_line_and_column(text, line, column, words):
    if words is None:
        assert skyline.parse(text).top == (0, 3, 2, 0)
        return
    with pytest.raises(InputError) as caught:
        skyline.parse(text, "town.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert len(caught.value.message) < 250


def test_a_huge_clue_through_the_command(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text(TEN.replace("10 . .", "10 . " + HUGE, 1))
    assert main(["solve", "skyline", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1:6: expected clues" in err and "Traceback" not in err and len(err) < 300


# -- byte-order mark ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(skyline.PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    results = []
    for prefix in (b"", b"\xef\xbb\xbf"):
        copy = tmp_path / "copy.txt"
        copy.write_bytes(prefix + skyline.PUZZLE.examples[name].read_bytes())
        status = main(["solve", "skyline", str(copy), "--count", "--json"])
        data = json.loads(capsys.readouterr().out)
        results.append((status, data["solutions"], data["attempts"], data["complete"]))
    assert results[0] == results[1] and results[0][0] == 0


# -- limits ---------------------------------------------------------------------------------------------------
def sixteen(hole) -> str:
    """A 16 x 16 puzzle: every clue of a square made of two 8 x 8 squares, heights given outside ``hole(r, c)``."""
    small = skyline.random_latin_square(8, random.Random(1))
    square = [[(r // 8 + c // 8) % 2 * 8 + small[r % 8][c % 8] for c in range(16)] for r in range(16)]
    plain = skyline.Skyline([0] * 16, [0] * 16, [0] * 16, [0] * 16)
    givens = [[0 if hole(r, c) else square[r][c] for c in range(16)] for r in range(16)]
    return skyline.text_of(skyline.Skyline(*plain.clues_of(square), givens=givens))


LARGEST = {
    "no clues": "\n".join([" ".join(["."] * 16)] * 4),
    "all clues": sixteen(lambda r, c: True),
    # Each line has 8 open cells and clues at both ends: all 32 lines are enumerated at the start (the slowest found).
    "two holes": sixteen(lambda r, c: (r < 8) == (c < 8)),
    "a 10 x 10 hole": sixteen(lambda r, c: r < 10 and c < 10),
}


@pytest.mark.parametrize("shape", sorted(LARGEST))
def test_the_largest_grids_set_up_within_the_memory_limit(shape):
    assert skyline.parse(LARGEST[shape]).n == MAX_SIZE
    seconds, peak = setup_cost("skyline", LARGEST[shape])
    assert peak < MEMORY_LIMIT


@pytest.mark.parametrize(
    "text, line, column",
    [
        (" ".join(["."] * 17) + "\n" + "\n".join([" ".join(["."] * 17)] * 3), 1, 33),
        ("." * 17 + "\n" + ("." * 17 + "\n") * 3, 1, 17),
        ("# big\n" + "1" * 10**6 + "\n....\n....\n....\n", 2, 17),
    ],
)
def test_grids_beyond_the_maximum_are_refused(text, line, column):
    with pytest.raises(InputError) as caught:
        skyline.parse(text, "big.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    words = f"expected at most {MAX_SIZE} clues per side (grids of 1 x 1 to 16 x 16 cells), found more"
    assert words in caught.value.message


def test_a_parameter_is_refused_with_status_2(capsys):
    assert main(["solve", "skyline", "--example", "four", "-p", "size=4"]) == 2
    err = capsys.readouterr().err
    assert "puzzle skyline has no parameter 'size'" in err and "Traceback" not in err


# -- the checker --------------------------------------------------------------------------------------------------
FOUR_SOLVED = ((2, 1, 3, 4), (1, 2, 4, 3), (3, 4, 1, 2), (4, 3, 2, 1))


def changed(grid, r, c, value):
    rows = [list(row) for row in grid]
    rows[r][c] = value
    return tuple(map(tuple, rows))


def test_the_checker_names_each_broken_rule():
    spec = skyline.parse((EXAMPLES / "four.txt").read_text())  # top .32., bottom 1.2., left 3...
    assert check(spec, FOUR_SOLVED) == []
    assert check(spec, changed(FOUR_SOLVED, 0, 0, 1)) == [
        "row 1 holds height 1 twice: at row 1, column 1 and row 1, column 2",
        "column 1 holds height 1 twice: at row 1, column 1 and row 2, column 1"]
    assert check(spec, changed(FOUR_SOLVED, 0, 1, 3)) == [
        "row 1 holds height 3 twice: at row 1, column 2 and row 1, column 3",
        "column 2 holds height 3 twice: at row 1, column 2 and row 4, column 2",
        "column 2 seen from above (from row 1, column 2) shows 2 buildings, its clue says 3"]
    mirrored = tuple(tuple(reversed(row)) for row in FOUR_SOLVED)  # a Latin square: only the clues are wrong
    assert check(spec, mirrored) == [
        "column 2 seen from above (from row 1, column 2) shows 2 buildings, its clue says 3",
        "column 3 seen from above (from row 1, column 3) shows 3 buildings, its clue says 2",
        "column 1 seen from below (from row 4, column 1) shows 4 buildings, its clue says 1",
        "row 1 seen from the left (from row 1, column 1) shows 1 building, its clue says 3"]
    assert check(spec, changed(FOUR_SOLVED, 1, 1, 7)) == ["row 2, column 2: 7 is not a height from 1 to 4"]
    assert check(spec, changed(FOUR_SOLVED, 1, 1, 0)) == ["row 2, column 2: this cell is empty"]
    assert check(spec, FOUR_SOLVED[:3]) == ["the solution must be 4 rows of 4 heights"]
    given = skyline.parse((EXAMPLES / "four.txt").read_text() + "2...\n....\n....\n....\n")
    assert check(given, FOUR_SOLVED) == []
    assert check(given, changed(FOUR_SOLVED, 0, 0, 1))[0] == "row 1, column 1: the given height 2 became 1"


def test_the_checker_reads_the_right_and_bottom_clues_backwards():
    assert check(skyline.Skyline([0] * 4, [0, 0, 0, 4], [0] * 4, [0, 2, 0, 0]), FOUR_SOLVED) == []
    spec = skyline.Skyline([0] * 4, [0, 0, 0, 1], [0] * 4, [0, 1, 0, 0])
    assert check(spec, FOUR_SOLVED) == [
        "column 4 seen from below (from row 4, column 4) shows 4 buildings, its clue says 1",
        "row 2 seen from the right (from row 2, column 4) shows 2 buildings, its clue says 1"]


# -- the trace ---------------------------------------------------------------------------------------------------
def test_the_trace_names_height_row_and_column(capsys):
    assert main(["solve", "skyline", "--example", "eight-hard", "--trace"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.lstrip().startswith("level")]
    assert lines and all(" in row " in line and ", column " in line and "(" not in line for line in lines)
    # The clues of "six" settle it before any decision: nothing to trace, and no attempt.
    assert main(["solve", "skyline", "--example", "six", "--trace", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["attempts"] == 0 and "level" not in captured.err


# -- the generator's arguments (backtrack generate skyline) ---------------------------------------------------
@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-p", "size=0"], "parameter size must be from 1 to 16, not '0'"),
        (["-p", "size=17"], "from 1 to 16, not '17'"),
        (["-p", "size=-4"], "from 1 to 16, not '-4'"),
        (["-p", "size=" + HUGE], "(5,000 characters)"),
        (["-p", "keep=-0.1"], "parameter keep must be from 0.0 to 1.0, not '-0.1'"),
        (["-p", "keep=1.5"], "not '1.5'"),
        (["-p", "keep=nan", "--any"], "parameter keep takes a number from 0.0 to 1.0, not 'nan'"),
        (["-p", "keep=half"], "parameter keep takes a number from 0.0 to 1.0, not 'half'"),
        (["-p", "keep=" + HUGE], "(5,000 characters)"),
        (["-p", "size=10"], "unique puzzles are made up to 9 x 9 (proving a larger one unique takes hours); "
                            "with --any, up to 16 x 16"),
    ],
)
def test_the_generator_refuses_bad_arguments_with_status_2(arguments, message, capsys):
    assert main(["generate", "skyline", "--seed", "1", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 1000


def test_the_generator_takes_the_ends_of_its_ranges(capsys):
    assert main(["generate", "skyline", "-p", "size=1", "--seed", "-1"]) == 0
    assert skyline.parse(capsys.readouterr().out).n == 1
    assert main(["generate", "skyline", "-p", "size=16", "--any", "-p", "keep=1", "--seed", "3"]) == 0
    spec = skyline.parse(capsys.readouterr().out)
    assert spec.n == 16 and all(spec.top)
    assert main(["generate", "skyline", "-p", "size=5", "--any", "-p", "keep=0", "--seed", "3"]) == 0
    assert not any(skyline.parse(capsys.readouterr().out).top)


def test_the_generator_ends_when_its_budget_runs_out(monkeypatch):
    monkeypatch.setattr(skyline, "CHECK_ATTEMPTS", 2)
    monkeypatch.setattr(skyline, "GENERATE_ATTEMPTS", 10)
    spec = skyline.generate(6, seed=1)
    assert skyline.search(spec).verdict() is Verdict.UNIQUE
