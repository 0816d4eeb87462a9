"""The templates ``backtrack new`` writes puzzle plugins from: one working puzzle per kind of search.

* ``plain``: subset sum, a plain :class:`~backtrack.Search` (the five methods);
* ``propagating``: Latin square completion, a :class:`~backtrack.PropagatingSearch`;
* ``shortest``: the fewest knight moves, a :class:`~backtrack.ShortestSearch`;
* ``cover``: domino tiling, an :class:`~backtrack.ExactCoverSearch` (items and options).

Each is a complete plugin module with its parts in the order every built-in puzzle
follows (model, parser, text form, checker, search, descriptor, hook), an example,
and a test file template.  None is registered as a puzzle here.
"""
