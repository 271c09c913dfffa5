"""``downwedig explain``: who wins a day, and why, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from ._common import add_day_options, day_of, read_input, source_name, steps_range, use_color

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve the game of one day and explain it: each step's status for the player to move, "
        "its legal moves and remoteness, Dina's winning moves from step 1 (or why there is none) "
        "and one optimal line of play. Long staircases show the steps along the line of play "
        "and summarise the rest; --steps shows a range. JSON lists every step unless --steps is given."
    )
    add_day_options(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")
    parser.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the text (default auto)"
    )


def run(args: argparse.Namespace) -> int:
    from ..explain import analyse
    from ..reader import parse
    from ..render.json import to_json
    from ..render.text import render_text

    staircase = parse(read_input(args.file), width=args.width, source=source_name(args.file))
    day = day_of(args.day, len(staircase))
    steps = steps_range(args.steps, day)
    analysis = analyse(staircase, day)
    if args.format == "json":
        json.dump(to_json(analysis, steps), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(analysis, steps, color=use_color(args.color)) + "\n")
    sys.stdout.flush()
    return 0
