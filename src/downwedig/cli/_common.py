"""What the subcommands share: the parser class, the two kinds of failure, inputs, options, colour."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from typing import IO, BinaryIO, NoReturn, TextIO

from ..errors import InvalidStaircase

__all__ = [
    "CommandError",
    "Parser",
    "UsageError",
    "add_day_options",
    "day_of",
    "diagnostic",
    "error",
    "int_range",
    "open_input",
    "printable",
    "read_input",
    "source_name",
    "steps_range",
    "use_color",
    "width_type",
    "write_all",
    "write_output",
]


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors exit with ``usage_status`` (2, as argparse; 3 for ``check``)."""

    def __init__(self, *args: object, usage_status: int = 2, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.usage_status = usage_status

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(self.usage_status, f"{self.prog}: error: {message}\n")


class UsageError(Exception):
    """The command line asks for something impossible (a day the staircase lacks, a missing file...).

    :func:`downwedig.cli.main` reports it like argparse reports a bad option:
    the command's usage, the message, and its usage status (2; 3 for ``check``).
    """


class CommandError(Exception):
    """A failure the command reports in one line with exit status 1 (a file it cannot write...)."""


def error(message: str, status: int = 1) -> int:
    """Print ``downwedig: error: MESSAGE`` on stderr and return ``status``."""
    sys.stderr.write(f"downwedig: error: {message}\n")
    return status


def diagnostic(exc: InvalidStaircase) -> str:
    """Bad input as compilers report it, ``FILE:LINE:COLUMN: error: reason``, which editors jump to.

    Vim's quickfix, Emacs' compilation mode and VS Code's ``$gcc`` problem
    matcher all read this form.
    """
    return f"{exc.source}:{exc.line}:{exc.column}: error: {exc.reason}"


def printable(text: str) -> str:
    """``text`` with control characters and undecodable bytes escaped, so that a message stays one safe line.

    A newline in a file name would split the message; an escape sequence would
    reach the terminal.  Other characters, accented letters included, stay.
    """
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF:
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


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


def read_input(path: str) -> bytes:
    """All the bytes of ``path`` (``-`` is standard input); a :class:`UsageError` if it can't be read."""
    stream = open_input(path)
    try:
        return stream.read()
    except OSError as exc:
        raise UsageError(f"cannot read {source_name(path)!r}: {exc.strerror or exc}") from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def write_output(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` whole, or to standard output for ``-``.

    The file is written beside its target under a temporary name and then
    renamed over it: a failure leaves no half-written file, and a symbolic
    link at ``path`` is replaced, not followed.  A failure is a
    :class:`CommandError`.
    """
    if path == "-":
        write_all(sys.stdout.buffer, data)
        sys.stdout.buffer.flush()
        return
    folder = os.path.dirname(path) or "."
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".downwedig-", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise CommandError(f"cannot write {source_name(path)!r}: {exc.strerror or exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def int_range(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (no upper bound when None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be between {low} and {high}, got {value}")
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def width_type(text: str) -> int:
    """argparse type for ``--width``: an integer from 1 to :data:`~downwedig.staircase.MAX_WIDTH`."""
    from ..staircase import MAX_WIDTH

    return int_range(1, MAX_WIDTH)(text)


def steps_type(text: str) -> tuple[int, int]:
    """argparse type for ``--steps A..B`` (or a single step ``A``; ``A-B`` also works)."""
    first, dots, last = text.strip().replace("-", "..", 1).partition("..")
    try:
        low = int(first)
        high = int(last) if dots else low
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected A..B (two step numbers), got {text!r}") from None
    if not 1 <= low <= high:
        raise argparse.ArgumentTypeError(f"expected 1 <= A <= B, got {text!r}")
    return low, high


def add_day_options(parser: argparse.ArgumentParser, *, steps: bool = True) -> None:
    """The options ``explain``, ``render`` and ``play`` share: FILE, ``--day``, ``--steps``, ``--width``."""
    parser.add_argument("file", metavar="FILE", help="input in the judge's format; '-' for stdin")
    parser.add_argument("--day", type=int, metavar="K", help="the day to look at, 1..n (default n)")
    if steps:
        parser.add_argument("--steps", type=steps_type, metavar="A..B", help="show the steps A to B")
    parser.add_argument("--width", type=width_type, default=8, metavar="W", help="pieces per step (1-16, default 8)")


def day_of(day: int | None, n: int) -> int:
    """The day asked for (default the last), or a :class:`UsageError` when the staircase lacks it."""
    if day is None:
        return n
    if not 1 <= day <= n:
        raise UsageError(f"--day {day} is not in 1..{n} (the staircase has {n} steps)")
    return day


def steps_range(steps: tuple[int, int] | None, day: int) -> tuple[int, int] | None:
    """The ``--steps`` range, checked against the day's steps (a :class:`UsageError` past them)."""
    if steps is not None and steps[1] > day:
        raise UsageError(f"--steps {steps[0]}..{steps[1]} goes past step {day}, the last step of day {day}")
    return steps


def use_color(choice: str, stream: IO[str] | TextIO = sys.stdout) -> bool:
    """Whether to colour output: ``always``, ``never``, or ``auto`` (a terminal and no ``NO_COLOR``)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty()
