"""pzprv3 files, the puzz.link editor's files (with or without an answer): taken apart, read on, written.

:func:`decode_pzprv3_file` gives a :class:`Pzprv3File` (header, variety, size, the
lines that follow), read on line by line with a :class:`Pzprv3Reader`, whose
every error names the line (and the column); :func:`encode_pzprv3_file` writes a file
as pzprjs does.  Grids with clues outside are :func:`~backtrack.formats.unframe`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..puzzle import InputError, quoted
from ._common import MAX_SIZE, canonical_variety

__all__ = [
    "Pzprv3Line",
    "Pzprv3Item",
    "Pzprv3File",
    "Pzprv3Reader",
    "decode_pzprv3_file",
    "encode_pzprv3_file",
]

#: Varieties whose pzprv3 file gives one size line (the grid is square), as pzprjs reads them.
_SQUARE_FILES = frozenset({"sudoku"})


@dataclass(frozen=True)
class Pzprv3Line:
    """A line of a pzprv3 file: its text and where it starts (``line``, ``column``, counted from 1).

    pzprjs reads ``/`` as a line break too (its test scripts write files on one
    line), so a logical line may start inside a physical one.
    """

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class Pzprv3Item:
    """An item of a line (the items are separated by spaces) and where it stands."""

    text: str
    line: int
    column: int
    source: str = "<input>"

    def error(self, message: str) -> InputError:
        """An :class:`InputError` at this item."""
        return InputError(message, self.source, self.line, self.column)

    def number(self, low: int = 0, high: int | None = None, what: str = "a number") -> int:
        """The item as a whole number (``-`` allowed) from ``low`` to ``high``; an error naming it otherwise."""
        if not re.fullmatch(r"-?[0-9]{1,9}", self.text):
            raise self.error(f"expected {what}, found {quoted(self.text)}")
        value = int(self.text)
        if value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.error(f"{what} must be {limit}, not {value}")
        return value


@dataclass(frozen=True)
class Pzprv3File:
    """A pzprv3 file taken apart: header, variety, size, then the lines that follow.

    ``header`` is ``pzprv3`` or ``pzprv3.N``; ``variety`` the name as given and
    ``canonical`` its pzprjs name (None when unknown); ``lines`` the lines after the
    size, trailing empty lines left out, up to any ``info:``/``history:`` part
    (kept in ``trailer``; pzprjs's metadata and undo history, not needed to solve).
    Read them with :meth:`reader`.  ``size_line`` is the line of the size (of the
    number of rows, when the file gives two), for messages about the size.
    """

    header: str
    variety: str
    canonical: str | None
    rows: int
    cols: int
    lines: tuple[Pzprv3Line, ...]
    source: str = "<input>"
    variety_line: Pzprv3Line = Pzprv3Line("", 2, 1)
    end_line: int = 1
    trailer: tuple[Pzprv3Line, ...] = ()
    size_line: int = 3

    def reader(self) -> Pzprv3Reader:
        """A :class:`Pzprv3Reader` at the first line after the size."""
        return Pzprv3Reader(self)

    def require(self, *canonical: str) -> None:
        """Refuse a file of another variety than ``canonical`` (pzprjs names), naming its line."""
        if self.canonical not in canonical:
            raise InputError(f"expected a pzprv3 file of {' or '.join(canonical)}, not {quoted(self.variety)}",
                             self.source, self.variety_line.line, self.variety_line.column)


class Pzprv3Reader:
    """Reads a :class:`Pzprv3File`'s lines in order; every error names the line (and column)."""

    def __init__(self, file: Pzprv3File):
        self.file = file
        self.position = 0

    def at_end(self) -> bool:
        """Whether only empty lines are left (an optional part, such as Light Up's, is absent)."""
        return all(not line.text.strip() for line in self.file.lines[self.position:])

    def next_line(self, what: str) -> Pzprv3Line:
        """The next line; "truncated" naming ``what`` when the file has ended."""
        if self.position >= len(self.file.lines):
            raise InputError(f"truncated: the file ends before {what}", self.file.source, self.file.end_line)
        line = self.file.lines[self.position]
        self.position += 1
        return line

    def items(self, count: int, what: str) -> list[Pzprv3Item]:
        """The next line's ``count`` items (separated by spaces, as pzprjs writes them)."""
        line = self.next_line(what)
        items = []
        column = line.column
        for piece in line.text.split(" "):
            if piece:
                items.append(Pzprv3Item(piece, line.line, column, self.file.source))
            column += len(piece) + 1
        if len(items) != count:
            where = items[count].column if len(items) > count else line.column + len(line.text.rstrip()) + 1
            raise InputError(f"expected {count} items in {what}, found {len(items)}", self.file.source, line.line,
                             where)
        return items

    def grid(self, rows: int, cols: int, what: str) -> list[list[Pzprv3Item]]:
        """The next ``rows`` lines of ``cols`` items each."""
        return [self.items(cols, f"row {r + 1} of {rows} of {what}") for r in range(rows)]

    def number(self, what: str, low: int = 0, high: int | None = None) -> int:
        """The next line as a whole number (Dosun-Fuwari's number of areas)."""
        return self.items(1, what)[0].number(low, high, what)

    def expect_end(self, what: str = "the puzzle") -> None:
        """Refuse any line left but empty ones: "too long"."""
        for line in self.file.lines[self.position:]:
            if line.text.strip():
                raise InputError(f"too long: unexpected {quoted(line.text.strip())} after the end of {what}",
                                 self.file.source, line.line, line.column)


def _logical_lines(text: str) -> list[Pzprv3Line]:
    """The lines of a pzprv3 file as pzprjs reads them: ``/`` breaks a line too."""
    out = []
    for number, physical in enumerate(text.split("\n"), 1):
        physical = physical.rstrip("\r\t")
        column = 1
        for piece in physical.split("/"):
            out.append(Pzprv3Line(piece, number, column))
            column += len(piece) + 1
    return out


def _size_line(line: Pzprv3Line, what: str, source: str) -> int:
    stripped = line.text.strip()
    offset = line.text.find(stripped) if stripped else 0
    column = line.column + offset
    if not re.fullmatch(r"[0-9]{1,9}", stripped):
        raise InputError(f"expected {what} (a whole number), found {quoted(stripped) if stripped else 'nothing'}",
                         source, line.line, column)
    value = int(stripped)
    if not 1 <= value <= MAX_SIZE:
        raise InputError(f"{what} must be from 1 to {MAX_SIZE}, not {value}", source, line.line, column)
    return value


def decode_pzprv3_file(text: str, source: str = "<input>") -> Pzprv3File:
    """Take a pzprv3 file apart: header, variety, rows, columns (one size for Sudoku), the lines that follow.

    Reads the files the puzz.link editor saves (lines end with ``\\n`` or ``\\r\\n``)
    and, as pzprjs does, the one-line form its test scripts use (``/`` for line
    breaks).  Leading empty lines are skipped; the grids are the varieties' to read
    (:meth:`Pzprv3File.reader`).
    """
    if not isinstance(text, str):
        raise InputError("expected the text of a pzprv3 file", source)
    lines = _logical_lines(text)
    first = 0
    while first < len(lines) and not lines[first].text.strip(" \t\ufeff"):
        first += 1
    if first == len(lines):
        raise InputError("expected a pzprv3 file (its first line reads pzprv3), found nothing", source, 1)
    head = lines[first]
    header = head.text.strip(" \t\ufeff")
    if not re.fullmatch(r"pzprv3(?:\.[0-9]{1,9})?", header):
        raise InputError(f"expected the header 'pzprv3' of a puzz.link file, found {quoted(header)}", source,
                         head.line, head.column + len(head.text) - len(head.text.lstrip(" \t\ufeff")))
    position = first + 1

    def take(what: str) -> Pzprv3Line:
        nonlocal position
        if position >= len(lines):
            last = lines[-1]
            raise InputError(f"truncated: the file ends before {what}", source, last.line)
        line = lines[position]
        position += 1
        return line

    variety_line = take("the variety name")
    variety = variety_line.text.strip()
    if not variety or not re.fullmatch(r"[A-Za-z0-9_+-]+", variety):
        raise InputError(f"expected the variety name (such as lightup), found {quoted(variety) or 'nothing'}",
                         source, variety_line.line, variety_line.column)
    canonical = canonical_variety(variety)
    size = take("the size" if canonical in _SQUARE_FILES else "the number of rows")
    if canonical in _SQUARE_FILES:
        rows = cols = _size_line(size, "the size", source)
    else:
        rows = _size_line(size, "the number of rows", source)
        cols = _size_line(take("the number of columns"), "the number of columns", source)
    body = lines[position:]
    trailer: list[Pzprv3Line] = []
    for k, line in enumerate(body):
        stripped = line.text.strip()
        if re.search(r"info:\{|history:\{|__HISTORY__", stripped) or stripped in ("http:", "https:"):
            trailer = body[k:]
            body = body[:k]
            break
    while body and not body[-1].text.strip():
        body = body[:-1]
    while trailer and not trailer[-1].text.strip():
        trailer = trailer[:-1]
    end_line = (body[-1] if body else lines[position - 1]).line
    return Pzprv3File(header, variety, canonical, rows, cols, tuple(body), source, variety_line, end_line,
                      tuple(trailer), size.line)


def encode_pzprv3_file(variety: str, rows: int, cols: int, lines: Iterable[str | Sequence[str]], *,
                 header: str = "pzprv3") -> str:
    """A pzprv3 file as pzprjs writes it: header, variety, size, then ``lines``, each ending in ``\\n``.

    The variety is written by its pzprjs name (``akari`` as ``lightup``).
    A line given as a sequence of items is written as pzprjs does, every item
    followed by a space (``. . 4 . . . ``); a ``str`` line is written as it is.
    Sudoku's files give one size line.
    """
    for name, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
            raise ValueError(f"{name} must be a whole number from 1 to {MAX_SIZE}, not {value!r}")
    if not re.fullmatch(r"[A-Za-z0-9_+-]+", variety or ""):
        raise ValueError(f"a variety name is letters, digits, _, + and -, not {variety!r}")
    if not re.fullmatch(r"pzprv3(?:\.[0-9]{1,9})?", header):
        raise ValueError(f"the header is pzprv3 or pzprv3.N, not {header!r}")
    out = [header, canonical_variety(variety) or variety]
    if canonical_variety(variety) in _SQUARE_FILES:
        if rows != cols:
            raise ValueError(f"a {variety} file is square, not {rows} x {cols}")
        out.append(str(cols))
    else:
        out += [str(rows), str(cols)]
    for line in lines:
        if isinstance(line, str):
            if "\n" in line:
                raise ValueError(f"a line cannot hold a line break: {line!r}")
            out.append(line)
        else:
            for item in line:
                if not item or " " in item or "\n" in item or "/" in item:
                    raise ValueError(f"an item must be non-empty, without spaces, '/' or line breaks: {item!r}")
            out.append("".join(item + " " for item in line))
    return "\n".join(out) + "\n"
