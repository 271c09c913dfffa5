"""``downwedig render``: a picture of a day (SVG), or a page to browse every day (HTML)."""

from __future__ import annotations

import argparse

from ._common import UsageError, add_day_options, day_of, read_staircase, source_name, steps_range, write_output

#: The most steps ``--steps`` draws at once: an SVG's steps are all in memory before it is written (about 21 kB
#: each: 2,000 steps take some 65 MB in all, 300,000 would take 4 GB), and the page draws its window whole at
#: every change.  A longer range is a usage error; the page pages through any staircase.
MOST_STEPS = 2000

__all__ = ["configure", "run"]

#: The picture formats and the file name endings that choose them.
FORMATS = {".svg": "svg", ".html": "html", ".htm": "html"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw the staircase of one day: each step's pieces, its status and remoteness, the handkerchief "
        "beside step 1, the moves from step 1 as arrows (distance/common), on a lost day Dima's answers, "
        "and the line of play in orange, each move numbered with its player. "
        "A PICTURE ending in .svg gets that picture; one ending in .html gets a self-contained page to "
        "browse every day, page through its steps, step through its solution and play it against the computer; "
        "it asks the learner to predict who wins a day before it tells (--answers opens it with every answer "
        "shown, for a coach; so does the address's #answers). --steps A..B draws "
        f"those steps (the page opens on them, that many at a time), at most {MOST_STEPS:,} at once: about 21 kB "
        "of memory each, some 65 MB in all (a longer range is a usage error). "
        "'-' writes to standard output (SVG unless --format html). "
        "Any other ending needs --format (else it is a usage error, and nothing is written). A FIFO, a device or "
        "/dev/stdout is written through; a file is replaced whole."
    )
    add_day_options(parser)
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="PICTURE",
        help="the file to write, .svg or .html ('-': standard output)",
    )
    parser.add_argument(
        "--format", choices=("svg", "html"), help="the picture's format (default: from PICTURE's ending; svg for '-')"
    )
    parser.add_argument(
        "--answers", action="store_true", help="the page opens with every answer shown (for a coach; html only)"
    )


def _format(output: str, chosen: str | None) -> str:
    if output == "-":
        return chosen or "svg"
    ending = "." + output.rsplit(".", 1)[-1].lower() if "." in output.rsplit("/", 1)[-1] else ""
    implied = FORMATS.get(ending)
    if implied is None:
        if chosen is not None:
            return chosen  # (a name of no known ending: --format says)
        raise UsageError(f"cannot tell the format of {source_name(output)!r}: name it .svg or .html, or give --format")
    if chosen is not None and chosen != implied:
        raise UsageError(f"--format {chosen} does not match the name {source_name(output)!r}")
    return implied


def run(args: argparse.Namespace) -> int:

    kind = _format(args.output, args.format)
    staircase = read_staircase(args.file, args.width)
    day = day_of(args.day, len(staircase))
    steps = steps_range(args.steps, day)
    if steps is not None and steps[1] - steps[0] + 1 > MOST_STEPS:
        count = steps[1] - steps[0] + 1
        raise UsageError(
            f"--steps {steps[0]}..{steps[1]} is {count:,} steps: render draws at most {MOST_STEPS:,} at once "
            f"(about 21 kB of memory each); draw a range of at most {MOST_STEPS:,} steps"
        )
    if args.answers and kind != "html":
        raise UsageError("--answers is for the page (.html): a picture of one day always shows its answer")
    if kind == "html":
        from ..render.page import render_html

        text = render_html(staircase, day, steps=steps, answers=args.answers)
    else:
        from ..explain import analyse
        from ..render.svg import render_svg

        text = render_svg(analyse(staircase, day), steps=steps)
    write_output(args.output, text.encode("utf-8"))
    return 0
