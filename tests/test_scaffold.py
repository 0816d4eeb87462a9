"""``backtrack new NAME``: names the new plugin could not have are refused before anything is written."""

from __future__ import annotations

import pytest

from backtrack.cli import main
from backtrack.scaffold import MAX_NAME


@pytest.mark.parametrize("name, message", [
    ("import", "is a Python keyword"),
    ("class", "is a Python keyword"),
    ("def", "is a Python keyword"),
    ("async", "is a Python keyword"),
    ("match", "is a Python keyword"),  # a soft keyword
    ("sudoku", "a puzzle called 'sudoku' is installed already"),
    ("backtrack-puzzles", "a distribution called 'backtrack-puzzles' is installed already"),
    ("backtrack", "a module called 'backtrack' can be imported already"),
    ("pytest", "is installed already"),
    ("os", "a module called 'os' can be imported already"),
    ("a" * 301, f"at most {MAX_NAME} characters, not 301"),
])
def test_a_name_that_cannot_be_the_new_plugins_is_refused_before_writing(tmp_path, capsys, name, message):
    folder = tmp_path / "new"
    assert main(["new", name, "--folder", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("backtrack: error: ") and message in err and "Traceback" not in err
    assert not folder.exists()


def test_the_longest_name_is_accepted(tmp_path, capsys):
    name = "z" * (MAX_NAME - 4) + "-abc"
    assert len(name) == MAX_NAME
    assert main(["new", name, "--folder", str(tmp_path / "new")]) == 0
    assert (tmp_path / "new" / "pyproject.toml").is_file()
    assert main(["new", name + "d", "--folder", str(tmp_path / "newer")]) == 2
    assert not (tmp_path / "newer").exists()


def test_a_folder_that_cannot_be_written_is_refused(tmp_path, capsys):
    assert main(["new", "zz-unused-name", "--folder", "/proc/zz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("backtrack: error: cannot write /proc/zz") and "Traceback" not in err
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["new", "zz-unused-name", "--folder", str(blocker / "sub")]) == 2
    assert f"{blocker} is not a folder" in capsys.readouterr().err


def test_the_help_says_the_bound():
    from backtrack.cli import build_parser

    parser = build_parser()
    subparsers = next(action for action in parser._actions if action.dest == "command")
    assert f"at most {MAX_NAME} characters" in " ".join(subparsers.choices["new"].format_help().split())


def test_a_name_too_long_for_a_folder_is_refused_by_its_length(tmp_path, capsys, monkeypatch):
    # Without --folder the name is the folder: the length is said, not the file system's error.
    monkeypatch.chdir(tmp_path)
    assert main(["new", "a" * 301]) == 2
    err = capsys.readouterr().err
    assert err == f"backtrack: error: a puzzle name is at most {MAX_NAME} characters, not 301\n"
    assert main(["new", "zz-unused-name", "--folder", str(tmp_path / ("b" * 300))]) == 2
    err = capsys.readouterr().err
    assert err.startswith("backtrack: error: cannot write ") and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
