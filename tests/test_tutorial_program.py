"""The published tutorial program zeltlager.py runs unchanged against this package."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).parent / "tutorial" / "zeltlager.py"
PUBLISHED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "zeltlager.py"

# The two solutions shown in the tutorial text (zeltlager.txt), without the summary line.
EXPECTED = (Path(__file__).parent / "tutorial" / "zeltlager-output.txt").read_text(encoding="utf-8")


def test_shipped_copy_is_the_published_program():
    if not PUBLISHED.exists():
        pytest.skip("the published seed folder (shared/seeds) is not beside this checkout")
    assert PROGRAM.read_bytes() == PUBLISHED.read_bytes()


def test_tutorial_program_prints_both_solutions_and_44_attempts(tmp_path):
    program = tmp_path / "zeltlager.py"
    program.write_bytes(PROGRAM.read_bytes())
    done = subprocess.run(
        [sys.executable, "zeltlager.py"], cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    body, _, last = done.stdout.rstrip("\n").rpartition("\n")
    assert body + "\n" == EXPECTED
    assert re.fullmatch(r"44 attempts in +\d+\.\d\d seconds", last)
    assert last == f"44 attempts in {float(last.split()[-2]):8.2f} seconds"


def test_tutorial_program_test_flag_prints_the_trace(tmp_path, capsys):
    """``test=True`` is the teaching trace: one line per attempt."""
    namespace: dict = {"__name__": "seed"}
    exec(compile(PROGRAM.read_text(encoding="utf-8"), str(PROGRAM), "exec"), namespace)
    zeltlager = namespace["Zeltlager"]
    puzzle = zeltlager(test=True, showAttempts=False)
    out = capsys.readouterr().out
    attempts = [line for line in out.splitlines() if re.match(r"\s*level \d+: move \d+ (valid|invalid)$", line)]
    assert len(attempts) == puzzle.report.attempts == 44
    assert puzzle.report.solutions == 2 and puzzle.report.complete
    assert "attempts in" not in out


def test_the_unchanged_program_writes_its_replay_when_asked(tmp_path):
    program = tmp_path / "zeltlager.py"
    program.write_bytes(PROGRAM.read_bytes())
    plain = subprocess.run([sys.executable, "zeltlager.py"], cwd=tmp_path, capture_output=True, text=True,
                           encoding="utf-8", timeout=60)
    page = tmp_path / "search.html"
    env = {**os.environ, "BACKTRACK_REPLAY": str(page)}
    recorded = subprocess.run([sys.executable, "zeltlager.py"], cwd=tmp_path, capture_output=True, text=True,
                              encoding="utf-8", timeout=60, env=env)
    assert recorded.returncode == 0 and recorded.stderr == ""
    strip = re.compile(r"in +\d+\.\d\d seconds")
    assert strip.sub("", recorded.stdout) == strip.sub("", plain.stdout), "the program prints what it always prints"
    text = page.read_text(encoding="utf-8")
    data = json.loads(text.split('<script id="replay-data" type="application/json">', 1)[1].split("</script>", 1)[0])
    assert data["puzzle"] == "Zeltlager" and data["solutions"] == 2 and data["attempts"] == 44
    assert sum(1 for event in data["events"] if event["kind"] == "attempt") == 44
    assert not data["drawn"] and "level 0:" in data["frames"][-1]  # no drawing: the moves, as text
