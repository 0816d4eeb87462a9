"""Every built-in puzzle keeps the plugin contract, checked by the same pytest plugin third parties use.

``puzzle_contract`` is the fixture of ``backtrack.testing`` (a ``pytest11`` entry
point): examples parse, text forms read back, solutions pass the checkers, input
errors name a line, and first, all, count, verdict, prefixes and split counts
agree.  The fuzz part runs at full budget in ``test_fuzz.py``, so it is off here.
"""

from __future__ import annotations

import pytest

BUILT_IN = ["akari", "bubbles", "infinity-loop", "kendoku", "queens", "ricochet", "skyline", "sudoku", "tents"]

#: Solutions of N-queens for N = 1..8 (OEIS A000170): an independent count.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92]


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_built_in_puzzle_keeps_the_contract(puzzle_contract, name):
    puzzle_contract(name, fuzz_budget=0, seconds=1.0)


def test_queens_counts_equal_the_published_ones(puzzle_contract):
    puzzle_contract("queens", instances=[str(n) for n in range(1, 9)], brute_force=lambda spec: QUEENS[spec.n - 1],
                    fuzz_budget=0)


def test_the_contract_catches_a_broken_plugin(pytester):
    pytester.makepyfile(
        """
        from backtrack import Puzzle, Search
        from backtrack.templates import plain as template

        class Lying(template.SubsetSumSearch):
            def done(self, level):
                return self.total >= self.target - 1   # counts sets one short of the target as solutions

        BROKEN = Puzzle(**{**template.PUZZLE.__dict__, "name": "broken", "search": lambda spec: Lying(spec)})

        def test_broken(puzzle_contract):
            puzzle_contract(BROKEN, fuzz_budget=0)
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:xdist")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*3. example 'small': a solution breaks the rules*"])
