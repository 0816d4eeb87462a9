"""Plugins that end the process while loading, take long to import, or implement no hook: warned about, contained."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def backtrack(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "backtrack.cli", *args], capture_output=True, text=True, timeout=120)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_plugin_calling_sys_exit_at_import_is_a_warning_and_the_rest_work(tmp_path):
    exiting = write(tmp_path, "exiting.py", "import sys\nsys.exit(3)\n")
    done = backtrack("--plugin", str(exiting), "solve", "queens", "-p", "n=5", "--count")
    assert done.returncode == 0 and done.stdout.startswith("10 solutions")
    assert f"backtrack: warning: plugin file {exiting} failed to load: it called sys.exit(3)" in done.stderr


def test_a_plugin_calling_sys_exit_while_listing_its_puzzles_is_a_warning(tmp_path):
    exiting = write(tmp_path, "exits_late.py", "import sys\nfrom backtrack import hookimpl\n\n"
                                               "@hookimpl\ndef backtrack_puzzles():\n    sys.exit()\n")
    done = backtrack("--plugin", str(exiting), "list")
    assert done.returncode == 0 and any(line.startswith("queens ") for line in done.stdout.splitlines())
    assert "plugin 'exits_late' failed to list its puzzles: it called sys.exit()" in done.stderr


def test_ctrl_c_while_a_slow_plugin_imports_exits_130(tmp_path):
    started = tmp_path / "started"
    slow = write(tmp_path, "slow.py", f"import pathlib, time\npathlib.Path({str(started)!r}).touch()\ntime.sleep(60)\n")
    process = subprocess.Popen([sys.executable, "-m", "backtrack.cli", "--plugin", str(slow), "list"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started.exists()
        os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == "backtrack: interrupted" and "Traceback" not in err


def test_a_file_with_no_hook_implementation_is_warned_about(tmp_path):
    unmarked = write(tmp_path, "unmarked.py", "def backtrack_puzzles():\n    return []\n")
    done = backtrack("--plugin", str(unmarked), "list")
    assert done.returncode == 0
    assert f"plugin file {unmarked}: backtrack_puzzles is not marked @backtrack.hookimpl" in done.stderr
    assert f"plugin file {unmarked} implements no hook" in done.stderr
    assert "backtrack_puzzles, backtrack_search_finished, backtrack_search_started, backtrack_solution_found" \
        in done.stderr


def test_a_misspelled_hook_is_a_warning_naming_it_and_the_hooks(tmp_path):
    marked = write(tmp_path, "marked.py", "from backtrack import hookimpl\n\n@hookimpl\ndef backtrack_puzzle():\n"
                                          "    return []\n")
    plain = write(tmp_path, "plain.py", "def backtrack_puzzels():\n    return []\n")
    done = backtrack("--plugin", str(marked), "--plugin", str(plain), "solve", "queens", "-p", "n=4", "--count")
    assert done.returncode == 0 and done.stdout.startswith("2 solutions")
    assert "Traceback" not in done.stderr
    assert f"plugin file {marked} was not registered: unknown hook 'backtrack_puzzle'" in done.stderr
    assert f"plugin file {plain}: backtrack_puzzels is not a hook of backtrack" in done.stderr
    assert "(misspelled? the hooks are backtrack_puzzles," in done.stderr


def test_a_working_plugin_gets_no_warning():
    from backtrack_puzzles import queens

    from backtrack import make_manager
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        manager = make_manager(entry_points=False, plugins=[queens])
    assert "queens" in manager.puzzles()
