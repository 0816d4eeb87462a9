"""``backtrack estimate``: Knuth's estimate of a search's size from random walks, before counting it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..estimate import Estimate, chart, estimate
from ..instances import UsageError, make_search, parse_params, read_instances, read_spec
from ..manager import Manager
from ..outputs import write_atomic
from ..puzzle import Puzzle
from .options import add_instance_arguments, add_plot_option, check_plot
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``estimate``."""
    command.description = ("Walk random paths from the root through the same five methods and estimate the attempts, "
                           "nodes and solutions of the whole search, with their spread.  A range of whole numbers "
                           "(-p n=8..12) estimates each value and shows how the attempts grow.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    command.add_argument("--samples", type=int, default=1000, metavar="N", help="random walks (default 1000)")
    command.add_argument("--seed", type=int, metavar="S",
                         help="seed of the random walks, for a repeatable estimate")
    command.add_argument("--count", action="store_true",
                         help="count each search too (in this process) and show the attempts counted beside the "
                              "estimate")
    command.add_argument("--json", action="store_true", help="print the estimate as JSON")
    add_plot_option(command, "the estimated attempts (and the counted ones) over a range -p NAME=A..B")


def parse_range(puzzle: Puzzle, pairs: list[str]) -> tuple[dict[str, Any], str, list[Any]]:
    """The parameters, the one given a range (``-p n=8..12``, "" if none) and its values.

    Every other parameter takes one value.  Without a range the pairs are read as
    every other command reads them.
    """
    if not any(".." in pair.partition("=")[2] for pair in pairs):
        return parse_params(puzzle, pairs), "", []
    from ..benchmark import parse_choices  # only for a range

    try:
        choices, swept = parse_choices(puzzle, pairs)
    except ValueError as error:
        raise UsageError(str(error)) from None
    several = [name for name, values in choices.items() if len(values) > 1 and name != swept]
    if several:
        raise UsageError(f"estimate takes one value of each parameter besides a range A..B: {several[0]} has "
                         f"{len(choices[several[0]])}")
    params = {name: values[0] for name, values in choices.items() if name != swept}
    return params, swept, choices.get(swept, [])


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack estimate``: Knuth's estimate of the attempts, nodes and solutions of a search (or of a range)."""
    puzzle = manager.puzzle(args.puzzle)
    params, swept, values = parse_range(puzzle, args.param)
    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, not {args.samples}")
    check_plot(args, f"estimate-{puzzle.name}.svg")
    instances = read_instances(puzzle, args.file, args.example)
    if len(instances) > 1:
        raise UsageError(f"{instances[0].source} holds {len(instances)} puzzles: give one")
    instance = instances[0]
    source = instance.source
    found: list[Estimate] = []
    counted: list[tuple[int, int]] = []
    for value in values or [None]:
        these = {**params, swept: value} if swept else params
        spec = read_spec(puzzle, instance, these)
        try:
            found.append(estimate(make_search(puzzle, spec, these), args.samples, args.seed, puzzle=puzzle.name,
                                  source=source))
        except ValueError as error:
            raise UsageError(f"cannot estimate {puzzle.name}: {error}") from None
        if args.count:
            search = make_search(puzzle, spec, these)
            search.count()
            counted.append((search.report.attempts, search.report.solutions))
    fixed = " ".join(f"{name}={value}" for name, value in params.items())
    title = (f"{swept}={values[0]}..{values[-1]}" if swept else source) + (f" {fixed}" if fixed else "")
    if args.json:
        print(json.dumps(as_json(puzzle.name, source, swept, values, found, counted)))
    elif swept:
        print_range(puzzle.name, title, swept, values, found, counted)
    else:
        print_one(puzzle.name, source, found[0], counted[0] if counted else None)
    if args.plot:
        write_atomic(args.plot, chart(puzzle.name, f"{title}, {args.samples} random walks per value", swept,
                                      values or [fixed if instance.text is None and fixed else source], found,
                                      [attempts for attempts, _ in counted] if args.count else None).svg())
        print(f"backtrack: wrote {args.plot}", file=sys.stderr)
    return EXIT_FOUND


def as_json(puzzle: str, source: str, swept: str, values: list[Any], found: list[Estimate],
            counted: list[tuple[int, int]]) -> dict[str, Any]:
    """The estimate as JSON: as before for one instance, and for a range each value's with the growth."""
    from ..plot import factors, growth

    def one(result: Estimate, index: int) -> dict[str, Any]:
        data: dict[str, Any] = dict(result.as_dict())
        if counted:
            data["counted_attempts"], data["counted_solutions"] = counted[index]
        return data

    if not swept:
        return {"puzzle": puzzle, "source": source, **one(found[0], 0)}
    attempts = [result.attempts for result in found]
    data = {"puzzle": puzzle, "source": source, "param": swept,
            "estimates": [{swept: value, **one(result, index)}
                          for index, (value, result) in enumerate(zip(values, found, strict=True))],
            "factors": factors(attempts), "growth_per_step": growth(values, attempts)}
    if counted:
        data["counted_growth_per_step"] = growth(values, [float(count) for count, _ in counted])
    return data


def print_one(puzzle: str, source: str, found: Estimate, counted: tuple[int, int] | None) -> None:
    """The estimate of one search, and what a count found."""
    print(f"{puzzle} {source}: estimated from {found.samples} random walks ({found.seconds:.2f} s)")
    for what, mean, spread in (("attempts", found.attempts, found.attempts_spread),
                               ("nodes", found.nodes, found.nodes_spread),
                               ("solutions", found.solutions, found.solutions_spread)):
        print(f"  {what:<10} {mean:>14,.0f}  +- {spread:,.0f}")
    if counted is not None:
        print(f"  counted    {counted[0]:>14,} attempts, {counted[1]:,} solutions")
    print("  (+- is the standard error of the mean: the walks may also all miss a rare, large subtree)")


def print_range(puzzle: str, title: str, swept: str, values: list[Any], found: list[Estimate],
                counted: list[tuple[int, int]]) -> None:
    """One line per value of the range: the estimate, its factor to the value before, what a count found."""
    from ..plot import factors, growth

    attempts = [result.attempts for result in found]
    print(f"{puzzle} {title}: estimated from {found[0].samples} random walks per value "
          f"({sum(result.seconds for result in found):.2f} s)")
    width = max(len(swept), *(len(str(value)) for value in values))
    header = f"{swept:>{width}} {'attempts':>16} {'+- std err':>14} {'factor':>7} {'solutions':>14}"
    if counted:
        header += f" {'counted':>16} {'est/counted':>11}"
    print(header)
    for index, (value, result, factor) in enumerate(zip(values, found, factors(attempts), strict=True)):
        line = (f"{value!s:>{width}} {result.attempts:>16,.0f} {'+- ' + format(result.attempts_spread, ',.0f'):>14} "
                f"{format(factor, '.2f') if factor is not None else '-':>7} {result.solutions:>14,.0f}")
        if counted:
            count = counted[index][0]
            line += f" {count:>16,} {result.attempts / count if count else 0:>11.2f}"
        print(line)
    estimated = growth(values, attempts)
    fits = [f"estimated x{estimated:.2f}" if estimated is not None else "estimated - (one value)"]
    if counted:
        real = growth(values, [float(count) for count, _ in counted])
        fits.append(f"counted x{real:.2f}" if real is not None else "counted -")
    print(f"growth per step of {swept} (least squares on log attempts): {', '.join(fits)}")
    print("(+- is the standard error of the mean: the walks may also all miss a rare, large subtree; "
          f"factor: to the value of {swept} before)")
