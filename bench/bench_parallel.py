"""Counting in parallel: the speed-up of 2 workers over 1, and what the split costs a small search.

* queens N=13 counted by the command, ``backtrack solve queens -p n=13 --count``
  with ``--workers 1`` (the split, counted in one process) and ``--workers 2`` (a
  fresh local pool, start-up included), five times each, in the same run (medians).  Target: a speed-up of at
  least 1.8 on 2 free cores.  The command runs as a subprocess: that is what users
  run, and the workers then do not re-import pytest (spawned workers import the
  parent's main module).
* queens N=8: the engine's serial count against ``parallel.count`` with 2 workers
  (which finishes in this process within its start-up budget, starting no pool), and
  against a forced pool (``warmup=0``: the pool's start-up is the whole difference).

Run: ``python -m pytest bench/bench_parallel.py --benchmark-enable -p no:xdist -q``
(the speed-up is printed at the end, among the speed ratios: target 1.8x), or
``python bench/bench_parallel.py [N [PAIRS]]`` (PAIRS runs of each, in turn; the median
speed-up is printed).
With benchmarks disabled (CI), the big count shrinks to N=9 so the module stays quick.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import warnings

import pytest

from backtrack import parallel
from backtrack_puzzles import queens

warnings.filterwarnings("ignore", category=UserWarning, module="backtrack")

QUEENS = {8: (92, 2056), 9: (352, 8393), 13: (73712, 4674889)}
BIG = 13

def big_n(benchmark) -> int:
    return 9 if benchmark.disabled else BIG


def count(n: int, **options) -> parallel.CountReport:
    report = parallel.count("queens", None, {"n": n}, **options)
    assert (report.solutions, report.attempts, report.complete) == (*QUEENS[n], True)
    return report


def command(n: int, workers: int) -> dict:
    """``backtrack solve queens -p n=N --count --workers W --json`` in a subprocess: its JSON."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "backtrack.cli",
            "solve",
            "queens",
            "-p",
            f"n={n}",
            "--count",
            "--workers",
            str(workers),
            "--json",
            "-q",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert (result["solutions"], result["attempts"], result["complete"]) == (*QUEENS[n], True)
    return result


@pytest.mark.parametrize("workers", [1, 2])
def bench_queens_13_workers(benchmark, ratio, workers):
    n = big_n(benchmark)
    benchmark.group = f"parallel: queens {n}"
    rounds = 1 if benchmark.disabled else 5  # the median of five: a shared machine's speed drifts
    result = benchmark.pedantic(command, args=(n, workers), rounds=rounds, iterations=1)
    assert result["parallel"]["workers"] == workers
    ratio(benchmark, f"parallel: queens {n}", "baseline" if workers == 1 else "2 workers")


def bench_queens_8_serial(benchmark, ratio):
    benchmark.group = "split overhead: queens 8"
    search = queens.search(queens.Queens(8))
    assert benchmark(search.count) == 92
    ratio(benchmark, "split overhead: queens 8", "baseline")


def bench_queens_8_parallel_default(benchmark, ratio):
    benchmark.group = "split overhead: queens 8"
    report = benchmark(count, 8, workers=2)
    assert report.executor == "in-process"  # done before a pool was worth starting
    ratio(benchmark, "split overhead: queens 8", "workers=2 (no pool started)")


def bench_queens_8_forced_pool(benchmark, ratio):
    benchmark.group = "split overhead: queens 8"
    report = benchmark.pedantic(count, args=(8,), kwargs={"workers": 2, "warmup": 0}, rounds=3, iterations=1)
    assert report.executor == "local"
    ratio(benchmark, "split overhead: queens 8", "workers=2, pool forced")


def main(n: int = BIG, pairs: int = 5) -> None:
    """Measure the command with 1 and 2 workers on queens ``n``, ``pairs`` times in turn; print the speed-ups.

    The two commands run alternately, so that a machine whose speed drifts weighs
    on both alike; the median of the pairs' speed-ups is the figure.  Also prints
    the CPU time each command used (its process and its workers): the CPU times
    show what the split and the pool cost even where the wall-clock ratio is noisy.
    """
    import resource  # POSIX only, and only here
    import statistics

    speedups = []
    for pair in range(1, pairs + 1):
        times = {}
        for workers in (1, 2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            result = command(n, workers)
            times[workers] = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            how = result["parallel"]
            print(
                f"pair {pair}, queens {n}, --workers {workers}: {times[workers]:.2f} s wall, {cpu:.2f} s CPU "
                f"({how['executor']}, {how['subtrees']} subtrees at depth {how['depth']}, "
                f"{how['subtrees_here']} counted in the command's own process)"
            )
        speedups.append(times[1] / times[2])
    print(
        f"speed-up 2 workers / 1 worker: median {statistics.median(speedups):.2f}x over {pairs} pairs "
        f"({', '.join(f'{value:.2f}' for value in speedups)}; target >= 1.8 on 2 free cores)"
    )
    count(8, workers=1)  # loads the installed plugins once, as any first count does
    search = queens.search(queens.Queens(8))
    started = time.perf_counter()
    search.count()
    serial = time.perf_counter() - started
    for label, options in (("workers=2", {}), ("workers=2, warmup=0 (pool forced)", {"warmup": 0})):
        started = time.perf_counter()
        count(8, workers=2, **options)
        print(
            f"queens 8: serial {serial * 1e3:.1f} ms, "
            f"parallel.count {label} {(time.perf_counter() - started) * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
