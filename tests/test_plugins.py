"""The plugin system: direct registration, the entry-point route, broken plugins and event hooks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points

import pytest

from backtrack import Param, PluginWarning, Puzzle, Search, hookimpl, make_manager, parallel, run
from backtrack.cli import main
from docs_pages import python_example


class Countdown(Search):
    """Pick ``n`` digits, each smaller than the one before (any first digit below ``top``)."""

    def __init__(self, spec):
        self.top, self.n = spec
        self.digits: list[int] = []

    def moves(self, level):
        return range(self.digits[-1] if self.digits else self.top)

    def valid(self, level, move):
        return True

    def record(self, level, move):
        self.digits.append(move)

    def undo(self, level, move):
        self.digits.pop()

    def done(self, level):
        return level == self.n - 1

    def solution(self, path):
        return tuple(self.digits)


COUNTDOWN = Puzzle(
    name="countdown",
    description="strictly falling digits",
    parse=lambda text, source: tuple(int(word) for word in text.split()),
    search=lambda spec, **params: Countdown(spec),
    render=lambda spec, solution: " ".join(map(str, solution)),
    params=(Param("top", "digits below this", int, 10),),
    build=lambda top=10, **_: (top, 3),
)


class CountdownPlugin:
    @hookimpl
    def backtrack_puzzles(self):
        return [COUNTDOWN]


class Recorder:
    """A user reporter: records every event it is given."""

    def __init__(self):
        self.events: list[tuple] = []

    @hookimpl
    def backtrack_search_started(self, info):
        self.events.append(("started", info.puzzle, info.mode))

    @hookimpl
    def backtrack_solution_found(self, info, number, solution, rendered):
        self.events.append(("solution", number, solution, rendered))

    @hookimpl
    def backtrack_search_finished(self, info, report):
        self.events.append(("finished", report.solutions, report.attempts, report.complete))


def test_a_plugin_object_registered_directly_provides_its_puzzle():
    manager = make_manager(entry_points=False, plugins=[CountdownPlugin()])
    puzzle = manager.puzzle("countdown")
    assert puzzle is COUNTDOWN
    assert Countdown((5, 3)).count() == 10  # C(5, 3)
    assert manager.puzzles()["countdown"].distribution == "(registered directly)"


def test_managers_do_not_share_registrations():
    make_manager(entry_points=False, plugins=[CountdownPlugin()])
    assert "countdown" not in make_manager(entry_points=False).puzzles()


def test_events_reach_a_user_reporter_and_no_solution_events_while_counting():
    recorder = Recorder()
    manager = make_manager(entry_points=False, plugins=[CountdownPlugin(), recorder])
    spec = (4, 2)
    outcome = run(COUNTDOWN, spec, Countdown(spec), mode="all", hook=manager.hook)
    assert outcome.rendered == ["1 0", "2 0", "2 1", "3 0", "3 1", "3 2"]
    assert recorder.events[0] == ("started", "countdown", "all")
    assert recorder.events[1] == ("solution", 1, (1, 0), "1 0")
    assert recorder.events[-1] == ("finished", 6, outcome.report.attempts, True)
    assert len(recorder.events) == 8

    recorder.events.clear()
    run(COUNTDOWN, spec, Countdown(spec), mode="count", hook=manager.hook)
    assert [event[0] for event in recorder.events] == ["started", "finished"]
    assert recorder.events[-1][1] == 6


def test_a_misspelled_hook_is_refused_with_a_warning_naming_the_plugin():
    class Misspelled:
        @hookimpl
        def backtrack_puzzels(self):
            return [COUNTDOWN]

    manager = make_manager(entry_points=False)
    with pytest.warns(PluginWarning, match="misspelled.*backtrack_puzzels"):
        assert not manager.register(Misspelled(), "misspelled")
    assert manager.puzzles() == {}
    assert manager.register(CountdownPlugin(), "good")
    assert "countdown" in manager.puzzles()


def test_a_plugin_that_raises_while_listing_is_reported_and_the_rest_still_work():
    class Raising:
        @hookimpl
        def backtrack_puzzles(self):
            raise RuntimeError("boom")

    with pytest.warns(PluginWarning, match="'raising' failed to list its puzzles: RuntimeError: boom"):
        manager = make_manager(entry_points=False)
        manager.register(Raising(), "raising")
        manager.register(CountdownPlugin(), "good")
        assert list(manager.puzzles()) == ["countdown"]


def test_two_plugins_with_the_same_puzzle_name_keep_the_first():
    with pytest.warns(PluginWarning, match="provided by 'first' already"):
        manager = make_manager(entry_points=False)
        manager.register(CountdownPlugin(), "first")
        manager.register(CountdownPlugin(), "second")
        assert manager.puzzles()["countdown"].plugin == "first"


# -- the entry-point route, with distributions that are not part of this package ----------

PLUGIN_MODULE = '''
"""A third-party puzzle: pick K of N items."""
from backtrack import Puzzle, Search, InputError, hookimpl

class Choose(Search):
    def __init__(self, spec):
        self.n, self.k = spec
        self.picked = []
    def moves(self, level):
        return range(self.picked[-1] + 1 if self.picked else 0, self.n)
    def valid(self, level, move):
        return True
    def record(self, level, move):
        self.picked.append(move)
    def undo(self, level, move):
        self.picked.pop()
    def done(self, level):
        return level == self.k - 1
    def solution(self, path):
        return list(self.picked)

def parse(text, source):
    words = text.split()
    if len(words) != 2 or not all(w.isdigit() for w in words):
        raise InputError("expected two numbers N K", source, 1)
    return int(words[0]), int(words[1])

@hookimpl
def backtrack_puzzles():
    return [Puzzle(name="choose", description="pick K of N", parse=parse,
                   search=lambda spec, **_: Choose(spec),
                   render=lambda spec, solution: ",".join(map(str, solution)))]
'''


def install_fake_distribution(folder, name, version, entry_points_txt, modules):
    """A ``*.dist-info`` with ``entry_points.txt`` and its modules, in ``folder``."""
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points_txt))
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source)


@pytest.fixture
def third_party(tmp_path, monkeypatch):
    """Two third-party distributions on ``sys.path``: one working, one broken."""
    install_fake_distribution(
        tmp_path, "choose-puzzle", "2.5", "[backtrack]\nchoose = choose_puzzle\n", {"choose_puzzle": PLUGIN_MODULE}
    )
    install_fake_distribution(
        tmp_path,
        "broken-puzzle",
        "0.1",
        "[backtrack]\nbroken = broken_puzzle\n",
        {"broken_puzzle": "raise ImportError('needs a module that is not installed')\n"},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_a_third_party_entry_point_is_found_and_a_broken_one_only_warns(third_party):
    with pytest.warns(
        PluginWarning,
        match=r"plugin 'broken' \(broken_puzzle, from broken-puzzle\) failed to load: ImportError: needs a module",
    ):
        manager = make_manager()
    found = manager.puzzles()["choose"]
    assert (found.plugin, found.distribution, found.version) == ("choose", "choose-puzzle", "2.5")
    assert "queens" in manager.puzzles(), "the built-in plugins still work"
    assert manager.puzzle("choose").search((5, 2)).count() == 10


def test_the_command_lists_and_solves_a_third_party_puzzle(third_party, capsys):
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    assert "plugin 'broken'" in err and "ImportError" in err
    line = next(line for line in out.splitlines() if line.startswith("choose "))
    assert "pick K of N" in line and "[choose-puzzle 2.5]" in line
    assert any(line.startswith("queens ") and "[backtrack-puzzles " in line for line in out.splitlines())

    (third_party / "five.txt").write_text("5 2\n")
    assert main(["solve", "choose", str(third_party / "five.txt"), "--count", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["solutions"] == 10 and result["complete"] is True


def test_the_same_plugin_installed_twice_is_listed_once(third_party, tmp_path_factory, monkeypatch):
    # e.g. a regular install beside an editable one under another distribution name
    again = tmp_path_factory.mktemp("again")
    install_fake_distribution(again, "choose-puzzle-dev", "2.5", "[backtrack]\nchoose = choose_puzzle\n", {})
    monkeypatch.syspath_prepend(str(again))
    assert sum(1 for point in entry_points(group="backtrack") if point.name == "choose") == 2
    with pytest.warns(PluginWarning, match="broken"):
        manager = make_manager()
    assert manager.puzzle("choose").name == "choose"
    assert [name for name in manager.pm.list_name_plugin() if name[0] == "choose"] == [
        ("choose", manager.pm.get_plugin("choose"))
    ]


def test_built_in_puzzles_come_through_the_entry_point_group():
    points = {point.name: point for point in entry_points(group="backtrack")}
    assert points["queens"].value == "backtrack_puzzles.queens"
    assert points["queens"].load().Queens(4).n == 4


def test_the_installed_command_runs_in_a_fresh_process():
    done = subprocess.run(
        [sys.executable, "-m", "backtrack.cli", "solve", "queens", "-p", "n=6", "--count"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "4 solutions (search complete)"


# -- problems of plugins, each reported once; any installed puzzle counted on its workers ---------

BAD_HOOKS = """
from backtrack import Puzzle, hookimpl

@hookimpl
def backtrack_puzzles():
    {body}
"""


def run_command(folder, *args, stdin=""):
    env = {**os.environ, "PYTHONPATH": str(folder) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "backtrack.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_each_plugin_problem_is_one_warning_line_in_the_commands_own_form(tmp_path):
    bodies = {
        "raising": "raise RuntimeError('boom')",
        "not_a_puzzle": "return ['a text']",
        "again": "from backtrack_puzzles.queens import PUZZLE\n    return [PUZZLE]",
    }
    for name, body in bodies.items():
        install_fake_distribution(
            tmp_path,
            f"{name}-puzzle",
            "1.0",
            f"[backtrack]\n{name} = {name}_puzzle\n",
            {f"{name}_puzzle": BAD_HOOKS.format(body=body)},
        )
    done = run_command(tmp_path, "list")  # which loads every plugin (solve loads only the puzzle's)
    assert done.returncode == 0 and any(line.startswith("queens ") for line in done.stdout.splitlines())
    lines = done.stderr.splitlines()
    assert lines.count("backtrack: warning: plugin 'raising' failed to list its puzzles: RuntimeError: boom") == 1
    assert lines.count("backtrack: warning: plugin 'not_a_puzzle' returned 'a text', not a backtrack.Puzzle") == 1
    assert lines.count("backtrack: warning: puzzle 'queens' of plugin 'again' is provided by 'queens' already") == 1
    assert len(lines) == 3, done.stderr  # no raw PluginWarning with a source line, nothing twice


def test_an_installed_plugin_whose_hook_builds_new_descriptors_is_counted_on_the_workers(tmp_path):
    module = python_example("choose_puzzle.py")
    install_fake_distribution(
        tmp_path, "choose-puzzle", "1.0", "[backtrack]\nchoose = choose_puzzle\n", {"choose_puzzle": module}
    )
    done = run_command(tmp_path, "solve", "choose", "-", "--count", "--workers", "2", "--json", stdin="22 11\n")
    result = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert result["solutions"] == 705432 and result["complete"] is True
    assert result["parallel"]["executor"] == "local" and result["parallel"]["unsplit"] == ""
    assert "counted in one process" not in done.stderr


def test_search_and_build_each_get_only_the_parameters_they_declare(capsys, monkeypatch):
    class Exact(Countdown):
        def __init__(self, spec, top):  # no catch-all: an undeclared parameter would be a TypeError
            super().__init__((top, spec[1]))

    def build(top):
        return (top, 3)

    exact = Puzzle(
        "exact",
        "no catch-alls",
        lambda text, source: (10, 3),
        lambda spec, top=10: Exact(spec, top),
        lambda spec, solution: " ".join(map(str, solution)),
        params=(Param("top", "digits below this", int, 10, low=1, high=10), Param("n", "unused here", int, 3)),
        build=build,
    )

    class Plugin:
        @hookimpl
        def backtrack_puzzles(self):
            return [exact]

    monkeypatch.setattr("backtrack.cli.make_manager", lambda **_: make_manager(entry_points=False, plugins=[Plugin()]))
    assert main(["solve", "exact", "-p", "top=5", "-p", "n=3", "--count"]) == 0
    assert capsys.readouterr().out.startswith("10 solutions (search complete)")  # C(5, 3)
    report = parallel.count(exact, None, {"top": 6, "n": 3}, workers=1)
    assert report.solutions == 20


@pytest.mark.parametrize("again_first", [True, False])
def test_the_plugin_named_as_a_puzzle_keeps_it_whichever_is_found_first(again_first):
    from backtrack import Manager
    from backtrack_puzzles import queens

    class Again:
        @hookimpl
        def backtrack_puzzles(self):
            return [Puzzle(name="queens", description="another queens", parse=queens.parse, search=queens.search,
                           render=queens.render)]

    manager = Manager()
    order = [(Again(), "again"), (queens, "queens")]
    with pytest.warns(PluginWarning, match="puzzle 'queens' of plugin 'again' is provided by 'queens' already"):
        for plugin, name in order if again_first else reversed(order):
            manager.register(plugin, name)
        assert manager.puzzles()["queens"].plugin == "queens"
