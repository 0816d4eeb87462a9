"""Exact cover: any exact cover problem in the input format of Knuth's DLX1 and DLX2 programs.

The first line lists the items: the primary ones (each covered exactly once), then
``|`` and the secondary ones (each covered at most once).  Every further line is an
option: its item names, separated by blanks; a secondary item may carry a colour
(``item:colour``), and options that give a secondary item the same colour may share
it.  Lines beginning with ``|`` (after blanks) are comments, and blank lines are
skipped, as Knuth's programs skip them.  An option without a primary item is never
chosen (Knuth's DLX2 ignores it too).  Item and colour names are any characters but
blanks, ``:`` and ``|``.

A solution is the options chosen, in the order of the file; it prints as those
options, one per line, as :func:`option_text` writes them (``--json``: their lines).
The search is :class:`~backtrack.ExactCoverSearch` (bitsets up to
:data:`~backtrack.cover.BITS_UP_TO` options, dancing links above; ``-p
method=links`` or ``bits`` to choose): a move is an option's number, counted from 0,
and every option tried is an attempt.

The model is :class:`CoverProblem` (items and options, their lines in the file for
messages); the parts follow the anatomy of every puzzle module
(:mod:`backtrack.puzzle`): 1 the model, 2 the parser, 3 the text form, 5 the
picture, 6 the checker, 7 the search, 10 the descriptor, 11 the hook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from backtrack import InputError, Param, Pictured, Puzzle, examples_in, hookimpl, quoted
from backtrack.cover import BITS_UP_TO, Coloured, ExactCoverSearch
from backtrack.svg import PALETTE, Grid, plain_drawing

#: The largest problem accepted: items, options, and item names in all options together.
MAX_ITEMS = 10_000
MAX_OPTIONS = 100_000
MAX_ENTRIES = 500_000
#: The longest item or colour name (Knuth's programs take 8 characters).
MAX_NAME = 64
#: The largest problem drawn as its whole matrix (larger ones draw only the chosen options).
DRAWN_ITEMS, DRAWN_OPTIONS = 40, 60

TOKEN = re.compile(r"\S+")


# -- 1. the model ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CoverProblem(Pictured, puzzle="cover"):
    """An exact cover problem: primary and secondary item names, and the options.

    Each option is a tuple of ``(item, colour)`` pairs, ``colour`` None for an item
    without one.  ``lines`` are the options' lines in the file, for messages (not
    part of the problem: two problems with the same items and options are equal).
    """

    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    options: tuple[tuple[tuple[str, str | None], ...], ...]
    lines: tuple[int, ...] = field(default=(), compare=False)

    def line_of(self, number: int) -> int:
        """The line of option ``number`` in the file (its place among the options when not read from one)."""
        return self.lines[number] if number < len(self.lines) else number + 2


# -- 2. the parser ---------------------------------------------------------------------------------


def _name(token: str, source: str, line: int, column: int, what: str) -> str:
    if not token:
        raise InputError(f"expected {what}, found an empty name", source, line, column)
    if "|" in token or ":" in token:
        bad = min(i for i in (token.find("|"), token.find(":")) if i >= 0)
        raise InputError(f"{what} cannot hold {token[bad]!r}: {quoted(token)}", source, line, column + bad)
    if len(token) > MAX_NAME:
        raise InputError(f"{what} is at most {MAX_NAME} characters, not {len(token):,}", source, line, column)
    return token


def parse(text: str, source: str = "<input>") -> CoverProblem:
    """The problem in Knuth's format; every error names its line and column."""
    primary: list[str] = []
    secondary: list[str] = []
    index: dict[str, int] = {}  # item name: its number, primary ones first
    options: list[tuple[tuple[str, str | None], ...]] = []
    lines: list[int] = []
    entries = 0
    read_items = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if not read_items:
            read_items = True
            after_bar = False
            for token in TOKEN.finditer(line):
                column = token.start() + 1
                if token.group() == "|":
                    if after_bar:
                        raise InputError("expected one '|' between the primary and the secondary items, found a "
                                         "second", source, number, column)
                    after_bar = True
                    continue
                name = _name(token.group(), source, number, column, "an item name")
                if name in index:
                    raise InputError(f"the item {quoted(name)} is listed twice", source, number, column)
                if len(index) == MAX_ITEMS:
                    raise InputError(f"expected at most {MAX_ITEMS:,} items", source, number, column)
                index[name] = len(index)
                (secondary if after_bar else primary).append(name)
            if not primary:
                raise InputError("expected at least one primary item before '|'", source, number,
                                 line.find("|") + 1 or None)
            continue
        if len(options) == MAX_OPTIONS:
            raise InputError(f"expected at most {MAX_OPTIONS:,} options", source, number, 1)
        option: list[tuple[str, str | None]] = []
        seen: set[str] = set()
        for token in TOKEN.finditer(line):
            column = token.start() + 1
            name, colon, colour = token.group().partition(":")
            name = _name(name, source, number, column, "an item name")
            if name not in index:
                raise InputError(f"{quoted(name)} is not an item of the first line", source, number, column)
            if name in seen:
                raise InputError(f"the item {quoted(name)} is twice in this option", source, number, column)
            if colon:
                colour = _name(colour, source, number, column + len(name) + 1, "a colour")
                if index[name] < len(primary):
                    raise InputError(f"{quoted(name)} is a primary item: only secondary items take a colour",
                                     source, number, column + len(name))
            seen.add(name)
            option.append((name, colour if colon else None))
        entries += len(option)
        if entries > MAX_ENTRIES:
            raise InputError(f"expected at most {MAX_ENTRIES:,} item names in all options together", source,
                             number, 1)
        options.append(tuple(option))
        lines.append(number)
    if not read_items:
        raise InputError("expected a first line listing the items (primary ones, then '|' and secondary ones)",
                         source, None)
    return CoverProblem(tuple(primary), tuple(secondary), tuple(options), tuple(lines))


# -- 3. the text form ------------------------------------------------------------------------------


def option_text(option: Sequence[tuple[str, str | None]]) -> str:
    """An option as its line: the item names separated by blanks, ``item:colour`` for a colour."""
    return " ".join(name if colour is None else f"{name}:{colour}" for name, colour in option)


def text_of(spec: CoverProblem) -> str:
    """The problem in Knuth's format: ``parse(text_of(spec)) == spec``."""
    items = " ".join(spec.primary) + (" | " + " ".join(spec.secondary) if spec.secondary else "")
    return "\n".join([items, *map(option_text, spec.options)]) + "\n"


def render(spec: CoverProblem, solution: Sequence[int]) -> str:
    """The chosen options, one per line, in the order of the file."""
    return "\n".join(option_text(spec.options[number]) for number in sorted(solution))


def as_json(spec: CoverProblem, solution: Sequence[int]) -> list[str]:
    """The chosen options' lines, in the order of the file."""
    return [option_text(spec.options[number]) for number in sorted(solution)]


def read_answer(spec: CoverProblem, text: str, source: str = "<answer>") -> tuple[int, ...]:
    """The options of an answer written as :func:`render` prints it, one per line (in any order, items too).

    Blank lines and ``|`` comment lines are skipped.  A line that is not an option of
    the problem is an :class:`InputError` naming it; an option listed twice is read
    as the problem's next option with the same items, if it has one (the checker
    then names the item covered twice).
    """
    numbers: dict[frozenset, list[int]] = {}
    for number, option in enumerate(spec.options):
        numbers.setdefault(frozenset(option), []).append(number)
    taken: dict[frozenset, int] = {}
    chosen: list[int] = []
    for line_number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        key = frozenset((name, colour or None) for name, _, colour in (token.partition(":") for token in line.split()))
        found = numbers.get(key)
        if found is None:
            raise InputError(f"{quoted(stripped)} is not an option of the problem", source, line_number,
                             len(line) - len(line.lstrip()) + 1)
        at = taken.get(key, 0)
        chosen.append(found[min(at, len(found) - 1)])
        taken[key] = at + 1
    return tuple(chosen)


# -- 5. the picture: draw and draw_move (SVG, through backtrack.svg) -------------------------------
# Knuth's picture of an exact cover problem: the options as rows of a matrix, the items as its
# columns; a dot where an option holds an item (its colour's letter for a coloured one), the chosen
# options shaded.  A problem of more than DRAWN_ITEMS items or DRAWN_OPTIONS options lists the
# chosen options instead.


def draw(spec: CoverProblem, state: Sequence[int] | None = None) -> str:
    """The problem as its matrix (``state``: the options chosen, shaded); large problems as the chosen options.

    Classes: ``item`` (a column's name), ``entry`` (an option holds an item), ``chosen``.
    """
    chosen = set(state or ())
    items = [*spec.primary, *spec.secondary]
    if len(items) > DRAWN_ITEMS or len(spec.options) > DRAWN_OPTIONS:
        return plain_drawing(option_text(spec.options[n]) for n in sorted(chosen) if 0 <= n < len(spec.options))
    canvas = Grid(len(spec.options) + 1, len(items), cell=26, margin=(0.3, 0.3, 0.3, 0.3), name="cover")
    column = {name: c for c, name in enumerate(items)}
    for c, name in enumerate(items):
        canvas.fill(0, c, PALETTE["shade"] if c >= len(spec.primary) else PALETTE["paper"], "header")
        canvas.text(0, c, name[:3], "item", size=0.42)
    for number in sorted(n for n in chosen if 0 <= n < len(spec.options)):
        for c in range(len(items)):
            canvas.fill(number + 1, c, PALETTE["green"], "chosen", opacity=0.45)
    for number, option in enumerate(spec.options):
        for name, colour in option:
            if colour is None:
                canvas.circle(number + 1, column[name], "entry", PALETTE["ink"], radius=0.2)
            else:
                canvas.text(number + 1, column[name], colour[:2], "entry", PALETTE["placed"], size=0.5)
    canvas.lines()
    if spec.secondary:
        canvas.edge(0, len(spec.primary), "W", kind="bar")
    return canvas.svg()


def draw_move(spec: CoverProblem, move: int) -> str:
    """The row of the option a move chooses, outlined (nothing for a problem drawn as a list)."""
    items = len(spec.primary) + len(spec.secondary)
    if items > DRAWN_ITEMS or len(spec.options) > DRAWN_OPTIONS:
        return ""
    canvas = Grid(len(spec.options) + 1, items, cell=26, margin=(0.3, 0.3, 0.3, 0.3), name="cover")
    return "".join(canvas.highlight(move + 1, c) for c in range(items))


# -- 6. the checker --------------------------------------------------------------------------------


def check(spec: CoverProblem, solution: Sequence[int]) -> list[str]:
    """The rules ``solution`` breaks (an empty list when none), options named by their lines.

    Independent of the search: every primary item is in exactly one chosen option,
    and a secondary item in two or more chosen options has one colour in all of them.
    """
    broken: list[str] = []
    holders: dict[str, list[tuple[int, str | None]]] = {}
    for number in solution:
        if type(number) is not int or not 0 <= number < len(spec.options):
            broken.append(f"{number!r} is not an option of the problem (options 0 to {len(spec.options) - 1})")
            continue
        for name, colour in spec.options[number]:
            holders.setdefault(name, []).append((number, colour))
    for name in spec.primary:
        found = holders.get(name, [])
        if not found:
            broken.append(f"the primary item {name} is in no chosen option")
        elif len(found) > 1:
            lines = " and ".join(f"line {spec.line_of(n)}" for n, _ in found)
            broken.append(f"the primary item {name} is in {len(found)} chosen options ({lines})")
    for name in spec.secondary:
        found = holders.get(name, [])
        colours = {colour for _, colour in found}
        if len(found) > 1 and (None in colours or len(colours) > 1):
            lines = " and ".join(f"line {spec.line_of(n)}" for n, _ in found)
            broken.append(f"the secondary item {name} is in {len(found)} chosen options that do not give it one "
                          f"colour ({lines})")
    return broken


# -- 7. the search ---------------------------------------------------------------------------------


class CoverSearch(ExactCoverSearch):
    """The problem as it reads; a move is an option's number, from 0."""

    def __init__(self, spec: CoverProblem, method: str | None = None):
        secondary = set(spec.secondary)
        options = [[Coloured(name, colour) if name in secondary else name for name, colour in option]
                   for option in spec.options]
        super().__init__(spec.primary, options, spec.secondary, method=method)

    def partial(self, path: tuple) -> tuple[int, ...]:
        """The options chosen so far, in the order of the file."""
        return tuple(sorted(self.chosen))


def search(spec: CoverProblem, method: str = "auto") -> CoverSearch:
    """A fresh search of ``spec``; ``method`` is ``bits``, ``links`` or ``auto`` (bits for smaller problems)."""
    return CoverSearch(spec, None if method == "auto" else method)


# -- 10. the descriptor ----------------------------------------------------------------------------

PUZZLE = Puzzle(
    name="cover",
    description="exact cover: any problem in the input format of Knuth's DLX1 and DLX2",
    parse=parse,
    search=search,
    render=render,
    params=(Param("method", "the engine: bits (bitsets), links (dancing links) or auto (bits up to "
                  f"{BITS_UP_TO:,} options)", str, "auto", ("auto", "bits", "links")),),
    limits=(f"up to {MAX_ITEMS:,} items and {MAX_OPTIONS:,} options, {MAX_ENTRIES:,} item names in all options "
            f"together; names of up to {MAX_NAME} characters"),
    examples=examples_in(Path(__file__).parent / "examples" / "cover"),
    text=text_of,
    as_json=as_json,
    read_answer=read_answer,
    draw=draw,
    draw_move=draw_move,
    check=check,
)


# -- 11. the hook ----------------------------------------------------------------------------------


@hookimpl
def backtrack_puzzles() -> list[Puzzle]:
    return [PUZZLE]
