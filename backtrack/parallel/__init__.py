"""Counting all solutions in parallel: split the search tree, count the subtrees, add up.

:func:`count` walks the top of the search tree down to a chosen depth with the
engine's own walk (the *split*, :mod:`.tree`), counting the attempts and
solutions it meets there, and collects the *prefixes* of moves that reach that
depth.  Each prefix is a subtree: a worker rebuilds the puzzle from its text (or
parameters) and counts ``search.count(prefix=...)`` (:mod:`.jobs`).  The totals
are exactly the serial ones, attempts included.

The modules, one concern each:

* :mod:`.tree`: the split (:class:`Split`, :func:`split`, :func:`is_splittable`);
* :mod:`.jobs`: what travels to a worker and what runs there;
* :mod:`.report`: the report, the progress and the errors of a count;
* :mod:`.checkpoint`: the file of finished subtrees that lets a count resume;
* :mod:`.workers`: what a count needs of its workers (the :class:`~.workers.Workers` protocol);
* :mod:`.local`: worker processes of this machine, or an executor handed in;
* :mod:`.cluster`: a Dask distributed cluster (imported only when asked for);
* :mod:`.counting`: one count from start to end (:class:`Count`, :func:`count`).

For plugin authors: a search is split by replaying prefixes, so ``record(level,
move)`` must work from the moves recorded before it (a replay does not call
``moves`` at the prefix's levels), and the moves must be picklable to go to other
processes (otherwise the subtrees are counted in this process, and the report's
``note`` says why).  A search that cannot be split sets the class attribute
``splittable = False``; a subclass that overrides the engine's walk (such as
:class:`backtrack.ShortestSearch`) is treated the same way.  Such searches are
counted serially, in one piece.
"""

from ..distribution import extra_hint
from .checkpoint import CheckpointError
from .counting import count, max_workers
from .jobs import Job, worker_init
from .report import CountInterrupted, CountReport, NotSplittable, Progress, SubtreeError
from .tree import MAX_SPLIT_DEPTH, Split, SplitDepthError, is_splittable, split

#: What to tell someone who asks for a Dask cluster without Dask installed.
DASK_HINT = f"counting on a Dask cluster needs Dask: {extra_hint('dask')}"

__all__ = [
    "count",
    "max_workers",
    "MAX_SPLIT_DEPTH",
    "SplitDepthError",
    "split",
    "is_splittable",
    "Split",
    "Job",
    "CountReport",
    "Progress",
    "CountInterrupted",
    "CheckpointError",
    "NotSplittable",
    "SubtreeError",
    "DASK_HINT",
    "worker_init",
    "local_context",
]


def __getattr__(name: str) -> object:
    # The worker processes' machinery (multiprocessing) is imported when a count starts workers.
    if name == "local_context":
        from .local import local_context

        return local_context
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
