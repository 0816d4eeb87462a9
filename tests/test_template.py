"""The template plugin works as it stands: registered without installing, it passes the same checks as a built-in."""

from __future__ import annotations

import itertools

import pytest

from backtrack import InputError, make_manager, run
from backtrack.cli import main
from backtrack.templates import plain as template


@pytest.fixture
def manager():
    return make_manager(entry_points=False, plugins=[template])


def brute_force(spec):
    return sorted(
        chosen
        for size in range(len(spec.numbers) + 1)
        for chosen in itertools.combinations(range(len(spec.numbers)), size)
        if sum(spec.numbers[i] for i in chosen) == spec.target
    )


@pytest.mark.parametrize("text", ["17\n3 5 9 8 1 12", "10\n1 2 3 4 5 6 7", "5\n6 7", "4\n2 2 2"])
def test_solutions_equal_a_brute_force_and_pass_the_checker(manager, text):
    puzzle = manager.puzzle("subset-sum")
    spec = puzzle.parse(text, "<test>")
    outcome = run(puzzle, spec, puzzle.make_search(spec, {}), mode="all")
    assert sorted(outcome.solutions) == brute_force(spec) and outcome.report.complete
    assert all(puzzle.check(spec, solution) == [] for solution in outcome.solutions)
    assert puzzle.parse(template.text_of(spec), "<again>") == spec


def test_the_checker_names_what_is_wrong():
    spec = template.parse("17\n3 5 9 8 1 12")
    assert template.check(spec, (0, 1, 2)) == []
    assert template.check(spec, (0, 1)) == ["the chosen numbers add up to 8, not 17"]
    assert template.check(spec, (0, 0)) == ["a number is chosen twice", "the chosen numbers add up to 3, not 17"]


@pytest.mark.parametrize(
    "text, where",
    [
        ("x", ":1:1: expected the target"),
        ("17\n3 -5", ":2:3: expected a number"),
        ("17", ":1: expected the target and at least one"),
        ("17 " + "9" * 5000, ":1:4: expected a number to choose from"),
    ],
)
def test_bad_input_names_line_and_column(text, where):
    with pytest.raises(InputError) as error:
        template.parse(text, "in.txt")
    assert str(error.value).startswith("in.txt" + where)


def test_the_command_solves_its_example_and_builds_from_parameters(monkeypatch, capsys):
    monkeypatch.setattr("backtrack.cli.make_manager", lambda **_: make_manager(entry_points=False, plugins=[template]))
    assert main(["solve", "subset-sum", "--example", "small", "--all"]) == 0
    assert "3 + 5 + 9 = 17" in capsys.readouterr().out
    assert main(["solve", "subset-sum", "-p", "count=7", "--count"]) == 0
    assert capsys.readouterr().out.startswith("8 solutions (search complete)")  # subsets of 1..7 summing to 14
