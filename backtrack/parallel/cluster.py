"""Counting subtrees on a Dask distributed cluster.

:func:`connect` finds the scheduler the way Dask's own tools do (an address, a
scheduler file, or Dask's configuration: ``DASK_SCHEDULER_ADDRESS`` or the
``scheduler-address`` setting) and checks, before any work is sent, that every
worker runs the same versions of ``backtrack`` and of the puzzle's distribution as
this machine.  :class:`DaskWorkers` submits one task per subtree; when a worker
dies, the scheduler runs its tasks again elsewhere, and every subtree is added up
once, so the totals stay exact.
"""

from __future__ import annotations

import importlib.metadata
import json
import time
from pathlib import Path
from typing import Any

from ..distribution import DISTRIBUTION, installed_version
from ..manager import RegisteredPuzzle
from . import DASK_HINT
from .jobs import Job, SubtreeResult, WorkerPluginError, count_subtree
from .report import SubtreeError
from .workers import Workers

__all__ = ["DASK_HINT", "ClusterError", "connect", "connect_for", "scheduler_address", "check_versions",
           "DaskWorkers"]

#: Seconds to reach a scheduler (and to wait for its scheduler file to appear) before giving up.
CONNECT_TIMEOUT = 10.0
#: The largest scheduler file read (Dask's are a few hundred bytes).
MAX_SCHEDULER_FILE = 1 << 20


class ClusterError(RuntimeError):
    """The cluster cannot be used: Dask is missing, the scheduler cannot be reached, or the workers differ."""


def configured_address() -> str | None:
    """The scheduler address of Dask's configuration (``DASK_SCHEDULER_ADDRESS``, ``scheduler-address``), if any."""
    try:
        import dask.config
    except ImportError:
        raise ClusterError(DASK_HINT) from None
    return dask.config.get("scheduler-address", default=None) or None


def reason(error: BaseException) -> str:
    """An exception in words: its message, or its kind when it has none (a bare ``TimeoutError``)."""
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else f"{type(error).__name__} (no message)"


def scheduler_address(scheduler_file: str, timeout: float = 10) -> str:
    """The address a Dask scheduler wrote in ``scheduler_file``.

    A file that does not exist yet is waited for (a scheduler starting writes it)
    up to ``timeout`` seconds; a file that is not a scheduler file is refused at
    once, saying why.
    """
    path = Path(scheduler_file)
    until = time.monotonic() + timeout
    while True:
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_SCHEDULER_FILE + 1)
            break
        except FileNotFoundError:
            if time.monotonic() >= until:
                raise ClusterError(
                    f"the scheduler file {scheduler_file} does not exist (waited {timeout:g} s for a Dask "
                    "scheduler to write it; start one with: dask scheduler --scheduler-file FILE)"
                ) from None
            time.sleep(0.1)
        except OSError as error:
            raise ClusterError(f"cannot read the scheduler file {scheduler_file}: {error.strerror}") from None
    if len(data) > MAX_SCHEDULER_FILE:
        raise ClusterError(
            f"{scheduler_file} is not a Dask scheduler file: larger than {MAX_SCHEDULER_FILE} bytes"
        )
    try:
        found = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ClusterError(f"{scheduler_file} is not a Dask scheduler file: not text (expected JSON)") from None
    except RecursionError:
        raise ClusterError(f"{scheduler_file} is not a Dask scheduler file: JSON nested too deeply") from None
    except json.JSONDecodeError as error:
        raise ClusterError(
            f"{scheduler_file}:{error.lineno}: not a Dask scheduler file: "
            f"not JSON ({error.msg} at column {error.colno})"
        ) from None
    address = found.get("address") if isinstance(found, dict) else None
    if not isinstance(address, str) or not address:
        raise ClusterError(
            f"{scheduler_file} is not a Dask scheduler file: expected a JSON object with the scheduler's "
            '"address" (such as "tcp://10.0.0.5:8786")'
        )
    return address


def connect(address: str | None = None, scheduler_file: str | None = None, timeout: float | None = None) -> Any:
    """A Dask client of the scheduler at ``address``, of ``scheduler_file``, or of Dask's configuration.

    Each way gives up after ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`),
    saying why (a scheduler file is waited for that long to appear).
    """
    if timeout is None:
        timeout = CONNECT_TIMEOUT
    try:
        from dask.distributed import Client
    except ImportError:
        raise ClusterError(DASK_HINT) from None
    if address is None and scheduler_file is None:
        address = configured_address()
        if address is None:
            raise ClusterError(
                "no Dask scheduler given: pass an address or --scheduler-file, or set DASK_SCHEDULER_ADDRESS"
            )
    where = f"the Dask scheduler at {address}"
    if scheduler_file is not None:
        started = time.monotonic()
        address = scheduler_address(scheduler_file, timeout)
        where = f"the Dask scheduler at {address} (from the scheduler file {scheduler_file})"
        timeout = max(1.0, timeout - (time.monotonic() - started))
    try:
        return Client(address, timeout=timeout)
    except Exception as error:  # OSError, TimeoutError, ValueError for a bad address...
        raise ClusterError(f"cannot connect to {where}: {reason(error)}") from None


def connect_for(puzzle: RegisteredPuzzle, address: str | None = None, scheduler_file: str | None = None) -> Any:
    """:func:`connect`, and the workers checked to run this machine's versions of the engine and of ``puzzle``.

    :class:`ClusterError` says what is wrong: no scheduler, or which workers run
    other versions (the client is closed then).
    """
    client = connect(address, scheduler_file)
    try:
        version = installed_version()
        if version is None:
            raise ClusterError(f"{DISTRIBUTION} is not installed on this machine (run from a checkout?)")
        wanted = {DISTRIBUTION: version}
        if puzzle.distribution not in (DISTRIBUTION, "(registered directly)", "(unknown distribution)"):
            wanted[puzzle.distribution] = puzzle.version
        check_versions(client, wanted)
    except ClusterError as error:
        client.close()
        raise ClusterError(f"cannot count on this Dask cluster: {error}") from None
    return client


def _versions(distributions: tuple[str, ...]) -> dict[str, str | None]:
    """The installed version of each distribution (None when it is not installed); runs on the workers."""
    found: dict[str, str | None] = {}
    for name in distributions:
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found[name] = None
    return found


def check_versions(client: Any, distributions: dict[str, str]) -> None:
    """Refuse a cluster whose workers run other versions of ``distributions`` (name to version) than this machine."""
    names = tuple(distributions)
    reports = client.run(_versions, names)
    if not reports:
        raise ClusterError("the Dask cluster has no workers")
    wrong = []
    for worker, found in sorted(reports.items()):
        for name, wanted in distributions.items():
            if found.get(name) != wanted:
                has = "does not have it" if found.get(name) is None else f"has {found[name]}"
                wrong.append(f"{worker} {has}")
                break
    if wrong:
        wanted_text = ", ".join(f"{name} {version}" for name, version in distributions.items())
        raise ClusterError(
            f"the Dask workers must run {wanted_text} like this machine, but "
            f"{'; '.join(wrong[:5])}{' ...' if len(wrong) > 5 else ''}"
        )


class DaskWorkers(Workers):
    """The cluster's worker threads, one task per subtree."""

    kind = "dask"

    def __init__(self, client: Any, job: Job, prefixes: list[tuple], limit: int | None, size: int):
        self.client = client
        self.job = job
        self.prefixes = prefixes
        self.limit = limit
        self.size = size
        self.futures: dict[Any, int] = {}
        self.retried = 0

    @property
    def starts_slowly(self) -> bool:
        """A cluster is running already."""
        return False

    def start(self, todo: list[int]) -> None:
        """Submit every subtree of ``todo``; the scheduler runs a task again when its worker dies."""
        self.futures = {
            self.client.submit(
                count_subtree,
                self.job,
                index,
                self.prefixes[index],
                self.limit,
                pure=False,
                key=f"backtrack-subtree-{self.job.token}-{index}",
            ): index
            for index in todo
        }

    def running(self) -> bool:
        """A cluster is running already."""
        return True

    def steal(self) -> int | None:
        """Nothing is taken back from a cluster."""
        return None

    def pending(self) -> bool:
        """Whether submitted subtrees are not finished."""
        return bool(self.futures)

    def results(self, timeout: float) -> list[SubtreeResult]:
        """The subtrees finished within ``timeout`` seconds."""
        from distributed import wait

        try:
            done = wait(list(self.futures), timeout=timeout, return_when="FIRST_COMPLETED").done
        except TimeoutError:
            return []
        found = []
        for future in sorted(done, key=self.futures.__getitem__):
            index = self.futures.pop(future)
            try:
                found.append(SubtreeResult(*future.result()))
            except WorkerPluginError as error:
                self.stop()
                raise SubtreeError(str(error), plugin_bug=True) from None
            except Exception as error:
                self.stop()
                raise SubtreeError(
                    f"subtree {index} (prefix {self.prefixes[index]!r}) failed on the cluster: "
                    f"{type(error).__name__}: {error}"
                ) from error
        return found

    def stop(self) -> None:
        """Cancel every subtree not finished."""
        if self.futures:
            self.client.cancel(list(self.futures))
        self.futures = {}
