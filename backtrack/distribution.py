"""The distribution the engine is installed as: ``pip install backtrack-puzzles``.

The import package and the command are both ``backtrack``; the distribution has
its own name because ``backtrack`` on PyPI is another project.  Everything that
means the distribution (install hints, the dependency of a plugin made by
``backtrack new``, the versions checked on Dask workers) takes it from here.
"""

from __future__ import annotations

#: The name on PyPI, and in ``pip install`` and a plugin's dependencies.
DISTRIBUTION = "backtrack-puzzles"


def installed_version() -> str | None:
    """The version of the installed distribution; None when the package runs from a checkout without it."""
    import importlib.metadata  # here: the hints need only the name, and importing it costs every start

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None


def extra_hint(extra: str) -> str:
    """How to install an extra: ``pip install 'backtrack-puzzles[dask]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]'"
