"""A one-line progress display for long counts, drawn on a terminal (standard error).

``TerminalProgress`` is a ``progress`` callback for :func:`backtrack.parallel.count`:
it shows subtrees done of total, solutions so far, attempts per second and the
elapsed time, redrawn at most ten times a second (and every second by itself, so the
clock moves while a long subtree runs).  It stays silent for the first
``delay`` seconds, so quick searches print nothing, and clears its line at the end.

The thread that redraws every second starts with the first update, not before: a
count reports nothing during its warm-up, so its worker processes are started
while this process has a single thread, and can be forked.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from .parallel.report import Progress

__all__ = ["TerminalProgress", "format_progress"]


def _human(number: float) -> str:
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if number >= size:
            return f"{number / size:.1f}{unit}"
    return f"{number:.0f}"


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}"


def format_progress(state: Progress, elapsed: float | None = None, expected_attempts: float | None = None) -> str:
    """The progress line: ``subtrees 40/132  solutions 1,234  5.2M attempts/s  0:00:12``.

    With ``expected_attempts`` (an estimate of the whole search's attempts) it adds
    the time left at the rate so far: ``about 0:01:40 left``, or ``longer than
    estimated`` once the count has gone past the estimate.
    """
    elapsed = state.elapsed if elapsed is None else elapsed
    left = ""
    if expected_attempts and state.rate > 0:
        if state.attempts < expected_attempts:
            left = f"  about {_clock((expected_attempts - state.attempts) / state.rate)} left"
        else:
            left = "  longer than estimated"
    return (
        f"subtrees {state.done}/{state.total}  solutions {state.solutions:,}  "
        f"{_human(state.rate)} attempts/s  {_clock(elapsed)}{left}  "
        f"({state.executor}, {state.workers} worker{'s' if state.workers != 1 else ''})"
    )


class TerminalProgress:
    """Draws :class:`~backtrack.parallel.Progress` updates on one terminal line."""

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        delay: float = 0.5,
        interval: float = 0.1,
        expected_attempts: float | None = None,
    ):
        self.stream = stream or sys.stderr
        #: An estimate of the whole search's attempts (see :mod:`backtrack.estimate`), for the time left.
        self.expected_attempts = expected_attempts
        self.delay = delay
        self.interval = interval
        self._started = time.monotonic()
        self._state: Progress | None = None
        self._seen_at = 0.0
        self._drawn_at = 0.0
        self._width = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __call__(self, state: Progress) -> None:
        if self._ticker is None:
            self._ticker = threading.Thread(target=self._tick, name="backtrack-progress", daemon=True)
            self._ticker.start()
        with self._lock:
            self._state, self._seen_at = state, time.monotonic()
            if time.monotonic() - self._drawn_at >= self.interval:
                self._draw()

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            with self._lock:
                self._draw()

    def _draw(self) -> None:
        now = time.monotonic()
        if self._state is None or now - self._started < self.delay:
            return
        line = format_progress(self._state, self._state.elapsed + (now - self._seen_at), self.expected_attempts)
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = len(line)
        self._drawn_at = now

    def close(self) -> None:
        """Stop redrawing and clear the line."""
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(2)
        with self._lock:
            if self._width:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.flush()
                self._width = 0
