"""``backtrack bench``: variants, rounds in fresh searches, a table, and runs stored as pytest-benchmark stores them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from backtrack.cli import main
import docs_pages


def outside_xdist() -> dict[str, str]:
    """The environment without the variables by which pytest-benchmark sees an xdist worker and turns itself off."""
    return {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_XDIST")}


def bench(capsys, *args):
    status = main(["bench", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_every_variant_of_every_input_is_a_line_with_its_ratio_to_the_first(capsys):
    status, out, _ = bench(capsys, "queens", "-p", "n=6,7", "-p", "method=classic,bitmask", "--rounds", "2")
    lines = out.splitlines()
    assert status == 0 and lines[0].split()[:3] == ["input", "variant", "attempts"]
    rows = [line.split() for line in lines[1:5]]
    assert [(row[0], row[1]) for row in rows] == [("n=6", "method=classic"), ("n=6", "method=bitmask"),
                                                 ("n=7", "method=classic"), ("n=7", "method=bitmask")]
    assert [row[2] for row in rows] == ["894", "152", "3,584", "551"]  # the attempts of each search
    assert rows[0][-1] == "1.00" and rows[2][-1] == "1.00"  # each input's first variant is its baseline


def test_the_json_holds_every_round_and_the_machine(capsys):
    status, out, _ = bench(capsys, "queens", "-p", "n=6", "-p", "method=classic,bitmask", "--rounds", "3", "--json")
    record = json.loads(out)
    assert status == 0 and record["machine_info"]["python_version"] and "cpu" in record["machine_info"]
    first = record["benchmarks"][0]
    assert len(first["stats"]["data"]) == 3 == first["stats"]["rounds"]
    assert first["extra_info"]["attempts"] == 894 and first["extra_info"]["cpu_median"] > 0
    assert first["params"] == {"n": "6", "method": "classic"}


def test_inputs_from_files_and_examples(capsys, tmp_path):
    board = tmp_path / "six.txt"
    board.write_text("6\n")
    status, out, _ = bench(capsys, "queens", str(board), "--example", "four", "-p", "method=classic", "--rounds", "1")
    assert status == 0 and str(board)[-24:] in out and "four.txt" in out


def test_save_and_compare_in_pytest_benchmarks_format(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert bench(capsys, "queens", "-p", "n=6", "--rounds", "2", "--save", "first")[0] == 0
    saved = list((tmp_path / ".benchmarks").glob("*/0001_first.json"))
    assert len(saved) == 1
    status, out, _ = bench(capsys, "queens", "-p", "n=6", "--rounds", "2", "--compare", "first")
    assert status == 0 and "now/stored" in out.splitlines()[0]
    # pytest-benchmark reads the file we wrote
    done = subprocess.run([sys.executable, "-m", "pytest_benchmark", "compare", str(saved[0])],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "queens[n=6|defaults]" in done.stdout


def test_a_run_stored_by_pytest_benchmark_can_be_compared(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "test_tiny.py").write_text("def test_tiny(benchmark):\n    benchmark(sum, range(10))\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "test_tiny.py", "-q", "-p", "no:xdist",
                           "-p", "no:cacheprovider", "--benchmark-save=theirs", "-o", "addopts="],
                          capture_output=True, text=True, timeout=120,
                          env=outside_xdist())
    assert done.returncode == 0, done.stdout + done.stderr
    status, out, err = bench(capsys, "queens", "-p", "n=5", "--rounds", "1", "--compare", "theirs")
    assert status == 0 and "stored s" in out, err  # read; no benchmark of the same name, so '-'


@pytest.mark.parametrize("args, message", [
    (["queens", "-p", "n=6,x"], "parameter n takes a whole number"),
    (["queens", "-p", "n=6", "-p", "n=7"], "given twice"),
    (["queens", "--compare", "nothing-stored"], "no stored run"),
    (["queens", "--rounds", "0"], "--rounds must be at least 1"),
])
def test_bad_arguments_are_usage_errors(capsys, args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = bench(capsys, *args)
    assert status == 2 and message in err


def test_the_benchmarking_page_shows_the_command():
    assert "backtrack bench queens -p n=10,12 -p method=classic,bitmask" in docs_pages.page("benchmarking.md")
