"""The ``backtrack`` command: ``list``, ``show``, ``solve``, ``check``, ``convert``, ``generate`` and the tools.

Every message and exit status of ``solve`` is true of what was searched:

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
import contextlib
import importlib.metadata
import json
import os
import re
import sys
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence, TextIO

from . import parallel
from .engine import AttemptBudget, Report, Stop, Verdict
from .hookspecs import hookimpl
from .inputs import read_file, read_standard_input, title_source
from .outputs import STANDARD_OUTPUT, OutputError, output_target
from .manager import Manager, UnknownPuzzle, make_manager, plugin_paths_from_environment
from .puzzle import InputError, Param, Puzzle, accepted, quoted
from .reporters import (JsonLinesReporter, JsonReporter, PictureSink, SvgReporter, TextReporter, plural, stop_words,
                        summary_line)
from .run import Outcome, PluginFailed, SearchInfo, SearchInterrupted, held_signals, run
from .svg import plain_drawing

EXIT_FOUND, EXIT_NONE, EXIT_ERROR, EXIT_BOUND = 0, 1, 2, 3
EXIT_TIMEOUT, EXIT_INTERRUPTED = 124, 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as shells report it
EXIT_TERMINATED = 143  # 128 + SIGTERM: a count ended by SIGTERM, its partial report printed

#: The options that only make sense with --count.
COUNT_OPTIONS = ("workers", "scheduler", "scheduler_file", "checkpoint", "split_depth")


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``list``, ``show`` and ``solve`` with their options."""
    parser = argparse.ArgumentParser(
        prog="backtrack", description="Solve puzzles by backtracking; puzzles are plugins."
    )
    parser.add_argument("--plugin", action="append", default=[], metavar="FILE",
                        help="load a Python file holding a backtrack_puzzles hook as a plugin, without installing it "
                             "(repeatable; BACKTRACK_PLUGINS lists more, separated by the path separator)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser("list", help="list the installed puzzles")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")

    show = commands.add_parser(
        "show",
        help="describe a puzzle (its parameters, limits and examples), or show an instance of it",
        description="Without an instance: the puzzle's description, parameters, limits and examples.  With FILE, "
        "--example NAME or -p parameters: the instance in the puzzle's text format, or drawn with --format svg.",
    )
    show.add_argument("puzzle")
    add_instance_arguments(show)
    add_picture_options(show, "the instance")

    new = commands.add_parser(
        "new",
        help="write a puzzle plugin distribution that passes its tests as it stands",
        description="Write a folder NAME with a pyproject.toml (entry point in the group backtrack), a working puzzle "
        "of the kind asked for, an example, tests, a benchmark and a README.  Then: pip install -e ./NAME && pytest.",
    )
    new.add_argument("name", metavar="NAME",
                     help="the puzzle's name: lower-case letters, digits and single hyphens, starting with a letter, "
                          "at most 40 characters; not a Python keyword, nor the name of an installed puzzle, "
                          "distribution or importable module")
    new.add_argument("--kind", choices=("plain", "propagating", "shortest"), default="plain",
                     help="the search to start from: plain (the five methods), propagating (deductions after every "
                          "decision) or shortest (fewest moves); default plain")
    new.add_argument("--folder", metavar="DIR", help="where to write it (default: ./NAME)")

    replay = commands.add_parser(
        "replay",
        help="write a page that replays a search event by event (board, search tree, attempts)",
        description="Record the search of an instance event by event (every attempt, record, undo and solution) and "
        "write one self-contained HTML page that replays it: the board, the search tree and the attempt counter.",
    )
    replay.add_argument("puzzle")
    add_instance_arguments(replay)
    replay.add_argument("--output", "-o", metavar="FILE", required=True, help="the page to write (search.html)")
    replay.add_argument("--mode", choices=("all", "first", "unique"), default="all",
                        help="search for every solution (default), the first, or until a second")
    replay.add_argument("--max-events", type=int, default=None, metavar="N",
                        help="record at most N events (default 5000); the page says when the search has more")

    bench = commands.add_parser(
        "bench",
        help="time searches of inputs under parameter variants",
        description="Search each input with each combination of parameter values (-p NAME=V1,V2), several rounds "
        "in fresh searches, and print attempts, median time, spread, attempts per second and the ratio to the first "
        "variant.  Runs are stored and compared as pytest-benchmark stores them.",
    )
    bench.add_argument("puzzle")
    bench.add_argument("inputs", nargs="*", metavar="FILE", help="instance files ('-' for standard input)")
    bench.add_argument("--example", "-e", action="append", default=[], metavar="NAME", help="a shipped example")
    bench.add_argument("--param", "-p", action="append", default=[], metavar="NAME=V1,V2",
                       help="a parameter and the values to compare")
    bench.add_argument("--mode", choices=("count", "first", "unique"), default="count",
                       help="what each search does (default: count every solution)")
    bench.add_argument("--rounds", type=int, default=5, metavar="N", help="measured rounds per case (default 5)")
    bench.add_argument("--warmup", type=int, default=1, metavar="N", help="unmeasured rounds first (default 1)")
    bench.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    bench.add_argument("--save", metavar="NAME", help="store the run in .benchmarks/ as pytest-benchmark does")
    bench.add_argument("--compare", metavar="NAME", help="compare with a stored run (NNNN, NAME or a file)")

    estimate = commands.add_parser(
        "estimate",
        help="estimate the size of a search before counting it (Knuth's random walks)",
        description="Walk random paths from the root through the same five methods and estimate the attempts, "
        "nodes and solutions of the whole search, with their spread.",
    )
    estimate.add_argument("puzzle")
    add_instance_arguments(estimate)
    estimate.add_argument("--samples", type=int, default=1000, metavar="N", help="random walks (default 1000)")
    estimate.add_argument("--seed", type=int, metavar="S", help="seed of the random walks, for a repeatable estimate")
    estimate.add_argument("--json", action="store_true", help="print the estimate as JSON")

    solve = commands.add_parser(
        "solve",
        help="solve a puzzle instance",
        description="Solve PUZZLE from FILE ('-' for standard input), from --example NAME, "
        "or, for parametric puzzles, from -p parameters alone.",
    )
    solve.add_argument("puzzle")
    solve.add_argument("file", nargs="?", help="the instance file, or - for standard input")
    solve.add_argument("--example", "-e", metavar="NAME", help="solve one of the puzzle's shipped examples")
    solve.add_argument(
        "--param",
        "-p",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a puzzle parameter (see 'backtrack show PUZZLE')",
    )
    what = solve.add_mutually_exclusive_group()
    what.add_argument("--all", action="store_true", help="print every solution")
    what.add_argument("--count", action="store_true", help="count solutions, print none")
    what.add_argument(
        "--unique", action="store_true", help="say whether there is exactly one solution (stops at the second)"
    )
    solve.add_argument("--limit", type=int, metavar="N", help="stop after N solutions (implies --all unless --count)")
    solve.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="stop the search after SECONDS (in a batch: each puzzle's); what was found is printed, exit status 124",
    )
    solve.add_argument(
        "--trace",
        action="store_true",
        help="print every attempt: level, move, valid or not (on standard error with --json or --jsonl)",
    )
    solve.add_argument(
        "--trace-format",
        choices=("text", "jsonl"),
        default="text",
        help="the trace as lines of text (default) or as JSON lines, one object per event "
        "(attempt, record, undo, solution) for analysing a search",
    )
    output = solve.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON object when the search ends")
    output.add_argument(
        "--jsonl", action="store_true", help="print one JSON object per solution as it is found, then a summary object"
    )
    count = solve.add_argument_group("counting in parallel (with --count)")
    count.add_argument(
        "--workers",
        "-w",
        type=int,
        metavar="N",
        help="local worker processes (default: every core; 1 counts in this process; at most four per core)",
    )
    count.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        nargs="?",
        const="",
        help="count on a Dask cluster, e.g. tcp://10.0.0.5:8786; without ADDRESS, Dask's configured one "
        "(DASK_SCHEDULER_ADDRESS); needs backtrack[dask]",
    )
    count.add_argument("--scheduler-file", metavar="FILE", help="count on the Dask cluster whose scheduler wrote FILE")
    count.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="record finished subtrees in FILE; the same command run again resumes from it",
    )
    count.add_argument(
        "--split-depth",
        type=int,
        metavar="D",
        help=f"split the search tree at depth D, from 0 to {parallel.MAX_SPLIT_DEPTH} and within the tree "
        "(default: deep enough for 8 subtrees per worker)",
    )
    add_picture_options(solve, "each solution")
    solve.add_argument("--quiet", "-q", action="store_true", help="no progress display and no notes on standard error")

    check = commands.add_parser(
        "check",
        help="check an answer against the puzzle's rules",
        description="Check ANSWER (what 'backtrack solve' prints for the puzzle, edited or not, or a pzprv3 file "
        "holding the puzzle and an answer) against every rule of the puzzle.  Exit status 0: the answer is "
        "right; 1: it breaks a rule (the first is named, with where); 2: bad input.",
    )
    check.add_argument("puzzle")
    check.add_argument("inputs", nargs="+", metavar="INPUT",
                       help="PUZZLE_INPUT ANSWER (a file, - for standard input, a game ID or URL), or one pzprv3 "
                            "file with an answer, or with --example NAME just the ANSWER")
    check.add_argument("--example", "-e", metavar="NAME", help="check an answer to a shipped example")
    check.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE", help="a puzzle parameter")
    check.add_argument("--json", action="store_true", help="every broken rule, with its cells, as JSON")
    add_picture_options(check, "the answer (the verdict then goes to standard error)")

    convert = commands.add_parser(
        "convert",
        help="write a puzzle in another format (text, Tatham game ID, puzz.link URL, pzprv3 file)",
        description="Read INPUT in any format the puzzle reads and write it in the format asked for.",
    )
    convert.add_argument("puzzle")
    add_instance_arguments(convert)
    convert.add_argument("--to", required=True, choices=("text", *FORMAT_NAMES), help="the format to write")

    generate = commands.add_parser(
        "generate",
        help="make new instances of a puzzle",
        description="Make puzzles with the puzzle's generator: sizes and other settings with -p NAME=VALUE (see "
        "'backtrack generate PUZZLE --help-params'), the same --seed giving the same puzzles.  Every --unique "
        "puzzle is checked unique by the engine before it is printed.",
    )
    generate.add_argument("puzzle")
    generate.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                          help="a generator parameter (size, density, ...)")
    generate.add_argument("--seed", type=int, metavar="N",
                          help="the seed (default: a random one, said on standard error): the same seed and "
                               "parameters make the same puzzles")
    generate.add_argument("--count", type=int, default=1, metavar="K", help="make K puzzles (default 1)")
    generate.add_argument("--timeout", type=float, metavar="SECONDS",
                          help="stop after SECONDS: the puzzles made so far stay printed, standard error says how "
                               "many of the --count were made, exit status 124")
    unique = generate.add_mutually_exclusive_group()
    unique.add_argument("--unique", action="store_true", default=None,
                        help="only puzzles with exactly one solution (the default for puzzles solved by hand)")
    unique.add_argument("--any", dest="unique", action="store_false", help="puzzles with any number of solutions")
    generate.add_argument("--difficulty", choices=("easy", "medium", "hard"),
                          help="only puzzles of this grade (how much the search must guess; implies --unique)")
    generate.add_argument("--to", default="text", choices=("text", *FORMAT_NAMES),
                          help="the format to write (default: the puzzle's own text, ready for 'backtrack solve')")
    generate.add_argument("--help-params", action="store_true", help="list the generator's parameters and exit")
    add_picture_options(generate, "each puzzle made")
    return parser


def add_instance_arguments(command: argparse.ArgumentParser) -> None:
    """``[FILE] [--example NAME] [-p NAME=VALUE ...]``: the instance a command works on."""
    command.add_argument("file", nargs="?", metavar="INPUT",
                         help="the instance: a file, - for standard input, a game ID or a URL")
    command.add_argument("--example", "-e", metavar="NAME", help="a shipped example")
    command.add_argument("--param", "-p", action="append", default=[], metavar="NAME=VALUE",
                         help="a puzzle parameter")


def add_picture_options(command: argparse.ArgumentParser, what: str) -> None:
    """``--format text|svg`` and ``-o FILE``."""
    command.add_argument("--format", choices=("text", "svg"), default="text",
                         help=f"print {what} as text (default) or draw it as SVG")
    command.add_argument("--output", "-o", metavar="FILE",
                         help="with --format svg: write the picture to FILE; several solutions go to FILE-1.svg, "
                              "FILE-2.svg ..., or into one page when FILE ends in .html")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (see the module docstring)."""
    args = build_parser().parse_args(argv)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                manager = make_manager(files=[*plugin_paths_from_environment(), *args.plugin])
                manager.puzzles()  # a plugin that fails while listing its puzzles is reported here, once
            finally:
                for warning in caught:
                    print(f"backtrack: warning: {warning.message}", file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl-C while a slow plugin imports
        print("backtrack: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    try:
        if args.command == "list":
            return list_puzzles(manager, args.json)
        if args.command == "show":
            return show_puzzle(manager, args)
        if args.command == "replay":
            return replay_search(manager, args)
        if args.command == "new":
            return new_plugin(args, manager)
        if args.command == "bench":
            return bench_puzzle(manager, args)
        if args.command == "estimate":
            return estimate_search(manager, args)
        if args.command == "check":
            return check_answer(manager, args)
        if args.command == "convert":
            return convert_puzzle(manager, args)
        if args.command == "generate":
            return generate_puzzles(manager, args)
        return solve(manager, args)
    except (
        UsageError,
        UnknownPuzzle,
        InputError,
        parallel.CheckpointError,
        parallel.NotSplittable,
        parallel.SubtreeError,
        PluginFailed,
        OutputError,
    ) as error:
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


def list_puzzles(manager: Manager, as_json: bool) -> int:
    """``backtrack list``: name, description, distribution and version of each puzzle."""
    rows = [
        {
            "name": name,
            "description": found.puzzle.description,
            "distribution": found.distribution,
            "version": found.version,
            "plugin": found.plugin,
        }
        for name, found in sorted(manager.puzzles().items())
    ]
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max((len(row["name"]) for row in rows), default=4)
    for row in rows:
        origin = f"{row['distribution']} {row['version']}".strip()
        print(f"{row['name']:<{width}}  {row['description']}  [{origin}]")
    return 0


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


def show_puzzle(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack show PUZZLE``: description, parameters, limits and example names; or one instance."""
    puzzle = manager.puzzle(args.puzzle)
    check_picture_options(args, f"{puzzle.name}.svg")
    if args.file is not None or args.example is not None or args.param or args.format == "svg":
        return show_instance(puzzle, args)
    print(f"{puzzle.name}: {puzzle.description}")
    if puzzle.params:
        print("parameters (-p NAME=VALUE):")
        for param in puzzle.params:
            default = f" [default: {param.default}]" if param.default is not None else ""
            aliases = "".join(f"; {old} is {new}" for old, new in param.aliases.items())
            print(f"  {param.name}: {param.help} (takes {param.describe()}{aliases}){default}")
    if puzzle.build is not None:
        print(f"can be built from parameters alone: backtrack solve {puzzle.name} -p ...")
    if puzzle.limits:
        print(f"limits: {puzzle.limits}")
    if puzzle.examples:
        print("examples (--example NAME):")
        for example, path in puzzle.examples.items():
            also = [old for old, new in puzzle.example_aliases.items() if new == example]
            print(f"  {example}{' (also ' + ', '.join(also) + ')' if also else ''}  ({path})")
    return 0


def show_instance(puzzle: Puzzle, args: argparse.Namespace) -> int:
    """``backtrack show PUZZLE FILE``: the instance in the puzzle's text format, or its picture (``--format svg``)."""
    params = parse_params(puzzle, args.param)
    source, spec = single_instance(puzzle, args.file, args.example, params)
    if args.format == "svg":
        picture = unsolved_picture(puzzle, spec)
        title = title_source(source, example=args.example, argument=args.file, params=args.param)
        write_pictures([picture], args.output, f"{puzzle.name} {title}")
        return EXIT_FOUND
    if puzzle.text is None:
        raise UsageError(f"puzzle {puzzle.name} cannot write an instance back as text (its plugin gives no text form)")
    print(puzzle.text(spec), end="" if puzzle.text(spec).endswith("\n") else "\n")
    return EXIT_FOUND


@dataclass
class Instance:
    """One puzzle instance to solve: its text (or parameters), where it came from, and its format.

    ``form`` is None for the puzzle's own text format, else the name of a shared
    format (``tatham``, ``puzzlink``, ``pzprv3``) that the puzzle's
    :class:`~backtrack.Format` decodes.
    """

    source: str
    text: str | None
    first_line: int = 1
    form: str | None = None


#: The shared formats, as users call them.
FORMAT_NAMES = {"tatham": "Tatham game IDs", "puzzlink": "puzz.link URLs", "pzprv3": "pzprv3 files"}


def shared_form(puzzle: Puzzle, text: str, source: str) -> str | None:
    """The shared format ``text`` is in (None: the puzzle's own text); refused when the puzzle does not read it."""
    from .formats import kind_of

    form = kind_of(text)
    if form is not None and form not in puzzle.formats:
        reads = ", ".join(FORMAT_NAMES[name] for name in puzzle.formats if name in FORMAT_NAMES)
        raise UsageError(f"{source}: this is one of the {FORMAT_NAMES.get(form, form)}, and puzzle {puzzle.name} "
                         f"does not read those (it reads its own text format{', ' + reads if reads else ''})")
    return form


def instances_in(puzzle: Puzzle, source: str, text: str) -> list[Instance]:
    """The instances of a file's text: one in the puzzle's format, a pzprv3 file, or IDs/URLs one per line."""
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


def read_instances(puzzle: Puzzle, file: str | None, example: str | None) -> list[Instance]:
    """The instances named by FILE, --example or the parameters alone."""
    if file is not None and example is not None:
        raise UsageError("give either FILE or --example, not both")
    if example is not None:
        path = puzzle.example(example)
        if path is None:
            known = ", ".join(puzzle.examples) or "none"
            raise UsageError(f"puzzle {puzzle.name} has no example {example!r} (examples: {known})")
        source, text = str(path), read_file(path)
    elif file == "-":
        source, text = "<stdin>", read_standard_input()
    elif file is not None:
        if not os.path.exists(file):
            form = shared_form(puzzle, file, "the argument")
            if form in ("tatham", "puzzlink"):
                return [Instance("<argument>", file, 1, form)]
        name = file if file.isprintable() else quoted(file)  # the message stays one line
        if "\x00" in file:
            raise UsageError(f"cannot read {name}: a file name cannot hold a NUL character")
        try:
            source, text = file, read_file(file)
        except OSError as error:
            raise UsageError(f"cannot read {name}: {error.strerror}") from None
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


def make_spec(puzzle: Puzzle, instance: Instance, params: dict[str, Any]) -> Any:
    """Parse an instance (or build it from parameters), errors located in its file.

    A parser that fails with anything but :class:`InputError` is a bug of the
    plugin; the user still gets one line naming the plugin and the input, not a
    traceback.
    """
    if instance.text is None:
        try:
            return puzzle.make_spec(params)
        except (TypeError, ValueError) as error:
            raise UsageError(f"cannot build {puzzle.name} from the parameters: {error}") from None
    try:  # read as the workers of a count read it
        return parallel.parse_instance(puzzle, instance.text, instance.source, instance.form)
    except InputError as error:
        raise error.located(instance.source, instance.first_line - 1) from None
    except Exception as error:
        raise InputError(
            f"the {puzzle.name} plugin failed to read this input ({type(error).__name__}: {error}); "
            "this is a bug of the plugin",
            instance.source,
            instance.first_line,
        ) from None


def make_search(puzzle: Puzzle, spec: Any, params: dict[str, Any]) -> Any:
    """The puzzle's search for ``spec``; a parameter that does not fit the instance is an input error."""
    try:
        return puzzle.make_search(spec, params)
    except InputError:
        raise
    except ValueError as error:
        raise UsageError(f"cannot search {puzzle.name} with these parameters: {error}") from None


def exit_status(mode: str, report: Report) -> int:
    """The exit status that is true of ``report`` (see the table in the module docstring)."""
    if report.stopped is Stop.INTERRUPTED:
        return EXIT_INTERRUPTED
    if report.stopped is Stop.TIMEOUT:
        return EXIT_TIMEOUT
    if mode == "unique":
        verdict = report.verdict
        if verdict in (Verdict.UNIQUE, Verdict.AMBIGUOUS):
            return EXIT_FOUND
        if verdict is Verdict.UNSOLVABLE:
            return EXIT_NONE
        return EXIT_BOUND
    if report.solutions:
        return EXIT_FOUND
    return EXIT_NONE if report.complete else EXIT_BOUND


def reporter_for(args: argparse.Namespace, puzzle: Puzzle, spec: Any, title: str = "") -> object:
    """The reporter plugin that prints this search: text, one JSON object, JSON lines, or pictures."""
    if args.format == "svg":
        return SvgReporter(drawing(puzzle, spec), args.output, sys.stdout,
                           sys.stderr if args.output is None else sys.stdout, title=title or None)
    if args.jsonl:
        return JsonLinesReporter(sys.stdout, puzzle.as_json, spec)
    if args.json:
        return JsonReporter(sys.stdout, puzzle.as_json, spec)
    return TextReporter(sys.stdout)


def trace_stream(args: argparse.Namespace) -> TextIO | None:
    """Where ``--trace`` writes: standard output, or standard error when standard output holds JSON."""
    if not args.trace:
        return None
    return sys.stderr if args.json or args.jsonl or (args.format == "svg" and args.output is None) else sys.stdout


def solve(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack solve``: one instance, or a batch when the file holds many."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit must be at least 1, not {args.limit}")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    mode = (
        "count" if args.count else "unique" if args.unique else "all" if args.all or args.limit is not None else "first"
    )
    check_count_options(args, mode)
    check_picture_options(args, f"{puzzle.name}.svg")
    if args.format == "svg" and mode == "count":
        raise UsageError("--format svg draws solutions, and --count prints none: leave out one of them")
    if args.format == "svg" and (args.json or args.jsonl):
        raise UsageError("--format svg writes pictures, --json and --jsonl write JSON: give one of them")
    instances = read_instances(puzzle, args.file, args.example)
    if len(instances) > 1:
        if any(getattr(args, name) is not None for name in COUNT_OPTIONS):
            raise UsageError(
                "a file of several puzzles is solved one puzzle after the other: "
                "--workers, --scheduler, --checkpoint and --split-depth need a single puzzle"
            )
        return solve_batch(manager, puzzle, instances, params, args, mode)
    instance = instances[0]
    spec = make_spec(puzzle, instance, params)
    if mode == "count" and not args.trace:
        return solve_count(manager, puzzle, instance, spec, params, args)
    search = make_search(puzzle, spec, params)
    title = title_source(instance.source, example=args.example, argument=instance.text, params=args.param)
    reporter = reporter_for(args, puzzle, spec, f"{puzzle.name} {title}")
    trace = trace_stream(args)
    watch = None
    if trace is not None and args.trace_format == "jsonl":
        from .recording import event_stream

        watch = event_stream(search, trace)
        trace = None
    manager.register(reporter, "reporter")
    try:
        outcome = run(
            puzzle,
            spec,
            search,
            mode=mode,
            limit=args.limit,
            hook=manager.hook,
            trace=trace,
            source=instance.source,
            timeout=args.timeout,
            watch=watch,
        )
    finally:
        manager.unregister(reporter)
    return exit_status(mode, outcome.report)


def check_count_options(args: argparse.Namespace, mode: str) -> None:
    """Refuse parallel-counting options where they mean nothing."""
    given = [f"--{name.replace('_', '-')}" for name in COUNT_OPTIONS if getattr(args, name) is not None]
    if given and mode != "count":
        raise UsageError(f"{', '.join(given)} work with --count only")
    if given and args.trace:
        raise UsageError(
            f"--trace prints every attempt of one serial search: it cannot be combined with {', '.join(given)}"
        )
    if args.workers is not None and not 1 <= args.workers <= parallel.max_workers():
        raise UsageError(
            f"--workers must be from 1 to {parallel.max_workers()} (four per core of this machine), "
            f"not {args.workers}"
        )
    if args.split_depth is not None and not 0 <= args.split_depth <= parallel.MAX_SPLIT_DEPTH:
        raise UsageError(f"--split-depth must be from 0 to {parallel.MAX_SPLIT_DEPTH}, not {args.split_depth}")
    if (args.scheduler is not None or args.scheduler_file is not None) and args.workers is not None:
        raise UsageError(
            "give either --workers (local processes) or a Dask cluster (--scheduler, --scheduler-file), not both"
        )
    if args.scheduler and args.scheduler_file is not None:
        raise UsageError("give either --scheduler ADDRESS or --scheduler-file FILE, not both")


def connect(manager: Manager, puzzle: Puzzle, args: argparse.Namespace) -> Any:
    """A Dask client for ``--scheduler``/``--scheduler-file``, its workers checked to run our versions.

    The dashboard's address goes to standard error (unless ``--quiet``).
    """
    from .parallel import cluster

    try:
        client = cluster.connect(args.scheduler or None, args.scheduler_file)
    except cluster.ClusterError as error:
        raise UsageError(str(error)) from None
    try:
        found = manager.puzzles()[puzzle.name]
        wanted = {"backtrack": importlib.metadata.version("backtrack")}
        if found.distribution not in ("backtrack", "(registered directly)", "(unknown distribution)"):
            wanted[found.distribution] = found.version
        cluster.check_versions(client, wanted)
    except (cluster.ClusterError, importlib.metadata.PackageNotFoundError) as error:
        client.close()
        raise UsageError(f"cannot count on this Dask cluster: {error}") from None
    if not args.quiet:
        print(f"backtrack: Dask dashboard: {client.dashboard_link}", file=sys.stderr)
    return client


def count_summary(info: SearchInfo, report: Report) -> str:
    """The summary line of a count; a split count stopped early says how many subtrees were counted."""
    if (
        isinstance(report, parallel.CountReport)
        and report.stopped in (Stop.INTERRUPTED, Stop.TIMEOUT)
        and report.subtrees > 1
    ):
        found = plural(report.solutions, "solution")
        done = f"{report.subtrees_done} of {report.subtrees} subtrees counted"
        return f"{found} so far ({stop_words(report)}: incomplete, {done})"
    return summary_line(info, report)


class CountTextReporter(TextReporter):
    """The text reporter for counts: says how far a split count got when it stopped early."""

    @hookimpl
    def backtrack_search_finished(self, info: SearchInfo, report: Report) -> None:
        self._print(count_summary(info, report))
        self._print(report.line())


class CountJsonReporter(JsonReporter):
    """The JSON reporter for counts: adds ``interrupted``, ``timed_out`` and ``parallel`` (how it ran)."""

    def object(self, info: SearchInfo, report: Report) -> dict:
        result = super().object(info, report)
        if isinstance(report, parallel.CountReport):
            result["interrupted"] = report.interrupted
            result["timed_out"] = report.timed_out
            result["parallel"] = report.details()
        return result


class CountJsonLinesReporter(JsonLinesReporter):
    """The JSON-lines reporter for counts: the summary object says how the count ran (``parallel``)."""

    def summary(self, info: SearchInfo, report: Report) -> dict[str, Any]:
        result = super().summary(info, report)
        if isinstance(report, parallel.CountReport):
            result["parallel"] = report.details()
        return result


def solve_count(
    manager: Manager, puzzle: Puzzle, instance: Instance, spec: Any, params: dict[str, Any], args: argparse.Namespace
) -> int:
    """``solve --count``: split the search and count the subtrees on workers (see backtrack.parallel).

    SIGTERM ends the count as Ctrl-C does (the partial count is printed, the
    checkpoint is flushed, the workers are ended), with exit status 143.
    """
    import signal
    import threading

    terminated: list[int] = []

    def on_sigterm(signum: int, frame: Any) -> None:
        if not terminated:
            terminated.append(signum)
            raise KeyboardInterrupt

    on_cluster = args.scheduler is not None or args.scheduler_file is not None
    client = connect(manager, puzzle, args) if on_cluster else None
    workers = args.workers if args.workers is not None or client is not None else (os.cpu_count() or 1)
    show = not args.quiet and sys.stderr.isatty()
    progress = None
    if show:
        from .progress import TerminalProgress

        progress = TerminalProgress(sys.stderr, expected_attempts=expected_attempts(puzzle, spec, params))
    reporter: object
    if args.jsonl:
        reporter = CountJsonLinesReporter(sys.stdout, puzzle.as_json, spec)
    elif args.json:
        reporter = CountJsonReporter(sys.stdout, puzzle.as_json, spec)
    else:
        reporter = CountTextReporter(sys.stdout)
    info = SearchInfo(puzzle.name, instance.source, "count", args.limit)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_sigterm) if main_thread else None
    manager.register(reporter, "reporter")
    try:
        manager.hook.backtrack_search_started(info=info)
        try:
            report = parallel.count(
                puzzle.name,
                instance.text,
                params,
                source=instance.source,
                form=instance.form,
                spec=spec if instance.text is not None else None,
                workers=workers,
                client=client,
                checkpoint=args.checkpoint,
                limit=args.limit,
                timeout=args.timeout,
                progress=progress,
                depth=args.split_depth,
                strict_depth=True,
                manager=manager,
            )
        except parallel.CountInterrupted as stop:
            report = stop.report
        except parallel.SplitDepthError as error:
            raise UsageError(f"--split-depth {args.split_depth}: {error}") from None
        except PluginFailed as failed:  # what was counted is still summed up, then the error is told
            if failed.report is not None:
                manager.hook.backtrack_search_finished(info=info, report=failed.report)
            raise
        finally:
            if main_thread:
                # A second SIGTERM ends the process at once while the partial report is written.
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
            if progress is not None:
                progress.close()
            if client is not None:
                client.close()
        if not args.quiet:
            for note in count_notes(report, workers, show or args.checkpoint is not None, bool(terminated)):
                print(f"backtrack: {note}", file=sys.stderr)
        manager.hook.backtrack_search_finished(info=info, report=report)
    finally:
        manager.unregister(reporter)
        if main_thread:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
    if terminated:
        return EXIT_TERMINATED
    return exit_status("count", report)


def expected_attempts(puzzle: Puzzle, spec: Any, params: dict[str, Any]) -> float | None:
    """A quick estimate of a count's attempts (random walks for at most 0.3 s), for the progress line's time left."""
    from .estimate import estimate

    try:
        return estimate(make_search(puzzle, spec, params), samples=400, timeout=0.3).attempts
    except ValueError:  # a search the walks cannot estimate (iterative deepening)
        return None


def count_notes(report: parallel.CountReport, workers: int, verbose: bool, terminated: bool = False) -> list[str]:
    """What to tell the user about how a count ran, on standard error.

    Always: that the workers asked for could not be used, and why; for a count
    stopped early, how to go on (only what works for this puzzle).  With
    ``verbose`` (a terminal, or a checkpoint): where and how it was counted.
    ``terminated``: the count was ended by SIGTERM rather than Ctrl-C.
    """
    notes = []
    if verbose:
        notes.append(count_note(report))
    elif report.unsplit and workers > 1:
        notes.append(f"note: counted in one process, not on {workers} workers: {report.unsplit}")
    if report.stopped in (Stop.INTERRUPTED, Stop.TIMEOUT):
        stopped = "interrupted" if report.stopped is Stop.INTERRUPTED else "timed out"
        if terminated and report.stopped is Stop.INTERRUPTED:
            stopped = "terminated (SIGTERM)"
        if report.split_timed_out:
            notes.append(f"{stopped} while the search tree was being split, before any subtree was counted: "
                         "run it again with a longer --timeout")
        elif report.checkpoint is not None:
            notes.append(f"{stopped}; run the same command again to resume from {report.checkpoint}")
        elif report.executor != "serial":
            notes.append(f"{stopped}; with --checkpoint FILE, a count stopped early can be resumed")
        else:
            notes.append(
                f"{stopped}; this search is counted in one piece, so it cannot be resumed: "
                "run it again with a longer --timeout"
            )
    return notes


def count_note(report: parallel.CountReport) -> str:
    """One line saying how a count ran: where, how it was split, what the checkpoint gave."""
    where = {
        "dask": f"on a Dask cluster ({report.workers} threads)",
        "local": f"on {report.workers} local processes",
    }.get(report.executor, "in this process")
    text = f"counted {where}"
    if report.subtrees:
        text += f"; split at depth {report.depth} into {report.subtrees} subtrees, {report.subtrees_done} counted"
    if report.checkpoint:
        text += f"; checkpoint {report.checkpoint}" + (
            f" (resumed {report.resumed} subtrees)" if report.resumed else ""
        )
    if report.note:
        text += f"; {report.note}"
    return text


def instance_status(mode: str, report: Report) -> str:
    """An instance's result in a batch: its verdict, or its number of solutions, and why it stopped early."""
    if mode == "unique":
        status = report.verdict.value
    else:
        status = plural(report.solutions, "solution")
    if report.verdict is Verdict.UNKNOWN or (
        mode != "unique" and not report.complete and report.stopped is not Stop.LIMIT
    ):
        status += f" ({stop_words(report)})"
    return status


def solve_batch(
    manager: Manager,
    puzzle: Puzzle,
    instances: list[Instance],
    params: dict[str, Any],
    args: argparse.Namespace,
    mode: str,
) -> int:
    """Solve every instance of a file; without a mode option each is checked for uniqueness.

    Ctrl-C ends the batch: the summary covers the instances searched so far.
    With ``--format svg`` each puzzle's first solution is drawn (the puzzle itself
    when none was found): ``FILE-N.svg`` for puzzle N, or one page for ``.html``,
    and the text lines go to standard error when the pictures go to standard output.
    """
    if mode == "first":
        mode = "unique"
    sink = None
    out = sys.stdout
    if args.format == "svg":
        title = title_source(instances[0].source, example=args.example, params=args.param)
        sink = PictureSink(args.output, f"{puzzle.name} {title}",
                           stream=sys.stdout, caption="Puzzle", expected=len(instances))
        out = sys.stderr if args.output is None else sys.stdout
    outcomes: list[Outcome] = []
    objects: list[dict] = []
    interrupted = False
    failures: list[PluginFailed] = []
    try:
        for instance in instances:
            spec = make_spec(puzzle, instance, params)
            collector = JsonReporter(None, puzzle.as_json, spec)
            printers: list[object] = [collector]
            if args.jsonl:
                printers.append(JsonLinesReporter(sys.stdout, puzzle.as_json, spec))
            for number, printer in enumerate(printers):
                manager.register(printer, f"reporter-{number}")
            try:
                outcome = run(
                    puzzle,
                    spec,
                    make_search(puzzle, spec, params),
                    mode=mode,
                    limit=args.limit,
                    hook=manager.hook,
                    trace=trace_stream(args),
                    source=f"{instance.source}:{instance.first_line}",
                    timeout=args.timeout,
                )
            except SearchInterrupted as stop:
                outcome, interrupted = stop.outcome, True
            except PluginFailed as failed:  # the batch goes on; the command fails at its end
                assert failed.outcome is not None
                outcome = failed.outcome
                failures.append(failed)
            finally:
                for printer in printers:
                    manager.unregister(printer)
            outcomes.append(outcome)
            objects.extend(collector.objects)
            if not (args.json or args.jsonl):
                print(f"{outcome.info.source}: {instance_status(mode, outcome.report)}, {outcome.report.line()}",
                      file=out)
                if sink is None:
                    for text in outcome.rendered[:1] if mode == "unique" else outcome.rendered:
                        print(text)
            if sink is not None:
                solution = outcome.solutions[0] if outcome.solutions else None
                sink.add(drawing(puzzle, spec)(solution, outcome.rendered[0] if outcome.rendered else None)
                         if solution is not None else unsolved_picture(puzzle, spec))
            if interrupted:
                break
    except BaseException:
        if sink is not None:
            sink.discard()
        raise
    if sink is not None:
        close_pictures(sink)
    summary = batch_summary(outcomes, len(instances))
    if args.json:
        print(json.dumps({"puzzle": puzzle.name, "instances": objects, "summary": summary}))
    elif args.jsonl:
        print(json.dumps({"type": "batch", "puzzle": puzzle.name, **summary}), flush=True)
    else:
        print(
            (
                f"{summary['instances']} puzzles: "
                if summary["searched"] == summary["instances"]
                else f"{summary['searched']} of {summary['instances']} puzzles searched (interrupted): "
            )
            + f"{summary['solved']} solved "
            f"({summary['multiple']} with several solutions), {summary['unsolvable']} unsolvable"
            + (f", {summary['unknown']} unknown (stopped early)" if summary["unknown"] else "")
            + f"; seconds per puzzle: median {summary['median_seconds']:.4f}, "
            f"max {summary['max_seconds']:.4f}; {plural(summary['attempts'], 'attempt')}",
            file=out,
        )
    if failures:
        others = len(failures) - 1
        raise PluginFailed(str(failures[0]) + (f" (it failed on {plural(others, 'other puzzle')} of the file too)"
                                               if others else ""))
    if interrupted:
        return EXIT_INTERRUPTED
    if any(o.report.stopped is Stop.TIMEOUT for o in outcomes):
        return EXIT_TIMEOUT
    if summary["unsolvable"]:
        return EXIT_NONE
    if summary["unknown"]:
        return EXIT_BOUND
    return EXIT_FOUND


def batch_summary(outcomes: list[Outcome], instances: int) -> dict[str, Any]:
    """Counts and timing over a batch: ``unsolvable`` only for instances searched to the end."""
    from statistics import median  # here only: importing it costs every command a few milliseconds

    seconds = [outcome.report.seconds for outcome in outcomes]
    return {
        "instances": instances,
        "searched": len(outcomes),
        "solved": sum(1 for o in outcomes if o.report.solutions),
        "unsolvable": sum(1 for o in outcomes if o.report.verdict is Verdict.UNSOLVABLE),
        "unknown": sum(1 for o in outcomes if not o.report.solutions and o.report.verdict is Verdict.UNKNOWN),
        "multiple": sum(1 for o in outcomes if o.report.solutions > 1),
        "attempts": sum(o.report.attempts for o in outcomes),
        "median_seconds": median(seconds) if seconds else 0.0,
        "max_seconds": max(seconds, default=0.0),
        "interrupted": len(outcomes) < instances or any(o.report.stopped is Stop.INTERRUPTED for o in outcomes),
    }



def replay_search(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack replay``: record a search and write its replay page.

    A plugin whose code raises during the search still gets its page, of the events
    before the error (they show how it got there); then the error is told.
    """
    from .recording import DEFAULT_MAX_EVENTS, MAX_FRAME_BYTES, record, write_page

    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    max_events = DEFAULT_MAX_EVENTS if args.max_events is None else args.max_events
    if max_events < 1:
        raise UsageError(f"--max-events must be at least 1, not {max_events}")
    output = output_target(args.output, f"{puzzle.name}.html")
    if output == STANDARD_OUTPUT:
        raise UsageError("replay writes a page: give -o FILE.html, not standard output")
    source, spec = single_instance(puzzle, args.file, args.example, params)
    # The page's title: the instance as given, never a path of this machine it was not given as.
    source = title_source(source, example=args.example, argument=args.file, params=args.param)
    failure: PluginFailed | None = None
    try:
        recording = record(puzzle, spec, make_search(puzzle, spec, params), source=source, mode=args.mode,
                           max_events=max_events)
    except PluginFailed as failed:
        recording, failure = failed.recording, failed
    write_page(recording, output)
    events, attempts = plural(len(recording.events), "event"), plural(recording.attempts, "attempt")
    if recording.truncated:
        found = f"at least {plural(recording.solutions, 'solution')}" if recording.solutions else "no solution"
        print(f"wrote {output}: {events}, {attempts}, {found} in them (the recording stopped at its bound; "
              "the search has more)")
    else:
        print(f"wrote {output}: {events}, {attempts}, {plural(recording.solutions, 'solution')}"
              + (" before the search ended by an error" if failure is not None else ""))
    if failure is not None:
        raise failure
    if recording.truncated and recording.truncated_by == "pictures":
        print(f"backtrack: the pictures of this search fill the page ({MAX_FRAME_BYTES // 2**20} MB) after "
              f"{events}: the page replays those, and the search has more "
              "(replay a smaller instance)", file=sys.stderr)
    elif recording.truncated:
        print(f"backtrack: the search has more than {plural(max_events, 'event')}: the page replays the first "
              f"{max_events} (raise --max-events, or replay a smaller instance)", file=sys.stderr)
    return EXIT_FOUND


def new_plugin(args: argparse.Namespace, manager: Manager | None = None) -> int:
    """``backtrack new NAME``: write a plugin distribution and say what to do next.

    A name the new plugin could not have (see :func:`backtrack.scaffold.check_name`: a
    keyword, an installed puzzle, distribution or importable module, too long) is
    refused before anything is written.
    """
    from pathlib import Path

    from .scaffold import write_plugin

    folder = Path(args.folder or args.name)
    try:
        files = write_plugin(folder, args.name, args.kind, manager.puzzles() if manager is not None else ())
    except (ValueError, FileExistsError) as error:
        raise UsageError(str(error)) from None
    for path in files:
        print(f"wrote {path}")
    where = str(folder) if folder.is_absolute() or str(folder).startswith(".") else f"./{folder}"
    print(f"next: python -m pip install -e '{where}[test]' && (cd '{folder}' && python -m pytest)")
    return EXIT_FOUND


def single_instance(puzzle: Puzzle, file: str | None, example: str | None, params: dict[str, Any]) -> tuple[str, Any]:
    """The source and spec of one instance (a file of several is refused)."""
    instances = read_instances(puzzle, file, example)
    if len(instances) > 1:
        raise UsageError(f"{instances[0].source} holds {len(instances)} puzzles: give one")
    return instances[0].source, make_spec(puzzle, instances[0], params)


def estimate_search(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack estimate``: Knuth's estimate of the attempts, nodes and solutions of a search."""
    from .estimate import estimate

    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if args.samples < 1:
        raise UsageError(f"--samples must be at least 1, not {args.samples}")
    source, spec = single_instance(puzzle, args.file, args.example, params)
    try:
        found = estimate(make_search(puzzle, spec, params), args.samples, args.seed, puzzle=puzzle.name, source=source)
    except ValueError as error:
        raise UsageError(f"cannot estimate {puzzle.name}: {error}") from None
    if args.json:
        print(json.dumps({"puzzle": puzzle.name, "source": source, **found.as_dict()}))
        return EXIT_FOUND
    print(f"{puzzle.name} {source}: estimated from {found.samples} random walks ({found.seconds:.2f} s)")
    for what, mean, spread in (("attempts", found.attempts, found.attempts_spread),
                               ("nodes", found.nodes, found.nodes_spread),
                               ("solutions", found.solutions, found.solutions_spread)):
        print(f"  {what:<10} {mean:>14,.0f}  +- {spread:,.0f}")
    print("  (+- is the standard error of the mean: the walks may also all miss a rare, large subtree)")
    return EXIT_FOUND


def parse_variants(puzzle: Puzzle, pairs: Sequence[str]) -> list[dict[str, Any]]:
    """``-p NAME=V1,V2`` pairs as every combination of the values, each converted and range-checked."""
    from .benchmark import variants

    choices: dict[str, list[Any]] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals or not text:
            raise UsageError(f"-p takes NAME=VALUE or NAME=V1,V2,..., not {pair!r}")
        if name in choices:
            raise UsageError(f"parameter {name} is given twice: list its values once, separated by commas")
        try:
            param = puzzle.param(name)
            choices[name] = [param.convert(value) for value in text.split(",")]
        except KeyError as error:
            raise UsageError(error.args[0]) from None
        except ValueError as error:
            raise UsageError(str(error)) from None
    return variants(choices)


def bench_puzzle(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack bench``: every input under every variant, a table, and stored runs."""
    from . import benchmark

    puzzle = manager.puzzle(args.puzzle)
    if args.rounds < 1 or args.warmup < 0:
        raise UsageError("--rounds must be at least 1 and --warmup at least 0")
    combinations = parse_variants(puzzle, args.param)
    sources = [(file, None) for file in args.inputs] + [(None, name) for name in args.example]
    if not sources:
        sources = [(None, None)]
    cases = []
    for file, example in sources:
        for instance in read_instances(puzzle, file, example):
            label = instance.source if instance.first_line == 1 else f"{instance.source}:{instance.first_line}"
            for params in combinations:
                spec = make_spec(puzzle, instance, params)
                building = accepted(puzzle.build, params) if instance.text is None and puzzle.build else {}
                name = " ".join(f"{key}={value}" for key, value in building.items()) or label
                varied = tuple(key for key in params if key not in building)
                cases.append(benchmark.Case(name, spec, params, varied))
    try:
        baseline_record = benchmark.load(args.compare)[1] if args.compare else None
        if args.save or baseline_record is not None:
            benchmark.machine_id()  # pytest-benchmark is needed to store or compare
    except (FileNotFoundError, RuntimeError) as error:
        raise UsageError(str(error)) from None
    results = [benchmark.measure(puzzle, case, args.mode, args.rounds, args.warmup) for case in cases]
    stored = benchmark.stored_medians(baseline_record) if baseline_record is not None else {}
    record = benchmark.storage_record(puzzle, args.mode, results, args.rounds, args.warmup) if (
        args.save or args.json or stored) else None
    if args.json:
        print(json.dumps(record))
    else:
        print_bench_table(puzzle, results, stored, record)
    if args.save and record is not None:
        path = benchmark.save(record, args.save)
        print(f"backtrack: saved {path}", file=sys.stderr)
    return EXIT_FOUND


def print_bench_table(puzzle: Puzzle, results: list[Any], stored: dict[str, float], record: dict | None) -> None:
    """One line per input and variant; the ratio is to the input's first variant (and to a stored run)."""
    names = [entry["name"] for entry in record["benchmarks"]] if record is not None else [""] * len(results)
    # The columns are as wide as their longest entry: an input's name is never cut.
    width = max([len("input"), *(len(result.case.input) for result in results)])
    vwidth = max([len("variant"), *(len(result.case.variant) for result in results)])
    header = (f"{'input':<{width}} {'variant':<{vwidth}} {'attempts':>12} {'median s':>10} {'spread s':>9} "
              f"{'attempts/s':>11} {'ratio':>6}")
    if stored:
        header += f" {'stored s':>10} {'now/stored':>10}"
    print(header)
    first: dict[str, float] = {}
    for result, name in zip(results, names, strict=True):
        base = first.setdefault(result.case.input, result.median)
        ratio = result.median / base if base > 0 else 1.0
        line = (f"{result.case.input:<{width}} {result.case.variant:<{vwidth}} {result.attempts:>12,} "
                f"{result.median:>10.4f} {result.spread:>9.4f} {result.rate:>11,.0f} {ratio:>6.2f}")
        if stored:
            before = stored.get(name)
            line += (f" {before:>10.4f} {result.median / before:>10.2f}" if before
                     else f" {'-':>10} {'-':>10}")
        print(line)
    print(f"(wall time per search, median of the rounds; spread: interquartile range; ratio: to the input's "
          f"first variant; {puzzle.name})")




# -- convert, check, generate --------------------------------------------------------------


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


def convert_puzzle(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack convert``: any input the puzzle reads, written in another format."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    instances = read_instances(puzzle, args.file, args.example)
    texts = [encoded(puzzle, make_spec(puzzle, instance, params), args.to) for instance in instances]
    one_line = all(text.count("\n") == 1 for text in texts)
    sys.stdout.write(("" if one_line else "\n").join(texts))
    return EXIT_FOUND


SOLUTION_HEADER = re.compile(r"^Solution \d+$")
REPORT_LINE = re.compile(r"^\d+ attempts? in +\d+\.\d+ seconds$")
CELL = re.compile(r"row (\d+), column (\d+)")


def answer_text(text: str, source: str) -> tuple[str, int]:
    """The answer in what ``backtrack solve`` printed, and the lines dropped before it.

    The ``Solution 1`` header and the summary and report lines after the answer are
    dropped; the number of lines before the answer keeps error lines true of the file.
    """
    lines = text.split("\n")
    headers = [number for number, line in enumerate(lines) if SOLUTION_HEADER.match(line.strip())]
    if len(headers) > 1:
        raise InputError(f"this holds {len(headers)} solutions (as --all prints them): keep the one to check",
                         source, headers[1] + 1)
    first = headers[0] + 1 if headers else 0
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    if last > first and REPORT_LINE.match(lines[last - 1].strip()):
        last -= 2  # the report line, and the summary line printed before it
    return "\n".join(lines[first:max(last, first)]) + "\n", first


def check_answer(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack check``: whether an answer keeps every rule; the first broken one named, with where."""
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if puzzle.check is None:
        raise UsageError(f"puzzle {puzzle.name} has no rule checker (its plugin gives no check)")
    check_picture_options(args, "answer.svg")
    inputs = list(args.inputs)
    if args.example is not None:
        if len(inputs) != 1:
            raise UsageError("with --example NAME give just the ANSWER")
        puzzle_file, answer_file = None, inputs[0]
    elif len(inputs) == 2:
        puzzle_file, answer_file = inputs
    elif len(inputs) == 1:
        puzzle_file, answer_file = None, inputs[0]
    else:
        raise UsageError("give PUZZLE_INPUT ANSWER, or one pzprv3 file holding the puzzle and an answer")
    if answer_file == "-":
        answer_source, answer = "<stdin>", read_standard_input()
    else:
        try:
            answer_source, answer = answer_file, read_file(answer_file)
        except OSError as error:
            raise UsageError(f"cannot read {answer_file}: {error.strerror}") from None
    from .formats import kind_of

    if kind_of(answer.strip()) == "pzprv3":
        pzprv3 = puzzle.formats.get("pzprv3")
        if pzprv3 is None or pzprv3.decode_answer is None:
            raise UsageError(f"puzzle {puzzle.name} does not read answers from pzprv3 files")
        answer_spec, solution = pzprv3.decode_answer(answer, answer_source)
        if solution is None:
            raise InputError("this pzprv3 file holds the puzzle but no answer", answer_source, 1)
        if puzzle_file is None and args.example is None:
            spec, source = answer_spec, answer_source
        else:
            source, spec = single_instance(puzzle, puzzle_file, args.example, params)
            if spec != answer_spec:
                raise InputError(f"this answer is to another puzzle than {source}", answer_source, 1)
    else:
        if puzzle_file is None and args.example is None and (puzzle.build is None or not params):
            raise UsageError("give the puzzle too: PUZZLE_INPUT ANSWER (or --example NAME ANSWER)")
        if puzzle.read_answer is None:
            raise UsageError(f"puzzle {puzzle.name} cannot read answers (its plugin gives no read_answer)")
        source, spec = single_instance(puzzle, puzzle_file, args.example, params)
        text, offset = answer_text(answer, answer_source)
        try:
            solution = puzzle.read_answer(spec, text, answer_source)
        except InputError as error:
            raise error.located(answer_source, offset) from None
        except Exception as error:
            raise InputError(f"the {puzzle.name} plugin failed to read this answer ({type(error).__name__}: "
                             f"{error}); this is a bug of the plugin", answer_source) from None
    broken = puzzle.check(spec, solution)
    if args.format == "svg":
        if args.json:
            raise UsageError("--format svg writes a picture, --json writes JSON: give one of them")
        write_pictures([drawing(puzzle, spec)(solution, None)], args.output,
                       f"{puzzle.name} {title_source(answer_source)}")
    verdict_stream = sys.stderr if args.format == "svg" and args.output is None else sys.stdout
    if args.json:
        print(json.dumps({
            "puzzle": puzzle.name, "source": source, "answer": answer_source, "correct": not broken,
            "broken": [{"rule": rule, "cells": [[int(r), int(c)] for r, c in CELL.findall(rule)]} for rule in broken],
        }))
    elif broken:
        more = f" (and {len(broken) - 1} more; --json lists them all)" if len(broken) > 1 else ""
        print(f"{answer_source}: wrong: {broken[0]}{more}", file=verdict_stream)
    else:
        print(f"{answer_source}: right: the answer keeps every rule of {puzzle.name}", file=verdict_stream)
    return EXIT_NONE if broken else EXIT_FOUND


#: Tries per puzzle asked for before ``generate`` gives up on a grade or on uniqueness.
GENERATE_TRIES = 200
#: The attempts (decisions tried) of ``generate --difficulty``'s graded check of one puzzle: its
#: grading search may differ from the generator's and be slow on big boards; a check stopped
#: there proves nothing, and the puzzle is passed over.  About 6 s of Sudoku's or Akari's search
#: (a 25 x 25 Sudoku's check measured about 20,000 attempts).
GRADE_ATTEMPTS = 100_000


class GenerateTimeout(BaseException):
    """``generate --timeout`` ran out.

    A ``BaseException``, as ``KeyboardInterrupt`` is: it is raised wherever the
    generator's code happens to be, and no plugin's ``except Exception`` may take it.
    """


class GenerateDeadline:
    """The clock of ``generate --timeout``: raises :class:`GenerateTimeout` in whatever code runs when it is up.

    A generator is the plugin's own code, which takes no deadline, so the timer is
    a signal (``SIGALRM``, where there is one and this is the main thread); elsewhere
    the time is checked between puzzles and the engine's verdicts get what is left.
    While :meth:`held`, the timer and Ctrl-C wait: a puzzle is printed and counted whole.
    """

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds
        self._holding = False
        self._pending = False
        self._previous: Any = None
        self._armed = False

    def left(self) -> float | None:
        """The seconds left (at least 0), None without a timeout."""
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def _ring(self, signum: int, frame: Any) -> None:
        if self._holding:
            self._pending = True
        else:
            raise GenerateTimeout

    def __enter__(self) -> "GenerateDeadline":
        import signal
        import threading

        if (self.seconds is not None and hasattr(signal, "setitimer")
                and threading.current_thread() is threading.main_thread()):
            self._previous = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
            self._armed = True
        return self

    def __exit__(self, *exc_info: object) -> None:
        import signal

        if self._armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous)
            self._armed = False

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """The timer, Ctrl-C and SIGTERM wait until the block ends; then one that came meanwhile is raised."""
        self._holding = True
        try:
            with held_signals():
                yield
        finally:
            self._holding = False
        if self._pending:
            raise GenerateTimeout

    def expired(self) -> bool:
        """Whether the time is up (for where there is no timer)."""
        return self.end is not None and time.monotonic() >= self.end


def generate_puzzles(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack generate``: new instances, each ``--unique`` one checked unique by the engine first."""
    import random

    puzzle = manager.puzzle(args.puzzle)
    generator = puzzle.generator
    if generator is None:
        raise UsageError(f"puzzle {puzzle.name} has no generator")
    if args.help_params:
        print(f"the {puzzle.name} generator's parameters (-p NAME=VALUE):")
        for param in generator.params:
            default = f" [default: {param.default}]" if param.default is not None else ""
            print(f"  {param.name}: {param.help} (takes {param.describe()}){default}")
        if generator.largest_unique:
            print(f"unique puzzles: {generator.largest_unique}")
        return EXIT_FOUND
    params = parse_pairs(args.param, generator.param,
                         f" ('backtrack generate {puzzle.name} --help-params' lists them)")
    if args.count < 1:
        raise UsageError(f"--count must be at least 1, not {args.count}")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    check_picture_options(args, f"{puzzle.name}.svg")
    if args.format == "svg" and args.to != "text":
        raise UsageError("--format svg draws the puzzles, --to writes them in a format: give one of them")
    unique = generator.unique_default if args.unique is None else args.unique
    if args.difficulty is not None:
        if args.unique is False:
            raise UsageError("--difficulty grades puzzles with one solution: leave out --any")
        unique = True
    if args.to != "text" and args.to not in puzzle.formats:
        raise UsageError(f"puzzle {puzzle.name} cannot be written as one of the {FORMAT_NAMES[args.to]}")
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
        print(f"backtrack: seed {seed} (give --seed {seed} to make the same puzzles again)", file=sys.stderr)
    # Each picture is written as it is made (the text mode prints each puzzle as it is made, too).
    pictures = PictureSink(args.output, f"{puzzle.name} made from seed {seed}", stream=sys.stdout,
                           caption="Puzzle" if args.count > 1 else "", expected=args.count) \
        if args.format == "svg" else None
    made = 0
    tried = 0
    texts: list[str] = []
    candidate = seed
    deadline = GenerateDeadline(args.timeout)
    try:
        with deadline:
            while made < args.count:
                if deadline.expired():
                    raise GenerateTimeout
                if tried >= GENERATE_TRIES * args.count:
                    wanted = f"{args.difficulty} " if args.difficulty else ""
                    raise UsageError(f"no {wanted}puzzle among {tried} made from seeds {seed} to {candidate - 1} "
                                     f"({made} of {args.count} found); try other parameters")
                tried += 1
                try:
                    spec = generator.make(seed=candidate, unique=unique, **accepted(generator.make, params))
                except ValueError as error:
                    raise UsageError(f"cannot generate {puzzle.name}: {error}") from None
                candidate += 1
                if unique or args.difficulty:
                    search = puzzle.make_search(spec, generator.grading if args.difficulty else {})
                    search.count(limit=2, timeout=deadline.left(),
                                 watch=AttemptBudget(GRADE_ATTEMPTS).watch if args.difficulty else None)
                    verdict = search.report.verdict
                    if verdict is Verdict.UNKNOWN and search.report.stopped is Stop.TIMEOUT:
                        raise GenerateTimeout
                    if verdict is Verdict.UNKNOWN and search.report.stopped is Stop.BOUND:
                        print(f"backtrack: the graded check of the puzzle made from seed {candidate - 1} stopped "
                              f"after {plural(GRADE_ATTEMPTS, 'attempt')}, unproven: made another", file=sys.stderr)
                        continue
                    if verdict is not Verdict.UNIQUE:
                        print(f"backtrack: the puzzle made from seed {candidate - 1} is {verdict.value}, not unique: "
                              "made another", file=sys.stderr)
                        continue
                    difficulty = search.report.difficulty
                    if args.difficulty is not None:
                        if difficulty is None:
                            raise UsageError(f"puzzle {puzzle.name}'s search does not grade difficulty")
                        if difficulty.grade != args.difficulty:
                            continue
                with deadline.held():  # a puzzle is printed whole and counted, or not at all
                    if pictures is not None:
                        pictures.add(unsolved_picture(puzzle, spec))
                    else:
                        texts.append(encoded(puzzle, spec, args.to))
                        sys.stdout.write(texts[-1] if len(texts) == 1 or texts[-1].count("\n") == 1
                                         else "\n" + texts[-1])
                        sys.stdout.flush()
                    made += 1
    except (GenerateTimeout, KeyboardInterrupt) as stopped:
        timeout = isinstance(stopped, GenerateTimeout)
        if not timeout or made < args.count:  # a timer that rang while the last puzzle was printed: all were made
            if pictures is not None:  # the pictures made so far stay written
                close_pictures(pictures)
            why = f"timeout after {args.timeout:g} seconds" if timeout else "interrupted"
            print(f"backtrack: {why}: made {made} of the {args.count} puzzles asked for", file=sys.stderr)
            return EXIT_TIMEOUT if timeout else EXIT_INTERRUPTED
    if pictures is not None:
        close_pictures(pictures)
    return EXIT_FOUND


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


if __name__ == "__main__":
    sys.exit(main())
