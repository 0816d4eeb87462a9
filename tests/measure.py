"""The cost of setting up a search, measured in a fresh process: for the tests of input limits.

*Setup* is what happens before the search makes its first decision: parsing the
text, constructing the search, and the search's own start (a propagating search
propagates the givens when it is first asked for moves).  :func:`setup_cost` runs
``parse``, ``search`` and ``first(timeout=0)`` (which stops after the first
attempt) in a subprocess, and returns its CPU seconds and its peak resident
memory.  Tests assert the memory only; times are reported, and measured properly
in ``bench/bench_limits.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

#: The most memory the setup of any accepted input may take.
MEMORY_LIMIT = 1 << 30

SCRIPT = r"""
import json, resource, sys, time, warnings
from backtrack import make_manager
warnings.simplefilter("ignore")
puzzle = make_manager().puzzle(sys.argv[1])
params = json.loads(sys.argv[3])
with open(sys.argv[2], encoding="utf-8") as handle:
    text = handle.read()
started = time.process_time()
spec = puzzle.parse(text, sys.argv[2])
search = puzzle.search(spec, **params)
search.first(timeout=0)
seconds = time.process_time() - started
try:  # the high-water mark of this process; ru_maxrss would carry the forking parent's over exec
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak": peak}))
"""


def setup_cost(puzzle: str, text: str, params: dict | None = None, *, hang: float = 300.0) -> tuple[float, int]:
    """CPU seconds and peak resident bytes of parsing ``text`` and starting its search, in a fresh process.

    ``hang`` seconds end a process that does not finish (a hang is a failure, not a measurement).
    """
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.txt"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, puzzle, str(path), json.dumps(params or {})],
            capture_output=True,
            text=True,
            timeout=hang,
        )
    if done.returncode != 0:
        raise AssertionError(f"the setup of {puzzle} failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.splitlines()[-1])
    return result["seconds"], result["peak"]
