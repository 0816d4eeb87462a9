"""The reasoner of bubbles and blocks: its scale, explained steps that agree with the one solution, mistakes found (an
object in no solution, objects that break a rule), partial answers read (``-`` a square known to be empty), and the
command (hint, grade, pictures)."""

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
from backtrack_puzzles import bubbles
from backtrack_puzzles.bubbles import PUZZLE, BubblesGrid, BubblesReasoner, check, parse, read_answer, reasoner

EXAMPLES = Path(bubbles.__file__).parent / "examples" / "bubbles"
#: Unique puzzles and the level each needs: the examples, and generated ones (6 x 6; seed 16 needs the medium rule).
UNIQUE = {"intro": "easy", "unique-6x6": "easy", "unique-8x8": "easy", "gen-6-0": "easy", "gen-6-16": "medium"}
#: A puzzle of 12 solutions where the easy and medium rules stop and a probe rules a place out (then a guess).
PROBING = "#AA#B#C\nDAABB#C\nD#E#BFC\n#EEEBFC\nGGE#BFC\n#GHHHFC\nIII#HFC\n"


@lru_cache(maxsize=None)
def grid_of(name: str) -> BubblesGrid:
    if name.startswith("gen-"):
        _, size, seed = name.split("-")
        return bubbles.generate(int(size), int(size), int(seed), unique=True)
    return parse((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"), name)


@lru_cache(maxsize=None)
def solution_of(name: str) -> dict:
    found = list(bubbles.search(grid_of(name)).solutions(2))
    assert len(found) == 1
    return found[0]


@lru_cache(maxsize=None)
def explained(name: str) -> Explanation:
    return explain(reasoner(grid_of(name)))


def blank(grid: BubblesGrid, **marks: tuple[int, int]) -> str:
    """An answer with nothing decided but ``marks`` (``O=(r, k)``, ``B=(r, k)`` a block, ``E=(r, k)`` empty)."""
    rows = [["#" if char == "#" else "." for char in line] for line in grid.lines]
    for name, (r, k) in marks.items():
        rows[r][k] = {"O": "O", "B": "*", "E": "-"}[name[0]]
    return "\n".join("".join(row) for row in rows) + "\n"


def test_the_reasoner_is_in_the_descriptor_with_its_scale_and_rules_by_level():
    assert PUZZLE.reasoner is reasoner
    assert scale_of(PUZZLE) == BubblesReasoner.scale == ("easy", "medium", "hard", "guess")
    assert [(rule.id, rule.level) for rule in BubblesReasoner.rules] == [
        ("bubble-hangs", 0), ("block-rests", 0), ("bubble-one-place", 0), ("block-one-place", 0),
        ("every-place-agrees", 1), ("probe", 2)]


@pytest.mark.parametrize("name", UNIQUE)
def test_every_step_agrees_with_the_one_solution_and_the_grade_is_the_expected_one(name):
    grid, solution = grid_of(name), solution_of(name)
    state = reasoner(grid)
    while True:
        step = next_step(state)
        assert step.kind in ("step", "solved"), step.words
        assert state.against(solution) == []
        # The answer the step prints reads back to a state the solution agrees with, and prints the same.
        again = reasoner(grid, step.answer)
        assert again.against(solution) == [] and again.answer() == step.answer
        if step.kind == "solved":
            break
    assert explained(name).grade == UNIQUE[name]


@pytest.mark.parametrize("name", UNIQUE)
def test_below_the_top_level_the_steps_alone_solve_the_puzzle_and_check_accepts_the_answer(name):
    explanation = explained(name)
    assert explanation.solved
    final = read_answer(grid_of(name), explanation.steps[-1].answer)
    assert check(grid_of(name), final) == []
    assert dict(final) == solution_of(name)


def test_a_probe_rules_out_a_place_that_leaves_a_region_stuck_and_every_step_agrees_with_some_solution():
    grid = parse(PROBING)
    solutions = list(bubbles.search(grid).solutions())
    assert len(solutions) == 12
    state = reasoner(grid)
    rules = []
    while True:
        step = next_step(state)
        if step.kind != "step":
            break
        rules.append(step.rule)
        assert any(not state.against(solution) for solution in solutions)
    assert "probe" in rules and step.kind == "guess"
    assert "the search would try the " in step.words


def test_every_rule_is_used_on_the_puzzles_above():
    used = {step.rule for name in UNIQUE for step in explained(name).steps}
    used |= {step.rule for step in explain(reasoner(parse(PROBING))).steps}
    assert {rule.id for rule in BubblesReasoner.rules} <= used


def test_a_puzzle_with_many_solutions_needs_a_guess():
    explanation = explain(reasoner(grid_of("generated-10x12")))
    assert explanation.grade == "guess" and explanation.steps[-1].kind == "guess"


def test_a_wrong_object_that_breaks_no_rule_yet_is_found_as_a_mistake():
    grid, solution = grid_of("unique-8x8"), solution_of("unique-8x8")
    state = reasoner(grid)
    for v in range(state.n):
        letter, kind = state.letters[v >> 1], v & 1
        wrong = [cell for cell in state.candidates(v) if divmod(cell, grid.cols) != solution[letter][kind]]
        if not wrong:
            continue
        square = divmod(wrong[0], grid.cols)
        marked = reasoner(grid, blank(grid, **{"O" if kind == 0 else "B": square}))
        if marked.broken() is None:
            break
    else:
        raise AssertionError("no wrong object that breaks no rule")
    mistakes, proven = search_mistakes(PUZZLE, grid, {}, marked)
    what = "bubble" if kind == 0 else "block"
    assert proven and [mistake.words for mistake in mistakes] == [
        f"with a {what} at ({square[0] + 1}, {square[1] + 1}) the puzzle has no solution"]
    assert next_step(marked, mistakes).kind == "mistake"


def test_a_square_marked_empty_that_holds_an_object_in_the_solution_is_a_mistake():
    grid, solution = grid_of("intro"), solution_of("intro")
    square = solution["C"][1]
    marked = reasoner(grid, blank(grid, E=square))
    mistakes, proven = search_mistakes(PUZZLE, grid, {}, marked)
    assert proven and [mistake.words for mistake in mistakes] == [
        f"with ({square[0] + 1}, {square[1] + 1}) empty the puzzle has no solution"]


def test_objects_that_break_a_rule_are_found_by_broken():
    grid = grid_of("intro")  # #AAB / CDDB / CDBB / CD#B
    assert "region A holds 2 bubbles" in reasoner(grid, blank(grid, O1=(0, 1), O2=(0, 2))).broken().words
    # A block on (1, 1) (region D) would rest on (2, 1) and (3, 1), region D again: it cannot rest.
    assert "cannot rest" in reasoner(grid, blank(grid, B=(1, 1))).broken().words
    # A bubble at (1, 1) below a square marked empty cannot hang.
    assert "cannot hang" in reasoner(grid, blank(grid, O=(1, 1), E=(0, 1))).broken().words
    # Every square of region C marked empty: C has no place left.
    stuck = reasoner(grid, blank(grid, E1=(1, 0), E2=(2, 0), E3=(3, 0)))
    assert "region C has no place left" in stuck.broken().words


def test_a_partial_answer_reads_back_the_same_and_the_reader_takes_the_empty_mark():
    grid = grid_of("unique-8x8")
    state = reasoner(grid)
    for _ in range(8):
        next_step(state)
    assert "-" in state.answer()
    assert reasoner(grid, state.answer()).answer() == state.answer()
    assert read_answer(grid, state.answer()).empty  # check reads it as nothing there


def test_a_bad_partial_answer_is_refused_with_its_line_and_column():
    grid = grid_of("intro")
    with pytest.raises(InputError) as raised:
        reasoner(grid, "#...\n..x.\n....\n..#.\n", "answer.txt")
    assert (raised.value.line, raised.value.column) == (2, 3)


def test_explaining_a_10_by_12_puzzle_takes_well_under_a_second():
    grid = grid_of("generated-10x12")
    started = time.perf_counter()
    explain(reasoner(grid))
    assert time.perf_counter() - started < 0.3


def run(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def test_hint_all_json_explains_the_intro_to_its_solution(capsys):
    status, out = run(capsys, "hint", "bubbles", "--example", "intro", "--all", "--json")
    data = json.loads(out)
    assert status == 0 and data["solved"] and data["grade"] == "easy"
    first = data["steps"][0]
    assert first["kind"] == "step" and first["level"] == "easy" and first["cells"]
    assert data["steps"][-1]["kind"] == "solved"
    assert check(grid_of("intro"), read_answer(grid_of("intro"), data["steps"][-1]["answer"])) == []


def test_hint_names_a_mistake_and_grade_grades(capsys, tmp_path):
    grid, solution = grid_of("intro"), solution_of("intro")
    answer = tmp_path / "answer.txt"
    answer.write_text(blank(grid, E=solution["C"][1]), encoding="utf-8")
    status, out = run(capsys, "hint", "bubbles", "--example", "intro", str(answer))
    assert status == 1 and out.startswith("mistake")
    status, out = run(capsys, "grade", "bubbles", "--example", "unique-8x8", "--json")
    assert status == 0 and json.loads(out)["grade"] == "easy"


def test_the_step_is_drawn_with_its_cells_marked(capsys, tmp_path):
    picture = tmp_path / "step.svg"
    status, _ = run(capsys, "hint", "bubbles", "--example", "intro", "--format", "svg", "-o", str(picture))
    assert status == 0
    root = ElementTree.fromstring(picture.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    assert any(element.get("class") == "highlight" for element in root.iter())
