"""``backtrack bench``: time searches of inputs under parameter variants, store runs and compare with them."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .. import benchmark
from ..instances import UsageError, read_instances, read_spec
from ..manager import Manager
from ..puzzle import Puzzle, accepted
from .options import add_example, add_params
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``bench``."""
    command.description = ("Search each input with each combination of parameter values (-p NAME=V1,V2), several "
                           "rounds in fresh searches, and print attempts, median time, spread, attempts per second "
                           "and the ratio to the first variant.  Runs are stored and compared as pytest-benchmark "
                           "stores them.")
    command.add_argument("puzzle")
    command.add_argument("inputs", nargs="*", metavar="FILE", help="instance files ('-' for standard input)")
    add_example(command, many=True)
    add_params(command, "a parameter and the values to compare", metavar="NAME=V1,V2")
    command.add_argument("--mode", choices=("count", "first", "unique"), default="count",
                         help="what each search does (default: count every solution)")
    command.add_argument("--rounds", type=int, default=5, metavar="N", help="measured rounds per case (default 5)")
    command.add_argument("--warmup", type=int, default=1, metavar="N", help="unmeasured rounds first (default 1)")
    command.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    command.add_argument("--save", metavar="NAME", help="store the run in .benchmarks/ as pytest-benchmark does")
    command.add_argument("--compare", metavar="NAME", help="compare with a stored run (NNNN, NAME or a file)")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack bench``: every input under every variant, a table, and stored runs."""
    puzzle = manager.puzzle(args.puzzle)
    if args.rounds < 1 or args.warmup < 0:
        raise UsageError("--rounds must be at least 1 and --warmup at least 0")
    combinations = parse_variants(puzzle, args.param)
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
                cases.append(benchmark.Case(name, spec, params, varied))
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
    if args.save and record is not None:
        path = benchmark.save(record, args.save)
        print(f"backtrack: saved {path}", file=sys.stderr)
    return EXIT_FOUND


def parse_variants(puzzle: Puzzle, pairs: Sequence[str]) -> list[dict[str, Any]]:
    """``-p NAME=V1,V2`` pairs as every combination of the values, each converted and range-checked."""
    choices: dict[str, list[Any]] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals or not text:
            raise UsageError(f"-p takes NAME=VALUE or NAME=V1,V2,..., not {pair!r}")
        if name in choices:
            raise UsageError(f"parameter {name} is given twice: list its values once, separated by commas")
        try:
            param = puzzle.param(name)
            choices[name] = [param.convert(value) for value in text.split(",")]
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        except ValueError as error:
            raise UsageError(str(error)) from None
    return benchmark.variants(choices)


def print_bench_table(puzzle: Puzzle, results: list[Any], stored: dict[str, float], record: dict | None) -> None:
    """One line per input and variant; the ratio is to the input's first variant (and to a stored run)."""
    names = [entry["name"] for entry in record["benchmarks"]] if record is not None else [""] * len(results)
    # The columns are as wide as their longest entry: an input's name is never cut.
    width = max([len("input"), *(len(result.case.input) for result in results)])
    vwidth = max([len("variant"), *(len(result.case.variant) for result in results)])
    header = (f"{'input':<{width}} {'variant':<{vwidth}} {'attempts':>12} {'median s':>10} {'spread s':>9} "
              f"{'attempts/s':>11} {'ratio':>6}")
    if stored:
        header += f" {'stored s':>10} {'now/stored':>10}"
    print(header)
    first: dict[str, float] = {}
    for result, name in zip(results, names, strict=True):
        base = first.setdefault(result.case.input, result.median)
        ratio = result.median / base if base > 0 else 1.0
        line = (f"{result.case.input:<{width}} {result.case.variant:<{vwidth}} {result.attempts:>12,} "
                f"{result.median:>10.4f} {result.spread:>9.4f} {result.rate:>11,.0f} {ratio:>6.2f}")
        if stored:
            before = stored.get(name)
            line += (f" {before:>10.4f} {result.median / before:>10.2f}" if before
                     else f" {'-':>10} {'-':>10}")
        print(line)
    print(f"(wall time per search, median of the rounds; spread: interquartile range; ratio: to the input's "
          f"first variant; {puzzle.name})")
