"""The plugin manager: loads the entry-point group ``backtrack`` and collects the puzzles.

Build one with :func:`make_manager` wherever one is needed (the command, a test):
there is no module-level manager, so registrations never leak from one user to the
next.  Each entry point is loaded with its own error handling: a plugin that fails
to import, has a misspelled hook or raises while registering its puzzles is
reported as a :class:`PluginWarning` naming it, and every other plugin still works.

Only what a command needs is imported: ``make_manager(puzzle=NAME)`` scans the
group once and loads just the entry point named ``NAME`` (the built-in ones are
named as their puzzles).  When there is none, or it does not provide that puzzle
(a plugin whose entry point is named otherwise, or which provides several
puzzles), every entry point is loaded, as without ``puzzle``.  A plugin that is not
loaded is not checked either: its problems are reported by the commands that load
it, and by ``backtrack list``, which loads every one.

``BACKTRACK_LOAD_PLUGINS`` restricts the installed plugins to an allow-list, as
datasette's ``DATASETTE_LOAD_PLUGINS`` and llm's ``LLM_LOAD_PLUGINS`` do: when it is
set, only the entry points of the names it lists, separated by commas, are ever
loaded (``BACKTRACK_LOAD_PLUGINS=queens,sudoku``; an empty value loads none), by
every command and in every worker process counting in parallel.  Plugin files
(``--plugin FILE``, ``BACKTRACK_PLUGINS``) and plugins registered directly are
always loaded.
"""

from __future__ import annotations

import functools
import os
import sys
import types
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Iterable, Sequence

import pluggy

from . import hookspecs
from .puzzle import Puzzle

__all__ = ["make_manager", "Manager", "RegisteredPuzzle", "PluginWarning", "UnknownPuzzle", "ENTRY_POINT_GROUP",
           "LOAD_PLUGINS"]

ENTRY_POINT_GROUP = "backtrack"
#: The environment variable holding the allow-list of entry-point names (unset: every installed plugin).
LOAD_PLUGINS = "BACKTRACK_LOAD_PLUGINS"


class PluginWarning(UserWarning):
    """A plugin could not be used; the message names it and says why."""


#: The hooks a plugin may implement (marked with ``@backtrack.hookimpl``).
HOOK_NAMES = tuple(sorted(name for name in vars(hookspecs) if name.startswith("backtrack_")))
#: What a plugin's code may raise while it is imported or lists its puzzles, to be reported rather than end the
#: command: ``sys.exit()`` too.  Ctrl-C is not caught.
LOAD_ERRORS = (Exception, SystemExit)


def failed(error: BaseException) -> str:
    """What a plugin's failure was, in a warning: ``ImportError: no module named x``, or ``it called sys.exit(3)``."""
    if isinstance(error, SystemExit):
        return f"it called sys.exit({'' if error.code is None else repr(error.code)})"
    return f"{type(error).__name__}: {error}"


class UnknownPuzzle(LookupError):
    """No installed plugin provides a puzzle of that name."""


@dataclass(frozen=True)
class RegisteredPuzzle:
    """A puzzle with the plugin, distribution and version it comes from."""

    puzzle: Puzzle
    plugin: str
    distribution: str
    version: str


class Manager:
    """A pluggy manager for the ``backtrack`` hooks, and the puzzles its plugins provide."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.problems: list[str] = []
        self._origins: dict[str, tuple[str, str]] = {}
        self._puzzles: dict[str, RegisteredPuzzle] | None = None

    @property
    def hook(self) -> Any:
        """The hook relay: ``manager.hook.backtrack_search_started(info=...)``."""
        return self.pm.hook

    def _problem(self, message: str) -> None:
        """Report a plugin problem once per manager, however often the puzzles are collected again."""
        if message in self.problems:
            return
        self.problems.append(message)
        warnings.warn(message, PluginWarning, stacklevel=3)

    def register(
        self, plugin: object, name: str | None = None, *, distribution: str = "(registered directly)", version: str = ""
    ) -> bool:
        """Register a plugin object or module; false, with a warning, when it is unusable.

        This is how tests and programs add a plugin without installing it.  A
        function named like a hook that is not one (misspelled), or not marked
        ``@hookimpl``, and a plugin implementing no hook at all, are warned about.
        """
        return self._register(plugin, name, distribution, version, "")

    def _register(self, plugin: object, name: str | None, distribution: str, version: str, label: str) -> bool:
        """:meth:`register`, the warnings calling the plugin ``label`` (default: ``plugin NAME``)."""
        hooks = f"the hooks are {', '.join(HOOK_NAMES)}"
        try:
            registered = self.pm.register(plugin, name)
        except Exception as error:  # a hook with wrong arguments, or a name taken twice
            self._problem(f"{label or f'plugin {name or plugin!r}'} could not be registered: {error}")
            return False
        name = registered or self.pm.get_name(plugin) or repr(plugin)
        label = label or f"plugin {name!r}"
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as error:
            self.pm.unregister(plugin)
            self._problem(f"{label} was not registered: {error} ({hooks})")
            return False
        for attribute in sorted(dir(plugin)):
            if not attribute.startswith("backtrack_") or not callable(getattr(plugin, attribute, None)):
                continue
            if attribute not in HOOK_NAMES:
                self._problem(f"{label}: {attribute} is not a hook of backtrack, so it is never called "
                              f"(misspelled? {hooks})")
            elif not any(impl.plugin is plugin for impl in getattr(self.pm.hook, attribute).get_hookimpls()):
                self._problem(f"{label}: {attribute} is not marked @backtrack.hookimpl, so it is never called")
        if not self.pm.get_hookcallers(plugin):
            self._problem(f"{label} implements no hook: it provides nothing ({hooks}, each marked "
                          "@backtrack.hookimpl)")
        self._origins[name] = (distribution, version)
        self._puzzles = None
        return True

    def unregister(self, plugin: object) -> None:
        """Remove a plugin registered before."""
        self.pm.unregister(plugin)
        self._puzzles = None

    def load_file(self, path: str | os.PathLike) -> bool:
        """Import the Python file ``path`` as a plugin, without installing it; false, with a warning, when unusable.

        The module is named after the file (``my_puzzle.py`` is ``my_puzzle``), and
        :func:`plugin_files` remembers where it came from, so that worker processes
        counting in parallel can load it too.
        """
        path = Path(path)
        name = path.stem
        try:
            module = load_module_file(path)
        except LOAD_ERRORS as error:  # a missing file, a syntax error, an import that fails, sys.exit() ...
            self._problem(f"plugin file {path} failed to load: {failed(error)}")
            return False
        return self._register(module, name, f"(file {path})", "", f"plugin file {path}")

    def load_entry_points(
        self, group: str = ENTRY_POINT_GROUP, *, puzzle: str | None = None, allow: Collection[str] | None = None
    ) -> None:
        """Load and register the entry points of ``group``, each on its own (the group is scanned once).

        ``allow``: only the entry points of these names (None: all).  ``puzzle``: only
        the entry point named so, unless no plugin provides that puzzle after it is
        loaded; then all of them, registered in the order found as without ``puzzle``.
        """
        from importlib.metadata import entry_points  # here: a manager of plugins registered directly never scans

        points = [point for point in entry_points(group=group) if allow is None or point.name in allow]
        loaded: dict[str, tuple[object, BaseException | None]] = {}  # entry-point name -> its plugin, or the error
        if puzzle is not None and any(point.name == puzzle for point in points):
            first = self._load_points(points, loaded, only=puzzle)
            if puzzle in self.puzzles():
                return
            for plugin in first:
                self.unregister(plugin)
        self._load_points(points, loaded)

    def _load_points(
        self, points: Sequence[Any], loaded: dict[str, tuple[object, BaseException | None]], only: str | None = None
    ) -> list[object]:
        """Load and register ``points`` (or only those named ``only``); the plugins registered.

        ``loaded`` keeps what each import gave, so that no plugin's module runs twice.
        """
        registered = []
        seen: dict[str, str] = {}
        for point in points:
            if only is not None and point.name != only:
                continue
            if point.name in seen:
                # The same plugin found twice, e.g. an editable and a regular install.
                if seen[point.name] != point.value:
                    self._problem(
                        f"plugin {point.name!r} is installed twice ({seen[point.name]} and {point.value}); "
                        f"using {seen[point.name]}"
                    )
                continue
            seen[point.name] = point.value
            if self.pm.has_plugin(point.name):
                continue
            dist_name, version = distribution_of(point)
            if point.name not in loaded:
                try:
                    loaded[point.name] = (point.load(), None)
                except LOAD_ERRORS as error:
                    loaded[point.name] = (None, error)
            plugin, failure = loaded[point.name]
            if failure is not None:
                self._problem(
                    f"plugin {point.name!r} ({point.value}, from {dist_name}) failed to load: {failed(failure)}"
                )
            elif self.register(plugin, point.name, distribution=dist_name, version=version):
                registered.append(plugin)
        return registered

    def puzzles(self) -> dict[str, RegisteredPuzzle]:
        """Every puzzle of every registered plugin, by name."""
        if self._puzzles is None:
            self._puzzles = {}
            for impl in self.pm.hook.backtrack_puzzles.get_hookimpls():  # in order of registration
                self._collect(impl.plugin_name, impl.function)
        return self._puzzles

    def _collect(self, plugin: str, function: Any) -> None:
        assert self._puzzles is not None
        distribution, version = self._origins.get(plugin, ("(registered directly)", ""))
        try:
            provided = list(function())
        except LOAD_ERRORS as error:
            self._problem(f"plugin {plugin!r} failed to list its puzzles: {failed(error)}")
            return
        for puzzle in provided:
            if not isinstance(puzzle, Puzzle):
                self._problem(f"plugin {plugin!r} returned {puzzle!r}, not a backtrack.Puzzle")
            elif puzzle.name in self._puzzles:
                # The plugin named as the puzzle keeps it, whichever was found first: the
                # order of entry points depends on where the distributions are installed.
                first = self._puzzles[puzzle.name]
                if plugin == puzzle.name and first.plugin != puzzle.name:
                    self._problem(f"puzzle {puzzle.name!r} of plugin {first.plugin!r} is provided by {plugin!r} "
                                  "already")
                    self._puzzles[puzzle.name] = RegisteredPuzzle(puzzle, plugin, distribution, version)
                else:
                    self._problem(f"puzzle {puzzle.name!r} of plugin {plugin!r} is provided by {first.plugin!r} "
                                  "already")
            else:
                self._puzzles[puzzle.name] = RegisteredPuzzle(puzzle, plugin, distribution, version)

    def puzzle(self, name: str) -> Puzzle:
        """The puzzle called ``name``; :class:`UnknownPuzzle` naming the installed ones if none."""
        found = self.puzzles().get(name)
        if found is None:
            known = ", ".join(sorted(self.puzzles())) or "none"
            raise UnknownPuzzle(f"unknown puzzle {name!r} (installed: {known})")
        return found.puzzle


def distribution_of(point: Any) -> tuple[str, str]:
    """The name and version of the distribution an entry point comes from (``(unknown distribution)`` if none).

    Read off the headers of its metadata: ``dist.metadata`` parses the whole file
    with the email package, long description included, which cost every command a
    good part of its start-up.
    """
    dist = getattr(point, "dist", None)
    text = dist and (dist.read_text("METADATA") or dist.read_text("PKG-INFO"))
    if not text:
        return "(unknown distribution)", ""
    return _name_and_version(text)


@functools.lru_cache(maxsize=64)
def _name_and_version(metadata: str) -> tuple[str, str]:
    """``Name`` and ``Version`` from the header lines of a core-metadata file (they end at the first blank line)."""
    found = {"name": "(unknown distribution)", "version": ""}
    for line in metadata.splitlines():
        if not line.strip():
            break
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in found and not line[:1].isspace():
            found[key.strip().lower()] = value.strip()
    return found["name"], found["version"]


#: Plugin files loaded by path in this process, by module name (worker processes load them again).
_FILES: dict[str, str] = {}


def load_module_file(path: str | os.PathLike) -> types.ModuleType:
    """Import the Python file ``path`` as a module (once per process).

    The module's name is made from the file's name and a digest of its path
    (``backtrack_file_plugin_my_tents_1a2b3c4d``): the same in every process, so a
    worker loads the same module for a count, and never the name of an importable
    module, so a file plugin cannot shadow an installed one (or the file loaded
    from another folder).
    """
    import hashlib
    import importlib.util

    path = Path(path).resolve()
    digest = hashlib.sha256(str(path).encode("utf-8", "surrogatepass")).hexdigest()[:8]
    stem = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in path.stem)
    name = f"backtrack_file_plugin_{stem}_{digest}"
    loaded = sys.modules.get(name)
    where = getattr(loaded, "__file__", None)
    if loaded is not None and where and Path(where).resolve() == path:
        return loaded
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {path}")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    _FILES[name] = str(path)
    return module


def plugin_files() -> dict[str, str]:
    """The plugin files loaded by path in this process: module name to file."""
    return dict(_FILES)


def plugin_paths_from_environment() -> list[str]:
    """The files named by ``BACKTRACK_PLUGINS`` (separated like ``PATH``: ``:`` or, on Windows, ``;``)."""
    return [part for part in os.environ.get("BACKTRACK_PLUGINS", "").split(os.pathsep) if part]


def allowed_plugins_from_environment() -> frozenset[str] | None:
    """The entry-point names ``BACKTRACK_LOAD_PLUGINS`` allows, separated by commas; None when it is unset (all)."""
    value = os.environ.get(LOAD_PLUGINS)
    if value is None:
        return None
    return frozenset(name.strip() for name in value.split(",") if name.strip())


def make_manager(
    *,
    entry_points: bool = True,
    plugins: Iterable[object] = (),
    files: Iterable[str | os.PathLike] = (),
    puzzle: str | None = None,
) -> Manager:
    """A fresh manager: the installed plugins (unless ``entry_points`` is false), plugin ``files`` and ``plugins``.

    With ``puzzle``, for a command on that one puzzle, only the installed plugin
    named as it is loaded, or all of them when that one does not provide it; the
    installed plugins are those ``BACKTRACK_LOAD_PLUGINS`` allows (see the module).
    """
    manager = Manager()
    if entry_points:
        manager.load_entry_points(puzzle=puzzle, allow=allowed_plugins_from_environment())
    for path in files:
        manager.load_file(path)
    for plugin in plugins:
        manager.register(plugin)
    return manager
