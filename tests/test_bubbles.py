"""Tests of the bubbles plugin: the exercise's session, model and façade, search, checker, command, generator."""

from __future__ import annotations

import io
import itertools
import json
import pickle
import random
import re
import string

import pytest

from backtrack import InputError, Verdict, parallel
from backtrack.cli import main
from backtrack_puzzles.bubbles import (
    MAX_SIZE, PUZZLE, BubblesGrid, BubblesSearch, Puzzel, check, generate, parse, render, search, text_of,
)
from measure import MEMORY_LIMIT, setup_cost

EXERCISE_FILE = """\
#AAB
CDDB
CDBB
CD#B
"""

# The Dutch exercise's interactive session, verbatim except for the file name (the
# exercise's 'puzzel.txt3' carries a footnote mark).
EXERCISE_SESSION = """\
>>> puzzel = Puzzel('puzzel.txt')
>>> puzzel.rijen
4
>>> puzzel.kolommen
4
>>> puzzel.gebieden
{'A', 'B', 'C', 'D'}
>>> puzzel.vierkanten('A')
{(0, 1), (0, 2)}
>>> puzzel.vierkanten('B')
{(0, 3), (1, 3), (2, 2), (2, 3), (3, 3)}
>>> puzzel.vierkanten('C')
{(1, 0), (2, 0), (3, 0)}
>>> puzzel.vierkanten('D')
{(1, 1), (1, 2), (2, 1), (3, 1)}
>>> puzzel.vierkanten('E')
Traceback (most recent call last):
AssertionError: ongeldig gebied
>>> puzzel.luchtbel('A')
>>> puzzel.rotsblok('B')
>>> puzzel.luchtbel('E')
Traceback (most recent call last):
AssertionError: ongeldig gebied
>>> print(puzzel)
#...
....
....
..#.
>>> puzzel.isopgelost()
False
>>> puzzel.isleeg(0, 1)
True
>>> print(puzzel.plaats_luchtbel(0, 1))
#O..
....
....
..#.
>>> puzzel.luchtbel('A')
(0, 1)
>>> puzzel.rotsblok('A')
>>> puzzel.isleeg(0, 1)
False
>>> puzzel.isleeg(0, 2)
True
>>> puzzel.plaats_luchtbel(0, 2)    # tweede luchtbel in gebied A
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> puzzel.isleeg(2, 0)
True
>>> puzzel.plaats_rotsblok(2, 0)    # rotsblok zweeft boven leeg vierkant
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> puzzel.isleeg(3, 0)
True
>>> print(puzzel.plaats_rotsblok(3, 0))
#O..
....
....
*.#.
>>> puzzel.luchtbel('C')
>>> puzzel.rotsblok('C')
(3, 0)
>>> puzzel.isopgelost()
False
>>> puzzel.plaats_rotsblok(2, 0)    # tweede rotsblok in gebied C
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> puzzel.plaats_luchtbel(3, 2)    # luchtbel in groen vierkant
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> puzzel.plaats_luchtbel(2, 2)    # luchtbel hangt onder leeg vierkant
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> puzzel.plaats_rotsblok(1, 2)    # rotsblok zweeft boven leeg vierkant
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> print(puzzel.plaats_luchtbel(1, 1).plaats_rotsblok(2, 2).plaats_rotsblok(1, 2))
#O..
.O*.
..*.
*.#.
>>> puzzel.isopgelost()
False
>>> puzzel.plaats_luchtbel(3, 3)    # luchtbel hangt onder leeg vierkant
Traceback (most recent call last):
AssertionError: ongeldige positie
>>> print(puzzel.plaats_luchtbel(1, 0).plaats_rotsblok(0, 2).plaats_luchtbel(0, 3))
#O*O
OO*.
..*.
*.#.
>>> puzzel.isopgelost()
True
"""


def run_session(session: str, namespace: dict, capsys) -> int:
    """Run a ``>>>`` session; printed output must match character for character.

    A shown value is compared by value and type (a set's repr order is not fixed:
    string hashes change from run to run); an exception by ``Type: message``; no
    output means the expression gave ``None``.  Returns the number of examples.
    """
    examples: list[tuple[str, list[str]]] = []
    for line in session.splitlines():
        if line.startswith(">>> "):
            examples.append((line[4:], []))
        else:
            examples[-1][1].append(line)
    for source, expected in examples:
        shown = "\n".join(expected)
        try:
            if source.startswith("print(") or re.match(r"\w+ = ", source):
                exec(source, namespace)
                result = None
            else:
                result = eval(source, namespace)
        except Exception as error:  # noqa: BLE001 - the session shows which ones
            assert expected[0] == "Traceback (most recent call last):", source
            assert f"{type(error).__name__}: {error}" == expected[-1], source
            continue
        assert not (expected and expected[0].startswith("Traceback")), f"{source} raised nothing"
        printed = capsys.readouterr().out
        if source.startswith("print("):
            assert printed == shown + "\n", source
        elif not expected:
            assert result is None, source
        else:
            wanted = eval(shown)
            assert type(result) is type(wanted) and result == wanted, source
            if not isinstance(result, set):
                assert repr(result) == shown, source
    return len(examples)


def test_exercise_session(tmp_path, monkeypatch, capsys):
    (tmp_path / "puzzel.txt").write_text(EXERCISE_FILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_session(EXERCISE_SESSION, {"Puzzel": Puzzel}, capsys) == 37


def test_exercise_sets_are_plain_sets_of_tuples(tmp_path):
    (tmp_path / "puzzel.txt").write_text(EXERCISE_FILE, encoding="utf-8")
    puzzel = Puzzel(str(tmp_path / "puzzel.txt"))
    assert type(puzzel.gebieden) is set and sorted(puzzel.gebieden) == ["A", "B", "C", "D"]
    assert all(type(square) is tuple for square in puzzel.vierkanten("B"))
    puzzel.gebieden.add("Z")  # a copy: the puzzle does not change
    assert puzzel.gebieden == {"A", "B", "C", "D"}
    assert Puzzel(tmp_path / "puzzel.txt").rijen == 4  # a Path works too


# -- a brute-force counter (nothing from the search; the rules from the plugin's independent checker) --

def brute_force(puzzle: str | BubblesGrid) -> set[str]:
    """All solved grids, by trying every (bubble, block) pair of squares in every region."""
    spec = parse(puzzle) if isinstance(puzzle, str) else puzzle
    regions: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(spec.lines):
        for k, char in enumerate(line):
            if char != "#":
                regions.setdefault(char, []).append((r, k))
    found = set()
    for choice in itertools.product(*(itertools.permutations(squares, 2) for squares in regions.values())):
        solution = dict(zip(regions, choice, strict=True))
        if not check(spec, solution):
            found.add(render(spec, solution))
    return found


def random_regions(rng: random.Random, rows: int, cols: int, count: int, green: float) -> str:
    """A random puzzle: green squares, then ``count`` regions grown from random squares."""
    while True:
        open_ = {(r, k) for r in range(rows) for k in range(cols) if rng.random() >= green}
        if len(open_) < count:
            continue
        owner = dict(zip(rng.sample(sorted(open_), count), "ABCDEFGHIJKLMNOPQRSTUVWXYZ", strict=False))
        border = [(owner[s], s) for s in owner]
        while border:
            letter, (r, k) = border.pop(rng.randrange(len(border)))
            for step in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                if step in open_ and step not in owner:
                    owner[step] = letter
                    border.append((letter, step))
        if len(owner) == len(open_):  # every open square reached: regions are connected
            return "\n".join("".join(owner.get((r, k), "#") for k in range(cols)) for r in range(rows))


def searched(text: str) -> list[str]:
    spec = parse(text)
    return [render(spec, solution) for solution in search(spec).solutions()]


def small_instances() -> list[str]:
    rng = random.Random(2024)
    texts = []
    for _ in range(60):
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        count, green = rng.randint(1, min(4, rows * cols // 2)), rng.choice((0.0, 0.15, 0.3))
        texts.append(random_regions(rng, rows, cols, count, green))
    for seed in range(40):
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        texts.append(text_of(generate(rows, cols, seed, green=rng.choice((0.0, 0.15)), regions=rng.randint(1, 4))))
    return [text for text in texts if _work(text) <= 60_000]


def _work(text: str) -> int:
    sizes = [text.count(letter) for letter in set(text) - {"#", "\n"}]
    total = 1
    for size in sizes:
        total *= size * (size - 1)
    return total


def test_counts_match_brute_force_on_small_random_instances():
    counts = []
    for text in small_instances():
        found = searched(text)
        assert len(found) == len(set(found)), f"a grid reported twice for\n{text}"
        assert set(found) == brute_force(text), text
        counts.append(len(found))
    assert len(counts) >= 80
    assert counts.count(0) >= 10 and counts.count(1) >= 5 and sum(count >= 2 for count in counts) >= 10
    assert max(counts) >= 20


def test_objects_placed_in_advance_match_brute_force():
    # Random bubbles and blocks placed with the exercise's methods (on the façade, so on
    # its model); the brute force keeps only the grids that keep them (the checker's rule).
    rng = random.Random(7)
    kept = 0
    for text in small_instances()[::2]:
        puzzel = Puzzel.uit_tekst(text)
        spec = puzzel.grid
        rows, cols = puzzel.rijen, puzzel.kolommen
        for _ in range(rng.randint(1, 3)):
            place = puzzel.plaats_luchtbel if rng.random() < 0.5 else puzzel.plaats_rotsblok
            try:
                place(rng.randrange(rows), rng.randrange(cols))
            except AssertionError:
                continue
        found = list(search(spec).solutions())
        assert all(check(spec, solution) == [] for solution in found), text
        grids = [render(spec, s) for s in found]
        assert len(set(grids)) == len(grids) and set(grids) == brute_force(spec), text
        kept += bool(spec.bubbles or spec.blocks)
    assert kept >= 20


def test_count_and_verdict_agree_with_the_solutions():
    for text in small_instances()[::5]:
        spec = parse(text)
        n = len(brute_force(text))
        assert search(spec).count() == n
        assert search(spec).verdict() == Verdict.of(n, True)
        assert search(spec).count(limit=1) == min(n, 1)


def test_every_solution_passes_the_checker_on_larger_puzzles():
    for example in PUZZLE.examples.values():
        text = example.read_text(encoding="utf-8")
        spec = parse(text)
        solutions = list(search(spec).solutions(limit=200))
        assert solutions, example
        for solution in solutions:
            assert check(spec, solution) == [], example
        found = [render(spec, s) for s in solutions]
        assert len(set(found)) == len(found)


def test_solutions_can_be_placed_with_the_exercises_methods():
    # A reported solution, placed blocks bottom-up and bubbles top-down, is accepted
    # by the exercise's placement methods and leaves the puzzle solved, showing the same text.
    spec = parse(text_of(generate(8, 9, 3)))
    for solution in search(spec).solutions(limit=20):
        puzzel = Puzzel.uit_tekst(text_of(spec))
        for bubble, _ in sorted(solution.values()):
            puzzel.plaats_luchtbel(*bubble)
        for _, block in sorted(solution.values(), key=lambda pair: -pair[1][0]):
            puzzel.plaats_rotsblok(*block)
        assert puzzel.isopgelost() and str(puzzel) == render(spec, solution)


def test_intro_puzzle_has_the_exercises_unique_solution():
    spec = parse(EXERCISE_FILE)
    assert search(spec).verdict() is Verdict.UNIQUE
    assert render(spec, search(spec).first()) == "#O*O\nOO*.\n..*.\n*.#."
    assert search(spec).first() == {
        "A": ((0, 1), (0, 2)), "B": ((0, 3), (2, 2)), "C": ((1, 0), (3, 0)), "D": ((1, 1), (1, 2)),
    }


# -- the model and the exercise's façade ----------------------------------------------------

def test_parse_gives_the_model_and_the_facade_wraps_it():
    grid = parse(EXERCISE_FILE)
    assert type(grid) is BubblesGrid and grid.lines == ("#AAB", "CDDB", "CDBB", "CD#B")
    assert (grid.rows, grid.cols) == (4, 4) and sorted(grid.regions) == ["A", "B", "C", "D"]
    assert grid.regions["C"] == {(1, 0), (2, 0), (3, 0)} and grid.region_at(3, 2) is None
    puzzel = Puzzel.from_grid(grid)
    assert puzzel.grid is grid and type(Puzzel.uit_tekst(EXERCISE_FILE).grid) is BubblesGrid
    puzzel.plaats_luchtbel(0, 1)  # placed through the façade: on the model
    grid.place_block(3, 0)  # placed on the model: seen through the façade
    assert grid.bubbles == {"A": (0, 1)} and puzzel.rotsblok("C") == (3, 0)
    assert str(puzzel) == str(grid) == "#O..\n....\n....\n*.#."
    assert repr(grid) == "BubblesGrid(('#AAB', 'CDDB', 'CDBB', 'CD#B'))"


@pytest.mark.parametrize("place, r, k, words", [
    ("place_bubble", 0, 2, "region A already has a bubble"),
    ("place_bubble", 2, 2, "would not hang from the top row, a green square or a bubble"),
    ("place_bubble", 3, 2, "(3, 2) is not an empty square of the grid"),
    ("place_block", 2, 0, "would not rest on the bottom row, a green square or a block"),
    ("place_block", 9, 0, "(9, 0) is not an empty square of the grid"),
    ("remove", 1, 1, "(1, 1) holds no bubble or block"),
])
def test_the_model_says_in_english_why_an_object_may_not_go_there(place, r, k, words):
    grid = parse(EXERCISE_FILE)
    grid.place_bubble(0, 1)
    with pytest.raises(ValueError, match=re.escape(words)):
        getattr(grid, place)(r, k)
    façade = {"place_bubble": "plaats_luchtbel", "place_block": "plaats_rotsblok", "remove": "verwijder"}[place]
    with pytest.raises(AssertionError, match="^ongeldige positie$"):
        getattr(Puzzel.from_grid(grid), façade)(r, k)


# -- the search: decisions, attempts, resuming, counting in parallel ------------------------------

class CountingSearch(BubblesSearch):
    """Counts the decisions it is asked to make."""

    decisions = 0

    def decide(self, decision):
        self.decisions += 1
        return super().decide(decision)


def test_attempts_are_the_decisions_tried():
    texts = [path.read_text(encoding="utf-8") for path in PUZZLE.examples.values()] + small_instances()[::4]
    for text in texts:
        counting = CountingSearch(parse(text))
        counting.count(limit=5000)
        assert counting.report.attempts == counting.decisions, text
    # The numbers: a puzzle solved by propagation alone takes no decision (the search
    # once counted one "nothing to choose" move there); every other count is as before.
    pinned = {"intro": (1, 0), "unique-6x6": (1, 0), "unique-8x8": (1, 0), "generated-10x12": (320, 574)}
    for name, (solutions, attempts) in pinned.items():
        counted = search(parse(PUZZLE.examples[name].read_text(encoding="utf-8")))
        assert (counted.count(), counted.report.attempts) == (solutions, attempts), name
    no_regions = search(parse("##\n##"))
    assert (no_regions.count(), no_regions.report.attempts) == (1, 0)


def test_a_contradicting_decision_is_an_invalid_attempt_in_the_trace():
    trace = io.StringIO()
    counted = search(parse("CCCB\nCABB\nAAAA"))
    assert counted.count(trace=trace) == 1 and counted.report.attempts == 4
    assert trace.getvalue() == (
        "level 0: move bubble of region A at row 2, column 2 valid\n"
        "  level 1: move block of region B at row 2, column 3 valid\n"
        "  level 1: move block of region B at row 2, column 4 invalid\n"
        "level 0: move bubble of region A at row 3, column 3 invalid\n"
    )


def test_decisions_resume_in_a_fresh_search_and_the_state_returns_to_the_root():
    spec = parse(PUZZLE.examples["generated-10x12"].read_text(encoding="utf-8"))
    whole = search(spec)
    assert whole.first() is not None  # stopped deep in the tree: the next search starts from the root again
    assert whole.count() == 320 and whole.report.attempts == 574
    first_level = whole.branch()
    assert first_level and all(pickle.loads(pickle.dumps(d)) == d for d in first_level)
    assert all(isinstance(letter, str) and kind in "O*" for letter, kind, _ in first_level)
    parts = [search(spec) for _ in first_level]
    assert sum(part.count(prefix=[d]) for part, d in zip(parts, first_level, strict=True)) == 320
    assert sum(part.report.attempts for part in parts) + len(first_level) == 574


def test_a_parallel_count_equals_the_serial_one():
    text = PUZZLE.examples["generated-10x12"].read_text(encoding="utf-8")
    report = parallel.count("bubbles", text, {}, workers=2, warmup=0)
    serial = search(parse(text))
    assert (report.solutions, report.attempts, report.complete) == (serial.count(), serial.report.attempts, True)
    # Objects placed in advance travel with the model.
    grid = parse(text)
    grid.place_block(9, 4)  # the block of region B on the floor: the search's second choice first
    report = parallel.count(PUZZLE, spec=grid, workers=2, warmup=0)
    serial = search(grid)
    assert (report.solutions, report.attempts, report.complete) == (serial.count(), serial.report.attempts, True)
    assert report.solutions == 192


# -- givens, removal, text ---------------------------------------------------------------

def test_search_keeps_objects_already_placed():
    spec = parse("AA\nBB")
    assert search(spec).count() == 2
    spec.place_bubble(0, 0)
    assert [render(spec, s) for s in search(spec).solutions()] == ["O*\nO*"]
    contradicting = Puzzel.uit_tekst("AA\nBB").plaats_luchtbel(0, 0).plaats_rotsblok(1, 0)
    assert search(contradicting.grid).count() == 0
    solved = Puzzel.uit_tekst(EXERCISE_FILE).plaats_luchtbel(0, 1).plaats_rotsblok(3, 0)
    assert search(solved.grid).count() == 1


def test_verwijder_takes_off_only_unsupporting_objects():
    puzzel = Puzzel.uit_tekst(EXERCISE_FILE).plaats_rotsblok(2, 2).plaats_rotsblok(1, 2)
    with pytest.raises(AssertionError, match="^ongeldige positie$"):
        puzzel.verwijder(2, 2)  # the block of D rests on it
    with pytest.raises(AssertionError, match="^ongeldige positie$"):
        puzzel.verwijder(0, 0)  # green
    with pytest.raises(AssertionError, match="^ongeldige positie$"):
        puzzel.verwijder(9, 9)
    assert str(puzzel.verwijder(1, 2).verwijder(2, 2)) == "#...\n....\n....\n..#."
    assert puzzel.rotsblok("B") is None and puzzel.isleeg(2, 2)


def test_grids_without_regions_and_windows_line_ends():
    spec = parse("##\r\n##\r\n")
    assert [render(spec, s) for s in search(spec).solutions()] == ["##\n##"]
    assert search(parse("AA\r\nBB\r\n")).count() == 2


def test_uit_tekst_and_opgave():
    puzzel = Puzzel.uit_tekst(EXERCISE_FILE)
    assert puzzel.opgave() == EXERCISE_FILE.strip()
    assert str(Puzzel.uit_tekst(EXERCISE_FILE + "\n\n")) == "#...\n....\n....\n..#."
    assert puzzel.gebied(3, 2) is None and puzzel.gebied(0, 3) == "B" and puzzel.gebied(-1, 0) is None
    assert not puzzel.isleeg(-1, 0) and not puzzel.isleeg(4, 0) and not puzzel.isleeg(0, 0)


# -- input errors ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("", 1, 1, "empty file"),
        ("\n\n  \n", 1, 1, "empty file"),
        ("AB\nABC\n", 2, 3, "expected 2 squares"),
        ("ABC\nAB\n", 2, 3, "expected 3 squares"),
        ("AB\n\nAB\n", 2, 1, "expected 2 squares on every row (as on line 1), found a blank line"),
        ("AB\n  \nAB\n", 2, 1, "found a blank line"),
        ("\n\nAB\nABC\n", 4, 3, "expected 2 squares on every row (as on line 3), found 3"),
        ("\n \r\nABC\nAB\n\n", 4, 3, "expected 3 squares on every row (as on line 3), found 2"),
        ("\n\nAB\nBA\n", 4, 1, "region B is not connected: this square is cut off from its square on line 3, column 2"),
        ("\nAB\nA\x0cB\n", 3, 2, "found '\\x0c'"),
        ("AB\nAB\rAB\n", 2, 3, "found '\\r'"),
        ("AB\nA" + "9" * 5000 + "\n", 2, 2, "found '9'"),
        ("AB\nAb\n", 2, 2, "found 'b'"),
        ("AB\nA.\n", 2, 2, "found '.'"),
        ("A B\n", 1, 2, "found ' '"),
        ("A1\n", 1, 2, "found '1'"),
        ("AÉ\n", 1, 2, "found 'É'"),
        ("AB\nBA\n", 2, 1, "region B is not connected"),
        ("AAB\nBAB\n", 2, 1, "region B is not connected: this square is cut off from its square on line 1, column 3"),
        ("A#A\n", 1, 3, "region A is not connected"),
    ],
)
def test_input_errors_name_line_and_column(text, line, column, words):
    with pytest.raises(InputError) as caught:
        parse(text, "bad.txt")
    assert (caught.value.source, caught.value.line, caught.value.column) == ("bad.txt", line, column)
    assert words in caught.value.message
    assert str(caught.value).startswith(f"bad.txt:{line}:{column}: ")


def test_constructor_raises_the_same_clear_error(tmp_path):
    path = tmp_path / "kapot.txt"
    path.write_text("AB\nBA\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"kapot.txt:2:1: region B is not connected"):
        Puzzel(str(path))


# -- the command ---------------------------------------------------------------------------

def test_command_first_all_count_unique(tmp_path, capsys):
    assert main(["solve", "bubbles", "--example", "intro"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Solution 1\n#O*O\nOO*.\n..*.\n*.#.\nfirst solution")
    path = tmp_path / "two.txt"
    path.write_text("AA\nBB\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "Solution 1\nO*\nO*\n" in out and "Solution 2\n*O\n*O\n" in out and "2 solutions (search complete)" in out
    assert main(["solve", "bubbles", str(path), "--count"]) == 0
    assert "2 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "bubbles", str(path), "--unique"]) == 0
    assert "ambiguous" in capsys.readouterr().out
    assert main(["solve", "bubbles", "--example", "intro", "--unique"]) == 0
    assert "unique: exactly one solution" in capsys.readouterr().out


def test_command_json_and_trace(tmp_path, capsys):
    assert main(["solve", "bubbles", "--example", "intro", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["puzzle"] == "bubbles" and data["solutions"] == 1
    assert data["data"] == [{
        "bubbles": {"A": [0, 1], "B": [0, 3], "C": [1, 0], "D": [1, 1]},
        "blocks": {"A": [0, 2], "B": [2, 2], "C": [3, 0], "D": [1, 2]},
        "grid": ["#O*O", "OO*.", "..*.", "*.#."],
    }]
    path = tmp_path / "two.txt"
    path.write_text("AA\nBB\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(path), "--all", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move bubble of region A at row 1, column 1 valid\nSolution 1\nO*\nO*\n" in out
    assert "level 0: move bubble of region A at row 1, column 2 valid\nSolution 2\n*O\n*O\n" in out


def test_command_unsolvable_and_bad_input(tmp_path, capsys):
    path = tmp_path / "none.txt"
    path.write_text("A#\nB#\n", encoding="utf-8")  # one-square regions hold no bubble and block
    assert main(["solve", "bubbles", str(path)]) == 1
    assert "0 solutions (search complete)" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("AB\nA\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(bad)]) == 2
    assert f"{bad}:2:2: expected 2 squares on every row" in capsys.readouterr().err


def test_command_lists_the_examples(capsys):
    assert main(["show", "bubbles"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bubbles: ") and "intro" in out


# -- the generator ---------------------------------------------------------------------------

def test_generator_is_repeatable_and_solvable():
    for seed in range(5):
        grid = generate(7, 9, seed)
        assert text_of(grid) == text_of(generate(7, 9, seed))
        assert (grid.rows, grid.cols) == (7, 9)
        first = search(grid).first()
        assert first is not None and check(grid, first) == []
    assert text_of(generate(7, 9, 1)) != text_of(generate(7, 9, 2))


def test_generator_unique_on_small_grids():
    for seed in range(3):
        grid = generate(5, 6, seed, unique=True)
        assert search(grid).verdict() is Verdict.UNIQUE
        assert check(grid, search(grid).first()) == []


def test_generator_command(capsys):
    assert main(["generate", "bubbles", "-p", "rows=6", "-p", "cols=8", "--seed", "4", "--any"]) == 0
    text = capsys.readouterr().out.rstrip("\n")
    grid = generate(6, 8, 4)
    assert text == text_of(grid)
    first = search(grid).first()
    assert first is not None and check(grid, first) == []


# -- input that can never crash the command: numbers, byte-order marks, sizes -----------------

def test_a_number_of_any_length_is_a_located_error(tmp_path, capsys):
    huge = "9" * 5000
    for text, line, column in ((huge + "\n", 1, 1), ("AB\nA" + huge + "\n", 2, 2), ("\n\nAB\nAB" + huge, 4, 3)):
        with pytest.raises(InputError) as caught:
            parse(text, "big.txt")
        assert (caught.value.line, caught.value.column) == (line, column)
        assert "found '9'" in caught.value.message and len(str(caught.value)) < 200
    path = tmp_path / "big.txt"
    path.write_text("AB\nA" + huge + "\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:2: expected an uppercase letter A-Z" in err and "Traceback" not in err and len(err) < 300


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    data = PUZZLE.examples[name].read_bytes()
    mode = "--unique" if name == "generated-15x20" else "--count"  # 15x20 has too many solutions to count
    results = []
    for prefix, file in ((b"", "plain.txt"), (b"\xef\xbb\xbf", "marked.txt")):
        path = tmp_path / file
        path.write_bytes(prefix + data)
        assert main(["solve", "bubbles", str(path), mode, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        results.append({key: result.get(key) for key in ("solutions", "attempts", "complete", "verdict")})
    assert results[0] == results[1] and results[0]["solutions"] >= 1


def test_the_exercises_constructor_reads_files_as_the_command_does(tmp_path):
    marked = tmp_path / "puzzel.txt"
    marked.write_bytes(b"\xef\xbb\xbf" + EXERCISE_FILE.encode("utf-8"))
    puzzel = Puzzel(str(marked))
    assert (puzzel.rijen, puzzel.kolommen, puzzel.opgave()) == (4, 4, EXERCISE_FILE.strip())
    assert Puzzel.uit_tekst("\ufeff" + EXERCISE_FILE).opgave() == EXERCISE_FILE.strip()
    broken = tmp_path / "kapot.txt"
    broken.write_bytes(b"AB\nA\xff\n")
    with pytest.raises(InputError, match=r"kapot.txt:2:2: expected UTF-8 text, found the byte 0xff"):
        Puzzel(broken)
    blank_first = tmp_path / "leeg.txt"
    blank_first.write_text("\n\n" + EXERCISE_FILE + "\n\n", encoding="utf-8")
    assert Puzzel(blank_first).opgave() == EXERCISE_FILE.strip()


def test_blank_lines_around_the_grid_are_skipped(capsys, tmp_path):
    spec = parse("\n  \n\r\n" + EXERCISE_FILE + "\n \n")
    assert text_of(spec) == EXERCISE_FILE.strip() and search(spec).verdict() is Verdict.UNIQUE
    path = tmp_path / "blank.txt"
    path.write_text("\n\nAB\nA\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(path)]) == 2
    assert f"{path}:4:2: expected 2 squares on every row (as on line 3), found 1" in capsys.readouterr().err


def comb(size: int, letter: str = "A") -> str:
    """The costliest shape found: full rows, each followed by a row green but for its first square."""
    return "\n".join(letter * size if r % 2 == 0 else letter + "#" * (size - 1) for r in range(size))


def striped(size: int) -> str:
    """26 horizontal bands, one per region."""
    return "\n".join(string.ascii_uppercase[r * 26 // size] * size for r in range(size))


@pytest.mark.parametrize(
    "text",
    [comb(MAX_SIZE), comb(MAX_SIZE, "Z"), "\n".join(["A" * MAX_SIZE] * MAX_SIZE), striped(MAX_SIZE)],
    ids=["comb", "comb-Z", "one-region", "26-bands"],
)
def test_the_largest_grids_set_up_within_the_memory_limit(text):
    seconds, peak = setup_cost("bubbles", text)
    assert peak < MEMORY_LIMIT


def test_grids_beyond_the_largest_are_refused_where_they_grow_too_large(tmp_path, capsys):
    assert MAX_SIZE == 500 and "500 x 500" in PUZZLE.limits
    parse("\n".join(["A" * MAX_SIZE] * 2))
    with pytest.raises(InputError) as caught:
        parse("\n" + "\n".join(["A" * (MAX_SIZE + 1)] * 2), "wide.txt")
    assert (caught.value.line, caught.value.column) == (2, MAX_SIZE + 1)
    assert caught.value.message == "expected at most 500 squares on a row (the largest grid is 500 x 500), found 501"
    with pytest.raises(InputError) as caught:
        parse("\n".join(["AB"] * (MAX_SIZE + 1)), "tall.txt")
    assert (caught.value.line, caught.value.column) == (MAX_SIZE + 1, 1)
    assert "expected at most 500 rows (the largest grid is 500 x 500)" in caught.value.message
    path = tmp_path / "huge.txt"
    path.write_text(("A" * 3000 + "\n") * 3000, encoding="utf-8")  # 9 MB: under the input limit, over the grid's
    assert main(["solve", "bubbles", str(path)]) == 2
    assert f"{path}:1:501: expected at most 500 squares on a row" in capsys.readouterr().err
    assert main(["show", "bubbles"]) == 0
    assert "limits: grids up to 500 x 500 squares, regions A-Z (at most 26)" in capsys.readouterr().out


def test_the_puzzle_has_no_parameters_and_says_so(capsys):
    assert PUZZLE.params == ()
    assert main(["solve", "bubbles", "--example", "intro", "-p", "method=-1"]) == 2
    err = capsys.readouterr().err
    assert "has no parameter 'method'" in err and "Traceback" not in err


# -- the independent checker ---------------------------------------------------------------------

def test_checker_accepts_the_exercises_solution_and_names_each_broken_rule():
    spec = parse(EXERCISE_FILE)
    solved = search(spec).first()
    assert check(spec, solved) == []

    def changed(letter: str, index: int, square: tuple[int, int]) -> list[str]:
        solution = dict(solved)
        pair = list(solution[letter])
        pair[index] = square
        solution[letter] = tuple(pair)
        return check(spec, solution)

    # The block of B moved from (2, 2) to (1, 3): it floats, and the block of D above (2, 2) now floats too.
    assert changed("B", 1, (1, 3)) == [
        "row 2, column 3: the block of region D does not rest on the bottom row, a green square or another block",
        "row 2, column 4: the block of region B does not rest on the bottom row, a green square or another block",
    ]
    # The bubble of C moved down one square: it no longer hangs.
    assert changed("C", 0, (2, 0)) == [
        "row 3, column 1: the bubble of region C does not hang from the top row, a green square or another bubble"
    ]
    # The bubble of A moved onto a square of region B (whose own bubble is there too); D's bubble hung from it.
    assert changed("A", 0, (0, 3)) == [
        "row 1, column 4: holds the bubble of region A and the bubble of region B, "
        "but a square holds at most one object",
        "row 1, column 4: the bubble of region A is on a square of region B",
        "row 2, column 2: the bubble of region D does not hang from the top row, a green square or another bubble",
        "region A holds no bubble, not one",
        "region B holds 2 bubbles, not one",
    ]
    assert changed("D", 0, (3, 2)) == [
        "row 4, column 3: the bubble of region D is on a green square",
        "region D holds no bubble, not one",
    ]
    assert changed("A", 1, (7, 0)) == [
        "region A: its block is not on a square of the grid ((7, 0))",
        "region A holds no block, not one",
    ]
    missing = dict(solved)
    del missing["C"]
    assert check(spec, missing) == ["region C holds no bubble, not one", "region C holds no block, not one"]
    assert check(spec, {**solved, "E": ((0, 0), (0, 0))}) == ["'E' is not a region of this puzzle"]


def test_checker_holds_the_solution_to_the_objects_placed_in_advance():
    spec = Puzzel.uit_tekst("AA\nBB").plaats_luchtbel(0, 0).grid
    assert check(spec, {"A": ((0, 0), (0, 1)), "B": ((1, 0), (1, 1))}) == []
    assert check(spec, {"A": ((0, 1), (0, 0)), "B": ((1, 1), (1, 0))}) == [
        "row 1, column 1: the bubble of region A was placed here in advance, but the solution does not keep it there"
    ]


# -- readable trace, the generator's arguments -----------------------------------------------------

def test_trace_names_the_object_the_region_and_the_square(tmp_path, capsys):
    assert main(["solve", "bubbles", "--example", "intro", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "level 0" not in out and "0 attempts" in out  # solved by propagation alone: no decision
    path = tmp_path / "three.txt"
    path.write_text("AAA\nBBB\n", encoding="utf-8")
    assert main(["solve", "bubbles", str(path), "--all", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "level 0: move bubble of region A at row 1, column 3 valid" in out
    assert "(" not in out.split("Solution")[0]


@pytest.mark.parametrize("args, words", [
    (["-p", "rows=0"], "parameter rows must be from 1 to 500, not '0'"),
    (["-p", "rows=-3"], "parameter rows must be from 1 to 500, not '-3'"),
    (["-p", "cols=501"], "parameter cols must be from 1 to 500, not '501'"),
    (["-p", "cols=" + "9" * 5000], "parameter cols takes a whole number from 1 to 500, not '99999"),
    (["-p", "rows=x"], "parameter rows takes a whole number from 1 to 500, not 'x'"),
    (["-p", "rows=1", "-p", "cols=1"], "a grid needs at least two squares"),
    (["-p", "regions=0"], "parameter regions must be from 1 to 26, not '0'"),
    (["-p", "regions=27"], "parameter regions must be from 1 to 26, not '27'"),
    (["-p", "green=-0.1"], "parameter green must be from 0.0 to 0.9, not '-0.1'"),
    (["-p", "green=1e999"], "parameter green takes a number from 0.0 to 0.9, not '1e999'"),
    (["-p", "rows=13", "-p", "cols=12"], "unique puzzles are made up to 144 squares (such as 12 x 12), not 13 x 12"),
    (["-p", "colour=red"], "the generator has no parameter 'colour'"),
    (["--seed", "x"], "argument --seed: invalid int value: 'x'"),
])
def test_generator_refuses_bad_arguments(args, words, capsys):
    try:
        status = main(["generate", "bubbles", *args])
    except SystemExit as caught:  # argparse's own errors
        status = caught.code
    assert status == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err) < 1000


def test_generator_makes_the_largest_grid():
    grid = generate(MAX_SIZE, 3, 1)
    assert (grid.rows, grid.cols) == (MAX_SIZE, 3)
    with pytest.raises(ValueError, match="the largest grid is 500 x 500, not 501 x 3"):
        generate(MAX_SIZE + 1, 3, 1)
