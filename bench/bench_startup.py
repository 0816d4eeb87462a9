"""How long the command takes to start: ``backtrack solve queens -p n=4 --count`` against ``python -c pass``.

The search itself takes microseconds, so the command's time is its start-up:
the interpreter, the imports, the entry-point scan and loading the puzzle's
plugin.  Both run as subprocesses of the same interpreter (``sys.executable``),
the command through the installed ``backtrack`` script as users run it (or
``-m backtrack.cli`` where the script is not installed), in turn: each round of the
command is preceded by one of the bare interpreter, so a machine whose speed
drifts weighs on both alike.  The ratio of their medians is the figure (target: at
most 3), put in ``benchmark.extra_info`` and printed, with the ratio of the CPU
times the two took (on POSIX), which other work on a shared machine disturbs less.

The subprocesses read and write compiled bytecode in a temporary cache
(``PYTHONPYCACHEPREFIX``, filled by a first run that is not timed) even where
``PYTHONDONTWRITEBYTECODE`` is set: an installed package is compiled, and without
the cache the figure would be the time the compiler takes over the sources.

Run: ``python -m pytest bench/bench_startup.py --benchmark-enable -p no:xdist -q``.
With benchmarks disabled (CI), each command runs once and its output is checked.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROUNDS = 20
BARE = [sys.executable, "-c", "pass"]
ARGUMENTS = ["solve", "queens", "-p", "n=4", "--count"]


def command() -> list[str]:
    """``backtrack solve queens -p n=4 --count``, run by ``sys.executable``."""
    script = Path(sysconfig.get_path("scripts")) / "backtrack"
    if script.is_file():
        return [sys.executable, str(script), *ARGUMENTS]
    return [sys.executable, "-m", "backtrack.cli", *ARGUMENTS]


def environment(cache: Path) -> dict[str, str]:
    """This process's environment, compiled bytecode kept in ``cache``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def cpu_time() -> float:
    """The CPU time the finished subprocesses of this process used (0 where ``resource`` is missing)."""
    try:
        import resource
    except ImportError:  # not POSIX
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(argv: list[str], env: dict[str, str], cpu: list[float] | None = None) -> str:
    """Run ``argv`` to its end, appending the CPU time it took to ``cpu``; its standard output."""
    before = cpu_time()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    if cpu is not None:
        cpu.append(cpu_time() - before)
    assert done.returncode == 0, done.stderr
    return done.stdout


def bench_solve_queens_start_up(benchmark, tmp_path, capsys):
    env = environment(tmp_path / "pycache")
    argv = command()
    run(BARE, env)
    run(argv, env)  # compiles what the command imports into the cache
    bare: list[float] = []
    bare_cpu: list[float] = []
    command_cpu: list[float] = []

    def time_bare() -> None:
        started = time.perf_counter()
        run(BARE, env, bare_cpu)
        bare.append(time.perf_counter() - started)

    benchmark.group = "start-up"
    out = benchmark.pedantic(run, args=(argv, env, command_cpu), setup=time_bare, rounds=ROUNDS, iterations=1)
    assert out.splitlines()[0] == "2 solutions (search complete)"
    if benchmark.disabled:
        return
    command_median, bare_median = benchmark.stats.stats.median, statistics.median(bare)
    cpu_ratio = statistics.median(command_cpu) / statistics.median(bare_cpu) if bare_cpu[0] else None
    benchmark.extra_info.update(
        command=" ".join(["backtrack", *ARGUMENTS]),
        bare_median_ms=round(bare_median * 1e3, 2),
        command_median_ms=round(command_median * 1e3, 2),
        ratio=round(command_median / bare_median, 2),
        cpu_ratio=None if cpu_ratio is None else round(cpu_ratio, 2),
    )
    cpu = "" if cpu_ratio is None else f"; CPU time {cpu_ratio:.2f}"
    with capsys.disabled():
        print(f"\nstart-up: backtrack {' '.join(ARGUMENTS)} / python -c pass = {command_median / bare_median:.2f} "
              f"(medians {command_median * 1e3:.1f} ms / {bare_median * 1e3:.1f} ms{cpu}; target at most 3)")
