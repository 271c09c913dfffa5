"""``downwedig explain``: who wins a day, and why, as text or JSON."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from ._common import read_input, source_name, use_color, width_type

__all__ = ["day_of", "register", "run", "steps_range", "steps_type"]

_RANGE = re.compile(r"\s*(\d+)\s*(?:(?:\.\.|-)\s*(\d+))?\s*")


def steps_type(text: str) -> tuple[int, int]:
    """argparse type for ``--steps A..B`` (or a single step ``A``)."""
    match = _RANGE.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(f"expected A..B (two step numbers), got {text!r}")
    first = int(match[1])
    last = int(match[2]) if match[2] else first
    if not 1 <= first <= last:
        raise argparse.ArgumentTypeError(f"expected 1 <= A <= B, got {text!r}")
    return first, last


def day_of(args: argparse.Namespace, n: int) -> int:
    """The day asked for (default the last), or a usage error when it does not exist."""
    day: int | None = args.day
    if day is None:
        return n
    if not 1 <= day <= n:
        args.parser.error(f"--day {day} is not in 1..{n} (the staircase has {n} steps)")
    return day


def steps_range(args: argparse.Namespace, day: int) -> tuple[int, int] | None:
    """The ``--steps`` range, checked against the day's steps."""
    steps: tuple[int, int] | None = args.steps
    if steps is not None and steps[1] > day:
        args.parser.error(f"--steps {steps[0]}..{steps[1]} goes past step {day}, the last step of day {day}")
    return steps


def add_common(parser: argparse.ArgumentParser, *, steps: bool = True) -> None:
    """The options ``explain``, ``render`` and ``play`` share."""
    parser.add_argument("file", metavar="FILE", help="input in the judge's format; '-' for stdin")
    parser.add_argument("--day", type=int, metavar="K", help="the day to look at, 1..n (default n)")
    if steps:
        parser.add_argument("--steps", type=steps_type, metavar="A..B", help="show the steps A to B")
    parser.add_argument("--width", type=width_type, default=8, metavar="W", help="pieces per step (1-16, default 8)")


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "explain",
        help="explain who wins a day and why (statuses, moves, remoteness, a line of play)",
        description=(
            "Solve the game of one day and explain it: each step's status for the player to move, "
            "its legal moves and remoteness, Dina's winning moves from step 1 (or why there is none) "
            "and one optimal line of play. Long staircases show the steps along the line of play "
            "and summarise the rest; --steps shows a range. JSON lists every step unless --steps is given."
        ),
    )
    add_common(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    parser.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the text (default auto)"
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    from ..explain import analyse, render_text, to_json
    from ..reader import parse

    staircase = parse(read_input(args.file, args.parser), width=args.width, source=source_name(args.file))
    day = day_of(args, len(staircase))
    steps = steps_range(args, day)
    analysis = analyse(staircase, day)
    if args.format == "json":
        json.dump(to_json(analysis, steps), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(analysis, steps, color=use_color(args.color)) + "\n")
    sys.stdout.flush()
    return 0
