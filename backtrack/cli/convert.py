"""``backtrack convert``: any input a puzzle reads, written in another of its formats."""

from __future__ import annotations

import argparse
import sys

from ..instances import FORMAT_NAMES, parse_params, read_instances, read_spec
from ..manager import Manager
from .options import add_instance_arguments, encoded
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``convert``."""
    command.description = "Read INPUT in any format the puzzle reads and write it in the format asked for."
    command.add_argument("puzzle")
    add_instance_arguments(command)
    command.add_argument("--to", required=True, choices=("text", *FORMAT_NAMES), help="the format to write")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack convert``: any input the puzzle reads, written in another format."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    instances = read_instances(puzzle, args.file, args.example)
    texts = [encoded(puzzle, read_spec(puzzle, instance, params), args.to) for instance in instances]
    one_line = all(text.count("\n") == 1 for text in texts)
    sys.stdout.write(("" if one_line else "\n").join(texts))
    return EXIT_FOUND
