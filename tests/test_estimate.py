"""Knuth's estimator: random walks through the five methods estimate a search before it is counted."""

from __future__ import annotations

import json
import math

import pytest

from backtrack import ShortestSearch, make_manager
from backtrack.cli import main
from backtrack.estimate import estimate, walk
from backtrack.progress import format_progress
from backtrack.parallel import Progress

QUEENS = make_manager().puzzle("queens")


def classic(n: int):
    return QUEENS.make_search(QUEENS.make_spec({"n": n}), {"method": "classic"})


@pytest.mark.parametrize("n", [8, 9, 10, 11, 12])
def test_a_thousand_walks_come_within_a_factor_of_two_of_the_exact_attempts(n):
    exact = classic(n)
    solutions = exact.count()
    found = estimate(classic(n), samples=1000, seed=n)
    assert exact.report.attempts / 2 <= found.attempts <= exact.report.attempts * 2
    assert solutions / 2 <= found.solutions <= solutions * 2
    assert found.samples == 1000 and found.attempts_spread < found.attempts


def test_one_walk_of_a_single_path_is_exact():
    search = classic(1)
    assert walk(search, __import__("random").Random(0)) == (1.0, 1.0, 1.0)


def test_the_walks_leave_the_search_as_they_found_it_and_repeat_with_a_seed():
    search = classic(8)
    first = estimate(search, samples=50, seed=3)
    assert search.queens == [] and not any(search.columns)
    again = estimate(classic(8), samples=50, seed=3)
    assert (again.attempts, again.nodes, again.solutions) == (first.attempts, first.nodes, first.solutions)


def test_a_search_whose_moves_are_all_valid_is_estimated_too():
    bitmask = QUEENS.make_search(QUEENS.make_spec({"n": 10}), {"method": "bitmask"})
    exact = QUEENS.make_search(QUEENS.make_spec({"n": 10}), {"method": "bitmask"})
    exact.count()
    found = estimate(bitmask, samples=1000, seed=1)
    assert exact.report.attempts / 2 <= found.attempts <= exact.report.attempts * 2


def test_a_shortest_solution_search_is_refused():
    class Paths(ShortestSearch):
        pass

    with pytest.raises(ValueError, match="shortest-solution"):
        estimate(Paths(), samples=1)


def test_the_command_prints_the_estimate_and_its_spread(capsys):
    assert main(["estimate", "queens", "-p", "n=9", "-p", "method=classic", "--seed", "1", "--samples", "500"]) == 0
    out = capsys.readouterr().out
    assert "estimated from 500 random walks" in out and "attempts" in out and "+-" in out
    assert main(["estimate", "queens", "-p", "n=9", "-p", "method=classic", "--seed", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["samples"] == 1000 and 72378 / 2 < found["attempts"] < 72378 * 2
    assert main(["estimate", "ricochet", "--example", "seed"]) == 2
    assert "cannot estimate ricochet" in capsys.readouterr().err


def test_the_progress_line_tells_the_time_left_from_the_estimate():
    state = Progress(done=3, total=10, solutions=5, attempts=1_000_000, elapsed=2.0, workers=2, executor="local")
    assert "about 0:00:06 left" in format_progress(state, expected_attempts=4_000_000)
    assert "longer than estimated" in format_progress(state, expected_attempts=500_000)
    assert "left" not in format_progress(state) and math.isfinite(state.rate)
