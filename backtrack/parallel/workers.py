"""What a count needs of the workers that count its subtrees: the :class:`Workers` protocol.

Three kinds follow it: the worker processes of this machine and an executor handed
in (:mod:`.local`), and a Dask cluster (:mod:`.cluster`).  A count
(:mod:`.counting`) starts them with the subtrees left, takes their results as they
come, and stops them; while spawned processes are still starting it takes subtrees
back to count them itself.
"""

from __future__ import annotations

from typing import Protocol

from .jobs import SubtreeResult

__all__ = ["Workers"]


class Workers(Protocol):
    """Workers counting the subtrees of one count, each subtree once.

    ``kind`` names them in the report (``local``, ``executor``, ``dask``);
    ``retried`` is the number of subtrees counted again after their worker died.
    A failed subtree raises :class:`~backtrack.parallel.SubtreeError` from
    :meth:`results`, after the workers are stopped.
    """

    kind: str
    retried: int

    @property
    def starts_slowly(self) -> bool:
        """Whether the workers take long to start (spawned processes import the plugins again).

        The count then counts subtrees taken back with :meth:`steal` until one is
        :meth:`running`, so that the time they take to start is not lost.
        """
        ...

    def start(self, todo: list[int]) -> None:
        """Start counting the subtrees of ``todo``, in that order."""
        ...

    def running(self) -> bool:
        """Whether a worker has started counting."""
        ...

    def steal(self) -> int | None:
        """Take back a subtree no worker has started, to count it elsewhere; None when there is none."""
        ...

    def pending(self) -> bool:
        """Whether subtrees are still waiting or being counted."""
        ...

    def results(self, timeout: float) -> list[SubtreeResult]:
        """The subtrees counted within ``timeout`` seconds (maybe none)."""
        ...

    def stop(self) -> None:
        """End the counting of the subtrees not finished."""
        ...
