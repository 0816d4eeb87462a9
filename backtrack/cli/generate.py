"""``backtrack generate``: new instances from a puzzle's generator, each ``--unique`` one proven unique first."""

from __future__ import annotations

import argparse
import contextlib
import random
import signal
import sys
import threading
import time
from typing import Any, Iterator

from ..engine import AttemptBudget, Stop, Verdict
from ..instances import FORMAT_NAMES, UsageError, parse_pairs
from ..manager import Manager
from ..puzzle import Puzzle, accepted
from ..reporters import PictureSink, plural
from ..run import held_signals
from .options import add_params, add_picture_options, check_picture_options, close_pictures, encoded, unsolved_picture
from .status import EXIT_FOUND, EXIT_INTERRUPTED, EXIT_TIMEOUT


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``generate``."""
    command.description = ("Make puzzles with the puzzle's generator: sizes and other settings with -p NAME=VALUE "
                           "(see 'backtrack generate PUZZLE --help-params'), the same --seed giving the same puzzles.  "
                           "Every --unique puzzle is checked unique by the engine before it is printed.")
    command.add_argument("puzzle")
    add_params(command, "a generator parameter (size, density, ...)")
    command.add_argument("--seed", type=int, metavar="N",
                         help="the seed (default: a random one, said on standard error): the same seed and "
                              "parameters make the same puzzles")
    command.add_argument("--count", type=int, default=1, metavar="K", help="make K puzzles (default 1)")
    command.add_argument("--timeout", type=float, metavar="SECONDS",
                         help="stop after SECONDS: the puzzles made so far stay printed, standard error says how "
                              "many of the --count were made, exit status 124")
    unique = command.add_mutually_exclusive_group()
    unique.add_argument("--unique", action="store_true", default=None,
                        help="only puzzles with exactly one solution (the default for puzzles solved by hand)")
    unique.add_argument("--any", dest="unique", action="store_false", help="puzzles with any number of solutions")
    command.add_argument("--difficulty", metavar="LEVEL",
                         help="only puzzles of this grade, checked by 'backtrack grade' before they are printed: a "
                              "level of the puzzle's scale ('backtrack generate PUZZLE --help-params' lists it); "
                              "easy, medium or hard grade how much the search must guess where the scale has no such "
                              "name (implies --unique)")
    command.add_argument("--to", default="text", choices=("text", *FORMAT_NAMES),
                         help="the format to write (default: the puzzle's own text, ready for 'backtrack solve')")
    command.add_argument("--help-params", action="store_true", help="list the generator's parameters and exit")
    add_picture_options(command, "each puzzle made")


#: Tries per puzzle asked for before ``generate`` gives up on a grade or on uniqueness.
GENERATE_TRIES = 200
#: Tries per puzzle for a level of the puzzle's scale: some levels are rare among the puzzles a generator makes
#: (one 6 x 6 Kendoku in a hundred is extreme), and grading one takes milliseconds.
LEVEL_TRIES = 2000
#: The attempts (decisions tried) of ``generate --difficulty``'s graded check of one puzzle: its
#: grading search may differ from the generator's and be slow on big boards; a check stopped
#: there proves nothing, and the puzzle is passed over.  About 6 s of Sudoku's or Akari's search
#: (a 25 x 25 Sudoku's check measured about 20,000 attempts).
GRADE_ATTEMPTS = 100_000


#: The grades of how much a search must guess (:class:`~backtrack.engine.Difficulty`), for puzzles without a scale.
SEARCH_GRADES = ("easy", "medium", "hard")


def reasoner_scale(puzzle: Puzzle) -> tuple[str, ...]:
    """The levels of the puzzle's scale (its reasoner's), empty when it has none."""
    from ..hints import scale_of

    return scale_of(puzzle)


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
        if (self.seconds is not None and hasattr(signal, "setitimer")
                and threading.current_thread() is threading.main_thread()):
            self._previous = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
            self._armed = True
        return self

    def __exit__(self, *exc_info: object) -> None:
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


def run(manager: Manager, args: argparse.Namespace) -> int:
    """``backtrack generate``: new instances, each ``--unique`` one checked unique by the engine first."""
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
        scale = reasoner_scale(puzzle)
        print(f"--difficulty: {', '.join(scale)} (as 'backtrack grade' grades them)" if scale else
              f"--difficulty: {', '.join(SEARCH_GRADES)} (how much the search must guess)")
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
    scale = reasoner_scale(puzzle)
    if args.difficulty is not None:
        if args.unique is False:
            raise UsageError("--difficulty grades puzzles with one solution: leave out --any")
        if args.difficulty not in scale and args.difficulty not in SEARCH_GRADES:
            known = ", ".join(scale or SEARCH_GRADES)
            raise UsageError(f"--difficulty of {puzzle.name} is one of {known}, not {args.difficulty!r}")
        unique = True
    by_scale = args.difficulty in scale
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
                if tried >= (LEVEL_TRIES if by_scale else GENERATE_TRIES) * args.count:
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
                    if by_scale:
                        from ..hints import grade, reasoner_for

                        found = grade(reasoner_for(puzzle, spec, None, "<generated>"), seconds=deadline.left())
                        if found.name is None and deadline.expired():
                            raise GenerateTimeout
                        if found.name != args.difficulty:
                            continue
                    elif args.difficulty is not None:
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
