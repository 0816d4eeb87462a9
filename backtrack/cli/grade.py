"""``backtrack grade``: how hard a puzzle is for a person, on the puzzle's own scale."""

from __future__ import annotations

import argparse
import json
from collections import Counter

from ..instances import UsageError, parse_params, read_instances, read_spec
from ..manager import Manager
from .options import add_instance_arguments
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``grade``."""
    command.description = (
        "Grade a puzzle as Simon Tatham's solvers do: apply the easiest deduction that makes progress, again and "
        "again; the grade is the hardest level used, and a puzzle that needs a guess gets the top of the scale.  "
        "A file of many puzzles grades each and sums up.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    command.add_argument("--json", action="store_true",
                         help='{"grade", "level", "scale", "steps"}; for a batch, every puzzle and the totals')


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack grade``: one grade, or a batch's grades and their totals."""
    from ..hints import grade, reasoner_for

    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    if puzzle.reasoner is None:
        raise UsageError(f"puzzle {puzzle.name} has no named deductions (its plugin gives no reasoner), so no grade")
    instances = read_instances(puzzle, args.file, args.example)
    graded = []
    for instance in instances:
        spec = read_spec(puzzle, instance, params)
        graded.append((instance, grade(reasoner_for(puzzle, spec, None, instance.source))))
    scale = graded[0][1].scale
    if len(graded) == 1:
        found = graded[0][1]
        if args.json:
            print(json.dumps(found.as_json()))
        else:
            how = "a guess is needed" if found.guessed else "solved by deduction alone"
            print(f"{found.name} (level {found.level} of {', '.join(scale)}): {found.steps} steps; {how}")
        return EXIT_FOUND
    totals = Counter(found.name for _, found in graded)
    if args.json:
        print(json.dumps({
            "puzzles": [{"source": instance.label, **found.as_json()} for instance, found in graded],
            "scale": list(scale), "grades": {name: totals.get(name, 0) for name in scale},
        }))
        return EXIT_FOUND
    width = max(len(instance.label) for instance, _ in graded)
    for instance, found in graded:
        print(f"{instance.label:<{width}}  {found.name}  ({found.steps} steps)")
    print(f"{len(graded)} puzzles: " + ", ".join(f"{name} {totals.get(name, 0)}" for name in scale))
    return EXIT_FOUND
