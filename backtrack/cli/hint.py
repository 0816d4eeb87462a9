"""``backtrack hint``: the next step from a partial answer (or every step, ``--all``), with the rule that makes it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..answers import answer_text
from ..explain import Explanation, Reasoner, cells_json
from ..formats import kind_of
from ..inputs import title_source
from ..instances import UsageError, parse_params, read_text, single_instance
from ..manager import Manager
from ..outputs import write_atomic
from ..puzzle import InputError, Puzzle, accepted
from .options import add_example, add_params, check_picture_options, write_pictures
from .status import EXIT_FOUND, EXIT_NONE


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``hint``."""
    command.description = (
        "The next step from ANSWER (what you have so far, in the text form 'backtrack solve' prints, undecided cells "
        "left as in the puzzle; or a pzprv3 file with a partial answer), or from the givens without it: first any "
        "mistake (a mark that breaks a rule, or is in no solution), then the easiest deduction that makes progress, "
        "with its rule, level and cells; when none applies, the guess the search would make.  Exit status 0: a step "
        "(or solved); 1: a mistake; 2: bad input.")
    command.add_argument("puzzle")
    command.add_argument("inputs", nargs="*", metavar="INPUT",
                         help="PUZZLE_INPUT [ANSWER] (a file, - for standard input, a game ID or URL); with --example "
                              "NAME or -p parameters just [ANSWER]")
    add_example(command, "a shipped example")
    add_params(command)
    command.add_argument("--all", action="store_true",
                         help="every step to the end, the easiest rule first each time, and the grade")
    command.add_argument("--json", action="store_true", help="the step (with --all: every step and the grade) as JSON")
    command.add_argument("--format", choices=("text", "svg", "html"), default="text",
                         help="text (default); svg: the board after the step, its cells marked; html (with --all and "
                              "-o FILE): a page that steps through the explanation")
    command.add_argument("--output", "-o", metavar="FILE",
                         help="with --format svg or html: write to FILE (svg with --all: FILE-1.svg, FILE-2.svg ...)")


def instance_and_answer(puzzle: Puzzle, args: argparse.Namespace,
                        params: dict[str, Any]) -> tuple[str, Any, str | None, str, int]:
    """The instance's source and spec, the answer's text (None: the givens alone), its source and first line - 1.

    The last is the number of lines of the answer's file before the answer (a
    ``Solution 1`` header), so that an error in the answer names its line in the file.
    """
    inputs = list(args.inputs)
    # One input is the ANSWER when the puzzle comes from --example or is built from its parameters (queens -p n=8).
    built = args.example is not None or (puzzle.build is not None and bool(accepted(puzzle.build, params))
                                         and len(inputs) <= 1)
    if len(inputs) > (1 if built else 2):
        raise UsageError("give PUZZLE_INPUT and at most one ANSWER")
    if built:
        puzzle_file, answer_file = None, (inputs[0] if inputs else None)
    elif not inputs:
        raise UsageError("give the puzzle: PUZZLE_INPUT [ANSWER], --example NAME [ANSWER], or a pzprv3 file")
    else:
        puzzle_file, answer_file = inputs[0], (inputs[1] if len(inputs) > 1 else None)
    instance, spec = single_instance(puzzle, puzzle_file, args.example, params)
    if answer_file is None:
        if instance.form == "pzprv3" and instance.text is not None:  # the puzzle and, maybe, an answer
            return pzprv3_answer(puzzle, instance.text, instance.source, None)
        return instance.source, spec, None, instance.source, 0
    answer_source, answer = read_text(answer_file)
    if kind_of(answer.strip()) == "pzprv3":
        return pzprv3_answer(puzzle, answer, answer_source, spec)
    text, offset = answer_text(answer, answer_source)
    return instance.source, spec, text if text.strip() else None, answer_source, offset


def pzprv3_answer(puzzle: Puzzle, text: str, source: str, spec: Any) -> tuple[str, Any, str | None, str, int]:
    """A pzprv3 file's puzzle and its (partial) answer, written in the puzzle's text form."""
    pzprv3 = puzzle.formats.get("pzprv3")
    if pzprv3 is None or pzprv3.decode_answer is None:
        raise UsageError(f"puzzle {puzzle.name} does not read answers from pzprv3 files")
    if pzprv3.decode_partial is not None:
        answer_spec, partial = pzprv3.decode_partial(text, source)
    else:
        answer_spec, solution = pzprv3.decode_answer(text, source)
        # No answer, or one that marks nothing yet: the givens alone.
        partial = puzzle.render(answer_spec, solution) if solution else None
    if spec is not None and spec != answer_spec:
        raise InputError("this answer is to another puzzle than the one given", source, 1)
    return source, answer_spec, partial, source, 0


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack hint``: mistakes first, then the next step or every step."""
    from ..hints import page_text, reasoner_for, search_mistakes, steps_with_pictures

    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if puzzle.reasoner is None:
        raise UsageError(f"puzzle {puzzle.name} has no named deductions (its plugin gives no reasoner)")
    if args.format == "html":
        if not args.all or args.output is None:
            raise UsageError("--format html writes a page that steps through every step: give --all and -o FILE.html")
        if args.json:
            raise UsageError("--format html writes a page, --json writes JSON: give one of them")
        page, args.output = args.output, None
        args.format = "svg"
        check_picture_options(args, "")
        args.format, args.output = "html", page
    else:
        if args.format == "svg" and args.json:
            raise UsageError("--format svg draws the board, --json writes JSON: give one of them")
        check_picture_options(args, f"{puzzle.name}-hint.svg")
    source, spec, answer, answer_source, offset = instance_and_answer(puzzle, args, params)
    try:
        reasoner = reasoner_for(puzzle, spec, answer, answer_source)
    except InputError as error:
        raise error.located(answer_source, offset) from None
    mistakes, proven = search_mistakes(puzzle, spec, params, reasoner) if answer is not None else ([], True)
    if not proven and not args.json:
        print("backtrack: note: the search could not find every solution in time, so marks are checked against the "
              "rules alone", file=sys.stderr)
    explanation, pictures = steps_with_pictures(puzzle, spec, reasoner, mistakes, every=args.all)
    named = title_source(source, example=args.example, argument=args.inputs[0] if args.inputs else None,
                         params=args.param)
    title = f"{puzzle.name} {named}"
    if args.format == "html":
        write_atomic(args.output, page_text(title, explanation, pictures))
        print(f"backtrack: wrote {args.output}: {len(explanation.steps)} steps", file=sys.stderr)
    elif args.format == "svg":
        write_pictures(pictures[1:], args.output, title)
    elif args.json:
        print(json.dumps(explanation.as_json() if args.all else explanation.steps[0].as_json()))
    else:
        print_text(explanation, reasoner, args.all)
    return EXIT_NONE if any(step.kind == "mistake" for step in explanation.steps) else EXIT_FOUND


def step_line(number: int | None, kind: str, level: str | None, rule: str | None, words: str) -> str:
    """``3. easy, hidden-single: (4, 7) is the only cell of box 5 that can hold 8``."""
    head = f"{number}. " if number is not None else ""
    if kind == "step":
        return f"{head}{level}, {rule}: {words}"
    return f"{head}{kind}{f' ({level})' if kind == 'guess' and level else ''}: {words}"


def print_text(explanation: Explanation, reasoner: Reasoner, every: bool) -> None:
    """The step (or every step), its cells, and the answer after it."""
    steps = explanation.steps
    if not every:
        step = steps[0]
        print(step_line(None, step.kind, step.level_name, step.rule, step.words))
        if step.cells:
            print("cells: " + ", ".join(f"({r}, {c})" for r, c in cells_json(step.cells)))
        print()
        print(step.answer.rstrip("\n"))
        return
    for number, step in enumerate(steps, 1):
        print(step_line(number, step.kind, step.level_name, step.rule, step.words))
    print()
    print(steps[-1].answer.rstrip("\n"))
    print()
    if explanation.grade is not None:
        how = "solved by deduction alone" if explanation.solved else "a guess is needed"
        print(f"grade: {explanation.grade} (the hardest level used, of {', '.join(reasoner.scale)}); "
              f"{explanation.deductions} steps; {how}")
