"""What a non-editable install gets: every module and data file the command needs, in the wheel."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_holds_every_package_and_data_file(tmp_path):
    # Built from a copy: a build leaves build/ and *.egg-info behind, which must not land in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__",
                                                                ".hypothesis", ".benchmarks", ".pytest_cache"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                           str(source)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = tmp_path.glob("backtrack_puzzles-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "backtrack").rglob("*") if path.is_file() and "__pycache__" not in path.parts
    }
    wanted |= {
        "backtrack_puzzles/" + path.relative_to(ROOT / "plugins" / "backtrack_puzzles").as_posix()
        for path in (ROOT / "plugins" / "backtrack_puzzles").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert not wanted - names, f"missing from the wheel: {sorted(wanted - names)}"
    assert {"backtrack/replay.html", "backtrack/py.typed", "backtrack_puzzles/examples/tents/tutorial.txt"} <= names
