"""The shortest-solution mode: iterative deepening over the five methods.

The synthetic puzzle is path finding in a small graph: a move is the next node,
and a solution is a shortest path.  Counts are checked against a breadth-first
path count written here, independently of the engine.
"""

from __future__ import annotations

import io
import json
import math
import random
from collections import deque

import pytest

from backtrack import Puzzle, Search, Stop, Verdict, hookimpl, make_manager, run
from backtrack.engine import PrefixError
from backtrack.shortest import ShortestSearch


def random_graph(rng: random.Random, nodes: int, edges: int, directed: bool = False) -> dict[int, list[int]]:
    graph: dict[int, set[int]] = {node: set() for node in range(nodes)}
    for _ in range(edges):
        a, b = rng.randrange(nodes), rng.randrange(nodes)
        if a != b:
            graph[a].add(b)
            if not directed:
                graph[b].add(a)
    return {node: sorted(next_nodes) for node, next_nodes in graph.items()}


def bfs_count(graph: dict[int, list[int]], start: int, target: int) -> tuple[int | None, int]:
    """(length of the shortest paths, their number), counted layer by layer."""
    if start == target:
        return 0, 1
    dist = {start: 0}
    ways = {start: 1}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for following in graph[node]:
            if following not in dist:
                dist[following] = dist[node] + 1
                ways[following] = 0
                queue.append(following)
            if dist[following] == dist[node] + 1:
                ways[following] += ways[node]
    return (dist[target], ways[target]) if target in dist else (None, 0)


def distances_to(graph: dict[int, list[int]], target: int) -> dict[int, int]:
    reverse: dict[int, list[int]] = {node: [] for node in graph}
    for node, next_nodes in graph.items():
        for following in next_nodes:
            reverse[following].append(node)
    dist = {target: 0}
    queue = deque([target])
    while queue:
        node = queue.popleft()
        for before in reverse[node]:
            if before not in dist:
                dist[before] = dist[node] + 1
                queue.append(before)
    return dist


class PathSearch(ShortestSearch):
    """Walk from ``start`` to ``target``; a move is the next node."""

    def __init__(self, graph, start, target, bound=None, max_depth=None):
        self.graph, self.start, self.target = graph, start, target
        self.at = [start]
        self.bound = bound
        self.max_depth = max_depth
        self.valid_calls = 0

    def moves(self, level):
        return self.graph[self.at[-1]]

    def valid(self, level, move):
        self.valid_calls += 1
        return True

    def record(self, level, move):
        self.at.append(move)

    def undo(self, level, move):
        assert self.at.pop() == move

    def done(self, level):
        return self.at[-1] == self.target

    def done_at_start(self):
        return self.start == self.target

    def solution(self, path):
        return (self.start,) + tuple(path)


class BoundedPathSearch(PathSearch):
    """The same with an admissible bound: the true distance (math.inf when unreachable)."""

    def lower_bound(self, level):
        return self.bound.get(self.at[-1], math.inf)


def is_path(graph, path, start, target):
    return path[0] == start and path[-1] == target and all(b in graph[a] for a, b in zip(path, path[1:], strict=False))


@pytest.mark.parametrize("bounded", [False, True])
def test_counts_agree_with_breadth_first_counting(bounded):
    rng = random.Random(4)
    seen_lengths = set()
    for trial in range(120):
        nodes = rng.randrange(2, 9)
        graph = random_graph(rng, nodes, rng.randrange(0, 14), directed=trial % 2 == 1)
        start, target = rng.randrange(nodes), rng.randrange(nodes)
        length, ways = bfs_count(graph, start, target)
        bound = distances_to(graph, target)
        search = (BoundedPathSearch if bounded else PathSearch)(graph, start, target, bound, max_depth=nodes)
        found = list(search.solutions())
        assert len(found) == ways, (graph, start, target)
        assert len(set(found)) == len(found)
        assert all(is_path(graph, path, start, target) and len(path) - 1 == length for path in found)
        assert search.count() == ways
        verdict = search.verdict()
        if ways or search.report.complete:
            assert verdict == Verdict.of(ways, True)
        else:  # cut by max_depth: no path within it, which proves nothing about longer ones
            assert verdict is Verdict.UNKNOWN and search.report.stopped is Stop.BOUND
            assert search.report.why == f"no solution within {nodes} moves; longer ones may exist"
        calls = search.valid_calls
        search.count()
        assert search.report.attempts == search.valid_calls - calls
        seen_lengths.add(length)
    assert {None, 0, 1, 2, 3} <= seen_lengths


def test_attempts_are_the_calls_of_valid_over_all_iterations():
    graph = {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: [1, 2, 4], 4: [3]}
    search = PathSearch(graph, 0, 4)
    assert search.count() == 2
    assert search.report.attempts == search.valid_calls
    # limit 1: 2 attempts; limit 2: 2 + 2 + 2; limit 3: 2 + 4 + (2 + 3 + 2 + 3)
    assert search.valid_calls == 2 + 6 + 16
    assert search.report.complete
    assert search.shortest == 3


def test_the_bound_skips_hopeless_limits_and_prunes():
    graph = {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: [1, 2, 4], 4: [3]}
    plain = PathSearch(graph, 0, 4)
    bounded = BoundedPathSearch(graph, 0, 4, distances_to(graph, 4))
    assert sorted(plain.solutions()) == sorted(bounded.solutions()) == [(0, 1, 3, 4), (0, 2, 3, 4)]
    assert bounded.report.attempts < plain.report.attempts
    assert bounded.report.complete


def test_unreachable_with_an_infinite_bound_is_complete_at_once():
    graph = {0: [1], 1: [0], 2: []}
    search = BoundedPathSearch(graph, 0, 2, distances_to(graph, 2))
    assert search.count() == 0
    assert search.report.complete and search.report.attempts == 0


def test_unreachable_stops_at_max_depth_and_says_incomplete():
    graph = {0: [1], 1: [0], 2: []}
    search = PathSearch(graph, 0, 2, max_depth=6)
    assert search.first() is None
    assert search.count() == 0
    assert not search.report.complete
    assert search.report.attempts == 1 + 2 + 3 + 4 + 5 + 6  # limit L walks the one walk 0-1-0-... of L moves


def test_without_cycles_the_search_ends_by_itself():
    dag = {0: [1, 2], 1: [3], 2: [3], 3: [], 4: []}  # 4 is unreachable; no node is cut below depth 3
    search = PathSearch(dag, 0, 4)
    assert search.count() == 0
    assert search.report.complete


def test_start_already_solved_gives_the_empty_sequence():
    graph = {0: [1], 1: [0]}
    search = PathSearch(graph, 0, 0)
    assert list(search.solutions()) == [(0,)]
    assert search.report.complete and search.shortest == 0


def test_first_stops_early_and_state_is_restored():
    rng = random.Random(1)
    ways = 0
    while ways < 2:
        graph = random_graph(rng, 8, 16)
        length, ways = bfs_count(graph, 0, 7)
    search = PathSearch(graph, 0, 7, max_depth=8)
    first = search.first()
    assert first is not None and len(first) - 1 == length
    assert not search.report.complete and search.report.solutions == 1
    assert search.at == [0]
    assert search.count() == ways


def test_prefix_searches_the_subtree_only():
    graph = {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: [1, 2, 4], 4: [3]}
    search = PathSearch(graph, 0, 4)
    assert list(search.solutions(prefix=(2,))) == [(0, 2, 3, 4)]
    assert search.at == [0]
    assert list(search.solutions(prefix=(2, 3, 4))) == [(0, 2, 3, 4)]
    with pytest.raises(PrefixError):
        list(search.solutions(prefix=(2, 3, 4, 3)))


def test_trace_prints_the_limits_and_every_attempt():
    graph = {0: [1], 1: [0, 2], 2: [1]}
    trace = io.StringIO()
    assert PathSearch(graph, 0, 2).count(trace=trace) == 1
    lines = trace.getvalue().splitlines()
    assert lines == [
        "depth limit 1",
        "level 0: move 1 valid",
        "depth limit 2",
        "level 0: move 1 valid",
        "  level 1: move 0 valid",
        "  level 1: move 2 valid",
    ]


def test_a_plain_search_is_unchanged():
    assert issubclass(ShortestSearch, Search)
    assert Search._walk is not ShortestSearch._walk


# -- through run() and the command -----------------------------------------------------


GRAPH = {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: [1, 2, 4], 4: [3]}


def _parse(text, source="<input>"):
    start, target = map(int, text.split())
    return (start, target)


PATHS = Puzzle(
    name="paths",
    description="shortest paths in a fixed small graph",
    parse=_parse,
    search=lambda spec, **_: PathSearch(GRAPH, *spec),
    render=lambda spec, solution: "-".join(map(str, solution)),
    as_json=lambda spec, solution: list(solution),
)


class PathsPlugin:
    @hookimpl
    def backtrack_puzzles(self):
        return [PATHS]


def test_run_in_every_mode():
    spec = (0, 4)
    assert run(PATHS, spec, PATHS.search(spec), mode="first").rendered == ["0-1-3-4"]
    outcome = run(PATHS, spec, PATHS.search(spec), mode="all")
    assert outcome.rendered == ["0-1-3-4", "0-2-3-4"] and outcome.report.complete
    assert run(PATHS, spec, PATHS.search(spec), mode="count").report.solutions == 2
    assert run(PATHS, spec, PATHS.search(spec), mode="unique").verdict is Verdict.AMBIGUOUS
    assert run(PATHS, (4, 3), PATHS.search((4, 3)), mode="unique").verdict is Verdict.UNIQUE


def test_the_command(tmp_path, monkeypatch, capsys):
    from backtrack import cli

    monkeypatch.setattr(cli, "make_manager", lambda **_: make_manager(plugins=[PathsPlugin()]))
    instance = tmp_path / "route.txt"
    instance.write_text("0 4\n")
    assert cli.main(["solve", "paths", str(instance), "--count"]) == 0
    out = capsys.readouterr().out
    assert "2 solutions (search complete)" in out
    assert cli.main(["solve", "paths", str(instance), "--all", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["data"] == [[0, 1, 3, 4], [0, 2, 3, 4]] and result["complete"]
