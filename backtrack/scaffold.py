"""``backtrack new NAME``: write a puzzle plugin distribution that passes its tests as it stands.

The folder holds a ``pyproject.toml`` registering the puzzle in the entry-point
group ``backtrack``, a package with one working puzzle of the kind asked for (see
:mod:`backtrack.templates`), an example, tests (backtrack's contract and a brute
force), a benchmark and a README on installing, running, testing and publishing.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import keyword
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Iterable

from .distribution import DISTRIBUTION, installed_version

__all__ = ["KINDS", "MAX_NAME", "write_plugin", "module_name", "check_name", "check_folder"]

TEMPLATES = Path(__file__).parent / "templates"
#: The kinds of search a new plugin can start from, with the template of each.
KINDS = {"plain": "plain", "propagating": "propagating", "shortest": "shortest", "cover": "cover"}
NAME_PATTERN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
#: The longest puzzle name ``new`` accepts: it is typed on every command line, and names files and a package.
MAX_NAME = 40


def module_name(name: str) -> str:
    """The Python package name of a puzzle name: ``my-puzzle`` is ``my_puzzle``."""
    return name.replace("-", "_")


def _normalized(distribution: str) -> str:
    """A distribution's name as pip compares them: ``Backtrack_Puzzles`` is ``backtrack-puzzles``."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _importable(module: str) -> bool:
    """Whether ``import module`` finds a module already (built in, or on the path; the current folder aside)."""
    if module in sys.builtin_module_names or module in getattr(sys, "stdlib_module_names", ()):
        return True
    if module in sys.modules:
        return True
    here = {"", ".", os.getcwd()}
    saved = list(sys.path)
    sys.path[:] = [entry for entry in saved if entry not in here]
    try:  # every finder (an editable install has its own), not importing anything: a top-level name
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False
    finally:
        sys.path[:] = saved


def check_name(name: str, puzzles: Iterable[str] = ()) -> None:
    """Refuse a puzzle name ``new`` cannot use, saying why (``ValueError``); ``puzzles`` are the installed ones.

    The name must be lower-case letters, digits and single hyphens, starting with
    a letter, at most :data:`MAX_NAME` characters; its package name must not be a
    Python keyword, nor a module that is importable already; its distribution must
    not be installed already, and no installed puzzle may have the name.
    """
    if len(name) > MAX_NAME:
        raise ValueError(f"a puzzle name is at most {MAX_NAME} characters, not {len(name)}")
    if not NAME_PATTERN.fullmatch(name):
        raise ValueError(f"a puzzle name is lower-case letters, digits and single hyphens, starting with a letter, "
                         f"not {name!r}")
    module = module_name(name)
    if keyword.iskeyword(module) or keyword.issoftkeyword(module):
        raise ValueError(f"{name!r} is a Python keyword: its package could not be imported; choose another name")
    if name in set(puzzles):
        raise ValueError(f"a puzzle called {name!r} is installed already: the new one would replace it; "
                         "choose another name")
    wanted = _normalized(name)
    for distribution in importlib.metadata.distributions():
        installed = distribution.metadata["Name"] or ""
        if _normalized(installed) == wanted:
            raise ValueError(f"a distribution called {installed!r} is installed already: installing {name!r} "
                             "would replace it; choose another name")
    if _importable(module):
        raise ValueError(f"a module called {module!r} can be imported already: the new package would shadow it "
                         "or be shadowed by it; choose another name")


def check_folder(folder: Path) -> None:
    """Refuse a folder ``new`` cannot write (``FileExistsError`` when it exists, ``ValueError`` otherwise)."""
    try:
        exists = folder.exists() or folder.is_symlink()
    except OSError as error:  # a name too long for the file system, a folder that cannot be looked into ...
        raise ValueError(f"cannot write {folder}: {error.strerror or error}") from None
    if exists:
        raise FileExistsError(f"{folder} exists already: choose another name or folder")
    parent = folder.absolute().parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        raise ValueError(f"cannot write {folder}: {parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {folder}: the folder {parent} is not writable")


def write_plugin(folder: Path, name: str, kind: str = "plain", puzzles: Iterable[str] = ()) -> list[Path]:
    """Write the plugin distribution for puzzle ``name`` into ``folder`` (which must not exist); returns the files.

    Everything is checked before anything is written (:func:`check_folder`,
    :func:`check_name` with the installed ``puzzles``): ``ValueError`` or
    ``FileExistsError`` saying why.  A folder that cannot be written after all is a
    ``ValueError`` too, and nothing written is left behind.
    """
    if kind not in KINDS:
        raise ValueError(f"the kind is one of {', '.join(KINDS)}, not {kind!r}")
    check_name(name, puzzles)
    check_folder(folder)
    created = folder.absolute()  # the first folder made: removed again if the writing fails
    while not created.parent.exists():
        created = created.parent
    try:
        return _write(folder, name, kind)
    except OSError as error:
        shutil.rmtree(created, ignore_errors=True)
        raise ValueError(f"cannot write {folder}: {error.strerror or error}") from None


def _write(folder: Path, name: str, kind: str) -> list[Path]:
    module = module_name(name)
    template = TEMPLATES / KINDS[kind]
    source = (template / "__init__.py").read_text(encoding="utf-8")
    description, _, _ = source.partition('"""')[2].partition("\n")
    source = re.sub(r'^NAME = ".*"$', f'NAME = "{name}"', source, count=1, flags=re.M)
    values = {"name": name, "module": module, "kind": kind, "description": description.rstrip("."),
              "distribution": DISTRIBUTION, "backtrack_version": installed_version() or "0.1.0"}
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
