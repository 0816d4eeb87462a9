"""One count: split the tree, count the subtrees here and on workers, add up.

A :class:`Count` holds the state of one count: the split, the results of the
subtrees, the checkpoint, the clock and the report.  It runs in two phases:

1. *Here*: subtrees are counted in this process, in order, as long as the
   whole count looks like it will end within the warm-up (from the time the
   subtrees counted so far took).  A small search ends here without starting any
   worker.  A subtree that would run past the warm-up is stopped (between two
   attempts, by the engine's timeout) and left to the workers.
2. *Workers*: the other subtrees go to the workers; this process only waits for
   results, writes the checkpoint and reports progress, so that N workers have N
   cores to themselves.  While spawned workers are still starting (when forking is
   not safe), this process counts subtrees from the end of the queue.

Attempts and solutions are added up per subtree, in whatever order they finish,
so the totals are exactly the serial ones.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from ..engine import Search, Stop
from ..instances import Instance
from ..manager import Manager
from ..puzzle import Puzzle
from ..run import NOT_PLUGIN_BUGS, PluginFailed, held_signals, plugin_failure
from .checkpoint import Checkpoint, CheckpointError, identity
from .jobs import Job, SubtreeResult, resolve, spec_of, unpicklable
from .report import CountInterrupted, CountReport, NotSplittable, Progress, SubtreeError
from .tree import MAX_SUBTREES, MIN_SUBTREES, Split, SplitDepthError, SplitTimeout, is_splittable, split
from .workers import Workers

__all__ = ["count", "Count", "max_workers", "SUBTREES_PER_WORKER", "WORKERS_PER_CORE", "WARMUP", "TICK"]

#: Subtrees per worker the split aims at (enough to keep every worker busy to the end).
SUBTREES_PER_WORKER = 8
#: How often (seconds) progress is reported while waiting for workers.
TICK = 0.5
#: Default seconds a count may take in this process before it goes to workers.
WARMUP = 0.2
#: Local worker processes allowed per core (more only share the cores, and each holds a copy of the search).
WORKERS_PER_CORE = 4


def max_workers() -> int:
    """The most local worker processes a count starts: :data:`WORKERS_PER_CORE` per core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


class Count:
    """The state of one count; :meth:`run` carries it out (see the module docstring)."""

    def __init__(
        self,
        puzzle: Puzzle,
        search: Search,
        job: Job,
        report: CountReport,
        *,
        limit: int | None,
        timeout: float | None,
        progress: Callable[[Progress], None] | None,
        warmup: float,
        steal: bool,
        make_workers: Callable[[list[tuple]], Workers] | None,
    ):
        self.puzzle = puzzle
        self.search = search
        self.job = job
        self.report = report
        self.limit = limit
        self.progress = progress
        self.warmup = warmup
        self.steal = steal
        self.make_workers = make_workers
        self.started = time.monotonic()
        self.before = 0.0  # wall-clock seconds of earlier runs, from the checkpoint
        self.deadline = None if timeout is None else self.started + timeout
        self.split: Split | None = None
        self.results: dict[int, SubtreeResult] = {}
        self.extra_solutions = 0  # from subtrees stopped part-way (a limit, a timeout, Ctrl-C)
        self.extra_attempts = 0
        self.book: Checkpoint | None = None
        self.todo: list[int] = []  # the subtrees not counted yet

    # -- totals ---------------------------------------------------------------------------
    @property
    def solutions(self) -> int:
        """Solutions counted so far: the split's, the finished subtrees', and those of subtrees stopped part-way."""
        assert self.split is not None
        return self.split.solutions + sum(r.solutions for r in self.results.values()) + self.extra_solutions

    @property
    def attempts(self) -> int:
        """Attempts made so far, counted as :attr:`solutions` is."""
        assert self.split is not None
        return self.split.attempts + sum(r.attempts for r in self.results.values()) + self.extra_attempts

    def reached(self) -> bool:
        """Whether the limit of solutions is reached."""
        return self.limit is not None and self.solutions >= self.limit

    def timed_out(self) -> bool:
        """Whether the deadline has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def _update(self) -> None:
        report = self.report
        report.solutions = self.solutions if self.limit is None else min(self.solutions, self.limit)
        report.attempts = self.attempts
        report.subtrees_done = len(self.results)
        report.run_seconds = time.monotonic() - self.started
        report.seconds = self.before + report.run_seconds

    def _tell(self) -> None:
        if self.progress is not None:
            self._update()
            report = self.report
            self.progress(
                Progress(
                    report.subtrees_done,
                    report.subtrees,
                    report.solutions,
                    report.attempts,
                    report.seconds,
                    report.workers,
                    report.executor,
                )
            )

    def _record(self, result: SubtreeResult) -> None:
        """Add a subtree's result: a finished subtree to the results (and the checkpoint), a cut one to the extras."""
        if result.subtree in self.results:
            return  # counted already (taken back from a worker that had started it)
        if result.complete:
            # Ctrl-C or SIGTERM waits until the subtree is both in the results and in the
            # checkpoint: the partial report then counts exactly the subtrees the file holds.
            with held_signals():
                self.results[result.subtree] = result
                if self.book is not None:
                    wall = self.before + time.monotonic() - self.started
                    self.book.add(result.subtree, result.solutions, result.attempts, result.seconds, wall)
        else:  # stopped by the limit: its solutions count, but the subtree is not finished
            self.extra_solutions += result.solutions
            self.extra_attempts += result.attempts

    # -- the count ------------------------------------------------------------------------
    def run(
        self, *, depth: int | None, target: int, checkpoint: str | os.PathLike | None, strict_depth: bool = False
    ) -> CountReport:
        """Split, count the subtrees, and return the report; :class:`CountInterrupted` on Ctrl-C."""
        report = self.report
        try:
            splittable, why = is_splittable(self.search)
            if not splittable:
                if checkpoint is not None:
                    raise NotSplittable(f"cannot checkpoint a count of {self.puzzle.name}: {why}")
                report.note = report.unsplit = why
                return self._serial()
            try:
                self._split_and_count(depth, target, checkpoint, strict_depth)
            except SplitTimeout as stopped:  # nothing below the cut was counted: what the cut met is the count so far
                report.attempts, report.solutions = stopped.attempts, stopped.solutions
                report.timed_out, report.complete, report.stopped = True, False, Stop.TIMEOUT
                report.split_timed_out, report.executor, report.checkpoint = True, "in-process", None
                report.note = "the timeout ran out while the search tree was being split"
                report.seconds = report.run_seconds = time.monotonic() - self.started
                return report
            finally:
                if self.book is not None:
                    self.book.close()
        except KeyboardInterrupt:
            if self.split is not None:
                self._update()
            report.interrupted, report.complete, report.stopped = True, False, Stop.INTERRUPTED
            raise CountInterrupted(report) from None
        except SubtreeError as error:
            if not error.plugin_bug:  # a worker that died: no count of this search can be trusted to go on
                raise
            self._update()  # what the other subtrees counted is still summed up
            report.complete, report.stopped = False, Stop.ERROR
            raise PluginFailed(str(error), report=report) from None
        except (NotSplittable, SplitDepthError, CheckpointError, PluginFailed, OSError, *NOT_PLUGIN_BUGS):
            raise
        except Exception as error:  # the puzzle's code raised in this process (the split, or a subtree counted here)
            if self.split is not None:
                self._update()
            report.complete, report.stopped = False, Stop.ERROR
            raise PluginFailed(plugin_failure(self.puzzle.name, error, self.job.source), report=report) from error
        self._update()
        report.limited = self.reached()
        report.complete = not self.todo and not report.limited and not report.timed_out
        if not report.complete:
            report.stopped = Stop.LIMIT if report.limited else Stop.TIMEOUT if report.timed_out else Stop.CALLER
        return report

    def _serial(self) -> CountReport:
        """Count a search that cannot be split in one piece, bounded by the engine's timeout.

        :class:`~backtrack.run.PluginFailed`, with the report so far, when the puzzle's code raises.
        """
        report = self.report
        report.executor = "serial"
        timeout = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
        try:
            self.search.count(self.limit, timeout=timeout)
        except NOT_PLUGIN_BUGS:
            raise
        except Exception as error:  # the report is filled in below, stopped by the error
            raise PluginFailed(plugin_failure(self.puzzle.name, error, self.job.source), report=report) from error
        finally:
            done = self.search.report
            report.attempts, report.solutions, report.complete = done.attempts, done.solutions, done.complete
            report.stopped, report.why = done.stopped, done.why
            report.seconds = report.run_seconds = time.monotonic() - self.started
        report.timed_out = done.stopped is Stop.TIMEOUT
        report.limited = done.stopped is Stop.LIMIT
        report.subtrees = 1
        report.subtrees_done = 1 if done.complete or report.limited else 0
        return report

    def _split_and_count(
        self, depth: int | None, target: int, checkpoint: str | os.PathLike | None, strict_depth: bool
    ) -> None:
        report = self.report
        wanted = identity(self.puzzle, self.job.instance.text, self.job.spec, dict(self.job.params),
                          self.job.instance.form)
        given = depth is not None  # asked for, not read from the checkpoint
        if checkpoint is not None:
            header = Checkpoint.read_header(Path(checkpoint))
            if header is not None:
                Checkpoint.check_identity(Path(checkpoint), header, wanted)
                if depth is None and isinstance(header.get("depth"), int):
                    depth = header["depth"]
        self.split = split(self.search, target=target, depth=depth, strict_depth=strict_depth and given,
                           deadline=self.deadline)
        report.depth, report.subtrees = self.split.depth, len(self.split.prefixes)
        report.split_attempts, report.split_solutions = self.split.attempts, self.split.solutions
        if checkpoint is not None:
            self.book = Checkpoint.open(checkpoint, wanted, self.split)
            self.results.update((index, SubtreeResult(index, *done, True)) for index, done in self.book.done.items())
            report.resumed = len(self.book.done)
            self.before = report.earlier_seconds = self.book.wall
        self.todo = [index for index in range(len(self.split.prefixes)) if index not in self.results]
        report.executor = "in-process"
        if self.reached():
            return
        parallel = self.make_workers is not None
        self.todo = self._here(self.todo, until=self.started + self.warmup if parallel else None)
        if not self.todo or self.reached() or report.timed_out:
            if not self.todo and not parallel:
                report.note = "one worker: counted in this process"
            elif not self.todo and not self.split.prefixes:
                report.note = (
                    f"the split counted the whole search tree (it ends above depth {self.split.depth}); "
                    "no worker was needed"
                )
            elif not self.todo and report.subtrees_here == 0:
                report.note = "every subtree was read from the checkpoint; no worker was needed"
            elif not self.todo and report.subtrees_here == report.subtrees - report.resumed:
                report.note = (
                    f"finished in this process within the {self.warmup:g} s warm-up; no worker was started"
                )
            elif self.reached():
                report.note = "the limit was reached in this process; no worker was started"
            return
        assert self.make_workers is not None
        cannot = unpicklable(self.job, self.split.prefixes, self.puzzle.name)
        if cannot:
            report.note = report.unsplit = cannot
            self.todo = self._here(self.todo, until=None)
            return
        self._pooled(self.make_workers(self.split.prefixes))

    def _here(self, todo: list[int], until: float | None) -> list[int]:
        """Count subtrees of ``todo`` in this process, in order; returns those left.

        With ``until`` (the end of the warm-up) it stops once the count would not
        end by then, judged by the time the subtrees counted so far took; a subtree
        still running then is stopped and left for the workers.
        """
        assert self.split is not None
        report = self.report
        left = list(todo)
        began, counted = time.monotonic(), 0
        while left and not self.reached():
            now = time.monotonic()
            if until is not None and (now >= until or counted and now + (now - began) / counted * len(left) > until):
                break
            ends = [end for end in (self.deadline, until) if end is not None]
            end = min(ends) if ends else None
            remaining = None if self.limit is None else self.limit - self.solutions
            search = self.search
            index = left[0]
            try:
                search.count(
                    remaining, prefix=self.split.prefixes[index], timeout=None if end is None else max(0.0, end - now)
                )
            except KeyboardInterrupt:
                partial = getattr(search, "report", None)
                if partial is not None:  # what was found before Ctrl-C is part of the partial answer
                    self.extra_solutions += partial.solutions
                    self.extra_attempts += partial.attempts
                raise
            done = search.report
            if done.stopped is Stop.TIMEOUT:
                if end == self.deadline:  # the count's own timeout: its partial counts are part of the answer
                    self.extra_solutions += done.solutions
                    self.extra_attempts += done.attempts
                    report.timed_out = True
                break  # the warm-up is over: the subtree goes to the workers, counted from its start
            left.pop(0)
            counted += 1
            report.subtrees_here += 1
            self._record(SubtreeResult(index, done.solutions, done.attempts, done.seconds, done.complete))
            if until is None:
                self._tell()
        return left

    def _pooled(self, workers: Workers) -> None:
        """Count the subtrees left on ``workers``, waiting for their results; stealing while spawned ones start."""
        report = self.report
        report.executor = workers.kind
        stealing = self.steal and workers.starts_slowly
        workers.start(self.todo)
        try:
            while workers.pending():
                if stealing and not workers.running():
                    index = workers.steal()
                    if index is not None:
                        self._here([index], until=None)
                        if report.timed_out or self.reached():
                            break
                        continue
                seconds = TICK if self.deadline is None else max(0.0, min(TICK, self.deadline - time.monotonic()))
                for result in workers.results(seconds):
                    self._record(result)
                self._tell()
                if self.reached():
                    break
                if self.timed_out():
                    report.timed_out = True
                    break
        finally:
            report.retried = workers.retried
            workers.stop()
        self.todo = [index for index in self.todo if index not in self.results]


def count(
    puzzle: str | Puzzle,
    text: str | None = None,
    params: Mapping[str, Any] | None = None,
    *,
    source: str = "<input>",
    form: str | None = None,
    spec: Any = None,
    workers: int | None = None,
    client: Any = None,
    executor: Any = None,
    checkpoint: str | os.PathLike | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], None] | None = None,
    depth: int | None = None,
    strict_depth: bool = False,
    warmup: float = WARMUP,
    steal: bool = True,
    manager: Manager | None = None,
    instance: Instance | None = None,
) -> CountReport:
    """Count the solutions of a puzzle instance, in parallel; the totals equal the serial count.

    ``puzzle`` is an installed puzzle's name (looked up in ``manager``, or in the
    installed plugins) or a :class:`~backtrack.Puzzle`.  The instance is ``text``
    (parsed by the puzzle, or, with ``form``, decoded from that shared format of
    ``puzzle.formats``: ``tatham``, ``puzzlink`` or ``pzprv3``), or, when ``text``
    is None, ``spec`` if given, else built from ``params``; ``params`` also go to
    ``puzzle.search``.  With ``text``, a ``spec`` given is used in this process
    (it must be what the text reads as) and workers read the text.  ``instance``
    (a :class:`~backtrack.instances.Instance`, as the command reads one) gives the
    text, source and form at once.

    ``workers`` local processes (default: every core; 1 counts in this process;
    at most :func:`max_workers`, four per core),
    the Dask ``client``'s cluster, or an ``executor`` of yours (a
    :class:`concurrent.futures.Executor`, kept open; give ``workers`` for its size)
    count the subtrees.  The first ``warmup`` seconds are spent in this process, so
    a search that ends by then starts no worker (``warmup=0`` goes to the workers
    at once); while spawned workers start, this process counts subtrees too
    (``steal=False`` leaves them all to the workers).  ``depth`` fixes the split's
    depth (from 0 to :data:`~backtrack.parallel.tree.MAX_SPLIT_DEPTH`, and not below
    the bottom of the tree with ``strict_depth``, which refuses it with
    :class:`~backtrack.parallel.tree.SplitDepthError` rather than counting the
    whole tree in this process while splitting); the split aims at no more than
    :data:`~backtrack.parallel.tree.MAX_SUBTREES` subtrees.  ``checkpoint`` names a
    file recording finished subtrees; a count started again with the same file resumes.  ``limit`` stops after that many
    solutions, ``timeout`` after that many seconds: the report is then incomplete.
    ``progress`` is called with a :class:`Progress` as subtrees finish and twice a
    second while waiting for workers.

    Raises :class:`CountInterrupted` (with the partial report) on Ctrl-C,
    :class:`~backtrack.parallel.CheckpointError` for a checkpoint that is corrupt
    or belongs to another count, :class:`NotSplittable` when a checkpoint is asked
    for a search that cannot be split, :class:`SubtreeError` when a worker dies,
    :class:`~backtrack.run.PluginFailed` (with the report so far) when the
    puzzle's code raises, here or in a worker.
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be at least 0, not {limit}")
    if timeout is not None and timeout < 0:
        raise ValueError(f"timeout must be at least 0, not {timeout}")
    if client is not None and executor is not None:
        raise ValueError("give either a Dask client or an executor, not both")
    params = dict(params or {})
    if client is not None:
        size = max(1, sum(client.nthreads().values())) if workers is None else workers
    else:
        size = (os.cpu_count() or 1) if workers is None else workers
    if size < 1:
        raise ValueError(f"workers must be at least 1, not {size}")
    if client is None and executor is None and size > max_workers():
        raise ValueError(
            f"workers must be at most {max_workers()} ({WORKERS_PER_CORE} per core of this machine), not {size}"
        )
    descriptor, ref, module = resolve(puzzle, manager)
    if instance is None:
        instance = Instance(source, text, 1, form)
    given_spec = spec if instance.text is None else None
    if instance.text is None and instance.form is not None:
        raise ValueError("a format (form) needs an instance text")
    if instance.form is not None and instance.form not in descriptor.formats:
        raise ValueError(f"puzzle {descriptor.name} does not read the format {instance.form!r}")
    job = Job(os.urandom(16).hex(), ref, instance, tuple(params.items()), given_spec, module)
    if spec is None:
        spec = spec_of(job, descriptor)
    search = descriptor.make_search(spec, params)
    report = CountReport(
        puzzle=descriptor.name, workers=size, checkpoint=None if checkpoint is None else str(checkpoint)
    )

    def make_workers(prefixes: list[tuple]) -> Workers:
        # Imported here: multiprocessing and concurrent.futures cost every command's start, and a
        # count that ends within its warm-up never starts a worker.
        from .local import ExecutorWorkers, LocalWorkers, local_context

        if client is not None:
            from .cluster import DaskWorkers

            return DaskWorkers(client, job, prefixes, limit, size)
        if executor is not None:
            return ExecutorWorkers(executor, job, prefixes, limit, size)
        return LocalWorkers(job, prefixes, limit, size, local_context())

    parallel = size > 1 or client is not None or executor is not None
    one = Count(
        descriptor,
        search,
        job,
        report,
        limit=limit,
        timeout=timeout,
        progress=progress,
        warmup=warmup,
        steal=steal,
        make_workers=make_workers if parallel else None,
    )
    target = min(max(SUBTREES_PER_WORKER * size, MIN_SUBTREES), MAX_SUBTREES)
    return one.run(depth=depth, target=target, checkpoint=checkpoint, strict_depth=strict_depth)
