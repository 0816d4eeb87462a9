"""The documentation's example commands run as printed, block by block, each block in a fresh folder.

A line of an indented block that starts with ``backtrack`` (or ``BACKTRACK_...=``
``python``, or ``printf``, which writes a file the next lines read) is an example
to run, unless it shows a command's shape (a word in
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

from docs_pages import ROOT, pages, python_example

#: Examples that take minutes or need what a test cannot have (a cluster, a folder of their own).
LONG = ("-p n=14 --count", "-p n=16 --count", "--scheduler", "backtrack new ", "backtrack bench queens -p n=10,12",
        "python -m pip install", "python -m pytest", "(cd ")
SHAPE = re.compile(r"(?<![=_])\b[A-Z]{2,}[A-Z_]*\b(?!=)")  # PUZZLE, INSTANCE, FILE ... (not BACKTRACK_REPLAY=)


def blocks() -> list[tuple[str, int, list[str]]]:
    """The runnable example lines of every page, by block: (the page, the block's first line number, its commands).

    A command's shape (``backtrack solve PUZZLE [FILE]``) is not an example: a word
    in capitals or an optional part in brackets says so.
    """
    found: list[tuple[str, int, list[str]]] = []
    for path in pages():
        name = str(path.relative_to(ROOT))
        found += [(name, start, commands) for start, commands in page_blocks(path)]
    return found


def page_blocks(path: Path) -> list[tuple[int, list[str]]]:
    """One page's runnable example lines, by block."""
    found: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        command = line[4:] if line.startswith("    ") else None
        if command is not None and re.match(r"(backtrack |BACKTRACK_\w+=\S+ python |python tests/|printf )", command):
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
    (folder / "my_tents.py").write_text(python_example("my_tents.py"), encoding="utf-8")


@pytest.mark.parametrize("page, start, commands", blocks(), ids=[f"{page} line {start}" for page, start, _ in blocks()])
def test_the_documentations_examples_run(page, start, commands, tmp_path):
    teaching_plugin(tmp_path)
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    (tmp_path / "plugins").symlink_to(ROOT / "plugins")
    runner = f"{sys.executable} -m backtrack.cli"
    for command in commands:
        shell = re.sub(r"^backtrack ", runner + " ", command)
        shell = shell.replace("python ", f"{sys.executable} ", 1) if " python " in f" {shell}" else shell
        done = subprocess.run(["bash", "-c", shell], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        assert done.returncode == 0, f"{page} line {start}: {command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
