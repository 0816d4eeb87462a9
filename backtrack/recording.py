"""Recording a search event by event, for a replay page or for people who analyse searches.

:func:`record` runs a search with its five methods wrapped (a :data:`~backtrack.Watch`:
nothing is added to an ordinary search) and keeps one event per attempt (valid or
not), per record, per undo and per solution, with the search tree they build and,
when the puzzle can draw itself, the board after each event.  The number of
attempt events equals the report's attempts.  ``max_events`` bounds a recording:
the search is stopped there, and the recording says so.

Events as data (also the JSON lines of ``--trace-format jsonl``)::

    {"event": 7, "kind": "attempt", "level": 2, "move": "(2, 4)", "valid": false, "attempt": 5, "node": 6, "at": 3}

``kind`` is ``attempt``, ``record``, ``undo`` or ``solution``; ``node`` is the tree
node the event is about (an attempt makes one), ``at`` the node the search stands
on afterwards (its path to the root is the current path).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TextIO

from .engine import Search, Stop, StopSearch
from .inputs import title_source
from .outputs import write_atomic
from .puzzle import Puzzle
from .run import NOT_PLUGIN_BUGS, PluginFailed, plugin_failure
from .svg import escape, plain_drawing

__all__ = ["Recording", "record", "event_stream", "write_page", "page_text", "title_source",
           "DEFAULT_MAX_EVENTS"]

#: How many events a recording keeps unless told otherwise.
DEFAULT_MAX_EVENTS = 5000
#: The most bytes of board pictures one page holds: a large board draws 100 KB or more
#: per distinct state, and a page must stay small enough for a browser to open.
MAX_FRAME_BYTES = 40 * 1024 * 1024


@dataclass
class Recording:
    """A recorded search: its events, tree nodes, board frames and what the search reported."""

    puzzle: str
    source: str
    mode: str
    events: list[dict[str, Any]] = field(default_factory=list)
    nodes: list[dict[str, Any]] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    attempts: int = 0
    solutions: int = 0
    complete: bool = False
    truncated: bool = False
    max_events: int = DEFAULT_MAX_EVENTS
    drawn: bool = False
    start_frame: int = 0
    #: Why the recording stopped early: ``events`` (``max_events``) or ``pictures`` (:data:`MAX_FRAME_BYTES`).
    truncated_by: str = ""
    #: When the puzzle's code raised during the search: the message naming the plugin and the error.
    failure: str = ""

    def as_data(self) -> dict[str, Any]:
        """Everything a replay page needs, as JSON data."""
        return {
            "puzzle": self.puzzle, "source": self.source, "mode": self.mode, "events": self.events,
            "nodes": self.nodes, "frames": self.frames, "marks": self.marks, "attempts": self.attempts,
            "solutions": self.solutions, "complete": self.complete, "truncated": self.truncated,
            "max_events": self.max_events, "drawn": self.drawn, "start_frame": self.start_frame,
            "truncated_by": self.truncated_by, "failure": self.failure,
        }


class _Recorder:
    """The watch that turns the five methods' calls into events."""

    def __init__(self, puzzle: Puzzle | None, spec: Any, search: Search, recording: Recording,
                 sink: TextIO | None = None):
        self.spec, self.search, self.recording, self.sink = spec, search, recording, sink
        self.describe = search.format_move
        drawing = sink is None  # a stream of events for analysis carries no pictures
        self.draw: Callable[..., str] | None = getattr(puzzle, "draw", None) if drawing else None
        self.draw_move: Callable[..., str] | None = getattr(puzzle, "draw_move", None) if drawing else None
        self.path: list[Any] = []  # the moves recorded
        self.at = [0]  # tree nodes on the current path; node 0 is the root
        self.attempts = 0
        self.count = 0  # events so far
        self.last_node = 0  # the tree node of the last attempt (0 is the root)
        self.frames: dict[str, int] = {}
        self.frame_bytes = 0
        self.marks: dict[str, int] = {}
        recording.nodes.append({"parent": None, "level": -1, "move": "start", "state": "open", "event": -1})
        recording.drawn = self.draw is not None

    def frame(self) -> int | None:
        if self.sink is not None:
            return None
        if self.draw is not None:
            svg = self.draw(self.spec, self.search.partial(tuple(self.path)))
        else:
            svg = plain_drawing(f"level {level}: {self.describe(level, move)}" for level, move in enumerate(self.path))
        found = self.frames.get(svg)
        if found is None:
            found = self.frames[svg] = len(self.recording.frames)
            self.recording.frames.append(svg)
            self.frame_bytes += len(svg)
        return found

    def mark(self, level: int, move: Any) -> int | None:
        if self.draw_move is None:
            return None
        fragment = self.draw_move(self.spec, self.search.drawn_move(level, move))
        found = self.marks.get(fragment)
        if found is None:
            found = self.marks[fragment] = len(self.recording.marks)
            self.recording.marks.append(fragment)
        return found

    def full(self) -> bool:
        """Whether the recording has no room for another event (and says why)."""
        recording = self.recording
        if self.sink is not None:
            return False
        if self.count >= recording.max_events:
            recording.truncated, recording.truncated_by = True, recording.truncated_by or "events"
        elif self.frame_bytes >= MAX_FRAME_BYTES:
            recording.truncated, recording.truncated_by = True, recording.truncated_by or "pictures"
        return recording.truncated

    def event(self, kind: str, level: int, move: Any, node: int, **more: Any) -> None:
        recording = self.recording
        if self.full():  # and the walk taking its moves back after it
            return
        event = {
            "event": self.count, "kind": kind, "level": level,
            "move": self.describe(level, move) if move is not None else None, "attempt": self.attempts,
            "node": node, "at": self.at[-1], **more,
        }
        self.count += 1
        if self.sink is not None:
            self.sink.write(json.dumps(event) + "\n")
            return
        event["frame"], event["mark"] = self.frame(), None if move is None else self.mark(level, move)
        recording.events.append(event)

    def room(self) -> None:
        if self.full():
            raise StopSearch(Stop.CALLER)

    def wrap(self, methods: tuple) -> tuple:
        moves, valid, filtered, record, undo, done = methods
        nodes = self.recording.nodes
        started = False

        def watched_moves(level: int) -> Any:
            nonlocal started
            if not started:  # the board as the search starts (a propagating search has made its deductions)
                started = True
                self.recording.start_frame = self.frame() or 0
            return moves(level)

        def watched_valid(level: int, move: Any) -> bool:
            self.room()
            ok = True if filtered else valid(level, move)
            self.attempts += 1
            self.last_node += 1
            if self.sink is None:  # streaming events keeps no tree
                nodes.append({"parent": self.at[-1], "level": level, "move": self.describe(level, move),
                              "state": "open" if ok else "dead", "event": self.count})
            self.event("attempt", level, move, self.last_node, valid=ok)
            return ok

        def watched_record(level: int, move: Any) -> None:
            record(level, move)
            self.path.append(move)
            self.at.append(self.last_node)  # the node of the attempt just made
            self.event("record", level, move, self.at[-1])

        def watched_done(level: int) -> bool:
            solved = done(level)
            if solved:
                if self.sink is None:
                    nodes[self.at[-1]]["state"] = "solution"
                self.recording.solutions += 1
                self.event("solution", level, None, self.at[-1], number=self.recording.solutions)
            return solved

        def watched_undo(level: int, move: Any) -> None:
            undo(level, move)
            self.path.pop()
            node = self.at.pop()
            self.event("undo", level, move, node)

        return watched_moves, watched_valid, False, watched_record, watched_undo, watched_done


def record(
    puzzle: Puzzle | None,
    spec: Any,
    search: Search,
    *,
    source: str = "<input>",
    mode: str = "all",
    limit: int | None = None,
    max_events: int = DEFAULT_MAX_EVENTS,
    sink: TextIO | None = None,
    trace: TextIO | None = None,
) -> Recording:
    """Run ``search`` in ``mode`` (``all``, ``first``, ``count`` or ``unique``) and record every event.

    ``puzzle`` draws the board (None: the moves are listed instead).  With ``sink``
    the events are written there as JSON lines as they happen, and neither kept nor
    drawn (no ``max_events`` then).  ``trace`` gets the text trace as well.  When the
    puzzle's code raises, :class:`~backtrack.run.PluginFailed` carries the recording
    up to the error (its ``failure`` says what failed).
    """
    name = puzzle.name if puzzle is not None else type(search).__name__
    recording = Recording(name, source, mode, max_events=max_events)
    recorder = _Recorder(puzzle, spec, search, recording, sink)
    if mode == "first":
        limit = 1
    elif mode == "unique":
        limit = 2
    failure: Exception | None = None
    try:
        for _ in search.solutions(limit, watch=recorder.wrap, trace=trace):
            pass
    except NOT_PLUGIN_BUGS:
        raise
    except Exception as error:  # the events up to the error are kept: they show how the plugin got there
        failure = error
        recording.failure = plugin_failure(name, error, source)
    if not recording.frames and sink is None:  # solved at the start, or nothing to do: no method was called
        if failure is None:
            recording.start_frame = recorder.frame() or 0
        else:  # not drawn again: drawing may be what failed
            recording.frames.append(plain_drawing(["the search ended by an error of the plugin"]))
    report = search.report
    if report.solutions and not report.attempts and recorder.recording.solutions == 0:
        # The givens alone are the solution: the root is it, with no move made.
        recording.solutions = 1
        if sink is None:
            recording.nodes[0]["state"] = "solution"
        recorder.event("solution", -1, None, 0, number=1)
    recording.attempts, recording.complete = report.attempts, report.complete
    recording.solutions = report.solutions
    if sink is None:
        _layout(recording.nodes)
    else:
        recording.nodes = []
        sink.write(json.dumps({"kind": "summary", "attempts": report.attempts, "solutions": report.solutions,
                               "complete": report.complete, "events": recorder.count,
                               **({"failure": recording.failure} if failure is not None else {})}) + "\n")
    if failure is not None:
        raise PluginFailed(recording.failure, report=report, recording=recording) from failure
    return recording


def event_stream(search: Search, sink: TextIO) -> Callable[[tuple], tuple]:
    """A watch writing ``search``'s events to ``sink`` as JSON lines as they happen (``--trace-format jsonl``)."""
    recorder = _Recorder(None, None, search, Recording(type(search).__name__, "", ""), sink)
    return recorder.wrap


def _layout(nodes: list[dict[str, Any]]) -> None:
    """Give every tree node ``x`` (leaves left to right in the order they were made, a parent above its first
    child) and ``y`` (its level)."""
    children: dict[int, list[int]] = {}
    for index, node in enumerate(nodes):
        if node["parent"] is not None:
            children.setdefault(node["parent"], []).append(index)
    next_leaf = 0.0
    stack: list[tuple[int, bool]] = [(0, False)]  # (node, its children placed); no recursion: trees may be deep
    while stack:
        index, placed = stack.pop()
        kids = children.get(index, [])
        nodes[index]["y"] = nodes[index]["level"] + 1
        if not kids:
            nodes[index]["x"] = next_leaf
            next_leaf += 1
        elif placed:  # above its first child: a tree shown in part reads from the left
            nodes[index]["x"] = nodes[kids[0]]["x"]
        else:
            stack.append((index, True))
            stack.extend((kid, False) for kid in reversed(kids))


#: Characters that could end or restructure the element holding the data (``</script>``, ``<!--``) or start a
#: character reference, as JSON escapes: ``JSON.parse`` reads them back as they were.
_JSON_IN_HTML = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}
_PLACEHOLDER = re.compile("__TITLE__|__DATA__")


def page_text(recording: Recording) -> str:
    """The replay page of ``recording`` as HTML.

    The data is JSON in a ``<script type="application/json">`` element with ``<``,
    ``>`` and ``&`` escaped, so no text of the search (a file name, a move) can
    change the page's structure; the placeholders are replaced in one pass, so no
    substituted text is read again.
    """
    template = (Path(__file__).parent / "replay.html").read_text(encoding="utf-8")
    values = {
        "__TITLE__": escape(f"{recording.puzzle} {recording.source}"),
        "__DATA__": json.dumps(recording.as_data(), separators=(",", ":")).translate(_JSON_IN_HTML),
    }
    return _PLACEHOLDER.sub(lambda found: values[found.group(0)], template)


def write_page(recording: Recording, path: str | Path) -> None:
    """Write the replay page: one self-contained HTML file (no network, no server; opens from disk).

    Written whole or not at all (:func:`~backtrack.outputs.write_atomic`); :class:`~backtrack.outputs.OutputError`
    when it cannot be.
    """
    write_atomic(path, page_text(recording))
