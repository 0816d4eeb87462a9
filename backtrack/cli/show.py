"""``backtrack show``: a puzzle's description, parameters, limits and examples; or one instance of it."""

from __future__ import annotations

import argparse

from ..inputs import title_source
from ..instances import UsageError, parse_params, single_instance
from ..manager import Manager
from ..puzzle import Puzzle
from .options import (add_instance_arguments, add_picture_options, check_picture_options, unsolved_picture,
                      write_pictures)
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``show``."""
    command.description = ("Without an instance: the puzzle's description, parameters, limits and examples.  With "
                           "FILE, --example NAME or -p parameters: the instance in the puzzle's text format, or drawn "
                           "with --format svg.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    add_picture_options(command, "the instance")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack show PUZZLE``: description, parameters, limits and example names; or one instance."""
    puzzle = manager.puzzle(args.puzzle)
    check_picture_options(args, f"{puzzle.name}.svg")
    if args.file is not None or args.example is not None or args.param or args.format == "svg":
        return show_instance(puzzle, args)
    print(f"{puzzle.name}: {puzzle.description}")
    if puzzle.params:
        print("parameters (-p NAME=VALUE):")
        for param in puzzle.params:
            default = f" [default: {param.default}]" if param.default is not None else ""
            aliases = "".join(f"; {old} is {new}" for old, new in param.aliases.items())
            print(f"  {param.name}: {param.help} (takes {param.describe()}{aliases}){default}")
    if puzzle.build is not None:
        print(f"can be built from parameters alone: backtrack solve {puzzle.name} -p ...")
    if puzzle.limits:
        print(f"limits: {puzzle.limits}")
    if puzzle.examples:
        print("examples (--example NAME):")
        for example, path in puzzle.examples.items():
            also = [old for old, new in puzzle.example_aliases.items() if new == example]
            print(f"  {example}{' (also ' + ', '.join(also) + ')' if also else ''}  ({path})")
    return 0


def show_instance(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """``backtrack show PUZZLE FILE``: the instance in the puzzle's text format, or its picture (``--format svg``)."""
    params = parse_params(puzzle, args.param)
    instance, spec = single_instance(puzzle, args.file, args.example, params)
    if args.format == "svg":
        picture = unsolved_picture(puzzle, spec)
        title = title_source(instance.source, example=args.example, argument=args.file, params=args.param)
        write_pictures([picture], args.output, f"{puzzle.name} {title}")
        return EXIT_FOUND
    if puzzle.text is None:
        raise UsageError(f"puzzle {puzzle.name} cannot write an instance back as text (its plugin gives no text form)")
    print(puzzle.text(spec), end="" if puzzle.text(spec).endswith("\n") else "\n")
    return EXIT_FOUND
