"""Counting all solutions in parallel: split the search tree, count the subtrees, add up.

:func:`count` walks the top of the search tree down to a chosen depth with the same
five methods the engine calls (the *split*), counting the attempts and solutions it
meets there, and collects the *prefixes* of moves that reach that depth.  Each prefix
is a subtree: a worker rebuilds the puzzle from its text (or parameters), makes a
fresh search and calls ``search.count(prefix=...)``, which replays the prefix and
counts the subtree below it.  The totals are exactly the serial ones, attempts
included: serial attempts == split attempts + the sum of the subtrees' attempts.

Where the subtrees run:

* in this process (``workers=1``; and with workers, during the first ``warmup``
  seconds, so a small search never starts a pool, then while the pool's workers
  start, taking subtrees from the end of the queue);
* in local processes (``workers=N``, the default is every core), through
  :class:`concurrent.futures.ProcessPoolExecutor` (or an ``executor`` handed in);
* on a Dask distributed cluster (``client=dask.distributed.Client(...)``).

Subtrees are submitted in the engine's order and their results added up, so where
they ran changes nothing in the totals.

A count can be interrupted (Ctrl-C: :class:`CountInterrupted` carries the partial
report), bounded (``limit``, ``timeout``), watched (``progress`` is called with a
:class:`Progress`) and resumed (``checkpoint``: finished subtrees are appended to
a file as they complete; the same count started again skips them).

For plugin authors: a search is split by replaying prefixes, so ``record(level,
move)`` must work from the moves recorded before it (a replay does not call
``moves`` at the prefix's levels), and the moves must be picklable to go to other
processes (otherwise the subtrees are counted in this process, and the report's
``note`` says why).  A search that cannot be split sets the class attribute
``splittable = False``; a subclass that overrides the engine's walk (such as
:class:`backtrack.shortest.ShortestSearch`) is treated the same way.  Such searches
are counted serially, in one piece.
"""

from __future__ import annotations

import _thread
import concurrent.futures
import contextlib
import hashlib
import importlib
import json
import multiprocessing
import os
import pickle
import signal
import threading
import time
import types
import uuid
import warnings
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from .engine import Report, Search, Stop
from .manager import Manager, UnknownPuzzle, make_manager
from .puzzle import Puzzle

__all__ = [
    "count",
    "split",
    "is_splittable",
    "Split",
    "Job",
    "CountReport",
    "Progress",
    "CountInterrupted",
    "CheckpointError",
    "NotSplittable",
    "SubtreeError",
    "DASK_HINT",
    "worker_init",
    "local_context",
]

#: What to tell someone who asks for a Dask cluster without Dask installed.
DASK_HINT = "counting on a Dask cluster needs Dask: pip install 'backtrack[dask]'"

#: Subtrees per worker the split aims at (enough to keep every worker busy to the end).
SUBTREES_PER_WORKER = 8
#: The split aims at no fewer subtrees than this (progress granularity for one worker).
MIN_SUBTREES = 32
#: The split never goes deeper than this.
MAX_DEPTH = 32
#: How often (seconds) progress is reported while waiting for workers.
TICK = 0.5
#: Default seconds a count runs in this process before starting a pool.
WARMUP = 0.2

CHECKPOINT_FORMAT = 1


class NotSplittable(ValueError):
    """The search cannot be split into subtrees (the message says why)."""


class SubtreeError(RuntimeError):
    """A subtree could not be counted by a worker (the message names it and the error)."""


class CheckpointError(ValueError):
    """A checkpoint file that is corrupt or belongs to another count."""


@dataclass
class CountReport(Report):
    """The report of a (possibly parallel) count: an engine :class:`Report` and how it ran.

    ``attempts`` and ``solutions`` are the totals of the split and of every subtree
    counted (in this run or read from the checkpoint); ``complete`` is true when all
    subtrees were counted; ``subtrees_here`` of them were counted in this process
    (warm-up, and while the pool started).  ``executor`` is ``serial`` (one piece,
    not split), ``in-process`` (split, counted in this process), ``local`` (process
    pool), ``executor`` (a pool handed in) or ``dask``; ``note`` says why a count
    ran serially or in this process, and ``unsplit`` is set when the workers
    could not be used at all (the search cannot be split, or cannot be sent to
    other processes).  ``stopped`` (and the flags ``limited``, ``timed_out`` and
    ``interrupted``) say why an incomplete count stopped.
    """

    puzzle: str = ""
    executor: str = "serial"
    workers: int = 1
    depth: int = 0
    subtrees: int = 0
    subtrees_done: int = 0
    subtrees_here: int = 0
    resumed: int = 0
    split_attempts: int = 0
    split_solutions: int = 0
    interrupted: bool = False
    timed_out: bool = False
    limited: bool = False
    checkpoint: str | None = None
    note: str = ""
    unsplit: str = ""

    def details(self) -> dict[str, Any]:
        """How the count ran, as JSON data (everything but the engine report's fields)."""
        data = asdict(self)
        for key in ("attempts", "solutions", "seconds", "complete", "puzzle", "interrupted", "timed_out", "stopped", "why"):
            data.pop(key)
        return data


@dataclass(frozen=True)
class Progress:
    """A count in progress, as handed to a ``progress`` callback."""

    done: int
    total: int
    solutions: int
    attempts: int
    elapsed: float
    workers: int
    executor: str

    @property
    def rate(self) -> float:
        """Attempts per second so far."""
        return self.attempts / self.elapsed if self.elapsed > 0 else 0.0


class CountInterrupted(KeyboardInterrupt):
    """Ctrl-C (or a ``KeyboardInterrupt`` from a progress callback) stopped a count.

    ``report`` holds what was counted so far, marked incomplete and interrupted;
    with a checkpoint, the subtrees counted are in the file and a new count resumes.
    """

    def __init__(self, report: CountReport):
        super().__init__("count interrupted")
        self.report = report


# -- the puzzle as workers rebuild it ---------------------------------------------------


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to rebuild the search: sent with every subtree.

    ``puzzle`` is the name of an installed puzzle (workers look it up through the
    entry points; ``module`` names the plugin module to ask first) or a
    :class:`Puzzle` descriptor (pickled, for puzzles registered directly).  The spec is parsed from ``text``, built from ``params`` when
    ``text`` is None, or is ``spec`` itself when that is given.
    """

    token: str
    puzzle: str | Puzzle
    text: str | None
    source: str = "<input>"
    params: tuple[tuple[str, Any], ...] = ()
    spec: Any = None
    module: str | None = None


_installed: dict[str, Puzzle] | None = None
_modules: dict[str, str] = {}  # installed puzzle name -> the plugin module providing it
_specs: dict[str, Any] = {}


def _installed_puzzles() -> dict[str, Puzzle]:
    """The installed puzzles by name, loaded once per process."""
    global _installed
    if _installed is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            manager = make_manager()
        _installed = {name: found.puzzle for name, found in manager.puzzles().items()}
        _modules.update((name, module) for name in _installed if (module := _module_of(manager, name)))
    return _installed


def _module_of(manager: Manager, name: str) -> str | None:
    """The name of the plugin module providing puzzle ``name``, when the plugin is a module."""
    plugin = manager.pm.get_plugin(manager.puzzles()[name].plugin)
    return plugin.__name__ if isinstance(plugin, types.ModuleType) else None


def _puzzle_of(ref: str | Puzzle, module: str | None = None) -> Puzzle:
    if isinstance(ref, Puzzle):
        return ref
    if module is not None:
        # Import just that plugin and ask it, rather than loading every installed plugin.
        try:
            for puzzle in importlib.import_module(module).backtrack_puzzles():
                if isinstance(puzzle, Puzzle) and puzzle.name == ref:
                    return puzzle
        except Exception:
            pass
    try:
        return _installed_puzzles()[ref]
    except KeyError:
        raise LookupError(f"puzzle {ref!r} is not installed where this subtree runs") from None


def _spec_of(job: Job, puzzle: Puzzle) -> Any:
    if job.spec is not None:
        return job.spec
    if job.text is not None:
        return puzzle.parse(job.text, job.source)
    if puzzle.build is None:
        raise ValueError(f"puzzle {puzzle.name} needs an instance text")
    return puzzle.build(**dict(job.params))


def _search_for(job: Job) -> Search:
    puzzle = _puzzle_of(job.puzzle, job.module)
    spec = _specs.get(job.token)
    if spec is None:
        _specs.clear()  # one count at a time per worker: keep only the latest spec
        spec = _specs[job.token] = _spec_of(job, puzzle)
    return puzzle.search(spec, **dict(job.params))


def _count_subtree(job: Job, index: int, prefix: tuple, limit: int | None) -> tuple[int, int, int, float, bool]:
    """Count one subtree (in a worker): (index, solutions, attempts, seconds, complete)."""
    search = _search_for(job)
    search.count(limit, prefix=prefix)
    report = search.report
    return index, report.solutions, report.attempts, report.seconds, report.complete


def worker_init() -> None:
    """Initializer of worker processes (also for pools handed to :func:`count`).

    Ctrl-C reaches the whole process group: the parent handles it and ends the
    workers, which ignore it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warnings.simplefilter("ignore")


# -- the split ----------------------------------------------------------------------------


@dataclass
class Split:
    """The top of a search tree down to ``depth``: its subtrees and what it counted.

    ``prefixes`` are the move sequences of length ``depth`` that are valid and not
    solutions, in the engine's order; ``attempts`` and ``solutions`` are those met
    above ``depth``.
    """

    depth: int
    prefixes: list[tuple]
    attempts: int
    solutions: int
    seconds: float = 0.0

    def digest(self) -> str:
        """A hash of the prefixes, to recognise the same split in a checkpoint."""
        return hashlib.sha256(repr(self.prefixes).encode()).hexdigest()


def is_splittable(search: Search) -> tuple[bool, str]:
    """Whether ``search`` can be split into subtrees, and if not, why."""
    kind = type(search)
    if not getattr(search, "splittable", True):
        return False, f"{kind.__name__} says it cannot be split (splittable = False)"
    for name in ("_walk", "_searching", "count"):
        if getattr(kind, name, None) is not getattr(Search, name):
            return False, f"{kind.__name__} overrides the engine's {name.strip('_')}, so its tree cannot be split"
    return True, ""


def _walk_to(search: Search, depth: int) -> Split:
    """The split at ``depth``: the engine's walk, stopped at ``depth`` (see :class:`Split`)."""
    started = time.perf_counter()
    if depth == 0:
        return Split(0, [()], 0, 0)
    moves, valid, record, undo, done = search.moves, search.valid, search.record, search.undo, search.done
    filtered = search.moves_are_valid
    prefixes: list[tuple] = []
    attempts = solutions = 0
    path: list = []
    level = 0
    stack = [iter(moves(0))]
    try:
        while stack:
            for move in stack[-1]:
                attempts += 1
                if filtered or valid(level, move):
                    record(level, move)
                    path.append(move)
                    if done(level):
                        solutions += 1
                    elif level + 1 < depth:
                        level += 1
                        stack.append(iter(moves(level)))
                        break
                    else:
                        prefixes.append(tuple(path))
                    path.pop()
                    undo(level, move)
            else:
                stack.pop()
                if path:
                    level -= 1
                    undo(level, path.pop())
    finally:
        for back in range(len(path) - 1, -1, -1):
            undo(back, path[back])
    return Split(depth, prefixes, attempts, solutions, time.perf_counter() - started)


def split(search: Search, *, target: int = MIN_SUBTREES, depth: int | None = None, max_depth: int = MAX_DEPTH) -> Split:
    """Split ``search`` at ``depth``, or at the first depth giving ``target`` subtrees.

    Without ``depth`` the depth grows until there are at least ``target`` subtrees,
    the tree ends above it (no subtrees: the split counted everything), or
    ``max_depth`` is reached.
    """
    if depth is not None:
        if depth < 0:
            raise ValueError(f"the split depth must be at least 0, not {depth}")
        return _walk_to(search, depth)
    best = _walk_to(search, 0)
    for level in range(1, max_depth + 1):
        best = _walk_to(search, level)
        if not best.prefixes or len(best.prefixes) >= target:
            break
    return best


# -- checkpoints ------------------------------------------------------------------------


def _identity(puzzle: Puzzle, text: str | None, spec: Any, params: Mapping[str, Any]) -> dict[str, Any]:
    if text is not None:
        instance = hashlib.sha256(text.encode()).hexdigest()
    elif spec is not None:
        instance = "spec:" + hashlib.sha256(repr(spec).encode()).hexdigest()
    else:
        instance = "built from params"
    # Declared defaults filled in: "-p n=12" and "-p n=12 -p method=bitmask" are the same count.
    every = {param.name: param.default for param in puzzle.params if param.default is not None}
    every.update(params)
    return {
        "puzzle": puzzle.name,
        "instance_sha256": instance,
        "params": json.loads(json.dumps(dict(sorted(every.items())), default=repr)),
    }


def _describe(identity: Mapping[str, Any]) -> str:
    params = " ".join(f"{k}={v}" for k, v in identity.get("params", {}).items())
    instance = str(identity.get("instance_sha256", ""))
    instance = instance if instance == "built from params" else f"instance {instance[:12]}"
    return f"puzzle {identity.get('puzzle')!r} ({instance}{', ' + params if params else ''})"


class Checkpoint:
    """An append-only file of finished subtrees: a header line, then one JSON line per subtree."""

    def __init__(self, path: Path, header: dict[str, Any], done: dict[int, tuple[int, int, float]]):
        self.path = path
        self.header = header
        self.done = done
        self._file: Any = None

    @staticmethod
    def read_header(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
        """The header of an existing checkpoint (None for a missing or empty file) and its lines."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None, []
        except OSError as error:
            raise CheckpointError(f"cannot read the checkpoint {path}: {error.strerror}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CheckpointError(f"{path} is not a backtrack checkpoint (not text); delete it or choose another file") from None
        if not text.strip():
            return None, []
        lines = text.split("\n")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            header = None
        if not isinstance(header, dict) or header.get("backtrack_checkpoint") != CHECKPOINT_FORMAT:
            raise CheckpointError(f"{path}:1: not a backtrack checkpoint (corrupt header); delete it or choose another file")
        return header, lines

    @classmethod
    def open(cls, path: str | os.PathLike, identity: dict[str, Any], split_: Split) -> "Checkpoint":
        """Open ``path`` for ``split_``: resume from it, or start it; refuse a mismatch."""
        path = Path(path)
        header, lines = cls.read_header(path)
        wanted = {
            "backtrack_checkpoint": CHECKPOINT_FORMAT,
            **identity,
            "depth": split_.depth,
            "subtrees": len(split_.prefixes),
            "prefixes_sha256": split_.digest(),
        }
        if header is None:
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(json.dumps(wanted) + "\n")
            except OSError as error:
                raise CheckpointError(f"cannot write the checkpoint {path}: {error.strerror}") from None
            return cls(path, wanted, {})
        cls.check_identity(path, header, identity)
        if (header.get("depth"), header.get("subtrees"), header.get("prefixes_sha256")) != (
            wanted["depth"], wanted["subtrees"], wanted["prefixes_sha256"]
        ):
            raise CheckpointError(
                f"{path} was made for another split of this puzzle (depth {header.get('depth')}, "
                f"{header.get('subtrees')} subtrees; this count: depth {wanted['depth']}, {wanted['subtrees']} subtrees"
                f"{', same depth but other moves' if header.get('depth') == wanted['depth'] else ''}); "
                "delete it or choose another file"
            )
        done: dict[int, tuple[int, int, float]] = {}
        body = lines[1:]
        truncated = bool(body) and body[-1] != ""  # the file does not end with a newline
        for number, line in enumerate(body, 2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                index, solutions, attempts = entry["subtree"], entry["solutions"], entry["attempts"]
                seconds = float(entry.get("seconds", 0.0))
                ok = all(type(value) is int and value >= 0 for value in (index, solutions, attempts)) and index < wanted["subtrees"]
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                ok = False
            if not ok:
                if truncated and number == len(lines):
                    continue  # the last line, cut short by a kill: that subtree is counted again
                raise CheckpointError(f"{path}:{number}: corrupt checkpoint line {line[:60]!r}; delete the file to start over")
            if index in done and done[index][:2] != (solutions, attempts):
                raise CheckpointError(f"{path}:{number}: subtree {index} is recorded twice with different counts; delete the file to start over")
            done[index] = (solutions, attempts, seconds)
        if truncated:
            # Cut the partial last line so that new lines are appended cleanly.
            keep = "\n".join(lines[:-1]) + "\n"
            path.write_text(keep, encoding="utf-8")
        return cls(path, header, done)

    @staticmethod
    def check_identity(path: Path, header: Mapping[str, Any], identity: Mapping[str, Any]) -> None:
        """Refuse a checkpoint made for another puzzle, instance or parameters."""
        mine = {key: header.get(key) for key in identity}
        if mine != dict(identity):
            raise CheckpointError(
                f"{path} is the checkpoint of another count: {_describe(mine)}, "
                f"not {_describe(identity)}; delete it or choose another file"
            )

    def add(self, index: int, solutions: int, attempts: int, seconds: float) -> None:
        """Record a finished subtree (appended and flushed at once)."""
        if self._file is None:
            self._file = open(self.path, "a", encoding="utf-8")
        self._file.write(json.dumps({"subtree": index, "solutions": solutions, "attempts": attempts, "seconds": round(seconds, 6)}) + "\n")
        self._file.flush()
        self.done[index] = (solutions, attempts, seconds)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


# -- the in-process alarm -------------------------------------------------------------------


class _Alarm:
    """Raises KeyboardInterrupt in the main thread when ``seconds`` are over, while armed.

    Bounds work done in this process (a timeout, the warm-up) without checks in the
    engine's loop: the work runs inside ``with alarm.armed():``, and the bookkeeping
    between pieces of work runs disarmed, checking :attr:`expired`.  Without a usable
    timer (outside the main thread, or when SIGINT is not Python's default handler)
    the time is only checked between pieces of work.
    """

    def __init__(self, seconds: float | None):
        self.fired = False
        self._until = None if seconds is None else time.perf_counter() + seconds
        self._armed = False
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        if (
            seconds is not None
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._timer = threading.Timer(max(seconds, 0.0), self._fire)
            self._timer.daemon = True
            self._timer.start()

    @property
    def expired(self) -> bool:
        """Whether the time is over."""
        return self._until is not None and time.perf_counter() >= self._until

    def _fire(self) -> None:
        with self._lock:
            if self._armed:
                self.fired = True
                _thread.interrupt_main()

    @contextlib.contextmanager
    def armed(self) -> Iterator[None]:
        """Run the block under the alarm; a KeyboardInterrupt from it has ``fired`` set."""
        with self._lock:
            self._armed = True
        delivered = False
        try:
            yield
        except KeyboardInterrupt:
            delivered = True
            raise
        finally:
            with self._lock:
                self._armed = False
                fired = self.fired
            if fired and not delivered:
                # The interrupt may still be on its way: let it arrive here, inside the caller's try.
                until = time.monotonic() + 1.0
                while time.monotonic() < until:
                    time.sleep(0.001)

    def cancel(self) -> None:
        """Stop the timer."""
        if self._timer is not None:
            self._timer.cancel()


# -- counting --------------------------------------------------------------------------------


class _Tally:
    """Totals of a count in progress."""

    def __init__(self, split_: Split, report: CountReport):
        self.report = report
        self.results: dict[int, tuple[int, int, float]] = {}
        self.extra_solutions = 0  # from a subtree stopped part-way (limit, interruption)
        self.extra_attempts = 0
        self.split = split_

    @property
    def solutions(self) -> int:
        return self.split.solutions + sum(r[0] for r in self.results.values()) + self.extra_solutions

    @property
    def attempts(self) -> int:
        return self.split.attempts + sum(r[1] for r in self.results.values()) + self.extra_attempts


def _resolve(puzzle: str | Puzzle, manager: Manager | None) -> tuple[Puzzle, str | Puzzle, str | None]:
    """The descriptor, how workers find it (by name when installed, else the descriptor
    itself), and the plugin module that provides it."""
    if isinstance(puzzle, str):
        if manager is not None:
            manager.puzzle(puzzle)  # UnknownPuzzle naming the installed ones
            found = manager.puzzles()[puzzle]
            if found.distribution == "(registered directly)":
                return found.puzzle, found.puzzle, None
            return found.puzzle, puzzle, _module_of(manager, puzzle)
        installed = _installed_puzzles()
        if puzzle not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise UnknownPuzzle(f"unknown puzzle {puzzle!r} (installed: {known})")
        return installed[puzzle], puzzle, _modules.get(puzzle)
    if manager is not None:
        found = manager.puzzles().get(puzzle.name)
        if found is not None and found.distribution != "(registered directly)" and _same_puzzle(found.puzzle, puzzle):
            return puzzle, puzzle.name, _module_of(manager, puzzle.name)
    installed = _installed_puzzles().get(puzzle.name)
    if installed is not None and _same_puzzle(installed, puzzle):
        return puzzle, puzzle.name, _modules.get(puzzle.name)
    return puzzle, puzzle, None


def _same_puzzle(one: Puzzle, other: Puzzle) -> bool:
    """Whether two descriptors describe the same puzzle of the same plugin.

    A plugin's hook may build a new descriptor on every call, so identity is not
    asked: the same name and the same functions (by module and qualified name)
    are.
    """
    def origin(function: Any) -> tuple:
        return getattr(function, "__module__", None), getattr(function, "__qualname__", None)

    return one is other or (
        one.name == other.name and origin(one.search) == origin(other.search) and origin(one.parse) == origin(other.parse)
    )


def local_context() -> Any:
    """The multiprocessing context for worker pools: fork where it is safe, else spawn.

    Forking starts a worker in milliseconds with the plugins already imported
    (spawning re-imports them, a few hundred milliseconds of a short count); it is
    safe only while this process runs a single thread (no progress display, no
    timeout timer), so any other case spawns.  Either way starting workers does not
    block this process: it counts subtrees itself while they start.
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _terminate(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """End a process pool now, running work included."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)


def count(
    puzzle: str | Puzzle,
    text: str | None = None,
    params: Mapping[str, Any] | None = None,
    *,
    source: str = "<input>",
    spec: Any = None,
    workers: int | None = None,
    client: Any = None,
    executor: concurrent.futures.Executor | None = None,
    checkpoint: str | os.PathLike | None = None,
    limit: int | None = None,
    timeout: float | None = None,
    progress: Callable[[Progress], None] | None = None,
    depth: int | None = None,
    warmup: float = WARMUP,
    steal: bool = True,
    manager: Manager | None = None,
) -> CountReport:
    """Count the solutions of a puzzle instance, in parallel; the totals equal the serial count.

    ``puzzle`` is an installed puzzle's name (looked up in ``manager``, or in the
    installed plugins) or a :class:`Puzzle`.  The instance is ``text`` (parsed by
    the puzzle), or, when ``text`` is None, ``spec`` if given, else built from
    ``params``; ``params`` also go to ``puzzle.search``.

    ``workers`` local processes (default: every core; 1 counts in this process),
    the Dask ``client``'s cluster, or an ``executor`` of yours (a
    :class:`concurrent.futures.Executor`, kept open) count the subtrees; the first ``warmup`` seconds
    are spent in this process, so a search that ends by then starts no pool
    (``warmup=0`` goes to the workers at once), and while a local pool starts this
    process counts subtrees too (``steal=False`` leaves them all to the workers).
    ``depth`` fixes the split's depth.
    ``checkpoint`` names a file recording finished subtrees; a count started again
    with the same file resumes.  ``limit`` stops after that many solutions,
    ``timeout`` after that many seconds: the report is then incomplete.
    ``progress`` is called with a :class:`Progress` as subtrees finish and every
    half second while waiting.

    Raises :class:`CountInterrupted` (with the partial report) on Ctrl-C,
    :class:`CheckpointError` for a checkpoint that is corrupt or belongs to another
    count, :class:`NotSplittable` when a checkpoint is asked for a search that cannot
    be split.
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be at least 0, not {limit}")
    if timeout is not None and timeout < 0:
        raise ValueError(f"timeout must be at least 0, not {timeout}")
    params = dict(params or {})
    if client is not None and executor is not None:
        raise ValueError("give either a Dask client or an executor, not both")
    if client is not None:
        workers = max(1, sum(client.nthreads().values())) if workers is None else workers
        executor_name = "dask"
    elif executor is not None:
        workers = (getattr(executor, "_max_workers", None) or os.cpu_count() or 1) if workers is None else workers
        executor_name = "executor"
    else:
        workers = (os.cpu_count() or 1) if workers is None else workers
        executor_name = "local"
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    descriptor, ref, module = _resolve(puzzle, manager)
    given_spec = spec if text is None else None
    if spec is None:
        spec = _spec_of(Job("", descriptor, text, source, tuple(params.items())), descriptor)
    search = descriptor.search(spec, **params)
    started = time.perf_counter()  # the count's clock: from the split to the last result
    report = CountReport(puzzle=descriptor.name, workers=workers, checkpoint=None if checkpoint is None else str(checkpoint))
    deadline = None if timeout is None else started + timeout

    def finish() -> CountReport:
        report.seconds = time.perf_counter() - started
        return report

    splittable, why = is_splittable(search)
    if not splittable:
        if checkpoint is not None:
            raise NotSplittable(f"cannot checkpoint a count of {descriptor.name}: {why}")
        report.note = report.unsplit = why
        report.executor = "serial"
        return _serial(search, report, limit, deadline, finish)

    identity = _identity(descriptor, text, given_spec, params)
    if checkpoint is not None:
        header, _ = Checkpoint.read_header(Path(checkpoint))
        if header is not None:
            Checkpoint.check_identity(Path(checkpoint), header, identity)
            if depth is None and isinstance(header.get("depth"), int):
                depth = header["depth"]
    the_split = split(search, target=max(SUBTREES_PER_WORKER * workers, MIN_SUBTREES), depth=depth)
    report.depth, report.subtrees = the_split.depth, len(the_split.prefixes)
    report.split_attempts, report.split_solutions = the_split.attempts, the_split.solutions
    book = Checkpoint.open(checkpoint, identity, the_split) if checkpoint is not None else None
    tally = _Tally(the_split, report)
    if book is not None:
        tally.results.update(book.done)
        report.resumed = len(book.done)
    todo = [index for index in range(len(the_split.prefixes)) if index not in tally.results]

    def update() -> None:
        report.solutions = tally.solutions if limit is None else min(tally.solutions, limit)
        report.attempts = tally.attempts
        report.subtrees_done = len(tally.results)

    def tell() -> None:
        if progress is not None:
            update()
            progress(Progress(len(tally.results), len(the_split.prefixes), report.solutions, report.attempts,
                              time.perf_counter() - started, workers, report.executor))

    def reached() -> bool:
        return limit is not None and tally.solutions >= limit

    def done(index: int, solutions: int, attempts: int, seconds: float, complete: bool) -> None:
        if complete:
            tally.results[index] = (solutions, attempts, seconds)
            if book is not None:
                book.add(index, solutions, attempts, seconds)
        else:  # stopped by the limit: counts, but is not a finished subtree
            tally.extra_solutions += solutions
            tally.extra_attempts += attempts

    report.executor = "in-process"
    local = _Local(search, lambda: descriptor.search(spec, **params))
    try:
        try:
            if not reached():
                todo = _in_process(local, the_split, todo, workers, warmup, limit, deadline, tally, done, tell, reached, report)
            if todo and workers > 1 and not (report.timed_out or reached()):
                job = Job(uuid.uuid4().hex, ref, text, source, tuple(params.items()), given_spec, module)
                unpicklable = _unpicklable(job, the_split, descriptor)
                if unpicklable:
                    report.note = report.unsplit = unpicklable
                    todo = _in_process(local, the_split, todo, 1, 0.0, limit, deadline, tally, done, tell, reached, report)
                else:
                    report.executor = executor_name
                    def here(index: int) -> bool:
                        return not _in_process(local, the_split, [index], 1, 0.0, limit, deadline, tally, done, tell, reached, report)

                    todo = _pooled(job, the_split, todo, workers, client, executor, limit, deadline, tally, done, tell, reached, report, here if steal else None)
            elif report.executor == "in-process" and not todo:
                report.note = (f"finished in this process within the {warmup:g} s start-up budget; no pool was started"
                               if workers > 1 else "one worker: counted in this process")
        except KeyboardInterrupt:
            report.interrupted = True
            update()
            report.complete, report.stopped = False, Stop.INTERRUPTED
            raise CountInterrupted(finish()) from None
    finally:
        if book is not None:
            book.close()
    update()
    report.limited = reached()
    report.complete = not todo and not report.limited and not report.timed_out
    if not report.complete:
        report.stopped = Stop.TIMEOUT if report.timed_out else Stop.LIMIT if report.limited else Stop.CALLER
    return finish()


def _unpicklable(job: Job, the_split: Split, descriptor: Puzzle) -> str:
    """Why the job or the prefixes cannot go to other processes; empty when they can."""
    try:
        pickle.dumps(the_split.prefixes)
    except Exception as error:
        return f"the moves of {descriptor.name} cannot be pickled ({error}); counted in this process"
    try:
        pickle.dumps(job)
    except Exception as error:
        what = "its descriptor" if isinstance(job.puzzle, Puzzle) else "its spec"
        return (f"puzzle {descriptor.name} cannot be sent to other processes: {what} cannot be pickled "
                f"({error}); counted in this process (install the puzzle through an entry point, or give its text)")
    return ""


def _serial(search: Search, report: CountReport, limit: int | None, deadline: float | None, finish: Callable[[], CountReport]) -> CountReport:
    """Count an unsplittable search in one piece, bounded by the engine's timeout; Ctrl-C raises :class:`CountInterrupted`."""
    timeout = None if deadline is None else max(0.0, deadline - time.perf_counter())
    try:
        search.count(limit, timeout=timeout)
    except KeyboardInterrupt:
        partial = getattr(search, "report", None)
        report.attempts = partial.attempts if partial else 0
        report.solutions = partial.solutions if partial else 0
        report.complete, report.stopped, report.interrupted = False, Stop.INTERRUPTED, True
        raise CountInterrupted(finish()) from None
    done = search.report
    report.attempts, report.solutions, report.complete = done.attempts, done.solutions, done.complete
    report.stopped, report.why = done.stopped, done.why
    report.timed_out = done.stopped is Stop.TIMEOUT
    report.limited = done.stopped is Stop.LIMIT
    report.subtrees = 1
    report.subtrees_done = 1 if done.complete or report.limited else 0
    return finish()


class _Local:
    """The search object counting subtrees in this process, replaced after a cut.

    A subtree cut by the alarm may have been stopped in the middle of a plugin's
    ``record`` or ``undo``: its object is not trusted again.
    """

    def __init__(self, search: Search, make: Callable[[], Search]):
        self.search = search
        self.make = make

    def spoil(self) -> None:
        self.search = self.make()


def _in_process(local: _Local, the_split: Split, todo: list[int], workers: int, warmup: float, limit: int | None,
                deadline: float | None, tally: _Tally, done: Any, tell: Any, reached: Any, report: CountReport) -> list[int]:
    """Count subtrees here, in order, until all are done, or (with workers) the warm-up is over.

    Returns the subtrees left.  A subtree cut by the warm-up is left for the workers,
    to be counted again from its start; one cut by the timeout marks the report timed
    out (its partial counts are in the report, not in the checkpoint).
    """
    now = time.perf_counter()
    warmup_end = now + warmup if workers > 1 else None
    ends = [end for end in (deadline, warmup_end) if end is not None]
    alarm = _Alarm(min(ends) - now if ends else None)
    left = list(todo)
    try:
        while left:
            search = local.search
            if alarm.expired:
                report.timed_out = deadline is not None and time.perf_counter() >= deadline
                break
            index = left[0]
            remaining = None if limit is None else limit - tally.solutions
            try:
                with alarm.armed():
                    search.count(remaining, prefix=the_split.prefixes[index])
            except KeyboardInterrupt:
                local.spoil()
                cut_by_time = alarm.fired
                if not cut_by_time or deadline is not None and time.perf_counter() >= deadline - 1e-3:
                    partial = getattr(search, "report", None)
                    if partial is not None:
                        tally.extra_solutions += partial.solutions
                        tally.extra_attempts += partial.attempts
                if not cut_by_time:
                    raise
                report.timed_out = deadline is not None and time.perf_counter() >= deadline - 1e-3
                break
            result = search.report
            left.pop(0)
            report.subtrees_here += 1
            done(index, result.solutions, result.attempts, result.seconds, result.complete)
            tell()
            if reached():
                break
    finally:
        alarm.cancel()
    return left


def _pooled(job: Job, the_split: Split, todo: list[int], workers: int, client: Any, executor: Any, limit: int | None,
            deadline: float | None, tally: _Tally, done: Any, tell: Any, reached: Any, report: CountReport,
            here: Callable[[int], bool] | None) -> list[int]:
    """Count the subtrees ``todo`` on local processes or a Dask cluster; returns those left.

    Until a local pool's first result comes back (its workers are starting), this
    process counts subtrees too with ``here(index)``, from the end of the queue: the
    pool's start-up then costs little, and a count that ends meanwhile does not wait
    for it.  A subtree already handed to a worker may so be counted twice; the second
    result is ignored.
    """
    left = set(todo)
    live = threading.Event()  # set by the first result of a worker
    if here is None:
        live.set()
    if client is not None:
        try:
            from distributed import wait as dask_wait
        except ImportError:  # pragma: no cover - a client without distributed cannot exist
            raise RuntimeError(DASK_HINT) from None
        live.set()  # a cluster is running already: no need to help it start
        futures = {
            client.submit(_count_subtree, job, index, the_split.prefixes[index], limit, pure=False,
                          key=f"backtrack-subtree-{job.token}-{index}"): index
            for index in todo
        }

        def wait(pending: set, seconds: float) -> tuple[set, set]:
            try:
                result = dask_wait(list(pending), timeout=seconds, return_when="FIRST_COMPLETED")
            except TimeoutError:
                return set(), pending
            return set(result.done), set(result.not_done)

        def stop(pending: set) -> None:
            if pending:
                client.cancel(list(pending))
    else:
        own = executor is None
        pool = executor or concurrent.futures.ProcessPoolExecutor(
            max_workers=min(workers, len(todo)), mp_context=local_context(), initializer=worker_init
        )
        futures = {pool.submit(_count_subtree, job, index, the_split.prefixes[index], limit): index for index in todo}

        def started(future: concurrent.futures.Future) -> None:
            if not future.cancelled():
                live.set()

        for future in futures:
            future.add_done_callback(started)

        def wait(pending: set, seconds: float) -> tuple[set, set]:
            finished, waiting = concurrent.futures.wait(pending, timeout=seconds, return_when=concurrent.futures.FIRST_COMPLETED)
            return set(finished), set(waiting)

        def stop(pending: set) -> None:
            if not own:  # someone else's pool: cancel what has not started, leave the rest
                for future in futures:
                    future.cancel()
            elif not live.is_set() or not all(future.done() for future in futures):
                _terminate(pool)  # work still running, or workers still starting that got none
            else:
                pool.shutdown(wait=True)

    pending = set(futures)
    by_index = {index: future for future, index in futures.items()}
    tail = sorted(todo)
    try:
        while pending:
            if tail and not live.is_set():
                index = tail.pop()
                future = by_index[index]
                future.cancel()  # fails when already queued for a worker: then its result is ignored
                pending.discard(future)
                left.discard(index)
                if not here(index):  # type: ignore[misc]
                    left.add(index)
                    break  # the timeout cut it
                if reached():
                    break
                continue
            seconds = TICK if deadline is None else max(0.0, min(TICK, deadline - time.perf_counter()))
            finished, pending = wait(pending, seconds)
            for future in sorted(finished, key=futures.__getitem__):
                index = futures[future]
                try:
                    _, solutions, attempts, spent, complete = future.result()
                except Exception as error:
                    raise SubtreeError(
                        f"subtree {index} (prefix {the_split.prefixes[index]!r}) failed in a worker: "
                        f"{type(error).__name__}: {error}"
                    ) from error
                if index in left:
                    left.discard(index)
                    done(index, solutions, attempts, spent, complete)
            tell()
            if reached():
                break
            if deadline is not None and time.perf_counter() >= deadline:
                report.timed_out = True
                break
    finally:
        stop(pending)
    return sorted(left)
