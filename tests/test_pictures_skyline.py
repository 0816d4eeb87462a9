"""Skyline's pictures: the clues around the grid, a solution, a partial state in a real search, the move, the replay.

Pieces are found by their class and placed by their coordinates, read against
the frame of the grid: nothing here uses the plugin's own geometry.
"""

from __future__ import annotations

from pathlib import Path

from backtrack.recording import record
from backtrack_puzzles import skyline
from backtrack_puzzles.latin import values_of
from svg_checks import (checked_latin_attempts, drawn_replay, grid_place, latin_mark, of_class, parsed, state_at_depth,
                        texts_by_cell)

PUZZLE = skyline.PUZZLE


def example(name: str) -> skyline.Skyline:
    return skyline.parse(PUZZLE.example(name).read_text(encoding="utf-8"), name)


def clues_drawn(svg: str, n: int) -> dict[tuple[str, int], str]:
    """The clues by (side, index), the side found from where each stands outside the frame."""
    found = {}
    for element in of_class(svg, "clue"):
        row, column = grid_place(svg, n, float(element.get("x", 0)), float(element.get("y", 0)), square=True)
        if row < 0:
            key = ("top", int(column))
        elif row > n:
            key = ("bottom", int(column))
        elif column < 0:
            key = ("left", int(row))
        else:
            assert column > n, "a clue stands outside the frame"
            key = ("right", int(row))
        assert key not in found
        found[key] = element.text or ""
    return found


def expected_clues(spec: skyline.Skyline) -> dict[tuple[str, int], str]:
    sides = zip(skyline.SIDES, (spec.top, spec.bottom, spec.left, spec.right), strict=True)
    return {(side, index): str(clue) for side, clues in sides for index, clue in enumerate(clues) if clue}


def test_the_puzzle_alone_shows_the_clues_around_the_grid_and_the_givens():
    spec = example("eight-hard")  # 21 clues and 4 given heights
    svg = PUZZLE.draw(spec, None)
    assert clues_drawn(svg, 8) == expected_clues(spec) and len(expected_clues(spec)) == 21
    givens = {(r, c): [str(v)] for r in range(8) for c in range(8) if (v := spec.givens[r][c])}
    assert texts_by_cell(svg, "given", 8) == givens and len(givens) == 4
    assert of_class(svg, "placed") == [] and of_class(svg, "candidate") == []
    width = float(parsed(svg).get("width", 0))
    for element in of_class(svg, "clue"):  # inside the picture, not clipped
        x, y, size = (float(element.get(k, 0)) for k in ("x", "y", "font-size"))
        assert size / 2 < x < width - size / 2 and size / 2 < y < width - size / 2


def test_a_solution_shows_every_height_and_a_large_grid_stays_whole():
    spec = example("eight-hard")
    solution = PUZZLE.search(spec).first()
    svg = PUZZLE.draw(spec, solution)
    given = texts_by_cell(svg, "given", 8)
    placed = texts_by_cell(svg, "placed", 8)
    assert {**given, **placed} == {(r, c): [str(solution[r][c])] for r in range(8) for c in range(8)}
    assert len(placed) == 64 - 4
    large = skyline.generate(16, seed=3, unique=False)
    svg = PUZZLE.draw(large, None)
    assert clues_drawn(svg, 16) == expected_clues(large)
    assert float(parsed(svg).get("width", 0)) < 800


def test_a_partial_state_shows_exactly_the_heights_decided_and_the_candidates_of_the_rest():
    spec = example("eight-hard")
    state, path, cand = state_at_depth(PUZZLE.search(spec), 2)
    for cell, mask in enumerate(cand):
        assert state[cell // 8][cell % 8] == (mask.bit_length() if mask.bit_count() == 1 else values_of(mask))
    svg = PUZZLE.draw(spec, state)
    decided = {(r, c) for r in range(8) for c in range(8) if isinstance(state[r][c], int)}
    givens = {(r, c) for r in range(8) for c in range(8) if spec.givens[r][c]}
    assert givens < decided < {(r, c) for r in range(8) for c in range(8)}
    assert texts_by_cell(svg, "placed", 8) == {(r, c): [str(state[r][c])] for r, c in decided - givens}
    for cell, value in path:
        assert state[cell // 8][cell % 8] == value and divmod(cell, 8) in decided - givens
    candidates = texts_by_cell(svg, "candidate", 8)
    assert {cell: sorted(shown) for cell, shown in candidates.items()} == {
        (r, c): [str(value) for value in state[r][c]] for r in range(8) for c in range(8) if (r, c) not in decided}
    assert clues_drawn(svg, 8) == expected_clues(spec)


def test_draw_move_highlights_the_cell_a_decision_sets():
    spec = example("five")
    fragment = PUZZLE.draw_move(spec, (4 * 5 + 0, 3))
    assert latin_mark(PUZZLE.draw(spec, None), fragment, 5) == ((4, 0), ["3"])


def test_a_recording_draws_every_event_and_marks_every_attempt():
    spec = example("eight-hard")
    recording = record(PUZZLE, spec, PUZZLE.search(spec), mode="first", max_events=60)
    assert len(checked_latin_attempts(PUZZLE, spec, recording)) >= 10


def test_the_replay_page_shows_the_puzzles_own_drawings(tmp_path: Path):
    data = drawn_replay(tmp_path / "skyline.html", "skyline", "--example", "five-several")
    assert all('class="clue' in frame for frame in data["frames"])
