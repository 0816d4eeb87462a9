"""Akari's pictures: the puzzle alone, a solution, a search in progress and the move it makes, as SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from backtrack.recording import record
from backtrack.svg import Grid
from backtrack_puzzles import akari
from backtrack_puzzles.akari import PUZZLE, Akari, Choice, Decided, draw, draw_move, parse
from svg_checks import SVG, drawn_replay, highlight_corner, highlight_of, of_class, parsed, states_along


def example(name: str) -> akari.LightUp:
    return parse(PUZZLE.examples[name].read_text())


def cell_of(spec: akari.LightUp, element: ET.Element) -> tuple[int, int]:
    """The cell a circle, a text or a group's first circle stands in."""
    if element.tag == SVG + "g":
        element = element.find(SVG + "circle")
    x = float(element.get("cx") or element.get("x"))
    y = float(element.get("cy") or element.get("y"))
    grid = Grid(spec.rows, spec.cols)
    return int((y - grid.top) // grid.cell), int((x - grid.left) // grid.cell)


def test_the_puzzle_alone_shows_its_black_cells_and_numbers_and_nothing_else():
    spec = example("exercise")
    svg = draw(spec, None)
    assert svg.startswith("<svg") and "akari" in parsed(svg).get("class")
    assert len(of_class(svg, "black")) == len(spec.black) == 6
    clues = of_class(svg, "clue")
    assert sorted((cell_of(spec, text), int(text.text)) for text in clues) == sorted(spec.numbers.items())
    for kind in ("lamp", "lit", "lamp-cell", "no-lamp"):
        assert of_class(svg, kind) == [], kind


def test_a_solution_shows_its_lamps_and_every_other_white_cell_lit():
    spec = example("exercise")
    solution = akari.search(spec).first()
    svg = draw(spec, solution)
    lamps = of_class(svg, "lamp")
    assert sorted(cell_of(spec, lamp) for lamp in lamps) == sorted(solution)
    whites = len(spec.whites())
    assert len(of_class(svg, "lit")) == whites - len(solution)
    assert len(of_class(svg, "lamp-cell")) == len(solution)
    assert of_class(svg, "no-lamp") == []  # a solution lights every cell: nothing is left to mark
    assert len(of_class(svg, "black")) == len(spec.black)
    # The exercise's façade draws the same.
    assert draw(Akari.of(spec), solution) == svg


def test_a_search_in_progress_shows_exactly_what_is_decided():
    spec = example("small")
    search = akari.search(spec, probe="no")
    found, seen, solved = states_along(search)
    assert len(found) == 1 and seen
    plain = akari.search(spec, probe="no")
    # partial changes nothing
    assert list(plain.solutions()) == found and plain.report.attempts == search.report.attempts
    for path, state in seen:
        lamps, no_lamp = set(state.lamps), set(state.no_lamp)
        assert not lamps & no_lamp and (lamps | no_lamp) <= set(spec.whites())
        for row, col, lamp in path:  # every decision made is shown, with what propagation decided after it
            assert ((row, col) in lamps) == lamp and ((row, col) in no_lamp) != lamp
        lit = spec.lit_by(lamps)
        assert lit <= no_lamp  # a lamp rules out a lamp on every cell it lights
        svg = draw(spec, state)
        assert sorted(cell_of(spec, lamp) for lamp in of_class(svg, "lamp")) == sorted(lamps)
        assert len(of_class(svg, "lit")) == len(lit - lamps)
        assert sorted(cell_of(spec, dot) for dot in of_class(svg, "no-lamp")) == sorted(no_lamp - lit)
        assert len(of_class(svg, "black")) == len(spec.black)
    assert any(set(state.no_lamp) - spec.lit_by(state.lamps) for _, state in seen), "some unlit cell is ruled out"
    # At the solution the state is the solution, complete: every white cell decided.
    assert [state.lamps for state in solved] == found
    assert len(solved[0].lamps) + len(solved[0].no_lamp) == len(spec.whites())


def test_the_start_shows_what_the_clues_alone_decide():
    spec = example("exercise")  # solved by propagation before any decision
    search = akari.search(spec)
    assert search.partial(()) == Decided((), ())  # before the search begins nothing is decided
    recording = record(PUZZLE, spec, search, mode="first")
    start = recording.frames[recording.start_frame]
    assert recording.drawn and recording.attempts == 0
    assert len(of_class(start, "lamp")) == len(search.first())
    assert start == draw(spec, search.first())


def test_a_recording_draws_every_frame_and_marks_each_move():
    spec = example("small")
    recording = record(PUZZLE, spec, akari.search(spec, probe="no"), mode="first", max_events=30)
    assert recording.drawn and len(recording.frames) > 3
    for frame in recording.frames:
        assert len(of_class(frame, "black")) == len(spec.black)
    lamps = [len(of_class(frame, "lamp")) for frame in recording.frames]
    assert min(lamps) < max(lamps)
    grid = Grid(spec.rows, spec.cols)
    for event in recording.events:
        if event["kind"] == "attempt":
            words = event["move"].split()  # "lamp at row 3, column 5" or "no lamp at row 3, column 5"
            row, col = int(words[-3].rstrip(",")) - 1, int(words[-1]) - 1
            assert highlight_corner(recording.marks[event["mark"]]) == pytest.approx((grid.x(col) + 2, grid.y(row) + 2))


@pytest.mark.parametrize("move", [Choice(2, 3, True), Choice(2, 3, False), (2, 3, True)])
def test_draw_move_highlights_the_cell_of_the_decision(move):
    spec = example("exercise")
    fragment = draw_move(spec, move)
    assert not fragment.startswith("<svg")
    grid = Grid(spec.rows, spec.cols)
    assert highlight_corner(fragment) == pytest.approx((grid.x(3) + 2, grid.y(2) + 2))
    assert float(highlight_of(fragment).get("width")) == pytest.approx(grid.cell - 4)


def test_the_replay_command_writes_a_page_of_akari_drawings(tmp_path, capsys):
    data = drawn_replay(tmp_path / "akari.html", "akari", "--example", "small", "-p", "probe=no")
    assert all('class="black"' in frame for frame in data["frames"])
    assert any('class="lamp"' in frame for frame in data["frames"])
    assert "wrote" in capsys.readouterr().out
