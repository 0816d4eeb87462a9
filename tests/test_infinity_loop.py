"""Infinity Loop: the seed's API and session (façades over the model), parsing and its limits, the searches against
an independent brute force, attempts and parallel counts, the rule checker, the trace, the examples' old names and the
generator through ``backtrack generate`` (its boards counted unique by the brute force and the plain search)."""

from __future__ import annotations

import doctest
import itertools
import json
import random
import sys
from pathlib import Path

import pytest

from backtrack import InputError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles.infinity_loop import (
    MAX_SIZE, MAX_UNIQUE_SIZE, PUZZLE, Board, OneindigeLus, PropagatingLoopSearch, Tegel, as_json, check, generate,
    parse, render, search, text_of,
)

sys.path.insert(0, str(Path(__file__).parent))
from measure import MEMORY_LIMIT, setup_cost  # noqa: E402

CHARACTERS = " ╹╺┗╻┃┏┣╸┛━┻┓┫┳╋"
PUBLISHED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "oneindige-lus.txt"

# The seed's example session (oneindige-lus.txt, "Voorbeeld"), every line in order.
SESSION = """\
>>> tegel = Tegel(11)
>>> int(tegel)
11
>>> str(tegel)
'┻'
>>> tegel
Tegel('┻')
>>> tegel.boven
True
>>> tegel.rechts
True
>>> tegel.onder
False
>>> tegel.links
True
>>> tegel.draai()
Tegel('┣')
>>> tegel
Tegel('┣')
>>> tegel.draai().draai()
Tegel('┫')
>>> tegel.draai(False)
Tegel('┳')
>>> tegel.draai(False).draai(False)
Tegel('┻')
>>> tegel >> 3
Tegel('┫')
>>> tegel
Tegel('┻')
>>> tegel << 6
Tegel('┳')
>>> tegel
Tegel('┻')

>>> Tegel('┛') == Tegel('┓')
False
>>> Tegel('┛') != Tegel('┓')
True
>>> Tegel('┛') == Tegel('┓').draai()
True

>>> Tegel('┓') | Tegel('┗')
Tegel('╋')
>>> Tegel('┣') & Tegel('┻')
Tegel('┗')
>>> tegel | Tegel('┫')
Tegel('╋')
>>> tegel
Tegel('┻')
>>> Tegel('┃') & tegel
Tegel('╹')
>>> tegel
Tegel('┻')

>>> puzzel = OneindigeLus([9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3], 4)
>>> puzzel
OneindigeLus([9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3], 4)
>>> print(puzzel)
┛┓┓┏
━┫┫┃
┗┗┛┗
>>> puzzel.isopgelost()
False
>>> puzzel.draai(0, 0).draai(0, 0).draai(0, 2, False).draai(0, 3)
OneindigeLus([6, 12, 6, 12, 10, 13, 13, 5, 3, 3, 9, 3], 4)
>>> print(puzzel)
┏┓┏┓
━┫┫┃
┗┗┛┗
>>> puzzel.isopgelost()
False
>>> puzzel.draai(1, 0).draai(1, 1).draai(1, 1)
OneindigeLus([6, 12, 6, 12, 5, 7, 13, 5, 3, 3, 9, 3], 4)
>>> print(puzzel)
┏┓┏┓
┃┣┫┃
┗┗┛┗
>>> puzzel.isopgelost()
False
>>> puzzel.draai(2, 1, False).draai(2, 2).draai(2, 3, False)
OneindigeLus([6, 12, 6, 12, 5, 7, 13, 5, 3, 9, 3, 9], 4)
>>> print(puzzel)
┏┓┏┓
┃┣┫┃
┗┛┗┛
>>> puzzel.isopgelost()
True
"""


# -- the seed's API ----------------------------------------------------------------------


def test_seed_session_reproduces_exactly():
    test = doctest.DocTestParser().get_doctest(SESSION, {"Tegel": Tegel, "OneindigeLus": OneindigeLus}, "seed", None, 0)
    assert len(test.examples) == SESSION.count(">>> ")
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=0)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


@pytest.mark.skipif(not PUBLISHED.exists(), reason="the published seed text is not next to the repository")
def test_session_is_the_published_one():
    published = PUBLISHED.read_text(encoding="utf-8")
    session = published[published.index(">>> tegel = Tegel(11)") :]
    assert session.split() == SESSION.split()


def test_tile_characters_and_numbers():
    for mask, character in enumerate(CHARACTERS):
        assert int(Tegel(mask)) == mask == int(Tegel(character))
        assert str(Tegel(mask)) == character
        assert repr(Tegel(mask)) == f"Tegel({character!r})"
        assert eval(repr(Tegel(mask)), {"Tegel": Tegel}) == Tegel(mask)
        tile = Tegel(mask)
        assert (tile.boven, tile.rechts, tile.onder, tile.links) == tuple(bool(mask & bit) for bit in (1, 2, 4, 8))
    assert Tegel() == Tegel(0) == Tegel(" ")
    assert Tegel(13) == Tegel("┫")


@pytest.mark.parametrize("wrong", [16, -1, "x", "", "┏┓", "1", True, 1.0, object(), [3], Tegel(3)])
def test_invalid_tiles(wrong):
    with pytest.raises(AssertionError, match="^ongeldige tegel$"):
        Tegel(wrong)


def test_tile_turns_and_operators_leave_operands_alone():
    for mask in range(16):
        tile = Tegel(mask)
        expected = (mask << 1 | mask >> 3) & 15  # up -> right -> down -> left -> up
        assert tile >> 1 == Tegel(expected) and tile << 3 == Tegel(expected) and tile >> -3 == Tegel(expected)
        assert int(tile) == mask
        assert tile >> 4 == tile << 8 == tile >> 0 == tile
        assert tile.draai() is tile and int(tile) == expected
        assert tile.draai(False) is tile and int(tile) == mask
        for other in range(16):
            assert Tegel(mask) | Tegel(other) == Tegel(mask | other)
            assert Tegel(mask) & Tegel(other) == Tegel(mask & other)
            assert (Tegel(mask) == Tegel(other)) == (mask == other) != (Tegel(mask) != Tegel(other))
    left, right = Tegel("┓"), Tegel("┗")
    _ = (left | right, left & right, left >> 1, right << 2)
    assert (left, right) == (Tegel("┓"), Tegel("┗"))
    assert Tegel(3) != 3 and Tegel(3) != "┗"


def test_tiles_hash_like_equality():
    assert len({Tegel(mask) for mask in range(16)} | {Tegel(character) for character in CHARACTERS}) == 16
    assert hash(Tegel("┛")) == hash(Tegel("┓").draai())
    assert {Tegel("┗"): 1}[Tegel(3)] == 1


@pytest.mark.parametrize(
    "tegels, kolommen",
    [([], 1), ([1, 2, 3], 2), ([1, 2], 0), ([1, 2], -2), ([16], 1), ([-1], 1), ([1.0], 1), (["┏"], 1), ([True], 1),
     ("123", 1), ({1, 2}, 1), ([1, 2], 2.0), ([1, 2], True), (None, 1)],
)
def test_invalid_boards(tegels, kolommen):
    with pytest.raises(AssertionError, match="^ongeldig rooster$"):
        OneindigeLus(tegels, kolommen)


def test_board_api():
    board = OneindigeLus((9, 12, 12, 6, 10, 13), 3)
    assert (board.rijen, board.kolommen, board.tegels) == (2, 3, (9, 12, 12, 6, 10, 13))
    assert repr(board) == "OneindigeLus([9, 12, 12, 6, 10, 13], 3)"
    assert board.tegel(1, 2) == Tegel(13)
    for row, column in [(2, 0), (0, 3), (-1, 0), (0, -1), (True, 0), (0.0, 0)]:
        with pytest.raises(AssertionError, match="^ongeldige positie$"):
            board.draai(row, column)
    assert board.draai(1, 2, False) is board and board.tegels[5] == 14  # ┫ anticlockwise is ┳
    assert OneindigeLus([0], 1).isopgelost()
    assert not OneindigeLus([2], 1).isopgelost()  # points off the board


def test_the_seed_classes_are_facades_over_the_model():
    board = Board((9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3), 4)
    facade = OneindigeLus([9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3], 4)
    assert facade.board == board == parse(str(facade)) and (board.rows, board.cols) == (3, 4)
    assert OneindigeLus.of(board).board is board and repr(OneindigeLus.of(board)) == repr(facade)
    assert str(facade) == text_of(board) and parse(text_of(board, numbers=True)) == board
    assert facade.tegel(1, 2) == Tegel(board.tile(1, 2)) and board.turned(0, 0, -1).tile(0, 0) == 12
    facade.draai(0, 0).draai(0, 0)
    assert facade.board == board.turned(0, 0, 2) and board.tiles[0] == 9  # the model is never changed in place
    with pytest.raises(IndexError):
        board.tile(3, 0)
    # search, check, render and as_json take the façade too, and read its board.
    facade = OneindigeLus.of(board)
    solution = search(facade).first()
    assert solution == search(board).first() and check(facade, solution) == check(board, solution) == []
    assert render(facade, solution) == render(board, solution) and as_json(facade, solution) == as_json(board, solution)
    assert Board(solution, 4).is_solved() and not board.is_solved()


# -- an independent brute force (nothing from the plugin's search code) ------------------


def sides(mask: int) -> tuple[bool, bool, bool, bool]:
    """(up, right, down, left) of a bitmask."""
    return bool(mask & 1), bool(mask & 2), bool(mask & 4), bool(mask & 8)


def turned_versions(mask: int) -> set[int]:
    """Every tile reachable by turning: shift the (up, right, down, left) sides around."""
    found = set()
    current = list(sides(mask))
    for _ in range(4):
        current = [current[3]] + current[:3]  # clockwise: left becomes up, up becomes right ...
        found.add(sum(bit for bit, on in zip((1, 2, 4, 8), current, strict=True) if on))
    return found


def is_solution(grid: list[list[int]]) -> bool:
    rows, columns = len(grid), len(grid[0])
    for r, c in itertools.product(range(rows), range(columns)):
        up, right, down, left = sides(grid[r][c])
        if up != (r > 0 and sides(grid[r - 1][c])[2]) or left != (c > 0 and sides(grid[r][c - 1])[1]):
            return False
        if (right and c == columns - 1) or (down and r == rows - 1):
            return False
    return True


def brute_force_all(given: list[list[int]]) -> set[tuple[int, ...]]:
    """Every combination of turns, checked whole; distinct grids."""
    columns = len(given[0])
    flat = [mask for row in given for mask in row]
    found = set()
    for grid in itertools.product(*(sorted(turned_versions(mask)) for mask in flat)):
        if is_solution([list(grid[start : start + columns]) for start in range(0, len(grid), columns)]):
            found.add(grid)
    return found


def brute_force_pruned(given: list[list[int]]) -> set[tuple[int, ...]]:
    """The same set, cutting a combination off as soon as a placed tile disagrees with its left or upper neighbour."""
    rows, columns = len(given), len(given[0])
    flat = [mask for row in given for mask in row]
    found: set[tuple[int, ...]] = set()
    grid: list[int] = []

    def place(index: int) -> None:
        if index == len(flat):
            found.add(tuple(grid))
            return
        r, c = divmod(index, columns)
        for mask in turned_versions(flat[index]):
            up, right, down, left = sides(mask)
            if up != (r > 0 and sides(grid[index - columns])[2]) or left != (c > 0 and sides(grid[index - 1])[1]):
                continue
            if (right and c == columns - 1) or (down and r == rows - 1):
                continue
            grid.append(mask)
            place(index + 1)
            grid.pop()

    place(0)
    return found


def random_solved(rows: int, columns: int, chance: random.Random, density: float) -> list[list[int]]:
    """A solved grid from random open edges, made here rather than by the plugin's generator."""
    grid = [[0] * columns for _ in range(rows)]
    for r, c in itertools.product(range(rows), range(columns)):
        if c + 1 < columns and chance.random() < density:
            grid[r][c] |= 2
            grid[r][c + 1] |= 8
        if r + 1 < rows and chance.random() < density:
            grid[r][c] |= 4
            grid[r + 1][c] |= 1
    return grid


def small_boards() -> list[list[list[int]]]:
    """Many small boards: uniform random tiles (mostly unsolvable), end tiles and some blanks
    (the solutions are domino tilings: often many), and scrambled solved grids."""
    chance = random.Random(20241129)
    boards = []
    for number in range(160):
        rows, columns = chance.choice([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3)])
        if number % 4 == 0:
            boards.append([[chance.randrange(16) for _ in range(columns)] for _ in range(rows)])
        elif number % 4 == 1:
            boards.append([[chance.choice([1, 2, 4, 8, 1, 2, 4, 8, 0]) for _ in range(columns)] for _ in range(rows)])
        else:
            grid = random_solved(rows, columns, chance, chance.choice([0.3, 0.5, 0.7, 0.9, 1.0]))
            boards.append([[chance.choice(sorted(turned_versions(mask))) for mask in row] for row in grid])
    return boards


def to_board(grid: list[list[int]]) -> Board:
    return Board(tuple(mask for row in grid for mask in row), len(grid[0]))


def test_brute_forces_agree():
    for grid in small_boards()[:40]:
        if len(grid) * len(grid[0]) <= 6:
            assert brute_force_all(grid) == brute_force_pruned(grid)


@pytest.mark.parametrize("method", ["propagate", "plain"])
def test_solutions_match_brute_force(method):
    counts = []
    for grid in small_boards():
        expected = brute_force_pruned(grid)
        solver = search(to_board(grid), method=method)
        found = list(solver.solutions())
        assert solver.report.complete
        assert len(found) == len(set(found)) == len(expected), grid
        assert set(found) == expected, grid
        for solution in found:
            assert check(to_board(grid), solution) == []
            columns = len(grid[0])
            assert is_solution([list(solution[start : start + columns]) for start in range(0, len(solution), columns)])
        assert search(to_board(grid), method=method).count() == len(expected)
        counts.append(len(expected))
    assert counts.count(0) >= 20 and counts.count(1) >= 20 and sum(count >= 2 for count in counts) >= 20, counts
    assert sum(count >= 4 for count in counts) >= 5 and max(counts) >= 11, counts


@pytest.mark.parametrize("rows, columns, tilings",
                         [(2, 2, 2), (2, 3, 3), (2, 4, 5), (3, 4, 11), (4, 4, 36), (3, 3, 0), (6, 6, 6728)])
def test_end_tiles_count_domino_tilings(rows, columns, tilings):
    board = Board(tuple(random.Random(rows * columns).choice([1, 2, 4, 8]) for _ in range(rows * columns)), columns)
    assert search(board).count() == tilings


def test_verdicts_match_brute_force():
    for grid in small_boards()[:60]:
        expected = len(brute_force_pruned(grid))
        assert search(to_board(grid)).verdict() == Verdict.of(expected, True)


def test_search_can_be_run_again_and_resumed():
    board = Board((1,) * 16, 4)  # end tiles: the 36 domino tilings of 4 x 4
    solver = search(board)
    assert isinstance(solver, PropagatingLoopSearch)
    everything = list(solver.solutions())
    assert len(everything) > 1
    assert list(solver.solutions()) == everything
    # A prefix of decisions searches only below it, in a fresh search too: the first decisions' subtrees together
    # hold everything, in the same order.  After a search the state is the root's again.
    decisions = solver.branch()
    assert decisions == [(0, 0, 2), (0, 0, 4)]  # the corner tile: ╺ or ╻ (row and column from 0, bitmask)
    parts = []
    for decision in decisions:
        fresh = search(board)
        parts.extend(fresh.solutions(prefix=[decision]))
    assert parts == everything


class CountingDecisions(PropagatingLoopSearch):
    """The propagating search, counting the decisions it makes (deductions are not decisions)."""

    decisions = 0

    def decide(self, decision):
        CountingDecisions.decisions += 1
        return super().decide(decision)


def test_attempts_are_the_decisions_tried():
    boards = [parse(PUZZLE.examples["ambiguous-20x20"].read_text(encoding="utf-8")), Board((1,) * 16, 4),
              generate(12, 12, 3), *map(to_board, small_boards()[:40])]
    for board in boards:
        for run in (lambda s: s.count(), lambda s: s.first(), lambda s: s.verdict()):
            CountingDecisions.decisions = 0
            solver = CountingDecisions(board)
            run(solver)
            assert solver.report.attempts == CountingDecisions.decisions
    exercise = CountingDecisions(parse(PUZZLE.examples["exercise"].read_text(encoding="utf-8")))
    CountingDecisions.decisions = 0
    assert exercise.count() == 1 and exercise.report.attempts == CountingDecisions.decisions == 0  # the border does it
    # The counts of decisions tried: before the port, a board solved by propagating the border alone (the exercise,
    # random-30x30) took one attempt, a dummy move; the others are as they were, and so is the plain search.
    attempts = {("exercise", "propagate"): 0, ("random-30x30", "propagate"): 0, ("random-50x50", "propagate"): 6,
                ("ambiguous-20x20", "propagate"): 22, ("exercise", "plain"): 46}
    for (name, method), tried in attempts.items():
        solver = search(parse(PUZZLE.examples[name].read_text(encoding="utf-8")), method=method)
        solver.count()
        assert solver.report.attempts == tried, (name, method)


@pytest.mark.parametrize("method", ["propagate", "plain"])
def test_a_parallel_count_equals_the_serial_one(method):
    board = Board(tuple(random.Random(36).choice([1, 2, 4, 8]) for _ in range(36)), 6)  # 6728 domino tilings
    text = text_of(board, numbers=True)
    report = parallel.count(PUZZLE, text, {"method": method}, workers=2, warmup=0)
    serial = search(board, method=method)
    assert (report.solutions, report.complete) == (serial.count(), True) == (6728, True)
    assert report.attempts == serial.report.attempts and report.subtrees > 1


def test_a_parallel_count_of_boards_solved_early():
    for name, attempts in (("exercise", 0), ("random-50x50", 6)):  # by the border alone; after six decisions
        report = parallel.count(PUZZLE, PUZZLE.examples[name].read_text(encoding="utf-8"), workers=2, warmup=0)
        assert (report.solutions, report.attempts, report.complete) == (1, attempts, True)


def test_contradiction_at_the_border_has_no_solution():
    for grid in ([[15]], [[1, 0]], [[5], [5]], [[15, 15], [15, 15]]):
        for method in ("propagate", "plain"):
            assert search(to_board(grid), method=method).count() == 0
    assert search(to_board([[0]])).first() == (0,)


def test_generated_boards_are_solved_correctly():
    sizes = [(12, 12, 0.5), (15, 9, 0.8), (7, 20, 0.3), (1, 10, 0.9), (10, 1, 0.9)]
    for seed, (rows, columns, density) in enumerate(sizes):
        board = generate(rows, columns, seed, density)
        found = list(search(board).solutions(limit=20))
        assert found
        for solution in found:
            assert check(board, solution) == []
            assert Board(solution, columns).is_solved()


def test_generate_unique_gives_a_unique_board():
    for seed in range(3):
        board = generate(12, 14, seed, unique=True)
        assert (board.rows, board.cols) == (12, 14)
        assert search(board).verdict() is Verdict.UNIQUE
        assert search(board, method="plain").count() == 1
    assert generate(5, 6, 7) == generate(5, 6, 7)
    with pytest.raises(ValueError):
        generate(0, 3, 1)
    with pytest.raises(ValueError):
        generate(3, 3, 1, density=1.5)


# -- input ------------------------------------------------------------------------------------


def test_characters_and_numbers_give_the_same_board():
    board = parse("┛┓┓┏\n━┫┫┃\n┗┗┛┗\n")
    assert board == Board((9, 12, 12, 6, 10, 13, 13, 5, 3, 3, 9, 3), 4)
    numbers = parse("# the exercise\n\n 9 12 12  6\n10\t13 13 5\r\n\n3 3 9 3\n\n")
    assert numbers == board
    assert parse("\ufeff# comment\n┛┓┓┏\r\n━┫┫┃\r\n┗┗┛┗") == board
    assert parse("  \n9 12 12 6\n10 13 13 5\n3 3 9 3") == board
    assert parse("  \n  \n") == Board((0, 0, 0, 0), 2)  # blank tiles only


def test_rendering_parses_back():
    chance = random.Random(5)
    for _ in range(50):
        rows, columns = chance.randrange(1, 6), chance.randrange(1, 6)
        board = Board(tuple(chance.choice([0, 0, 0, chance.randrange(16)]) for _ in range(rows * columns)), columns)
        assert parse(text_of(board)) == board == parse(text_of(board, numbers=True))
        assert str(OneindigeLus.of(board)) == text_of(board)


def test_stripped_trailing_spaces_are_padded_with_blank_tiles():
    assert parse("┏┓ \n┗┛ \n") == Board((6, 12, 0, 3, 9, 0), 3)
    # A stripped file: no row ends in a space, so short rows (and empty lines inside) are padded.
    assert parse("┏━┓\n┃\n\n┗━┛") == Board((6, 10, 12, 5, 0, 0, 0, 0, 0, 3, 10, 9), 3)


def test_examples_survive_an_editor_stripping_trailing_spaces():
    for name in ("random-30x30", "random-50x50", "ambiguous-20x20"):
        text = PUZZLE.examples[name].read_text(encoding="utf-8")
        stripped = "\n".join(line.rstrip(" ") for line in text.splitlines())
        assert stripped != text.rstrip("\n")  # the example does have blank tiles at row ends
        assert parse(stripped) == parse(text)


def test_ragged_rows_are_an_error():
    with pytest.raises(InputError) as caught:
        parse("┏┓ \n┗┛\n┃┃ \n", "board.txt")
    assert (caught.value.line, caught.value.column) == (2, 3)
    assert "ragged rows" in caught.value.message and "3 tiles" in caught.value.message
    with pytest.raises(InputError) as caught:
        parse("1 2 3\n4 5 6\n7 8\n", "board.txt")
    assert (caught.value.line, caught.value.column) == (3, 4) and "ragged rows" in caught.value.message
    assert str(caught.value).startswith("board.txt:3:4: ")
    with pytest.raises(InputError) as caught:
        parse("1 2 3\n4  5 6  7 8\n", "board.txt")
    assert (caught.value.line, caught.value.column) == (2, 9)  # the 7, the fourth number


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("┏┓\n┗x\n", 2, 2, "unknown tile character 'x'"),
        ("┏┓\n┗\t\n", 2, 2, "unknown tile character '\\t'"),
        ("# c\n┏┓\n┗7\n", 3, 2, "unknown tile character '7': a file holds either"),
        ("1 2\n3 16\n", 2, 3, "found '16'"),
        ("1 2\n3 -1\n", 2, 3, "found '-1'"),
        ("1 2\n\n3  ┏\n", 3, 4, "not both"),
        ("12 x3\n", 1, 4, "found 'x3'"),
    ],
)
def test_bad_input_names_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as caught:
        parse(text, "board.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
    assert str(caught.value).startswith(f"board.txt:{line}:{column}: ")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_input(text):
    with pytest.raises(InputError, match="found none"):
        parse(text)


def test_the_examples():
    expected = {"exercise": (3, 4, "unique"), "exercise-numbers": (3, 4, "unique"),
                "random-30x30": (30, 30, "unique"), "random-50x50": (50, 50, "unique"),
                "ambiguous-20x20": (20, 20, "ambiguous")}
    assert set(PUZZLE.examples) == set(expected)
    for name, (rows, columns, verdict) in expected.items():
        board = parse(PUZZLE.examples[name].read_text(encoding="utf-8"), name)
        assert (board.rows, board.cols) == (rows, columns)
        assert search(board).verdict().value == verdict
    assert search(parse(PUZZLE.examples["ambiguous-20x20"].read_text(encoding="utf-8"))).count() == 12


# -- the command ------------------------------------------------------------------------------


def test_command_solves_the_exercise(capsys):
    assert main(["solve", "infinity-loop", "--example", "exercise"]) == 0
    out = capsys.readouterr().out
    assert "┏┓┏┓\n┃┣┫┃\n┗┛┗┛\n" in out and out.startswith("Solution 1\n")


def test_the_old_example_names_still_work(capsys):
    assert PUZZLE.example("seed") == PUZZLE.examples["exercise"]
    assert PUZZLE.example("seed-numbers") == PUZZLE.examples["exercise-numbers"]
    for old, new in (("seed", "exercise"), ("seed-numbers", "exercise-numbers")):
        assert main(["solve", "infinity-loop", "--example", old, "--json"]) == 0
        by_old = json.loads(capsys.readouterr().out)
        assert main(["solve", "infinity-loop", "--example", new, "--json"]) == 0
        assert by_old["rendered"] == json.loads(capsys.readouterr().out)["rendered"] == ["┏┓┏┓\n┃┣┫┃\n┗┛┗┛"]


def test_command_counts(capsys):
    assert main(["solve", "infinity-loop", "--example", "ambiguous-20x20", "--count"]) == 0
    assert "12 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "infinity-loop", "--example", "random-30x30", "--unique"]) == 0
    assert "unique: exactly one solution" in capsys.readouterr().out
    assert main(["solve", "infinity-loop", "--example", "exercise", "--count", "-p", "method=plain"]) == 0
    assert "1 solution (search complete)" in capsys.readouterr().out


def test_command_json(capsys):
    assert main(["solve", "infinity-loop", "--example", "exercise-numbers", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["puzzle"] == "infinity-loop" and result["solutions"] == 1
    assert result["rendered"] == ["┏┓┏┓\n┃┣┫┃\n┗┛┗┛"]
    data = result["data"][0]
    assert data["tiles"] == [[6, 12, 6, 12], [5, 7, 13, 5], [3, 9, 3, 9]]
    given = [[9, 12, 12, 6], [10, 13, 13, 5], [3, 3, 9, 3]]
    for r, c in itertools.product(range(3), range(4)):
        turns = data["turns"][r][c]
        assert 0 <= turns <= 3 and (given[r][c] << turns | given[r][c] >> (4 - turns)) & 15 == data["tiles"][r][c]


def test_command_unsolvable_and_bad_files(tmp_path, capsys):
    unsolvable = tmp_path / "unsolvable.txt"
    unsolvable.write_text("┏┓\n┗╋\n", encoding="utf-8")
    assert main(["solve", "infinity-loop", str(unsolvable)]) == 1
    assert "0 solutions" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("┏┓\n┗┛\n┃x\n", encoding="utf-8")
    assert main(["solve", "infinity-loop", str(bad)]) == 2
    assert f"{bad}:3:2: unknown tile character 'x'" in capsys.readouterr().err


# -- the rule checker in the descriptor ---------------------------------------------------------


def test_the_checker_accepts_exactly_the_brute_force_solutions():
    assert PUZZLE.check is check
    for grid in small_boards()[:40]:
        if len(grid) * len(grid[0]) > 6:
            continue
        solutions = brute_force_all(grid)
        board = to_board(grid)
        for candidate in itertools.product(*(sorted(turned_versions(mask)) for row in grid for mask in row)):
            assert (check(board, candidate) == []) == (candidate in solutions), (grid, candidate)


def test_the_checker_names_the_broken_rule_and_where():
    board = parse("┛┓┓┏\n━┫┫┃\n┗┗┛┗\n")
    solution = search(board).first()
    assert solution == (6, 12, 6, 12, 5, 7, 13, 5, 3, 9, 3, 9) and check(board, solution) == []

    def changed(index: int, tile: int) -> list[str]:
        wrong = list(solution)
        wrong[index] = tile
        return check(board, tuple(wrong))

    # ┏┓┏┓ with its second ┏ turned to ┓: it points left at a ┓, and the last ┓ points left at nothing.
    assert changed(2, 12) == [
        "row 1, column 3: the connection to the left is not met by the tile at row 1, column 2",
        "row 1, column 4: the connection to the left is not met by the tile at row 1, column 3",
    ]
    assert changed(0, 9) == [  # ┛ in the corner
        "row 1, column 1: the connection up points off the board",
        "row 1, column 1: the connection to the left points off the board",
        "row 1, column 2: the connection to the left is not met by the tile at row 1, column 1",
        "row 2, column 1: the connection up is not met by the tile at row 1, column 1",
    ]
    assert changed(4, 15) == [
        "row 2, column 1: '╋' is not the given tile '━' turned",
        "row 2, column 1: the connection to the right is not met by the tile at row 2, column 2",
        "row 2, column 1: the connection to the left points off the board",
    ]
    assert changed(11, 16) == ["row 3, column 4: 16 is not a tile (a number from 0 to 15)"]
    assert check(board, solution[:-1]) == ["the solution has 11 tiles, the 3 x 4 board has 12"]
    assert check(parse("╸╺\n"), (2, 8)) == []
    assert check(parse("╸╺\n"), (8, 2)) == [
        "row 1, column 1: the connection to the left points off the board",
        "row 1, column 2: the connection to the right points off the board",
    ]


# -- limits: numbers of any length, board size, byte-order mark ---------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text, line, column",
    [(f"{HUGE} 1\n2 3\n", 1, 1), ("1 2\n3 " + HUGE + "\n", 2, 3), ("# c\n\n1  2 4\n1  2 " + HUGE + "\n", 4, 6)],
)
def test_numbers_of_any_length_are_input_errors(text, line, column):
    with pytest.raises(InputError) as caught:
        parse(text, "board.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert "expected a tile number, a whole number from 0 to 15" in caught.value.message
    assert "(5,000 characters)" in caught.value.message and len(caught.value.message) < 200


def test_leading_zeros_are_read_whatever_their_number():
    assert parse("0" * 5000 + "7 00\n3 015\n").tiles == (7, 0, 3, 15)


def test_a_huge_number_through_the_command_is_an_input_error(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text(f"1 2\n3 {HUGE}\n", encoding="utf-8")
    assert main(["solve", "infinity-loop", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:3: expected a tile number" in err and "Traceback" not in err


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_examples_with_a_byte_order_mark_give_the_same_answer(name, tmp_path, capsys):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(b"\xef\xbb\xbf" + PUZZLE.examples[name].read_bytes())
    results = []
    for source in (str(PUZZLE.examples[name]), str(path)):
        assert main(["solve", "infinity-loop", source, "--count", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        results.append((result["solutions"], result["complete"]))
    assert results[0] == results[1] and results[0][1]


def corners(rows: int, columns: int) -> str:
    """A board of ┏ tiles only: every tile undecided after the border, the most work and memory to set up."""
    return "\n".join("┏" * columns for _ in range(rows)) + "\n"


@pytest.mark.parametrize("method", ["propagate", "plain"])
def test_the_largest_board_sets_up_within_the_memory_limit(method):
    seconds, peak = setup_cost("infinity-loop", corners(MAX_SIZE, MAX_SIZE), {"method": method})
    assert peak < MEMORY_LIMIT, f"{peak / 2**20:.0f} MiB in {seconds:.2f} s"


def test_millions_of_empty_and_comment_lines_around_a_board_set_up_within_the_memory_limit():
    numbers = "\n".join(" ".join(["1"] * 40) for _ in range(40))
    text = "\n" * 3_000_000 + numbers.replace("\n", "\n" + "#\n" * 1000 + "\n" * 50_000) + "\n" * 3_000_000
    assert len(text.encode()) < 10 * 2**20
    board = parse(text)
    assert (board.rows, board.cols) == (40, 40)
    seconds, peak = setup_cost("infinity-loop", text)
    assert peak < MEMORY_LIMIT, f"{peak / 2**20:.0f} MiB in {seconds:.2f} s"


def test_the_largest_board_is_accepted_and_one_more_row_or_column_is_refused():
    board = parse(corners(MAX_SIZE, MAX_SIZE))
    assert (board.rows, board.cols) == (MAX_SIZE, MAX_SIZE) == (1000, 1000)
    assert PUZZLE.limits == "boards up to 1000 x 1000 tiles"
    wide_row = "\n".join(" ".join(["3"] * (MAX_SIZE + (row == 2))) for row in range(3))
    cases = [
        (corners(MAX_SIZE + 1, 3), MAX_SIZE + 1, None, "expected at most 1,000 rows (boards up to 1000 x 1000 tiles)"),
        ("# c\n" + corners(2, MAX_SIZE + 1), 2, MAX_SIZE + 1,
         "expected at most 1,000 tiles in a row (boards up to 1000 x 1000 tiles), found 1,001"),
        ("\n".join(["1 2"] * (MAX_SIZE + 1)), MAX_SIZE + 1, None, "expected at most 1,000 rows"),
        (wide_row, 3, 2 * MAX_SIZE + 1,
         "expected at most 1,000 numbers in a row (boards up to 1000 x 1000 tiles), found 1,001"),
    ]
    for text, line, column, words in cases:
        with pytest.raises(InputError) as caught:
            parse(text, "big.txt")
        assert (caught.value.line, caught.value.column) == (line, column)
        assert words in caught.value.message


def test_a_board_too_large_through_the_command(tmp_path, capsys):
    path = tmp_path / "big.txt"
    path.write_text(corners(3, MAX_SIZE + 5), encoding="utf-8")
    assert main(["solve", "infinity-loop", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1:1001: expected at most 1,000 tiles in a row" in err and "Traceback" not in err


def test_the_limits_are_shown(capsys):
    assert main(["show", "infinity-loop"]) == 0
    assert "limits: boards up to 1000 x 1000 tiles" in capsys.readouterr().out


# -- parameters, the trace ------------------------------------------------------------------------


def test_a_bad_method_exits_2_with_a_clear_message(capsys):
    for value in ("fast", "", "Propagate", HUGE):
        assert main(["solve", "infinity-loop", "--example", "exercise", "-p", f"method={value}"]) == 2
        err = capsys.readouterr().err
        assert "parameter method must be one of propagate, plain" in err and "Traceback" not in err
    assert PUZZLE.param("method").choices == ("propagate", "plain")


def test_the_search_refuses_an_unknown_method_with_an_input_error():
    with pytest.raises(InputError, match="parameter method must be one of propagate, plain, not 'fast'"):
        search(parse("┏┓\n┗┛\n"), method="fast")


def test_the_trace_names_tiles_and_places(capsys):
    assert main(["solve", "infinity-loop", "--example", "exercise", "--trace", "-p", "method=plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("level 0: move ┗ at (1, 1) invalid\nlevel 0: move ┏ at (1, 1) valid\n")
    assert "  level 1: move ┓ at (1, 2) valid\n" in out and "level 11: move ┛ at (3, 4) valid\n" in out
    assert main(["solve", "infinity-loop", "--example", "ambiguous-20x20", "--trace"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("level 0: move ╺ at (4, 1) valid\n  level 1: move ╺ at (6, 1) valid\n")
    assert main(["solve", "infinity-loop", "--example", "exercise", "--trace"]) == 0
    out = capsys.readouterr().out  # propagation alone solves the exercise: no decision, nothing to trace
    assert out.startswith("Solution 1\n┏┓┏┓\n") and "level" not in out and "\n0 attempts in" in out
    assert search(parse("  \n  \n"), method="plain").format_move(2, 0) == "blank at (2, 1)"


# -- the generator: backtrack generate infinity-loop ---------------------------------------------


def generated(capsys, *arguments: str) -> tuple[int, list[Board], str]:
    """Run ``backtrack generate infinity-loop ARGUMENTS``: its status, the boards it printed and its error output."""
    status = main(["generate", "infinity-loop", *arguments])
    captured = capsys.readouterr()
    texts = [text for text in captured.out.split("\n\n") if text.strip()]
    return status, [parse(text) for text in texts], captured.err


def test_the_same_seed_makes_the_same_boards_and_another_seed_others(capsys):
    status, boards, _ = generated(capsys, "-p", "rows=5", "-p", "cols=7", "--seed", "3", "--count", "3")
    assert status == 0 and len(boards) == 3 and all((b.rows, b.cols) == (5, 7) for b in boards)
    again = main(["generate", "infinity-loop", "-p", "rows=5", "-p", "cols=7", "--seed", "3", "--count", "3"])
    out = capsys.readouterr().out
    assert again == 0 and [parse(text) for text in out.split("\n\n")] == boards
    assert boards == [generate(5, 7, seed, unique=True) for seed in (3, 4, 5)], "the seed, then the next ones"
    _, others, _ = generated(capsys, "-p", "rows=5", "-p", "cols=7", "--seed", "4", "--count", "1")
    assert others[0] == boards[1] and others[0] != boards[0]


@pytest.mark.parametrize("name, arguments", [
    ("random-30x30", ["-p", "rows=30", "-p", "cols=30", "--seed", "1"]),
    ("random-50x50", ["-p", "rows=50", "-p", "cols=50", "--seed", "1"]),
    ("ambiguous-20x20", ["-p", "rows=20", "-p", "cols=20", "--seed", "0", "--any"]),
])
def test_the_generated_examples_are_made_again_by_the_command(name, arguments, capsys):
    status, boards, _ = generated(capsys, *arguments)
    assert status == 0 and boards == [parse(PUZZLE.examples[name].read_text(encoding="utf-8"))]


def test_every_unique_board_printed_has_one_solution_by_brute_force(capsys):
    for rows, columns, density in [(3, 4, 0.5), (4, 4, 0.7), (5, 5, 0.5), (4, 6, 0.9)]:
        status, boards, _ = generated(capsys, "-p", f"rows={rows}", "-p", f"cols={columns}",
                                      "-p", f"density={density}", "--seed", "11", "--count", "4")
        assert status == 0 and len(boards) == 4
        for board in boards:
            grid = [list(board.tiles[start : start + columns]) for start in range(0, len(board.tiles), columns)]
            assert len(brute_force_pruned(grid)) == 1, grid


def test_large_unique_boards_are_unique_by_the_plain_search(capsys):
    status, boards, _ = generated(capsys, "-p", "rows=30", "-p", "cols=30", "--seed", "1", "--count", "2")
    assert status == 0 and [(b.rows, b.cols) for b in boards] == [(30, 30), (30, 30)]
    for board in boards:
        assert search(board, method="plain").count(limit=2) == 1


def test_any_board_is_solvable_and_may_have_several_solutions(capsys):
    status, boards, _ = generated(capsys, "-p", "rows=8", "-p", "cols=8", "-p", "density=0.3", "--any",
                                  "--seed", "2", "--count", "5")
    assert status == 0 and len(boards) == 5
    counts = [search(board).count() for board in boards]
    assert all(counts) and max(counts) > 1
    assert boards == [generate(8, 8, seed, 0.3) for seed in range(2, 7)]


def test_the_difficulty_selects_by_the_grade_of_the_reasoner(capsys):
    from backtrack.hints import grade as graded
    from backtrack_puzzles.infinity_loop import reasoner

    for grade, size in [("easy", 8), ("medium", 12)]:
        status, boards, _ = generated(capsys, "-p", f"rows={size}", "-p", f"cols={size}", "--difficulty", grade,
                                      "--seed", "1", "--count", "2")
        assert status == 0 and len(boards) == 2
        for board in boards:
            assert search(board).verdict() is Verdict.UNIQUE and graded(reasoner(board)).name == grade


def test_the_text_form_is_the_only_one_written(capsys):
    status, boards, _ = generated(capsys, "-p", "rows=4", "-p", "cols=9", "--seed", "5", "--to", "text")
    assert status == 0 and (boards[0].rows, boards[0].cols) == (4, 9)
    assert main(["generate", "infinity-loop", "--seed", "5", "--to", "tatham"]) == 2
    assert "cannot be written as one of the Tatham game IDs" in capsys.readouterr().err


def test_the_parameters_are_listed(capsys):
    assert main(["generate", "infinity-loop", "--help-params"]) == 0
    out = capsys.readouterr().out
    assert "rows: the number of rows (takes a whole number from 1 to 1000) [default: 10]" in out
    assert "density:" in out and f"boards up to {MAX_UNIQUE_SIZE} x {MAX_UNIQUE_SIZE} tiles" in out


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["-p", "rows=0"], "parameter rows must be from 1 to 1000, not '0'"),
        (["-p", "cols=1001", "--any"], "parameter cols must be from 1 to 1000, not '1001'"),
        (["-p", f"rows={HUGE}"], "parameter rows takes a whole number from 1 to 1000"),
        (["-p", "rows=x"], "parameter rows takes a whole number from 1 to 1000, not 'x'"),
        (["-p", "density=1.5"], "parameter density must be from 0.0 to 1.0, not '1.5'"),
        (["-p", "density=nan"], "parameter density takes a number from 0.0 to 1.0, not 'nan'"),
        (["-p", "rows=151", "-p", "cols=2"], "the number of rows must be a whole number from 1 to 150 with unique"),
        (["-p", "size=5"], "the generator has no parameter 'size'"),
        (["-p", "rows"], "-p takes NAME=VALUE, not 'rows'"),
        (["--count", "0"], "--count must be at least 1, not 0"),
        (["--any", "--difficulty", "easy"], "leave out --any"),
    ],
)
def test_the_generator_refuses_bad_parameters(arguments, words, capsys):
    assert main(["generate", "infinity-loop", "--seed", "1", *arguments]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_the_generator_makes_the_largest_sizes():
    board = generate(1, MAX_SIZE, -5)
    assert (board.rows, board.cols) == (1, MAX_SIZE)
    board = generate(MAX_UNIQUE_SIZE, 2, 1, unique=True)
    assert (board.rows, board.cols) == (MAX_UNIQUE_SIZE, 2) and search(board).verdict() is Verdict.UNIQUE
    for rows, cols, unique in [(MAX_SIZE + 1, 1, False), (1, 0, False), (MAX_UNIQUE_SIZE + 1, 1, True),
                               (2.0, 2, False)]:
        with pytest.raises(ValueError, match="must be a whole number from 1 to"):
            generate(rows, cols, 1, unique=unique)
