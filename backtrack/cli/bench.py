"""``backtrack bench``: time searches of inputs under parameter variants, store runs and compare with them."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .. import benchmark
from ..instances import UsageError, read_instances, read_spec
from ..manager import Manager
from ..outputs import write_atomic
from ..puzzle import Puzzle, accepted
from .options import add_example, add_params, add_plot_option, check_plot
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    command.description = ("Search each input with each combination of parameter values (-p NAME=V1,V2), several "
                           "rounds in fresh searches, and print attempts, median time, spread, attempts per second "
                           "and the ratio to the first variant.  A range of whole numbers (-p n=8..14) benchmarks "
                           "each value and shows how the time grows.  Runs are stored and compared as "
                           "pytest-benchmark stores them.")
    command.add_argument("puzzle")
    command.add_argument("inputs", nargs="*", metavar="FILE", help="instance files ('-' for standard input)")
    add_example(command, many=True)
    add_params(command, "a parameter and the values to compare: V1,V2,... or a range of whole numbers A..B "
               f"(inclusive, at most {benchmark.MAX_VALUES} values; one parameter)", metavar="NAME=V1,V2")
    command.add_argument("--mode", choices=("count", "first", "unique"), default="count",
                         help="what each search does (default: count every solution)")
    command.add_argument("--rounds", type=int, default=5, metavar="N", help="measured rounds per case (default 5)")
    command.add_argument("--warmup", type=int, default=1, metavar="N", help="unmeasured rounds first (default 1)")
    command.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    command.add_argument("--save", metavar="NAME", help="store the run in .benchmarks/ as pytest-benchmark does")
    command.add_argument("--compare", metavar="NAME", help="compare with a stored run (NNNN, NAME or a file)")
    add_plot_option(command, "each input's median time under each variant, with the spread of the rounds")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack bench``: every input under every variant, a table, and stored runs."""
    puzzle = manager.puzzle(args.puzzle)
    if args.rounds < 1 or args.warmup < 0:
        raise UsageError("--rounds must be at least 1 and --warmup at least 0")
    choices, swept = parse_choices(puzzle, args.param)
    combinations = benchmark.variants(choices)
    check_plot(args, f"bench-{puzzle.name}.svg")
    sources = [(file, None) for file in args.inputs] + [(None, name) for name in args.example]
    if not sources:
        sources = [(None, None)]
    cases = []
    for file, example in sources:
        for instance in read_instances(puzzle, file, example):
            for params in combinations:
                spec = read_spec(puzzle, instance, params)
                building = accepted(puzzle.build, params) if instance.text is None and puzzle.build else {}
                name = " ".join(f"{key}={value}" for key, value in building.items()) or instance.label
                varied = tuple(key for key in params if key not in building)
                cases.append(benchmark.Case(name, spec, params, varied, swept))
    try:
        baseline_record = benchmark.load(args.compare)[1] if args.compare else None
        if args.save or baseline_record is not None:
            benchmark.machine_id()  # pytest-benchmark is needed to store or compare
    except (FileNotFoundError, RuntimeError) as error:
        raise UsageError(str(error)) from None
    results = [benchmark.measure(puzzle, case, args.mode, args.rounds, args.warmup) for case in cases]
    stored = benchmark.stored_medians(baseline_record) if baseline_record is not None else {}
    record = benchmark.storage_record(puzzle, args.mode, results, args.rounds, args.warmup) if (
        args.save or args.json or stored) else None
    if args.json:
        print(json.dumps(record))
    else:
        print_bench_table(puzzle, results, stored, record)
    if args.plot:
        stats = benchmark.stored_stats(baseline_record) if baseline_record is not None else {}
        write_atomic(args.plot, benchmark.chart(puzzle.name, args.mode, results, stats, args.compare or "").svg())
        print(f"backtrack: wrote {args.plot}", file=sys.stderr)
    if args.save and record is not None:
        path = benchmark.save(record, args.save)
        print(f"backtrack: saved {path}", file=sys.stderr)
    return EXIT_FOUND


def parse_choices(puzzle: Puzzle, pairs: Sequence[str]) -> tuple[dict[str, list[Any]], str]:
    """``-p NAME=V1,V2`` and ``-p NAME=A..B``: each parameter's values and the one given a range; usage errors."""
    try:
        return benchmark.parse_choices(puzzle, pairs)
    except ValueError as error:
        raise UsageError(str(error)) from None


def print_bench_table(puzzle: Puzzle, results: list[Any], stored: dict[str, float], record: dict | None) -> None:
    """One line per input and variant; the ratio is to the input's first variant (and to a stored run).

    Over a range the factor is to the same variant at the value before, and a line
    per variant gives the growth per step fitted to all its values.
    """
    names = [entry["name"] for entry in record["benchmarks"]] if record is not None else [""] * len(results)
    swept = results[0].case.swept if results else ""
    curves = benchmark.curves(results) if swept else []
    factor = {id(result): value for curve in curves for result, value in zip(curve.results, curve.factors,
                                                                              strict=True)}
    # The columns are as wide as their longest entry: an input's name is never cut.
    width = max([len("input"), *(len(result.case.input) for result in results)])
    vwidth = max([len("variant"), *(len(result.case.variant) for result in results)])
    header = (f"{'input':<{width}} {'variant':<{vwidth}} {'attempts':>12} {'median s':>10} {'spread s':>9} "
              f"{'attempts/s':>11} {'ratio':>6}")
    if swept:
        header += f" {'factor':>7}"
    if stored:
        header += f" {'stored s':>10} {'now/stored':>10}"
    print(header)
    first: dict[str, float] = {}
    for result, name in zip(results, names, strict=True):
        base = first.setdefault(result.case.input, result.median)
        ratio = result.median / base if base > 0 else 1.0
        line = (f"{result.case.input:<{width}} {result.case.variant:<{vwidth}} {result.attempts:>12,} "
                f"{result.median:>10.4f} {result.spread:>9.4f} {result.rate:>11,.0f} {ratio:>6.2f}")
        if swept:
            step = factor.get(id(result))
            line += f" {step:>7.2f}" if step is not None else f" {'-':>7}"
        if stored:
            before = stored.get(name)
            line += (f" {before:>10.4f} {result.median / before:>10.2f}" if before
                     else f" {'-':>10} {'-':>10}")
        print(line)
    print(f"(wall time per search, median of the rounds; spread: interquartile range; ratio: to the input's "
          f"first variant{'; factor: to the value of ' + swept + ' before' if swept else ''}; {puzzle.name})")
    for curve in curves:
        per_step = curve.per_step
        fitted = f"x{per_step:.2f}" if per_step is not None else "- (one value)"
        print(f"growth per step of {swept}, {curve.label}: {fitted} (least squares on log median time, "
              f"{swept}={curve.values[0]}..{curve.values[-1]})")
