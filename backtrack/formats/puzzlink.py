"""puzz.link URLs: a URL taken apart and written, and pzprjs's body codings as functions over plain lists.

The URLs read are ``https://puzz.link/p?VARIETY/COLS/ROWS/BODY``, the older
``http://pzv.jp/p.html?...``, the editor's ``p?type=editor&VARIETY/...``, a bare
``?VARIETY/...`` and the bare ``VARIETY/COLS/ROWS/BODY``; a body may stop before
the last cell, the rest being empty, as pzprjs reads it (the decoders'
``partial``).  :func:`decode_url` gives a :class:`PuzzLink`, :func:`encode_url`
writes one; the codings are :func:`decode_4cell` / :func:`encode_4cell`,
:func:`decode_number16` / :func:`encode_number16` (with :func:`number16_places`,
where each value stands), :func:`decode_1cell` / :func:`encode_1cell`,
:func:`decode_borders` / :func:`encode_borders` and :func:`decode_block_cells` /
:func:`encode_block_cells`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence, Union

from ..puzzle import InputError, quoted
from ._common import (
    _B36,
    _DECIMAL,
    _HEX,
    _URL_PREFIX,
    MAX_SIZE,
    QUESTION,
    _count,
    _decimal,
    _digit36,
    _error,
    _one_word,
    canonical_variety,
)
from .tatham import split_fields

__all__ = [
    "URL_NAMES",
    "PuzzLink",
    "decode_url",
    "encode_url",
    "decode_4cell",
    "encode_4cell",
    "decode_number16",
    "encode_number16",
    "number16_places",
    "decode_1cell",
    "encode_1cell",
    "decode_borders",
    "encode_borders",
    "decode_block_cells",
    "encode_block_cells",
]

Cell = Union[int, None]

#: The name puzz.link writes in URLs, by canonical name (pzprjs's ``urlid``).
URL_NAMES: Mapping[str, str] = {
    "lightup": "akari",
    "tents": "tents",
    "sudoku": "sudoku",
    "skyscrapers": "skyscrapers",
    "dosufuwa": "dosufuwa",
}

#: The size ``COLS/ROWS`` at the end of a URL's text before its body (the ``/`` after it is dropped without a body).
_SIZE_BEFORE_BODY = re.compile(r"([0-9]+)/([0-9]+)/?$")


@dataclass(frozen=True)
class PuzzLink:
    """A puzz.link URL (or bare ``VARIETY/COLS/ROWS/BODY``) taken apart.

    ``variety`` is the name as given, ``canonical`` its pzprjs name (None when the
    variety is not one of :data:`PUZZLINK_VARIETIES`); ``flags`` are the segments
    pzprjs allows between the variety and the size (its ``pflag``, such as ``c`` or
    a ``v:`` prefix), in order, empty ones left out; ``body`` is what follows the
    size, and ``body_start`` its index in ``text`` (hand it to the decoders as
    ``start``); ``prefixed`` says whether the text had a ``p?`` / ``p.html?`` part.
    """

    text: str
    variety: str
    canonical: str | None
    cols: int
    rows: int
    body: str
    body_start: int
    flags: tuple[str, ...] = ()
    variety_start: int = 0
    prefixed: bool = True
    source: str = "<input>"

    @property
    def body_column(self) -> int:
        """The column of the body's first character, counted from 1."""
        return self.body_start + 1

    @property
    def body_end(self) -> int:
        """The index in ``text`` just after the body."""
        return self.body_start + len(self.body)

    @property
    def size_at(self) -> int:
        """The index in ``text`` of the size ``COLS/ROWS`` (of its number of columns), for messages about the size."""
        match = _SIZE_BEFORE_BODY.search(self.text, 0, self.body_start)
        return match.start(1) if match else self.body_start

    def error(self, index: int, message: str) -> InputError:
        """An :class:`InputError` at ``text[index]``."""
        return _error(self.text, index, message, self.source)

    def require(self, *canonical: str) -> None:
        """Refuse a URL of another variety than ``canonical`` (pzprjs names), naming the variety's column."""
        if self.canonical not in canonical:
            names = " or ".join(URL_NAMES.get(name, name) for name in canonical)
            raise self.error(self.variety_start, f"expected a puzz.link URL of {names}, not {quoted(self.variety)}")


def decode_url(text: str, source: str = "<input>") -> PuzzLink:
    """Take a puzz.link URL apart: ``https://puzz.link/p?VARIETY[/FLAG]/COLS/ROWS/BODY``.

    Accepts any host and path ending in ``p?`` or ``p.html?`` (``http://pzv.jp/p.html?``),
    any ``http(s)://`` address up to its ``?`` (pzprjs drops what comes before it),
    the bare ``p?...`` and ``?...``, ``NAME=VALUE&`` parameters after the ``?``
    (``p?type=editor&sudoku/...``), and the bare ``VARIETY/COLS/ROWS/BODY``; spaces
    and newlines around it.  As pzprjs: segments before the size that are not numbers are flags,
    and one trailing ``/`` (which pzprjs adds when the body ends in a character that
    is not a letter or digit) is dropped.  The body is left to the variety's decoders.
    """
    start, end = _one_word(text, "expected a puzz.link URL, found nothing", "a URL is one word without spaces",
                           source)
    match = _URL_PREFIX.match(text, start, end)
    query = match.end() if match else start
    segments = split_fields(text, "/", query, end)
    v_start, v_end = segments[0]
    variety = text[v_start:v_end]
    if not variety:
        raise _error(text, v_start, "expected the variety name (such as akari) after '?'", source)
    flags: list[str] = []
    if not re.fullmatch(r"[A-Za-z0-9_+-]+", variety):
        bad = next(i for i in range(v_start, v_end) if not re.match(r"[A-Za-z0-9_+-]", text[i]))
        raise _error(text, bad, f"unexpected {text[bad]!r} in the variety name {quoted(variety)}", source)
    for suffix in ("_edit", "_test", "_play"):
        if variety.endswith(suffix) and len(variety) > len(suffix):
            variety = variety[: -len(suffix)]
            flags.append(suffix[1:])
    rest = segments[1:]
    while rest and not _DECIMAL.fullmatch(text[rest[0][0]:rest[0][1]]):
        if len(flags) >= 3:
            raise _error(text, rest[0][0], f"expected the number of columns, found {quoted(text[slice(*rest[0])])}",
                         source)
        if rest[0][0] < rest[0][1]:
            flags.append(text[rest[0][0]:rest[0][1]])
        rest = rest[1:]
    sizes = []
    for part in ("columns", "rows"):
        if not rest:
            raise _error(text, end, f"truncated: expected the number of {part} after {quoted(text[start:end])}",
                         source)
        a, b = rest[0]
        sizes.append(_decimal(text, a, b, f"the number of {part}", source, 1, MAX_SIZE))
        rest = rest[1:]
    if rest and rest[-1][0] == rest[-1][1]:
        rest = rest[:-1]
    body_start = rest[0][0] if rest else end
    body_end = rest[-1][1] if rest else end
    return PuzzLink(text, variety, canonical_variety(variety), sizes[0], sizes[1], text[body_start:body_end],
                    body_start, tuple(flags), v_start, match is not None, source)


def encode_url(variety: str, cols: int, rows: int, body: str, *, flags: Sequence[str] = (),
              prefix: str = "https://puzz.link/p?") -> str:
    """A puzz.link URL ``https://puzz.link/p?VARIETY/COLS/ROWS/BODY``, as pzprjs writes it.

    ``variety`` is written by its URL name (``lightup`` as ``akari``); ``flags`` come
    before the size; a ``/`` is added when the body ends in a character that is not
    a letter or a digit (so that link shorteners keep it).
    """
    for name, value in (("cols", cols), ("rows", rows)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
            raise ValueError(f"{name} must be a whole number from 1 to {MAX_SIZE}, not {value!r}")
    canonical = canonical_variety(variety)
    name = URL_NAMES.get(canonical, variety) if canonical else variety
    query = "/".join([name, *flags, str(cols), str(rows), body])
    if not re.match(r"[A-Za-z0-9]", query[-1:]):
        query += "/"
    return prefix + query


def _covered(text: str, index: int, done: int, count: int, what: str, source: str) -> InputError:
    return _error(text, index, f"truncated: the body covers {done} of the {count} {what}", source)


def decode_4cell(text: str, count: int, start: int = 0, *, partial: bool = False, what: str = "cells",
                 source: str = "<input>") -> tuple[list[Cell], int]:
    """pzprjs's ``decode4Cell``: ``count`` cells of 0-4 or :data:`QUESTION`, and the index after them.

    ``0``-``4`` a number; ``5``-``9`` a number then one empty cell; ``a``-``e`` a
    number then two; ``g``-``z`` 1-20 empty cells; ``.`` :data:`QUESTION`.  The
    number-and-skip letters may skip past the last cell (pzprjs's own encoder does
    so at the end); a run may not.  ``partial`` accepts a body that stops early
    (pzprjs does; its encoder never writes one).  Light Up's URL body.
    """
    _count(count)
    values: list[Cell] = [None] * count
    c, index = 0, max(0, start)
    while c < count:
        if index >= len(text):
            if partial:
                break
            raise _covered(text, index, c, count, what, source)
        ch = text[index]
        digit = _digit36(ch)
        if 0 <= digit <= 14:
            values[c] = digit % 5
            c += 1 + digit // 5
        elif ch == ".":
            values[c] = QUESTION
            c += 1
        elif 16 <= digit <= 35:
            if c + digit - 15 > count:
                raise _error(text, index, f"too long: {ch!r} skips {digit - 15} {what} past the last of the {count}",
                             source)
            c += digit - 15
        else:
            raise _error(text, index, f"unexpected {ch!r}: expected 0-9 or a-e (a number 0-4), g-z (empty {what}) "
                         "or '.'", source)
        index += 1
    return values, index


def encode_4cell(values: Sequence[Cell]) -> str:
    """pzprjs's ``encode4Cell``, byte for byte (the inverse of :func:`decode_4cell`)."""
    out: list[str] = []
    count = 0
    c = 0
    n = len(values)
    while c < n:
        value = values[c]
        piece = ""
        if value is None:
            count += 1
        elif value == QUESTION:
            piece = "."
        elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 4:
            if c + 1 < n and values[c + 1] is not None:
                piece = _HEX[value]
            elif c + 2 < n and values[c + 2] is not None:
                piece = _HEX[value + 5]
                c += 1
            else:
                piece = _HEX[value + 10]
                c += 2
        else:
            raise ValueError(f"a cell of this coding is None, 0-4 or QUESTION, not {value!r}")
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_B36[count + 15] + piece)
            count = 0
        c += 1
    if count:
        out.append(_B36[count + 15])
    return "".join(out)


#: Number16's prefixes: hex digits that follow and the value they add.
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240), "$": (5, 77776)}
_NUMBER16_MAX = 77776 + 0xFFFFF


def decode_number16(text: str, count: int, start: int = 0, *, high: int | None = None, partial: bool = False,
                    what: str = "cells", source: str = "<input>") -> tuple[list[Cell], int]:
    """pzprjs's ``decodeNumber16``: ``count`` numbers (or None, :data:`QUESTION`), and the index after them.

    ``0``-``f`` a number 0-15; ``-`` and 2 hex digits 16-255; ``+`` and 3 up to
    4095; ``=``, ``%`` and 3 add 4096, 8192; ``*`` and 4 add 12240; ``$`` and 5 add
    77776; ``.`` :data:`QUESTION`; ``g``-``z`` 1-20 empty cells.  ``high`` refuses
    larger numbers.  ``partial`` accepts a body that stops early (the cells left
    are None, as pzprjs reads them).  Sudoku's body; with ``what="clues outside
    the grid"`` also pzprjs's ``decodeNumber16ExCell`` (Tents, Skyscrapers),
    whose codes are a subset.
    """
    _count(count)
    values: list[Cell] = [None] * count
    c, index = 0, max(0, start)
    while c < count:
        if index >= len(text):
            if partial:
                break
            raise _covered(text, index, c, count, what, source)
        ch = text[index]
        digit = _digit36(ch)
        width = 1
        if 0 <= digit <= 15:
            value = digit
        elif ch in _WIDE:
            size, base = _WIDE[ch]
            digits = text[index + 1:index + 1 + size]
            if len(digits) < size or any(d not in "0123456789abcdefABCDEF" for d in digits):
                bad = index + 1 + next((k for k, d in enumerate(digits) if d not in "0123456789abcdefABCDEF"),
                                       len(digits))
                message = "truncated" if bad >= len(text) else "unexpected " + repr(text[bad])
                raise _error(text, bad, f"{message}: {ch!r} takes {size} hex digits", source)
            value = int(digits, 16) + base
            width = 1 + size
        elif ch == ".":
            value = QUESTION
        elif 16 <= digit <= 35:
            if c + digit - 15 > count:
                raise _error(text, index, f"too long: {ch!r} skips {digit - 15} {what} past the last of the {count}",
                             source)
            c += digit - 15
            index += 1
            continue
        else:
            raise _error(text, index, f"unexpected {ch!r}: expected 0-9 or a-f (a number), one of - + = % * $ "
                         f"(a longer number), g-z (empty {what}) or '.'", source)
        if high is not None and value > high:
            raise _error(text, index, f"number {value} out of range: at most {high}", source)
        values[c] = value
        c += 1
        index += width
    return values, index


def number16_places(text: str, count: int, start: int = 0) -> list[int]:
    """Where each of ``count`` values of a Number16 coding starting at ``start`` stands in ``text`` (-1: skipped).

    For a body that :func:`decode_number16` has read: so that a value the puzzle
    refuses (a ``.`` or a 0 in a Sudoku, a count too large in Tents) is reported at
    its column.  A value's place is the index of its first character; a letter
    ``g``-``z`` skips 1-20 values (-1 each).  Values the text stops before are -1.
    """
    places: list[int] = []
    index = max(0, start)
    while len(places) < count and index < len(text):
        ch = text[index]
        digit = _digit36(ch)
        if 16 <= digit <= 35:
            places += [-1] * (digit - 15)
            index += 1
        else:
            places.append(index)
            index += 1 + _WIDE[ch][0] if ch in _WIDE else 1
    return (places + [-1] * count)[:count]


def _write16(value: Cell) -> str:
    """One value in Number16's codes ('' for None)."""
    if value is None:
        return ""
    if value == QUESTION:
        return "."
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _NUMBER16_MAX:
        raise ValueError(f"a value of this coding is None, QUESTION or a number from 0 to {_NUMBER16_MAX}, "
                         f"not {value!r}")
    if value < 16:
        return _HEX[value]
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    if value < 8192:
        return f"={value - 4096:03x}"
    if value < 12240:
        return f"%{value - 8192:03x}"
    if value < 77776:
        return f"*{value - 12240:04x}"
    return f"${value - 77776:05x}"


def encode_number16(values: Sequence[Cell]) -> str:
    """pzprjs's ``encodeNumber16`` (and ``encodeNumber16ExCell``): the inverse of :func:`decode_number16`.

    Byte for byte for numbers below 4096; above, the digits after ``=``, ``%``,
    ``*`` and ``$`` are zero-padded (pzprjs leaves them short, which its own decoder
    then misreads).
    """
    out: list[str] = []
    count = 0
    for value in values:
        piece = _write16(value)
        if not piece:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_B36[15 + count] + piece)
            count = 0
    if count:
        out.append(_B36[15 + count])
    return "".join(out)


def decode_1cell(text: str, count: int, start: int = 0, *, partial: bool = False, what: str = "cells",
                 source: str = "<input>") -> tuple[list[bool], int]:
    """pzprjs's ``decode1Cell``: which of ``count`` cells are marked, and the index after them.

    ``0``-``h`` a marked cell then 0-17 unmarked ones; ``i``-``z`` 1-18 unmarked
    cells.  ``partial`` accepts a body that stops early (the cells left are
    unmarked, as pzprjs reads them).  Tents' trees.
    """
    _count(count)
    marks = [False] * count
    c, index = 0, max(0, start)
    while c < count:
        if index >= len(text):
            if partial:
                break
            raise _covered(text, index, c, count, what, source)
        ch = text[index]
        digit = _digit36(ch)
        if digit < 0:
            raise _error(text, index, f"unexpected {ch!r}: expected 0-9 or a-h (a marked cell and a gap) or i-z "
                         f"(unmarked {what})", source)
        if digit <= 17:
            marks[c] = True
            step = digit + 1
        else:
            step = digit - 17
        if c + step > count:
            raise _error(text, index, f"too long: {ch!r} skips past the last of the {count} {what}", source)
        c += step
        index += 1
    return marks, index


def encode_1cell(marks: Sequence[bool]) -> str:
    """pzprjs's ``encode1Cell``, byte for byte (the inverse of :func:`decode_1cell`)."""
    out: list[str] = []
    count = -1
    have = False
    for mark in marks:
        if mark:
            if count >= 0:
                out.append(_B36[count if have else count + 18])
            have = True
            count = 0
            continue
        count += 1
        if count == 17:
            out.append(_B36[count if have else count + 18])
            have = False
            count = -1
    if count >= 0:
        out.append(_B36[count if have else count + 18])
    return "".join(out)


def decode_borders(text: str, cols: int, rows: int, start: int = 0, *, partial: bool = False,
                   source: str = "<input>") -> tuple[list[bool], list[bool], int]:
    """pzprjs's ``decodeBorder``: ``(vertical, horizontal, index after them)``.

    ``vertical[r * (cols - 1) + c]`` is the border between cells ``(r, c)`` and
    ``(r, c + 1)``; ``horizontal[r * cols + c]`` the one between ``(r, c)`` and
    ``(r + 1, c)``.  Five borders to a base-32 digit (``0``-``v``), first bit first;
    the vertical ones, then the horizontal ones, each part padded to a digit.
    ``partial`` accepts a string that stops early: the borders left are absent
    (pzprjs reads them so).  Areas (Dosun-Fuwari).
    """
    _count(cols, "number of columns")
    _count(rows, "number of rows")
    parts = []
    index = max(0, start)
    for length, name in (((cols - 1) * rows, "vertical"), (cols * (rows - 1), "horizontal")):
        bits: list[bool] = []
        for _ in range((length + 4) // 5):
            if index >= len(text):
                if partial:
                    break
                raise _error(text, index, f"truncated: expected {(length + 4) // 5} digits of {name} borders, "
                             f"found {len(bits) // 5}", source)
            digit = _digit36(text[index])
            if not 0 <= digit < 32:
                raise _error(text, index, f"unexpected {text[index]!r}: expected a border digit 0-9 or a-v", source)
            bits.extend(bool(digit & (16 >> k)) for k in range(5))
            index += 1
        parts.append((bits + [False] * length)[:length])
    return parts[0], parts[1], index


def encode_borders(vertical: Sequence[bool], horizontal: Sequence[bool]) -> str:
    """pzprjs's ``encodeBorder``, byte for byte (the inverse of :func:`decode_borders`)."""
    out = []
    for bits in (vertical, horizontal):
        for k in range(0, len(bits), 5):
            group = list(bits[k:k + 5])
            out.append(_B36[sum(16 >> j for j, bit in enumerate(group) if bit)])
    return "".join(out)


def decode_block_cells(text: str, count: int, start: int = 0, *, what: str = "cells",
                       source: str = "<input>") -> tuple[list[bool], int]:
    """Dosun-Fuwari's ``decodeBlockCell``: which of ``count`` cells are black, and the index after them.

    A base-36 digit ``0``-``z`` skips that many white cells and marks the next one
    black; ``.`` skips 36 white cells.  The string may stop early: the cells left
    are white (pzprjs never writes the last run of white cells).
    """
    _count(count)
    marks = [False] * count
    c, index = 0, max(0, start)
    while c < count and index < len(text):
        ch = text[index]
        digit = _digit36(ch)
        if ch == ".":
            step, mark = 36, False
        elif digit >= 0:
            step, mark = digit + 1, True
        else:
            raise _error(text, index, f"unexpected {ch!r}: expected 0-9 or a-z (white {what} then a black one) "
                         "or '.'", source)
        if c + step > count:
            raise _error(text, index, f"too long: {ch!r} skips past the last of the {count} {what}", source)
        if mark:
            marks[c + step - 1] = True
        c += step
        index += 1
    return marks, index


def encode_block_cells(marks: Sequence[bool]) -> str:
    """Dosun-Fuwari's ``encodeBlockCell``, byte for byte (the inverse of :func:`decode_block_cells`)."""
    out = []
    count = 0
    for mark in marks:
        if mark:
            out.append(_B36[count])
            count = 0
        else:
            count += 1
            if count == 36:
                out.append(".")
                count = 0
    return "".join(out)
