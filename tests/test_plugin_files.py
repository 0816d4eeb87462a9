"""``--plugin FILE`` and ``BACKTRACK_PLUGINS``: a student's puzzle used without packaging it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"


def choose_plugin(folder: Path) -> Path:
    """The README's plugin walkthrough, as a file of its own."""
    code = python_example("choose_puzzle.py")
    assert code
    path = folder / "choose_puzzle.py"
    path.write_text(code, encoding="utf-8")
    return path


def backtrack(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "backtrack.cli", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})})


def test_a_file_is_listed_and_solved_without_installing_it(tmp_path):
    plugin = choose_plugin(tmp_path)
    listed = backtrack("--plugin", str(plugin), "list")
    line = next(line for line in listed.stdout.splitlines() if line.startswith("choose "))
    assert f"(file {plugin})" in line
    solved = backtrack("--plugin", str(plugin), "solve", "choose", "-", "--count", stdin="5 2\n")
    assert solved.returncode == 0 and solved.stdout.startswith("10 solutions (search complete)")


def test_the_environment_names_plugin_files_too(tmp_path):
    plugin = choose_plugin(tmp_path)
    done = backtrack("solve", "choose", "-", "--count", stdin="6 3\n", env={"BACKTRACK_PLUGINS": str(plugin)})
    assert done.returncode == 0 and done.stdout.startswith("20 solutions")


def test_a_file_plugin_is_counted_on_the_workers(tmp_path):
    plugin = choose_plugin(tmp_path)
    done = backtrack("--plugin", str(plugin), "solve", "choose", "-", "--count", "--workers", "2", "--json",
                     stdin="22 11\n")
    result = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert result["solutions"] == 705432 and result["parallel"]["executor"] == "local"
    assert result["parallel"]["unsplit"] == ""


def test_a_worker_that_never_saw_the_file_loads_it_by_its_path(tmp_path):
    plugin = choose_plugin(tmp_path)
    code = ("from backtrack.parallel.jobs import puzzle_of; "
            f"print(puzzle_of('choose', 'file:{plugin}').search((5, 2)).count())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "10"


def test_a_broken_file_is_a_warning_naming_it_and_the_rest_work(tmp_path):
    broken = tmp_path / "broken_puzzle.py"
    broken.write_text("def backtrack_puzzles(:\n")
    missing = tmp_path / "missing.py"
    done = backtrack("--plugin", str(broken), "--plugin", str(missing), "solve", "queens", "-p", "n=5", "--count")
    assert done.returncode == 0 and done.stdout.startswith("10 solutions")
    assert f"backtrack: warning: plugin file {broken} failed to load: SyntaxError" in done.stderr
    assert f"backtrack: warning: plugin file {missing} failed to load: FileNotFoundError" in done.stderr


def test_a_file_plugin_takes_no_importable_modules_name(tmp_path, capsys):
    from backtrack.cli import main

    plugin = choose_plugin(tmp_path)
    assert main(["--plugin", str(plugin), "list"]) == 0
    assert "choose " in capsys.readouterr().out
    # Loaded under a name no installed module can have: an installed choose_puzzle would still import as itself.
    # (Another test may have imported such an installed choose_puzzle into this process: only the file counts.)
    names = [name for name, module in list(sys.modules.items())
             if getattr(module, "__file__", None) and Path(module.__file__).resolve() == plugin.resolve()]
    assert len(names) == 1 and names[0].startswith("backtrack_file_plugin_choose_puzzle_"), names
