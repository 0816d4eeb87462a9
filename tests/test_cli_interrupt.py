"""Ctrl-C on a real ``backtrack solve --count``: the partial report, status 130, and resumption.

The command runs in its own process group and gets SIGINT on the whole group, as a
terminal's Ctrl-C does, once its checkpoint shows a few finished subtrees.
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

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")

QUEENS_12 = (14200, 856188)  # solutions and attempts of the serial count (bitmask)


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "backtrack.cli", "solve", "queens", "-p", "n=12", "--count", "--json", *args]


def interrupt_after(args: list[str], checkpoint: Path, subtrees: int) -> tuple[int, dict, str]:
    """Run the command, press Ctrl-C once ``subtrees`` subtrees are in the checkpoint."""
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        until = time.monotonic() + 60
        while time.monotonic() < until and process.poll() is None:
            if checkpoint.exists() and len(checkpoint.read_text().splitlines()) > subtrees:
                break
            time.sleep(0.02)
        if process.poll() is not None:
            pytest.skip("the count ended before it could be interrupted (machine too fast)")
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, json.loads(out), err


@pytest.mark.parametrize("workers", ["2", "1"])
def test_ctrl_c_prints_the_partial_report_and_a_rerun_resumes(tmp_path, workers):
    checkpoint = tmp_path / "queens12.checkpoint"
    args = command("--workers", workers, "--checkpoint", str(checkpoint), "--split-depth", "3")
    status, partial, err = interrupt_after(args, checkpoint, 3)
    assert status == 130, err
    assert partial["interrupted"] is True and partial["complete"] is False
    assert "Traceback" not in err and f"run the same command again to resume from {checkpoint}" in err
    recorded = [json.loads(line) for line in checkpoint.read_text().splitlines()[1:]]
    assert len(recorded) >= 3 and partial["parallel"]["subtrees_done"] == len(recorded)
    # The partial report holds at least the finished subtrees (and, in process, the one cut short).
    assert partial["solutions"] >= sum(entry["solutions"] for entry in recorded)
    assert 0 < partial["attempts"] < QUEENS_12[1]

    done = subprocess.run(args, capture_output=True, text=True, timeout=120)
    result = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert (result["solutions"], result["attempts"], result["complete"]) == (*QUEENS_12, True)
    assert result["parallel"]["resumed"] == len(recorded)
