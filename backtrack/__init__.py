"""backtrack: a backtracking engine whose puzzles are plugins.

A search is five methods (``moves``, ``valid``, ``record``, ``undo``, ``done``) on a
subclass of :class:`Search`; the engine finds the first, all, or a count of
solutions and reports attempts (calls of ``valid``) and time.  :class:`Backtrack`
is the tutorial programs' variant whose constructor runs the search.  Puzzles are
plugins found through the entry-point group ``backtrack``.
"""

from typing import TYPE_CHECKING

# The engine, the descriptors and run() come at once: every user needs them, and
# ``run`` must be bound here (importing the module backtrack.run would shadow a lazy one).
from .engine import AttemptBudget, PrefixError, Report, Search, Stop, StopSearch, Verdict, Watch
from .inputs import MAX_INPUT_BYTES, read_file, whole_number
from .puzzle import Format, Generator, InputError, Param, Puzzle, examples_in, quoted
from .run import MODES, Outcome, SearchInfo, SearchInterrupted, run

if TYPE_CHECKING:
    from . import parallel
    from .hookspecs import hookimpl, hookspec
    from .manager import Manager, PluginWarning, RegisteredPuzzle, UnknownPuzzle, make_manager
    from .notebook import Picture, Pictured, Replay, picture, read_instance, replay
    from .parallel import CheckpointError, CountInterrupted, CountReport, NotSplittable
    from .cover import Coloured, ExactCoverSearch
    from .propagation import PropagatingSearch
    from .shortest import ShortestSearch
    from .tutorial import Backtrack

__all__ = [
    "Backtrack",
    "CheckpointError",
    "Coloured",
    "CountInterrupted",
    "CountReport",
    "NotSplittable",
    "ExactCoverSearch",
    "InputError",
    "MAX_INPUT_BYTES",
    "MODES",
    "Manager",
    "Outcome",
    "Param",
    "Picture",
    "Pictured",
    "Format",
    "Generator",
    "PluginWarning",
    "PrefixError",
    "PropagatingSearch",
    "Puzzle",
    "RegisteredPuzzle",
    "Replay",
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
    "picture",
    "quoted",
    "read_file",
    "read_instance",
    "replay",
    "run",
    "whole_number",
]

#: Names loaded on first use, by the module defining them: pluggy and the entry-point
#: scan (the manager), the reporters (the tutorial's class), multiprocessing and maybe
#: Dask (counting in parallel) cost a start-up that a plain search never needs; the
#: notebook's pictures and replays are loaded with the first model that says it has one.
_LAZY = {
    "hookimpl": "hookspecs",
    "hookspec": "hookspecs",
    "Manager": "manager",
    "PluginWarning": "manager",
    "RegisteredPuzzle": "manager",
    "UnknownPuzzle": "manager",
    "make_manager": "manager",
    "PropagatingSearch": "propagation",
    "ExactCoverSearch": "cover",
    "Coloured": "cover",
    "ShortestSearch": "shortest",
    "Backtrack": "tutorial",
    "CheckpointError": "parallel",
    "CountInterrupted": "parallel",
    "CountReport": "parallel",
    "NotSplittable": "parallel",
    "Picture": "notebook",
    "Pictured": "notebook",
    "Replay": "notebook",
    "picture": "notebook",
    "read_instance": "notebook",
    "replay": "notebook",
}


def __getattr__(name: str) -> object:
    import importlib

    if name == "parallel":
        return importlib.import_module(".parallel", __name__)
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
