"""Plugins that end the process while loading, take long to import, or implement no hook: warned about, contained.

And only the plugins a command needs are loaded: the named puzzle's entry point, or every one when that does not
find it; only those ``BACKTRACK_LOAD_PLUGINS`` allows.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path

import pytest

from backtrack import PluginWarning, UnknownPuzzle, make_manager


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


# -- loading only what a command needs -----------------------------------------------------------

PUZZLES_MODULE = """
from backtrack import Puzzle, hookimpl
from backtrack_puzzles import queens


@hookimpl
def backtrack_puzzles():
    return [Puzzle(name=name, description="queens again", parse=queens.parse, search=queens.search,
                   render=queens.render) for name in {names!r}]
"""

#: A plugin that fails to import, noting each attempt in the file the environment names.
BROKEN_MODULE = """
import os
with open(os.environ["BROKEN_LOG"], "a") as log:
    log.write("imported\\n")
raise ImportError("needs a module that is not installed")
"""


def install(folder: Path, name: str, points: dict[str, str], modules: dict[str, str]) -> None:
    """A distribution ``name`` in ``folder``: its ``*.dist-info`` with the entry points ``points``, and its modules."""
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    lines = "".join(f"{point} = {module}\n" for point, module in points.items())
    (info / "entry_points.txt").write_text(f"[backtrack]\n{lines}", encoding="utf-8")
    for module, source in modules.items():
        write(folder, f"{module}.py", textwrap.dedent(source))


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """On ``sys.path``: ``several`` (entry point ``several``: puzzles ``alpha``, ``beta``) and two broken plugins."""
    install(tmp_path, "several-puzzles", {"several": "several_puzzles"},
            {"several_puzzles": PUZZLES_MODULE.format(names=["alpha", "beta"])})
    install(tmp_path, "broken-puzzles", {"broken": "broken_one", "cracked": "broken_two"},
            {"broken_one": BROKEN_MODULE, "broken_two": "raise RuntimeError('cracked')\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("BROKEN_LOG", str(tmp_path / "broken.log"))
    monkeypatch.delenv("BACKTRACK_LOAD_PLUGINS", raising=False)
    return tmp_path


def loaded_modules(*code: str, env: dict[str, str] | None = None) -> list[str]:
    """The plugin modules of ``backtrack_puzzles`` imported once ``code`` has run in a fresh process."""
    listing = "print(sorted(m for m in sys.modules if m.startswith('backtrack_puzzles.')))"
    script = "\n".join([*code, "import sys", listing])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stderr
    return eval(done.stdout)


def test_a_named_puzzle_imports_only_its_entry_point():
    assert loaded_modules("from backtrack import make_manager",
                          "assert sorted(make_manager(puzzle='queens').puzzles()) == ['queens']") == [
        "backtrack_puzzles.queens"
    ]
    # The entry point is named as the puzzle, not as its module.
    assert loaded_modules("from backtrack import make_manager",
                          "assert list(make_manager(puzzle='infinity-loop').puzzles()) == ['infinity-loop']") == [
        "backtrack_puzzles.infinity_loop"
    ]


def test_importing_backtrack_loads_no_plugin_nor_the_plugin_machinery():
    script = "import backtrack, sys; print(sorted({'pluggy', 'backtrack.manager'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["[]"], done.stderr
    assert loaded_modules("import backtrack") == []


def test_a_puzzle_no_entry_point_is_named_after_loads_them_all(installed):
    with pytest.warns(PluginWarning) as caught:
        manager = make_manager(puzzle="beta")
    assert manager.puzzles()["beta"].plugin == "several"
    assert {"alpha", "beta", "queens", "sudoku"} <= set(manager.puzzles())
    assert sorted(str(warning.message).split(" (")[0] for warning in caught) == ["plugin 'broken'", "plugin 'cracked'"]


def test_the_fall_back_registers_every_plugin_in_the_order_found(installed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        everything = make_manager()
        # An entry point of that name, but not providing it: the fall-back loads the others too.
        fallen_back = make_manager(puzzle="several")
    order = [name for name, _ in everything.pm.list_name_plugin()]
    assert [name for name, _ in fallen_back.pm.list_name_plugin()] == order
    assert fallen_back.puzzles().keys() == everything.puzzles().keys()
    with pytest.raises(UnknownPuzzle, match=r"unknown puzzle 'several' \(installed: akari, alpha, beta, bubbles"):
        fallen_back.puzzle("several")


def test_a_broken_plugin_is_reported_once_when_it_is_loaded_and_not_when_it_is_not(installed):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert list(make_manager(puzzle="queens").puzzles()) == ["queens"]
    assert not (installed / "broken.log").exists(), "a plugin not needed is not imported"

    # Named, it is loaded; it provides no puzzle, so all are loaded: still imported and reported once.
    with pytest.warns(PluginWarning) as caught:
        manager = make_manager(puzzle="broken")
    messages = [str(warning.message) for warning in caught]
    assert messages.count("plugin 'broken' (broken_one, from broken-puzzles) failed to load: "
                          "ImportError: needs a module that is not installed") == 1
    assert sum("plugin 'cracked'" in message for message in messages) == 1
    assert (installed / "broken.log").read_text() == "imported\n"
    assert "queens" in manager.puzzles()


def test_a_plugin_installed_twice_is_reported_by_the_commands_loading_it(installed, tmp_path_factory, monkeypatch):
    again = tmp_path_factory.mktemp("again")
    install(again, "several-puzzles-fork", {"several": "several_fork"},
            {"several_fork": PUZZLES_MODULE.format(names=["alpha", "beta"])})
    monkeypatch.syspath_prepend(str(again))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        make_manager(puzzle="queens")
    with pytest.warns(PluginWarning) as caught:
        manager = make_manager(puzzle="alpha")
    twice = [str(w.message) for w in caught if "installed twice" in str(w.message)]
    assert twice == ["plugin 'several' is installed twice (several_fork and several_puzzles); using several_fork"]
    assert manager.puzzles()["alpha"].plugin == "several"


def test_list_reports_every_broken_plugin_once(installed):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "backtrack.cli", "list"], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "backtrack: warning: plugin 'broken' (broken_one, from broken-puzzles) failed to load: "
        "ImportError: needs a module that is not installed",
        "backtrack: warning: plugin 'cracked' (broken_two, from broken-puzzles) failed to load: "
        "RuntimeError: cracked",
    ]
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert {"alpha", "beta", "queens", "tents"} <= set(names)


def test_the_allow_list_loads_only_the_entry_points_it_names(installed, monkeypatch):
    monkeypatch.setenv("BACKTRACK_LOAD_PLUGINS", " queens, several ,sudoku")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the broken plugins are not loaded
        assert sorted(make_manager().puzzles()) == ["alpha", "beta", "queens", "sudoku"]
        # Not allowed: not found, though the fall-back loads every allowed one.
        with pytest.raises(UnknownPuzzle, match=r"unknown puzzle 'tents' \(installed: alpha, beta, queens, sudoku\)"):
            make_manager(puzzle="tents").puzzle("tents")
    assert not (installed / "broken.log").exists()


def test_an_empty_allow_list_loads_no_installed_plugin_but_files_still(monkeypatch, tmp_path):
    monkeypatch.setenv("BACKTRACK_LOAD_PLUGINS", "")
    mine = write(tmp_path, "mine.py", PUZZLES_MODULE.format(names=["mine"]))
    assert list(make_manager(files=[mine], puzzle="mine").puzzles()) == ["mine"]
    assert loaded_modules("from backtrack import make_manager", "make_manager()",
                          env={"BACKTRACK_LOAD_PLUGINS": ""}) == []


def test_the_allow_list_holds_in_the_command_and_its_workers():
    env = {**os.environ, "BACKTRACK_LOAD_PLUGINS": "queens"}
    listed = subprocess.run([sys.executable, "-m", "backtrack.cli", "list"], capture_output=True, text=True,
                            timeout=120, env=env)
    assert listed.returncode == 0 and [line.split()[0] for line in listed.stdout.splitlines()] == ["queens"]
    counted = subprocess.run([sys.executable, "-m", "backtrack.cli", "solve", "queens", "-p", "n=8", "--count",
                              "--workers", "2"], capture_output=True, text=True, timeout=120, env=env)
    assert counted.returncode == 0 and counted.stdout.startswith("92 solutions"), counted.stderr
    env["BACKTRACK_LOAD_PLUGINS"] = "sudoku"
    refused = subprocess.run([sys.executable, "-m", "backtrack.cli", "solve", "queens", "-p", "n=4", "--count"],
                             capture_output=True, text=True, timeout=120, env=env)
    assert refused.returncode == 2
    assert refused.stderr.strip() == "backtrack: error: unknown puzzle 'queens' (installed: sudoku)"
