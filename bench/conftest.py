"""Shared benchmark plumbing: speed ratios against a baseline measured in the same run.

A benchmark calls ``record_median(benchmark, group, role)`` after measuring; at the
end of the session every group that has a ``baseline`` prints ``role / baseline``
for its other roles.  Nothing is printed when benchmarking is disabled (CI runs the
benchmark modules once as plain tests).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

_MEDIANS: dict[str, dict[str, float]] = defaultdict(dict)


def record_median(benchmark, group: str, role: str) -> None:
    """Remember the median time of this benchmark as ``role`` within ``group``."""
    stats = getattr(benchmark, "stats", None)
    if stats is not None and not benchmark.disabled:
        _MEDIANS[group][role] = stats.stats.median


@pytest.fixture
def ratio():
    """The function ``record_median(benchmark, group, role)``."""
    return record_median


def pytest_terminal_summary(terminalreporter):
    lines = []
    for group, roles in sorted(_MEDIANS.items()):
        baseline = roles.get("baseline")
        if not baseline:
            continue
        for role, median in sorted(roles.items()):
            if role != "baseline":
                lines.append(
                    f"{group}: {role} / baseline = {median / baseline:.2f}, {baseline / median:.2f}x as fast  "
                    f"(medians {median * 1e3:.2f} ms / {baseline * 1e3:.2f} ms)"
                )
    if lines:
        terminalreporter.section("speed ratios (median time, same run)")
        for line in lines:
            terminalreporter.write_line(line)
