"""The command's contract: modes, JSON keys, exit statuses, input from files and standard input."""

from __future__ import annotations

import io
import json
import re

import pytest

from backtrack.cli import main


def solve(capsys, *args):
    status = main(["solve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_first_solution_then_summary_and_report_line(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=4")
    lines = out.splitlines()
    assert status == 0
    assert lines[:5] == ["Solution 1", ".Q..", "...Q", "Q...", "..Q."]
    assert lines[5].startswith("first solution")
    assert re.fullmatch(r"\d+ attempts in +\d+\.\d\d seconds", lines[6])


def test_json_has_the_documented_keys(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=5", "--limit", "3", "--json")
    result = json.loads(out)
    assert status == 0
    assert {"puzzle", "solutions", "attempts", "seconds", "complete", "rendered"} <= set(result)
    assert result["puzzle"] == "queens" and result["solutions"] == 3 and result["complete"] is False
    assert len(result["rendered"]) == 3


@pytest.mark.parametrize("n, verdict, status", [(1, "unique", 0), (4, "ambiguous", 0), (3, "unsolvable", 1)])
def test_unique_gives_the_verdict(capsys, n, verdict, status):
    got, out, _ = solve(capsys, "queens", "-p", f"n={n}", "--unique")
    assert got == status
    assert f"\n{verdict}:" in "\n" + out
    got, out, _ = solve(capsys, "queens", "-p", f"n={n}", "--unique", "--json")
    assert json.loads(out)["verdict"] == verdict


def test_count_with_limit_is_incomplete(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=8", "--count", "--limit", "10")
    assert status == 0
    assert out.splitlines()[0] == "10 solutions (search stopped at the limit, more may exist)"


def test_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("# board\n6\n"))
    status, out, _ = solve(capsys, "queens", "-", "--count", "--json")
    assert status == 0 and json.loads(out)["solutions"] == 4


def test_trace_prints_each_attempt(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=4", "-p", "method=classic", "--count", "--trace")
    attempts = [line for line in out.splitlines() if " level " in f" {line}"]
    report = out.splitlines()[-1]
    assert int(report.split()[0]) == len(attempts) > 0
    assert attempts[0] == "level 0: move 0 valid"


@pytest.mark.parametrize(
    "args, message",
    [
        (["nosuchpuzzle", "x.txt"], "unknown puzzle 'nosuchpuzzle' (installed: "),
        (["queens", "/no/such/file.txt"], "cannot read /no/such/file.txt"),
        (["queens", "--example", "nope"], "has no example 'nope'"),
        (["queens", "-p", "size=8"], "has no parameter 'size'"),
        (["queens", "-p", "n=eight"], "parameter n takes a whole number"),
        (["queens", "-p", "method=fast"], "must be one of bitmask, classic"),
        (["queens", "-p", "n"], "-p takes NAME=VALUE"),
        (["queens", "-p", "n=0"], "cannot build queens"),
        (["queens", "--count", "--limit", "0"], "--limit must be at least 1"),
    ],
)
def test_usage_and_input_errors_exit_2_with_a_clear_message(capsys, args, message):
    status, out, err = solve(capsys, *args)
    assert status == 2
    assert message in err
    assert "Traceback" not in err


def test_input_error_names_file_and_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# comment\nlots\n")
    status, _, err = solve(capsys, "queens", str(bad))
    assert status == 2
    assert f"{bad}:2: expected the board size N" in err


def test_show_lists_parameters_and_examples(capsys):
    assert main(["show", "queens"]) == 0
    out = capsys.readouterr().out
    assert "n: board size N" in out and "eight" in out


def test_a_closed_pipe_ends_quietly():
    import subprocess
    import sys

    command = f"'{sys.executable}' -m backtrack.cli solve queens -p n=9 --all --trace | head -n 1"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=120)
    assert done.stdout == "Solution 1\n" or done.stdout.startswith("level 0")
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
