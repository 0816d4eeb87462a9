"""``backtrack list``: every installed puzzle, with the distribution and version it comes from."""

from __future__ import annotations

import argparse
import json

from ..manager import Manager


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``list``."""
    command.add_argument("--json", action="store_true", help="print the list as JSON")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack list``: name, description, distribution and version of each puzzle."""
    rows = [
        {
            "name": name,
            "description": found.puzzle.description,
            "distribution": found.distribution,
            "version": found.version,
            "plugin": found.plugin,
        }
        for name, found in sorted(manager.puzzles().items())
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max((len(row["name"]) for row in rows), default=4)
    for row in rows:
        origin = f"{row['distribution']} {row['version']}".strip()
        print(f"{row['name']:<{width}}  {row['description']}  [{origin}]")
    return 0
