"""Checkpoints: an append-only file of finished subtrees, so that a stopped count can resume.

The first line is a JSON header naming the count (puzzle, a hash of the instance,
the parameters with their defaults, the split's depth and a hash of its
prefixes); each further line is one finished subtree.  A count started again with
the same file skips the subtrees in it; a file of another count is refused.  A
last line cut short by a kill is dropped, and that subtree is counted again.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping

from ..puzzle import Puzzle
from .tree import Split

__all__ = ["Checkpoint", "CheckpointError", "identity", "CHECKPOINT_FORMAT"]

CHECKPOINT_FORMAT = 1


class CheckpointError(ValueError):
    """A checkpoint file that is corrupt or belongs to another count."""


def identity(puzzle: Puzzle, text: str | None, spec: Any, params: Mapping[str, Any]) -> dict[str, Any]:
    """What names a count in a checkpoint's header: the puzzle, the instance and the parameters."""
    if text is not None:
        instance = hashlib.sha256(text.encode()).hexdigest()
    elif spec is not None:
        instance = "spec:" + hashlib.sha256(repr(spec).encode()).hexdigest()
    else:
        instance = "built from params"
    # Declared defaults filled in: "-p n=12" and "-p n=12 -p method=bitmask" are the same count.
    every = {param.name: param.default for param in puzzle.params if param.default is not None}
    every.update(params)
    return {
        "puzzle": puzzle.name,
        "instance_sha256": instance,
        "params": json.loads(json.dumps(dict(sorted(every.items())), default=repr)),
    }


def describe(identity: Mapping[str, Any]) -> str:
    """A count's identity in words, for messages."""
    params = " ".join(f"{k}={v}" for k, v in identity.get("params", {}).items())
    instance = str(identity.get("instance_sha256", ""))
    instance = instance if instance == "built from params" else f"instance {instance[:12]}"
    return f"puzzle {identity.get('puzzle')!r} ({instance}{', ' + params if params else ''})"


class Checkpoint:
    """An append-only file of finished subtrees: a header line, then one JSON line per subtree."""

    def __init__(self, path: Path, header: dict[str, Any], done: dict[int, tuple[int, int, float]]):
        self.path = path
        self.header = header
        self.done = done
        self._file: Any = None

    @staticmethod
    def read_header(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
        """The header of an existing checkpoint (None for a missing or empty file) and its lines."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None, []
        except OSError as error:
            raise CheckpointError(f"cannot read the checkpoint {path}: {error.strerror}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise CheckpointError(
                f"{path} is not a backtrack checkpoint (not text); delete it or choose another file"
            ) from None
        if not text.strip():
            return None, []
        lines = text.split("\n")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            header = None
        if not isinstance(header, dict) or header.get("backtrack_checkpoint") != CHECKPOINT_FORMAT:
            raise CheckpointError(
                f"{path}:1: not a backtrack checkpoint (corrupt header); delete it or choose another file"
            )
        return header, lines

    @classmethod
    def open(cls, path: str | os.PathLike, identity: dict[str, Any], split: Split) -> "Checkpoint":
        """Open ``path`` for ``split``: resume from it, or start it; refuse a mismatch."""
        path = Path(path)
        header, lines = cls.read_header(path)
        wanted = {
            "backtrack_checkpoint": CHECKPOINT_FORMAT,
            **identity,
            "depth": split.depth,
            "subtrees": len(split.prefixes),
            "prefixes_sha256": split.digest(),
        }
        if header is None:
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(json.dumps(wanted) + "\n")
            except OSError as error:
                raise CheckpointError(f"cannot write the checkpoint {path}: {error.strerror}") from None
            return cls(path, wanted, {})
        cls.check_identity(path, header, identity)
        if (header.get("depth"), header.get("subtrees"), header.get("prefixes_sha256")) != (
            wanted["depth"],
            wanted["subtrees"],
            wanted["prefixes_sha256"],
        ):
            raise CheckpointError(
                f"{path} was made for another split of this puzzle (depth {header.get('depth')}, "
                f"{header.get('subtrees')} subtrees; this count: depth {wanted['depth']}, {wanted['subtrees']} subtrees"
                f"{', same depth but other moves' if header.get('depth') == wanted['depth'] else ''}); "
                "delete it or choose another file"
            )
        done: dict[int, tuple[int, int, float]] = {}
        body = lines[1:]
        truncated = bool(body) and body[-1] != ""  # the file does not end with a newline
        for number, line in enumerate(body, 2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                index, solutions, attempts = entry["subtree"], entry["solutions"], entry["attempts"]
                seconds = float(entry.get("seconds", 0.0))
                ok = (
                    all(type(value) is int and value >= 0 for value in (index, solutions, attempts))
                    and index < wanted["subtrees"]
                )
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                ok = False
            if not ok:
                if truncated and number == len(lines):
                    continue  # the last line, cut short by a kill: that subtree is counted again
                raise CheckpointError(
                    f"{path}:{number}: corrupt checkpoint line {line[:60]!r}; delete the file to start over"
                )
            if index in done and done[index][:2] != (solutions, attempts):
                raise CheckpointError(
                    f"{path}:{number}: subtree {index} is recorded twice with different counts; "
                    "delete the file to start over"
                )
            done[index] = (solutions, attempts, seconds)
        if truncated:
            # Cut the partial last line so that new lines are appended cleanly.
            keep = "\n".join(lines[:-1]) + "\n"
            path.write_text(keep, encoding="utf-8")
        return cls(path, header, done)

    @staticmethod
    def check_identity(path: Path, header: Mapping[str, Any], identity: Mapping[str, Any]) -> None:
        """Refuse a checkpoint made for another puzzle, instance or parameters."""
        mine = {key: header.get(key) for key in identity}
        if mine != dict(identity):
            raise CheckpointError(
                f"{path} is the checkpoint of another count: {describe(mine)}, "
                f"not {describe(identity)}; delete it or choose another file"
            )

    def add(self, index: int, solutions: int, attempts: int, seconds: float) -> None:
        """Record a finished subtree (appended and flushed at once)."""
        if self._file is None:
            self._file = open(self.path, "a", encoding="utf-8")
        self._file.write(
            json.dumps({"subtree": index, "solutions": solutions, "attempts": attempts, "seconds": round(seconds, 6)})
            + "\n"
        )
        self._file.flush()
        self.done[index] = (solutions, attempts, seconds)

    def close(self) -> None:
        """Close the file (a later :meth:`add` opens it again)."""
        if self._file is not None:
            self._file.close()
            self._file = None
