"""The engine's contract: call order, attempts, limits, snapshots, depth, trace and prefixes."""

from __future__ import annotations

import io
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backtrack import PrefixError, Report, Search, Stop, Verdict


class TreeSearch(Search):
    """A search over an explicit tree: ``children[node]`` are the moves, ``ok`` says which are valid.

    Every call is logged, so the engine's call order can be compared with a
    reference driver written independently below.
    """

    def __init__(self, children: dict, ok: set, goals: set):
        self.children, self.ok, self.goals = children, ok, goals
        self.node = [()]
        self.log: list[tuple] = []

    def moves(self, level):
        self.log.append(("moves", level))
        return list(self.children.get(self.node[-1], ()))

    def valid(self, level, move):
        self.log.append(("valid", level, move))
        return move in self.ok

    def record(self, level, move):
        self.log.append(("record", level, move))
        self.node.append(move)

    def undo(self, level, move):
        self.log.append(("undo", level, move))
        assert self.node.pop() == move

    def done(self, level):
        self.log.append(("done", level))
        return self.node[-1] in self.goals

    def solution(self, path):
        return self.node[-1]


def reference_driver(search: Search) -> tuple[list, int]:
    """The tutorial's recursive driver, written independently of the engine."""
    found, attempts = [], 0

    def go(level):
        nonlocal attempts
        for move in search.moves(level):
            attempts += 1
            if search.valid(level, move):
                search.record(level, move)
                if search.done(level):
                    found.append(search.solution(()))
                else:
                    go(level + 1)
                search.undo(level, move)

    go(0)
    return found, attempts


def random_tree(draw_sizes, ok_bits, goal_bits):
    """A tree whose nodes are tuples of child indices (the path from the root)."""
    children, ok, goals = {}, set(), set()
    sizes = iter(draw_sizes)
    bits = iter(zip(ok_bits, goal_bits, strict=False))
    frontier = [()]
    while frontier:
        node = frontier.pop(0)
        size = next(sizes, 0)
        kids = [node + (i,) for i in range(size)]
        children[node] = kids
        for kid in kids:
            valid, goal = next(bits, (True, False))
            if valid:
                ok.add(kid)
            if goal:
                goals.add(kid)
            if len(kid) < 5:
                frontier.append(kid)
    return children, ok, goals


trees = st.builds(
    random_tree,
    st.lists(st.integers(0, 3), max_size=40),
    st.lists(st.booleans(), max_size=120),
    st.lists(st.booleans(), max_size=120),
)


@settings(max_examples=150, deadline=None)
@given(trees)
def test_engine_calls_the_five_methods_exactly_like_the_recursive_driver(tree):
    engine, reference = TreeSearch(*tree), TreeSearch(*tree)
    solutions = list(engine.solutions())
    expected, attempts = reference_driver(reference)
    assert engine.log == reference.log
    assert solutions == expected
    assert engine.report.attempts == attempts == sum(1 for call in engine.log if call[0] == "valid")
    assert engine.report.solutions == len(expected)
    assert engine.report.complete


@settings(max_examples=100, deadline=None)
@given(trees, st.integers(0, 6))
def test_limit_stops_early_and_count_matches(tree, limit):
    total = TreeSearch(*tree).count()
    search = TreeSearch(*tree)
    assert search.count(limit) == min(limit, total)
    assert search.report.complete == (limit > total)
    assert len(list(TreeSearch(*tree).solutions(limit))) == min(limit, total)


@settings(max_examples=100, deadline=None)
@given(trees)
def test_prefixes_of_level_zero_add_up_to_the_whole_search(tree):
    whole = TreeSearch(*tree)
    total = whole.count()
    search = TreeSearch(*tree)
    parts, attempts = 0, 0
    for move in TreeSearch(*tree).children[()]:
        attempts += 1  # the attempt for the prefix move itself
        if move not in search.ok:
            continue
        parts += search.count(prefix=[move])
        attempts += search.report.attempts
        assert search.node == [()], "the prefix is taken back after the search"
    assert parts == total
    assert attempts == whole.report.attempts


class Chain(Search):
    """A single path ``depth`` levels deep: one valid move per level."""

    def __init__(self, depth: int):
        self.depth = depth
        self.made: list[int] = []

    def moves(self, level):
        return (0, 1)

    def valid(self, level, move):
        return move == level % 2

    def record(self, level, move):
        self.made.append(move)

    def undo(self, level, move):
        self.made.pop()

    def done(self, level):
        return level == self.depth - 1

    def solution(self, path):
        return list(self.made)


def test_a_search_20000_levels_deep_works():
    search = Chain(20_000)
    solution = search.first()
    assert solution is not None and len(solution) == 20_000
    assert search.count() == 1
    assert search.report.attempts == 40_000 and search.report.complete


def test_solutions_are_snapshots_not_views():
    search = Chain(5)
    [solution] = list(search.solutions())
    assert solution == [0, 1, 0, 1, 0]
    assert search.made == [], "everything was undone after the search"


def test_default_snapshot_is_the_path_of_moves():
    class Pairs(Search):
        def moves(self, level):
            return "ab"

        def valid(self, level, move):
            return True

        def record(self, level, move):
            pass

        def undo(self, level, move):
            pass

        def done(self, level):
            return level == 1

    assert list(Pairs().solutions()) == [tuple(p) for p in itertools.product("ab", repeat=2)]


def test_closing_early_takes_back_every_recorded_move():
    search = Chain(10)
    found = search.solutions()
    next(found)
    found.close()
    assert search.made == []
    assert search.report.solutions == 1 and not search.report.complete


def test_first_returns_none_and_report_says_complete_when_unsolvable():
    search = TreeSearch({(): [(0,), (1,)]}, ok=set(), goals={(0,)})
    assert search.first() is None
    assert search.report == Report(attempts=2, solutions=0, seconds=search.report.seconds, complete=True)


def test_limit_zero_searches_nothing_and_negative_limit_is_refused():
    search = Chain(3)
    assert search.count(0) == 0 and search.report.attempts == 0
    with pytest.raises(ValueError, match="limit"):
        search.count(-1)


def test_verdict_stops_at_the_second_solution():
    wide = TreeSearch({(): [(i,) for i in range(100)]}, ok={(i,) for i in range(100)}, goals={(i,) for i in range(100)})
    assert wide.verdict() is Verdict.AMBIGUOUS
    assert wide.report.attempts == 2
    one = TreeSearch({(): [(0,), (1,)]}, ok={(1,)}, goals={(1,)})
    assert one.verdict() is Verdict.UNIQUE
    none = TreeSearch({(): [(0,)]}, ok=set(), goals=set())
    assert none.verdict() is Verdict.UNSOLVABLE


def test_moves_are_valid_skips_valid_and_counts_moves_tried():
    class Filtered(Chain):
        moves_are_valid = True

        def moves(self, level):
            return (level % 2,)

        def valid(self, level, move):
            raise AssertionError("valid must not be called")

    search = Filtered(6)
    assert search.count() == 1
    assert search.report.attempts == 6


def test_trace_prints_every_attempt_with_level_move_and_answer():
    out = io.StringIO()
    Chain(2).count(trace=out)
    assert out.getvalue().splitlines() == [
        "level 0: move 0 valid",
        "  level 1: move 0 invalid",
        "  level 1: move 1 valid",
        "level 0: move 1 invalid",
    ]


def test_an_invalid_prefix_is_refused():
    with pytest.raises(PrefixError, match="not valid at level 1"):
        Chain(5).count(prefix=[0, 0])


def test_a_prefix_that_is_a_solution_is_its_own_subtree():
    search = Chain(3)
    assert list(search.solutions(prefix=[0, 1, 0])) == [[0, 1, 0]]
    assert search.report.attempts == 0 and search.made == []


def test_report_line_has_the_tutorial_format():
    assert Report(attempts=44, seconds=0.004).line() == "44 attempts in     0.00 seconds"


def test_unimplemented_methods_say_which():
    with pytest.raises(NotImplementedError, match="moves"):
        Search().count()


def test_a_prefix_longer_than_a_solution_is_refused_and_taken_back():
    search = Chain(2)
    with pytest.raises(PrefixError, match="already a solution at level 1"):
        search.count(prefix=[0, 1, 0])
    assert search.made == []


# -- honest answers: what a search that ended early proved ---------------------------------


class Wide(Search):
    """``width`` moves per level, all valid, ``depth`` levels: width ** depth solutions."""

    def __init__(self, width: int, depth: int, stop_at: int | None = None):
        self.width, self.depth, self.stop_at = width, depth, stop_at
        self.made: list[int] = []
        self.calls = 0

    def moves(self, level):
        return range(self.width)

    def valid(self, level, move):
        self.calls += 1
        if self.calls == self.stop_at:
            raise KeyboardInterrupt  # as Ctrl-C would, in the middle of the search
        return True

    def record(self, level, move):
        self.made.append(move)

    def undo(self, level, move):
        self.made.pop()

    def done(self, level):
        return level == self.depth - 1


@pytest.mark.parametrize(
    "solutions, complete, verdict",
    [
        (0, True, "unsolvable"),
        (1, True, "unique"),
        (2, True, "ambiguous"),
        (5, False, "ambiguous"),
        (2, False, "ambiguous"),
        (1, False, "unknown"),
        (0, False, "unknown"),
    ],
)
def test_a_verdict_claims_unique_or_unsolvable_only_after_the_whole_space(solutions, complete, verdict):
    assert Verdict.of(solutions, complete).value == verdict
    assert Report(solutions=solutions, complete=complete).verdict.value == verdict


def test_ctrl_c_during_a_verdict_leaves_an_unknown_verdict_and_says_interrupted():
    search = Wide(3, 60, stop_at=50)  # the first solution is 60 levels down: none found by attempt 50
    with pytest.raises(KeyboardInterrupt):
        search.verdict()
    assert search.report.verdict is Verdict.UNKNOWN
    assert (search.report.complete, search.report.stopped) == (False, Stop.INTERRUPTED)
    assert search.report.attempts > 0


def test_a_timeout_ends_the_search_between_attempts_and_says_so():
    search = Wide(4, 40)  # far too many solutions to count
    assert search.count(timeout=0.05) > 0
    assert (search.report.complete, search.report.stopped) == (False, Stop.TIMEOUT)
    assert search.made == [], "every recorded move was taken back"
    assert search.report.attempts == search.calls
    assert search.verdict(timeout=0) is Verdict.UNKNOWN
    assert search.report.attempts == 0 and search.report.stopped is Stop.TIMEOUT  # stopped before the first attempt
    deep = Wide(2, 25)
    assert deep.first(timeout=0) is None
    assert deep.report.verdict is Verdict.UNKNOWN and deep.report.stopped is Stop.TIMEOUT


def test_a_timeout_also_stops_a_search_whose_moves_are_all_valid():
    class Filtered(Wide):
        moves_are_valid = True

        def valid(self, level, move):
            raise AssertionError("valid must not be called")

    search = Filtered(4, 40)
    search.count(timeout=0.02)
    assert search.report.stopped is Stop.TIMEOUT and search.report.attempts > 0 and search.made == []


def test_a_timeout_that_is_not_reached_changes_nothing():
    plain, timed = Wide(3, 4), Wide(3, 4)
    assert timed.count(timeout=60) == plain.count() == 81
    assert timed.report.complete and timed.report.stopped is None
    assert timed.report.attempts == plain.report.attempts


def test_stop_reasons_of_limits_and_of_a_caller_that_stops_taking_solutions():
    search = Wide(3, 2)
    assert search.first() is not None
    assert search.report.stopped is Stop.LIMIT and search.report.verdict is Verdict.UNKNOWN
    search.count(5)
    assert search.report.stopped is Stop.LIMIT and search.report.solutions == 5
    found = search.solutions()
    next(found)
    found.close()
    assert search.report.stopped is Stop.CALLER and not search.report.complete
    search.count()
    assert search.report.complete and search.report.stopped is None


def test_a_failing_undo_does_not_hide_ctrl_c():
    class BrokenUndo(Wide):
        def undo(self, level, move):
            raise RuntimeError("the state was left half-changed by the interrupt")

    with pytest.raises(KeyboardInterrupt):
        BrokenUndo(3, 60, stop_at=20).count()


def test_the_trace_shows_moves_as_the_search_formats_them():
    class Named(Chain):
        def format_move(self, level, move):
            return "left" if move == 0 else "right"

    out = io.StringIO()
    Named(2).count(trace=out)
    assert out.getvalue().splitlines()[:2] == ["level 0: move left valid", "  level 1: move left invalid"]


def test_an_attempt_budget_ends_the_walk_before_the_attempt_past_it():
    from backtrack import AttemptBudget

    whole = Chain(30)
    assert whole.count() == 1
    attempts = whole.report.attempts
    budget = AttemptBudget(10)  # the solution lies 30 levels down
    short = Chain(30)
    assert list(short.solutions(watch=budget.watch)) == []
    assert short.report.attempts == 10 and not short.report.complete
    assert short.report.stopped is Stop.BOUND and short.made == []  # every move taken back
    assert budget.exhausted and budget.used == 11 and budget.left == 0
    enough = AttemptBudget(attempts)
    again = Chain(30)
    assert again.count(watch=enough.watch) == 1 and again.report.complete
    assert not enough.exhausted and enough.used == attempts
