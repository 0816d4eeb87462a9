"""Queens: published counts, an independent checker, both searches, the command."""

from __future__ import annotations

import itertools
import json

import pytest

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import queens

# OEIS A000170, number of ways to place N non-attacking queens, N = 1..12.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]


def is_solution(n: int, columns: tuple[int, ...]) -> bool:
    """Independent checker: one queen per row, and no two share a column or diagonal."""
    if len(columns) != n or sorted(columns) != list(range(n)):
        return False
    return all(abs(c1 - c2) != r2 - r1 for (r1, c1), (r2, c2) in itertools.combinations(enumerate(columns), 2))


@pytest.mark.parametrize("n", range(1, 13))
def test_bitmask_counts_equal_the_published_sequence(n):
    assert queens.search(queens.Queens(n)).count() == A000170[n - 1]


@pytest.mark.parametrize("n", range(1, 9))
def test_both_searches_find_the_same_solutions_and_all_are_valid(n):
    spec = queens.Queens(n)
    classic = list(queens.search(spec, method="classic").solutions())
    bitmask = list(queens.search(spec, method="bitmask").solutions())
    assert sorted(classic) == sorted(bitmask)
    assert len(classic) == A000170[n - 1]
    assert all(is_solution(n, solution) for solution in classic)


def test_brute_force_agrees_for_small_boards():
    for n in range(1, 8):
        brute = sum(is_solution(n, p) for p in itertools.permutations(range(n)))
        assert queens.search(queens.Queens(n), method="classic").count() == brute


def test_classic_attempts_are_calls_of_valid():
    search = queens.search(queens.Queens(4), method="classic")
    assert search.count() == 2
    # every level tries all 4 columns of every node it reaches
    assert search.report.attempts % 4 == 0


def test_render_and_verdict():
    spec = queens.Queens(4)
    search = queens.search(spec)
    assert queens.render(spec, search.first()) == ".Q..\n...Q\nQ...\n..Q."
    assert search.verdict() is Verdict.AMBIGUOUS
    assert queens.search(queens.Queens(1)).verdict() is Verdict.UNIQUE
    assert queens.search(queens.Queens(3)).verdict() is Verdict.UNSOLVABLE


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("", None, "found none"),
        ("# only a comment\n", None, "found none"),
        ("eight\n", 1, "found 'eight'"),
        ("# size\n\n0\n", 3, "from 1 to 64"),
        ("8\n9\n", 2, "second line"),
        ("65\n", 1, "from 1 to 64"),
    ],
)
def test_bad_files_name_the_line(text, line, message):
    with pytest.raises(InputError, match=message) as error:
        queens.parse(text, "board.txt")
    assert error.value.source == "board.txt" and error.value.line == line


def test_command_counts_prints_and_exits(capsys, tmp_path):
    assert main(["solve", "queens", "-p", "n=8", "--count"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "92 solutions (search complete)"
    # the bitmask search counts the moves tried: the 2056 non-root nodes of the 8-queens tree
    assert out[1].startswith("2056 attempts in ")

    assert main(["solve", "queens", "-p", "n=3"]) == 1
    assert "0 solutions (search complete)" in capsys.readouterr().out

    (tmp_path / "six.txt").write_text("6\n")
    assert main(["solve", "queens", str(tmp_path / "six.txt"), "--all", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["solutions"] == 4 and result["complete"] is True
    assert [queens.render(queens.Queens(6), tuple(columns)) for columns in result["data"]] == result["rendered"]
    assert all(is_solution(6, tuple(columns)) for columns in result["data"])


def test_command_examples_ship(capsys):
    assert set(queens.PUZZLE.examples) >= {"four", "eight"}
    assert main(["solve", "queens", "--example", "eight", "--count", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == 92
