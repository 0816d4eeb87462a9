"""The ``backtrack`` command: ``list``, ``show``, ``solve``, ``check``, ``convert``, ``generate`` and the tools.

One module per command (:data:`COMMANDS`), each holding its options next to its
handler, imported only when that command runs; :mod:`.options` declares the option
groups they share once; :mod:`backtrack.instances` turns their arguments into
instances, specs and searches.  Every message and exit status of ``solve`` is true
of what was searched:

===== ==========================================================================
 0    a solution was found (``--unique``: the verdict is unique or ambiguous;
      a batch: every instance has one)
 1    the whole search space was searched and holds no solution
 2    a usage or input error (the message names the file, line and column)
 3    a bound of the puzzle ended the search before any solution (for
      ricochet: none within ``max_moves``; longer ones may exist)
 124  ``--timeout`` ended the search (what was found so far is printed)
 130  Ctrl-C ended the search (what was found so far is printed)
 141  the reader of the output went away (``| head``)
 143  SIGTERM ended a ``--count`` (what was counted so far is printed)
===== ==========================================================================

``solve --count`` counts in parallel (:mod:`backtrack.parallel`): on every core by
default, ``--workers N`` local processes, or a Dask cluster with ``--scheduler``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import types
import warnings
from typing import Sequence

from ..instances import UsageError
from ..manager import UnknownPuzzle, make_manager, plugin_paths_from_environment
from ..outputs import OutputError
from ..puzzle import InputError
from ..run import PluginFailed
from .status import (EXIT_BOUND, EXIT_BROKEN_PIPE, EXIT_ERROR, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_NONE,
                     EXIT_TERMINATED, EXIT_TIMEOUT)

__all__ = ["main", "build_parser", "COMMANDS", "UsageError", "EXIT_FOUND", "EXIT_NONE", "EXIT_ERROR", "EXIT_BOUND",
           "EXIT_TIMEOUT", "EXIT_INTERRUPTED", "EXIT_BROKEN_PIPE", "EXIT_TERMINATED"]

#: Every command: its module in this package and its one-line help.  A module has
#: ``add_arguments(parser)`` and ``run(manager, args) -> exit status``.
COMMANDS = {
    "list": ("listing", "list the installed puzzles"),
    "show": ("show", "describe a puzzle (its parameters, limits and examples), or show an instance of it"),
    "new": ("new", "write a puzzle plugin distribution that passes its tests as it stands"),
    "replay": ("replay", "write a page that replays a search event by event (board, search tree, attempts)"),
    "bench": ("bench", "time searches of inputs under parameter variants"),
    "estimate": ("estimate", "estimate the size of a search before counting it (Knuth's random walks)"),
    "solve": ("solve", "solve a puzzle instance"),
    "check": ("check", "check an answer against the puzzle's rules"),
    "convert": ("convert", "write a puzzle in another format (text, Tatham game ID, puzz.link URL, pzprv3 file)"),
    "generate": ("generate", "make new instances of a puzzle"),
    "hint": ("hint", "the next step from a partial answer (or every step), with the rule that makes it"),
    "grade": ("grade", "how hard a puzzle is for a person, on the puzzle's own scale (as Tatham's solvers grade)"),
}

#: The commands that work on every installed puzzle rather than one named puzzle.
ALL_PUZZLES = ("list", "new")


def command_module(name: str) -> types.ModuleType:
    """The module of command ``name`` (imported on first use)."""
    return importlib.import_module(f".{COMMANDS[name][0]}", __name__)


class CommandParser(argparse.ArgumentParser):
    """A command's parser that takes its options before, between and after its positional arguments.

    ``backtrack solve queens --count FILE`` reads FILE although an option comes
    first: a plain parser fills an optional positional argument (``[INPUT]``) with
    nothing at the first option and then refuses FILE as unrecognised.
    """

    _intermixing = False

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        if self._intermixing:  # parse_known_intermixed_args calls this again for each of its two passes
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line; every command's options, or only ``command``'s (the others then show their help line)."""
    parser = argparse.ArgumentParser(
        prog="backtrack", description="Solve puzzles by backtracking; puzzles are plugins."
    )
    parser.add_argument("--plugin", action="append", default=[], metavar="FILE",
                        help="load a Python file holding a backtrack_puzzles hook as a plugin, without installing it "
                             "(repeatable; BACKTRACK_PLUGINS lists more, separated by the path separator)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=CommandParser)
    for name, (_, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=summary)
        if command is None or command == name:
            command_module(name).add_arguments(sub)
    return parser


def command_of(argv: Sequence[str]) -> str | None:
    """The command an argument list names (None when it names none we know: argparse then says so)."""
    words = iter(argv)
    for word in words:
        if word == "--plugin":
            next(words, None)
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (see the module docstring)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(command_of(argv)).parse_args(argv)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                # A command on one puzzle imports just that puzzle's plugin (all of them, when its entry point
                # is named otherwise); list and new work with every installed puzzle.
                named = None if args.command in ALL_PUZZLES else getattr(args, "puzzle", None)
                manager = make_manager(files=[*plugin_paths_from_environment(), *args.plugin], puzzle=named)
                manager.puzzles()  # a plugin that fails while listing its puzzles is reported here, once
            finally:
                for warning in caught:
                    print(f"backtrack: warning: {warning.message}", file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl-C while a slow plugin imports
        print("backtrack: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    try:
        status: int = command_module(args.command).run(manager, args)
        return status
    except (UsageError, UnknownPuzzle, InputError, PluginFailed, OutputError) as error:
        message = error.args[0] if isinstance(error, UnknownPuzzle) else str(error)
        print(f"backtrack: error: {message}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("backtrack: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``backtrack solve ... --all | head``): stop quietly,
        # and keep Python from complaining while it flushes standard output at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
