"""Standard streams that are closed, full or broken: a one-line error as ``cat`` gives, never a traceback.

:func:`guard_streams` stands in for a standard input or output that was
closed when the command started (``<&-``, ``>&-``: Python then has none): a
read or write of it fails as the closed descriptor would (``EBADF``).
:func:`stream_error` words any failure to read or write, as ``cat`` does
(``write error: No space left on device``, ``-: Bad file descriptor``), and
:func:`silence_stdout` makes sure nothing more is tried at exit.  O(1) each.

>>> stream_error(OSError(28, "No space left on device"))
'write error: No space left on device'
"""

from __future__ import annotations

import errno
import io
import os
import sys

__all__ = ["guard_streams", "silence_stdout", "stream_error"]


class _Closed(io.RawIOBase):
    """A standard stream closed before the command started: every read or write fails with ``EBADF``."""

    def __init__(self, name: str, writing: bool) -> None:
        super().__init__()
        self.name = name
        self.writing = writing

    def readable(self) -> bool:
        return not self.writing

    def writable(self) -> bool:
        return self.writing

    def readinto(self, buffer: object) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor", self.name)

    def write(self, data: object) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor")


def guard_streams() -> None:
    """Stand in for a standard input or output closed at start (see the module docstring)."""
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_Closed("-", writing=False)))
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_Closed("<stdout>", writing=True)))


def stream_error(exc: OSError) -> str:
    """An input or output failure in words, as ``cat`` says it: ``-: Bad file descriptor`` for a read (with
    the file's name), ``write error: REASON`` otherwise."""
    reason = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{exc.filename}: {reason}"
    return f"write error: {reason}"


def silence_stdout() -> None:
    """Point standard output at ``/dev/null``, so that Python's flush at exit tries nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
    except OSError:
        pass
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (kept open until exit)
