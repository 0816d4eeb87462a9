"""``backtrack new NAME``: write a puzzle plugin distribution that passes its tests as it stands."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..instances import UsageError
from ..manager import Manager
from ..scaffold import MAX_NAME, write_plugin
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``new``."""
    command.description = ("Write a folder NAME with a pyproject.toml (entry point in the group backtrack), a working "
                           "puzzle of the kind asked for, an example, tests, a benchmark and a README.  Then: pip "
                           "install -e ./NAME && pytest.")
    command.add_argument("name", metavar="NAME",
                         help="the puzzle's name: lower-case letters, digits and single hyphens, starting with a "
                              f"letter, at most {MAX_NAME} characters; not a Python keyword, nor the name of an "
                              "installed puzzle, distribution or importable module")
    command.add_argument("--kind", choices=("plain", "propagating", "shortest", "cover"), default="plain",
                         help="the search to start from: plain (the five methods), propagating (deductions after "
                              "every decision), shortest (fewest moves) or cover (exact cover: items and options, "
                              "dancing links); default plain")
    command.add_argument("--folder", metavar="DIR", help="where to write it (default: ./NAME)")


def run(manager: Manager | None, args: argparse.Namespace) -> int:
    """``backtrack new NAME``: write a plugin distribution and say what to do next.

    A name the new plugin could not have (see :func:`backtrack.scaffold.check_name`: a
    keyword, an installed puzzle, distribution or importable module, too long) is
    refused before anything is written.
    """
    folder = Path(args.folder or args.name)
    try:
        files = write_plugin(folder, args.name, args.kind, manager.puzzles() if manager is not None else ())
    except (ValueError, FileExistsError) as error:
        raise UsageError(str(error)) from None
    for path in files:
        print(f"wrote {path}")
    where = str(folder) if folder.is_absolute() or str(folder).startswith(".") else f"./{folder}"
    print(f"next: python -m pip install -e '{where}[test]' && (cd '{folder}' && python -m pytest)")
    return EXIT_FOUND
