"""``backtrack solve``: one instance (first, all, a limit, unique) or a batch; ``--count`` is in :mod:`.count`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .. import parallel
from ..engine import Report, Stop, Verdict
from ..inputs import title_source
from ..instances import Instance, UsageError, make_search, parse_params, read_instances, read_spec
from ..manager import Manager
from ..puzzle import Puzzle
from ..reporters import JsonLinesReporter, JsonReporter, PictureSink, SvgReporter, TextReporter, plural, stop_words
from ..run import Outcome, PluginFailed, SearchInterrupted, run as run_search
from .count import solve_count
from .options import (add_instance_arguments, add_picture_options, check_picture_options, close_pictures, drawing,
                      unsolved_picture)
from .status import EXIT_BOUND, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_NONE, EXIT_TIMEOUT, exit_status


#: The options that only make sense with --count.
COUNT_OPTIONS = ("workers", "scheduler", "scheduler_file", "checkpoint", "split_depth")


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``solve``."""
    command.description = ("Solve PUZZLE from INPUT (a file, '-' for standard input, a game ID or a URL), from "
                           "--example NAME, or, for parametric puzzles, from -p parameters alone.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    what = command.add_mutually_exclusive_group()
    what.add_argument("--all", action="store_true", help="print every solution")
    what.add_argument("--count", action="store_true", help="count solutions, print none")
    what.add_argument("--unique", action="store_true",
                      help="say whether there is exactly one solution (stops at the second)")
    command.add_argument("--limit", type=int, metavar="N",
                         help="stop after N solutions (implies --all unless --count)")
    command.add_argument("--timeout", type=float, metavar="SECONDS",
                         help="stop the search after SECONDS (in a batch: each puzzle's); what was found is printed, "
                              "exit status 124")
    command.add_argument("--trace", action="store_true",
                         help="print every attempt: level, move, valid or not (on standard error with --json or "
                              "--jsonl)")
    command.add_argument("--trace-format", choices=("text", "jsonl"), default="text",
                         help="the trace as lines of text (default) or as JSON lines, one object per event "
                              "(attempt, record, undo, solution) for analysing a search")
    output = command.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object when the search ends")
    output.add_argument("--jsonl", action="store_true",
                        help="print one JSON object per solution as it is found, then a summary object")
    count = command.add_argument_group("counting in parallel (with --count)")
    count.add_argument("--workers", "-w", type=int, metavar="N",
                       help="local worker processes (default: every core; 1 counts in this process; at most four "
                            "per core)")
    count.add_argument("--scheduler", metavar="ADDRESS", nargs="?", const="",
                       help="count on a Dask cluster, e.g. tcp://10.0.0.5:8786; without ADDRESS, Dask's configured "
                            "one (DASK_SCHEDULER_ADDRESS); needs backtrack-puzzles[dask]")
    count.add_argument("--scheduler-file", metavar="FILE",
                       help="count on the Dask cluster whose scheduler wrote FILE")
    count.add_argument("--checkpoint", metavar="FILE",
                       help="record finished subtrees in FILE; the same command run again resumes from it")
    count.add_argument("--split-depth", type=int, metavar="D",
                       help=f"split the search tree at depth D, from 0 to {parallel.MAX_SPLIT_DEPTH} and within the "
                            "tree (default: deep enough for 8 subtrees per worker)")
    add_picture_options(command, "each solution")
    command.add_argument("--quiet", "-q", action="store_true",
                         help="no progress display and no notes on standard error")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack solve``: one instance, or a batch when the file holds many."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit must be at least 1, not {args.limit}")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    mode = (
        "count" if args.count else "unique" if args.unique else "all" if args.all or args.limit is not None else "first"
    )
    check_count_options(args, mode)
    check_picture_options(args, f"{puzzle.name}.svg")
    if args.format == "svg" and mode == "count":
        raise UsageError("--format svg draws solutions, and --count prints none: leave out one of them")
    if args.format == "svg" and (args.json or args.jsonl):
        raise UsageError("--format svg writes pictures, --json and --jsonl write JSON: give one of them")
    instances = read_instances(puzzle, args.file, args.example)
    if len(instances) > 1:
        if any(getattr(args, name) is not None for name in COUNT_OPTIONS):
            raise UsageError(
                "a file of several puzzles is solved one puzzle after the other: "
                "--workers, --scheduler, --checkpoint and --split-depth need a single puzzle"
            )
        return solve_batch(manager, puzzle, instances, params, args, mode)
    instance = instances[0]
    spec = read_spec(puzzle, instance, params)
    if mode == "count" and not args.trace:
        return solve_count(manager, puzzle, instance, spec, params, args)
    search = make_search(puzzle, spec, params)
    title = title_source(instance.source, example=args.example, argument=instance.text, params=args.param)
    reporter = reporter_for(args, puzzle, spec, f"{puzzle.name} {title}")
    trace = trace_stream(args)
    watch = None
    if trace is not None and args.trace_format == "jsonl":
        from ..recording import event_stream  # the recorder, only for a trace of events

        watch = event_stream(search, trace)
        trace = None
    manager.register(reporter, "reporter")
    try:
        outcome = run_search(
            puzzle,
            spec,
            search,
            mode=mode,
            limit=args.limit,
            hook=manager.hook,
            trace=trace,
            source=instance.source,
            timeout=args.timeout,
            watch=watch,
            grade=mode == "unique",
        )
    finally:
        manager.unregister(reporter)
    return exit_status(mode, outcome.report)


def check_count_options(args: argparse.Namespace, mode: str) -> None:
    """Refuse parallel-counting options where they mean nothing."""
    given = [f"--{name.replace('_', '-')}" for name in COUNT_OPTIONS if getattr(args, name) is not None]
    if given and mode != "count":
        raise UsageError(f"{', '.join(given)} work with --count only")
    if given and args.trace:
        raise UsageError(
            f"--trace prints every attempt of one serial search: it cannot be combined with {', '.join(given)}"
        )
    if args.workers is not None and not 1 <= args.workers <= parallel.max_workers():
        raise UsageError(
            f"--workers must be from 1 to {parallel.max_workers()} (four per core of this machine), "
            f"not {args.workers}"
        )
    if args.split_depth is not None and not 0 <= args.split_depth <= parallel.MAX_SPLIT_DEPTH:
        raise UsageError(f"--split-depth must be from 0 to {parallel.MAX_SPLIT_DEPTH}, not {args.split_depth}")
    if (args.scheduler is not None or args.scheduler_file is not None) and args.workers is not None:
        raise UsageError(
            "give either --workers (local processes) or a Dask cluster (--scheduler, --scheduler-file), not both"
        )
    if args.scheduler and args.scheduler_file is not None:
        raise UsageError("give either --scheduler ADDRESS or --scheduler-file FILE, not both")


def reporter_for(args: argparse.Namespace, puzzle: Puzzle, spec: Any, title: str = "") -> object:
    """The reporter plugin that prints this search: text, one JSON object, JSON lines, or pictures."""
    if args.format == "svg":
        return SvgReporter(drawing(puzzle, spec), args.output, sys.stdout,
                           sys.stderr if args.output is None else sys.stdout, title=title or None)
    if args.jsonl:
        return JsonLinesReporter(sys.stdout, puzzle.as_json, spec)
    if args.json:
        return JsonReporter(sys.stdout, puzzle.as_json, spec)
    return TextReporter(sys.stdout)


def trace_stream(args: argparse.Namespace) -> TextIO | None:
    """Where ``--trace`` writes: standard output, or standard error when standard output holds JSON."""
    if not args.trace:
        return None
    return sys.stderr if args.json or args.jsonl or (args.format == "svg" and args.output is None) else sys.stdout


def instance_status(mode: str, report: Report) -> str:
    """An instance's result in a batch: its verdict, or its number of solutions, and why it stopped early."""
    if mode == "unique":
        status = report.verdict.value
    else:
        status = plural(report.solutions, "solution")
    if report.verdict is Verdict.UNKNOWN or (
        mode != "unique" and not report.complete and report.stopped is not Stop.LIMIT
    ):
        status += f" ({stop_words(report)})"
    return status


def solve_batch(
    manager: Manager,
    puzzle: Puzzle,
    instances: list[Instance],
    params: dict[str, Any],
    args: argparse.Namespace,
    mode: str,
) -> int:
    """Solve every instance of a file; without a mode option each is checked for uniqueness.

    Ctrl-C ends the batch: the summary covers the instances searched so far.
    With ``--format svg`` each puzzle's first solution is drawn (the puzzle itself
    when none was found): ``FILE-N.svg`` for puzzle N, or one page for ``.html``,
    and the text lines go to standard error when the pictures go to standard output.
    """
    if mode == "first":
        mode = "unique"
    sink = None
    out = sys.stdout
    if args.format == "svg":
        title = title_source(instances[0].source, example=args.example, params=args.param)
        sink = PictureSink(args.output, f"{puzzle.name} {title}",
                           stream=sys.stdout, caption="Puzzle", expected=len(instances))
        out = sys.stderr if args.output is None else sys.stdout
    outcomes: list[Outcome] = []
    objects: list[dict] = []
    interrupted = False
    failures: list[PluginFailed] = []
    try:
        for instance in instances:
            spec = read_spec(puzzle, instance, params)
            collector = JsonReporter(None, puzzle.as_json, spec)
            printers: list[object] = [collector]
            if args.jsonl:
                printers.append(JsonLinesReporter(sys.stdout, puzzle.as_json, spec))
            for number, printer in enumerate(printers):
                manager.register(printer, f"reporter-{number}")
            try:
                outcome = run_search(
                    puzzle,
                    spec,
                    make_search(puzzle, spec, params),
                    mode=mode,
                    limit=args.limit,
                    hook=manager.hook,
                    trace=trace_stream(args),
                    source=f"{instance.source}:{instance.first_line}",
                    timeout=args.timeout,
                )
            except SearchInterrupted as stop:
                outcome, interrupted = stop.outcome, True
            except PluginFailed as failed:  # the batch goes on; the command fails at its end
                assert failed.outcome is not None
                outcome = failed.outcome
                failures.append(failed)
            finally:
                for printer in printers:
                    manager.unregister(printer)
            outcomes.append(outcome)
            objects.extend(collector.objects)
            if not (args.json or args.jsonl):
                print(f"{outcome.info.source}: {instance_status(mode, outcome.report)}, {outcome.report.line()}",
                      file=out)
                if sink is None:
                    for text in outcome.rendered[:1] if mode == "unique" else outcome.rendered:
                        print(text)
            if sink is not None:
                solution = outcome.solutions[0] if outcome.solutions else None
                sink.add(drawing(puzzle, spec)(solution, outcome.rendered[0] if outcome.rendered else None)
                         if solution is not None else unsolved_picture(puzzle, spec))
            if interrupted:
                break
    except BaseException:
        if sink is not None:
            sink.discard()
        raise
    if sink is not None:
        close_pictures(sink)
    summary = batch_summary(outcomes, len(instances))
    if args.json:
        print(json.dumps({"puzzle": puzzle.name, "instances": objects, "summary": summary}))
    elif args.jsonl:
        print(json.dumps({"type": "batch", "puzzle": puzzle.name, **summary}), flush=True)
    else:
        print(
            (
                f"{summary['instances']} puzzles: "
                if summary["searched"] == summary["instances"]
                else f"{summary['searched']} of {summary['instances']} puzzles searched (interrupted): "
            )
            + f"{summary['solved']} solved "
            f"({summary['multiple']} with several solutions), {summary['unsolvable']} unsolvable"
            + (f", {summary['unknown']} unknown (stopped early)" if summary["unknown"] else "")
            + f"; seconds per puzzle: median {summary['median_seconds']:.4f}, "
            f"max {summary['max_seconds']:.4f}; {plural(summary['attempts'], 'attempt')}",
            file=out,
        )
    if failures:
        others = len(failures) - 1
        raise PluginFailed(str(failures[0]) + (f" (it failed on {plural(others, 'other puzzle')} of the file too)"
                                               if others else ""))
    if interrupted:
        return EXIT_INTERRUPTED
    if any(o.report.stopped is Stop.TIMEOUT for o in outcomes):
        return EXIT_TIMEOUT
    if summary["unsolvable"]:
        return EXIT_NONE
    if summary["unknown"]:
        return EXIT_BOUND
    return EXIT_FOUND


def batch_summary(outcomes: list[Outcome], instances: int) -> dict[str, Any]:
    """Counts and timing over a batch: ``unsolvable`` only for instances searched to the end."""
    from statistics import median  # here only: importing it costs every command a few milliseconds

    seconds = [outcome.report.seconds for outcome in outcomes]
    return {
        "instances": instances,
        "searched": len(outcomes),
        "solved": sum(1 for o in outcomes if o.report.solutions),
        "unsolvable": sum(1 for o in outcomes if o.report.verdict is Verdict.UNSOLVABLE),
        "unknown": sum(1 for o in outcomes if not o.report.solutions and o.report.verdict is Verdict.UNKNOWN),
        "multiple": sum(1 for o in outcomes if o.report.solutions > 1),
        "attempts": sum(o.report.attempts for o in outcomes),
        "median_seconds": median(seconds) if seconds else 0.0,
        "max_seconds": max(seconds, default=0.0),
        "interrupted": len(outcomes) < instances or any(o.report.stopped is Stop.INTERRUPTED for o in outcomes),
    }
