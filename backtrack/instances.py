"""How an argument becomes a search: the one path every command and every executor takes.

The steps, each a function of this module:

1. :func:`read_instances`: what the user named (a file, ``-`` for standard input,
   a game ID or URL given as the argument itself, ``--example NAME``, or the
   parameters alone) becomes a list of :class:`Instance`: each its text, where it
   came from (source and first line) and its form (the puzzle's own text, or one
   of the shared formats: ``tatham``, ``puzzlink``, ``pzprv3``).  A file may hold
   a batch: IDs or URLs one per line, or several instances that the puzzle's
   ``split`` finds.
2. :func:`parse_params`: ``-p NAME=VALUE`` pairs become the puzzle's parameters.
3. :func:`read_spec`: an instance and the parameters become the spec (the
   puzzle's model), errors located in the instance's file and line.
4. :func:`make_search`: the spec and the parameters become a fresh search.

The command runs these in-process; a count's workers (local processes, a Dask
cluster, a count resumed from a checkpoint) receive the :class:`Instance` with the
parameters (or the spec itself) and rebuild the spec through :func:`read_spec`,
so that every executor searches exactly the instance the command read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .engine import Search
from .inputs import read_file, read_standard_input
from .puzzle import InputError, Param, Puzzle, quoted

__all__ = ["Instance", "UsageError", "FORMAT_NAMES", "read_instances", "instances_in", "shared_form", "parse_params",
           "parse_pairs", "read_text", "read_spec", "decode", "make_search", "single_instance"]


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""


#: The shared formats, as users call them.
FORMAT_NAMES = {"tatham": "Tatham game IDs", "puzzlink": "puzz.link URLs", "pzprv3": "pzprv3 files"}


@dataclass(frozen=True)
class Instance:
    """One puzzle instance: its text (None: built from parameters alone), where it came from, and its form.

    ``first_line`` is the line of ``source`` the instance starts on (an instance of
    a batch file); ``form`` is None for the puzzle's own text format, else the name
    of a shared format (``tatham``, ``puzzlink``, ``pzprv3``) that the puzzle's
    :class:`~backtrack.Format` decodes.
    """

    source: str
    text: str | None
    first_line: int = 1
    form: str | None = None

    @property
    def label(self) -> str:
        """``SOURCE``, or ``SOURCE:LINE`` for an instance that starts further into its file."""
        return self.source if self.first_line == 1 else f"{self.source}:{self.first_line}"


def shared_form(puzzle: Puzzle, text: str, source: str) -> str | None:
    """The shared format ``text`` is in (None: the puzzle's own text); refused when the puzzle does not read it."""
    from .formats import kind_of  # here: the formats are imported only for an instance that is text

    form = kind_of(text)
    if form is not None and form not in puzzle.formats:
        reads = ", ".join(FORMAT_NAMES[name] for name in puzzle.formats if name in FORMAT_NAMES)
        raise UsageError(f"{source}: this is one of the {FORMAT_NAMES.get(form, form)}, and puzzle {puzzle.name} "
                         f"does not read those (it reads its own text format{', ' + reads if reads else ''})")
    return form


def instances_in(puzzle: Puzzle, source: str, text: str) -> list[Instance]:
    """The instances in shared formats of a file's text: a pzprv3 file, or IDs/URLs one per line; else none."""
    from .formats import kind_of

    if kind_of(text.strip()) == "pzprv3":
        shared_form(puzzle, text.strip(), source)
        return [Instance(source, text, 1, "pzprv3")]
    lines = [(number, line.strip()) for number, line in enumerate(text.split("\n"), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    # In a file a line is an ID only as PARAMS:DESC: a random-seed ID (PARAMS#SEED) reads like a
    # row of some puzzles' own text (an Akari row "1#2"), so it is recognised on the command line only.
    forms = [kind_of(line) if ":" in line or "/" in line else None for _, line in lines]
    if not forms or not all(found in ("tatham", "puzzlink") for found in forms):
        return []
    for number, line in lines:
        shared_form(puzzle, line, f"{source}:{number}")
    return [Instance(source, line, number, found) for (number, line), found in zip(lines, forms, strict=True)]


def read_instances(puzzle: Puzzle, file: str | None, example: str | None) -> list[Instance]:
    """The instances named by FILE (a path, ``-``, or an ID or URL itself), ``--example NAME`` or the parameters."""
    if file is not None and example is not None:
        raise UsageError("give either FILE or --example, not both")
    if example is not None:
        path = puzzle.example(example)
        if path is None:
            known = ", ".join(puzzle.examples) or "none"
            raise UsageError(f"puzzle {puzzle.name} has no example {example!r} (examples: {known})")
        source, text = str(path), read_file(path)
    elif file is not None:
        if file != "-" and not os.path.exists(file):
            form = shared_form(puzzle, file, "the argument")
            if form in ("tatham", "puzzlink"):
                return [Instance("<argument>", file, 1, form)]
        source, text = read_text(file)
    elif puzzle.build is not None:
        return [Instance("<parameters>", None)]
    else:
        raise UsageError(f"puzzle {puzzle.name} needs a FILE ('-' for standard input) or --example NAME")
    shared = instances_in(puzzle, source, text)
    if shared:
        return shared
    if puzzle.split is not None:
        try:
            parts = puzzle.split(text)
        except InputError as error:
            raise error.located(source) from None
        if len(parts) > 1:
            return [Instance(source, part, first_line) for first_line, part in parts]
    return [Instance(source, text)]


def read_text(file: str) -> tuple[str, str]:
    """The source and text of FILE (``-``: standard input); a file that cannot be read is a usage error."""
    if file == "-":
        return "<stdin>", read_standard_input()
    name = file if file.isprintable() else quoted(file)  # the message stays one line
    if "\x00" in file:
        raise UsageError(f"cannot read {name}: a file name cannot hold a NUL character")
    try:
        return file, read_file(file)
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None


def parse_params(puzzle: Puzzle, pairs: Sequence[str]) -> dict[str, Any]:
    """``-p NAME=VALUE`` pairs converted and range-checked by the puzzle's declared parameters."""
    return parse_pairs(pairs, puzzle.param)


def parse_pairs(pairs: Sequence[str], param: Callable[[str], Param], hint: str = "") -> dict[str, Any]:
    """``-p NAME=VALUE`` pairs converted and range-checked by ``param(NAME)``; ``hint`` follows an unknown name."""
    params: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals:
            raise UsageError(f"-p takes NAME=VALUE, not {pair!r}")
        try:
            params[name] = param(name).convert(text)
        except KeyError as error:
            raise UsageError(error.args[0] + hint) from None
        except ValueError as error:
            raise UsageError(str(error)) from None
    return params


def decode(puzzle: Puzzle, text: str, source: str = "<input>", form: str | None = None) -> Any:
    """The spec of an instance's text: read by the puzzle's parser, or decoded from the shared format ``form``.

    Errors are the puzzle's own (:class:`InputError`, located in ``text``); see
    :func:`read_spec` for an instance's errors located in its file.
    """
    if form is None:
        return puzzle.parse(text, source)
    if form not in puzzle.formats:
        raise ValueError(f"puzzle {puzzle.name} does not read the format {form!r}")
    return puzzle.formats[form].decode(text, source)


def read_spec(puzzle: Puzzle, instance: Instance, params: dict[str, Any]) -> Any:
    """The spec of an instance (read in its form, or built from the parameters), errors located in its file.

    A parser that fails with anything but :class:`InputError` is a bug of the
    plugin; the user still gets one line naming the plugin and the input, not a
    traceback.
    """
    if instance.text is None:
        try:
            return puzzle.make_spec(params)
        except (TypeError, ValueError) as error:
            raise UsageError(f"cannot build {puzzle.name} from the parameters: {error}") from None
    try:
        return decode(puzzle, instance.text, instance.source, instance.form)
    except InputError as error:
        raise error.located(instance.source, instance.first_line - 1) from None
    except Exception as error:
        raise InputError(
            f"the {puzzle.name} plugin failed to read this input ({type(error).__name__}: {error}); "
            "this is a bug of the plugin",
            instance.source,
            instance.first_line,
        ) from None


def make_search(puzzle: Puzzle, spec: Any, params: dict[str, Any]) -> Search:
    """The puzzle's search for ``spec``; a parameter that does not fit the instance is a usage error."""
    try:
        return puzzle.make_search(spec, params)
    except InputError:
        raise
    except ValueError as error:
        raise UsageError(f"cannot search {puzzle.name} with these parameters: {error}") from None


def single_instance(puzzle: Puzzle, file: str | None, example: str | None,
                    params: dict[str, Any]) -> tuple[Instance, Any]:
    """The one instance named and its spec (a file of several is refused)."""
    instances = read_instances(puzzle, file, example)
    if len(instances) > 1:
        raise UsageError(f"{instances[0].source} holds {len(instances)} puzzles: give one")
    return instances[0], read_spec(puzzle, instances[0], params)
