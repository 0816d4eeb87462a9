"""Checkpoints: an append-only file of finished subtrees, so that a stopped count can resume.

The first line is a JSON header naming the count (puzzle, a hash of the instance
and its format, the parameters with their defaults, the split's depth and a hash
of its prefixes); each further line is one finished subtree.  A count started
again with the same file skips the subtrees in it; a file of another count is
refused.  A last line cut short by a kill is dropped, and that subtree is counted
again.

Every line carries a ``sha256``: the header's is the SHA-256 of its canonical JSON
(sorted keys, no spaces) without that field; a subtree line's is an HMAC-SHA-256 of
its canonical JSON keyed with the header's, so a line changed by hand or by a
faulty disk, or copied from another count's file, is refused rather than added
into a total.  Files written before checksums (format 1) are refused: delete them
and count again.

The file is read line by line, never whole: the header line may be at most
:data:`MAX_HEADER_BYTES`, every other line at most :data:`MAX_LINE_BYTES`, and the
whole file at most :data:`MAX_HEADER_BYTES` plus :data:`BYTES_PER_SUBTREE` per
subtree of the split.  Lines are flat JSON objects; deeper nesting is refused.

A subtree line also records ``wall``: the count's wall-clock seconds over every
run so far (earlier runs up to their last recorded subtree, plus this run's), so
that a resumed count reports the seconds of the same work its attempts count.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
from pathlib import Path
from typing import Any, BinaryIO, Iterator, Mapping

from ..puzzle import Puzzle
from .tree import MAX_SPLIT_DEPTH, Split

__all__ = [
    "Checkpoint",
    "CheckpointError",
    "identity",
    "CHECKPOINT_FORMAT",
    "MAX_HEADER_BYTES",
    "MAX_LINE_BYTES",
    "BYTES_PER_SUBTREE",
]

CHECKPOINT_FORMAT = 2
#: The longest header line read (it holds the parameters).
MAX_HEADER_BYTES = 64 * 1024
#: The longest subtree line read (one is about 150 bytes).
MAX_LINE_BYTES = 1024
#: The file may hold this many bytes per subtree after the header (room for each subtree twice).
BYTES_PER_SUBTREE = 2 * MAX_LINE_BYTES
#: The keys of a subtree line.
LINE_KEYS = {"subtree", "solutions", "attempts", "seconds", "wall", "sha256"}


class CheckpointError(ValueError):
    """A checkpoint file that is corrupt or belongs to another count."""


def identity(
    puzzle: Puzzle, text: str | None, spec: Any, params: Mapping[str, Any], form: str | None = None
) -> dict[str, Any]:
    """What names a count in a checkpoint's header: the puzzle, the instance (and its format) and the parameters."""
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
        "instance_form": form if text is not None else None,
        "params": json.loads(json.dumps(dict(sorted(every.items())), default=repr)),
    }


def describe(identity: Mapping[str, Any]) -> str:
    """A count's identity in words, for messages."""
    params = identity.get("params", {})
    words = " ".join(f"{k}={v}" for k, v in params.items()) if isinstance(params, dict) else ""
    instance = str(identity.get("instance_sha256", ""))
    instance = instance if instance == "built from params" else f"instance {instance[:12]}"
    if identity.get("instance_form"):
        instance += f" as {identity['instance_form']}"
    return f"puzzle {identity.get('puzzle')!r} ({instance}{', ' + words if words else ''})"


def canonical(data: Mapping[str, Any]) -> bytes:
    """The canonical JSON of a line (sorted keys, no spaces), which its checksum covers."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode()


def header_digest(header: Mapping[str, Any]) -> str:
    """The checksum of a header: the SHA-256 of its canonical JSON without ``sha256``."""
    return hashlib.sha256(canonical({k: v for k, v in header.items() if k != "sha256"})).hexdigest()


def line_digest(header_sum: str, entry: Mapping[str, Any]) -> str:
    """The checksum of a subtree line: an HMAC-SHA-256 of its canonical JSON, keyed with its header's checksum."""
    body = canonical({k: v for k, v in entry.items() if k != "sha256"})
    return hmac.new(header_sum.encode(), body, hashlib.sha256).hexdigest()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a checkpoint holds")


def parse_line(path: Path, number: int, raw: bytes) -> Any:
    """One line's JSON; :class:`CheckpointError` naming the file and line for text that is not."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except RecursionError:
        raise CheckpointError(
            f"{path}:{number}: JSON nested too deeply (a checkpoint line is a flat object); "
            "delete the file and count again"
        ) from None
    except (UnicodeDecodeError, ValueError):  # JSONDecodeError is a ValueError
        return None


def lines_of(handle: BinaryIO, path: Path, first: int) -> Iterator[tuple[int, int, bytes]]:
    """The lines after the header: (number, offset, bytes with the newline), each at most :data:`MAX_LINE_BYTES`."""
    number = first
    while True:
        offset = handle.tell()
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise CheckpointError(
                f"{path}:{number}: line longer than {MAX_LINE_BYTES} bytes (a subtree line is about 150); "
                "delete the file and count again"
            )
        yield number, offset, raw
        number += 1


class Checkpoint:
    """An append-only file of finished subtrees: a header line, then one JSON line per subtree."""

    def __init__(self, path: Path, header: dict[str, Any], done: dict[int, tuple[int, int, float]], wall: float = 0.0):
        self.path = path
        self.header = header
        self.done = done
        #: The count's wall-clock seconds over the earlier runs (up to the last subtree each recorded).
        self.wall = wall
        self._file: Any = None

    @staticmethod
    def read_header(path: Path) -> dict[str, Any] | None:
        """The checked header of an existing checkpoint; None for a missing or empty (blank) file.

        Only the first line is read.
        """
        try:
            with open(path, "rb") as handle:
                raw = handle.readline(MAX_HEADER_BYTES + 1)
                if not raw.strip():
                    # An empty file (a kill before the header was written) is a new checkpoint;
                    # anything more after a blank first line is not a checkpoint at all.
                    rest = handle.read(MAX_HEADER_BYTES)
                    if not rest.strip():
                        return None
                    raise CheckpointError(
                        f"{path}:1: not a backtrack checkpoint (no header); delete it or choose another file"
                    )
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise CheckpointError(f"cannot use {path} as a checkpoint: it is a directory") from None
        except OSError as error:
            raise CheckpointError(f"cannot read the checkpoint {path}: {error.strerror}") from None
        if len(raw) > MAX_HEADER_BYTES and not raw.endswith(b"\n"):
            raise CheckpointError(
                f"{path}:1: not a backtrack checkpoint (a first line longer than {MAX_HEADER_BYTES} bytes); "
                "delete it or choose another file"
            )
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            raise CheckpointError(
                f"{path} is not a backtrack checkpoint (not text); delete it or choose another file"
            ) from None
        header = parse_line(path, 1, raw)
        if not isinstance(header, dict) or "backtrack_checkpoint" not in header:
            raise CheckpointError(
                f"{path}:1: not a backtrack checkpoint (corrupt header); delete it or choose another file"
            )
        if header["backtrack_checkpoint"] == 1:
            raise CheckpointError(
                f"{path} was written by an older backtrack, without checksums, and cannot be checked: "
                "delete the file and count again"
            )
        if header["backtrack_checkpoint"] != CHECKPOINT_FORMAT:
            raise CheckpointError(
                f"{path}:1: not a checkpoint this backtrack reads (format {header['backtrack_checkpoint']!r}, "
                f"expected {CHECKPOINT_FORMAT}); delete it or choose another file"
            )
        if header.get("sha256") != header_digest(header):
            raise CheckpointError(
                f"{path}:1: the header's checksum does not match (the file was changed or is damaged); "
                "delete the file and count again"
            )
        depth, subtrees, digest = header.get("depth"), header.get("subtrees"), header.get("prefixes_sha256")
        if not (
            type(depth) is int
            and 0 <= depth <= MAX_SPLIT_DEPTH
            and type(subtrees) is int
            and subtrees >= 0
            and isinstance(digest, str)
        ):
            raise CheckpointError(
                f"{path}:1: corrupt header (expected a depth from 0 to {MAX_SPLIT_DEPTH}, a number of subtrees "
                "and the prefixes' hash); delete the file and count again"
            )
        return header

    @classmethod
    def open(cls, path: str | os.PathLike, identity: dict[str, Any], split: Split) -> "Checkpoint":
        """Open ``path`` for ``split``: resume from it, or start it; refuse a mismatch."""
        path = Path(path)
        header = cls.read_header(path)
        wanted: dict[str, Any] = {
            "backtrack_checkpoint": CHECKPOINT_FORMAT,
            **identity,
            "depth": split.depth,
            "subtrees": len(split.prefixes),
            "prefixes_sha256": split.digest(),
        }
        wanted["sha256"] = header_digest(wanted)
        if header is None:
            try:
                # Written whole and then renamed: a kill leaves either no header or all of it.
                partial = path.with_name(path.name + ".new")
                with open(partial, "w", encoding="utf-8") as handle:
                    handle.write(json.dumps(wanted) + "\n")
                os.replace(partial, path)
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
        return cls._resume(path, wanted)

    @classmethod
    def _resume(cls, path: Path, header: dict[str, Any]) -> "Checkpoint":
        """Read the subtree lines of a checkpoint whose header matched ``header``."""
        subtrees = header["subtrees"]
        limit = MAX_HEADER_BYTES + BYTES_PER_SUBTREE * subtrees
        done: dict[int, tuple[int, int, float]] = {}
        wall = 0.0
        cut: int | None = None  # where a last line cut short by a kill begins
        ends_open = False  # the last line is whole but lacks its newline
        try:
            with open(path, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                if size > limit:
                    raise CheckpointError(
                        f"{path} is {size:,} bytes, more than a checkpoint of {subtrees} subtrees can be "
                        f"(at most {limit:,}); delete the file and count again"
                    )
                handle.readline(MAX_HEADER_BYTES + 1)
                for number, offset, raw in lines_of(handle, path, 2):
                    if not raw.strip():
                        continue
                    last = not raw.endswith(b"\n")
                    entry = parse_line(path, number, raw)
                    problem = cls._check_line(entry, header)
                    if problem:
                        if last and not problem.startswith("its checksum"):
                            cut = offset  # killed while writing it: that subtree is counted again
                            continue
                        raise CheckpointError(
                            f"{path}:{number}: {problem}; delete the file and count again"
                        )
                    assert isinstance(entry, dict)
                    index, solutions, attempts = entry["subtree"], entry["solutions"], entry["attempts"]
                    if index in done and done[index][:2] != (solutions, attempts):
                        raise CheckpointError(
                            f"{path}:{number}: subtree {index} is recorded twice with different counts; "
                            "delete the file and count again"
                        )
                    done[index] = (solutions, attempts, float(entry["seconds"]))
                    wall = max(wall, float(entry["wall"]))
                    ends_open = last
        except OSError as error:
            raise CheckpointError(f"cannot read the checkpoint {path}: {error.strerror}") from None
        try:
            if cut is not None:
                os.truncate(path, cut)  # new lines are appended cleanly after the whole ones
            elif ends_open:
                with open(path, "a", encoding="utf-8") as handle:
                    handle.write("\n")
        except OSError as error:
            raise CheckpointError(f"cannot write the checkpoint {path}: {error.strerror}") from None
        return cls(path, header, done, wall)

    @staticmethod
    def _check_line(entry: Any, header: Mapping[str, Any]) -> str:
        """What is wrong with a subtree line (empty when nothing is)."""
        if not isinstance(entry, dict) or set(entry) != LINE_KEYS:
            return f"corrupt checkpoint line (expected a JSON object of {', '.join(sorted(LINE_KEYS))})"
        counts = (entry["subtree"], entry["solutions"], entry["attempts"])
        times = (entry["seconds"], entry["wall"])
        if not (
            all(type(value) is int and value >= 0 for value in counts)
            and all(type(value) in (int, float) and math.isfinite(value) and value >= 0 for value in times)
            and isinstance(entry["sha256"], str)
        ):
            return "corrupt checkpoint line (expected counts that are whole numbers and times in seconds)"
        if entry["subtree"] >= header["subtrees"]:
            return f"corrupt checkpoint line (subtree {entry['subtree']}, but the split has {header['subtrees']})"
        given = entry["sha256"]  # compare_digest raises on characters beyond ASCII, which no digest holds
        if not (given.isascii() and hmac.compare_digest(given, line_digest(header["sha256"], entry))):
            return "its checksum does not match (the line was changed, damaged, or comes from another count)"
        return ""

    @staticmethod
    def check_identity(path: Path, header: Mapping[str, Any], identity: Mapping[str, Any]) -> None:
        """Refuse a checkpoint made for another puzzle, instance or parameters."""
        mine = {key: header.get(key) for key in identity}
        if mine != dict(identity):
            raise CheckpointError(
                f"{path} is the checkpoint of another count: {describe(mine)}, "
                f"not {describe(identity)}; delete it or choose another file"
            )

    def add(self, index: int, solutions: int, attempts: int, seconds: float, wall: float | None = None) -> None:
        """Record a finished subtree (appended and flushed at once); ``wall``: the count's seconds over every run."""
        if self._file is None:
            self._file = open(self.path, "a", encoding="utf-8")
        entry: dict[str, Any] = {
            "subtree": index,
            "solutions": solutions,
            "attempts": attempts,
            "seconds": round(seconds, 6),
            "wall": round(self.wall if wall is None else wall, 6),
        }
        entry["sha256"] = line_digest(self.header["sha256"], entry)
        self._file.write(json.dumps(entry) + "\n")
        self._file.flush()
        self.done[index] = (solutions, attempts, seconds)

    def close(self) -> None:
        """Close the file (a later :meth:`add` opens it again)."""
        if self._file is not None:
            self._file.close()
            self._file = None
