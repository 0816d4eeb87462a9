"""The split: the top of a search tree cut at a depth, and the subtrees below the cut.

The cut is the engine's own walk, stopped at a depth (see ``frontier_depth`` in
:mod:`backtrack.walk`): the attempts and solutions it meets above the cut are
the split's, and each move sequence it stops at is a subtree that a fresh search
counts with ``search.count(prefix=...)``.  So a serial count's attempts equal the
split's plus the sum of the subtrees'.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from ..engine import Search, Stop

__all__ = [
    "Split",
    "split",
    "cut",
    "is_splittable",
    "SplitDepthError",
    "SplitTimeout",
    "MIN_SUBTREES",
    "MAX_SUBTREES",
    "MAX_DEPTH",
    "MAX_SPLIT_DEPTH",
]

#: The split aims at no fewer subtrees than this (progress granularity for one worker).
MIN_SUBTREES = 32
#: The split aims at no more subtrees than this, however many workers there are.
MAX_SUBTREES = 1 << 16
#: A split of its own choosing never goes deeper than this.
MAX_DEPTH = 32
#: The deepest split that may be asked for (``depth=``, ``--split-depth``).
MAX_SPLIT_DEPTH = 64


class SplitDepthError(ValueError):
    """A split depth that cannot be used: out of range, or below the bottom of the search tree."""


class SplitTimeout(Exception):
    """The count's timeout ran out while the tree was being cut: what the cut met until then."""

    def __init__(self, attempts: int, solutions: int):
        super().__init__(f"the timeout ran out while the search tree was split ({attempts} attempts)")
        self.attempts, self.solutions = attempts, solutions


@dataclass
class Split:
    """The top of a search tree down to ``depth``: its subtrees and what it counted.

    ``prefixes`` are the move sequences of length ``depth`` that are valid and not
    solutions, in the engine's order; ``attempts`` and ``solutions`` are those met
    above ``depth``.
    """

    depth: int
    prefixes: list[tuple]
    attempts: int
    solutions: int
    seconds: float = 0.0

    def digest(self) -> str:
        """A hash of the prefixes, to recognise the same split in a checkpoint."""
        return hashlib.sha256(repr(self.prefixes).encode()).hexdigest()


def is_splittable(search: Search) -> tuple[bool, str]:
    """Whether ``search`` can be split into subtrees, and if not, why."""
    kind = type(search)
    if not getattr(search, "splittable", True):
        return False, f"{kind.__name__} says it cannot be split (splittable = False)"
    for name in ("_walk", "_searching", "count"):
        if getattr(kind, name, None) is not getattr(Search, name):
            return False, f"{kind.__name__} overrides the engine's {name.strip('_')}, so its tree cannot be split"
    return True, ""


def cut(search: Search, depth: int, deadline: float | None = None) -> Split:
    """The split of ``search`` at ``depth``: the engine's walk, stopped there.

    :class:`SplitTimeout` when ``deadline`` (``time.monotonic()``) passes first.
    """
    started = time.perf_counter()
    walk = search._walk((), None, False, deadline, depth)
    try:
        solutions = sum(1 for _ in walk)
    finally:
        walk.close()
    if walk.stopped is Stop.TIMEOUT:
        raise SplitTimeout(walk.attempts, solutions)
    assert walk.frontier is not None
    return Split(depth, walk.frontier, walk.attempts, solutions, time.perf_counter() - started)


def split(
    search: Search,
    *,
    target: int = MIN_SUBTREES,
    depth: int | None = None,
    max_depth: int = MAX_DEPTH,
    strict_depth: bool = False,
    deadline: float | None = None,
) -> Split:
    """Split ``search`` at ``depth``, or at the first depth giving ``target`` subtrees.

    Without ``depth`` the depth grows until there are at least ``target`` subtrees,
    the tree ends above it (no subtrees: the split counted everything), or
    ``max_depth`` is reached.  A ``depth`` asked for must be from 0 to
    :data:`MAX_SPLIT_DEPTH` (else :class:`SplitDepthError`).  With
    ``strict_depth`` it must also be within the tree: the tree is cut one level
    deeper at a time, and :class:`SplitDepthError` says so as soon as a level above
    ``depth`` has no subtrees left (the cut would count the whole tree here);
    without it such a split simply counts the whole tree.  :class:`SplitTimeout`
    when ``deadline`` (``time.monotonic()``) passes while the tree is cut.
    """
    if depth is not None:
        if not 0 <= depth <= MAX_SPLIT_DEPTH:
            raise SplitDepthError(f"the split depth must be from 0 to {MAX_SPLIT_DEPTH}, not {depth}")
        for level in range(1, depth if strict_depth else 0):
            if not cut(search, level, deadline).prefixes:
                raise SplitDepthError(
                    f"the split depth {depth} is below the bottom of this search tree: "
                    f"no move sequence of {level} moves is left to search further"
                )
        return cut(search, depth, deadline)
    best = cut(search, 0, deadline)
    for level in range(1, max_depth + 1):
        best = cut(search, level, deadline)
        if not best.prefixes or len(best.prefixes) >= target:
            break
    return best
