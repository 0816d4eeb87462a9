"""Sudoku's pictures: the puzzle alone, a solution, a partial state in a real search, the move marked, the replay.

Pieces are found by their class and placed in cells by their coordinates, read
against the frame of the grid: nothing here uses the plugin's own geometry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from backtrack.recording import record
from backtrack_puzzles import sudoku
from backtrack_puzzles.latin import values_of
from svg_checks import (checked_latin_attempts, drawn_replay, grid_frame, latin_mark, of_class, parsed, state_at_depth,
                        states_along, texts_by_cell)

PUZZLE = sudoku.PUZZLE


def example(name: str) -> sudoku.Sudoku:
    text = PUZZLE.example(name).read_text(encoding="utf-8")
    return sudoku.parse(sudoku.split(text)[0][1] if name == "batch" else text, name)


def cells(spec: sudoku.Sudoku) -> list[tuple[int, int]]:
    return [(r, c) for r in range(spec.n) for c in range(spec.n)]


def symbol(value: int) -> str:
    return sudoku.SYMBOLS[value - 1]


# -- the puzzle alone and a solution -------------------------------------------------------


def test_the_puzzle_alone_shows_the_givens_in_ink_and_the_box_borders_only():
    spec = example("hardest")
    svg = PUZZLE.draw(spec, None)
    givens = {(r, c): [symbol(v)] for r, c in cells(spec) if (v := spec.givens[r][c])}
    assert texts_by_cell(svg, "given", 9) == givens
    assert all(element.get("fill") == "#1d2430" for element in of_class(svg, "given"))  # the ink
    assert of_class(svg, "placed") == [] and of_class(svg, "candidate") == [] and of_class(svg, "highlight") == []
    assert len(of_class(svg, "box")) == 4  # two thick lines across, two down
    assert svg.startswith("<svg") and svg.endswith("</svg>")


@pytest.mark.parametrize("name, tall, wide", [("four", 2, 2), ("hardest", 3, 3), ("sixteen", 4, 4),
                                              ("twentyfive", 5, 5), ("six", 2, 3), ("six-tall-boxes", 3, 2),
                                              ("twelve", 3, 4)])
def test_box_borders_of_every_box_shape_lie_between_the_boxes(name, tall, wide):
    spec = example(name)
    svg = PUZZLE.draw(spec, None)
    left, top, width, height = grid_frame(svg, square=True)
    side = width / spec.n
    lines = of_class(svg, "box")
    down = [line for line in lines if line.get("x1") == line.get("x2")]
    across = [line for line in lines if line.get("y1") == line.get("y2")]
    assert len(down) == spec.n // wide - 1 and len(across) == spec.n // tall - 1 and len(lines) == len(down + across)
    # the lines down lie between the stacks of boxes (every `wide` columns), the lines across between the bands
    assert sorted(round((float(line.get("x1", 0)) - left) / side, 6) for line in down) == [
        float(k) for k in range(wide, spec.n, wide)]
    assert sorted(round((float(line.get("y1", 0)) - top) / side, 6) for line in across) == [
        float(k) for k in range(tall, spec.n, tall)]
    # and each runs the whole grid
    assert all({float(line.get("y1", 0)), float(line.get("y2", 0))} == {top, top + height} for line in down)
    assert all({float(line.get("x1", 0)), float(line.get("x2", 0))} == {left, left + width} for line in across)


@pytest.mark.parametrize("size", sudoku.SIZES)
def test_every_size_is_drawn_200_to_700_pixels_wide_with_its_default_boxes(size):
    spec = sudoku.generate(sudoku.DEFAULT_BOX[size], seed=size, unique=False)
    svg = PUZZLE.draw(spec, None)
    _, _, width, _ = grid_frame(svg, square=True)
    assert 200 <= width <= 700
    tall, wide = sudoku.DEFAULT_BOX[size]
    assert len(of_class(svg, "box")) == size // wide - 1 + size // tall - 1
    assert len(texts_by_cell(svg, "given", size)) == size * size // 4


def test_a_solution_shows_every_value_givens_in_ink_the_rest_placed():
    spec = example("sixteen")
    solution = PUZZLE.search(spec).first()
    svg = PUZZLE.draw(spec, solution)
    given = texts_by_cell(svg, "given", 16)
    placed = texts_by_cell(svg, "placed", 16)
    assert given.keys() | placed.keys() == set(cells(spec)) and not given.keys() & placed.keys()
    for (r, c), (text,) in {**given, **placed}.items():
        assert text == symbol(solution[r][c])  # 10 to 16 as A to G, as the input writes them
    assert len(placed) == sum(1 for r, c in cells(spec) if not spec.givens[r][c])
    assert {element.get("fill") for element in of_class(svg, "placed")} == {"#2456b8"}
    assert of_class(svg, "candidate") == []


# -- a partial state in the middle of a real search ------------------------------------------


def test_a_partial_state_shows_exactly_what_is_decided_and_the_candidates_of_the_rest():
    spec = example("batch")  # 154 attempts: the search decides many times
    state, path, cand = state_at_depth(PUZZLE.search(spec), 3)
    n = spec.n
    for cell, mask in enumerate(cand):  # the state is read off the candidates
        held = state[cell // n][cell % n]
        assert held == (mask.bit_length() if mask.bit_count() == 1 else values_of(mask))
    decided = {(r, c) for r, c in cells(spec) if isinstance(state[r][c], int)}
    givens = {(r, c) for r, c in cells(spec) if spec.givens[r][c]}
    assert givens < decided < set(cells(spec))
    svg = PUZZLE.draw(spec, state)
    placed = texts_by_cell(svg, "placed", n)
    assert placed.keys() == decided - givens
    assert all(text == [str(state[r][c])] for (r, c), text in placed.items())
    for cell, value in path:  # the decisions made are all shown
        assert placed[divmod(cell, n)] == [str(value)]
    candidates = texts_by_cell(svg, "candidate", n)
    assert candidates.keys() == set(cells(spec)) - decided
    for (r, c), shown in candidates.items():
        assert sorted(shown) == [str(value) for value in state[r][c]]


def test_reading_the_partial_state_at_every_step_changes_nothing_in_the_search():
    spec = example("batch")
    plain = PUZZLE.search(spec)
    expected = list(plain.solutions())
    watched = PUZZLE.search(spec)
    found, states, _ = states_along(watched)
    assert found == expected
    assert watched.report.attempts == plain.report.attempts and len(states) > 10


def test_a_cell_left_without_a_value_is_shaded_as_a_contradiction():
    spec = example("four")
    state = [[(), (3, 4), 1, 2], [3, 2, 4, 1], [4, 1, 2, 3], [(1, 2), 4, 3, 4]]  # (0, 0) has no value left
    svg = PUZZLE.draw(spec, state)
    (wrong,) = of_class(svg, "wrong")
    left, top, _, _ = grid_frame(svg, square=True)
    assert (float(wrong.get("x", 0)), float(wrong.get("y", 0))) == (left, top)
    assert texts_by_cell(svg, "candidate", 4) == {(0, 1): ["3", "4"], (3, 0): ["1", "2"]}


# -- the move marked, the recording and the replay page ---------------------------------------


def test_draw_move_highlights_the_cell_a_decision_sets_and_names_the_value():
    spec = example("sixteen")
    fragment = PUZZLE.draw_move(spec, (3 * 16 + 14, 11))
    assert latin_mark(PUZZLE.draw(spec, None), fragment, 16) == ((3, 14), ["B"])


def test_a_recording_draws_every_event_and_marks_every_attempt():
    spec = example("batch")
    search = PUZZLE.search(spec)
    recording = record(PUZZLE, spec, search, mode="first", max_events=80)
    assert recording.drawn and recording.truncated
    # the replay starts on the givens propagated; each attempt marks its cell, and its value is there if valid
    assert len(checked_latin_attempts(PUZZLE, spec, recording)) > 10
    for svg in recording.frames:
        parsed(svg)


def test_the_replay_page_shows_the_puzzles_own_drawings(tmp_path: Path):
    data = drawn_replay(tmp_path / "sudoku.html", "sudoku", "--example", "four")
    assert all('class="given"' in frame for frame in data["frames"])
    assert any('class="placed"' in frame for frame in data["frames"])
