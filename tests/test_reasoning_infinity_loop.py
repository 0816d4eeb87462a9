"""Infinity Loop's reasoner: its scale, explained steps that agree with the one solution, mistakes found (a turn in
no solution, tiles that do not meet), partial answers read, and the command (hint, grade, pictures)."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from pathlib import Path

import pytest

from backtrack import InputError
from backtrack.cli import main
from backtrack.explain import Explanation, explain, next_step
from backtrack.hints import scale_of, search_mistakes
from backtrack_puzzles import infinity_loop
from backtrack_puzzles.infinity_loop import PUZZLE, Board, LoopReasoner, check, parse, read_answer, reasoner, render

EXAMPLES = Path(infinity_loop.__file__).parent / "examples" / "infinity-loop"
#: Unique boards, and the level each needs: the exercise, generated ones (10 x 10, seeds 0 and 4) and the 50 x 50
#: example (which needs three probes).
UNIQUE = {"exercise": "easy", "gen-10-0": "easy", "gen-10-4": "medium", "random-30x30": "medium",
          "random-50x50": "hard"}


@lru_cache(maxsize=None)
def board_of(name: str) -> Board:
    if name.startswith("gen-"):
        _, size, seed = name.split("-")
        return infinity_loop.generate(int(size), int(size), int(seed), unique=True)
    return parse((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"), name)


@lru_cache(maxsize=None)
def solution_of(name: str) -> tuple[int, ...]:
    found = list(infinity_loop.search(board_of(name)).solutions(2))
    assert len(found) == 1
    return found[0]


@lru_cache(maxsize=None)
def explained(name: str) -> Explanation:
    return explain(reasoner(board_of(name)))


def test_the_reasoner_is_in_the_descriptor_with_its_scale_and_rules_by_level():
    assert PUZZLE.reasoner is reasoner
    assert scale_of(PUZZLE) == LoopReasoner.scale == ("easy", "medium", "hard", "guess")
    assert [(rule.id, rule.level) for rule in LoopReasoner.rules] == [
        ("one-way-left", 0), ("agreed-edge", 1), ("probe", 2)]


@pytest.mark.parametrize("name", UNIQUE)
def test_every_step_agrees_with_the_one_solution_and_the_grade_is_the_expected_one(name):
    board, solution = board_of(name), solution_of(name)
    state = reasoner(board)
    for number in range(1, 100_000):
        step = next_step(state)
        assert step.kind in ("step", "solved"), step.words
        assert state.against(solution) == []
        # Every way still open for a tile keeps the solution's way: no step ruled it out.
        assert all(each >> solution[index] & 1 for index, each in enumerate(state.possible))
        # The answer the step prints reads back to a state the solution agrees with (every 50th on a large board).
        if len(board.tiles) <= 100 or number % 50 == 0 or step.kind != "step":
            assert reasoner(board, step.answer).against(solution) == []
        if step.kind == "solved":
            break
    assert explained(name).grade == UNIQUE[name]


@pytest.mark.parametrize("name", UNIQUE)
def test_below_the_top_level_the_steps_alone_solve_the_board_and_check_accepts_the_answer(name):
    explanation = explained(name)
    assert explanation.solved
    final = read_answer(board_of(name), explanation.steps[-1].answer)
    assert check(board_of(name), final) == []
    assert final == solution_of(name)


def test_a_board_with_many_solutions_needs_a_guess_and_names_the_searchs():
    explanation = explain(reasoner(board_of("ambiguous-20x20")))
    assert explanation.grade == "guess" and not explanation.solved
    last = explanation.steps[-1]
    assert last.kind == "guess" and "the search would try the tile at (" in last.words


def test_every_rule_is_used_on_the_boards_above():
    used = {step.rule for name in UNIQUE for step in explained(name).steps}
    assert {rule.id for rule in LoopReasoner.rules} <= used


def test_a_wrong_turn_that_breaks_no_rule_yet_is_found_as_a_mistake():
    board, solution = board_of("gen-10-4"), solution_of("gen-10-4")
    state = reasoner(board)
    # The first tile turned a way the solution does not have (nor the given one) that breaks no rule yet.
    for index, tile in enumerate(board.tiles):
        ways = [way for way in infinity_loop.rotations(tile) if way not in (solution[index], tile)]
        if not ways:
            continue
        tiles = list(board.tiles)
        tiles[index] = ways[0]
        wrong = reasoner(board, render(board, tiles))
        if wrong.broken() is None:
            break
    else:
        raise AssertionError("every wrong turn breaks a rule at once")
    mistakes, proven = search_mistakes(PUZZLE, board, {}, wrong)
    row, column = divmod(index, board.cols)
    assert proven and [mistake.cells for mistake in mistakes] == [((row, column),)]
    assert mistakes[0].words.startswith(f"with the tile at ({row + 1}, {column + 1}) turned to ")
    assert next_step(wrong, mistakes).kind == "mistake"
    assert state.broken() is None


def test_tiles_that_do_not_meet_or_point_off_the_board_break_a_rule():
    board = parse("┏┓\n┗┛\n")  # solved as given: each corner turned away breaks the loop
    assert reasoner(board).broken() is None
    assert explain(reasoner(board)).solved
    off = reasoner(board, "┛┓\n┗┛\n")  # the top left corner turned to point up and left
    assert "points off the board" in off.broken().words
    apart = parse("━━\n  \n")
    assert reasoner(apart).broken() is not None  # the ends point off the board whichever way: no way left
    straight = parse("┃┃\n┃┃\n")
    state = reasoner(straight, "━┃\n┃┃\n")
    assert state.broken() is not None


def test_a_tile_that_is_not_the_given_one_turned_is_a_mistake():
    board = parse("┏┓\n┗┛\n")
    assert "not the given" in reasoner(board, "╋┓\n┗┛\n").broken().words


def test_a_partial_answer_reads_back_the_same():
    board = board_of("gen-10-4")
    state = reasoner(board)
    for _ in range(30):
        next_step(state)
    again = reasoner(board, state.answer())
    assert again.answer() == state.answer()
    assert again.against(solution_of("gen-10-4")) == []


def test_a_bad_partial_answer_is_refused_with_its_line_and_column():
    board = parse("┏┓\n┗┛\n")
    with pytest.raises(InputError) as raised:
        reasoner(board, "┏┓\n┗x\n", "answer.txt")
    assert (raised.value.line, raised.value.column) == (2, 2)


def test_explaining_a_10_by_10_board_takes_well_under_a_second():
    board = infinity_loop.generate(10, 10, 4, unique=True)
    started = time.perf_counter()
    explain(reasoner(board))
    assert time.perf_counter() - started < 0.3


def run(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def test_hint_all_json_explains_the_exercise_to_its_solution(capsys):
    status, out = run(capsys, "hint", "infinity-loop", "--example", "exercise", "--all", "--json")
    data = json.loads(out)
    assert status == 0 and data["solved"] and data["grade"] == "easy"
    assert {step["rule"] for step in data["steps"][:-1]} == {"one-way-left"}
    assert data["steps"][0]["cells"] and data["steps"][-1]["kind"] == "solved"


def test_hint_names_a_mistake_and_grade_grades(capsys, tmp_path):
    board = board_of("exercise")
    solution = solution_of("exercise")
    index = next(index for index, tile in enumerate(board.tiles) if len(infinity_loop.rotations(tile)) > 1)
    tiles = list(board.tiles)
    tiles[index] = next(way for way in infinity_loop.rotations(tiles[index]) if way != solution[index])
    answer = tmp_path / "answer.txt"
    answer.write_text(render(board, tiles) + "\n", encoding="utf-8")
    status, out = run(capsys, "hint", "infinity-loop", "--example", "exercise", str(answer))
    assert status == 1 and out.startswith("mistake")
    status, out = run(capsys, "grade", "infinity-loop", "--example", "random-50x50", "--json")
    assert status == 0 and json.loads(out)["grade"] == "hard"


def test_the_step_is_drawn_with_its_cells_marked(capsys, tmp_path):
    picture = tmp_path / "step.svg"
    status, _ = run(capsys, "hint", "infinity-loop", "--example", "exercise", "--format", "svg", "-o", str(picture))
    assert status == 0
    root = ElementTree.fromstring(picture.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    assert any(element.get("class") == "highlight" for element in root.iter())
