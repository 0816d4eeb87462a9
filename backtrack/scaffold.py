"""``backtrack new NAME``: write a puzzle plugin distribution that passes its tests as it stands.

The folder holds a ``pyproject.toml`` registering the puzzle in the entry-point
group ``backtrack``, a package with one working puzzle of the kind asked for (see
:mod:`backtrack.templates`), an example, tests (backtrack's contract and a brute
force), a benchmark and a README on installing, running, testing and publishing.
"""

from __future__ import annotations

import importlib.metadata
import re
import shutil
from pathlib import Path

__all__ = ["KINDS", "write_plugin", "module_name"]

TEMPLATES = Path(__file__).parent / "templates"
#: The kinds of search a new plugin can start from, with the template of each.
KINDS = {"plain": "plain", "propagating": "propagating", "shortest": "shortest"}
NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def module_name(name: str) -> str:
    """The Python package name of a puzzle name: ``my-puzzle`` is ``my_puzzle``."""
    return name.replace("-", "_")


def write_plugin(folder: Path, name: str, kind: str = "plain") -> list[Path]:
    """Write the plugin distribution for puzzle ``name`` into ``folder`` (which must not exist); returns the files."""
    if not NAME_PATTERN.fullmatch(name):
        raise ValueError(f"a puzzle name is lower-case letters, digits and single hyphens, starting with a letter, "
                         f"not {name!r}")
    if kind not in KINDS:
        raise ValueError(f"the kind is one of {', '.join(KINDS)}, not {kind!r}")
    if folder.exists():
        raise FileExistsError(f"{folder} exists already: choose another name or folder")
    module = module_name(name)
    template = TEMPLATES / KINDS[kind]
    source = (template / "__init__.py").read_text(encoding="utf-8")
    description, _, _ = source.partition('"""')[2].partition("\n")
    source = re.sub(r'^NAME = ".*"$', f'NAME = "{name}"', source, count=1, flags=re.M)
    try:
        version = importlib.metadata.version("backtrack")
    except importlib.metadata.PackageNotFoundError:
        version = "0.1.0"
    values = {"name": name, "module": module, "kind": kind, "description": description.rstrip("."),
              "backtrack_version": version}
    files = {
        folder / "pyproject.toml": (TEMPLATES / "files" / "pyproject.toml.txt").read_text(encoding="utf-8"),
        folder / "README.md": (TEMPLATES / "files" / "README.md.txt").read_text(encoding="utf-8"),
        folder / "tests" / f"test_{module}.py": (template / "test_puzzle.py.txt").read_text(encoding="utf-8"),
        folder / "bench" / f"bench_{module}.py": (TEMPLATES / "files" / "bench.py.txt").read_text(encoding="utf-8"),
    }
    written = []
    (folder / module).mkdir(parents=True)
    (folder / module / "__init__.py").write_text(source, encoding="utf-8")
    written.append(folder / module / "__init__.py")
    shutil.copytree(template / "examples", folder / module / "examples")
    written.extend(sorted((folder / module / "examples").iterdir()))
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.format(**values), encoding="utf-8")
        written.append(path)
    return written
