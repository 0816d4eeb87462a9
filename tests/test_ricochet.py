"""Ricochet Robots: the seed's Spelbord session, optimal solutions, counts, input, command.

The breadth-first search and the move checker here are written independently of
the plugin's search: they read only the walls, robots and target of a board.
"""

from __future__ import annotations

import json
import math
import random

import pytest

from backtrack import InputError
from backtrack.cli import main
from backtrack_puzzles.ricochet import PUZZLE, Ricochet, Spelbord, generate, parse, render, search

SEED_BOARD = (5, 6, [8, 9, 14, 20, 21], [1, 19, 20, 27], [11, 14], 7)

FIRST_DRAWING = """\
+-+-+-+-+-+-+
|   |       |
+ + + + + + +
|  *       a|
+ + +-+-+ + +
|    b      |
+ + +-+ + + +
|   | |     |
+ + +-+-+ + +
|       |   |
+-+-+-+-+-+-+"""


# -- the independent model ----------------------------------------------------------


def slide(m, n, below, right, positions, robot, direction):
    """Where ``robot`` stops sliding in ``direction``, from walls and robots alone."""
    row, column = divmod(positions[robot], n)
    others = {cell for index, cell in enumerate(positions) if index != robot}
    dr, dc = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}[direction]
    while True:
        r, c = row + dr, column + dc
        if not (0 <= r < m and 0 <= c < n):
            break
        if dr == 1 and row * n + column in below or dr == -1 and r * n + c in below:
            break
        if dc == 1 and row * n + column in right or dc == -1 and r * n + c in right:
            break
        if r * n + c in others:
            break
        row, column = r, c
    return row * n + column


def bfs(board, goal):
    """(optimal length, number of optimal move sequences), or (None, 0): states are robot tuples."""
    m, n, below, right = board.m, board.n, set(board.onder), set(board.rechts)
    start = tuple(board.robots)
    if start[goal] == board.wit:
        return 0, 1
    depth = {start: 0}
    ways = {start: 1}
    layer = [start]
    while layer:
        following = []
        reached = 0
        for state in layer:
            for robot in range(len(state)):
                for direction in "NESW":
                    stop = slide(m, n, below, right, state, robot, direction)
                    if stop == state[robot]:
                        continue
                    after = state[:robot] + (stop,) + state[robot + 1:]
                    if after not in depth:
                        depth[after] = depth[state] + 1
                        ways[after] = 0
                        following.append(after)
                    if depth[after] == depth[state] + 1:
                        ways[after] += ways[state]
        for state in following:
            if state[goal] == board.wit:
                reached += ways[state]
        if reached:
            return depth[following[0]], reached
        layer = following
    return None, 0


def replay(board, moves):
    """The robots' cells after ``moves``, checked move by move."""
    positions = list(board.robots)
    for move in moves:
        assert len(move) == 2 and move[1] in "NESW", move
        robot = ord(move[0]) - 65
        assert 0 <= robot < len(positions), move
        stop = slide(board.m, board.n, set(board.onder), set(board.rechts), positions, robot, move[1])
        assert stop != positions[robot], f"{move} does not move"
        positions[robot] = stop
    return positions


def random_board(rng, m, n, robots):
    below = {cell for cell in range(m * n - n) if rng.random() < 0.2}
    right = {cell for cell in range(m * n) if cell % n != n - 1 and rng.random() < 0.2}
    cells = rng.sample(range(m * n), robots)
    return Spelbord(m, n, below, right, cells, rng.randrange(m * n))


# -- the seed ---------------------------------------------------------------------------


def test_the_seed_session():
    spelbord = Spelbord(*SEED_BOARD)
    assert str(spelbord) == FIRST_DRAWING
    assert spelbord.buur(11, "N") == 5
    assert spelbord.buur(11, "W") == 10
    assert spelbord.buur(11, "S") == 17
    assert spelbord.buur(11, "E") is None
    assert spelbord.buur(15, "N") is None
    assert spelbord.buur(28, "W") is None
    assert spelbord.buur(9, "S") is None
    assert spelbord.buur(1, "E") is None
    assert spelbord.glijden(11, "N") == 5
    assert spelbord.glijden(11, "W") == 6
    assert spelbord.glijden(11, "S") == 29
    assert spelbord.glijden(11, "E") == 11
    assert str(spelbord.zet("AW")) == FIRST_DRAWING.replace("|  *       a|", "|a *        |")
    assert repr(spelbord.zet("BE")) == "Spelbord(5, 6, (8, 9, 14, 20, 21), (1, 19, 20, 27), (6, 17), 7)"
    assert repr(spelbord.zet("bn").zet("bw").zet("bs")) == "Spelbord(5, 6, (8, 9, 14, 20, 21), (1, 19, 20, 27), (6, 8), 7)"
    last = spelbord.zet("AE")
    assert last is spelbord
    assert str(last) == FIRST_DRAWING.replace("|  *       a|", "|  A b      |").replace("|    b      |", "|           |")


def test_directions_are_case_insensitive():
    spelbord = Spelbord(*SEED_BOARD)
    assert spelbord.buur(11, "n") == 5 and spelbord.glijden(11, "w") == 6
    assert repr(spelbord.zet("aw").zet("Be")) == repr(Spelbord(*SEED_BOARD).zet("AW").zet("BE"))


@pytest.mark.parametrize("goal, example", [(0, "AW BE BN BW BS AE"), (1, "AW BE BN BW BS BW")])
def test_the_seed_optimum_for_either_goal(goal, example):
    spec = Ricochet(Spelbord(*SEED_BOARD), goal)
    found = list(search(spec).solutions())
    assert {len(moves) for moves in found} == {6}
    assert tuple(example.split()) in found
    assert len(found) == bfs(spec.board, goal)[1]
    for moves in found:
        assert replay(spec.board, moves)[goal] == spec.board.wit


# -- optimal lengths and counts against breadth-first search -----------------------------


def test_optimum_and_count_agree_with_breadth_first_search_on_small_boards():
    rng = random.Random(2024)
    lengths = []
    hidden = 0
    for trial in range(150):
        m, n = rng.choice(((4, 4), (5, 5), (5, 6), (6, 6)))
        board = random_board(rng, m, n, rng.choice((2, 3)))
        goal = rng.randrange(len(board.robots))
        length, ways = bfs(board, goal)
        spec = Ricochet(board, goal)
        solver = search(spec)
        found = list(solver.solutions())
        assert len(found) == ways, (repr(board), goal)
        assert solver.report.complete
        assert len(set(found)) == len(found)
        for moves in found:
            assert len(moves) == length
            assert replay(board, moves)[goal] == board.wit
        first = search(spec).first()
        assert (first is None) == (length is None)
        lengths.append(length)
        # Unsolvable although the goal robot could reach the target if it could
        # stop anywhere: the search must find out by exhausting the states.
        hidden += length is None and search(spec).lower_bound(-1) != math.inf
    assert lengths.count(None) >= 5 and hidden >= 3
    assert max(length for length in lengths if length is not None) >= 6
    assert sum(1 for length in lengths if length is not None and length >= 4) >= 20


def test_the_goal_parameter_overrides_and_a_robot_already_home_needs_no_move():
    board = Spelbord(3, 3, [], [], [4, 0], 0)
    length, ways = bfs(board, 0)  # B stands on the target: it must move away first
    found = list(search(Ricochet(board, 0)).solutions())
    assert len(found) == ways and {len(moves) for moves in found} == {length} and length == 3
    home = search(Ricochet(board, 0), goal="b")
    assert list(home.solutions()) == [()]
    assert render(Ricochet(board, 1), ()).startswith("0 moves")
    with pytest.raises(InputError, match="unknown goal robot 'C'"):
        search(Ricochet(board, 0), goal="C")


def test_max_moves_stops_the_search_without_claiming_completeness():
    solver = search(Ricochet(Spelbord(*SEED_BOARD), 0), max_moves=5)
    assert solver.count() == 0
    assert not solver.report.complete


def test_generated_boards_are_classic_and_agree_with_breadth_first_search():
    for seed in (0, 1, 11, 14):  # 3, 7, 4 and 3 moves
        spec = generate(seed)
        board = spec.board
        assert (board.m, board.n, len(board.robots)) == (16, 16, 4)
        for cell in (119, 120, 135, 136):  # the walled-off central block
            assert cell not in board.robots
            for direction in "NESW":
                outside = Spelbord(16, 16, board.onder, board.rechts, [], 0).buur(cell, direction)
                assert outside is None or outside in (119, 120, 135, 136)
        assert repr(parse(str(spec)).board) == repr(board)
        length, ways = bfs(board, spec.goal)
        found = list(search(spec).solutions())
        assert len(found) == ways and all(len(moves) == length for moves in found)


# -- the file format ---------------------------------------------------------------------


def test_parse_reads_the_drawing_the_goal_line_and_the_repr():
    spec = parse(FIRST_DRAWING)
    assert repr(spec.board) == repr(Spelbord(*SEED_BOARD)) and spec.goal == 0
    assert parse("# the seed\ngoal: b\n" + FIRST_DRAWING + "\n\n").goal == 1
    literal = parse("goal: B\n" + repr(Spelbord(*SEED_BOARD)))
    assert repr(literal.board) == repr(Spelbord(*SEED_BOARD)) and literal.goal == 1
    moved = Spelbord(*SEED_BOARD).zet("AW").zet("BE").zet("BN").zet("BW").zet("BS").zet("AE")
    assert repr(parse(str(moved)).board) == repr(moved)  # an upper-case letter: robot and white robot


def test_a_repr_line_is_never_evaluated():
    with pytest.raises(InputError, match="only numbers"):
        parse("Spelbord(5, 6, __import__('os').getcwd(), (), (1, 2), 3)")
    with pytest.raises(InputError, match="six arguments"):
        parse("print(5, 6, (), (), (1, 2), 3)")


BAD_INPUTS = [
    ("", None, None, "expected a board drawing"),
    ("+-+-+\n| a |\n+-+-+", 2, 3, "'|' (a wall) or a space between cells"),
    ("+-+-+\n|a *|\n+-+-", 3, 5, "expected 5 characters"),
    ("+-+-+\n|a *|\n+ +-+\n|   |\n+-+-+-+", 5, 6, "expected 5 characters"),
    ("+-+-+\n|a *|\n+-+ -\n|   |\n+-+-+", 3, 5, "'+' at a corner"),
    ("+-+-+\n|a *|\n+ - +\n|   |\n+-+-+", 3, 3, "'+' at a corner"),
    ("+-+-+\n|a *|\n+|+ +\n|   |\n+-+-+", 3, 2, "'-' (a wall) or a space"),
    ("+-+-+\n|a *-\n+-+-+", 2, 5, "'|' on the border"),
    ("+-+-+\n|a *|\n+ + +", 3, 2, "'-' on the bottom border"),
    ("+-+-+\n|a *|", 3, None, "a line of corners"),
    ("+-+ +\n|a *|\n+-+-+", 1, 4, "top border"),
    ("+-+-+\n|a ?|\n+-+-+", 2, 4, "unknown character '?'"),
    ("+-+-+\n|a b|\n+-+-+", 1, None, "no target cell"),
    ("+-+-+\n|A *|\n+-+-+", 2, 4, "a second white robot"),
    ("+-+-+\n|a a|\n+-+-+\n|*  |\n+-+-+", 2, 4, "robot A appears twice"),
    ("+-+-+\n|a c|\n+-+-+\n|*  |\n+-+-+", 2, 4, "found C but no B"),
    ("goal: C\n+-+-+\n|a b|\n+-+-+\n|*  |\n+-+-+", 1, 7, "unknown goal robot 'C'"),
    ("goal C\n+-+-+\n|a *|\n+-+-+", 1, None, "expected 'goal: LETTER'"),
    ("+-+-+\n|a *|\n+-+-+\n\n+-+-+", 5, None, "more text after it"),
    ("Spelbord(2, 2, (), (), (1, 1), 3)", 1, 24, "robots A and B on the same cell 1"),
    ("Spelbord(2, 2, (3,), (), (1, 0), 3)", 1, 16, "the border"),
    ("Spelbord(2, 2, (), (), (1, 9), 3)", 1, 24, "cell numbers 0 to 3"),
    ("Spelbord(2, 2, (), ()", 1, None, "expected Spelbord("),
]


@pytest.mark.parametrize("text, line, column, message", BAD_INPUTS)
def test_input_errors_name_line_and_column(text, line, column, message):
    with pytest.raises(InputError) as caught:
        parse(text, "board.txt")
    error = caught.value
    assert message in error.message
    assert error.source == "board.txt" and error.line == line
    if column is not None:
        assert error.column == column


# -- the command ---------------------------------------------------------------------------


def test_the_command_solves_counts_and_prints_json(tmp_path, capsys):
    path = tmp_path / "seed.txt"
    path.write_text("goal: A\n" + FIRST_DRAWING + "\n")
    assert main(["solve", "ricochet", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6 moves: AW BE BN BW BS AE\n" in out and "|  A b      |" in out
    assert main(["solve", "ricochet", str(path), "-p", "goal=B", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["solutions"] == 1 and len(result["data"][0]) == 6
    assert replay(Spelbord(*SEED_BOARD), result["data"][0])[1] == 7
    assert main(["solve", "ricochet", str(path), "--count"]) == 0
    assert "2 solutions (search complete)" in capsys.readouterr().out
    assert main(["solve", "ricochet", str(path), "-p", "goal=E"]) == 2
    assert "unknown goal robot 'E'" in capsys.readouterr().err


def test_the_command_on_bad_input_and_unsolvable_boards(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("+-+-+\n|a ?|\n+-+-+\n")
    assert main(["solve", "ricochet", str(bad)]) == 2
    assert f"{bad}:2:4: unknown character '?'" in capsys.readouterr().err
    walled = tmp_path / "walled.txt"
    walled.write_text("+-+-+\n|a|*|\n+-+-+\n")
    assert main(["solve", "ricochet", str(walled)]) == 1
    assert "0 solutions (search complete)" in capsys.readouterr().out


def test_every_shipped_example_solves_to_its_recorded_length(capsys):
    assert "seed" in PUZZLE.examples
    for name, path in PUZZLE.examples.items():
        text = path.read_text()
        recorded = [int(line.split()[2]) for line in text.splitlines() if line.startswith("# optimal: ")]
        assert recorded, f"{name} records no optimal length"
        if recorded[0] > 8:
            continue  # the long ones are the bench's
        found = search(parse(text)).first()
        assert found is not None and len(found) == recorded[0], name
    assert main(["solve", "ricochet", "--example", "seed", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["data"][0] == ["AW", "BE", "BN", "BW", "BS", "AE"]


def test_the_generator_runs_from_the_command_line(capsys):
    from backtrack_puzzles.ricochet import main as ricochet_main

    assert ricochet_main(["generate", "3", "--size", "8", "--robots", "3", "--goal", "b"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# generated: python -m backtrack_puzzles.ricochet generate 3 --size 8 --robots 3")
    spec = parse(text)
    assert repr(spec.board) == repr(generate(3, 8, 3).board) and spec.goal == 1
    length, ways = bfs(spec.board, spec.goal)
    assert search(spec).count() == ways


def test_the_trace_shows_each_depth_limit_and_attempt(capsys):
    assert main(["solve", "ricochet", "--example", "seed", "--trace"]) == 0
    lines = capsys.readouterr().out.splitlines()
    limits = [line for line in lines if line.startswith("depth limit")]
    assert limits == [f"depth limit {limit}" for limit in range(1, 7)]
    assert "level 0: move 'AW' valid" in lines


def test_a_prefix_is_replayed_without_pruning_and_searched_below():
    from backtrack import PrefixError

    spec = Ricochet(Spelbord(*SEED_BOARD), 0)
    solver = search(spec)
    assert list(solver.solutions(prefix=("AW",))) == [("AW", "BE", "BN", "BW", "BS", "AE")]
    assert solver.pos == list(SEED_BOARD[4])  # everything taken back
    below = list(solver.solutions(prefix=("AS", "AN")))  # a detour is a prefix like any other
    assert below and all(moves[:2] == ("AS", "AN") for moves in below)
    assert all(replay(spec.board, moves)[0] == 7 for moves in below)
    with pytest.raises(PrefixError):
        list(solver.solutions(prefix=("AE",)))  # A stands against the east wall
