"""Counting in parallel (backtrack.parallel): the totals equal the serial count, attempts included.

Workers run in a pool shared by the module (one start-up for every test), except
where a test is about the pool itself.  The synthetic puzzle below is registered as
a plugin object, not installed: its descriptor travels to the workers by pickle.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import sys
import threading
import time
import warnings
import zlib

import pytest

from backtrack import Puzzle, Search, hookimpl, make_manager
from backtrack import parallel
from backtrack.cli import main
from backtrack.parallel import CheckpointError, CountInterrupted, Progress

warnings.filterwarnings("ignore", category=UserWarning, module="backtrack")


@pytest.fixture(scope="module")
def pool():
    executor = concurrent.futures.ProcessPoolExecutor(
        2, mp_context=parallel.local_context(), initializer=parallel.worker_init
    )
    yield executor
    executor.shutdown(cancel_futures=True)


@pytest.fixture(scope="module")
def installed():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return make_manager()


#: A timeout cuts a subtree running in this process through a simulated Ctrl-C, which
#: needs the main thread and Python's SIGINT handler; elsewhere it is checked between subtrees.
needs_alarm = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread()
    or signal.getsignal(signal.SIGINT) is not signal.default_int_handler,
    reason="timeouts in this process need the main thread and the default SIGINT handler",
)


def serial(puzzle: Puzzle, spec, **params):
    """The serial count straight from the engine: (solutions, attempts)."""
    search = puzzle.search(spec, **params)
    search.count()
    return search.report.solutions, search.report.attempts


# -- a synthetic puzzle, registered directly ----------------------------------------------


def _mix(*numbers: int) -> int:
    return zlib.crc32(repr(numbers).encode())


class TreeSearch(Search):
    """A pseudo-random tree: ``width`` moves per level, about a quarter invalid; solutions at
    the last level and, now and then, higher up (so some are found above any split depth)."""

    def __init__(self, spec: tuple[int, int, int]):
        self.depth, self.width, self.seed = spec
        self.path: list[int] = []

    def moves(self, level):
        return range(self.width)

    def valid(self, level, move):
        return _mix(self.seed, *self.path, move) % 4 != 0

    def record(self, level, move):
        self.path.append(move)

    def undo(self, level, move):
        self.path.pop()

    def done(self, level):
        return level == self.depth - 1 or _mix(self.seed, -1, *self.path) % 9 == 0

    def solution(self, path):
        return tuple(self.path)


def tree_count(depth: int, width: int, seed: int) -> tuple[int, int]:
    """An independent recursive count of the same tree: (solutions, attempts)."""
    solutions = attempts = 0

    def down(path: list[int]) -> None:
        nonlocal solutions, attempts
        for move in range(width):
            attempts += 1
            if _mix(seed, *path, move) % 4 == 0:
                continue
            path.append(move)
            if len(path) == depth or _mix(seed, -1, *path) % 9 == 0:
                solutions += 1
            else:
                down(path)
            path.pop()

    down([])
    return solutions, attempts


def parse_tree(text: str, source: str = "<input>") -> tuple[int, int, int]:
    depth, width, seed = map(int, text.split())
    return depth, width, seed


def make_tree_search(spec, **_):
    return TreeSearch(spec)


def render_tree(spec, solution) -> str:
    return " ".join(map(str, solution))


TREE = Puzzle("synthetic-tree", "a pseudo-random tree", parse_tree, make_tree_search, render_tree)


class TreePlugin:
    @hookimpl
    def backtrack_puzzles(self):
        return [TREE]


class Broken(TreeSearch):
    """Fails below level 2, as a plugin with a bug would."""

    def record(self, level, move):
        if level > 2:
            raise RuntimeError("a bug in record")
        super().record(level, move)


def make_broken_search(spec, **_):
    return Broken(spec)


BROKEN = Puzzle("broken-tree", "a tree whose record fails", parse_tree, make_broken_search, render_tree)


class Unsplittable(TreeSearch):
    splittable = False


class OwnWalk(TreeSearch):
    def _walk(self, *args):
        return super()._walk(*args)


# -- equality with the serial count -------------------------------------------------------------


@pytest.mark.parametrize("method", ["bitmask", "classic"])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 9])
def test_in_process_split_equals_serial(installed, n, method):
    queens = installed.puzzle("queens")
    expected = serial(queens, queens.build(n=n), method=method)
    for depth in (None, 0, 1, 2, 3):
        report = parallel.count("queens", None, {"n": n, "method": method}, workers=1, depth=depth)
        assert (report.solutions, report.attempts, report.complete) == (*expected, True), depth
        assert report.split_attempts <= report.attempts


@pytest.mark.parametrize("method", ["bitmask", "classic"])
def test_local_pool_equals_serial(installed, method):
    """A pool of its own (started and shut down by count), two workers, no warm-up in process."""
    queens = installed.puzzle("queens")
    expected = serial(queens, queens.build(n=8), method=method)
    report = parallel.count("queens", None, {"n": 8, "method": method}, workers=2, warmup=0, steal=False)
    assert report.executor == "local" and report.workers == 2 and report.subtrees_here == 0
    assert (report.solutions, report.attempts, report.complete) == (*expected, True)
    assert report.subtrees >= 16 and report.subtrees_done == report.subtrees


def test_forked_workers_count_alone_and_this_process_only_waits(installed):
    """Forked workers start at once: after the warm-up this process counts nothing, so N workers have N cores."""
    queens = installed.puzzle("queens")
    report = parallel.count("queens", None, {"n": 9, "method": "classic"}, workers=2, warmup=0)
    assert report.executor == "local" and report.subtrees_here == 0
    assert (report.solutions, report.attempts, report.complete) == (
        *serial(queens, queens.build(n=9), method="classic"),
        True,
    )


def test_this_process_helps_while_spawned_workers_start(installed, monkeypatch):
    """Spawned workers take a while to start: meanwhile this process counts subtrees from the end of the queue."""
    import multiprocessing

    from backtrack.parallel import local

    monkeypatch.setattr(local, "local_context", lambda: multiprocessing.get_context("spawn"))
    queens = installed.puzzle("queens")
    report = parallel.count("queens", None, {"n": 9, "method": "classic"}, workers=2, warmup=0)
    assert report.executor == "local" and report.subtrees_here > 0
    assert (report.solutions, report.attempts, report.complete) == (
        *serial(queens, queens.build(n=9), method="classic"),
        True,
    )


@pytest.mark.parametrize("n", [6, 10])
def test_shared_pool_equals_serial(installed, pool, n):
    queens = installed.puzzle("queens")
    report = parallel.count("queens", None, {"n": n}, executor=pool, warmup=0, steal=False)
    assert report.executor == "executor" and report.subtrees_here == 0
    assert (report.solutions, report.attempts, report.complete) == (*serial(queens, queens.build(n=n)), True)


def test_the_split_adds_up(installed):
    queens = installed.puzzle("queens")
    search = queens.search(queens.build(n=7), method="classic")
    cut = parallel.split(search, depth=2)
    parts = [serial_prefix(queens, 7, prefix) for prefix in cut.prefixes]
    assert cut.attempts + sum(a for _, a in parts) == serial(queens, queens.build(n=7), method="classic")[1]
    assert cut.solutions + sum(s for s, _ in parts) == 40
    assert all(len(prefix) == 2 for prefix in cut.prefixes)
    assert parallel.split(search, target=10).depth == 2  # 7 prefixes at depth 1 are too few


def serial_prefix(queens, n, prefix):
    search = queens.search(queens.build(n=n), method="classic")
    search.count(prefix=prefix)
    return search.report.solutions, search.report.attempts


@pytest.mark.parametrize("shape", [(6, 4, 1), (7, 3, 2), (5, 5, 3), (1, 3, 4), (8, 2, 5)])
def test_synthetic_plugin_object_in_workers(pool, shape):
    manager = make_manager(entry_points=False, plugins=[TreePlugin()])
    text = " ".join(map(str, shape))
    expected = tree_count(*shape)
    assert serial(TREE, shape) == expected
    for depth in (None, 1, 3):
        here = parallel.count("synthetic-tree", text, manager=manager, workers=1, depth=depth)
        assert (here.solutions, here.attempts, here.complete) == (*expected, True)
    away = parallel.count(TREE, text, executor=pool, warmup=0, depth=2, steal=False)
    assert (away.solutions, away.attempts, away.complete) == (*expected, True)
    assert away.executor == ("executor" if away.subtrees else "in-process") and away.subtrees_here == 0


def test_random_synthetic_trees_in_process():
    """Many small trees, every split depth up to the tree's: split + subtrees == the independent count."""
    for seed in range(30):
        depth, width = 1 + seed % 6, 1 + seed % 4
        expected = tree_count(depth, width, seed)
        for split_depth in range(depth + 2):
            report = parallel.count(TREE, f"{depth} {width} {seed}", workers=1, depth=split_depth)
            assert (report.solutions, report.attempts, report.complete) == (*expected, True), (seed, split_depth)


def test_a_failing_subtree_is_named(pool):
    # The same error as in this process: a bug of the plugin, with what the other subtrees counted.
    from backtrack.run import PluginFailed

    with pytest.raises(
        PluginFailed,
        match=r"in a worker, counting subtree \d+ \(prefix \(\d+, \d+\)\) .*\(RuntimeError: a bug in record, "
              r"raised in .*record",
    ) as failed:
        parallel.count(BROKEN, "6 4 1", executor=pool, warmup=0, steal=False, depth=2)
    assert failed.value.report is not None and not failed.value.report.complete


def test_solutions_above_the_split_are_counted_by_the_splitter():
    shape = (6, 4, 1)
    cut = parallel.split(TreeSearch(shape), depth=3)
    assert cut.solutions > 0  # the tree has solutions at levels 0-2
    report = parallel.count(TREE, "6 4 1", workers=1, depth=3)
    assert report.split_solutions == cut.solutions and report.solutions == tree_count(*shape)[0]


@pytest.mark.parametrize(
    "kind, reason", [(Unsplittable, "splittable = False"), (OwnWalk, "overrides the engine's walk")]
)
def test_a_search_that_cannot_be_split_is_counted_serially(kind, reason, tmp_path):
    puzzle = Puzzle("unsplittable", "no split", parse_tree, lambda spec, **_: kind(spec), render_tree)
    report = parallel.count(puzzle, "6 4 1", workers=2)
    assert report.executor == "serial" and reason in report.note
    assert (report.solutions, report.attempts, report.complete) == (*tree_count(6, 4, 1), True)
    with pytest.raises(parallel.NotSplittable, match="cannot checkpoint"):
        parallel.count(puzzle, "6 4 1", workers=2, checkpoint=tmp_path / "c")


def test_moves_that_cannot_be_pickled_stay_in_process():
    class Box:  # a local class: instances cannot be pickled
        def __init__(self, value):
            self.value = value

        def __repr__(self):
            return f"Box({self.value})"

    class BoxTree(TreeSearch):
        def moves(self, level):
            return [Box(v) for v in range(self.width)]

        def valid(self, level, move):
            return super().valid(level, move.value)

        def record(self, level, move):
            super().record(level, move.value)

    puzzle = Puzzle("boxes", "unpicklable moves", parse_tree, lambda spec, **_: BoxTree(spec), render_tree)
    report = parallel.count(puzzle, "6 4 1", workers=2, warmup=0)
    assert "cannot be pickled" in report.note and report.executor == "in-process"
    assert (report.solutions, report.attempts) == tree_count(6, 4, 1)


@needs_alarm
def test_every_installed_puzzle_with_examples(installed, pool):
    """Whatever plugins are installed: their examples (the first instances of batch files)
    counted split at several depths, here and in the shared pool, give the serial numbers.
    Examples whose serial count takes over half a second are skipped; so are the rest once
    the test has spent its time budget."""
    budget = time.perf_counter() + 8
    checked = {}
    for name, found in sorted(installed.puzzles().items()):
        puzzle = found.puzzle
        widest = None
        for path in sorted(puzzle.examples.values(), key=lambda path: path.stat().st_size):
            text = path.read_text(encoding="utf-8")
            parts = puzzle.split(text)[:3] if puzzle.split is not None else [(1, text)]
            for _, part in parts:
                if time.perf_counter() > budget and name in checked:
                    break
                whole = parallel.count(puzzle, part, source=str(path), workers=1, depth=0, timeout=0.5)
                if not whole.complete:
                    continue
                for depth in (None, 1, 2, 3):
                    report = parallel.count(puzzle, part, source=str(path), workers=1, depth=depth)
                    assert (report.solutions, report.attempts, report.complete) == (
                        whole.solutions,
                        whole.attempts,
                        True,
                    ), (name, path, depth)
                    if report.executor == "serial":
                        assert "cannot be split" in report.note
                        break
                if widest is None or report.subtrees > widest[0]:
                    widest = (report.subtrees, part, path, whole)
                checked.setdefault(name, []).append(path.name)
        if widest is not None and widest[0] > 1:
            _, part, path, whole = widest
            report = parallel.count(puzzle, part, source=str(path), executor=pool, warmup=0, steal=False)
            assert (report.solutions, report.attempts, report.complete) == (whole.solutions, whole.attempts, True), (
                name,
                path,
            )
    assert "queens" in checked


# -- limit, timeout, interruption, checkpoints --------------------------------------------------


def test_limit_ends_a_count_incomplete(pool):
    here = parallel.count("queens", None, {"n": 8}, workers=1, limit=10)
    assert (here.solutions, here.complete, here.limited) == (10, False, True)
    away = parallel.count("queens", None, {"n": 8}, executor=pool, warmup=0, steal=False, limit=10)
    assert (away.solutions, away.complete, away.limited) == (10, False, True)


def test_timeout_ends_a_local_count_and_its_workers():
    report = parallel.count("queens", None, {"n": 14}, workers=2, timeout=0.5, warmup=0)
    assert report.timed_out and not report.complete and report.executor == "local"
    assert report.seconds < 10


@needs_alarm
def test_timeout_in_process_cuts_a_running_subtree():
    report = parallel.count("queens", None, {"n": 14}, workers=1, depth=0, timeout=0.3)
    assert report.timed_out and not report.complete and report.subtrees_done == 0
    assert report.attempts > 0 and report.seconds < 5


def test_interrupted_count_resumes_from_its_checkpoint(installed, pool, tmp_path):
    queens = installed.puzzle("queens")
    expected = serial(queens, queens.build(n=9))
    checkpoint = tmp_path / "queens9.checkpoint"
    calls = []

    def impatient(state: Progress) -> None:
        calls.append(state)
        if state.done == 5:
            raise KeyboardInterrupt

    with pytest.raises(CountInterrupted) as stop:
        parallel.count("queens", None, {"n": 9}, workers=1, checkpoint=checkpoint, progress=impatient)
    partial = stop.value.report
    assert partial.interrupted and not partial.complete and partial.subtrees_done == 5
    assert 0 < partial.attempts < expected[1]
    lines = checkpoint.read_text().splitlines()
    assert len(lines) == 1 + 5 and json.loads(lines[0])["puzzle"] == "queens"
    assert calls[-1].total == partial.subtrees and calls[-1].solutions == partial.solutions

    resumed = parallel.count("queens", None, {"n": 9}, executor=pool, warmup=0, steal=False, checkpoint=checkpoint)
    assert resumed.resumed == 5 and resumed.complete
    assert (resumed.solutions, resumed.attempts) == expected
    again = parallel.count("queens", None, {"n": 9}, workers=1, checkpoint=checkpoint)
    assert again.resumed == again.subtrees and (again.solutions, again.attempts) == expected


def test_timed_out_count_resumes(pool, tmp_path):
    expected = (14200, 856188)  # the serial count of 12 queens (bitmask): solutions, attempts
    checkpoint = tmp_path / "c"
    first = parallel.count("queens", None, {"n": 12}, workers=1, checkpoint=checkpoint, timeout=0.3)
    assert first.timed_out and not first.complete
    second = parallel.count("queens", None, {"n": 12}, executor=pool, checkpoint=checkpoint)
    assert second.resumed == first.subtrees_done and (second.solutions, second.attempts) == expected


def test_a_resumed_count_reports_the_seconds_of_every_run_as_its_attempts_are(pool, tmp_path):
    checkpoint = tmp_path / "c"
    first = parallel.count("queens", None, {"n": 12}, workers=1, checkpoint=checkpoint, timeout=0.3)
    walls = [json.loads(line)["wall"] for line in checkpoint.read_text().splitlines()[1:]]
    assert walls and first.earlier_seconds == 0 and first.seconds == first.run_seconds
    second = parallel.count("queens", None, {"n": 12}, executor=pool, checkpoint=checkpoint)
    assert second.complete and second.resumed == len(walls)
    # The earlier run's time up to its last recorded subtree: the work whose attempts are in the total.
    assert second.earlier_seconds == max(walls) <= first.seconds
    assert second.seconds == pytest.approx(second.run_seconds + second.earlier_seconds)
    assert second.seconds > second.run_seconds


def test_a_split_that_counts_the_whole_tree_does_not_claim_the_warm_up(pool):
    report = parallel.count("queens", None, {"n": 6}, executor=pool, workers=2, depth=6)
    assert report.complete and report.subtrees == 0 and report.solutions == 4
    assert "the split counted the whole search tree" in report.note and "warm-up" not in report.note


def test_many_workers_do_not_split_the_tree_to_its_bottom(installed, pool, monkeypatch):
    monkeypatch.setattr(parallel.counting, "MAX_SUBTREES", 100)
    queens = installed.puzzle("queens")
    report = parallel.count("queens", None, {"n": 9}, executor=pool, workers=10**20, warmup=0, steal=False)
    assert (report.solutions, report.attempts, report.complete) == (*serial(queens, queens.build(n=9)), True)
    assert 100 <= report.subtrees and report.depth < 9 and report.subtrees_here == 0
    with pytest.raises(ValueError, match=f"workers must be at most {parallel.max_workers()}"):
        parallel.count("queens", None, {"n": 9}, workers=10**20)


def test_a_split_depth_below_the_tree_is_refused_only_when_strict():
    with pytest.raises(parallel.SplitDepthError, match="no move sequence of 5 moves is left"):
        parallel.count("queens", None, {"n": 5}, workers=1, depth=9, strict_depth=True)
    assert parallel.count("queens", None, {"n": 5}, workers=1, depth=9).solutions == 10
    with pytest.raises(parallel.SplitDepthError, match="from 0 to 64, not 65"):
        parallel.count("queens", None, {"n": 5}, workers=1, depth=65)


def test_a_cut_last_line_is_counted_again(installed, tmp_path):
    checkpoint = tmp_path / "c"
    parallel.count("queens", None, {"n": 8}, workers=1, checkpoint=checkpoint)
    text = checkpoint.read_text()
    checkpoint.write_text(text[: text.rindex('"attempts"')])  # killed while writing a line
    report = parallel.count("queens", None, {"n": 8}, workers=1, checkpoint=checkpoint)
    assert report.complete and report.solutions == 92 and report.resumed == report.subtrees - 1
    assert checkpoint.read_text().endswith("\n")


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda lines: ["garbage"] + lines[1:], r"c:1: not a backtrack checkpoint"),
        (lambda lines: lines[:2] + ['{"subtree": "x"}'] + lines[2:], r"c:3: corrupt checkpoint line"),
        (lambda lines: lines + [signed(lines[0], 0, 999, 1)], r"c:\d+: subtree 0 is recorded twice"),
        (lambda lines: lines + [signed(lines[0], 10**6, 1, 1)], r"corrupt checkpoint line \(subtree 1000000, but"),
        (
            lambda lines: lines[:2] + [lines[2].replace('"solutions": ', '"solutions": 1')] + lines[3:],
            r"c:3: its checksum",
        ),
        (lambda lines: [lines[0].replace('"depth": 2', '"depth": 3')] + lines[1:], r"c:1: the header's checksum"),
        (lambda lines: lines[:3] + [lines[1]] + lines[3:], ""),  # a line twice with the same counts: fine
        (lambda lines: lines[:2] + lines[3:], ""),  # a line lost: that subtree is counted again
        (lambda lines: lines[:2] + ["[" * 500 + "]" * 500] + lines[2:], r"c:3: (corrupt|JSON nested too deeply)"),
        (lambda lines: lines[:2] + ["{" + " " * 2000 + "}"] + lines[2:], r"c:3: line longer than 1024 bytes"),
        (lambda lines: ["[" * 60_000] + lines[1:], r"c:1: JSON nested too deeply"),
        (lambda lines: [lines[0].replace('"backtrack_checkpoint": 2', '"backtrack_checkpoint": 1')] + lines[1:],
         r"written by an older backtrack, without checksums.*delete the file and count again"),
    ],
)
def test_a_corrupt_checkpoint_is_refused(tmp_path, change, message):
    checkpoint = tmp_path / "c"
    first = parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=2)
    lines = checkpoint.read_text().splitlines()
    checkpoint.write_text("\n".join(change(lines)) + "\n")
    if not message:  # a change that loses nothing: the count is still right
        again = parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=2)
        assert (again.solutions, again.attempts, again.complete) == (first.solutions, first.attempts, True)
        return
    with pytest.raises(CheckpointError, match=message):
        parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=2)


def signed(header_line: str, subtree: int, solutions: int, attempts: int) -> str:
    """A subtree line with a valid checksum (as a buggy or malicious writer could make)."""
    from backtrack.parallel.checkpoint import line_digest

    entry = {"subtree": subtree, "solutions": solutions, "attempts": attempts, "seconds": 0.0, "wall": 0.0}
    return json.dumps({**entry, "sha256": line_digest(json.loads(header_line)["sha256"], entry)})


def test_an_edited_count_is_refused_by_the_command_never_added(tmp_path, capsys):
    """The issue's case: one count changed by hand gave 74712 for 13 queens (here: 8)."""
    checkpoint = tmp_path / "q.ckpt"
    args = ["queens", "-p", "n=8", "--count", "--workers", "1", "--checkpoint", str(checkpoint), "--split-depth", "2"]
    status, out, err = solve(capsys, *args)
    assert status == 0 and out.startswith("92 solutions")
    lines = checkpoint.read_text().splitlines(keepends=True)
    entry = json.loads(lines[3])
    lines[3] = lines[3].replace(f'"solutions": {entry["solutions"]}', f'"solutions": {entry["solutions"] + 100}')
    checkpoint.write_text("".join(lines))
    status, out, err = solve(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith(f"backtrack: error: {checkpoint}:4: its checksum does not match") and "Traceback" not in err


def test_a_checkpoint_too_big_for_its_split_is_refused_unread(tmp_path):
    checkpoint = tmp_path / "c"
    first = parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=1)
    with open(checkpoint, "r+b") as handle:
        handle.truncate(1 << 30)  # a sparse gigabyte: read whole, it would take a gigabyte of memory
    with pytest.raises(CheckpointError, match=rf"c is 1,073,741,824 bytes, more than a checkpoint of {first.subtrees}"):
        parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=1)


def test_the_header_names_the_form_of_the_instance(tmp_path):
    checkpoint = tmp_path / "c"
    sudoku = "4...\n..3.\n....\n.1..\n"
    parallel.count("sudoku", sudoku, workers=1, checkpoint=checkpoint)
    header = json.loads(checkpoint.read_text().splitlines()[0])
    assert header["instance_form"] is None and header["backtrack_checkpoint"] == 2


def test_a_binary_file_is_refused(tmp_path):
    checkpoint = tmp_path / "c"
    checkpoint.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(CheckpointError, match="not a backtrack checkpoint"):
        parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint)


def test_a_checkpoint_of_another_count_is_refused(tmp_path):
    checkpoint = tmp_path / "c"
    parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint)
    same = parallel.count("queens", None, {"n": 6, "method": "bitmask"}, workers=1, checkpoint=checkpoint)
    assert same.resumed == same.subtrees  # the default method spelled out is the same count
    with pytest.raises(
        CheckpointError,
        match=r"checkpoint of another count: puzzle 'queens' \(built from params, method=bitmask n=6\), not .*n=7",
    ):
        parallel.count("queens", None, {"n": 7}, workers=1, checkpoint=checkpoint)
    with pytest.raises(CheckpointError, match="another split of this puzzle"):
        parallel.count("queens", None, {"n": 6}, workers=1, checkpoint=checkpoint, depth=1)
    with pytest.raises(CheckpointError, match="checkpoint of another count"):
        parallel.count("queens", None, {"n": 6, "method": "classic"}, workers=1, checkpoint=checkpoint)
    with pytest.raises(CheckpointError, match="checkpoint of another count"):
        parallel.count(TREE, "6 4 1", workers=1, checkpoint=checkpoint)
    text_checkpoint = tmp_path / "t"
    parallel.count(TREE, "6 4 1", workers=1, checkpoint=text_checkpoint)
    with pytest.raises(CheckpointError, match="checkpoint of another count"):
        parallel.count(TREE, "6 4 2", workers=1, checkpoint=text_checkpoint)


def test_progress_display_on_a_terminal():
    from io import StringIO

    from backtrack.progress import TerminalProgress, format_progress

    state = Progress(done=3, total=10, solutions=1234, attempts=2_000_000, elapsed=2.0, workers=2, executor="local")
    assert format_progress(state) == "subtrees 3/10  solutions 1,234  1.0M attempts/s  0:00:02  (local, 2 workers)"
    out = StringIO()
    display = TerminalProgress(out, delay=0, interval=0)
    display(state)
    display.close()
    assert "\rsubtrees 3/10" in out.getvalue() and out.getvalue().endswith("\r")


# -- Dask ---------------------------------------------------------------------------------------


def test_dask_local_cluster_gives_the_serial_numbers(installed):
    distributed = pytest.importorskip("distributed")
    queens = installed.puzzle("queens")
    expected = serial(queens, queens.build(n=8), method="classic")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            report = parallel.count("queens", None, {"n": 8, "method": "classic"}, client=client, warmup=0)
    assert report.subtrees_here == 0
    assert report.executor == "dask" and report.workers == 2
    assert (report.solutions, report.attempts, report.complete) == (*expected, True)


# -- the command ----------------------------------------------------------------------------------


def solve(capsys, *args):
    status = main(["solve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_command_counts_in_parallel_with_json(installed, capsys):
    queens = installed.puzzle("queens")
    status, out, _ = solve(capsys, "queens", "-p", "n=8", "-p", "method=classic", "--count", "--workers", "2", "--json")
    result = json.loads(out)
    assert status == 0
    assert (result["solutions"], result["attempts"], result["complete"]) == (
        *serial(queens, queens.build(n=8), method="classic"),
        True,
    )
    assert (
        result["interrupted"] is False and result["parallel"]["workers"] == 2 and result["parallel"]["subtrees"] >= 16
    )


def test_command_text_output_is_the_serial_one(capsys):
    status, out, err = solve(capsys, "queens", "--example", "eight", "--count", "--workers", "1")
    assert status == 0 and out.splitlines()[0] == "92 solutions (search complete)"
    assert out.splitlines()[1].startswith("2056 attempts in")


def test_command_checkpoint_and_resume(tmp_path, capsys):
    checkpoint = str(tmp_path / "q.ckpt")
    status, out, err = solve(capsys, "queens", "-p", "n=7", "--count", "--workers", "1", "--checkpoint", checkpoint)
    assert status == 0 and out.startswith("40 solutions (search complete)") and "checkpoint" in err
    status, out, err = solve(
        capsys, "queens", "-p", "n=7", "--count", "--workers", "1", "--checkpoint", checkpoint, "--json"
    )
    result = json.loads(out)
    assert result["solutions"] == 40 and result["parallel"]["resumed"] == result["parallel"]["subtrees"]
    status, out, err = solve(capsys, "queens", "-p", "n=6", "--count", "--checkpoint", checkpoint)
    assert status == 2 and "checkpoint of another count" in err and out == ""


@needs_alarm
def test_command_timeout_exits_124(capsys):
    status, out, err = solve(capsys, "queens", "-p", "n=14", "--count", "--workers", "1", "--timeout", "0.3")
    assert status == 124
    assert "so far (stopped by the timeout: incomplete" in out.splitlines()[0]
    assert "timed out; with --checkpoint FILE, a count stopped early can be resumed" in err


def test_command_progress_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    status, out, err = solve(capsys, "queens", "-p", "n=6", "--count", "--workers", "1")
    assert status == 0 and "counted in this process; split at depth" in err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--workers", "0", "--count"], "--workers must be from 1 to"),
        (["--workers", "1000", "--count"], f"--workers must be from 1 to {parallel.max_workers()} (four per core"),
        (["--workers", "99999999999999999999", "--count"], "not 99999999999999999999"),
        (["--count", "--split-depth", "65"], "--split-depth must be from 0 to 64, not 65"),
        (["--count", "--split-depth", "9"], "--split-depth 9: the split depth 9 is below the bottom of this search"),
        (["--workers", "2"], "--workers work with --count only"),
        (["--all", "--checkpoint", "x"], "--checkpoint work with --count only"),
        (["--count", "--timeout", "0"], "--timeout must be a positive number"),
        (["--count", "--trace", "--workers", "2"], "--trace prints every attempt"),
        (["--count", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "either --workers"),
        (["--count", "--split-depth", "-1"], "--split-depth must be from 0 to 64"),
    ],
)
def test_command_refuses_bad_options(capsys, args, message):
    status, out, err = solve(capsys, "queens", "-p", "n=5", *args)
    assert status == 2 and message in err


def test_scheduler_without_dask_says_how_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    status, out, err = solve(capsys, "queens", "-p", "n=5", "--count", "--scheduler", "tcp://127.0.0.1:1")
    assert status == 2 and "pip install 'backtrack-puzzles[dask]'" in err


# -- a worker that dies --------------------------------------------------------------------------


class DyingOnce(TreeSearch):
    """Kills its own process the first time a worker counts below the prefix ``(1, ...)``: as a kill -9 would."""

    marker: str = ""

    def record(self, level, move):
        if level == 3 and self.path[:1] == [1] and in_a_worker() and self._first_to_die():
            os.kill(os.getpid(), signal.SIGKILL)
        super().record(level, move)

    def _first_to_die(self) -> bool:
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))  # atomic: only one worker dies
        except FileExistsError:
            return False
        return True


def make_dying(spec, **_):
    search = DyingOnce(spec[:3])
    search.marker = spec[3]
    return search


def in_a_worker() -> bool:
    """Whether this process is a worker started by multiprocessing (forked or spawned)."""
    import multiprocessing

    return multiprocessing.parent_process() is not None


def test_a_killed_local_worker_is_replaced_and_its_subtree_counted_once(tmp_path):
    marker = str(tmp_path / "died")
    puzzle = Puzzle("dying", "dies once", parse_tree, make_dying, render_tree)
    report = parallel.count(puzzle, None, spec=(6, 4, 3, marker), workers=2, warmup=0, depth=2, steal=False)
    assert os.path.exists(marker), "a worker died"
    assert report.retried == 1 and report.complete and report.executor == "local"
    assert (report.solutions, report.attempts) == tree_count(6, 4, 3)


class AlwaysDying(TreeSearch):
    def record(self, level, move):
        if level == 3 and in_a_worker():
            os.kill(os.getpid(), signal.SIGKILL)
        super().record(level, move)


def make_always_dying(spec, **_):
    return AlwaysDying(spec)


def test_a_subtree_that_kills_every_worker_is_an_error_not_a_hang():
    puzzle = Puzzle("killer", "always dies", parse_tree, make_always_dying, render_tree)
    with pytest.raises(parallel.SubtreeError, match="died 2 times"):
        parallel.count(puzzle, "6 4 3", workers=2, warmup=0, depth=2, steal=False)
