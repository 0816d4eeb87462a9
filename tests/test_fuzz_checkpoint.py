"""Fuzzing checkpoints through the command: a mutated file gives a clean error or the right count.

A count of 8 queens leaves a checkpoint; hypothesis mutates its bytes (flips,
insertions, deletions, cuts, lines lost, doubled, swapped or edited) and the same
``backtrack solve --count --checkpoint`` command runs again on the result.  It must
either exit 2 with one ``backtrack: error:`` line naming the file, or give the
serial engine's count: never another total, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backtrack import make_manager
from backtrack.cli import main

N = 8


def command(checkpoint: Path) -> list[str]:
    return ["solve", "queens", "-p", f"n={N}", "--count", "--json", "--workers", "1", "--checkpoint", str(checkpoint),
            "--split-depth", "2"]


def run(checkpoint: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(command(checkpoint))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def serial() -> tuple[int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        queens = make_manager().puzzle("queens")
    search = queens.search(queens.build(n=N))
    search.count()
    return search.report.solutions, search.report.attempts


@pytest.fixture(scope="module")
def original(tmp_path_factory, serial) -> bytes:
    checkpoint = tmp_path_factory.mktemp("fuzz") / "original.ckpt"
    status, out, err = run(checkpoint)
    assert status == 0, err
    assert (json.loads(out)["solutions"], json.loads(out)["attempts"]) == serial
    return checkpoint.read_bytes()


def mutate(data: bytes, moves: list[tuple[str, int, int, bytes]]) -> bytes:
    """Apply the mutations: each a kind, two positions (taken modulo the size) and some bytes."""
    for kind, first, second, extra in moves:
        lines = data.split(b"\n")
        size = max(1, len(data))
        at, to = first % size, second % size
        if kind == "flip" and data:
            data = data[:at] + bytes([data[at] ^ (1 << (second % 8))]) + data[at + 1 :]
        elif kind == "insert":
            data = data[:at] + extra + data[at:]
        elif kind == "delete":
            data = data[: min(at, to)] + data[max(at, to) :]
        elif kind == "cut":
            data = data[:at]
        elif kind == "replace":
            data = data[:at] + extra + data[at + len(extra) :]
        elif kind == "digit":  # change one digit of a number: a count edited by hand
            digits = [match.start() for match in re.finditer(rb"\d", data)]
            if digits:
                where = digits[first % len(digits)]
                data = data[:where] + str(second % 10).encode() + data[where + 1 :]
        elif kind == "drop-line":
            del lines[first % len(lines)]
            data = b"\n".join(lines)
        elif kind == "double-line":
            where = first % len(lines)
            lines.insert(second % (len(lines) + 1), lines[where])
            data = b"\n".join(lines)
        elif kind == "swap-lines":
            i, j = first % len(lines), second % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


MOVES = st.lists(
    st.tuples(
        st.sampled_from(
            ["flip", "insert", "delete", "cut", "replace", "digit", "drop-line", "double-line", "swap-lines"]
        ),
        st.integers(min_value=0, max_value=1 << 20),
        st.integers(min_value=0, max_value=1 << 20),
        st.binary(min_size=1, max_size=8)
        | st.sampled_from([b"\n", b"{", b"[[[[", b'"', b"0", b"9", b"-1", b"1e9", b"NaN", b"\xff", b" "]),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=MOVES)
def test_a_mutated_checkpoint_gives_a_clean_error_or_the_right_count(tmp_path, original, serial, moves):
    checkpoint = tmp_path / "mutated.ckpt"
    checkpoint.write_bytes(mutate(original, moves))
    status, out, err = run(checkpoint)
    assert "Traceback" not in err
    if status == 2:
        assert out == ""
        errors = [line for line in err.splitlines() if line.startswith("backtrack: error: ")]
        assert len(errors) == 1 and str(checkpoint) in errors[0], err
        return
    assert status == 0, err
    result = json.loads(out)
    assert (result["solutions"], result["attempts"], result["complete"]) == (*serial, True), (moves, err)


def test_the_fuzzed_file_is_the_one_the_command_reads(tmp_path, original, serial):
    """The harness itself: an unchanged copy resumes every subtree; an edited count is refused."""
    checkpoint = tmp_path / "copy.ckpt"
    checkpoint.write_bytes(original)
    status, out, _ = run(checkpoint)
    assert status == 0 and json.loads(out)["parallel"]["resumed"] == json.loads(out)["parallel"]["subtrees"]
    lines = original.split(b"\n")
    lines[2] = re.sub(rb'"solutions": (\d+)', lambda m: b'"solutions": %d' % (int(m.group(1)) + 1), lines[2])
    checkpoint.write_bytes(b"\n".join(lines))
    status, out, err = run(checkpoint)
    assert status == 2 and f"{checkpoint}:3: its checksum does not match" in err
