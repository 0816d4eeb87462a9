"""Kendoku's pictures: cages and their targets, a solution, a partial state in a real search, the move, the replay.

Pieces are found by their class and placed in cells by their coordinates, read
against the frame of the grid: nothing here uses the plugin's own geometry.
"""

from __future__ import annotations

from pathlib import Path

from backtrack.recording import record
from backtrack_puzzles import kendoku
from backtrack_puzzles.latin import values_of
from svg_checks import (cell_under, checked_latin_attempts, drawn_replay, grid_frame, latin_mark, of_class,
                        state_at_depth, texts_by_cell)

PUZZLE = kendoku.PUZZLE
SIGNS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "\u00f7", "": ""}


def example(name: str) -> kendoku.Kendoku:
    return kendoku.parse(PUZZLE.example(name).read_text(encoding="utf-8"), name)


def borders(spec: kendoku.Kendoku) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of side-by-side cells in different cages."""
    cage = {cell: index for index, each in enumerate(spec.cages) for cell in each.cells}
    pairs = set()
    for (r, c), index in cage.items():
        for near in ((r, c + 1), (r + 1, c)):
            if near in cage and cage[near] != index:
                pairs.add(((r, c), near))
    return pairs


def test_the_puzzle_alone_shows_the_cages_and_their_targets_only():
    spec = example("six")
    svg = PUZZLE.draw(spec, None)
    labels = texts_by_cell(svg, "cage-label", 6)
    assert labels == {min(cage.cells): [f"{cage.target}{SIGNS[cage.operation]}"] for cage in spec.cages}
    left, top, width, _ = grid_frame(svg, square=True)
    side = width / 6
    for element in of_class(svg, "cage-label"):  # small, in the top left corner of its cell
        r, c = cell_under(svg, 6, float(element.get("x", 0)), float(element.get("y", 0)), square=True)
        assert float(element.get("x", 0)) - (left + c * side) < 0.2 * side
        assert float(element.get("y", 0)) - (top + r * side) < 0.4 * side
        assert float(element.get("font-size", 0)) < 0.35 * side
    assert of_class(svg, "placed") == [] and of_class(svg, "candidate") == [] and of_class(svg, "given") == []


def test_cage_borders_are_drawn_exactly_between_cells_of_different_cages():
    for name in ("four", "six", "nine-hard"):
        spec = example(name)
        svg = PUZZLE.draw(spec, None)
        left, top, width, _ = grid_frame(svg, square=True)
        side = width / spec.n
        drawn = set()
        for line in of_class(svg, "cage"):
            x1, y1, x2, y2 = (round((float(line.get(k, 0)) - origin) / side, 6)
                              for k, origin in (("x1", left), ("y1", top), ("x2", left), ("y2", top)))
            if x1 == x2:  # a border between columns x1 - 1 and x1
                drawn.add(((int(y1), int(x1) - 1), (int(y1), int(x1))))
            else:
                drawn.add(((int(y1) - 1, int(x1)), (int(y1), int(x1))))
        assert len(of_class(svg, "cage")) == len(drawn) == len(borders(spec))
        assert drawn == borders(spec)
        assert {float(line.get("stroke-width", 0)) for line in of_class(svg, "cage")} == {3.0}  # thick


def test_a_solution_shows_every_digit():
    spec = example("nine-hard")
    solution = PUZZLE.search(spec).first()
    assert kendoku.check(spec, solution) == []
    svg = PUZZLE.draw(spec, solution)
    digits = texts_by_cell(svg, "placed", 9)
    assert digits == {(r, c): [str(solution[r][c])] for r in range(9) for c in range(9)}
    assert len(of_class(svg, "cage-label")) == len(spec.cages) and of_class(svg, "candidate") == []


def test_a_partial_state_shows_exactly_the_digits_decided_and_the_candidates_of_the_rest():
    spec = example("nine-hard")
    state, path, cand = state_at_depth(PUZZLE.search(spec), 2)
    for cell, mask in enumerate(cand):
        assert state[cell // 9][cell % 9] == (mask.bit_length() if mask.bit_count() == 1 else values_of(mask))
    svg = PUZZLE.draw(spec, state)
    decided = {(r, c) for r in range(9) for c in range(9) if isinstance(state[r][c], int)}
    assert 0 < len(decided) < 81
    assert texts_by_cell(svg, "placed", 9) == {(r, c): [str(state[r][c])] for r, c in decided}
    for cell, value in path:
        assert state[cell // 9][cell % 9] == value
    candidates = texts_by_cell(svg, "candidate", 9)
    assert {cell: sorted(shown) for cell, shown in candidates.items()} == {
        (r, c): [str(value) for value in state[r][c]] for r in range(9) for c in range(9) if (r, c) not in decided}
    left, top, width, _ = grid_frame(svg, square=True)
    side = width / 9
    for element in of_class(svg, "candidate"):  # below the corner that holds a cage's target
        r, _ = cell_under(svg, 9, float(element.get("x", 0)), float(element.get("y", 0)), square=True)
        assert float(element.get("y", 0)) - (top + r * side) - float(element.get("font-size", 0)) / 2 > 0.3 * side


def test_draw_move_highlights_the_cell_a_decision_sets():
    spec = example("six")
    fragment = PUZZLE.draw_move(spec, (2 * 6 + 5, 4))
    assert latin_mark(PUZZLE.draw(spec, None), fragment, 6) == ((2, 5), ["4"])


def test_a_recording_draws_every_event_and_marks_every_attempt():
    spec = example("nine-hard")
    recording = record(PUZZLE, spec, PUZZLE.search(spec), mode="first", max_events=60)
    attempts = checked_latin_attempts(PUZZLE, spec, recording)
    assert len(attempts) >= 10
    for event in attempts:
        assert len(of_class(recording.frames[event["frame"]], "cage-label")) == len(spec.cages)


def test_the_replay_page_shows_the_puzzles_own_drawings(tmp_path: Path):
    data = drawn_replay(tmp_path / "kendoku.html", "kendoku", "--example", "six")
    assert all('class="cage-label"' in frame for frame in data["frames"])
