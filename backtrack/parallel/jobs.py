"""What travels to a worker, and what runs there: rebuild the search, count one subtree.

A :class:`Job` names the puzzle (by the name it is installed under, with the
plugin module to import, or as a pickled descriptor for a puzzle registered
directly) and the instance (its text with its format, its parameters, or its
spec).  A worker
rebuilds the spec once per count and a fresh search per subtree, and returns a
:class:`SubtreeResult`.
"""

from __future__ import annotations

import importlib
import os
import pickle
import signal
import sys
import threading
import time
import types
import warnings
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine import Search
from ..instances import Instance, read_spec
from ..manager import Manager, UnknownPuzzle, load_module_file, make_manager, plugin_files
from ..puzzle import Puzzle
from ..run import NOT_PLUGIN_BUGS, plugin_failure

__all__ = [
    "Job",
    "SubtreeResult",
    "count_subtree",
    "worker_init",
    "resolve",
    "same_puzzle",
    "unpicklable",
]


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to rebuild the search: sent with every subtree.

    ``puzzle`` is the name of an installed puzzle (workers look it up through the
    entry points; ``module`` names the plugin module to ask first) or a
    :class:`Puzzle` descriptor (pickled, for puzzles registered directly).  The
    spec is ``spec`` itself when that is given, else the ``instance`` as the
    command read it (its text in its form, or built from ``params``), rebuilt by
    :func:`backtrack.instances.read_spec`, the function the command reads it with.
    """

    token: str
    puzzle: str | Puzzle
    instance: Instance
    params: tuple[tuple[str, Any], ...] = ()
    spec: Any = None
    module: str | None = None

    @property
    def source(self) -> str:
        """Where the instance came from, for messages."""
        return self.instance.source


class SubtreeResult(NamedTuple):
    """What counting one subtree gave."""

    subtree: int
    solutions: int
    attempts: int
    seconds: float
    complete: bool


_installed: dict[str, Puzzle] = {}
_modules: dict[str, str] = {}  # installed puzzle name -> the plugin module providing it
_asked: set[str] = set()  # the names looked up: their plugin (or, not found so, every plugin) is loaded
_specs: dict[str, Any] = {}


def installed_puzzles(name: str) -> dict[str, Puzzle]:
    """The installed puzzles loaded to find puzzle ``name`` (just its plugin's, when its entry point is so named).

    Once per process and name: a worker imports only the plugin it counts for, as the command does.
    """
    if name not in _asked:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            manager = make_manager(puzzle=name)
        for listed, registered in manager.puzzles().items():
            if listed not in _installed:
                _installed[listed] = registered.puzzle
                if module := module_of(manager, listed):
                    _modules[listed] = module
            _asked.add(listed)
        _asked.add(name)
    return _installed


def module_of(manager: Manager, name: str) -> str | None:
    """How a worker imports the plugin module providing puzzle ``name``: its name, or ``file:PATH`` for a file.

    None when the plugin is not a module.
    """
    plugin = manager.pm.get_plugin(manager.puzzles()[name].plugin)
    if not isinstance(plugin, types.ModuleType):
        return None
    path = plugin_files().get(plugin.__name__)
    return f"file:{path}" if path is not None else plugin.__name__


def same_puzzle(one: Puzzle, other: Puzzle) -> bool:
    """Whether two descriptors describe the same puzzle of the same plugin.

    A plugin's hook may build a new descriptor on every call, so identity is not
    asked: the same name and the same functions (by module and qualified name) are.
    """

    def origin(function: Any) -> tuple:
        return getattr(function, "__module__", None), getattr(function, "__qualname__", None)

    return one is other or (
        one.name == other.name
        and origin(one.search) == origin(other.search)
        and origin(one.parse) == origin(other.parse)
    )


def resolve(puzzle: str | Puzzle, manager: Manager | None) -> tuple[Puzzle, str | Puzzle, str | None]:
    """The descriptor, how workers find it, and the plugin module that provides it.

    Workers find an installed puzzle by its name (and import just its module);
    a puzzle registered directly travels as its pickled descriptor.
    """
    if isinstance(puzzle, str):
        if manager is not None:
            manager.puzzle(puzzle)  # UnknownPuzzle naming the installed ones
            found = manager.puzzles()[puzzle]
            if found.distribution == "(registered directly)":
                return found.puzzle, found.puzzle, None
            return found.puzzle, puzzle, module_of(manager, puzzle)
        installed = installed_puzzles(puzzle)
        if puzzle not in installed:
            known = ", ".join(sorted(installed)) or "none"
            raise UnknownPuzzle(f"unknown puzzle {puzzle!r} (installed: {known})")
        return installed[puzzle], puzzle, _modules.get(puzzle)
    if manager is not None:
        listed = manager.puzzles().get(puzzle.name)
        if listed is not None and listed.distribution != "(registered directly)" and same_puzzle(listed.puzzle, puzzle):
            return puzzle, puzzle.name, module_of(manager, puzzle.name)
    installed_one = installed_puzzles(puzzle.name).get(puzzle.name)
    if installed_one is not None and same_puzzle(installed_one, puzzle):
        return puzzle, puzzle.name, _modules.get(puzzle.name)
    return puzzle, puzzle, None


def puzzle_of(ref: str | Puzzle, module: str | None = None) -> Puzzle:
    """The descriptor a job names: itself, from its plugin module, or from the installed plugins."""
    if isinstance(ref, Puzzle):
        return ref
    if module is not None:
        # Import just that plugin and ask it, rather than loading every installed plugin.
        try:
            if module.startswith("file:"):
                plugin = load_module_file(module[len("file:"):])
            else:
                plugin = importlib.import_module(module)
            for puzzle in plugin.backtrack_puzzles():
                if isinstance(puzzle, Puzzle) and puzzle.name == ref:
                    return puzzle
        except Exception:
            pass
    try:
        return installed_puzzles(ref)[ref]
    except KeyError:
        raise LookupError(f"puzzle {ref!r} is not installed where this subtree runs") from None


def spec_of(job: Job, puzzle: Puzzle) -> Any:
    """The instance a job names: its spec, its text read in its form, or what its parameters build."""
    if job.spec is not None:
        return job.spec
    if job.instance.text is None and puzzle.build is None:
        raise ValueError(f"puzzle {puzzle.name} needs an instance text")
    return read_spec(puzzle, job.instance, dict(job.params))


def search_for(job: Job) -> Search:
    """A fresh search of the job's instance; the spec is rebuilt once per count and process."""
    puzzle = puzzle_of(job.puzzle, job.module)
    spec = _specs.get(job.token)
    if spec is None:
        _specs.clear()  # one count at a time per worker: keep only the latest spec
        spec = _specs[job.token] = spec_of(job, puzzle)
    return puzzle.make_search(spec, dict(job.params))


class WorkerPluginError(Exception):
    """The puzzle's own code raised while a worker counted a subtree: a bug of the plugin.

    The message is made in the worker, where the traceback is, so it names the
    plugin, the error and the method that raised it (see
    :func:`~backtrack.run.plugin_failure`); it travels back pickled.
    """


def count_subtree(job: Job, index: int, prefix: tuple, limit: int | None) -> SubtreeResult:
    """Count one subtree (in a worker); :class:`WorkerPluginError` when the puzzle's code raises."""
    search = search_for(job)
    try:
        search.count(limit, prefix=prefix)
    except NOT_PLUGIN_BUGS:
        raise
    except Exception as error:
        name = job.puzzle if isinstance(job.puzzle, str) else job.puzzle.name
        raise WorkerPluginError(
            plugin_failure(name, error, job.source, during=f"in a worker, counting subtree {index} (prefix {prefix!r})")
        ) from None
    report = search.report
    return SubtreeResult(index, report.solutions, report.attempts, report.seconds, report.complete)


#: How often (seconds) a worker checks that the process that started it is still there.
PARENT_POLL = 0.5
#: ``prctl`` option: the signal a Linux process gets when its parent ends.
PR_SET_PDEATHSIG = 1


def worker_init(parent: int | None = None) -> None:
    """Initializer of worker processes (also for pools handed to :func:`~backtrack.parallel.count`).

    Ctrl-C reaches the whole process group: the parent handles it and ends the
    workers, which ignore it.  SIGTERM ends a worker at once (a forked worker
    would otherwise inherit the parent's handler).  A worker whose parent is gone
    (killed, even with SIGKILL) ends itself: see :func:`end_with_parent`
    (``parent``: the process id of the process that started this one, when known).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    warnings.simplefilter("ignore")
    end_with_parent(parent)


def end_with_parent(parent: int | None = None) -> None:
    """Make this process end when its parent process ends.

    Everywhere a daemon thread checks ``os.getppid()`` every :data:`PARENT_POLL`
    seconds and ends the process once it has been re-parented.  Given ``parent``
    (the process id expected: a worker of :class:`~backtrack.parallel.local.LocalWorkers`),
    a process whose parent is already another one ends at once, and on Linux the
    kernel also sends it SIGKILL when the parent dies (``prctl(PR_SET_PDEATHSIG)``).
    That is left out for pools of the caller's (``parent`` None): the kernel's
    signal follows the parent's *thread* that started the worker, and a pool's
    workers may outlive the thread that submitted to it.
    """
    kernel = parent is not None
    if parent is None:
        parent = os.getppid()
    if kernel and sys.platform.startswith("linux"):
        import ctypes  # here: only a worker process of this machine needs it

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="backtrack-parent-watch", daemon=True).start()


def unpicklable(job: Job, prefixes: list[tuple], name: str) -> str:
    """Why the job or the prefixes cannot go to other processes; empty when they can."""
    try:
        pickle.dumps(prefixes)
    except Exception as error:
        return f"the moves of {name} cannot be pickled ({error}); counted in this process"
    try:
        pickle.dumps(job)
    except Exception as error:
        what = "its descriptor" if isinstance(job.puzzle, Puzzle) else "its spec"
        return (
            f"puzzle {name} cannot be sent to other processes: {what} cannot be pickled "
            f"({error}); counted in this process (install the puzzle through an entry point, or give its text)"
        )
    return ""
