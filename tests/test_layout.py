"""The layout a newcomer reads the project by: small engine modules, one module per command, one anatomy per puzzle.

* No module of ``backtrack/`` is over 600 lines, and none imports the built-in plugins.
* Every command is its own module of ``backtrack/cli/`` (``add_arguments`` and
  ``run``), and running one imports no other command's module.
* Every built-in puzzle module and every template of ``backtrack new`` has its parts
  under the headings ``backtrack/puzzle.py`` lists, in that order, and its
  descriptor names the ``Puzzle`` fields in the order they are declared.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from backtrack import Puzzle
from backtrack.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
ENGINE = sorted((ROOT / "backtrack").rglob("*.py"))
PUZZLE_MODULES = sorted(path for path in (ROOT / "plugins" / "backtrack_puzzles").glob("*.py")
                        if path.name not in ("__init__.py", "latin.py", "latin_rules.py"))
TEMPLATES = sorted((ROOT / "backtrack" / "templates").glob("*/__init__.py"))
#: The parts of a puzzle module, as ``backtrack/puzzle.py``'s docstring names them (part 0 has no heading).
PARTS = {1: "the model", 2: "the parser", 3: "the text form", 4: "the formats", 5: "the picture", 6: "the checker",
         7: "the search", 8: "the generator", 9: "the façade", 10: "the descriptor", 11: "the hook"}
HEADING = re.compile(r"^# -- (\d+)\. ([^:-]+?)(?::.*?)? -+$")


def test_the_anatomy_here_is_the_one_puzzle_py_writes_down():
    import backtrack.puzzle

    listed = dict(re.findall(r"^ ?(\d+)  (the [a-zç ]+?)\s{2,}", backtrack.puzzle.__doc__ or "", re.M))
    assert {int(number): name for number, name in listed.items()} == PARTS


@pytest.mark.parametrize("path", ENGINE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_of_the_engine_is_over_600_lines_or_imports_a_plugin(path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= 600
    assert "backtrack_puzzles" not in {
        (node.module or "").split(".")[0] for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ImportFrom)
    } | {alias.name.split(".")[0] for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Import)
         for alias in node.names}


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_is_a_module_with_its_options_and_its_handler(command):
    module = importlib.import_module(f"backtrack.cli.{COMMANDS[command][0]}")
    assert callable(module.add_arguments) and callable(module.run)


def test_a_command_imports_no_other_commands_module():
    code = ("import sys, contextlib, io\n"
            "from backtrack.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    assert main(['list']) == 0\n"
            "print(sorted(name for name in sys.modules if name.startswith('backtrack.cli.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["['backtrack.cli.listing',", "'backtrack.cli.status']"]


#: The modules the Latin-square puzzles share (the core and its named deductions): some parts, same numbers.
SHARED = tuple(ROOT / "plugins" / "backtrack_puzzles" / name for name in ("latin.py", "latin_rules.py"))


@pytest.mark.parametrize("path", [*PUZZLE_MODULES, *TEMPLATES, *SHARED], ids=lambda path: str(path.relative_to(ROOT)))
def test_every_puzzle_module_has_its_parts_in_the_order_of_the_anatomy(path):
    headings = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("# -- ")]
    parts = []
    for heading in headings:
        found = HEADING.match(heading)
        assert found, f"{heading!r} is not a heading of the anatomy"
        number, name = int(found.group(1)), found.group(2)
        assert PARTS.get(number) == name, f"part {number} is {PARTS.get(number)!r}, not {name!r}"
        parts.append(number)
    assert parts == sorted(set(parts)), f"{path.name}: the parts are in the order {parts}"
    assert path in SHARED or {1, 2, 3, 7, 10, 11} <= set(parts)


@pytest.mark.parametrize("path", PUZZLE_MODULES + TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_descriptor_names_the_puzzles_fields_in_their_order(path):
    order = [field.name for field in dataclasses.fields(Puzzle)]
    calls = [node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Puzzle"]
    assert calls
    for call in calls:
        names = [keyword.arg for keyword in call.keywords]
        assert names == sorted(names, key=order.index), f"{path.name}: {names}"
