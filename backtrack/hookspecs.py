# mypy: disable-error-code="empty-body"
"""The hooks of ``backtrack``: one registration hook and three search events.

Plugins mark their implementations with :data:`hookimpl`; a plugin module named by
an entry point in the group ``backtrack`` is registered under that entry point's
name.  Events are fired once per search and once per solution handed to the user,
never per attempt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .engine import Report
    from .puzzle import Puzzle
    from .run import SearchInfo

PROJECT = "backtrack"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def backtrack_puzzles() -> "list[Puzzle]":
    """Return the puzzles this plugin provides."""


@hookspec
def backtrack_search_started(info: "SearchInfo") -> None:
    """A search starts: ``info`` names the puzzle, the source and the mode."""


@hookspec
def backtrack_solution_found(info: "SearchInfo", number: int, solution: Any, rendered: str | None) -> None:
    """Solution ``number`` (from 1) is handed to the user; ``rendered`` is its text.

    Not fired while only counting.
    """


@hookspec
def backtrack_search_finished(info: "SearchInfo", report: "Report") -> None:
    """A search ended, completely or stopped early: ``report`` says which."""
