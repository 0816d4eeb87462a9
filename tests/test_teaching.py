"""The README's teaching walkthrough: a student's tents search, loaded with --plugin, replayed, compared."""

from __future__ import annotations

import json
from pathlib import Path

from backtrack.cli import main
from svg_checks import replayed
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"


def student_file(folder: Path) -> str:
    code = python_example("my_tents.py")
    assert code, "the README's teaching section holds my_tents.py"
    path = folder / "my_tents.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def solve_json(capsys, *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_students_search_finds_the_tutorials_solutions_in_the_tutorials_attempts(capsys, tmp_path):
    plugin = student_file(tmp_path)
    mine = solve_json(capsys, "--plugin", plugin, "solve", "my-tents", "--example", "tutorial", "--all")
    builtin = solve_json(capsys, "solve", "tents", "--example", "tutorial", "--all", "-p", "method=tutorial")
    propagating = solve_json(capsys, "solve", "tents", "--example", "tutorial", "--all")
    assert mine["solutions"] == builtin["solutions"] == propagating["solutions"] == 2
    assert sorted(mine["rendered"]) == sorted(builtin["rendered"])  # the same two camps
    assert mine["attempts"] == builtin["attempts"] == 44  # as the README says
    assert propagating["attempts"] < mine["attempts"]


def test_the_students_replay_shows_every_attempt_as_text(capsys, tmp_path):
    plugin = student_file(tmp_path)
    data = replayed(tmp_path / "mine.html", "--plugin", plugin, "replay", "my-tents", "--example", "tutorial")
    assert data["attempts"] == 44 and data["solutions"] == 2 and data["complete"]
    assert sum(event["kind"] == "attempt" for event in data["events"]) == 44
    assert not data["drawn"]  # no drawing in the file: the moves are shown as text
    capsys.readouterr()
