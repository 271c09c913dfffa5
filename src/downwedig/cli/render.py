"""``downwedig render``: a picture of a day (SVG), or a page to browse every day (HTML)."""

from __future__ import annotations

import argparse
from typing import Any

from ._common import CommandError, read_input, source_name
from .explain import add_common, day_of, steps_range


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "render",
        help="draw a day as SVG, or write an HTML page to browse the days",
        description=(
            "Draw the staircase of one day: each step's pieces, its status and remoteness, the handkerchief "
            "on step 1, the moves from step 1 as arrows (distance/common) and the optimal line in orange. "
            "PICTURE ending in .html gets a self-contained page with a day slider and the answer strip "
            "(--steps does not apply to it); anything else gets SVG."
        ),
    )
    add_common(parser)
    parser.add_argument("-o", "--output", required=True, metavar="PICTURE", help="output file, .svg or .html")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    from ..reader import parse

    staircase = parse(read_input(args.file, args.parser), width=args.width, source=source_name(args.file))
    day = day_of(args, len(staircase))
    steps = steps_range(args, day)
    if args.output.lower().endswith((".html", ".htm")):
        from ..render import render_html

        text = render_html(staircase, day)
    else:
        from ..explain import analyse
        from ..render import render_svg

        text = render_svg(analyse(staircase, day), steps)
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    return 0
