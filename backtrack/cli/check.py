"""``backtrack check``: whether an answer keeps every rule of its puzzle; the first broken one named, with where."""

from __future__ import annotations

import argparse
import json
import re
import sys

from ..answers import answer_text
from ..formats import kind_of
from ..inputs import title_source
from ..instances import UsageError, parse_params, read_text, single_instance
from ..manager import Manager
from ..puzzle import InputError
from .options import add_example, add_params, add_picture_options, check_picture_options, drawing, write_pictures
from .status import EXIT_FOUND, EXIT_NONE


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``check``."""
    command.description = ("Check ANSWER (what 'backtrack solve' prints for the puzzle, edited or not, or a pzprv3 "
                           "file holding the puzzle and an answer) against every rule of the puzzle.  Exit status 0: "
                           "the answer is right; 1: it breaks a rule (the first is named, with where); 2: bad input.")
    command.add_argument("puzzle")
    command.add_argument("inputs", nargs="+", metavar="INPUT",
                         help="PUZZLE_INPUT ANSWER (a file, - for standard input, a game ID or URL), or one pzprv3 "
                              "file with an answer, or with --example NAME just the ANSWER")
    add_example(command, "check an answer to a shipped example")
    add_params(command, "a puzzle parameter")
    command.add_argument("--json", action="store_true", help="every broken rule, with its cells, as JSON")
    add_picture_options(command, "the answer (the verdict then goes to standard error)")


#: A cell as rules name it.
CELL = re.compile(r"row (\d+), column (\d+)")


def run(manager: Manager, args: argparse.Namespace) -> int:
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
    answer_source, answer = read_text(answer_file)
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
            instance, spec = single_instance(puzzle, puzzle_file, args.example, params)
            source = instance.source
            if spec != answer_spec:
                raise InputError(f"this answer is to another puzzle than {source}", answer_source, 1)
    else:
        if puzzle_file is None and args.example is None and (puzzle.build is None or not params):
            raise UsageError("give the puzzle too: PUZZLE_INPUT ANSWER (or --example NAME ANSWER)")
        if puzzle.read_answer is None:
            raise UsageError(f"puzzle {puzzle.name} cannot read answers (its plugin gives no read_answer)")
        instance, spec = single_instance(puzzle, puzzle_file, args.example, params)
        source = instance.source
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
