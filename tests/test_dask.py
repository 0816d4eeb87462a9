"""Counting on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes.

The cluster is started once for the module, as a user would start it (the
``dask`` command, a scheduler file), and the command connects through
``--scheduler-file``, ``--scheduler ADDRESS`` and Dask's own configuration
(``DASK_SCHEDULER_ADDRESS``).  One test kills a worker in the middle of a count:
its subtrees are counted again elsewhere and the total stays exact.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from backtrack import make_manager, parallel
from backtrack.cli import main

distributed = pytest.importorskip("distributed")

QUEENS_11_CLASSIC = (2680, 1_806_706)  # solutions and attempts of the serial count


def dask_command() -> list[str]:
    found = shutil.which("dask", path=os.path.dirname(sys.executable)) or shutil.which("dask")
    return [found] if found else [sys.executable, "-m", "distributed.cli.dask_spec"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and two single-threaded workers without nannies (so that a kill ends a worker for good)."""
    folder = tmp_path_factory.mktemp("dask")
    scheduler_file = folder / "scheduler.json"
    logs = folder / "logs.txt"
    processes = []
    with open(logs, "w") as log:
        processes.append(
            subprocess.Popen(
                [
                    *dask_command(),
                    "scheduler",
                    "--scheduler-file",
                    str(scheduler_file),
                    "--port",
                    "0",
                    "--dashboard-address",
                    ":0",
                    "--no-show",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=folder,
            )
        )
        until = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < until:
            time.sleep(0.1)
        for _ in range(2):
            processes.append(
                subprocess.Popen(
                    [
                        *dask_command(),
                        "worker",
                        "--scheduler-file",
                        str(scheduler_file),
                        "--nthreads",
                        "1",
                        "--no-nanny",
                        "--no-dashboard",
                    ],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=folder,
                )
            )
        address = json.loads(scheduler_file.read_text())["address"]
        with distributed.Client(scheduler_file=str(scheduler_file), timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield {"file": scheduler_file, "address": address, "workers": processes[1:], "logs": logs}
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def serial_queens(n: int) -> tuple[int, int]:
    puzzle = make_manager().puzzle("queens")
    search = puzzle.search(puzzle.build(n=n), method="classic")
    return search.count(), search.report.attempts


def test_the_command_counts_through_a_scheduler_file_and_prints_the_dashboard(cluster, capsys):
    status = main(
        [
            "solve",
            "queens",
            "-p",
            "n=11",
            "-p",
            "method=classic",
            "--count",
            "--json",
            "--scheduler-file",
            str(cluster["file"]),
        ]
    )
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert status == 0
    assert (result["solutions"], result["attempts"], result["complete"]) == (*QUEENS_11_CLASSIC, True)
    assert result["parallel"]["executor"] == "dask" and result["parallel"]["workers"] == 2
    assert "backtrack: Dask dashboard: http" in err


def test_the_command_honours_dasks_configured_address(cluster):
    env = {**os.environ, "DASK_SCHEDULER_ADDRESS": cluster["address"]}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "backtrack.cli",
            "solve",
            "queens",
            "-p",
            "n=11",
            "-p",
            "method=classic",
            "--count",
            "--json",
            "--scheduler",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["solutions"] == 2680 and result["parallel"]["executor"] == "dask"


def test_without_an_address_or_configuration_the_command_says_what_to_give(capsys, monkeypatch):
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    import dask.config

    with dask.config.set({"scheduler-address": None}):
        assert main(["solve", "queens", "--count", "--scheduler"]) == 2
    assert "no Dask scheduler given" in capsys.readouterr().err


def test_workers_running_another_version_are_refused_before_any_work():
    from backtrack.parallel.cluster import ClusterError, check_versions

    class Client:
        def run(self, function, names):
            return {
                "tcp://a:1": {"backtrack": "0.1.0", "their-puzzles": "2.0"},
                "tcp://b:1": {"backtrack": "0.0.9", "their-puzzles": "2.0"},
                "tcp://c:1": {"backtrack": "0.1.0", "their-puzzles": None},
            }

    with pytest.raises(ClusterError) as refused:
        check_versions(Client(), {"backtrack": "0.1.0", "their-puzzles": "2.0"})
    message = str(refused.value)
    assert "tcp://b:1 has 0.0.9" in message and "tcp://c:1 does not have it" in message and "tcp://a:1" not in message


def test_a_worker_killed_during_a_count_loses_and_doubles_nothing(cluster):
    with distributed.Client(scheduler_file=str(cluster["file"]), timeout=30) as client:
        client.wait_for_workers(2, timeout=60)
        victim = cluster["workers"][0]
        killed = threading.Event()

        def kill_after_a_few(state):
            if state.done >= 3 and not killed.is_set():
                killed.set()
                os.kill(victim.pid, signal.SIGKILL)

        report = parallel.count(
            "queens", None, {"n": 11, "method": "classic"}, client=client, warmup=0, depth=2, progress=kill_after_a_few
        )
    assert killed.is_set() and victim.wait(10) is not None
    assert report.complete and report.executor == "dask"
    assert (report.solutions, report.attempts) == QUEENS_11_CLASSIC == serial_queens(11)


def test_an_instance_given_as_a_tatham_id_counts_on_the_cluster_as_its_text(cluster, capsys):
    """The workers read the ID as a Tatham ID, not as the puzzle's text (which fails on it)."""
    from backtrack.cli.options import encoded

    sudoku = make_manager().puzzle("sudoku")
    # backtrack generate sudoku --any --seed 1 -p clues=24: 5,118 solutions
    spec = sudoku.parse("6...7...157...9.2...1..6.........73.7.65..........7....5....867..74...9.39.......\n")
    search = sudoku.search(spec)
    search.count()
    identifier = encoded(sudoku, spec, "tatham").strip()
    args = ["solve", "sudoku", identifier, "--count", "--json", "--scheduler-file", str(cluster["file"])]
    with pytest.MonkeyPatch.context() as patch:  # every subtree to the cluster: no warm-up in this process
        patch.setattr(parallel, "count", functools.partial(parallel.count, warmup=0))
        status = main(args)
    out, err = capsys.readouterr()
    result = json.loads(out)
    assert status == 0, err
    assert (result["solutions"], result["attempts"], result["complete"]) == (
        search.report.solutions,
        search.report.attempts,
        True,
    )
    assert result["parallel"]["executor"] == "dask" and result["parallel"]["subtrees_here"] == 0


def test_a_missing_scheduler_file_times_out_with_a_message(tmp_path, capsys, monkeypatch):
    from backtrack.parallel import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    missing = tmp_path / "nonexistent.json"
    assert main(["solve", "queens", "--count", "--scheduler-file", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"the scheduler file {missing} does not exist (waited 0.5 s" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "content, reason",
    [
        ("garbage{", r":1: not a Dask scheduler file: not JSON \(Expecting value at column 1\)"),
        ('{"type": "Scheduler"}', r"is not a Dask scheduler file: expected a JSON object with the scheduler's "),
        ("[" * 100_000, r"is not a Dask scheduler file: JSON nested too deeply"),
    ],
)
def test_a_bad_scheduler_file_is_refused_saying_why(tmp_path, capsys, monkeypatch, content, reason):
    from backtrack.parallel import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    path = tmp_path / "scheduler.json"
    path.write_text(content)
    assert main(["solve", "queens", "--count", "--scheduler-file", str(path)]) == 2
    err = capsys.readouterr().err
    assert re.search(reason, err) and "Traceback" not in err, err
    assert not err.rstrip().endswith(":"), err  # the reason is never empty


def test_an_error_without_a_message_is_told_by_its_kind():
    """Dask's connection errors may carry no message: the reason given is never empty."""
    from backtrack.parallel.cluster import reason

    assert reason(TimeoutError()) == "TimeoutError (no message)"
    assert reason(OSError("Timed out trying to connect")) == "OSError: Timed out trying to connect"
