"""``downwedig render``: a picture of a day (SVG), or a page to browse every day (HTML)."""

from __future__ import annotations

import argparse

from ._common import CommandError, add_day_options, day_of, read_input, source_name, steps_range

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw the staircase of one day: each step's pieces, its status and remoteness, the handkerchief "
        "on step 1, the moves from step 1 as arrows (distance/common) and the optimal line in orange. "
        "PICTURE ending in .html gets a self-contained page with a day slider and the answer strip "
        "(--steps does not apply to it); anything else gets SVG."
    )
    add_day_options(parser)
    parser.add_argument("-o", "--output", required=True, metavar="PICTURE", help="output file, .svg or .html")


def run(args: argparse.Namespace) -> int:
    from ..reader import parse

    staircase = parse(read_input(args.file), width=args.width, source=source_name(args.file))
    day = day_of(args.day, len(staircase))
    steps = steps_range(args.steps, day)
    if args.output.lower().endswith((".html", ".htm")):
        from ..render.page import render_html

        text = render_html(staircase, day)
    else:
        from ..explain import analyse
        from ..render.svg import render_svg

        text = render_svg(analyse(staircase, day), steps=steps)
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    return 0
