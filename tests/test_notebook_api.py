"""What a notebook shows: every puzzle's model and solutions as pictures, and replays inline.

The pictures are checked through the plugin registry, so every installed puzzle is
held to them: its model (from an example, or built from the parameters) shows as
its SVG picture (``_repr_svg_``, IPython's convention), and so does
``backtrack.picture`` of the model and of a solution, whose ``str`` is the text
form.  Two replays on one page are checked in headless Chromium: each in its own
frame, both drawn, each stepping on its own.
"""

from __future__ import annotations

import filecmp
import html
import xml.etree.ElementTree as ET

import pytest

import backtrack
from backtrack import InputError, Picture, Pictured, Puzzle, Replay, Search, make_manager
from backtrack.cli import main
from backtrack.instances import UsageError, read_instances, read_spec
from test_replay_page import browser, coloured_pixels, open_offline  # noqa: F401 (browser: the fixture)

SVG = "{http://www.w3.org/2000/svg}svg"
PUZZLES = make_manager().puzzles()


def model_of(puzzle: Puzzle):
    """A small instance of ``puzzle``: its smallest example, or the one its default parameters build."""
    if puzzle.examples:
        name = min(puzzle.examples, key=lambda example: (puzzle.examples[example].stat().st_size, example))
        return read_spec(puzzle, read_instances(puzzle, None, name)[0], {})
    return puzzle.make_spec({})


def well_formed(svg: str | None) -> ET.Element:
    assert isinstance(svg, str), "an SVG picture"
    root = ET.fromstring(svg)
    assert root.tag == SVG
    return root


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_puzzles_model_shows_as_its_picture(name):
    puzzle = PUZZLES[name].puzzle
    model = model_of(puzzle)
    assert hasattr(model, "_repr_svg_"), (
        f"the model of {name} ({type(model).__name__}) does not show as a picture in a notebook: "
        f'subclass backtrack.Pictured (class {type(model).__name__}(Pictured, puzzle="{name}"))')
    shown = model._repr_svg_()
    well_formed(shown)
    drawn = backtrack.picture(name, model)
    assert drawn._repr_svg_() == shown
    if puzzle.draw is not None:
        assert shown == puzzle.draw(model, None)  # the puzzle's own drawing, as `backtrack show --format svg`
    assert str(drawn) == (puzzle.text(model).rstrip("\n") if puzzle.text is not None else repr(model))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_puzzles_solution_shows_as_its_picture_and_prints_as_its_text(name, tmp_path):
    puzzle = PUZZLES[name].puzzle
    model = model_of(puzzle)
    solution = puzzle.make_search(model, {}).first()
    assert solution is not None
    drawn = backtrack.picture(puzzle, model, solution)
    well_formed(drawn._repr_svg_())
    if puzzle.draw is not None:
        assert drawn.svg == puzzle.draw(model, solution)
    assert str(drawn) == puzzle.render(model, solution)
    saved = drawn.save(tmp_path / "solution.svg")
    assert saved.read_text(encoding="utf-8") == drawn.svg


def test_a_model_keeps_its_text_and_gains_nothing_but_its_picture():
    assert {name for name in vars(Pictured) if not name.startswith("__")} == {"_repr_svg_", "pictured_as"}
    queens = PUZZLES["queens"].puzzle
    board = queens.make_spec({"n": 5})
    assert str(board) == repr(board) == "Queens(5)"
    assert type(board).pictured_as == "queens"


def test_a_model_of_a_puzzle_not_installed_shows_as_text():
    class Orphan(Pictured, puzzle="no-such-puzzle"):
        pass

    class Plain(Pictured):
        pass

    assert Orphan()._repr_svg_() is None and Plain()._repr_svg_() is None


class Pick(Search):
    """Choose 2 of 3 items in order: 6 solutions."""

    def __init__(self, spec):
        self.picked = []

    def moves(self, level):
        return [item for item in "abc" if item not in self.picked]

    def valid(self, level, move):
        return True

    def record(self, level, move):
        self.picked.append(move)

    def undo(self, level, move):
        self.picked.pop()

    def done(self, level):
        return len(self.picked) == 2

    def solution(self, path):
        return "".join(self.picked)


PICK = Puzzle(name="pick", description="two of three", parse=lambda text, source: None,
              search=lambda spec, **params: Pick(spec), render=lambda spec, solution: f"picked <{solution}>")


def test_a_puzzle_that_does_not_draw_gets_its_text_as_a_picture():
    drawn = backtrack.picture(PICK, None, "ab")
    assert str(drawn) == "picked <ab>"
    root = well_formed(drawn._repr_svg_())
    assert "picked <ab>" in "".join(root.itertext())
    assert backtrack.picture(PICK, None) == Picture(drawn.svg.replace("picked &lt;ab&gt;", "None"), "None", "pick")


def test_read_instance_reads_as_the_command_does(tmp_path):
    url = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
    assert backtrack.read_instance("tents", url) == read_spec(
        PUZZLES["tents"].puzzle, read_instances(PUZZLES["tents"].puzzle, url, None)[0], {})
    tutorial = backtrack.read_instance("tents", example="tutorial")
    text = PUZZLES["tents"].puzzle.text(tutorial)
    assert backtrack.read_instance("tents", text) == tutorial
    (tmp_path / "camp.txt").write_text(text, encoding="utf-8")
    assert backtrack.read_instance("tents", tmp_path / "camp.txt") == tutorial
    assert backtrack.read_instance("queens", params={"n": 6}) == PUZZLES["queens"].puzzle.make_spec({"n": 6})
    with pytest.raises(InputError, match=r"<text>:2"):
        backtrack.read_instance("tents", "1 1\n1 TX\n")
    with pytest.raises(UsageError, match="cannot read"):
        backtrack.read_instance("tents", tmp_path / "missing.txt")
    with pytest.raises(UsageError, match="no example"):
        backtrack.read_instance("tents", example="nonesuch")
    with pytest.raises(ValueError, match="from 1 to 64"):
        backtrack.read_instance("queens", params={"n": 0})
    with pytest.raises(ValueError, match="no parameter 'size'"):
        backtrack.read_instance("queens", params={"size": 8})


@pytest.mark.parametrize("arguments, call", [
    (["tents", "--example", "tutorial", "-p", "method=tutorial"],
     lambda: backtrack.replay("tents", example="tutorial", params={"method": "tutorial"})),
    (["queens", "-p", "n=5", "-p", "method=classic", "--mode", "unique"],
     lambda: backtrack.replay("queens", params={"n": 5, "method": "classic"}, mode="unique")),
])
def test_a_replay_saves_the_page_backtrack_replay_writes(arguments, call, tmp_path, capsys):
    made = call()
    assert isinstance(made, Replay)
    made.save(tmp_path / "notebook.html")
    assert main(["replay", *arguments, "-o", str(tmp_path / "command.html")]) == 0
    printed = capsys.readouterr().out
    assert filecmp.cmp(tmp_path / "notebook.html", tmp_path / "command.html", shallow=False)
    assert printed.startswith(f"wrote {tmp_path / 'command.html'}: ") and printed.split(": ", 1)[1].strip() in str(made)


def test_a_replay_shows_as_its_page_in_a_frame_of_its_own():
    made = backtrack.replay(PICK, "any", title="<b>&amp; · ünïcode</b>")
    shown = made._repr_html_()
    assert shown.isascii()  # whatever the encoding of the page around it
    assert shown.startswith('<iframe class="backtrack-replay" ') and shown.endswith("></iframe>")
    assert shown.count("<") == 2 and 'sandbox="allow-scripts"' in shown  # the page is all in the attribute
    page = html.unescape(shown.split('srcdoc="', 1)[1].rsplit('"', 1)[0])
    assert page == made.page()
    assert str(made) == "replay of pick: 33 events, 9 attempts, 6 solutions"
    assert made.recording.source == "<b>&amp; · ünïcode</b>"
    alone = backtrack.replay(None, search=Pick(None), mode="first")
    assert alone.recording.solutions == 1 and alone.recording.puzzle == "Pick" and not alone.recording.drawn


def test_a_replay_of_a_failing_search_raises_with_the_events_before_the_error():
    from backtrack.run import PluginFailed

    class Broken(Pick):
        def valid(self, level, move):
            if level == 1:
                raise ZeroDivisionError("a bug")
            return True

    with pytest.raises(PluginFailed, match="ZeroDivisionError") as raised:
        backtrack.replay(None, search=Broken(None))
    assert "ZeroDivisionError" in str(Replay(raised.value.recording).page())
    with pytest.raises(ValueError, match="mode"):
        backtrack.replay(PICK, "any", mode="count")
    with pytest.raises(ValueError, match="give an instance"):
        backtrack.replay(PICK)


def test_two_replays_on_one_page_each_work_on_their_own(browser, tmp_path):  # noqa: F811 (the fixture)
    tents = backtrack.replay("tents", example="tutorial", params={"method": "tutorial"})
    queens = backtrack.replay("queens", params={"n": 5, "method": "classic"})
    page = tmp_path / "notebook.html"
    page.write_text("<!DOCTYPE html><html><body><h1>two replays</h1>" + tents._repr_html_() + "<p>and</p>"
                    + queens._repr_html_() + "</body></html>", encoding="ascii")
    open_offline(browser, page)
    frames = browser.find_elements("tag name", "iframe")
    assert len(frames) == 2
    expected = [("tents", tents.recording), ("queens", queens.recording)]
    for frame, (name, recording) in zip(frames, expected, strict=True):
        browser.switch_to.frame(frame)
        try:
            assert browser.find_element("id", "title").text == f"{name} \u00b7 {recording.source}"
            assert browser.find_element("id", "event-count").text == str(len(recording.events))
            for _ in range(3):
                browser.find_element("id", "forward").click()
            assert browser.find_element("id", "event-number").text == "3"
            assert browser.find_element("id", "attempt").text == str(recording.events[2]["attempt"])
            assert coloured_pixels(browser.find_element("id", "board").screenshot_as_png) > 200, "the board is drawn"
            assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
        finally:
            browser.switch_to.default_content()
    browser.switch_to.frame(frames[0])  # stepping the second left the first where it was
    assert browser.find_element("id", "event-number").text == "3"
    browser.switch_to.default_content()
    assert [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"] == []


def test_the_notebook_pages_examples_run_as_printed(tmp_path, monkeypatch, capsys):
    import re

    from docs_pages import page

    blocks = re.findall(r"```python\n(.*?)```", page("notebooks.md"), re.S)
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    for number, code in enumerate(blocks, 1):
        exec(compile(code, f"notebooks.md, example {number}", "exec"), {"__name__": f"example_{number}"})
    printed = capsys.readouterr().out
    for comment in re.findall(r"print\(\w+\)\s+# (replay of .*)", page("notebooks.md")):
        assert comment in printed
    assert (tmp_path / "eight.svg").is_file() and (tmp_path / "tutorial.html").is_file()
