"""Simon Tatham's game IDs ``PARAMS:DESC``: the ID, its size, its tokens and the codings the games share.

:func:`decode_tatham_id` splits an ID (and refuses a random-seed ID
``PARAMS#SEED``: only Tatham's own generator can expand a seed),
:func:`decode_tatham_size` reads the leading ``W`` or ``WxH``, :func:`tatham_tokens`
cuts a description into tokens (run letters ``a``-``z``, numbers, ``_``
separators, Keen's repeat counts) that know their column, and the codings the
games share, each a decoder and an encoder writing Tatham's canonical form:
:func:`decode_tatham_cells` / :func:`encode_tatham_cells` (givens between runs of
blank cells: Light Up, Towers, Solo), :func:`decode_tatham_gaps` /
:func:`encode_tatham_gaps` (marks after gaps: Tents' trees, Keen's cage walls;
:func:`decode_tatham_marked_gaps` for Tents' ``!`` and ``-``) and
:func:`decode_tatham_numbers` / :func:`encode_tatham_numbers` (clue lists).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal, Mapping

from ..puzzle import InputError
from ._common import MAX_SIZE, _count, _decimal, _DECIMAL, _error, _found, _one_word, _span

__all__ = [
    "TathamId",
    "TathamToken",
    "decode_tatham_id",
    "decode_tatham_size",
    "split_fields",
    "tatham_tokens",
    "tatham_run",
    "decode_tatham_cells",
    "encode_tatham_cells",
    "decode_tatham_gaps",
    "decode_tatham_marked_gaps",
    "encode_tatham_gaps",
    "decode_tatham_numbers",
    "encode_tatham_numbers",
]


@dataclass(frozen=True)
class TathamId:
    """A game ID ``PARAMS:DESC`` split: its parts as indices into ``text``, the string as given.

    ``params`` and ``desc`` are the parts; ``params_start`` / ``desc_start`` index
    them in ``text`` (pass them on as ``start``, so that errors name the column in
    the whole string); ``params_column`` / ``desc_column`` count from 1.
    """

    text: str
    params_start: int
    params_end: int
    desc_start: int
    desc_end: int
    source: str = "<input>"

    @property
    def params(self) -> str:
        """The parameters, before the ``:``."""
        return self.text[self.params_start:self.params_end]

    @property
    def desc(self) -> str:
        """The description, after the ``:``."""
        return self.text[self.desc_start:self.desc_end]

    @property
    def params_column(self) -> int:
        """The column of the parameters' first character, counted from 1."""
        return self.params_start + 1

    @property
    def desc_column(self) -> int:
        """The column of the description's first character, counted from 1."""
        return self.desc_start + 1

    def error(self, index: int, message: str) -> InputError:
        """An :class:`InputError` at ``text[index]``."""
        return _error(self.text, index, message, self.source)




def decode_tatham_id(text: str, source: str = "<input>") -> TathamId:
    """Split a game ID ``PARAMS:DESC`` (spaces and newlines around it allowed) into its parts.

    Refuses a random-seed ID ``PARAMS#SEED``: only Tatham's own generator can
    expand a seed into a puzzle (the game shows the ``PARAMS:DESC`` form under
    Game > Specific).  A ``#`` after the ``:`` belongs to the description, as in
    Tatham's midend.
    """
    start, end = _one_word(text, "expected a game ID PARAMS:DESC, found nothing",
                           "a game ID is one word without spaces: PARAMS:DESC", source)
    colon = text.find(":", start, end)
    hash_ = text.find("#", start, end)
    if hash_ >= 0 and (colon < 0 or hash_ < colon):
        raise _error(text, hash_, "a random-seed ID (PARAMS#SEED) can only be expanded by Tatham's own generator; "
                     "copy the game's PARAMS:DESC ID instead (Game > Specific)", source)
    if colon < 0:
        raise _error(text, end, "expected ':' between the parameters and the description (PARAMS:DESC)", source)
    if colon == start:
        raise _error(text, colon, "expected the parameters before ':' (PARAMS:DESC)", source)
    if colon + 1 == end:
        raise _error(text, end, "expected the description after ':' (PARAMS:DESC)", source)
    return TathamId(text, start, colon, colon + 1, end, source)


def decode_tatham_size(text: str, start: int = 0, end: int | None = None, *, low: int = 1, high: int = MAX_SIZE,
                     source: str = "<input>") -> tuple[int, int, int]:
    """The leading ``W`` or ``WxH`` of parameters: ``(W, H, index after them)`` (``H`` is ``W`` alone).

    The rest of the parameters (difficulty, symmetry ...) is the puzzle's to read.
    """
    start, end = _span(text, start, end)

    def number(index: int, part: str) -> tuple[int, int]:
        match = _DECIMAL.match(text, index, end)
        if not match:
            raise _error(text, index, f"expected the {part} (a whole number), found {_found(text, index)}", source)
        return _decimal(text, match.start(), match.end(), f"the {part}", source, low, high), match.end()

    width, index = number(start, "width")
    if index < end and text[index] == "x":
        height, index = number(index + 1, "height")
    else:
        height = width
    return width, height, index


def split_fields(text: str, sep: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """The fields of ``text[start:end]`` separated by ``sep``, as ``(start, end)`` index pairs."""
    start, end = _span(text, start, end)
    fields = []
    while True:
        cut = text.find(sep, start, end)
        if cut < 0:
            fields.append((start, end))
            return fields
        fields.append((start, cut))
        start = cut + len(sep)


@dataclass(frozen=True)
class TathamToken:
    """A token of a Tatham description and where it stands.

    ``kind`` is ``"run"`` (a letter ``a``-``z``: ``value`` 1-26), ``"number"``
    (decimal, or one digit when read with ``single_digits``: ``value``), ``"sep"``
    (``_``) or ``"char"`` (any other character, such as Light Up's ``B``).  With
    ``repeats`` (Keen's cage walls), a letter or ``_`` followed by digits stands for
    ``repeat`` copies of itself.  ``start`` indexes the token in the whole string.
    """

    kind: Literal["run", "number", "sep", "char"]
    text: str
    value: int
    start: int
    repeat: int = 1

    @property
    def column(self) -> int:
        """The column of the token's first character, counted from 1."""
        return self.start + 1

    @property
    def char(self) -> str:
        """The token's first character (its letter, for a run)."""
        return self.text[0]


def tatham_tokens(text: str, start: int = 0, end: int | None = None, *, single_digits: bool = False,
                  repeats: bool = False, source: str = "<input>") -> list[TathamToken]:
    """Cut ``text[start:end]`` into :class:`TathamToken`\\ s (see there for the kinds).

    ``single_digits``: every digit is a number of its own (Light Up's ``11`` is two
    cells), else a number is all the digits in a row.  ``repeats``: digits after a
    letter or ``_`` are a repeat count (Keen's ``_19`` is 19 ``_``), at least 1.
    """
    start, end = _span(text, start, end)
    tokens: list[TathamToken] = []
    index = start
    while index < end:
        ch = text[index]
        if "a" <= ch <= "z" or ch == "_":
            kind: Literal["run", "sep"] = "run" if ch != "_" else "sep"
            value = ord(ch) - ord("a") + 1 if kind == "run" else 0
            after = index + 1
            repeat = 1
            if repeats:
                match = _DECIMAL.match(text, after, end)
                if match:
                    repeat = _decimal(text, match.start(), match.end(), f"the repeat count of {ch!r}", source, 1)
                    after = match.end()
            tokens.append(TathamToken(kind, text[index:after], value, index, repeat))
            index = after
        elif "0" <= ch <= "9":
            if single_digits:
                after = index + 1
            else:
                match = _DECIMAL.match(text, index, end)
                assert match is not None
                after = match.end()
            tokens.append(TathamToken("number", text[index:after],
                                      _decimal(text, index, after, "a number", source), index))
            index = after
        else:
            tokens.append(TathamToken("char", ch, 0, index))
            index += 1
    return tokens


def tatham_run(length: int) -> str:
    """A run of ``length`` blank cells in Tatham's letters: ``a``-``z`` (1-26), ``z`` then the rest beyond 26."""
    _count(length, "run length")
    return "z" * (length // 26) + (chr(ord("a") + length % 26 - 1) if length % 26 else "")


def decode_tatham_cells(text: str, count: int, start: int = 0, end: int | None = None, *,
                        single_digits: bool = False, symbols: str = "", low: int = 0, high: int | None = None,
                        what: str = "cells", source: str = "<input>") -> list[int | str | None]:
    """Read ``count`` cells from ``text[start:end]``: runs of blank cells between givens.

    A letter ``a``-``z`` is a run of 1-26 blank cells (None); a number is a given
    (``int``, from ``low`` to ``high``); a character of ``symbols`` is a cell of its
    own (``str``, such as Light Up's ``B``); ``_`` separates two numbers (not with
    ``single_digits``, where every digit is a cell: Light Up).  Used by Light Up
    (``single_digits=True, symbols="B", high=4``), Towers' GRID and Solo
    (``low=1, high=N``).  The cells must fill the grid exactly.
    """
    _count(count)
    start, end = _span(text, start, end)
    cells: list[int | str | None] = []
    for token in tatham_tokens(text, start, end, single_digits=single_digits, source=source):
        if len(cells) >= count and not (token.kind == "sep" and not single_digits):
            raise _error(text, token.start, f"too long: {token.text!r} comes after the last of the {count} {what}",
                         source)
        if token.kind == "run":
            if len(cells) + token.value > count:
                raise _error(text, token.start, f"too long: the run {token.text!r} of {token.value} blank "
                             f"{what} goes past the last of the {count} {what}", source)
            cells.extend([None] * token.value)
            continue
        if token.kind == "sep" and not single_digits:
            continue
        if token.kind == "number":
            if token.value < low or (high is not None and token.value > high):
                limit = f"from {low} to {high}" if high is not None else f"at least {low}"
                raise _error(text, token.start, f"number {token.value} out of range: a given must be {limit}",
                             source)
            cell: int | str = token.value
        elif token.kind == "char" and token.text in symbols:
            cell = token.text
        else:
            expected = "a letter a-z (blank cells), " + ("a digit" if single_digits else "a number or '_'")
            if symbols:
                expected += " or one of " + ", ".join(map(repr, symbols))
            raise _error(text, token.start, f"unexpected {token.text!r}: expected {expected}", source)
        cells.append(cell)
    if len(cells) < count:
        raise _error(text, end, f"truncated: the description covers {len(cells)} of the {count} {what}", source)
    return cells


def encode_tatham_cells(cells: Iterable[int | str | None], *, single_digits: bool = False) -> str:
    """Tatham's canonical form of ``cells`` (the inverse of :func:`decode_tatham_cells`).

    Runs of blank cells (None) as letters (``z`` and the rest beyond 26), numbers in
    decimal, a ``str`` cell as itself; ``_`` only between two numbers with no run
    between them, never with ``single_digits`` (where a number is one digit).
    """
    out: list[str] = []
    run = 0
    after_number = False
    for cell in cells:
        if cell is None:
            run += 1
            continue
        if run:
            out.append(tatham_run(run))
            run = 0
            after_number = False
        if isinstance(cell, int) and not isinstance(cell, bool):
            if cell < 0 or (single_digits and cell > 9):
                raise ValueError(f"a given must be {'a digit 0-9' if single_digits else 'at least 0'}, not {cell}")
            if after_number and not single_digits:
                out.append("_")
            out.append(str(cell))
            after_number = True
        elif isinstance(cell, str) and len(cell) == 1 and not (cell.isdigit() or "a" <= cell <= "z" or cell == "_"):
            out.append(cell)
            after_number = False
        else:
            raise ValueError(f"a cell must be None, a number or a symbol character (not a-z, 0-9, _), not {cell!r}")
    if run:
        out.append(tatham_run(run))
    return "".join(out)


def decode_tatham_gaps(text: str, length: int, start: int = 0, end: int | None = None, *, repeats: bool = False,
                       what: str = "places", source: str = "<input>") -> list[bool]:
    """Read which of ``length`` places hold a mark, coded as gaps before each mark.

    ``_`` is a mark with no gap; ``a``-``y`` are 1-25 unmarked places then a mark;
    ``z`` is 25 unmarked places and no mark.  A virtual mark at place ``length``
    ends the string (it is not returned).  Keen's BLOCKS (``repeats=True``: ``_19``
    is 19 ``_``; Keen's marks are walls) use it; Tents' TREEGRID, which may also
    re-mark a place, is :func:`decode_tatham_marked_gaps`.  Follows the encoders'
    meaning of ``z``.
    """
    return _tatham_gaps(text, length, start, end, repeats, "", what, source)[0]


def decode_tatham_marked_gaps(text: str, length: int, start: int = 0, end: int | None = None, *, marks: str = "!-",
                              what: str = "places", source: str = "<input>") -> tuple[list[bool], dict[int, str]]:
    """:func:`decode_tatham_gaps` where a character of ``marks`` re-marks the place just read.

    As tents.c's ``new_game`` reads its TREEGRID: after ``_`` or a letter the place
    just read is the mark (a tree), after ``z`` the last of its 25 places; a
    character of ``marks`` (Tents: ``!`` a tent, ``-`` a non-tent) replaces what
    that place holds (a mark there is taken away), the last one read winning.  A
    mark before the first place or after the last (``validate_desc``: "placed
    off the grid") is refused.  Returns the marks and ``{place: character}``.
    """
    return _tatham_gaps(text, length, start, end, False, marks, what, source)


def _tatham_gaps(text: str, length: int, start: int, end: int | None, repeats: bool, marks: str, what: str,
                 source: str) -> tuple[list[bool], dict[int, str]]:
    _count(length)
    start, end = _span(text, start, end)
    found = [False] * length
    marked: dict[int, str] = {}
    place = 0
    done = False
    for token in tatham_tokens(text, start, end, repeats=repeats, source=source):
        if token.kind == "char" and token.text in marks:
            if place == 0 or done:
                side = "before the first" if place == 0 else "after the last"
                raise _error(text, token.start, f"{token.text!r} marks the {what[:-1] if what.endswith('s') else what} "
                             f"just read, and there is none: it stands {side} of the {length} {what}", source)
            found[place - 1] = False
            marked[place - 1] = token.text
            continue
        if token.kind not in ("run", "sep"):
            expected = "a letter a-z or '_'" + "".join(f" or {mark!r}" for mark in marks)
            raise _error(text, token.start, f"unexpected {token.text!r}: expected {expected}", source)
        gap = token.value if token.kind == "run" else 0
        for _ in range(token.repeat):
            if done:
                raise _error(text, token.start, f"too long: {token.text!r} comes after the last of the {length} "
                             f"{what}", source)
            place += 25 if gap == 26 else gap  # z: 25 unmarked places and no mark
            if place > length:
                raise _error(text, token.start, f"too long: {token.text!r} goes past the last of the {length} "
                             f"{what}", source)
            if gap == 26:
                continue
            if place == length:
                done = True  # the virtual mark after the last place
            else:
                found[place] = True
                marked.pop(place, None)
            place += 1
    if not done:
        raise _error(text, end, f"truncated: the description covers {min(place, length)} of the {length} {what} "
                     "(it must end with the mark after the last place)", source)
    return found, marked


def encode_tatham_gaps(marks: Iterable[bool], *, repeats: bool = False,
                       suffixes: Mapping[int, str] | None = None) -> str:
    """Tatham's canonical form of ``marks`` (the inverse of :func:`decode_tatham_gaps`).

    As tents.c and keen.c write it: ``z`` for every 25 unmarked places beyond 25,
    then the gap letter (``_`` for none) for each mark and for the virtual mark at
    the end.  With ``repeats`` (keen.c), three or more copies of a character in a
    row become the character and the count (``___`` is ``_3``; two stay two).
    ``suffixes`` (the inverse of :func:`decode_tatham_marked_gaps`, not with
    ``repeats``) re-marks places: each is coded as a mark followed by its
    character (Tents' ``_!`` is a tent on the first cell).
    """
    places = list(marks)
    suffixes = dict(suffixes or {})
    if suffixes and repeats:
        raise ValueError("suffixes cannot be written with repeat counts")
    outside = [place for place in suffixes if not (isinstance(place, int) and 0 <= place < len(places))]
    if outside:
        raise ValueError(f"suffixes for places outside the {len(places)} places: {outside}")
    out: list[str] = []
    run = 0
    for place, mark in enumerate([*places, True]):
        if not mark and place not in suffixes:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") + run - 1) if run else "_")
        if place in suffixes:
            out.append(suffixes[place])
        run = 0
    if not repeats:
        return "".join(out)
    packed: list[str] = []
    index = 0
    while index < len(out):
        ch = out[index]
        same = index
        while same < len(out) and out[same] == ch:
            same += 1
        times = same - index
        packed.append(ch * times if times <= 2 else f"{ch}{times}")
        index = same
    return "".join(packed)


def decode_tatham_numbers(text: str, count: int, start: int = 0, end: int | None = None, *, sep: str = ",",
                        low: int = 0, high: int | None = None, empty: bool = False, what: str = "clues",
                        source: str = "<input>") -> list[int | None]:
    """Read ``count`` decimal numbers separated by ``sep`` from ``text[start:end]``.

    With ``empty``, an empty field is a missing clue (None: Towers' ``/2//3``).
    Tents' counts are ``sep=","``; Towers' clues ``sep="/", empty=True``.
    """
    _count(count)
    start, end = _span(text, start, end)
    fields = split_fields(text, sep, start, end) if start < end or count else []
    if len(fields) != count:
        where = fields[count][0] - len(sep) if len(fields) > count else end
        raise _error(text, where, f"expected {count} {what} separated by {sep!r}, found {len(fields)}", source)
    values: list[int | None] = []
    for number, (a, b) in enumerate(fields, 1):
        if a == b and empty:
            values.append(None)
        else:
            values.append(_decimal(text, a, b, f"clue {number} of the {what}", source, low, high))
    return values


def encode_tatham_numbers(values: Iterable[int | None], *, sep: str = ",") -> str:
    """The inverse of :func:`decode_tatham_numbers`: numbers in decimal, None as an empty field."""
    parts = []
    for value in values:
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise ValueError(f"a clue must be a whole number of at least 0 or None, not {value!r}")
        parts.append("" if value is None else str(value))
    return sep.join(parts)
