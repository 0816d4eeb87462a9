"""The README's example commands run as printed, block by block, each block in a fresh folder.

A line of an indented block that starts with ``backtrack`` (or ``BACKTRACK_...=``
``python``) is an example to run, unless it shows a command's shape (a word in
capitals such as PUZZLE), needs a cluster or another machine, or is one of the long
counts listed in :data:`LONG` (those are measured in ``bench/``).  The lines of one
block run in order in one folder (``solve ... > answer.txt`` then ``check ...
answer.txt``), with the README's teaching plugin ``my_tents.py`` beside them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: Examples that take minutes or need what a test cannot have (a cluster, a folder of their own).
LONG = ("-p n=14 --count", "-p n=16 --count", "--scheduler", "backtrack new ", "backtrack bench queens",
        "python -m pip install", "python -m pytest", "(cd ")
SHAPE = re.compile(r"(?<![=_])\b[A-Z]{2,}[A-Z_]*\b(?!=)")  # PUZZLE, INSTANCE, FILE ... (not BACKTRACK_REPLAY=)


def blocks() -> list[tuple[int, list[str]]]:
    """The README's runnable example lines, by block: (the block's first line number, its commands).

    A command's shape (``backtrack solve PUZZLE [FILE]``) is not an example: a word
    in capitals or an optional part in brackets says so.
    """
    found: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        command = line[4:] if line.startswith("    ") else None
        if command is not None and re.match(r"(backtrack |BACKTRACK_\w+=\S+ python |python tests/)", command):
            if not current:
                start = number
            text = command.split("#")[0]
            if not any(part in command for part in LONG) and "[" not in text and not SHAPE.search(text):
                current.append(command)
            continue
        if current:
            found.append((start, current))
            current = []
    if current:
        found.append((start, current))
    return found


def teaching_plugin(folder: Path) -> None:
    code = re.search(r"```python\n(# my_tents\.py.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code
    (folder / "my_tents.py").write_text(code.group(1), encoding="utf-8")


@pytest.mark.parametrize("start, commands", blocks(), ids=[f"README line {start}" for start, _ in blocks()])
def test_the_readmes_examples_run(start, commands, tmp_path):
    teaching_plugin(tmp_path)
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    (tmp_path / "plugins").symlink_to(ROOT / "plugins")
    runner = f"{sys.executable} -m backtrack.cli"
    for command in commands:
        shell = re.sub(r"^backtrack ", runner + " ", command)
        shell = shell.replace("python ", f"{sys.executable} ", 1) if " python " in f" {shell}" else shell
        done = subprocess.run(["bash", "-c", shell], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        assert done.returncode == 0, f"README line {start}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
