"""``check``, ``convert``, ``generate`` and IDs in place of files: the command's side, on a small puzzle.

The puzzle (choose K of N items, in a file loaded with ``--plugin``) declares a
Tatham-style ID (``N:K``), an answer reader, a checker and a generator, so that
what the command does with them is tested apart from any built-in puzzle's
formats (those are tested with each puzzle).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from backtrack.cli import main

PICK = '''
"""Choose K of N items: the test puzzle of tests/test_sharing_commands.py."""
import random

from backtrack import Format, Generator, InputError, Param, Puzzle, Search, hookimpl


class PickSearch(Search):
    def __init__(self, spec):
        self.n, self.k = spec
        self.picked = []
    def moves(self, level):
        return range(self.picked[-1] + 1 if self.picked else 0, self.n)
    def valid(self, level, move):
        return True
    def record(self, level, move):
        self.picked.append(move)
    def undo(self, level, move):
        self.picked.pop()
    def done(self, level):
        return len(self.picked) == self.k
    def solution(self, path):
        return list(self.picked)


def parse(text, source):
    words = text.split()
    if len(words) != 2 or not all(word.isdigit() for word in words) or int(words[1]) > int(words[0]):
        raise InputError("expected two numbers N K, K at most N", source, 1)
    return int(words[0]), int(words[1])


def decode(text, source):
    n, colon, k = text.partition(":")
    if not n.isdigit():
        raise InputError("expected N before the colon", source, 1, 1)
    if not k.isdigit() or int(k) > int(n):
        raise InputError("expected K, at most N, after the colon", source, 1, len(n) + 2)
    return int(n), int(k)


def read_answer(spec, text, source):
    words = text.split()
    for column, word in enumerate(words, 1):
        if not word.isdigit():
            raise InputError(f"expected item numbers, not {word!r}", source, 1, column)
    return [int(word) for word in words]


def check(spec, solution):
    n, k = spec
    broken = [f"item {item} is not one of the {n} items" for item in solution if not 0 <= item < n]
    if len(set(solution)) != len(solution):
        broken.append("an item is picked twice")
    if len(solution) != k:
        broken.append(f"row 1, column {len(solution) + 1}: expected {k} items, found {len(solution)}")
    return broken


def make(seed, unique, n=5):
    chance = random.Random(seed)
    return (n, n) if unique else (n, chance.randint(1, n))


@hookimpl
def backtrack_puzzles():
    return [Puzzle(name="pick", description="choose K of N items", parse=parse, search=PickSearch,
                   render=lambda spec, solution: " ".join(map(str, solution)), check=check,
                   text=lambda spec: f"{spec[0]} {spec[1]}\\n", read_answer=read_answer,
                   formats={"tatham": Format(decode, lambda spec: f"{spec[0]}:{spec[1]}")},
                   generator=Generator(make, (Param("n", "items", int, 5, low=1, high=20),), unique_default=False))]
'''


@pytest.fixture
def pick(tmp_path: Path) -> str:
    path = tmp_path / "pick_puzzle.py"
    path.write_text(PICK, encoding="utf-8")
    return str(path)


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_an_id_is_read_where_a_file_would_be(capsys, pick):
    status, out, _ = run(capsys, "--plugin", pick, "solve", "pick", "5:2", "--count")
    assert status == 0 and out.startswith("10 solutions (search complete)")


def test_a_file_of_ids_one_per_line_is_a_batch(capsys, pick, tmp_path):
    batch = tmp_path / "ids.txt"
    batch.write_text("5:2\n\n4:4\n", encoding="utf-8")
    status, out, _ = run(capsys, "--plugin", pick, "solve", "pick", str(batch), "--json")
    result = json.loads(out)
    assert status == 0
    assert [(one["source"], one["verdict"]) for one in result["instances"]] == [
        (f"{batch}:1", "ambiguous"), (f"{batch}:3", "unique")]


def test_a_bad_id_names_the_position(capsys, pick, tmp_path):
    status, _, err = run(capsys, "--plugin", pick, "solve", "pick", "5:9")
    assert status == 2 and "<argument>:1:3: expected K, at most N, after the colon" in err
    batch = tmp_path / "ids.txt"
    batch.write_text("5:2\n5:x\n", encoding="utf-8")
    status, _, err = run(capsys, "--plugin", pick, "solve", "pick", str(batch))
    assert status == 2 and f"{batch}:2:3:" in err


def test_a_format_the_puzzle_does_not_read_is_refused_by_name(capsys, pick):
    status, _, err = run(capsys, "--plugin", pick, "solve", "pick", "https://puzz.link/p?akari/5/5/abc")
    assert status == 2 and "puzz.link URLs" in err and "does not read those" in err
    status, _, err = run(capsys, "solve", "queens", "7x7:d11aBf1a0a0kBa1aBf1aB0d")
    assert status == 2 and "Tatham game IDs" in err


def test_convert_writes_any_input_in_another_format_and_back(capsys, pick, tmp_path):
    status, out, _ = run(capsys, "--plugin", pick, "convert", "pick", "7:3", "--to", "text")
    assert status == 0 and out == "7 3\n"
    text = tmp_path / "seven.txt"
    text.write_text(out, encoding="utf-8")
    status, out, _ = run(capsys, "--plugin", pick, "convert", "pick", str(text), "--to", "tatham")
    assert status == 0 and out == "7:3\n"
    status, _, err = run(capsys, "--plugin", pick, "convert", "pick", str(text), "--to", "puzzlink")
    assert status == 2 and "cannot be written as one of the puzz.link URLs" in err


def test_check_takes_what_solve_printed(capsys, pick, tmp_path):
    status, out, _ = run(capsys, "--plugin", pick, "solve", "pick", "5:2")
    answer = tmp_path / "answer.txt"
    answer.write_text(out, encoding="utf-8")  # "Solution 1", the answer, the summary and the report line
    status, out, _ = run(capsys, "--plugin", pick, "check", "pick", "5:2", str(answer))
    assert status == 0 and "right" in out


def test_check_names_the_first_broken_rule_and_json_lists_them_all(capsys, pick, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("1 1 7\n", encoding="utf-8")
    status, out, _ = run(capsys, "--plugin", pick, "check", "pick", "5:2", str(answer))
    assert status == 1 and "wrong: item 7 is not one of the 5 items (and 2 more" in out
    status, out, _ = run(capsys, "--plugin", pick, "check", "pick", "5:2", str(answer), "--json")
    result = json.loads(out)
    assert status == 1 and result["correct"] is False and len(result["broken"]) == 3
    assert result["broken"][2]["cells"] == [[1, 4]]


def test_check_refuses_several_solutions_and_unreadable_answers(capsys, pick, tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("Solution 1\n0 1\nSolution 2\n0 2\n", encoding="utf-8")
    status, _, err = run(capsys, "--plugin", pick, "check", "pick", "5:2", str(answer))
    assert status == 2 and f"{answer}:3: this holds 2 solutions" in err
    answer.write_text("0 x\n", encoding="utf-8")
    status, _, err = run(capsys, "--plugin", pick, "check", "pick", "5:2", str(answer))
    assert status == 2 and "expected item numbers" in err


def test_generate_gives_the_same_puzzles_for_the_same_seed(capsys, pick):
    first = run(capsys, "--plugin", pick, "generate", "pick", "--seed", "7", "--count", "3", "-p", "n=9")
    again = run(capsys, "--plugin", pick, "generate", "pick", "--seed", "7", "--count", "3", "-p", "n=9")
    assert first[0] == 0 and first[1] == again[1] and len(first[1].splitlines()) == 3
    status, out, _ = run(capsys, "--plugin", pick, "generate", "pick", "--seed", "7", "--to", "tatham")
    assert status == 0 and out.count(":") == 1


def test_generate_unique_checks_each_puzzle_with_the_engine(capsys, pick):
    status, out, _ = run(capsys, "--plugin", pick, "generate", "pick", "--seed", "1", "--unique", "-p", "n=6")
    assert status == 0 and out == "6 6\n"


def test_generate_refuses_what_it_cannot_do(capsys, pick):
    status, _, err = run(capsys, "--plugin", pick, "generate", "pick", "-p", "size=3")
    assert status == 2 and "has no parameter 'size'" in err
    status, _, err = run(capsys, "--plugin", pick, "generate", "pick", "--difficulty", "hard", "--seed", "1")
    assert status == 2 and "does not grade difficulty" in err
    status, _, err = run(capsys, "generate", "queens")
    assert status == 2 and "has no generator" in err


def test_a_file_row_that_reads_like_a_random_seed_id_is_the_puzzles_own_text(capsys, tmp_path):
    board = tmp_path / "none.txt"
    board.write_text("1#\n#.\n", encoding="utf-8")  # an Akari row "1#" is not Tatham's PARAMS#SEED
    status, out, err = run(capsys, "solve", "akari", str(board))
    assert status == 1 and "0 solutions (search complete)" in out, err
