"""Checks the format and answer tests share: running the command, catching input errors, fuzzing decoders.

The format tests (``test_formats_*``) read and write a puzzle's IDs, URLs and
files; the answer tests (``test_answers_*``) read and check what ``solve``
printed.  Both run :func:`backtrack.cli.main` and read what it printed
(:func:`ran`, :func:`printed`), expect an :class:`~backtrack.InputError` from
bad text (:func:`input_error`), and fuzz a decoder with edited or mutated text
(:func:`edits`, :func:`edited`, :func:`mutated`, :func:`decodes_or_input_error`).

The tests folder has no ``__init__.py``: pytest puts it on ``sys.path``, and the
test modules import these with ``from format_checks import ...``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from backtrack import InputError
from backtrack.cli import main

#: The settings of a fuzz test: 150 examples, no deadline, slow examples allowed.
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the command ---------------------------------------------------------------------------


def ran(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit status of ``backtrack ARGV...``, and what it printed to stdout and to stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """What ``backtrack ARGV...`` printed to stdout; it must exit 0."""
    assert main(list(argv)) == 0
    return capsys.readouterr().out


# -- input errors --------------------------------------------------------------------------


def input_error(function: Callable[..., Any], *args: Any) -> InputError:
    """The :class:`InputError` that ``function(*args)`` raises; it must raise one."""
    with pytest.raises(InputError) as caught:
        function(*args)
    return caught.value


# -- fuzzing -------------------------------------------------------------------------------


def edits(alphabet: str) -> st.SearchStrategy[list[tuple[str, int, str]]]:
    """One to four edits ``(kind, at, char)``: replace, insert or delete a character of ``alphabet`` at ``at``."""
    return st.lists(st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, 400),
                              st.sampled_from(alphabet)), min_size=1, max_size=4)


def edited(text: str, changes: Sequence[tuple[str, int, str]]) -> str:
    """``text`` after ``changes`` as :func:`edits` draws them, each place taken modulo the length plus one."""
    for kind, at, char in changes:
        at %= len(text) + 1
        if kind == "replace":
            text = text[:at] + char + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + char + text[at:]
        else:
            text = text[:at] + text[at + 1:]
    return text


def mutated(data: st.DataObject, seeds: Sequence[str], pieces: Sequence[str]) -> str:
    """One of ``seeds`` with one to four of ``pieces`` drawn from ``data`` put in place of or between characters."""
    chars = list(data.draw(st.sampled_from(seeds)))
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(chars)))
        piece = data.draw(st.sampled_from(pieces))
        if where < len(chars) and data.draw(st.booleans()):
            chars[where] = piece
        else:
            chars.insert(where, piece)
    return "".join(chars)


def decodes_or_input_error(formats: Mapping[str, Any], check: Callable[[Any, Any], Any], text: str) -> None:
    """Every format of ``formats`` decodes ``text`` or raises an InputError naming a line of source ``fuzz``.

    What decodes encodes and decodes back to itself, and an answer the format
    reads along with the puzzle goes through ``check`` without raising.
    """
    for form, found in formats.items():
        try:
            spec = found.decode(text, "fuzz")
        except InputError as error:
            assert error.source == "fuzz" and error.line is not None, (form, text, error)
            continue
        assert found.decode(found.encode(spec), "x") == spec
        if found.decode_answer is not None:
            spec, solution = found.decode_answer(text, "fuzz")
            if solution is not None:
                check(spec, solution)


def round_trip_or_input_error(fmt: Any, text: str) -> Any | None:
    """What the format ``fmt`` decodes ``text`` to, which must encode and decode back to itself.

    None if ``text`` is an InputError instead, whose line, when it names one, must
    be within the text (or just past its end).
    """
    try:
        spec = fmt.decode(text, "<fuzz>")
    except InputError as error:
        assert error.line is None or 1 <= error.line <= text.count("\n") + 2
        return None
    assert fmt.decode(fmt.encode(spec), "<again>") == spec
    return spec
