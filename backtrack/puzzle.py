"""What a puzzle plugin registers: a :class:`Puzzle` descriptor, its parameters and input errors.

Every puzzle module offers the same set of functions, which its descriptor names,
and every built-in puzzle module (and every template of ``backtrack new``) holds
them in the same parts, in the same order, each part under a heading
``# -- N. NAME ---``.  A part a puzzle has no use for is left out; the numbers of
the others stay, so that part 7 is the search in every module:

==  ===============  ==================================================================
 0  vocabulary       the module docstring, the puzzle's terms (a cell is ``(row, col)``
                     from 0; ``rows``, ``cols``), and its limits (``MAX_SIZE``)
 1  the model        the spec class, the puzzle's own model; ``build`` (a spec from
                     parameters alone), ``params``, ``limits``
 2  the parser       text to the model: ``parse``, ``split`` (a file of many
                     instances), ``examples``, ``example_aliases``
 3  the text form    the model and its solutions as text: ``text``, ``render``,
                     ``as_json``, ``read_answer``
 4  the formats      what puzzle people share: ``formats`` (Tatham game IDs,
                     puzz.link URLs, pzprv3 files, through :mod:`backtrack.formats`)
 5  the picture      ``draw`` and ``draw_move`` (SVG, through :mod:`backtrack.svg`)
 6  the checker      ``check``: the rules a solution breaks, sharing no code with the search
 7  the search       ``search``: the five methods, or a propagating or shortest search;
                     ``reasoner``: its named deductions, for hints and grades
 8  the generator    ``generator``: new instances, graded
 9  the façade       the API of the puzzle's seed exercise (Dutch or German names),
                     a thin layer over the model
10  the descriptor   ``PUZZLE = Puzzle(...)``, its keywords in this order
11  the hook         ``backtrack_puzzles``, returning the descriptor
==  ===============  ==================================================================

The fields of :class:`Puzzle` follow the same order: the three functions every
puzzle has (``parse``, ``search``, ``render``) first, then the optional ones part
by part.
"""

from __future__ import annotations

import functools
import inspect
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .engine import Search

__all__ = ["Puzzle", "Param", "Format", "Generator", "InputError", "examples_in", "quoted"]


class InputError(ValueError):
    """Bad puzzle input: says which file, which line and column, and what was expected.

    ``str()`` reads ``FILE:LINE:COLUMN: MESSAGE`` (line and column counted from 1,
    each left out when unknown).  Plugins raise it from ``parse``; the command
    prints it and exits with status 2.
    """

    def __init__(self, message: str, source: str = "<input>", line: int | None = None, column: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.source
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"

    def located(self, source: str, line_offset: int = 0) -> "InputError":
        """The same error for an instance that starts ``line_offset`` lines into ``source``."""
        line = None if self.line is None else self.line + line_offset
        return InputError(self.message, source, line, self.column)


def quoted(text: str, limit: int = 40) -> str:
    """``repr(text)``, shortened to about ``limit`` characters with ``...`` and the length when longer.

    For messages that quote input: they stay short whatever the input holds.
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


@dataclass(frozen=True)
class Param:
    """A puzzle parameter, given on the command line as ``-p NAME=VALUE``.

    ``kind`` converts the text (``int``, ``str`` ...); ``choices`` restricts it to
    a list, ``low`` and ``high`` (inclusive) to a range.  A ``default`` of ``None``
    means "not given": the puzzle decides.  ``aliases`` map old names of values to
    their names now (``{"seed": "tutorial"}``), so that command lines keep working.
    """

    name: str
    help: str
    kind: Callable[[str], Any] = str
    default: Any = None
    choices: Sequence[Any] | None = None
    low: Any = None
    high: Any = None
    aliases: Mapping[str, str] = field(default_factory=dict)

    def convert(self, text: str) -> Any:
        """The value of ``text`` for this parameter; ``ValueError`` with a clear message if wrong."""
        shown = quoted(text)
        text = self.aliases.get(text, text)
        try:
            if self.kind in (int, float) and not text.isascii():
                raise ValueError("digits of another script")  # int() and float() read them: "٣" is 3
            if self.kind is int and len(text.strip().lstrip("+-").lstrip("0")) > 100:
                raise ValueError("too many digits")
            value = self.kind(text)
            if self.kind is float and not math.isfinite(value):
                raise ValueError("not a finite number")  # nan passes every range check
        except (TypeError, ValueError):
            raise ValueError(f"parameter {self.name} takes {self.describe()}, not {shown}") from None
        if self.choices is not None and value not in self.choices:
            options = ", ".join(map(str, self.choices))
            raise ValueError(f"parameter {self.name} must be one of {options}, not {shown}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(f"parameter {self.name} must be {self.range()}, not {shown}")
        return value

    def range(self) -> str:
        """The allowed range in words (``from 1 to 64``, ``at least 0``), or empty when there is none."""
        if self.low is not None and self.high is not None:
            return f"from {self.low} to {self.high}"
        if self.low is not None:
            return f"at least {self.low}"
        if self.high is not None:
            return f"at most {self.high}"
        return ""

    def describe(self) -> str:
        """What the parameter takes, in words: ``a whole number from 1 to 64``, ``one of yes, no``."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        kind = {int: "a whole number", float: "a number", str: "a text"}.get(
            self.kind, getattr(self.kind, "__name__", "a value")
        )  # type: ignore[call-overload]
        return f"{kind} {self.range()}".strip()


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as a plugin registers it (see the module docstring for the functions).

    The three every puzzle has:

    * ``parse(text, source) -> spec`` raises :class:`InputError` for bad input.
    * ``search(spec, **params) -> Search``: a fresh search object; constructing it runs nothing.
    * ``render(spec, solution) -> str``.

    The optional ones, in the order of the parts of a puzzle module:

    * ``params``: the ``-p NAME=VALUE`` parameters (see :class:`Param`).
    * ``limits``: the largest input accepted, in words (``boards up to 100 x 100``);
      ``backtrack show`` prints it, and ``parse`` refuses larger input with it.
    * ``build(**params) -> spec`` when the puzzle can be made from parameters alone.
    * ``split(text) -> [(first_line, instance_text), ...]`` when a file may hold many instances.
    * ``examples``: example name to file path; ``example_aliases``: old names of examples to their names now.
    * ``text(spec) -> str``: the puzzle in its own text format, so that
      ``parse(text(spec)) == spec`` (a puzzle can be written back, converted, checked).
    * ``as_json(spec, solution)``: the solution as JSON data for ``--json``.
    * ``read_answer(spec, text, source) -> solution``: a solution from the text
      ``render`` prints (so that an answer can be saved, edited and checked).
    * ``formats``: the shared formats the puzzle reads and writes, by name
      (``tatham``, ``puzzlink``, ``pzprv3``; see :class:`Format`).
    * ``draw(spec, state) -> str``: the board as SVG (see :mod:`backtrack.svg`):
      the puzzle alone when ``state`` is None, else a solution or a partial state
      (what the search's ``partial`` gives); ``draw_move(spec, move) -> str``: an SVG
      fragment marking what a move touches.  Without them a puzzle still works
      everywhere, and pictures show its moves as text.
    * ``check(spec, solution) -> list[str]``: the puzzle's independent rule checker,
      sharing no code with its search: the rules the solution breaks, in the
      puzzle's own words (an empty list when it satisfies every rule).
    * ``reasoner(spec, answer, source) -> Reasoner``: the puzzle's named deductions
      (see :mod:`backtrack.explain`), from the givens (``answer`` None) or from a
      partial answer in the text form ``render`` prints; ``backtrack hint`` and
      ``backtrack grade`` use it.  It raises :class:`InputError` for a bad answer.
    * ``generator``: how new instances are made (see :class:`Generator`).
    """

    name: str
    description: str
    parse: Callable[[str, str], Any]
    search: Callable[..., Search]
    render: Callable[[Any, Any], str]
    # 1. the model
    params: tuple[Param, ...] = ()
    limits: str = ""
    build: Callable[..., Any] | None = None
    # 2. the parser
    split: Callable[[str], list[tuple[int, str]]] | None = None
    examples: Mapping[str, Path] = field(default_factory=dict)
    example_aliases: Mapping[str, str] = field(default_factory=dict)
    # 3. the text form
    text: Callable[[Any], str] | None = None
    as_json: Callable[[Any, Any], Any] | None = None
    read_answer: Callable[[Any, str, str], Any] | None = None
    # 4. the formats
    formats: Mapping[str, Format] = field(default_factory=dict)
    # 5. the picture
    draw: Callable[[Any, Any], str] | None = None
    draw_move: Callable[[Any, Any], str] | None = None
    # 6. the checker
    check: Callable[[Any, Any], list[str]] | None = None
    # 7. the search (``search`` is above), and its reasoning
    reasoner: Callable[[Any, str | None, str], Any] | None = None
    # 8. the generator
    generator: Generator | None = None

    def example(self, name: str) -> Path | None:
        """The file of the example called ``name`` (or by an old name of it), None when there is none."""
        return self.examples.get(name) or self.examples.get(self.example_aliases.get(name, ""))

    def make_search(self, spec: Any, params: Mapping[str, Any]) -> Search:
        """A fresh search of ``spec``, given those of ``params`` that ``search`` declares.

        Parameters are declared for the puzzle as a whole; each function gets only
        the ones it names (all of them if it takes ``**kwargs``), so a plugin's
        ``search`` and ``build`` need no catch-all for the other's parameters.
        """
        return self.search(spec, **accepted(self.search, params))

    def make_spec(self, params: Mapping[str, Any]) -> Any:
        """The instance ``build`` makes from those of ``params`` it declares."""
        if self.build is None:
            raise TypeError(f"puzzle {self.name} cannot be built from parameters alone")
        return self.build(**accepted(self.build, params))

    def param(self, name: str) -> Param:
        """The parameter called ``name``; ``KeyError`` naming the known ones if there is none."""
        return param_named(self.params, name, f"puzzle {self.name}")


@dataclass(frozen=True)
class Format:
    """A format that puzzle people share instances in, as one puzzle reads and writes it.

    The formats are named ``tatham`` (Simon Tatham's game IDs, ``PARAMS:DESC``),
    ``puzzlink`` (puzz.link URLs) and ``pzprv3`` (the puzz.link editor's files);
    :mod:`backtrack.formats` holds what they share.

    * ``decode(text, source) -> spec``: an :class:`InputError` for text that does
      not read, naming the position in the string (its column, counted from 1).
    * ``encode(spec) -> str``: ``decode(encode(spec))`` is the same puzzle; a
      ``ValueError`` saying why when the instance cannot be written in the format.
    * ``decode_answer(text, source) -> (spec, solution or None)``: for formats that
      may carry a filled-in answer (pzprv3); the solution in the form the
      puzzle's searches give, for its checker.  A file whose answer is empty gives
      the empty answer (which ``backtrack check`` reports as wrong, naming the
      first rule it breaks); None only where the plugin cannot build one.
    * ``decode_partial(text, source) -> (spec, answer text or None)``: for formats
      that may carry a partial answer, the answer in the text form the puzzle's
      reasoner reads (``backtrack hint``); without it, ``hint`` writes the answer
      of ``decode_answer`` with ``render``.
    """

    decode: Callable[[str, str], Any]
    encode: Callable[[Any], str]
    decode_answer: Callable[[str, str], tuple[Any, Any]] | None = None
    decode_partial: Callable[[str, str], tuple[Any, str | None]] | None = None


@dataclass(frozen=True)
class Generator:
    """How a puzzle makes new instances: ``make(seed, unique, **params) -> spec``.

    ``params`` are the generator's own parameters (sizes, densities, ...), given
    on the command line as ``-p NAME=VALUE``; ``make`` gets those it declares.
    The same seed and parameters give the same puzzle on every machine.  With
    ``unique`` the instance made must have exactly one solution (the command
    checks it with the engine before printing it); ``unique_default`` is the
    default of ``--unique`` (true for the puzzles people solve by hand).
    ``largest_unique`` says, in words, up to which size ``unique`` is offered.
    ``grading`` are the search parameters with which ``--difficulty`` grades a
    puzzle (a search that deduces so much that it never guesses grades every
    puzzle easy: Akari grades without its probing).
    """

    make: Callable[..., Any]
    params: tuple[Param, ...] = ()
    unique_default: bool = True
    largest_unique: str = ""
    grading: Mapping[str, Any] = field(default_factory=dict)

    def param(self, name: str) -> Param:
        """The generator's parameter called ``name``; ``KeyError`` naming the known ones if there is none."""
        return param_named(self.params, name, "the generator")


def param_named(params: Sequence[Param], name: str, owner: str) -> Param:
    """The one of ``params`` called ``name``; ``KeyError`` saying that ``owner`` has none, and which it has."""
    for param in params:
        if param.name == name:
            return param
    known = ", ".join(p.name for p in params) or "none"
    raise KeyError(f"{owner} has no parameter {name!r} (its parameters: {known})")


def accepted(function: Callable[..., Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """Those of ``params`` that ``function`` takes by name (all of them when it takes ``**kwargs``)."""
    try:
        names = _keyword_names(function)
    except TypeError:  # unhashable: a callable object with its own __eq__
        names = _keyword_names.__wrapped__(function)
    if names is None:
        return dict(params)
    return {name: value for name, value in params.items() if name in names}


@functools.lru_cache(maxsize=256)
def _keyword_names(function: Callable[..., Any]) -> frozenset[str] | None:
    """The names ``function`` takes by keyword; ``None`` when it takes any (``**kwargs``, or no signature).

    Cached: a parallel count builds a search per subtree, and reading a signature
    costs about as much as setting up the search.
    """
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin or a callable object without a signature
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    return frozenset(
        name
        for name, p in signature.parameters.items()
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    )


def examples_in(folder: Path | str) -> dict[str, Path]:
    """The example files of a folder, by name without suffix (``seed.txt`` is ``seed``)."""
    folder = Path(folder)
    if not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.iterdir()) if path.is_file() and not path.name.startswith(".")}
