"""``backtrack generate`` ends: sizes it cannot make are refused at once, searches are bounded, and ``--timeout``.

Every puzzle printed as unique is checked unique here by an independent solver:
the Sudoku oracle, and a brute force over every placement for small bubbles grids.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from backtrack.cli import generate as generate_command
from backtrack.cli import main
from backtrack_puzzles import bubbles, kendoku, ricochet
from sudoku_oracle import exact_cover

#: A generous bound for commands that must end at once (they ran for minutes before).
AT_ONCE = 30


def generate(*args: str, timeout: float = AT_ONCE) -> subprocess.CompletedProcess[str]:
    """``backtrack generate ARGS`` in a subprocess, killed after ``timeout`` seconds (a failure)."""
    return subprocess.run([sys.executable, "-m", "backtrack.cli", "generate", *args],
                          capture_output=True, text=True, timeout=timeout)


def sudoku_grid(line: str) -> list[list[int]]:
    values = [0 if ch == "." else int(ch) for ch in line.strip()]
    assert len(values) == 81, line
    return [values[r * 9:(r + 1) * 9] for r in range(9)]


def bubbles_solutions(text: str) -> int:
    """The number of solutions of a bubbles grid, by trying every bubble and block square of every region."""
    rows = [line for line in text.splitlines() if line.strip()]
    squares: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for k, ch in enumerate(row):
            if ch != "#":
                squares.setdefault(ch, []).append((r, k))
    height = len(rows)

    def hangs(r: int, k: int, bubbles_at: set[tuple[int, int]]) -> bool:
        return r == 0 or rows[r - 1][k] == "#" or (r - 1, k) in bubbles_at

    def rests(r: int, k: int, blocks_at: set[tuple[int, int]]) -> bool:
        return r == height - 1 or rows[r + 1][k] == "#" or (r + 1, k) in blocks_at

    found = 0
    choices = [list(itertools.permutations(cells, 2)) for cells in squares.values()]
    for placement in itertools.product(*choices):
        bubbles_at = {bubble for bubble, _ in placement}
        blocks_at = {block for _, block in placement}
        if len(bubbles_at | blocks_at) < 2 * len(placement):
            continue
        if all(hangs(*b, bubbles_at) for b in bubbles_at) and all(rests(*b, blocks_at) for b in blocks_at):
            found += 1
    return found


# -- sizes refused at once, with the limit ------------------------------------------------------


def test_a_one_row_bubbles_grid_is_refused_at_once_as_never_unique():
    done = generate("bubbles", "-p", "rows=1", "-p", "cols=26", "--seed", "3")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("backtrack: error: ") and "Traceback" not in done.stderr
    assert "one row (1 x 26) never has a unique solution" in done.stderr and "--any" in done.stderr


def test_a_one_row_bubbles_grid_has_two_solutions_or_more_by_brute_force():
    """What the refusal says: --any makes one-row grids, and none of them is unique."""
    for seed in range(1, 6):
        assert main(["generate", "bubbles", "-p", "rows=1", "-p", "cols=6", "--any", "--seed", str(seed)]) == 0
    for seed in range(1, 6):
        grid = bubbles.generate(1, 6, seed)
        assert bubbles_solutions(bubbles.text_of(grid)) >= 2


def test_a_unique_akari_beyond_its_limit_is_refused_at_once_and_any_makes_it():
    done = generate("akari", "-p", "rows=100", "-p", "cols=100", "--seed", "1")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "unique puzzles are made up to 2,500 cells (such as 50 x 50), not 100 x 100" in done.stderr
    made = generate("akari", "-p", "rows=100", "-p", "cols=100", "--seed", "1", "--any")
    assert made.returncode == 0 and len(made.stdout.splitlines()) == 100


def test_bubbles_share_one_budget_of_changes_over_every_fresh_start():
    with pytest.raises(ValueError, match="no unique 12 x 12 puzzle found within 40 changes"):
        bubbles.generate(12, 12, 1, regions=1, unique=True, steps=40)


def test_ricochet_gives_up_when_its_attempts_run_out_with_the_limit(monkeypatch, capsys):
    monkeypatch.setattr(ricochet, "GENERATE_ATTEMPTS", 2000)
    monkeypatch.setattr(ricochet, "BOARD_ATTEMPTS", 1000)
    arguments = ["generate", "ricochet", "--seed", "1", "-p", "min_moves=40"]
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert "needing 40 moves or more was proven within the generator's 2,000 attempts" in err


def test_a_board_over_its_attempts_is_passed_over_never_taken_as_proven(monkeypatch):
    """With the budget too small to prove an optimum, no board is returned (its search was cut, not finished)."""
    monkeypatch.setattr(ricochet, "BOARD_ATTEMPTS", 1)
    monkeypatch.setattr(ricochet, "GENERATE_ATTEMPTS", 50)
    with pytest.raises(ValueError, match="was proven within"):
        ricochet.make(1, unique=True)


# -- every puzzle printed as unique is unique, by an independent check ----------------------------


@pytest.mark.parametrize("shape", [("3", "3"), ("2", "4"), ("3", "4")])
def test_small_bubbles_made_unique_have_one_solution_by_brute_force(shape, capsys):
    rows, cols = shape
    for seed in range(1, 5):
        assert main(["generate", "bubbles", "-p", f"rows={rows}", "-p", f"cols={cols}", "--seed", str(seed)]) == 0
        assert bubbles_solutions(capsys.readouterr().out) == 1


def kendoku_solutions(spec: kendoku.Kendoku) -> int:
    """The number of Latin squares that meet every cage of ``spec``, by trying every Latin square (small grids)."""
    n = spec.n
    found = 0
    for rows in itertools.product(list(itertools.permutations(range(1, n + 1))), repeat=n):
        if all(len(set(column)) == n for column in zip(*rows, strict=True)) and all(
                cage.holds([rows[r][c] for r, c in cage.cells]) for cage in spec.cages):
            found += 1
    return found


def test_kendoku_gives_up_with_its_limit_rather_than_hand_out_an_unproven_puzzle(monkeypatch):
    monkeypatch.setattr(kendoku, "GENERATE_WORK", 600)  # 100 attempts with cages of up to 6 cells
    with pytest.raises(ValueError, match="no unique 9 x 9 puzzle with cages of up to 6 cells was proven within "
                                         "50 cuttings and 100 attempts"):
        kendoku.generate(9, 5, 6, unique=True)


def test_kendoku_over_its_budget_is_a_clear_error_of_the_command(monkeypatch, capsys):
    monkeypatch.setattr(kendoku, "GENERATE_WORK", 600)
    assert main(["generate", "kendoku", "-p", "size=9", "-p", "max_cage=6", "--seed", "5"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "backtrack: error: cannot generate kendoku: no unique 9 x 9 puzzle" in captured.err
    assert "--any" in captured.err


def test_kendoku_budget_shrinks_with_the_cages_so_big_cages_cost_no_more_work():
    assert kendoku.uniqueness_budget(6).per_check * 6 <= kendoku.CHECK_WORK
    assert kendoku.uniqueness_budget(6).left < kendoku.uniqueness_budget(3).left


def test_kendoku_with_a_tight_budget_only_returns_puzzles_unique_by_brute_force(monkeypatch):
    """Checks cut short (1 attempt each, 3 cuttings) are never taken as proofs: what comes back has one solution."""
    monkeypatch.setattr(kendoku, "CHECK_WORK", 4)
    monkeypatch.setattr(kendoku, "GENERATE_TRIES", 3)
    made = refused = 0
    for seed in range(1, 13):
        try:
            spec = kendoku.generate(4, seed, 4, unique=True)
        except ValueError:
            refused += 1
            continue
        made += 1
        assert kendoku_solutions(spec) == 1, seed
    assert made and refused


def test_a_wide_two_row_bubbles_grid_is_refused_at_once_with_the_limit():
    done = generate("bubbles", "-p", "rows=2", "-p", "cols=72", "--seed", "1")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "unique grids of two rows are made up to 2 x 16, not 2 x 72" in done.stderr and "--any" in done.stderr
    made = generate("bubbles", "-p", "rows=2", "-p", "cols=72", "--seed", "1", "--any")
    assert made.returncode == 0 and len(made.stdout.split()) == 2


def test_bubbles_counts_share_one_budget_of_attempts():
    """The changes of a grid with many solutions cost many attempts: the attempts are bounded, not just the changes."""
    with pytest.raises(ValueError, match="no unique 12 x 12 puzzle found within 5,000 attempts"):
        bubbles.generate(12, 12, 1, unique=True, work=5000)


def test_bubbles_with_a_tight_budget_only_returns_grids_unique_by_brute_force():
    made = refused = 0
    for seed, work in itertools.product(range(1, 5), (20, 60, 200)):
        try:
            grid = bubbles.generate(3, 4, seed, unique=True, work=work)
        except ValueError:
            refused += 1
            continue
        made += 1
        assert bubbles_solutions(bubbles.text_of(grid)) == 1, (seed, work)
    assert made and refused


@pytest.mark.parametrize("shape, rules, limit", [(("29", "29"), "standard", "784 cells (such as 28 x 28)"),
                                                 (("13", "12"), "tutorial", "144 cells (such as 12 x 12)")])
def test_a_unique_tents_board_beyond_its_limit_is_refused_at_once(shape, rules, limit):
    rows, cols = shape
    done = generate("tents", "-p", f"rows={rows}", "-p", f"cols={cols}", "-p", f"rules={rules}", "--seed", "1")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert f"unique boards under the {rules} rules are made up to {limit}, not {rows} x {cols}" in done.stderr
    assert "--any" in done.stderr


def test_ricochet_gives_each_board_a_share_so_later_boards_are_tried(monkeypatch):
    """Seed 1's first 64 x 64 boards never finish; before, they used up every attempt and no board was made."""
    allowed: list[int] = []
    budgeted = ricochet._budgeted

    def recorded(found, limit, most):
        allowed.append(most)
        return budgeted(found, limit, most)

    monkeypatch.setattr(ricochet, "_budgeted", recorded)
    spec = ricochet.make(1, size=64)
    total = ricochet.GENERATE_ATTEMPTS * 16 // 64
    # The seed's own board gets a whole board's attempts, every later one a share.
    assert len(allowed) > 3 and allowed[0] == ricochet.BOARD_ATTEMPTS * 16 // 64
    assert max(allowed[1:]) <= total // ricochet.BOARD_SHARES
    assert ricochet.search(spec, max_moves=ricochet.LONGEST_GENERATED).first() is not None


def test_a_graded_check_over_its_attempts_is_passed_over_never_printed(monkeypatch, capsys):
    monkeypatch.setattr(generate_command, "GRADE_ATTEMPTS", 1)
    assert main(["generate", "sudoku", "--seed", "1", "--difficulty", "hard"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert re.search(r"the graded check of the puzzle made from seed \d+ stopped after 1 attempt, unproven: "
                     "made another", captured.err)
    assert "no hard puzzle among 200 made" in captured.err


def test_every_generator_says_how_long_its_sizes_take(capsys):
    for name in ("bubbles", "infinity-loop", "kendoku", "ricochet", "skyline", "sudoku", "tents"):
        assert main(["generate", name, "--help-params"]) == 0
        shown = capsys.readouterr().out
        assert re.search(r"\d+ x \d+[^;]* (about|under|up to|at most) [\d.]+ s\b", shown), (name, shown)


# -- --timeout and Ctrl-C ------------------------------------------------------------------------


def test_timeout_stops_a_long_generation_prints_what_was_made_and_exits_124():
    done = generate("sudoku", "--seed", "1", "--count", "100000", "--timeout", "1.5")
    assert done.returncode == 124, done.stderr
    lines = done.stdout.splitlines()
    assert lines and all(len(line) == 81 for line in lines)  # every puzzle printed whole
    assert f"backtrack: timeout after 1.5 seconds: made {len(lines)} of the 100000 puzzles asked for" in done.stderr
    for line in lines[:20]:
        assert len(exact_cover(sudoku_grid(line), limit=2)) == 1


def test_timeout_stops_one_slow_puzzle_inside_the_generator():
    started = time.monotonic()
    done = generate("akari", "-p", "rows=50", "-p", "cols=50", "--seed", "1", "--timeout", "0.5")
    assert done.returncode == 124 and done.stdout == ""
    assert "timeout after 0.5 seconds: made 0 of the 1 puzzles asked for" in done.stderr
    assert time.monotonic() - started < AT_ONCE


def test_a_timeout_long_enough_changes_nothing(capsys):
    assert main(["generate", "sudoku", "--seed", "4", "--count", "2", "--timeout", "60"]) == 0
    timed = capsys.readouterr().out
    assert main(["generate", "sudoku", "--seed", "4", "--count", "2"]) == 0
    assert capsys.readouterr().out == timed and len(timed.splitlines()) == 2


@pytest.mark.parametrize("value", ["0", "-3", "nan"])
def test_a_timeout_that_is_no_positive_number_is_a_usage_error(value, capsys):
    assert main(["generate", "sudoku", "--timeout", value]) == 2
    assert "--timeout must be a positive number of seconds" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")
def test_ctrl_c_keeps_what_was_made_printed_and_exits_130():
    process = subprocess.Popen(
        [sys.executable, "-m", "backtrack.cli", "generate", "sudoku", "--seed", "1", "--count", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # a first puzzle is out
        os.killpg(process.pid, signal.SIGINT)
        rest, err = process.communicate(timeout=AT_ONCE)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    lines = [first.strip(), *rest.splitlines()]
    assert process.returncode == 130 and "Traceback" not in err
    assert all(len(line) == 81 for line in lines)
    assert f"backtrack: interrupted: made {len(lines)} of the 100000 puzzles asked for" in err


def test_the_seeds_own_ricochet_board_gets_the_whole_board_budget(capsys):
    # The README: '--seed 87 makes classic-13-s87 again' (a 13-move optimum needs a few million attempts).
    from backtrack.cli import main
    from backtrack_puzzles.ricochet import PUZZLE as RICOCHET

    assert main(["generate", "ricochet", "-p", "min_moves=13", "--seed", "87"]) == 0
    made = capsys.readouterr().out

    def board(text: str) -> list[str]:
        return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]

    assert board(made) == board(RICOCHET.examples["classic-13-s87"].read_text(encoding="utf-8"))
