"""The Latin-square core: counts against brute force, the constraint hook, rollback, decisions and attempts."""

from __future__ import annotations

import io
import itertools
import pickle
import random

import pytest

from backtrack import InputError, PrefixError, PropagatingSearch, Verdict
from backtrack.formats import Pzprv3Item, decode_number16, decode_tatham_id, decode_url, number16_places
from backtrack_puzzles.latin import (
    Constraint, LatinGrid, LatinSearch, Table, UniquenessBudget, bits, pzprv3_value, random_latin_square, read_rows,
    read_tatham_params, read_values, values_of,
)


def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n Latin square, by brute force over row permutations."""
    perms = list(itertools.permutations(range(1, n + 1)))
    found = []

    def extend(rows: list) -> None:
        if len(rows) == n:
            found.append(tuple(rows))
            return
        for perm in perms:
            if all(perm[c] != row[c] for row in rows for c in range(n)):
                rows.append(perm)
                extend(rows)
                rows.pop()

    extend([])
    return found


SQUARES = {n: latin_squares(n) for n in (1, 2, 3, 4)}


def is_latin(grid) -> bool:
    n = len(grid)
    want = set(range(1, n + 1))
    return all(set(row) == want for row in grid) and all({row[c] for row in grid} == want for c in range(n))


def test_bits_and_values():
    assert list(bits(0b10110)) == [0b10, 0b100, 0b10000]
    assert values_of(0b10110) == (2, 3, 5)


@pytest.mark.parametrize("n, count", [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_counts_all_latin_squares(n, count):
    assert len(SQUARES[n]) == count
    search = LatinSearch(LatinGrid(n))
    found = list(search.solutions())
    assert len(found) == count
    assert set(found) == set(SQUARES[n])
    assert all(is_latin(grid) for grid in found)


def test_counts_with_random_givens_match_brute_force():
    rng = random.Random(5)
    for _ in range(40):
        square = rng.choice(SQUARES[4])
        givens = {(rng.randrange(4), rng.randrange(4)) for _ in range(rng.randrange(0, 7))}
        values = {cell: square[cell[0]][cell[1]] for cell in givens}
        if rng.random() < 0.3 and values:  # a wrong given: often no solution at all
            cell = next(iter(values))
            values[cell] = rng.randrange(1, 5)
        masks = [1 << (values[(r, c)] - 1) if (r, c) in values else 15 for r in range(4) for c in range(4)]
        want = sum(all(sq[r][c] == v for (r, c), v in values.items()) for sq in SQUARES[4])
        assert LatinSearch(LatinGrid(4, masks)).count() == want


class SumIs(Constraint):
    """Test constraint: the values of some cells add up to ``target`` (exact on full masks)."""

    def __init__(self, cells, target):
        self.cells = tuple(cells)
        self.target = target

    def narrow(self, masks):
        options = [values_of(mask) for mask in masks]
        support = [0] * len(masks)
        for combo in itertools.product(*options):
            if sum(combo) == self.target:
                for i, value in enumerate(combo):
                    support[i] |= 1 << (value - 1)
        return support if all(support) else None


def test_constraint_hook_matches_brute_force():
    rng = random.Random(9)
    for _ in range(30):
        cells = rng.sample(range(16), rng.randrange(2, 4))
        target = rng.randrange(3, 12)
        want = sum(sum(sq[c // 4][c % 4] for c in cells) == target for sq in SQUARES[4])
        found = list(LatinSearch(LatinGrid(4, constraints=[SumIs(cells, target)])).solutions())
        assert len(found) == want
        assert all(is_latin(grid) and sum(grid[c // 4][c % 4] for c in cells) == target for grid in found)


def test_extra_units_are_respected():
    # 4x4 with the two diagonals as extra units.
    diagonals = [[0, 5, 10, 15], [3, 6, 9, 12]]
    want = [sq for sq in SQUARES[4]
            if len({sq[i][i] for i in range(4)}) == 4 and len({sq[i][3 - i] for i in range(4)}) == 4]
    assert sorted(LatinSearch(LatinGrid(4, units=diagonals)).solutions()) == sorted(want)


def state(search: LatinSearch) -> tuple[list[int], list[int], list[int]]:
    return list(search.cand), list(search.places), list(search.solved)


def test_search_takes_everything_back_and_can_run_again():
    search = LatinSearch(LatinGrid(4, [1, 15, 15, 15] + [15] * 12))
    assert search.count() == 144
    root = state(search)
    assert search.count() == 144
    assert state(search) == root
    assert search.verdict() is Verdict.AMBIGUOUS
    assert state(search) == root


def test_a_mark_is_a_copy_that_can_be_rolled_back_to_again():
    search = LatinSearch(LatinGrid(4))
    assert search.start()
    root = search.mark()
    before = state(search)
    assert search.decide((0, 2)) and state(search) != before
    search.rollback(root)
    assert state(search) == before
    again = search.mark()  # the state rolled back to is kept again, still unchanged by what follows
    assert search.decide((5, 1))
    search.rollback(root)
    assert state(search) == before and again == root


def test_solved_by_propagation_alone_is_one_solution():
    square = SQUARES[4][100]
    masks = [1 << (square[r][c] - 1) for r in range(4) for c in range(4)]
    masks[0] = 15  # one hole, filled by propagation
    search = LatinSearch(LatinGrid(4, masks))
    assert list(search.solutions()) == [square]


def test_contradictory_givens_have_no_solution():
    assert LatinSearch(LatinGrid(3, [1, 1] + [7] * 7)).count() == 0
    assert LatinSearch(LatinGrid(3, [0] + [7] * 8)).count() == 0


def test_prefix_resumes_below_a_decision():
    search = LatinSearch(LatinGrid(4))
    assert search.start()
    first = search.branch()
    assert first == [(0, 1), (0, 2), (0, 3), (0, 4)]  # no cell has two candidates: the first with the fewest
    total = sum(LatinSearch(LatinGrid(4)).count(prefix=[decision]) for decision in first)
    assert total == 576


def test_decisions_are_cells_and_values_that_mean_the_same_in_a_fresh_search():
    line = HARD[0]
    masks = [511 if ch == "." else 1 << (int(ch) - 1) for ch in line]
    search = LatinSearch(LatinGrid(9, masks, box_units(3)))
    search.begin()
    first = pickle.loads(pickle.dumps(list(search.moves(0))))
    counts = [LatinSearch(LatinGrid(9, masks, box_units(3))).count(prefix=[decision]) for decision in first]
    assert sum(counts) == 1 == LatinSearch(LatinGrid(9, masks, box_units(3))).count()
    for bad in [(81, 1), (-1, 1), (0, 0), (0, 10)]:  # no such cell or value
        with pytest.raises(PrefixError):
            LatinSearch(LatinGrid(9, masks, box_units(3))).count(prefix=[bad])


class Counting(LatinSearch):
    """Counts the decisions tried (calls of ``decide``)."""

    def __init__(self, grid):
        super().__init__(grid)
        self.decisions = 0

    def decide(self, decision):
        self.decisions += 1
        return super().decide(decision)


def test_attempts_are_the_decisions_tried_and_propagation_is_free():
    assert issubclass(LatinSearch, PropagatingSearch)
    line = HARD[1]
    masks = [511 if ch == "." else 1 << (int(ch) - 1) for ch in line]
    grids = [LatinGrid(4), LatinGrid(9, masks, box_units(3)), LatinGrid(4, constraints=[SumTable([0, 1, 4], 6, 4)]),
             LatinGrid(4, units=[[0, 5, 10, 15], [3, 6, 9, 12]])]
    for grid in grids:
        search = Counting(grid)
        found = search.count()
        assert found > 0 and search.report.attempts == search.decisions > 0
    # A decision that leads to a contradiction is an attempt too, and shows as invalid in a trace.
    search = Counting(LatinGrid(9, masks, box_units(3)))
    trace = io.StringIO()
    search.count(trace=trace)
    traced = trace.getvalue().splitlines()
    assert len(traced) == search.decisions == search.report.attempts
    assert any(line.endswith(" invalid") for line in traced) and any(line.endswith(" valid") for line in traced)


def test_givens_that_settle_or_contradict_need_no_decision():
    square = SQUARES[4][100]
    masks = [1 << (square[r][c] - 1) for r in range(4) for c in range(4)]
    masks[0] = masks[5] = 15  # two holes, filled by propagation
    search = LatinSearch(LatinGrid(4, masks))
    assert list(search.solutions()) == [square] and search.report.attempts == 0
    assert search.verdict() is Verdict.UNIQUE and search.report.attempts == 0
    broken = LatinSearch(LatinGrid(3, [1, 1] + [7] * 7))
    assert broken.count() == 0 and broken.report.attempts == 0 and broken.report.complete


def test_bad_grid_is_refused():
    with pytest.raises(ValueError):
        LatinGrid(3, [7] * 8)
    with pytest.raises(ValueError):
        LatinGrid(3, units=[[0, 1]])


class SumTable(Table):
    """Test table: the values of some cells add up to ``target``; tuples packed as the core expects."""

    def __init__(self, cells, target, n):
        super().__init__(cells, n)
        self.target = target

    def tuples(self, masks):
        found = []
        for combo in itertools.product(*(values_of(mask) for mask in masks)):
            if sum(combo) == self.target:
                found.append(sum(1 << (i * self.n + v - 1) for i, v in enumerate(combo)))
        return found


def test_table_constraint_matches_brute_force():
    rng = random.Random(11)
    for _ in range(30):
        cells = rng.sample(range(16), rng.randrange(2, 5))
        target = rng.randrange(3, 14)
        want = sum(sum(sq[c // 4][c % 4] for c in cells) == target for sq in SQUARES[4])
        table = SumTable(cells, target, 4)
        search = LatinSearch(LatinGrid(4, constraints=[table]))
        assert search.count() == want
        assert search.count() == want  # the table's cache survives a second search


def test_random_latin_square():
    rng = random.Random(2)
    squares = {random_latin_square(4, rng) for _ in range(30)}
    assert all(is_latin(square) for square in squares)
    assert len(squares) > 10
    assert is_latin(random_latin_square(9, rng))


# -- the two views of the candidates, and the fixpoint they reach ---------------------
def box_units(box: int) -> list[list[int]]:
    n = box * box
    return [[(top + r) * n + left + c for r in range(box) for c in range(box)]
            for top in range(0, n, box) for left in range(0, n, box)]


def assert_propagated(search: LatinSearch, units) -> None:
    """The state is what propagation promises, checked from the cells alone.

    The boards agree with the cell masks; a decided cell's value is in no peer;
    every value has a place in every unit, and a value with one place is decided there.
    """
    n, cand = search.n, search.cand
    for v in range(n):
        assert search.places[v] == sum(1 << cell for cell, mask in enumerate(cand) if mask >> v & 1)
    for unit in units:
        for v in range(n):
            where = [cell for cell in unit if cand[cell] >> v & 1]
            assert where, "a value with no place"
            if len(where) == 1:
                assert cand[where[0]] == 1 << v, "a hidden single left undecided"
        decided = [cand[cell] for cell in unit if not cand[cell] & (cand[cell] - 1)]
        assert len(decided) == len(set(decided))
        for value in decided:
            assert sum(1 for cell in unit if cand[cell] & value) == 1, "a naked single still in a peer"


class CheckedSearch(LatinSearch):
    """Checks the propagated state after the givens and after every decision that held."""

    def __init__(self, grid, units):
        super().__init__(grid)
        self.all_units = units

    def start(self):
        held = super().start()
        if held:
            assert_propagated(self, self.all_units)
        return held

    def record(self, level, move):  # called after a decision that held (valid made it)
        super().record(level, move)
        assert_propagated(self, self.all_units)


HARD = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
]


def test_propagation_reaches_its_fixpoint_at_every_move():
    rows = [list(range(r * 9, r * 9 + 9)) for r in range(9)]
    columns = [list(range(c, 81, 9)) for c in range(9)]
    for line in HARD:
        masks = [511 if ch == "." else 1 << (int(ch) - 1) for ch in line]
        search = CheckedSearch(LatinGrid(9, masks, box_units(3)), rows + columns + box_units(3))
        assert search.count(limit=3) == 1
        after = state(search)
        assert search.count(limit=3) == 1  # everything taken back, and the same again
        assert state(search) == after
    rng = random.Random(3)
    for _ in range(30):  # small grids, many solutions, with the diagonals as extra units too
        diagonals = [[0, 5, 10, 15], [3, 6, 9, 12]]
        masks = [rng.choice([15, 15, 15, 1, 2, 4, 8, 3, 12]) for _ in range(16)]
        units = [list(range(r * 4, r * 4 + 4)) for r in range(4)] + [list(range(c, 16, 4)) for c in range(4)]
        units += diagonals
        want = sum(
            all(masks[r * 4 + c] >> (sq[r][c] - 1) & 1 for r in range(4) for c in range(4))
            and len({sq[i][i] for i in range(4)}) == 4 and len({sq[i][3 - i] for i in range(4)}) == 4
            for sq in SQUARES[4]
        )
        assert CheckedSearch(LatinGrid(4, masks, diagonals), units).count() == want


def test_choose_takes_a_cell_with_fewest_candidates_and_most_such_peers():
    def set_cand(search, cand):
        search.cand = list(cand)
        search.places = [sum(1 << c for c, m in enumerate(cand) if m >> v & 1) for v in range(4)]

    search = LatinSearch(LatinGrid(4))
    set_cand(search, [1, 15, 7, 15, 15, 15, 15, 15, 15, 3, 15, 15, 15, 15, 15, 6])
    assert search.choose() == 9  # two cells with two candidates, neither a peer of the other: the first
    search.cand[9] = search.cand[15] = 15
    set_cand(search, search.cand)
    assert search.choose() == 2  # none with two: the first with three
    set_cand(search, [1 << (c % 4) for c in range(16)])
    assert search.choose() == -1
    # Cells 0, 6, 7 and 14 have two candidates; 6 has two such peers (7 in its row, 14 in its column).
    cand = [15] * 16
    for cell in (0, 6, 7, 14):
        cand[cell] = 3
    set_cand(search, cand)
    assert search.choose() == 6
    rng = random.Random(5)
    for _ in range(200):  # against a count made from rows and columns alone
        cand = [rng.choice([3, 5, 6, 9, 7, 15, 1, 2, 4, 8]) for _ in range(16)]
        set_cand(search, cand)
        pairs = [cell for cell in range(16) if bin(cand[cell]).count("1") == 2]
        if not pairs:
            continue

        def pair_peers(cell, pairs=pairs):
            return sum(1 for other in pairs if other != cell and (other // 4 == cell // 4 or other % 4 == cell % 4))

        most = max(map(pair_peers, pairs))
        assert search.choose() == next(cell for cell in pairs if pair_peers(cell) == most)


# -- the trace, the generators' budget and arguments ------------------------------------------------------
def test_a_move_reads_as_value_row_and_column():
    search = LatinSearch(LatinGrid(4))
    assert search.format_move(0, (6, 3)) == "3 in row 2, column 3"
    assert search.format_move(5, (15, 4)) == "4 in row 4, column 4"


def test_the_uniqueness_budget_counts_attempts_not_seconds():
    line = HARD[0]
    masks = [511 if ch == "." else 1 << (int(ch) - 1) for ch in line]

    def hard():
        return LatinSearch(LatinGrid(9, masks, box_units(3)))

    needed = hard()
    assert needed.count(limit=2) == 1
    attempts = needed.report.attempts
    assert UniquenessBudget(attempts, 10 * attempts).unique(hard())
    budget = UniquenessBudget(attempts - 1, 10 * attempts)
    search = hard()
    assert not budget.unique(search)  # ran out: no proof
    assert budget.left == 10 * attempts - attempts  # the attempt that found the budget spent counts too
    root = state(search)
    assert search.count(limit=2) == 1 and state(search) == root  # the search was left whole, its own valid back
    assert search.report.attempts == attempts
    assert "valid" not in vars(search)
    budget = UniquenessBudget(10 * attempts, attempts + 1)
    assert budget.unique(hard())
    assert not budget.unique(hard())  # the total is spent
    assert budget.left <= 0
    assert not UniquenessBudget(10, 10).unique(LatinSearch(LatinGrid(3)))  # 12 solutions: not unique
    # A check the givens settle alone makes no attempt, and costs one: the total bounds the number of checks.
    square = SQUARES[4][7]
    settled = [1 << (square[r][c] - 1) for r in range(4) for c in range(4)]
    settled[0] = 15
    budget = UniquenessBudget(5, 3)
    assert [budget.unique(LatinSearch(LatinGrid(4, settled))) for _ in range(4)] == [True, True, True, False]


# -- what the answers and the formats share --------------------------------------------------------


@pytest.mark.parametrize("line, values", [
    ("1 2 3 4", [1, 2, 3, 4]), ("1234", [1, 2, 3, 4]), ("12 34", [1, 2, 3, 4]), (" 1 . 3 4 ", [1, 0, 3, 4]),
    ("4.2.", [4, 0, 2, 0]),
])
def test_a_row_of_an_answer_reads_by_token_or_by_character(line, values):
    assert read_values(line, 1, 4, "a") == values


@pytest.mark.parametrize("line, column, words", [
    ("1 2 3", 6, "expected 4 digits in this row, found 3"),
    ("1 2 3 4 1", 9, "expected 4 digits in this row, found more"),
    ("12345", 5, "found more"),
    ("1 2 x 4", 5, "expected a digit from 1 to 4 (or . for an empty cell), found 'x'"),
    ("1 2 5 4", 5, "found '5'"),
    ("1 2 0 4", 5, "found '0'"),
    ("1 2 " + "9" * 5000 + " 4", 5, "(5,000 characters)"),
])
def test_a_row_that_does_not_fit_is_an_input_error_at_its_column(line, column, words):
    with pytest.raises(InputError) as caught:
        read_values(line, 7, 4, "a.txt", what="digit", offset=3)
    assert (caught.value.line, caught.value.column) == (7, column + 3)
    assert words in caught.value.message


def test_rows_of_an_answer_and_their_count():
    assert read_rows("# an answer\n12\n\n21\n", 2, "a") == ((1, 2), (2, 1))
    for text, line, words in [("12\n", 1, "expected 2 rows of 2 values, found 1"), ("12\n21\n12\n", 3, "found more"),
                              ("", None, "found 0")]:
        with pytest.raises(InputError) as caught:
            read_rows(text, 2, "a")
        assert caught.value.line == line and words in caught.value.message


@pytest.mark.parametrize("text, value", [
    (".", 0), ("+", 0), ("-", 0), ("=", 0), ("%", 0), (".[1,,3,]", 0), ("[1,2]", 0), ("3", 3), ("3[1,,3,]", 3),
])
def test_a_pzprv3_answer_cell_holds_a_value_or_notes(text, value):
    assert pzprv3_value(Pzprv3Item(text, 4, 5), 9) == value


@pytest.mark.parametrize("text", ["10", "0", "x", "3]"])
def test_a_pzprv3_answer_cell_out_of_range_is_an_input_error_at_its_item(text):
    with pytest.raises(InputError) as caught:
        pzprv3_value(Pzprv3Item(text, 4, 5, "f.pzprv3"), 9, "a height")
    assert (caught.value.line, caught.value.column) == (4, 5) and "a height" in caught.value.message


@pytest.mark.parametrize("params, n, flags", [("5", 5, ""), ("5du", 5, ""), ("6dnm", 6, "m"), ("6m", 6, "m"),
                                              ("9de", 9, ""), ("3", 3, "")])
def test_tatham_parameters_of_towers_and_keen(params, n, flags):
    found = read_tatham_params(decode_tatham_id(params + ":x"), game="Keen", difficulties="enhxu", flags="m")
    assert found == (n, flags)


@pytest.mark.parametrize("params, column, words", [
    ("5x5", 2, "one size"), ("2", 1, "Keen's grids are 3 x 3 to 9 x 9, not 2 x 2"), ("10", 1, "not 10 x 10"),
    ("5d", 3, "expected a difficulty after 'd'"), ("5dq", 3, "expected a difficulty"), ("5mm", 3, "unexpected 'm'"),
    ("5q", 2, "unexpected 'q' in Keen's parameters"), ("x", 1, "expected the width"),
])
def test_bad_tatham_parameters_are_input_errors_at_their_column(params, column, words):
    with pytest.raises(InputError) as caught:
        read_tatham_params(decode_tatham_id(params + ":x"), game="Keen", difficulties="enhxu", flags="m")
    assert caught.value.column == column and words in caught.value.message


def test_the_places_of_number_codes_and_the_size_of_a_url():
    text = "sudoku/16/16/1-10g+1000.h"
    url = decode_url(text)
    values, end = decode_number16(text, 8, url.body_start)
    assert values == [1, 16, None, 256, 0, -2, None, None] and end == len(text)
    assert number16_places(text, 8, url.body_start) == [13, 14, -1, 18, 22, 23, -1, -1]
    assert url.size_at == 7 and decode_url("https://puzz.link/p?sudoku/4/4/").size_at == 27


def test_a_table_waits_with_its_masks_as_they_are_by_default():
    class Waiting(SumTable):
        def defer(self, masks):
            return True

    table = Waiting([0, 1], 5, 4)
    assert table.narrow([15, 15]) == [15, 15]
    assert LatinSearch(LatinGrid(4, constraints=[Waiting([0, 1], 5, 4)])).count() == 576
