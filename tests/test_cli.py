"""The command's contract: modes, JSON keys, exit statuses, input from files and standard input."""

from __future__ import annotations

import io
import json
import re

import pytest

from backtrack import hookimpl
from backtrack.cli import main
import docs_pages


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
        (["queens", "-p", "n=\u0668"], "parameter n takes a whole number from 1 to 64, not '\u0668'"),
        (["queens", "-p", "method=fast"], "must be one of bitmask, classic"),
        (["queens", "-p", "n"], "-p takes NAME=VALUE"),
        (["queens", "-p", "n=0"], "parameter n must be from 1 to 64, not '0'"),
        (["queens", "--count", "--limit", "0"], "--limit must be at least 1"),
    ],
)
def test_usage_and_input_errors_exit_2_with_a_clear_message(capsys, args, message):
    status, out, err = solve(capsys, *args)
    assert status == 2
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["solve", "queens"], ["check", "queens", "-p", "n=4"]])
def test_a_file_that_cannot_be_read_is_named_on_one_line_by_every_command(capsys, command):
    # The puzzle and an answer are read the same way (backtrack.instances.read_text).
    assert main([*command, "no\tsuch\nfile"]) == 2
    err = capsys.readouterr().err
    assert err == "backtrack: error: cannot read 'no\\tsuch\\nfile': No such file or directory\n"


def test_input_error_names_file_and_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# comment\nlots\n")
    status, _, err = solve(capsys, "queens", str(bad))
    assert status == 2
    assert f"{bad}:2:1: expected the board size N" in err


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


# -- honest answers: every message and exit status true of what was searched --------------------


@pytest.mark.parametrize(
    "mode, first_line",
    [
        ([], "0 solutions so far (stopped by the timeout: the search is incomplete, solutions may exist)"),
        (
            ["--unique"],
            "unknown: 0 solutions found before the search was stopped by the timeout (not searched to the end)",
        ),
        (["--count"], "0 solutions so far (stopped by the timeout: incomplete, 0 of 812 subtrees counted)"),
    ],
)
def test_a_timeout_says_so_and_exits_124(capsys, mode, first_line):
    status, out, _ = (
        solve(capsys, "queens", "-p", "n=30", "--timeout", "0.2", "--workers", "1", *mode)
        if mode == ["--count"]
        else solve(capsys, "queens", "-p", "n=30", "--timeout", "0.2", *mode)
    )
    assert status == 124
    assert out.splitlines()[0] == first_line


def test_a_timeout_after_some_solutions_prints_them_and_says_incomplete(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=14", "--all", "--timeout", "0.3", "--json")
    result = json.loads(out)
    assert status == 124
    assert result["solutions"] == len(result["rendered"]) > 0
    assert (result["complete"], result["stopped"], result["verdict"]) == (False, "timeout", "ambiguous")


def test_json_stays_json_with_a_trace_which_goes_to_standard_error(capsys):
    status, out, err = solve(capsys, "queens", "-p", "n=4", "-p", "method=classic", "--trace", "--json")
    assert status == 0
    assert json.loads(out)["solutions"] == 1
    assert err.splitlines()[0] == "level 0: move 0 valid"


def test_jsonl_writes_one_object_per_solution_then_a_summary(capsys):
    status, out, err = solve(capsys, "queens", "-p", "n=6", "--all", "--jsonl", "--trace")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and "level 0" in err
    assert [r["type"] for r in records] == ["solution"] * 4 + ["summary"]
    assert [r["number"] for r in records[:4]] == [1, 2, 3, 4] and records[0]["data"] == [1, 3, 5, 0, 2, 4]
    assert (records[-1]["solutions"], records[-1]["complete"], records[-1]["verdict"]) == (4, True, "ambiguous")


def test_jsonl_with_a_timeout_still_writes_the_summary(capsys):
    status, out, _ = solve(capsys, "queens", "-p", "n=14", "--all", "--jsonl", "--timeout", "0.3")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 124
    assert records[-1]["type"] == "summary" and records[-1]["stopped"] == "timeout"
    assert records[-1]["solutions"] == len(records) - 1


def test_json_and_jsonl_cannot_be_combined(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["solve", "queens", "--json", "--jsonl"])
    assert exit.value.code == 2


def test_a_count_that_cannot_use_the_workers_says_so_in_text(capsys):
    status, out, err = solve(capsys, "ricochet", "--example", "seed", "--count", "--workers", "2")
    assert status == 0 and out.splitlines()[0] == "2 solutions (search complete)"
    assert "counted in one process, not on 2 workers" in err


def test_hints_only_suggest_what_works_for_the_puzzle(capsys):
    status, out, err = solve(capsys, "ricochet", "--example", "classic-13-s87", "--count", "--timeout", "0.3")
    assert status == 124
    assert "--checkpoint" not in err and "cannot be resumed" in err
    assert out.splitlines()[0].startswith("0 solutions so far (stopped by the timeout")
    status, _, err = solve(capsys, "queens", "-p", "n=30", "--count", "--timeout", "0.5", "--workers", "2")
    assert status == 124 and "with --checkpoint FILE, a count stopped early can be resumed" in err


@pytest.mark.parametrize(
    "value, message",
    [
        ("100", "must be from 1 to 64, not '100'"),
        ("0", "must be from 1 to 64"),
        ("1" * 5000, "takes a whole number from 1 to 64, not '1111"),
    ],
)
def test_parameters_are_range_checked(capsys, value, message):
    status, _, err = solve(capsys, "queens", "-p", f"n={value}")
    assert status == 2 and message in err and len(err) < 300


def test_standard_input_that_is_not_utf8_gets_the_same_message_as_a_file(capsys, monkeypatch, tmp_path):
    data = b"# board\n\xff\xfe8\n"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="surrogateescape"))
    status, _, err = solve(capsys, "queens", "-")
    assert status == 2
    assert err == "backtrack: error: <stdin>:2:1: expected UTF-8 text, found the byte 0xff (invalid start byte)\n"
    status, _, err = solve(capsys, "queens", str(bad))
    assert err == f"backtrack: error: {bad}:2:1: expected UTF-8 text, found the byte 0xff (invalid start byte)\n"


def test_a_byte_order_mark_is_accepted_on_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf6\n"), encoding="utf-8"))
    status, out, _ = solve(capsys, "queens", "-", "--count")
    assert status == 0 and out.startswith("4 solutions (search complete)")


def test_input_over_the_size_limit_is_refused_before_parsing(capsys, tmp_path):
    from backtrack import MAX_INPUT_BYTES

    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (MAX_INPUT_BYTES + 1))
    status, _, err = solve(capsys, "queens", str(big))
    assert status == 2 and f"{big}: the input is longer than 10,485,760 bytes (10 MiB)" in err


def test_a_plugin_whose_parser_crashes_is_named_without_a_traceback(capsys, monkeypatch):
    from backtrack import Puzzle, make_manager

    def broken_parse(text, source):
        raise ZeroDivisionError("division by zero")

    class Plugin:
        @hookimpl
        def backtrack_puzzles(self):
            return [Puzzle("broken", "crashes", broken_parse, lambda spec, **_: None, lambda spec, s: "")]

    monkeypatch.setattr("backtrack.cli.make_manager", lambda **_: make_manager(entry_points=False, plugins=[Plugin()]))
    monkeypatch.setattr("sys.stdin", io.StringIO("x"))
    status, _, err = solve(capsys, "broken", "-")
    assert status == 2
    assert err == (
        "backtrack: error: <stdin>:1: the broken plugin failed to read this input "
        "(ZeroDivisionError: division by zero); this is a bug of the plugin\n"
    )


# -- the documentation says what the command does -------------------------------------------------


def test_the_documented_exit_status_table_lists_every_status():
    from backtrack import cli

    text = docs_pages.page("command.md")
    table = re.search(r"\| status \| meaning \|\n\|[-| ]+\|\n((?:\|.*\|\n)+)", text)
    assert table, "the command's page has an exit status table"
    documented = {int(row.split("|")[1].strip().strip("`")) for row in table.group(1).splitlines()}
    constants = {value for name, value in vars(cli).items() if name.startswith("EXIT_")}
    assert documented == constants


def test_the_documented_option_table_lists_every_solve_option():
    from backtrack.cli import build_parser

    solve_parser = build_parser()._subparsers._group_actions[0].choices["solve"]  # type: ignore[union-attr]
    options = {
        string for action in solve_parser._actions for string in action.option_strings if string.startswith("--")
    }
    options -= {"--help"}
    text = docs_pages.page("command.md")
    table = re.search(r"\| option \| meaning \|\n\|[-| ]+\|\n((?:\|.*\|\n)+)", text).group(1)  # type: ignore[union-attr]
    documented = set(re.findall(r"`(--[a-z-]+)", table))
    assert documented == options
