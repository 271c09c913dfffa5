"""What the subcommands share: the parser class and the options and checks of several commands.

The failures and input/output helpers live in :mod:`downwedig.cli._base` (no
argparse there) and are re-exported here for the commands.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, NoReturn, TextIO

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from ._base import (
    CommandError,
    UsageError,
    diagnostic,
    error,
    open_input,
    printable,
    read_input,
    read_input_staircase,
    read_staircase,
    source_name,
    write_all,
    write_output,
)

__all__ = [
    "CommandError",
    "Parser",
    "UsageError",
    "add_day_options",
    "add_limit_options",
    "day_of",
    "diagnostic",
    "ending_runs",
    "error",
    "int_range",
    "isolation_words",
    "open_input",
    "printable",
    "read_input",
    "read_input_staircase",
    "read_staircase",
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

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if file is None or file is not sys.stdout:
            super()._print_message(message, file)  # (argparse's: a failed write to stderr is let go)
        elif message:  # --help: a full or closed standard output is the one-line error, exit 1, not 0
            print(message, end="", flush=True)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(self.usage_status, f"{self.prog}: error: {printable(message)}\n")


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


def seconds_range(high: float | None = None) -> Callable[[str], float]:
    """An argparse type: a number of seconds, more than 0 and at most ``high`` (no upper bound when None)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if high is not None and not 0 < value <= high:
            raise argparse.ArgumentTypeError(f"must be more than 0 and at most {high:g} seconds, got {text}")
        if not value > 0:  # (NaN too)
            raise argparse.ArgumentTypeError(f"must be positive, got {text}")
        return value

    return parse


def add_limit_options(parser: argparse.ArgumentParser, *time_aliases: str, package: bool = False) -> None:
    """The options ``test`` and ``stress`` share: ``--time-limit`` (or its aliases), ``--memory-limit`` and
    ``--stack-limit``.

    Both default to the judge's limits (:data:`~downwedig.staircase.TIME_LIMIT_S`,
    :data:`~downwedig.staircase.MEMORY_LIMIT_MIB`); with ``package``, to None (the package's limits, which
    the command reads, else the judge's).
    """
    from ..staircase import MEMORY_LIMIT_MIB, TIME_LIMIT_S

    whose = "the package's, else " if package else ""
    parser.add_argument(
        "--time-limit",
        *time_aliases,
        type=seconds_range(3600),
        default=None if package else float(TIME_LIMIT_S),
        metavar="S",
        help=f"CPU seconds per run ({whose}{TIME_LIMIT_S}, the judge's); killed at 1.5 times it plus a second of "
        "wall clock",
    )
    parser.add_argument(
        "--memory-limit",
        type=int_range(16, 1 << 20),
        default=None if package else MEMORY_LIMIT_MIB,
        metavar="MiB",
        help=f"memory per run ({whose}{MEMORY_LIMIT_MIB}, the judge's)",
    )
    parser.add_argument(
        "--stack-limit",
        type=int_range(1, 1 << 20),
        default=None,
        metavar="MiB",
        help="stack per run (default: the memory limit, as Kattis and Codeforces give; 8 shows an 8 MiB crash)",
    )


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


def isolation_words(mode: str, missing: list[str]) -> str:
    """The isolation as the reports of ``test`` and ``stress`` say it: its name, and the guarantees not given
    here (on the same line).

    >>> isolation_words("process-group", ["no sandbox"])
    'process-group (not given here: no sandbox)'
    """
    return printable(mode + (f" (not given here: {'; '.join(missing)})" if missing else ""))


def ending_runs(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """``command(args)`` for a command that runs solutions: SIGTERM, SIGHUP and Ctrl-C at any moment end every
    run it started (and what it half-wrote goes), and the command exits 143, 129 or 130; runs are allowed again
    afterwards. O(1) beyond the command."""
    from ..contest.running.run import stop_all
    from ..interrupts import terminations

    try:
        with terminations(stop_all, interrupt=True):
            return command(args)
    finally:
        stop_all(False)
