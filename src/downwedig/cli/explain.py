"""``downwedig explain``: who wins a day, and why, as text or JSON."""

from __future__ import annotations

import argparse
import sys

from ._common import add_day_options, day_of, read_staircase, steps_range, use_color

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve the game of one day and explain it: each step's status for the player to move, "
        "its legal moves and remoteness, Dina's winning moves from step 1 (or why there is none) "
        "and one optimal line of play. Long staircases show the steps along the line of play "
        "and summarise the rest; --steps shows a range, any range: the output is written as it is made, so "
        "the memory does not grow with it (about 22 MB for a day of 300,000 steps, whatever the range). JSON lists "
        "every step "
        "unless --steps is given."
    )
    add_day_options(parser)
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text to read, or json for a program (default text)"
    )
    parser.add_argument("--json", dest="format", action="store_const", const="json", help="the same as --format json")
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text (default auto: on a terminal, unless NO_COLOR is set)",
    )


def run(args: argparse.Namespace) -> int:
    from ..explain import analyse
    from ..render.json import json_chunks
    from ..render.text import text_lines

    staircase = read_staircase(args.file, args.width)
    day = day_of(args.day, len(staircase))
    steps = steps_range(args.steps, day)
    analysis = analyse(staircase, day)
    # Written as made: every step of a 300,000-step day is some 70 MB of JSON.
    out = sys.stdout
    if args.format == "json":
        for chunk in json_chunks(analysis, steps):
            out.write(chunk)
        out.write("\n")
    else:
        for line in text_lines(analysis, steps, color=use_color(args.color)):
            out.write(line + "\n")
    out.flush()
    return 0
