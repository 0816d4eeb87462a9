"""``backtrack estimate``: Knuth's estimate of a search's size from random walks, before counting it."""

from __future__ import annotations

import argparse
import json

from ..estimate import estimate
from ..instances import UsageError, make_search, parse_params, single_instance
from ..manager import Manager
from .options import add_instance_arguments
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``estimate``."""
    command.description = ("Walk random paths from the root through the same five methods and estimate the attempts, "
                           "nodes and solutions of the whole search, with their spread.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    command.add_argument("--samples", type=int, default=1000, metavar="N", help="random walks (default 1000)")
    command.add_argument("--seed", type=int, metavar="S",
                         help="seed of the random walks, for a repeatable estimate")
    command.add_argument("--json", action="store_true", help="print the estimate as JSON")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack estimate``: Knuth's estimate of the attempts, nodes and solutions of a search."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, not {args.samples}")
    instance, spec = single_instance(puzzle, args.file, args.example, params)
    source = instance.source
    try:
        found = estimate(make_search(puzzle, spec, params), args.samples, args.seed, puzzle=puzzle.name, source=source)
    except ValueError as error:
        raise UsageError(f"cannot estimate {puzzle.name}: {error}") from None
    if args.json:
        print(json.dumps({"puzzle": puzzle.name, "source": source, **found.as_dict()}))
        return EXIT_FOUND
    print(f"{puzzle.name} {source}: estimated from {found.samples} random walks ({found.seconds:.2f} s)")
    for what, mean, spread in (("attempts", found.attempts, found.attempts_spread),
                               ("nodes", found.nodes, found.nodes_spread),
                               ("solutions", found.solutions, found.solutions_spread)):
        print(f"  {what:<10} {mean:>14,.0f}  +- {spread:,.0f}")
    print("  (+- is the standard error of the mean: the walks may also all miss a rare, large subtree)")
    return EXIT_FOUND
