"""The formats puzzle people share puzzles in: Tatham game IDs, puzz.link URLs, pzprv3 files.

What the puzzle plugins' :class:`~backtrack.Format` glue shares, puzzle-agnostic
(the engine never imports a plugin; the plugins build on this module):

* :func:`kind_of` says which shared format a command-line argument or a file holds.
* **Simon Tatham's game IDs** (``PARAMS:DESC``): :func:`split_tatham` splits one
  (and refuses a random-seed ID ``PARAMS#SEED``: only Tatham's own generator can
  expand a seed), :func:`read_tatham_size` reads the leading ``W`` or ``WxH``,
  :func:`tatham_tokens` cuts a description into tokens (run letters ``a``-``z``,
  numbers, ``_`` separators, Keen's repeat counts) that know their column, and the
  codings the games share, each a decoder and an encoder writing Tatham's canonical
  form: :func:`decode_tatham_cells` / :func:`encode_tatham_cells` (givens between
  runs of blank cells: Light Up, Towers, Solo), :func:`decode_tatham_gaps` /
  :func:`encode_tatham_gaps` (marks after gaps: Tents' trees, Keen's cage walls;
  :func:`decode_tatham_marked_gaps` for Tents' ``!`` and ``-``)
  and :func:`read_tatham_numbers` / :func:`write_tatham_numbers` (clue lists).
* **puzz.link URLs** (``https://puzz.link/p?VARIETY/COLS/ROWS/BODY``, the older
  ``http://pzv.jp/p.html?...``, the editor's ``p?type=editor&VARIETY/...``, a bare
  ``?VARIETY/...`` and the bare ``VARIETY/COLS/ROWS/BODY``; a body may stop before
  the last cell, the rest being empty, as pzprjs reads it: the decoders' ``partial``):
  :func:`parse_url` (a :class:`PuzzLink`), :func:`write_url`, the variety names
  (:data:`PUZZLINK_VARIETIES`), and pzprjs's body codings as functions over plain
  lists: :func:`decode_4cell` / :func:`encode_4cell`, :func:`decode_number16` /
  :func:`encode_number16`, :func:`decode_1cell` / :func:`encode_1cell`,
  :func:`decode_borders` / :func:`encode_borders`, :func:`decode_block_cells` /
  :func:`encode_block_cells`, with :func:`split_excells` / :func:`join_excells`
  for clues outside the grid and :func:`regions_from_borders` /
  :func:`borders_from_regions` for areas.
* **pzprv3 files** (the puzz.link editor's files, with or without an answer):
  :func:`read_pzprv3` (a :class:`Pzprv3File`, read on line by line with a
  :class:`Pzprv3Reader`), :func:`write_pzprv3`, and :func:`unframe` / :func:`frame`
  for grids with clues outside.

Positions.  The decoders take the whole string and the index where their part
starts (``start``) and return the index after it, so that several codings can
follow one another in a URL body, and so that every :class:`~backtrack.InputError`
names the line and the column (counted from 1) in the whole string.  They raise
nothing else, whatever the input.  :func:`check_end` refuses what is left over.
The encoders raise ``ValueError`` for values their format cannot hold.

Values.  A cell of a pzprjs coding is ``None`` (empty), a number (``int``, 0 or
more) or :data:`QUESTION` (pzprjs's ``-2``: a clue without its number, ``.`` in
URLs, ``-`` in pzprv3 files; in Light Up an unnumbered black cell).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Hashable, Iterable, Literal, Mapping, Sequence, TypeVar, Union

from .puzzle import InputError, quoted

__all__ = [
    "QUESTION",
    "MAX_SIDE",
    "PUZZLINK_VARIETIES",
    "URL_NAMES",
    "kind_of",
    "check_end",
    # Tatham
    "TathamId",
    "TathamToken",
    "split_tatham",
    "read_tatham_size",
    "split_fields",
    "tatham_tokens",
    "tatham_run",
    "decode_tatham_cells",
    "encode_tatham_cells",
    "decode_tatham_gaps",
    "decode_tatham_marked_gaps",
    "encode_tatham_gaps",
    "read_tatham_numbers",
    "write_tatham_numbers",
    # puzz.link
    "PuzzLink",
    "canonical_variety",
    "parse_url",
    "write_url",
    "decode_4cell",
    "encode_4cell",
    "decode_number16",
    "encode_number16",
    "decode_1cell",
    "encode_1cell",
    "decode_borders",
    "encode_borders",
    "decode_block_cells",
    "encode_block_cells",
    "split_excells",
    "join_excells",
    "regions_from_borders",
    "borders_from_regions",
    # pzprv3
    "Pzprv3Line",
    "Pzprv3Item",
    "Pzprv3File",
    "Pzprv3Reader",
    "read_pzprv3",
    "write_pzprv3",
    "unframe",
    "frame",
]

T = TypeVar("T")

#: pzprjs's ``qnum`` -2: a clue whose number is not given (``.`` in URLs, ``-`` in pzprv3 files).
QUESTION = -2

#: The largest number of rows or columns a URL, a file or a game ID may declare.
MAX_SIDE = 1000

#: The longest decimal number read (longer ones are refused, not converted).
MAX_DIGITS = 9

Kind = Literal["tatham", "puzzlink", "pzprv3"]
Cell = Union[int, None]

#: puzz.link variety names (URL names, pzprjs names and their aliases) to the canonical pzprjs name.
PUZZLINK_VARIETIES: Mapping[str, str] = {
    "akari": "lightup",
    "lightup": "lightup",
    "bijutsukan": "lightup",
    "tents": "tents",
    "sudoku": "sudoku",
    "skyscrapers": "skyscrapers",
    "building": "skyscrapers",
    "skyscraper": "skyscrapers",
    "dosufuwa": "dosufuwa",
}

#: The name puzz.link writes in URLs, by canonical name (pzprjs's ``urlid``).
URL_NAMES: Mapping[str, str] = {
    "lightup": "akari",
    "tents": "tents",
    "sudoku": "sudoku",
    "skyscrapers": "skyscrapers",
    "dosufuwa": "dosufuwa",
}

#: Varieties whose pzprv3 file gives one size line (the grid is square), as pzprjs reads them.
_SQUARE_FILES = frozenset({"sudoku"})

_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = "0123456789abcdef"
_DECIMAL = re.compile(r"[0-9]+")


# ---------------------------------------------------------------------------
# Shared helpers


def _error(text: str, index: int, message: str, source: str) -> InputError:
    """An :class:`InputError` at ``text[index]``: its line and column, counted from 1."""
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return InputError(message, source, line, column)


def _found(text: str, index: int) -> str:
    """What stands at ``text[index]``, for messages: the character, or "the end"."""
    return repr(text[index]) if index < len(text) else "the end"


def _span(text: str, start: int, end: int | None) -> tuple[int, int]:
    """``start`` and ``end`` clipped to ``text`` (``end`` None is the end)."""
    end = len(text) if end is None else max(0, min(end, len(text)))
    return max(0, min(start, end)), end


def _digit36(ch: str) -> int:
    """The value of a base-36 digit ``0-9a-z`` (lower case only), -1 for anything else."""
    return _B36.find(ch) if len(ch) == 1 else -1


def _count(count: int, what: str = "count") -> int:
    """``count`` when it is a whole number of at least 0, else ``ValueError``."""
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError(f"the {what} must be a whole number of at least 0, not {count!r}")
    return count


def _decimal(text: str, start: int, end: int, what: str, source: str, low: int = 0, high: int | None = None) -> int:
    """The decimal number that ``text[start:end]`` is exactly, between ``low`` and ``high``."""
    field = text[start:end]
    if not field:
        raise _error(text, start, f"expected {what}, found nothing", source)
    match = _DECIMAL.match(field)
    if not match or match.end() != len(field):
        bad = start + (match.end() if match else 0)
        raise _error(text, bad, f"expected {what} (a whole number), found {quoted(field)}", source)
    if len(field) > MAX_DIGITS:
        raise _error(text, start, f"{what} has too many digits: {quoted(field)}", source)
    value = int(field)
    if value < low or (high is not None and value > high):
        limit = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise _error(text, start, f"{what} must be {limit}, not {value}", source)
    return value


def check_end(text: str, index: int, end: int | None = None, *, what: str = "the puzzle",
              source: str = "<input>") -> None:
    """Refuse anything in ``text[index:end]`` (trailing spaces and newlines aside): "too long".

    For the end of a URL body or a description once every coding has read its part.
    """
    index, end = _span(text, index, end)
    rest = text[index:end]
    if rest.strip():
        skipped = len(rest) - len(rest.lstrip())
        raise _error(text, index + skipped, f"too long: unexpected {quoted(rest.strip())} after the end of {what}",
                     source)


def kind_of(text: str) -> Kind | None:
    """Which shared format ``text`` (a command-line argument or a file's content) holds, if any.

    ``"pzprv3"`` for a text starting with the ``pzprv3`` header; ``"puzzlink"`` for
    a URL with ``p?``, ``p.html?`` or a bare ``?`` (``https://puzz.link/p?...``,
    ``http://pzv.jp/p.html?...``, ``p?type=editor&akari/...``, ``?akari/...``), any
    ``http(s)://`` address with a ``?``, or a bare ``VARIETY/...`` whose variety is
    one of :data:`PUZZLINK_VARIETIES` followed by a number (the size); ``"tatham"``
    for a one-word game ID ``PARAMS:DESC`` (parameters of letters, digits and
    ``.+-_`` with a digit among them, so ``7x-7:...`` too) or ``PARAMS#SEED``
    (parameters starting with a digit);
    None for anything else (a file path such as ``examples/x.txt``, a puzzle in a
    plugin's own format).  It only looks: reading may still fail, at the column of
    what is wrong.
    """
    if not isinstance(text, str):
        return None
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        return None
    first = stripped.split("\n", 1)[0].strip()
    if re.match(r"pzprv3(?:\.[0-9]+)?(?:/|\s|$)", first):
        return "pzprv3"
    if any(ch.isspace() for ch in stripped):
        return None
    if _URL_PREFIX.match(stripped):
        return "puzzlink"
    if _TATHAM_LIKE.match(stripped):
        return "tatham"
    head, slash, rest = stripped.partition("/")
    variety = re.sub(r"_(?:edit|test|play)$", "", head)
    if slash and canonical_variety(variety) is not None and re.search(r"(?:^|/)-?[0-9]", rest):
        return "puzzlink"
    return None


# ---------------------------------------------------------------------------
# Simon Tatham's game IDs


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


def _one_word(text: str, nothing: str, spaces: str, source: str) -> tuple[int, int]:
    """Where the one word of ``text`` starts and ends, blanks and a byte-order mark around it left out.

    ``nothing`` is the error when there is no word, ``spaces`` the one for a blank inside it.
    """
    start, end = _span(text, 0, None)
    while start < end and (text[start].isspace() or text[start] == "\ufeff"):
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start == end:
        raise _error(text, start, nothing, source)
    for index in range(start, end):
        if text[index].isspace():
            raise _error(text, index, spaces, source)
    return start, end


def split_tatham(text: str, source: str = "<input>") -> TathamId:
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


def read_tatham_size(text: str, start: int = 0, end: int | None = None, *, low: int = 1, high: int = MAX_SIDE,
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


def read_tatham_numbers(text: str, count: int, start: int = 0, end: int | None = None, *, sep: str = ",",
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


def write_tatham_numbers(values: Iterable[int | None], *, sep: str = ",") -> str:
    """The inverse of :func:`read_tatham_numbers`: numbers in decimal, None as an empty field."""
    parts = []
    for value in values:
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise ValueError(f"a clue must be a whole number of at least 0 or None, not {value!r}")
        parts.append("" if value is None else str(value))
    return sep.join(parts)


# ---------------------------------------------------------------------------
# puzz.link URLs

#: What comes before the variety: a ``http(s)://`` address up to its ``?`` (pzprjs drops all before it),
#: an optional host and path ending in ``/`` then ``p?`` or ``p.html?``, or a bare ``?``; then any
#: ``NAME=VALUE&`` parameters (``type=editor&``, as puzz.link's editor links carry).
_URL_PREFIX = re.compile(r"(?:https?://[^?\s]*|(?:[^?\s]*/)?p(?:\.html)?)?\?(?:[A-Za-z][A-Za-z0-9_]*=[^&/?\s]*&)*")

#: A word meant as a Tatham game ID: parameters (letters, digits, ``.``, ``+``, ``-``, ``_``, at least
#: one digit) then ``:``, or a random-seed ID (parameters starting with a digit, then ``#``: rows
#: of Light Up's own text such as ``.1#..`` stay rows).  Wider than the IDs Tatham writes, so that a
#: garbled size (``7x-7:...``) is read as an ID, and refused at its column, rather than taken for a
#: file name.
_TATHAM_LIKE = re.compile(r"(?=[^:#]*[0-9])[0-9A-Za-z.+_-]+:|[0-9][0-9A-Za-z.]*#")


def canonical_variety(name: str) -> str | None:
    """The canonical pzprjs name of a puzz.link variety name or alias (``akari`` -> ``lightup``), else None."""
    return PUZZLINK_VARIETIES.get(name.lower()) if isinstance(name, str) else None


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

    def error(self, index: int, message: str) -> InputError:
        """An :class:`InputError` at ``text[index]``."""
        return _error(self.text, index, message, self.source)

    def require(self, *canonical: str) -> None:
        """Refuse a URL of another variety than ``canonical`` (pzprjs names), naming the variety's column."""
        if self.canonical not in canonical:
            names = " or ".join(URL_NAMES.get(name, name) for name in canonical)
            raise self.error(self.variety_start, f"expected a puzz.link URL of {names}, not {quoted(self.variety)}")


def parse_url(text: str, source: str = "<input>") -> PuzzLink:
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
        sizes.append(_decimal(text, a, b, f"the number of {part}", source, 1, MAX_SIDE))
        rest = rest[1:]
    if rest and rest[-1][0] == rest[-1][1]:
        rest = rest[:-1]
    body_start = rest[0][0] if rest else end
    body_end = rest[-1][1] if rest else end
    return PuzzLink(text, variety, canonical_variety(variety), sizes[0], sizes[1], text[body_start:body_end],
                    body_start, tuple(flags), v_start, match is not None, source)


def write_url(variety: str, cols: int, rows: int, body: str, *, flags: Sequence[str] = (),
              prefix: str = "https://puzz.link/p?") -> str:
    """A puzz.link URL ``https://puzz.link/p?VARIETY/COLS/ROWS/BODY``, as pzprjs writes it.

    ``variety`` is written by its URL name (``lightup`` as ``akari``); ``flags`` come
    before the size; a ``/`` is added when the body ends in a character that is not
    a letter or a digit (so that link shorteners keep it).
    """
    for name, value in (("cols", cols), ("rows", rows)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIDE:
            raise ValueError(f"{name} must be a whole number from 1 to {MAX_SIDE}, not {value!r}")
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


Sides = Literal["top-left", "all"]


def split_excells(values: Sequence[T], cols: int, rows: int, sides: Sides) -> dict[str, list[T]]:
    """Clues outside the grid in pzprjs's order, by side: ``top``, ``bottom``, ``left``, ``right``.

    ``sides="top-left"`` (pzprjs's ``hasexcell`` 1: Tents): ``cols`` top clues then
    ``rows`` left ones.  ``sides="all"`` (``hasexcell`` 2: Skyscrapers): top, bottom
    (``cols`` each, left to right), left, right (``rows`` each, top to bottom).
    """
    names = ["top", "left"] if sides == "top-left" else ["top", "bottom", "left", "right"]
    sizes = {"top": cols, "bottom": cols, "left": rows, "right": rows}
    if len(values) != sum(sizes[name] for name in names):
        raise ValueError(f"expected {sum(sizes[name] for name in names)} clues outside the grid, not {len(values)}")
    out = {}
    index = 0
    for name in names:
        out[name] = list(values[index:index + sizes[name]])
        index += sizes[name]
    return out


def join_excells(top: Sequence[T], left: Sequence[T], bottom: Sequence[T] | None = None,
                 right: Sequence[T] | None = None) -> list[T]:
    """The inverse of :func:`split_excells`: top and left, or top, bottom, left and right (when given)."""
    if (bottom is None) != (right is None):
        raise ValueError("give both bottom and right clues, or neither")
    if bottom is None or right is None:
        return [*top, *left]
    return [*top, *bottom, *left, *right]


def regions_from_borders(vertical: Sequence[bool], horizontal: Sequence[bool], cols: int, rows: int,
                         blocked: Sequence[bool] | None = None) -> list[int | None]:
    """The area of every cell (row by row), numbered 0, 1, ... in the order of their first cell.

    Cells joined by no border (see :func:`decode_borders`) share an area; a
    ``blocked`` cell (Dosun-Fuwari's black cells) belongs to none (None).  This is
    the numbering pzprv3 files write.
    """
    if len(vertical) != (cols - 1) * rows or len(horizontal) != cols * (rows - 1):
        raise ValueError(f"a {cols} x {rows} grid has {(cols - 1) * rows} vertical and {cols * (rows - 1)} "
                         "horizontal borders")
    region: list[int | None] = [None] * (cols * rows)
    number = 0
    for first in range(cols * rows):
        if region[first] is not None or (blocked is not None and blocked[first]):
            continue
        region[first] = number
        stack = [first]
        while stack:
            cell = stack.pop()
            r, c = divmod(cell, cols)
            near = []
            if c + 1 < cols and not vertical[r * (cols - 1) + c]:
                near.append(cell + 1)
            if c > 0 and not vertical[r * (cols - 1) + c - 1]:
                near.append(cell - 1)
            if r + 1 < rows and not horizontal[r * cols + c]:
                near.append(cell + cols)
            if r > 0 and not horizontal[(r - 1) * cols + c]:
                near.append(cell - cols)
            for other in near:
                if region[other] is None and not (blocked is not None and blocked[other]):
                    region[other] = number
                    stack.append(other)
        number += 1
    return region


def borders_from_regions(region: Sequence[Hashable | None], cols: int,
                         rows: int) -> tuple[list[bool], list[bool]]:
    """The borders of areas given cell by cell: ``(vertical, horizontal)`` as :func:`decode_borders` gives them.

    A border stands between cells of different areas and next to every cell whose
    area is None (a blocked cell), which is what Dosun-Fuwari's encoder writes.
    """
    if len(region) != cols * rows:
        raise ValueError(f"expected {cols * rows} cells, not {len(region)}")

    def apart(a: int, b: int) -> bool:
        return region[a] is None or region[b] is None or region[a] != region[b]

    vertical = [apart(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    horizontal = [apart(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    return vertical, horizontal


# ---------------------------------------------------------------------------
# pzprv3 files


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
    Read them with :meth:`reader`.
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
    if not 1 <= value <= MAX_SIDE:
        raise InputError(f"{what} must be from 1 to {MAX_SIDE}, not {value}", source, line.line, column)
    return value


def read_pzprv3(text: str, source: str = "<input>") -> Pzprv3File:
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
    if canonical in _SQUARE_FILES:
        rows = cols = _size_line(take("the size"), "the size", source)
    else:
        rows = _size_line(take("the number of rows"), "the number of rows", source)
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
                      tuple(trailer))


def write_pzprv3(variety: str, rows: int, cols: int, lines: Iterable[str | Sequence[str]], *,
                 header: str = "pzprv3") -> str:
    """A pzprv3 file as pzprjs writes it: header, variety, size, then ``lines``, each ending in ``\\n``.

    The variety is written by its pzprjs name (``akari`` as ``lightup``).
    A line given as a sequence of items is written as pzprjs does, every item
    followed by a space (``. . 4 . . . ``); a ``str`` line is written as it is.
    Sudoku's files give one size line.
    """
    for name, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIDE:
            raise ValueError(f"{name} must be a whole number from 1 to {MAX_SIDE}, not {value!r}")
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


def unframe(grid: Sequence[Sequence[T]], cols: int, rows: int,
            sides: Sides) -> tuple[dict[str, list[T]], list[list[T]]]:
    """Split a pzprv3 grid with clues outside into ``(clues by side, cells)``.

    ``sides="top-left"`` (Tents): ``rows + 1`` lines of ``cols + 1`` items, the
    corner first, the top clues on the first line, the left clue first on every
    other.  ``sides="all"`` (Skyscrapers): ``rows + 2`` lines of ``cols + 2``, with
    a corner at each end of the first and last lines.
    """
    extra = 1 if sides == "top-left" else 2
    if len(grid) != rows + extra or any(len(line) != cols + extra for line in grid):
        raise ValueError(f"expected {rows + extra} lines of {cols + extra} items")
    if sides == "top-left":
        return ({"top": list(grid[0][1:]), "left": [line[0] for line in grid[1:]]},
                [list(line[1:]) for line in grid[1:]])
    inner = grid[1:-1]
    return ({"top": list(grid[0][1:-1]), "bottom": list(grid[-1][1:-1]), "left": [line[0] for line in inner],
             "right": [line[-1] for line in inner]}, [list(line[1:-1]) for line in inner])


def frame(cells: Sequence[Sequence[T]], sides: Mapping[str, Sequence[T]], corner: T) -> list[list[T]]:
    """The inverse of :func:`unframe`: all four sides when ``sides`` has ``bottom``, else top and left."""
    rows = len(cells)
    cols = len(cells[0]) if cells else 0
    top, left = list(sides["top"]), list(sides["left"])
    if len(top) != cols or len(left) != rows:
        raise ValueError("the top clues must match the columns and the left ones the rows")
    if "bottom" not in sides:
        return [[corner, *top]] + [[left[r], *cells[r]] for r in range(rows)]
    bottom, right = list(sides["bottom"]), list(sides["right"])
    if len(bottom) != cols or len(right) != rows:
        raise ValueError("the bottom clues must match the columns and the right ones the rows")
    return ([[corner, *top, corner]] + [[left[r], *cells[r], right[r]] for r in range(rows)]
            + [[corner, *bottom, corner]])
