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

Game IDs and URLs are fuzzed through the commands too: the shipped examples are
written as Tatham IDs and puzz.link URLs (those each puzzle reads), mutated, and
given to ``backtrack solve`` and ``backtrack convert`` in-process
(:func:`backtrack.cli.main`).  Each must end in an answer or a clean error:
exit 2 with one ``backtrack: error:`` line, never a traceback, and exit 1 only
where the search found no solution.

The budget is small in CI; ``BACKTRACK_FUZZ_EXAMPLES=10000 python -m pytest
tests/test_fuzz.py -n 2`` runs 10,000 cases per puzzle (half as many through the
commands, whose runs are slower).
"""

from __future__ import annotations

import os
import warnings

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from backtrack import Puzzle, make_manager
from backtrack.cli import main
from backtrack.testing import fuzz_puzzle
from format_checks import mutated

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


#: What the mutations of IDs and URLs put in: their own characters, and some that break them.
PIECES = [*"0123456789abcdefgxyz_-!.,/:#?&=BqA+%*$ ", "99999999999", "\ufeff", "\x00", "\n", "p?", "https://"]


def shared_seeds(name: str, most: int = 3) -> list[tuple[str, str]]:
    """Up to ``most`` of the puzzle's smallest examples as each of its IDs and URLs: ``(form, text)`` pairs."""
    puzzle = PUZZLES[name]
    seeds: list[tuple[str, str]] = []
    for form in ("tatham", "puzzlink"):
        fmt = puzzle.formats.get(form)
        if fmt is None:
            continue
        for example in sorted(puzzle.examples, key=lambda e: puzzle.examples[e].stat().st_size)[:most]:
            try:
                seeds.append((form, fmt.encode(puzzle.parse(puzzle.examples[example].read_text(encoding="utf-8")))))
            except (ValueError, AttributeError, TypeError):
                continue
    return seeds


SHARED = {name: shared_seeds(name) for name in PUZZLES}


@pytest.mark.parametrize("name", [name for name in PUZZLES if SHARED[name]])
def test_every_mutated_id_or_url_gives_an_answer_or_a_clean_error(name, capsys):
    seeds = [text for _, text in SHARED[name]]

    @settings(max_examples=max(5, BUDGET // 2), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(st.data(), st.sampled_from(["solve", "convert"]))
    def run(data: st.DataObject, command: str) -> None:
        text = mutated(data, seeds, PIECES)
        # (an argument starting with '-' is an option to argparse, which says so itself)
        assume(text.strip() and not text.startswith("-") and not os.path.exists(text))
        argv = [command, name, text, *(["--timeout", "2"] if command == "solve" else ["--to", "text"])]
        status = main(argv)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, (argv, err)
        if status == 2:
            assert err.startswith("backtrack: error: ") and err.count("\n") == 1, (argv, err)
        elif status == 1:
            assert command == "solve" and "Solution" not in out and "error" not in err, (argv, out, err)
        else:
            assert status in (0, 124), (argv, status, out, err)

    run()
