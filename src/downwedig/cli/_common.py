"""What the subcommands share: opening inputs, reporting errors, choosing colour."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import IO, BinaryIO, TextIO

__all__ = [
    "CommandError",
    "error",
    "int_range",
    "open_input",
    "read_input",
    "source_name",
    "use_color",
    "width_type",
    "write_all",
]


class CommandError(Exception):
    """A failure the command reports in one line, with its exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def error(message: str, status: int = 1) -> int:
    """Print ``downwedig: error: MESSAGE`` on stderr and return ``status``."""
    sys.stderr.write(f"downwedig: error: {message}\n")
    return status


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
    """The name of an input in messages: the file name, or ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def open_input(path: str, parser: argparse.ArgumentParser) -> BinaryIO:
    """Open ``path`` for reading bytes (``-`` is standard input); a usage error if it can't be."""
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        parser.error(f"cannot open {path!r}: {exc.strerror or exc}")


def read_input(path: str, parser: argparse.ArgumentParser) -> bytes:
    """All the bytes of ``path`` (``-`` is standard input)."""
    stream = open_input(path, parser)
    try:
        return stream.read()
    except OSError as exc:
        parser.error(f"cannot read {path!r}: {exc.strerror or exc}")
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


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
    """argparse type for ``--width``: an integer from 1 to 16."""
    from ..staircase import MAX_WIDTH

    return int_range(1, MAX_WIDTH)(text)


def use_color(choice: str, stream: IO[str] | TextIO = sys.stdout) -> bool:
    """Whether to colour output: ``always``, ``never``, or ``auto`` (a terminal and no ``NO_COLOR``)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty()
