"""What a puzzle plugin registers: a :class:`Puzzle` descriptor, its parameters and input errors.

Every puzzle module offers the same small set of functions, which its descriptor
names: ``parse`` (text to spec), ``search`` (spec to a :class:`~backtrack.Search`),
``render`` (a solution to text), and optionally ``build`` (a spec from parameters
alone, for parametric puzzles such as queens), ``split`` (a file holding many
instances), ``as_json`` (a solution as JSON data) and example files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .engine import Search

__all__ = ["Puzzle", "Param", "InputError", "examples_in"]


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


@dataclass(frozen=True)
class Param:
    """A puzzle parameter, given on the command line as ``-p NAME=VALUE``.

    ``kind`` converts the text (``int``, ``str`` ...); ``choices`` restricts it.
    """

    name: str
    help: str
    kind: Callable[[str], Any] = str
    default: Any = None
    choices: Sequence[Any] | None = None

    def convert(self, text: str) -> Any:
        """The value of ``text`` for this parameter; ``ValueError`` with a clear message if wrong."""
        try:
            value = self.kind(text)
        except (TypeError, ValueError):
            raise ValueError(f"parameter {self.name} takes {getattr(self.kind, '__name__', 'a value')}, not {text!r}") from None
        if self.choices is not None and value not in self.choices:
            options = ", ".join(map(str, self.choices))
            raise ValueError(f"parameter {self.name} must be one of {options}, not {text!r}")
        return value


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as a plugin registers it (see the module docstring for the functions).

    * ``parse(text, source) -> spec`` raises :class:`InputError` for bad input.
    * ``search(spec, **params) -> Search``: a fresh search object; constructing it runs nothing.
    * ``render(spec, solution) -> str``.
    * ``build(**params) -> spec`` when the puzzle can be made from parameters alone.
    * ``split(text) -> [(first_line, instance_text), ...]`` when a file may hold many instances.
    * ``as_json(spec, solution)``: the solution as JSON data for ``--json``.
    * ``examples``: example name to file path.
    """

    name: str
    description: str
    parse: Callable[[str, str], Any]
    search: Callable[..., Search]
    render: Callable[[Any, Any], str]
    params: tuple[Param, ...] = ()
    build: Callable[..., Any] | None = None
    split: Callable[[str], list[tuple[int, str]]] | None = None
    as_json: Callable[[Any, Any], Any] | None = None
    examples: Mapping[str, Path] = field(default_factory=dict)

    def param(self, name: str) -> Param:
        """The parameter called ``name``; ``KeyError`` naming the known ones if there is none."""
        for param in self.params:
            if param.name == name:
                return param
        known = ", ".join(p.name for p in self.params) or "none"
        raise KeyError(f"puzzle {self.name} has no parameter {name!r} (its parameters: {known})")


def examples_in(folder: Path | str) -> dict[str, Path]:
    """The example files of a folder, by name without suffix (``seed.txt`` is ``seed``)."""
    folder = Path(folder)
    if not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.iterdir()) if path.is_file() and not path.name.startswith(".")}
