"""Infinity Loop's pictures: pipe pieces, a solution, the tiles a search has decided, the move, the replay page."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from backtrack.recording import record
from backtrack_puzzles import infinity_loop as loop
from backtrack_puzzles.infinity_loop import PUZZLE, TILE_CHARACTERS, Board, Tiles, draw, draw_move, rotations
from svg_checks import drawn_replay, grid_place, of_class, parsed, parsed_mark, solution_picture


def example(name: str) -> Board:
    return loop.parse(PUZZLE.examples[name].read_text(encoding="utf-8"))


def where(root: ET.Element, board: Board, x: float, y: float) -> int:
    """The index (reading order) of the tile whose top left corner is ``x``, ``y``, from the board's frame."""
    row, column = grid_place(root, board.cols, x, y)
    assert abs(row - round(row)) < 0.01 and abs(column - round(column)) < 0.01  # on the corner, not inside
    return round(row) * board.cols + round(column)


def pieces(root: ET.Element, board: Board, kind: str) -> dict[int, int]:
    """The pieces of a class, by tile: the bitmask each shows (its ``<use>`` names it)."""
    found = {}
    for use in of_class(root, kind):
        index = where(root, board, float(use.get("x")), float(use.get("y")))
        assert index not in found
        found[index] = int(use.get("href").rsplit("-", 1)[1])
    return found


def test_the_puzzle_alone_shows_the_given_tiles_in_ink():
    board = example("exercise")
    root = parsed(draw(board, None))
    assert pieces(root, board, "tile") == {index: tile for index, tile in enumerate(board.tiles) if tile}
    assert of_class(root, "undecided") == of_class(root, "maybe") == of_class(root, "highlight") == []
    # every piece used is defined once: an end piece has its bulb, a piece has an arm per connection
    defined = {element.get("id"): element for element in root.iter() if element.get("id", "").startswith("loop-tile")}
    assert set(defined) == {f"loop-tile-{tile}" for tile in board.tiles if tile}
    for name, piece in defined.items():
        mask = int(name.rsplit("-", 1)[1])
        (path,) = [element for element in piece if element.tag.endswith("path")]
        assert path.get("d").count("M") == bin(mask).count("1")


@pytest.mark.parametrize("method", ["propagate", "plain"])
def test_a_solution_shows_every_tile_turned_as_the_search_turned_it(method):
    board = example("ambiguous-20x20")
    solution = loop.search(board, method=method).first()
    root = parsed(draw(board, solution))
    assert pieces(root, board, "tile") == {index: tile for index, tile in enumerate(solution) if tile}
    assert of_class(root, "undecided") == of_class(root, "maybe") == []


def test_the_exercise_facade_draws_its_board():
    board = example("exercise")
    assert draw(loop.OneindigeLus.of(board), None) == draw(board, None)


def test_a_large_board_stays_a_small_picture():
    board = example("random-50x50")
    svg = draw(board, None)
    assert len(of_class(parsed(svg), "tile")) == sum(1 for tile in board.tiles if tile)
    assert len(svg) < 80 * len(board.tiles)


def decided_on_the_way_down() -> list[Tiles]:
    """The states of the propagating search of ambiguous-20x20 as it starts and after each decision on its way
    down to the first solution (the decisions it keeps, before it backtracks)."""
    board = example("ambiguous-20x20")
    search = loop.search(board)
    states: list[Tiles] = []
    levels: list[int] = []

    def watch(methods: tuple) -> tuple:
        moves, valid, filtered, record_, undo, done = methods

        def offered(level: int) -> object:
            if not states:  # the search has started: the border is propagated
                states.append(search.partial(()))
            return moves(level)

        def recorded(level: int, move: object) -> None:
            record_(level, move)
            if levels == list(range(level)):
                levels.append(level)
                states.append(search.partial(()))

        return offered, valid, filtered, recorded, undo, done

    found = search.solutions(watch=watch)
    next(found)
    found.close()
    return states


def test_the_propagating_search_shows_what_propagation_decided_and_what_is_left():
    board = example("ambiguous-20x20")
    states = decided_on_the_way_down()
    counts = []
    for state in states:
        assert isinstance(state, Tiles) and len(state) == len(board.tiles)
        decided = {index: entry for index, entry in enumerate(state) if isinstance(entry, int)}
        left = {index: entry for index, entry in enumerate(state) if not isinstance(entry, int)}
        assert all(entry in rotations(board.tiles[index]) for index, entry in decided.items())
        assert all(1 < len(entry) and set(entry) <= set(rotations(board.tiles[index])) for index, entry in left.items())
        root = parsed(draw(board, state))
        assert pieces(root, board, "tile") == {index: entry for index, entry in decided.items() if entry}
        grey = {**pieces(root, board, "undecided"), **pieces(root, board, "maybe")}
        assert set(grey) == set(left)  # every undecided tile is drawn grey, and nothing else is
        counts.append(len(decided))
    # propagating the border decides most tiles before any decision, and a decision can decide many more
    single = sum(1 for tile in board.tiles if len(rotations(tile)) == 1)
    assert len(states) > 2 and single < counts[0] < len(board.tiles)
    assert counts == sorted(counts) and counts[-1] == len(board.tiles) and counts[1] > counts[0] + 1


def test_an_undecided_tile_shows_the_arms_all_its_rotations_have_and_faint_the_ones_some_have():
    board = Board((5, 6, 15, 9), 2)  # ┃ ┏ ╋ ┛ on two rows
    state = Tiles([(5, 10), (3, 6), 15, (3, 6, 9, 12)])
    root = parsed(draw(board, state))
    assert pieces(root, board, "tile") == {2: 15}
    assert pieces(root, board, "undecided") == {0: 5, 1: 2, 3: 9}  # the given straight; the arm both elbows have
    assert pieces(root, board, "maybe") == {1: 5}  # the arms only one of them has


def test_a_tile_no_rotation_fits_is_drawn_in_red():
    board = Board((6, 10, 12, 5, 0, 5, 3, 10, 15), 3)  # a ring of pipes, and a cross in the corner
    recording = record(PUZZLE, board, loop.search(board))
    assert recording.solutions == recording.attempts == 0
    root = parsed(recording.frames[recording.start_frame])
    assert pieces(root, board, "contradiction") == {8: 15}


def test_the_plain_search_shows_the_tiles_turned_so_far_then_the_rest_as_given():
    board = example("exercise")
    recording = record(PUZZLE, board, loop.search(board, method="plain"), mode="first", max_events=200)
    path: list[int] = []
    for event in recording.events:
        if event["kind"] == "record":
            character = event["move"].split(" at ")[0]
            path.append(0 if character == "blank" else TILE_CHARACTERS.index(character))
        elif event["kind"] == "undo":
            path.pop()
        root = parsed(recording.frames[event["frame"]])
        assert pieces(root, board, "tile") == {index: tile for index, tile in enumerate(path) if tile}, event
        rest = {index: board.tiles[index] for index in range(len(path), len(board.tiles)) if board.tiles[index]}
        assert pieces(root, board, "undecided") == rest and of_class(root, "maybe") == []
    assert recording.solutions == 1


def marked_tile(frame: str, mark: str, board: Board) -> tuple[int, int]:
    """The tile a mark highlights over ``frame`` and the bitmask of the piece it shows, as the page composes them."""
    root = parsed_mark(mark)
    (highlight,) = of_class(root, "highlight")
    (turned,) = [element for element in root.iter() if "translate" in element.get("transform", "")
                 or element.get("href", "").startswith("#loop-turn-")]
    if turned.get("href"):
        mask = int(turned.get("href").rsplit("-", 1)[1])
    else:  # the piece itself: an arm from the centre up, right, down or left for each connection
        (path,) = [element for element in turned.iter() if element.tag.endswith("path")]
        mask = 0
        for arm in path.get("d").split("M")[1:]:
            centre, end = arm.split("L")
            (cx, cy), (x, y) = map(float, centre.split()), map(float, end.split())
            mask |= 1 if y < cy else 4 if y > cy else 2 if x > cx else 8
    inset = 2  # the highlight lies that far inside its tile
    tile = where(parsed(frame), board, float(highlight.get("x")) - inset, float(highlight.get("y")) - inset)
    return tile, mask


def test_a_decision_of_the_propagating_search_marks_its_tile_with_the_piece_turned():
    board = example("ambiguous-20x20")
    fragment = draw_move(board, (3, 7, 6))  # ┏ at row 4, column 8
    assert len(of_class(parsed_mark(fragment), "highlight")) == 1
    assert marked_tile(draw(board, None), fragment, board) == (3 * 20 + 7, 6)


def test_the_marks_of_a_recorded_propagating_search_are_its_decisions():
    board = example("ambiguous-20x20")
    recording = record(PUZZLE, board, loop.search(board), mode="first", max_events=100)
    attempts = [event for event in recording.events if event["kind"] == "attempt"]
    assert attempts
    for event in attempts:
        character, place = event["move"].split(" at ")
        row, column = map(int, place.strip("()").split(", "))
        tile, mask = marked_tile(recording.frames[event["frame"]], recording.marks[event["mark"]], board)
        assert (tile, mask) == ((row - 1) * 20 + column - 1, TILE_CHARACTERS.index(character)), event


def test_the_marks_of_the_plain_search_are_on_the_tile_it_turns():
    board = example("exercise")
    recording = record(PUZZLE, board, loop.search(board, method="plain"), mode="first", max_events=200)
    checked = 0
    for event in recording.events:
        # a move of the plain search is the bitmask alone: the search's drawn_move puts it on its level's tile
        if event["kind"] in ("attempt", "record", "undo"):
            character = event["move"].split(" at ")[0]
            mask = 0 if character == "blank" else TILE_CHARACTERS.index(character)
            frame, mark = recording.frames[event["frame"]], recording.marks[event["mark"]]
            row, column = divmod(event["level"], board.cols)
            assert mark == draw_move(board, (row, column, mask))
            assert marked_tile(frame, mark, board) == (event["level"], mask), event
            checked += 1
    assert checked > 20


def test_the_replay_command_writes_a_page_of_pipe_pieces(tmp_path: Path):
    data = drawn_replay(tmp_path / "loop.html", "infinity-loop", "--example", "exercise", "-p", "method=plain")
    assert data["solutions"] == 1
    board = example("exercise")
    assert len(of_class(solution_picture(data), "tile")) == sum(1 for tile in board.tiles if tile)
