"""``backtrack solve --count``: split the search and count its subtrees on workers, locally or on a Dask cluster.

Every executor rebuilds the instance the command read (see
:mod:`backtrack.instances`); a count stopped early says how to go on.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import Any

from .. import parallel
from ..estimate import estimate
from ..engine import Stop
from ..instances import Instance, UsageError, make_search
from ..manager import Manager
from ..progress import TerminalProgress
from ..puzzle import Puzzle
from ..reporters import CountJsonLinesReporter, CountJsonReporter, CountTextReporter
from ..run import PluginFailed, SearchInfo
from .status import EXIT_TERMINATED, exit_status


def solve_count(
    manager: Manager, puzzle: Puzzle, instance: Instance, spec: Any, params: dict[str, Any], args: argparse.Namespace
) -> int:
    """``solve --count``: split the search and count the subtrees on workers (see backtrack.parallel).

    SIGTERM ends the count as Ctrl-C does (the partial count is printed, the
    checkpoint is flushed, the workers are ended), with exit status 143.
    """
    terminated: list[int] = []

    def on_sigterm(signum: int, frame: Any) -> None:
        if not terminated:
            terminated.append(signum)
            raise KeyboardInterrupt

    on_cluster = args.scheduler is not None or args.scheduler_file is not None
    client = connect(manager, puzzle, args) if on_cluster else None
    workers = args.workers if args.workers is not None or client is not None else (os.cpu_count() or 1)
    show = not args.quiet and sys.stderr.isatty()
    progress = None
    if show:
        progress = TerminalProgress(sys.stderr, expected_attempts=expected_attempts(puzzle, spec, params))
    reporter: object
    if args.jsonl:
        reporter = CountJsonLinesReporter(sys.stdout, puzzle.as_json, spec)
    elif args.json:
        reporter = CountJsonReporter(sys.stdout, puzzle.as_json, spec)
    else:
        reporter = CountTextReporter(sys.stdout)
    info = SearchInfo(puzzle.name, instance.source, "count", args.limit)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_sigterm) if main_thread else None
    manager.register(reporter, "reporter")
    try:
        manager.hook.backtrack_search_started(info=info)
        try:
            report = parallel.count(
                puzzle.name,
                params=params,
                instance=instance,
                spec=spec if instance.text is not None else None,
                workers=workers,
                client=client,
                checkpoint=args.checkpoint,
                limit=args.limit,
                timeout=args.timeout,
                progress=progress,
                depth=args.split_depth,
                strict_depth=True,
                manager=manager,
            )
        except parallel.CountInterrupted as stop:
            report = stop.report
        except parallel.SplitDepthError as error:
            raise UsageError(f"--split-depth {args.split_depth}: {error}") from None
        except (parallel.CheckpointError, parallel.NotSplittable, parallel.SubtreeError) as error:
            raise UsageError(str(error)) from None
        except PluginFailed as failed:  # what was counted is still summed up, then the error is told
            if failed.report is not None:
                manager.hook.backtrack_search_finished(info=info, report=failed.report)
            raise
        finally:
            if main_thread:
                # A second SIGTERM ends the process at once while the partial report is written.
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
            if progress is not None:
                progress.close()
            if client is not None:
                client.close()
        if not args.quiet:
            for note in count_notes(report, workers, show or args.checkpoint is not None, bool(terminated)):
                print(f"backtrack: {note}", file=sys.stderr)
        manager.hook.backtrack_search_finished(info=info, report=report)
    finally:
        manager.unregister(reporter)
        if main_thread:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
    if terminated:
        return EXIT_TERMINATED
    return exit_status("count", report)


def connect(manager: Manager, puzzle: Puzzle, args: argparse.Namespace) -> Any:
    """A Dask client for ``--scheduler``/``--scheduler-file``, its workers checked to run our versions.

    The dashboard's address goes to standard error (unless ``--quiet``).
    """
    from ..parallel import cluster  # Dask, imported only for a count on a cluster

    try:
        client = cluster.connect_for(manager.puzzles()[puzzle.name], args.scheduler or None, args.scheduler_file)
    except cluster.ClusterError as error:
        raise UsageError(str(error)) from None
    if not args.quiet:
        print(f"backtrack: Dask dashboard: {client.dashboard_link}", file=sys.stderr)
    return client


def expected_attempts(puzzle: Puzzle, spec: Any, params: dict[str, Any]) -> float | None:
    """A quick estimate of a count's attempts (random walks for at most 0.3 s), for the progress line's time left."""
    try:
        return estimate(make_search(puzzle, spec, params), samples=400, timeout=0.3).attempts
    except ValueError:  # a search the walks cannot estimate (iterative deepening)
        return None


def count_notes(report: parallel.CountReport, workers: int, verbose: bool, terminated: bool = False) -> list[str]:
    """What to tell the user about how a count ran, on standard error.

    Always: that the workers asked for could not be used, and why; for a count
    stopped early, how to go on (only what works for this puzzle).  With
    ``verbose`` (a terminal, or a checkpoint): where and how it was counted.
    ``terminated``: the count was ended by SIGTERM rather than Ctrl-C.
    """
    notes = []
    if verbose:
        notes.append(count_note(report))
    elif report.unsplit and workers > 1:
        notes.append(f"note: counted in one process, not on {workers} workers: {report.unsplit}")
    if report.stopped in (Stop.INTERRUPTED, Stop.TIMEOUT):
        stopped = "interrupted" if report.stopped is Stop.INTERRUPTED else "timed out"
        if terminated and report.stopped is Stop.INTERRUPTED:
            stopped = "terminated (SIGTERM)"
        if report.split_timed_out:
            notes.append(f"{stopped} while the search tree was being split, before any subtree was counted: "
                         "run it again with a longer --timeout")
        elif report.checkpoint is not None:
            notes.append(f"{stopped}; run the same command again to resume from {report.checkpoint}")
        elif report.executor != "serial":
            notes.append(f"{stopped}; with --checkpoint FILE, a count stopped early can be resumed")
        else:
            notes.append(
                f"{stopped}; this search is counted in one piece, so it cannot be resumed: "
                "run it again with a longer --timeout"
            )
    return notes


def count_note(report: parallel.CountReport) -> str:
    """One line saying how a count ran: where, how it was split, what the checkpoint gave."""
    where = {
        "dask": f"on a Dask cluster ({report.workers} threads)",
        "local": f"on {report.workers} local processes",
    }.get(report.executor, "in this process")
    text = f"counted {where}"
    if report.subtrees:
        text += f"; split at depth {report.depth} into {report.subtrees} subtrees, {report.subtrees_done} counted"
    if report.checkpoint:
        text += f"; checkpoint {report.checkpoint}" + (
            f" (resumed {report.resumed} subtrees)" if report.resumed else ""
        )
    if report.note:
        text += f"; {report.note}"
    return text
