"""A pytest plugin for puzzle authors: the contract every puzzle plugin keeps, in one call.

Installed with backtrack (a ``pytest11`` entry point) and off until a test asks
for it: it adds one fixture and runs nothing by itself.  In a plugin's tests::

    def test_my_puzzle_keeps_the_contract(puzzle_contract):
        puzzle_contract("my-puzzle")                       # an installed puzzle, by name
        puzzle_contract(my_module.PUZZLE, brute_force=my_count, instances=["3 1", "5 2"])

or without the fixture, ``backtrack.testing.check_puzzle(puzzle, ...)``.  The
contract (each part says which one failed, and on what):

1. every example parses (a file of several instances, each of them);
2. the text form (the descriptor's ``text``, when it has one) reads back to the same puzzle;
3. every solution found passes the puzzle's checker (``check``, when it has one);
4. counts equal the author's brute force (``brute_force(spec) -> int``) on the
   ``instances`` given (small ones: the brute force must finish);
5. input errors name a line: an example with a line of garbage put in front is
   refused with an :class:`~backtrack.InputError` that names a line;
6. the fuzz suite: mutated examples and random text either parse or raise
   ``InputError`` with a line inside the input (``fuzz_budget`` cases; needs hypothesis);
7. first, all, count, verdict, prefix replay and parallel counts agree with each
   other on every example that is counted within ``seconds``;
8. for a puzzle with a reasoner (``hint``, ``grade``): from the givens of every
   example and of the ``reasoning`` instances (texts, game IDs or URLs, or pairs
   of an instance and a partial answer to start from), every explained step
   leaves a state that some solution agrees with, and every rule the reasoner
   declares is used by some step.
"""

from __future__ import annotations

import warnings
from typing import Any, Callable, Iterable

import pytest

from .engine import Stop, Verdict
from .inputs import read_file
from .manager import make_manager
from .formats import kind_of
from .puzzle import InputError, Puzzle

__all__ = ["check_puzzle", "fuzz_puzzle", "puzzle_contract"]

#: Fuzz cases per puzzle in a contract check (the project's own fuzz suite runs more).
FUZZ_BUDGET = 30
#: Seconds an example may take to be counted for the agreement checks; slower ones are left out.
COUNT_SECONDS = 2.0
#: Examples longer than this are not mutated by the fuzzer.
LONGEST_EXAMPLE = 6000

HUGE_NUMBER = "9" * 5000
ODD_PIECES = ["\ufeff", "\x00", "\r", "\t", "\r\n", "é", "\u00a0", "１", "٣", "-1", "0", "00", "+7", HUGE_NUMBER,
              "\n\n", "#", "  "]


def _installed(name: str) -> Puzzle:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return make_manager(puzzle=name).puzzle(name)


def _instances(puzzle: Puzzle, text: str) -> list[tuple[int, str]]:
    return puzzle.split(text) if puzzle.split is not None else [(1, text)]


def check_puzzle(
    puzzle: str | Puzzle,
    *,
    brute_force: Callable[[Any], int] | None = None,
    instances: Iterable[str] = (),
    fuzz_budget: int = FUZZ_BUDGET,
    seconds: float = COUNT_SECONDS,
    params: dict[str, Any] | None = None,
    reasoning: Iterable[str | tuple[str, str]] = (),
) -> None:
    """Check the contract (see the module docstring); an ``AssertionError`` names the part that failed."""
    if isinstance(puzzle, str):
        puzzle = _installed(puzzle)
    params = dict(params or {})
    specs: list[tuple[str, Any]] = []
    for name, path in puzzle.examples.items():
        text = read_file(path)
        for first_line, part in _instances(puzzle, text):
            try:
                spec = puzzle.parse(part, str(path))
            except InputError as error:
                raise AssertionError(f"1. example {name!r} does not parse: {error}") from None
            specs.append((f"example {name!r}" + (f" line {first_line}" if first_line > 1 else ""), spec))
            _check_text_form(puzzle, spec, name)
    for label, spec in specs:
        _check_agreement(puzzle, spec, label, params, seconds)
    for text in instances:
        spec = puzzle.parse(text, "<instance>")
        _check_agreement(puzzle, spec, f"instance {text!r}", params, seconds)
        if brute_force is not None:
            expected = brute_force(spec)
            found = puzzle.make_search(spec, params).count()
            assert found == expected, f"4. instance {text!r}: the search counts {found}, the brute force {expected}"
    if puzzle.reasoner is not None:
        from .instances import decode

        starts: list[tuple[str, Any, str | None]] = [(label, spec, None) for label, spec in specs]
        for item in reasoning:
            text, answer = (item, None) if isinstance(item, str) else item
            spec = decode(puzzle, text.strip(), "<reasoning>", kind_of(text.strip()))
            starts.append((f"reasoning instance {text[:40]!r}", spec, answer))
        _check_reasoning(puzzle, starts, params, seconds)
    for name, path in puzzle.examples.items():
        _check_located_errors(puzzle, read_file(path), name)
    if fuzz_budget > 0:
        fuzz_puzzle(puzzle, fuzz_budget)


def _check_text_form(puzzle: Puzzle, spec: Any, name: str) -> None:
    text_of = getattr(puzzle, "text", None)
    if text_of is None:
        return
    again = puzzle.parse(text_of(spec), "<text form>")
    assert again == spec, f"2. example {name!r}: its text form does not read back to the same puzzle"


def _check_agreement(puzzle: Puzzle, spec: Any, label: str, params: dict[str, Any], seconds: float) -> None:
    """3 and 7: checker, and first/all/count/verdict/prefixes/parallel agreeing, on a search that ends in time."""
    from . import parallel

    search = puzzle.make_search(spec, params)
    found = list(search.solutions(timeout=seconds))
    report = search.report
    if report.stopped is Stop.TIMEOUT:
        return  # too big for a contract check
    for solution in found:
        if puzzle.check is not None:
            broken = puzzle.check(spec, solution)
            assert broken == [], f"3. {label}: a solution breaks the rules: {broken[:3]}"
        assert isinstance(puzzle.render(spec, solution), str), f"3. {label}: render did not give text"
    total, attempts = len(found), report.attempts
    assert report.complete, f"7. {label}: all solutions were listed, yet the report is not complete"
    counted = puzzle.make_search(spec, params)
    assert counted.count() == total, f"7. {label}: count() gives {counted.report.solutions}, solutions() {total}"
    assert counted.report.attempts == attempts, f"7. {label}: count() and solutions() make different attempts"
    first = puzzle.make_search(spec, params).first()
    assert (first is None) == (total == 0), f"7. {label}: first() disagrees with the number of solutions"
    if found:
        assert first == found[0], f"7. {label}: first() is not the first of solutions()"
    verdict = puzzle.make_search(spec, params).verdict()
    assert verdict is Verdict.of(total, True), f"7. {label}: verdict() is {verdict.value} with {total} solutions"
    splittable, _ = parallel.is_splittable(puzzle.make_search(spec, params))
    if not splittable:
        return
    cut = parallel.split(puzzle.make_search(spec, params), depth=1)
    below = 0
    replayed = puzzle.make_search(spec, params)
    for prefix in cut.prefixes:
        below += replayed.count(prefix=prefix)
    assert cut.solutions + below == total, f"7. {label}: the subtrees of the first level add up to {below}, not {total}"
    report_p = parallel.count(puzzle, None, params, spec=spec, workers=1, depth=1)
    assert (report_p.solutions, report_p.attempts) == (total, attempts), (
        f"7. {label}: a split count gives {report_p.solutions} solutions in {report_p.attempts} attempts, "
        f"the search {total} in {attempts}"
    )


def _check_reasoning(puzzle: Puzzle, starts: list[tuple[str, Any, str | None]], params: dict[str, Any],
                     seconds: float) -> None:
    """8: every explained step agrees with some solution; every declared rule is used."""
    from .explain import next_step
    from .hints import reasoner_for

    used: set[str] = set()
    rules: tuple[Any, ...] = ()
    for label, spec, answer in starts:
        search = puzzle.make_search(spec, params)
        solutions = list(search.solutions(limit=100, timeout=seconds))
        if not search.report.complete or not solutions:
            continue  # too big, too many solutions, or none: nothing to agree with
        reasoner = reasoner_for(puzzle, spec, answer, label)
        rules = reasoner.rules
        for number in range(1, 100_000):
            step = next_step(reasoner)
            assert step.kind != "mistake", f"8. {label}: from the givens, step {number} finds a mistake: {step.words}"
            if step.kind != "step":
                break
            used.add(step.rule or "")
            assert any(not reasoner.against(solution) for solution in solutions), (
                f"8. {label}: after step {number} ({step.rule}: {step.words}) no solution agrees with the state")
    unused = [rule.id for rule in rules if rule.id not in used]
    assert not unused, (f"8. the rules {', '.join(unused)} are used by no step of the examples: give instances that "
                        "need them (reasoning=[...])")


def _check_located_errors(puzzle: Puzzle, text: str, name: str) -> None:
    """5: garbage in front of an example is refused with a line."""
    broken = "\x01 this is not a puzzle \x01\n" + text
    try:
        for _, part in _instances(puzzle, broken):
            puzzle.parse(part, "<broken>")
    except InputError as error:
        assert error.line is not None, (
            f"5. example {name!r} with a garbage first line: the error names no line: {error}")
        return
    raise AssertionError(f"5. example {name!r} with a garbage first line was accepted")


def fuzz_puzzle(puzzle: Puzzle, budget: int, search_seconds: float = 0.05) -> None:
    """6: mutated examples and random text either parse or raise InputError with a line inside the input.

    Whatever parses is searched for ``search_seconds`` and its solutions checked.
    """
    try:
        from hypothesis import HealthCheck, given, settings
        from hypothesis import strategies as st
    except ImportError:
        pytest.skip("the fuzz part of the contract needs hypothesis: pip install hypothesis")
    texts = [read_file(path) for path in puzzle.examples.values()]
    texts = [text for text in texts if len(text) <= LONGEST_EXAMPLE] or [t[:LONGEST_EXAMPLE] for t in texts] or [""]
    chars = sorted(set("".join(texts)) | set("0123456789 \n.#-+|*ABCabcxyz"))
    singles = [piece for piece in ODD_PIECES if len(piece) == 1]

    @st.composite
    def mutation(draw: Any, text: str) -> str:
        lines = text.split("\n")
        kind = draw(st.sampled_from(["replace", "insert", "delete", "double", "drop", "swap", "truncate", "number"]))
        at = draw(st.integers(0, max(0, len(text))))
        if kind == "replace" and text:
            at = min(at, len(text) - 1)
            return text[:at] + draw(st.sampled_from(chars)) + text[at + 1 :]
        if kind == "insert":
            piece = draw(st.one_of(st.sampled_from(chars), st.sampled_from(ODD_PIECES),
                                   st.text(st.sampled_from(chars), max_size=8)))
            return text[:at] + piece + text[at:]
        if kind == "delete":
            return text[:at] + text[draw(st.integers(at, min(len(text), at + 12))) :]
        if kind in ("double", "drop", "swap") and lines:
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if kind == "double":
                lines.insert(i, lines[i])
            elif kind == "drop":
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
    def inputs(draw: Any) -> str:
        if draw(st.integers(0, 4)) == 0:
            return draw(st.text(st.sampled_from(chars + singles), max_size=300))
        text = draw(st.sampled_from(texts))
        for _ in range(draw(st.integers(1, 4))):
            text = draw(mutation(text))
        return text

    choices = st.fixed_dictionaries({p.name: st.sampled_from(list(p.choices)) for p in puzzle.params if p.choices})

    @settings(max_examples=budget, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
    @given(text=inputs(), params=choices)
    def case(text: str, params: dict) -> None:
        total = len(text.splitlines()) or 1
        try:
            parts = _instances(puzzle, text)
        except InputError as error:
            assert error.line is None or 1 <= error.line <= total + 1, f"6. a line outside the input: {error}"
            return
        for first_line, part in parts[:3]:
            try:
                spec = puzzle.parse(part, "<fuzz>")
            except InputError as error:
                assert error.source == "<fuzz>", f"6. the error names another source: {error}"
                if error.line is not None:
                    assert 1 <= error.line + first_line - 1 <= total + 1, f"6. a line outside the input: {error}"
                assert error.column is None or error.column >= 1, f"6. a column before the first: {error}"
                continue
            try:
                search = puzzle.make_search(spec, params)
            except InputError:
                continue
            for solution in search.solutions(2, timeout=search_seconds):
                if puzzle.check is not None:
                    broken = puzzle.check(spec, solution)
                    assert broken == [], f"6. a solution of a fuzzed input breaks the rules: {broken[:3]}"
                assert isinstance(puzzle.render(spec, solution), str)

    case()


@pytest.fixture
def puzzle_contract() -> Callable[..., None]:
    """``puzzle_contract(puzzle, brute_force=None, instances=(), fuzz_budget=30)``: check a puzzle's contract."""
    return check_puzzle
