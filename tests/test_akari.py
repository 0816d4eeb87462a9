"""Akari: the Dutch exercise's session, the model, the plugin's independent checker, brute-force counts,
the propagating search's contract, input errors and limits, the generator's arguments (through ``backtrack
generate``), the command.  The shared formats, answers and generating are tested in test_formats_akari.py."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from backtrack import InputError, Stop, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles import akari
from backtrack_puzzles.akari import MAX_SIZE, Akari, Choice, LightUp, check, text_of
from measure import MEMORY_LIMIT, setup_cost

EXERCISE_BLACK = [[1, 1, 4], [2, 3, 2], [2, 5], [3, 0, 1], [3, 2], [4, 4, 0]]
EXERCISE_TEXT = "......\n.4....\n...2.#\n1.#...\n....0.\n......\n"


# -- brute-force counters (nothing from the plugin's search; its checker is akari.check) --

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


def brute_force(rows, cols, black) -> list[frozenset]:
    """Every lamp set that is a solution, by enumerating all subsets of the white cells."""
    whites = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in black]
    bit = {cell: 1 << i for i, cell in enumerate(whites)}
    light = [bit[cell] | sum(bit[c] for c in rays(rows, cols, black, *cell)) for cell in whites]
    sees = [mask & ~bit[cell] for mask, cell in zip(light, whites, strict=True)]
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
            if (all(any(lamps[c] for c in light[x]) for x in closes[i])
                    and all(placed[j] == numbers[j][0] for j in settles[i])):
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


# -- the Dutch exercise's session, line by line ----------------------------------------

def test_exercise_session():
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
    assert puzzel.verlicht() == [(0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 0), (2, 2), (3, 1), (4, 1), (5, 1)]  # noqa: E501
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


def test_exercise_class_details():
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
    assert Akari.of(akari.parse(EXERCISE_TEXT)).toString() == Akari(6, 6, EXERCISE_BLACK).toString()
    assert text_of(akari.parse(Akari(6, 6, EXERCISE_BLACK).toString())) == EXERCISE_TEXT.strip()
    assert akari.parse(EXERCISE_TEXT) == Akari(6, 6, EXERCISE_BLACK).grid
    with pytest.raises(ValueError, match="given twice"):
        Akari(2, 2, [(0, 0), (0, 0, 1)])
    with pytest.raises(ValueError, match=r"\(r, k\) or \(r, k, l\)"):
        Akari(2, 2, [(0,)])
    assert repr(Akari(2, 3, [(1, 2, 0), (0, 0)])) == "Akari(2, 3, [(0, 0), (1, 2, 0)])"


def test_the_exercise_class_is_a_facade_over_the_model():
    grid = akari.parse(EXERCISE_TEXT)
    puzzel = Akari.of(grid)
    assert puzzel.grid is grid and (puzzel.rows, puzzel.cols, puzzel.black) == (6, 6, grid.black)
    for lamp in EXERCISE_SOLUTION:
        puzzel.plaatsLamp(*lamp)
    assert puzzel.isOpgelost() and puzzel.toString() == akari.render(grid, EXERCISE_SOLUTION)
    assert grid == akari.parse(EXERCISE_TEXT)  # the lamps are the facade's, not the model's
    other = puzzel.copy()
    other.verwijderLamp(0, 1)
    assert puzzel.lampen() == sorted(EXERCISE_SOLUTION) and other.grid == grid and other.grid is not grid
    assert puzzel.text() == text_of(grid) and puzzel.whites() == grid.whites() and puzzel.numbers == grid.numbers
    # the model checks what it is given, as the exercise's class did
    with pytest.raises(ValueError, match="at least 1"):
        LightUp(0, 3)
    with pytest.raises(ValueError, match="outside the 2 x 2 grid"):
        LightUp(2, 2, {(2, 0): None})
    with pytest.raises(ValueError, match="0 to 4"):
        LightUp(2, 2, {(0, 0): True})
    assert grid.seen_from(2, 1) == [(2, 0), (2, 2), (3, 1), (4, 1), (5, 1)]
    assert grid.lit_by([(2, 1), (2, 0)]) == {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (3, 1), (4, 1), (5, 1)}
    assert grid.lamps_next_to(1, 1, set(EXERCISE_SOLUTION)) == 4


# -- the search --------------------------------------------------------------------------

def test_exercise_puzzle_is_solved_as_in_the_session():
    spec = akari.parse(EXERCISE_TEXT)
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
        spec = akari.parse(text)
        assert all(check(spec, s) == [] for s in found)
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
    """The search, recounting its whole state from the cell values after every decision tried and every undo."""

    def check(self):
        value, members = self.value, self.members
        lamps = [sum(value[c] == 1 for c in cells) for cells in members]
        assert self.lamps == lamps and max(lamps, default=0) <= 1
        assert self.open == [sum(value[c] < 0 for c in cells) for cells in members]
        lit = [bool(lamps[self.across[c]] or lamps[self.down[c]]) for c in range(len(value))]
        assert self.dark == [sum(not lit[c] for c in cells) for cells in members]
        placed = [sum(value[c] == 1 for c in cells) for cells in self.number_cells]
        assert self.need == [n - lamps_there for n, lamps_there in zip(self.numbers, placed, strict=True)]
        assert self.free == [sum(value[c] < 0 for c in cells) for cells in self.number_cells]
        assert self.unlit == lit.count(False)
        assert sorted(self.trail) == [i for i, v in enumerate(value) if v >= 0]

    def valid(self, level, move):
        made = super().valid(level, move)  # a decision that fails is rolled back inside valid
        self.check()
        return made

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
            "".join("." if rng.random() > 0.3 else str(rng.randint(0, 3)) if rng.random() < 0.7 else "#"
                    for _ in range(n))
            for _ in range(n)
        )
        spec = akari.parse(text)
        search = CheckedSearch(spec, probing=probing)
        search.numbers = list(search.need)
        found = list(search.solutions(50))
        assert all(check(spec, s) == [] for s in found)
        root, trail = state_of(search), list(search.trail)
        fresh = akari.AkariSearch(spec, probing=probing)
        fresh.start()
        assert root == state_of(fresh) and trail == fresh.trail  # every decision taken back: the start's state
        assert list(search.solutions(50)) == found and state_of(search) == root and search.trail == trail


def state_of(search: akari.AkariSearch) -> list:
    parts = (search.value, search.lamps, search.open, search.dark, search.need, search.free)
    return [list(part) for part in parts] + [search.unlit]


class CountingSearch(akari.AkariSearch):
    """The search, counting the decisions it is asked to make."""

    decisions = 0

    def decide(self, decision):
        self.decisions += 1
        return super().decide(decision)


@pytest.mark.parametrize("probing", [True, False])
def test_attempts_are_the_decisions_tried_and_the_start_is_free(probing):
    rng = random.Random(5)
    texts = [akari.PUZZLE.examples["open"].read_text(), "...\n.#.\n...\n", "1#\n#.\n", EXERCISE_TEXT]
    texts += [solvable_instance(rng, 6, 6) for _ in range(20)]
    for text in texts:
        search = CountingSearch(akari.parse(text), probing=probing)
        search.count()
        assert search.report.attempts == search.decisions, text
    exercise = CountingSearch(akari.parse(EXERCISE_TEXT))  # solved by the clues' deductions and probing alone
    assert exercise.count() == 1 and exercise.report.attempts == 0
    contradiction = CountingSearch(akari.parse("1#\n#.\n"))  # the 1 cannot have its lamp
    assert contradiction.verdict() is Verdict.UNSOLVABLE and contradiction.report.attempts == 0


def test_decisions_are_cells_and_resume_in_a_fresh_search():
    text = akari.PUZZLE.examples["open"].read_text()
    search = akari.search(akari.parse(text), probe="no")
    total = search.count()
    first = list(search.branch() or ())
    assert first == [Choice(2, 0, True), Choice(2, 0, False)]
    assert pickle.loads(pickle.dumps(first)) == first
    # a prefix of plain (row, column, lamp) tuples, as a checkpoint holds them, in fresh searches
    parts = [akari.search(akari.parse(text), probe="no").count(prefix=[tuple(choice)]) for choice in first]
    assert sum(parts) == total == 1781
    with pytest.raises(ValueError, match="not a white cell"):
        akari.search(akari.parse(text)).count(prefix=[(1, 1, True)])


@pytest.mark.parametrize("probe", ["yes", "no"])
def test_a_parallel_count_equals_the_serial_one(probe):
    text = akari.PUZZLE.examples["open"].read_text()
    serial = akari.search(akari.parse(text), probe=probe)
    serial.count()
    report = parallel.count("akari", text, {"probe": probe}, workers=2, warmup=0)
    assert (report.solutions, report.attempts, report.complete) == (1781, serial.report.attempts, True)


def test_a_timeout_leaves_the_search_whole_for_the_next_search():
    search = akari.search(akari.parse(akari.PUZZLE.examples["open"].read_text()), probe="no")
    search.count(timeout=0)
    assert search.report.stopped is Stop.TIMEOUT
    assert search.count() == 1781 and search.report.complete


def test_the_old_names_still_work(capsys):
    assert akari.PUZZLE.example("seed") == akari.PUZZLE.examples["exercise"]
    assert main(["solve", "akari", "--example", "seed"]) == 0
    assert "*L****\nL4L***\n*L*2L?\n1*?L**\nL***0*\n*****L" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["exercise", "small", "medium", "large", "huge"])
def test_examples_are_unique_and_every_solution_checks(name):
    path = akari.PUZZLE.examples[name]
    text = path.read_text()
    spec = akari.parse(text, str(path))
    found = list(akari.search(spec).solutions(2))
    assert len(found) == 1 and check(spec, found[0]) == []


def test_shipped_examples():
    examples = akari.PUZZLE.examples
    assert {"exercise", "small", "medium", "large", "huge", "open"} <= set(examples)
    specs = {name: akari.parse(path.read_text()) for name, path in examples.items()}
    sizes = {name: (spec.rows, spec.cols) for name, spec in specs.items()}
    assert sizes["medium"] == (14, 14) and sizes["large"] == (25, 25) and sizes["huge"] == (40, 40)
    assert akari.parse(examples["exercise"].read_text()) == Akari(6, 6, EXERCISE_BLACK).grid
    # 32 white cells: too many for the brute-force counter, not for the pruned enumeration
    text = examples["open"].read_text()
    found = list(akari.search(akari.parse(text), probe="no").solutions())
    assert len(set(found)) == len(found) == akari.search(akari.parse(text)).count() == 1781
    assert pruned_count(*read_grid(text)) == 1781
    assert all(check(akari.parse(text), s) == [] for s in found)


def test_generator_makes_unique_puzzles_with_symmetric_layout():
    for seed in range(4):
        puzzle = akari.generate(7, 8, seed)
        assert set(puzzle.black) == {(6 - r, 7 - k) for r, k in puzzle.black}
        rows, cols, black = read_grid(text_of(puzzle))
        assert pruned_count(rows, cols, black) == 1
        assert akari.search(puzzle).verdict() is Verdict.UNIQUE
    assert akari.generate(6, 6, 5) == akari.generate(6, 6, 5)


def test_generator_command(capsys):
    assert main(["generate", "akari", "-p", "rows=6", "-p", "cols=7", "--seed", "3"]) == 0
    text = capsys.readouterr().out
    spec = akari.parse(text)
    assert (spec.rows, spec.cols) == (6, 7) and spec == akari.generate(6, 7, 3)
    assert akari.search(spec).verdict() is Verdict.UNIQUE
    assert main(["generate", "akari", "-p", "rows=5", "-p", "cols=5", "--seed", "1", "--count", "3",
                 "-p", "numbers=half"]) == 0
    parts = akari.split(capsys.readouterr().out)
    assert [first for first, _ in parts] == [1, 7, 13]
    assert all(akari.search(akari.parse(text)).verdict() is Verdict.UNIQUE for _, text in parts)


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
        ("\n...\n..\n", 3, 3, "expected 3 cells in every row, as many as in the first row of this grid, found 2"),
        ("..\x0c.\n", 1, 3, "found '\\x0c'"),  # a form feed is no line break
        ("..\n.\u2028\n", 2, 2, "found '\\u2028'"),
        ("...\r..\r", 2, 3, "expected 3 cells"),  # lines ended by a lone carriage return
        (".\ufeff.\n", 1, 2, "found '\\ufeff'"),  # a byte-order mark is only ignored at the start
        ("\n \t\n  ..\n", 3, 1, "found ' '"),
        ("..\n..\n\u00a0\n", 3, 1, "found '\\xa0'"),  # only spaces and tabs are blank
        ("\n\n..\t \n.# \n\n\t\n", None, None, ""),
    ],
)
def test_bad_files_name_line_and_column(text, line, column, message):
    if line is None:  # not bad: blank lines around the grid and spaces or tabs after a row are ignored
        assert text_of(akari.parse(text)) == "..\n.#"
        return
    with pytest.raises(InputError) as error:
        akari.parse(text, "grid.txt")
    assert message in error.value.message
    assert (error.value.source, error.value.line, error.value.column) == ("grid.txt", line, column)


def test_blank_line_inside_a_grid_is_an_error_but_separates_puzzles_in_a_file():
    with pytest.raises(InputError, match="blank line") as error:
        akari.parse("..\n\n..\n")
    assert error.value.line == 2
    assert akari.split("..\n\n\n.#\n1.\n") == [(1, "..\n"), (4, ".#\n1.\n")]


# -- the command ----------------------------------------------------------------------------

def test_command_first_all_count_unique_json_trace(capsys, tmp_path):
    assert main(["solve", "akari", "--example", "exercise"]) == 0
    out = capsys.readouterr().out
    assert "*L****\nL4L***\n*L*2L?\n1*?L**\nL***0*\n*****L" in out

    many = tmp_path / "open.txt"
    many.write_text("...\n.#.\n...\n")
    assert main(["solve", "akari", str(many), "--count"]) == 0
    expected = len(brute_force(*read_grid(many.read_text())))
    assert capsys.readouterr().out.splitlines()[0] == f"{expected} solutions (search complete)"

    assert main(["solve", "akari", str(many), "--unique"]) == 0
    assert "\nambiguous: more than one solution" in capsys.readouterr().out
    assert main(["solve", "akari", "--example", "exercise", "--unique"]) == 0
    assert "\nunique: exactly one solution" in capsys.readouterr().out

    assert main(["solve", "akari", str(many), "--all", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    rows, cols, black = read_grid(many.read_text())
    assert result["complete"] and result["solutions"] == len(result["data"]) == len(brute_force(rows, cols, black))
    spec = akari.parse(many.read_text())
    assert all(check(spec, [tuple(cell) for cell in lamps]) == [] for lamps in result["data"])
    assert result["rendered"] == [akari.render(spec, [tuple(c) for c in lamps]) for lamps in result["data"]]

    assert main(["solve", "akari", str(many), "--trace"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("level 0: move lamp at row 1, column 1 valid\n")  # the start's deductions are no move
    assert "\n  level 1: move lamp at row 3, column 3 valid\nSolution 1\n" in out

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
    batch.write_text(EXERCISE_TEXT + "\n" + "...\n.#.\n...\n")
    assert main(["solve", "akari", str(batch)]) == 0
    out = capsys.readouterr().out
    assert f"{batch}:1: unique" in out and f"{batch}:8: ambiguous" in out


# -- the checker ------------------------------------------------------------------------------

EXERCISE_SOLUTION = ((0, 1), (1, 0), (1, 2), (2, 1), (2, 4), (3, 3), (4, 0), (5, 5))


def test_checker_accepts_the_exercise_solution_and_names_each_broken_rule():
    spec = akari.parse(EXERCISE_TEXT)
    assert check(spec, EXERCISE_SOLUTION) == []
    assert akari.PUZZLE.check is check
    without = tuple(cell for cell in EXERCISE_SOLUTION if cell != (5, 5))
    assert check(spec, without) == [
        "row 5, column 6: this cell is not lit", "row 6, column 3: this cell is not lit",
        "row 6, column 5: this cell is not lit", "row 6, column 6: this cell is not lit",
    ]
    assert check(spec, EXERCISE_SOLUTION + ((5, 3),)) == [
        "row 6, column 6: this lamp is lit by the lamp at row 6, column 4",
        "row 6, column 4: this lamp is lit by the lamp at row 4, column 4",
    ]
    # the lamp of row 3 moved one cell to the right: the 4 loses it, the 2 gains it, it sees the lamp above it
    moved = tuple((2, 2) if cell == (2, 1) else cell for cell in EXERCISE_SOLUTION)
    assert check(spec, moved) == [
        "row 3, column 3: this lamp is lit by the lamp at row 2, column 3",
        "row 4, column 2: this cell is not lit",
        "row 2, column 2: the number 4 has 3 lamps next to it",
        "row 3, column 4: the number 2 has 3 lamps next to it",
    ]
    assert check(spec, EXERCISE_SOLUTION + ((4, 4),)) == [
        "row 5, column 5: this lamp stands on a black cell"]
    assert check(spec, EXERCISE_SOLUTION + ((6, 0),)) == ["row 7, column 1: this lamp lies outside the 6 x 6 grid"]
    assert check(spec, EXERCISE_SOLUTION + ((0, 1),)) == ["row 1, column 2: this cell holds two lamps"]
    # the 0 with a lamp next to it: the lamp at row 6, column 6 moved up to row 5
    near_zero = tuple((4, 5) if cell == (5, 5) else cell for cell in EXERCISE_SOLUTION)
    assert check(spec, near_zero) == [
        "row 6, column 3: this cell is not lit", "row 6, column 5: this cell is not lit",
        "row 5, column 5: the number 0 has 1 lamp next to it",
    ]


def test_checker_agrees_with_the_brute_force_on_every_lamp_set_of_small_instances():
    rng = random.Random(8)
    for _ in range(40):
        text = random_instance(rng)
        rows, cols, black = read_grid(text)
        if len(black) == rows * cols or rows * cols - len(black) > 10:
            continue
        spec = akari.parse(text)
        whites = spec.whites()
        solutions = set(brute_force(rows, cols, black))
        for subset in range(1 << len(whites)):
            lamps = tuple(cell for i, cell in enumerate(whites) if subset >> i & 1)
            assert (check(spec, lamps) == []) == (frozenset(lamps) in solutions), (text, lamps)


# -- input: numbers, byte-order marks, batches, limits -----------------------------------------

@pytest.mark.parametrize("row", ["9" * 5000, "4" * 5000, "1" * 4999 + "5"])
def test_numbers_of_any_length_are_input_errors_with_line_and_column(row, tmp_path):
    for text, line in ((row + "\n", 1), ("...\n" + row + "\n...\n", 2), ("\n\n" + row + "\n", 3)):
        with pytest.raises(InputError) as error:
            akari.parse(text, "grid.txt")
        assert error.value.line == line and error.value.column is not None and error.value.column >= 1
        assert len(str(error.value)) < 200  # the number is not repeated in full


def test_a_huge_number_through_the_command(capsys, tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("....\n.9" + "9" * 5000 + "\n")
    assert main(["solve", "akari", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:2: expected a number of lamps from 0 to 4, found '9'" in err and "Traceback" not in err


def run_json(capsys, *args):
    status = main(["solve", "akari", *args, "--json"])
    result = json.loads(capsys.readouterr().out)
    return status, {key: result[key] for key in ("solutions", "complete", "data", "rendered")}


@pytest.mark.parametrize("name", sorted(akari.PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, capsys, tmp_path):
    data = akari.PUZZLE.examples[name].read_bytes()
    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    plain.write_bytes(data)
    marked.write_bytes(b"\xef\xbb\xbf" + data)
    expected = run_json(capsys, str(plain), "--count")
    assert expected[0] == 0 and expected[1]["solutions"] == (1781 if name == "open" else 1)
    assert run_json(capsys, str(marked), "--count") == expected
    # the model: text read by hand, mark included
    text = data.decode("utf-8")
    assert akari.parse("\ufeff" + text) == akari.parse(text)


def test_batch_errors_are_located_in_their_own_puzzle(capsys, tmp_path):
    good = "...\n.#.\n...\n"
    second = "....\n....\n...\n"  # lines 5-7 of the file: line 7 is one cell short of its own 4
    third = "..\n.x\n"
    batch = tmp_path / "batch.txt"
    batch.write_text(good + "\n" + second + "\n" + third)
    assert main(["solve", "akari", str(batch)]) == 2
    err = capsys.readouterr().err
    assert f"{batch}:7:4: expected 4 cells in every row, as many as in the first row of this grid, found 3" in err
    assert "Traceback" not in err
    batch.write_text(good + "\n\n" + "....\n....\n" + "\n" + third)
    assert main(["solve", "akari", str(batch)]) == 2
    expected = f"{batch}:10:2: expected '.' or '_' (white), '#' or '?' (black) or 0-4 (numbered black), found 'x'"
    assert expected in capsys.readouterr().err
    # lines ended by \r\n and by \r count as editors count them
    batch.write_text((good + "\n" + second + "\n" + third).replace("\n", "\r\n"))
    assert main(["solve", "akari", str(batch)]) == 2
    assert f"{batch}:7:4: expected 4 cells" in capsys.readouterr().err
    parts = akari.split("..\n..\r\r\n.\x0c.\n\n")
    assert parts == [(1, "..\n..\n"), (4, ".\x0c.\n")]
    with pytest.raises(InputError) as error:
        akari.parse(parts[1][1], "f")
    assert (error.value.line + parts[1][0] - 1, error.value.column) == (4, 2)


def board(rows: int, cols: int, fill: str = ".") -> str:
    return "\n".join((fill * cols)[:cols] for _ in range(rows)) + "\n"


def twice_numbered(n: int) -> str:
    """Two 1s in every row and column: long segments, and every probe propagates through numbers."""
    lines = []
    for r in range(n):
        line = ["."] * n
        line[(r * 37) % n] = line[(r * 53 + 11) % n] = "1"
        lines.append("".join(line))
    return "\n".join(lines) + "\n"


LARGEST = {
    "all white": board(MAX_SIZE, MAX_SIZE),
    "all numbers": board(MAX_SIZE, MAX_SIZE, "1"),
    "numbers and white": board(MAX_SIZE, MAX_SIZE, "1."),
    "two numbers a line": twice_numbered(MAX_SIZE),
    "one row": board(1, MAX_SIZE),
}


@pytest.mark.parametrize("shape", sorted(LARGEST))
@pytest.mark.parametrize("probe", ["yes", "no"])
def test_the_largest_boards_set_up_within_the_memory_limit(shape, probe):
    seconds, peak = setup_cost("akari", LARGEST[shape], {"probe": probe})
    assert peak < MEMORY_LIMIT


def test_the_start_of_the_largest_boards_is_made_and_taken_back():
    # The start (the clues' deductions and probing) of the largest open board, checked for its state.
    spec = akari.parse(LARGEST["all white"])
    search = akari.search(spec)
    assert search.start() and search.unlit == MAX_SIZE * MAX_SIZE
    search.rollback(0)
    assert search.trail == [] and set(search.value) == {-1}


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        (board(MAX_SIZE + 1, 3), MAX_SIZE + 1, 1,
         "expected at most 100 rows (the largest board accepted is 100 x 100 cells), found more"),
        (board(2, MAX_SIZE + 1), 1, MAX_SIZE + 1,
         "expected at most 100 cells in a row (the largest board accepted is 100 x 100 cells), found 101"),
        ("\n" + board(3, 3) + "." * 5_000_000 + "\n", 5, MAX_SIZE + 1, "found 5,000,000"),
        ("\n" * 3 + board(100_000, 2), MAX_SIZE + 4, 1, "found more"),
        (" \n" * 2_000_000 + board(MAX_SIZE, 2) + "\n  \n" + board(2, 2), 2_000_000 + MAX_SIZE + 1, 1,
         "found a blank line"),
        (board(MAX_SIZE - 1, 2) + " \t\n..\n", MAX_SIZE, 1, "found a blank line"),
    ],
)
def test_boards_beyond_the_maximum_are_refused(text, line, column, message):
    with pytest.raises(InputError) as error:
        akari.parse(text, "big.txt")
    assert (error.value.line, error.value.column) == (line, column)
    assert message in error.value.message
    assert board(MAX_SIZE, MAX_SIZE) and akari.parse(board(MAX_SIZE, MAX_SIZE)).rows == MAX_SIZE


def test_a_batch_with_a_huge_puzzle_is_refused_at_its_line(capsys, tmp_path):
    path = tmp_path / "batch.txt"
    path.write_text(EXERCISE_TEXT + "\n" + board(300_000, 3))
    assert akari.split(path.read_text())[1][1].count("\n") == MAX_SIZE + 1  # the rest is never copied
    assert main(["solve", "akari", str(path)]) == 2
    assert f"{path}:{8 + MAX_SIZE}:1: expected at most {MAX_SIZE} rows" in capsys.readouterr().err


def test_a_batch_of_more_puzzles_than_the_maximum_is_refused(capsys, tmp_path):
    path = tmp_path / "many.txt"
    path.write_text(".\n\n" * akari.MAX_PUZZLES)
    assert len(akari.split(path.read_text())) == akari.MAX_PUZZLES
    path.write_text(".\n\n" * (akari.MAX_PUZZLES + 5))
    assert main(["solve", "akari", str(path)]) == 2
    line = 2 * akari.MAX_PUZZLES + 1
    expected = f"{path}:{line}:1: expected at most 100,000 puzzles in a file, found more: puzzle 100,001 begins here"
    assert expected in capsys.readouterr().err


def test_the_search_refuses_a_board_beyond_the_maximum_made_in_python():
    with pytest.raises(ValueError, match=f"{MAX_SIZE} x {MAX_SIZE}"):
        akari.search(LightUp(MAX_SIZE + 1, 1))
    assert akari.PUZZLE.limits == f"boards up to {MAX_SIZE} x {MAX_SIZE} cells"


# -- parameters and the generator's arguments ---------------------------------------------------

@pytest.mark.parametrize("value", ["maybe", "", "YES", "1"])
def test_a_bad_probe_parameter_exits_2_with_a_message(value, capsys):
    assert main(["solve", "akari", "--example", "exercise", "-p", f"probe={value}"]) == 2
    err = capsys.readouterr().err
    assert f"parameter probe must be one of yes, no, not {value!r}" in err and "Traceback" not in err
    with pytest.raises(ValueError, match="parameter probe must be one of yes, no"):
        akari.search(akari.parse(EXERCISE_TEXT), probe=value)


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-p", "rows=0"], "parameter rows must be from 1 to 100, not '0'"),
        (["-p", "rows=-3"], "parameter rows must be from 1 to 100, not '-3'"),
        (["-p", "cols=101"], "parameter cols must be from 1 to 100, not '101'"),
        (["-p", "cols=" + "9" * 5000], "parameter cols takes a whole number from 1 to 100, not '999"),
        (["-p", "rows=5x5"], "not '5x5'"),
        (["-p", "cols=five"], "not 'five'"),
        (["-p", "density=1.5"], "parameter density must be from 0.0 to 0.9, not '1.5'"),
        (["-p", "density=-0.1"], "not '-0.1'"),
        (["-p", "density=inf"], "not 'inf'"),
        (["-p", "density=nan"], "parameter density takes a number from 0.0 to 0.9, not 'nan'"),
        (["-p", "rows=\u0661\u0660"], "parameter rows takes a whole number from 1 to 100, not '\u0661\u0660'"),
        (["-p", "numbers=some"], "parameter numbers must be one of minimal, half, all, not 'some'"),
        (["--count", "0"], "--count must be at least 1"),
        (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["-p", "colour=red"], "the generator has no parameter 'colour'"),
    ],
)
def test_the_generator_refuses_bad_arguments_with_status_2(arguments, message, capsys):
    try:
        status = main(["generate", "akari", *arguments])
    except SystemExit as stop:  # argparse's own errors
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err) < 2000


def test_the_generator_takes_the_extremes_of_its_ranges(capsys):
    sizes = []
    for arguments in (["-p", "rows=1", "-p", "cols=1", "--seed", "-5", "-p", "density=0"],
                      ["-p", "rows=1", "-p", "cols=3", "--seed", "0", "-p", "density=0.9"],
                      ["-p", "rows=2", "-p", "cols=2", "--seed", "9223372036854775807", "--count", "2"]):
        assert main(["generate", "akari", *arguments]) == 0
        specs = [akari.parse(text) for _, text in akari.split(capsys.readouterr().out)]
        sizes += [(spec.rows, spec.cols) for spec in specs]
    assert sizes == [(1, 1), (1, 3), (2, 2), (2, 2)]
    with pytest.raises(ValueError, match="from 1 to 100"):
        akari.generate(MAX_SIZE + 1, 1)


@pytest.mark.parametrize("rows, cols", [(r, c) for r in range(1, 5) for c in range(1, 5)])
def test_the_generator_works_on_every_small_size(rows, cols):
    for seed in range(3):
        for density in (0.0, 0.5, 0.9):
            puzzle = akari.generate(rows, cols, seed, density)
            assert akari.search(puzzle).verdict() is Verdict.UNIQUE
