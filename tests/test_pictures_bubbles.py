"""Bubbles and blocks' pictures: the puzzle alone, a solution, a search in progress and its moves, as SVG."""

from __future__ import annotations

import pytest

from backtrack.recording import record
from backtrack.svg import Grid
from backtrack_puzzles import bubbles
from backtrack_puzzles.bubbles import PUZZLE, BubblesGrid, Puzzel, draw, draw_move, parse
from svg_checks import drawn_replay, highlight_corner, of_class, parsed, states_along

INTRO = "#AAB\nCDDB\nCDBB\nCD#B\n"


def example(name: str) -> BubblesGrid:
    return parse(PUZZLE.examples[name].read_text())


def squares(grid: BubblesGrid, svg: str, kind: str) -> list[tuple[int, int]]:
    """The squares holding the pieces of ``kind`` (bubbles, blocks, green squares), sorted."""
    canvas = Grid(grid.rows, grid.cols)
    found = []
    for element in of_class(svg, kind):
        x = float(element.get("cx") or float(element.get("x")) + 1)
        y = float(element.get("cy") or float(element.get("y")) + 1)
        found.append((int((y - canvas.top) // canvas.cell), int((x - canvas.left) // canvas.cell)))
    return sorted(found)


def borders(lines: list[str]) -> int:
    """The sides between two squares of different regions (a green square counting as one of its own)."""
    rows, cols = len(lines), len(lines[0])
    across = sum(lines[r][k] != lines[r][k + 1] for r in range(rows) for k in range(cols - 1))
    down = sum(lines[r][k] != lines[r + 1][k] for r in range(rows - 1) for k in range(cols))
    return across + down


def border_sides(svg: str) -> float:
    """The length of the borders drawn, in sides of squares (each border is a straight line on the lattice)."""
    lengths = [abs(float(line.get("x2")) - float(line.get("x1"))) + abs(float(line.get("y2")) - float(line.get("y1")))
               for line in of_class(svg, "border")]
    return sum(lengths) / Grid(1, 1).cell


def test_the_puzzle_alone_shows_regions_and_green_squares_without_objects():
    grid = parse(INTRO)
    svg = draw(grid, None)
    assert "bubbles" in parsed(svg).get("class")
    assert squares(grid, svg, "green") == [(0, 0), (3, 2)]
    assert border_sides(svg) == pytest.approx(borders(INTRO.split())) and borders(INTRO.split()) == 14
    assert len(of_class(svg, "border")) == 7  # drawn as straight stretches: 3 across, 1 + 1 + 2 down
    (group,) = of_class(svg, "borders")
    assert float(group.get("stroke-width")) > 2  # thick, as regions are drawn
    assert of_class(svg, "bubble") == [] and of_class(svg, "block") == []


def test_objects_placed_in_advance_belong_to_the_puzzle():
    grid = parse(INTRO)
    grid.place_bubble(0, 1)
    grid.place_block(3, 0)
    svg = draw(grid, None)
    assert squares(grid, svg, "bubble") == [(0, 1)] and squares(grid, svg, "block") == [(3, 0)]
    assert draw(Puzzel.from_grid(grid), None) == svg  # the exercise's façade draws the same


@pytest.mark.parametrize("name", ["intro", "unique-8x8", "generated-15x20"])
def test_a_solution_shows_every_region_s_bubble_and_block(name):
    grid = example(name)
    solution = bubbles.search(grid).first()
    svg = draw(grid, solution)
    assert squares(grid, svg, "bubble") == sorted(bubble for bubble, _ in solution.values())
    assert squares(grid, svg, "block") == sorted(block for _, block in solution.values())
    assert len(of_class(svg, "bubble")) == len(of_class(svg, "block")) == len(grid.regions)
    assert len(of_class(svg, "green")) == sum(line.count("#") for line in grid.lines)
    assert border_sides(svg) == pytest.approx(borders(list(grid.lines)))


def test_a_search_in_progress_shows_exactly_the_objects_decided():
    grid = example("generated-10x12")
    found, seen, solved = states_along(bubbles.search(grid))
    plain = bubbles.search(grid)
    assert list(plain.solutions()) == found and len(found) > 1  # partial changes nothing
    for path, state in seen:
        assert set(state) == set(grid.regions)
        for letter, kind, where in path:
            assert state[letter][kind == "*"] == where
        for letter, (bubble, block) in state.items():
            for where in (bubble, block):
                assert where is None or where in grid.regions[letter]
        svg = draw(grid, state)
        assert squares(grid, svg, "bubble") == sorted(b for b, _ in state.values() if b is not None)
        assert squares(grid, svg, "block") == sorted(b for _, b in state.values() if b is not None)
    assert any(None in pair for _, state in seen for pair in state.values()), "some object is still undecided"
    assert solved == found


def test_a_recording_draws_every_frame_and_marks_each_move():
    grid = example("generated-10x12")
    recording = record(PUZZLE, grid, bubbles.search(grid), mode="all", max_events=60)
    assert recording.drawn and len(recording.frames) > 3
    canvas = Grid(grid.rows, grid.cols)
    for frame in recording.frames:
        assert len(of_class(frame, "green")) == sum(line.count("#") for line in grid.lines)
    for event in recording.events:
        if event["kind"] == "attempt":
            words = event["move"].replace(",", "").split()  # "bubble of region A at row 1, column 2"
            row, col = int(words[-3]) - 1, int(words[-1]) - 1
            corner = highlight_corner(recording.marks[event["mark"]])
            assert corner == pytest.approx((canvas.x(col) + 2, canvas.y(row) + 2))


@pytest.mark.parametrize("move", [("B", "O", (2, 1)), ("B", "*", (2, 1)), ["B", "*", [2, 1]]])
def test_draw_move_highlights_the_square_of_the_decision(move):
    grid = parse(INTRO)
    text = draw_move(grid, move)
    assert not text.startswith("<svg")
    canvas = Grid(grid.rows, grid.cols)
    assert highlight_corner(text) == pytest.approx((canvas.x(1) + 2, canvas.y(2) + 2))


def test_the_replay_command_writes_a_page_of_bubbles_drawings(tmp_path, capsys):
    data = drawn_replay(tmp_path / "bubbles.html", "bubbles", "--example", "generated-10x12", "--mode", "first")
    assert all('class="border"' in frame for frame in data["frames"])
    assert any('class="bubble"' in frame and 'class="block"' in frame for frame in data["frames"])
    assert "wrote" in capsys.readouterr().out
