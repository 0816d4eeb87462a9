"""Grades against Simon Tatham's: the agreement table, and the time of ``hint --all`` per puzzle.

The 400 puzzles of ``plugins/backtrack_puzzles/data/tatham-graded/`` were generated and
graded by Tatham's own programs (see ``SOURCE.md`` there): 20 per level of Light Up,
Tents, Towers, Keen and Solo.  Print the agreement table (per game and level: how
many of our grades equal Tatham's) and the seconds of an explanation per puzzle::

    python bench/bench_grades.py

As benchmarks (the time to grade every puzzle of a game)::

    python -m pytest bench/bench_grades.py --benchmark-enable -p no:xdist -q

The targets: our grade equals Tatham's for at least 90% of each game's puzzles and
70% of each level's.  With ``--benchmark-disable`` (as in CI) each bench grades its
game once and checks the targets.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from backtrack import make_manager
from backtrack.explain import explain
from backtrack.hints import reasoner_for

DATA = Path(__file__).resolve().parents[1] / "plugins" / "backtrack_puzzles" / "data" / "tatham-graded"
#: Tatham's game, our puzzle.
GAMES = {"lightup": "akari", "tents": "tents", "towers": "skyline", "keen": "kendoku", "solo": "sudoku"}
MANAGER = make_manager()


def records(game: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / f"{game}.jsonl").read_text(encoding="utf-8").splitlines() if line]


def graded(game: str) -> list[tuple[dict, str | None, float]]:
    """Each record, our grade of its puzzle, and the seconds the explanation took."""
    puzzle = MANAGER.puzzle(GAMES[game])
    found = []
    for record in records(game):
        spec = puzzle.formats["tatham"].decode(record["id_short"], record["seed"])
        start = time.perf_counter()
        explanation = explain(reasoner_for(puzzle, spec, None, record["seed"]))
        found.append((record, explanation.grade, time.perf_counter() - start))
    return found


def agreement(found: list[tuple[dict, str | None, float]]) -> tuple[float, dict[str, tuple[int, int]]]:
    """The share of puzzles graded as Tatham graded them, and per level (matched, puzzles)."""
    levels: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for record, grade, _ in found:
        word = record["grade"]["word"].lower()
        levels[word][1] += 1
        levels[word][0] += grade == word
    matched = sum(m for m, _ in levels.values())
    return matched / len(found), {word: (m, n) for word, (m, n) in levels.items()}


@pytest.mark.parametrize("game", GAMES)
def bench_grade_every_puzzle(benchmark, game):
    if MANAGER.puzzle(GAMES[game]).reasoner is None:
        pytest.skip(f"{GAMES[game]} names no rules")
    found = benchmark.pedantic(graded, args=(game,), rounds=1, iterations=1)
    overall, levels = agreement(found)
    assert overall >= 0.9, (game, overall, levels)
    assert all(m >= 0.7 * n for m, n in levels.values()), (game, levels)


def main() -> None:
    print("| game | level | agree | seconds per puzzle (median / max) |")
    print("|---|---|---|---|")
    for game, name in GAMES.items():
        if MANAGER.puzzle(name).reasoner is None:
            print(f"| {game} | (no reasoner) | | |")
            continue
        found = graded(game)
        overall, levels = agreement(found)
        for word, (matched, count) in levels.items():
            seconds = [s for record, _, s in found if record["grade"]["word"].lower() == word]
            print(f"| {game} | {word} | {matched}/{count} | {statistics.median(seconds):.3f} / {max(seconds):.3f} |")
        print(f"| {game} | all | {overall:.0%} | |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
