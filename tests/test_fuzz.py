"""Fuzzing every installed puzzle through the plugin registry: input either parses or is an InputError.

For each puzzle the registry knows (the built-in ones and any third party's),
hypothesis mutates the shipped examples (characters replaced, inserted and
deleted, lines doubled, dropped and swapped, numbers made huge, byte-order marks
and control characters inserted) and makes random text from the examples'
characters.  Each input must split and parse, or raise :class:`InputError` with a
line number inside the input; nothing else may escape.  Whatever parses is
searched briefly (a few solutions, a short timeout), and every solution found
must pass the puzzle's independent checker (the descriptor's ``check``) and
render.

The budget is small in CI; ``BACKTRACK_FUZZ_EXAMPLES=10000 python -m pytest
tests/test_fuzz.py -p no:randomly -n 2`` runs 10,000 cases per puzzle.
"""

from __future__ import annotations

import os
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import InputError, Puzzle, make_manager, read_file

#: Cases per puzzle and test; raise it with the environment variable for a long run.
BUDGET = int(os.environ.get("BACKTRACK_FUZZ_EXAMPLES", "60"))
#: Seconds each parsed input is searched for.
SEARCH_SECONDS = 0.05
#: Examples longer than this are not mutated (they are slow to search, and long inputs are tried by the size tests).
LONGEST_EXAMPLE = 6000

HUGE_NUMBER = "9" * 5000
ODD_PIECES = [
    "\ufeff",
    "\x00",
    "\r",
    "\t",
    "\r\n",
    "é",
    "\u00a0",
    "１",
    "٣",
    "-1",
    "0",
    "00",
    "+7",
    HUGE_NUMBER,
    "\n\n",
    "#",
    "  ",
]


def installed() -> dict[str, Puzzle]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager = make_manager()
    return {name: found.puzzle for name, found in sorted(manager.puzzles().items())}


PUZZLES = installed()


def examples(puzzle: Puzzle) -> list[str]:
    texts = [read_file(path) for path in puzzle.examples.values()]
    return (
        [text for text in texts if len(text) <= LONGEST_EXAMPLE] or [text[:LONGEST_EXAMPLE] for text in texts] or [""]
    )


def alphabet(texts: list[str]) -> list[str]:
    return sorted(set("".join(texts)) | set("0123456789 \n.#-+|*ABCabcxyz"))


@st.composite
def mutation(draw: st.DrawFn, text: str, chars: list[str]) -> str:
    """One change to ``text``."""
    lines = text.split("\n")
    kind = draw(
        st.sampled_from(["replace", "insert", "delete", "double line", "drop line", "swap lines", "truncate", "number"])
    )
    at = draw(st.integers(0, max(0, len(text))))
    if kind == "replace" and text:
        at = min(at, len(text) - 1)
        return text[:at] + draw(st.sampled_from(chars)) + text[at + 1 :]
    if kind == "insert":
        piece = draw(
            st.one_of(st.sampled_from(chars), st.sampled_from(ODD_PIECES), st.text(st.sampled_from(chars), max_size=8))
        )
        return text[:at] + piece + text[at:]
    if kind == "delete":
        end = draw(st.integers(at, min(len(text), at + 12)))
        return text[:at] + text[end:]
    if kind in ("double line", "drop line", "swap lines") and lines:
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if kind == "double line":
            lines.insert(i, lines[i])
        elif kind == "drop line":
            del lines[i]
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "truncate":
        return text[:at]
    if kind == "number":
        digits = [i for i, char in enumerate(text) if char.isdigit()]
        if digits:
            i = draw(st.sampled_from(digits))
            return text[:i] + draw(st.sampled_from([HUGE_NUMBER, "0", "99", "-3", "4294967297"])) + text[i + 1 :]
    return text


@st.composite
def puzzle_inputs(draw: st.DrawFn, texts: list[str], chars: list[str]) -> str:
    """A mutated example, or random text made of the examples' characters."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.text(st.sampled_from(chars + [piece for piece in ODD_PIECES if len(piece) == 1]), max_size=300))
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 4))):
        text = draw(mutation(text, chars))
    return text


def param_choices(puzzle: Puzzle) -> st.SearchStrategy[dict]:
    """Every combination of the puzzle's parameters that have a list of choices."""
    chosen = {param.name: st.sampled_from(list(param.choices)) for param in puzzle.params if param.choices}
    return st.fixed_dictionaries(chosen)


def lines_of(text: str) -> int:
    return len(text.splitlines()) or 1


def try_instance(puzzle: Puzzle, part: str, first_line: int, total_lines: int, params: dict) -> None:
    """Parse ``part``; search what parses for a moment and check every solution found."""
    try:
        spec = puzzle.parse(part, "<fuzz>")
    except InputError as error:
        assert error.source == "<fuzz>"
        if error.line is not None:
            assert 1 <= error.line + first_line - 1 <= total_lines + 1, f"line {error.line} outside the input: {error}"
        if error.column is not None:
            assert error.column >= 1
        return
    try:
        search = puzzle.search(spec, **params)
    except InputError:
        return
    for solution in search.solutions(2, timeout=SEARCH_SECONDS):
        if puzzle.check is not None:
            assert puzzle.check(spec, solution) == [], f"a solution breaks the rules: {puzzle.render(spec, solution)}"
        assert isinstance(puzzle.render(spec, solution), str)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_input_parses_or_is_an_input_error(name):
    puzzle = PUZZLES[name]
    texts = examples(puzzle)
    chars = alphabet(texts)

    @settings(
        max_examples=BUDGET,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(text=puzzle_inputs(texts, chars), params=param_choices(puzzle))
    def case(text: str, params: dict) -> None:
        total = lines_of(text)
        if puzzle.split is not None:
            try:
                parts = puzzle.split(text)
            except InputError as error:
                assert error.line is None or 1 <= error.line <= total + 1
                return
        else:
            parts = [(1, text)]
        for first_line, part in parts[:3]:
            try_instance(puzzle, part, first_line, total, params)

    case()


def test_the_built_in_puzzles_are_all_fuzzed_and_all_have_a_checker():
    built_in = {"akari", "bubbles", "infinity-loop", "kendoku", "queens", "ricochet", "skyline", "sudoku", "tents"}
    assert built_in <= set(PUZZLES)
    assert [name for name in sorted(built_in) if PUZZLES[name].check is None] == []
