"""Ricochet's pictures: walls, robots in colours, the target, a solution's paths, a search's moves so far, the move."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from backtrack.recording import record
from backtrack_puzzles import ricochet
from backtrack_puzzles.ricochet import PUZZLE, Board, Moves, Ricochet, draw, draw_move, robot_colour
from svg_checks import (cell_under, composed, drawn_replay, grid_frame, highlight_of, of_class, parsed, parsed_mark,
                        solution_picture, states_along)


def example(name: str) -> Ricochet:
    return ricochet.parse(PUZZLE.examples[name].read_text(encoding="utf-8"))


def cell_at(root: ET.Element, board: Board, x: float, y: float) -> int:
    """The number of the cell holding the point ``x``, ``y``, from the board's frame."""
    row, column = cell_under(root, board.cols, x, y)
    assert 0 <= row < board.rows and 0 <= column < board.cols
    return row * board.cols + column


def robots(root: ET.Element, board: Board) -> dict[str, tuple[int, str]]:
    """Each robot drawn, by letter: its cell and its colour."""
    found = {}
    for disc in of_class(root, "robot"):
        (letter,) = [kind.removeprefix("robot-") for kind in disc.get("class").split() if kind.startswith("robot-")]
        found[letter] = (cell_at(root, board, float(disc.get("cx")), float(disc.get("cy"))), disc.get("fill"))
    return found


def after(board: Board, moves: list[str]) -> Board:
    for move in moves:
        board = board.moved(move)
    return board


def expected_robots(board: Board) -> dict[str, tuple[int, str]]:
    return {chr(65 + robot): (cell, robot_colour(robot)) for robot, cell in enumerate(board.robots)}


@pytest.mark.parametrize("name", ["exercise", "classic-12-s39"])
def test_the_puzzle_alone_shows_walls_robots_and_the_target(name):
    spec = example(name)
    board = spec.board
    root = parsed(draw(spec, None))
    assert len(of_class(root, "wall")) == len(board.walls_below) + len(board.walls_right)
    assert robots(root, board) == expected_robots(board)
    assert [letter.text for letter in of_class(root, "robot-letter")] == [chr(65 + r) for r in range(len(board.robots))]
    (target,) = of_class(root, "target")
    assert target.get("stroke") == robot_colour(spec.goal)
    (circle, *_) = target
    assert cell_at(root, board, float(circle.get("cx")), float(circle.get("cy"))) == board.target
    assert of_class(root, "path") == of_class(root, "start") == of_class(root, "step") == []


def test_the_walls_are_on_the_sides_of_their_cells():
    spec = example("exercise")
    board = spec.board
    root = parsed(draw(spec, None))
    left, top, width, _ = grid_frame(root)
    size = width / board.cols
    drawn = set()
    for wall in of_class(root, "wall"):
        x1, y1, x2, y2 = (float(wall.get(name)) for name in ("x1", "y1", "x2", "y2"))
        row, column = round((min(y1, y2) - top) / size), round((min(x1, x2) - left) / size)
        if y1 == y2:  # a wall below the cell above the line
            drawn.add(("below", (row - 1) * board.cols + column))
        else:  # a wall right of the cell left of the line
            drawn.add(("right", row * board.cols + column - 1))
    assert drawn == {("below", cell) for cell in board.walls_below} | {("right", cell) for cell in board.walls_right}


def test_the_goal_robots_colour_marks_the_target():
    spec = example("exercise-green")
    assert spec.goal == 1
    (target,) = of_class(parsed(draw(spec, None)), "target")
    assert target.get("stroke") == robot_colour(1) == "#2e9e4f"  # B is the exercise's green robot
    chosen = ricochet.search(spec, goal="A").first()
    (target,) = of_class(parsed(draw(spec, chosen)), "target")
    assert chosen.goal == 0 and target.get("stroke") == robot_colour(0)  # -p goal=A: the solution says so


@pytest.mark.parametrize("name", ["exercise", "classic-12-s39"])
def test_a_solution_shows_where_the_robots_end_and_the_path_of_every_move(name):
    spec = example(name)
    solution = ricochet.search(spec).first()
    root = parsed(draw(spec, solution))
    end = after(spec.board, list(solution))
    assert robots(root, spec.board) == expected_robots(end)
    assert end.robots[spec.goal] == spec.board.target
    paths = of_class(root, "path")
    assert len(paths) == len(solution)
    assert [step.text for step in of_class(root, "step")] == [str(number) for number in range(1, len(solution) + 1)]
    start = spec.board
    for move, path in zip(solution, paths, strict=True):
        robot = ord(move[0]) - 65
        (line,) = [element for element in path if element.tag.endswith("line")]
        assert line.get("stroke") == robot_colour(robot)
        stop = start.moved(move)
        assert cell_at(root, spec.board, float(line.get("x1")), float(line.get("y1"))) == start.robots[robot]
        assert cell_at(root, spec.board, float(line.get("x2")), float(line.get("y2"))) == stop.robots[robot]
        start = stop
    moved = sum(1 for before, now in zip(spec.board.robots, end.robots, strict=True) if before != now)
    assert len(of_class(root, "start")) == moved


def test_every_frame_of_a_recorded_search_shows_the_robots_where_the_moves_so_far_put_them():
    spec = example("exercise")
    recording = record(PUZZLE, spec, ricochet.search(spec), mode="first", max_events=600)
    path: list[str] = []
    for event in recording.events:
        if event["kind"] == "record":
            path.append(event["move"].strip("'"))
        elif event["kind"] == "undo":
            path.pop()
        root = parsed(recording.frames[event["frame"]])
        assert robots(root, spec.board) == expected_robots(after(spec.board, path)), event
        assert len(of_class(root, "path")) == len(path)
    assert recording.truncated or recording.solutions == 1


def test_partial_is_the_moves_made_so_far_with_the_goal_robot():
    spec = example("classic-07-s1")  # the exercise's board is solved in 6 states: too few to see the path grow
    (solution,), seen, _ = states_along(ricochet.search(spec, goal="B"), 1)
    assert seen[-1][1] == solution and len(seen) > 10
    assert all(state == moves and isinstance(state, Moves) and state.goal == 1 for moves, state in seen)


def resolve(frame: str, mark: str) -> ET.Element:
    """What a move's mark shows over ``frame``: the group the frame defines for it, as the page composes them."""
    use = highlight_of(mark)
    (group,) = [element for element in composed(frame, mark).iter() if element.get("id") == use.get("href")[1:]]
    assert "move-mark" in group.get("class").split()
    return group


def check_mark(root: ET.Element, group: ET.Element, board: Board, move: str) -> None:
    """The ring is around the robot where ``board`` has it, the arrow points its way, the dashed line ends where
    it would stop."""
    robot = ord(move[0]) - 65
    ring = next(element for element in group if element.tag.endswith("circle"))
    cx, cy = float(ring.get("cx")), float(ring.get("cy"))
    assert cell_at(root, board, cx, cy) == board.robots[robot]
    (arrow,) = [element for element in group if element.tag.endswith("polygon")]
    tip_x, tip_y = map(float, arrow.get("points").split()[0].split(","))
    way = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[move[1]]
    assert (tip_x - cx) * way[0] + (tip_y - cy) * way[1] > 0 and (tip_x - cx) * way[1] == (tip_y - cy) * way[0]
    stop = board.slide(board.robots[robot], move[1])
    slides = [element for element in group if element.tag.endswith("line")]
    if stop == board.robots[robot]:
        assert slides == []
    else:
        (line,) = slides
        assert cell_at(root, board, float(line.get("x2")), float(line.get("y2"))) == stop


def test_a_move_marks_its_robot_where_it_stands_the_way_it_goes_and_where_it_stops():
    spec = example("exercise")
    fragment = draw_move(spec, "BW")
    assert len(of_class(parsed_mark(fragment), "highlight")) == 1
    for moves in ([], ["AW", "BE"]):  # B stands elsewhere after BE: the same mark follows it
        frame = draw(spec, Moves(moves))
        board = after(spec.board, moves)
        check_mark(parsed(frame), resolve(frame, fragment), board, "BW")
    frame = draw(spec, None)
    for robot in "AB":
        for heading in "NESW":
            check_mark(parsed(frame), resolve(frame, draw_move(spec, robot + heading)), spec.board, robot + heading)


def test_the_marks_of_a_recording_follow_its_robots():
    spec = example("classic-12-s39")
    recording = record(PUZZLE, spec, ricochet.search(spec), mode="first", max_events=300)
    path: list[str] = []
    checked = 0
    for event in recording.events:
        move = event["move"] and event["move"].strip("'")
        if event["kind"] == "record":
            path.append(move)
        elif event["kind"] == "undo":
            path.pop()
        if event["mark"] is not None:
            frame = recording.frames[event["frame"]]
            check_mark(parsed(frame), resolve(frame, recording.marks[event["mark"]]), after(spec.board, path), move)
            checked += 1
    assert checked > 100


def test_the_replay_command_writes_a_page_of_boards_with_robots(tmp_path: Path):
    data = drawn_replay(tmp_path / "ricochet.html", "ricochet", "--example", "exercise", "--mode", "first")
    assert data["solutions"] == 1
    root = solution_picture(data)
    assert len(of_class(root, "robot")) == 2 and len(of_class(root, "path")) == 6
    assert all('href="#ricochet-move-' in mark for mark in data["marks"])


@pytest.mark.parametrize("name", sorted(name for name in PUZZLE.examples if name.startswith("classic-1")))
def test_the_move_numbers_of_a_solution_never_overlap(name: str) -> None:
    # Robots going back and forth over the same squares put several moves' middles on one point.
    spec = example(name)
    solution = ricochet.search(spec).first()
    root = parsed(draw(spec, solution))
    cell = grid_frame(root)[2] / spec.board.cols
    places = [(float(text.get("x")), float(text.get("y"))) for text in of_class(root, "step")]
    assert len(places) == len(solution) and sorted(int(t.text) for t in of_class(root, "step")) == list(
        range(1, len(solution) + 1))
    for number, (x, y) in enumerate(places):
        for other_x, other_y in places[:number]:
            assert ((x - other_x) ** 2 + (y - other_y) ** 2) ** 0.5 >= 0.4 * cell, f"{name}: move {number + 1}"
