"""``backtrack bench``: time searches of puzzle inputs under several parameter variants.

Each input is searched with each combination of the parameter values given
(``-p method=classic,bitmask``), in a fresh search every round, after a warm-up
round that is not measured.  A round's wall time and the process's CPU time are
taken around the search alone (parsing is done once).  The table shows per input
and variant the attempts, the median time and its spread (the interquartile
range), attempts per second, and the ratio of the median to the first variant's.

Runs are stored the way pytest-benchmark stores them (``.benchmarks/<machine>/
NNNN_NAME.json``, with the machine and Python version, the commit and every
round's time), and compared with a stored run of either tool.  Statistics are
pytest-benchmark's own (it is the ``bench`` extra), so both tools read the same
numbers out of a file.
"""

from __future__ import annotations

import datetime
import itertools
import json
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .distribution import extra_hint
from .outputs import write_atomic
from .puzzle import Puzzle

__all__ = ["Case", "Measured", "variants", "measure", "storage_record", "save", "load", "BENCH_HINT"]

BENCH_HINT = f"backtrack bench --save and --compare need pytest-benchmark: {extra_hint('bench')}"


@dataclass(frozen=True)
class Case:
    """One input under one variant: its name, its spec, the parameters, and those that make the variant.

    For a puzzle built from parameters (queens' ``n``), the parameters that build
    the instance name the input, and only the others are the variant.
    """

    input: str
    spec: Any
    params: dict[str, Any]
    varied: tuple[str, ...] = ()

    @property
    def variant(self) -> str:
        """The variant in words: ``method=classic`` (or ``defaults``)."""
        return " ".join(f"{name}={self.params[name]}" for name in self.varied) or "defaults"


@dataclass
class Measured:
    """The rounds of one case: wall and CPU seconds per round, the attempts and solutions of a search."""

    case: Case
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    attempts: int = 0
    solutions: int = 0
    complete: bool = True

    @property
    def median(self) -> float:
        return statistics.median(self.wall)

    @property
    def spread(self) -> float:
        """The interquartile range of the wall times (0 with fewer than 2 rounds)."""
        if len(self.wall) < 2:
            return 0.0
        q1, _, q3 = statistics.quantiles(self.wall, n=4, method="inclusive")
        return q3 - q1

    @property
    def rate(self) -> float:
        """Attempts per second, at the median time."""
        return self.attempts / self.median if self.median > 0 else 0.0


def variants(choices: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every combination of the parameter values, the first value of each first."""
    names = list(choices)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(choices[name] for name in names))]


def measure(puzzle: Puzzle, case: Case, mode: str, rounds: int, warmup: int,
            clock: Callable[[], float] = time.perf_counter) -> Measured:
    """Search ``case`` ``warmup`` times unmeasured, then ``rounds`` times measured, each in a fresh search."""
    measured = Measured(case)
    for round_number in range(warmup + rounds):
        search = puzzle.make_search(case.spec, case.params)
        started_wall, started_cpu = clock(), time.process_time()
        if mode == "first":
            search.first()
        elif mode == "unique":
            search.verdict()
        else:
            search.count()
        wall, cpu = clock() - started_wall, time.process_time() - started_cpu
        if round_number >= warmup:
            measured.wall.append(wall)
            measured.cpu.append(cpu)
        measured.attempts, measured.solutions = search.report.attempts, search.report.solutions
        measured.complete = search.report.complete
    return measured


# -- pytest-benchmark's storage format -------------------------------------------------------


def _stats_module() -> Any:
    try:
        from pytest_benchmark import stats
    except ImportError:
        raise RuntimeError(BENCH_HINT) from None
    return stats


def machine_id() -> str:
    """The folder name pytest-benchmark stores runs of this machine under."""
    try:
        from pytest_benchmark.utils import get_machine_id
    except ImportError:
        raise RuntimeError(BENCH_HINT) from None
    return str(get_machine_id())


def storage_record(puzzle: Puzzle, mode: str, results: Sequence[Measured], rounds: int, warmup: int) -> dict[str, Any]:
    """The run as pytest-benchmark writes it: machine, commit, one entry per case with its statistics."""
    stats_module = _stats_module()
    from pytest_benchmark.plugin import pytest_benchmark_generate_machine_info
    from pytest_benchmark.utils import get_commit_info

    import pytest_benchmark

    benchmarks = []
    for result in results:
        stats = stats_module.Stats()
        for seconds in result.wall:
            stats.update(seconds)
        data = stats.as_dict()
        data["iterations"] = 1
        data["data"] = list(result.wall)
        name = f"{puzzle.name}[{result.case.input}|{result.case.variant}]"
        benchmarks.append({
            "group": f"{puzzle.name} {result.case.input}",
            "name": name,
            "fullname": f"backtrack bench {name}",
            "params": {key: str(value) for key, value in result.case.params.items()} or None,
            "param": result.case.variant,
            "extra_info": {
                "puzzle": puzzle.name, "input": result.case.input, "mode": mode, "attempts": result.attempts,
                "solutions": result.solutions, "complete": result.complete,
                "attempts_per_second": result.rate, "cpu_median": statistics.median(result.cpu),
            },
            "options": {"disable_gc": False, "timer": "perf_counter", "min_rounds": rounds, "max_time": None,
                        "min_time": None, "precision": None, "confidence": None, "warmup": warmup},
            "stats": data,
        })
    return {
        "machine_info": pytest_benchmark_generate_machine_info(),
        "commit_info": get_commit_info(),
        "benchmarks": benchmarks,
        "datetime": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "version": pytest_benchmark.__version__,
    }


def save(record: dict[str, Any], name: str, storage: Path = Path(".benchmarks")) -> Path:
    """Write ``record`` as the next ``NNNN_NAME.json`` of this machine's folder; returns its path."""
    folder = storage / machine_id()
    folder.mkdir(parents=True, exist_ok=True)
    numbers = [int(path.name[:4]) for path in folder.glob("[0-9][0-9][0-9][0-9]_*.json")]
    path = folder / f"{max(numbers, default=0) + 1:04d}_{name}.json"
    write_atomic(path, json.dumps(record, indent=4))
    return path


def load(name: str, storage: Path = Path(".benchmarks")) -> tuple[Path, dict[str, Any]]:
    """The stored run called ``name`` (``NNNN``, ``NAME`` or ``NNNN_NAME``; the newest if several), or a file path."""
    candidates: Iterable[Path]
    direct = Path(name)
    if direct.suffix == ".json" and direct.is_file():
        candidates = [direct]
    else:
        folder = storage / machine_id()
        candidates = sorted(path for path in folder.glob("*.json")
                            if path.stem == name or path.stem[:4] == name or path.stem[5:] == name)
    found = list(candidates)
    if not found:
        raise FileNotFoundError(f"no stored run {name!r} in {storage / machine_id()} (save one with --save NAME)")
    path = found[-1]
    try:
        return path, json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise FileNotFoundError(f"{path} is not a stored benchmark run: {error}") from None


def stored_medians(record: dict[str, Any]) -> dict[str, float]:
    """The median time of each benchmark of a stored run, by name."""
    medians = {}
    for entry in record.get("benchmarks", []):
        stats = entry.get("stats", {})
        if isinstance(stats, dict) and "median" in stats and "name" in entry:
            medians[str(entry["name"])] = float(stats["median"])
    return medians
