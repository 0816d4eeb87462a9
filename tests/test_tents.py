"""Tests of the tents plugin (backtrack_puzzles.tents).

The brute-force counters here are written independently of the plugin's
searches: they import only the model (``TentsCamp``) and the parser.  Solutions are checked
with the plugin's independent checker (``tents.check``), which shares no code
with the searches and is tested here on hand-made wrong solutions.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from backtrack import Backtrack, InputError, PrefixError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles import tents as plugin
from backtrack_puzzles.tents import Layout, TentsCamp, Zeltlager, generate, parse, render
from measure import MEMORY_LIMIT, setup_cost

TUTORIAL_TEXT = """# the tutorial's puzzle
1 1 2 0 1
1 T....
1 .....
1 T...T
1 ..T..
1 ...T.
"""

# What zeltlager.py prints (zeltlager.txt), without the timing line.
TUTORIAL_SHOW = (Path(__file__).parent / "tutorial" / "zeltlager-output.txt").read_text(encoding="utf-8")

TUTORIAL_LAYOUTS = {frozenset({1, 5, 12, 19, 22}), frozenset({1, 9, 12, 15, 22})}


def tutorial_camp(rules: str = "tutorial") -> TentsCamp:
    return TentsCamp([0, 10, 14, 17, 23], [1, 1, 1, 1, 1], [1, 1, 2, 0, 1], rules)


def tutorial_zeltlager() -> Zeltlager:
    """The tutorial's puzzle by the tutorial's names (the façade)."""
    return Zeltlager([0, 10, 14, 17, 23], [1, 1, 1, 1, 1], [1, 1, 2, 0, 1])


# -- independent reference: neighbours, checker, brute force ------------------------------------


def orthogonal(cell: int, nrows: int, ncols: int) -> list[int]:
    r, c = divmod(cell, ncols)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * ncols + cc for rr, cc in steps if 0 <= rr < nrows and 0 <= cc < ncols]


def touch(a: int, b: int, ncols: int, rules: str) -> bool:
    dr, dc = abs(a // ncols - b // ncols), abs(a % ncols - b % ncols)
    return dr + dc == 1 or (rules == "standard" and dr == 1 and dc == 1)


def count_matchings(trees: list[int], tents: set[int], nrows: int, ncols: int) -> int:
    """Bijections tree -> adjacent tent, counted by plain recursion."""

    def go(i: int, free: frozenset) -> int:
        if i == len(trees):
            return 1
        return sum(go(i + 1, free - {t}) for t in orthogonal(trees[i], nrows, ncols) if t in free)

    return go(0, frozenset(tents)) if len(tents) == len(trees) else 0


def brute_force(trees, rows, cols, rules, given=()):
    """(layouts, assignments) by enumerating every set of len(trees) free cells."""
    nrows, ncols = len(rows), len(cols)
    tree_set = set(trees)
    # A tent must stand next to a tree: only those cells can hold one.
    free = sorted({n for tree in trees for n in orthogonal(tree, nrows, ncols)} - tree_set)
    layouts = assignments = 0
    for chosen in itertools.combinations(free, len(trees)):
        tents = set(chosen)
        if not set(given) <= tents:
            continue
        if any(sum(1 for t in tents if t // ncols == r) != rows[r] for r in range(nrows)):
            continue
        if any(sum(1 for t in tents if t % ncols == c) != cols[c] for c in range(ncols)):
            continue
        if any(touch(a, b, ncols, rules) for a, b in itertools.combinations(chosen, 2)):
            continue
        matchings = count_matchings(list(trees), tents, nrows, ncols)
        if matchings:
            layouts += 1
            assignments += matchings
    return layouts, assignments


def check(camp: TentsCamp, solution: Layout, rules: str | None = None) -> None:
    """Assert that ``solution`` solves ``camp`` under ``rules``: the plugin's independent checker finds nothing."""
    assert solution.rules == (rules or camp.rules)
    assert plugin.check(camp, solution) == []


def random_board(rng: random.Random, max_rows: int = 4, max_cols: int = 6) -> TentsCamp:
    """A small board: mostly planted (tents with a tree next to each, counts from them), else random."""
    nrows, ncols = rng.randint(1, max_rows), rng.randint(1, max_cols)
    cells = list(range(nrows * ncols))
    rng.shuffle(cells)
    trees: list[int] = []
    tents: list[int] = []
    if rng.random() < 0.7:
        for cell in cells[: rng.randint(1, 8)]:
            spots = [n for n in orthogonal(cell, nrows, ncols) if n not in trees and n not in tents]
            if cell not in trees and cell not in tents and spots:
                tents.append(cell)
                trees.append(rng.choice(spots))
    else:
        k = rng.randint(0, min(5, len(cells) // 2))
        trees, tents = cells[:k], cells[k:2 * k]
    rows = [sum(1 for t in tents if t // ncols == r) for r in range(nrows)]
    cols = [sum(1 for t in tents if t % ncols == c) for c in range(ncols)]
    if rng.random() < 0.15:
        rows = [rng.randint(0, 2) for _ in range(nrows)]
    return TentsCamp(trees, rows, cols)


def all_solutions(camp, **params):
    return list(plugin.search(camp, **params).solutions())


# -- the tutorial program's logic as a Backtrack subclass, over the façade -----------------------


class TutorialStyleZeltlager(Backtrack):
    """zeltlager.py's search copied (fixed tree order, neighbours right/up/left/down), state from a Zeltlager."""

    def __init__(self, camp: Zeltlager, test: bool = False, showAttempts: bool = False):
        self.camp = camp
        self.trees, self.rows, self.cols = list(camp.trees), list(camp.rows), list(camp.cols)
        self.rsize, self.csize = len(self.rows), len(self.cols)
        self.tents = []
        self.solutionNr = 0
        self.rowscount = [0] * self.rsize
        self.colscount = [0] * self.csize
        super().__init__(test, showAttempts)

    def rowAndCol(self, where):
        return (where // self.csize, where % self.csize)

    def neighbors(self, place):
        r, c = self.rowAndCol(place)
        n = []
        if c + 1 < self.csize:
            n.append(place + 1)
        if r > 0:
            n.append(place - self.csize)
        if c > 0:
            n.append(place - 1)
        if r + 1 < self.rsize:
            n.append(place + self.csize)
        return n

    def moves(self, level):
        return self.neighbors(self.trees[level])

    def valid(self, level, move):
        if move in self.trees or move in self.tents:
            return False
        if any(n in self.tents for n in self.neighbors(move)):
            return False
        r, c = self.rowAndCol(move)
        return self.rowscount[r] < self.rows[r] and self.colscount[c] < self.cols[c]

    def record(self, level, move):
        self.tents.append(move)
        r, c = self.rowAndCol(move)
        self.rowscount[r] += 1
        self.colscount[c] += 1

    def undo(self, level, move):
        self.tents.pop()
        r, c = self.rowAndCol(move)
        self.rowscount[r] -= 1
        self.colscount[c] -= 1

    def done(self, level):
        if len(self.trees) == len(self.tents):
            self.solutionNr += 1
            self.camp.show(self.tents, self.solutionNr)
            return True
        return False


def test_tutorial_style_class_gives_the_two_tutorial_solutions_in_44_attempts(capsys):
    found = TutorialStyleZeltlager(tutorial_zeltlager(), showAttempts=True)
    out = capsys.readouterr().out
    assert found.report.attempts == 44
    assert found.report.solutions == 2
    assert out.startswith(TUTORIAL_SHOW)
    assert out[len(TUTORIAL_SHOW):].startswith("44 attempts in ")


def test_zeltlager_show_and_display_reproduce_the_tutorial_format(capsys):
    camp = tutorial_zeltlager()
    camp.show([1, 5, 12, 19, 22], 1)
    camp.show({0: 1, 10: 9, 14: 15, 17: 12, 23: 22}, 2)
    assert capsys.readouterr().out == TUTORIAL_SHOW
    assert camp.display().splitlines()[0] == "Lösung    1"
    assert camp.display(number=12).splitlines()[0] == "Lösung   12"


def test_zeltlager_takes_cell_numbers_or_pairs_and_is_right_on_rectangles():
    camp = Zeltlager([(0, 1), 7, (2, 5)], [1, 1, 1], [0, 1, 0, 1, 0, 1])
    assert camp.trees == [1, 7, 17]
    assert (camp.rsize, camp.csize) == (3, 6)
    assert camp.rowAndCol(7) == (1, 1)
    assert camp.rowAndCol(17) == (2, 5)
    assert camp.neighbors(7) == [8, 1, 6, 13]
    assert camp.neighbors(17) == [11, 16]
    assert sorted(camp.touching(7, "standard")) == [0, 1, 2, 6, 8, 12, 13, 14]
    with pytest.raises(ValueError):
        Zeltlager([(3, 0)], [1, 1, 1], [0, 1, 0, 1, 0, 1])
    with pytest.raises(ValueError):
        Zeltlager([1, 1], [1], [1, 1])
    with pytest.raises(ValueError):
        Zeltlager([1], [1], [1, 0], rules="fancy")


def test_zeltlager_is_a_facade_over_the_english_model():
    facade = tutorial_zeltlager()
    assert facade.camp == tutorial_camp() and facade.camp.rules == facade.rules == "tutorial"
    assert Zeltlager([0], [1, 0], [0, 1], rules="seed").rules == "tutorial"  # the old name of the rules
    assert Zeltlager.of(parse(TUTORIAL_TEXT)) == facade
    assert (facade.rows, facade.cols, facade.tents) == ([1, 1, 1, 1, 1], [1, 1, 2, 0, 1], [])
    assert Zeltlager([0, 3], [1, 1], [1, 1], tents=[(0, 1)]).tents == [1]
    assert repr(facade) == "Zeltlager([0, 10, 14, 17, 23], [1, 1, 1, 1, 1], [1, 1, 2, 0, 1], rules='tutorial')"
    # Every function of the module takes the façade as well as the model.
    for method in ("propagate", "tutorial"):
        found = all_solutions(facade, method=method)
        assert {frozenset(s.tents) for s in found} == TUTORIAL_LAYOUTS
        assert [plugin.check(facade, s) for s in found] == [[], []]
        assert [plugin.render(facade, s) for s in found] == [plugin.render(facade.camp, s) for s in found]
    assert plugin.text_of(facade) == plugin.text_of(facade.camp)
    assert parse(plugin.text_of(facade.camp)) == facade.camp


# -- the tutorial's instance ----------------------------------------------------------------------


@pytest.mark.parametrize("count", ["layouts", "assignments"])
@pytest.mark.parametrize("method", ["propagate", "tutorial"])
def test_the_tutorial_instance_has_the_two_tutorial_solutions(count, method):
    camp = tutorial_camp()
    found = all_solutions(camp, count=count, method=method)
    assert {frozenset(s.tents) for s in found} == TUTORIAL_LAYOUTS
    assert len(found) == 2
    for solution in found:
        check(camp, solution)


def test_the_tutorial_method_makes_44_attempts_on_the_tutorial_instance():
    search = plugin.search(tutorial_camp(), method="tutorial", count="assignments")
    assert search.count() == 2
    assert search.report.attempts == 44


def test_the_tutorial_instance_under_standard_rules():
    assert brute_force([0, 10, 14, 17, 23], [1] * 5, [1, 1, 2, 0, 1], "standard") == (1, 1)
    (solution,) = all_solutions(tutorial_camp(), rules="standard")
    assert set(solution.tents) == {1, 9, 12, 15, 22}
    check(tutorial_camp(), solution, "standard")


# -- counts on chosen boards ------------------------------------------------------------------

BOARDS = [
    # (trees, rows, cols): the tutorial's, a square of two trees and two tents, rectangles.
    ([0, 10, 14, 17, 23], [1, 1, 1, 1, 1], [1, 1, 2, 0, 1]),
    ([0, 3], [1, 1], [1, 1]),
    ([(0, 0), (0, 4), (2, 2)], [1, 1, 1], [0, 1, 1, 1, 0, 0]),
    ([(1, 1), (1, 4), (0, 2), (2, 5)], [1, 2, 1], [1, 0, 1, 1, 0, 1]),
    ([(0, 0), (1, 3), (2, 6), (3, 1), (4, 4), (4, 7)], [1, 1, 1, 1, 2], [1, 1, 0, 1, 1, 1, 0, 1]),
    ([(1, 1), (1, 2), (2, 1), (2, 2)], [2, 0, 0, 2], [1, 1, 1, 1]),
    ([(1, 1), (1, 2), (2, 1), (2, 2)], [1, 1, 1, 1], [1, 1, 1, 1]),
    ([(1, 0), (1, 1), (1, 3), (1, 4)], [2, 0, 2, 0], [1, 1, 0, 1, 1]),  # 4 layouts under both rules
    ([(1, 0), (1, 2), (1, 4), (2, 1), (3, 4)], [1, 1, 2, 1], [1, 1, 1, 1, 1]),  # tutorial: 5 layouts, 9 assignments
]


@pytest.mark.parametrize("board", BOARDS, ids=range(len(BOARDS)))
@pytest.mark.parametrize("rules", ["tutorial", "standard"])
def test_counts_on_chosen_boards_match_brute_force(board, rules):
    camp = TentsCamp(*board, rules=rules)
    layouts, assignments = brute_force(camp.trees, camp.row_counts, camp.col_counts, rules)
    for method in ("propagate", "tutorial"):
        assert plugin.search(camp, method=method).count() == layouts
        assert plugin.search(camp, method=method, count="assignments").count() == assignments


def test_counts_of_small_boards_are_known():
    many = TentsCamp(*BOARDS[8])
    assert [plugin.search(many, count=c).count() for c in ("layouts", "assignments")] == [5, 9]
    assert plugin.search(many, rules="standard").count() == 0
    row = TentsCamp(*BOARDS[7], rules="standard")
    assert [plugin.search(row, count=c).count() for c in ("layouts", "assignments")] == [4, 4]


def test_counts_of_the_square_and_the_diamond_are_known():
    square = TentsCamp([0, 3], [1, 1], [1, 1])  # trees on a diagonal, tents on the other
    assert [plugin.search(square, count=c).count() for c in ("layouts", "assignments")] == [1, 2]
    assert plugin.search(square, rules="standard").count() == 0  # the tents touch diagonally
    block = TentsCamp([(1, 1), (1, 2), (2, 1), (2, 2)], [1, 1, 1, 1], [1, 1, 1, 1])
    assert brute_force(block.trees, block.row_counts, block.col_counts, "tutorial") == (2, 2)
    assert plugin.search(block).count() == 2


def test_layouts_and_assignments_differ_and_each_is_reported_once():
    camp = TentsCamp([(0, 0), (1, 1), (0, 3), (1, 4)], [2, 2], [1, 1, 0, 1, 1])
    layouts = all_solutions(camp)
    assignments = all_solutions(camp, count="assignments")
    assert len({s.tents for s in layouts}) == len(layouts)
    assert len({s.assignment for s in assignments}) == len(assignments)
    assert {s.tents for s in assignments} == {s.tents for s in layouts}
    assert len(assignments) > len(layouts) > 0


def test_no_trees_and_zero_counts_is_one_empty_layout():
    camp = TentsCamp([], [0, 0], [0, 0, 0])
    for count in ("layouts", "assignments"):
        for method in ("propagate", "tutorial"):
            assert [s.tents for s in all_solutions(camp, count=count, method=method)] == [()]


def test_inconsistent_counts_have_no_solution():
    assert plugin.search(TentsCamp([0], [1, 0], [0, 0])).count() == 0
    # A given tent where row 1 needs none.
    assert plugin.search(TentsCamp([0], [1, 0], [0, 1], given_tents=[3])).count() == 0
    assert plugin.search(TentsCamp([0], [1, 0], [0, 1], given_tents=[3]), method="tutorial").count() == 0
    assert plugin.search(TentsCamp([0], [1, 0], [1, 0]), method="tutorial").count() == 0


# -- many random boards against brute force ------------------------------------------------


def test_random_small_boards_agree_with_brute_force_and_pass_the_checker():
    rng = random.Random(2024)
    seen_zero = seen_many = seen_different = 0
    for _ in range(400):
        camp = random_board(rng)
        for rules in ("tutorial", "standard"):
            layouts, assignments = brute_force(camp.trees, camp.row_counts, camp.col_counts, rules)
            for method in ("propagate", "tutorial"):
                found = all_solutions(camp, rules=rules, method=method)
                assert len(found) == layouts, (camp, rules, method)
                assert len({s.tents for s in found}) == layouts
                for solution in found:
                    check(camp, solution, rules)
                mapped = all_solutions(camp, rules=rules, method=method, count="assignments")
                assert len(mapped) == assignments, (camp, rules, method)
                assert len({s.assignment for s in mapped}) == assignments
                for solution in mapped:
                    check(camp, solution, rules)
            seen_zero += layouts == 0
            seen_many += layouts > 1
            seen_different += assignments > layouts
    assert seen_zero > 50 and seen_many >= 5 and seen_different >= 10, (seen_zero, seen_many, seen_different)


def test_random_boards_with_given_tents_agree_with_brute_force():
    rng = random.Random(7)
    for _ in range(60):
        camp = random_board(rng)
        if not camp.trees:
            continue
        free = [c for c in range(camp.rows * camp.cols) if c not in camp.trees]
        given = rng.sample(free, 1)
        withgiven = TentsCamp(camp.trees, camp.row_counts, camp.col_counts, given_tents=given)
        expected = brute_force(camp.trees, camp.row_counts, camp.col_counts, "tutorial", given)
        assert plugin.search(withgiven).count() == expected[0]
        assert plugin.search(withgiven, count="assignments").count() == expected[1]
        assert plugin.search(withgiven, method="tutorial").count() == expected[0]


def test_counting_split_by_first_decision_prefixes_adds_up():
    rng = random.Random(11)
    solved_at_start = 0
    for _ in range(30):
        camp = random_board(rng)
        for method in ("propagate", "tutorial"):
            for count in ("layouts", "assignments"):
                total = plugin.search(camp, count=count, method=method).count()
                root = plugin.search(camp, count=count, method=method)
                root.begin()
                if root.done_at_start():  # the givens alone solve it: no decision to split on
                    solved_at_start += 1
                    assert total == 1 and list(root.moves(0)) == []
                    continue
                parts = 0
                for move in list(root.moves(0)):
                    try:
                        parts += plugin.search(camp, count=count, method=method).count(prefix=(move,))
                    except PrefixError:
                        pass
                assert parts == total
    assert solved_at_start > 0


class CountingDecisions(plugin.TentsSearch):
    """The propagating search, counting the decisions it tries (not the deductions nor the probes)."""

    decisions = 0

    def decide(self, decision):
        self.decisions += 1
        return super().decide(decision)


@pytest.mark.parametrize("name", ["tutorial", "6x10", "15x15"])
@pytest.mark.parametrize("count", ["layouts", "assignments"])
def test_attempts_of_the_propagating_search_are_the_decisions_tried(name, count):
    camp = parse(plugin.PUZZLE.examples[name].read_text())
    search = CountingDecisions(camp, count=count)
    solutions = search.count()
    assert search.report.attempts == search.decisions and search.report.complete
    assert solutions == (2 if name == "tutorial" else 1)
    # Pinned: the shipped examples but the tutorial's are solved by propagation and probing alone, so counting
    # layouts tries no decision (before PropagatingSearch, a dummy move to check the layout counted as one attempt).
    expected = {("tutorial", "layouts"): 2, ("tutorial", "assignments"): 12, ("6x10", "layouts"): 0,
                ("6x10", "assignments"): 12, ("15x15", "layouts"): 0, ("15x15", "assignments"): 45}
    assert search.report.attempts == expected[name, count]


def test_a_random_board_with_many_layouts_counts_its_decisions():
    camp = TentsCamp(*BOARDS[8])
    for count, solutions in (("layouts", 5), ("assignments", 9)):
        search = CountingDecisions(camp, count=count)
        assert search.count() == solutions and search.report.attempts == search.decisions > 0
        trace = io.StringIO()
        plugin.search(camp, count=count).count(trace=trace)
        assert len(trace.getvalue().splitlines()) == search.decisions


@pytest.mark.parametrize("rules, seed, params", [
    ("tutorial", 1, {}),
    ("tutorial", 1, {"count": "assignments"}),
    ("standard", 2, {"count": "assignments"}),
    ("tutorial", 2, {"method": "tutorial"}),
])
def test_a_parallel_count_equals_the_serial_one(rules, seed, params):
    """Subtrees below prefixes of decisions, replayed in fresh worker processes, add up to the serial count."""
    camp = generate(8, 8, seed=seed, rules=rules, unique=False, density=0.3)
    serial = plugin.search(camp, **params)
    serial.count()
    assert serial.report.solutions > 1
    report = parallel.count(plugin.PUZZLE, plugin.text_of(camp), params, workers=2, warmup=0, depth=2)
    assert report.executor == "local" and report.subtrees > 1, report
    assert (report.solutions, report.attempts, report.complete) == (
        serial.report.solutions, serial.report.attempts, True)


def test_a_search_can_run_twice_and_a_stopped_search_restores_its_state():
    camp = TentsCamp([(0, 0), (1, 1), (0, 3), (1, 4)], [2, 2], [1, 1, 0, 1, 1])
    search = plugin.search(camp, count="assignments")
    first = search.first()
    assert search.count() == len(all_solutions(camp, count="assignments"))
    assert search.first() == first


# -- file format ---------------------------------------------------------------------------------


def test_parse_the_tutorial_text_and_rules_line():
    camp = parse(TUTORIAL_TEXT)
    assert camp == tutorial_camp()
    assert camp.rules == "tutorial"
    standard = parse("# x\nrules: standard\n\n1 1 2 0 1\n" + "\n".join(TUTORIAL_TEXT.splitlines()[2:]))
    assert standard.rules == "standard"
    assert standard.trees == camp.trees


def test_the_shipped_tutorial_example_is_the_tutorial_instance():
    assert parse(plugin.PUZZLE.examples["tutorial"].read_text()) == tutorial_camp()


def test_render_parses_back_to_a_puzzle_whose_only_solution_it_is():
    for rules in ("tutorial", "standard"):
        camp = tutorial_camp(rules)
        for solution in all_solutions(camp):
            text = render(camp, solution)
            again = parse(text)
            assert (again.trees, again.row_counts, again.col_counts) == (camp.trees, camp.row_counts, camp.col_counts)
            assert again.rules == rules
            assert again.given_tents == solution.tents
            assert [s.tents for s in all_solutions(again)] == [solution.tents]
    first = all_solutions(tutorial_camp())[0]
    assert render(tutorial_camp(), first) == "1 1 2 0 1\n1 TA...\n1 A....\n1 T.A.T\n1 ..T.A\n1 ..AT."


BAD_INPUTS = [
    ("", None, None, "column counts"),
    ("1 1\n1 T.\n1 T..\n", 3, 3, "ragged"),
    ("1 1\n1 TX\n1 ..\n", 2, 4, "'X'"),
    ("1 x\n1 T.\n1 .T\n", 1, 3, "column counts"),
    ("1 1\na T.\n1 .T\n", 2, 1, "row's count"),
    ("1 1 0\n1 T.\n1 .T\n", 1, 1, "expected 2 column counts"),
    ("1 1\n", 2, None, "rows"),
    ("1 1\n1 T.\n", 2, None, "row missing"),
    ("3 0\n1 T.\n1 .T\n", 1, 1, "out of range"),
    ("1 1\n3 T.\n0 .T\n", 2, 1, "out of range"),
    ("rules: fancy\n1 1\n1 T.\n1 .T\n", 1, 8, "rules"),
    ("1 1\nrules: tutorial\n1 T.\n1 .T\n", 2, 1, "before the column counts"),
    ("1 1\n1 T. x\n1 .T\n", 2, 6, "its cells as one string"),
    ("1 1\n1\n1 .T\n", 2, 2, "its cells as one string"),
]


@pytest.mark.parametrize("text, line, column, fragment", BAD_INPUTS)
def test_bad_input_names_line_and_column(text, line, column, fragment):
    with pytest.raises(InputError) as caught:
        parse(text, "bad.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("bad.txt", line, column)
    assert fragment in error.message


# -- generator ---------------------------------------------------------------------------------


def test_generate_makes_unique_puzzles_reproducibly():
    camp = generate(8, 10, seed=5)
    assert camp == generate(8, 10, seed=5)
    assert (camp.rows, camp.cols, camp.rules) == (8, 10, "standard")
    assert plugin.search(camp).verdict() is Verdict.UNIQUE
    check(camp, plugin.search(camp).first())


def test_generate_without_uniqueness_keeps_a_solution_under_the_tutorial_rules():
    for seed in range(5):
        camp = generate(5, 7, seed=seed, rules="tutorial", unique=False)
        assert sum(camp.row_counts) == sum(camp.col_counts) == len(camp.trees)
        solution = plugin.search(camp).first()
        check(camp, solution)


def test_generate_command_prints_a_parseable_puzzle(capsys):
    assert main(["generate", "tents", "-p", "rows=6", "-p", "cols=9", "--seed", "3"]) == 0
    camp = parse(capsys.readouterr().out)
    assert camp == generate(6, 9, seed=3)
    assert (camp.rows, camp.cols, camp.rules) == (6, 9, "standard")
    assert plugin.search(camp).verdict() is Verdict.UNIQUE


@pytest.mark.parametrize("name", ["15x15", "25x25"])
def test_shipped_generated_examples_are_unique(name):
    camp = parse(plugin.PUZZLE.examples[name].read_text())
    assert camp.rules == "standard"
    search = plugin.search(camp)
    assert search.verdict() is Verdict.UNIQUE
    check(camp, plugin.search(camp).first())


# -- the command ---------------------------------------------------------------------------


def test_entry_point_names_this_module():
    (found,) = [ep for ep in entry_points(group="backtrack") if ep.name == "tents"]
    assert found.load().Zeltlager is Zeltlager


def test_cli_solves_the_tutorial_example_all(capsys):
    assert main(["solve", "tents", "--example", "tutorial", "--all"]) == 0
    out = capsys.readouterr().out
    assert "Solution 1\n1 1 2 0 1\n1 TA...\n1 A....\n1 T.A.T\n1 ..T.A\n1 ..AT.\n" in out
    assert "Solution 2\n1 1 2 0 1\n1 TA...\n1 ....A\n1 T.A.T\n1 A.T..\n1 ..AT.\n" in out
    assert "2 solutions (search complete)" in out


def test_cli_json(capsys):
    assert main(["solve", "tents", "--example", "tutorial", "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["puzzle"] == "tents"
    assert data["solutions"] == 2 and data["complete"] is True
    assert len(data["rendered"]) == 2 and data["rendered"][0].startswith("1 1 2 0 1\n1 TA...")
    assert data["data"][0]["tents"] == [[0, 1], [1, 0], [2, 2], [3, 4], [4, 2]]
    assert {"tree": [0, 0], "tent": [0, 1]} in data["data"][0]["assignment"]


def test_cli_count_assignments_and_the_tutorial_method(capsys):
    assert main(["solve", "tents", "--example", "tutorial", "--count", "-p", "count=assignments"]) == 0
    assert "2 solutions (search complete)" in capsys.readouterr().out
    tutorial = ["solve", "tents", "--example", "tutorial", "--count", "-p", "method=tutorial"]
    assert main([*tutorial, "-p", "count=assignments"]) == 0
    out = capsys.readouterr().out
    assert "2 solutions (search complete)" in out and "44 attempts in" in out


def test_the_old_names_of_the_example_the_rules_and_the_method_still_work(capsys):
    # The README's setup command, exactly: the example is now called tutorial.
    assert main(["solve", "tents", "--example", "seed", "--all"]) == 0
    assert "Solution 2\n" in capsys.readouterr().out
    assert plugin.PUZZLE.example("seed") == plugin.PUZZLE.examples["tutorial"]
    assert "seed" not in plugin.PUZZLE.examples
    old = ["solve", "tents", "--example", "seed", "--count", "-p", "method=seed", "-p", "rules=seed"]
    assert main([*old, "-p", "count=assignments"]) == 0
    out = capsys.readouterr().out
    assert "2 solutions (search complete)" in out and "44 attempts in" in out
    assert main(["show", "tents"]) == 0
    out = capsys.readouterr().out
    assert "tutorial (also seed)" in out and out.count("seed is tutorial") == 2
    # The file's rules line, and Python calls.
    assert parse("rules: seed\n" + TUTORIAL_TEXT) == parse("rules: tutorial\n" + TUTORIAL_TEXT) == tutorial_camp()
    search = plugin.search(tutorial_camp(), rules="seed", method="seed", count="assignments")
    assert isinstance(search, plugin.TutorialTentsSearch) and search.rules == "tutorial"
    assert search.count() == 2 and search.report.attempts == 44
    assert generate(5, 7, seed=1, rules="seed", unique=False) == generate(5, 7, seed=1, rules="tutorial", unique=False)
    assert main(["generate", "tents", "-p", "rows=4", "-p", "cols=5", "--seed", "2", "-p", "rules=seed", "--any"]) == 0
    made = parse(capsys.readouterr().out)
    assert made == generate(4, 5, seed=2, rules="tutorial", unique=False) and made.rules == "tutorial"
    old_layout = Layout(tutorial_solution().tents, tutorial_solution().assignment, "seed")
    assert plugin.check(tutorial_camp(), old_layout) == []


def test_cli_rules_parameter_overrides_the_file(tmp_path, capsys):
    path = tmp_path / "square.txt"
    path.write_text("rules: standard\n1 1\n1 T.\n1 .T\n")
    assert main(["solve", "tents", str(path), "--count"]) == 1
    assert "0 solutions" in capsys.readouterr().out
    assert main(["solve", "tents", str(path), "--count", "-p", "rules=tutorial", "-p", "count=assignments"]) == 0
    assert "2 solutions" in capsys.readouterr().out


def test_cli_unique_on_the_15x15(capsys):
    assert main(["solve", "tents", "--example", "15x15", "--unique"]) == 0
    assert "unique: exactly one solution" in capsys.readouterr().out


def test_cli_bad_input_exits_2_naming_file_and_line(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("# a comment\n1 1\n1 T.\n1 T..\n")
    assert main(["solve", "tents", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:4:3: ragged rows" in err


def test_cli_trace_prints_attempts_as_a_player_says_them(capsys):
    assert main(["solve", "tents", "--example", "tutorial", "--trace", "-p", "method=tutorial"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move tent at row 1, column 2 for the tree at row 1, column 1 valid" in out
    assert "  level 1: move tent at row 3, column 2 for the tree at row 3, column 1 invalid" in out
    assert main(["solve", "tents", "--example", "tutorial", "--trace", "-p", "count=assignments"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move tent at row 2, column 1 valid" in out
    assert "level 1: move the tree at row 3, column 1 takes the tent at row 2, column 1 valid" in out
    assert main(["solve", "tents", "--example", "tutorial", "--trace", "--all"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move no tent at row 2, column 1 valid" in out


def test_trace_of_a_board_without_trees(tmp_path, capsys):
    path = tmp_path / "empty.txt"
    path.write_text("0 0\n0 ..\n")
    assert main(["solve", "tents", str(path), "--trace", "-p", "method=tutorial"]) == 0
    assert "level 0: move no trees: the empty camp valid" in capsys.readouterr().out
    assert main(["solve", "tents", str(path), "--trace"]) == 0
    out = capsys.readouterr().out  # nothing to decide: the start is the solution, no attempt
    assert "level 0" not in out and "Solution 1\n0 0\n0 ..\n" in out and "0 attempts in" in out


# -- numbers of any length, the byte-order mark, the size limit ---------------------------------

HUGE = "9" * 5000


@pytest.mark.parametrize("text, line, column, fragment", [
    (f"{HUGE} 1\n1 T.\n1 .T\n", 1, 1, "column counts"),
    (f"1 {HUGE}\n1 T.\n1 .T\n", 1, 3, "column counts"),
    (f"# c\nrules: tutorial\n1 1\n{HUGE} T.\n1 .T\n", 4, 1, "row's count"),
    (f"1 1\n1 T.\n  {HUGE} .T\n", 3, 3, "row's count"),
])
def test_a_5000_digit_number_in_every_numeric_field_is_an_input_error(text, line, column, fragment):
    with pytest.raises(InputError) as caught:
        parse(text, "huge.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("huge.txt", line, column)
    assert fragment in error.message and "from 0 to 100" in error.message
    assert "(5,000 characters)" in error.message and len(error.message) < 200


def test_a_5000_digit_number_through_the_command_exits_2(tmp_path, capsys):
    path = tmp_path / "huge.txt"
    path.write_text(f"1 1\n{HUGE} T.\n1 .T\n")
    assert main(["solve", "tents", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:1: expected the row's count first, a whole number from 0 to 100" in err
    assert "Traceback" not in err


def solve_json(args: list[str], capsys) -> dict:
    assert main(["solve", "tents", *args, "--count", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    data.pop("seconds")
    data.pop("source")
    return data


@pytest.mark.parametrize("name", sorted(plugin.PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    plain = plugin.PUZZLE.examples[name].read_bytes()
    path = tmp_path / f"{name}-bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + plain)
    with_bom = solve_json([str(path)], capsys)
    assert with_bom == solve_json(["--example", name], capsys)
    assert with_bom["solutions"] >= 1 and with_bom["complete"]


def test_crlf_line_ends_read_like_plain_ones_and_lines_are_counted_at_newlines():
    assert parse(TUTORIAL_TEXT.replace("\n", "\r\n")) == parse(TUTORIAL_TEXT)
    with pytest.raises(InputError) as caught:
        parse("1 1\x0c\n1 T.\n1 .T\n", "ff.txt")
    assert (caught.value.line, caught.value.column) == (1, 3)
    with pytest.raises(InputError) as caught:
        parse("1 1\n1 T.\x1c\n1 .T\n", "fs.txt")
    assert (caught.value.line, caught.value.column) == (2, 5)


def planted_board(rows: int, cols: int, seed: int, rules: str = "standard", density: float = 0.2) -> TentsCamp:
    """A board of tents placed at random under ``rules``, a tree next to each, counts from them."""
    rng = random.Random(seed)
    trees: set[int] = set()
    tents: set[int] = set()
    cells = list(range(rows * cols))
    rng.shuffle(cells)
    for cell in cells[: round(density * rows * cols * 2)]:
        spots = [n for n in orthogonal(cell, rows, cols) if n not in trees and n not in tents]
        if cell in trees or cell in tents or not spots or any(touch(cell, t, cols, rules) for t in tents):
            continue
        tents.add(cell)
        trees.add(rng.choice(spots))
    row_counts = [sum(1 for t in tents if t // cols == r) for r in range(rows)]
    col_counts = [sum(1 for t in tents if t % cols == c) for c in range(cols)]
    return TentsCamp(sorted(trees), row_counts, col_counts, rules)


def test_the_largest_boards_set_up_within_the_memory_limit():
    side = plugin.MAX_SIZE
    board = plugin.format_puzzle(planted_board(side, side, 1))
    empty = plugin.format_puzzle(TentsCamp([], [0] * side, [0] * side))
    for text, params in [
        (board, {}),
        (board, {"rules": "tutorial", "count": "assignments"}),
        (board, {"method": "tutorial"}),
        (empty, {}),
    ]:
        seconds, peak = setup_cost("tents", text, params)
        assert peak < MEMORY_LIMIT, (params, seconds, peak)


def test_the_largest_board_parses_and_one_more_row_or_column_is_refused():
    side = plugin.MAX_SIZE
    counts = " ".join(["0"] * side)
    rows = "\n".join("0 " + "." * side for _ in range(side))
    assert parse(f"{counts}\n{rows}\n").rows == side
    refused = [
        (f"{counts} 0\n{rows}\n", 1, 2 * side + 1, f"more than {side} column counts"),
        (f"{counts}\n{rows}\n0 {'.' * side}\n", side + 2, 1, f"this is row {side + 1}"),
        (f"{counts}\n0 {'.' * (side + 1)}\n", 2, side + 3, f"this row has {side + 1} cells"),
        (f"{counts}\n0 {'.' * 10**6}\n", 2, side + 3, "this row has 1,000,000 cells"),
    ]
    for text, line, column, fragment in refused:
        with pytest.raises(InputError) as caught:
            parse(text, "big.txt")
        error = caught.value
        assert (error.line, error.column) == (line, column), error
        assert fragment in error.message and f"at most {side}" in error.message


def test_the_limits_are_in_the_descriptor_and_in_the_show_command(capsys):
    assert plugin.PUZZLE.limits == "boards up to 100 x 100 cells (rows and columns each at most 100)"
    assert main(["show", "tents"]) == 0
    assert f"limits: {plugin.PUZZLE.limits}" in capsys.readouterr().out


# -- parameters ------------------------------------------------------------------------------------


@pytest.mark.parametrize("pair, fragment", [
    ("rules=fancy", "parameter rules must be one of tutorial, standard, not 'fancy'"),
    ("count=tents", "parameter count must be one of layouts, assignments, not 'tents'"),
    ("method=fast", "parameter method must be one of propagate, tutorial, not 'fast'"),
    (f"count={HUGE}", "parameter count must be one of layouts, assignments, not '999"),
])
def test_a_bad_parameter_exits_2_with_a_clear_message(pair, fragment, capsys):
    assert main(["solve", "tents", "--example", "tutorial", "-p", pair]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and len(err) < 300


def test_every_parameter_has_choices():
    assert all(param.choices for param in plugin.PUZZLE.params)


@pytest.mark.parametrize("params", [{"rules": "fancy"}, {"count": "tents"}, {"method": "fast"}])
def test_the_search_refuses_a_bad_parameter_with_an_input_error(params):
    with pytest.raises(InputError) as caught:
        plugin.search(tutorial_camp(), **params)
    (name, value), = params.items()
    assert f"parameter {name} must be one of" in caught.value.message and repr(value) in caught.value.message


# -- the generator's arguments ---------------------------------------------------------------------


@pytest.mark.parametrize("args, fragment", [
    (["-p", "rows=0"], "parameter rows must be from 1 to 100, not '0'"),
    (["-p", "rows=-3"], "parameter rows must be from 1 to 100, not '-3'"),
    (["-p", "cols=101"], "parameter cols must be from 1 to 100, not '101'"),
    (["-p", "rows=100000"], "parameter rows must be from 1 to 100"),
    (["-p", f"rows={HUGE}"], "(5,000 characters)"),
    (["-p", "rows=five"], "not 'five'"),
    (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["-p", "rules=fancy"], "parameter rules must be one of tutorial, standard, not 'fancy'"),
    (["-p", "density=0"], "parameter density must be from 0.01 to 1.0, not '0'"),
    (["-p", "density=-1"], "parameter density must be from 0.01 to 1.0"),
    (["-p", "density=1e999"], "not '1e999'"),
    (["-p", f"density={HUGE}"], "(5,000 characters)"),
    (["-p", "counts=none"], "parameter counts must be one of all, half, minimal, not 'none'"),
    (["-p", "rows"], "-p takes NAME=VALUE, not 'rows'"),
])
def test_the_generator_ends_a_bad_argument_with_a_message_and_status_2(args, fragment, capsys):
    try:
        status = main(["generate", "tents", *args])
    except SystemExit as caught:  # argparse's own errors
        status = caught.code
    assert status == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and len(err) < 800


def test_generate_refuses_boards_beyond_the_maximum_and_a_bad_density():
    with pytest.raises(ValueError, match="1 to 100 rows"):
        generate(101, 5)
    with pytest.raises(ValueError, match="density"):
        generate(5, 5, density=0)


def test_the_generator_makes_the_largest_board_with_its_steps_bounded(capsys, monkeypatch):
    monkeypatch.setattr(plugin, "GENERATE_STEPS", 2000)
    camp, verdict = plugin._generate(100, 100, 1, "standard", True, 0.2, 200)
    assert (camp.rows, camp.cols) == (100, 100) and verdict is Verdict.UNKNOWN  # the steps ran out: no verdict
    assert main(["generate", "tents", "-p", "rows=100", "-p", "cols=100", "--seed", "-1", "--any"]) == 0
    made = parse(capsys.readouterr().out)
    assert (made.rows, made.cols) == (100, 100) and made == generate(100, 100, -1, unique=False)


# -- the independent checker ----------------------------------------------------------------------


def tutorial_solution() -> Layout:
    """The tutorial puzzle's first solution: tents (0,1) (1,0) (2,2) (3,4) (4,2)."""
    return Layout((1, 5, 12, 19, 22), ((0, 1), (10, 5), (14, 19), (17, 12), (23, 22)))


def test_the_checker_accepts_the_tutorial_solutions_and_is_in_the_descriptor():
    assert plugin.PUZZLE.check is plugin.check
    assert plugin.check(tutorial_camp(), tutorial_solution()) == []
    for solution in all_solutions(tutorial_camp(), count="assignments"):
        assert plugin.check(tutorial_camp(), solution) == []


@pytest.mark.parametrize("tents, assignment, rules, expected", [
    # One tent moved from (2, 2) to (2, 3): column counts, and the tree at (3, 2) has a tent not next to it.
    ((1, 5, 13, 19, 22), ((0, 1), (10, 5), (14, 19), (17, 13), (23, 22)), "tutorial", [
        "column 3 holds 1 tent, its count says 2",
        "column 4 holds 1 tent, its count says 0",
        "the tree at row 4, column 3 is given the tent at row 3, column 4, which is not next to it",
    ]),
    # A tent on the tree at (2, 0).
    ((1, 5, 10, 19, 22), ((0, 1), (10, 5), (14, 19), (17, 10), (23, 22)), "tutorial", [
        "row 3, column 1: a tent stands on a tree",
        "column 1 holds 2 tents, its count says 1",
        "column 3 holds 1 tent, its count says 2",
        "row 2, column 1 and row 3, column 1: two tents touch one above the other",
        "the tree at row 4, column 3 is given the tent at row 3, column 1, which is not next to it",
    ]),
    # A tutorial solution under the standard rules: its tents at (0, 1) and (1, 0) touch diagonally.
    ((1, 5, 12, 19, 22), ((0, 1), (10, 5), (14, 19), (17, 12), (23, 22)), "standard", [
        "row 1, column 2 and row 2, column 1: two tents touch diagonally",
    ]),
    # The tent at (1, 0) moved to (0, 2), side by side with (0, 1); the tree at (2, 0) is left without a tent.
    ((1, 2, 12, 19, 22), ((0, 1), (14, 19), (17, 12), (23, 22)), "tutorial", [
        "row 1 holds 2 tents, its count says 1",
        "row 2 holds 0 tents, its count says 1",
        "column 1 holds 0 tents, its count says 1",
        "column 3 holds 3 tents, its count says 2",
        "row 1, column 2 and row 1, column 3: two tents touch side by side",
        "row 3, column 1: this tree has no tent",
        "row 1, column 3: this tent belongs to no tree",
    ]),
    # Two trees share a tent.
    ((1, 5, 12, 19, 22), ((0, 1), (10, 5), (14, 19), (17, 12), (23, 12)), "tutorial", [
        "the tree at row 5, column 4 is given the tent at row 3, column 3, which is not next to it",
        "row 3, column 3: this tent belongs to 2 trees",
        "row 5, column 3: this tent belongs to no tree",
    ]),
])
def test_the_checker_names_the_broken_rule_of_hand_made_wrong_solutions(tents, assignment, rules, expected):
    assert plugin.check(tutorial_camp(), Layout(tents, assignment, rules)) == expected


def test_the_checker_reports_missing_given_tents_and_cells_off_the_board():
    camp = TentsCamp([0, 10, 14, 17, 23], [1, 1, 1, 1, 1], [1, 1, 2, 0, 1], given_tents=[9])
    assert plugin.check(camp, tutorial_solution()) == ["row 2, column 5: the tent given in advance is missing"]
    wrong = Layout((1, 5, 12, 19, 25), ((0, 1), (10, 5), (14, 19), (17, 12), (23, 25)))
    broken = plugin.check(tutorial_camp(), wrong)
    assert "cell 25 (outside the 5 x 5 board): a tent off the board" in broken
    assert "row 5, column 4: this tree has no tent" not in broken
