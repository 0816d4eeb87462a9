"""Tests of the bubbles and blocks plugin: the seed's session, solutions, counts, errors, command."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import bubbles
from backtrack_puzzles.bubbles import PUZZLE, Puzzel, generate, parse, render, search

SEED_FILE = """\
#AAB
CDDB
CDBB
CD#B
"""

# The seed's interactive session, verbatim except for the file name (the seed's
# 'puzzel.txt3' carries a footnote mark).
SEED_SESSION = """\
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


def test_seed_session(tmp_path, monkeypatch, capsys):
    (tmp_path / "puzzel.txt").write_text(SEED_FILE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run_session(SEED_SESSION, {"Puzzel": Puzzel}, capsys) == 37


def test_seed_sets_are_plain_sets_of_tuples(tmp_path):
    (tmp_path / "puzzel.txt").write_text(SEED_FILE, encoding="utf-8")
    puzzel = Puzzel(str(tmp_path / "puzzel.txt"))
    assert type(puzzel.gebieden) is set and sorted(puzzel.gebieden) == ["A", "B", "C", "D"]
    assert all(type(square) is tuple for square in puzzel.vierkanten("B"))
    puzzel.gebieden.add("Z")  # a copy: the puzzle does not change
    assert puzzel.gebieden == {"A", "B", "C", "D"}
    assert Puzzel(tmp_path / "puzzel.txt").rijen == 4  # a Path works too


# -- an independent checker and a brute-force counter (nothing from the search) ---------

def check(puzzle_text: str, solved: str) -> list[str]:
    """Every broken rule of ``solved`` (the seed's str() format) for the puzzle text."""
    letters = [line for line in puzzle_text.splitlines() if line]
    grid = solved.splitlines()
    problems = []
    if len(grid) != len(letters) or any(len(a) != len(b) for a, b in zip(grid, letters)):
        return ["the solved grid has another shape"]
    rows, cols = len(letters), len(letters[0])
    found: dict[str, dict[str, int]] = {}
    for r in range(rows):
        for k in range(cols):
            char, letter = grid[r][k], letters[r][k]
            if (char == "#") != (letter == "#"):
                problems.append(f"({r}, {k}) green differs")
            if char not in "#O*.":
                problems.append(f"({r}, {k}) holds {char!r}")
            if char in "O*":
                found.setdefault(letter, {"O": 0, "*": 0})[char] += 1
            if char == "*" and not (r == rows - 1 or grid[r + 1][k] in "#*"):
                problems.append(f"block at ({r}, {k}) does not rest")
            if char == "O" and not (r == 0 or grid[r - 1][k] in "#O"):
                problems.append(f"bubble at ({r}, {k}) does not hang")
    for letter in {char for line in letters for char in line} - {"#"}:
        if found.get(letter) != {"O": 1, "*": 1}:
            problems.append(f"region {letter} holds {found.get(letter)}")
    return problems


def brute_force(puzzle_text: str) -> set[str]:
    """All solved grids, by trying every (bubble, block) pair of squares in every region."""
    letters = [line for line in puzzle_text.splitlines() if line]
    regions: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(letters):
        for k, char in enumerate(line):
            if char != "#":
                regions.setdefault(char, []).append((r, k))
    found = set()
    for choice in itertools.product(*(itertools.permutations(squares, 2) for squares in regions.values())):
        grid = [["#" if char == "#" else "." for char in line] for line in letters]
        for (r1, k1), (r2, k2) in choice:
            grid[r1][k1], grid[r2][k2] = "O", "*"
        text = "\n".join(map("".join, grid))
        if not check(puzzle_text, text):
            found.add(text)
    return found


def random_regions(rng: random.Random, rows: int, cols: int, count: int, green: float) -> str:
    """A random puzzle: green squares, then ``count`` regions grown from random squares."""
    while True:
        open_ = {(r, k) for r in range(rows) for k in range(cols) if rng.random() >= green}
        if len(open_) < count:
            continue
        owner = dict(zip(rng.sample(sorted(open_), count), "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
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
        texts.append(random_regions(rng, rows, cols, rng.randint(1, min(4, rows * cols // 2)), rng.choice((0.0, 0.15, 0.3))))
    for seed in range(40):
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        texts.append(generate(rows, cols, seed, green=rng.choice((0.0, 0.15)), regions=rng.randint(1, 4)).opgave())
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
        found = [render(spec, s) for s in search(spec).solutions(limit=200)]
        assert found, example
        for solved in found:
            assert check(text, solved) == [], example
        assert len(set(found)) == len(found)


def test_solutions_can_be_placed_with_the_seeds_methods():
    # A reported solution, placed blocks bottom-up and bubbles top-down, is accepted
    # by the seed's placement methods and leaves the puzzle solved, showing the same text.
    spec = parse(generate(8, 9, 3).opgave())
    for solution in search(spec).solutions(limit=20):
        puzzel = Puzzel.uit_tekst(spec.opgave())
        for bubble, _ in sorted(solution.values()):
            puzzel.plaats_luchtbel(*bubble)
        for _, block in sorted(solution.values(), key=lambda pair: -pair[1][0]):
            puzzel.plaats_rotsblok(*block)
        assert puzzel.isopgelost() and str(puzzel) == render(spec, solution)


def test_intro_puzzle_has_the_seeds_unique_solution():
    spec = parse(SEED_FILE)
    assert search(spec).verdict() is Verdict.UNIQUE
    assert render(spec, search(spec).first()) == "#O*O\nOO*.\n..*.\n*.#."
    assert search(spec).first() == {"A": ((0, 1), (0, 2)), "B": ((0, 3), (2, 2)), "C": ((1, 0), (3, 0)), "D": ((1, 1), (1, 2))}


# -- givens, removal, text ---------------------------------------------------------------

def test_search_keeps_objects_already_placed():
    spec = Puzzel.uit_tekst("AA\nBB")
    assert search(spec).count() == 2
    spec.plaats_luchtbel(0, 0)
    assert [render(spec, s) for s in search(spec).solutions()] == ["O*\nO*"]
    contradicting = Puzzel.uit_tekst("AA\nBB").plaats_luchtbel(0, 0).plaats_rotsblok(1, 0)
    assert search(contradicting).count() == 0
    solved = Puzzel.uit_tekst(SEED_FILE).plaats_luchtbel(0, 1).plaats_rotsblok(3, 0)
    assert search(solved).count() == 1


def test_verwijder_takes_off_only_unsupporting_objects():
    puzzel = Puzzel.uit_tekst(SEED_FILE).plaats_rotsblok(2, 2).plaats_rotsblok(1, 2)
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
    puzzel = Puzzel.uit_tekst(SEED_FILE)
    assert puzzel.opgave() == SEED_FILE.strip()
    assert str(Puzzel.uit_tekst(SEED_FILE + "\n\n")) == "#...\n....\n....\n..#."
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
        ("AB\n\nAB\n", 2, 1, "found 0"),
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
    assert "level 0: move ('A', 'O', (0, 0)) valid\nSolution 1\nO*\nO*\n" in out
    assert "level 0: move ('A', 'O', (0, 1)) valid\nSolution 2\n*O\n*O\n" in out


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
        puzzel = generate(7, 9, seed)
        assert puzzel.opgave() == generate(7, 9, seed).opgave()
        assert (puzzel.rijen, puzzel.kolommen) == (7, 9)
        first = search(puzzel).first()
        assert first is not None and check(puzzel.opgave(), render(puzzel, first)) == []
    assert generate(7, 9, 1).opgave() != generate(7, 9, 2).opgave()


def test_generator_unique_on_small_grids():
    for seed in range(3):
        puzzel = generate(5, 6, seed, unique=True)
        assert search(puzzel).verdict() is Verdict.UNIQUE
        assert check(puzzel.opgave(), render(puzzel, search(puzzel).first())) == []


def test_generator_command(capsys):
    assert bubbles.main(["generate", "6", "8", "--seed", "4", "--solution"]) == 0
    text, solved = capsys.readouterr().out.rstrip("\n").split("\n\n")
    assert text == generate(6, 8, 4).opgave()
    assert check(text, solved) == []
    assert bubbles.main(["generate", "0", "8"]) == 2
    assert "at least one row" in capsys.readouterr().err
