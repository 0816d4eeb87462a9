"""What several commands share, declared once: the instance arguments, ``-p``, the picture options and writing.

A command's module adds these to its parser (:func:`add_instance_arguments`,
:func:`add_params`, :func:`add_picture_options`) and uses the helpers for what it
writes: pictures (:func:`write_pictures`, :func:`close_pictures`) and instances
in a format (:func:`encoded`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from ..instances import FORMAT_NAMES, UsageError
from ..outputs import STANDARD_OUTPUT, output_target
from ..puzzle import Puzzle
from ..reporters import PictureSink
from ..svg import plain_drawing


def add_params(command: argparse.ArgumentParser, help: str = "a puzzle parameter (see 'backtrack show PUZZLE')",
               metavar: str = "NAME=VALUE") -> None:
    """``-p NAME=VALUE``, repeatable."""
    command.add_argument("--param", "-p", action="append", default=[], metavar=metavar, help=help)


def add_example(command: argparse.ArgumentParser, help: str = "a shipped example", many: bool = False) -> None:
    """``--example NAME`` (repeatable when ``many``)."""
    if many:
        command.add_argument("--example", "-e", action="append", default=[], metavar="NAME", help=help)
    else:
        command.add_argument("--example", "-e", metavar="NAME", help=help)


def add_instance_arguments(command: argparse.ArgumentParser) -> None:
    """``[INPUT] [--example NAME] [-p NAME=VALUE ...]``: the instance a command works on."""
    command.add_argument("file", nargs="?", metavar="INPUT",
                         help="the instance: a file, - for standard input, a game ID or a URL")
    add_example(command)
    add_params(command)


def add_picture_options(command: argparse.ArgumentParser, what: str) -> None:
    """``--format text|svg`` and ``-o FILE``."""
    command.add_argument("--format", choices=("text", "svg"), default="text",
                         help=f"print {what} as text (default) or draw it as SVG")
    command.add_argument("--output", "-o", metavar="FILE",
                         help="with --format svg: write the picture to FILE; several solutions go to FILE-1.svg, "
                              "FILE-2.svg ..., or into one page when FILE ends in .html")


def check_picture_options(args: argparse.Namespace, default_name: str) -> None:
    """``-o`` only with ``--format svg``; ``-o -`` is standard output, ``-o FOLDER/`` writes ``default_name`` there.

    The file is checked before anything is searched: a folder that is missing or
    cannot be written is a usage error now, not after the search.
    """
    if args.output is not None and args.format != "svg":
        raise UsageError("-o FILE writes pictures: give --format svg too (text goes to standard output)")
    if args.output is not None:  # OutputError (cannot write ...) when it cannot be written
        target = output_target(args.output, default_name)
        args.output = None if target == STANDARD_OUTPUT else target


def add_plot_option(command: argparse.ArgumentParser, what: str) -> None:
    """``--plot FILE.svg``: draw ``what`` as a chart."""
    command.add_argument("--plot", metavar="FILE.svg", help=f"draw {what} as an SVG chart in FILE.svg")


def check_plot(args: argparse.Namespace, default_name: str) -> None:
    """``--plot``'s file checked before anything is searched (a folder writes ``default_name`` in it).

    A name not ending in ``.svg`` and standard output (``-``, where the table
    goes) are usage errors; a file that cannot be written is an ``OutputError``.
    """
    if args.plot is None:
        return
    if args.plot == STANDARD_OUTPUT:
        raise UsageError("--plot writes a file: give --plot FILE.svg (the table goes to standard output)")
    target = output_target(args.plot, default_name)
    if not target.lower().endswith(".svg"):
        raise UsageError(f"--plot draws SVG: give a file name ending in .svg, not {args.plot!r}")
    args.plot = target


def drawing(puzzle: Puzzle, spec: Any) -> Callable[[Any, str | None], str]:
    """``picture(solution, rendered)``: the puzzle's drawing of a solution, or its text form set as SVG."""
    draw = puzzle.draw
    if draw is not None:
        return lambda solution, rendered: draw(spec, solution)
    return lambda solution, rendered: plain_drawing((rendered if rendered is not None else repr(solution)).splitlines())


def unsolved_picture(puzzle: Puzzle, spec: Any) -> str:
    """The puzzle itself drawn, unsolved (its text form set as SVG when it has no drawing)."""
    if puzzle.draw is not None:
        return puzzle.draw(spec, None)
    return plain_drawing((puzzle.text(spec) if puzzle.text is not None else repr(spec)).splitlines())


def write_pictures(pictures: list[str], output: str | None, title: str) -> None:
    """SVG pictures to standard output, to ``output`` (one), ``STEM-N.svg`` (several) or one ``.html`` page."""
    sink = PictureSink(output, title, caption="Puzzle" if len(pictures) > 1 else "", expected=len(pictures))
    try:
        for picture in pictures:
            sink.add(picture)
    except BaseException:
        sink.discard()
        raise
    close_pictures(sink)


def close_pictures(sink: PictureSink) -> None:
    """Write what ``sink`` still holds and say on standard error which files were written.

    A file that cannot be written is an :class:`~backtrack.outputs.OutputError`
    (``cannot write ...``, exit status 2).
    """
    sink.close()
    if sink.written:
        print(sink.files_line(), file=sys.stderr)


def encoded(puzzle: Puzzle, spec: Any, form: str) -> str:
    """``spec`` written in ``form`` (``text`` or a shared format); a usage error when it cannot be."""
    if form == "text":
        if puzzle.text is None:
            raise UsageError(f"puzzle {puzzle.name} cannot write an instance as text (its plugin gives no text form)")
        text = puzzle.text(spec)
    else:
        found = puzzle.formats.get(form)
        if found is None:
            reads = ", ".join(FORMAT_NAMES[name] for name in puzzle.formats if name in FORMAT_NAMES) or "none"
            raise UsageError(f"puzzle {puzzle.name} cannot be written as one of the {FORMAT_NAMES[form]} "
                             f"(its shared formats: {reads})")
        try:
            text = found.encode(spec)
        except ValueError as error:
            raise UsageError(f"this {puzzle.name} cannot be written as one of the {FORMAT_NAMES[form]}: "
                             f"{error}") from None
    return text if text.endswith("\n") else text + "\n"
