"""Every input form of every puzzle through every command that takes an instance, against its text form.

An argument becomes an instance along one path (:mod:`backtrack.instances`),
whatever the command and whatever the executor.  So every installed puzzle that
reads a shared format is given as its own text and as each form it reads (Tatham
game ID, puzz.link URL, pzprv3 file), and each command that takes an instance
(:data:`COMMANDS`: ``solve`` in each mode, ``check``, ``convert``, ``show``,
``replay``, ``estimate``, ``bench --rounds 1``) must answer for every form as it
answers for the text.  ``solve --count --workers 2`` on local worker processes,
with a checkpoint and a resume, and from standard input, must give the serial
engine's count of the same instance.  For those the warm-up in this process is
turned off (``parallel.count`` wrapped with ``warmup=0, steal=False``), so that
every subtree is counted in a worker process, which must read the instance as this
process did; one case per form runs the command as it is, on an instance big
enough to outlast the warm-up.
"""

from __future__ import annotations

import functools
import io
import json
import re
import warnings
from typing import Callable

import pytest

from backtrack import make_manager, parallel
from backtrack.cli import main
from backtrack.cli.options import encoded

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


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def without(data: dict, *keys: str) -> dict:
    """``data`` without the keys that name the input or the time it took."""
    return {key: value for key, value in data.items() if key not in keys}


def solved(mode: str) -> Callable:
    def answer(capsys, name: str, path: str, tmp_path) -> object:
        status, out, err = run(capsys, "solve", name, path, "--json", *mode.split())
        assert status == 0, err
        return status, without(json.loads(out), "source", "seconds")
    return answer


def counted_here(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "solve", name, path, "--count", "--json", "--workers", "1")
    assert status == 0, err
    return status, without(json.loads(out), "source", "seconds", "parallel")


def checked(capsys, name: str, path: str, tmp_path) -> object:
    """The text form's first solution, as ``solve`` prints it, checked against the instance in this form."""
    text_path = tmp_path / f"{name}.text"
    status, printed, err = run(capsys, "solve", name, str(text_path))
    assert status == 0, err
    answer = tmp_path / "answer.txt"
    answer.write_text(printed, encoding="utf-8")
    status, out, err = run(capsys, "check", name, path, str(answer), "--json")
    return status, without(json.loads(out), "source")


def converted(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "convert", name, path, "--to", "text")
    return status, out


def shown(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "show", name, path)
    return status, out


def replayed(capsys, name: str, path: str, tmp_path) -> object:
    page = tmp_path / "replay.html"
    status, out, err = run(capsys, "replay", name, path, "-o", str(page), "--mode", "first", "--max-events", "500")
    assert status == 0 and page.stat().st_size > 0, err
    return status, re.sub(r"^wrote \S+: ", "", out)


def estimated(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "estimate", name, path, "--samples", "30", "--seed", "1", "--json")
    return status, without(json.loads(out), "source", "seconds")


def benched(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "bench", name, path, "--rounds", "1", "--warmup", "0", "--mode", "unique", "--json")
    assert status == 0, err
    info = json.loads(out)["benchmarks"][0]["extra_info"]
    return status, (info["attempts"], info["solutions"], info["complete"])


def hinted(capsys, name: str, path: str, tmp_path) -> object:
    """Every step from the givens, or the error of a puzzle that has no reasoner: the same in every form."""
    status, out, err = run(capsys, "hint", name, path, "--all", "--json")
    return status, json.loads(out) if status == 0 else err


def graded(capsys, name: str, path: str, tmp_path) -> object:
    status, out, err = run(capsys, "grade", name, path, "--json")
    return status, json.loads(out) if status == 0 else err


#: Each command that takes an instance, and what of its answer must not depend on the instance's form.
COMMANDS = {
    "solve": solved(""),
    "solve --all --limit 3": solved("--all --limit 3"),
    "solve --unique": solved("--unique"),
    "solve --count --workers 1": counted_here,
    "check": checked,
    "convert --to text": converted,
    "show": shown,
    "replay": replayed,
    "estimate": estimated,
    "bench --rounds 1": benched,
    "hint --all": hinted,
    "grade": graded,
}


@pytest.mark.parametrize("name", SHARED)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_answers_for_every_form_as_for_the_text(tmp_path, capsys, name, command):
    answer = COMMANDS[command]
    text, _ = instance(name, "text")
    (tmp_path / f"{name}.text").write_text(text, encoding="utf-8")
    expected = answer(capsys, name, str(tmp_path / f"{name}.text"), tmp_path)
    for form in sorted(MANAGER.puzzle(name).formats):
        encoded_text, _ = instance(name, form)
        path = tmp_path / f"{name}.{form}"
        path.write_text(encoded_text, encoding="utf-8")
        assert answer(capsys, name, str(path), tmp_path) == expected, (command, form)
        if form in ("tatham", "puzzlink"):  # an ID or a URL given as the argument itself
            assert answer(capsys, name, encoded_text.strip(), tmp_path) == expected, (command, form, "argument")


def test_the_table_holds_every_command_that_takes_an_instance():
    from backtrack.cli import COMMANDS as COMMAND_MODULES, build_parser

    parser = build_parser()
    subparsers = next(action for action in parser._actions if action.dest == "command")
    taking = {name for name, command in subparsers.choices.items()
              if any(action.dest in ("file", "inputs") for action in command._actions)}
    assert taking == {command.split()[0] for command in COMMANDS} and taking <= set(COMMAND_MODULES)
