"""What every command needs, and the quickest ones without argparse: failures, names, output.

This module imports nothing heavy (no argparse, no typing at run time), so
that ``downwedig --version`` and ``downwedig solve`` start as fast as the
interpreter allows; :mod:`downwedig.cli._common` builds on it with the
argparse helpers.
"""

from __future__ import annotations

import contextlib
import os
import sys

from ..errors import CommandError, InvalidText, UsageError, printable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from ..staircase import Staircase

__all__ = [
    "CommandError",
    "UsageError",
    "diagnostic",
    "error",
    "open_input",
    "printable",
    "read_input",
    "read_input_staircase",
    "read_staircase",
    "source_name",
    "write_all",
    "write_output",
]


def error(message: str, status: int = 1, command: str | None = None) -> int:
    """Print ``downwedig COMMAND: error: MESSAGE`` on stderr (one safe line: see :func:`printable`); return ``status``.

    Without a ``command`` the line is ``downwedig: error: MESSAGE``.  The same
    prefix as argparse's usage errors (the subcommand parser's ``prog``), so
    every failure of a command says which command it was.
    """
    prog = "downwedig" if command is None else f"downwedig {command}"
    sys.stderr.write(f"{prog}: error: {printable(message)}\n")
    return status


def diagnostic(exc: InvalidText) -> str:
    """Bad input (a staircase, a plan) as compilers report it, ``FILE:LINE:COLUMN: error: reason``.

    Editors jump to it: Vim's quickfix, Emacs' compilation mode and VS Code's
    ``$gcc`` problem matcher all read this form.
    """
    return printable(f"{exc.source}:{exc.line}:{exc.column}: error: {exc.reason}")


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write every byte of ``data``.

    ``BufferedWriter.write`` may write only part of a large block to a pipe whose
    reader went away and report the shorter count instead of failing; writing the
    rest makes the broken pipe show as ``BrokenPipeError`` rather than as silently
    truncated output.
    """
    view = memoryview(data)
    while view:
        view = view[stream.write(view) :]


def source_name(path: str) -> str:
    """The name of an input in messages: the file name (made :func:`printable`), or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else printable(path)


def open_input(path: str) -> BinaryIO:
    """Open ``path`` for reading bytes (``-`` is standard input); a :class:`UsageError` if it can't be."""
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise UsageError(f"cannot open {source_name(path)!r}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _reading(path: str) -> Iterator[BinaryIO]:
    """The open input ``path``, closed after (unless it is stdin); its read faults in the tool's words."""
    stream = open_input(path)
    try:
        yield stream
    except OSError as exc:
        if stream is sys.stdin.buffer:  # (a closed or broken standard input: cat's one line, exit 1)
            raise OSError(exc.errno, exc.strerror or str(exc), "-") from None
        raise UsageError(f"cannot read {source_name(path)!r}: {exc.strerror or exc}") from None
    except MemoryError:
        raise CommandError(f"cannot read {source_name(path)!r}: it does not fit in memory") from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def read_input(path: str, limit: int | None = None) -> bytes:
    """The bytes of ``path`` (``-`` is standard input): all, or the first ``limit`` + 1 when more are there.

    A :class:`UsageError` if it can't be read, a :class:`CommandError` if it
    does not fit in memory (``/dev/zero`` never ends).
    """
    with _reading(path) as stream:
        return stream.read() if limit is None else stream.read(limit + 1)


def read_input_staircase(path: str, width: int = 8) -> bytes:
    """The bytes of the staircase in ``path``, read as a staircase is read: a fault stops the reading there.

    What :func:`~downwedig.reader.parse` then says of the bytes is what it
    would say of the whole input (it stops at the same fault), but an endless
    input that is not a staircase (``/dev/zero``) is not read to its end.
    Cost: O(size read).

    >>> len(read_input_staircase("/dev/zero")) <= 1 << 20
    True
    """
    from ..errors import InvalidStaircase
    from ..reader import read_chunks

    taken: list[bytes] = []

    class Recorder:  # (the stream, keeping what is read from it)
        def __init__(self, stream: BinaryIO) -> None:
            self.stream = stream

        def read(self, size: int = -1) -> bytes:
            return self._keep(self.stream.read(size))

        def read1(self, size: int = -1) -> bytes:
            return self._keep(getattr(self.stream, "read1", self.stream.read)(size))

        def fileno(self) -> int:
            return self.stream.fileno()

        def _keep(self, data: bytes) -> bytes:
            taken.append(data)
            return data

    with _reading(path) as stream:
        try:
            for _ in read_chunks(Recorder(stream), width=width, source=source_name(path)):  # type: ignore[arg-type]
                pass
        except InvalidStaircase:
            pass  # (the caller's parse says so, from the bytes read)
    return b"".join(taken)


def read_staircase(path: str, width: int) -> Staircase:
    """The staircase in ``path`` (``-`` is standard input), read as it streams in: a fault stops the reading.

    The same reader as :func:`~downwedig.reader.parse` (the same errors), but
    nothing is kept but the packed steps, and an endless input that is not a
    staircase (``/dev/zero``) fails at its first byte instead of filling memory.
    Cost: O(size) time, O(steps) memory.

    >>> read_staircase("/dev/zero", 8)
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidStaircase: /dev/zero:1:1: the number of steps n must be a positive integer, got ...
    """
    from ..reader import read_chunks
    from ..staircase import Staircase

    with _reading(path) as stream:
        return Staircase(b"".join(read_chunks(stream, width=width, source=source_name(path))), width)


def write_output(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` whole, or to standard output for ``-``.

    A regular file at ``path`` (or a symbolic link to one, or nothing yet) is
    written beside it under a temporary name and renamed over it: a failure
    leaves no half-written file, and a link is replaced, not followed.
    Anything else is written through, in place, as a shell's ``>`` writes it: a
    FIFO, a terminal, a device (``/dev/null``), and ``/dev/stdout``,
    ``/dev/fd/N`` or ``/proc/self/fd/N``, which write to that descriptor.  No
    new file is made in ``/dev``, ``/proc`` or ``/sys``.  A failure is a
    :class:`CommandError`.
    """
    if path == "-":
        write_all(sys.stdout.buffer, data)
        sys.stdout.buffer.flush()
        return
    import stat

    try:
        descriptor = _descriptor_of(path)
        if descriptor is not None:
            sys.stdout.flush()
            with os.fdopen(os.dup(descriptor), "wb") as out:
                write_all(out, data)
            return
        try:
            kind = stat.S_IFMT(os.stat(path).st_mode)
        except FileNotFoundError:
            kind = None
        if kind == stat.S_IFDIR:
            raise CommandError(f"cannot write {source_name(path)!r}: it is a folder")
        if kind is not None and kind != stat.S_IFREG:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
            with os.fdopen(fd, "wb") as out:
                write_all(out, data)
            return
        if kind is None or os.path.islink(path):
            folder = os.path.realpath(os.path.dirname(path) or ".")
            if any(folder == top or folder.startswith(top + "/") for top in ("/dev", "/proc", "/sys")):
                raise CommandError(f"cannot write {source_name(path)!r}: {folder} holds devices, not files")
    except OSError as exc:
        raise CommandError(f"cannot write {source_name(path)!r}: {exc.strerror or exc}") from None
    _replace(path, data)


def _descriptor_of(path: str) -> int | None:
    """The open descriptor N that ``path`` names (``/dev/stdout``, ``/dev/fd/N``, ``/proc/self/fd/N``), if it does."""
    import re

    own = re.compile(rf"/(?:dev/fd|proc/(?:self|{os.getpid()})/fd)/(\d+)")
    names = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
    current = os.path.abspath(path)
    for _ in range(40):
        match = own.fullmatch(current)
        if match:
            return int(match[1])
        if current in names:
            return names[current]
        if not os.path.islink(current):
            return None
        current = os.path.normpath(os.path.join(os.path.dirname(current), os.readlink(current)))
    return None


def _replace(path: str, data: bytes) -> None:
    """Write ``path`` under a temporary name beside it and rename it over ``path``."""
    from ..files import whole_file

    try:
        with whole_file(path, replace=True, prefix=".downwedig-") as out:
            out.write(data)
    except OSError as exc:
        raise CommandError(f"cannot write {source_name(path)!r}: {exc.strerror or exc}") from None
