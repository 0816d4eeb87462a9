"""Fuzzing every installed puzzle through the plugin registry: input either parses or is an InputError.

For each puzzle the registry knows (the built-in ones and any third party's),
hypothesis mutates the shipped examples (characters replaced, inserted and
deleted, lines doubled, dropped and swapped, numbers made huge, byte-order marks
and control characters inserted) and makes random text from the examples'
characters.  Each input must split and parse, or raise :class:`InputError` with a
line number inside the input; nothing else may escape.  Whatever parses is
searched briefly (a few solutions, a short timeout), and every solution found
must pass the puzzle's independent checker (the descriptor's ``check``) and
render.  The fuzzer is the contract plugin's (``backtrack.testing.fuzz_puzzle``),
the same one plugin authors run on their puzzles.

The budget is small in CI; ``BACKTRACK_FUZZ_EXAMPLES=10000 python -m pytest
tests/test_fuzz.py -n 2`` runs 10,000 cases per puzzle.
"""

from __future__ import annotations

import os
import warnings

import pytest

from backtrack import Puzzle, make_manager
from backtrack.testing import fuzz_puzzle

#: Cases per puzzle; raise it with the environment variable for a long run.
BUDGET = int(os.environ.get("BACKTRACK_FUZZ_EXAMPLES", "60"))


def installed() -> dict[str, Puzzle]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager = make_manager()
    return {name: found.puzzle for name, found in sorted(manager.puzzles().items())}


PUZZLES = installed()


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_input_parses_or_is_an_input_error(name):
    fuzz_puzzle(PUZZLES[name], BUDGET)


def test_the_built_in_puzzles_are_all_fuzzed_and_all_have_a_checker():
    built_in = {"akari", "bubbles", "infinity-loop", "kendoku", "queens", "ricochet", "skyline", "sudoku", "tents"}
    assert built_in <= set(PUZZLES)
    assert [name for name in sorted(built_in) if PUZZLES[name].check is None] == []
