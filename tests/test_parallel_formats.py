"""Counting an instance given in a shared format (Tatham ID, puzz.link URL, pzprv3 file) on workers.

Every installed puzzle that reads a shared format is counted as its own text and as
each form, through ``backtrack solve --count --workers 2``: from a file, with a
checkpoint and a resume, and from standard input.  Each must give the serial
engine's count of the same instance.  The warm-up in this process is turned off
(``parallel.count`` wrapped with ``warmup=0, steal=False``), so that every subtree
is counted in a worker process, which must read the instance as this process did;
one case per form runs the command as it is, on an instance big enough to outlast
the warm-up.
"""

from __future__ import annotations

import functools
import io
import json
import warnings

import pytest

from backtrack import make_manager, parallel
from backtrack.cli import encoded, main

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    MANAGER = make_manager()

#: Instances with subtrees at depth 1, by puzzle: an example's name, or the text itself.
INSTANCES = {
    "akari": "open",
    "bubbles": "generated-10x12",
    "kendoku": "five-several",
    "skyline": "five-several",
    # backtrack generate sudoku --any --seed 1 -p clues=24: 5,118 solutions.
    "sudoku": "6...7...157...9.2...1..6.........73.7.65..........7....5....867..74...9.39.......\n",
    # backtrack generate tents --any --seed 1 -p rows=24 -p cols=24 -p counts=half -p density=0.25
    "tents": """rules: standard
7 3 4 6 3 6 4 2 7 1 7 3 5 5 5 5 3 6 3 5 4 5 4 7
5 ..T.............T.......
5 ...T.T...T.TT........TT.
2 T...T..TT.....T........T
8 ..................T.T...
2 ........T...TTT..T......
6 .TTT.T....TT..T..T.T.T..
4 .......................T
5 ...T..........T..T.TT...
4 ..T.T..........T........
7 .T....T.T..TT.........T.
2 ...T...........T....TT..
5 ......T.....T...T.......
5 T....T.....T...T......T.
4 ..............T.....TT..
5 T.TT..T.T......T..T.T...
4 .....T...T..T......T..T.
6 ..T....T................
4 T....T.....T.T.TT.......
4 .T......T.........T.T.T.
5 T.T........T..T.........
5 .........T..T...T...T...
2 ......T................T
6 ..T..T..T..T....T....TT.
5 ...T......T..T..T..T....
""",
}
#: backtrack generate sudoku --any --seed 2 -p clues=24: 51,717 solutions, over a second serially.
LARGE_SUDOKU = "839.4.7.57.6398.4.2.4...8..4..............6........4.7....2..............4.6..3.9\n"
SHARED = sorted(name for name, found in MANAGER.puzzles().items() if found.puzzle.formats)
CASES = [(name, form) for name in SHARED for form in ("text", *sorted(MANAGER.puzzle(name).formats))]


def test_every_puzzle_with_a_shared_format_has_an_instance_here():
    assert SHARED and set(SHARED) <= set(INSTANCES), "add an instance for the new puzzle to INSTANCES"


@functools.cache
def instance(name: str, form: str, given: str = "") -> tuple[str, tuple[int, int]]:
    """The instance of ``name`` (or ``given``) in ``form``, and the serial engine's (solutions, attempts) of it."""
    puzzle = MANAGER.puzzle(name)
    given = given or INSTANCES[name]
    if "\n" not in given:
        text = puzzle.examples[given].read_text(encoding="utf-8")
        given = puzzle.split(text)[0][1] if puzzle.split is not None else text
    spec = puzzle.parse(given, "<test>")
    search = puzzle.search(spec)
    search.count()
    return (given if form == "text" else encoded(puzzle, spec, form)), (search.report.solutions, search.report.attempts)


@pytest.fixture
def no_warmup(monkeypatch):
    """Every subtree is counted by a worker process: no warm-up here, no stealing."""
    monkeypatch.setattr(parallel, "count", functools.partial(parallel.count, warmup=0, steal=False))


def solve(capsys, *args: str) -> tuple[int, dict, str]:
    status = main(["solve", *args])
    out, err = capsys.readouterr()
    return status, json.loads(out) if out.strip() else {}, err


def in_workers(result: dict) -> bool:
    """Whether the count went to the local worker processes, none of its subtrees counted here."""
    details = result["parallel"]
    return details["executor"] == "local" and details["subtrees_here"] == 0 and details["subtrees"] > 0


@pytest.mark.parametrize("name, form", CASES)
def test_a_file_in_any_form_counts_as_its_text_on_workers(tmp_path, capsys, no_warmup, name, form):
    text, expected = instance(name, form)
    path = tmp_path / f"{name}.{form}"
    path.write_text(text, encoding="utf-8")
    status, result, err = solve(capsys, name, str(path), "--count", "--json", "--workers", "2", "--split-depth", "1")
    assert status == 0, err
    assert (result["solutions"], result["attempts"], result["complete"]) == (*expected, True)
    assert in_workers(result), result["parallel"]


@pytest.mark.parametrize("name, form", CASES)
def test_any_form_resumes_from_its_checkpoint(tmp_path, capsys, no_warmup, name, form):
    text, expected = instance(name, form)
    path, checkpoint = tmp_path / f"{name}.{form}", tmp_path / "checkpoint"
    path.write_text(text, encoding="utf-8")
    args = [name, str(path), "--count", "--json", "--workers", "2", "--split-depth", "1"]
    args += ["--checkpoint", str(checkpoint)]
    status, first, err = solve(capsys, *args)
    assert status == 0 and (first["solutions"], first["attempts"]) == expected, err
    lines = checkpoint.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    assert header["instance_form"] == (None if form == "text" else form)
    assert len(lines) > 2
    checkpoint.write_text("".join(lines[:2]), encoding="utf-8")  # as if stopped after one subtree
    status, resumed, err = solve(capsys, *args)
    assert status == 0, err
    assert (resumed["solutions"], resumed["attempts"], resumed["complete"]) == (*expected, True)
    assert resumed["parallel"]["resumed"] == 1 and in_workers(resumed)


@pytest.mark.parametrize("name, form", CASES)
def test_any_form_on_standard_input_counts_as_its_text(capsys, monkeypatch, no_warmup, name, form):
    text, expected = instance(name, form)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status, result, err = solve(capsys, name, "-", "--count", "--json", "--workers", "2", "--split-depth", "1")
    assert status == 0, err
    assert (result["solutions"], result["attempts"], result["complete"]) == (*expected, True)
    assert in_workers(result), result["parallel"]


@pytest.mark.parametrize("form", ["tatham", "puzzlink", "pzprv3"])
def test_the_command_as_it_is_counts_a_shared_form_on_workers(tmp_path, capsys, form):
    """No patching: the count outlasts the warm-up, and the rest goes to the workers."""
    text, expected = instance("sudoku", form, LARGE_SUDOKU)
    argument = text.strip() if form == "tatham" else str(tmp_path / "sudoku.txt")
    (tmp_path / "sudoku.txt").write_text(text, encoding="utf-8")
    status, result, err = solve(capsys, "sudoku", argument, "--count", "--json", "--workers", "2")
    assert status == 0, err
    assert (result["solutions"], result["attempts"], result["complete"]) == (*expected, True)
    if result["parallel"]["executor"] != "local":
        pytest.skip("the count ended within the warm-up (machine too fast)")
