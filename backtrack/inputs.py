"""Reading puzzle input safely: UTF-8 text with a size limit, and whole numbers within bounds.

Every puzzle file, example and standard input goes through :func:`decode`, so all
puzzles read text the same way: strict UTF-8 (a byte that is not UTF-8 is an
:class:`~backtrack.InputError` naming its line and column), a byte-order mark at
the start ignored, and at most :data:`MAX_INPUT_BYTES` bytes.  Plugins read
numbers with :func:`whole_number`, which refuses a number out of its bounds before
converting it (Python refuses to convert more than 4,300 digits, and a huge
number is never a sensible board size), and quote what they found with
:func:`quoted`, which keeps messages short whatever the input holds.
"""

from __future__ import annotations

import os
import sys
from typing import BinaryIO, Sequence

from .puzzle import InputError, quoted

__all__ = ["MAX_INPUT_BYTES", "decode", "read_file", "read_stream", "read_standard_input", "whole_number", "quoted",
           "title_source"]

#: The largest input read, in bytes (10 MiB); larger input is refused with this number.
MAX_INPUT_BYTES = 10 * 2**20

BOM = "\ufeff"


def decode(data: bytes, source: str) -> str:
    """``data`` as text: strict UTF-8 without a leading byte-order mark.

    :class:`InputError` when it is not UTF-8 (naming the line and column) or too long.
    """
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(too_long(), source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        line_start = data.rfind(b"\n", 0, error.start) + 1
        column = len(data[line_start : error.start].decode("utf-8", errors="replace")) + 1
        raise InputError(
            f"expected UTF-8 text, found the byte 0x{data[error.start]:02x} ({error.reason})", source, line, column
        ) from None
    return text[1:] if text.startswith(BOM) else text


def too_long() -> str:
    """The message for input over :data:`MAX_INPUT_BYTES`."""
    return (
        f"the input is longer than {MAX_INPUT_BYTES:,} bytes ({MAX_INPUT_BYTES / 2**20:g} MiB), the most that is read"
    )


def read_stream(stream: BinaryIO, source: str) -> str:
    """All of a binary stream (such as ``sys.stdin.buffer``) as text, read through :func:`decode`."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    return decode(data, source)


def read_file(path: str | os.PathLike, source: str | None = None) -> str:
    """A file's text, read through :func:`decode`; ``OSError`` when it cannot be read.

    ``source`` names the file in messages (default: the path as given).
    """
    source = os.fspath(path) if source is None else source
    with open(path, "rb") as handle:
        return read_stream(handle, source)


def read_standard_input() -> str:
    """Standard input as text, read through :func:`decode` (bytes, not the terminal's encoding)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # replaced by a text stream (a test, an embedding program)
        text = sys.stdin.read(MAX_INPUT_BYTES + 1)
        return decode(text.encode("utf-8", errors="surrogateescape"), "<stdin>")
    return read_stream(stream, "<stdin>")


def whole_number(
    token: str, source: str, line: int | None, column: int | None, *, low: int, high: int, what: str
) -> int:
    """``token`` as a whole number from ``low`` to ``high``; :class:`InputError` saying ``what`` was expected otherwise.

    Only ASCII digits are accepted (no sign, no underscores).  The length is
    checked before the conversion, so a number of any length is refused quickly.
    """
    expected = f"expected {what}, a whole number from {low} to {high}"
    if not (token.isascii() and token.isdigit()):
        raise InputError(f"{expected}, found {quoted(token)}", source, line, column)
    digits = token.lstrip("0") or "0"
    if len(digits) > len(str(high)) or not low <= int(digits) <= high:
        raise InputError(f"{expected}, found {quoted(token)}", source, line, column)
    return int(digits)


#: The longest game ID or URL a page's title quotes whole.
TITLE_ARGUMENT = 48


def title_source(source: str, *, example: str | None = None, argument: str | None = None,
                 params: Sequence[str] = ()) -> str:
    """How a page's title (a replay, pictures) names the instance: what the user gave, never a path they did not.

    ``example NAME`` for a shipped example, the game ID or URL ``argument`` itself
    (shortened), ``standard input``, or the file as given; then the ``-p`` pairs as
    typed (an instance built from parameters alone is just them: ``-p n=8``).
    """
    if example is not None:
        named = f"example {example}"
    elif source == "<parameters>":
        named = "" if params else "(default parameters)"
    elif source == "<argument>" and argument is not None:
        named = argument if len(argument) <= TITLE_ARGUMENT else argument[: TITLE_ARGUMENT - 1] + "\u2026"
    elif source == "<stdin>":
        named = "standard input"
    else:
        named = source
    return " ".join([named, *(f"-p {pair}" for pair in params)]).strip()
