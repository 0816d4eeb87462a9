"""Counting subtrees on this machine: worker processes of our own, or an executor handed in.

:class:`LocalWorkers` starts worker processes (forked when that is safe, else
spawned), sends each subtrees over a pipe (the next one waits in the pipe while
it counts, so that it never waits for this process; one at a time near the end),
and watches the processes themselves: a worker that dies while counting a subtree
is replaced and its subtrees counted again (a subtree that kills two workers is
an error).  Every
subtree is counted once, so the totals stay exact.  Stopping a count ends the
workers at once.

:class:`ExecutorWorkers` uses a :class:`concurrent.futures.Executor` that the
caller owns: its work is submitted at once, and stopping cancels what has not
started.
"""

from __future__ import annotations

import concurrent.futures
import gc
import multiprocessing
import os
import multiprocessing.connection
import threading
from collections import deque
from typing import Any

from .jobs import Job, SubtreeResult, WorkerPluginError, count_subtree, worker_init
from .report import SubtreeError
from .workers import Workers

__all__ = ["LocalWorkers", "ExecutorWorkers", "local_context"]

#: A subtree whose worker died this many times is reported as an error.
MAX_DEATHS = 2
#: Subtrees sent ahead to a worker: the one it counts and the next, waiting in its pipe.
IN_FLIGHT = 2


def local_context() -> Any:
    """The multiprocessing context for worker processes: fork where it is safe, else spawn.

    Forking starts a worker in milliseconds with the plugins already imported
    (spawning imports them again, a few hundred milliseconds); it is safe only
    while this process runs a single thread, so any other case spawns.
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def serve(connection: Any, job: Job, parent: int | None = None) -> None:
    """A worker process: say it is ready, then count the subtrees it is sent until it is sent ``None``.

    It ends itself when ``parent`` (the process that started it) is gone.
    """
    worker_init(parent)
    connection.send(("ready", None))
    while True:
        task = connection.recv()
        if task is None:
            break
        index, prefix, limit = task
        try:
            connection.send(("done", count_subtree(job, index, prefix, limit)))
        except WorkerPluginError as error:
            connection.send(("error", (index, str(error), True)))
        except Exception as error:
            connection.send(("error", (index, f"{type(error).__name__}: {error}", False)))
    connection.close()


class _Worker:
    """One worker process, its end of the pipe, and the subtrees sent to it (the first is being counted)."""

    def __init__(self, context: Any, job: Job):
        self.connection, theirs = context.Pipe()
        self.process = context.Process(
            target=serve, args=(theirs, job, os.getpid()), daemon=True, name="backtrack-worker"
        )
        self.process.start()
        theirs.close()
        self.tasks: deque[int] = deque()
        self.closed = False  # told to stop once its subtrees are counted


class LocalWorkers(Workers):
    """Worker processes of this machine, each counting one subtree at a time."""

    kind = "local"

    def __init__(self, job: Job, prefixes: list[tuple], limit: int | None, size: int, context: Any = None):
        self.job = job
        self.prefixes = prefixes
        self.limit = limit
        self.size = size
        self.context = context or local_context()
        self.queue: deque[int] = deque()
        self.workers: list[_Worker] = []
        self.deaths: dict[int, int] = {}
        self.retried = 0
        self.started = False

    @property
    def starts_slowly(self) -> bool:
        """Whether the workers are spawned rather than forked: each imports the plugins again."""
        return self.context.get_start_method() != "fork"

    def start(self, todo: list[int]) -> None:
        """Start the workers and hand each its first subtree of ``todo`` (counted in that order)."""
        self.queue.extend(todo)
        for _ in range(min(self.size, len(todo))):
            self._hire()

    def _hire(self) -> None:
        forked = self.context.get_start_method() == "fork"
        if forked:
            # The objects this process has now are left alone by the worker's garbage
            # collector: collecting them would write to every page the worker shares
            # with this process, copying them all.
            gc.freeze()
        try:
            worker = _Worker(self.context, self.job)
        finally:
            if forked:
                gc.unfreeze()
        self.workers.append(worker)
        self._hand_out(worker)

    def _hand_out(self, worker: _Worker) -> None:
        """Send the worker subtrees until it has :data:`IN_FLIGHT`; tell it to stop when it has none left.

        Near the end (no more queued than there are workers) a worker gets one at a
        time: a subtree waiting behind another must not wait while a worker is idle.
        """
        try:
            while self.queue and len(worker.tasks) < self._room():
                index = self.queue.popleft()
                worker.tasks.append(index)
                worker.connection.send((index, self.prefixes[index], self.limit))
            if not worker.tasks and not worker.closed:
                worker.closed = True
                worker.connection.send(None)
        except OSError:  # it has just died: its sentinel tells, and its subtrees are counted again
            pass

    def _room(self) -> int:
        """How many subtrees a worker may hold: :data:`IN_FLIGHT`, or one when no more are queued than workers."""
        return IN_FLIGHT if len(self.queue) > len(self.workers) else 1

    def running(self) -> bool:
        """Whether a worker has started (said it is ready)."""
        return self.started

    def steal(self) -> int | None:
        """Take back the last subtree not handed out yet, to count it elsewhere; None when there is none."""
        return self.queue.pop() if self.queue else None

    def pending(self) -> bool:
        """Whether subtrees are still queued or being counted."""
        return bool(self.queue) or any(worker.tasks for worker in self.workers)

    def results(self, timeout: float) -> list[SubtreeResult]:
        """The subtrees counted within ``timeout`` seconds (maybe none); hands out more work as workers finish."""
        busy = [worker for worker in self.workers if worker.tasks or not self.started]
        if not busy:
            return []
        ready = multiprocessing.connection.wait(
            [worker.connection for worker in busy] + [worker.process.sentinel for worker in busy], timeout
        )
        found: list[SubtreeResult] = []
        for worker in busy:
            if worker.connection in ready:
                try:
                    kind, value = worker.connection.recv()
                except (EOFError, OSError):  # the process ended (a reset: subtrees were unread): its sentinel tells
                    kind, value = "gone", None
                if kind == "ready":
                    self.started = True
                elif kind == "done":
                    found.append(value)
                    worker.tasks.popleft()
                    self._hand_out(worker)
                elif kind == "error":
                    index, message, plugin_bug = value
                    self.stop()
                    if plugin_bug:
                        raise SubtreeError(message, plugin_bug=True)
                    raise SubtreeError(
                        f"subtree {index} (prefix {self.prefixes[index]!r}) failed in a worker: {message}"
                    )
            if worker.process.sentinel in ready and not worker.process.is_alive():
                self._buried(worker)
        return found

    def _buried(self, worker: _Worker) -> None:
        """A worker died: count its subtrees again on a new worker (twice dead on one subtree: an error).

        The first subtree sent is the one it was counting; the others waited in its pipe.
        """
        self.workers.remove(worker)
        worker.connection.close()
        if not worker.tasks:
            return
        index = worker.tasks[0]
        self.deaths[index] = self.deaths.get(index, 0) + 1
        if self.deaths[index] >= MAX_DEATHS:
            self.stop()
            raise SubtreeError(
                f"subtree {index} (prefix {self.prefixes[index]!r}): the worker counting it died "
                f"{MAX_DEATHS} times (exit code {worker.process.exitcode})"
            )
        self.retried += 1
        self.queue.extendleft(reversed(worker.tasks))
        self._hire()

    def stop(self) -> None:
        """End the workers: at once when they are still counting, else after they say goodbye."""
        for worker in self.workers:
            if worker.tasks or not self.started:
                worker.process.terminate()
            elif not worker.closed:
                try:
                    worker.connection.send(None)
                except OSError:
                    pass
        for worker in self.workers:
            worker.process.join(5)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.connection.close()
        self.workers = []


class ExecutorWorkers(Workers):
    """A :class:`concurrent.futures.Executor` of the caller's: every subtree submitted at once."""

    kind = "executor"

    def __init__(
        self, executor: concurrent.futures.Executor, job: Job, prefixes: list[tuple], limit: int | None, size: int
    ):
        self.executor = executor
        self.job = job
        self.prefixes = prefixes
        self.limit = limit
        self.size = size
        self.futures: dict[concurrent.futures.Future, int] = {}
        self.retried = 0

    @property
    def starts_slowly(self) -> bool:
        """An executor handed in is running already."""
        return False

    def start(self, todo: list[int]) -> None:
        """Submit every subtree of ``todo``."""
        self.futures = {
            self.executor.submit(count_subtree, self.job, index, self.prefixes[index], self.limit): index
            for index in todo
        }

    def running(self) -> bool:
        """An executor handed in is running already."""
        return True

    def steal(self) -> int | None:
        """Nothing is taken back from an executor."""
        return None

    def pending(self) -> bool:
        """Whether submitted subtrees are not finished."""
        return bool(self.futures)

    def results(self, timeout: float) -> list[SubtreeResult]:
        """The subtrees finished within ``timeout`` seconds."""
        finished, _ = concurrent.futures.wait(
            self.futures, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED
        )
        found = []
        for future in sorted(finished, key=self.futures.__getitem__):
            index = self.futures.pop(future)
            try:
                found.append(future.result())
            except WorkerPluginError as error:
                self.stop()
                raise SubtreeError(str(error), plugin_bug=True) from None
            except Exception as error:
                self.stop()
                raise SubtreeError(
                    f"subtree {index} (prefix {self.prefixes[index]!r}) failed in a worker: "
                    f"{type(error).__name__}: {error}"
                ) from error
        return found

    def stop(self) -> None:
        """Cancel what has not started; the executor stays the caller's."""
        for future in self.futures:
            future.cancel()
        self.futures = {}
