"""Every built-in puzzle keeps the plugin contract, checked by the same pytest plugin third parties use.

``puzzle_contract`` is the fixture of ``backtrack.testing`` (a ``pytest11`` entry
point): examples parse, text forms read back, solutions pass the checkers, input
errors name a line, and first, all, count, verdict, prefixes and split counts
agree.  The fuzz part runs at full budget in ``test_fuzz.py``, so it is off here.
"""

from __future__ import annotations

import pytest

BUILT_IN = ["akari", "bubbles", "cover", "infinity-loop", "kendoku", "polyomino", "queens", "ricochet", "skyline",
            "sudoku", "tents"]

#: Solutions of N-queens for N = 1..8 (OEIS A000170): an independent count.
QUEENS = [1, 0, 0, 2, 10, 4, 40, 92]


#: Instances (and partial answers) whose explanations use every rule of a puzzle's reasoner, beside its examples.
REASONING: dict[str, list] = {
    # From the givens alone no queen is forced: the rules need a queen placed first.
    "queens": [("4", ".Q..\n....\n....\n....\n"), ("4", "....\nQ...\n....\n....\n")],
    # Tatham-graded puzzles (data/tatham-graded), top95 no. 20 (a hidden triple), sixteen.txt nos. 5 and 9 (naked
    # and hidden quads) and a 9 x 9 of 18 solutions that needs a jellyfish.
    "sudoku": [
        "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56",
        ("G.7.EA..34.9..B.4.....6B...8..5..D...1...25E.4C3..5..3......8.7.18.7..A....CBDGF39..B.DG8.275A4.D.G."
         "...2..45..69...5C.3.F..B.......G..8.5..46.......6.9DBF1.2..78..2...3.....F..9CD.GB.......E35.G......"
         ".5...C...6.D...8..E..594.2E.34...C.D..8G5...D6.F..81A7E2"),
        ("C.E.4.9.G.BD.F...6...D8G1.E.7..4..B8.AF..9..C....249.C3.6...D.......36..4.F...E....78...5....D.9.E.."
         ".274...G6A5.65.A........27.FB9...5...2A...8.E.D1A4.F9..B56.....2........B.975..67.G.8...42F..C.52..7"
         "D...F......E....7B2....1.A..G8E.C..3..72972B.3.CA46.8..."),
        ".637.95......5.6.385..64.97.9.6.1.3..4.5.7...1.6....75...97......4.3.7..579..632.",
        "3x3:a1c9_2_5c5a8_1d9a2b1c5_2_1_9c7i7c6_3_9_2c9b7a3d8_3a5c2_6_9c7a",
    ],
    "skyline": ["6:////3/3/3//4/4/1//2/2//4/////4///,c1c2zb", "6:/3///2/4///2/4////4/3//2////4///2,u3n"],
    "kendoku": ["6:a_aa_4a_3a_3a_3aa__aa_4a_4ba6,d2d2s1s2a10m10d3m12s2s1d2s2a8a5m24m12a6"],
    # A generated 6 x 6 (seed 16) that needs the medium rule, and a puzzle of 12 solutions where a probe rules a
    # place out before the guess.  Infinity Loop's examples use every rule (random-50x50 needs probes).
    "bubbles": ["#A####\nAA####\nAAAAB#\nCACBB#\nCCCCC#\nC#####\n",
                "#AA#B#C\nDAABB#C\nD#E#BFC\n#EEEBFC\nGGE#BFC\n#GHHHFC\nIII#HFC\n"],
}


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_built_in_puzzle_keeps_the_contract(puzzle_contract, name):
    puzzle_contract(name, fuzz_budget=0, seconds=1.0, reasoning=REASONING.get(name, ()))


def test_queens_counts_equal_the_published_ones(puzzle_contract):
    puzzle_contract("queens", instances=[str(n) for n in range(1, 9)], brute_force=lambda spec: QUEENS[spec.n - 1],
                    fuzz_budget=0, reasoning=REASONING["queens"])


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
