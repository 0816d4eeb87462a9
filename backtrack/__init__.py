"""backtrack: a backtracking engine whose puzzles are plugins.

A search is five methods (``moves``, ``valid``, ``record``, ``undo``, ``done``) on a
subclass of :class:`Search`; the engine finds the first, all, or a count of
solutions and reports attempts (calls of ``valid``) and time.  :class:`Backtrack`
is the tutorial programs' variant whose constructor runs the search.  Puzzles are
plugins found through the entry-point group ``backtrack``.
"""

from .engine import AttemptBudget, PrefixError, Report, Search, Stop, StopSearch, Verdict, Watch
from .hookspecs import hookimpl, hookspec
from .manager import Manager, PluginWarning, RegisteredPuzzle, UnknownPuzzle, make_manager
from .inputs import MAX_INPUT_BYTES, read_file, whole_number
from .propagation import PropagatingSearch
from .puzzle import Format, Generator, InputError, Param, Puzzle, examples_in, quoted
from .run import MODES, Outcome, SearchInfo, SearchInterrupted, run
from .tutorial import Backtrack
from .shortest import ShortestSearch

__all__ = [
    "Backtrack",
    "CheckpointError",
    "CountInterrupted",
    "CountReport",
    "NotSplittable",
    "InputError",
    "MAX_INPUT_BYTES",
    "MODES",
    "Manager",
    "Outcome",
    "Param",
    "Format",
    "Generator",
    "PluginWarning",
    "PrefixError",
    "PropagatingSearch",
    "Puzzle",
    "RegisteredPuzzle",
    "Report",
    "Search",
    "SearchInfo",
    "SearchInterrupted",
    "ShortestSearch",
    "Stop",
    "StopSearch",
    "AttemptBudget",
    "UnknownPuzzle",
    "Verdict",
    "Watch",
    "examples_in",
    "hookimpl",
    "hookspec",
    "make_manager",
    "parallel",
    "quoted",
    "read_file",
    "run",
    "whole_number",
]

#: Names loaded on first use: counting in parallel needs multiprocessing (and maybe
#: Dask), which a plain search never does, so ``import backtrack`` stays light.
_PARALLEL = {"CheckpointError", "CountInterrupted", "CountReport", "NotSplittable"}


def __getattr__(name: str) -> object:
    if name == "parallel" or name in _PARALLEL:
        import importlib

        parallel = importlib.import_module(".parallel", __name__)
        return parallel if name == "parallel" else getattr(parallel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
