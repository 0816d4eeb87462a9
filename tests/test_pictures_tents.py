"""Tents' pictures: the puzzle alone, a solution, both searches in progress and their moves, as SVG."""

from __future__ import annotations

import pytest

from backtrack.recording import record
from backtrack_puzzles import tents
from backtrack_puzzles.tents import PUZZLE, Layout, TentsCamp, Zeltlager, draw, draw_move, parse
from svg_checks import SVG, drawn_replay, highlight_corner, of_class, parsed, parsed_mark, states_along


def example(name: str) -> TentsCamp:
    return parse(PUZZLE.examples[name].read_text())


def place(camp: TentsCamp, x: float, y: float) -> tuple[int, int]:
    """The (row, column) of a point, in the pictures' coordinates (count margins: a row and a column of cells)."""
    canvas = tents._canvas(camp)
    return int((y - canvas.top) // canvas.cell), int((x - canvas.left) // canvas.cell)


def cells(camp: TentsCamp, svg: str, kind: str) -> list[int]:
    """The cell numbers of the pieces of ``kind`` (trees, tents, grass), sorted."""
    found = []
    for element in of_class(svg, kind):
        if element.tag == SVG + "g":  # a tree's crown, or a tent's apex
            shape = element.find(SVG + "circle")
            if shape is not None:
                x, y = float(shape.get("cx")), float(shape.get("cy"))
            else:
                x, y = map(float, element.find(SVG + "polygon").get("points").split()[0].split(","))
        else:
            x, y = float(element.get("x")) + 1, float(element.get("y")) + 1
        r, c = place(camp, x, y)
        found.append(r * camp.cols + c)
    return sorted(found)


def test_the_puzzle_alone_shows_the_trees_and_the_counts_beside_the_rows_and_above_the_columns():
    camp = example("tutorial")
    svg = draw(camp, None)
    assert "tents" in parsed(svg).get("class")
    assert cells(camp, svg, "tree") == sorted(camp.trees)
    counts = of_class(svg, "count")
    assert len(counts) == camp.rows + camp.cols
    above = sorted((place(camp, float(t.get("x")), float(t.get("y")))[1], int(t.text)) for t in counts
                   if place(camp, float(t.get("x")), float(t.get("y")))[0] == -1)
    left = sorted((place(camp, float(t.get("x")), float(t.get("y")))[0], int(t.text)) for t in counts
                  if place(camp, float(t.get("x")), float(t.get("y")))[1] == -1)
    assert above == list(enumerate(camp.col_counts)) and left == list(enumerate(camp.row_counts))
    assert min(float(t.get("x")) for t in counts) > 0 and min(float(t.get("y")) for t in counts) > 0
    for kind in ("tent", "grass", "pair"):
        assert of_class(svg, kind) == [], kind


def test_tents_given_in_advance_belong_to_the_puzzle():
    camp = parse("1 0 1\n1 T.A\n1 A.T\n")
    svg = draw(camp, None)
    assert cells(camp, svg, "tent") == list(camp.given_tents) == [2, 3]
    assert of_class(svg, "grass") == []
    solution = tents.search(camp).first()
    assert cells(camp, draw(camp, solution), "tent") == [2, 3]


def test_cells_given_as_empty_are_grass_in_the_puzzle_alone():
    # Tatham's '-' mark: the cell just read is given as empty.
    camp = tents.decode_tatham("3x3:a_-da,1,0,1,1,0,1")
    assert camp.given_empty
    assert cells(camp, draw(camp, None), "grass") == sorted(camp.given_empty)


def test_a_solution_shows_tents_grass_everywhere_else_and_each_tree_joined_to_its_tent():
    camp = example("6x10")
    solution = tents.search(camp).first()
    svg = draw(camp, solution)
    assert cells(camp, svg, "tent") == list(solution.tents)
    assert cells(camp, svg, "tree") == sorted(camp.trees)
    assert len(of_class(svg, "grass")) == camp.rows * camp.cols - len(camp.trees) - len(solution.tents)
    assert len(of_class(svg, "pair")) == len(camp.trees)
    assert draw(Zeltlager.of(camp), solution) == svg  # the tutorial's façade draws the same


@pytest.mark.parametrize("count", ["layouts", "assignments"])
def test_the_propagating_search_in_progress_shows_its_decisions_and_what_they_forced(count):
    camp = tents.generate(7, 7, seed=4, rules="tutorial", unique=False)
    found, seen, solved = states_along(tents.search(camp, count=count))
    plain = tents.search(camp, count=count)
    assert list(plain.solutions()) == found and len(found) > 1  # partial changes nothing
    assert len(seen) > len(found)
    trees = set(camp.trees)
    for path, state in seen:
        placed, grass = set(state.tents), set(state.grass)
        assert not placed & grass and not (placed | grass) & trees
        for move in path:
            if move[0] == "tent":
                assert move[1] in placed
            elif move[0] == "empty":
                assert move[1] in grass
            else:
                assert (move[1], move[2]) in state.assignment
        # Cells next to no tree are decided from the start.
        assert all(cell in grass for cell in range(camp.rows * camp.cols)
                   if cell not in trees and not set(camp.neighbours(cell)) & trees)
        svg = draw(camp, state)
        assert cells(camp, svg, "tent") == sorted(placed)
        assert cells(camp, svg, "grass") == sorted(grass)
        assert len(of_class(svg, "pair")) == len(state.assignment)
        assert cells(camp, svg, "tree") == sorted(trees)
    # Somewhere in the middle some cells are still undecided (white), at a solution none is.
    assert any(len(state.tents) + len(state.grass) + len(trees) < camp.rows * camp.cols for _, state in seen)
    for state, solution in zip(solved, found, strict=True):
        assert state.tents == solution.tents
        assert len(state.tents) + len(state.grass) + len(trees) == camp.rows * camp.cols
        if count == "assignments":
            assert sorted(state.assignment) == sorted(solution.assignment)


def test_the_tutorial_search_in_progress_shows_the_tents_placed_tree_by_tree():
    camp = example("tutorial")
    found, seen, solved = states_along(tents.search(camp, method="tutorial"))
    assert len(found) == 2 and seen
    for path, state in seen:
        assert state.tents == tuple(sorted(path)) and state.grass == ()
        assert state.assignment == tuple(zip(camp.trees, path, strict=False))
        svg = draw(camp, state)
        assert cells(camp, svg, "tent") == sorted(path)
        assert len(of_class(svg, "pair")) == len(path)
        assert of_class(svg, "grass") == []
    assert [state.tents for state in solved] == [solution.tents for solution in found]


@pytest.mark.parametrize("method", ["propagate", "tutorial"])
def test_a_recording_draws_every_frame_and_marks_each_move(method):
    camp = example("tutorial")
    recording = record(PUZZLE, camp, tents.search(camp, method=method), mode="all", max_events=200)
    assert recording.drawn and recording.solutions == 2 and len(recording.frames) >= 3
    for frame in recording.frames:
        assert cells(camp, frame, "tree") == sorted(camp.trees)
        assert len(of_class(frame, "count")) == camp.rows + camp.cols
    for event in recording.events:
        if event["kind"] == "attempt":
            words = event["move"].replace(",", "").split()  # "... at row R column C ..."
            row, col = int(words[words.index("row") + 1]) - 1, int(words[words.index("column") + 1]) - 1
            assert place(camp, *highlight_corner(recording.marks[event["mark"]])) == (row, col)


def test_draw_move_highlights_the_cells_a_move_touches():
    camp = example("tutorial")  # 5 x 5
    canvas = tents._canvas(camp)
    for move in (("tent", 7), ("empty", 7), 7, ["tent", 7]):
        text = draw_move(camp, move)
        assert not text.startswith("<svg")
        assert highlight_corner(text) == pytest.approx((canvas.x(2) + 2, canvas.y(1) + 2))
    both = of_class(parsed_mark(draw_move(camp, ("assign", 10, 15))), "highlight")
    assert [place(camp, float(h.get("x")), float(h.get("y"))) for h in both] == [(2, 0), (3, 0)]
    assert draw_move(camp, -1) == ""  # the tutorial search's move for a camp without trees
    assert draw_move(Zeltlager.of(camp), 7) == draw_move(camp, 7)


def test_a_camp_without_trees_draws_and_its_one_move_marks_nothing():
    camp = TentsCamp([], [0, 0], [0, 0, 0])
    recording = record(PUZZLE, camp, tents.search(camp, method="tutorial"), mode="all")
    assert recording.solutions == 1 and all(of_class(frame, "count") for frame in recording.frames)
    assert draw(camp, Layout((), ())).count('class="grass"') == 6


def test_the_replay_command_writes_a_page_of_tents_drawings(tmp_path, capsys):
    data = drawn_replay(tmp_path / "tents.html", "tents", "--example", "tutorial", "-p", "method=tutorial")
    assert all('class="tree"' in frame for frame in data["frames"])
    assert any('class="tent"' in frame for frame in data["frames"])
    assert "wrote" in capsys.readouterr().out
