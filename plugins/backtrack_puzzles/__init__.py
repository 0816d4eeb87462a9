"""The puzzles that come with ``backtrack``, one module each.

Each module is a plugin registered under the entry-point group ``backtrack`` in
``pyproject.toml``, exactly as a third party's would be.  Every module reads the
same way: the spec class (the puzzle's own model), ``parse`` and ``render``, the
search (a :class:`backtrack.Search`), and the ``backtrack_puzzles`` hook.
"""
