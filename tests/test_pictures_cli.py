"""``--format svg`` and ``-o`` on ``solve`` and ``show``: where the pictures go, and what is refused.

The drawings themselves are tested with each puzzle (tests/test_pictures_*.py);
here the command's side: one file, numbered files, one page, standard output, and
a puzzle without a drawing of its own (the README's ``choose`` plugin, loaded with
``--plugin``), which still gets pictures (its solutions as text, set in SVG).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from backtrack.cli import main
from docs_pages import python_example

README = Path(__file__).resolve().parents[1] / "README.md"
SVG = "{http://www.w3.org/2000/svg}"


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def choose_plugin(folder: Path) -> str:
    code = python_example("choose_puzzle.py")
    assert code
    path = folder / "choose_puzzle.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def svg_root(text: str) -> ElementTree.Element:
    root = ElementTree.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def test_one_solution_goes_to_the_file_named(capsys, tmp_path):
    picture = tmp_path / "eight.svg"
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=8", "--format", "svg", "-o", str(picture))
    assert status == 0 and f"wrote {picture}" in out and "first solution" in out
    svg_root(picture.read_text(encoding="utf-8"))
    assert sorted(path.name for path in tmp_path.iterdir()) == ["eight.svg"]


def test_several_solutions_go_to_numbered_files(capsys, tmp_path):
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=6", "--all", "--format", "svg", "-o",
                         str(tmp_path / "six.svg"))
    assert status == 0 and "4 solutions (search complete)" in out
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"six-{n}.svg" for n in range(1, 5)]
    pictures = {path.read_text(encoding="utf-8") for path in tmp_path.iterdir()}
    assert len(pictures) == 4  # four different boards
    for picture in pictures:
        svg_root(picture)


def test_several_solutions_go_into_one_page(capsys, tmp_path):
    page = tmp_path / "six.html"
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=6", "--all", "--format", "svg", "-o", str(page))
    assert status == 0 and f"wrote {page}: 4 solutions" in out
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg ") == 4 and text.count("<figcaption>Solution") == 4
    assert "4 solutions (search complete)" in text


def test_without_a_file_the_picture_is_standard_output_and_the_notes_go_to_standard_error(capsys):
    status, out, err = run(capsys, "solve", "queens", "-p", "n=5", "--format", "svg")
    assert status == 0
    svg_root(out)
    assert "first solution" in err and "attempts in" in err


def test_no_solution_writes_no_picture_and_says_so(capsys, tmp_path):
    status, out, _ = run(capsys, "solve", "queens", "-p", "n=3", "--format", "svg", "-o", str(tmp_path / "x.svg"))
    assert status == 1 and "0 solutions (search complete)" in out
    assert list(tmp_path.iterdir()) == []


def test_a_puzzle_without_a_drawing_gets_its_text_set_in_svg(capsys, tmp_path):
    plugin = choose_plugin(tmp_path)
    (tmp_path / "five.txt").write_text("5 2\n", encoding="utf-8")
    status, out, err = run(capsys, "--plugin", plugin, "solve", "choose", str(tmp_path / "five.txt"),
                           "--format", "svg")
    assert status == 0, err
    root = svg_root(out)
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts and all(texts)
    status, out, err = run(capsys, "--plugin", plugin, "show", "choose", str(tmp_path / "five.txt"),
                           "--format", "svg")
    assert status == 0, err
    svg_root(out)


def test_show_gives_the_instance_as_text_or_as_a_picture(capsys, tmp_path):
    status, out, _ = run(capsys, "show", "queens", "-p", "n=6")
    assert status == 0 and out.strip() == "6"
    status, out, _ = run(capsys, "show", "queens", "-p", "n=6", "--format", "svg", "-o", str(tmp_path / "q.svg"))
    assert status == 0
    svg_root((tmp_path / "q.svg").read_text(encoding="utf-8"))


@pytest.mark.parametrize("args, message", [
    (["solve", "queens", "--count", "--format", "svg"], "--count prints none"),
    (["solve", "queens", "--json", "--format", "svg"], "--json and --jsonl write JSON"),
    (["solve", "queens", "-o", "x.svg"], "give --format svg too"),
    (["show", "queens", "-p", "n=4", "-o", "x.svg"], "give --format svg too"),
])
def test_what_cannot_be_drawn_is_refused_with_a_reason(capsys, args, message):
    status, _, err = run(capsys, *args)
    assert status == 2 and message in err, err


def test_a_file_that_cannot_be_written_is_a_clear_error(capsys, tmp_path):
    status, _, err = run(capsys, "show", "queens", "-p", "n=4", "--format", "svg", "-o", str(tmp_path / "no" / "q.svg"))
    assert status == 2 and "cannot write" in err


def test_generate_draws_each_puzzle_it_makes(capsys, tmp_path):
    status, _, err = run(capsys, "generate", "akari", "-p", "rows=7", "-p", "cols=7", "--seed", "3", "--count", "2",
                         "--format", "svg", "-o", str(tmp_path / "made.svg"))
    assert status == 0 and "wrote" in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["made-1.svg", "made-2.svg"]
    for path in tmp_path.iterdir():
        root = svg_root(path.read_text(encoding="utf-8"))
        assert not [element for element in root.iter() if element.get("class") == "lamp"]  # the puzzle alone
    status, _, err = run(capsys, "generate", "akari", "--format", "svg", "--to", "tatham")
    assert status == 2 and "give one of them" in err


def test_check_draws_the_answer_and_says_the_verdict_on_standard_error(capsys, tmp_path):
    status, out, _ = run(capsys, "solve", "akari", "--example", "small")
    answer = tmp_path / "answer.txt"
    answer.write_text(out, encoding="utf-8")
    status, out, err = run(capsys, "check", "akari", "--example", "small", str(answer), "--format", "svg")
    assert status == 0 and "right" in err
    root = svg_root(out)
    assert [element for element in root.iter() if element.get("class") == "lamp"]
