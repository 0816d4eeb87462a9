"""Queens' pictures: the empty board, a solution, the queens of a search in progress, the move, the replay page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from backtrack.recording import record
from backtrack_puzzles import queens
from backtrack_puzzles.queens import PUZZLE, Placed, Queens, draw, draw_move
from svg_checks import SVG, cell_under, composed, drawn_replay, of_class, parsed, solution_picture


def square(root: ET.Element, x: float, y: float) -> tuple[int, int]:
    """The (row, column) of the square holding the point ``x``, ``y``, from the board's frame."""
    return cell_under(root, board_size(root), x, y)


def board_size(root: ET.Element) -> int:
    """N, from the board's width and the chessboard pattern (two squares wide)."""
    (pattern,) = root.iter(f"{SVG}pattern")
    (frame,) = of_class(root, "frame")
    return round(float(frame.get("width")) / (float(pattern.get("width")) / 2))


def placed(root: ET.Element) -> list[tuple[int, int]]:
    """The squares of the queens drawn, sorted."""
    found = []
    for queen in of_class(root, "queen"):
        x = float(queen.get("x")) + float(queen.get("width")) / 2
        y = float(queen.get("y")) + float(queen.get("height")) / 2
        found.append(square(root, x, y))
    return sorted(found)


def test_the_empty_board_is_a_chessboard_without_queens():
    root = parsed(draw(Queens(8), None))
    assert len(of_class(root, "squares")) == 1 and board_size(root) == 8
    assert of_class(root, "queen") == [] and of_class(root, "attacked") == []
    assert of_class(root, "move-column") == []  # the puzzle alone defines no move's mark


@pytest.mark.parametrize("method", ["bitmask", "classic"])
def test_a_solution_shows_one_queen_in_each_row_where_the_search_put_it(method):
    spec = queens.parse(PUZZLE.examples["eight"].read_text())
    solution = queens.search(spec, method=method).first()
    root = parsed(draw(spec, solution))
    assert placed(root) == [(row, column) for row, column in enumerate(solution)]
    assert of_class(root, "attacked") == []  # a full board marks no attacked square


def test_a_large_board_stays_a_small_picture():
    spec = Queens(queens.MAX_SIZE)
    svg = draw(spec, tuple(range(0, queens.MAX_SIZE, 2)) + tuple(range(1, queens.MAX_SIZE, 2)))
    root = parsed(svg)
    assert len(of_class(root, "queen")) == queens.MAX_SIZE and board_size(root) == queens.MAX_SIZE
    assert len(svg) < 20_000 and float(root.get("width")) <= 1000
    crowded = parsed(draw(spec, Placed([0, 2])))  # a search's board too large to dot the attacked squares
    assert len(of_class(crowded, "queen")) == 2 and of_class(crowded, "attacked") == []


def attacked(n: int, columns: list[int]) -> set[tuple[int, int]]:
    """The squares of the empty rows that a queen attacks, worked out here again."""
    return {(row, column) for row in range(len(columns), n) for column in range(n)
            if any(column == other or abs(column - other) == row - above for above, other in enumerate(columns))}


@pytest.mark.parametrize("method", ["bitmask", "classic"])
def test_every_frame_of_a_recorded_search_shows_the_queens_of_the_path_then(method):
    spec = Queens(6)
    search = queens.search(spec, method=method)
    recording = record(PUZZLE, spec, search, mode="first", max_events=400)
    path: list[int] = []
    solved = []
    for event in recording.events:
        if event["kind"] == "solution":
            solved.append(list(path))
        if event["kind"] == "record":
            path.append(int(event["move"]))  # the trace shows the queen's column for both searches
        elif event["kind"] == "undo":
            path.pop()
        root = parsed(recording.frames[event["frame"]])
        assert placed(root) == list(enumerate(path)), event
        dots = {square(root, float(dot.get("cx")), float(dot.get("cy"))) for dot in of_class(root, "attacked")}
        assert dots == (attacked(6, path) if 0 < len(path) < 6 else set()), event
    assert recording.solutions == 1 and [len(each) for each in solved] == [6]


def test_partial_gives_the_queens_placed_and_how_the_search_writes_a_move():
    for method, column in (("bitmask", lambda move: move.bit_length() - 1), ("classic", lambda move: move)):
        search = queens.search(Queens(8), method=method)
        path: list[int] = []
        seen: list[tuple] = []

        def watch(methods: tuple, search=search, path=path, seen=seen, column=column) -> tuple:
            moves, valid, filtered, record_, undo, done = methods

            def recorded(level: int, move: int) -> None:
                record_(level, move)
                path.append(column(move))
                seen.append((search.partial(tuple(path)), tuple(path)))

            def undone(level: int, move: int) -> None:
                undo(level, move)
                path.pop()
                seen.append((search.partial(tuple(path)), tuple(path)))

            return moves, valid, filtered, recorded, undone, done

        found = search.solutions(watch=watch)
        solution = next(found)
        assert seen[-1][0] == solution  # where the search stands when it yields the solution
        found.close()  # the walk takes its moves back
        assert seen[-1][0] == ()
        assert len(seen) > 20 and all(state == columns for state, columns in seen)
        assert all(isinstance(state, Placed) and state.bits == (method == "bitmask") for state, _ in seen)


def square_of_mark(frame: str, mark: str) -> tuple[int, int]:
    """The (row, column) of the square the mark highlights in ``frame``, composed as the replay page composes them."""
    root = composed(frame, mark)
    (box,) = of_class(root, "highlight")
    middle = float(box.get("x")) + float(box.get("width")) / 2, float(box.get("y")) + float(box.get("height")) / 2
    return square(root, *middle)


def test_each_search_says_which_square_its_move_takes():
    spec = Queens(8)
    bitmask, classic = queens.search(spec), queens.search(spec, method="classic")
    # 4 is column 4 to the classic search, the single bit of column 2 to the bitmask search; the row is the level
    assert classic.drawn_move(3, 4) == (3, 4)
    assert bitmask.drawn_move(3, 4) == (3, 2) and bitmask.drawn_move(0, 1 << 7) == (0, 7)
    board = draw(spec, None)
    assert square_of_mark(board, draw_move(spec, bitmask.drawn_move(5, 4))) == (5, 2)


def test_a_square_given_as_row_and_column_is_marked_where_it_is():
    spec = Queens(8)
    assert square_of_mark(draw(spec, None), draw_move(spec, (2, 5))) == (2, 5)


@pytest.mark.parametrize("method", ["bitmask", "classic"])
def test_the_marks_of_a_recording_point_at_the_columns_of_its_moves(method):
    spec = Queens(5)
    recording = record(PUZZLE, spec, queens.search(spec, method=method), mode="first", max_events=200)
    attempts = [event for event in recording.events if event["kind"] == "attempt"]
    assert attempts and all(event["mark"] is not None for event in attempts)
    for event in recording.events:
        if event["mark"] is not None:
            frame, mark = recording.frames[event["frame"]], recording.marks[event["mark"]]
            assert square_of_mark(frame, mark) == (event["level"], int(event["move"])), event


def test_the_replay_command_writes_a_page_of_chessboards(tmp_path: Path):
    data = drawn_replay(tmp_path / "queens.html", "queens", "--example", "eight", "--mode", "first")
    assert data["solutions"] == 1 and len(of_class(solution_picture(data), "queen")) == 8
