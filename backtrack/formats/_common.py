"""What the three format families share: positions in messages, numbers, the variety names, :func:`kind_of`.

Internal to :mod:`backtrack.formats` (which re-exports the public names): the
:class:`~backtrack.InputError` helpers every decoder uses (a line and a column
counted from 1 in the whole string), decimal numbers with their limits, the
base-36 digits of pzprjs's codings, and the puzz.link variety names that URLs
and pzprv3 files both carry.
"""

from __future__ import annotations

import re
from typing import Literal, Mapping

from ..puzzle import InputError, quoted

#: pzprjs's ``qnum`` -2: a clue whose number is not given (``.`` in URLs, ``-`` in pzprv3 files).
QUESTION = -2

#: The largest number of rows or columns a URL, a file or a game ID may declare.
MAX_SIZE = 1000

#: The longest decimal number read (longer ones are refused, not converted).
MAX_DIGITS = 9

Kind = Literal["tatham", "puzzlink", "pzprv3"]

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

#: The digits of pzprjs's base-36 codings (their value is their index), and the hex digits among them.
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = "0123456789abcdef"
_DECIMAL = re.compile(r"[0-9]+")

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
