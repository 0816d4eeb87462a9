"""Akari: the seed's session, an independent checker, brute-force counts, input errors, the command."""

from __future__ import annotations

import json
import random

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import akari
from backtrack_puzzles.akari import Akari

SEED_BLACK = [[1, 1, 4], [2, 3, 2], [2, 5], [3, 0, 1], [3, 2], [4, 4, 0]]
SEED_TEXT = "......\n.4....\n...2.#\n1.#...\n....0.\n......\n"


# -- an independent checker and a brute-force counter (nothing from the plugin's search) --

def read_grid(text: str) -> tuple[int, int, dict[tuple[int, int], int | None]]:
    """Rows, columns and black cells (number or None) of a puzzle in the file format."""
    lines = [line for line in text.splitlines() if line.strip()]
    black = {}
    for r, line in enumerate(lines):
        for k, char in enumerate(line):
            if char in "#?":
                black[(r, k)] = None
            elif char.isdigit():
                black[(r, k)] = int(char)
    return len(lines), len(lines[0]), black


def rays(rows, cols, black, r, k):
    """The cells seen from (r, k) along its row and column, stopping at black cells."""
    seen = set()
    for dr, dk in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        rr, kk = r + dr, k + dk
        while 0 <= rr < rows and 0 <= kk < cols and (rr, kk) not in black:
            seen.add((rr, kk))
            rr, kk = rr + dr, kk + dk
    return seen


def is_solution(rows, cols, black, lamps) -> bool:
    """Every white cell lit, no lamp lit by another, every number has exactly its lamps next to it."""
    lamps = set(lamps)
    whites = {(r, k) for r in range(rows) for k in range(cols)} - set(black)
    if not lamps <= whites:
        return False
    lit = set(lamps)
    for lamp in lamps:
        seen = rays(rows, cols, black, *lamp)
        if seen & lamps:
            return False
        lit |= seen
    if lit != whites:
        return False
    for (r, k), number in black.items():
        if number is not None:
            around = {(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)}
            if len(around & lamps) != number:
                return False
    return True


def brute_force(rows, cols, black) -> list[frozenset]:
    """Every lamp set that is a solution, by enumerating all subsets of the white cells."""
    whites = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in black]
    bit = {cell: 1 << i for i, cell in enumerate(whites)}
    light = [bit[cell] | sum(bit[c] for c in rays(rows, cols, black, *cell)) for cell in whites]
    sees = [mask & ~bit[cell] for mask, cell in zip(light, whites)]
    adjacent = [
        (sum(bit.get(c, 0) for c in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))), number)
        for (r, k), number in black.items() if number is not None
    ]
    full = (1 << len(whites)) - 1
    found = []
    for subset in range(1 << len(whites)):
        lit = 0
        for i in range(len(whites)):
            if subset >> i & 1:
                if sees[i] & subset:
                    break
                lit |= light[i]
        else:
            if lit == full and all(bin(subset & mask).count("1") == n for mask, n in adjacent):
                found.append(frozenset(cell for i, cell in enumerate(whites) if subset >> i & 1))
    return found


def pruned_count(rows, cols, black) -> int:
    """The number of solutions by a second, independent enumeration for larger grids:
    cells in reading order, lamp or not; a lamp may not see an earlier lamp nor
    overfill a number, and a cell must be lit once the last cell that could light it
    is decided."""
    whites = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in black]
    index = {cell: i for i, cell in enumerate(whites)}
    light = [[index[c] for c in rays(rows, cols, black, *cell)] + [i] for i, cell in enumerate(whites)]
    numbers = [(n, [index[c] for c in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)) if c in index])
               for (r, k), n in black.items() if n is not None]
    if any(len(cells) < n for n, cells in numbers):
        return 0
    closes = [[] for _ in whites]  # closes[i]: cells whose last possible light is cell i
    for c, reach in enumerate(light):
        closes[max(reach)].append(c)
    settles = [[] for _ in whites]  # settles[i]: numbers whose last neighbour is cell i
    for j, (_, cells) in enumerate(numbers):
        if cells:
            settles[max(cells)].append(j)
    lamps = [False] * len(whites)
    around = [[j for j, (_, cells) in enumerate(numbers) if i in cells] for i in range(len(whites))]
    placed = [0] * len(numbers)

    def go(i):
        if i == len(whites):
            return 1
        total = 0
        for lamp in (True, False):
            if lamp and (any(lamps[c] for c in light[i]) or any(placed[j] >= numbers[j][0] for j in around[i])):
                continue
            lamps[i] = lamp
            for j in around[i]:
                placed[j] += lamp
            if all(any(lamps[c] for c in light[x]) for x in closes[i]) and all(placed[j] == numbers[j][0] for j in settles[i]):
                total += go(i + 1)
            for j in around[i]:
                placed[j] -= lamp
            lamps[i] = False
        return total

    if any(not cells and n for n, cells in numbers):
        return 0
    return go(0)


def random_instance(rng: random.Random) -> str:
    """A small random puzzle text with at most 14 white cells, sometimes crowded with numbers."""
    while True:
        rows, cols = rng.randint(1, 6), rng.randint(1, 6)
        density, numbered = rng.choice((0.1, 0.25, 0.4, 0.55)), rng.choice((0.0, 0.5, 0.9))
        lines = []
        for _ in range(rows):
            line = ""
            for _ in range(cols):
                if rng.random() < density:
                    line += str(rng.randint(0, 3)) if rng.random() < numbered else "#"
                else:
                    line += "."
            lines.append(line)
        if sum(line.count(".") for line in lines) <= 14:
            return "\n".join(lines) + "\n"


# -- the seed's session, line by line ------------------------------------------------

def test_seed_session():
    puzzel = Akari(6, 6, [[1, 1, 4], [2, 3, 2], [2, 5], [3, 0, 1], [3, 2], [4, 4, 0]])
    assert puzzel.zwarteCellen() == [(1, 1), (2, 3), (2, 5), (3, 0), (3, 2), (4, 4)]
    assert puzzel.lampen() == []
    assert puzzel.verlicht() == []
    assert puzzel.toString() == "______\n_4____\n___2_?\n1_?___\n____0_\n______"
    assert puzzel.isOpgelost() is False
    assert puzzel.stralen(1, 1) == [(0, 1), (1, 0), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert puzzel.stralen(2, 1) == [(2, 0), (2, 2), (3, 1), (4, 1), (5, 1)]
    assert puzzel.plaatsLamp(2, 1) is None
    assert puzzel.lampen() == [(2, 1)]
    assert puzzel.verlicht() == [(2, 0), (2, 2), (3, 1), (4, 1), (5, 1)]
    assert puzzel.toString() == "______\n_4____\n*L*2_?\n1*?___\n_*__0_\n_*____"
    assert puzzel.isOpgelost() is False
    for r, k in [(3, 6), (1, 1), (2, 1), (5, 1), (4, 5)]:
        # outside the grid, on a black cell, already a lamp, lit by another lamp, too many lamps next to the 0
        with pytest.raises(AssertionError, match="^ongeldige positie$"):
            puzzel.plaatsLamp(r, k)
    assert puzzel.plaatsLamp(0, 1) is None
    assert puzzel.plaatsLamp(1, 0) is None
    assert puzzel.plaatsLamp(1, 2) is None
    assert puzzel.lampen() == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert puzzel.verlicht() == [(0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 0), (2, 2), (3, 1), (4, 1), (5, 1)]
    assert puzzel.toString() == "*L****\nL4L***\n*L*2_?\n1*?___\n_*__0_\n_*____"
    assert puzzel.isOpgelost() is False
    assert puzzel.verwijderLamp(1, 2) is None
    assert puzzel.lampen() == [(0, 1), (1, 0), (2, 1)]
    assert puzzel.toString() == "*L****\nL4____\n*L*2_?\n1*?___\n_*__0_\n_*____"
    assert puzzel.plaatsLamp(1, 2) is None
    assert puzzel.toString() == "*L****\nL4L***\n*L*2_?\n1*?___\n_*__0_\n_*____"
    with pytest.raises(AssertionError, match="^ongeldige positie$"):
        puzzel.verwijderLamp(2, 2)
    assert puzzel.plaatsLamp(2, 4) is None
    assert puzzel.plaatsLamp(3, 3) is None
    assert puzzel.plaatsLamp(4, 0) is None
    assert puzzel.plaatsLamp(5, 5) is None
    assert puzzel.lampen() == [(0, 1), (1, 0), (1, 2), (2, 1), (2, 4), (3, 3), (4, 0), (5, 5)]
    assert puzzel.verlicht() == [
        (0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 0), (2, 2), (3, 1), (3, 4), (3, 5),
        (4, 1), (4, 2), (4, 3), (4, 5), (5, 0), (5, 1), (5, 2), (5, 3), (5, 4),
    ]
    assert puzzel.toString() == "*L****\nL4L***\n*L*2L?\n1*?L**\nL***0*\n*****L"
    assert str(puzzel) == puzzel.toString()
    assert puzzel.isOpgelost() is True


def test_seed_class_details():
    # tuples work as well as lists
    puzzel = Akari(3, 3, ((1, 1, 4), (0, 0)))
    for cell in [(0, 1), (1, 0), (1, 2), (2, 1)]:
        puzzel.plaatsLamp(*cell)
    assert puzzel.toString() == "?L*\nL4L\n*L*"
    assert puzzel.isOpgelost() is True
    puzzel.verwijderLamp(2, 1)
    assert puzzel.toString() == "?L*\nL4L\n*_*" and puzzel.isOpgelost() is False
    with pytest.raises(AssertionError, match="ongeldige positie"):
        puzzel.plaatsLamp(-1, 0)
    with pytest.raises(AssertionError, match="ongeldige positie"):
        puzzel.verwijderLamp(9, 9)
    with pytest.raises(AssertionError, match="ongeldige positie"):
        puzzel.stralen(3, 0)
    assert puzzel.stralen(0, 0) == [(0, 1), (0, 2), (1, 0), (2, 0)]
    assert Akari(1, 1, [(0, 0, 0)]).isOpgelost() is True
    with pytest.raises(ValueError, match="outside"):
        Akari(2, 2, [(2, 0)])
    with pytest.raises(ValueError, match="0 to 4"):
        Akari(2, 2, [(0, 0, 5)])
    assert akari.parse(SEED_TEXT).toString() == Akari(6, 6, SEED_BLACK).toString()
    assert akari.parse(Akari(6, 6, SEED_BLACK).toString()).text() == SEED_TEXT.strip()


# -- the search --------------------------------------------------------------------------

def test_seed_puzzle_is_solved_as_in_the_session():
    spec = akari.parse(SEED_TEXT)
    search = akari.search(spec)
    assert search.verdict() is Verdict.UNIQUE
    solution = search.first()
    assert solution == ((0, 1), (1, 0), (1, 2), (2, 1), (2, 4), (3, 3), (4, 0), (5, 5))
    assert akari.render(spec, solution) == "*L****\nL4L***\n*L*2L?\n1*?L**\nL***0*\n*****L"


@pytest.mark.parametrize("probe", ["yes", "no"])
def test_counts_equal_brute_force_on_random_small_instances(probe):
    rng = random.Random(2024)
    counts = []
    for _ in range(200):
        text = random_instance(rng)
        rows, cols, black = read_grid(text)
        expected = brute_force(rows, cols, black)
        search = akari.search(akari.parse(text), probe=probe)
        found = list(search.solutions())
        assert search.report.complete
        assert len(found) == len(set(found)), text  # no lamp set twice
        assert {frozenset(s) for s in found} == set(expected), text
        assert search.count() == len(expected)
        assert search.verdict() is Verdict.of(len(expected), True)
        assert pruned_count(rows, cols, black) == len(expected)
        assert all(is_solution(rows, cols, black, s) for s in found)
        counts.append(len(expected))
    assert counts.count(0) >= 20 and counts.count(1) >= 20 and max(counts) >= 20


def solvable_instance(rng: random.Random, rows: int, cols: int) -> str:
    """Random black cells, a random valid lamp set, and numbers counted from it on some
    black cells (one of them sometimes off by one, which usually leaves no solution)."""
    black = {(r, k) for r in range(rows) for k in range(cols) if rng.random() < rng.choice((0.15, 0.25, 0.35))}
    whites = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in black]
    rng.shuffle(whites)
    lamps, lit = set(), set()
    for cell in whites:
        if cell not in lit:
            lamps.add(cell)
            lit |= {cell} | rays(rows, cols, black, *cell)
    numbered = rng.choice((0.2, 0.5, 0.9))
    numbers = {}
    for r, k in black:
        if rng.random() < numbered:
            numbers[(r, k)] = len({(r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)} & lamps)
    if numbers and rng.random() < 0.25:
        cell = rng.choice(sorted(numbers))
        numbers[cell] = numbers[cell] + 1 if numbers[cell] < 4 else 3
    return "\n".join(
        "".join("." if (r, k) not in black else str(numbers[(r, k)]) if (r, k) in numbers else "#" for k in range(cols))
        for r in range(rows)
    )


def test_counts_equal_a_pruned_enumeration_on_larger_random_instances():
    rng = random.Random(99)
    counts = []
    for _ in range(60):
        text = solvable_instance(rng, rng.randint(4, 7), rng.randint(4, 7))
        rows, cols, black = read_grid(text)
        expected = pruned_count(rows, cols, black)
        assert akari.search(akari.parse(text)).count() == expected, text
        assert akari.search(akari.parse(text), probe="no").count() == expected, text
        counts.append(expected)
    assert counts.count(0) >= 5 and counts.count(1) >= 5 and max(counts) >= 50


class CheckedSearch(akari.AkariSearch):
    """The search, recounting its whole state from the cell values after every record and undo."""

    def check(self):
        value = self.value
        lit = [sum(value[c] == 1 for c in reach) for reach in self.reach]
        assert self.lit == lit
        assert self.open == [sum(value[c] < 0 for c in reach) for reach in self.reach]
        assert self.need == [n - sum(value[c] == 1 for c in cells) for n, cells in zip(self.numbers, self.number_cells)]
        assert self.free == [sum(value[c] < 0 for c in cells) for cells in self.number_cells]
        assert self.unlit == lit.count(0)
        assert sorted(self.trail) == [i for i, v in enumerate(value) if v >= 0]

    def record(self, level, move):
        super().record(level, move)
        self.check()

    def undo(self, level, move):
        super().undo(level, move)
        self.check()


@pytest.mark.parametrize("probing", [True, False])
def test_every_undo_restores_the_state_exactly(probing):
    # Crowded numbers: contradictions at cells next to two numbers, the case where a
    # half-made update would go unnoticed by the counts of the small instances.
    rng = random.Random(1)
    for _ in range(300):
        n = rng.randint(5, 8)
        text = "\n".join(
            "".join("." if rng.random() > 0.3 else str(rng.randint(0, 3)) if rng.random() < 0.7 else "#" for _ in range(n))
            for _ in range(n)
        )
        search = CheckedSearch(akari.parse(text), probing=probing)
        search.numbers = list(search.need)
        before = (list(search.value), list(search.lit), list(search.open), list(search.need), list(search.free), search.unlit)
        found = list(search.solutions(50))
        assert all(is_solution(*read_grid(text), s) for s in found)
        assert before == (list(search.value), list(search.lit), list(search.open), list(search.need), list(search.free), search.unlit)
        assert not search.trail and list(search.solutions(50)) == found


@pytest.mark.parametrize("name", ["seed", "small", "medium", "large", "huge"])
def test_examples_are_unique_and_every_solution_checks(name):
    path = akari.PUZZLE.examples[name]
    text = path.read_text()
    rows, cols, black = read_grid(text)
    search = akari.search(akari.parse(text, str(path)))
    found = list(search.solutions(2))
    assert len(found) == 1 and is_solution(rows, cols, black, found[0])


def test_shipped_examples():
    examples = akari.PUZZLE.examples
    assert {"seed", "small", "medium", "large", "huge", "open"} <= set(examples)
    sizes = {name: (spec.rows, spec.cols) for name, spec in ((n, akari.parse(p.read_text())) for n, p in examples.items())}
    assert sizes["medium"] == (14, 14) and sizes["large"] == (25, 25) and sizes["huge"] == (40, 40)
    assert akari.parse(examples["seed"].read_text()).toString() == Akari(6, 6, SEED_BLACK).toString()
    # 32 white cells: too many for the brute-force counter, not for the pruned enumeration
    text = examples["open"].read_text()
    found = list(akari.search(akari.parse(text), probe="no").solutions())
    assert len(set(found)) == len(found) == akari.search(akari.parse(text)).count() == pruned_count(*read_grid(text)) == 1781
    assert all(is_solution(*read_grid(text), s) for s in found)


def test_generator_makes_unique_puzzles_with_symmetric_layout():
    for seed in range(4):
        puzzle = akari.generate(7, 8, seed)
        assert set(puzzle.black) == {(6 - r, 7 - k) for r, k in puzzle.black}
        rows, cols, black = read_grid(puzzle.text())
        assert pruned_count(rows, cols, black) == 1
        assert akari.search(puzzle).verdict() is Verdict.UNIQUE
    assert akari.generate(6, 6, 5).text() == akari.generate(6, 6, 5).text()


def test_generator_command(capsys):
    assert akari.main(["generate", "6", "7", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    spec = akari.parse(text)
    assert (spec.rows, spec.cols) == (6, 7)
    assert akari.search(spec).verdict() is Verdict.UNIQUE
    assert akari.main(["generate", "5", "5", "--seed", "1", "--puzzles", "3", "--half"]) == 0
    parts = akari.split(capsys.readouterr().out)
    assert [first for first, _ in parts] == [1, 7, 13]
    assert all(akari.search(akari.parse(text)).verdict() is Verdict.UNIQUE for _, text in parts)
    assert akari.main(["generate", "5", "5", "--density", "1.5"]) == 2
    assert "density" in capsys.readouterr().err


# -- input errors -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, line, column, message",
    [
        ("", 1, 1, "empty file"),
        ("\n  \n", 1, 1, "empty file"),
        ("...\n..\n", 2, 3, "expected 3 cells in every row"),
        ("...\n....\n", 2, 4, "expected 3 cells in every row"),
        ("..\n.x\n", 2, 2, "found 'x'"),
        (". .\n", 1, 2, "found ' '"),
        ("..5\n...\n", 1, 3, "0 to 4, found '5'"),
        ("...\n9..\n", 2, 1, "0 to 4, found '9'"),
        ("\n...\n..\n", 3, 3, "as in line 2"),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, message):
    with pytest.raises(InputError, match=message) as error:
        akari.parse(text, "grid.txt")
    assert (error.value.source, error.value.line, error.value.column) == ("grid.txt", line, column)


def test_blank_line_inside_a_grid_is_an_error_but_separates_puzzles_in_a_file():
    with pytest.raises(InputError, match="blank line") as error:
        akari.parse("..\n\n..\n")
    assert error.value.line == 2
    assert akari.split("..\n\n\n.#\n1.\n") == [(1, "..\n"), (4, ".#\n1.\n")]


# -- the command ----------------------------------------------------------------------------

def test_command_first_all_count_unique_json_trace(capsys, tmp_path):
    assert main(["solve", "akari", "--example", "seed"]) == 0
    out = capsys.readouterr().out
    assert "*L****\nL4L***\n*L*2L?\n1*?L**\nL***0*\n*****L" in out

    many = tmp_path / "open.txt"
    many.write_text("...\n.#.\n...\n")
    assert main(["solve", "akari", str(many), "--count"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"{len(brute_force(*read_grid(many.read_text())))} solutions (search complete)"

    assert main(["solve", "akari", str(many), "--unique"]) == 0
    assert "\nambiguous: more than one solution" in capsys.readouterr().out
    assert main(["solve", "akari", "--example", "seed", "--unique"]) == 0
    assert "\nunique: exactly one solution" in capsys.readouterr().out

    assert main(["solve", "akari", str(many), "--all", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    rows, cols, black = read_grid(many.read_text())
    assert result["complete"] and result["solutions"] == len(result["data"]) == len(brute_force(rows, cols, black))
    assert all(is_solution(rows, cols, black, [tuple(cell) for cell in lamps]) for lamps in result["data"])
    spec = akari.parse(many.read_text())
    assert result["rendered"] == [akari.render(spec, [tuple(c) for c in lamps]) for lamps in result["data"]]

    assert main(["solve", "akari", str(many), "--trace"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move 'start' valid" in out and "level 1: move lamp at (" in out

    none = tmp_path / "none.txt"
    none.write_text("1#\n#.\n")
    assert main(["solve", "akari", str(none)]) == 1
    assert "0 solutions" in capsys.readouterr().out

    bad = tmp_path / "bad.txt"
    bad.write_text("..\n.7\n")
    assert main(["solve", "akari", str(bad)]) == 2
    assert f"{bad}:2:2:" in capsys.readouterr().err


def test_command_batch_file(capsys, tmp_path):
    batch = tmp_path / "batch.txt"
    batch.write_text(SEED_TEXT + "\n" + "...\n.#.\n...\n")
    assert main(["solve", "akari", str(batch)]) == 0
    out = capsys.readouterr().out
    assert f"{batch}:1: unique" in out and f"{batch}:8: ambiguous" in out
