"""``backtrack replay``: record a search event by event and write the page that replays it."""

from __future__ import annotations

import argparse
import sys

from ..inputs import title_source
from ..instances import UsageError, make_search, parse_params, single_instance
from ..manager import Manager
from ..outputs import STANDARD_OUTPUT, output_target
from ..recording import DEFAULT_MAX_EVENTS, MAX_FRAME_BYTES, record, write_page
from ..reporters import plural
from ..run import PluginFailed
from .options import add_instance_arguments
from .status import EXIT_FOUND


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``replay``."""
    command.description = ("Record the search of an instance event by event (every attempt, record, undo and "
                           "solution) and write one self-contained HTML page that replays it: the board, the search "
                           "tree and the attempt counter.")
    command.add_argument("puzzle")
    add_instance_arguments(command)
    command.add_argument("--output", "-o", metavar="FILE", required=True, help="the page to write (search.html)")
    command.add_argument("--mode", choices=("all", "first", "unique"), default="all",
                         help="search for every solution (default), the first, or until a second")
    command.add_argument("--max-events", type=int, default=None, metavar="N",
                         help="record at most N events (default 5000); the page says when the search has more")


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack replay``: record a search and write its replay page.

    A plugin whose code raises during the search still gets its page, of the events
    before the error (they show how it got there); then the error is told.
    """
    puzzle = manager.puzzle(args.puzzle)
    params = parse_params(puzzle, args.param)
    max_events = DEFAULT_MAX_EVENTS if args.max_events is None else args.max_events
    if max_events < 1:
        raise UsageError(f"--max-events must be at least 1, not {max_events}")
    output = output_target(args.output, f"{puzzle.name}.html")
    if output == STANDARD_OUTPUT:
        raise UsageError("replay writes a page: give -o FILE.html, not standard output")
    instance, spec = single_instance(puzzle, args.file, args.example, params)
    # The page's title: the instance as given, never a path of this machine it was not given as.
    source = title_source(instance.source, example=args.example, argument=args.file, params=args.param)
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
