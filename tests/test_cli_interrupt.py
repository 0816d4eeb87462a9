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


# -- Ctrl-C outside counting: the answer says interrupted, never unsolvable ----------------------


def interrupt_running(args: list[str], *, after: float = 1.5, first_line: bool = False) -> tuple[int, str, str]:
    """Start ``backtrack solve ARGS``, press Ctrl-C after ``after`` seconds (or once a first line is out)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "backtrack.cli", "solve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        head = ""
        if first_line:
            head = process.stdout.readline()  # type: ignore[union-attr]
        time.sleep(after)
        if process.poll() is not None:
            pytest.skip("the search ended before it could be interrupted")
        os.killpg(process.pid, signal.SIGINT)
        if first_line:
            # Read on through the same file object: readline may have buffered the lines after the
            # first, which communicate() (reading the pipe itself) would never see.
            out = process.stdout.read()  # type: ignore[union-attr]
            err = process.stderr.read()  # type: ignore[union-attr]
            process.wait(timeout=30)
        else:
            out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, head + out, err


def test_ctrl_c_during_unique_says_unknown_not_unsolvable():
    status, out, err = interrupt_running(["queens", "-p", "n=30", "--unique"])
    assert status == 130, err
    assert "unsolvable" not in out
    assert out.splitlines()[0].startswith("unknown: 0 solutions found before the search was interrupted")
    assert "Traceback" not in err


def test_ctrl_c_during_unique_json_is_valid_json_with_an_unknown_verdict():
    status, out, err = interrupt_running(["queens", "-p", "n=30", "--unique", "--json"])
    result = json.loads(out)
    assert status == 130, err
    assert (result["verdict"], result["complete"], result["stopped"]) == ("unknown", False, "interrupted")


@pytest.mark.parametrize("mode", [[], ["--all"]])
def test_ctrl_c_without_a_limit_says_interrupted_not_limit(mode):
    status, out, err = interrupt_running(["queens", "-p", "n=30", *mode])
    assert status == 130, err
    assert "limit" not in out
    assert out.splitlines()[0] == "0 solutions so far (interrupted: the search is incomplete, solutions may exist)"


def test_jsonl_flushes_each_solution_and_still_writes_the_summary_on_ctrl_c():
    status, out, err = interrupt_running(["queens", "-p", "n=16", "--all", "--jsonl"], after=0.5, first_line=True)
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 130, err
    assert records[0]["type"] == "solution" and records[0]["number"] == 1  # read before Ctrl-C: it was flushed
    summary = records[-1]
    assert summary["type"] == "summary" and summary["stopped"] == "interrupted" and summary["complete"] is False
    assert summary["solutions"] == len(records) - 1 == records[-2]["number"]
