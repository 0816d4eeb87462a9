"""A plain propagate-and-search Sudoku solver in the style of Norvig's essay, for the bench only.

Written from the well-known description of the algorithm (not copied): the grid
is a dict from square name to a string of remaining digits; ``assign`` keeps one
digit by eliminating the others; ``eliminate`` removes a digit from a square and
propagates two rules, (1) a square reduced to one digit loses that digit from
its peers, (2) a unit with only one place left for a digit puts it there.  The
search copies the dict at each branch and tries the square with the fewest
digits first.  Works for any box size (digits are symbols ``1-9A-P``).
"""

from __future__ import annotations

import math

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


class NorvigSolver:
    """Norvig-style solver for an N x N Sudoku with square boxes."""

    def __init__(self, n: int = 9):
        self.n = n
        box = math.isqrt(n)
        self.digits = SYMBOLS[:n]
        squares = [(r, c) for r in range(n) for c in range(n)]
        self.squares = squares
        unitlist = (
            [[(r, c) for c in range(n)] for r in range(n)]
            + [[(r, c) for r in range(n)] for c in range(n)]
            + [[(br + r, bc + c) for r in range(box) for c in range(box)]
               for br in range(0, n, box) for bc in range(0, n, box)]
        )
        self.units = {s: [u for u in unitlist if s in u] for s in squares}
        self.peers = {s: set(x for u in self.units[s] for x in u) - {s} for s in squares}

    def parse_grid(self, line: str) -> dict | bool:
        """The propagated values for a one-line puzzle, or False on a contradiction."""
        values = {s: self.digits for s in self.squares}
        cells = [ch for ch in line if ch in self.digits or ch in "0."]
        for s, ch in zip(self.squares, cells, strict=False):  # a longer line: its extra characters are left out
            if ch in self.digits and not self.assign(values, s, ch):
                return False
        return values

    def assign(self, values: dict, s: tuple, d: str) -> dict | bool:
        for other in values[s].replace(d, ""):
            if not self.eliminate(values, s, other):
                return False
        return values

    def eliminate(self, values: dict, s: tuple, d: str) -> dict | bool:
        if d not in values[s]:
            return values
        values[s] = values[s].replace(d, "")
        left = values[s]
        if not left:
            return False
        if len(left) == 1:
            for p in self.peers[s]:
                if not self.eliminate(values, p, left):
                    return False
        for unit in self.units[s]:
            places = [x for x in unit if d in values[x]]
            if not places:
                return False
            if len(places) == 1 and not self.assign(values, places[0], d):
                return False
        return values

    def search(self, values: dict | bool) -> dict | bool:
        if values is False:
            return False
        if all(len(values[s]) == 1 for s in self.squares):
            return values
        _, s = min((len(values[s]), s) for s in self.squares if len(values[s]) > 1)
        for d in values[s]:
            found = self.search(self.assign(dict(values), s, d))
            if found:
                return found
        return False

    def solve(self, line: str) -> list[list[int]] | None:
        """The first solution as rows of values, or None."""
        found = self.search(self.parse_grid(line))
        if not found:
            return None
        return [[self.digits.index(found[(r, c)]) + 1 for c in range(self.n)] for r in range(self.n)]
