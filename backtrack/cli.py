"""The ``backtrack`` command: ``list``, ``show`` and ``solve``.

Exit status of ``solve``: 0 when at least one solution was found (for a file of
many instances: for every instance), 1 when none exists, 2 for a usage or input
error, with a message on standard error naming the file and line; for ``--count``,
130 when Ctrl-C interrupted it (the partial report is printed) and 124 when
``--timeout`` ended it.

``solve --count`` counts in parallel (:mod:`backtrack.parallel`): on every core by
default, ``--workers N`` local processes, or a Dask cluster with ``--scheduler``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import warnings
from dataclasses import dataclass
from typing import Any, Sequence

from . import parallel
from .engine import Report
from .hookspecs import hookimpl
from .manager import Manager, PluginWarning, UnknownPuzzle, make_manager
from .puzzle import InputError, Puzzle
from .reporters import JsonReporter, TextReporter, summary_line
from .run import Outcome, SearchInfo, run

EXIT_FOUND, EXIT_NONE, EXIT_ERROR = 0, 1, 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as shells report it
EXIT_TIMEOUT, EXIT_INTERRUPTED = 124, 130

#: The options that only make sense with --count.
COUNT_OPTIONS = ("workers", "scheduler", "checkpoint", "timeout", "split_depth")


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="backtrack", description="Solve puzzles by backtracking; puzzles are plugins.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser("list", help="list the installed puzzles")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")

    show = commands.add_parser("show", help="describe a puzzle: its parameters and examples")
    show.add_argument("puzzle")

    solve = commands.add_parser(
        "solve",
        help="solve a puzzle instance",
        description="Solve PUZZLE from FILE ('-' for standard input), from --example NAME, "
        "or, for parametric puzzles, from -p parameters alone.",
    )
    solve.add_argument("puzzle")
    solve.add_argument("file", nargs="?", help="the instance file, or - for standard input")
    solve.add_argument("--example", "-e", metavar="NAME", help="solve one of the puzzle's shipped examples")
    solve.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE", help="a puzzle parameter (see 'backtrack show PUZZLE')")
    what = solve.add_mutually_exclusive_group()
    what.add_argument("--all", action="store_true", help="print every solution")
    what.add_argument("--count", action="store_true", help="count solutions, print none")
    what.add_argument("--unique", action="store_true", help="say whether there is exactly one solution (stops at the second)")
    solve.add_argument("--limit", type=int, metavar="N", help="stop after N solutions (implies --all unless --count)")
    solve.add_argument("--trace", action="store_true", help="print every attempt: level, move, valid or not")
    solve.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    count = solve.add_argument_group("counting in parallel (with --count)")
    count.add_argument("--workers", "-w", type=int, metavar="N", help="local worker processes (default: every core; 1 counts in this process)")
    count.add_argument("--scheduler", metavar="ADDRESS", help="count on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs backtrack[dask])")
    count.add_argument("--checkpoint", metavar="FILE", help="record finished subtrees in FILE; the same command run again resumes from it")
    count.add_argument("--timeout", type=float, metavar="SECONDS", help="stop after SECONDS; the report is marked incomplete (exit status 124)")
    count.add_argument("--split-depth", type=int, metavar="D", help="split the search tree at depth D (default: deep enough for 8 subtrees per worker)")
    solve.add_argument("--quiet", "-q", action="store_true", help="no progress display and no notes on standard error")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginWarning)
        manager = make_manager()
    for warning in caught:
        print(f"backtrack: warning: {warning.message}", file=sys.stderr)
    try:
        if args.command == "list":
            return list_puzzles(manager, args.json)
        if args.command == "show":
            return show_puzzle(manager, args.puzzle)
        return solve(manager, args)
    except (UsageError, UnknownPuzzle, InputError, parallel.CheckpointError, parallel.NotSplittable, parallel.SubtreeError) as error:
        print(f"backtrack: error: {error.args[0] if isinstance(error, UnknownPuzzle) else error}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("backtrack: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``backtrack solve ... --all | head``): stop quietly,
        # and keep Python from complaining while it flushes standard output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE


def list_puzzles(manager: Manager, as_json: bool) -> int:
    """``backtrack list``: name, description, distribution and version of each puzzle."""
    rows = [
        {"name": name, "description": found.puzzle.description, "distribution": found.distribution, "version": found.version, "plugin": found.plugin}
        for name, found in sorted(manager.puzzles().items())
    ]
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max((len(row["name"]) for row in rows), default=4)
    for row in rows:
        origin = f"{row['distribution']} {row['version']}".strip()
        print(f"{row['name']:<{width}}  {row['description']}  [{origin}]")
    return 0


def show_puzzle(manager: Manager, name: str) -> int:
    """``backtrack show PUZZLE``: description, parameters and example names."""
    puzzle = manager.puzzle(name)
    print(f"{puzzle.name}: {puzzle.description}")
    if puzzle.params:
        print("parameters (-p NAME=VALUE):")
        for param in puzzle.params:
            choices = f" (one of: {', '.join(map(str, param.choices))})" if param.choices else ""
            default = f" [default: {param.default}]" if param.default is not None else ""
            print(f"  {param.name}: {param.help}{choices}{default}")
    if puzzle.build is not None:
        print(f"can be built from parameters alone: backtrack solve {puzzle.name} -p ...")
    if puzzle.examples:
        print("examples (--example NAME):")
        for example, path in puzzle.examples.items():
            print(f"  {example}  ({path})")
    return 0


@dataclass
class Instance:
    """One puzzle instance to solve: its text (or parameters), and where it came from."""

    source: str
    text: str | None
    first_line: int = 1


def parse_params(puzzle: Puzzle, pairs: Sequence[str]) -> dict[str, Any]:
    """``-p NAME=VALUE`` pairs converted by the puzzle's declared parameters."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals:
            raise UsageError(f"-p takes NAME=VALUE, not {pair!r}")
        try:
            params[name] = puzzle.param(name).convert(text)
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        except ValueError as error:
            raise UsageError(str(error)) from None
    return params


def read_instances(puzzle: Puzzle, args: argparse.Namespace) -> list[Instance]:
    """The instances named by FILE, --example or the parameters alone."""
    if args.file is not None and args.example is not None:
        raise UsageError("give either FILE or --example, not both")
    if args.example is not None:
        path = puzzle.examples.get(args.example)
        if path is None:
            known = ", ".join(puzzle.examples) or "none"
            raise UsageError(f"puzzle {puzzle.name} has no example {args.example!r} (examples: {known})")
        source, text = str(path), path.read_text(encoding="utf-8")
    elif args.file == "-":
        source, text = "<stdin>", sys.stdin.read()
    elif args.file is not None:
        try:
            with open(args.file, encoding="utf-8") as handle:
                source, text = args.file, handle.read()
        except OSError as error:
            raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
        except UnicodeDecodeError as error:
            raise UsageError(f"{args.file}: not a UTF-8 text file ({error.reason} at byte {error.start})") from None
    elif puzzle.build is not None:
        return [Instance("<parameters>", None)]
    else:
        raise UsageError(f"puzzle {puzzle.name} needs a FILE ('-' for standard input) or --example NAME")
    if puzzle.split is not None:
        parts = puzzle.split(text)
        if len(parts) > 1:
            return [Instance(source, part, first_line) for first_line, part in parts]
    return [Instance(source, text)]


def make_spec(puzzle: Puzzle, instance: Instance, params: dict[str, Any]) -> Any:
    """Parse an instance (or build it from parameters), errors located in its file."""
    if instance.text is None:
        try:
            return puzzle.build(**params)  # type: ignore[misc]
        except (TypeError, ValueError) as error:
            raise UsageError(f"cannot build {puzzle.name} from the parameters: {error}") from None
    try:
        return puzzle.parse(instance.text, instance.source)
    except InputError as error:
        raise error.located(instance.source, instance.first_line - 1) from None


def solve(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack solve``: one instance, or a batch when the file holds many."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit must be at least 1, not {args.limit}")
    mode = "count" if args.count else "unique" if args.unique else "all" if args.all or args.limit is not None else "first"
    check_count_options(args, mode)
    instances = read_instances(puzzle, args)
    if len(instances) > 1:
        if any(getattr(args, name) is not None for name in COUNT_OPTIONS):
            raise UsageError("a file of several puzzles is solved one puzzle after the other: "
                             "--workers, --scheduler, --checkpoint, --timeout and --split-depth need a single puzzle")
        return solve_batch(manager, puzzle, instances, params, args, mode)
    instance = instances[0]
    spec = make_spec(puzzle, instance, params)
    if mode == "count" and not args.trace:
        return solve_count(manager, puzzle, instance, spec, params, args)
    search = puzzle.search(spec, **params)
    reporter: object = JsonReporter(sys.stdout, puzzle.as_json, spec) if args.json else TextReporter(sys.stdout)
    manager.register(reporter, "reporter")
    try:
        outcome = run(puzzle, spec, search, mode=mode, limit=args.limit, hook=manager.hook,
                      trace=sys.stdout if args.trace else None, source=instance.source)
    finally:
        manager.unregister(reporter)
    return EXIT_FOUND if outcome.report.solutions else EXIT_NONE


def check_count_options(args: argparse.Namespace, mode: str) -> None:
    """Refuse parallel-counting options where they mean nothing."""
    given = [f"--{name.replace('_', '-')}" for name in COUNT_OPTIONS if getattr(args, name) is not None]
    if given and mode != "count":
        raise UsageError(f"{', '.join(given)} work with --count only")
    if given and args.trace:
        raise UsageError(f"--trace prints every attempt of one serial search: it cannot be combined with {', '.join(given)}")
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    if args.split_depth is not None and args.split_depth < 0:
        raise UsageError(f"--split-depth must be at least 0, not {args.split_depth}")
    if args.scheduler is not None and args.workers is not None:
        raise UsageError("give either --workers (local processes) or --scheduler (a Dask cluster), not both")


def connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address``; a usage error says how to install Dask or why it failed."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise UsageError(f"--scheduler: {parallel.DASK_HINT}") from None
    try:
        return Client(address, timeout=10)
    except Exception as error:  # OSError, TimeoutError, ValueError for a bad address...
        raise UsageError(f"cannot connect to the Dask scheduler at {address}: {error}") from None


class CountTextReporter(TextReporter):
    """The text reporter for counts: says why a count is incomplete (interrupted, timed out)."""

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        if isinstance(report, parallel.CountReport) and (report.interrupted or report.timed_out):
            why = "interrupted" if report.interrupted else "stopped by the timeout"
            found = f"{report.solutions} solution{'' if report.solutions == 1 else 's'}"
            self._print(f"{found} so far ({why}: incomplete, {report.subtrees_done} of {report.subtrees} subtrees counted)")
        else:
            self._print(summary_line(info, report))
        self._print(report.line())


class CountJsonReporter(JsonReporter):
    """The JSON reporter for counts: adds ``interrupted``, ``timed_out`` and ``parallel`` (how it ran)."""

    def object(self, info: SearchInfo, report: Report) -> dict:
        result = super().object(info, report)
        if isinstance(report, parallel.CountReport):
            result["interrupted"] = report.interrupted
            result["timed_out"] = report.timed_out
            result["parallel"] = report.details()
        return result


def solve_count(manager: Manager, puzzle: Puzzle, instance: Instance, spec: Any, params: dict[str, Any], args: argparse.Namespace) -> int:
    """``solve --count``: split the search and count the subtrees on workers (see backtrack.parallel)."""
    client = connect(args.scheduler) if args.scheduler is not None else None
    workers = args.workers if args.workers is not None or client is not None else (os.cpu_count() or 1)
    show = not args.quiet and sys.stderr.isatty()
    progress = None
    if show:
        from .progress import TerminalProgress

        progress = TerminalProgress(sys.stderr)
    reporter: object = CountJsonReporter(sys.stdout, puzzle.as_json, spec) if args.json else CountTextReporter(sys.stdout)
    info = SearchInfo(puzzle.name, instance.source, "count", args.limit)
    manager.register(reporter, "reporter")
    status = None
    try:
        manager.hook.backtrack_search_started(info=info)
        try:
            report = parallel.count(
                puzzle, instance.text, params, source=instance.source, spec=spec if instance.text is not None else None,
                workers=workers, client=client,
                checkpoint=args.checkpoint, limit=args.limit, timeout=args.timeout, progress=progress,
                depth=args.split_depth, manager=manager,
            )
        except parallel.CountInterrupted as stop:
            report, status = stop.report, EXIT_INTERRUPTED
        finally:
            if progress is not None:
                progress.close()
            if client is not None:
                client.close()
        if not args.quiet and (show or args.checkpoint is not None):
            print(f"backtrack: {count_note(report)}", file=sys.stderr)
        if not args.quiet and (report.interrupted or report.timed_out):
            hint = (f"run the same command again to resume from {args.checkpoint}" if args.checkpoint is not None
                    else "with --checkpoint FILE, a count stopped early can be resumed")
            print(f"backtrack: {'interrupted' if report.interrupted else 'timed out'}; {hint}", file=sys.stderr)
        manager.hook.backtrack_search_finished(info=info, report=report)
    finally:
        manager.unregister(reporter)
    if status is None:
        status = EXIT_TIMEOUT if report.timed_out else EXIT_FOUND if report.solutions else EXIT_NONE
    return status


def count_note(report: parallel.CountReport) -> str:
    """One line saying how a count ran: where, how it was split, what the checkpoint gave."""
    where = {"dask": f"on a Dask cluster ({report.workers} threads)", "local": f"on {report.workers} local processes"}.get(
        report.executor, "in this process")
    text = f"counted {where}"
    if report.subtrees:
        text += f"; split at depth {report.depth} into {report.subtrees} subtrees, {report.subtrees_done} counted"
    if report.checkpoint:
        text += f"; checkpoint {report.checkpoint}" + (f" (resumed {report.resumed} subtrees)" if report.resumed else "")
    if report.note:
        text += f"; {report.note}"
    return text


def solve_batch(manager: Manager, puzzle: Puzzle, instances: list[Instance], params: dict[str, Any], args: argparse.Namespace, mode: str) -> int:
    """Solve every instance of a file; without a mode option each is checked for uniqueness."""
    if mode == "first":
        mode = "unique"
    outcomes: list[Outcome] = []
    objects: list[dict] = []
    for instance in instances:
        spec = make_spec(puzzle, instance, params)
        reporter = JsonReporter(None, puzzle.as_json, spec)
        manager.register(reporter, "reporter")
        try:
            outcome = run(puzzle, spec, puzzle.search(spec, **params), mode=mode, limit=args.limit,
                          hook=manager.hook, trace=sys.stdout if args.trace else None,
                          source=f"{instance.source}:{instance.first_line}")
        finally:
            manager.unregister(reporter)
        outcomes.append(outcome)
        objects.extend(reporter.objects)
        if not args.json:
            report = outcome.report
            status = outcome.verdict.value if mode == "unique" else f"{report.solutions} solutions"
            print(f"{outcome.info.source}: {status}, {report.line()}")
            for text in outcome.rendered[:1] if mode == "unique" else outcome.rendered:
                print(text)
    summary = batch_summary(outcomes)
    if args.json:
        print(json.dumps({"puzzle": puzzle.name, "instances": objects, "summary": summary}))
    else:
        print(
            f"{summary['instances']} puzzles: {summary['solved']} solved ({summary['multiple']} with several solutions), "
            f"{summary['unsolvable']} unsolvable; seconds per puzzle: median {summary['median_seconds']:.4f}, "
            f"max {summary['max_seconds']:.4f}; {summary['attempts']} attempts"
        )
    return EXIT_FOUND if summary["unsolvable"] == 0 else EXIT_NONE


def batch_summary(outcomes: list[Outcome]) -> dict[str, Any]:
    """Counts and timing over a batch."""
    seconds = [outcome.report.seconds for outcome in outcomes]
    return {
        "instances": len(outcomes),
        "solved": sum(1 for o in outcomes if o.report.solutions),
        "unsolvable": sum(1 for o in outcomes if not o.report.solutions),
        "multiple": sum(1 for o in outcomes if o.report.solutions > 1),
        "attempts": sum(o.report.attempts for o in outcomes),
        "median_seconds": statistics.median(seconds),
        "max_seconds": max(seconds),
    }


if __name__ == "__main__":
    sys.exit(main())
