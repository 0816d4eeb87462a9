"""Writing a user's files safely: only the file named, never half of one.

Every file a command writes (a picture, a page, a checkpoint's rewrite, a stored
benchmark) goes through :func:`write_atomic`: the text is written to a temporary
file in the same folder and renamed over the target, so an interrupted write
leaves the old file (or none), never a half-written one, and no other file is
touched.  :func:`output_target` checks an ``-o`` argument before a search starts,
so a path that cannot be written is refused at once with a clear message.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["OutputError", "AtomicFile", "write_atomic", "output_target", "STANDARD_OUTPUT"]

#: ``-o -``: write to standard output.
STANDARD_OUTPUT = "-"


class OutputError(Exception):
    """A file that cannot be written; the message names it and says why (``cannot write PATH: reason``)."""


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def output_target(path: str, default_name: str = "") -> str:
    """The file ``-o path`` writes, checked before anything is searched.

    ``-`` is standard output.  A path naming a folder (an existing one, or one
    written with a trailing ``/``) writes ``default_name`` inside it, or is
    refused when there is no default name.  The folder must exist and be
    writable.  :class:`OutputError` otherwise.
    """
    if path == STANDARD_OUTPUT:
        return path
    if not path:
        raise OutputError("cannot write '': -o needs a file name")
    if path.endswith(("/", os.sep)) or os.path.isdir(path):
        if not os.path.isdir(path):
            raise OutputError(f"cannot write {path}: no such folder")
        if not default_name:
            raise OutputError(f"cannot write {path}: it is a folder; give a file name")
        path = os.path.join(path, default_name)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        if os.path.exists(folder):
            raise OutputError(f"cannot write {path}: {folder} is not a folder")
        raise OutputError(f"cannot write {path}: no such folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {path}: the folder {folder} is not writable")
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    return path


class AtomicFile:
    """A file written piece by piece to a temporary file beside ``path``, renamed over it by :meth:`commit`.

    Until :meth:`commit` the target is untouched; :meth:`discard` removes the
    temporary file.  :class:`OutputError` when it cannot be written.
    """

    def __init__(self, path: str | os.PathLike):
        import tempfile  # here: most commands write no file, and tempfile costs their start-up

        self.path = Path(path)
        try:
            handle, self.temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.",
                                                      suffix=".part")
        except OSError as error:
            raise OutputError(f"cannot write {os.fspath(path)}: {_reason(error)}") from None
        self._file = os.fdopen(handle, "w", encoding="utf-8")

    def write(self, text: str) -> None:
        """Append ``text``."""
        try:
            self._file.write(text)
        except OSError as error:
            self.discard()
            raise OutputError(f"cannot write {os.fspath(self.path)}: {_reason(error)}") from None

    def commit(self) -> None:
        """Close the temporary file and rename it over the target (which keeps its permissions)."""
        try:
            self._file.close()
            if self.path.exists():
                os.chmod(self.temporary, self.path.stat().st_mode & 0o7777)
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(self.temporary, 0o666 & ~umask)
            os.replace(self.temporary, self.path)
        except OSError as error:
            self.discard()
            raise OutputError(f"cannot write {os.fspath(self.path)}: {_reason(error)}") from None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Forget what was written: the target stays as it was."""
        try:
            self._file.close()
        except OSError:
            pass
        _remove(self.temporary)


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file in the same folder renamed over it.

    :class:`OutputError` (``cannot write PATH: reason``) when it cannot be written;
    the temporary file is removed then, and on any interruption.
    """
    file = AtomicFile(path)
    try:
        file.write(text)
    except BaseException:
        file.discard()
        raise
    file.commit()


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
