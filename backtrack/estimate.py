"""How big is a search?  Knuth's estimator, through the same five methods.

D. E. Knuth, "Estimating the efficiency of backtrack programs", Math. Comp. 29
(1975): walk from the root down one random path, choosing uniformly among the
valid moves at each node, and multiply the branching met on the way.  At the node
of depth ``k`` on the path, with ``D = d_0 d_1 ... d_(k-1)`` the product of the
numbers of valid moves above it, the walk adds

* ``D * m_k`` to the attempts (``m_k`` moves tried there: the calls of ``valid``),
* ``D * d_k`` to the nodes (the valid moves there, each a node of the tree), and
* ``D * s_k`` to the solutions (``s_k`` of those moves complete a solution).

Each sum is an unbiased estimate of the whole search's attempts, nodes and
solutions; the mean of many walks converges to them, and their spread says how
far to trust it.  The walks call ``moves``, ``valid``, ``record``, ``done`` and
``undo`` exactly as the engine does, so any :class:`~backtrack.Search` can be
estimated before it is counted; a walk costs about as much as one path of the search.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from .engine import Search
from .run import NOT_PLUGIN_BUGS, PluginFailed, plugin_failure
from .shortest import ShortestSearch

if TYPE_CHECKING:
    from .plot import Chart

__all__ = ["Estimate", "estimate", "walk", "chart"]


@dataclass(frozen=True)
class Estimate:
    """The mean and spread of ``samples`` random walks' estimates of a whole search."""

    samples: int
    attempts: float
    nodes: float
    solutions: float
    attempts_spread: float
    nodes_spread: float
    solutions_spread: float
    seconds: float

    def as_dict(self) -> dict[str, float | int]:
        """The estimate as JSON data."""
        return {
            "samples": self.samples,
            "attempts": self.attempts,
            "nodes": self.nodes,
            "solutions": self.solutions,
            "attempts_spread": self.attempts_spread,
            "nodes_spread": self.nodes_spread,
            "solutions_spread": self.solutions_spread,
            "seconds": self.seconds,
        }


def walk(search: Search, rng: random.Random) -> tuple[float, float, float]:
    """One random walk from the root: its estimates of (attempts, nodes, solutions).

    Every valid move at a node is recorded, asked ``done`` and taken back, so that
    the solutions among them are counted; then one valid move that is not a
    solution is chosen at random and the walk goes on below it.
    """
    if isinstance(search, ShortestSearch):
        raise ValueError("a shortest-solution search deepens its limit: it cannot be estimated by random walks")
    moves, valid, record, undo, done = search.moves, search.valid, search.record, search.undo, search.done
    filtered = search.moves_are_valid
    path: list = []
    attempts = nodes = solutions = 0.0
    weight = 1.0
    search.begin()
    try:
        if search.done_at_start():
            return 0.0, 0.0, 1.0
        level = 0
        while True:
            tried = 0
            open_moves = []
            solved = 0
            for move in list(moves(level)):
                tried += 1
                if filtered or valid(level, move):
                    record(level, move)
                    if done(level):
                        solved += 1
                    else:
                        open_moves.append(move)
                    undo(level, move)
            attempts += weight * tried
            nodes += weight * (solved + len(open_moves))
            solutions += weight * solved
            if not open_moves:
                return attempts, nodes, solutions
            weight *= solved + len(open_moves)
            move = rng.choice(open_moves)
            # Recorded again: a propagating search's valid makes the decision, record keeps it.
            if not (filtered or valid(level, move)):
                raise RuntimeError(f"move {move!r} was valid at level {level} and is not any more")
            record(level, move)
            path.append(move)
            done(level)
            level += 1
    finally:
        for back in range(len(path) - 1, -1, -1):
            undo(back, path[back])


def estimate(
    search: Search,
    samples: int = 1000,
    seed: int | None = None,
    timeout: float | None = None,
    *,
    puzzle: str = "",
    source: str = "",
) -> Estimate:
    """The mean and spread of ``samples`` walks (fewer if ``timeout`` seconds run out first).

    ``seed`` makes the walks repeatable.  The spread is the standard error of the
    mean: with many walks, the true value lies within two of it of the mean most
    of the time, if the walks did not all miss a rare big subtree.  ``ValueError``
    for a search the walks cannot estimate; :class:`~backtrack.run.PluginFailed`
    (naming ``puzzle`` and ``source``) when the search's own code raises.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    if isinstance(search, ShortestSearch):
        raise ValueError("a shortest-solution search deepens its limit: it cannot be estimated by random walks")
    rng = random.Random(seed)
    started = time.perf_counter()
    found: list[tuple[float, float, float]] = []
    while len(found) < samples:
        try:
            found.append(walk(search, rng))
        except NOT_PLUGIN_BUGS:
            raise
        except Exception as error:  # the search's methods raised (or contradicted themselves): a bug of the plugin
            during = f"during random walk {len(found) + 1} of the search"
            raise PluginFailed(plugin_failure(puzzle, error, source, during=during)) from error
        if timeout is not None and time.perf_counter() - started >= timeout:
            break
    import statistics  # here: it imports fractions and decimal, which a command estimating nothing never needs

    columns = list(zip(*found, strict=True))
    attempts, nodes, solutions = (statistics.fmean(column) for column in columns)
    spread_a, spread_n, spread_s = (
        statistics.stdev(column) / math.sqrt(len(column)) if len(column) > 1 else math.inf for column in columns
    )
    return Estimate(len(found), attempts, nodes, solutions, spread_a, spread_n, spread_s, time.perf_counter() - started)


def chart(puzzle: str, title: str, param: str, values: Sequence[Any], found: Sequence[Estimate],
          counted: Sequence[int] | None = None) -> Chart:
    """The estimated attempts over the values of ``param`` (a bar of one standard error each way), and counted ones.

    ``counted`` (the attempts of real counts, in the order of ``values``) is drawn
    beside the estimate; each series carries its least-squares growth per step.
    With no ``param`` the values are categories (one instance).
    """
    from .plot import Chart, Point, Series, growth

    def bar(result: Estimate) -> tuple[float | None, float | None]:
        if not math.isfinite(result.attempts_spread):
            return None, None
        return max(result.attempts - result.attempts_spread, result.attempts * 1e-3), (
            result.attempts + result.attempts_spread)

    xs = list(values) if param else [str(value) for value in values]
    estimated = Series("estimated attempts", [
        Point(x, result.attempts, *bar(result),
              note=f"{param}={value}: {result.attempts:,.0f} +- {result.attempts_spread:,.0f} ({result.samples} walks)")
        for x, value, result in zip(xs, values, found, strict=True)], colour=0, show_factors=True,
        per_step=growth(values, [result.attempts for result in found]) if param else None)
    drawn = [estimated]
    if counted is not None:
        drawn.append(Series("counted attempts", [
            Point(x, float(count), note=f"{param}={value}: {count:,} attempts counted")
            for x, value, count in zip(xs, values, counted, strict=True)], colour=1, hollow=True,
            per_step=growth(values, [float(count) for count in counted]) if param else None))
    samples = found[0].samples if found else 0
    caption = (f"Marker: Knuth's estimate, the mean of {samples} random walks; bar: one standard error of the mean "
               f"each way (the walks may all miss a rare, large subtree).")
    if counted is not None:
        caption += " Hollow markers: the attempts of a full count of the same search (--count)."
    if param:
        caption += (f" ×F: the factor from one value of {param} to the next; dotted: the least-squares fit of "
                    f"log(attempts) on {param}, its growth per step in the legend.")
    return Chart(f"backtrack estimate {puzzle}", param or "input", "attempts", drawn, unit="", caption=caption,
                 categories=None if param else xs, subtitle=title)
