"""A person's answer as the commands read it: what ``backtrack solve`` printed, whole or in part.

``check`` reads a whole answer, ``hint`` a partial one; both take the text ``solve``
printed (its ``Solution 1`` header and report lines dropped, so that a saved
output can be edited and given back) or a pzprv3 file holding an answer.
"""

from __future__ import annotations

import re

from .puzzle import InputError

__all__ = ["answer_text", "SOLUTION_HEADER", "REPORT_LINE"]

#: The lines of what ``solve`` prints around an answer.
SOLUTION_HEADER = re.compile(r"^Solution \d+$")
REPORT_LINE = re.compile(r"^\d+ attempts? in +\d+\.\d+ seconds$")


def answer_text(text: str, source: str) -> tuple[str, int]:
    """The answer in what ``backtrack solve`` printed, and the lines dropped before it.

    The ``Solution 1`` header and the summary and report lines after the answer are
    dropped; the number of lines before the answer keeps error lines true of the file.
    """
    lines = text.split("\n")
    headers = [number for number, line in enumerate(lines) if SOLUTION_HEADER.match(line.strip())]
    if len(headers) > 1:
        raise InputError(f"this holds {len(headers)} solutions (as --all prints them): keep the one to check",
                         source, headers[1] + 1)
    first = headers[0] + 1 if headers else 0
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    if last > first and REPORT_LINE.match(lines[last - 1].strip()):
        last -= 2  # the report line, and the summary line printed before it
    return "\n".join(lines[first:max(last, first)]) + "\n", first
