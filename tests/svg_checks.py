"""Checks the picture, recording and replay-page tests share: reading SVG, a search's states, a replay page's data.

The tests find a picture's pieces by their class and place them by their
coordinates, read against the grid's frame (the one element of class ``frame``),
so that nothing depends on a plugin's own geometry.  A move's mark is an SVG
fragment: it is read on its own (:func:`parsed_mark`) or over the board it marks,
as the replay page composes them (:func:`composed`).

The tests folder has no ``__init__.py``: pytest puts it on ``sys.path``, and the
test modules import these with ``from svg_checks import ...``.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable

from backtrack.cli import main

#: The SVG namespace, as ElementTree writes it before a tag: ``SVG + "circle"``.
SVG = "{http://www.w3.org/2000/svg}"

#: What holds a replay page's data: its JSON stands between this and the next ``</script>``.
REPLAY_DATA = '<script id="replay-data" type="application/json">'


# -- reading SVG ---------------------------------------------------------------------------


def parsed(svg: str) -> ET.Element:
    """The root of the SVG document ``svg``, which must parse as XML and be an ``<svg>`` of the SVG namespace."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg", root.tag
    return root


def of_class(root: ET.Element | str, kind: str) -> list[ET.Element]:
    """The elements whose class names ``kind``, in document order; ``root`` may be SVG text (see :func:`parsed`)."""
    if isinstance(root, str):
        root = parsed(root)
    return [element for element in root.iter() if kind in element.get("class", "").split()]


def parsed_mark(mark: str) -> ET.Element:
    """A move's mark (an SVG fragment, not a document) parsed on its own, inside an ``<svg>`` of the SVG namespace."""
    return parsed(f'<svg xmlns="http://www.w3.org/2000/svg">{mark}</svg>')


def highlight_of(mark: str) -> ET.Element:
    """The highlight of a move's mark: its one element of class ``highlight`` (there must be exactly one)."""
    (highlight,) = of_class(parsed_mark(mark), "highlight")
    return highlight


def highlight_corner(mark: str) -> tuple[float, float]:
    """The top left corner (x, y) of the one highlight of a move's mark (see :func:`highlight_of`)."""
    highlight = highlight_of(mark)
    return float(highlight.get("x")), float(highlight.get("y"))


def composed(frame: str, mark: str) -> ET.Element:
    """The board ``frame`` with the move's ``mark`` drawn over it, as the replay page composes them: the mark goes
    in before the closing ``</svg>`` that ends the frame."""
    head, closing, tail = frame.rpartition("</svg>")
    assert closing and not tail.strip(), "a frame ends with </svg>"
    return parsed(head + mark + closing)


# -- placing pieces against the grid's frame -------------------------------------------------


def grid_frame(root: ET.Element | str, *, square: bool = False) -> tuple[float, float, float, float]:
    """The grid's left, top, width and height, from the frame around it (the one element of class ``frame``).

    With ``square``, the frame must be exactly as high as it is wide (an n x n grid).
    """
    (rect,) = of_class(root, "frame")
    if square:
        assert rect.get("width") == rect.get("height")
    left, top, width, height = (float(rect.get(name, 0)) for name in ("x", "y", "width", "height"))
    return left, top, width, height


def grid_place(root: ET.Element | str, columns: int, x: float, y: float, *,
               square: bool = False) -> tuple[float, float]:
    """Where the point ``x``, ``y`` stands in cells from the frame's top left corner: (row, column), fractions kept
    (negative, or past the last cell, outside the frame); the frame is ``columns`` square cells wide."""
    left, top, width, _ = grid_frame(root, square=square)
    side = width / columns
    return (y - top) / side, (x - left) / side


def cell_under(root: ET.Element | str, columns: int, x: float, y: float, *, square: bool = False) -> tuple[int, int]:
    """The (row, column) of the cell holding the point ``x``, ``y``, which must lie inside the frame; the frame is
    ``columns`` square cells wide."""
    left, top, width, height = grid_frame(root, square=square)
    assert left <= x < left + width and top <= y < top + height, f"({x}, {y}) lies outside the frame"
    side = width / columns
    return int((y - top) // side), int((x - left) // side)


def texts_by_cell(svg: ET.Element | str, kind: str, n: int) -> dict[tuple[int, int], list[str]]:
    """The texts of class ``kind`` on an n x n grid, by the cell (row, column) their anchor falls in."""
    root = parsed(svg) if isinstance(svg, str) else svg
    found: dict[tuple[int, int], list[str]] = {}
    for element in of_class(root, kind):
        cell = cell_under(root, n, float(element.get("x", 0)), float(element.get("y", 0)), square=True)
        found.setdefault(cell, []).append(element.text or "")
    return found


def highlighted_cell(frame: str, mark: str, n: int) -> tuple[int, int]:
    """The cell (row, column) of an n x n grid drawn in ``frame`` that the highlight of ``mark`` covers (its top
    left corner falls in it)."""
    highlight = highlight_of(mark)
    return cell_under(frame, n, float(highlight.get("x", 0)), float(highlight.get("y", 0)), square=True)


# -- the Latin-square puzzles (sudoku, kendoku, skyline): one value a cell --------------------------


def latin_mark(frame: str, mark: str, n: int) -> tuple[tuple[int, int], list[str | None]]:
    """What the mark of a decision shows over ``frame``, an n x n grid: the cell its one highlight covers, and the
    texts of its one ``tried`` group (the value tried). The mark is a fragment, not a document."""
    assert "<svg" not in mark
    (tried,) = of_class(parsed_mark(mark), "tried")
    return highlighted_cell(frame, mark, n), [text.text for text in tried.iter(f"{SVG}text")]


def checked_latin_attempts(puzzle: Any, spec: Any, recording: Any) -> list[dict]:
    """The attempt events of a recorded Latin-square search, checked against the pictures recorded.

    The replay starts on the drawing of the search once begun (the givens propagated); each attempt ("V at row R,
    column C") marks that cell of the ``spec.n`` x ``spec.n`` grid in its frame, and the frame shows V placed
    there when the attempt is valid, nothing placed when it is not.
    """
    start = puzzle.search(spec)
    start.begin()
    assert recording.frames[recording.start_frame] == puzzle.draw(spec, start.partial(()))
    attempts = [event for event in recording.events if event["kind"] == "attempt"]
    for event in attempts:
        frame, mark = recording.frames[event["frame"]], recording.marks[event["mark"]]
        words = event["move"].split()
        row, column = (int(word.rstrip(",")) - 1 for word in words[3::2])
        assert highlighted_cell(frame, mark, spec.n) == (row, column)
        shown = texts_by_cell(frame, "placed", spec.n).get((row, column))
        assert shown == ([str(int(words[0]))] if event["valid"] else None)  # taken back: the cell is still open
    return attempts


# -- a search watched as it runs ---------------------------------------------------------------


def _watched(search: Any, limit: int | None, after_record: Callable[[tuple], None],
             at_solution: Callable[[tuple], None] | None = None) -> list:
    """The solutions of ``search`` (at most ``limit``), run with a watch that keeps the path of moves recorded and
    calls ``after_record(path)`` after each record and ``at_solution(path)`` at each solution."""
    path: list = []

    def watch(methods: tuple) -> tuple:
        moves, valid, filtered, record_move, undo, done = methods

        def recorded(level: int, move: Any) -> None:
            record_move(level, move)
            path.append(move)
            after_record(tuple(path))

        def undone(level: int, move: Any) -> None:
            undo(level, move)
            path.pop()

        def finished(level: int) -> bool:
            if done(level):
                if at_solution is not None:
                    at_solution(tuple(path))
                return True
            return False

        return moves, valid, filtered, recorded, undone, finished

    return list(search.solutions(limit, watch=watch))


def states_along(search: Any, limit: int | None = None) -> tuple[list, list[tuple[tuple, Any]], list]:
    """Run ``search`` (to at most ``limit`` solutions) and read its partial state as it goes.

    Returns the solutions found; the (path, ``search.partial(path)``) after every move recorded, the path being
    the moves recorded and not yet undone; and ``search.partial(path)`` at every solution.
    """
    seen: list[tuple[tuple, Any]] = []
    solved: list = []
    found = _watched(search, limit, lambda path: seen.append((path, search.partial(path))),
                     lambda path: solved.append(search.partial(path)))
    return found, seen, solved


def state_at_depth(search: Any, depth: int) -> tuple[Any, tuple, list[int]]:
    """Run ``search`` to its first solution; the partial state, the path and the candidates (``search.cand``, as
    the Latin-square searches keep them) the first time its path is ``depth`` moves deep."""
    kept: dict[str, Any] = {}

    def keep(path: tuple) -> None:
        if not kept and len(path) == depth:
            kept["state"], kept["path"], kept["cand"] = search.partial(path), path, list(search.cand)

    _watched(search, 1, keep)
    return kept["state"], kept["path"], kept["cand"]


# -- the replay page ---------------------------------------------------------------------------------


def page_data(path: Path) -> dict:
    """The data a replay page holds: the JSON in its ``<script id="replay-data" type="application/json">``."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text.split(REPLAY_DATA, 1)[1].split("</script>", 1)[0])


def replayed(page: Path, *command: str) -> dict:
    """Run the command line ``command`` (a ``replay``, with any options before it) writing ``page``; it must
    succeed. The page's data (see :func:`page_data`)."""
    assert main([*command, "-o", str(page)]) == 0
    return page_data(page)


def drawn_replay(page: Path, puzzle: str, *options: str) -> dict:
    """The data of the page ``replay PUZZLE OPTIONS`` writes, checked for what the replay of a puzzle that draws
    itself holds: the puzzle's own drawings (every frame a board of class ``backtrack-board PUZZLE``) and a mark
    with a highlight for the moves."""
    data = replayed(page, "replay", puzzle, *options)
    assert data["drawn"] is True and data["frames"] and data["marks"]
    assert all(f'class="backtrack-board {puzzle}"' in frame for frame in data["frames"])
    assert all('class="highlight"' in mark for mark in data["marks"])
    return data


def solution_picture(data: dict) -> ET.Element:
    """The picture a replay page shows at its solution (its data must hold exactly one solution event)."""
    (solved,) = [event for event in data["events"] if event["kind"] == "solution"]
    return parsed(data["frames"][solved["frame"]])
