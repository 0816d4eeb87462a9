"""Queens: published counts, the independent checker, both searches, input limits, the command."""

from __future__ import annotations

import itertools
import json

import pytest
from measure import MEMORY_LIMIT, setup_cost

from backtrack import InputError, Verdict
from backtrack.cli import main
from backtrack_puzzles import queens
from backtrack_puzzles.queens import check

# OEIS A000170, number of ways to place N non-attacking queens, N = 1..12.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]

HUGE = "7" * 5000


def is_solution(n: int, columns: tuple[int, ...]) -> bool:
    """The plugin's independent checker finds no broken rule."""
    return check(queens.Queens(n), columns) == []


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


@pytest.mark.parametrize("method, attempts", [("bitmask", 2056), ("classic", 15720)])
def test_the_attempts_of_8_queens_are_pinned(method, attempts):
    search = queens.search(queens.Queens(8), method=method)
    assert search.count() == 92 and search.report.attempts == attempts


def test_search_and_build_take_only_the_parameters_they_declare():
    import inspect

    for function in (queens.search, queens.build):
        kinds = {p.kind for p in inspect.signature(function).parameters.values()}
        assert inspect.Parameter.VAR_KEYWORD not in kinds, function.__name__
    params = {"n": 5, "method": "classic"}
    spec = queens.PUZZLE.make_spec(params)
    assert spec.n == 5 and queens.PUZZLE.make_search(spec, params).count() == 10
    with pytest.raises(TypeError):
        queens.search(spec, n=5)  # n is build's parameter, not the search's


def test_the_text_form_parses_back():
    for n in (1, 8, queens.MAX_SIZE):
        assert queens.parse(queens.text_of(queens.Queens(n))).n == n
    assert queens.as_json(queens.Queens(4), (1, 3, 0, 2)) == [1, 3, 0, 2]


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


# -- input limits -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, line, column",
    [(HUGE, 1, 1), (f"# a comment\n  {HUGE}\n", 2, 3), (f"-{HUGE}", 1, 1), (f"{HUGE}\n8\n", 1, 1)],
)
def test_a_number_of_any_length_is_an_input_error_with_line_and_column(text, line, column):
    with pytest.raises(InputError, match="expected the board size N, a whole number from 1 to 64") as error:
        queens.parse(text, "board.txt")
    assert (error.value.line, error.value.column) == (line, column)
    assert len(error.value.message) < 200


def test_a_huge_number_through_the_command(tmp_path, capsys):
    path = tmp_path / "q.txt"
    path.write_text("1" * 5000 + "\n")
    assert main(["solve", "queens", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"backtrack: error: {path}:1:1: expected the board size N, a whole number from 1 to 64")
    assert "plugin" not in err and "Traceback" not in err and len(err) < 300
    assert main(["solve", "queens", "-p", f"n={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "parameter n takes a whole number from 1 to 64" in err and len(err) < 300


def test_only_ascii_digits_are_a_size():
    with pytest.raises(InputError, match="found '٨'"):
        queens.parse("٨\n")  # an Arabic-Indic eight, which int() would read
    with pytest.raises(InputError, match="found '8 8'"):
        queens.parse("8 8\n")


def test_a_second_line_is_located_by_line_and_column():
    with pytest.raises(InputError, match="second line") as error:
        queens.parse("8\n   9\n" + "10\n" * 1000)
    assert (error.value.line, error.value.column) == (2, 4)


@pytest.mark.parametrize("name", sorted(queens.PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    data = queens.PUZZLE.examples[name].read_bytes()
    results = []
    for prefix in (b"", b"\xef\xbb\xbf"):
        path = tmp_path / f"{len(prefix)}.txt"
        path.write_bytes(prefix + data)
        assert main(["solve", "queens", str(path), "--count", "--json", "--workers", "1", "--quiet"]) == 0
        result = json.loads(capsys.readouterr().out)
        results.append((result["solutions"], result["attempts"], result["complete"]))
    assert results[0] == results[1]
    assert results[0][0] == A000170[int(data.split()[-1]) - 1]


@pytest.mark.parametrize("method", sorted(queens.SEARCHES))
def test_the_largest_board_sets_up_within_the_memory_limit(method):
    seconds, peak = setup_cost("queens", f"{queens.MAX_SIZE}\n", {"method": method})
    assert peak < MEMORY_LIMIT


def test_one_beyond_the_largest_board_is_refused():
    assert queens.MAX_SIZE == 64 and "64 x 64" in queens.PUZZLE.limits
    with pytest.raises(InputError, match="expected the board size N, a whole number from 1 to 64, found '65'") as error:
        queens.parse("# too big\n65\n", "board.txt")
    assert (error.value.line, error.value.column) == (2, 1)
    with pytest.raises(ValueError, match="from 1 to 64"):
        queens.Queens(65)


@pytest.mark.parametrize(
    "param, message",
    [
        ("n=0", "parameter n must be from 1 to 64, not '0'"),
        ("n=-1", "parameter n must be from 1 to 64, not '-1'"),
        ("n=65", "parameter n must be from 1 to 64, not '65'"),
        ("n=eight", "parameter n takes a whole number from 1 to 64, not 'eight'"),
        ("method=fast", "parameter method must be one of bitmask, classic, not 'fast'"),
    ],
)
def test_bad_parameters_exit_2_with_a_clear_message(param, message, capsys):
    assert main(["solve", "queens", "-p", param, "--count"]) == 2
    err = capsys.readouterr().err
    assert err == f"backtrack: error: {message}\n"


# -- the checker ----------------------------------------------------------------------------


def test_the_checker_accepts_the_solutions_and_names_each_broken_rule():
    spec = queens.Queens(4)
    assert check(spec, (1, 3, 0, 2)) == []
    assert check(spec, (2, 0, 3, 1)) == []
    assert check(spec, (1, 3, 0, 3)) == [
        "row 2, column 4: this queen and the queen at row 4, column 4 share a column"
    ]
    assert check(spec, (1, 3, 0, 1)) == [
        "row 1, column 2: this queen and the queen at row 4, column 2 share a column",
        "row 2, column 4: this queen and the queen at row 4, column 2 share a diagonal",
        "row 3, column 1: this queen and the queen at row 4, column 2 share a diagonal",
    ]
    assert check(spec, (1, 3, 0)) == ["expected 4 queens, one in each of the 4 rows, found 3"]
    assert check(spec, (1, 3, 0, 4)) == ["row 4: the queen's column 4 is not on the board (columns 1 to 4)"]
    assert check(spec, (0, 1, 2, 3))[0] == (
        "row 1, column 1: this queen and the queen at row 2, column 2 share a diagonal"
    )
    assert check(queens.Queens(1), ()) == ["expected 1 queens, one in each of the 1 rows, found 0"]


def test_the_checker_reads_an_answers_squares_rows_without_a_queen_and_rows_with_two():
    spec = queens.Queens(4)
    assert check(spec, queens.Squares([(0, 1), (1, 3), (2, 0), (3, 2)])) == []
    assert check(spec, queens.Squares([(0, 1), (1, 3), (3, 2)])) == ["row 3: no queen stands in this row"]
    assert check(spec, queens.Squares([(0, 1), (0, 3), (2, 0), (3, 2)])) == [
        "row 1, column 2: this queen and the queen at row 1, column 4 share a row",
        "row 2: no queen stands in this row",
    ]
    assert check(spec, queens.Squares([])) == [f"row {row}: no queen stands in this row" for row in range(1, 5)]


def test_the_descriptor_names_the_checker_and_the_limits():
    assert queens.PUZZLE.check is check
    assert queens.PUZZLE.limits == "boards up to 64 x 64 (N at most 64)"


# -- the trace ------------------------------------------------------------------------------


def test_both_traces_show_the_column_counted_from_0(capsys):
    assert main(["solve", "queens", "-p", "n=4", "-p", "method=bitmask", "--count", "--trace"]) == 0
    bitmask = [line for line in capsys.readouterr().out.splitlines() if "level" in line]
    assert bitmask[:3] == ["level 0: move 0 valid", "  level 1: move 2 valid", "  level 1: move 3 valid"]
    assert main(["solve", "queens", "-p", "n=4", "-p", "method=classic", "--count", "--trace"]) == 0
    classic = [line for line in capsys.readouterr().out.splitlines() if "level" in line]
    # The bitmask search yields only the free columns: exactly the classic search's valid attempts.
    assert bitmask == [line for line in classic if line.endswith(" valid")]
    moves = {int(line.split("move ")[1].split()[0]) for line in bitmask}
    assert moves == {0, 1, 2, 3}
    assert "level 0: move 1 valid" in bitmask and "  level 1: move 3 valid" in bitmask
