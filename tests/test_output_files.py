"""A command writes only the files it is told to, each whole: ``-o`` on solve, show, check and generate.

Pictures go through a temporary file beside the target renamed over it; a path
that cannot be written is refused before the search with ``cannot write ...`` and
exit status 2; ``-o -`` is standard output and ``-o FOLDER`` writes inside it.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from backtrack import outputs
from backtrack.cli import main
from backtrack_puzzles import sudoku

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(sudoku.__file__).parent / "examples"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def svg_root(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def queens_on(root: ElementTree.Element) -> int:
    return sum(1 for element in root.iter() if "queen" in (element.get("class") or "").split())


def test_a_single_picture_never_touches_the_numbered_files(capsys, tmp_path):
    keep = tmp_path / "pic-1.svg"
    keep.write_text("keep\n", encoding="utf-8")
    # n=1 has one solution: --unique and --all hand out one picture too.
    for n, mode in ((4, []), (1, ["--unique"]), (1, ["--all"]), (4, ["--all", "--limit", "1"])):
        status, _, err = run(capsys, "solve", "queens", "-p", f"n={n}", *mode, "--format", "svg",
                             "-o", str(tmp_path / "pic.svg"))
        assert status == 0, err
        assert keep.read_text(encoding="utf-8") == "keep\n"
        assert sorted(path.name for path in tmp_path.iterdir()) == ["pic-1.svg", "pic.svg"]
        assert queens_on(svg_root((tmp_path / "pic.svg").read_text(encoding="utf-8"))) == n


@pytest.mark.parametrize("command", [
    ["solve", "queens", "-p", "n=4"],
    ["show", "queens", "-p", "n=4"],
    ["generate", "sudoku", "-p", "size=4", "--seed", "1"],
])
@pytest.mark.parametrize("target", ["{missing}/x.svg", "{missing}/x.html", "{file}/x.svg", "{missing}/"])
def test_a_path_that_cannot_be_written_is_refused_before_anything_runs(capsys, tmp_path, command, target):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    path = target.format(missing=tmp_path / "missing", file=tmp_path / "a-file")
    status, out, err = run(capsys, *command, "--format", "svg", "-o", path)
    assert status == 2, err
    assert err.startswith("backtrack: error: cannot write ") and "Traceback" not in err
    assert err.count("\n") == 1 and out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_check_refuses_a_path_that_cannot_be_written(capsys, tmp_path):
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=5")
    answer = tmp_path / "answer.txt"
    answer.write_text(out, encoding="utf-8")
    status, _, err = run(capsys, "check", "queens", "-p", "n=5", str(answer), "--format", "svg",
                         "-o", str(tmp_path / "none" / "a.svg"))
    assert status == 2 and err.startswith("backtrack: error: cannot write ")


def test_check_takes_o_only_with_a_picture_and_a_folder_as_the_others_do(capsys, tmp_path):
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=5")
    answer = tmp_path / "answer.txt"
    answer.write_text(out, encoding="utf-8")
    status, _, err = run(capsys, "check", "queens", "-p", "n=5", str(answer), "-o", str(tmp_path / "a.svg"))
    assert status == 2 and "give --format svg too" in err
    folder = tmp_path / "pictures"
    folder.mkdir()
    status, _, err = run(capsys, "check", "queens", "-p", "n=5", str(answer), "--format", "svg", "-o", str(folder))
    assert status == 0 and [path.name for path in folder.iterdir()] == ["answer.svg"]
    assert queens_on(svg_root((folder / "answer.svg").read_text(encoding="utf-8"))) == 5


def test_a_folder_gets_the_picture_inside_it(capsys, tmp_path):
    status, _, err = run(capsys, "solve", "queens", "-p", "n=4", "--format", "svg", "-o", str(tmp_path))
    assert status == 0 and [path.name for path in tmp_path.iterdir()] == ["queens.svg"]
    status, _, err = run(capsys, "show", "queens", "-p", "n=5", "--format", "svg", "-o", f"{tmp_path}/")
    assert status == 0 and sorted(path.name for path in tmp_path.iterdir()) == ["queens.svg"]
    assert len(svg_root((tmp_path / "queens.svg").read_text(encoding="utf-8")).iter().__next__().attrib) > 0


def test_a_dash_is_standard_output(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "solve", "queens", "-p", "n=4", "--format", "svg", "-o", "-")
    assert status == 0 and queens_on(svg_root(out.strip())) == 4
    assert "attempts in" in err and list(tmp_path.iterdir()) == []


def test_an_interrupted_write_leaves_the_old_file_and_no_other(tmp_path, monkeypatch):
    target = tmp_path / "page.html"
    target.write_text("old\n", encoding="utf-8")
    real = os.replace

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        outputs.write_atomic(target, "new\n" * 1000)
    monkeypatch.setattr(os, "replace", real)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [path.name for path in tmp_path.iterdir()] == ["page.html"]
    outputs.write_atomic(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n" and len(list(tmp_path.iterdir())) == 1


def test_a_write_that_fails_says_which_file_and_why(tmp_path):
    with pytest.raises(outputs.OutputError, match=r"^cannot write .*missing/x: "):
        outputs.write_atomic(tmp_path / "missing" / "x", "text")


def test_generate_writes_each_picture_as_it_is_made(capsys, tmp_path, monkeypatch):
    # Ctrl-C while the third puzzle is drawn: the two made before it are on disk, whole.
    from backtrack.cli import generate

    drawn = []
    real = generate.unsolved_picture

    def draw(puzzle, spec):
        if len(drawn) == 2:
            raise KeyboardInterrupt
        drawn.append(spec)
        return real(puzzle, spec)

    monkeypatch.setattr(generate, "unsolved_picture", draw)
    status, _, err = run(capsys, "generate", "sudoku", "-p", "size=4", "--seed", "1", "--count", "3",
                         "--format", "svg", "-o", str(tmp_path / "made.svg"))
    assert status == 130, err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["made-1.svg", "made-2.svg"]
    for path in tmp_path.iterdir():
        svg_root(path.read_text(encoding="utf-8"))


def test_a_batch_is_drawn_puzzle_by_puzzle(capsys, tmp_path):
    batch = EXAMPLES / "sudoku" / "batch.txt"
    status, out, err = run(capsys, "solve", "sudoku", str(batch), "--format", "svg", "-o", str(tmp_path / "b.svg"))
    assert status == 0, err
    lines = [line for line in batch.read_text(encoding="utf-8").splitlines() if line.strip()
             and not line.startswith("#")]
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == [f"b-{number}.svg" for number in range(1, len(names) + 1)] and len(names) >= 2
    assert "4 puzzles" in out or "puzzles:" in out
    for path in tmp_path.iterdir():
        svg_root(path.read_text(encoding="utf-8"))
    status, out, err = run(capsys, "solve", "sudoku", str(batch), "--format", "svg", "-o", str(tmp_path / "b.html"))
    page = (tmp_path / "b.html").read_text(encoding="utf-8")
    assert status == 0 and page.count("<svg") == len(names) and "Puzzle 2" in page
    assert lines  # the batch file is not empty
    status, out, err = run(capsys, "solve", "sudoku", str(batch), "--format", "svg")
    assert status == 0 and out.count("<svg") == len(names) and "puzzles:" in err


def test_a_page_of_an_example_names_the_example_not_this_machines_path(capsys, tmp_path):
    page_path = str(tmp_path / "p.html")
    status, _, _ = run(capsys, "solve", "sudoku", "--example", "four", "--format", "svg", "-o", page_path)
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert status == 0 and "<title>sudoku example four</title>" in page
    assert str(EXAMPLES) not in page and "/work" not in page.split("<body>")[0]


def test_one_attempt_is_one_attempt(capsys):
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=1")
    assert status == 0 and out.splitlines()[-1].startswith("1 attempt in ")


def test_the_bench_table_shows_every_input_name_whole(capsys, tmp_path):
    name = tmp_path / ("a-rather-long-folder-name-for-a-puzzle-file" + "x" * 20)
    name.mkdir()
    puzzle = name / "four.txt"
    puzzle.write_text((EXAMPLES / "sudoku" / "four.txt").read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = run(capsys, "bench", "sudoku", str(puzzle), "--rounds", "1", "--warmup", "0")
    assert status == 0 and str(puzzle) in out


@pytest.mark.parametrize("args, title", [
    (["queens", "-p", "n=5"], "queens -p n=5"),
    (["sudoku", "3x3:4g5a3j7f2zz"], "sudoku 3x3:4g5a3j7f2zz"),
])
def test_a_page_names_parameters_and_ids_as_given(capsys, tmp_path, args, title):
    page_path = tmp_path / "p.html"
    status, _, _ = run(capsys, "solve", *args, "--format", "svg", "-o", str(page_path))
    assert status == 0 and f"<title>{title}</title>" in page_path.read_text(encoding="utf-8")
