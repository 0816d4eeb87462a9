"""The README's plugin walkthrough works as printed."""

import re
import types
from pathlib import Path

from backtrack import make_manager, run

README = Path(__file__).resolve().parents[1] / "README.md"


def test_walkthrough_plugin_counts_ten():
    code = re.search(r"```python\n(# choose_puzzle\.py.*?)```", README.read_text(encoding="utf-8"), re.S).group(1)
    module = types.ModuleType("choose_puzzle")
    exec(compile(code, "README.md", "exec"), module.__dict__)
    manager = make_manager(entry_points=False, plugins=[module])
    puzzle = manager.puzzle("choose")
    spec = puzzle.parse("5 2", "<stdin>")
    outcome = run(puzzle, spec, puzzle.search(spec), mode="all")
    assert outcome.report.solutions == 10 and outcome.report.complete
    assert outcome.rendered[0] == "0 1" and outcome.rendered[-1] == "3 4"


def test_ci_runs_the_readmes_test_command_exactly():
    text = README.read_text(encoding="utf-8")
    setup = text[text.index("## Set up"):text.index("Python 3.10 or newer.")]
    commands = [line.strip() for line in setup.splitlines() if line.startswith("    ")]
    assert len(commands) == 2 and commands[1].endswith("python -m pytest -n 2 tests bench")
    assert "chromium-driver" in commands[1]  # the replay page's tests need the browser's driver
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert commands[1] in ci
