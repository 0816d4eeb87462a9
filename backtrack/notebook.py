"""Puzzles, solutions and searches in a notebook: objects that show themselves as pictures and replays.

Jupyter shows an object by its ``_repr_svg_`` or ``_repr_html_`` method (IPython's
convention), and ``print`` by its ``str``.  This module gives the puzzles those:

* :func:`picture` draws a puzzle or one of its solutions: a :class:`Picture` shows
  as the puzzle's own SVG drawing in a notebook, prints as the text form, and
  :meth:`Picture.save` writes the SVG file;
* :class:`Pictured` is the base of a puzzle's model (every built-in one has it):
  the model shows as its picture, drawn by the ``draw`` of the puzzle registered
  under its name;
* :func:`replay` records a search (as ``backtrack replay`` does) and returns a
  :class:`Replay`, which shows the replay page inside the notebook (each page in
  its own frame, so several on one page never meet) and :meth:`Replay.save`
  writes the very file ``backtrack replay`` writes;
* :func:`read_instance` reads an instance as every command does: a file, the
  puzzle's own text, a game ID or puzz.link URL, an example, or the parameters.

Nothing here needs IPython: the objects are plain Python, and work as well in a
script (``backtrack.picture("queens", spec, solution).save("eight.svg")``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from .puzzle import Puzzle

if TYPE_CHECKING:
    from .engine import Search
    from .recording import Recording

__all__ = ["Picture", "Pictured", "Replay", "picture", "replay", "read_instance", "installed_puzzle", "REPLAY_HEIGHT"]

#: The height, in pixels, of the frame a replay shows in inside a notebook.
REPLAY_HEIGHT = 660

#: How a replay's page names an instance given as a model (not read from a file, an example or parameters).
GIVEN = "(given in Python)"
#: The installed puzzles looked up by name in this process (a model's picture needs its puzzle's ``draw``).
_found: dict[str, Puzzle] = {}


def installed_puzzle(name: str) -> Puzzle:
    """The installed puzzle called ``name``, loaded as a command on it loads it (once per process).

    :class:`~backtrack.UnknownPuzzle` naming the installed ones when there is none.
    """
    if name not in _found:
        import warnings

        from .manager import make_manager

        with warnings.catch_warnings():  # a broken plugin is reported by the commands and `backtrack list`
            warnings.simplefilter("ignore")
            _found[name] = make_manager(puzzle=name).puzzle(name)
    return _found[name]


def _puzzle(puzzle: str | Puzzle) -> Puzzle:
    return installed_puzzle(puzzle) if isinstance(puzzle, str) else puzzle


# -- pictures ------------------------------------------------------------------------------


class Picture:
    """A puzzle or a solution drawn: ``svg`` (what a notebook shows) and ``text`` (what ``print`` shows).

    ``name`` is the puzzle's.  :meth:`save` writes the SVG to a file.
    """

    def __init__(self, svg: str, text: str, name: str = ""):
        self.svg, self.text, self.name = svg, text, name

    def _repr_svg_(self) -> str:
        """The picture, for Jupyter."""
        return self.svg

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The text form, for IPython in a terminal."""
        printer.text(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Picture of {self.name or 'a puzzle'}: {len(self.svg):,} characters of SVG>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and (self.svg, self.text) == (other.svg, other.text)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the SVG to ``path`` (whole or not at all, as the command writes pictures); the path written.

        :class:`~backtrack.outputs.OutputError` when it cannot be written.
        """
        from .outputs import write_atomic

        target = Path(path)
        write_atomic(target, self.svg)
        return target


def picture(puzzle: str | Puzzle, spec: Any, solution: Any = None) -> Picture:
    """The puzzle ``spec`` drawn (with ``solution``: that solution drawn on it), as a :class:`Picture`.

    ``puzzle`` is an installed puzzle's name or a :class:`~backtrack.Puzzle`.  The
    drawing is the puzzle's ``draw`` (as ``backtrack show --format svg`` and
    ``backtrack solve --format svg`` draw); a puzzle that does not draw itself gets
    its text set as SVG.  The text is ``render(spec, solution)`` for a solution,
    else the puzzle's ``text(spec)`` (``repr(spec)`` when it has none).
    """
    from .svg import plain_drawing

    found = _puzzle(puzzle)
    if solution is None:
        text = found.text(spec).rstrip("\n") if found.text is not None else repr(spec)
    else:
        text = found.render(spec, solution)
    svg = found.draw(spec, solution) if found.draw is not None else plain_drawing(text.splitlines())
    return Picture(svg, text, found.name)


class Pictured:
    """The base of a puzzle's model that shows itself as its picture in Jupyter.

    Name the puzzle in the class statement: ``class Queens(Pictured, puzzle="queens")``.
    The model's ``_repr_svg_`` is the drawing of the puzzle registered under that
    name (its descriptor's ``draw``, looked up through the installed plugins, as
    :func:`picture` draws it), so a notebook cell ending with a model shows the
    board; ``print`` and ``repr`` stay the model's own.  Nothing else changes: no
    field, no slot, no method but ``_repr_svg_``.
    """

    __slots__ = ()
    #: The name of the puzzle whose drawing the model shows as (empty: none).
    pictured_as: ClassVar[str] = ""

    def __init_subclass__(cls, puzzle: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if puzzle:
            cls.pictured_as = puzzle

    def _repr_svg_(self) -> str | None:
        """The model drawn by its puzzle, for Jupyter; None (shown as text) when no installed puzzle has that name."""
        from .manager import UnknownPuzzle

        name = type(self).pictured_as
        if not name:
            return None
        try:
            found = installed_puzzle(name)
        except UnknownPuzzle:
            return None
        return picture(found, self).svg


# -- replays -------------------------------------------------------------------------------


class Replay:
    """A recorded search (``recording``, a :class:`~backtrack.recording.Recording`) and its replay page.

    In a notebook it shows the page inside the output, in a frame of its own
    (``srcdoc``, scripts allowed but nothing else): the page is self-contained, needs
    no network, and several replays on one notebook page never share an element
    id, a script or a global.  ``str`` is the summary ``backtrack replay`` prints;
    :meth:`page` is the page's HTML, :meth:`save` writes it.
    """

    def __init__(self, recording: Recording, height: int = REPLAY_HEIGHT):
        self.recording, self.height = recording, height

    def page(self) -> str:
        """The replay page: one self-contained HTML document (as ``backtrack replay -o FILE`` writes it)."""
        from .recording import page_text

        return page_text(self.recording)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the replay page to ``path``: the file ``backtrack replay -o PATH`` writes; the path written.

        Written whole or not at all; :class:`~backtrack.outputs.OutputError` when it cannot be.
        """
        from .recording import write_page

        target = Path(path)
        write_page(self.recording, target)
        return target

    def _repr_html_(self) -> str:
        """The page in an ``<iframe srcdoc>``, for Jupyter: its own document, so replays never clash.

        The page is escaped as an attribute's value, and every character outside ASCII
        is a character reference, so it reads the same in a page of any encoding.
        """
        from .svg import escape

        recording = self.recording
        title = escape(f"backtrack replay: {recording.puzzle} {recording.source}".strip())
        return _ascii(f'<iframe class="backtrack-replay" title="{title}" sandbox="allow-scripts" '
                      f'style="width: 100%; height: {int(self.height)}px; border: 1px solid #d8dde5; '
                      f'border-radius: 8px;" srcdoc="{escape(self.page())}"></iframe>')

    def __str__(self) -> str:
        from .reporters import plural

        recording = self.recording
        events, attempts = plural(len(recording.events), "event"), plural(recording.attempts, "attempt")
        if recording.truncated:
            found = f"at least {plural(recording.solutions, 'solution')}" if recording.solutions else "no solution"
            return (f"replay of {recording.puzzle}: {events}, {attempts}, {found} in them (the recording stopped at "
                    "its bound; the search has more)")
        return f"replay of {recording.puzzle}: {events}, {attempts}, {plural(recording.solutions, 'solution')}"

    def __repr__(self) -> str:
        return f"<{self}>"


def _ascii(markup: str) -> str:
    """``markup`` with every character outside ASCII written as a character reference (``&#183;``)."""
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")


def replay(
    puzzle: str | Puzzle | None,
    spec: Any = None,
    params: Mapping[str, Any] | None = None,
    *,
    example: str | None = None,
    search: Search | None = None,
    mode: str = "all",
    max_events: int | None = None,
    title: str | None = None,
) -> Replay:
    """Record a search event by event, as ``backtrack replay`` does, and return its :class:`Replay`.

    ``puzzle`` is an installed puzzle's name or a :class:`~backtrack.Puzzle` (its
    ``draw`` draws the board; None: ``search`` alone, its moves listed as text).
    The instance is ``spec``, or else the shipped ``example``, or else the one
    built from ``params``; ``params`` go to the puzzle's search too, checked as
    ``-p NAME=VALUE`` is (a name the puzzle does not declare, or a value out of its
    range, is a ``ValueError``).  ``search`` replaces the puzzle's own search.  ``mode`` is
    ``all`` (default), ``first`` or ``unique``; ``max_events`` bounds the recording
    (default 5000).  ``title`` names the instance on the page (default: as the
    command names it: ``example NAME -p ...``).

    When the puzzle's code raises, :class:`~backtrack.run.PluginFailed` says where,
    and its ``recording`` holds the events before the error
    (``backtrack.Replay(error.recording)`` shows them).
    """
    from .inputs import title_source
    from .instances import make_search, read_instances, read_spec
    from .recording import DEFAULT_MAX_EVENTS, record

    if mode not in ("all", "first", "unique"):
        raise ValueError(f"mode must be all, first or unique, not {mode!r}")
    max_events = DEFAULT_MAX_EVENTS if max_events is None else max_events
    if max_events < 1:
        raise ValueError(f"max_events must be at least 1, not {max_events}")
    found = None if puzzle is None else _puzzle(puzzle)
    values = _checked(found, params)
    pairs = [f"{name}={value}" for name, value in values.items()]
    source = GIVEN
    if found is None:
        if search is None:
            raise TypeError("replay needs a puzzle, or a search to record")
    elif spec is None:
        _needs_instance(found, example)
        instance = read_instances(found, None, example)[0]
        spec, source = read_spec(found, instance, values), instance.source
    if search is None:
        assert found is not None
        search = make_search(found, spec, values)
    if title is None:
        title = title_source(source, example=example, params=pairs) if source != GIVEN else " ".join(
            [GIVEN, *(f"-p {pair}" for pair in pairs)])
    return Replay(record(found, spec, search, source=title, mode=mode, max_events=max_events))


def _needs_instance(puzzle: Puzzle, example: str | None) -> None:
    """Nothing when an instance is named or can be built; else the ``ValueError`` that says what to give."""
    if example is None and puzzle.build is None:
        raise ValueError(f"puzzle {puzzle.name} cannot be built from parameters alone: give an instance (a model, "
                         "or what read_instance reads) or example=NAME")


def _checked(puzzle: Puzzle | None, params: Mapping[str, Any] | None) -> dict[str, Any]:
    """``params`` checked as ``-p NAME=VALUE`` would be: each a parameter of the puzzle, in its range and choices.

    ``ValueError`` saying which is wrong.
    """
    values = dict(params or {})
    if puzzle is None:
        return values
    for name, value in values.items():
        try:
            values[name] = puzzle.param(name).convert(str(value))
        except KeyError as error:
            raise ValueError(error.args[0]) from None
    return values


# -- instances -----------------------------------------------------------------------------


def read_instance(
    puzzle: str | Puzzle,
    instance: str | os.PathLike | None = None,
    *,
    example: str | None = None,
    params: Mapping[str, Any] | None = None,
) -> Any:
    """The model of one instance, read as every command reads its INSTANCE argument.

    ``instance`` is a file's path (a :class:`~pathlib.Path`, or a string naming a
    file), the puzzle's own text, a Simon Tatham game ID or a puzz.link URL; or
    give ``example`` (a shipped example's name); with neither, the instance is
    built from ``params``.  Errors are the
    command's: :class:`~backtrack.InputError` naming the line and column, or
    :class:`~backtrack.instances.UsageError` (a file holding several instances,
    an unknown example, a format the puzzle does not read).
    """
    from .instances import Instance, UsageError, read_instances, read_spec, shared_form

    found = _puzzle(puzzle)
    values = _checked(found, params)
    if instance is None:
        _needs_instance(found, example)
    if instance is None or example is not None:
        instances = read_instances(found, None if instance is None else os.fspath(instance), example)
    else:
        text = os.fspath(instance)
        if not isinstance(instance, str) or ("\n" not in text and os.path.isfile(text)):  # a path: read as a file
            instances = read_instances(found, text, None)
        else:
            form = shared_form(found, text.strip(), "<argument>")
            instances = [Instance("<argument>", text.strip(), 1, form) if form else Instance("<text>", text)]
    if len(instances) > 1:
        raise UsageError(f"{instances[0].source} holds {len(instances)} puzzles: give one")
    return read_spec(found, instances[0], values)
