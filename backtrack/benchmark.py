"""``backtrack bench``: time searches of puzzle inputs under several parameter variants.

Each input is searched with each combination of the parameter values given
(``-p method=classic,bitmask``), in a fresh search every round, after a warm-up
round that is not measured.  A round's wall time and the process's CPU time are
taken around the search alone (parsing is done once).  The table shows per input
and variant the attempts, the median time and its spread (the interquartile
range), attempts per second, and the ratio of the median to the first variant's.

A parameter may take a range of whole numbers (``-p n=8..14``, inclusive, mixed
with single values as ``8..10,12``): each value is benchmarked, and each variant
becomes a curve over the values, with the factor from one value to the next and
the growth per step fitted by least squares (:class:`Curve`).  :func:`chart`
draws a run (and a stored one beside it) with :mod:`backtrack.plot`.

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
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .distribution import extra_hint
from .outputs import write_atomic
from .puzzle import Param, Puzzle

if TYPE_CHECKING:
    from .plot import Chart

__all__ = ["Case", "Measured", "Curve", "variants", "parse_values", "parse_choices", "curves", "measure", "chart",
           "storage_record", "save", "load", "stored_stats", "BENCH_HINT", "MAX_VALUES"]

#: The most values a parameter's range may take: each is a search of every variant, every round.
MAX_VALUES = 50

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
    #: The parameter given a range (``-p n=8..14``), whose value is the case's place on a curve.
    swept: str = ""

    @property
    def variant(self) -> str:
        """The variant in words: ``method=classic`` (or ``defaults``)."""
        return " ".join(f"{name}={self.params[name]}" for name in self.varied) or "defaults"

    @property
    def curve(self) -> tuple[str, str]:
        """The input and the variant without the swept parameter: what the case's curve is named by."""
        token = f"{self.swept}={self.params.get(self.swept)}"
        base = " ".join(word for word in self.input.split(" ") if word != token)
        variant = " ".join(f"{name}={self.params[name]}" for name in self.varied if name != self.swept)
        return base, variant or "defaults"


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
    def quartiles(self) -> tuple[float, float]:
        """The first and third quartile of the wall times (the median twice with fewer than 2 rounds)."""
        if len(self.wall) < 2:
            return self.median, self.median
        q1, _, q3 = statistics.quantiles(self.wall, n=4, method="inclusive")
        return q1, q3

    @property
    def rate(self) -> float:
        """Attempts per second, at the median time."""
        return self.attempts / self.median if self.median > 0 else 0.0


def variants(choices: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every combination of the parameter values, the first value of each first."""
    names = list(choices)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*(choices[name] for name in names))]


_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_values(param: Param, text: str, limit: int = MAX_VALUES) -> tuple[list[Any], bool]:
    """The values of ``-p NAME=TEXT``: ``V1,V2,...``, for a whole-number parameter also ranges ``A..B``.

    A range is inclusive; with one among them the values are sorted and each kept
    once, and the second item says so.  ``ValueError`` with a message for a
    reversed range, a range of what is not a whole number (or of a parameter that
    is not one), a value outside the parameter's limits, and more than ``limit``
    values.
    """
    values: list[Any] = []
    ranged = False
    for item in text.split(","):
        if ".." in item and (param.kind is not str or param.choices is not None):
            if param.kind is not int:
                raise ValueError(f"-p {param.name}={text}: only a whole-number parameter takes a range A..B "
                                 f"({param.name} takes {param.describe()})")
            first, _, last = item.partition("..")
            if not (_WHOLE.fullmatch(first.strip()) and _WHOLE.fullmatch(last.strip())):
                raise ValueError(f"-p {param.name}={text}: a range is two whole numbers A..B, not {item!r}")
            low, high = int(first), int(last)
            if high < low:
                raise ValueError(f"-p {param.name}={text}: the range {item} runs backwards (write {high}..{low})")
            if high - low + 1 > limit:
                raise ValueError(f"-p {param.name}={text}: the range {item} has {high - low + 1} values; "
                                 f"at most {limit} are benchmarked at once")
            for end in (low, high):  # the ends first: the message names the one out of the limits
                param.convert(str(end))
            values += [param.convert(str(value)) for value in range(low, high + 1)]
            ranged = True
        else:
            values.append(param.convert(item))
    if ranged:
        values = sorted(set(values))
    if len(values) > limit:
        raise ValueError(f"-p {param.name}={text}: {len(values)} values; at most {limit} are benchmarked at once")
    return values, ranged


def parse_choices(puzzle: Puzzle, pairs: Sequence[str]) -> tuple[dict[str, list[Any]], str]:
    """``-p NAME=V1,V2`` and ``-p NAME=A..B`` pairs: each parameter's values, and the one given a range ("" if none).

    ``ValueError`` with a message for a malformed pair, a parameter given twice or
    unknown (``KeyError`` from the puzzle is turned into one), a bad value, and
    ranges for two parameters.
    """
    choices: dict[str, list[Any]] = {}
    swept = ""
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals or not text:
            raise ValueError(f"-p takes NAME=VALUE, NAME=V1,V2,... or NAME=A..B, not {pair!r}")
        if name in choices:
            raise ValueError(f"parameter {name} is given twice: list its values once, separated by commas")
        try:
            param = puzzle.param(name)
        except KeyError as error:
            raise ValueError(error.args[0]) from None
        choices[name], ranged = parse_values(param, text)
        if ranged and swept:
            raise ValueError(f"only one parameter can take a range: {swept} and {name} both do")
        swept = name if ranged else swept
    return choices, swept


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
        name = benchmark_name(puzzle.name, result.case)
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
    record = {
        "machine_info": pytest_benchmark_generate_machine_info(),
        "commit_info": get_commit_info(),
        "benchmarks": benchmarks,
        "datetime": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "version": pytest_benchmark.__version__,
    }
    swept = results[0].case.swept if results else ""
    if swept:  # a range: each case's factor to the value before, and each curve's fitted growth
        found = curves(results)
        factor = {id(result): value for curve in found for result, value in zip(curve.results, curve.factors,
                                                                                 strict=True)}
        for result, entry in zip(results, benchmarks, strict=True):
            entry["extra_info"]["factor"] = factor[id(result)]
        record["growth"] = {"param": swept, "curves": [curve.as_dict() for curve in found]}
    return record


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


def stored_stats(record: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The statistics of each benchmark of a stored run (median, min, max, q1, q3 as stored), by name."""
    found: dict[str, dict[str, float]] = {}
    for entry in record.get("benchmarks", []):
        stats = entry.get("stats", {})
        if isinstance(stats, dict) and "median" in stats and "name" in entry:
            found[str(entry["name"])] = {key: float(stats[key]) for key in ("median", "min", "max", "q1", "q3")
                                         if isinstance(stats.get(key), (int, float))}
    return found


def benchmark_name(puzzle: str, case: Case) -> str:
    """The name a case is stored under: ``queens[n=8|method=classic]``."""
    return f"{puzzle}[{case.input}|{case.variant}]"


# -- curves over a range, and the chart ------------------------------------------------------


@dataclass
class Curve:
    """One variant's results over the values of the swept parameter, in order: how its cost grows."""

    label: str
    results: list[Measured]

    @property
    def values(self) -> list[Any]:
        """The swept parameter's values."""
        return [result.case.params[result.case.swept] for result in self.results]

    @property
    def medians(self) -> list[float]:
        """The median time at each value."""
        return [result.median for result in self.results]

    @property
    def factors(self) -> list[float | None]:
        """The factor of each median to the one before (None for the first)."""
        from .plot import factors

        return factors(self.medians)

    @property
    def per_step(self) -> float | None:
        """The growth per step of the value, fitted by least squares to log(median time)."""
        from .plot import growth

        return growth(self.values, self.medians)

    def as_dict(self) -> dict[str, Any]:
        """The curve as JSON data."""
        return {"label": self.label, "values": self.values, "medians": self.medians, "factors": self.factors,
                "attempts": [result.attempts for result in self.results], "growth_per_step": self.per_step}


def curves(results: Sequence[Measured]) -> list[Curve]:
    """The results of a run over a range as one curve per input and variant (the swept parameter aside).

    A curve is named by its variant as the table names it (without the swept
    parameter), preceded by its input when the run has several.
    """
    grouped: dict[tuple[str, str], list[Measured]] = {}
    for result in results:
        grouped.setdefault(result.case.curve, []).append(result)
    several = len({base for base, _ in grouped}) > 1
    return [Curve(f"{base}, {variant}" if several and base else variant,
                  sorted(found, key=lambda result: result.case.params[result.case.swept]))
            for (base, variant), found in grouped.items()]


def _point(x: Any, result: Measured, label: str) -> Any:
    from .plot import Point

    q1, q3 = result.quartiles
    rounds = len(result.wall)
    note = (f"{result.case.input} {label}: median {result.median:.6f} s of {rounds} round{'s' * (rounds != 1)}, "
            f"{result.attempts:,} attempts")
    return Point(x, result.median, min(result.wall), max(result.wall), q1, q3, note)


def _stored_point(x: Any, stats: dict[str, float], label: str) -> Any:
    from .plot import Point

    return Point(x, stats["median"], stats.get("min"), stats.get("max"), stats.get("q1"), stats.get("q3"),
                 f"{label}: median {stats['median']:.6f} s")


def chart(puzzle: str, mode: str, results: Sequence[Measured], stored: dict[str, dict[str, float]] | None = None,
          stored_name: str = "") -> Chart:
    """The run as a chart: each input's median time under each variant with the spread of its rounds.

    Over a range the x axis is the swept parameter, each variant a line, with its
    factors and fitted growth; otherwise the inputs are the x axis in the order
    run.  ``stored`` (a stored run's :func:`stored_stats`) draws its medians beside
    the new ones, hollow and dashed, labelled ``VARIANT (stored NAME)``.
    """
    from .plot import Chart, Series

    stored = stored or {}
    swept = results[0].case.swept if results else ""
    rounds = max((len(result.wall) for result in results), default=0)
    drawn: list[Series] = []
    if swept:
        for index, curve in enumerate(curves(results)):
            drawn.append(Series(curve.label, [_point(value, result, curve.label) for value, result in
                                              zip(curve.values, curve.results, strict=True)],
                                colour=index, per_step=curve.per_step, show_factors=True))
            twin = [_stored_point(value, stored[benchmark_name(puzzle, result.case)], curve.label)
                    for value, result in zip(curve.values, curve.results, strict=True)
                    if benchmark_name(puzzle, result.case) in stored]
            if twin:
                drawn.append(Series(f"{curve.label} (stored {stored_name})", twin, hollow=True, colour=index))
        categories = None
    else:
        labels = list(dict.fromkeys(result.case.variant for result in results))
        categories = list(dict.fromkeys(result.case.input for result in results))
        for index, label in enumerate(labels):
            mine = [result for result in results if result.case.variant == label]
            drawn.append(Series(label, [_point(result.case.input, result, label) for result in mine], colour=index))
            twin = [_stored_point(result.case.input, stored[benchmark_name(puzzle, result.case)], label)
                    for result in mine if benchmark_name(puzzle, result.case) in stored]
            if twin:
                drawn.append(Series(f"{label} (stored {stored_name})", twin, hollow=True, colour=index))
    caption = (f"Marker: the median wall time of one search over {rounds} round{'s' * (rounds != 1)}; thin bar: "
               f"the fastest to the slowest round; shaded bar: the interquartile range (the table's spread).")
    if swept:
        caption += (f" ×F beside a line: the factor from one value of {swept} to the next; dotted: the least-squares "
                    f"fit of log(median) on {swept}, its growth per step in the legend.")
    if stored:
        caption += f" Hollow markers, dashed: the stored run {stored_name}."
    subtitle = f"--mode {mode}, {rounds} round{'s' * (rounds != 1)} per case"
    return Chart(f"backtrack bench {puzzle}", swept or "input", "median time per search", drawn, unit="s",
                 categories=categories, caption=caption, subtitle=subtitle)
