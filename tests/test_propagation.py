"""PropagatingSearch: the five methods written once over start, branch, decide and a trail.

The puzzle here is the README's propagating example (Latin square completion,
read from the README itself), checked against the known numbers of Latin squares,
the engine's contract (prefixes, splitting, verdicts, timeouts) and a brute force.
"""

from __future__ import annotations

import itertools
import types
from pathlib import Path

import pytest

from backtrack import PropagatingSearch, Stop, Verdict, make_manager, parallel, run
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_module() -> types.ModuleType:
    code = python_example("latin_puzzle.py")
    assert code, "the README has the propagating example"
    module = types.ModuleType("latin_puzzle")
    exec(compile(code, "README.md", "exec"), module.__dict__)
    return module


LATIN = readme_module()


def empty(n: int) -> list[list[int]]:
    return [[0] * n for _ in range(n)]


@pytest.mark.parametrize("n, squares", [(1, 1), (2, 2), (3, 12), (4, 576), (5, 161280)])
def test_counts_the_latin_squares(n, squares):
    search = LATIN.LatinSearch(empty(n))
    assert search.count() == squares and search.report.complete


def brute_force(grid: list[list[int]]) -> list[list[list[int]]]:
    n = len(grid)
    rows = [
        [p for p in itertools.permutations(range(1, n + 1)) if all(g in (0, v) for g, v in zip(row, p, strict=True))]
        for row in grid
    ]
    found = []
    for choice in itertools.product(*rows):
        if all(len({row[c] for row in choice}) == n for c in range(n)):
            found.append([list(row) for row in choice])
    return found


@pytest.mark.parametrize(
    "text", ["1...\n....\n..3.\n....", "12..\n3...\n....\n...4", "1234\n....\n....\n2...", "11..\n....\n....\n...."]
)
def test_solutions_equal_a_brute_force_and_each_is_found_once(text):
    grid = LATIN.parse(text, "<test>")
    found = list(LATIN.LatinSearch(grid).solutions())
    expected = brute_force(grid)
    assert sorted(found) == sorted(expected) and len(found) == len({str(s) for s in found})


def test_attempts_are_the_decisions_tried_and_deductions_are_free():
    class Counting(LATIN.LatinSearch):
        decisions = 0

        def valid(self, level, move):
            Counting.decisions += 1
            return super().valid(level, move)

    search = Counting(empty(4))
    search.count()
    assert search.report.attempts == Counting.decisions > 0
    solved = LATIN.LatinSearch(LATIN.parse("12.\n...\n..1", "<test>"))
    assert solved.count() == 1 and solved.report.attempts == 0, "solved by propagation alone: no decision"


def test_the_givens_alone_can_solve_or_contradict():
    solved = LATIN.LatinSearch(LATIN.parse("12\n..", "<test>"))
    assert solved.verdict() is Verdict.UNIQUE and solved.first() == [[1, 2], [2, 1]]
    broken = LATIN.LatinSearch(LATIN.parse("11\n..", "<test>"))
    assert broken.verdict() is Verdict.UNSOLVABLE and broken.report.attempts == 0


def test_prefixes_resume_and_add_up_and_the_state_returns_to_the_root():
    search = LATIN.LatinSearch(empty(4))
    total = search.count()
    before = list(search.can)
    first_moves = list(search.branch() or ())
    assert sum(search.count(prefix=[move]) for move in first_moves) == total
    assert search.can == before and search.trail == []  # an empty grid forces nothing at the root


def test_a_parallel_count_equals_the_serial_one():
    plugin = LATIN
    manager = make_manager(entry_points=False, plugins=[plugin])
    report = parallel.count(manager.puzzle("latin"), "....\n....\n....\n....", workers=1, depth=2)
    assert (report.solutions, report.complete) == (576, True)
    serial = LATIN.LatinSearch(empty(4))
    serial.count()
    assert report.attempts == serial.report.attempts


def test_a_timeout_leaves_the_search_whole_for_the_next_search():
    search = LATIN.LatinSearch(empty(6))
    search.count(timeout=0.05)
    assert search.report.stopped is Stop.TIMEOUT
    assert search.count(limit=1000) == 1000 and search.report.stopped is Stop.LIMIT
    small = LATIN.LatinSearch(empty(4))
    small.count(timeout=0)
    assert small.report.attempts == 0 and small.count() == 576


def test_the_command_path_reports_and_renders():
    manager = make_manager(entry_points=False, plugins=[LATIN])
    puzzle = manager.puzzle("latin")
    spec = puzzle.parse("1..\n...\n...", "<test>")
    outcome = run(puzzle, spec, puzzle.search(spec), mode="all")
    assert outcome.report.solutions == 4 and outcome.rendered[0].splitlines()[0].startswith("1")


def test_a_subclass_missing_a_part_says_which():
    class Half(PropagatingSearch):
        def start(self):
            return True

    with pytest.raises(NotImplementedError, match="branch"):
        Half().count()


# -- the example names its rules: hint and grade with no further code --------------------------------

#: Unique 5x5 and 6x6 squares, and the grade each needs (a brute force below proves them unique).
GRADED = {"easy": "4....\n...1.\n5.2..\n.51..\n...4.\n", "hard": "..5.3\n.5.3.\n2....\n..15.\n.2...\n",
          "guess": "..1...\n.6.5..\n.3...5\n34....\n..421.\n....2.\n"}


@pytest.fixture
def plugin_file(tmp_path):
    path = tmp_path / "latin_puzzle.py"
    path.write_text(python_example("latin_puzzle.py"), encoding="utf-8")
    return path


@pytest.mark.parametrize("level", GRADED)
def test_the_examples_named_rules_grade_and_explain_through_the_command(plugin_file, tmp_path, capsys, level):
    import json

    from backtrack.cli import main

    grid = LATIN.parse(GRADED[level], "<test>")
    solutions = brute_force(grid) if len(grid) == 5 else [LATIN.LatinSearch(grid).first()]
    assert len(solutions) == 1 and LATIN.LatinSearch(grid).count() == 1
    puzzle = tmp_path / "square.txt"
    puzzle.write_text(GRADED[level], encoding="utf-8")
    assert main(["--plugin", str(plugin_file), "grade", "latin", str(puzzle), "--json"]) == 0
    graded = json.loads(capsys.readouterr().out)
    assert graded["grade"] == level and graded["scale"] == ["easy", "hard", "guess"]
    assert main(["--plugin", str(plugin_file), "hint", "latin", str(puzzle), "--all", "--json"]) == 0
    explained = json.loads(capsys.readouterr().out)
    assert explained["solved"] is (level != "guess")
    solution = "\n".join("".join(map(str, row)) for row in solutions[0])
    for step in explained["steps"]:  # every state agrees with the unique solution
        assert all(got in (".", want) for got, want in zip(step["answer"], solution, strict=True))
    if level != "guess":
        assert explained["steps"][-1]["answer"] == solution


def test_the_examples_reasoning_keeps_the_contract():
    from backtrack.testing import check_puzzle

    puzzle = make_manager(entry_points=False, plugins=[LATIN]).puzzle("latin")
    check_puzzle(puzzle, fuzz_budget=0, reasoning=list(GRADED.values()))
