"""The project's documentation as the tests read it: the README and every page of ``docs/``.

The examples in the documentation are run by the tests: a Python example is found
by its first line (``# choose_puzzle.py -- ...``) wherever it stands, so a page can
move without its test losing it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """The README, then every Markdown page under ``docs/`` in name order."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def page(name: str) -> str:
    """The text of one page of ``docs/`` (``"command.md"``, ``"puzzles/tents.md"``)."""
    return (DOCS / name).read_text(encoding="utf-8")


def python_example(first_line: str) -> str:
    """The code of the one ```python block, in any page, whose first line starts with ``# FIRST_LINE``."""
    pattern = re.compile(r"```python\n(# " + re.escape(first_line) + r".*?)```", re.S)
    found = [match.group(1) for path in pages() for match in pattern.finditer(path.read_text(encoding="utf-8"))]
    assert len(found) == 1, f"the documentation should hold one example starting '# {first_line}', not {len(found)}"
    return found[0]
