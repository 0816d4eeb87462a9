"""Real ``backtrack solve --count`` processes: SIGTERM and SIGKILL of the main process leave no worker behind.

The command runs in its own session; its worker processes are found in the process
table (psutil) once the checkpoint shows that they count, and must be gone within
a few seconds of the main process.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

psutil = pytest.importorskip("psutil")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def start_count(checkpoint: Path, *extra: str) -> tuple[subprocess.Popen, list]:
    """Start a long count on two workers; return it and its worker processes once they have counted subtrees."""
    args = [sys.executable, "-m", "backtrack.cli", "solve", "queens", "-p", "n=14", "--count", "--json"]
    args += ["--workers", "2", "--checkpoint", str(checkpoint), "--split-depth", "3", *extra]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    until = time.monotonic() + 60
    workers: list = []
    while time.monotonic() < until and process.poll() is None:
        if checkpoint.exists() and len(checkpoint.read_text().splitlines()) > 4:
            workers = [child for child in psutil.Process(process.pid).children(recursive=True) if child.is_running()]
            if len(workers) >= 2:
                break
        time.sleep(0.02)
    if process.poll() is not None:
        pytest.skip("the count ended before its workers could be seen (machine too fast)")
    assert len(workers) >= 2, "the workers did not start"
    return process, workers


def alive(processes: list) -> list:
    """The processes still running (a zombie has ended)."""
    living = []
    for one in processes:
        try:
            if one.is_running() and one.status() != psutil.STATUS_ZOMBIE:
                living.append(one)
        except psutil.NoSuchProcess:
            pass
    return living


def wait_gone(processes: list, seconds: float) -> list:
    """Wait until ``processes`` have ended or ``seconds`` have passed; the ones left."""
    until = time.monotonic() + seconds
    while alive(processes) and time.monotonic() < until:
        time.sleep(0.05)
    return alive(processes)


def end(process: subprocess.Popen, workers: list) -> None:
    for one in alive(workers):
        one.kill()
    if process.poll() is None:
        process.kill()
    process.communicate()


def test_sigterm_prints_the_partial_count_flushes_the_checkpoint_and_ends_the_workers(tmp_path):
    checkpoint = tmp_path / "q14.checkpoint"
    process, workers = start_count(checkpoint)
    try:
        process.send_signal(signal.SIGTERM)  # the main process only, as `kill PID` does
        out, err = process.communicate(timeout=30)
        assert process.returncode == 143, err
        assert wait_gone(workers, 10) == []
    finally:
        end(process, workers)
    partial = json.loads(out)
    assert partial["interrupted"] is True and partial["complete"] is False
    assert "Traceback" not in err
    assert f"terminated (SIGTERM); run the same command again to resume from {checkpoint}" in err
    recorded = checkpoint.read_text().splitlines()[1:]
    assert partial["parallel"]["subtrees_done"] == len(recorded) > 0


def test_sigkill_of_the_main_process_leaves_no_orphan_worker(tmp_path):
    process, workers = start_count(tmp_path / "q14.checkpoint")
    try:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        left = wait_gone(workers, 10)
        assert left == [], [(one.pid, one.status()) for one in left]
    finally:
        end(process, workers)


def test_a_worker_whose_parent_is_gone_ends_itself_without_the_kernels_help(tmp_path):
    """The portable watchdog alone (no prctl): a worker polls its parent and ends once re-parented."""
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, sys, time\n"
        "from backtrack.parallel import jobs\n"
        "jobs.sys.platform = 'other'  # skip PR_SET_PDEATHSIG: test the watchdog thread\n"
        "child = os.fork()\n"
        "if child == 0:\n"
        "    jobs.worker_init(os.getppid())\n"
        "    print(os.getpid(), flush=True)\n"
        "    time.sleep(60)\n"
        "    os._exit(0)\n"
        "time.sleep(0.5)\n"
        "os._exit(0)\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    orphan = psutil.Process(int(done.stdout.split()[0]))
    try:
        assert wait_gone([orphan], 10) == []
    finally:
        for one in alive([orphan]):
            one.kill()


def session_processes(session: int) -> list:
    """Every process of the session ``session`` still running."""
    found = []
    for one in psutil.process_iter():
        try:
            if os.getsid(one.pid) == session and one.status() != psutil.STATUS_ZOMBIE:
                found.append(one)
        except (psutil.NoSuchProcess, ProcessLookupError, PermissionError):
            pass
    return found


def run_watched(*args: str) -> tuple[subprocess.CompletedProcess, int]:
    """Run the command in a session of its own; its result and the most processes its session held at once."""
    command = [sys.executable, "-m", "backtrack.cli", *args]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    most = 0
    until = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < until:
        most = max(most, len(session_processes(process.pid)))
        time.sleep(0.01)
    out, err = process.communicate(timeout=60)
    left = wait_gone(session_processes(process.pid), 10)
    assert left == [], f"left behind: {left}"
    return subprocess.CompletedProcess(command, process.returncode, out, err), most


def test_too_many_workers_are_refused_before_any_process_starts():
    from backtrack.parallel import max_workers

    done, most = run_watched("solve", "queens", "-p", "n=10", "--count", "--workers", "1000")
    assert done.returncode == 2 and f"--workers must be from 1 to {max_workers()}" in done.stderr
    assert most <= 1  # the command itself, and no worker
    done, most = run_watched("solve", "queens", "-p", "n=10", "--count", "--workers", "99999999999999999999")
    assert done.returncode == 2 and most <= 1


def test_the_most_workers_allowed_count_exactly_and_leave_nothing_behind():
    from backtrack.parallel import max_workers

    workers = max_workers()
    done, most = run_watched("solve", "queens", "-p", "n=12", "--count", "--workers", str(workers), "--json",
                             "--split-depth", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["solutions"] == 14200 and report["complete"]  # OEIS A000170
    assert report["parallel"]["executor"] == "local" and report["parallel"]["workers"] == workers
    assert 2 <= most <= workers + 2  # the command, its workers, and multiprocessing's helper at most
