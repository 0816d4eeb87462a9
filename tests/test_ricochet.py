"""Ricochet Robots: the exercise's Spelbord session, optimal solutions, counts, input, limits, command.

The breadth-first search here and the plugin's checker (``ricochet.check``) are
written independently of the plugin's search: they read only the walls, robots
and target of a board (the English model, :class:`Board`).
"""

from __future__ import annotations

import json
import math
import random

import pytest
from measure import MEMORY_LIMIT, setup_cost

from backtrack import InputError
from backtrack.cli import main
from backtrack_puzzles import ricochet
from backtrack_puzzles.ricochet import PUZZLE, Board, Moves, Ricochet, Spelbord, check, generate, parse, render, search

#: The Dutch exercise's board: rows, columns, walls below, walls right, robots, target.
EXERCISE_BOARD = (5, 6, [8, 9, 14, 20, 21], [1, 19, 20, 27], [11, 14], 7)

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
    m, n, below, right = board.rows, board.cols, set(board.walls_below), set(board.walls_right)
    start = tuple(board.robots)
    if start[goal] == board.target:
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
            if state[goal] == board.target:
                reached += ways[state]
        if reached:
            return depth[following[0]], reached
        layer = following
    return None, 0


def random_board(rng, m, n, robots):
    below = {cell for cell in range(m * n - n) if rng.random() < 0.2}
    right = {cell for cell in range(m * n) if cell % n != n - 1 and rng.random() < 0.2}
    cells = rng.sample(range(m * n), robots)
    return Board(m, n, frozenset(below), frozenset(right), tuple(cells), rng.randrange(m * n))


# -- the exercise -----------------------------------------------------------------------


def test_the_exercise_session():
    spelbord = Spelbord(*EXERCISE_BOARD)
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
    assert repr(spelbord.zet("bn").zet("bw").zet("bs")) == "Spelbord(5, 6, (8, 9, 14, 20, 21), (1, 19, 20, 27), (6, 8), 7)"  # noqa: E501
    last = spelbord.zet("AE")
    assert last is spelbord
    assert str(last) == FIRST_DRAWING.replace("|  *       a|", "|  A b      |").replace("|    b      |", "|           |")  # noqa: E501


def test_directions_are_case_insensitive():
    spelbord = Spelbord(*EXERCISE_BOARD)
    assert spelbord.buur(11, "n") == 5 and spelbord.glijden(11, "w") == 6
    assert repr(spelbord.zet("aw").zet("Be")) == repr(Spelbord(*EXERCISE_BOARD).zet("AW").zet("BE"))


def test_the_exercise_class_is_a_facade_over_the_english_model():
    spelbord = Spelbord(*EXERCISE_BOARD)
    board = spelbord.board
    assert board == Board(5, 6, frozenset({8, 9, 14, 20, 21}), frozenset({1, 19, 20, 27}), (11, 14), 7)
    assert (spelbord.m, spelbord.n, spelbord.onder, spelbord.rechts, spelbord.robots, spelbord.wit) == (
        board.rows, board.cols, board.walls_below, board.walls_right, list(board.robots), board.target
    )
    assert str(spelbord) == str(board) == FIRST_DRAWING
    assert repr(spelbord) == ricochet.literal_of(board) and parse(repr(spelbord)).board == board
    assert [spelbord.buur(11, d) for d in "NESW"] == [board.neighbour(11, d) for d in "NESW"] == [5, None, 17, 10]
    assert [spelbord.glijden(11, d) for d in "NESW"] == [board.slide(11, d) for d in "NESW"] == [5, 11, 29, 6]
    twin = spelbord.copy()
    robots = spelbord.robots
    assert spelbord.zet("AW").board == board.moved("AW") and spelbord.robots == [6, 14]
    assert robots == [6, 14], "zet moves the robots of the exercise's list in place"
    assert twin.robots == [11, 14] and board.robots == (11, 14), "a copy, and the model, stay as they were"
    spelbord.robots[1] = 17  # the exercise's attributes stay writable
    assert spelbord.board.robots == (6, 17)
    with pytest.raises(ValueError, match="a direction is N, E, S or W, not 'X'"):
        spelbord.buur(11, "x")


DUTCH = {"Spelbord", "onder", "rechts", "wit", "buur", "glijden", "zet", "richting", "robotten", "bord"}


@pytest.mark.parametrize("part", [
    ricochet.Board, ricochet.Ricochet, ricochet.RicochetSearch, ricochet.check, ricochet.generate,
    ricochet.render, ricochet.drawing_of, ricochet.text_of, ricochet._parse_drawing, ricochet.search,
])
def test_no_dutch_name_inside_the_model_the_search_the_checker_or_the_text_form(part):
    import inspect
    import io
    import tokenize

    names = {token.string for token in tokenize.generate_tokens(io.StringIO(inspect.getsource(part)).readline)
             if token.type == tokenize.NAME}
    assert not names & DUTCH


@pytest.mark.parametrize("goal, example", [(0, "AW BE BN BW BS AE"), (1, "AW BE BN BW BS BW")])
def test_the_exercise_optimum_for_either_goal(goal, example):
    spec = Ricochet(Board(*EXERCISE_BOARD), goal)
    found = list(search(spec).solutions())
    assert {len(moves) for moves in found} == {6}
    assert tuple(example.split()) in found
    assert len(found) == bfs(spec.board, goal)[1]
    for moves in found:
        assert check(spec, moves) == []


# -- optimal lengths and counts against breadth-first search -----------------------------


def test_optimum_and_count_agree_with_breadth_first_search_on_small_boards():
    rng = random.Random(2024)
    lengths = []
    hidden = 0
    for _ in range(150):
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
            assert check(spec, moves) == []
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
    board = Board(3, 3, frozenset(), frozenset(), (4, 0), 0)
    length, ways = bfs(board, 0)  # B stands on the target: it must move away first
    found = list(search(Ricochet(board, 0)).solutions())
    assert len(found) == ways and {len(moves) for moves in found} == {length} and length == 3
    home = search(Ricochet(board, 0), goal="b")
    assert list(home.solutions()) == [()]
    assert render(Ricochet(board, 1), ()).startswith("0 moves")
    with pytest.raises(InputError, match="unknown goal robot 'C'"):
        search(Ricochet(board, 0), goal="C")


def test_max_moves_stops_the_search_without_claiming_completeness():
    solver = search(Ricochet(Board(*EXERCISE_BOARD), 0), max_moves=5)
    assert solver.count() == 0
    assert not solver.report.complete


def test_generated_boards_are_classic_and_agree_with_breadth_first_search():
    for seed in (0, 1, 11, 14):  # 3, 7, 4 and 3 moves
        spec = generate(seed)
        board = spec.board
        assert (board.rows, board.cols, len(board.robots)) == (16, 16, 4)
        for cell in (119, 120, 135, 136):  # the walled-off central block
            assert cell not in board.robots
            for direction in "NESW":
                outside = board.neighbour(cell, direction)
                assert outside is None or outside in (119, 120, 135, 136)
        assert parse(str(spec)).board == board
        length, ways = bfs(board, spec.goal)
        found = list(search(spec).solutions())
        assert len(found) == ways and all(len(moves) == length for moves in found)


# -- the file format ---------------------------------------------------------------------


def test_parse_reads_the_drawing_the_goal_line_and_the_repr():
    spec = parse(FIRST_DRAWING)
    assert spec.board == Board(*EXERCISE_BOARD) and spec.goal == 0
    assert parse("# the exercise\ngoal: b\n" + FIRST_DRAWING + "\n\n").goal == 1
    literal = parse("goal: B\n" + repr(Spelbord(*EXERCISE_BOARD)))
    assert literal.board == Board(*EXERCISE_BOARD) and literal.goal == 1
    moved = Spelbord(*EXERCISE_BOARD).zet("AW").zet("BE").zet("BN").zet("BW").zet("BS").zet("AE")
    assert parse(str(moved)).board == moved.board  # an upper-case letter: robot and white robot
    assert parse(ricochet.text_of(literal)) == literal and str(literal) == ricochet.text_of(literal)


def test_a_repr_line_is_never_evaluated():
    with pytest.raises(InputError, match="expected a number, or cell numbers in .*found '__import__'") as error:
        parse("Spelbord(5, 6, __import__('os').getcwd(), (), (1, 2), 3)")
    assert error.value.column == 16
    with pytest.raises(InputError, match="expected 'Spelbord', found 'print'"):
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
    ("Spelbord(2, 2, (), (), (1, 1), 3)", 1, 28, "robots A and B on the same cell 1"),
    ("Spelbord(2, 2, (3,), (), (1, 0), 3)", 1, 17, "the border"),
    ("Spelbord(2, 2, (), (), (1, 9), 3)", 1, 28, "expected a robot's cell, a whole number from 0 to 3, found '9'"),
    ("Spelbord(2, 2, (), ()", 1, 22, "expected ',' or ')' after an argument, found the end of the line (the form is "),
    ("Spelbord(2, 2, (), (), (1, 0), 3, 4)", 1, 35, "expected six arguments, found 7"),
    ("Spelbord(2, 2, (), (), (1, 0))", 1, 30, "expected six arguments, found 5"),
    ("Spelbord(2, 2, (), (), (1), 3)", 1, 24, "a tuple of one cell needs a comma: (1,)"),
    ("Spelbord(2, 2, (), (), {1, 0}, 3)", 1, 24, "not in a set"),
    ("Spelbord(2, (2,), (), (), (1, 0), 3)", 1, 13, "the number of columns, a whole number from 1 to 64, found a"),
    ("Spelbord(2, 2, 1, (), (1, 0), 3)", 1, 16, "the cells with a wall below in (...), [...] or {...}, found a"),
    ("Spelbord(2, 2, (), (), (), 3)", 1, 24, "expected 1 to 26 robots, found 0"),
    ("Spelbord(2, 2, (), (-1,), (1, 0), 3)", 1, 21, "expected a cell number or ')', found '-'"),
    ("Spelbord(2, 2, (), (0x1,), (1, 0), 3)", 1, 21, "a cell with a wall on its right, a whole number from 0 to 3"),
    ("Spelbord(2, 2, (), (), (1, 0), 3) # a comment", 1, None, None),
    ("Spelbord(2, 2, (), (), (1, 0), 3) x", 1, 35, "expected the end of the line after ')', found 'x'"),
    ("Spelbord(2, 2, [], {}, [1, 0,], 1.5)", 1, 34, "expected ',' or ')' after an argument, found '.'"),
    ("Spelbord(2, 2, (), (), (٣, 0), 3)", 1, 25, "found '٣'"),
]


@pytest.mark.parametrize("text, line, column, message", BAD_INPUTS)
def test_input_errors_name_line_and_column(text, line, column, message):
    if message is None:  # not an error after all
        parse(text, "board.txt")
        return
    with pytest.raises(InputError) as caught:
        parse(text, "board.txt")
    error = caught.value
    assert message in error.message
    assert error.source == "board.txt" and error.line == line
    if column is not None:
        assert error.column == column


# -- the command ---------------------------------------------------------------------------


def test_the_command_solves_counts_and_prints_json(tmp_path, capsys):
    path = tmp_path / "exercise.txt"
    path.write_text("goal: A\n" + FIRST_DRAWING + "\n")
    assert main(["solve", "ricochet", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6 moves: AW BE BN BW BS AE\n" in out and "|  A b      |" in out
    assert main(["solve", "ricochet", str(path), "-p", "goal=B", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["solutions"] == 1 and len(result["data"][0]) == 6
    assert check(Ricochet(Board(*EXERCISE_BOARD), 1), result["data"][0]) == []
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
    assert {"exercise", "exercise-green"} <= set(PUZZLE.examples)
    for name, path in PUZZLE.examples.items():
        text = path.read_text()
        recorded = [int(line.split()[2]) for line in text.splitlines() if line.startswith("# optimal: ")]
        assert recorded, f"{name} records no optimal length"
        if recorded[0] > 8:
            continue  # the long ones are the bench's
        found = search(parse(text)).first()
        assert found is not None and len(found) == recorded[0], name
    assert main(["solve", "ricochet", "--example", "exercise", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["data"][0] == ["AW", "BE", "BN", "BW", "BS", "AE"]


def test_the_old_example_names_still_work(capsys):
    assert PUZZLE.example("seed") == PUZZLE.examples["exercise"]
    assert PUZZLE.example("seed-green") == PUZZLE.examples["exercise-green"]
    assert "seed" not in PUZZLE.examples and "seed-green" not in PUZZLE.examples
    for old, new in (("seed", "exercise"), ("seed-green", "exercise-green")):
        results = []
        for name in (old, new):
            assert main(["solve", "ricochet", "--example", name, "--all", "--json", "--quiet"]) == 0
            result = json.loads(capsys.readouterr().out)
            results.append((result["solutions"], result["attempts"], result["data"]))
        assert results[0] == results[1] and results[0][0] == 2 and results[0][1] > 0


# The attempts (calls of valid over all depth limits): first solution, number of
# solutions, attempts of the count.  Since the search leaves out, before offering
# them, the moves into states that cannot reach the target in the moves left (the
# bound, a tight state's goal robot alone, one or two moves to spare), a robot
# turning straight back, and what the table prunes, they are far fewer than before
# (then 293, 158, 2844 and 12783 to the first solution; bench/ricochet_baseline.py).
PINNED_ATTEMPTS = {
    "exercise": (11, 2, 22),
    "exercise-green": (6, 2, 15),
    "classic-07-s1": (14, 10, 74),
    "classic-08-s4": (33, 16, 134),
}


@pytest.mark.parametrize("name", sorted(PINNED_ATTEMPTS))
def test_the_attempts_are_pinned(name):
    first, count, all_of_them = PINNED_ATTEMPTS[name]
    spec = parse(PUZZLE.examples[name].read_text())
    solver = search(spec)
    solver.first()
    assert solver.report.attempts == first
    assert solver.count() == count and solver.report.attempts == all_of_them


def test_the_search_finds_what_the_search_before_the_speed_up_finds():
    """Every optimal sequence, in the same order, as the baseline of the bench (the search it replaced)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    try:
        from ricochet_baseline import BaselineRicochetSearch
    finally:
        sys.path.pop(0)
    for name in ("exercise", "exercise-green", "classic-06-s2", "classic-07-s1", "classic-08-s4"):
        spec = parse(PUZZLE.examples[name].read_text())
        for goal in (None, "B"):
            assert list(search(spec, goal=goal).solutions()) == list(BaselineRicochetSearch(spec, goal).solutions())
    for seed in range(40):
        spec = generate(seed, size=10, robots=1 + seed % 5)
        assert list(search(spec, max_moves=9).solutions()) == list(
            BaselineRicochetSearch(spec, max_moves=9).solutions()), seed


def test_the_goal_robot_alone_and_the_moves_to_spare_agree_with_breadth_first_search():
    """_alone, _spare and _spare_two against breadth-first search, on small boards and their states."""
    rng = random.Random(7)
    checked = [0, 0, 0]
    for _ in range(60):
        m, n = rng.choice(((4, 4), (5, 5), (5, 6)))
        board = random_board(rng, m, n, rng.choice((2, 3)))
        goal = rng.randrange(len(board.robots))
        solver = search(Ricochet(board, goal))
        cell = board.robots[goal]
        if cell == board.target or solver.dist[cell] == ricochet.INFINITE:
            continue
        length, _ = bfs(board, goal)
        others = [c for robot, c in enumerate(board.robots) if robot != goal]
        mask = sum(1 << c for c in others)
        key = mask << solver.shift
        here = solver.dist[cell]
        reachable = length is not None
        assert solver._alone(mask, cell) == (reachable and length == here)
        assert solver._spare(mask, others, key, cell) == (reachable and length <= here + 1)
        assert solver._spare_two(mask, others, key, cell) == (reachable and length <= here + 2)
        checked[0] += 1
        checked[1] += reachable and length == here + 1
        checked[2] += reachable and length == here + 2
    assert checked[0] >= 30 and checked[1] >= 3 and checked[2] >= 3, checked


def test_a_robot_is_not_moved_straight_back_but_may_turn_back_after_a_prefix():
    spec = Ricochet(Board(*EXERCISE_BOARD), 0)
    solver = search(spec)
    solver.begin()
    solver.depth_limit = 8
    solver.start_limit(8)
    assert "BE" in solver.moves(0) and solver.valid(0, "BE")
    solver.record(0, "BE")
    assert "BW" not in solver.moves(1)  # straight back: never in a shortest sequence
    solver.undo(0, "BE")
    solver.begin()  # a move replayed (valid before moves at its level) may be followed by its reverse
    assert solver.valid(0, "BE")
    solver.record(0, "BE")
    assert "BW" in solver.moves(1)
    solver.undo(0, "BE")
    below = list(search(spec).solutions(prefix=("AS", "AN")))  # after a prefix the way back is open
    assert below and all(moves[:2] == ("AS", "AN") for moves in below)


def test_the_trace_shows_each_depth_limit_and_attempt(capsys):
    assert main(["solve", "ricochet", "--example", "exercise", "--trace"]) == 0
    lines = capsys.readouterr().out.splitlines()
    limits = [line for line in lines if line.startswith("depth limit")]
    assert limits == [f"depth limit {limit}" for limit in range(1, 7)]
    assert "level 0: move 'AW' valid" in lines


def test_a_prefix_is_replayed_without_pruning_and_searched_below():
    from backtrack import PrefixError

    spec = Ricochet(Board(*EXERCISE_BOARD), 0)
    solver = search(spec)
    assert list(solver.solutions(prefix=("AW",))) == [("AW", "BE", "BN", "BW", "BS", "AE")]
    assert solver.pos == list(EXERCISE_BOARD[4])  # everything taken back
    below = list(solver.solutions(prefix=("AS", "AN")))  # a detour is a prefix like any other
    assert below and all(moves[:2] == ("AS", "AN") for moves in below)
    assert all(check(spec, moves) == [] for moves in below)
    with pytest.raises(PrefixError):
        list(solver.solutions(prefix=("AE",)))  # A stands against the east wall


def test_record_makes_the_move_it_is_given_whatever_valid_was_asked_last():
    spec = Ricochet(Board(*EXERCISE_BOARD), 0)
    solver = search(spec)
    solver.begin()
    solver.depth_limit = 6  # as the deepening walk sets it
    solver.start_limit(6)
    offered = list(solver.moves(0))
    assert offered == ["AN", "AS", "AW", "BE", "BW"]  # B has walls north and south of it
    assert all(solver.valid(0, move) for move in offered)  # nothing is handed from valid to record
    solver.record(0, "AW")
    assert solver.pos == [6, 14] == list(spec.board.moved("AW").robots)
    solver.undo(0, "AW")
    assert solver.pos == [11, 14]


def test_a_prefix_replayed_in_a_fresh_search_finds_what_the_whole_search_finds_below_it():
    spec = parse(PUZZLE.examples["classic-07-s1"].read_text())
    everything = list(search(spec).solutions())
    assert len(everything) == 10
    for first in sorted({moves[0] for moves in everything}):
        below = list(search(spec).solutions(prefix=(first,)))
        assert below == [moves for moves in everything if moves[0] == first]


def test_a_parallel_count_equals_the_serial_one():
    from backtrack import parallel

    text = PUZZLE.examples["exercise"].read_text()
    report = parallel.count("ricochet", text, {}, workers=2, warmup=0)
    serial = search(parse(text))
    assert (report.solutions, report.attempts, report.complete) == (serial.count(), serial.report.attempts, True)


# -- numbers, byte-order marks and limits ----------------------------------------------------------

HUGE = "9" * 5000
EXERCISE_LITERAL = "Spelbord(5, 6, (8, 9, 14, 20, 21), (1, 19, 20, 27), (11, 14), 7)"


@pytest.mark.parametrize("field", range(6))
def test_a_number_of_any_length_in_every_field_of_the_literal_line(field):
    numbers = [match for match in __import__("re").finditer(r"\d+", EXERCISE_LITERAL)]
    # the first number of each field: m, n, a wall below, a wall right, a robot, the white robot
    first = [numbers[i] for i in (0, 1, 2, 7, 11, 13)][field]
    text = "# a comment\ngoal: B\n  " + EXERCISE_LITERAL[: first.start()] + HUGE + EXERCISE_LITERAL[first.end() :]
    with pytest.raises(InputError, match=r"a whole number from \d+ to \d+, found '9999") as caught:
        parse(text, "board.txt")
    error = caught.value
    assert (error.source, error.line, error.column) == ("board.txt", 3, first.start() + 3)
    assert len(error.message) < 200


def test_a_huge_goal_letter_and_huge_parameters_are_short_clear_errors(capsys):
    with pytest.raises(InputError, match="expected 'goal: LETTER'") as caught:
        parse("goal: " + HUGE + "\n" + FIRST_DRAWING)
    assert (caught.value.line, caught.value.column) == (1, 1) and len(caught.value.message) < 200
    assert main(["solve", "ricochet", "--example", "exercise", "-p", f"max_moves={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "parameter max_moves takes a whole number at least 0" in err and len(err) < 300
    assert main(["solve", "ricochet", "--example", "exercise", "-p", f"goal={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "parameter goal must be one of A, B" in err and len(err) < 300


def example_results(name, path, prefix, mode, capsys):
    """What the command says of an example written with ``prefix`` before its bytes."""
    path.write_bytes(prefix + PUZZLE.examples[name].read_bytes())
    assert main(["solve", "ricochet", str(path), "--json", "--quiet", *mode]) == 0
    result = json.loads(capsys.readouterr().out)
    return result["solutions"], result["attempts"], result["complete"], result["data"]


@pytest.mark.parametrize("name", sorted(PUZZLE.examples))
def test_every_example_solves_the_same_with_a_byte_order_mark(name, tmp_path, capsys):
    text = PUZZLE.examples[name].read_text()
    recorded = [int(line.split()[2]) for line in text.splitlines() if line.startswith("# optimal: ")][0]
    spec = parse(text)
    if recorded <= 10:
        plain = example_results(name, tmp_path / "plain.txt", b"", ["--count"], capsys)
        assert example_results(name, tmp_path / "marked.txt", b"\xef\xbb\xbf", ["--count"], capsys) == plain
        assert plain[0] >= 1 and plain[2] is True
    else:  # the long ones: the first solution, of the recorded (breadth-first) length; their counts are the bench's
        solutions, _, _, data = example_results(name, tmp_path / "marked.txt", b"\xef\xbb\xbf", [], capsys)
        assert solutions == 1 and len(data[0]) == recorded and check(spec, data[0]) == []


def drawing(m, n, robots=26, walls=False, literal=False):
    """An m x n board: robots along the top rows, the white robot in the last cell; walls everywhere or nowhere."""
    below = [cell for cell in range((m - 1) * n)] if walls else []
    right = [cell for cell in range(m * n) if cell % n != n - 1] if walls else []
    board = Board(m, n, frozenset(below), frozenset(right), tuple(range(robots)), m * n - 1)
    return ricochet.literal_of(board) if literal else str(Ricochet(board, 0))


@pytest.mark.parametrize(
    "walls, literal",
    [(False, False), (True, False), (False, True), (True, True)],
    ids=["open", "walled", "open-line", "walled-line"],
)
def test_the_largest_board_sets_up_within_the_memory_limit(walls, literal):
    text = drawing(ricochet.MAX_SIZE, ricochet.MAX_SIZE, walls=walls, literal=literal)
    assert len(text) <= ricochet.MAX_LITERAL
    seconds, peak = setup_cost("ricochet", text, {"goal": "Z"})
    assert peak < MEMORY_LIMIT


def test_one_beyond_the_largest_board_is_refused():
    assert ricochet.MAX_SIZE == 64 and "64 x 64" in PUZZLE.limits
    wide = drawing(2, 65, robots=2)
    with pytest.raises(InputError, match="a board has at most 64 columns .* this one is 131 characters wide") as caught:
        parse("# wide\n" + wide)
    assert (caught.value.line, caught.value.column) == (3, 130)
    tall = drawing(65, 2, robots=2)
    with pytest.raises(InputError, match="a board has at most 64 rows") as caught:
        parse(tall)
    assert caught.value.line == 1 + (2 * 64 + 1) + 1  # after the goal line and a 64-row drawing
    for text, column in (("Spelbord(65, 2, (), (), (0,), 1)", 10), ("Spelbord(2, 65, (), (), (0,), 1)", 13)):
        with pytest.raises(InputError, match="a whole number from 1 to 64, found '65'") as caught:
            parse(text)
        assert caught.value.column == column
    long_line = "Spelbord(2, 2, (" + "0, " * 70_000 + "), (), (1,), 3)"
    with pytest.raises(InputError, match="a Spelbord.* line has at most 200,000 characters") as caught:
        parse(long_line)
    assert (caught.value.line, caught.value.column) == (1, 200_001)
    many = "Spelbord(8, 8, (), (), (" + ", ".join(map(str, range(27))) + "), 63)"
    with pytest.raises(InputError, match="expected 1 to 26 robots, found 27") as caught:
        parse(many)
    assert caught.value.column == many.index(", 26)") + 3


def test_only_ascii_letters_are_robots():
    for letter in "\u0131\u212a":  # dotless i and the Kelvin sign: upper() and lower() make them ASCII
        with pytest.raises(InputError, match="unknown character") as caught:
            parse(f"+-+-+\n|{letter} *|\n+-+-+")
        assert (caught.value.line, caught.value.column) == (2, 2)


# -- parameters and the bound -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "param, message",
    [
        ("max_moves=-1", "parameter max_moves must be at least 0, not '-1'"),
        ("max_moves=many", "parameter max_moves takes a whole number at least 0, not 'many'"),
        ("goal=Z", "-p goal: unknown goal robot 'Z': the board has robots A, B"),
        ("goal=AB", "parameter goal must be one of A, B, C"),
        ("goal=1", "parameter goal must be one of A, B, C"),
        ("goal=ı", "parameter goal must be one of A, B, C"),
    ],
)
def test_bad_parameters_exit_2_with_a_clear_message(param, message, capsys):
    assert main(["solve", "ricochet", "--example", "exercise", "-p", param]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"backtrack: error: {message}") and "Traceback" not in err and err.count("\n") == 1


def test_a_lower_case_goal_parameter_is_a_robot(capsys):
    assert main(["solve", "ricochet", "--example", "exercise", "-p", "goal=b", "--all", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["data"]
    assert ["AW", "BE", "BN", "BW", "BS", "BW"] in found
    assert all(check(Ricochet(Board(*EXERCISE_BOARD), 1), moves) == [] for moves in found)


def test_the_search_takes_only_its_own_parameters():
    import inspect

    kinds = {p.kind for p in inspect.signature(search).parameters.values()}
    assert inspect.Parameter.VAR_KEYWORD not in kinds
    solver = PUZZLE.make_search(parse(FIRST_DRAWING), {"goal": "B", "max_moves": 6})
    found = solver.first()
    assert found.goal == 1 and len(found) == 6 and check(Ricochet(Board(*EXERCISE_BOARD), 0), found) == []


def test_the_search_refuses_a_negative_bound_itself():
    with pytest.raises(InputError, match="max_moves must be a whole number, at least 0, not '-1'"):
        search(parse(FIRST_DRAWING), max_moves=-1)


def test_a_bound_below_the_optimum_is_unknown_not_unsolvable(capsys):
    assert main(["solve", "ricochet", "--example", "exercise", "-p", "max_moves=3", "--unique"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("unknown") and "no solution within 3 moves; longer ones may exist" in out
    assert "unsolvable" not in out
    assert main(["solve", "ricochet", "--example", "exercise", "-p", "max_moves=3", "--unique", "--json"]) == 3
    result = json.loads(capsys.readouterr().out)
    assert (result["verdict"], result["complete"], result["stopped"]) == ("unknown", False, "bound")
    assert main(["solve", "ricochet", "--example", "exercise", "-p", "max_moves=6", "--all", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["complete"] is True and sorted(map(tuple, result["data"])) == [
        ("AW", "BE", "BN", "BW", "BS", "AE"), ("BE", "AW", "BN", "BW", "BS", "AE")
    ]


def test_a_bound_of_0_asks_whether_the_goal_robot_is_home(tmp_path, capsys):
    assert main(["solve", "ricochet", "--example", "exercise", "-p", "max_moves=0", "--json"]) == 3
    result = json.loads(capsys.readouterr().out)
    assert (result["solutions"], result["stopped"]) == (0, "bound")
    home = tmp_path / "home.txt"
    home.write_text(str(Ricochet(Board(3, 3, frozenset(), frozenset(), (4, 0), 0), 0)))
    assert main(["solve", "ricochet", str(home), "-p", "max_moves=0", "-p", "goal=B", "--count"]) == 0
    assert "1 solution" in capsys.readouterr().out
    assert main(["solve", "ricochet", str(home), "-p", "goal=B"]) == 0
    assert "0 moves: none: robot B is on the target already" in capsys.readouterr().out


# -- the generator ------------------------------------------------------------------------------------


def generated(capsys, *arguments: str) -> tuple[int, list[Ricochet], str]:
    """Run ``backtrack generate ricochet ARGUMENTS``: its status, the boards it printed and its error output."""
    status = main(["generate", "ricochet", *arguments])
    captured = capsys.readouterr()
    return status, [parse(text) for text in captured.out.split("\n\n") if text.strip()], captured.err


def test_the_same_seed_makes_the_same_boards_and_the_first_is_the_seeds_own(capsys):
    status, specs, _ = generated(capsys, "--seed", "0", "--count", "2")
    assert status == 0 and len(specs) == 2
    assert specs[0] == parse(PUZZLE.examples["classic-03-s0"].read_text()), "make(0) is generate(0)"
    assert specs == [generate(0), generate(1)]
    again, out = main(["generate", "ricochet", "--seed", "0", "--count", "2"]), capsys.readouterr().out
    assert again == 0 and [parse(text) for text in out.split("\n\n")] == specs


def test_the_classic_examples_are_made_again_by_the_command_with_their_exact_optimum(capsys):
    for name, path in sorted(PUZZLE.examples.items()):
        optimum = int(name.split("-")[1]) if name.startswith("classic") else 99
        if optimum <= 10:  # classic-07-s1 is made by seed 1 asking for 7 moves or more, and by no other
            seed = name.rsplit("-s", 1)[1]
            status, specs, _ = generated(capsys, "--seed", seed, "-p", f"min_moves={optimum}")
            assert status == 0 and specs == [parse(path.read_text())], name
            if optimum <= 7:
                status, specs, _ = generated(capsys, "--seed", seed, "-p", f"min_moves={optimum + 1}")
                assert status == 0 and specs != [parse(path.read_text())], name
                assert len(search(specs[0]).first()) > optimum


def test_every_board_printed_needs_at_least_min_moves_by_breadth_first_search(capsys):
    status, specs, _ = generated(capsys, "-p", "min_moves=6", "--seed", "1", "--count", "2")
    assert status == 0 and len(specs) == 2
    for spec in specs:
        assert (spec.board.rows, spec.board.cols, len(spec.board.robots)) == (16, 16, 4)
        length, ways = bfs(spec.board, spec.goal)
        found = list(search(spec).solutions())
        assert length >= 6 and len(found) == ways and all(len(moves) == length for moves in found)


def test_every_unique_board_printed_has_one_shortest_solution_by_breadth_first_search(capsys):
    status, specs, _ = generated(capsys, "-p", "min_moves=5", "-p", "size=10", "-p", "robots=3", "--unique",
                                 "--seed", "3", "--count", "3")
    assert status == 0 and len(specs) == 3
    for spec in specs:
        assert (spec.board.rows, len(spec.board.robots)) == (10, 3)
        length, ways = bfs(spec.board, spec.goal)
        assert length >= 5 and ways == 1


def test_the_goal_size_and_robots_are_the_parameters(capsys):
    status, specs, _ = generated(capsys, "-p", "goal=b", "-p", "size=12", "-p", "robots=3", "--seed", "4")
    assert status == 0 and specs[0].goal == 1 and (specs[0].board.rows, len(specs[0].board.robots)) == (12, 3)
    assert main(["generate", "ricochet", "--help-params"]) == 0
    out = capsys.readouterr().out
    assert "min_moves: the fewest moves the optimum may have (takes a whole number from 1 to 40) [default: 1]" in out


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-p", "robots=0"], "parameter robots must be from 1 to 26, not '0'"),
        (["-p", "robots=27"], "parameter robots must be from 1 to 26, not '27'"),
        (["-p", "size=6"], "parameter size must be from 8 to 64, not '6'"),
        (["-p", "size=9"], "the board size must be an even number from 8 to 64, not 9"),
        (["-p", f"size={HUGE}"], "parameter size takes a whole number from 8 to 64"),
        (["-p", "goal=AB"], "parameter goal must be one of A, B, C"),
        (["-p", "robots=2", "-p", "goal=c"], "unknown goal robot 'C': the board has robots A, B"),
        (["-p", "min_moves=0"], "parameter min_moves must be from 1 to 40, not '0'"),
        (["-p", "min_moves=seven"], "parameter min_moves takes a whole number from 1 to 40, not 'seven'"),
        (["--difficulty", "hard"], "puzzle ricochet's search does not grade difficulty"),
        (["--to", "puzzlink"], "cannot be written as one of the puzz.link URLs"),
    ],
)
def test_the_generator_ends_every_bad_parameter_with_a_clear_message(arguments, message, capsys):
    assert main(["generate", "ricochet", "--seed", "1", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert "Traceback" not in captured.err and len(captured.err.splitlines()[-1]) < 250


def test_the_generator_gives_up_with_a_clear_message(monkeypatch, capsys):
    monkeypatch.setattr(ricochet, "GENERATOR_TRIES", 3)
    with pytest.raises(ValueError, match="none of 3 boards of 8 x 8 cells with 1 robots needs 40 moves or more"):
        ricochet.make(1, size=8, robots=1, min_moves=40)
    assert main(["generate", "ricochet", "--seed", "1", "-p", "size=8", "-p", "robots=1", "-p", "min_moves=40"]) == 2
    assert "cannot generate ricochet: none of 3 boards" in capsys.readouterr().err


def test_the_generator_makes_the_largest_board_and_refuses_one_beyond():
    spec = generate(5, ricochet.MAX_SIZE, ricochet.MAX_ROBOTS, "z")
    assert (spec.board.rows, spec.board.cols, len(spec.board.robots), spec.goal) == (64, 64, 26, 25)
    assert parse(str(spec)).board == spec.board
    with pytest.raises(ValueError, match="an even number from 8 to 64, not 66"):
        generate(5, 66)


# -- the checker ----------------------------------------------------------------------------------------


def test_the_checker_names_the_first_illegal_move_and_a_goal_robot_not_home():
    spec = Ricochet(Board(*EXERCISE_BOARD), 0)
    good = ("AW", "BE", "BN", "BW", "BS", "AE")
    assert check(spec, good) == [] and check(spec, Moves(good, 0)) == []
    assert check(spec, ("AW", "BE", "BN", "BW", "BS", "AW")) == [
        "move 6 of 6 (AW): robot A at row 2, column 1 cannot move west, a wall or a robot is next to it"
    ]
    assert check(spec, ("AE",)) == [
        "move 1 of 1 (AE): robot A at row 2, column 6 cannot move east, a wall or a robot is next to it"
    ]
    assert check(spec, ("AW", "BE", "BN", "BW", "BS", "CE")) == [
        "move 6 of 6 ('CE'): expected a robot (A, B) and a direction (N, E, S or W)"
    ]
    assert check(spec, ("AW", "BX")) == ["move 2 of 2 ('BX'): expected a robot (A, B) and a direction (N, E, S or W)"]
    assert check(spec, ("AW", "BE", "BN", "BW", "BS")) == [
        "after 5 moves robot A stands at row 2, column 1, not on the target at row 2, column 2"
    ]
    assert check(spec, good + ("BN",)) == ["move 7 of 7 (BN): robot A already stood on the target, the game was over"]
    assert check(spec, ()) == ["after 0 moves robot A stands at row 2, column 6, not on the target at row 2, column 2"]
    # the goal a solution carries wins over the file's: B needs another last move
    assert check(spec, Moves(good, 1)) == [
        "after 6 moves robot B stands at row 2, column 3, not on the target at row 2, column 2"
    ]
    assert check(spec, Moves(("AW", "BE", "BN", "BW", "BS", "BW"), 1)) == []


def test_the_checker_is_the_descriptors_and_solutions_carry_their_goal():
    assert PUZZLE.check is check
    spec = Ricochet(Board(*EXERCISE_BOARD), 0)
    found = search(spec, goal="B").first()
    assert isinstance(found, Moves) and found.goal == 1 and len(found) == 6 and found[-1] == "BW"
    assert __import__("pickle").loads(__import__("pickle").dumps(found)).goal == 1
    assert check(spec, found) == []
