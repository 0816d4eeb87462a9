"""``backtrack new``: the plugin distribution it writes installs, lists, solves and passes its own tests.

Each kind is written to a temporary folder and installed, as its README says, into
a fresh virtual environment that sees this environment's packages (backtrack and
the test tools) through a ``.pth`` file; then its own test suite runs there, and
``backtrack list`` shows the new puzzle.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from backtrack.cli import main


def environment(folder: Path) -> Path:
    """A virtual environment in ``folder`` that also imports everything this one has; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    python = folder / ("Scripts" if os.name == "nt" else "bin") / "python"
    inner = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    outer = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    lines = "".join(f"import site; site.addsitedir({path!r})\n" for path in dict.fromkeys(outer))
    Path(inner, "outer-environment.pth").write_text(lines, encoding="utf-8")
    return python


@pytest.fixture(scope="module")
def python(tmp_path_factory):
    return environment(tmp_path_factory.mktemp("venv"))


@pytest.mark.parametrize("kind", ["plain", "propagating", "shortest", "cover"])
def test_a_new_plugin_installs_and_passes_its_own_tests(python, tmp_path, kind, capsys):
    name = f"my-{kind}-puzzle"
    assert main(["new", name, "--kind", kind, "--folder", str(tmp_path / name)]) == 0
    assert "next: python -m pip install -e" in capsys.readouterr().out
    folder = tmp_path / name
    assert {p.name for p in folder.iterdir()} >= {"pyproject.toml", "README.md", "tests", "bench"}
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", "-e",
                              str(folder)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    tests = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist"],
                           cwd=folder, capture_output=True, text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-3000:]
    assert " passed" in tests.stdout
    listed = subprocess.run([str(python), "-m", "backtrack.cli", "list"], capture_output=True, text=True, timeout=120)
    assert any(line.startswith(f"{name} ") and f"[{name} 0.1.0]" in line for line in listed.stdout.splitlines())
    solved = subprocess.run([str(python), "-m", "backtrack.cli", "solve", name, "--example", "small", "--count"],
                            capture_output=True, text=True, timeout=120)
    assert solved.returncode == 0 and "(search complete)" in solved.stdout


@pytest.mark.parametrize("args, message", [(["new", "Bad_Name"], "lower-case letters"),
                                           (["new", "ok", "--kind", "plain"], "exists already")])
def test_bad_names_and_existing_folders_are_refused(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok").mkdir()
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_a_new_plugin_needs_nothing_from_the_index_beside_the_installed_engine(python, tmp_path, capsys):
    """Its dependency names this distribution (not PyPI's unrelated ``backtrack``), which is installed already.

    ``pip install`` (a dry run, saying what it would install) takes the plugin alone.
    """
    import importlib.metadata
    import json

    from backtrack.distribution import DISTRIBUTION

    assert "backtrack" in (importlib.metadata.distribution(DISTRIBUTION).read_text("top_level.txt") or "").split()
    folder = tmp_path / "my-indexless-puzzle"
    assert main(["new", "my-indexless-puzzle", "--folder", str(folder)]) == 0
    capsys.readouterr()
    assert f'dependencies = ["{DISTRIBUTION}>=' in (folder / "pyproject.toml").read_text(encoding="utf-8")
    report = tmp_path / "report.json"
    install = subprocess.run([str(python), "-m", "pip", "install", "--dry-run", "-q", "--report", str(report),
                              str(folder)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    wanted = [item["metadata"]["name"] for item in json.loads(report.read_text(encoding="utf-8"))["install"]]
    assert wanted == ["my-indexless-puzzle"]
