"""A plugin whose search raises in the middle: a bug of the plugin, told in one line, with what was found before.

The plugin is the README's choose puzzle with a ``valid`` that raises once the
first item picked is 2: choosing 2 of 5, the seven solutions starting with 0 or 1
are found first.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"
VALID = "    def valid(self, level, move):\n        return True\n"
FAILING = ("    def valid(self, level, move):\n"
           "        if len(self.picked) > DEPTH and self.picked[0] == FAIL_AT:\n"
           "            return 1 // 0\n"
           "        return True\n")


def failing_plugin(folder: Path, *, fail_at: int = 2, depth: int = 0, splittable: bool = True) -> Path:
    """The README's choose plugin (puzzle ``badchoose``), its ``valid`` raising once the first pick is ``fail_at``
    and more than ``depth`` items are picked; a file holds one instance per line."""
    code = python_example("choose_puzzle.py")
    assert code and VALID in code
    text = code.replace(VALID, FAILING.replace("FAIL_AT", str(fail_at)).replace("DEPTH", str(depth)))
    text = text.replace('name="choose"', 'name="badchoose", split=split')
    if not splittable:
        text = text.replace("class ChooseSearch(Search):\n", "class ChooseSearch(Search):\n    splittable = False\n")
    text += ("\ndef split(text):\n"
             "    return [(number, line) for number, line in enumerate(text.split('\\n'), 1) if line.strip()]\n")
    path = folder / "bad_choose.py"
    path.write_text(text, encoding="utf-8")
    return path


def backtrack(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "backtrack.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ))


def solutions_before(n: int, k: int, fail_at: int) -> list[list[int]]:
    """The solutions the search hands out before it reaches the first pick ``fail_at`` (in its order)."""
    return [list(c) for c in combinations(range(n), k) if c[0] < fail_at]


def assert_told_as_a_plugin_bug(done: subprocess.CompletedProcess, plugin: Path) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    error = done.stderr.strip().splitlines()[-1]
    assert error.startswith("backtrack: error: ") and "the badchoose plugin failed" in error
    assert "ZeroDivisionError" in error and "this is a bug of the plugin" in error
    assert "ChooseSearch.valid" in error and str(plugin) in error


@pytest.mark.parametrize("output", ["text", "json", "jsonl"])
def test_solve_tells_the_bug_and_still_prints_what_was_found_and_the_summary(tmp_path, output):
    plugin = failing_plugin(tmp_path)
    options = {"text": [], "json": ["--json"], "jsonl": ["--jsonl"]}[output]
    done = backtrack("--plugin", str(plugin), "solve", "badchoose", "-", "--all", *options, stdin="5 2\n")
    assert_told_as_a_plugin_bug(done, plugin)
    found = solutions_before(5, 2, 2)
    if output == "text":
        assert [line for line in done.stdout.splitlines() if re.fullmatch(r"\d+ \d+", line)] == [
            " ".join(map(str, s)) for s in found]
        assert "ended by an error" in done.stdout
        return
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    summary = lines[-1]
    assert summary["stopped"] == "error" and summary["complete"] is False and summary["solutions"] == len(found)
    if output == "json":
        assert summary["rendered"] == [" ".join(map(str, s)) for s in found]
    else:
        assert summary["type"] == "summary" and len(lines) == len(found) + 1


@pytest.mark.parametrize("options", [["--workers", "1"], ["--workers", "2"]])
@pytest.mark.parametrize("splittable", [True, False])
def test_a_count_tells_the_bug_and_writes_its_summary(tmp_path, options, splittable):
    plugin = failing_plugin(tmp_path, splittable=splittable)
    done = backtrack("--plugin", str(plugin), "solve", "badchoose", "-", "--count", "--json", *options,
                     stdin="5 2\n")
    assert_told_as_a_plugin_bug(done, plugin)
    summary = json.loads(done.stdout)
    assert summary["stopped"] == "error" and summary["complete"] is False
    assert summary["solutions"] <= len(solutions_before(5, 2, 2))
    if not splittable:
        assert summary["parallel"]["executor"] == "serial"


@pytest.mark.parametrize("output", ["text", "jsonl"])
def test_a_count_on_workers_tells_the_bug_of_the_plugin(tmp_path, output):
    # Failing deep in the last subtrees: they are counted by the workers, after the warm-up here.
    plugin = failing_plugin(tmp_path, fail_at=9, depth=5)
    options = ["--jsonl"] if output == "jsonl" else []
    done = backtrack("--plugin", str(plugin), "solve", "badchoose", "-", "--count", "--workers", "2", *options,
                     stdin="22 11\n")
    assert_told_as_a_plugin_bug(done, plugin)  # the method and its file, named in the worker
    assert "in a worker, counting subtree " in done.stderr
    if output == "jsonl":
        summary = json.loads(done.stdout.splitlines()[-1])
        assert summary["type"] == "summary" and summary["stopped"] == "error" and not summary["complete"]
        assert summary["parallel"]["executor"] == "local" and summary["solutions"] > 0  # the others' counts


def test_a_batch_goes_on_and_fails_at_its_end(tmp_path):
    plugin = failing_plugin(tmp_path)
    batch = tmp_path / "batch.txt"
    batch.write_text("2 1\n5 2\n3 3\n", encoding="utf-8")
    done = backtrack("--plugin", str(plugin), "solve", "badchoose", str(batch), "--all")
    assert_told_as_a_plugin_bug(done, plugin)
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{batch}:1: 2 solutions,")
    assert any(line.startswith(f"{batch}:2: 7 solutions (ended by an error)") for line in lines)
    assert any(line.startswith(f"{batch}:3: 1 solution,") for line in lines)
    assert lines[-1].startswith("3 puzzles: 3 solved")
    assert f"of {batch}:2 " in done.stderr


def test_replay_writes_the_events_before_the_error_and_tells_it(tmp_path):
    from svg_checks import page_data

    plugin = failing_plugin(tmp_path)
    page = tmp_path / "bad.html"
    done = backtrack("--plugin", str(plugin), "replay", "badchoose", "-", "-o", str(page), stdin="5 2\n")
    assert_told_as_a_plugin_bug(done, plugin)
    data = page_data(page)
    assert data["solutions"] == len(solutions_before(5, 2, 2))
    assert sum(1 for event in data["events"] if event["kind"] == "solution") == data["solutions"]
    assert "ZeroDivisionError" in data["failure"] and not data["complete"]
    assert "before the search ended by an error" in done.stdout


def test_estimate_tells_the_bug(tmp_path):
    plugin = failing_plugin(tmp_path, fail_at=0)
    done = backtrack("--plugin", str(plugin), "estimate", "badchoose", "-", stdin="5 2\n")
    assert_told_as_a_plugin_bug(done, plugin)
    assert re.search(r"failed during random walk \d+ of the search of <stdin>", done.stderr)


def test_a_reporters_closed_pipe_is_not_called_a_plugin_bug():
    from backtrack import make_manager
    from backtrack.run import run
    from backtrack_puzzles import queens

    class Closed:
        from backtrack import hookimpl

        @hookimpl
        def backtrack_solution_found(self, info, number, solution, rendered):
            raise BrokenPipeError

    manager = make_manager(entry_points=False, plugins=[Closed()])
    spec = queens.PUZZLE.make_spec({"n": 5})
    with pytest.raises(BrokenPipeError):
        run(queens.PUZZLE, spec, queens.PUZZLE.make_search(spec, {}), mode="all", hook=manager.hook)
